// Subspace messaging at the node (RULES IX): messages received in every phase are checked against the
// table and the comms policy, kept (log, replay, NodeResult) and, in the lobby, relayed by the host;
// typed requests (net/table_request.h) are composed, signed and sent.
#include <algorithm>
#include <type_traits>

#include "net/node_internal.h"

namespace concord::net {

std::optional<lockstep::PublicKey> Node::tableKey() const {
  if (lobby_.seats.empty() || lobby_.seats[0].kind != SeatKind::Human) return std::nullopt;
  return lobby_.seats[0].key;
}

void Node::onComms(const ControlMessage& c) {
  auto m = decodeComms(c.bytes);
  if (!m) {
    ++commsRefused_;
    log("refused comms from " + who(c.from) + ": " + m.message());
    return;
  }
  if (m->from == opt_.key.publicKey) return;  // our own, relayed back
  auto table = tableKey();
  if (!table || !seatOf(m->from)) {
    ++commsRefused_;
    log("refused comms from " + who(m->from) + ": not a captain at this table");
    return;
  }
  if (m->kind == CommsKind::Direct && m->toSeat >= lobby_.seats.size()) {
    ++commsRefused_;
    log("refused comms from " + who(m->from) + ": a DM to seat " + std::to_string(m->toSeat) + ", which does not exist");
    return;
  }
  policy_.setTable(*table);
  if (auto ok = policy_.accept(commsMode_, rated(), *m, c.from, now()); !ok) {
    const std::string why = ok.message();
    if (why.rfind("duplicate", 0) == 0) return;  // the same message by another route
    if (why == "muted") return;                  // hidden for the session
    ++commsRefused_;
    log("refused comms from " + who(m->from) + " (" + std::string(modeName(commsMode_)) + (rated() ? ", rated" : ", casual") + "): " + why);
    return;
  }
  recordAccepted(*m, c.bytes);
  // In the lobby joiners are connected to the host only: the host relays (signatures stay the sender's).
  if (opt_.host && commsMode_ == CommsMode::Lobby)
    for (const auto& s : lobby_.seats)
      if (s.kind == SeatKind::Human && s.key != opt_.key.publicKey && s.key != m->from && s.key != c.from)
        transport_.sendControl(s.key, c.bytes);
}

// An accepted message (ours or another captain's): shown, kept in the replay and in NodeResult::comms.
void Node::recordAccepted(const CommsMsg& m, const std::vector<uint8_t>& wire) {
  ++commsAccepted_;
  CommsRecord rec{currentTurn_, commsMode_, seatOf(m.from) ? lobby_.seats[*seatOf(m.from)].name : "?", m, wire};
  log("[comms] " + who(m.from) + " " + describeComms(m));
  if (auto seat = seatOf(m.from); seat && !opt_.replayPath.empty()) {
    // Kept in the replay beside the orders (a per-peer annotation, signed by its sender): lobby messages
    // wait for the replay to be created at launch and are written at turn 0.
    replay::CommsEntry e{currentTurn_, static_cast<Seat>(*seat), commsSignedBytes(m), m.sig};
    if (game_ && game_->recorder && !rejoin_) {
      if (auto r = game_->recorder->recordComms(std::move(e)); !r) log("replay: comms not kept: " + r.message());
    } else if (commsBeforeReplay_.size() < 10000) {
      commsBeforeReplay_.push_back(std::move(e));
    }
  }
  if (opt_.onComms) opt_.onComms(rec);
  if (comms_.size() < 10000) comms_.push_back(std::move(rec));
}

void Node::handle(const TableRequest& request) {
  std::visit(
      [this](const auto& r) {
        using R = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<R, MuteRequest>) {
          auto s = seatByName(r.captain);
          if (!s) return notice("comms: no captain named '" + r.captain + "'");
          if (r.mute) policy_.mute(lobby_.seats[*s].key);
          else policy_.unmute(lobby_.seats[*s].key);
          notice("comms: " + lobby_.seats[*s].name + (r.mute ? " muted for this session" : " unmuted"));
        } else if constexpr (std::is_same_v<R, HailRequest>) {
          sendComms(CommsKind::Hail, r.hail, 0, "");
        } else if constexpr (std::is_same_v<R, SayRequest>) {
          sendComms(CommsKind::Text, 0, 0, r.text);
        } else if constexpr (std::is_same_v<R, ReadyRequest>) {
          ready(r.ready);
        } else if constexpr (std::is_same_v<R, LaunchRequest>) {
          launch();
        } else if constexpr (std::is_same_v<R, KickRequest>) {
          kick(r.seat);
        } else if constexpr (std::is_same_v<R, RulesRequest>) {
          changeRules(r);
        } else if constexpr (std::is_same_v<R, SeatKindRequest>) {
          changeSeat(r);
        } else {
          static_assert(std::is_same_v<R, DirectRequest>);
          if (r.seat >= lobby_.seats.size()) return notice("comms: /dm takes a seat number and a message");
          sendComms(CommsKind::Direct, 0, static_cast<uint8_t>(r.seat), r.text);
        }
      },
      request);
}

void Node::sendComms(CommsKind kind, uint16_t hail, uint8_t toSeat, const std::string& text) {
  auto table = tableKey();
  if (!table) return notice("comms: not at a table yet");
  if (!seatOf(opt_.key.publicKey)) return notice("comms: spectators cannot send messages");
  outbox_.setTable(*table);
  CommsMsg m;
  if (opt_.senderChecks) {
    auto c = outbox_.compose(commsMode_, rated(), kind, hail, toSeat, text, now());
    if (!c) return notice("comms: not sent: " + c.message());
    m = std::move(*c);
  } else {
    m = outbox_.composeUnchecked(kind, hail, toSeat, text);
  }
  auto wire = encodeComms(m);
  for (const auto& k : transport_.connectedKeys()) transport_.sendControl(k, wire);
  recordAccepted(m, wire);
}

