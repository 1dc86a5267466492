#include "ui/warp/warp_hand.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QLabel>
#include <QApplication>
#include <QDrag>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>

#include "ui/shell/instant_key.h"
#include "ui/shell/settings.h"
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
  faces_ = new QComboBox(this);
  faces_->setObjectName(QStringLiteral("pipFaces"));
  faces_->setFocusPolicy(Qt::NoFocus);  // the hand's digit keys stay the hand's
  faces_->addItem(tr("Faces: dots"), pipFaceName(PipFace::Dots));
  faces_->addItem(tr("Faces: numerals"), pipFaceName(PipFace::Numerals));
  faces_->addItem(tr("Faces: coloured dots"), pipFaceName(PipFace::ColouredDots));
  const PipFace saved = pipFaceFromName(clientSettings()->value(QStringLiteral("warp/faces")).toString());
  setDefaultPipFace(saved);
  faces_->setCurrentIndex(faces_->findData(pipFaceName(saved)));
  connect(faces_, &QComboBox::activated, this, [this](int i) {
    const QString name = faces_->itemData(i).toString();
    setDefaultPipFace(pipFaceFromName(name));
    clientSettings()->setValue(QStringLiteral("warp/faces"), name);
    for (auto* b : buttons_) b->update();
    emit facesChanged();
  });
  auto* head = new QHBoxLayout;
  head->addWidget(title_, 1);
  head->addWidget(faces_);
  v->addLayout(head);
  tiles_ = new QWidget(this);
  tiles_->setFixedHeight(2 * kFullH + kGap);
  tiles_->setMinimumWidth(4 * (kFullW + kGap));
  v->addWidget(tiles_);
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void WarpHand::setHand(const std::vector<HandTile>& tiles, bool active) {
  for (auto* b : buttons_) {
    b->hide();  // gone at once for finders and painting; deleted by the event loop
    b->deleteLater();
  }
  buttons_.clear();
  title_->setText(tiles.empty() ? tr("Your hand is empty") : tr("Your hand (%1)").arg(tiles.size()));
  int key = 0;
  for (const auto& t : tiles) {
    auto* b = new DominoButton(t, active, tiles_);
    if (active && key < 10) {  // playable without a mouse: 1..9, 0 press the first ten coordinates
      bindKey(b, QKeySequence(static_cast<int>(Qt::Key_0) + (key + 1) % 10));  // at once (instant_key.h)
      b->setToolTip(b->toolTip() + QStringLiteral("  (key %1)").arg((key + 1) % 10));
    }
    ++key;
    connect(b, &QAbstractButton::clicked, this, [this, b] { emit tileClicked(b->info()); });
    buttons_.push_back(b);
  }
  place();
  for (auto* b : buttons_) b->show();  // at once, not when a queued show runs
}

void WarpHand::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  place();
}

// Full-size tiles in up to two rows; a bigger hand shrinks them (keeping the domino's 1:2 shape) until it fits.
void WarpHand::place() {
  const int n = static_cast<int>(buttons_.size());
  const int width = std::max(tiles_->width(), kFullW + kGap), height = tiles_->height();
  int w = kFullW, h = kFullH;
  auto fits = [&](int tw, int th) {
    const int perRow = std::max(1, width / (tw + kGap)), rows = std::max(1, (height + kGap) / (th + kGap));
    return perRow * rows >= n;
  };
  while (w > 16 && !fits(w, h)) {
    w -= 2;
    h = w * kFullH / kFullW;
  }
  tileSize_ = {w, h};
  const int perRow = std::max(1, width / (w + kGap));
  for (int i = 0; i < n; ++i) {
    auto* b = buttons_[static_cast<size_t>(i)];
    b->setFixedSize(w, h);
    b->move((i % perRow) * (w + kGap), (i / perRow) * (h + kGap));
  }
}

}  // namespace concord::ui
