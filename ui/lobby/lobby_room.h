// The live lobby of a networked table, host or joiner: the rated / casual banner (RULES §VIII), the module,
// its rules in the module's words and the config hash every peer checks, the seats (person, AI officer or
// open, with names, identity fingerprints, ready marks and how we reach each person: direct, punched or relayed, with
// the round trip, issue 25), Ready (a joiner) or Launch (the host), the host's changes until the launch (the rules, a
// free seat's kind), an inviting host's invite code, and the lobby comms (RULES §IX). It draws what net::LobbyMsg
// says; it decides nothing.
#pragma once

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

#include "net/lobby_msg.h"
#include "net/node.h"
#include "ui/comms/comms_panel.h"
#include "ui/lobby/invite_panel.h"

namespace concord::ui {

class LobbyRoom : public QWidget {
  Q_OBJECT
 public:
  explicit LobbyRoom(QWidget* parent = nullptr);
  /// Draws `lobby` as seen by the peer with key `me` (the host when `host`).
  void show(const net::LobbyMsg& lobby, const lockstep::PublicKey& me, bool host);
  /// Before the first lobby arrives: "Knocking at ADDR…" / "Opening the lobby…".
  void waiting(const QString& text);
  /// How we reach each seated person (the Link column), as the node last said (NetSession::links()).
  void setLinks(std::vector<net::SeatLink> links);
  /// The host's officer strengths for a free seat's kind menu (the module's RulesForm::officerKinds).
  void setOfficerKinds(std::vector<std::string> kinds) { kinds_ = std::move(kinds); }
  CommsPanel& comms() { return *comms_; }
  InvitePanel& invite() { return *invite_; }
  QTableWidget& seats() { return *seats_; }
  QLabel& banner() { return *banner_; }
  QLabel& info() { return *info_; }
  QCheckBox& readyBox() { return *ready_; }
  QPushButton& launchButton() { return *launch_; }
  QPushButton& rulesButton() { return *rules_; }
  /// The host's kind menu of seat `seat` (open for a person / an AI officer), null when it has none.
  QComboBox* seatKind(int seat) const;

 signals:
  void readyChanged(bool ready);
  void launchRequested();
  void kickRequested(unsigned seat);  // the host's Remove button on a person's row, before the launch
  void seatKindRequested(unsigned seat, const QString& officer);  // host: "" = open for a person, else an officer
  void rulesChangeRequested();                                    // host: Change the rules, before the launch
  void leaveRequested();

 private:
  QLabel* banner_;
  QLabel* info_;
  QTableWidget* seats_;
  InvitePanel* invite_;
  std::vector<net::SeatLink> links_;
  QCheckBox* ready_;
  QPushButton* launch_;
  QPushButton* rules_;
  std::vector<std::string> kinds_;
  QLabel* hint_;
  CommsPanel* comms_;
  void drawLinks();
};

/// A seat's link as its row shows it: "direct · 3 ms", "relayed via seat 0 · 131 ms", "not linked yet".
QString linkCellText(const net::SeatLink& link);

}  // namespace concord::ui
