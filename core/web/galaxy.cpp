// §1 galaxy generation from the "galaxy" stream: systems on a sphere, lanes to nearest neighbours (made
// connected), homes spread by hop distance, then kinds, qualities, garrisons and the fair-start fix-ups.
#include <algorithm>
#include <numeric>

#include "core/web/state.h"

namespace concord::web {
namespace {

constexpr int64_t kRadius = 1000;

int64_t dist2(const System& a, const System& b) {
  int64_t dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
  return dx * dx + dy * dy + dz * dz;
}

void link(std::vector<System>& s, uint16_t a, uint16_t b) {
  auto add = [](std::vector<uint16_t>& v, uint16_t x) {
    auto it = std::lower_bound(v.begin(), v.end(), x);
    if (it == v.end() || *it != x) v.insert(it, x);
  };
  add(s[a].lanes, b);
  add(s[b].lanes, a);
}

// Systems on a shell of the sphere, no two closer than the spacing (relaxed if the sphere fills up).
void placePoints(std::vector<System>& s, det::Rng& rng, int n) {
  int64_t minD2 = 3141592 / n;  // ~ pi R^2 / n: half the mean spacing squared
  int64_t tries = 0;
  while (static_cast<int>(s.size()) < n) {
    if (++tries > 400LL * n) minD2 /= 2, tries = 0;
    System c;
    c.x = static_cast<int32_t>(rng.between(-kRadius, kRadius));
    c.y = static_cast<int32_t>(rng.between(-kRadius, kRadius));
    c.z = static_cast<int32_t>(rng.between(-kRadius, kRadius));
    int64_t r2 = int64_t{c.x} * c.x + int64_t{c.y} * c.y + int64_t{c.z} * c.z;
    if (r2 < 900 * 900 || r2 > kRadius * kRadius) continue;
    bool clear = std::all_of(s.begin(), s.end(), [&](const System& o) { return dist2(o, c) >= minD2; });
    if (!clear) continue;
    c.id = static_cast<uint16_t>(s.size());
    s.push_back(c);
  }
}

void nearestLanes(std::vector<System>& s) {
  const int n = static_cast<int>(s.size());
  for (int i = 0; i < n; ++i) {
    std::vector<std::pair<int64_t, int>> d;
    for (int j = 0; j < n; ++j)
      if (j != i) d.push_back({dist2(s[ix(i)], s[ix(j)]), j});
    std::partial_sort(d.begin(), d.begin() + std::min<int>(kLanesNearest, n - 1), d.end());
    for (int k = 0; k < std::min<int>(kLanesNearest, n - 1); ++k)
      link(s, static_cast<uint16_t>(i), static_cast<uint16_t>(d[ix(k)].second));
  }
  // Join components: the closest pair between system 0's component and the rest, until one remains.
  for (;;) {
    std::vector<int> comp(ix(n), -1);
    std::vector<int> q{0};
    comp[0] = 0;
    for (size_t h = 0; h < q.size(); ++h)
      for (uint16_t m : s[ix(q[h])].lanes)
        if (comp[m] < 0) comp[m] = 0, q.push_back(m);
    if (static_cast<int>(q.size()) == n) return;
    std::pair<int64_t, std::pair<int, int>> best{INT64_MAX, {0, 0}};
    for (int a : q)
      for (int b = 0; b < n; ++b)
        if (comp[ix(b)] < 0) best = std::min(best, {dist2(s[ix(a)], s[ix(b)]), {a, b}});
    link(s, static_cast<uint16_t>(best.second.first), static_cast<uint16_t>(best.second.second));
  }
}

std::string nameFor(det::Rng& rng, int id) {
  static const char* a[] = {"Al", "Bel", "Cor", "Dra", "Eri", "Fal", "Gal", "Hel", "Ix", "Jor", "Kel", "Lyr",
                            "Mor", "Nex", "Or", "Pyx", "Qua", "Rho", "Sol", "Tau", "Ul", "Vex", "Wyr", "Zan"};
  static const char* b[] = {"ara", "eon", "ion", "is", "ux", "ora", "ane", "os", "ith", "ea", "un", "yr"};
  // One draw per statement: the operands of + are unsequenced, and gcc drew the ending first while clang drew the
  // beginning first, so the two builds named systems differently (and the names are in the state hash).
  // gcc's order is kept: every name a gcc build dealt stays the same.
  const auto ending = rng.below(12);
  const auto beginning = rng.below(24);
  return std::string(a[beginning]) + b[ending] + "-" + std::to_string(id);
}

void makeStar(System& s, int q) {
  const auto& row = kQuality[ix(q)];
  s.kind = Kind::Star;
  s.quality = static_cast<uint8_t>(q);
  s.owner = kIndependent;
  s.pop = row.startPop * kPop;
  s.popLimit = row.popLimit;
  s.industry = row.industry;
  s.mineralsPerTurn = row.mineralsPerTurn;
  s.minerals = row.startMinerals;
  s.pd = row.pd;
  s.dsats = row.dsatStart;
}

}  // namespace

std::vector<int32_t> WebGame::hops(uint16_t from) const {
  std::vector<int32_t> d(sys_.size(), -1);
  if (from >= sys_.size()) return d;
  std::vector<uint16_t> q{from};
  d[from] = 0;
  for (size_t h = 0; h < q.size(); ++h)
    for (uint16_t m : sys_[q[h]].lanes)
      if (d[m] < 0) d[m] = d[q[h]] + 1, q.push_back(m);
  return d;
}

void WebGame::generate(det::Rng& rng, int n, int empires) {
  sys_.clear();
  placePoints(sys_, rng, n);
  nearestLanes(sys_);
  for (auto& s : sys_) s.name = nameFor(rng, s.id);
  // Homes: the first at random, each next the system farthest (in hops) from every home so far.
  std::vector<uint16_t> homes{static_cast<uint16_t>(rng.below(static_cast<uint64_t>(n)))};
  std::vector<int32_t> nearest = hops(homes[0]);
  while (static_cast<int>(homes.size()) < empires) {
    uint16_t best = 0;
    for (uint16_t i = 0; i < n; ++i)
      if (nearest[i] > nearest[best]) best = i;
    homes.push_back(best);
    auto d = hops(best);
    for (size_t i = 0; i < ix(n); ++i) nearest[i] = std::min(nearest[i], d[i]);
  }
  // Fair start: a home has at least two lanes (a new lane to its nearest non-neighbour).
  for (uint16_t h : homes)
    while (sys_[h].lanes.size() < 2) {
      std::pair<int64_t, int> best{INT64_MAX, -1};
      for (int j = 0; j < n; ++j)
        if (j != h && !std::binary_search(sys_[h].lanes.begin(), sys_[h].lanes.end(), j))
          best = std::min(best, {dist2(sys_[h], sys_[ix(j)]), j});
      link(sys_, h, static_cast<uint16_t>(best.second));
    }
  std::vector<int32_t> homeDist(ix(n), INT32_MAX);
  for (uint16_t h : homes) {
    auto d = hops(h);
    for (size_t i = 0; i < ix(n); ++i) homeDist[i] = std::min(homeDist[i], d[i]);
  }
  // Kinds by the per-mille mix; a home's neighbours are never ion nebulas (fair start).
  for (auto& s : sys_) {
    int roll = static_cast<int>(rng.below(1000));
    int qroll = static_cast<int>(rng.below(1000));
    int q = 4;
    for (int k = 0, cut = 0; k < 5; ++k)
      if (qroll < (cut += kQuality[ix(k)].sharePermille)) {
        q = k;
        break;
      }
    makeStar(s, q);
    if (homeDist[s.id] == 0) continue;
    if (roll < kDeadPermille) s = System{s.id, s.name, Kind::Dead, 0, kNobody, kNobody, s.x, s.y, s.z, s.lanes};
    else if ((roll -= kDeadPermille) < kAsteroidPermille) s = System{s.id, s.name, Kind::Asteroid, 0, kNobody, kNobody, s.x, s.y, s.z, s.lanes};
    else if ((roll -= kAsteroidPermille) < kNebulaPermille) s = System{s.id, s.name, Kind::Nebula, 0, kNobody, kNobody, s.x, s.y, s.z, s.lanes};
    else if ((roll -= kNebulaPermille) < kIonNebulaPermille && homeDist[s.id] > 1)
      s = System{s.id, s.name, Kind::IonNebula, 0, kNobody, kNobody, s.x, s.y, s.z, s.lanes};
    if (s.kind == Kind::Dead && static_cast<int>(rng.below(1000)) < kDeadWithMineralsPermille)
      s.minerals = static_cast<int32_t>(rng.between(kDeadMineralsMin, kDeadMineralsMax));
  }
  // Exactly one black hole (§1g), at least two hops from every home; the farthest systems if none qualify.
  std::vector<uint16_t> far;
  int32_t maxD = 0;
  for (size_t i = 0; i < ix(n); ++i) maxD = std::max(maxD, homeDist[i]);
  for (uint16_t i = 0; i < n; ++i)
    if (homeDist[i] >= std::min(2, maxD)) far.push_back(i);
  uint16_t bh = far[rng.below(far.size())];
  sys_[bh] = System{bh, sys_[bh].name, Kind::BlackHole, 0, kNobody, kNobody, sys_[bh].x, sys_[bh].y, sys_[bh].z, sys_[bh].lanes};
  // Fair start: at least two star systems within two hops of each home (nearest non-star ones converted).
  for (uint16_t h : homes) {
    auto d = hops(h);
    std::vector<uint16_t> order(ix(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](uint16_t a, uint16_t b) { return d[a] < d[b]; });
    int stars = 0;
    for (uint16_t i : order)
      if (d[i] >= 1 && d[i] <= 2 && sys_[i].kind == Kind::Star && homeDist[i] > 0) ++stars;
    for (uint16_t i : order) {
      if (stars >= 2) break;
      if (d[i] < 1 || homeDist[i] == 0 || sys_[i].kind == Kind::Star || sys_[i].kind == Kind::BlackHole) continue;
      makeStar(sys_[i], 3), ++stars;
    }
  }
  // Homes (§1b) and their starting fleets; garrisons for independents by quality.
  emp_.assign(ix(empires), Empire{});
  for (int e = 0; e < empires; ++e) {
    System& h = sys_[homes[ix(e)]];
    makeStar(h, kQualityB);
    h.owner = static_cast<uint8_t>(e);
    h.homeOf = static_cast<uint8_t>(e);
    h.pop = kHome.pop * kPop;
    h.industry = kHome.industry;
    h.minerals = kHome.minerals;
    h.pd = kHome.pd;
    h.dsats = kHome.dsats;
    h.crystals = kHome.crystals;
    emp_[ix(e)].home = h.id;
    emp_[ix(e)].knowledge.assign(sys_.size(), 0);
  }
  ships_.clear();
  auto add = [&](uint8_t owner, Ship t, uint16_t at, int count) {
    for (int i = 0; i < count; ++i) {
      ShipRec r;
      r.id = nextShipId_++;
      r.owner = owner, r.type = t, r.sys = at;
      ships_.push_back(r);
    }
  };
  for (const auto& s : sys_) {
    if (s.owner == kIndependent) {
      add(kIndependent, Ship::Cruiser, s.id, kQuality[s.quality].garrisonCr);
      add(kIndependent, Ship::Destroyer, s.id, kQuality[s.quality].garrisonDd);
    } else if (s.homeOf != kNobody) {
      add(s.owner, Ship::Cruiser, s.id, kHome.cruisers);
      add(s.owner, Ship::Destroyer, s.id, kHome.destroyers);
      add(s.owner, Ship::Missile, s.id, kHome.missiles);
      add(s.owner, Ship::Nova, s.id, kHome.novas);
      add(s.owner, Ship::Freighter, s.id, kHome.freighters);
    }
  }
}

std::vector<std::string> fairStartProblems(const WebGame& g) {
  std::vector<std::string> out;
  const auto& s = g.systems();
  auto d0 = g.hops(0);
  if (std::count(d0.begin(), d0.end(), -1) > 0) out.push_back("not every system is reachable");
  if (std::count_if(s.begin(), s.end(), [](const System& x) { return x.kind == Kind::BlackHole; }) != 1)
    out.push_back("the galaxy must have exactly one black hole (§1g)");
  for (uint8_t e = 0; e < g.empires(); ++e) {
    uint16_t h = g.empire(e).home;
    const System& hs = s[h];
    std::string who = "empire " + std::to_string(e) + "'s home";
    if (hs.kind != Kind::Star || hs.quality != kQualityB) out.push_back(who + " is not a class-B star (§1b)");
    if (hs.lanes.size() < 2) out.push_back(who + " has fewer than two lanes");
    auto d = g.hops(h);
    int stars = 0;
    for (const auto& x : s) {
      if (d[x.id] == 1 && (x.kind == Kind::BlackHole || x.kind == Kind::IonNebula))
        out.push_back(who + " borders a black hole or ion nebula");
      if (d[x.id] >= 1 && d[x.id] <= 2 && x.kind == Kind::Star && x.homeOf == kNobody) ++stars;
      if (d[x.id] == 1 && x.homeOf != kNobody) out.push_back(who + " is next to another home");
    }
    if (stars < 2) out.push_back(who + " has fewer than two star systems within two hops");
  }
  return out;
}

}  // namespace concord::web
