// Persistent Ed25519 identity of one user profile: created on first run (file mode 0600), loaded after.
// The file holds the 32-byte Ed25519 seed as 64 hex characters and a newline, nothing else.
#pragma once

#include <string>

#include "core/det/result.h"
#include "lockstep/crypto.h"

namespace concord::net {

/// $CONCORD_HOME/identity.key, else $HOME/.config/concord/identity.key.
std::string defaultIdentityPath();
/// Loads the identity at `path`, creating it (and its directory) if it does not exist. Refuses a file
/// readable by group or others, or one that is not exactly a hex seed.
Result<lockstep::KeyPair> loadOrCreateIdentity(const std::string& path);

}  // namespace concord::net
