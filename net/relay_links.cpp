#include "net/relay_links.h"

#include <algorithm>

namespace concord::net {
RelayLinks::RelayLinks(const lockstep::KeyPair& identity) : identity_(identity), kx_(KxKeys::fresh()) {}

RelayLinks::Link& RelayLinks::fresh(const lockstep::PublicKey& to, const lockstep::PublicKey& via) {
  Link& l = links_[to];
  l.channel = std::make_unique<SecureChannel>(identity_, kx_);
  if (!l.acceptedHello.empty()) {
    if (l.pastHellos.size() >= 16) l.pastHellos.erase(l.pastHellos.begin());
    l.pastHellos.push_back(lockstep::blake128(l.acceptedHello));
  }
  l.acceptedHello.clear();
  l.via = via;
  return l;
}

std::vector<uint8_t> RelayLinks::open(const lockstep::PublicKey& to, const lockstep::PublicKey& via, uint64_t) {
  if (links_.count(to)) return {};
  return fresh(to, via).channel->hello();
}

std::vector<uint8_t> RelayLinks::helloFor(const lockstep::PublicKey& to) const {
  auto it = links_.find(to);
  return it == links_.end() ? std::vector<uint8_t>{} : it->second.channel->hello();
}

RelayLinks::Received RelayLinks::receive(const lockstep::PublicKey& from, const lockstep::PublicKey& via,
                                         std::span<const uint8_t> packet, uint64_t) {
  Received out;
  const uint8_t kind = packetKind(packet);
  auto it = links_.find(from);
  if (kind == kPacketHello) {
    std::vector<uint8_t> hello(packet.begin(), packet.end());
    if (it != links_.end()) {
      const auto& past = it->second.pastHellos;
      if (it->second.acceptedHello == hello) return out;  // a repeat
      if (std::find(past.begin(), past.end(), lockstep::blake128(hello)) != past.end()) {
        out.refused = "a hello of an earlier run of " + from.fingerprint() + " (replayed by the relay?)";
        return out;
      }
    }
    // A new remote, or a restarted one (its hello changed): a new channel from its hello. Ours only changes when
    // we restart, so the remote, already holding it, does not answer with yet another channel.
    const bool known = it != links_.end() && !it->second.acceptedHello.empty();
    Link& l = (it == links_.end() || known) ? fresh(from, via) : it->second;
    auto who = l.channel->acceptHello(hello);
    if (!who) {
      out.refused = who.message();
      if (!known) links_.erase(from);
      return out;
    }
    if (*who != from) {
      out.refused = "relayed hello proves " + who->fingerprint() + ", the relay said " + from.fingerprint();
      links_.erase(from);
      return out;
    }
    l.acceptedHello = std::move(hello);
    // Data that overtook the hello is refused below and resent by lockstep; control goes reliable, behind the hello.
    out.helloBack = l.channel->hello();
    return out;
  }
  if (kind != kPacketData) {
    out.refused = "not a Concord packet";
    return out;
  }
  if (it == links_.end() || !it->second.channel->established()) return out;  // overtook its hello: resent later
  auto plain = it->second.channel->open(packet);
  if (!plain) out.refused = plain.message();
  else out.plain = std::move(*plain);
  return out;
}

bool RelayLinks::established(const lockstep::PublicKey& to) const {
  auto it = links_.find(to);
  return it != links_.end() && it->second.channel->established();
}

std::optional<lockstep::PublicKey> RelayLinks::via(const lockstep::PublicKey& to) const {
  auto it = links_.find(to);
  if (it == links_.end()) return std::nullopt;
  return it->second.via;
}

void RelayLinks::setVia(const lockstep::PublicKey& to, const lockstep::PublicKey& via) {
  if (auto it = links_.find(to); it != links_.end()) it->second.via = via;
}

std::vector<uint8_t> RelayLinks::seal(const lockstep::PublicKey& to, std::span<const uint8_t> plain, Stream stream) {
  return links_.at(to).channel->seal(plain, stream);
}

std::vector<lockstep::PublicKey> RelayLinks::establishedKeys() const {
  std::vector<lockstep::PublicKey> out;
  for (const auto& [k, l] : links_)
    if (l.channel->established()) out.push_back(k);
  return out;
}

}  // namespace concord::net