// A ReadyRequest (a front end's Ready box): a joiner tells the host; the host is always ready.
void Node::ready(bool r) {
  if (commsMode_ != CommsMode::Lobby || lobby_.launched) return notice("lobby: the game has launched");
  if (opt_.host) return notice("lobby: the host is always ready; Launch starts the game");
  auto table = tableKey();
  if (!table || !seatOf(opt_.key.publicKey)) return notice("lobby: no seat for us yet; wait for the host's lobby");
  readyFor_ = lobby_.session.configHash();  // what we agree to; the launch must be under these rules
  send(*table, ReadyMsg{r, readyFor_});
}

// A LaunchRequest (the host's Launch button): start once everyone in is ready; open seats become officers.
void Node::launch() {
  if (!opt_.host) return notice("lobby: only the host launches the game");
  if (commsMode_ != CommsMode::Lobby || lobby_.launched) return;
  launchNow_ = true;
  std::string waiting;
  for (const auto& s : lobby_.seats)
    if (s.kind == SeatKind::Human && !s.ready) waiting += (waiting.empty() ? "" : ", ") + s.name;
  notice(waiting.empty() ? "lobby: launching" : "lobby: launching as soon as " + waiting + " mark ready");
}

// A KickRequest (the host's Remove button, before the launch): the person is told why, the seat opens again
// and their key is refused at this table from then on.
void Node::kick(unsigned seat) {
  if (!opt_.host) return notice("lobby: only the host removes a captain");
  if (commsMode_ != CommsMode::Lobby || lobby_.launched) return notice("lobby: the game has launched; the seats are fixed");
  if (seat == 0 || seat >= lobby_.seats.size() || lobby_.seats[seat].kind != SeatKind::Human)
    return notice("lobby: seat " + std::to_string(seat) + " has no captain to remove");
  const lockstep::PublicKey key = lobby_.seats[seat].key;
  kicked_.push_back(key);
  send(key, RefuseMsg{"the host removed you from this table", RefuseReason::Kicked});
  notice("lobby: removed " + who(key) + "; the seat is open again");
  lobby_.seats[seat] = LobbySeat{};
  broadcastLobby();
}

// A RulesRequest (the host's Change the rules, before the launch): the module checks the new options against the
// seats; every joiner receives them in the next lobby with their config hash, and the ready marks given for the
// old rules reset (a person agrees to rules, not to a table).
void Node::changeRules(const RulesRequest& r) {
  if (!opt_.host) return notice("lobby: only the host changes the rules");
  if (commsMode_ != CommsMode::Lobby || lobby_.launched) return notice("lobby: the game has launched; the rules are locked");
  if (!lobby_.session.charter.id.empty())
    return notice("lobby: crew charter '" + lobby_.session.charter.id + "' froze these rules; they cannot change at this table");
  auto mod = findModule(lobby_.session.moduleId);
  if (!mod) return notice("lobby: " + mod.message());
  auto cfg = (*mod)->parseConfig(r.options);
  if (!cfg) return notice("lobby: rules not changed: " + cfg.message());
  if (auto fits = (*mod)->create()->setup(*cfg, det::Seed{}, static_cast<Seat>(lobby_.seats.size())); !fits)
    return notice("lobby: rules not changed: " + fits.message());
  const auto before = lobby_.session.configHash();
  lobby_.session.config = std::move(*cfg);
  lobby_.session.rated = r.rated;
  if (lobby_.session.configHash() == before) return;  // the same rules: nobody's mark is stale
  for (size_t i = 1; i < lobby_.seats.size(); ++i)
    if (lobby_.seats[i].kind == SeatKind::Human) lobby_.seats[i].ready = false;
  notice("lobby: rules changed (config hash " + lobby_.session.configHash().hex() + "); every captain marks ready again");
  broadcastLobby();
}

// A SeatKindRequest (the host's seat list, before the launch): a seat nobody holds becomes open for a person or
// an AI officer of the chosen strength. A person's seat is not taken from them: Remove first.
void Node::changeSeat(const SeatKindRequest& r) {
  if (!opt_.host) return notice("lobby: only the host changes the seats");
  if (commsMode_ != CommsMode::Lobby || lobby_.launched) return notice("lobby: the game has launched; the seats are fixed");
  if (r.seat == 0 || r.seat >= lobby_.seats.size()) return notice("lobby: seat " + std::to_string(r.seat) + " is not one the host can change");
  if (lobby_.seats[r.seat].kind == SeatKind::Human)
    return notice("lobby: " + lobby_.seats[r.seat].name + " holds seat " + std::to_string(r.seat) + "; remove them first");
  if (!r.officer.empty()) {
    auto mod = findModule(lobby_.session.moduleId);
    if (mod && std::find((*mod)->botKinds.begin(), (*mod)->botKinds.end(), r.officer) == (*mod)->botKinds.end())
      return notice("lobby: " + lobby_.session.moduleId + " has no officer of strength '" + r.officer + "'");
  }
  if (r.officer.empty()) lobby_.seats[r.seat] = LobbySeat{};
  else lobby_.seats[r.seat] = LobbySeat{SeatKind::Ai, "AI " + std::to_string(r.seat), opt_.key.publicKey, true, "", 0, false};
  aiKinds_[r.seat] = r.officer;
  broadcastLobby();
}

}  // namespace concord::net
