#include "ui/warp/warp_hand.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>

#include "ui/warp/domino_painter.h"

namespace concord::ui {

DominoButton::DominoButton(const HandTile& t, bool active, QWidget* parent)
    : QAbstractButton(parent), tile_(t), active_(active) {
  setObjectName(QStringLiteral("tile-%1-%2").arg(t.tile.hi).arg(t.tile.lo));
  setCursor(active && t.legal ? Qt::PointingHandCursor : Qt::ArrowCursor);
  const QString name = QString::fromStdString(t.tile.text());
  if (!active) setToolTip(name);
  else if (t.legal) setToolTip(name + QStringLiteral(": click to chart"));
  else setToolTip(name + QStringLiteral(": ") + t.why);
  setAccessibleName(toolTip());
  setFixedSize(sizeHint());
}

void DominoButton::paintEvent(QPaintEvent*) {
  QPainter p(this);
  DominoStyle st;
  if (active_ && tile_.legal) st.glow = QColor(70, 200, 120);
  st.dim = active_ && !tile_.legal;
  if (isDown()) st.face = st.face.darker(115);
  paintDomino(p, QRectF(4, 4, width() - 8, height() - 8), tile_.tile.hi, tile_.tile.lo, st);
}

WarpHand::WarpHand(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("warpHand"));
  row_ = new QHBoxLayout(this);
  row_->setContentsMargins(6, 2, 6, 2);
  row_->setSpacing(4);
}

void WarpHand::setHand(const std::vector<HandTile>& tiles, bool active) {
  while (auto* item = row_->takeAt(0)) {
    if (auto* w = item->widget()) {
      w->hide();  // gone at once for finders and painting; deleted by the event loop
      w->deleteLater();
    }
    delete item;
  }
  auto* title = new QLabel(tiles.empty() ? tr("Your hand is empty") : tr("Your hand"), this);
  row_->addWidget(title);
  for (const auto& t : tiles) {
    auto* b = new DominoButton(t, active, this);
    connect(b, &QAbstractButton::clicked, this, [this, b] { emit tileClicked(b->info()); });
    row_->addWidget(b);
    b->show();  // at once, not when the layout's queued show runs
  }
  row_->addStretch(1);
}

}  // namespace concord::ui
