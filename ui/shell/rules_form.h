// A rule module's table rules for a networked lobby (the host's choice, locked at launch): its options as
// `key=value` (the words of `concord host --opt`), checked by the module's own config validation, with the
// reason for an invalid combination shown beside the option that caused it. Also what RULES §VIII-like
// rating rules say about the table, so the lobby can show a live rated / casual banner.
#pragma once

#include <QString>
#include <QWidget>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/game/registry.h"

namespace concord::ui {

class RulesForm : public QWidget {
  Q_OBJECT
 public:
  using QWidget::QWidget;
  /// The options, or the module's words for what is wrong with them.
  virtual Result<ConfigOptions> options() const = 0;
  /// Shows `options` (as options() gave them: a lobby's rules being changed); false if one is unknown here.
  virtual bool setOptions(const ConfigOptions& options) = 0;
  /// One line naming the rules ("Official Warp rules", "Official Warp rules + fracture=own").
  virtual QString summary() const = 0;
  /// The officer strengths an AI seat may have, weakest first (the first is the default).
  virtual std::vector<std::string> officerKinds() const = 0;
  /// Most seats these rules allow.
  virtual int maxSeats() const = 0;
  /// Why a table of `persons` people and AI seats of `officers` kinds cannot be rated ("" when it can).
  virtual QString unratedBecause(int persons, const std::vector<std::string>& officers) const = 0;

 signals:
  void changed();
};

}  // namespace concord::ui
