// playCampaign: a table of bots without the network, same orders as lockstep's botOrdersFor.
#include "core/warp/ai/campaign.h"

#include <memory>

#include "core/warp/module.h"
#include "core/warp/state.h"

namespace concord::warp::ai {

Result<CampaignResult> playCampaign(const Config& cfg, const std::vector<std::string>& kinds, const det::Seed& seed,
                                    uint32_t maxTurns, const OrderSink& sink) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (const auto& k : kinds) bots.push_back(makeBot(k));
  return playCampaign(cfg, bots, seed, maxTurns, sink);
}

Result<CampaignResult> playCampaign(const Config& cfg, std::vector<std::unique_ptr<Bot>>& bots, const det::Seed& seed,
                                    uint32_t maxTurns, const OrderSink& sink) {
  WarpGame g;
  auto seats = static_cast<Seat>(bots.size());
  if (auto r = g.setup(encodeConfig(cfg), seed, seats); !r) return r.error();
  CampaignResult res;
  uint16_t round = g.round();
  uint16_t blocked = g.blockedDeals();
  for (uint32_t turn = 0; !g.over(); ++turn) {
    if (turn >= maxTurns) return Err("campaign did not finish in ", maxTurns, " turns");
    std::vector<std::vector<Order>> orders(seats);
    std::vector<SeatOrders> bySeat;
    for (Seat s = 0; s < seats; ++s) {
      auto legal = g.legalOrders(s);
      if (legal.empty()) continue;
      auto rng = botStream(seed, s, turn);
      orders[s] = bots[s]->choose(g.observeForOfficer(s), legal, rng);
      if (sink)
        for (const auto& o : orders[s]) sink(turn, s, o);
      bySeat.push_back(SeatOrders{s, orders[s]});
    }
    if (bySeat.empty()) return Err("turn ", turn, ": no seat has a legal order but the campaign is not over");
    g.apply(TurnInput{turn, bySeat});
    g.seal(turn);
    res.turns = turn + 1;
    // A deal ended when a Go-out deal was re-dealt blocked, the round number moved, or the campaign ended.
    if (g.blockedDeals() > blocked) {
      ++res.rounds;
      ++res.blockedRounds;
    } else if (g.round() != round || g.over()) {
      ++res.rounds;
      if (g.lastRoundBlocked()) ++res.blockedRounds;
    }
    round = g.round();
    blocked = g.blockedDeals();
  }
  for (Seat s : g.sectorWinners()) res.winners.push_back(s);
  return res;
}

}  // namespace concord::warp::ai
