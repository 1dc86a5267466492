// One Warp campaign played by bots exactly as a lockstep table asks them (lockstep::botOrdersFor): every
// turn each seat with a legal order gets its Observation and its "ai.<seat>.<turn>" stream; orders apply in
// seat order. Used by the calibration harness (concord calibrate), tests and benchmarks.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/det/rng.h"
#include "core/game/game.h"
#include "core/warp/config.h"

namespace concord::warp::ai {

struct CampaignResult {
  std::vector<Seat> winners;  // sector winners (ties share, RULES §V)
  uint32_t turns = 0;
  uint32_t rounds = 0;        // rounds completed or re-dealt (every round change)
  uint32_t blockedRounds = 0;  // of those, blocked sectors (§V)
};

/// Every order one seat gave in one turn, for golden files and reproducibility checks.
using OrderSink = std::function<void(uint32_t turn, Seat seat, const Order& order)>;

/// Plays `kinds[s]` (any Warp bot kind) in seat s until the campaign ends or `maxTurns` pass (an error).
Result<CampaignResult> playCampaign(const Config& cfg, const std::vector<std::string>& kinds, const det::Seed& seed,
                                    uint32_t maxTurns = 200000, const OrderSink& sink = {});
/// The same with ready-made bots (custom officer profiles while tuning), one per seat.
Result<CampaignResult> playCampaign(const Config& cfg, std::vector<std::unique_ptr<Bot>>& bots, const det::Seed& seed,
                                    uint32_t maxTurns = 200000, const OrderSink& sink = {});

}  // namespace concord::warp::ai
