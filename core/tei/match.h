// TEI §4 eligibility (E1–E8) and the rating plan of one finished game (TEI §3.2–3.4, §6, §10).
// Input is a plain MatchRecord: whoever verifies a Warp replay fills it; `planMatch` turns it into the
// bucket writes a store applies atomically. `tei apply REPLAY` = replay → MatchRecord → planMatch → store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/det/result.h"
#include "core/tei/rating.h"

namespace concord::tei {

enum class Objective : uint8_t { Points, GoOut, Other };
enum class SeatKind : uint8_t { Human, Ai };
/// AI officer profiles. Only Ensign / Lieutenant / Commander are reference anchors (TEI §2.1, §4 E6).
enum class OfficerKind : uint8_t { Ensign, Lieutenant, Commander, ClassIStar, OmegaPlus, Other };

struct SeatRecord {
  std::string playerId;          // account id for humans (stable across games); may be empty for AI seats
  SeatKind kind = SeatKind::Human;
  OfficerKind officer = OfficerKind::Other;  // AI seats only
  bool guest = false;            // anonymous sign-in (RULES §VIII: a guest makes the sector unrated)
  bool advisorUsed = false;      // the tactical advisor was invoked during live play (an order in the log)
  bool finished = true;          // still in the campaign at its end (did not concede / drop)
  int officerTurns = 0;          // turns an officer played for this person (auto, clock, substitution...)
  int placing = 0;               // competition rank, 1 = best, ties share (1,2,2,4) — TEI §5.2
  int squad = -1;                // Module Zeta squadron index; -1 when not in a squadron
  uint32_t ownDecisions = 0;     // issue 30: non-forced decisions the person made (no officer mark)...
  uint32_t officerMatched = 0;   // ...equal to the Commander's from the seat's Observation (core/tei/officer_like.h)
};

/// Issue 26: a hidden-hand rule broken at a hidden-hands table, as the full-information audit of `replay verify`
/// found it. `seat` is the seat the audit names; `by` is the person seat charged with it (the seat itself, or for an
/// officer's seat the person whose client kept its hand and signed its orders).
struct HiddenViolation {
  uint32_t turn = 0;
  int seat = 0;
  int by = 0;
  std::string what;
};

/// Summary of one finished game, enough to decide TEI eligibility and updates.
struct MatchRecord {
  std::string gameId;            // idempotency key (TEI §3.3 humanRatedGameIds)
  Objective objective = Objective::Other;
  int maxPip = 12;               // 12 = Warp 12 (TEI §4 E4)
  bool completed = false;        // campaign reached phase = complete
  bool online = false;           // online sector (human pool) vs local table
  bool rated = true;             // lobby rated flag; false = casual / unrated lobby / sandbox
  bool freeformChatDuringPlay = false;  // RULES §IX: rated live play is hail-only
  std::vector<std::string> modules;     // enabled optional modules: "alpha" … "lambda"
  std::string charterId;         // crew charter (TEI §3.4); empty when none
  bool charterMismatch = false;  // sector settings did not match the charter (RULES §VIII charter_mismatch)
  std::string charterWhy;        // what did not match (a non-member, the fleet size, the settings), if known
  std::vector<SeatRecord> seats; // seat order
  std::string dealId;            // the deal (module, config, seed, fleet): rated once, whoever signs it; "" unknown
  /// Issue 26 (docs/tei.md "Hidden-hand violations"): non-empty → the game is void for every seat that broke no
  /// rule and a loss for each charged seat (planMatch → planViolation).
  std::vector<HiddenViolation> violations;
};

/// TEI §4 rules.
enum class Rule : uint8_t { E1, E2, E3, E4, E5, E6, E7, E8 };
std::string_view ruleCode(Rule r);   // "E1"
std::string_view ruleTitle(Rule r);  // "Objective"

struct Exclusion {
  Rule rule;
  std::string reason;
};

/// Which rating context a game belongs to (TEI §10 P1–P3, §6.5).
enum class Context : uint8_t { Solo, HumanPool, Squadron };
std::string_view contextName(Context c);

struct Eligibility {
  Context context = Context::Solo;
  std::optional<Track> track;           // set when E1 holds
  std::optional<SkillKey> soloSkill;    // Solo: the reference skill key played (TEI §10 P1)
  std::vector<Exclusion> exclusions;    // every failed rule, in rule order; empty ⇔ eligible
  bool eligible() const { return exclusions.empty(); }
  std::string summary() const;          // "eligible" or "E4 Set: …; E8 Modules: …"
};

struct RulesProfile {
  bool squadronsRatingCalibrated = kSquadronsRatingCalibrated;  // TEI §6.5 gate
};

/// TEI §4 E1–E8 for a finished game. Whole-match rules: one assisted captain, guest, Class I* seat or
/// Warped module leaves the whole sector unrated (RULES §VIII).
Eligibility evaluateEligibility(const MatchRecord& m, const RulesProfile& profile = {});

/// Rating buckets (TEI §3.2–3.4, §6.5).
struct BucketKey {
  enum class Kind : uint8_t { LocalAi, Human, Group, Squad };
  Kind kind = Kind::Human;
  Track track = Track::Points;
  SkillKey skill = SkillKey::Ensign;  // LocalAi only
  std::string charterId;              // Group only
  /// "localAi/commander/points", "human/goOut", "group/<charterId>/points", "squad/points".
  std::string str() const;
  bool operator==(const BucketKey&) const = default;
};
/// Parses the bucket part without the track: "localAi/<skill>", "human", "group/<charterId>", "squad".
Result<BucketKey> parseBucket(std::string_view s, Track track);

inline constexpr std::string_view kGlobalOfficialCharter = "global-official";

struct RatingWrite {
  std::string playerId;
  BucketKey bucket;
  StoredRating before;  // effective prior (TEI §6.6: Academy seed or default when the bucket is new)
  StoredRating after;
  bool won = false;     // placing 1 (never for an officer-helped seat)
  bool officerHeld = false;  // officer turns: the gain was withheld (after == before) or σ kept (a loss)
  bool penalty = false;      // issue 26: a hidden-hand violation's loss (placed last, σ kept; never a win)
};

/// docs/rules-decisions.md "TEI: officer turns": a seat an officer played for at least one turn keeps no
/// gain (its rating stays `before`) and takes a loss in μ with σ unchanged, so μ − 3σ and the grade never rise.
StoredRating officerCapped(const StoredRating& before, const StoredRating& after);

struct AdvisorCount {  // RULES §VIII advisorMatches / advisorWins
  std::string playerId;
  Track track;
  bool won = false;
};

struct MatchPlan {
  std::string gameId;
  Eligibility eligibility;
  std::vector<RatingWrite> writes;      // empty when ineligible
  std::vector<AdvisorCount> advisor;
  /// Issue 26: the people whose game a hidden-hand violation voided (no rating change; the store records why).
  std::vector<std::string> voided;
};

/// Where planMatch reads priors from (the store, inside its transaction).
class RatingSource {
 public:
  virtual ~RatingSource() = default;
  virtual Result<std::optional<StoredRating>> stored(const std::string& playerId, const BucketKey& bucket) = 0;
  /// The Academy placement saved for (player, track), if any (TEI §6.6).
  virtual Result<std::optional<SkillKey>> academy(const std::string& playerId, Track track) = 0;
};

/// Checks the record is well formed (seats, placings, ids); errors are decode-style messages.
Result<void> validateRecord(const MatchRecord& m);

/// Eligibility + the updates to write. Errors only for malformed records or failing sources.
/// A record with violations is planned by planViolation.
Result<MatchPlan> planMatch(const MatchRecord& m, RatingSource& source, const RulesProfile& profile = {});

/// Issue 26 (core/tei/violation.cpp; docs/rules-decisions.md "TEI: hidden-hand violations"): when the game is
/// eligible, every charged person is rated as having placed last behind everyone else (who share first), against the
/// others' current ratings and the officers' anchors, with σ kept (officerCapped: a loss never lifts the grade);
/// every other person is voided (no write). An ineligible game writes nothing and voids nothing (it rated nobody).
Result<MatchPlan> planViolation(const MatchRecord& m, RatingSource& source, const RulesProfile& profile = {});
/// "seat 1 (turn 42): drew …; seat 3 …" — the violations, for notes and the store's reason text.
std::string violationsText(const MatchRecord& m);
/// The person seats charged with a violation (ascending, unique).
std::vector<int> chargedSeats(const MatchRecord& m);

}  // namespace concord::tei
