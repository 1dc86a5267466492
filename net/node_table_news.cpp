// What the node tells the people at its table while the game runs: who has the helm at the start, the
// ready-to-paste addresses of the table, and where the table stands (TableStatus events, or a log line).
#include <algorithm>

#include "net/node_internal.h"

namespace concord::net {

// "seat 0 alice has the helm" (or "you have the helm"): who acts first, in words.
std::string Node::whoHasTheHelm(const GameInProgress& g) const {
  const auto first = g.peer->engine().awaiting();
  std::string names;
  for (Seat s : first) {
    if (!names.empty()) names += ", ";
    names += s == g.mySeat && !spectator_ ? std::string("you") : "seat " + std::to_string(s) + " " + seats_[s].name;
  }
  if (first.empty()) return "nobody is awaited";
  return names + (first.size() == 1 ? (names == "you" ? " have the helm" : " has the helm") : " act first");
}

SeatNames Node::shownNames() const {
  SeatNames out;
  for (const auto& seat : seats_) {
    std::string n = seat.name;
    for (char& c : n)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
    out.push_back(std::move(n));
  }
  return out;
}

std::string Node::seatCalled(Seat s) const {
  const auto names = shownNames();
  return "seat " + std::to_string(s) + (s < names.size() ? " (" + names[s] + ")" : std::string());
}

// One event line whenever a seat passes to an AI officer or back to its owner, on every peer (issue 10: the
// table said nothing when it substituted a seat; a test had to guess from the countdown line). Our own seat is
// told in the first person.
void Node::followSeatControl(GameInProgress& g, uint64_t nowMs) {
  const lockstep::Peer& peer = *g.peer;
  if (peer.turn() == g.lastTurnSeen && !g.ownerRun.empty()) return;
  const uint64_t waited = nowMs - g.lastTurnChangeMs;  // how long the table stood at the turn that just went by
  g.lastTurnSeen = peer.turn();
  g.lastTurnChangeMs = nowMs;
  const auto& m = peer.engine().membership();
  const bool first = g.ownerRun.empty();
  if (first) g.ownerRun.assign(m.seatCount(), true);
  for (Seat s = 0; s < m.seatCount() && s < g.ownerRun.size(); ++s) {
    if (s < seats_.size() && seats_[s].kind != SeatKind::Human) continue;  // AI seats by the session never change hands
    const auto& control = m.seat(s);
    const bool owned = control.controller == lockstep::Controller::Owner;
    if (owned == g.ownerRun[s]) continue;
    g.ownerRun[s] = owned;
    const bool mine = s == g.mySeat && !spectator_;
    const bool live = !first && !peer.syncing() && !peer.following();  // a measured wait, not a fast-forward
    if (mine)
      log(owned ? seatCalled(s) + " is ours again from turn " + std::to_string(control.since) + " (reclaimed)"
                : seatCalled(s) + " is run by an AI officer from turn " + std::to_string(control.since));
    else if (!owned && std::find(g.left.begin(), g.left.end(), s) != g.left.end())
      log(seatCalled(s) + " left: substituted by an AI officer at turn " + std::to_string(control.since));
    else if (!owned)
      log(seatCalled(s) + " substituted by an AI officer at turn " + std::to_string(control.since) +
          (live ? " after " + std::to_string(waited / 1000) + " s of silence" : std::string()));
    else
      log(seatCalled(s) + " is back: its owner took it over again at turn " + std::to_string(control.since));
    if (owned) std::erase(g.left, s);  // back at the table: a later silence is a silence
  }
}

// Issue 31: a seat owner that leaves by choice says so (GoodbyeMsg), so the table reports "left", not "fell silent".
// Sent reliably to every other seated person, then a quarter second for it to go out: ENet drops what a peer has not
// dispatched when our transport's own goodbye (the disconnect) comes in.
void Node::sayGoodbye(const GameInProgress& g) {
  if (!spectator_ && g.peer)
    for (Seat s = 0; s < seats_.size(); ++s)
      if (seats_[s].kind == SeatKind::Human && s != g.mySeat) send(seats_[s].key, GoodbyeMsg{g.peer->turn()});
  transport_.flush();
  for (const uint64_t until = steadyMs() + 250; steadyMs() < until;) transport_.pump(steadyMs() - startMs_, 10);
}

// Only a seated person speaks for its own seat: the link authenticated `from`, and a goodbye names nobody else.
void Node::noteGoodbye(GameInProgress& g, const lockstep::PublicKey& from, const GoodbyeMsg& bye) {
  const auto seat = seatOf(from);
  if (!seat || *seat == g.mySeat || seats_[*seat].kind != SeatKind::Human) return;
  const Seat s = static_cast<Seat>(*seat);
  if (std::find(g.left.begin(), g.left.end(), s) != g.left.end()) return;
  g.left.push_back(s);
  log(seatCalled(s) + " left the table at turn " + std::to_string(bye.turn) + "; an AI officer takes the seat when the wait runs out");
  if (g.peer) showStatus(g, now());  // before any turn that substitutes the seat reaches a front end
}

// Ready to paste after a crash (ours or the host's): every seated peer answers a returning owner.
void Node::showTableAddresses(const GameInProgress& g) const {
  for (Seat s = 0; s < seats_.size(); ++s)
    if (seats_[s].kind == SeatKind::Human && s != g.mySeat && seats_[s].port != 0)
      log("this table: concord join " + seats_[s].host + ":" + std::to_string(seats_[s].port) + "   (seat " + std::to_string(s) + " " +
          seats_[s].name + "), or concord join lan");
}

// A returning owner may come back at another port (or address): the description we hand the next rejoiner, and the
// way back we print, name where it is now, not where the lobby saw it (issue 24: a stale `concord join` line).
void Node::keepReturnAddress(size_t seat, const lockstep::PublicKey& key, uint16_t advertisedPort) {
  if (seat >= seats_.size()) return;
  auto at = transport_.remoteAddress(key);
  if (!at) return;
  seats_[seat].host = at->host;
  seats_[seat].port = advertisedPort ? advertisedPort : at->port;
}

// Who the table waits for, or when silent seats will be substituted: an event for a status line
// (NodeOptions::onStatus), else a log line every 2 s.
void Node::showStatus(GameInProgress& g, uint64_t nowMs) {
  const lockstep::Peer& peer = *g.peer;
  TableStatus st;
  st.turn = peer.turn();
  for (Seat s : peer.deciding()) {
    if (s != g.mySeat) st.deciding.push_back(s);
    else st.weDecide = opt_.decide && !spectator_;
  }
  st.waitedMs = nowMs - g.lastTurnChangeMs;
  st.substituteInMs = st.waitedMs < peer.toleranceNow() ? peer.toleranceNow() - st.waitedMs : 0;
  st.syncing = peer.syncing();
  st.over = peer.over();
  if (opt_.onStatus) {
    for (const auto& seat : seats_) st.seatNames.push_back(seat.name);
    st.left = g.left;
    const bool changed = st.turn != g.lastStatus.turn || st.deciding != g.lastStatus.deciding || st.weDecide != g.lastStatus.weDecide ||
                         st.syncing != g.lastStatus.syncing || st.over != g.lastStatus.over || st.left != g.lastStatus.left;
    if (!changed && nowMs < g.nextStatusMs) return;
    g.nextStatusMs = nowMs + 1000;
    g.lastStatus = st;
    return opt_.onStatus(st);
  }
  if (nowMs < g.nextStatusMs) return;
  g.nextStatusMs = nowMs + 2000;
  std::string thinking;
  for (Seat s : st.deciding) thinking += (thinking.empty() ? "" : ", ") + std::to_string(s) + " " + seats_[s].name;
  if (st.waitedMs > 1000 && !st.over && !thinking.empty()) {
    log("turn " + std::to_string(st.turn) + ": seat " + thinking + " deciding (" + std::to_string(st.waitedMs / 1000) + " s)");
  } else if (st.waitedMs > 1000 && !st.over && !st.weDecide) {
    log("turn " + std::to_string(st.turn) + ": waiting " + std::to_string(st.waitedMs / 1000) + " s; silent seats are substituted in " +
        std::to_string((st.substituteInMs + 999) / 1000) + " s");
  } else if (!st.over && !opt_.decide) {
    log("turn " + std::to_string(st.turn) + (st.syncing ? " (syncing)" : ""));
  }
}

}  // namespace concord::net
