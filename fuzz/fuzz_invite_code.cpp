// Fuzz target: invite codes as a person types or pastes them (issue 25). Any text must decode to an invite or to a
// worded error, never crash; a decoded invite must encode again and decode to the same invite.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "net/invite_code.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace concord;
  auto invite = net::decodeInvite(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!invite) {
    if (invite.message().empty()) std::abort();  // every refusal says why
    return 0;
  }
  auto code = net::encodeInvite(*invite);
  if (!code) std::abort();
  auto again = net::decodeInvite(*code);
  if (!again || !(*again == *invite)) std::abort();
  return 0;
}
