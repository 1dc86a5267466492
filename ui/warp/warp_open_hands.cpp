#include "ui/warp/warp_open_hands.h"

#include <QPainter>

#include "ui/warp/domino_painter.h"

namespace concord::ui {


WarpOpenHands::WarpOpenHands(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("allHands"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void WarpOpenHands::setTable(const concord::warp::WarpGame& table) {
  table_.emplace(table);
  setAccessibleDescription(text());
  setFixedHeight(heightForWidth(width() > kLabel ? width() : 600));
  updateGeometry();
  update();
}

// Every hand whole (issue 31: long hands were cut to "…"): a hand wraps to as many lines as the width needs.
int WarpOpenHands::linesFor(size_t tiles, int width) {
  const int perLine = std::max(1, (width - kLabel) / (kTileW + 4));
  return std::max(1, (static_cast<int>(tiles) + perLine - 1) / perLine);
}

int WarpOpenHands::heightForWidth(int width) const {
  if (!table_) return 10;
  int lines = 0;
  for (Seat s = 0; s < table_->seats(); ++s) lines += linesFor(table_->seat(s).hand.size(), width);
  return kRow * lines + 6;
}

QSize WarpOpenHands::sizeHint() const { return {600, heightForWidth(width() > kLabel ? width() : 600)}; }

QString WarpOpenHands::text() const {
  QString all;
  if (!table_) return all;
  for (Seat s = 0; s < table_->seats(); ++s)
    all += QStringLiteral("Captain %1: %2\n").arg(s).arg(QString::fromStdString(concord::warp::tilesText(table_->seat(s).hand)));
  return all.trimmed();
}

void WarpOpenHands::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  setFixedHeight(heightForWidth(width()));
}

void WarpOpenHands::paintEvent(QPaintEvent*) {
  if (!table_) return;
  QPainter p(this);
  int y = 3;
  for (Seat s = 0; s < table_->seats(); ++s) {
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(6, y, kLabel, kRow), Qt::AlignVCenter, QStringLiteral("Captain %1").arg(s));
    int x = kLabel;
    for (auto t : table_->seat(s).hand) {
      if (x + kTileW > width() && x > kLabel) {
        x = kLabel;
        y += kRow;
      }
      paintDomino(p, QRectF(x, y + (kRow - kTileH) / 2.0, kTileW, kTileH), t.hi, t.lo);
      x += kTileW + 4;
    }
    y += kRow;
  }
}

}  // namespace concord::ui
