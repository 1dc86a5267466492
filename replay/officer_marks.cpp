#include "replay/officer_marks.h"

#include "lockstep/assistance.h"
#include "lockstep/peer.h"

namespace concord::replay {

std::optional<FalseMark> falseOfficerMark(const lockstep::TurnEngine& before, std::span<const std::vector<Order>> ordersBySeat,
                                          uint64_t& checked, const RevealedKeys* keys) {
  const auto& session = before.session();
  const HiddenInfo* hidden = before.game().hiddenInfo();
  for (Seat s = 0; s < ordersBySeat.size() && s < session.seats.size(); ++s) {
    const auto& orders = ordersBySeat[s];
    bool marked = false;
    for (const auto& o : orders)
      if (o.kind == lockstep::kOfficerPlayed && lockstep::checkAssistanceOrder(o, s)) marked = true;
    if (!marked || session.seats[s].ai) continue;
    std::optional<HolderKey> key;
    if (hidden) {
      // The officer saw the seat's hand only if the peer that signed this bundle keeps it (lockstep/deck_duty.h
      // seatView): a steward substituting a person it does not keep played from the public table.
      const Seat keeper = hidden->keeperOf(s);
      if (!keys || keeper >= keys->size()) continue;
      std::vector<Seat> substitutedNow;
      if (!orders.empty() && orders.front().kind == lockstep::kSubstitute) substitutedNow.push_back(s);
      lockstep::Membership now = before.membership();
      (void)now.beginTurn(before.turn());  // a reclaim due this turn: the owner signs it again (TurnLedger::membershipNow)
      const auto signer = now.expectedSigner(session, s, substitutedNow);
      if (signer == session.seats[keeper].key && !session.seats[keeper].ai) {
        if (!(*keys)[keeper]) continue;  // not provable before the end's keys
        key = (*keys)[keeper];
      }
    }
    std::vector<Order> played;
    for (const auto& o : orders)
      if (o.kind < lockstep::kSystemOrderBase && !(hidden && hidden->isDeckWork(o))) played.push_back(o);
    auto bot = lockstep::makeSeatBot(session, s);
    if (!bot) return FalseMark{s, "marked as played by its officer, but module " + session.moduleId + " has no officer"};
    ++checked;
    if (lockstep::botOrdersFor(before, s, *bot, nullptr, key ? &*key : nullptr) != played)
      return FalseMark{s, "marked as played by its officer, but the officer gives other orders here (a false OfficerPlayed mark)"};
  }
  return std::nullopt;
}

}  // namespace concord::replay
