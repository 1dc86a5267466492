#include "ui/warp/warp_hand.h"

#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QLabel>
#include <QApplication>
#include <QDrag>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>

#include "ui/shell/instant_key.h"
#include "ui/warp/domino_painter.h"

namespace concord::ui {

DominoButton::DominoButton(const HandTile& t, bool active, QWidget* parent)
    : QAbstractButton(parent), tile_(t), active_(active) {
  setObjectName(QStringLiteral("tile-%1-%2").arg(t.tile.hi).arg(t.tile.lo));
  setCursor(active && t.legal ? Qt::PointingHandCursor : Qt::ArrowCursor);
  const QString name = QString::fromStdString(t.tile.text());
  if (!active) setToolTip(name);
  else if (t.legal && t.wormhole)
    setToolTip(name + QStringLiteral(": click or drag to chart. On the Neutral Zone it opens a Wormhole (Module Lambda)"));
  else if (t.legal) setToolTip(name + QStringLiteral(": click or drag to an arm to chart"));
  else setToolTip(name + QStringLiteral(": ") + t.why);
  setAccessibleName(toolTip());
  setFixedSize(sizeHint());
}

void DominoButton::paintEvent(QPaintEvent*) {
  QPainter p(this);
  DominoStyle st;
  if (active_ && tile_.legal) st.glow = tile_.wormhole ? QColor(176, 124, 255) : QColor(70, 200, 120);
  st.dim = active_ && !tile_.legal;
  if (isDown()) st.face = st.face.darker(115);
  paintDomino(p, QRectF(4, 4, width() - 8, height() - 8), tile_.tile.hi, tile_.tile.lo, st);
  if (active_ && tile_.legal && tile_.wormhole) {  // the Lambda pre-trigger mark
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(176, 124, 255));
    p.drawEllipse(QPointF(width() - 9.0, 9.0), 7.0, 7.0);
    p.setPen(Qt::white);
    QFont f = font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 0.75);
    p.setFont(f);
    p.drawText(QRectF(width() - 16.0, 2.0, 14.0, 14.0), Qt::AlignCenter, QStringLiteral("W"));
  }
}

void DominoButton::mousePressEvent(QMouseEvent* e) {
  pressAt_ = e->position().toPoint();
  QAbstractButton::mousePressEvent(e);
}

// A legal coordinate dragged past the threshold becomes a drag to the board; a short press stays a click.
void DominoButton::mouseMoveEvent(QMouseEvent* e) {
  if (!(e->buttons() & Qt::LeftButton) || !active_ || !tile_.legal ||
      (e->position().toPoint() - pressAt_).manhattanLength() < QApplication::startDragDistance())
    return QAbstractButton::mouseMoveEvent(e);
  setDown(false);
  auto* mime = new QMimeData;
  mime->setData(QString::fromLatin1(kTileMime), QByteArray::number(tile_.tile.index()));
  auto* drag = new QDrag(this);
  drag->setMimeData(mime);
  drag->setPixmap(grab());
  drag->setHotSpot(e->position().toPoint());
  drag->exec(Qt::MoveAction);
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
  int key = 0;
  for (const auto& t : tiles) {
    auto* b = new DominoButton(t, active, this);
    b->setFixedSize(size);
    if (active && key < 10) {  // playable without a mouse: 1..9, 0 press the first ten coordinates
      bindKey(b, QKeySequence(static_cast<int>(Qt::Key_0) + (key + 1) % 10));  // at once (instant_key.h)
      b->setToolTip(b->toolTip() + QStringLiteral("  (key %1)").arg((key + 1) % 10));
    }
    ++key;
    connect(b, &QAbstractButton::clicked, this, [this, b] { emit tileClicked(b->info()); });
    row_->addWidget(b);
    b->show();  // at once, not when the layout's queued show runs
  }
  row_->addStretch(1);
}

}  // namespace concord::ui
