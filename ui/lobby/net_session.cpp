// NetSession: net::runNode on a std::thread, its callbacks turned into queued calls on the UI thread.
#include "ui/lobby/net_session.h"

#include <QMetaObject>
#include <algorithm>

#include "core/game/registry.h"
#include "lockstep/deck_duty.h"
#include "net/internet_host.h"

namespace concord::ui {

std::optional<NetFailure> lobbyTableProblem(const net::LobbyMsg& lobby) {
  const auto& s = lobby.session;
  if (net::checkTableVersion(s).kind != net::NetErrorKind::Other) return std::nullopt;  // the node refuses it
  if (moduleUi(s.moduleId)) return std::nullopt;
  return NetFailure{net::NetErrorKind::Other, true,
                    "this client has no table for module '" + s.moduleId + "' yet; join that game from a terminal: concord join ADDR"};
}

QString commsLine(const net::CommsMsg& m) {
  switch (m.kind) {
    case net::CommsKind::Hail: {
      const auto* h = net::findHail(m.hail);
      return h ? QStringLiteral("“%1”").arg(QString::fromUtf8(h->phrase.data(), static_cast<qsizetype>(h->phrase.size())))
               : QStringLiteral("hail %1").arg(m.hail);
    }
    case net::CommsKind::Direct:
      return QObject::tr("to seat %1 (DM, every captain reads it): %2").arg(m.toSeat).arg(QString::fromStdString(m.text));
    case net::CommsKind::Text: break;
  }
  return QString::fromStdString(m.text);
}

NetSession::NetSession(net::NodeOptions options, QObject* parent) : QObject(parent), options_(std::move(options)) {}

NetSession::~NetSession() {
  leave_ = true;
  if (worker_.joinable()) worker_.join();
}

void NetSession::post(std::function<void()> f) { QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection); }

void NetSession::inviteFriends() {
  internet_ = true;
  options_.demandSecret = options_.secret = net::randomTableSecret();  // a new table, a new code (rules-decisions.md)
}

void NetSession::start() {
  auto& o = options_;
  o.log = [this](const std::string& l) {
    // The lobby table and the comms list show these already; the rest is table news.
    if (l.rfind("lobby: module ", 0) == 0 || l.rfind("  seat ", 0) == 0 || l.rfind("[comms] ", 0) == 0) return;
    post([this, t = QString::fromStdString(l)] { emit news(t); });
  };
  o.onNotice = [this](const std::string& l) { post([this, t = QString::fromStdString(l)] { emit notice(t); }); };
  o.onLobby = [this](const net::LobbyMsg& l) {
    if (!options_.host && !lobbyProblem_) lobbyProblem_ = lobbyTableProblem(l);
    post([this, l] {
      announceChanges(l);
      lobby_ = l;
      emit lobbyChanged();
    });
  };
  o.onLinks = [this](const std::vector<net::SeatLink>& l) {
    post([this, l] {
      links_ = l;
      emit linksChanged();
    });
  };
  o.leaveLobby = [this] { return leave_.load() || lobbyProblem_.has_value(); };
  o.leave = [this] { return leave_.load(); };
  o.requests = [this]() -> std::optional<net::TableRequest> {
    std::lock_guard<std::mutex> lock(mu_);
    if (requests_.empty()) return std::nullopt;
    auto r = std::move(requests_.front());
    requests_.pop_front();
    return r;
  };
  o.onComms = [this](const net::CommsRecord& r) {
    const bool mine = r.msg.from == options_.key.publicKey;
    post([this, from = QString::fromStdString(r.fromName), line = commsLine(r.msg), mine] {
      emit comms(from, line, mine);
    });
  };
  o.onStatus = [this](const net::TableStatus& s) {
    post([this, s] {
      status_ = s;
      emit changed();
    });
  };
  o.onApplied = [this](const lockstep::TurnEngine& e, Seat me) {
    // Issue 26: at a hidden-hands table our seat's view (its hand opened by our key) is what the table draws.
    std::shared_ptr<Game> g = lockstep::seatView(e, me, options_.key);
    if (!g) g = e.game().clone();
    std::vector<lockstep::Controller> control;
    for (Seat s = 0; s < e.membership().seatCount(); ++s) control.push_back(e.membership().seat(s).controller);
    post([this, g, me, t = e.turn(), control] { applied(g, me, t, control); });
  };
  o.decide = [this](const lockstep::TurnEngine& e, Seat, uint64_t clockLeftMs) -> std::optional<std::vector<Order>> {
    std::lock_guard<std::mutex> lock(mu_);
    const uint64_t clockS = clockLeftMs == UINT64_MAX ? UINT64_MAX : (clockLeftMs + 999) / 1000;
    if (!askedTurn_ || *askedTurn_ != e.turn() || clockS != lastClockS_) {
      askedTurn_ = e.turn();
      lastClockS_ = clockS;
      post([this, t = e.turn(), clockS] {
        deciding_ = t;
        clockLeftS_ = clockS == UINT64_MAX ? -1 : static_cast<int>(clockS);
        emit changed();
      });
    }
    if (chosen_ && chosen_->turn == e.turn()) {
      auto orders = std::move(chosen_->orders);
      chosen_.reset();
      return orders;
    }
    return std::nullopt;
  };
  worker_ = std::thread([this] { run(); });
}

