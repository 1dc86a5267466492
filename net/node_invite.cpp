// Invite codes at the node (issue 25): the host refuses a stranger without the table's secret; a joiner dials every
// address of the code and takes as its host only a link that proves the key the code names.
#include "net/node_internal.h"

namespace concord::net {

// A key that holds a seat here is known by that key (a returning owner); only a new key must bring the secret.
bool Node::refusedForSecret(const lockstep::PublicKey& from, const std::optional<TableSecret>& given) {
  if (!opt_.demandSecret || seatOf(from) || secretMatches(*opt_.demandSecret, given)) return false;
  log("refused [" + from.fingerprint() + "]: " + (given ? "its invite secret is not this table's" : "it brought no invite secret"));
  send(from, RefuseMsg{kBadSecretWhy, RefuseReason::BadSecret});
  return true;
}

std::vector<Address> Node::hostAddresses() const {
  if (!opt_.joinAny.empty()) return opt_.joinAny;
  return opt_.join ? std::vector<Address>{*opt_.join} : std::vector<Address>{};
}

// The first authenticated link among `dialling` whose key the invite code names (any key when there is no code). A
// link that proved another key gets nothing but the handshake: we hang up and drop its address; `refusal` says why.
std::optional<lockstep::PublicKey> Node::findHost(std::vector<Address>& dialling, std::string& refusal) {
  for (auto it = dialling.begin(); it != dialling.end();) {
    auto key = transport_.keyAt(*it);
    if (!key || !transport_.connected(*key)) {
      ++it;
      continue;
    }
    const HostFingerprint proved = hostFingerprint(*key);
    if (!opt_.hostFingerprint || proved == *opt_.hostFingerprint) {
      hostAt_ = *it;
      // The code's other addresses are done with: a link there still in its handshake may be an impostor's, and an
      // authenticated key hears our game's broadcasts. Only the host's address is dialled again.
      for (const auto& other : dialling)
        if (other.host != it->host || other.port != it->port)
          if (auto k = transport_.keyAt(other); !k || *k != *key) transport_.hangUp(other);
      dialling = {*hostAt_};
      return key;
    }
    refusal = "the host at " + it->text() + " proved key " + fingerprintText(proved) + ", the invite code names " +
              fingerprintText(*opt_.hostFingerprint) +
              ": not the host who invited you — someone may be in the middle; connection refused";
    log(refusal);
    transport_.hangUp(*it);
    it = dialling.erase(it);
  }
  return std::nullopt;
}

}  // namespace concord::net
