#include "table/person_identity.h"

#include <cstdio>
#include <filesystem>

#include "net/identity.h"

namespace concord::table {

Result<lockstep::KeyPair> loadPersonIdentity(const std::string& given) {
  const std::string path = given.empty() ? net::defaultIdentityPath() : given;
  std::error_code ec;
  const bool fresh = !std::filesystem::exists(path, ec);
  auto key = net::loadOrCreateIdentity(path);
  if (!key) return key.error();
  std::printf("%s identity [%s] (%s)\n", fresh ? "Created your" : "Signing as your", key->publicKey.fingerprint().c_str(),
              path.c_str());
  return key;
}

}  // namespace concord::table
