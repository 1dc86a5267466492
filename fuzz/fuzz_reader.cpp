// Fuzz target: det::Reader primitives and SessionConfig::read. The first byte picks the mode; a
// decoded session must re-encode to exactly the bytes it consumed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "lockstep/session.h"

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::span<const uint8_t> in(data + 1, size - 1);
  if (data[0] & 1) {
    det::Reader r(in, "session");
    auto s = lockstep::SessionConfig::read(r);
    if (!s.ok()) return 0;
    det::Writer w;
    s->write(w);
    auto consumed = in.first(r.offset());
    if (w.size() != consumed.size() || !std::equal(consumed.begin(), consumed.end(), w.data().begin())) std::abort();
    return 0;
  }
  // Primitive soup: each step reads an op code, then that primitive; errors are sticky.
  det::Reader r(in, "primitives");
  while (r.ok() && !r.atEnd()) {
    switch (r.u8("op") % 12) {
      case 0: (void)r.u16("u16"); break;
      case 1: (void)r.u32("u32"); break;
      case 2: (void)r.u64("u64"); break;
      case 3: (void)r.boolean("bool"); break;
      case 4: (void)r.varu("varu", 1000); break;
      case 5: (void)r.vari("vari", -5000, 5000); break;
      case 6: (void)r.bytes("bytes", 64); break;
      case 7: (void)r.str("str", 16); break;
      case 8: (void)r.raw("raw", 7); break;
      case 9: (void)r.hash("hash"); break;
      case 10: (void)r.count("count", 100, 3); break;
      default: (void)r.varu("varu"); break;
    }
  }
  (void)r.finish();
  return 0;
}
