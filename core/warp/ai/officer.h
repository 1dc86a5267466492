// RULES §VII AI officers: one heuristic decision stack (terms.cpp, module_terms.cpp), three commission
// profiles (profiles.cpp), opt-in Lookahead (lookahead.cpp) and the tactical advisor (advisor.cpp).
// Everything reads only the seat's Observation (its redacted table, table.cpp), its legal orders and its
// seeded botStream ("ai.<seat>.<turn>"); integer-only, so every peer recomputes the same officer orders.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game/game.h"
#include "core/warp/state.h"

namespace concord::warp::ai {

/// The named terms of the stack, in the order the advisor lists them.
enum class TermId : uint8_t {
  Catch, Impulse, ShedPips, ShedCount, Cover, RedAlertSafety, TrailPlanning, BeaconExposure, OpponentTrail,
  NeutralZone, OpponentPressure, Salamander, DoubleBlank, KappaInverted, HazardRisk, SpoolValue, IotaWager,
  EtaDig, GammaSweep, ThetaTrail, WormholeOpportunity, WormholeDefense, EpsilonPick, ZetaSquadron, Continuum,
  WagerKeep, HandExchange, Overtime, HandPlan, Count
};
const char* termName(TermId id);

/// One named term of an order's score: integer points (positive is good for the officer) and up to two
/// figures the advisor's sentence uses (pips shed, the pip of a double, ...).
struct Term {
  TermId id = TermId::Count;
  int32_t points = 0;
  int32_t a = 0;
  int32_t b = 0;
};

/// A legal order with its total and the terms that made it.
struct Scored {
  Order order;
  int32_t total = 0;
  std::vector<Term> terms;
};

/// How much of the stack a profile uses (Ensign's "lighter heuristics", RULES §VII).
enum class Depth : uint8_t { Light = 0, Standard = 1, Full = 2 };

/// A commission track (RULES §VII table) as numbers; decision in docs/rules-decisions.md "Warp AI officers".
struct Profile {
  std::string_view name;
  Depth depth = Depth::Full;
  uint16_t blunderPerMille = 0;  // chance of a uniformly random legal order instead of a chosen one
  int32_t slack = 0;             // sharpness: any order within `slack` points of the best may be picked
  bool lookahead = false;
};
/// "ensign", "lieutenant", "commander", "commander+lookahead"; nullopt for other names.
std::optional<Profile> profileNamed(std::string_view name);
/// The officer kinds, weakest first.
std::span<const std::string_view> officerKinds();

/// §VII Lookahead budget: fixed counts (never time), so a budget gives the same move on every machine.
struct Budget {
  uint16_t candidates = 6;        // best heuristic orders searched
  uint16_t determinizations = 32;  // guessed worlds, shared by every candidate (docs/ai-calibration.md)
  uint16_t plies = 24;            // orders simulated after the candidate (the round's end stops earlier)
  // Paired sign test against the stack's first choice: a candidate overrides it only if it beats it in
  // W of the shared worlds and loses in L with W - L >= `sigmas` * sqrt(W + L) (0: any majority).
  uint16_t sigmas = 2;
};

/// The seat's table as its Observation shows it; the error names what is malformed.
Result<WarpGame> tableOf(const Observation& obs);
/// The same table without a copy: the Observation's own decoded view when it carries one, else decoded here.
Result<std::shared_ptr<const WarpGame>> sharedTableOf(const Observation& obs);

/// Scores every legal order of `me` on `table` with the stack at `depth`.
std::vector<Scored> scoreAll(const WarpGame& table, Seat me, std::span<const Order> legal, Depth depth);

/// A decision: the order and the scored line that chose it (terms for the advisor).
struct Decision {
  Scored chosen;
  bool blunder = false;
  int32_t lookaheadValue = 0;  // summed over determinizations when Lookahead overrode the stack (never 0 then)
};

/// What an officer is: anything that maps (table, legal orders, stream) to a decision. The heuristic stack
/// is one policy; the neural Ω Commander will be another.
class Policy {
 public:
  virtual ~Policy() = default;
  virtual Decision decide(const WarpGame& table, Seat me, std::span<const Order> legal, det::Rng& rng) = 0;
};

std::unique_ptr<Policy> heuristicPolicy(const Profile& p, Budget budget = {});

/// The Bot an empty chair gets: decodes its Observation and asks its policy.
std::unique_ptr<Bot> makeOfficer(std::string_view kind);
std::unique_ptr<Bot> makeOfficer(const Profile& p, Budget budget = {});
/// A custom profile for tuning, "custom:DEPTH:BLUNDER:SLACK[:lookahead]" (DEPTH light|standard|full).
std::optional<Profile> parseCustomProfile(std::string_view spec);

/// §VII Lookahead: per candidate, its summed leaf value over `budget.determinizations` shared worlds and
/// how many worlds it beats / loses to candidate 0 (the stack's first choice) in.
struct LookaheadValues {
  std::vector<int64_t> sum;
  std::vector<int32_t> wins;
  std::vector<int32_t> losses;
};
LookaheadValues lookaheadValues(const WarpGame& table, Seat me, std::span<const Scored> candidates,
                                const Budget& budget, det::Rng& rng);
/// The candidate Lookahead picks: the best sum among those that pass the paired sign test, else 0.
size_t lookaheadPick(const LookaheadValues& v, const Budget& budget);

/// The tactical advisor (§VII): one suggested order and reasons in the game's own words.
struct Advice {
  Order order;
  std::string orderText;
  std::vector<std::string> reasons;
};
/// Commander with Lookahead; `rng` only guesses hidden coordinates (use the seat's stream or a fixed one).
Result<Advice> advise(const Observation& obs, std::span<const Order> legal, det::Rng& rng);
/// One sentence for a term ("sheds 24 pips").
std::string explain(const Term& t, int maxPip);

}  // namespace concord::warp::ai
