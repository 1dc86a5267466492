// The networked client's page (issue 12): host a game or join one (by address or from the LAN list), the
// live lobby, then our seat at the running table; errors in words that say what to do. One NetSession (the
// node on its worker thread) at a time. Module-agnostic: the module's rules form and table view come
// from ModuleUi.
#pragma once

#include <QLabel>
#include <QStackedWidget>
#include <QTabWidget>
#include <memory>

#include "ui/lobby/host_form.h"
#include "ui/lobby/join_form.h"
#include "ui/lobby/lobby_room.h"
#include "ui/lobby/lobby_rules_dialog.h"
#include "ui/lobby/net_game_page.h"
#include "ui/lobby/net_session.h"

namespace concord::ui {

/// What the page sets on every node beside the person's choices (tests and scenes change them).
struct NetDefaults {
  std::string identityPath;           // "" = net::defaultIdentityPath() (the identity of `concord host/join`)
  std::string bindHost = "0.0.0.0";
  std::string discoveryAddr;          // "" = broadcast; "off" = no LAN announcement
  uint16_t discoveryPort = net::kDiscoveryPort;
  std::string replayPath;             // "" = a new file in the replay folder
  uint64_t postGameMs = 30000;        // post-game chat window (Leave ends it sooner)
  uint64_t lingerMs = 3000;
  uint64_t giveUpMs = 20000;          // a joiner whose host never answers gives up after this long
  uint64_t silenceMs = 5000;          // a silent seat is handed to an AI officer after this long (--tolerance)
};

class LobbyPage : public QWidget {
  Q_OBJECT
 public:
  explicit LobbyPage(QWidget* parent = nullptr);
  ~LobbyPage() override;
  NetDefaults& defaults() { return defaults_; }
  HostForm& hostForm() { return *hostForm_; }
  JoinForm& joinForm() { return *joinForm_; }
  LobbyRoom& room() { return *room_; }
  NetGamePage* game() { return game_; }
  /// The host's Change the rules dialog of the open lobby (null when not hosting).
  LobbyRulesDialog* rulesDialog() { return rulesDialog_; }
  NetSession* session() { return session_.get(); }
  QTabWidget& tabs() { return *tabs_; }
  /// The last failure, worded (empty when none).
  QLabel& problem() { return *problem_; }

  /// Opens the lobby the host form describes (the Open the lobby button).
  Result<void> host();
  /// Joins the code or address of the join form (the Join button, a LAN list double-click).
  Result<void> join();
  /// Leaves the lobby or the table; back to the host / join forms.
  void leave();

 signals:
  void closeRequested();

 private:
  Result<void> begin(net::NodeOptions o, const QString& waitingText, bool inviteFriends = false);
  void wire();
  void lobbyChanged();
  void sessionChanged();
  void ended(bool ok, const NetFailure& failure);
  void showProblem(const NetFailure& failure);
  void sendRules(const ConfigOptions& options);
  void followHostChanges(const net::LobbyMsg& l);
  template <class F>
  void bothPanels(F f) {
    f(room_->comms());
    if (game_) f(game_->comms());
  }

  NetDefaults defaults_;
  QStackedWidget* stack_;
  QTabWidget* tabs_;
  HostForm* hostForm_;
  JoinForm* joinForm_;
  LobbyRoom* room_;
  NetGamePage* game_ = nullptr;
  QLabel* problem_;
  std::unique_ptr<NetSession> session_;
  std::string moduleId_;
  // Hosting: the rules in force (the dialog keeps them), the Rated box, rules sent but not yet in a lobby.
  LobbyRulesDialog* rulesDialog_ = nullptr;
  bool ratedAsked_ = false;
  std::optional<ConfigOptions> pendingRules_;
};

}  // namespace concord::ui
