// Warp bots. They see only their Observation and their legal orders (core/game/game.h Bot).
#include <algorithm>

#include "core/warp/ai/officer.h"
#include "core/warp/module.h"
#include "core/warp/orders.h"

namespace concord::warp {

namespace {

class RandomBot final : public Bot {
 public:
  std::vector<Order> choose(const Observation&, std::span<const Order> legal, det::Rng& rng) override {
    if (legal.empty()) return {};
    return {legal[static_cast<size_t>(rng.below(legal.size()))]};
  }
};

// Greedy: catch a missed announce, always announce Drop to Impulse, chart the heaviest coordinate
// (doubles first: they shed most when covered), prefer own trail, then the Neutral Zone; keep the
// heavier-to-lose wager coordinate lowest; pick a fixed useful Continuum directive; accept overtime.
class GreedyBot final : public Bot {
 public:
  std::vector<Order> choose(const Observation&, std::span<const Order> legal, det::Rng&) override {
    if (legal.empty()) return {};
    auto has = [&](uint16_t k) {
      return std::find_if(legal.begin(), legal.end(), [&](const Order& o) { return o.kind == k; }) != legal.end();
    };
    for (const auto& o : legal)
      if (o.kind == kCatch || o.kind == kAnnounce) return {o};
    const Order* best = nullptr;
    int bestScore = -1;
    for (const auto& o : legal) {
      if (o.kind == kChart && o.payload.size() == 4) {
        int score = (o.payload[0] + o.payload[1]) * 8 + (o.payload[0] == o.payload[1] ? 4 : 0) +
                    (o.payload[2] == 0 ? 2 : o.payload[2] == 1 ? 1 : 0);
        if (score > bestScore) bestScore = score, best = &o;
      } else if (o.kind == kWagerKeep && o.payload.size() == 2) {
        int score = 100 - (o.payload[0] + o.payload[1]);
        if (score > bestScore) bestScore = score, best = &o;
      } else if (o.kind == kFlash && o.payload.size() == 1) {
        int score = o.payload[0] == static_cast<uint8_t>(Directive::DistressAmplification) ? 50
                    : o.payload[0] == static_cast<uint8_t>(Directive::Peek)                ? 40
                                                                                            : 10;
        if (score > bestScore) bestScore = score, best = &o;
      } else if (o.kind == kOvertime && o.payload.size() == 1 && o.payload[0] == 1) {
        best = &o;
        bestScore = 1000;
      }
    }
    if (best) return {*best};
    if (has(kDraw)) return {simpleOrder(kDraw)};
    for (const auto& o : legal)
      if (o.kind != kShields) return {o};
    return {legal.front()};
  }
};

}  // namespace

std::unique_ptr<Bot> makeBot(std::string_view kind) {
  if (kind == "greedy") return std::make_unique<GreedyBot>();
  if (auto officer = ai::makeOfficer(kind)) return officer;  // RULES §VII (core/warp/ai/)
  // Tuning profiles (custom:DEPTH:BLUNDER:SLACK), so selfplay can seat the people-proxies of issue 30's match rate.
  if (auto custom = ai::parseCustomProfile(kind)) return ai::makeOfficer(*custom);
  return std::make_unique<RandomBot>();
}

}  // namespace concord::warp
