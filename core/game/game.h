// The Game interface: one rule module's deterministic state machine (DESIGN: The Game interface).
// Everything here runs inside a turn: integer-only, no I/O, no clocks, ascending-seat iteration.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/det/result.h"
#include "core/det/rng.h"
#include "core/game/hidden_info.h"
#include "core/game/types.h"

namespace concord {

/// One game event as tools show it: a kind from a small vocabulary shared by every module, and its
/// narration line. Kinds: "round" (a round starts), "goout" (a captain goes out), "round-end" (a round
/// ends without a go-out), "alert" (an alert opens), "alert-end", "catch", "tally", "winner" (the game's
/// result), "play" (everything else).
struct GameEvent {
  std::string kind;
  std::string text;
};

/// The names people gave the seats (a lobby's), by seat; an empty or missing entry keeps the module's own
/// label ("Captain 2"). Presentation only: the calls that take them are const and keep nothing, so a name
/// can never reach the state, its canonical bytes or the Seal.
using SeatNames = std::vector<std::string>;

class Game {
 public:
  virtual ~Game() = default;

  virtual GameInfo info() const = 0;
  /// Starts a game from the module's canonical config bytes, the agreed seed and the seat count.
  virtual Result<void> setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) = 0;
  /// Seats whose orders this turn needs; empty when the game is over.
  virtual std::vector<Seat> awaiting() const = 0;
  /// Whether `order` from `seat` is legal now; the error names the rule that forbids it.
  virtual Result<void> validate(Seat seat, const Order& order) const = 0;
  /// Applies one turn's orders in ascending seat order. Illegal orders are skipped and returned, never thrown.
  virtual std::vector<Rejection> apply(const TurnInput& input) = 0;
  /// The turn's seat-control events (ascending seat, reclaims before substitutions), given before apply() on every
  /// peer and in replay verify alike: they come from logged system orders. Most rules take no notice (the default);
  /// Every Last City writes its Substituted Chronicle entry (VC-3080). A module that records them changes its
  /// state bytes, so it needs a rules-version bump.
  virtual void seatControl(uint32_t turn, std::span<const SeatControlEvent> events) {
    (void)turn;
    (void)events;
  }
  /// The end-of-turn barrier: finish the turn's bookkeeping; the pipeline then hashes write().
  virtual void seal(uint32_t turn) = 0;
  /// Canonical bytes of the whole state (named fields, so desync diffs can name a path).
  virtual void write(det::Writer& w) const = 0;
  /// Restores the state from write()'s bytes (snapshots, rejoin); strict.
  virtual Result<void> read(det::Reader& r) = 0;
  /// Exactly what `viewer` may know; kOmniscient gives everything (analysts only).
  virtual Observation observe(Seat viewer) const = 0;
  /// observe(viewer) as an officer reads it: the canonical bytes, the text possibly left empty (officers never read
  /// it; verify re-derives every officer decision of a record, so this is the hot path of `replay verify`).
  virtual Observation observeForOfficer(Seat viewer) const { return observe(viewer); }
  /// observe(viewer) with the seats called by `names` in its text; the canonical bytes are observe(viewer)'s.
  /// By default the module's own labels.
  virtual Observation observeNamed(Seat viewer, const SeatNames& names) const {
    (void)names;
    return observe(viewer);
  }
  /// Every order `seat` could legally give now. Depends only on what that seat may know.
  virtual std::vector<Order> legalOrders(Seat seat) const = 0;
  /// Set once the game is over.
  virtual std::optional<Outcome> outcome() const = 0;
  /// outcome() with the seats called by `names` in its summary (text only); by default the module's own labels.
  virtual std::optional<Outcome> outcomeNamed(const SeatNames& names) const {
    (void)names;
    return outcome();
  }
  virtual std::unique_ptr<Game> clone() const = 0;
  /// One line per order for logs and replay dumps ("seat 2 plays 7").
  virtual std::string describe(Seat seat, const Order& order) const = 0;

