// The scoreboard: per captain the coordinates in hand, the last round's points, the campaign total (Points) or
// round wins (Go out), the TEI grade, beacon, impulse and hazard; the helm's row is marked.
#pragma once

#include <QTableWidget>
#include <string>
#include <vector>

#include "core/warp/state.h"

namespace concord::ui {

class WarpScoreboard : public QTableWidget {
  Q_OBJECT
 public:
  explicit WarpScoreboard(QWidget* parent = nullptr);
  void setTable(const concord::warp::WarpGame& table, Seat viewer);
  /// Per seat, the TEI grade to show (TableFrame::seatGrades); set before setTable.
  void setGrades(std::vector<std::string> grades) { grades_ = std::move(grades); }
  /// Per seat, the name to show (TableFrame::seatNames); set before setTable.
  void setNames(std::vector<QString> names) { names_ = std::move(names); }

 private:
  std::vector<std::string> grades_;
  std::vector<QString> names_;
 public:
  QSize sizeHint() const override { return {400, 200}; }
};

}  // namespace concord::ui
