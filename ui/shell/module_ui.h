// The seam between the module-agnostic shell (start screen, solo session, replay viewer) and a rule module's
// own widgets. A module supplies a TableView (draws one Observation, offers the orders a seat may give) and an
// OptionForm (its table options); the shell never reads a module's state, only the Game interface.
#pragma once

#include <QWidget>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/det/result.h"
#include "core/game/game.h"
#include "core/game/registry.h"

namespace concord::ui {

/// Everything a table view draws for one moment of a game.
struct TableFrame {
  Observation obs;                 // the seat's view, or kOmniscient (replay analysts)
  Seat me = kOmniscient;           // the seat the person plays; kOmniscient when only watching
  const Game* game = nullptr;      // a UI-thread copy of the game: legalOrders/validate/orderText only
  std::vector<Order> legal;        // what `me` may give now (empty when watching or while others think)
  bool outOfTurn = false;          // `me` may act though not awaited (Warp: a catch window)
  std::vector<std::string> seatGrades;  // per seat, the TEI grade the scoreboard shows ("" or missing: none)
  std::vector<QString> seatNames;  // per seat, the person's name at it ("" or missing: the module's label); issue 31
  bool mayAct() const { return !legal.empty() && game != nullptr; }
};

/// A module's table: renders TableFrames and emits the order the person picked (already legal).
class TableView : public QWidget {
  Q_OBJECT
 public:
  using QWidget::QWidget;
  virtual void showFrame(const TableFrame& frame) = 0;
  /// The rule's explanation shown for the last refused click ("" when none): tests and status bars read it.
  virtual QString explanation() const = 0;
  /// The alert standing on the table now ("Red Alert!"), for the status bar; "" when none. It clears when the
  /// table's alert clears, not on a timer (issue 31).
  virtual QString standingAlert() const { return {}; }

 signals:
  void orderChosen(const concord::Order& order);
};

/// A module's table options for a new game; options() names what is wrong when the choice is invalid.
class OptionForm : public QWidget {
  Q_OBJECT
 public:
  using QWidget::QWidget;
  virtual Result<ConfigOptions> options() const = 0;
  virtual Seat seats() const = 0;
  virtual std::string officer() const = 0;  // the bot kind for the other seats
  virtual std::optional<uint64_t> seed() const = 0;  // none: a fresh random deal (issue 33)

 signals:
  void changed();  // any choice changed: the start screen says again whether the game will be rated
};

class RulesForm;  // ui/shell/rules_form.h

/// One rule module's client pieces.
struct ModuleUi {
  std::string moduleId;  // the registry id ("warp")
  QString title;
  std::function<TableView*(QWidget* parent)> makeTable;
  std::function<OptionForm*(QWidget* parent)> makeOptions;
  /// The round a game is in, for timeline markers (-1: the module has no rounds). Reads only observe().
  std::function<int(const Game& game)> roundOf;
  /// The lobby's rules form (ui/shell/rules_form.h); empty: the lobby takes key=value options.
  std::function<RulesForm*(QWidget* parent)> makeRules;
};

/// Every module with a client, in menu order (Warp first).
const std::vector<ModuleUi>& moduleUis();
/// The client of module `id`; the error names the modules that have one.
Result<const ModuleUi*> moduleUi(std::string_view id);

}  // namespace concord::ui
