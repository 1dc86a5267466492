#include "ui/warp/warp_open_hands.h"

#include <QPainter>

#include "ui/warp/domino_painter.h"

namespace concord::ui {

namespace {
constexpr int kRow = 30, kTileH = 22, kTileW = 44, kLabel = 96;
}

WarpOpenHands::WarpOpenHands(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("allHands"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void WarpOpenHands::setTable(const concord::warp::WarpGame& table) {
  table_.emplace(table);
  setAccessibleDescription(text());
  updateGeometry();
  update();
}

QSize WarpOpenHands::sizeHint() const { return {600, table_ ? kRow * table_->seats() + 6 : 10}; }

QString WarpOpenHands::text() const {
  QString all;
  if (!table_) return all;
  for (Seat s = 0; s < table_->seats(); ++s)
    all += QStringLiteral("Captain %1: %2\n").arg(s).arg(QString::fromStdString(concord::warp::tilesText(table_->seat(s).hand)));
  return all.trimmed();
}

void WarpOpenHands::paintEvent(QPaintEvent*) {
  if (!table_) return;
  QPainter p(this);
  for (Seat s = 0; s < table_->seats(); ++s) {
    const int y = 3 + s * kRow;
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(6, y, kLabel, kRow), Qt::AlignVCenter, QStringLiteral("Captain %1").arg(s));
    int x = kLabel;
    for (auto t : table_->seat(s).hand) {
      if (x + kTileW > width()) {
        p.drawText(QRect(x, y, 40, kRow), Qt::AlignVCenter, QStringLiteral("…"));
        break;
      }
      paintDomino(p, QRectF(x, y + (kRow - kTileH) / 2.0, kTileW, kTileH), t.hi, t.lo);
      x += kTileW + 4;
    }
  }
}

}  // namespace concord::ui
