#include "ui/shell/flow_layout.h"

#include <QWidget>
#include <algorithm>

namespace concord::ui {

FlowLayout::FlowLayout(QWidget* parent, int spacing) : QLayout(parent), gap_(spacing) {}

FlowLayout::~FlowLayout() {
  while (QLayoutItem* item = takeAt(0)) delete item;
}

void FlowLayout::addItem(QLayoutItem* item) { items_.append(item); }

QLayoutItem* FlowLayout::takeAt(int index) { return index >= 0 && index < items_.size() ? items_.takeAt(index) : nullptr; }

// As narrow as the widest single item: everything else wraps.
QSize FlowLayout::minimumSize() const {
  QSize size;
  for (const auto* item : items_) size = size.expandedTo(item->minimumSize());
  const auto m = contentsMargins();
  return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect& rect) {
  QLayout::setGeometry(rect);
  place(rect, true);
}

int FlowLayout::place(const QRect& rect, bool apply) const {
  const auto m = contentsMargins();
  const QRect area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom());
  int x = area.x(), y = area.y(), rowHeight = 0;
  for (auto* item : items_) {
    if (item->widget() && item->widget()->isHidden()) continue;
    const QSize hint = item->sizeHint();
    // A line break item (a full-width prompt) takes a row of its own.
    const bool full = item->expandingDirections() & Qt::Horizontal;
    const int w = full ? area.width() : std::min(hint.width(), std::max(1, area.width()));
    if (x > area.x() && (full || x + w > area.right() + 1)) {
      x = area.x();
      y += rowHeight + gap_;
      rowHeight = 0;
    }
    if (apply) item->setGeometry(QRect(QPoint(x, y), QSize(w, hint.height())));
    x += w + gap_;
    rowHeight = std::max(rowHeight, hint.height());
    if (full) {
      x = area.right() + 1;  // the next item starts a new row
    }
  }
  return y + rowHeight - rect.y() + m.bottom();
}

}  // namespace concord::ui
