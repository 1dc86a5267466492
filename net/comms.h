// Subspace messaging (RULES IX): quick-phrase hails, free text and DMs between captains, as signed
// messages with a strict codec, and the policy every sender and every receiver applies:
// - modes: Lobby and PostGame are Full (hails, free text, DMs); Active play is Full in a casual game and
//   Quick-only (public hails only) in a rated one. Each peer judges by its own view of the phase.
// - DMs are broadcast like everything else: every captain at the table reads them (transparency).
// - per-user mute (receiver side, for the session); rate limit burst 3, then one send per 3 s
//   (sender strict; receivers allow kReceiverGraceMs of network jitter).
// Messages are signed by the sender's identity key and bound to the table (the host's identity), so a
// recorded message can be checked later, beside the orders of the replay.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/det/result.h"
#include "lockstep/crypto.h"

namespace concord::net {

enum class CommsMode : uint8_t { Lobby = 0, Active = 1, PostGame = 2 };
enum class CommsKind : uint8_t { Hail = 1, Text = 2, Direct = 3 };

std::string_view modeName(CommsMode m);

/// One quick-phrase hail of the catalogue (RULES IX "Quick-phrase hails"): id = group * 100 + index.
struct Hail {
  uint16_t id;
  std::string_view group;
  std::string_view phrase;
};
/// The five groups (Acknowledge, Get moving, Sportsmanship, Drama, Cheeky), their exact phrases.
std::span<const Hail> hailCatalogue();
const Hail* findHail(uint16_t id);

inline constexpr size_t kMaxCommsText = 280;
inline constexpr uint64_t kRateBurst = 3;
inline constexpr uint64_t kRateIntervalMs = 3000;
inline constexpr uint64_t kReceiverGraceMs = 1000;

struct CommsMsg {
  CommsKind kind = CommsKind::Hail;
  lockstep::PublicKey table;  // the host's identity: binds the message to this table
  lockstep::PublicKey from;
  uint64_t seq = 0;           // per sender, strictly increasing (1, 2, ...)
  uint16_t hail = 0;          // Hail only
  uint8_t toSeat = 0;         // Direct only
  std::string text;           // Text and Direct only
  lockstep::Signature sig;
};

/// Builds and signs a message.
CommsMsg makeComms(const lockstep::KeyPair& key, const lockstep::PublicKey& table, uint64_t seq, CommsKind kind,
                   uint16_t hail, uint8_t toSeat, std::string text);
bool verifyComms(const CommsMsg& m);
/// The exact bytes the sender signs ("concord-comms-v1" + body): what the replay keeps (replay::CommsEntry).
std::vector<uint8_t> commsSignedBytes(const CommsMsg& m);
/// The message back from its signed bytes and signature (strict, as decodeComms; the signature is not checked).
Result<CommsMsg> commsFromSigned(std::span<const uint8_t> signedBytes, const lockstep::Signature& sig);
/// Wire form (magic 0xC0C3, distinct from lobby messages on the control plane).
std::vector<uint8_t> encodeComms(const CommsMsg& m);
Result<CommsMsg> decodeComms(std::span<const uint8_t> bytes);
/// True when `bytes` claims to be a comms message (so the lobby decoder never sees it).
bool isComms(std::span<const uint8_t> bytes);
/// The message as a reader sees it: `hail 401 "Red Alert!"`, `says: TEXT`, `to seat 2 (DM, visible to all): TEXT`.
std::string describeComms(const CommsMsg& m);

/// The mode/rated/shape rules alone (no signature, rate or mute): what may be sent right now.
Result<void> commsAllowed(CommsMode mode, bool rated, const CommsMsg& m);

/// Token bucket: `burst` sends at once, then one per `intervalMs`; `graceMs` tolerates jitter.
class RateLimiter {
 public:
  RateLimiter(uint64_t burst = kRateBurst, uint64_t intervalMs = kRateIntervalMs, uint64_t graceMs = 0)
      : burst_(burst), interval_(intervalMs), grace_(graceMs) {}
  /// Takes one send if allowed at `nowMs`.
  bool take(const lockstep::PublicKey& who, uint64_t nowMs);
  /// Milliseconds until `who` may send again (0: now).
  uint64_t waitMs(const lockstep::PublicKey& who, uint64_t nowMs) const;

 private:
  struct Bucket {
    int64_t credit = 0;  // ms of sending credit, at most burst * interval
    uint64_t at = 0;
    bool init = false;
  };
  int64_t creditAt(const Bucket& b, uint64_t nowMs) const;
  uint64_t burst_, interval_, grace_;
  std::map<lockstep::PublicKey, Bucket> buckets_;
};

/// The receiver's policy: one per peer, for the session.
class CommsPolicy {
 public:
  explicit CommsPolicy(const lockstep::PublicKey& table, uint64_t graceMs = kReceiverGraceMs)
      : table_(table), limiter_(kRateBurst, kRateIntervalMs, graceMs) {}
  /// Accepts `msg` received from connection `sender` at `nowMs`, or says why not. Checks, in order: the
  /// signature, the table, the seq (a repeat is "duplicate ..."), the mode rules, the rate, mute (a muted
  /// sender's message is "muted ...": hidden, not a violation).
  Result<void> accept(CommsMode mode, bool rated, const CommsMsg& msg, const lockstep::PublicKey& sender, uint64_t nowMs);
  void setTable(const lockstep::PublicKey& t) { table_ = t; }
  void mute(const lockstep::PublicKey& k) { muted_[k] = true; }
  void unmute(const lockstep::PublicKey& k) { muted_.erase(k); }
  bool muted(const lockstep::PublicKey& k) const { return muted_.count(k) != 0; }

 private:
  lockstep::PublicKey table_;
  RateLimiter limiter_;
  std::map<lockstep::PublicKey, uint64_t> lastSeq_;
  std::map<lockstep::PublicKey, bool> muted_;
};

/// The sender's side: applies the same rules before anything leaves (strict rate, no grace).
class CommsOutbox {
 public:
  CommsOutbox(const lockstep::KeyPair& key, const lockstep::PublicKey& table) : key_(key), table_(table) {}
  Result<CommsMsg> compose(CommsMode mode, bool rated, CommsKind kind, uint16_t hail, uint8_t toSeat, std::string text,
                           uint64_t nowMs);
  /// Test hook: build and sign without any check (to prove receivers enforce the rules themselves).
  CommsMsg composeUnchecked(CommsKind kind, uint16_t hail, uint8_t toSeat, std::string text);
  void setTable(const lockstep::PublicKey& t) { table_ = t; }

 private:
  lockstep::KeyPair key_;
  lockstep::PublicKey table_;
  uint64_t seq_ = 0;
  RateLimiter limiter_;
};

}  // namespace concord::net
