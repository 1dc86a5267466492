// Who controls each seat, and the membership system orders (DESIGN: The turn pipeline, step 6).
// A seat is run by its owner or by an AI officer computed and signed by the steward: the lowest seat
// still run by its owner. Substitute and reclaim are orders in the log, so every peer agrees on them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/det/reader.h"
#include "core/det/result.h"
#include "core/det/writer.h"
#include "core/game/types.h"
#include "lockstep/bundle.h"
#include "lockstep/crypto.h"
#include "lockstep/session.h"

namespace concord::lockstep {

/// System order kinds (>= kSystemOrderBase); the pipeline handles them, the game never sees them.
inline constexpr uint16_t kSubstitute = kSystemOrderBase + 1;  // payload: varu seat
inline constexpr uint16_t kReclaim = kSystemOrderBase + 2;     // payload: varu seat, varu turn, 64-byte owner sig

enum class Controller : uint8_t { Owner = 0, Ai = 1 };

struct SeatControl {
  Controller controller = Controller::Owner;
  uint32_t since = 0;                     // turn from which this controller acts
  std::optional<uint32_t> reclaimAt;      // owner takes the seat back at this turn
  friend bool operator==(const SeatControl&, const SeatControl&) = default;
};

class Membership {
 public:
  Membership() = default;
  explicit Membership(const SessionConfig& s);

  const SeatControl& seat(Seat s) const { return seats_[s]; }
  Seat seatCount() const { return static_cast<Seat>(seats_.size()); }
  /// The steward: the lowest owner-run seat not in `excluded`; nullopt when every seat is AI-run.
  std::optional<Seat> steward(std::span<const Seat> excluded = {}) const;
  /// The key that must sign seat `s`'s bundle this turn, given the seats being substituted this turn.
  PublicKey expectedSigner(const SessionConfig& session, Seat s, std::span<const Seat> substitutedNow) const;

  /// Applies due reclaims at the start of `turn`; returns the seats their owners took back (ascending).
  std::vector<Seat> beginTurn(uint32_t turn);
  /// Marks `s` AI-run from `turn` (a Substitute order in its own slot).
  void substitute(Seat s, uint32_t turn);
  /// Checks and schedules a reclaim; the error says why it was refused.
  Result<void> scheduleReclaim(const SessionConfig& session, const det::Hash128& gameId, uint32_t turn,
                               const Order& order);

  void write(det::Writer& w) const;
  Result<void> read(det::Reader& r, Seat seats);
  friend bool operator==(const Membership&, const Membership&) = default;

 private:
  std::vector<SeatControl> seats_;
};

/// The message an owner signs to reclaim a seat: "concord-reclaim" + gameId + seat + turn.
std::vector<uint8_t> reclaimMessage(const det::Hash128& gameId, Seat seat, uint32_t turn);
Order makeSubstituteOrder(Seat seat);
Order makeReclaimOrder(const det::Hash128& gameId, Seat seat, uint32_t turn, const KeyPair& owner);
/// Seat s's orders of a turn open with a Substitute order naming s.
bool opensWithSubstitute(Seat s, std::span<const Order> orders);
/// Seats whose bundle this turn opens with a Substitute order naming themselves (ascending).
std::vector<Seat> substitutedThisTurn(std::span<const std::vector<Order>> ordersBySeat);

}  // namespace concord::lockstep
