// Fuzz target: what the transport's mesh plane decodes (issue 25). First byte even: a mesh message (link report or
// relay envelope), which must re-encode to the exact input; odd: a relayed end-to-end packet on an established
// relayed link, which must never open (the fuzzer cannot know the link's keys) and never crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "net/mesh_msg.h"
#include "net/relay_links.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace concord;
  if (size == 0) return 0;
  std::span<const uint8_t> in(data + 1, size - 1);
  if (data[0] % 2 == 0) {
    auto m = net::decodeMesh(in);
    if (!m) return 0;
    auto again = net::encodeMesh(*m);
    if (again.size() != in.size() || !std::equal(again.begin(), again.end(), in.begin())) std::abort();
    return 0;
  }
  static const auto a = lockstep::KeyPair::fromLabel("fuzz:a");
  static const auto c = lockstep::KeyPair::fromLabel("fuzz:c");
  static const auto r = lockstep::KeyPair::fromLabel("fuzz:r");
  net::RelayLinks la(a), lc(c);
  auto back = lc.receive(a.publicKey, r.publicKey, la.open(c.publicKey, r.publicKey, 0), 0);
  (void)la.receive(c.publicKey, r.publicKey, back.helloBack, 0);
  if (!la.established(c.publicKey) || !lc.established(a.publicKey)) std::abort();
  auto got = lc.receive(a.publicKey, r.publicKey, in, 0);
  if (got.plain) std::abort();
  return 0;
}
