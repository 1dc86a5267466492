// Map topology, distance and generation (docs/elc-world.md; VC-190, VC-1031..VC-1035, VC-1081..VC-1084).
#include "core/elc/map.h"

#include <algorithm>
#include <climits>

#include "core/elc/arith.h"

namespace concord::elc {

int32_t Grid::distance(int32_t a, int32_t b) const {
  int32_t dx = std::abs(x(a) - x(b)), dy = std::abs(y(a) - y(b));
  if (topology != Topology::Flat) dx = std::min(dx, width - dx);   // cylinder and torus wrap x
  if (topology == Topology::Torus) dy = std::min(dy, height - dy);  // torus wraps y too
  return std::max(dx, dy);
}

int32_t Grid::span() const {
  int32_t sx = topology == Topology::Flat ? width - 1 : width / 2;
  int32_t sy = topology == Topology::Torus ? height / 2 : height - 1;
  return std::max(sx, sy);
}

std::vector<int32_t> Grid::within(int32_t tile, int32_t r) const {
  std::vector<int32_t> out;
  for (int32_t dy = -r; dy <= r; ++dy)
    for (int32_t dx = -r; dx <= r; ++dx) {
      int32_t nx = x(tile) + dx, ny = y(tile) + dy;
      if (topology != Topology::Flat) nx = ((nx % width) + width) % width;
      if (topology == Topology::Torus) ny = ((ny % height) + height) % height;
      if (nx < 0 || nx >= width || ny < 0 || ny >= height) continue;
      out.push_back(at(nx, ny));
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());  // a small wrapped axis can repeat a tile
  return out;
}

int64_t effectiveWorks(const CitySite& c, int64_t integration) {
  int64_t w = c.baseWorks * integration / 100;
  return c.academy ? w * 3 / 2 : w;
}

namespace {

const char* kSyllables[] = {"Ash", "Bel", "Cor", "Dun", "Esk", "Fal", "Gar", "Hol",
                            "Ist", "Kes", "Lor", "Mar", "Nor", "Ost", "Ral", "Tam"};
const char* kEndings[] = {"ford", "bay", "mere", "holt", "wick", "gate", "vale", "crag",
                          "moor", "stead", "haven", "field", "ton", "wold", "by", "mouth"};

// Farthest-point choice: the candidate maximising its least distance to `chosen` (ties: lowest index).
int32_t farthest(const World& w, const std::vector<int32_t>& candidates, const std::vector<int32_t>& chosen) {
  int32_t best = -1, bestD = -1;
  for (int32_t c : candidates) {
    if (std::find(chosen.begin(), chosen.end(), c) != chosen.end()) continue;
    int32_t d = INT32_MAX;
    for (int32_t o : chosen) d = std::min(d, w.grid.distance(w.cities[c].tile, w.cities[o].tile));
    if (d > bestD) bestD = d, best = c;
  }
  return best;
}

// One generation attempt; an error says which invariant failed (the caller retries).
Result<World> attempt(const Config& c, Seat players, det::Rng& rng) {
  World w;
  w.grid = Grid{c.width, c.height, c.topology};
  IVec<int32_t> names(256);
  for (int i = 0; i < 256; ++i) names[static_cast<size_t>(i)] = i;
  rng.shuffle(names);
  for (int tries = 0; static_cast<int>(w.cities.size()) < c.cities && tries < c.cities * 400; ++tries) {
    int32_t tile = static_cast<int32_t>(rng.below(static_cast<uint64_t>(w.grid.tiles())));
    bool clear = std::all_of(w.cities.begin(), w.cities.end(), [&](const CitySite& o) { return w.grid.distance(o.tile, tile) >= 2; });
    if (!clear) continue;
    CitySite s;
    s.tile = tile;
    int n = names[w.cities.size()];
    s.name = std::string(kSyllables[n / 16]) + kEndings[n % 16];
    s.baseWorks = static_cast<uint8_t>(rng.between(2, 8));
    s.academy = rng.below(8) == 0;
    w.cities.push_back(s);
  }
  if (static_cast<int>(w.cities.size()) < c.cities) return Err("could not place ", c.cities, " cities 2 apart");
  std::vector<int32_t> all(w.cities.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int32_t>(i);
  // Start cities: a random first, then farthest-point; GR-1480 minStartSeparation.
  std::vector<int32_t> starts{static_cast<int32_t>(rng.below(all.size()))};
  while (starts.size() < players) starts.push_back(farthest(w, all, starts));
  for (size_t i = 0; i < starts.size(); ++i)
    for (size_t j = i + 1; j < starts.size(); ++j)
      if (w.grid.distance(w.cities[starts[i]].tile, w.cities[starts[j]].tile) < c.minStartSeparation)
        return Err("start cities closer than minStartSeparation ", c.minStartSeparation);
  std::vector<int32_t> taken = starts;
  for (Seat p = 0; p < players; ++p) {
    w.cities[starts[p]].startOf = p;
    for (int k = 1; k < c.startCities; ++k) {  // further start cities: the nearest free city
      int32_t best = -1, bestD = INT32_MAX;
      for (int32_t ci : all)
        if (w.cities[ci].startOf < 0 && w.grid.distance(w.cities[ci].tile, w.cities[starts[p]].tile) < bestD)
          bestD = w.grid.distance(w.cities[ci].tile, w.cities[starts[p]].tile), best = ci;
      w.cities[best].startOf = p;
      taken.push_back(best);
    }
  }
  std::vector<int32_t> free;
  for (int32_t ci : all)
    if (w.cities[ci].startOf < 0) free.push_back(ci);
  // Landmarks (VC-1081, VC-1082 K1): non-start cities, farthest-point from the start cities.
  int64_t L = landmarkCount(c.cities, c.startCities, players);
  std::vector<int32_t> lm, chosen = taken;
  for (int64_t i = 0; i < L; ++i) {
    int32_t f = farthest(w, free, chosen);
    lm.push_back(f);
    chosen.push_back(f);
  }
  std::sort(lm.begin(), lm.end());  // VC-1084: index = rank of sequence number
  for (size_t i = 0; i < lm.size(); ++i) w.cities[lm[i]].landmark = static_cast<int32_t>(i);
  w.landmarks = lm;
  // Regions (VC-1031, VC-1032 construction): M non-start seeds, farthest-point; nearest seed wins.
  int64_t M = regionCount(c.cities, players);
  IVec<int32_t> seeds{farthest(w, free, taken)};
  while (static_cast<int64_t>(seeds.size()) < M) {
    int32_t f = farthest(w, free, seeds);
    if (f < 0) return Err("too few non-start cities for ", M, " Regions");
    seeds.push_back(f);
  }
  std::sort(seeds.begin(), seeds.end());  // VC-1033: index = rank of the capital's sequence number
  w.regionCapital = seeds;
  w.regionSize.assign(seeds.size(), 0);
  for (auto& city : w.cities) {
    int32_t best = 0;
    for (size_t r = 1; r < seeds.size(); ++r)  // ties to the lower capital sequence number
      if (w.grid.distance(city.tile, w.cities[seeds[r]].tile) < w.grid.distance(city.tile, w.cities[seeds[best]].tile))
        best = static_cast<int32_t>(r);
    city.region = best;
    ++w.regionSize[best];
  }
  for (size_t r = 0; r < seeds.size(); ++r)
    if (w.regionSize[r] < 2) return Err("Region ", r, " has fewer than 2 cities (VC-1032 R2)");
  for (const auto& city : w.cities) w.potentialOutput += effectiveWorks(city, 100);
  return w;
}

}  // namespace

Result<World> generateWorld(const Config& c, Seat players, det::Rng& rng) {
  std::string last;
  for (uint32_t i = 1; i <= 64; ++i) {  // GR-1560: retried against the next PRNG state, then failed loudly
    auto w = attempt(c, players, rng);
    if (w) {
      w->attempts = i;
      return w;
    }
    last = w.message();
  }
  return Err("map generation failed 64 times (GR-1560); last: ", last, "; try more cities or a larger map");
}

}  // namespace concord::elc
