#include "tests/seal_digest/games.h"

namespace concord::seal_digest {

namespace {

struct Mixes {
  std::string module;
  Seat minSeats, maxSeats;
  std::vector<ConfigOptions> options;  // cycled through by seed
};

// Option mixes that exercise each module's rule variants (and their draws), kept short: a game is seconds at most.
const std::vector<Mixes>& mixes() {
  static const std::vector<Mixes> m = {
      {"shed", 2, 8, {{{"hand", "4"}, {"deck", "5"}}, {{"hand", "7"}, {"deck", "12"}, {"hands", "3"}}, {{"hand", "2"}, {"deck", "2"}}}},
      {"warp", 2, 6, {{}, {{"fracture", "own"}}, {{"objective", "goout"}}, {{"lambda", "on"}, {"delta", "on"}}}},
      {"elc", 2, 4,
       {{{"preset", "blitz"}},
        {{"preset", "blitz"}, {"region-hold", "on"}},
        {{"preset", "standard-war"}, {"horizon", "40"}},
        {{"preset", "blitz"}, {"topology", "torus"}, {"capitulation", "aggressive"}}}},
      {"web", 2, 6, {{{"turns", "20"}}, {{"turns", "30"}, {"systems-per-empire", "8"}}, {{"turns", "25"}, {"systems-per-empire", "14"}}}},
  };
  return m;
}

}  // namespace

std::vector<lockstep::SelfPlayParams> seededGames(int perModule, const std::string& only) {
  std::vector<lockstep::SelfPlayParams> games;
  for (const auto& mix : mixes()) {
    if (!only.empty() && only != mix.module) continue;
    for (int i = 1; i <= perModule; ++i) {
      lockstep::SelfPlayParams p;
      p.moduleId = mix.module;
      p.seed = static_cast<uint64_t>(i) * 7919 + 11;  // spread seeds: not the golden tests' 1..N again
      p.seats = static_cast<Seat>(mix.minSeats + static_cast<Seat>(i) % (mix.maxSeats - mix.minSeats + 1));
      p.options = mix.options[static_cast<size_t>(i) % mix.options.size()];
      games.push_back(std::move(p));
    }
  }
  return games;
}

std::string optionsText(const ConfigOptions& options) {
  std::string s;
  for (const auto& [k, v] : options) s += (s.empty() ? "" : ",") + k + "=" + v;
  return s.empty() ? "-" : s;
}

}  // namespace concord::seal_digest
