// Fuzz target: lockstep wire messages (decodeWire). A decoded message must re-encode to the exact
// input (one encoding per message), and nothing may crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "lockstep/wire.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::span<const uint8_t> in(data, size);
  auto m = concord::lockstep::decodeWire(in);
  if (!m.ok()) return 0;
  auto again = concord::lockstep::encodeWire(*m);
  if (again.size() != size || !std::equal(again.begin(), again.end(), in.begin())) std::abort();
  return 0;
}