  // Text both ways, so every client (terminal, Qt, scripts) names and reads orders through these calls
  // and none downcasts to a module's class.
  /// The order as a person types it ("chart 12-5 own", "play 7"); parseOrder(seat, orderText(seat, o)) == o.
  virtual std::string orderText(Seat seat, const Order& order) const = 0;
  /// Reads an order from its text form; the error says what is wrong with the text. Whether the order is
  /// legal now is validate()'s question, not this one's.
  virtual Result<Order> parseOrder(Seat seat, std::string_view text) const = 0;
  /// The order forms a person may type, one a line ("move UNIT X Y   move a Legion ..."); `help` lists them.
  virtual std::vector<std::string> orderForms() const { return {}; }
  /// True when a seat gives any number of orders a turn, sent together as one bundle (a person types "end");
  /// false when a turn takes one order (Warp).
  virtual bool ordersInBundles() const { return false; }
  /// One seat's orders for this turn, in the order typed, each checked against the state it will meet when the
  /// turn applies (W.E.B.: a load before the move that carries it); a Rejection per order the turn would refuse,
  /// its index into `orders`. By default each order is checked alone against the current state.
  virtual std::vector<Rejection> checkOrders(Seat seat, std::span<const Order> orders) const;
  /// A typical order as a person types it, for help lines ("chart 12-5 own").
  virtual std::string orderExample() const { return {}; }
  /// The module's own read-only commands at a seat's prompt (Every Last City's "map 3", W.E.B.'s "system 7"):
  /// their text for `viewer`, only what that seat may know; nullopt when `line` is not one of them.
  virtual std::optional<std::string> tableCommand(Seat viewer, std::string_view line) const {
    (void)viewer;
    (void)line;
    return std::nullopt;
  }
  /// tableCommand's forms, one a line ("map [CITY]   the map around a city"), for `help`.
  virtual std::vector<std::string> tableCommandForms() const { return {}; }
  /// What the game calls seat `s` ("Captain 2", "Red", "Empire 2"): a local table names its seats so.
  virtual std::string seatLabel(Seat s) const { return "Seat " + std::to_string(s); }
  /// What a person reads as the game starts (Every Last City: the Terms, VC-1910/VC-2000); may be empty.
  virtual std::string introduction(Seat viewer) const {
    (void)viewer;
    return {};
  }
  /// A record a finished game keeps beside its replay (Every Last City's result record, VC-1590); may be empty.
  virtual std::string finalRecord() const { return {}; }
  /// The game's narration as people read it ("Captain 2 charts 12-5"), counted over the whole game:
  /// the lines after the first `from` (an earlier narrationTotal()). A module may narrate nothing.
  virtual std::vector<std::string> narrationSince(uint64_t from) const {
    (void)from;
    return {};
  }
  /// narrationSince(from) with the seats called by `names`; by default the module's own labels.
  virtual std::vector<std::string> narrationNamed(uint64_t from, const SeatNames& names) const {
    (void)names;
    return narrationSince(from);
  }
  /// Narration lines written so far (pass it to narrationSince later to get only what is new).
  virtual uint64_t narrationTotal() const { return 0; }
  /// Issue 26: the hidden information this game keeps from its own peers (a masked deck), or nullptr when every
  /// peer holds the whole state (every module without one, and Warp at an open table).
  virtual const HiddenInfo* hiddenInfo() const { return nullptr; }
  /// narrationSince's lines with their kinds (replay dump, step's `next round`, exports); by default
  /// every line is a "play".
  virtual std::vector<GameEvent> eventsSince(uint64_t from) const {
    std::vector<GameEvent> out;
    for (auto& line : narrationSince(from)) out.push_back({"play", std::move(line)});
    return out;
  }
};

/// The state hash of a game: XXH3-128 of its canonical bytes.
det::Hash128 stateHash(const Game& g);

/// The one name of a bot seat's random stream, "ai.<seat>.<turn>": fresh per (seat, turn) so any peer that
/// becomes the seat's steward mid-game, a recorder and a replay audit all draw the same (docs/determinism.md).
det::Rng botStream(const det::Seed& seed, Seat seat, uint32_t turn);

/// A computer player. Sees only its seat's Observation and that seat's legal orders.
class Bot {
 public:
  virtual ~Bot() = default;
  /// Picks this turn's orders; `rng` is the seat's botStream for this turn.
  virtual std::vector<Order> choose(const Observation& obs, std::span<const Order> legal, det::Rng& rng) = 0;
};

}  // namespace concord
