// Fuzz target: everything net/ decodes from a socket. The first byte picks the decoder:
// 0 a handshake hello, 1 a data packet on an established channel, 2 a lobby control message (which must
// re-encode to the exact input), 3 a comms message (re-encodes exactly; a fuzzed one never verifies),
// 4 a LAN announcement (re-encodes exactly). Nothing may crash; a forged data packet must never open.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "net/comms.h"
#include "net/lan.h"
#include "net/lobby_msg.h"
#include "net/secure_channel.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace concord;
  if (size == 0) return 0;
  std::span<const uint8_t> in(data + 1, size - 1);
  static const auto a = lockstep::KeyPair::fromLabel("fuzz:a");
  static const auto b = lockstep::KeyPair::fromLabel("fuzz:b");
  switch (data[0] % 5) {
    case 0: {
      net::SecureChannel c(a);
      (void)c.acceptHello(in);
      break;
    }
    case 1: {
      net::SecureChannel ca(a), cb(b);
      if (!ca.acceptHello(cb.hello()) || !cb.acceptHello(ca.hello())) std::abort();
      if (cb.open(in)) std::abort();  // the fuzzer cannot know this channel's fresh keys
      break;
    }
    case 3: {
      auto m = net::decodeComms(in);
      if (!m) return 0;
      auto again = net::encodeComms(*m);
      if (again.size() != in.size() || !std::equal(again.begin(), again.end(), in.begin())) std::abort();
      break;
    }
    case 4: {
      auto m = net::decodeAnnounce(in);
      if (!m) return 0;
      auto again = net::encodeAnnounce(*m);
      if (again.size() != in.size() || !std::equal(again.begin(), again.end(), in.begin())) std::abort();
      break;
    }
    default: {
      auto m = net::decodeLobby(in);
      if (!m) return 0;
      auto again = net::encodeLobby(*m);
      if (again.size() != in.size() || !std::equal(again.begin(), again.end(), in.begin())) std::abort();
    }
  }
  return 0;
}
