// The one admission path of a bundle (admission.h): who signed it, checked once, and whether it may be its seat's
// bundle of the ledger's current turn. Every refusal a peer logs or a backfill returns is worded here.
#include "lockstep/admission.h"

#include <algorithm>
#include <vector>

#include "lockstep/turn_ledger.h"

namespace concord::lockstep {

Arrival Arrival::unchecked(Bundle b) {
  const auto h = b.bodyHash();
  return Arrival{std::move(b), h, PublicKey{}, SignerKnown::Unknown};
}

Arrival Arrival::checked(Bundle b, det::Hash128 bodyHash, const PublicKey& key) {
  return Arrival{std::move(b), bodyHash, key, SignerKnown::Checked};
}

std::optional<PublicKey> memberSigner(const SessionConfig& session, const Bundle& b) {
  if (b.seat >= session.seats.size()) return std::nullopt;
  std::vector<PublicKey> keys{session.seats[b.seat].key};
  for (const auto& seat : session.seats)
    if (std::find(keys.begin(), keys.end(), seat.key) == keys.end()) keys.push_back(seat.key);
  if (auto i = b.firstSigner(keys)) return keys[*i];
  return std::nullopt;
}

void confirmVouched(Arrival& a) {
  if (a.known != SignerKnown::Vouched) return;
  a.known = a.bundle.verifySignature(a.signer) ? SignerKnown::Checked : SignerKnown::Refuted;
}

namespace {

// What a bundle of `turn` chains to, in words: the seat's bundle of the turn before, or nothing at turn 0.
std::string chainedTurn(uint32_t turn) {
  return turn == 0 ? std::string("nothing (zero at turn 0)") : "this seat's bundle of turn " + std::to_string(turn - 1);
}

}  // namespace

std::optional<Refusal> TurnLedger::admit(Arrival& a, std::span<const Seat> substitutedNow) const {
  using Kind = Refusal::Kind;
  const Bundle& b = a.bundle;
  if (auto f = linkFault(b); f && f->field == LinkField::Header) return Refusal{Kind::Header, f->describe()};
  const PublicKey expected = expectedSigner(b.seat, substitutedNow);
  // A signature is checked at most once: a key already known (checked, signed here, or vouched) is only compared.
  const bool known = a.known == SignerKnown::Checked || a.known == SignerKnown::Vouched;
  if (!(known && a.signer == expected)) {
    if (a.known == SignerKnown::Checked)
      return Refusal{Kind::OtherSigner, "signed by " + a.signer.fingerprint() +
                                            " but the membership of this turn expects " + expected.fingerprint()};
    if (!(a.known == SignerKnown::Refuted && a.signer == expected) && b.verifySignature(expected)) {
      a.signer = expected;
      a.known = SignerKnown::Checked;
    } else if (a.known == SignerKnown::Vouched && a.bundle.verifySignature(a.signer)) {
      // Honestly signed by the holder whose link brought it, who is not this turn's signer: a seat that changed
      // hands (a rejoin, a substitution) crossed in flight — a race, not a forgery (CI once logged it as an attack).
      a.known = SignerKnown::Checked;
      return Refusal{Kind::OtherSigner, "signed by " + a.signer.fingerprint() +
                                            " but the membership of this turn expects " + expected.fingerprint()};
    } else {
      return Refusal{Kind::BadSignature,
                     "signature does not verify against the expected signer " + expected.fingerprint()};
    }
  }
  if (b.chain != heads_[b.seat])
    return Refusal{Kind::Chain, "its chain " + b.chain.shortHex() + " is not " + heads_[b.seat].shortHex() +
                                    ", the body hash of " + chainedTurn(b.turn)};
  if (b.turn == 0 && !(b.prevSeal.isZero() && b.prevDigest.isZero()))
    return Refusal{Kind::TurnZeroLinks, "turn 0 must carry zero prevSeal and prevDigest"};
  return std::nullopt;
}

}  // namespace concord::lockstep
