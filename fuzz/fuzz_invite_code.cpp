// Fuzz target: invite codes (issue 25). Every input goes through both decoders: as text a person typed or pasted
// (base32, checksum) and as the binary layout under it (so the fuzzer reaches the address parsing the checksum
// guards). Nothing may crash; every refusal says why; a decoded invite encodes again to the same invite.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

#include "net/invite_code.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace concord;
  auto invite = net::decodeInvite(std::string_view(reinterpret_cast<const char*>(data), size));
  if (invite) {
    auto code = net::encodeInvite(*invite);
    if (!code) std::abort();
    auto again = net::decodeInvite(*code);
    if (!again || !(*again == *invite)) std::abort();
  } else if (invite.message().empty()) {
    std::abort();
  }
  auto binary = net::decodeInviteBytes(std::span<const uint8_t>(data, size));
  if (binary) {
    auto bytes = net::inviteBytes(*binary);
    if (!bytes) std::abort();
    auto again = net::decodeInviteBytes(*bytes);
    if (!again || !(*again == *binary)) std::abort();
  } else if (binary.message().empty()) {
    std::abort();
  }
  return 0;
}
