// Your hand: one upright domino button per coordinate. Legal plays glow; the others are dimmed and say why on
// hover (the rule's own words from validate). A click on any of them is reported; the table view decides. A
// legal one may also be dragged onto an arm of the board (WarpBoard::tileDropped).
#pragma once

#include <QAbstractButton>
#include <QWidget>
#include <vector>

#include "core/warp/tiles.h"

class QComboBox;
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
  QSize sizeHint() const override { return {48, 94}; }

 protected:
  void paintEvent(QPaintEvent*) override;
  void mousePressEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;

 private:
  HandTile tile_;
  bool active_;
  QPoint pressAt_;
};

/// Your hand in rows of upright dominoes. Its height never changes (two rows of full-size tiles), so the table
/// does not jump as the hand grows or the round ends; a hand too big for two rows at full size gets smaller tiles,
/// never a cut one (issue 31). The faces (dots, numerals, coloured dots) are the person's choice, remembered.
class WarpHand : public QWidget {
  Q_OBJECT
 public:
  explicit WarpHand(QWidget* parent = nullptr);
  /// `active`: it is your decision, so legal plays are highlighted and illegal ones explained.
  void setHand(const std::vector<HandTile>& tiles, bool active);
  QComboBox& faces() const { return *faces_; }
  /// The size the tiles are drawn at, for the width last laid out.
  QSize tileSize() const { return tileSize_; }
  static constexpr int kFullW = 48, kFullH = 94, kGap = 5;

 signals:
  void tileClicked(const concord::ui::HandTile& tile);
  void facesChanged();

 protected:
  void resizeEvent(QResizeEvent* e) override;

 private:
  void place();

  QWidget* tiles_;
  QLabel* title_;
  QComboBox* faces_;
  std::vector<DominoButton*> buttons_;
  QSize tileSize_{kFullW, kFullH};
};

}  // namespace concord::ui
