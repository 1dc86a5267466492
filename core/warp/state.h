// The Warp rules engine: state and the Game interface. One pipeline turn = one action opportunity.
// Files: setup.cpp (§II deal, positions), legal.cpp (§III routes, §IV doubles), apply.cpp (turn protocol),
// scoring.cpp (§V), serialize.cpp (canonical write/read), observe.cpp, module.cpp (registry), bots.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "core/game/game.h"
#include "core/warp/config.h"
#include "core/warp/log.h"
#include "core/warp/orders.h"
#include "core/warp/tiles.h"

namespace concord::warp {

inline constexpr uint8_t kNone = 0xFF;

/// Warp rules versions (module.cpp): 2 round log as event records; 3 Go-out blocked-deal counter; 4 the review
/// fixes of issue 11 (Kappa even-round winner, scoring floor shown, Pass Red Alert house rule, Lambda beacon and
/// momentum); 5 the Hazard Marker rule written once (§VI Delta: a Warp Drive spool onto the Neutral Zone logs
/// HazardTake like a chart; v3-v4 took the marker silently). Older versions still run, so old replays verify
/// under the version they recorded.
inline constexpr uint32_t kRulesVersion = 5;
inline constexpr uint32_t kOldestRulesVersion = 3;

/// Go-out: a round that blocks this many deals in a row at the same Spacedock is not re-dealt again but
/// resolved (Victory conditions; decision in docs/rules-decisions.md "Consecutive blocked Go-out deals").
inline constexpr uint16_t kMaxBlockedDeals = 10;

/// A coordinate on a line; `open` is the end left exposed by it.
struct Placed {
  Tile tile;
  uint8_t open = 0;
  friend bool operator==(const Placed&, const Placed&) = default;
};

/// A Warp Trail or the Neutral Zone, from Spacedock outward; fracture branches are dead ends (§VI).
struct Line {
  std::vector<Placed> main;
  std::vector<Placed> branches;
  uint8_t openEnd(uint8_t spacedock) const { return main.empty() ? spacedock : main.back().open; }
  friend bool operator==(const Line&, const Line&) = default;
};

/// §IV an unsatisfied double: Yellow while on its charter, Red once responsibility has passed.
struct OpenDouble {
  bool active = false;
  uint8_t line = 0;  // seat index, or seats_ for the Neutral Zone
  uint8_t pip = 0;
  uint8_t charter = 0;
  uint8_t responsible = 0;
  bool red = false;
  bool fracture = false;  // §VI Subspace Fracture: three stabilizers instead of one cover
  uint8_t stabilizers = 0;
  bool wormhole = false;  // §VI Lambda: satisfied from hand only while still on its charter
  friend bool operator==(const OpenDouble&, const OpenDouble&) = default;
};

enum class Phase : uint8_t { Play = 0, Flash = 1, Wager = 2, Impulse = 3, OvertimeVote = 4, Over = 5, Exchange = 6, Draft = 7 };

struct SeatState {
  std::vector<Tile> hand;  // ascending
  bool beacon = false;
  bool chartedOwn = false;        // has charted on own trail this round (house: own trail first)
  bool ownSinceDrop = true;       // manual shields: charted own trail since last lowering
  bool atImpulse = false;
  bool skipNext = false;          // Continuum: Skip lowest points
  int32_t roundScore = 0;
  int64_t campaign = 0;
  uint16_t roundWins = 0;
  uint8_t vote = 0;  // overtime offer: 0 not asked, 1 pending, 2 accept, 3 decline
  uint16_t debt = 0;           // §VI Eta Temporal Debt tokens this round
  uint16_t hazardPasses = 0;   // §VI Delta passes while holding the Hazard Marker this round
  uint8_t beaconLock = 0;      // §VI Eta (Go-out) Desperation Dig: turn ends left with the beacon forced open
  std::vector<Tile> pack;      // §VI Epsilon: the Requisition Pack in front of this captain (draft phase)
  bool picked = false;         // §VI Epsilon: picked from the current pack
  friend bool operator==(const SeatState&, const SeatState&) = default;
};

/// An explicit position (scenario runner, tests): everything §II setup would otherwise deal.
struct Position {
  Config config;
  Seat seats = 2;
  uint16_t round = 1;
  uint8_t spacedock = 12;
  uint8_t starter = 0;  // this round's starter (acts first)
  std::vector<std::vector<Tile>> hands;
  std::vector<Tile> pile;  // draw order: pile[0] is drawn first
  std::vector<Tile> grid;  // optional Sensor Grid (Module Gamma)
  std::vector<std::vector<Tile>> packs;  // optional Requisition Packs (Module Epsilon): starts in the draft
  std::vector<std::vector<Tile>> trails;  // optional, chained from Spacedock outward
  std::vector<Tile> neutral;              // optional
  std::vector<bool> beacons;              // optional
  std::vector<int64_t> campaign;          // optional
  std::vector<uint16_t> roundWins;        // optional (Go out)
  uint16_t blockedDeals = 0;              // optional (Go out): deals of this round already blocked in a row
};

class WarpGame final : public Game {
 public:
  GameInfo info() const override;
  Result<void> setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) override;
  std::vector<Seat> awaiting() const override;
  Result<void> validate(Seat seat, const Order& order) const override;
  std::vector<Rejection> apply(const TurnInput& input) override;
  void seal(uint32_t turn) override;
  void write(det::Writer& w) const override;
  Result<void> read(det::Reader& r) override;
  Observation observe(Seat viewer) const override;
  Observation observeForOfficer(Seat viewer) const override;
  std::vector<Order> legalOrders(Seat seat) const override;
  std::optional<Outcome> outcome() const override;
  std::unique_ptr<Game> clone() const override { return std::make_unique<WarpGame>(*this); }
  std::string describe(Seat seat, const Order& order) const override;
  /// "chart 12-5 own", "draw", "catch 2", ... (warp::orderText; routes are named from the seat's view: own, nz, seat:N).
  std::string orderText(Seat seat, const Order& order) const override;
  Result<Order> parseOrder(Seat seat, std::string_view text) const override;
  std::string orderExample() const override { return "chart 12-5 own"; }
  /// "Warp 12, 4 captains — <the rules>" (config.cpp describeConfig).
  std::string introduction(Seat viewer) const override;
  std::string seatLabel(Seat s) const override { return "Captain " + std::to_string(s); }
  /// The round log in the manual's words (logSince / logTotal).
  std::vector<std::string> narrationSince(uint64_t from) const override { return logSince(from); }
  /// The board and the round log with the lobby's names (a copy that calls the seats by them, see named()).
  Observation observeNamed(Seat viewer, const SeatNames& names) const override { return named(names).observe(viewer); }
  std::vector<std::string> narrationNamed(uint64_t from, const SeatNames& names) const override {
    return named(names).logSince(from);
  }
  std::optional<Outcome> outcomeNamed(const SeatNames& names) const override { return named(names).outcome(); }
  uint64_t narrationTotal() const override { return logTotal(); }
  /// The same lines with their kinds (log.cpp: eventKind).
  std::vector<GameEvent> eventsSince(uint64_t from) const override;

