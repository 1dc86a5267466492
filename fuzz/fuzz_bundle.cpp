// Fuzz target: Bundle::decode over arbitrary bytes. A decoded bundle must re-encode to the exact
// input (the decoder is strict: one encoding per bundle), and nothing may crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "lockstep/bundle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::span<const uint8_t> in(data, size);
  auto b = concord::lockstep::Bundle::decode(in);
  if (!b.ok()) return 0;
  auto again = b->encode();
  if (again.size() != size || !std::equal(again.begin(), again.end(), in.begin())) std::abort();
  (void)b->bodyHash();
  return 0;
}
