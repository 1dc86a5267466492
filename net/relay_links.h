// RelayLinks: end-to-end SecureChannels to peers we reach only through another peer (issue 25). The relay sees
// sealed packets only, so it can delay or drop them but cannot read, forge or alter what we send; switching to
// another relay keeps the channel (its counters and keys), so a relay that leaves costs no new handshake.
// Each process keeps one handshake key pair for all its relayed links: our hello changes only when we restart,
// which lets a peer tell a restarted remote (a new hello: start a new channel) from a repeated one (ignored).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/det/hash.h"
#include "lockstep/crypto.h"
#include "net/secure_channel.h"

namespace concord::net {

class RelayLinks {
 public:
  explicit RelayLinks(const lockstep::KeyPair& identity);

  /// What one relayed packet produced: our hello to send back (a new or restarted remote), the opened plaintext,
  /// or why the packet was refused.
  struct Received {
    std::vector<uint8_t> helloBack;
    std::optional<std::vector<uint8_t>> plain;
    std::string refused;
  };
  /// A packet that relay `via` says comes from `from`. A hello must prove `from`'s identity.
  Received receive(const lockstep::PublicKey& from, const lockstep::PublicKey& via, std::span<const uint8_t> packet,
                   uint64_t nowMs);

  /// Starts a relayed link to `to` (once): returns our hello to send through `via`.
  std::vector<uint8_t> open(const lockstep::PublicKey& to, const lockstep::PublicKey& via, uint64_t nowMs);
  /// Our hello again (a relay that left may have lost it); empty when no link to `to` was started.
  std::vector<uint8_t> helloFor(const lockstep::PublicKey& to) const;
  bool started(const lockstep::PublicKey& to) const { return links_.count(to) > 0; }
  bool established(const lockstep::PublicKey& to) const;
  /// The relay our packets to `to` go through.
  std::optional<lockstep::PublicKey> via(const lockstep::PublicKey& to) const;
  void setVia(const lockstep::PublicKey& to, const lockstep::PublicKey& via);
  /// Seals `plain` for `to`. REQUIRES: established(to).
  std::vector<uint8_t> seal(const lockstep::PublicKey& to, std::span<const uint8_t> plain, Stream stream);
  /// Every remote with an established relayed link.
  std::vector<lockstep::PublicKey> establishedKeys() const;

 private:
  struct Link {
    std::unique_ptr<SecureChannel> channel;
    std::vector<uint8_t> acceptedHello;  // the remote's hello this channel was made from
    std::vector<det::Hash128> pastHellos;  // earlier ones (a relay replaying one cannot reset the channel)
    lockstep::PublicKey via;
  };
  Link& fresh(const lockstep::PublicKey& to, const lockstep::PublicKey& via);

  lockstep::KeyPair identity_;
  KxKeys kx_;
  std::map<lockstep::PublicKey, Link> links_;
};

}  // namespace concord::net
