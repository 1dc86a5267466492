// The person's persistent signing identity for terminal play (issue 11 point 2): the same per-user key as
// LAN play, created on first use with mode 0600, its fingerprint shown — never a key derived from a public label.
#pragma once

#include <string>

#include "core/det/result.h"
#include "lockstep/crypto.h"

namespace concord::table {

/// Loads (or creates) `given`, else net::defaultIdentityPath(); prints "Created your identity [fp] (path)" or
/// "Signing as your identity [fp] (path)".
Result<lockstep::KeyPair> loadPersonIdentity(const std::string& given);

}  // namespace concord::table
