// The W.E.B. rules engine: state and the Game interface. One pipeline turn = one whole §8 turn; every
// empire's orders are one bundle. Files: galaxy.cpp (§1 generation), legal.cpp (order checks), turn.cpp
// (§8 phases), combat.cpp (§4), economy.cpp (§6), outcome.cpp (victory), serialize.cpp, observe.cpp (§9).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/game/game.h"
#include "core/web/config.h"
#include "core/web/diplomacy.h"
#include "core/web/orders.h"
#include "core/web/rules.h"

namespace concord::web {

struct View;  // view.h: what one empire may know (§9)

inline constexpr uint8_t kNobody = 0xFF;
inline constexpr uint8_t kIndependent = 0xFE;  // every independent system's own garrison (§2)
inline constexpr uint8_t kPirate = 0xFD;       // local fleets (§5a), defectors (§2b) and vanquished empires' ships
inline constexpr uint16_t kNoSys = 0xFFFF;

struct System {
  uint16_t id = 0;
  std::string name;
  Kind kind = Kind::Star;
  uint8_t quality = 0;       // 0 = A .. 4 = E (star systems)
  uint8_t owner = kNobody;
  uint8_t homeOf = kNobody;  // the empire whose original home this is
  int32_t x = 0, y = 0, z = 0;  // on the sphere (§9), integer
  std::vector<uint16_t> lanes;  // ascending neighbour ids
  int32_t pop = 0;       // milli-units
  int32_t newPop = 0;    // milli-units unloaded this turn, assimilating (§3d)
  int32_t popLimit = 0;  // whole units
  int32_t industry = 0, mineralsPerTurn = 0, minerals = 0;
  int32_t pd = 0, pdDamage = 0;
  int32_t dsats = 0, dsatDamage = 0;  // D-Sat front damage lasts one turn
  int32_t crystals = 0;
  int32_t starbaseKits = 0;  // built Starbases waiting for a Freighter (§7 Starbase)
  bool starbase = false;
  int32_t starbaseDamage = 0;  // persists between turns, repaired 1 per turn (§4j)
  bool unrest = false;
  bool conqueredThisTurn = false;
  // §2g a vote to join (first contact or diplomacy) transfers the system on the following turn.
  uint8_t joining = kNobody;
  bool joinRogue = false;   // §2a/§2b rogue join: the garrison defects to the pirates
  bool joinEarned = false;  // through ongoing diplomacy: +1 reputation (§2d)
  uint32_t joinTurn = 0;
  bool raided = false;  // §5d production lost to a raid this turn
  std::vector<uint16_t> routes = {};  // §3i manual trader routes: neighbours this system sends a trader to
  friend bool operator==(const System&, const System&) = default;
};

enum ShipFlag : uint8_t { kArrived = 1, kProbe = 2, kPlacing = 4, kDead = 8, kMoved = 16, kLoaded = 32 };

/// One mobile ship. D-Sats and Starbases are counts on their system.
struct ShipRec {
  uint32_t id = 0;
  uint8_t owner = 0;
  Ship type = Ship::Destroyer;
  uint16_t sys = 0;
  uint8_t damage = 0;  // this turn's hits (repaired at turn end)
  Cargo cargo = Cargo::None;
  uint8_t load = 0;  // minerals carried, or 1 population / 1 Starbase
  uint16_t dest = kNoSys;  // this turn's move destination
  uint16_t from = kNoSys;  // this turn's origin after moving (ambush lanes)
  uint8_t flags = 0;
  uint16_t raid = 0;  // §5b the raid this pirate ship flies with (0: none)
  bool alive() const { return !(flags & kDead); }
  friend bool operator==(const ShipRec&, const ShipRec&) = default;
};

struct StanceRec {
  uint16_t sys = 0;
  uint8_t owner = 0;
  Stance stance = Stance::Conditional;
  uint32_t targets = 0;
  std::vector<uint16_t> lanes;
  friend bool operator==(const StanceRec&, const StanceRec&) = default;
};

/// §9 memory: what an empire last saw of one fleet owner at a system (ships by type).
struct SeenFleet {
  uint8_t owner = 0;
  std::array<uint16_t, kMobileTypes> ships{};
  friend bool operator==(const SeenFleet&, const SeenFleet&) = default;
};
/// §9 memory: a system as an empire last saw it; `turn` is the turn whose View last had it in view.
struct Sighting {
  uint16_t sys = 0;
  uint32_t turn = 0;
  uint8_t owner = 0xFF;
  int32_t pop = 0, industry = 0, pd = 0, dsats = 0;  // pop in milli-units
  bool starbase = false;
  std::vector<SeenFleet> fleets;  // ascending owner, at most one per owner
  friend bool operator==(const Sighting&, const Sighting&) = default;
};

struct Empire {
  uint16_t home = kNoSys;  // original home (§3i, §6g)
  bool vanquished = false;
  uint32_t vanquishedTurn = 0;
  bool unsupplied = false;  // §6g: last maintenance unpaid: +1 to hit
  std::vector<uint8_t> knowledge;  // per system: kExplored | kEverOwned | kProbed
  int32_t reputation = 0;          // §2d step, kRepMin..kRepMax
  uint32_t repJoinTurn = 0;        // §2d: one step per turn from diplomatic joins
  uint32_t repPirateTurn = 0;      // §2d, §5h: one step per turn from destroying pirate fleets
  std::vector<uint8_t> relation;   // per system: Rel toward this empire (§2a, §2f)
  std::vector<uint8_t> diplo;      // per system: the hidden diplomacy level 2..8 while Neutral (§2b)
  uint32_t met = 0;                // §2i, §2j: bit b = has met empire b
  bool manualTraders = false;      // §3i: once a route is set, the empire's traders follow routes for good
  int32_t paidToPirates = 0;       // §5i minerals given to the brethren (tribute, bribes): "least paid first" (rules v4)
  std::vector<Sighting> seen;      // §9 memory: one per system ever in view, ascending sys
  const Sighting* sighting(uint16_t sys) const;
  friend bool operator==(const Empire&, const Empire&) = default;
};

/// §2i the formal state of two empires a < b; it changes only at turn rollover.
enum class PactState : uint8_t { Neutral = 0, War = 1, Nap = 2 };
struct Pact {
  uint8_t state = 0;        // PactState
  bool everNap = false;     // §2d: war on a former partner costs 2 steps
  uint32_t peaceTurn = 0;   // turn peace was agreed (0 = never): no war for kPeaceCooldown turns
  uint32_t napEndTurn = 0;  // turn the pact ended (0 = never): no new proposal for kNapCooldown turns
  uint8_t proposals = 0;    // standing offers: kNapByLow/kNapByHigh/kPeaceByLow/kPeaceByHigh
  friend bool operator==(const Pact&, const Pact&) = default;
};
enum PactOffer : uint8_t { kNapByLow = 1, kNapByHigh = 2, kPeaceByLow = 4, kPeaceByHigh = 8 };
enum Knowledge : uint8_t { kExplored = 1, kEverOwned = 2, kProbed = 4, kProbedNow = 8 };

/// One line of the turn's resolution (rolls, hits, losses, moves, builds): the scenario JSON and the
/// plain-language turn report are both rendered from these.
enum class Ev : uint8_t {
  Shot, Destroyed, Moved, Probe, BlackHole, Debris, InvadeShot, PdDestroyed, Conquest, Collateral, Built,
  BuildRefused, Supply, Mined, Grew, Unrest, Trader, Placed, PlaceCancelled, Vanquished, Victory, Loaded,
  Unloaded, Disrupted, Stranded, Repaired, InvasionDeferred,
  // Part 2 (§2, §5): a = reaction / new level / new reputation; see docs/web-scenarios.md "Event kinds".
  Contact, Diplomacy, Solidarity, Warmed, TurnedHostile, JoinVote, Joined, Reputation, Captured, Recruited,
  Treaty, SurpriseAttack, Gift, RaidLaunched, RaidRetarget, RaidBlocked, Plunder, RaidHome,
};
inline constexpr uint8_t kLastEvent = static_cast<uint8_t>(Ev::RaidHome);

/// §5b a Pirate Raider fleet: its ships carry its id; `route` is every system it entered from the origin on.
struct Raid {
  uint16_t id = 0;
  uint16_t origin = 0, target = 0;
  std::vector<uint16_t> route;  // route.back() is where it is (or is moving to this turn)
  bool homeward = false;
  uint32_t arrived = 0;  // turn it arrived over its target (0: not there)
  uint8_t blockade = 0;  // §5d turns blocked over the target
  friend bool operator==(const Raid&, const Raid&) = default;
};
/// Why a reputation step moved (Ev::Reputation's `ship` field).
enum class RepCause : uint8_t { AttackedNeutral = 0, DiplomaticJoin = 1, PirateFleetDestroyed = 2, SurpriseAttack = 3,
                                BrokePact = 4, WarOnPartner = 5, FormedPact = 6 };
inline constexpr int kRepCauses = 7;
struct Event {
  Ev kind = Ev::Shot;
  uint8_t round = 0;  // combat: 1 or 2; 3 = ambush fire
  uint16_t sys = kNoSys;
  uint8_t owner = kNobody;
  uint8_t other = kNobody;
  uint8_t ship = 0;  // Ship type or Item
  uint8_t roll = 0;  // the d10; for a lost ship (Destroyed, BlackHole, Debris, Probe): its Cargo
  uint8_t need = 0;
  int32_t a = 0, b = 0;
  friend bool operator==(const Event&, const Event&) = default;
};

/// An explicit position (scenario runner, tests): systems, ships and stances instead of §1 generation.
struct Position {
  Config config;
  uint16_t empires = 2;
  uint32_t turn = 1;
  std::vector<System> systems;
  std::vector<ShipRec> ships;
  std::vector<StanceRec> stances;
  std::vector<uint8_t> unsupplied;  // optional per empire
  std::vector<int32_t> reputation;  // optional per empire (§2d)
  std::vector<int32_t> paidToPirates;  // optional per empire (§5i, rules v4 "least paid first")
  uint32_t raidsLaunched = 0;          // raids already launched (§5i: the first kEarlyRaids go for the independents)
  struct Relation {
    uint8_t empire = 0;
    uint16_t sys = 0;
    uint8_t rel = 0;  // Rel
    uint8_t level = 5;
  };
  std::vector<Relation> relations;  // optional (§2a-§2b)
  struct PactRec {
    uint8_t a = 0, b = 1;
    Pact pact;
  };
  std::vector<PactRec> pacts;                    // optional (§2i)
  std::vector<std::pair<uint8_t, uint8_t>> met;  // optional (§2i): pairs that have met
  std::vector<Raid> raids;  // optional (§5b): their ships are listed in `ships` with the raid's id
  uint32_t nextRaidTurn = 0;  // 0: no raid launches (a generated game starts at kFirstRaidTurn)
  int32_t pirateReserve = 0;
};

class WebGame final : public Game {
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
  /// observe() with each empire called by its lobby name beside its number ("alice (Empire 2)"): text only (names.cpp).
  Observation observeNamed(Seat viewer, const SeatNames& names) const override;
  std::vector<Order> legalOrders(Seat seat) const override;
  std::optional<Outcome> outcome() const override;
  std::optional<Outcome> outcomeNamed(const SeatNames& names) const override;
  /// Galactic Ranking with the session's takeover record (core/game/takeover.h): abandoned empires last with 0.
  std::optional<Outcome> outcomeWithTakeovers(std::span<const uint32_t> takenOverAt, const SeatNames& names = {}) const;
  std::unique_ptr<Game> clone() const override { return std::make_unique<WebGame>(*this); }
  std::string describe(Seat seat, const Order& order) const override;
  // Text both ways (order_text.cpp): "move 4 7 CR=1 DD=2", "build 3 cruiser 2", "attack 5 1 pirates".
  std::string orderText(Seat seat, const Order& order) const override;
  Result<Order> parseOrder(Seat seat, std::string_view text) const override;
  std::vector<std::string> orderForms() const override;
  bool ordersInBundles() const override { return true; }  // §8: an empire's orders for a turn are one bundle
  // The prompt's own commands and the check of a typed turn (table_text.cpp).
  std::vector<Rejection> checkOrders(Seat seat, std::span<const Order> orders) const override;
  std::string orderExample() const override { return "move 3 7 CR=1 DD=4"; }
  std::optional<std::string> tableCommand(Seat viewer, std::string_view line) const override;
  std::vector<std::string> tableCommandForms() const override;
  std::string introduction(Seat viewer) const override;
  std::string seatLabel(Seat s) const override { return ownerName(static_cast<uint8_t>(s)); }