void NetSession::run() {
  NetFailure failure;
  // The router forgets the port when this goes: the lobby or the game ended, or ~NetSession (the window closed).
  std::unique_ptr<net::PortMapping> mapping;
  if (internet_) {
    auto opened = net::openToInternet(options_, *options_.demandSecret, [this](const std::string& l) {
      post([this, t = QString::fromStdString(l)] { emit news(t); });
    });
    if (!opened) {
      failure.message = opened.message();
      post([this, failure] {
        finished_ = true;
        emit ended(false, failure);
      });
      return;
    }
    mapping = std::move(opened->mapping);
    post([this, code = QString::fromStdString(opened->code), line = QString::fromStdString(opened->routerLine)] {
      invitation_ = Invitation{code, line};
      emit invited();
    });
  }
  auto r = net::runNode(options_, &failure.kind);
  if (!r) failure.message = r.message();
  mapping.reset();  // before ended(): a window told the table ended finds the router's port closed
  if (lobbyProblem_) failure = *lobbyProblem_;
  std::optional<net::NodeResult> res;
  if (r) res = std::move(*r);
  post([this, ok = r.ok() && !lobbyProblem_, failure, res] {
    finished_ = true;
    result_ = res;
    emit ended(ok, failure);
  });
}

void NetSession::applied(std::shared_ptr<Game> game, Seat me, uint32_t turn, std::vector<lockstep::Controller> control) {
  view_ = std::move(game);
  me_ = me;
  turn_ = turn;
  if (deciding_ && *deciding_ < turn) deciding_.reset();  // the turn went by (our clock ran out, an officer played)
  auto lines = view_->narrationSince(narrationSeen_);
  narration_.insert(narration_.end(), lines.begin(), lines.end());
  narrationSeen_ = view_->narrationTotal();
  // RULES §IX / issue 12: substitutions and reclaims, as they happen; issue 31: a seat whose owner said goodbye left.
  if (control_.size() == control.size())
    for (Seat s = 0; s < control.size(); ++s) {
      if (control[s] == control_[s]) continue;
      const bool left = std::find(status_.left.begin(), status_.left.end(), s) != status_.left.end();
      if (control[s] != lockstep::Controller::Ai)
        emit news(QStringLiteral("%1 is back and plays the seat again (turn %2)").arg(seatName(s)).arg(turn));
      else if (left)
        emit news(QStringLiteral("%1 left: an AI officer plays the seat (from turn %2)").arg(seatName(s)).arg(turn));
      else
        emit news(QStringLiteral("%1 fell silent: an AI officer plays the seat (substituted at turn %2)").arg(seatName(s)).arg(turn));
    }
  control_ = std::move(control);
  emit changed();
}

// Joins, leaves and ready marks as table news, from one lobby to the next (the node logs only leaves).
void NetSession::announceChanges(const net::LobbyMsg& next) {
  if (!lobby_ || lobby_->seats.size() != next.seats.size()) return;
  for (size_t i = 0; i < next.seats.size(); ++i) {
    const auto& was = lobby_->seats[i];
    const auto& now = next.seats[i];
    const QString name = QString::fromStdString(now.name), fp = QString::fromStdString(now.key.fingerprint());
    if (now.kind == net::SeatKind::Human && (was.kind != net::SeatKind::Human || was.key != now.key))
      emit news(tr("%1 [%2] took seat %3").arg(name, fp).arg(i));
    else if (now.kind == net::SeatKind::Human && now.ready != was.ready)
      emit news(now.ready ? tr("%1 is ready").arg(name) : tr("%1 is not ready").arg(name));
  }
}

QString NetSession::seatName(Seat s) const {
  if (lobby_ && s < lobby_->seats.size()) return QStringLiteral("seat %1 %2").arg(s).arg(QString::fromStdString(lobby_->seats[s].name));
  return QStringLiteral("seat %1").arg(s);
}

TableFrame NetSession::frame() const {
  TableFrame f;
  f.me = me_;
  if (!view_) return f;
  f.obs = view_->observe(me_);
  f.game = view_.get();
  if (lobby_)  // every person by the name they gave the lobby; officers by the module's label
    for (const auto& seat : lobby_->seats) f.seatNames.push_back(seat.kind == net::SeatKind::Human ? QString::fromStdString(seat.name) : QString());
  if (deciding_ && *deciding_ == turn_ && !over() && !leave_.load()) {  // a person who left decides nothing: no tile glows
    f.legal = view_->legalOrders(me_);
    auto aw = view_->awaiting();
    f.outOfTurn = !f.legal.empty() && std::find(aw.begin(), aw.end(), me_) == aw.end();
  }
  return f;
}

void NetSession::request(net::TableRequest r) {
  std::lock_guard<std::mutex> lock(mu_);
  requests_.push_back(std::move(r));
}

Result<void> NetSession::choose(const Order& order) {
  if (!view_ || !deciding_ || *deciding_ != turn_) return Err("not your turn: the table is waiting for another captain");
  if (over()) return Err("the game is over");
  if (auto ok = view_->validate(me_, order); !ok) return ok.error();
  {
    std::lock_guard<std::mutex> lock(mu_);
    chosen_ = Decision{turn_, {order}};
  }
  deciding_.reset();
  emit changed();
  return Ok();
}

Result<void> NetSession::letGo() {
  if (!frame().outOfTurn) return Err("there is nothing to let go: it is not an out-of-turn choice");
  {
    std::lock_guard<std::mutex> lock(mu_);
    chosen_ = Decision{turn_, {}};
  }
  deciding_.reset();
  emit changed();
  return Ok();
}

}  // namespace concord::ui
