// TurnLedger: the one answer to "what does a turn do?" (DESIGN: The turn pipeline, step 7). It takes a turn's
// bundles, checks each against the key Membership expects and against its seat's chain, steps game and
// membership through TurnEngine, and returns the TurnRecord every consumer reads. The live Peer, replay verify,
// resume, rejoin backfill, the bot recorder and the terminal table all step this class; nothing else builds a
// chain or re-simulates a turn, so they cannot disagree about one.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "lockstep/admission.h"
#include "lockstep/turn_engine.h"
#include "lockstep/turn_record.h"

namespace concord::lockstep {

/// Which body field of a bundle fails to continue the ledger (checked in this order for a whole turn, so the
/// first fault named is the root: a forked chain explains a wrong digest and Seal after it).
enum class LinkField : uint8_t { Header, Chain, PrevDigest, PrevSeal };

struct LinkFault {
  Seat seat = 0;
  LinkField field = LinkField::Header;
  det::Hash128 got, want;
  std::string describe() const;  // "its chain 1a2b... is not 3c4d..."
};

class TurnLedger {
 public:
  static Result<std::unique_ptr<TurnLedger>> create(const SessionConfig& session);
  /// A ledger positioned at `turn` from a snapshot: the canonical state before `turn` and the bundles of
  /// `turn - 1`, whose body hashes are the seats' chain heads. The error says what does not fit.
  static Result<std::unique_ptr<TurnLedger>> fromSnapshot(const SessionConfig& session, uint32_t turn,
                                                          std::span<const uint8_t> state, std::span<const Bundle> prev);
  std::unique_ptr<TurnLedger> clone() const;

  const TurnEngine& engine() const { return *engine_; }
  /// TurnEngine::keepStates: off, records carry no state bytes (rec.state is null).
  void keepStates(bool on) { engine_->keepStates(on); }
  const SessionConfig& session() const { return engine_->session(); }
  uint32_t turn() const { return engine_->turn(); }
  bool over() const { return engine_->over(); }
  const det::Hash128& lastSeal() const { return engine_->lastSeal(); }
  const std::vector<det::Hash128>& heads() const { return heads_; }
  const det::Hash128& lastDigest() const { return digest_; }

  /// Membership as it stands for the current turn (due reclaims applied).
  Membership membershipNow() const;
  /// The key that must sign seat `s` this turn while the seats in `substitutedNow` are being substituted.
  PublicKey expectedSigner(Seat s, std::span<const Seat> substitutedNow) const;
  /// The expected signer of every seat for a turn made of `ordersBySeat`.
  std::vector<PublicKey> expectedSigners(std::span<const std::vector<Order>> ordersBySeat) const;
  /// Seat `s`'s unsigned bundle for the current turn: gameId, turn, prevSeal, prevDigest and chain filled in.
  Bundle draft(Seat s, std::vector<Order> orders) const;

  /// The first field of `b` that does not continue seat b.seat's chain at the current turn.
  std::optional<LinkFault> linkFault(const Bundle& b) const;
  /// The first fault of a whole turn: every seat's Header, then every Chain, PrevDigest, PrevSeal.
  std::optional<LinkFault> firstFault(std::span<const Bundle> bundles, bool digestMatters) const;
  /// The first fault of a turn's admitted bundles against the turn before: every PrevDigest (if it matters),
  /// then every PrevSeal (the Seal check).
  std::optional<LinkFault> sealFault(std::span<const Bundle> bundles, bool digestMatters) const;

  /// The one admission check (admission.cpp): may `a` be seat a.bundle.seat's bundle of the current turn while
  /// the seats in `substitutedNow` are substituted? Its header must be this game, turn and a seat; its signer
  /// the key Membership expects (a signature already Checked or Vouched for that key is not checked again; an
  /// Unknown one is, and `a` remembers the result); its chain the seat's previous body hash (zero prevSeal and
  /// prevDigest at turn 0). Returns why not, worded once for every caller; nothing when admitted.
  std::optional<Refusal> admit(Arrival& a, std::span<const Seat> substitutedNow) const;

  /// Applies one turn: one arrival per seat, ascending. Each is admitted (above, with the seats this turn's
  /// orders substitute) and must carry our Seal of the turn before (a prevDigest naming another bundle set is
  /// noted in the record, not refused: Seals still agree). Errors name the turn and seat.
  Result<TurnRecord> apply(std::vector<Arrival> turn);
  /// apply() of bundles nothing is known of yet: every signature is checked against its expected signer.
  Result<TurnRecord> apply(std::vector<Bundle> bundles);
  /// Applies a turn known only by its orders (a replay keeps chain-head signatures, not every bundle's): the
  /// bundles are drafted here and come back unsigned; the caller checks the chain heads' signatures.
  TurnRecord applyOrders(std::vector<std::vector<Order>> ordersBySeat);

  /// Undoes the last apply: `state` is the canonical state before it (a peer's ring keeps it), `heads` and
  /// `digest` what heads() and lastDigest() were. A peer takes back a final turn that rests on a bad signature.
  Result<void> rewind(std::span<const uint8_t> state, std::vector<det::Hash128> heads, det::Hash128 digest);

  /// Test hook for fault drills: replaces the state after the last turn as a hardware fault would.
  Result<void> overwriteState(std::span<const uint8_t> state);

 private:
  TurnLedger() = default;
  TurnRecord commit(std::vector<Bundle> bundles, std::vector<PublicKey> signers, std::vector<std::vector<Order>> orders,
                    std::vector<det::Hash128> bodyHashes);

  std::unique_ptr<TurnEngine> engine_;
  std::vector<det::Hash128> heads_;
  det::Hash128 digest_;
};

}  // namespace concord::lockstep
