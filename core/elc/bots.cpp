// Every Last City bots. They see only their Observation and their legal orders (core/game/game.h Bot).
// "conqueror": gathers Legions into stacks that beat the target's defence and marches on the nearest prize,
// Landmarks and rival Seats first when a Track pays for them, then what its own Charter and Sealed Orders name
// (VC-3190) and the rest of a Region it half holds under a Region hold Warrant (VC-1815), never a team-mate's
// (VC-1570); votes in a Verdict by
// a seeded policy (VC-2810).
#include <algorithm>
#include <map>

#include "core/elc/map.h"
#include "core/elc/module.h"
#include "core/elc/orders.h"
#include "core/elc/state.h"
#include "core/elc/view.h"

namespace concord::elc {

namespace {

class RandomBot final : public Bot {
 public:
  std::vector<Order> choose(const Observation&, std::span<const Order> legal, det::Rng& rng) override {
    std::vector<Order> out;
    for (const auto& o : legal)
      if (o.kind != kConcede && o.kind != kMove && rng.below(2) == 0) out.push_back(o);
    return out;
  }
};

// VC-3190: how much this bot's own Charter and its own (held or revealed) Sealed Orders pay for taking city c, read
// from the Observation alone; 0 without §10, so those games play exactly as before. Lower scores are chosen.
}  // namespace

int32_t objectivePull(const View& v, int32_t me, size_t c) {
  const ViewPlayer& p = v.players[static_cast<size_t>(me)];
  const ViewCity& city = v.cities[c];
  int32_t pull = 0;
  switch (static_cast<Track>(p.charter)) {
    case Track::Keys: case Track::Ascendancy: case Track::GreatWork: pull += city.landmark >= 0 ? 10 : 0; break;
    case Track::Throne:
      pull += city.owner >= 0 && city.owner != me && v.players[static_cast<size_t>(city.owner)].seatCity == static_cast<int32_t>(c) ? 12 : 0;
      break;
    case Track::Hegemony: {  // fill the Regions already begun: whole Regions are the Track
      int32_t held = 0, size = 0;
      for (const auto& x : v.cities)
        if (x.region == city.region) ++size, held += x.owner == me ? 1 : 0;
      pull += held > 0 ? std::min<int32_t>(10, 2 + 8 * held / std::max(1, size)) : 0;
      break;
    }
    default: break;  // Dominion, Endurance, Prosperity, Every Last City: the nearest city is the right one
  }
  for (const auto& o : p.orders) {
    if (o.done || o.form == 0xFF) continue;
    auto f = static_cast<OrderForm>(o.form);
    if ((f == OrderForm::RegionShare || f == OrderForm::WholeRegion) && city.region == o.subject) pull += 6;
    if (o.city == static_cast<int32_t>(c)) pull += 12;
  }
  return pull;
}

// VC-1815: an announced or open Region hold Warrant pays the side holding every city of its Region, and is only
// opened on a Region some side holds half of; where ours is that side, the rest of the Region is worth a detour.
int32_t regionHoldPull(const View& v, int32_t me, size_t c) {
  const int32_t region = v.cities[c].region;
  if (std::find(v.regionHolds.begin(), v.regionHolds.end(), region) == v.regionHolds.end()) return 0;
  int32_t held = 0, size = 0;
  for (const auto& x : v.cities)
    if (x.region == region) ++size, held += v.allied(x.owner, me) ? 1 : 0;
  return 2 * held >= size ? 10 : 0;
}

namespace {

class ConquerorBot final : public Bot {
 public:
  explicit ConquerorBot(bool objectives) : objectives_(objectives) {}
  std::vector<Order> choose(const Observation& obs, std::span<const Order> legal, det::Rng& rng) override {
    auto v = decodeView(obs.canonical);
    if (!v) return {};
    const View& view = *v;
    const int32_t me = view.seat;
    Grid g{view.width, view.height, static_cast<Topology>(view.topology)};
    std::vector<Order> out;
    // VC-2810: the vote from the evaluation (Tenure against the leader's) and the seed (this turn's stream).
    int64_t bar = 300 + static_cast<int64_t>(rng.below(301));
    int64_t room = kUnitCap - std::count_if(view.units.begin(), view.units.end(), [&](const ViewUnit& u) { return u.owner == me; });
    for (const auto& o : legal) {
      if (o.kind == kBuild && room > 0) out.push_back(o), --room;  // each Build is legal alone; together they keep the cap
      if (o.kind == kDesignateWorkSite) out.push_back(o);
      if (o.kind == kCastVerdictVote && view.verdictLeader >= 0) {
        int64_t mine = view.players[me].tenure, lead = view.players[view.verdictLeader].tenure;
        bool end = mine * 1000 < bar * lead;
        auto d = decodeOrder(o);
        if (d && (d->a == 1) == end) out.push_back(o);
      }
    }
    bool keys = (view.enabled >> 4) & 1 || (view.enabled >> 5) & 1 || (view.enabled >> 6) & 1;
    bool throne = (view.enabled >> 13) & 1;
    IVec<int32_t> defence(static_cast<size_t>(g.tiles()), 0), cityAt(static_cast<size_t>(g.tiles()), -1);
    std::map<int32_t, IVec<uint32_t>> stacks;  // my stacks by tile, ascending
    for (const auto& u : view.units) {
      if (u.owner == me) stacks[u.tile].push_back(u.id);
      else if (!view.allied(u.owner, me)) ++defence[u.tile];  // team-mates' Legions are no defence against us
    }
    for (size_t c = 0; c < view.cities.size(); ++c) {
      cityAt[view.cities[c].tile] = static_cast<int32_t>(c);
      defence[view.cities[c].tile] += view.cities[c].garrison;
    }
    int32_t biggest = -1;
    for (const auto& [tile, ids] : stacks)
      if (biggest < 0 || ids.size() > stacks[biggest].size()) biggest = tile;
    for (auto& [tile, ids] : stacks) {
      // Leave one Legion on an own city (the lowest id) so a lone raider cannot walk in.
      size_t keep = cityAt[tile] >= 0 && view.cities[cityAt[tile]].owner == me ? 1 : 0;
      size_t free = ids.size() - std::min(keep, ids.size());
      if (free == 0) continue;
      int32_t best = -1, bestScore = INT32_MAX;
      for (size_t c = 0; c < view.cities.size(); ++c) {
        const auto& city = view.cities[c];
        if (view.allied(city.owner, me)) continue;  // never a team-mate's city (VC-1570)
        int32_t score = g.distance(tile, city.tile) * 4 + defence[city.tile];
        if (keys && city.landmark >= 0) score -= 6;
        if (throne && city.owner >= 0 && view.players[city.owner].seatCity == static_cast<int32_t>(c)) score -= 8;
        if (objectives_) score -= objectivePull(view, me, c) + regionHoldPull(view, me, c);
        if (score < bestScore) bestScore = score, best = static_cast<int32_t>(c);
      }
      if (best < 0) continue;
      int32_t goal = view.cities[best].tile;
      bool strong = static_cast<int32_t>(free) > defence[goal];
      if (!strong && g.distance(tile, goal) <= 3) goal = biggest != tile ? biggest : tile;  // gather before the assault
      if (goal == tile) continue;
      int32_t step = tile;
      for (int32_t t : g.within(tile, kMaxDisplacement))
        if (g.distance(t, goal) < g.distance(step, goal)) step = t;
      if (step == tile) continue;
      for (size_t i = keep; i < ids.size() && out.size() < 60; ++i) out.push_back(makeMove(ids[i], static_cast<uint32_t>(step)));
    }
    if (out.size() > 60) out.resize(60);
    return out;
  }

 private:
  bool objectives_;
};

}  // namespace

std::unique_ptr<Bot> makeBot(std::string_view kind) {
  if (kind == "random") return std::make_unique<RandomBot>();
  // "conqueror-blind": the conqueror before VC-3190, ignoring its own §10 objectives and Region holds (the baseline).
  return std::make_unique<ConquerorBot>(kind != "conqueror-blind");
}

}  // namespace concord::elc