  /// Starts from an explicit position (validated: no coordinate twice, trails chain from Spacedock).
  Result<void> loadPosition(const Position& p, const det::Seed& seed);
  /// Applies one order of one seat (validate + apply); the error is the rejection reason.
  Result<void> act(Seat seat, const Order& order);
  /// RULES §VII what an officer may see (core/warp/ai/table_view.cpp): this state with every coordinate hidden
  /// from `viewer` (other hands and packs, the pile, an unseen wager) pooled in ascending order, the deal
  /// stream zeroed and the event logs dropped. Two states that `viewer` cannot tell apart redact identically.
  WarpGame redactedFor(Seat viewer) const;
  /// This table without its event logs (what every table view starts from).
  WarpGame withoutLogs() const;
  /// §VII Lookahead determinization: re-deals the coordinates hidden from `viewer` at random from `rng`
  /// (each hand and pack keeps its count, the rest fills the pile) and reseeds the deal stream from `rng`.
  void determinize(Seat viewer, det::Rng& rng);

  // Hidden deal (issue 26, core/warp/hidden_deal.cpp): the state a masked-deck table shares. Deals put
  // unknownTile(position) where a coordinate would go; a position's value enters only when revealed.
  /// Turns the hidden deal on (before setup) or off; the state bytes then write coordinates 16 bits wide.
  void setHiddenDeal(bool on) { hiddenDeal_ = on; }
  bool hiddenDeal() const { return hiddenDeal_; }
  /// The coordinates of this deal's deck in position order (the set less Spacedock's double): what position i
  /// of the masked deck hides, before the joint shuffle.
  std::vector<Tile> deckTiles() const;
  /// Deals this game has made (a new round or a re-deal): a hidden table shuffles a new masked deck for each.
  uint32_t deals() const { return deals_; }
  /// Puts `t` wherever unknownTile(position) lies (hand, pile, grid, wager, the drawn coordinate); false if
  /// nowhere or if `t` is already on the table.
  bool reveal(uint8_t position, Tile t);
  /// Every unknown position and the seat whose hand holds it (kNone: the pile; kSeatPublic: a face-up place).
  struct UnknownAt {
    uint8_t position;
    uint8_t seat;
  };
  static constexpr uint8_t kSeatPublic = 0xFE;
  std::vector<UnknownAt> unknowns() const;
  /// Every coordinate of the set no place of this state names (the hidden ones, when placeholders stand in).
  std::vector<Tile> unseenTiles() const;
  /// §V Blocked sector on a hidden table: set by the table once every captain has claimed they cannot chart;
  /// blocks the round now (isBlocked() asks it while hands hold unknowns).
  void blockByClaims();
  /// A misdeal (issue 26: a key holder left or came back): the round starts again on a fresh deal at the same
  /// Spacedock, scores untouched. Nothing once the sector is over.
  void redealRound() {
    if (!over()) dealRound();
  }
  /// Whether the helm has just passed (nothing done yet this turn): where §V checks for a blocked sector.
  bool helmFresh() const { return !drew_ && chartsThisTurn_ == 0 && !shieldChanged_; }
  /// Whether seat s could chart now if every beacon were up (what a captain claims when polled).
  bool couldChart(uint8_t s) const;

