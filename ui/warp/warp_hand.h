// Your hand: one upright domino button per coordinate. Legal plays glow; the others are dimmed and say why on
// hover (the rule's own words from validate). A click on any of them is reported; the table view decides. A
// legal one may also be dragged onto an arm of the board (WarpBoard::tileDropped).
#pragma once

#include <QAbstractButton>
#include <QWidget>
#include <vector>

#include "core/warp/tiles.h"

class QHBoxLayout;
class QLabel;

namespace concord::ui {

/// The drag payload of a coordinate dragged from the hand to an arm of the board (its Tile::index()).
inline constexpr const char* kTileMime = "application/x-concord-warp-tile";

/// One coordinate in hand and what the rules say about charting it now.
struct HandTile {
  concord::warp::Tile tile;
  bool legal = false;  // some route takes it now
  QString why;         // the rule forbidding it ("" when legal or when it is not your turn)
  bool wormhole = false;  // Module Lambda pre-trigger: some legal chart of it opens a Wormhole
};

class DominoButton : public QAbstractButton {
  Q_OBJECT
 public:
  DominoButton(const HandTile& t, bool active, QWidget* parent);
  const HandTile& info() const { return tile_; }
  QSize sizeHint() const override { return {40, 78}; }

 protected:
  void paintEvent(QPaintEvent*) override;
  void mousePressEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;

 private:
  HandTile tile_;
  bool active_;
  QPoint pressAt_;
};

class WarpHand : public QWidget {
  Q_OBJECT
 public:
  explicit WarpHand(QWidget* parent = nullptr);
  /// `active`: it is your decision, so legal plays are highlighted and illegal ones explained.
  void setHand(const std::vector<HandTile>& tiles, bool active);

 signals:
  void tileClicked(const concord::ui::HandTile& tile);

 private:
  QHBoxLayout* row_;
  QLabel* title_;
};

}  // namespace concord::ui
