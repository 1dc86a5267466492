#include "net/table_secret.h"

#include <sodium.h>

#include "lockstep/crypto.h"

namespace concord::net {

TableSecret randomTableSecret() {
  lockstep::ensureSodium();
  TableSecret s{};
  randombytes_buf(s.data(), s.size());
  return s;
}

bool secretMatches(const TableSecret& want, const std::optional<TableSecret>& given) {
  lockstep::ensureSodium();
  return given && sodium_memcmp(want.data(), given->data(), want.size()) == 0;
}

std::string secretHex(const TableSecret& s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (uint8_t b : s) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

std::optional<TableSecret> secretFromHex(const std::string& hex) {
  if (hex.size() != 2 * kTableSecretBytes) return std::nullopt;
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  TableSecret s{};
  for (size_t i = 0; i < s.size(); ++i) {
    const int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    s[i] = static_cast<uint8_t>(hi * 16 + lo);
  }
  return s;
}

}  // namespace concord::net