  /// Starts from an explicit position (checked: lanes symmetric, ids in range, owners known).
  Result<void> loadPosition(const Position& p, const det::Seed& seed);

  /// The rules version this instance plays (module.h kRulesVersion; older ones verify their own replays).
  void setRulesVersion(uint32_t v) { rulesVersion_ = v; }
  uint32_t rulesVersion() const { return rulesVersion_; }
  const Config& config() const { return cfg_; }
  uint16_t empires() const { return static_cast<uint16_t>(emp_.size()); }
  uint32_t turn() const { return turn_; }
  const std::vector<System>& systems() const { return sys_; }
  const std::vector<ShipRec>& ships() const { return ships_; }
  const std::vector<StanceRec>& stances() const { return stances_; }
  const Empire& empire(uint8_t e) const { return emp_[e]; }
  const std::vector<Event>& events() const { return events_; }
  std::string render(const Event& e, const SeatNames& names = {}) const;
  /// The plain-language turn report and the §6g supply status lines of an Observation (report.cpp).
  std::string turnReport(const View& v, const SeatNames& names) const;
  std::string supplyStatus(const View& v, int32_t due) const;
  std::string ownerName(uint8_t o) const;
  /// ownerName(o) with the lobby's name in front when `names` has one ("alice (Empire 2)"); names.cpp.
  std::string ownerName(uint8_t o, const SeatNames& names) const;
  bool over() const { return over_; }
  /// §6g supply cost of an empire's fleet now: ceil(ships / 50), D-Sats and Starbases included.
  int32_t supplyCost(uint8_t e) const;
  /// Victory Points now (Victory): home 10, Gaia 4, other 2, +1 per 5 population rounded up.
  int32_t victoryPoints(uint8_t e) const;
  /// Hops from `from` to every system (BFS over lanes); unreachable = -1.
  std::vector<int32_t> hops(uint16_t from) const;
  bool laneActive(uint8_t e, uint16_t a, uint16_t b) const;
  /// Scenario dice: d10 results (1..10; a Nova target draw uses (v - 1) mod n) and debris percent rolls
  /// (0..99), consumed before the seeded streams. Part of the state, so scripted games still hash.
  void scriptDice(std::vector<uint8_t> d10s, std::vector<uint8_t> percents, std::vector<uint8_t> diplomacy = {}) {
    scriptD10_ = std::move(d10s), scriptPct_ = std::move(percents), scriptDip_ = std::move(diplomacy);
  }
  const StanceRec* stanceAt(uint16_t sys, uint8_t owner) const;
  /// §2i the pact of two different empires (either order).
  const Pact& pact(uint8_t a, uint8_t b) const { return pacts_[pactIndex(a, b)]; }
  bool met(uint8_t a, uint8_t b) const { return (emp_[a].met >> b) & 1u; }
  const std::vector<Raid>& raids() const { return raids_; }
  int32_t pirateReserve() const { return pirateReserve_; }

