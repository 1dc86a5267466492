#include "ui/warp/warp_hand.h"

#include <QHBoxLayout>
#include <QVBoxLayout>
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
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(6, 2, 6, 2);
  title_ = new QLabel(this);
  v->addWidget(title_);
  row_ = new QHBoxLayout;
  row_->setSpacing(4);
  v->addLayout(row_);
}

void WarpHand::setHand(const std::vector<HandTile>& tiles, bool active) {
  while (auto* item = row_->takeAt(0)) {
    if (auto* w = item->widget()) {
      w->hide();  // gone at once for finders and painting; deleted by the event loop
      w->deleteLater();
    }
    delete item;
  }
  title_->setText(tiles.empty() ? tr("Your hand is empty") : tr("Your hand (%1)").arg(tiles.size()));
  // A big hand gets smaller dominoes so it stays on one row.
  const QSize size = tiles.size() > 16 ? QSize(30, 58) : QSize(40, 78);
  for (const auto& t : tiles) {
    auto* b = new DominoButton(t, active, this);
    b->setFixedSize(size);
    connect(b, &QAbstractButton::clicked, this, [this, b] { emit tileClicked(b->info()); });
    row_->addWidget(b);
    b->show();  // at once, not when the layout's queued show runs
  }
  row_->addStretch(1);
}

}  // namespace concord::ui
