// §9 what an empire knows: the knowledge bits (explored, owned, probed) and its memory of each system as last
// seen (owner, population, industry, PD, fleets), kept when the system leaves view and marked with that turn.
#include <algorithm>

#include "core/web/state.h"

namespace concord::web {

const Sighting* Empire::sighting(uint16_t sys) const {
  auto it = std::lower_bound(seen.begin(), seen.end(), sys, [](const Sighting& s, uint16_t id) { return s.sys < id; });
  return it != seen.end() && it->sys == sys ? &*it : nullptr;
}

std::vector<uint8_t> eyesOf(const WebGame& g, uint8_t e) {
  const auto& sys = g.systems();
  std::vector<uint8_t> eyes(sys.size(), 0);
  if (e >= g.empires()) return eyes;
  const auto& k = g.empire(e).knowledge;
  for (const auto& s : sys) {
    if (k[s.id] & kProbedNow) eyes[s.id] = 1;
    if (s.owner == e) {
      eyes[s.id] = 1;
      for (uint16_t n : s.lanes) eyes[n] = 1;  // one lane away
    }
  }
  for (const auto& r : g.ships())
    if (r.owner == e && r.alive()) eyes[r.sys] = 1;
  return eyes;
}

void WebGame::refreshKnowledge(uint32_t viewTurn) {
  for (uint8_t e = 0; e < emp_.size(); ++e) {
    auto& k = emp_[e].knowledge;
    for (const auto& s : sys_)
      if (s.owner == e) k[s.id] |= kEverOwned | kExplored;
  }
  for (const auto& r : ships_)
    if (r.owner < emp_.size()) emp_[r.owner].knowledge[r.sys] |= kExplored;
  rememberSightings(viewTurn);
}

// Every system in view overwrites its sighting; one out of view keeps the last one (bounded: one per system).
void WebGame::rememberSightings(uint32_t viewTurn) {
  std::vector<std::vector<SeenFleet>> fleets(sys_.size());  // ascending owner per system
  for (const auto& r : ships_) {
    if (!r.alive()) continue;
    auto& here = fleets[r.sys];
    auto it = std::lower_bound(here.begin(), here.end(), r.owner, [](const SeenFleet& f, uint8_t o) { return f.owner < o; });
    if (it == here.end() || it->owner != r.owner) it = here.insert(it, SeenFleet{r.owner, {}});
    uint16_t& n = it->ships[static_cast<size_t>(r.type)];
    if (n < UINT16_MAX) ++n;
  }
  for (uint8_t e = 0; e < emp_.size(); ++e) {
    if (emp_[e].vanquished) continue;  // locked out of the map (Vanquished)
    const auto eyes = eyesOf(*this, e);
    std::vector<Sighting> next;
    next.reserve(std::max(emp_[e].seen.size(), size_t{16}));
    auto old = emp_[e].seen.begin();
    for (const auto& s : sys_) {
      while (old != emp_[e].seen.end() && old->sys < s.id) ++old;
      if (eyes[s.id]) {
        next.push_back(Sighting{s.id, viewTurn, s.owner, s.pop, s.industry, s.pd, s.dsats, s.starbase, {}});
        for (const auto& f : fleets[s.id])
          if (f.owner != e) next.back().fleets.push_back(f);  // its own fleets an empire always knows
      } else if (old != emp_[e].seen.end() && old->sys == s.id) {
        next.push_back(std::move(*old));
      }
    }
    emp_[e].seen = std::move(next);
  }
}

}  // namespace concord::web
