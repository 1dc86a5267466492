// The Warp table view (the module's side of ui/shell/module_ui.h): board, hand, actions, the rule's
// explanation for a refused click, the scoreboard, the tally step by step and the Wormhole confirmation, all drawn from one Observation decoded with the
// officers' own reader (ai::tableOf), so the client sees exactly what the seat may know.
#pragma once

#include <QLabel>
#include <QStackedLayout>
#include <map>
#include <optional>
#include <vector>

#include "core/warp/state.h"
#include "ui/shell/module_ui.h"
#include "ui/warp/warp_hand.h"

class QScrollArea;

namespace concord::ui {

class WarpBoard;
class WarpActions;
class WarpScoreboard;
class WarpOpenHands;
class WarpRoundSheet;
class WormholeConfirm;

class WarpTableView : public TableView {
  Q_OBJECT
 public:
  explicit WarpTableView(QWidget* parent = nullptr);
  void showFrame(const TableFrame& frame) override;
  QString explanation() const override { return explanation_->text(); }
  QString standingAlert() const override;
  /// Module Lambda: the confirmation is up, waiting for "Open Wormhole" or "Cancel".
  bool askingWormhole() const;
  WarpBoard& board() const { return *board_; }
  WarpRoundSheet& sheet() const { return *sheet_; }
  /// The round-end score sheet is up (RULES §V), waiting for "Next round".
  bool showingSheet() const { return pages_->currentWidget() == sheetPage_; }
  /// The tile whose "which line?" question is up (-1: none).
  int askingRouteFor() const { return pendingTile_ ? *pendingTile_ : -1; }

 private:
  void tileClicked(const HandTile& t);
  void tileDropped(int tileIndex, int line);
  /// Sends `o`, or first asks "Open Wormhole? Your trail will become public." when it opens one.
  void send(const Order& o);
  void showActions();
  /// Puts the "which line?" question for the tile with index `tileIndex` up (its chart orders in chartsByTile_).
  void askRoute(int tileIndex);
  /// Whether `frame` shows what frame_ shows (the once-a-second status refresh of a network table).
  bool sameMoment(const TableFrame& frame) const;
  void drawHand();
  void explain(const QString& text);

  WarpBoard* board_;
  WarpHand* hand_;
  WarpOpenHands* hands_;  // the omniscient view: every captain's hand
  QScrollArea* handsScroll_;  // around hands_: long hands scroll, the window keeps its size
  WarpActions* actions_;
  QLabel* explanation_;
  WarpScoreboard* scores_;
  WarpRoundSheet* sheet_;  // RULES §V the round-end moment
  QStackedLayout* pages_;
  QWidget* lowerBox_;
  static constexpr int kOrdersHeight = 170;  // the prompt, three rows of order buttons and a two-line explanation
  QWidget *tablePage_, *sheetPage_;
  std::optional<QStringList> tallySeen_;  // the tally last put on the sheet (none before the first frame)
  std::optional<int> pendingTile_;        // the tile whose route question is up; no refresh may drop it
  WormholeConfirm* wormhole_;
  TableFrame frame_;
  std::optional<concord::warp::WarpGame> table_;
  std::map<int, std::vector<Order>> chartsByTile_;  // legal chart orders by tile index
};

/// The Warp round a game is in (timeline markers); -1 when its observation cannot be read.
int warpRoundOf(const Game& game);

}  // namespace concord::ui
