// A seat at a networked table from the Qt client: net::runNode (the same lobby, commit-reveal seeding and
// lockstep session as `concord host` / `concord join`) on a worker thread of its own. The node's callbacks
// run on that thread; each posts a copy of what changed to the UI thread (a lobby, a cloned game, a status,
// a comms line), so the UI thread never waits on the network. The person's orders and requests go the
// other way through a mutex-guarded mailbox the node polls. A host that invites friends (issue 25) maps its port at
// the router on that worker too, before the node starts; the mapping lives exactly as long as the node.
#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "net/node.h"
#include "ui/lobby/net_errors.h"
#include "ui/shell/module_ui.h"

namespace concord::ui {

class NetSession : public QObject {
  Q_OBJECT
 public:
  /// `options` as `concord host` / `join` would fill them; the callbacks are the session's own (set here).
  explicit NetSession(net::NodeOptions options, QObject* parent = nullptr);
  /// Leaves the table (lobby: at once; game: the others play on with an officer) and joins the worker.
  ~NetSession() override;
  /// Before start(): open the table to the internet as `concord host --internet` does (net::openToInternet): the
  /// router is asked for the port, and invitation() gets the invite code carrying a new table secret.
  void inviteFriends();
  void start();

  // What the UI reads (UI thread only).
  const std::optional<net::LobbyMsg>& lobby() const { return lobby_; }
  bool isHost() const { return options_.host; }
  const lockstep::PublicKey& myKey() const { return options_.key.publicKey; }
  bool inGame() const { return view_ != nullptr; }
  const Game* view() const { return view_.get(); }
  Seat me() const { return me_; }
  uint32_t turn() const { return turn_; }
  bool over() const { return view_ && view_->outcome().has_value(); }
  bool finished() const { return finished_; }
  const net::TableStatus& status() const { return status_; }
  /// The invite code and the router's line, once the router answered (or did not): an inviting host only.
  struct Invitation {
    QString code, routerLine;
  };
  const std::optional<Invitation>& invitation() const { return invitation_; }
  /// How we reach each other seated person (direct, punched, relayed) and the round trip (net::NodeOptions::onLinks).
  const std::vector<net::SeatLink>& links() const { return links_; }
  /// The frame for our seat: the Observation, and the legal orders while the node asks us to decide.
  TableFrame frame() const;
  /// Seconds left on our turn clock (-1: no clock or not deciding).
  int clockLeftSeconds() const { return clockLeftS_; }
  const std::vector<std::string>& narration() const { return narration_; }
  const net::NodeResult* result() const { return result_ ? &*result_ : nullptr; }
  const std::string& replayPath() const { return options_.replayPath; }
  QString seatName(Seat s) const;

  // What the person asks (UI thread).
  void request(net::TableRequest r);
  /// Our order for the turn being decided: refused with the rule's words unless legal now.
  Result<void> choose(const Order& order);
  /// Out of turn (a catch window): decline to act.
  Result<void> letGo();
  /// Leave the lobby or the table (the worker ends; finished() follows).
  void leave() { leave_ = true; }

 signals:
  void lobbyChanged();
  void invited();                       // invitation() is set
  void linksChanged();
  void changed();                       // a turn applied, a decision asked, the status moved
  void comms(const QString& from, const QString& line, bool mine);
  void notice(const QString& text);     // a refused request (rate limit, mode) or lobby news for the person
  void news(const QString& text);       // the node's log: joins, substitutions, reconnects, rejoins
  void ended(bool ok, const concord::ui::NetFailure& failure);  // failure.kind is Other when ok

 private:
  struct Decision {
    uint32_t turn;
    std::vector<Order> orders;
  };
  void run();
  void announceChanges(const net::LobbyMsg& next);
  void post(std::function<void()> f);
  void applied(std::shared_ptr<Game> game, Seat me, uint32_t turn, std::vector<lockstep::Controller> control);

  net::NodeOptions options_;
  bool internet_ = false;
  std::thread worker_;
  std::atomic<bool> leave_{false};
  std::optional<NetFailure> lobbyProblem_;  // worker thread only: the client cannot show this table (it leaves)

  std::mutex mu_;  // guards the mailbox below (both threads)
  std::deque<net::TableRequest> requests_;
  std::optional<Decision> chosen_;
  std::optional<uint32_t> askedTurn_;  // the turn the node last asked us to decide
  uint64_t lastClockS_ = UINT64_MAX;

  // UI thread.
  std::optional<net::LobbyMsg> lobby_;
  std::shared_ptr<Game> view_;
  Seat me_ = 0;
  uint32_t turn_ = 0;
  std::optional<uint32_t> deciding_;  // the turn the node asks us about (UI copy)
  int clockLeftS_ = -1;
  net::TableStatus status_;
  std::optional<Invitation> invitation_;
  std::vector<net::SeatLink> links_;
  std::vector<lockstep::Controller> control_;
  std::vector<std::string> narration_;
  uint64_t narrationSeen_ = 0;
  std::optional<net::NodeResult> result_;
  bool finished_ = false;
};

/// One accepted message as the comms list shows it: a hail's phrase, the text, or a DM with its recipient.
QString commsLine(const net::CommsMsg& m);
/// The lobby's module against this client: a failure when the client has no table view for it. (A module or
/// rules version this build lacks is the net layer's to refuse: NetErrorKind::VersionMismatch.)
std::optional<NetFailure> lobbyTableProblem(const net::LobbyMsg& lobby);

}  // namespace concord::ui
