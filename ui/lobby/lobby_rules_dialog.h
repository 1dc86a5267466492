// The host's "Change the rules" in a live lobby (issue 12): the module's RulesForm showing the lobby's current
// rules, checked as they change (an invalid combination explained where it is chosen, and rules that seat fewer
// captains than the table has), Apply to send them to the lobby. It keeps the current rules between openings,
// so the rated / casual verdict of a seat change asks the rules in force. Module-agnostic.
#pragma once

#include <QDialog>
#include <QLabel>
#include <QPushButton>

#include "core/game/registry.h"
#include "ui/shell/rules_form.h"

namespace concord::ui {

class LobbyRulesDialog : public QDialog {
  Q_OBJECT
 public:
  /// `form` is the module's rules form (ModuleUi::makeRules); the dialog owns it.
  LobbyRulesDialog(RulesForm* form, const ConfigOptions& current, QWidget* parent = nullptr);
  RulesForm& form() { return *form_; }
  const ConfigOptions& current() const { return current_; }
  /// The table has `n` seats: rules that seat fewer cannot be applied.
  void setSeats(int n);
  /// The lobby now plays under `options` (what Cancel returns to).
  void setCurrent(const ConfigOptions& options);
  QPushButton& applyButton() { return *apply_; }
  QLabel& problem() { return *problem_; }

 signals:
  void applied(const ConfigOptions& options);

 private:
  void recheck();

  RulesForm* form_;
  ConfigOptions current_;
  int seats_ = 2;
  QLabel* problem_;
  QPushButton* apply_;
};

}  // namespace concord::ui
