// The helpers every subcommand shares: usage errors, failures, whole numbers.
#include <cstdio>

#include "tools/concord/command.h"

namespace concord::cli {

int usageError(std::string_view message, std::string_view helpHint) {
  std::fprintf(stderr, "concord: %.*s\n(see `%.*s`)\n", static_cast<int>(message.size()), message.data(),
               static_cast<int>(helpHint.size()), helpHint.data());
  return 2;
}

int failure(std::string_view message) {
  std::fprintf(stderr, "concord: %.*s\n", static_cast<int>(message.size()), message.data());
  return 1;
}

bool wholeNumber(std::string_view s, uint64_t& out, uint64_t max) {
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789") != std::string_view::npos) return false;
  uint64_t v = 0;
  for (char c : s) v = v * 10 + static_cast<uint64_t>(c - '0');
  if (v > max) return false;
  out = v;
  return true;
}

std::string parseShard(const std::string& v, uint64_t& i, uint64_t& n) {
  const auto cut = v.find('/');
  if (cut == std::string::npos || !wholeNumber(v.substr(0, cut), i) || !wholeNumber(v.substr(cut + 1), n) || n == 0 || i >= n)
    return "--shard needs I/N with 0 <= I < N, got '" + v + "'";
  return "";
}

}  // namespace concord::cli
