// Fuzz target: the masked deck's wire items (issue 26, core/deck/masked_deck.h). The input is a sequence of items,
// each a kind byte (mod 3: 0 a KeyProof, 1 a Share, 2 a Cipher) and the item's encoding. Each item that decodes
// must re-encode to exactly the bytes it came from; it is then checked the way a peer would (verifyKey, verifyShare
// against the last decoded key and cipher, unmask) — none of which may crash whatever the points are.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>

#include "core/deck/masked_deck.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace concord;
  using namespace concord::deck;
  static const TileTable table(190);
  const std::span<const uint8_t> in(data, size);
  det::Reader r(in, "deck");
  Context ctx;
  ctx.gameId.fill(7);
  ctx.epoch = 1;
  std::optional<Point> key;
  std::optional<Cipher> cipher;
  for (int items = 0; items < 32 && r.ok() && !r.atEnd(); ++items) {
    const size_t start = r.offset();
    const uint8_t kind = r.u8("kind");
    det::Writer w;
    w.u8("kind", kind);
    switch (kind % 3) {
      case 0: {
        const KeyProof p = readKeyProof(r);
        if (!r.ok()) break;
        writeKeyProof(w, p);
        ctx.purpose = static_cast<uint8_t>(Purpose::Key);
        ctx.position = 0;
        (void)verifyKey(p, ctx);
        key = p.X;
        break;
      }
      case 1: {
        const Share s = readShare(r);
        if (!r.ok()) break;
        writeShare(w, s);
        if (key && cipher) {
          ctx.purpose = static_cast<uint8_t>(Purpose::Share);
          ctx.position = s.position;
          (void)verifyShare(s, *key, *cipher, ctx);
          const Point d[1] = {s.d};
          (void)table.tileOf(unmask(*cipher, d));
        }
        break;
      }
      default: {
        const Cipher c = readCipher(r);
        if (!r.ok()) break;
        writeCipher(w, c);
        cipher = c;
        break;
      }
    }
    if (!r.ok()) break;
    const auto again = w.data();
    if (again.size() != r.offset() - start || !std::equal(again.begin(), again.end(), in.begin() + static_cast<std::ptrdiff_t>(start)))
      std::abort();
  }
  return 0;
}
