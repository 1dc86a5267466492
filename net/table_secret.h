// The one-time secret of a table played over the internet (issue 25): carried by the invite code, sent in a joiner's
// Join/Spectate, checked by the host. 10 random bytes: a stranger must guess 80 bits online, one Join per try.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace concord::net {

inline constexpr size_t kTableSecretBytes = 10;
using TableSecret = std::array<uint8_t, kTableSecretBytes>;

/// Fresh from the OS (libsodium's randombytes).
TableSecret randomTableSecret();
/// True when `given` is `want` (compared in constant time: a timing side channel must not leak it byte by byte).
bool secretMatches(const TableSecret& want, const std::optional<TableSecret>& given);
/// Lower-case hex (the table note keeps it so); fromHex is strict (exactly 20 hex digits).
std::string secretHex(const TableSecret& s);
std::optional<TableSecret> secretFromHex(const std::string& hex);

}  // namespace concord::net
