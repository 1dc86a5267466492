// §VI Module terms of a chart: Hazard Marker risk (Delta), Double Down (Iota), Longest Trail / Trail
// Momentum (Theta), Wormholes (Lambda, ../shared/seeds/001 "wormholeOpportunity"), squadrons (Zeta).
// Only the Commander's full stack reads them (Ensign and Lieutenant play the modules blind).
#include <algorithm>

#include "core/warp/ai/context.h"

namespace concord::warp::ai {

namespace {
// Lambda design doc's evaluateTrailQuality, made concrete (docs/rules-decisions.md "Warp AI officers"):
// a line is worth 2 per coordinate on it plus 10 per coordinate of mine that answers its open end.
int trailQuality(const Context& c, uint8_t line) {
  return 2 * static_cast<int>(c.line(line).main.size()) + 10 * c.handPip[c.openEnd(line)];
}
}  // namespace

void moduleChartTerms(const Context& c, Tile t, uint8_t line, bool cover, std::vector<Term>& out) {
  if (!c.full()) return;
  const uint8_t home = c.g.homeLine(c.me);
  const uint8_t nz = static_cast<uint8_t>(c.seats);
  // §VI Delta: charting onto the Neutral Zone takes the Hazard Marker (+5 a pass, or draw 2 in Go-out).
  if (c.cfg.delta && line == nz && c.g.hazardHolder() != c.me) out.push_back({TermId::HazardRisk, c.points ? -10 : -25, 5});
  // §VI Iota: a charted double makes the next captain draw 2.
  if (c.cfg.iota && t.isDouble() && !cover) out.push_back({TermId::IotaWager, c.points ? 10 : 30, 2});
  if (c.cfg.theta && line == home) {
    size_t len = c.line(home).main.size() + 1;
    if (c.points) out.push_back({TermId::ThetaTrail, 3, static_cast<int32_t>(len)});  // Longest Trail -3
    else if (len == 5) out.push_back({TermId::ThetaTrail, 25, 5});                    // Trail Momentum extra turn
  }
  if (c.cfg.lambda && t.isDouble() && !cover && line == nz) {
    // wormholeOpportunity (Lambda design doc §4): the NZ becomes my trail with the double's alert on it.
    bool canAnswer = c.othersWith(t, t.hi) > 0;
    int gain = trailQuality(c, nz) - trailQuality(c, home);
    int pts = !canAnswer ? -500 : gain > 10 ? 50 : gain < -10 ? -30 : 0;
    out.push_back({TermId::WormholeOpportunity, pts, canAnswer ? 1 : 0, gain});
  }
  if (c.cfg.lambda && line == home && !cover) {
    // wormholeDefense: a long own trail is what a wormhole steals; theft risk discounts building it.
    int len = static_cast<int>(c.line(home).main.size());
    if (len >= 4) out.push_back({TermId::WormholeDefense, -2 * (len - 3), len});
  }
  if (c.cfg.squadrons && line == home && !cover) out.push_back({TermId::ZetaSquadron, 3});
}

}  // namespace concord::warp::ai