 private:
  friend struct Legal;
  friend struct Combat;
  friend struct Economy;
  // galaxy.cpp
  void generate(det::Rng& rng, int systems, int empires);
  // legal.cpp
  Result<void> check(uint8_t e, const Decoded& d) const;
  std::string knownName(uint8_t e, uint16_t id) const;  // §9 what a refusal may call a system
  // turn.cpp
  Result<void> doLoad(uint8_t e, const Decoded& d, bool unload);
  Result<void> doPlace(uint8_t e, const Decoded& d, std::vector<std::pair<uint16_t, uint32_t>>& placing);
  void resolvePlacements(const std::vector<std::pair<uint16_t, uint32_t>>& placing);
  Result<void> doMove(uint8_t e, const Decoded& d);
  void doStance(uint8_t e, const Decoded& d);
  void movement();
  void combatRound(int round);
  void ambushFire(uint16_t sys, const std::vector<uint32_t>& here);
  void independentAmbush(uint16_t sys, const std::vector<uint32_t>& here);  // §2f (rules v4)
  void ambushVolley(uint16_t sys, uint8_t owner, const std::vector<uint16_t>& lanes, const std::vector<uint32_t>& here,
                    const std::function<bool(const ShipRec&)>& foe);
  std::vector<uint8_t> invaders(uint16_t sys, const std::vector<uint32_t>& here);
  void invade(uint16_t sys, const std::vector<uint8_t>& attackers, const std::vector<uint32_t>& here);
  std::vector<std::vector<uint32_t>> bySystem() const;
  void snapshotLanes();
  // economy.cpp (§6, §3i, §1d)
  void production(const std::vector<std::pair<uint8_t, Decoded>>& builds, std::vector<int32_t>& spent);
  void maintenance();
  void mining(const std::vector<int32_t>& spent, std::vector<int32_t>& mined);
  void traders(const std::vector<int32_t>& spent, const std::vector<int32_t>& mined);
  void growth();
  void unrestCheck();
  void asteroids();
  void reportStranded();
  void ownershipAndVictory();
  void checkVictory();
  void vanquish(uint8_t e, uint8_t by);
  void refreshKnowledge(uint32_t viewTurn);  // memory.cpp: knowledge bits and §9 sightings
  void rememberSightings(uint32_t viewTurn);
  void compactShips();
  // independents.cpp (§2a-§2g) and pirates.cpp (§5)
  void firstContacts();
  void attacksOnIndependents();
  void joinTransfers();
  void diplomacyRolls();
  void changeReputation(uint8_t e, int delta, RepCause why);
  void shiftLevel(uint8_t e, uint16_t sys, int shift, Ev kind, int roll);
  void turnHostile(uint8_t e, uint16_t sys);
  void voteToJoin(uint8_t e, uint16_t sys, bool rogue, bool earned);
  void placeLocalPirates(det::Rng& rng);
  void pirateDrift();
  void recruit(uint16_t sys, int32_t count, uint16_t raid = 0);
  void pirateRewards();
  // raiders.cpp (§5b-§5d, §3d)
  void raidMoves();
  void raidsOverTargets();
  void launchRaid();
  bool raidLockout(uint16_t sys) const;
  uint16_t raidTarget(uint16_t from, uint16_t except, bool early) const;
  std::vector<uint16_t> raidMarks(uint16_t except, bool early) const;
  // treaties.cpp (§2i, §2j)
  size_t pactIndex(uint8_t a, uint8_t b) const;
  Pact& pactRef(uint8_t a, uint8_t b) { return pacts_[pactIndex(a, b)]; }
  Result<void> checkTreaty(uint8_t e, const Decoded& d) const;
  void surpriseAttacks();
  void rollover(const std::vector<std::pair<uint8_t, Decoded>>& diplomacy);
  void meetings();
  void setRoutes(uint8_t e, const Decoded& d);
  // Dice (combat stream: d10s and Nova targets; hazard stream: debris).
  int d10();
  uint64_t pick(uint64_t n);
  int percent();
  int dipD10();                  // diplomacy stream: reaction, ongoing, solidarity rolls (§2)
  uint64_t dipPick(uint64_t n);  // diplomacy stream: 1-in-n draws (§2b rogue join)
  // Shared helpers.
  StanceRec& stanceRef(uint16_t sys, uint8_t owner);
  void say(Event e) { events_.push_back(e); }

