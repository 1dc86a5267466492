// A whole Warp Trail in a popup: every coordinate from Spacedock outward, wrapped into rows, opened from an arm's
// "+N ›" marker when the arm is too long for the board (issue 31). Esc or a click outside closes it.
#pragma once

#include <QFrame>
#include <utility>
#include <vector>

namespace concord::ui {

class WarpTrailPopup : public QFrame {
  Q_OBJECT
 public:
  explicit WarpTrailPopup(QWidget* parent);
  /// Shows `tiles` (inner, outer pips, Spacedock first) under `title` at `where` (global coordinates).
  void show(const QString& title, std::vector<std::pair<int, int>> tiles, const QPoint& where);
  int tileCount() const { return static_cast<int>(tiles_.size()); }

 protected:
  void paintEvent(QPaintEvent* e) override;

 private:
  QString title_;
  std::vector<std::pair<int, int>> tiles_;
  static constexpr int kW = 60, kH = 30, kGap = 5, kPerRow = 12, kHead = 24;
};

}  // namespace concord::ui
