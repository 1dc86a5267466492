// §3i local traders: one mineral per active lane per turn, while the original home is held and no foreign ship sits
// at either end. Automatic mode: toward the home (fewer hops; ties toward the lower id), except that a system running
// low (it spent more minerals this turn than it mined and holds fewer than kTraderLowStock) draws the lane's mineral
// toward itself. Manual mode (for good once an empire sets a route): each non-home system sends one mineral along
// each active lane to the neighbours its routes name, and nothing else moves.
#include <algorithm>

#include "core/web/state.h"

namespace concord::web {

void WebGame::setRoutes(uint8_t e, const Decoded& d) {
  sys_[d.sys].routes = d.lanes;
  emp_[e].manualTraders = true;
}

void WebGame::traders(const std::vector<int32_t>& spent, const std::vector<int32_t>& mined) {
  auto here = bySystem();
  auto enemyAt = [&](uint16_t sys, uint8_t e) {
    return std::any_of(here[sys].begin(), here[sys].end(), [&](uint32_t i) { return ships_[i].owner != e; });
  };
  auto low = [&](uint16_t x) { return spent[x] > mined[x] && sys_[x].minerals < kTraderLowStock; };
  std::vector<std::vector<int32_t>> dist(emp_.size());
  for (uint64_t key : activeLanes_) {
    const uint8_t e = static_cast<uint8_t>(key >> 32);
    const uint16_t a = static_cast<uint16_t>(key >> 16), b = static_cast<uint16_t>(key);
    const uint16_t home = emp_[e].home;
    if (emp_[e].vanquished || sys_[home].owner != e) continue;  // loyal to the ancestral home
    if (sys_[a].owner != e || sys_[b].owner != e || enemyAt(a, e) || enemyAt(b, e)) continue;
    std::vector<std::pair<uint16_t, uint16_t>> flows;  // (from, to)
    if (emp_[e].manualTraders) {
      for (auto [x, y] : {std::pair{a, b}, std::pair{b, a}})
        if (x != home && std::binary_search(sys_[x].routes.begin(), sys_[x].routes.end(), y)) flows.push_back({x, y});
    } else {
      if (dist[e].empty()) dist[e] = hops(home);
      const auto& d = dist[e];
      const bool aNearer = d[a] < d[b] || (d[a] == d[b] && a < b);
      uint16_t from = aNearer ? b : a, to = aNearer ? a : b;
      if (low(from) && !low(to)) std::swap(from, to);  // running-low systems get help
      flows.push_back({from, to});
    }
    for (auto [from, to] : flows) {
      if (sys_[from].minerals < 1) continue;
      --sys_[from].minerals, ++sys_[to].minerals;
      say({Ev::Trader, 0, to, e, kNobody, 0, 0, 0, from, 1});
    }
  }
}

}  // namespace concord::web
