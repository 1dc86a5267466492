#include "net/crockford32.h"

namespace concord::net {
namespace {
constexpr char kSymbols[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
}  // namespace

std::optional<uint8_t> crockfordValue(char c) {
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  if (c == 'I' || c == 'L') return 1;  // misread ones
  if (c == 'O') return 0;              // misread zero
  for (uint8_t v = 0; v < 32; ++v)
    if (kSymbols[v] == c) return v;
  return std::nullopt;
}

char crockfordSymbol(uint8_t value) { return kSymbols[value & 31]; }

std::vector<uint8_t> bytesToFives(std::span<const uint8_t> bytes) {
  std::vector<uint8_t> out;
  uint32_t acc = 0;
  int bits = 0;
  for (uint8_t b : bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push_back(static_cast<uint8_t>((acc >> bits) & 31));
    }
  }
  if (bits > 0) out.push_back(static_cast<uint8_t>((acc << (5 - bits)) & 31));
  return out;
}

std::optional<std::vector<uint8_t>> fivesToBytes(std::span<const uint8_t> fives) {
  std::vector<uint8_t> out;
  uint32_t acc = 0;
  int bits = 0;
  for (uint8_t f : fives) {
    if (f > 31) return std::nullopt;
    acc = ((acc << 5) | f) & 0xFFFF;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<uint8_t>((acc >> bits) & 0xFF));
    }
  }
  // A canonical encoding leaves fewer than 5 spare bits, all zero (one spelling per code).
  if (bits >= 5 || (acc & ((1u << bits) - 1)) != 0) return std::nullopt;
  return out;
}

}  // namespace concord::net
