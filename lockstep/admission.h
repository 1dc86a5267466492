// Admission: what a bundle must be before a turn may apply it, decided in one place (DESIGN: The turn pipeline,
// step 7, "One ledger"). An Arrival carries a bundle with what its holder already knows of its signature (checked
// once on arrival, signed here, or vouched for by an authenticated link), so no signature is ever checked twice;
// TurnLedger::admit (admission.cpp) judges signer, header and chain and words every refusal. The live Peer, the
// rejoin backfill and TurnLedger::apply all admit through it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "lockstep/bundle.h"
#include "lockstep/session.h"

namespace concord::lockstep {

/// What is known of a bundle's signature before admission.
enum class SignerKnown : uint8_t {
  Unknown,  // nothing: admission checks it against the expected signer
  Checked,  // it verified with `signer` (or we signed it with that key ourselves)
  Vouched,  // the authenticated link of `signer`'s holder delivered it; the signature itself is unchecked
  Refuted,  // it was vouched for, and does not verify with `signer`
};

/// A bundle as it reached us: its body hash (computed once) and what we know of its signer.
struct Arrival {
  Bundle bundle;
  det::Hash128 bodyHash;
  PublicKey signer{};
  SignerKnown known = SignerKnown::Unknown;

  /// A bundle nothing is known of yet (a snapshot tail, a test's hand-made turn).
  static Arrival unchecked(Bundle b);
  /// A bundle whose signature verified with `key` (or that we signed with it), with its body hash.
  static Arrival checked(Bundle b, det::Hash128 bodyHash, const PublicKey& key);
};

/// The session key whose signature `b` carries: the seat's owner first (the usual signer), then every other
/// distinct member key in seat order. The one check an arriving bundle gets before it may occupy a slot.
std::optional<PublicKey> memberSigner(const SessionConfig& session, const Bundle& b);

/// A vouched arrival's own signature checked (where a proof is needed: conflicting candidates, relays):
/// Checked if it verifies with its signer, Refuted if not. Other arrivals are left as they are.
void confirmVouched(Arrival& a);

/// Why admission refused a bundle; `why` is the one wording every caller logs or returns.
struct Refusal {
  enum class Kind : uint8_t {
    Header,         // not this game, turn or a seat of the table
    BadSignature,   // no valid signature of the expected signer
    OtherSigner,    // a valid signature of another member than the one this turn's membership expects
    Chain,          // its chain is not the body hash of the seat's previous bundle
    TurnZeroLinks,  // a turn-0 bundle naming a Seal or digest before it
  };
  Kind kind = Kind::Header;
  std::string why;
};

}  // namespace concord::lockstep
