#include "lockstep/seat_bot.h"

#include "core/game/registry.h"
#include "lockstep/bundle.h"
#include "lockstep/deck_duty.h"

namespace concord::lockstep {

std::unique_ptr<Bot> makeSeatBot(const SessionConfig& session, Seat s) {
  auto mod = findModule(session.moduleId);
  if (!mod || !(*mod)->makeBot) return nullptr;
  const auto& info = session.seats[s];
  std::string kind = info.botKind.empty() && !(*mod)->botKinds.empty() ? (*mod)->botKinds.front() : info.botKind;
  return (*mod)->makeBot(kind, s);
}

std::vector<Order> botOrdersFor(const TurnEngine& e, Seat s, Bot& bot, const KeyPair* ours, const HolderKey* keeperKey) {
  // Awaited, or out of turn with something legal to do (Warp: a catch while the window is open).
  auto legal = e.game().legalOrders(s);
  if (legal.empty()) return {};
  std::unique_ptr<Game> view;
  if (keeperKey && e.game().hiddenInfo()) view = e.game().hiddenInfo()->viewFor(s, *keeperKey);
  else if (ours) view = seatView(e, s, *ours);
  const Game& g = view ? *view : e.game();
  if (view) legal = g.legalOrders(s);  // what the seat's own view allows (a hidden table's holder sees its hand)
  if (legal.empty()) return {};
  // A fresh stream per (seat, turn): any peer that becomes steward computes the same orders.
  auto rng = botStream(e.session().seed, s, e.turn());
  auto orders = bot.choose(g.observeForOfficer(s), legal, rng);
  // Room for the system orders a steward may add (a Substitute first, a Reclaim last).
  if (orders.size() > kMaxOrdersPerBundle - 2) orders.resize(kMaxOrdersPerBundle - 2);
  return orders;
}

}  // namespace concord::lockstep