  // Read-only views for the scenario runner, the terminal table and tests.
  const Config& config() const { return cfg_; }
  Seat seats() const { return seats_; }
  /// The rules version this game runs (kRulesVersion, or an older one to verify an old replay).
  uint32_t rulesVersion() const { return rulesVersion_; }
  void setRulesVersion(uint32_t v) { rulesVersion_ = v; }
  /// The score a scoreboard shows (RULES §VI Kappa "Scoring floor": clamped to zero from rules v4; the raw
  /// value only ranks level totals).
  int64_t shownScore(int64_t raw) const { return rulesVersion_ >= 4 && raw < 0 ? 0 : raw; }
  uint16_t round() const { return round_; }
  uint8_t spacedock() const { return spacedock_; }
  uint8_t toAct() const { return toAct_; }
  Phase phase() const { return phase_; }
  const SeatState& seat(Seat s) const { return seat_[s]; }
  /// Line s (a seat's own trail; with Module Zeta line q < squadrons is squadron q's shared trail).
  const Line& trail(Seat s) const { return lines_[s]; }
  uint8_t homeLine(Seat s) const { return home(static_cast<uint8_t>(s)); }
  const Line& neutral() const { return lines_[seats_]; }
  const std::vector<Tile>& pile() const { return pile_; }
  const std::vector<Tile>& boxed() const { return boxed_; }
  const std::vector<Tile>& grid() const { return grid_; }
  const OpenDouble& openDouble() const { return dbl_; }
  uint8_t roundWinner() const { return lastWinner_; }
  bool lastRoundBlocked() const { return lastBlocked_; }
  /// Go-out: deals of the current round that have blocked in a row (0 once a round completes).
  uint16_t blockedDeals() const { return blockedDeals_; }
  /// This round's log, rendered in the manual's words (the state keeps compact event records).
  std::vector<std::string> log() const;
  const RoundLog& events() const { return log_; }
  /// The previous round's records and the count of records written before this round (analyst events).
  const RoundLog& previousEvents() const { return prevLog_; }
  uint64_t logBase() const { return logBase_; }
  std::string render(const LogEvent& e, const RoundLog& round) const;
  std::string lastLogLine() const;
  /// §VI Kappa: an even round under rules v4, where the top hand wins the round (scoring.cpp).
  bool topHandWins() const;
  std::vector<bool> topHandHolders(bool salamander, Tile high) const;
  /// Log lines numbered from `from` (a logTotal() value) up to now, across one round change.
  std::vector<std::string> logSince(uint64_t from) const;
  /// Total log lines ever written (log() holds the newest ones, cleared each deal).
  uint64_t logTotal() const { return logBase_ + log_.size(); }
  const std::vector<std::string>& tally() const { return tally_; }
  std::vector<Seat> sectorWinners() const;
  bool over() const { return phase_ == Phase::Over; }
  std::vector<Tile> pendingWager() const { return wager_; }
  uint8_t catchTarget() const { return catchTarget_; }
  uint8_t hazardHolder() const { return hazard_; }
  uint8_t exchangeGiver() const { return exchangeGiver_; }
  bool reversed() const { return reversed_ != inversion_; }

