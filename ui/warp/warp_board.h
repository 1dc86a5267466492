// The Warp table's board: the Spacedock hub on the left, and from it one arm per Warp Trail and one for the
// Neutral Zone, each a row of dominoes from Spacedock outward with its open end, beacon and alert readable.
#pragma once

#include <QWidget>
#include <optional>
#include <utility>
#include <vector>

#include "core/warp/state.h"

namespace concord::ui {

class WarpTrailPopup;

class WarpBoard : public QWidget {
  Q_OBJECT
 public:
  explicit WarpBoard(QWidget* parent = nullptr);
  /// The table as `viewer` sees it (kOmniscient: every hand is known, nothing changes on the board).
  void setTable(const concord::warp::WarpGame& table, Seat viewer);
  /// Accept coordinates dragged from the hand (only while the seat may chart).
  void setDropEnabled(bool on) { setAcceptDrops(on); }
  /// Per seat, the name the board calls it by (TableFrame::seatNames); set before setTable.
  void setNames(std::vector<QString> names) { names_ = std::move(names); }
  QSize sizeHint() const override { return {760, 420}; }
  QSize minimumSizeHint() const override { return {420, 260}; }

  /// The line (trail index, or seats() for the Neutral Zone) whose arm is drawn at `pos`; -1 when none.
  int lineAt(const QPointF& pos) const;
  /// Where the arm of `line` is drawn (tests aim drops at it); empty before the first paint.
  QRectF armRect(int line) const;
  /// The "+N ›" marker of a cut arm (a click shows the whole trail); empty when the arm is whole.
  QRectF moreRect(int line) const;
  /// The whole trail of `line` in a popup (the "+N ›" marker's click).
  void showWholeTrail(int line);
  WarpTrailPopup* wholeTrail() const { return trail_; }
  /// A coordinate of an arm's main trail as last painted: tests read the drawn geometry (a double lies crosswise).
  struct DrawnTile {
    int line = 0;
    concord::warp::Tile tile;
    QRectF rect;
  };
  const std::vector<DrawnTile>& drawnTiles() const { return drawn_; }

 signals:
  /// A coordinate from the hand was dropped on the arm of `line` (kTileMime's tile index).
  void tileDropped(int tileIndex, int line);

 protected:
  void paintEvent(QPaintEvent*) override;
  void resizeEvent(QResizeEvent* e) override;
  void dragEnterEvent(QDragEnterEvent* e) override;
  void dragMoveEvent(QDragMoveEvent* e) override;
  void dragLeaveEvent(QDragLeaveEvent* e) override;
  void dropEvent(QDropEvent* e) override;
  void mousePressEvent(QMouseEvent* e) override;

 private:
  void layoutRows();
  void paintArm(QPainter& p, const QRectF& row, uint8_t line, const QPointF& hub);

 public:
  /// The label of the arm of `line`: the captain's name (yours marked), the squadron or the Neutral Zone.
  QString armName(uint8_t line) const;

 private:
  std::vector<QString> names_;
  std::vector<DrawnTile> drawn_;  // as last painted

  std::optional<concord::warp::WarpGame> table_;
  Seat viewer_ = kOmniscient;
  std::vector<std::pair<QRectF, int>> rows_;  // arm rectangles by line, as last laid out
  int dragOver_ = -1;
  std::vector<std::pair<QRectF, int>> markers_;  // "+N ›" markers by line, as last painted
  WarpTrailPopup* trail_ = nullptr;                          // the arm a dragged coordinate hovers (highlighted)
};

}  // namespace concord::ui
