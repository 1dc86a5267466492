// The Every Last City game: host world state (docs/elc-world.md) and the victory state of "14 — Victory",
// including the retained Seal records (VC-250) that are part of the canonical state hash (VC-260).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/elc/attention.h"
#include "core/elc/chronicle.h"
#include "core/elc/config.h"
#include "core/elc/ivec.h"
#include "core/elc/map.h"
#include "core/elc/rally.h"
#include "core/elc/sealed_orders.h"
#include "core/elc/terms.h"
#include "core/elc/warrants.h"
#include "core/game/game.h"

namespace concord::elc {

inline constexpr int32_t kNeutral = -1;
inline constexpr int32_t kUnitCap = 48;           // per seat: keeps a turn's orders inside one bundle
inline constexpr uint32_t kUnsettledTurns = 8;    // VC-2550
inline constexpr int64_t kDefianceGrant = 150;    // VC-2990
enum class Band : uint8_t { Rumour = 0, Report = 1, Alarm = 2 };  // §13.2
enum class Left : uint8_t { Live = 0, Capitulated = 1, Conceded = 2 };
/// VC-2250: the report quantum's denominator: MAP_CITIES for Dominion, MAP_POTENTIAL_OUTPUT for Prosperity (VC-1280;
/// victoryLogicVersion 4 and earlier used the threshold), the threshold for every other Track.
int64_t reportDenominator(Track tr, int64_t threshold, const MapFacts& m, uint32_t version);
/// VC-2160..VC-2260: what a Track's values publish to the other players at this band; -1 = unpublished. The Board
/// derives a past turn's published values from its Seal record with it (VC-2400).
/// `halfShown`: VC-740/VC-2320, a vigil-1 Track some player's ratio reached 500 on: full precision (v6).
int64_t publishedValue(Track tr, Band band, int64_t progress, int64_t threshold, int64_t ratio, const Config& c,
                       const MapFacts& m, uint32_t version, bool halfShown = false);

struct City {
  int32_t owner = kNeutral;
  int32_t integration = 100;
  int64_t yard = 0;
  int32_t garrison = 0;             // neutral garrison strength (GR-990)
  uint32_t unsettledThrough = 0;    // Unsettled while the turn <= this (VC-2550)
};

struct Unit {
  uint32_t id = 0;  // from the one monotonic sequence counter (VC-180)
  int32_t owner = 0;
  int32_t tile = 0;
};

/// One enabled Track's values for one player at the last Seal.
struct TrackState {
  int64_t progress = 0, threshold = 0, ratio = 0, published = 0;
  uint8_t vigil = 0;
  Band band = Band::Rumour;
  bool eliminated = false;
};

struct Player {
  Left left = Left::Live;
  uint32_t leftTurn = 0;
  int64_t standing = 0, tenure = 0, cities = 0, output = 0;
  int32_t seatCity = -1;
  bool seatless = false;
  uint32_t seatlessSince = 0;
  bool seatDesignated = false;  // VC-1450: once, in turns 1..5
  int32_t pendingSeat = -1;
  int32_t workSite = -1, pendingWorkSite = -1;
  int64_t greatWork = 0;
  uint32_t workSiteBanThrough = 0;
  int64_t ascendancy = 0;
  int64_t warrantTenure = 0;  // VC-1870: Tenure received from Warrants so far
  int64_t rallyTenure = 0;    // VC-2940: Tenure received from Rally Warrants so far
  int64_t peakCities = 0, peakOutput = 0;
  uint32_t brokenRun = 0;
  bool broken = false, reduced = false;
  uint32_t unitsLost = 0;
  IVec<uint32_t> capturedFrom;  // by victim seat: whole-game captures (VC-2530)
  uint32_t defianceCaptures = 0;       // captures from the Tenure leader this turn (VC-2990)
  int64_t defianceTotal = 0;
  std::vector<std::pair<uint32_t, int64_t>> defianceLog;  // (turn, paid): the rolling window of VC-3000
  bool concede = false;
  int8_t vote = -1;  // CastVerdictVote: -1 none (counts as play on, VC-2770), 0 continue, 1 end
  bool outOfContention = false;
  uint32_t placing = 0;
  IVec<int32_t> bellwethers;  // VC-2280 sites published while in Alarm (cap 8, VC-2310)
  uint32_t bellwetherGraceThrough = 0;  // VC-2290: two turns after the Alarm clears
  IVec<TrackState> tracks = IVec<TrackState>(static_cast<size_t>(kTracks));
  // §10 (v3; serialized only when the configuration uses it, serialize_v3.cpp)
  Track charter = Track::Charters;  // VC-1600: the pool Track this player carries; Charters = none
  std::vector<SealedOrder> sealedOrders;  // VC-1740, stored schedule (VC-170)
  uint8_t orderShortfall = 0;             // VC-1750: Orders not received after the bounded redraw
  int64_t ambition = 0;                   // VC-1700: accumulated Ambition points (T12 progress)
  int64_t ambitionPending = 0;            // earned, not yet credited: at most 4 a Seal (maxGainPerSeal)
  bool leftTeam = false;  // VC-1580: left the team by capitulating or conceding while team-mates played on
};

struct TrackRecord {
  uint8_t track = 0;
  int64_t progress = 0, threshold = 0, ratio = 0;
  uint8_t vigil = 0;
  Band band = Band::Rumour;
};
struct PlayerRecord {
  Seat seat = 0;
  int64_t standing = 0, tenure = 0;
  bool seatless = false, broken = false, reduced = false;
  std::vector<TrackRecord> tracks;  // enabled Tracks, ascending index
};
/// VC-250: the Seal record, retained for the whole game.
struct SealRecordElc {
  uint32_t turn = 0;
  std::vector<PlayerRecord> players;  // live players at that Seal
};

struct Capture {
  int32_t city = 0, from = kNeutral, to = 0;
};

/// The S1 snapshot (VC-240): every later step reads this, never the live board.
struct Snapshot {
  // By side (VC-1570: a team's holdings aggregated at its lead seat; without teams a side is a seat).
  IVec<int64_t> cities, landmarks, seats, output, supplyCost, regions;
  IVec<IVec<int32_t>> held;  // by side: held cities, ascending
  IVec<int32_t> owner;       // by city: the owning side as the Seal began
  IVec<int64_t> units, memberCities;  // by seat: its own units and cities (VC-2510 is per member)
};

class ElcGame final : public Game {
 public:
  GameInfo info() const override;
  /// victoryLogicVersion this instance runs (module.cpp registers every supported one, VC-3220).
  void setRulesVersion(uint32_t v) { version_ = v; }
  Result<void> setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) override;
  std::vector<Seat> awaiting() const override;
  Result<void> validate(Seat seat, const Order& order) const override;
  std::vector<Rejection> apply(const TurnInput& input) override;
  void seal(uint32_t turn) override;
  void write(det::Writer& w) const override;
  Result<void> read(det::Reader& r) override;
  Observation observe(Seat viewer) const override;
  /// observe() with each seat called by its lobby name beside its colour ("alice (Red)"): text only (names.cpp).
  Observation observeNamed(Seat viewer, const SeatNames& names) const override;
  /// seatLabel(s) with the lobby's name in front when `names` has one ("alice (Red) [Team A]"); names.cpp.
  std::string namedLabel(Seat s, const SeatNames& names) const;
  /// who(s) with the lobby's name in front for a single seat ("alice (Red)"); a team keeps its letter.
  std::string namedWho(Seat s, const SeatNames& names) const;
  std::vector<Order> legalOrders(Seat seat) const override;
  std::optional<Outcome> outcome() const override;
  std::optional<Outcome> outcomeNamed(const SeatNames& names) const override;
  std::unique_ptr<Game> clone() const override { return std::make_unique<ElcGame>(*this); }
  std::string describe(Seat seat, const Order& order) const override;
  // Text both ways (order_text.cpp): "move 12 3 4", "build 5", "vote end".
  std::string orderText(Seat seat, const Order& order) const override;
  Result<Order> parseOrder(Seat seat, std::string_view text) const override;
  std::vector<std::string> orderForms() const override;
  bool ordersInBundles() const override { return true; }  // any number of orders a turn (a Legion each)
  // The prompt's own commands, the Terms first and the result record last (table_text.cpp).
  std::string orderExample() const override { return "move 3 5 7"; }
  std::optional<std::string> tableCommand(Seat viewer, std::string_view line) const override;
  std::vector<std::string> tableCommandForms() const override;
  std::string introduction(Seat viewer) const override;
  std::string finalRecord() const override;
  /// VC-3080: a substitution (or the owner's return) gets a public Chronicle entry (v4; substitution.cpp).
  void seatControl(uint32_t turn, std::span<const SeatControlEvent> events) override;

