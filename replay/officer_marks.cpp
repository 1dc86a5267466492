#include "replay/officer_marks.h"

#include <algorithm>

#include "lockstep/assistance.h"
#include "lockstep/peer.h"

namespace concord::replay {

namespace {

// The view seat s's officer played from this turn: `provable` false when only the end's keys open it and we lack them;
// `key` set when it was its keeper's view, else the public table (lockstep/deck_duty.h seatView).
struct OfficerView {
  bool provable = true;
  std::optional<HolderKey> key;
};

OfficerView officerView(const lockstep::TurnEngine& before, Seat s, const std::vector<Order>& orders,
                        const RevealedKeys* keys) {
  const auto& session = before.session();
  const HiddenInfo* hidden = before.game().hiddenInfo();
  if (!hidden) return {};
  // The officer saw the seat's hand only if the peer that signed this bundle keeps it: a steward substituting a
  // person it does not keep, or running an officer whose keeper left, played from the public table.
  const Seat keeper = hidden->keeperOf(s);
  if (!keys || keeper >= keys->size()) return {false, std::nullopt};
  std::vector<Seat> substitutedNow;
  if (!orders.empty() && orders.front().kind == lockstep::kSubstitute) substitutedNow.push_back(s);
  lockstep::Membership now = before.membership();
  (void)now.beginTurn(before.turn());  // a reclaim due this turn: the owner signs it again (TurnLedger::membershipNow)
  const auto signer = now.expectedSigner(session, s, substitutedNow);
  if (signer != session.seats[keeper].key || session.seats[keeper].ai) return {};
  if (!(*keys)[keeper]) return {false, std::nullopt};  // not provable before the end's keys
  return {true, (*keys)[keeper]};
}

// The orders an officer chose among a bundle's: game orders, not system orders or deck work.
std::vector<Order> gameOrdersOf(const std::vector<Order>& orders, const HiddenInfo* hidden) {
  std::vector<Order> played;
  for (const auto& o : orders)
    if (o.kind < lockstep::kSystemOrderBase && !(hidden && hidden->isDeckWork(o))) played.push_back(o);
  return played;
}

// "draw; catch 2" as the seat would type them, or "nothing".
std::string ordersText(const Game& g, Seat s, const std::vector<Order>& orders) {
  std::string t;
  for (const auto& o : orders) t += (t.empty() ? "" : "; ") + g.orderText(s, o);
  return t.empty() ? "nothing" : t;
}

// Issue 30: whether AI seat s had a decision its officer must be asked about. With nothing legal it gives nothing
// (botOrdersFor); awaited with one legal order on an open table, that order is the only play (docs/rules-decisions.md
// "Issue 30: an AI seat's officer is re-run"), so only the engine's own validation applies.
bool decides(const lockstep::TurnEngine& before, Seat s, const std::vector<Order>& played, const HiddenInfo* hidden,
             OfficerAuditCounts& counts) {
  const auto legal = before.game().legalOrders(s);
  if (legal.empty()) return !played.empty();
  if (hidden || legal.size() != 1 || played != legal) return true;
  const auto awaited = before.game().awaiting();
  if (std::find(awaited.begin(), awaited.end(), s) == awaited.end()) return true;  // out of turn: it may decline
  ++counts.aiForced;
  return false;
}

// Whether the engine rejects every game order of seat s's bundle this turn (probed on a copy: only when an AI seat's
// orders differ from its officer's, which an honest record does only where they change nothing — e.g. a steward's
// officer ordering in the turn a seat change misdeals a hidden-hands table, RULES §V, docs/rules-decisions.md).
bool changedNothing(const lockstep::TurnEngine& before, std::span<const std::vector<Order>> ordersBySeat, Seat s,
                    const HiddenInfo* hidden) {
  auto probe = before.clone();
  probe->keepStates(false);
  const auto res = probe->step(ordersBySeat);
  const auto& orders = ordersBySeat[s];
  for (uint32_t i = 0; i < orders.size(); ++i) {
    if (orders[i].kind >= lockstep::kSystemOrderBase || (hidden && hidden->isDeckWork(orders[i]))) continue;
    const bool rejected = std::any_of(res.rejected.begin(), res.rejected.end(),
                                      [&](const Rejection& r) { return r.seat == s && r.index == i; });
    if (!rejected) return false;
  }
  return true;
}

}  // namespace

OfficerAudit::OfficerAudit(const lockstep::SessionConfig& session, const RevealedKeys* keys)
    : bots_(session.seats.size()), made_(session.seats.size(), false), keys_(keys) {}

Bot* OfficerAudit::botOf(const lockstep::SessionConfig& session, Seat s) {
  if (!made_[s]) {
    bots_[s] = lockstep::makeSeatBot(session, s);
    made_[s] = true;
  }
  return bots_[s].get();
}

std::optional<FalseMark> OfficerAudit::check(const lockstep::TurnEngine& before,
                                             std::span<const std::vector<Order>> ordersBySeat, OfficerAuditCounts& counts) {
  const auto& session = before.session();
  const HiddenInfo* hidden = before.game().hiddenInfo();
  for (Seat s = 0; s < ordersBySeat.size() && s < session.seats.size(); ++s) {
    const auto& orders = ordersBySeat[s];
    const bool ai = session.seats[s].ai;
    bool marked = false;
    for (const auto& o : orders)
      if (o.kind == lockstep::kOfficerPlayed && lockstep::checkAssistanceOrder(o, s)) marked = true;
    if (!ai && !marked) continue;
    auto played = gameOrdersOf(orders, hidden);
    if (ai && !decides(before, s, played, hidden, counts)) continue;
    const auto view = officerView(before, s, orders, keys_);
    if (!view.provable) continue;
    Bot* bot = botOf(session, s);
    const std::string kind = session.seats[s].botKind.empty() ? "(none named: the module's default)" : "'" + session.seats[s].botKind + "'";
    if (!bot) {
      if (!ai) return FalseMark{s, "marked as played by its officer, but module " + session.moduleId + " has no officer"};
      if (played.empty()) continue;
      return FalseMark{s, "an AI seat's orders, but module " + session.moduleId + " has no officer " + kind +
                              " to have given them (the header's officer kind was altered)"};
    }
    ++(ai ? counts.aiDecisions : counts.markedTurns);
    const auto officer = lockstep::botOrdersFor(before, s, *bot, nullptr, view.key ? &*view.key : nullptr);
    if (officer == played) continue;
    if (!ai)
      return FalseMark{s, "marked as played by its officer, but the officer gives other orders here (a false OfficerPlayed mark)"};
    if (changedNothing(before, ordersBySeat, s, hidden)) continue;
    const Game& g = before.game();
    return FalseMark{s, "an AI seat whose header names officer " + kind + ", which plays " + ordersText(g, s, officer) +
                            " here, but the file has " + ordersText(g, s, played) +
                            " (the seat's officer kind was relabelled, or its orders altered, and the file signed again); "
                            "this replay cannot be verified or rated"};
  }
  return std::nullopt;
}

}  // namespace concord::replay
