// Your hand: one upright domino button per coordinate. Legal plays glow; the others are dimmed and say why on
// hover (the rule's own words from validate). A click on any of them is reported; the table view decides.
#pragma once

#include <QAbstractButton>
#include <QWidget>
#include <vector>

#include "core/warp/tiles.h"

class QHBoxLayout;
class QLabel;

namespace concord::ui {

/// One coordinate in hand and what the rules say about charting it now.
struct HandTile {
  concord::warp::Tile tile;
  bool legal = false;  // some route takes it now
  QString why;         // the rule forbidding it ("" when legal or when it is not your turn)
};

class DominoButton : public QAbstractButton {
  Q_OBJECT
 public:
  DominoButton(const HandTile& t, bool active, QWidget* parent);
  const HandTile& info() const { return tile_; }
  QSize sizeHint() const override { return {40, 78}; }

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  HandTile tile_;
  bool active_;
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