 private:
  friend struct Legal;
  // ai/table_view.cpp
  void redealHidden(Seat viewer, det::Rng* rng);
  // setup.cpp
  void dealRound();
  // hidden_deal.cpp
  bool anyUnknown() const;
  void startRound();
  // legal.cpp
  bool routeOpenTo(uint8_t s, uint8_t line, bool assumeAllBeacons) const;
  // observe.cpp: the plain-language board (observe() = observeForOfficer() + this).
  std::string observationText(Seat viewer) const;
  // Display only (observe): `t` matches the open end of a trail (or the Neutral Zone) seat s may chart to.
  bool fitsAnOpenEndFor(uint8_t s, Tile t) const;
  void chartsFor(uint8_t s, bool assumeAllBeacons, bool restrictDrawn, std::vector<Order>& out) const;
  std::vector<Order> turnOrders(uint8_t s) const;
  int lineOf(uint8_t s, Route r) const;
  bool isBlocked() const;
  bool doubleIsDead(uint8_t pip, int needed) const;
  bool fractureApplies(uint8_t s, uint8_t line) const;
  // apply.cpp
  void applyValid(uint8_t s, const Decoded& d);
  void doChart(uint8_t s, Tile t, uint8_t line);
  void afterChart(uint8_t s);
  void drawInto(uint8_t s, int n);
  void endTurn(uint8_t s);
  void advance(uint8_t s);
  std::string reasonFor(uint8_t s, const Decoded& d) const;
  std::string lineName(uint8_t viewer, uint8_t line) const;
  uint8_t nextSeat(uint8_t s) const;
  void applyDirective(uint8_t s, Directive d, uint8_t target);
  void shieldsUpAfterChart(uint8_t s, uint8_t line);  // RULES §III Shields Up, written once (chart and spool)
  // log.cpp
  void say(Ev e, std::initializer_list<uint16_t> args = {});
  void sayText(Ev e, std::string text, uint16_t a1 = 0, uint16_t a2 = 0);
  static uint16_t packTile(Tile t);
  /// A seat as the text calls it: its lobby name on a named() copy, else "Captain N" (every rules reason
  /// and stored text of the live game, so they stay identical on every peer and in every replay).
  std::string name(uint8_t s) const {
    return s < labels_.size() && !labels_[s].empty() ? labels_[s] : "Captain " + std::to_string(s);
  }
  /// A stored tally line ("Captain 2: ... -> 14") with its seat called by name() (the stored text keeps "Captain N").
  std::string tallyShown(const std::string& stored) const;
  /// This state, for text only, with the seats called by `names` (never applied, written or hashed).
  WarpGame named(const SeatNames& names) const {
    WarpGame shown(*this);
    shown.labels_ = names;
    return shown;
  }
  /// The line of s's own Warp Trail: with Module Zeta the squadron's shared trail, whose beacon is kept
  /// on the squadron's first seat (seat s is in squadron s % squadrons: teammates alternate turns).
  uint8_t home(uint8_t s) const { return cfg_.squadrons ? static_cast<uint8_t>(s % cfg_.squadrons) : s; }
  bool& beaconOf(uint8_t s) { return seat_[home(s)].beacon; }
  bool beaconOf(uint8_t s) const { return seat_[home(s)].beacon; }
  // modules.cpp (§VI Delta, Theta, Iota, Eta)
  void spool(uint8_t s, uint8_t line);
  void claimTrailMomentum(uint8_t s, uint8_t line, bool wormholed = false);  // §VI Theta, written once (chart and spool)
  void hazardPass(uint8_t s);
  void takeHazardMarker(uint8_t s, uint8_t line, bool announce);  // §VI Delta, written once (chart and spool)
  void startExchange(uint8_t s);
  int forcedDraw(uint8_t s, int n);
  void pick(uint8_t s, Tile t);
  void sweep(uint8_t s, Tile t);
  void dig(uint8_t s);
  bool spoolLegal(uint8_t s, uint8_t line) const;
  // scoring.cpp
  void winRound(uint8_t s);
  void blockRound();
  void resolveBlockedCap();
  void scorePoints(uint8_t winner);
  void finishRound();
  void finishCampaign(const std::string& why);
  bool campaignDone() const;
  // serialize.cpp: the only way cfg_ is set, so the cached canonical config bytes always match it.
  void setConfig(const Config& c);

