// concord_seal_digest: plays seeded games of every module on a local table and prints every Seal, so the outputs
// of two builds (gcc -O2, clang -O2) can be compared line by line by tools/compare_seals.sh, which names the
// first differing module, game and turn. Test-only (tests/CMakeLists.txt); docs/determinism.md.
//   concord_seal_digest [--games N] [--module M] [--seed S]   (--seed: only that game, as it was numbered in the list)
// Lines:  turn MODULE SEED SEATS OPTIONS TURN SEAL
//         game MODULE SEED SEATS OPTIONS turns=N digest=HEX
#include <cstdio>
#include <cstdlib>
#include <string>

#include "table/local_table.h"
#include "tests/seal_digest/games.h"

using namespace concord;

namespace {

// The game played as the golden tests play it: officers at every seat, every bundle signed.
int play(const lockstep::SelfPlayParams& p) {
  const std::string id = p.moduleId + " " + std::to_string(p.seed) + " seats=" + std::to_string(p.seats) + " " +
                         seal_digest::optionsText(p.options);
  auto session = lockstep::selfPlaySession(p);
  if (!session) return std::printf("error %s %s\n", id.c_str(), session.message().c_str()), 1;
  auto table = table::LocalTable::over(*session, lockstep::selfPlayKeys(p), "");
  if (!table) return std::printf("error %s %s\n", id.c_str(), table.message().c_str()), 1;
  std::vector<det::Hash128> seals;
  while (!(*table)->over()) {
    auto played = (*table)->tryTurn();
    if (!played) return std::printf("error %s turn %zu: %s\n", id.c_str(), seals.size(), played.message().c_str()), 1;
    seals.push_back((*table)->engine().lastSeal());
    std::printf("turn %s %zu %s\n", id.c_str(), seals.size() - 1, seals.back().hex().c_str());
  }
  std::printf("game %s turns=%zu digest=%s\n", id.c_str(), seals.size(), lockstep::digestSeals(seals).hex().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 36;
  std::string only;
  uint64_t seed = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--games" && i + 1 < argc) games = std::atoi(argv[++i]);
    else if (a == "--module" && i + 1 < argc) only = argv[++i];
    else if (a == "--seed" && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
    else return std::fprintf(stderr, "usage: concord_seal_digest [--games N] [--module shed|warp|elc|web] [--seed S]\n"), 2;
  }
  int failed = 0;
  for (const auto& p : seal_digest::seededGames(games, only))
    if (seed == 0 || p.seed == seed) failed += play(p);
  return failed ? 1 : 0;
}
