// concord_intruder: a hostile peer for the multi-process security tests (tests/net/security.sh).
// Test-only: it is built beside the tests, never installed, and not part of the `concord` CLI.
//
//   concord_intruder bundles --target HOST:PORT [--seconds S] [--every N]
//     Connects to a peer of a running table over the real secure channel with its own fresh identity
//     (no seat key), completes the handshake, asks to spectate (Spectate -> Game{session, seats}), joins
//     the mesh as a guest, and from the real bundles it is sent forges, for one seat every N turns:
//       own-key     the seat's bundle three turns ahead, signed with the intruder's key
//       forged-sig  the same turn with another body and 64 random bytes claiming the seat's key
//       tampered    the real bundle of the turn just seen with its orders altered, signature kept
//       wrong-game  an intruder-signed bundle with another game id
//       no-seat     an intruder-signed bundle for a seat the table does not have
//     and, over a raw ENet connection, a Hello that claims a seat's identity key (signature by the
//     intruder, so it cannot verify). Exits 0 once the table goes quiet if every kind was sent.
//     Probes (manual, not run by the tests): --slot-flood K sends K distinct intruder-signed candidates
//     for each seat's next two turns per real bundle seen; --far-future 1 sends, right after the game
//     description, a bundle for turn 1000.
//   concord_intruder flood --target HOST:PORT [--seconds S] [--rate N]
//     Sends N datagrams per second of garbage at one UDP port for S seconds (or until SIGTERM): random bytes of random
//     length, and ENet-shaped packets with a valid CRC32 (random commands, CONNECTs with random
//     connect ids, truncated headers); and once a second over an authenticated raw connection, one
//     sealed message followed by replays, truncations and bit flips of it.
//
// Every line it prints starts with "intruder:"; the last one is the summary the script parses.
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tests/net/intruder/modes.h"

using namespace concord::intruder;

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: concord_intruder bundles --target HOST:PORT [--seconds S] [--every N] [--seed N]\n"
               "                                [--slot-flood K] [--far-future 1]   (probes, not run in CI)\n"
               "       concord_intruder flood --target HOST:PORT [--seconds S] [--rate N] [--connects 0|1] [--seed N]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string mode = argv[1];
  std::optional<Address> target;
  uint64_t seconds = 60, rate = 20000, seed = 1;
  uint32_t every = 4;
  Probes probes;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string a = argv[i], v = argv[i + 1];
    if (a == "--target") target = parseTarget(v);
    else if (a == "--seconds") seconds = std::strtoull(v.c_str(), nullptr, 10);
    else if (a == "--rate") rate = std::strtoull(v.c_str(), nullptr, 10);
    else if (a == "--every") every = static_cast<uint32_t>(std::max(1ull, std::strtoull(v.c_str(), nullptr, 10)));
    else if (a == "--slot-flood") probes.slotFlood = static_cast<uint32_t>(std::strtoul(v.c_str(), nullptr, 10));
    else if (a == "--far-future") probes.farFuture = v == "1";
    else if (a == "--connects") floodConnects = v != "0";
    else if (a == "--seed") seed = std::strtoull(v.c_str(), nullptr, 10);
    else return usage();
  }
  if (!target || target->host.rfind("127.", 0) != 0) {
    std::fprintf(stderr, "concord_intruder: --target must be a 127.x.x.x address\n");
    return usage();
  }
  rng.seed(seed);
  std::signal(SIGTERM, [](int) { stopRequested = true; });
  std::signal(SIGINT, [](int) { stopRequested = true; });
  if (enet_initialize() != 0) return say("ENet failed to initialise"), 2;
  std::atexit(enet_deinitialize);
  if (mode == "bundles") return runBundles(*target, seconds, every, probes);
  if (mode == "flood") return runFlood(*target, seconds, rate);
  return usage();
}
