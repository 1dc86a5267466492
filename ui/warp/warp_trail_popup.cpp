#include "ui/warp/warp_trail_popup.h"

#include <QPainter>

#include "ui/warp/domino_painter.h"

namespace concord::ui {

WarpTrailPopup::WarpTrailPopup(QWidget* parent) : QFrame(parent, Qt::Popup) {
  setObjectName(QStringLiteral("wholeTrail"));
  setFrameShape(QFrame::Box);
}

void WarpTrailPopup::show(const QString& title, std::vector<std::pair<int, int>> tiles, const QPoint& where) {
  title_ = title;
  tiles_ = std::move(tiles);
  const int n = static_cast<int>(tiles_.size());
  const int cols = std::max(1, std::min(n, kPerRow)), rows = std::max(1, (n + kPerRow - 1) / kPerRow);
  resize(cols * (kW + kGap) + kGap + 4, kHead + rows * (kH + kGap) + kGap + 4);
  move(where);
  setAccessibleDescription(tr("%1: %2 coordinates").arg(title_).arg(n));
  QFrame::show();
  update();
}

void WarpTrailPopup::paintEvent(QPaintEvent* e) {
  QFrame::paintEvent(e);
  QPainter p(this);
  p.fillRect(rect().adjusted(1, 1, -1, -1), QColor(22, 70, 58));
  p.setPen(QColor(240, 235, 210));
  p.drawText(QRect(8, 2, width() - 16, kHead - 4), Qt::AlignVCenter,
             tr("%1: the whole trail from Spacedock outward (%2)").arg(title_).arg(tiles_.size()));
  for (size_t i = 0; i < tiles_.size(); ++i) {
    const int col = static_cast<int>(i) % kPerRow, row = static_cast<int>(i) / kPerRow;
    paintDomino(p, QRectF(kGap + 2 + col * (kW + kGap), kHead + row * (kH + kGap), kW, kH), tiles_[i].first, tiles_[i].second);
  }
}

}  // namespace concord::ui
