// Test helper (issue 25): re-encodes an invite code with one part changed, as a forger or a stale code would have it.
// usage: concord_invite_forge CODE fingerprint|secret|port N   (prints the new code)
#include <cstdio>
#include <string>

#include "net/invite_code.h"

int main(int argc, char** argv) {
  using namespace concord;
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: %s CODE fingerprint|secret|port N\n", argv[0]);
    return 2;
  }
  auto invite = net::decodeInvite(argv[1]);
  if (!invite) {
    std::fprintf(stderr, "%s\n", invite.message().c_str());
    return 1;
  }
  const std::string what = argv[2];
  if (what == "fingerprint") invite->host = net::hostFingerprint(lockstep::KeyPair::fromLabel("invite-forge:mallory").publicKey);
  else if (what == "secret") invite->secret[0] ^= 0x5A;
  else if (what == "port" && argc == 4)
    for (auto& a : invite->addresses) a.port = static_cast<uint16_t>(std::stoul(argv[3]));
  else return 2;
  auto code = net::encodeInvite(*invite);
  if (!code) return 1;
  std::printf("%s\n", code->c_str());
  return 0;
}
