// Crockford base32 (https://www.crockford.com/base32.html) for codes a person reads aloud or pastes (invite codes,
// issue 25): digits and letters without I, L, O, U; case-insensitive, I and L read as 1, O as 0.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace concord::net {

/// The 5-bit value of a typed character (any case; I/L -> 1, O -> 0), or nullopt for anything else (U too).
std::optional<uint8_t> crockfordValue(char c);
/// The upper-case symbol of a 5-bit value (0..31).
char crockfordSymbol(uint8_t value);
/// Bytes as 5-bit values, most significant bit first, the last one zero-padded.
std::vector<uint8_t> bytesToFives(std::span<const uint8_t> bytes);
/// The inverse: nullopt when the values cannot be a whole number of bytes (a value too many, or padding bits set).
std::optional<std::vector<uint8_t>> fivesToBytes(std::span<const uint8_t> fives);

}  // namespace concord::net
