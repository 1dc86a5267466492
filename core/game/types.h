// Plain types every rule module and the pipeline share: seats, orders, observations, seals, outcomes.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/det/hash.h"
#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord {

using Seat = uint16_t;
/// Observer id for the omniscient view (replay analysts only; never given to a player or an AI).
inline constexpr Seat kOmniscient = 0xFFFF;
/// Observer id for a spectator who holds no seat: the public table only (hand counts, the pile's size, the board;
/// no hand, no pile order). Issue 26: what a rated game's record shows while the game is not over. Every module
/// treats it as "no seat" (a viewer >= seats that is not kOmniscient).
inline constexpr Seat kSpectator = 0xFFFE;
/// The most seats any module may have (Warp 18 tops out at 18 captains).
inline constexpr Seat kMaxSeats = 32;

/// One order as the pipeline sees it: a module-defined kind and canonical payload bytes.
/// The module decodes the payload strictly; the pipeline never interprets it.
struct Order {
  uint16_t kind = 0;
  std::vector<uint8_t> payload;

  static constexpr size_t kMaxPayload = 1024;
  friend bool operator==(const Order&, const Order&) = default;
  void write(det::Writer& w) const;
  static Order read(det::Reader& r);
};

/// Orders of one seat for one turn, as applied.
struct SeatOrders {
  Seat seat = 0;
  std::span<const Order> orders;
};

/// Everything a turn applies: every seat's orders, ascending seat.
struct TurnInput {
  uint32_t turn = 0;
  std::span<const SeatOrders> bySeat;
};

/// An order that the rules refused, with the reason naming the rule. Identical on every peer.
struct Rejection {
  Seat seat = 0;
  uint32_t index = 0;
  std::string reason;
};

/// What the session did to a seat's control as a turn began (lockstep membership: an AI substitute took the seat,
/// or its owner took it back). Plain data, so core/ learns of it without knowing the pipeline's system orders.
struct SeatControlEvent {
  enum class Kind : uint8_t { Substituted = 0, Reclaimed = 1 };
  Seat seat = 0;
  Kind kind = Kind::Substituted;
  friend bool operator==(const SeatControlEvent&, const SeatControlEvent&) = default;
};

/// The end-of-turn barrier's record: the canonical state hash every peer compares.
struct SealRecord {
  uint32_t turn = 0;
  det::Hash128 stateHash;
};

class Game;

/// What one seat may know (or everything, for kOmniscient): canonical bytes for AI and UI, text for people.
struct Observation {
  Seat viewer = kOmniscient;
  std::vector<uint8_t> canonical;
  std::string text;
  /// The module's own view that `canonical` encodes, already built (optional, in-process only): an officer reads
  /// it instead of decoding the bytes it was written to (verify re-runs an officer every AI decision). It holds
  /// exactly what `canonical` says, no more; nothing hashes, stores or sends it.
  std::shared_ptr<const Game> decoded;
};

/// A finished game: competition ranks by seat (1 = first, ties share a rank) and final scores.
struct Outcome {
  std::vector<uint32_t> rankBySeat;
  std::vector<int64_t> scoreBySeat;
  std::string summary;
};

/// Module id, rules version and seat range; a replay names these and is refused on a mismatch.
struct GameInfo {
  std::string moduleId;
  uint32_t rulesVersion = 0;
  Seat minSeats = 1;
  Seat maxSeats = 1;
};

}  // namespace concord