  uint32_t rulesVersion_ = kNewestRules;
  Config cfg_;
  det::Rng combat_;  // every d10 and Nova target (docs/web-scenarios.md "Dice order")
  det::Rng hazard_;  // 5% debris strikes (§1d)
  det::Rng diplo_;   // §2 reaction, diplomacy and solidarity rolls
  uint32_t turn_ = 1;
  uint32_t nextShipId_ = 1;
  std::vector<System> sys_;
  std::vector<ShipRec> ships_;  // ascending id
  std::vector<StanceRec> stances_;  // ascending (sys, owner)
  std::vector<Empire> emp_;
  std::vector<Pact> pacts_;  // §2i one per pair a < b, in (a, b) order
  std::vector<Raid> raids_;  // §5b ascending id
  uint16_t nextRaidId_ = 1;
  uint32_t nextRaidTurn_ = kFirstRaidTurn;
  uint32_t raidsLaunched_ = 0;
  int32_t pirateReserve_ = 0;  // §5f ships home from raids, flying with the next one
  std::vector<uint64_t> activeLanes_;  // §3h snapshot at turn start: owner << 32 | a << 16 | b, a < b, ascending
  std::vector<Event> events_;  // the last turn's resolution
  // §2i this turn's openings of fire by an empire on another empire (attacker, victim, system); not state: filled
  // by Combat and read by surpriseAttacks() within one apply().
  struct Opening {
    uint8_t by = 0, on = 0;
    uint16_t sys = 0;
  };
  std::vector<Opening> openings_;
  bool over_ = false;
  std::vector<uint8_t> winners_;  // ascending empire ids
  std::string victoryKind_;
  std::vector<uint8_t> scriptD10_, scriptPct_, scriptDip_;  // consumed from the front
};

/// Owner bit in an Attack target mask (empires, independents, pirates).
uint32_t targetBit(uint8_t owner);
/// §9 the systems empire `e` has eyes on now: owned, one lane from its own, its fleet present, probed this turn.
std::vector<uint8_t> eyesOf(const WebGame& g, uint8_t e);
/// §1 fair-start checks (docs/rules-decisions.md "W.E.B."): empty when the galaxy passes them all.
std::vector<std::string> fairStartProblems(const WebGame& g);

}  // namespace concord::web