  Config cfg_;
  // encodeConfig(cfg_), kept in the object (no heap block to miss) so a state write copies it instead of
  // re-encoding it; its fixed-width fields take 36 bytes, well under the 64 that read() accepts.
  std::array<uint8_t, 64> cfgBytes_{};
  uint8_t cfgLen_ = 0;
  uint8_t seats_ = 0;
  det::Rng deal_;
  uint16_t round_ = 1;          // rounds started, incl. overtime; a blocked Go-out re-deal keeps the number
  uint16_t roundsScored_ = 0;   // rounds completed (credited or scored)
  uint8_t spacedock_ = 12;
  uint8_t roundStarter_ = 0;
  std::vector<SeatState> seat_;
  std::vector<Line> lines_;  // seats_ trails, then the Neutral Zone
  std::vector<Tile> pile_;   // back() is drawn next
  std::vector<Tile> boxed_;  // coordinates not in this game (scenario positions only)
  std::vector<Tile> grid_;   // §VI Gamma Sensor Grid, face up, oldest first
  OpenDouble dbl_;
  Phase phase_ = Phase::Play;
  uint8_t toAct_ = 0;
  // The current turn (§III one draw per turn; §VI starter plays two; manual shields).
  bool drew_ = false;
  bool mustChartDrawn_ = false;
  Tile drawn_;
  uint8_t chartsThisTurn_ = 0;
  bool shieldChanged_ = false;
  bool openingTurn_ = true;     // the round starter's first turn (starter plays two)
  bool flashPending_ = false;   // §VI Alpha: 0-0 charted on own trail, directive not chosen yet
  // §V Drop to Impulse catch window.
  uint8_t catchTarget_ = kNone;
  // §VI Module Alpha round directives (cleared when the round scores).
  bool reversed_ = false;
  bool inversion_ = false;
  bool amplification_ = false;
  bool echo_ = false;
  bool swap_ = false;
  uint8_t immunitySeat_ = kNone;
  uint8_t peekSeat_ = kNone;
  std::vector<Tile> wager_;
  // §VI Modules Delta / Theta / Iota.
  uint8_t hazard_ = kNone;       // Hazard Marker custody
  uint8_t doubleDown_ = 0;       // coordinates the next captain draws before their turn (Iota)
  bool momentumClaimed_ = false;  // Theta (Go-out) Trail Momentum claimed this round
  uint8_t extraTurn_ = kNone;     // Theta (Go-out) extra turn owed to this seat
  bool exchangeDone_ = false;     // Kappa (Go-out) Hand Exchange resolved (or skipped) this round
  bool exchangePending_ = false;
  uint8_t exchangeGiver_ = kNone;  // the larger hand, who gives one back
  uint8_t exchangeTaker_ = kNone;  // the smaller hand
  // Round results.
  uint8_t lastWinner_ = kNone;
  uint32_t rulesVersion_ = kRulesVersion;  // from the session (module.cpp); not state: a replay names it
  bool lastBlocked_ = false;
  uint16_t blockedDeals_ = 0;  // Go-out: consecutive blocked deals of this round (re-dealt at the same Spacedock)
  bool overtime_ = false;
  uint8_t lastLine_ = 0;  // line of the latest chart (All Stop! on a Neutral Zone go-out)
  RoundLog log_;
  RoundLog prevLog_;  // the previous round's log (terminal, scenario runner)
  uint64_t logBase_ = 0;
  std::vector<std::string> tally_;
  std::vector<uint8_t> winners_;
  uint32_t turns_ = 0;
  bool hiddenDeal_ = false;  // issue 26: placeholders deal, claims block; set by the hidden table, not in the bytes
  bool blockClaimed_ = false;
  uint32_t deals_ = 0;
  SeatNames labels_;  // presentation only, set on named() copies: never written, read, compared or hashed
};

}  // namespace concord::warp
