// PeerCore: what every part of a Peer shares (lockstep/peer.h): the transport and options, the ledger and the clock,
// the candidates waiting per turn and our own signed bundles, the applied records and the ring of recent states,
// who was heard when, the refusal log and the bad-signature allowances. The parts (BundleInbox, RaceJudge,
// VouchAudit, Stewardship, SeatScheduler) each keep their own state and reach the shared state through this.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lockstep/admission.h"
#include "lockstep/peer_options.h"
#include "lockstep/transport.h"
#include "lockstep/turn_ledger.h"
#include "lockstep/turn_record.h"
#include "lockstep/wire.h"

namespace concord::lockstep {

/// A bundle waiting in its (turn, seat) slot: how it arrived and, once admitted for its turn, as whose.
struct Candidate : Arrival {
  std::optional<PublicKey> verifiedWith;  // the expected signer it was admitted as at assembly
  PeerId from = 0;                        // the transport peer it arrived from
  bool vouched() const { return known == SignerKnown::Vouched; }
};
/// Per turn, per seat: the distinct candidates received (at most a few).
using Slots = std::vector<std::vector<Candidate>>;

class PeerCore {
 public:
  PeerCore(Transport& t, PeerOptions opt) : net_(t), opt_(std::move(opt)) {}

  void logLine(std::string line);
  /// Logs and keeps a refused bundle: "rejected bundle turn T seat S from peer P: why".
  void reject(PeerId from, const Bundle& b, std::string why);
  void send(PeerId to, const WireMessage& m);
  void broadcast(const WireMessage& m);

  /// The applied record of `turn`, if we hold it.
  const TurnRecord* record(uint32_t turn) const;
  /// The canonical state after `turn` from the ring (UINT32_MAX: before turn 0), if still kept.
  const std::vector<uint8_t>* ringState(uint32_t turn) const;
  bool holdsSeatKey(Seat s) const;  // seat s is signed with our key (our own seat, or an AI seat we host)
  Membership membershipNow() const { return ledger_->membershipNow(); }
  /// When seat s's own link last sent us anything (0: never).
  uint64_t lastHeardMs(Seat s) const;
  /// Whether a bundle of a turn after t is in: stuck at t ourselves, that is the table playing on.
  bool bundlesAfter(uint32_t t) const;

  /// A bundle whose signature failed, from `from`: past its allowance we ignore that sender unchecked.
  void strike(PeerId from);
  bool ignoring(PeerId from) const;  // past its own bad-signature allowance, or the non-members' shared one

  Transport& net_;
  PeerOptions opt_;
  std::unique_ptr<TurnLedger> ledger_;
  uint64_t now_ = 0;
  bool halted_ = false;   // stopped by a desync
  bool syncing_ = false;  // restarted: waiting for a snapshot
  std::map<uint32_t, Slots> pending_;
  std::map<uint32_t, std::vector<Bundle>> own_;  // what we signed for the current and the previous turn (resent)
  std::vector<std::pair<uint32_t, std::shared_ptr<const std::vector<uint8_t>>>> ring_;
  std::vector<det::Hash128> seals_;
  std::vector<TurnRecord> records_;
  uint32_t recordBase_ = 0;
  uint64_t turnStartMs_ = 0;
  std::optional<uint32_t> seenFor_;                      // the turn turnStartMs_ belongs to
  std::map<Seat, uint64_t> lastHeard_;                   // seat -> when its own link last sent anything
  std::map<Seat, std::pair<uint32_t, uint64_t>> heard_;  // seat -> (turn, ms) of its last Deciding
  uint32_t aheadSeen_ = 0;
  std::vector<std::string> rejections_;
  PeerStats stats_;

 private:
  std::map<PeerId, uint32_t> badSignatures_;  // failed signature checks per sender
  uint32_t guestBadSignatures_ = 0;           // ... and by all non-member senders together
};

}  // namespace concord::lockstep