  // Read access for tests, tools and the observation.
  const Config& config() const { return cfg_; }
  const World& world() const { return world_; }
  const MapFacts& facts() const { return facts_; }
  const IVec<City>& cities() const { return cities_; }
  const std::vector<Unit>& units() const { return units_; }
  const IVec<Player>& players() const { return players_; }
  const std::vector<SealRecordElc>& sealRecords() const { return records_; }
  const std::vector<ChronEntry>& chronicle() const { return chronicle_; }
  const std::string& terms() const { return terms_; }
  uint32_t turn() const { return turn_; }
  bool over() const { return over_; }
  int32_t winner() const { return winner_; }
  const std::string& route() const { return route_; }
  int32_t horizonDecidedFor() const { return decidedFor_; }
  const std::vector<std::vector<int32_t>>& litSchedule() const { return lit_; }
  const std::vector<uint8_t>& litRelaxed() const { return litRelaxed_; }
  const std::vector<Warrant>& warrants() const { return warrants_; }
  const std::vector<RallyWarrant>& rallyWarrants() const { return rally_; }
  int64_t maxTenurePerSeal() const { return maxTenure_; }
  uint32_t trueHorizon() const { return hTrue_; }
  bool live(Seat s) const { return players_[s].left == Left::Live; }
  /// victoryLogicVersion this game runs (VC-3220).
  uint32_t rulesVersion() const { return version_; }
  // VC-1570 teams (teams.cpp). A side is a team (its victory state computed at its lead seat and mirrored to
  // every live member) or, without teams or after leaving one (VC-1580), a single seat.
  bool teamed(Seat s) const { return cfg_.teams() && !players_[s].leftTeam; }
  /// The lead seat of s's side: the team's lowest live member (the lowest member once none is live).
  Seat sideOf(Seat s) const;
  int32_t sideOfOwner(int32_t owner) const { return owner < 0 ? owner : static_cast<int32_t>(sideOf(static_cast<Seat>(owner))); }
  /// Whether s computes victory for its side this Seal (S2..S12 run once per live side, VC-280, VC-1570).
  bool scores(Seat s) const { return live(s) && sideOf(s) == s; }
  bool allied(int32_t a, int32_t b) const { return a >= 0 && b >= 0 && sideOf(static_cast<Seat>(a)) == sideOf(static_cast<Seat>(b)); }
  /// The side's name: "Team A" for a team, the seat's name otherwise.
  std::string who(Seat s) const;
  /// "Red [Team A]", "Red (left Team A)", or "Red" without teams: how the Watch, Board and record label a seat.
  std::string seatLabel(Seat s) const override;
  /// "Team A (Red, Blue) against Team B (Green, Gold)": the Terms' sentence; empty without teams.
  std::string teamsText() const;
  /// The Track whose threshold and vigil T11 uses for this player (VC-1600), or Charters when none.
  Track charterOf(Seat s) const { return players_[s].charter; }
  /// A Track's name as the Chronicle prints it for a player: "Charter (Keys)" for T11 (VC-1610: the Charter is public).
  std::string trackLabel(Seat s, Track tr) const {
    return tr == Track::Charters && players_[s].charter != Track::Charters ? std::string("Charter (") + trackName(players_[s].charter) + ")"
                                                                           : std::string(trackName(tr));
  }
  /// VC-1720/VC-1730: a Sealed Order's text (holders and revealed Orders), or its class only.
  std::string sealedOrderText(Seat holder, const SealedOrder& o) const;
  /// The Watch's §10 lines for a viewer: every Charter (VC-1610), Sealed Order counts and classes (VC-1730), the
  /// viewer's own Orders and every revealed one (VC-1720).
  std::string objectivesText(Seat viewer) const;
  /// VC-2280/VC-2230: every player's Bellwethers (named, with tiles) and, for a viewer in Alarm, what was published
  /// about them and which of their sites were revealed (alarm_text.cpp).
  std::string alarmText(Seat viewer) const;
  /// VC-3190: §10 in the Observation's bytes, written only when Charters or Ambition is on (objectives.cpp).
  void writeObjectives(det::Writer& w, Seat viewer) const;
  /// VC-3150: the non-adaptable Attention Events on `viewer`'s Dispatch after the last Seal (attention.cpp).
  std::vector<AttentionEvent> attentionEvents(Seat viewer) const;
  /// The vigil of a Track for a player (VC-670; T11 takes its Charter's, VC-1600; Ambition 1, VC-1700).
  int64_t vigilFor(Seat s, Track tr) const;
  bool unsettled(int32_t city, uint32_t turn) const { return turn <= cities_[city].unsettledThrough; }
  int64_t cityWorks(int32_t city, uint32_t turn) const;
  /// VC-2390/VC-2400: the Board at the Seal of turn T as `viewer` may see it (board.cpp).
  std::string boardText(uint32_t T, Seat viewer) const;
  /// VC-740/VC-2320 (victoryLogicVersion 6): a Track with vigil 1 on which some player's ratio reached 500 at a Seal
  /// up to `turn` is published at full precision to everyone from then on (read from the Seal records, VC-2400).
  bool halfShown(Track tr, uint32_t turn) const;
  /// A rival's Track as published at a Seal, with the way it moved since the Seal before: "report 40% (rising from
  /// 35%)", "rumour (down from report)" (VC-2160, VC-2220).
  std::string publishedReading(Track tr, const TrackRecord& now, const TrackRecord* before, uint32_t turn) const;
  /// The Seal record of Track tr for seat p at the Seal of `turn`, or nullptr (not live then, or not enabled).
  const TrackRecord* recordedTrack(uint32_t turn, Seat p, Track tr) const;
  /// VC-3050/VC-1590: the end-of-game record as text: winner and route, every placing with final Standing,
  /// Tenure and the turn each left, the stored Terms, the complete Chronicle, and the versions.
  std::string resultRecord() const;
  /// VC-1520: true when a ranks above b (Tenure, Standing, cities, fewer units lost, lower seat).
  bool tieChainBefore(Seat a, Seat b) const;
  /// Scenario seams (tests and `concord elc scenario`): place the board outside the rules before a Seal.
  void setOwner(int32_t city, int32_t owner) { cities_[city].owner = owner; }
  /// Names a city as a scenario's story needs it ("Kestrel Bay", VC-2460); names stay unique.
  void renameCityForScenario(int32_t city, std::string name) { world_.cities[city].name = std::move(name); }
  City& cityForScenario(int32_t city) { return cities_[city]; }
  Player& playerForScenario(Seat s) { return players_[s]; }
  std::vector<Unit>& unitsForScenario() { return units_; }
  uint32_t addUnitForScenario(int32_t owner, int32_t tile) {
    units_.push_back(Unit{nextUnitId_, owner, tile});
    return nextUnitId_++;
  }

