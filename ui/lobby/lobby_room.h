// The live lobby of a networked table, host or joiner: the rated / casual banner (RULES §VIII), the module,
// its rules in the module's words and the config hash every peer checks, the seats (person, AI officer or
// open, with names, identity fingerprints and ready marks), Ready (a joiner) or Launch (the host), and the
// lobby comms (RULES §IX). It draws what net::LobbyMsg says; it decides nothing.
#pragma once

#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

#include "net/lobby_msg.h"
#include "ui/comms/comms_panel.h"

namespace concord::ui {

class LobbyRoom : public QWidget {
  Q_OBJECT
 public:
  explicit LobbyRoom(QWidget* parent = nullptr);
  /// Draws `lobby` as seen by the peer with key `me` (the host when `host`).
  void show(const net::LobbyMsg& lobby, const lockstep::PublicKey& me, bool host);
  /// Before the first lobby arrives: "Knocking at ADDR…" / "Opening the lobby…".
  void waiting(const QString& text);
  CommsPanel& comms() { return *comms_; }
  QTableWidget& seats() { return *seats_; }
  QLabel& banner() { return *banner_; }
  QLabel& info() { return *info_; }
  QCheckBox& readyBox() { return *ready_; }
  QPushButton& launchButton() { return *launch_; }

 signals:
  void readyChanged(bool ready);
  void launchRequested();
  void kickRequested(unsigned seat);  // the host's Remove button on a person's row, before the launch
  void leaveRequested();

 private:
  QLabel* banner_;
  QLabel* info_;
  QTableWidget* seats_;
  QCheckBox* ready_;
  QPushButton* launch_;
  QLabel* hint_;
  CommsPanel* comms_;
};

}  // namespace concord::ui
