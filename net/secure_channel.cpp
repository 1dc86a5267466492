#include "net/secure_channel.h"

#include <sodium.h>

#include <cstring>
#include <string_view>

namespace concord::net {
namespace {

constexpr uint8_t kMagic0 = 'C';
constexpr uint8_t kMagic1 = 'N';
// 2: ordered-stream counters (kOrderedStreamBit); a version-1 peer would take them for a jump of its window.
constexpr uint8_t kHelloVersion = 2;
constexpr std::string_view kHelloContext = "concord-net-hello-v1";

std::vector<uint8_t> helloMessage(std::span<const uint8_t> kx) {
  // Built with memcpy: gcc 12 -O2 misreports the insert() form as out of bounds (-Warray-bounds).
  std::vector<uint8_t> m(kHelloContext.size() + kx.size());
  std::memcpy(m.data(), kHelloContext.data(), kHelloContext.size());
  if (!kx.empty()) std::memcpy(m.data() + kHelloContext.size(), kx.data(), kx.size());
  return m;
}

void nonceFor(uint64_t counter, unsigned char (&nonce)[crypto_aead_xchacha20poly1305_ietf_NPUBBYTES]) {
  std::memset(nonce, 0, sizeof nonce);
  for (size_t i = 0; i < 8; ++i) nonce[i] = static_cast<unsigned char>(counter >> (8 * i));
}

}  // namespace

uint8_t packetKind(std::span<const uint8_t> b) {
  if (b.size() < 3 || b[0] != kMagic0 || b[1] != kMagic1) return 0;
  if (b[2] == kPacketHello && b.size() == kHelloBytes) return kPacketHello;
  if (b[2] == kPacketData && b.size() >= kDataOverhead) return kPacketData;
  return 0;
}

KxKeys KxKeys::fresh() {
  lockstep::ensureSodium();
  KxKeys k;
  crypto_kx_keypair(k.publicKey.data(), k.secretKey.data());
  return k;
}

SecureChannel::SecureChannel(const lockstep::KeyPair& identity) : SecureChannel(identity, KxKeys::fresh()) {}

SecureChannel::SecureChannel(const lockstep::KeyPair& identity, const KxKeys& kx)
    : identity_(identity), kxPublic_(kx.publicKey), kxSecret_(kx.secretKey) {
  lockstep::ensureSodium();
}

std::vector<uint8_t> SecureChannel::hello() const {
  std::vector<uint8_t> p{kMagic0, kMagic1, kPacketHello, kHelloVersion};
  p.insert(p.end(), identity_.publicKey.bytes.begin(), identity_.publicKey.bytes.end());
  p.insert(p.end(), kxPublic_.begin(), kxPublic_.end());
  auto sig = lockstep::sign(identity_, helloMessage(kxPublic_));
  p.insert(p.end(), sig.bytes.begin(), sig.bytes.end());
  return p;
}

Result<lockstep::PublicKey> SecureChannel::acceptHello(std::span<const uint8_t> p) {
  if (packetKind(p) != kPacketHello) return Err("handshake: not a hello packet (", p.size(), " bytes)");
  if (p[3] != kHelloVersion) return Err("handshake: hello version ", unsigned{p[3]}, ", this build speaks ", unsigned{kHelloVersion}, "; upgrade the older peer");
  if (remote_) return Err("handshake: second hello on an established channel");
  lockstep::PublicKey who;
  std::memcpy(who.bytes.data(), p.data() + 4, 32);
  std::array<uint8_t, 32> kx{};
  std::memcpy(kx.data(), p.data() + 36, 32);
  lockstep::Signature sig;
  std::memcpy(sig.bytes.data(), p.data() + 68, 64);
  if (!lockstep::verify(who, helloMessage(kx), sig)) return Err("handshake: hello signature does not verify");
  if (who == identity_.publicKey) return Err("handshake: the remote peer uses our own identity; give each player their own profile");
  int rc = who > identity_.publicKey
               ? crypto_kx_client_session_keys(rxKey_.data(), txKey_.data(), kxPublic_.data(), kxSecret_.data(), kx.data())
               : crypto_kx_server_session_keys(rxKey_.data(), txKey_.data(), kxPublic_.data(), kxSecret_.data(), kx.data());
  if (rc != 0) return Err("handshake: unusable key exchange key from ", who.fingerprint());
  remote_ = who;
  return who;
}

std::vector<uint8_t> SecureChannel::seal(std::span<const uint8_t> plain, Stream stream) {
  const uint64_t counter = stream == Stream::Ordered ? ++txOrdered_ | kOrderedStreamBit : ++txCounter_;
  std::vector<uint8_t> p(kDataOverhead + plain.size());
  p[0] = kMagic0;
  p[1] = kMagic1;
  p[2] = kPacketData;
  for (size_t i = 0; i < 8; ++i) p[3 + i] = static_cast<uint8_t>(counter >> (8 * i));
  unsigned char nonce[crypto_aead_xchacha20poly1305_ietf_NPUBBYTES];
  nonceFor(counter, nonce);
  unsigned long long clen = 0;
  crypto_aead_xchacha20poly1305_ietf_encrypt(p.data() + 11, &clen, plain.data(), plain.size(), p.data(), 11, nullptr,
                                             nonce, txKey_.data());
  p.resize(11 + clen);
  return p;
}

bool SecureChannel::checkAndMark(uint64_t c) {
  if (c == 0) return false;
  if (rxAny_ && c <= rxHighest_) {
    if (rxHighest_ - c >= kReplayWindow) return false;
    if (rxSeen_.test(c % kReplayWindow)) return false;
    rxSeen_.set(c % kReplayWindow);
    return true;
  }
  // Advance the window, clearing the slots we skip over.
  uint64_t from = rxAny_ ? rxHighest_ + 1 : c;
  if (c - from >= kReplayWindow) rxSeen_.reset();
  else
    for (uint64_t k = from; k < c; ++k) rxSeen_.reset(k % kReplayWindow);
  rxSeen_.set(c % kReplayWindow);
  rxHighest_ = c;
  rxAny_ = true;
  return true;
}

Result<std::vector<uint8_t>> SecureChannel::open(std::span<const uint8_t> p) {
  if (!remote_) return Err("data packet before the handshake");
  if (packetKind(p) != kPacketData) return Err("malformed packet (", p.size(), " bytes)");
  if (p.size() - kDataOverhead > kMaxPlaintext) return Err("packet too large (", p.size(), " bytes)");
  uint64_t counter = 0;
  for (size_t i = 0; i < 8; ++i) counter |= uint64_t{p[3 + i]} << (8 * i);
  unsigned char nonce[crypto_aead_xchacha20poly1305_ietf_NPUBBYTES];
  nonceFor(counter, nonce);
  std::vector<uint8_t> plain(p.size() - kDataOverhead);
  unsigned long long mlen = 0;
  if (crypto_aead_xchacha20poly1305_ietf_decrypt(plain.data(), &mlen, nullptr, p.data() + 11, p.size() - 11, p.data(), 11,
                                                 nonce, rxKey_.data()) != 0)
    return Err("packet ", counter, " fails authentication (modified, or not from ", remote_->fingerprint(), ")");
  // Only an authentic packet may move the window, so forged counters cannot push real ones out.
  if (counter & kOrderedStreamBit) {
    const uint64_t n = counter & ~kOrderedStreamBit;
    if (n <= rxOrdered_) return Err("reliable packet ", n, " is a replay (the last one opened was ", rxOrdered_, ")");
    rxOrdered_ = n;
  } else if (!checkAndMark(counter)) {
    return Err("packet ", counter, " is a replay or too old (the newest is ", rxHighest_, ")");
  }
  plain.resize(mlen);
  return plain;
}

}  // namespace concord::net
