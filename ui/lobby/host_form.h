// Hosting a networked game: the rule module and its rules (the module's RulesForm, the Official Warp preset by
// default), the seats (you, open for a person, or an AI officer with its strength), the rated / casual
// banner (RULES §VIII), the turn clock, the port, and Invite friends (issue 25: over the internet, as `concord host
// --internet`). Module-agnostic: rules come from ModuleUi::makeRules.
#pragma once

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <vector>

#include "core/det/result.h"
#include "core/game/registry.h"
#include "ui/shell/rules_form.h"

namespace concord::ui {

/// What the host chose, ready for net::NodeOptions.
struct HostChoice {
  std::string moduleId;
  ConfigOptions options;
  Seat seats = 4;
  std::vector<Seat> aiSeats;
  std::vector<std::string> seatOfficers;  // by seat; "" for persons and open seats
  std::string openSeatOfficer;            // open seats nobody took at launch
  bool rated = false;                     // the banner's verdict (RULES §VIII), not only the box
  bool ratedAsked = false;                // the box: a lobby whose rules or seats change is rated again if they allow
  uint64_t turnClockMs = 120000;
  uint16_t port = 27960;
  bool invite = false;                    // Invite friends: map the port at the router, make an invite code
  std::string name;
};

class HostForm : public QWidget {
  Q_OBJECT
 public:
  explicit HostForm(QWidget* parent = nullptr);
  /// The choice, or what to fix.
  Result<HostChoice> choice() const;
  RulesForm* rules() const;
  void setSeatCount(int n);
  /// Seat `s` (1..) as "open", or an officer kind ("ensign", "lieutenant", ...).
  void setSeat(int s, const std::string& kindOrOpen);
  QLabel& banner() { return *banner_; }
  QPushButton& hostButton() { return *host_; }
  QLineEdit& nameEdit() { return *name_; }
  QSpinBox& portSpin() { return *port_; }
  QCheckBox& inviteBox() { return *invite_; }

 signals:
  void hostRequested();

 private:
  void rebuildSeats();
  void refresh();

  QComboBox* module_;
  QStackedWidget* rulesStack_;
  QLineEdit* name_;
  QSpinBox* seatCount_;
  QGridLayout* seatGrid_;
  QWidget* seatBox_;
  std::vector<QComboBox*> seatKind_;  // per seat 1..: "Open for a person" or "AI officer: KIND"
  QCheckBox* rated_;
  QLabel* banner_;
  QSpinBox* clock_;
  QSpinBox* port_;
  QCheckBox* invite_;
  QLabel* problem_;
  QPushButton* host_;
};

}  // namespace concord::ui
