// What a modified client can read from the shared state (issue 26): every snapshot a peer's replay holds is the
// hashed state's bytes at that turn, as the peer held them in memory. With the keys the sector's end revealed this
// probe reads every hand at each snapshot and checks that the state itself names none of them: every coordinate in
// a hand that was not face up is a placeholder there, and its value is nowhere in the state's places.
// usage: hidden_state_probe REPLAY   (prints "PROBE snapshots N hidden-coordinates M" and exits 0, or names a leak)
#include <algorithm>
#include <cstdio>
#include <string>

#include "core/warp/hidden/agent.h"
#include "core/warp/hidden/hidden_table.h"
#include "replay/reader.h"

int main(int argc, char** argv) {
  using namespace concord;
  using namespace concord::warp;
  if (argc != 2) return std::fprintf(stderr, "usage: hidden_state_probe REPLAY\n"), 2;
  auto reader = replay::ReplayReader::open(argv[1]);
  if (!reader) return std::fprintf(stderr, "%s\n", reader.message().c_str()), 2;
  auto end = reader->seek(reader->turnCount());
  if (!end) return std::fprintf(stderr, "%s\n", end.message().c_str()), 2;
  auto* last = dynamic_cast<const hidden::HiddenTable*>(&(*end)->game());
  if (!last || !last->outcome()) return std::fprintf(stderr, "not a finished hidden-hands game\n"), 2;
  size_t snapshots = 0, hiddenCoordinates = 0;
  for (size_t i = 0; i < reader->frames().size(); ++i) {
    if (reader->frames()[i].kind != replay::FrameKind::Snapshot) continue;
    auto e = reader->loadSnapshot(i);
    if (!e) return std::fprintf(stderr, "%s\n", e.message().c_str()), 2;
    auto* t = dynamic_cast<const hidden::HiddenTable*>(&(*e)->game());
    if (!t) return std::fprintf(stderr, "snapshot %zu is not a hidden table\n", i), 2;
    if (t->hops() < t->holders().size() || t->epoch() != t->rules().deals()) continue;  // mid-shuffle: no hand open
    ++snapshots;
    const auto unseen = t->rules().unseenTiles();
    for (Seat s = 0; s < t->rules().seats(); ++s) {
      const Seat keeper = t->keeperOf(s);
      if (!last->secretOf(keeper)) continue;
      hidden::HolderAgent agent(keeper, *last->secretOf(keeper));
      for (const auto& [position, tile] : agent.readable(*t, s)) {
        const auto& hand = t->rules().seat(s).hand;
        bool placeholder = std::find(hand.begin(), hand.end(), unknownTile(position)) != hand.end();
        bool named = !std::binary_search(unseen.begin(), unseen.end(), tile);
        if (!placeholder || named) {
          std::printf("LEAK snapshot %zu seat %u: %s is %s in the shared state\n", i, static_cast<unsigned>(s),
                      tile.text().c_str(), named ? "named" : "not a placeholder");
          return 1;
        }
        ++hiddenCoordinates;
      }
    }
  }
  std::printf("PROBE snapshots %zu hidden-coordinates %zu\n", snapshots, hiddenCoordinates);
  return snapshots > 0 && hiddenCoordinates > 0 ? 0 : 1;
}
