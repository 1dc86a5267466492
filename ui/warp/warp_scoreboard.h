// The scoreboard: per captain the coordinates in hand, the campaign total (Points) or round wins (Go out),
// beacon and impulse; the helm's row is marked.
#pragma once

#include <QTableWidget>

#include "core/warp/state.h"

namespace concord::ui {

class WarpScoreboard : public QTableWidget {
  Q_OBJECT
 public:
  explicit WarpScoreboard(QWidget* parent = nullptr);
  void setTable(const concord::warp::WarpGame& table, Seat viewer);
  QSize sizeHint() const override { return {300, 200}; }
};

}  // namespace concord::ui
