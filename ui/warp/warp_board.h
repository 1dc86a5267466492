// The Warp table's board: the Spacedock hub on the left, and from it one arm per Warp Trail and one for the
// Neutral Zone, each a row of dominoes from Spacedock outward with its open end, beacon and alert readable.
#pragma once

#include <QWidget>
#include <optional>

#include "core/warp/state.h"

namespace concord::ui {

class WarpBoard : public QWidget {
  Q_OBJECT
 public:
  explicit WarpBoard(QWidget* parent = nullptr);
  /// The table as `viewer` sees it (kOmniscient: every hand is known, nothing changes on the board).
  void setTable(const concord::warp::WarpGame& table, Seat viewer);
  QSize sizeHint() const override { return {760, 420}; }
  QSize minimumSizeHint() const override { return {420, 260}; }

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  void paintArm(QPainter& p, const QRectF& row, uint8_t line, const QPointF& hub);
  QString armName(uint8_t line) const;

  std::optional<concord::warp::WarpGame> table_;
  Seat viewer_ = kOmniscient;
};

}  // namespace concord::ui