 private:
  // apply (apply.cpp)
  Result<void> applyOne(Seat seat, const Order& order, IVec<uint8_t>& moved, IVec<uint8_t>& built);
  void resolveCombat(uint32_t turn);
  void economy(uint32_t turn);
  int32_t tenureLeader() const;
  // the Seal (seal.cpp, endgame.cpp), VC-230 order
  void s1Snapshot(uint32_t t);
  void s2Standing();
  void s3Tenure(uint32_t t);
  void s4Progress(uint32_t t);
  void s5Vigils(uint32_t t);
  void s6Tallies(uint32_t t);
  void s6Warrants(uint32_t t);
  void s7BrokenReduced(uint32_t t);
  void s7Rally(uint32_t t, const IVec<uint8_t>& entered, int32_t leader);  // rally.cpp
  std::string rallyText(const RallyWarrant& w) const;
  std::vector<std::pair<Seat, Track>> s8Completion() const;
  void s9Resolve(uint32_t t, const std::vector<std::pair<Seat, Track>>& done);
  void s10Eliminate(uint32_t t);
  void s11Contention(uint32_t t);
  void s12Verdict(uint32_t t);
  void s13Capitulation(uint32_t t);
  void s14Bands(uint32_t t);
  void s15Publish(uint32_t t);
  // teams (teams.cpp)
  void syncTeams();                     // mirror each live team's victory state from its lead to its members
  bool sideSeatless(Seat side) const;   // VC-610 for a team: Seatless only when every live member is
  int64_t unitsLostOf(Seat s) const;    // VC-1520's fourth link, summed over the side
  uint32_t sideMask(Seat s) const;      // Chronicle visibility of a subject: every seat of its side
  int32_t verdictVote(Seat side) const;  // a side's one vote: 1 end, 0 play on (teams.cpp)
  template <class Out>
  void writeTeams(Out& w) const;  // a Writer::Block (serialize.cpp)
  Result<void> readTeams(det::Reader& r);
  int64_t progressOf(Seat p, Track tr, uint32_t t) const;
  // §10 (objectives.cpp)
  Result<void> setupObjectives(det::Rng& victory);
  void s6Objectives(uint32_t t);
  bool sealedTestHolds(Seat p, const SealedOrder& o) const;
  void revealSealedOrders(Seat p, uint32_t t);
  uint8_t regionHalfHolders(int32_t region) const;  // VC-1815 (warrants.cpp)
  int32_t regionHeldBy(int32_t region) const;
  bool anyCharter(Track tr) const;
  template <class Out>
  void writeV3(Out& w) const;  // a Writer::Block (serialize.cpp)
  void keepSetupBytes();                   // once setup or read has fixed the config and the map (serialize.cpp)
  void appendRecord(SealRecordElc rec);    // VC-250: records_ grows only here, its bytes with it (serialize.cpp)
  Result<void> readV3(det::Reader& r);
  std::string warrantText(const Warrant& w) const;
  std::string ebbScheduleText(uint32_t T) const;     // VC-830 (board.cpp)
  std::string warrantBoardText(uint32_t T) const;    // VC-1890
  std::string tallyCalendarText(uint32_t T) const;   // VC-1200
  int64_t liveRivals(Seat p) const;
  std::vector<int32_t> sitesOf(Seat p, Track tr) const;
  void endGame(uint32_t t, int32_t winner, std::string route);
  std::vector<uint32_t> placingsWith(int32_t winSide) const;  // VC-3030 (endgame.cpp)
  void placeLeavers();                                         // VC-2520: a leaver's placing at once
  void note(uint32_t t, Chron cls, std::string text, int32_t subject = -1, bool readout = false);
  // VC-2460 stories (chronicle_story.cpp, victoryLogicVersion 5): a Vigil's event with its captures and readout.
  void tellVigil(uint32_t t, Seat s, Track tr, Chron cause, Chron vigilCls, const std::string& vigilText, bool crossing);
  std::optional<int64_t> progressAtLastSeal(Seat s, Track tr) const;
  /// Puts `text` right after the story told this Seal for (s, tr) and returns true; false when none was told.
  bool noteAfterStory(uint32_t t, Seat s, Track tr, Chron cls, std::string text);
  /// Moves the story told this Seal for (s, tr) to the end of the Chronicle (the winning one, before GameWon).
  bool storyToTheEnd(Seat s, Track tr);
  bool holdsReach(Seat p, uint32_t t, IVec<uint8_t>& reach) const;

