#include "lockstep/crypto.h"

#include <sodium.h>

#include <cstdio>
#include <cstdlib>

namespace concord::lockstep {

void ensureSodium() {
  static const bool ready = [] {
    if (sodium_init() < 0) {
      std::fputs("concord: libsodium failed to initialise; the system has no usable random source\n", stderr);
      std::abort();
    }
    return true;
  }();
  (void)ready;
}

std::string PublicKey::fingerprint() const {
  ensureSodium();
  unsigned char h[6];
  crypto_generichash(h, sizeof h, bytes.data(), bytes.size(), nullptr, 0);
  char buf[20];
  std::snprintf(buf, sizeof buf, "%02x%02x-%02x%02x-%02x%02x", h[0], h[1], h[2], h[3], h[4], h[5]);
  return buf;
}

KeyPair KeyPair::generate() {
  ensureSodium();
  KeyPair k;
  crypto_sign_keypair(k.publicKey.bytes.data(), k.secretKey.data());
  return k;
}

KeyPair KeyPair::fromSeed(std::span<const uint8_t, 32> seed) {
  ensureSodium();
  KeyPair k;
  crypto_sign_seed_keypair(k.publicKey.bytes.data(), k.secretKey.data(), seed.data());
  return k;
}

KeyPair KeyPair::fromLabel(std::string_view label) {
  auto seed = blake256(std::span(reinterpret_cast<const uint8_t*>(label.data()), label.size()));
  return fromSeed(seed);
}

Signature sign(const KeyPair& key, std::span<const uint8_t> message) {
  ensureSodium();
  Signature s;
  crypto_sign_detached(s.bytes.data(), nullptr, message.data(), message.size(), key.secretKey.data());
  return s;
}

bool verify(const PublicKey& key, std::span<const uint8_t> message, const Signature& sig) {
  ensureSodium();
  return crypto_sign_verify_detached(sig.bytes.data(), message.data(), message.size(), key.bytes.data()) == 0;
}

det::Hash128 blake128(std::span<const uint8_t> bytes) {
  ensureSodium();
  unsigned char h[16];
  crypto_generichash(h, sizeof h, bytes.data(), bytes.size(), nullptr, 0);
  det::Hash128 out;
  for (int i = 0; i < 8; ++i) {
    out.lo |= static_cast<uint64_t>(h[i]) << (8 * i);
    out.hi |= static_cast<uint64_t>(h[8 + i]) << (8 * i);
  }
  return out;
}

std::array<uint8_t, 32> blake256(std::span<const uint8_t> bytes) {
  ensureSodium();
  std::array<uint8_t, 32> h{};
  crypto_generichash(h.data(), h.size(), bytes.data(), bytes.size(), nullptr, 0);
  return h;
}

std::array<uint8_t, 32> randomBytes32() {
  ensureSodium();
  std::array<uint8_t, 32> b{};
  randombytes_buf(b.data(), b.size());
  return b;
}

}  // namespace concord::lockstep