  Config cfg_;
  World world_;
  MapFacts facts_;
  int64_t maxTenure_ = 0;
  std::string terms_;
  IVec<std::vector<int32_t>> lit_;  // VC-1180 rotation schedule, stored (VC-170)
  std::vector<Warrant> warrants_;         // VC-1780 schedule, stored (VC-170)
  std::vector<RallyWarrant> rally_;       // VC-2960: every Rally Warrant issued, in issue order
  std::vector<uint8_t> litRelaxed_;        // rotations whose consecutive cap was relaxed (VC-1180)
  IVec<City> cities_;
  std::vector<Unit> units_;
  uint32_t nextUnitId_ = 1;
  IVec<Player> players_;
  std::vector<Capture> captures_;  // this turn's ownership changes (settled before the Seal, VC-3140)
  std::vector<SealRecordElc> records_;  // append only: through appendRecord
  std::vector<ChronEntry> chronicle_;
  // Canonical bytes made once (issue 30: the Seal writes the whole state every turn): the config and map, fixed once
  // setup or read ends, and every Seal record, made as it is appended. write() copies them (serialize.cpp).
  std::vector<uint8_t> setupBytes_, recordBytes_;
  uint32_t turn_ = 0;  // the last sealed turn (VC-270: the first Seal ends turn 1)
  bool over_ = false;
  int32_t winner_ = -1;
  std::string route_;
  uint32_t hTrue_ = 0;  // VC-1360: the true Horizon; not in any observation before turn hTrue_ - 10
  int32_t decidedFor_ = -1;
  uint32_t decidedAt_ = 0;
  int32_t standingLeader_ = -1;
  uint32_t leadSeals_ = 0;
  int32_t verdictLeader_ = -1;
  uint32_t verdictResolveAt_ = 0, verdictCooldownThrough_ = 0;
  Snapshot snap_;  // transient: rebuilt at S1 of every Seal
  // Transient, reset at the start of every Seal (never serialized): where this Seal's stories end in the Chronicle
  // (by side x Track), which of this turn's captures a story has told, and the Track the winner completed.
  std::vector<int64_t> storyStart_, storyEnd_;
  std::vector<uint8_t> capturesTold_;
  int32_t winTrack_ = -1;
  uint32_t version_ = kRulesVersion;  // not serialized: the replay header carries it
};

/// VC-1650: a Charter's setup handicap (objectives.cpp).
void applyCharterHandicap(const World& w, IVec<City>& cities, Seat s, int32_t seatCity, int weight);

}  // namespace concord::elc
