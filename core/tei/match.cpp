#include "core/tei/match.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/tei/officer_like.h"

namespace concord::tei {

std::string_view ruleCode(Rule r) {
  static constexpr std::string_view c[] = {"E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8"};
  return c[static_cast<size_t>(r)];
}

std::string_view ruleTitle(Rule r) {
  static constexpr std::string_view t[] = {"Objective", "Completion",        "Unassisted",       "Set",
                                           "Minimum field", "Opponents", "Online integrity", "Modules"};
  return t[static_cast<size_t>(r)];
}

std::string_view contextName(Context c) {
  switch (c) {
    case Context::Solo: return "solo";
    case Context::HumanPool: return "human-pool";
    case Context::Squadron: return "squadron";
  }
  return "?";
}

std::string Eligibility::summary() const {
  if (exclusions.empty()) return "eligible";
  std::string s;
  for (const auto& e : exclusions) {
    if (!s.empty()) s += "; ";
    s += std::string(ruleCode(e.rule)) + " " + std::string(ruleTitle(e.rule)) + ": " + e.reason;
  }
  return s;
}

namespace {

enum class ModuleClass { Rated, Warped, Squadrons, Unknown };

// RULES §VI: Kappa and Lambda are marked Warped (exhibition only); TEI §4 E8 names Epsilon drafting as
// Warped too. Zeta (Squadrons) is rated only behind the §6.5 gate. The remaining Modules keep skill
// ordering and are rated. Anything else is a nonstandard house profile (docs/rules-decisions.md).
ModuleClass classifyModule(std::string_view id) {
  static const std::set<std::string_view> rated{"alpha", "beta", "gamma", "delta", "eta", "theta", "iota"};
  static const std::set<std::string_view> warped{"epsilon", "kappa", "lambda"};
  if (rated.count(id)) return ModuleClass::Rated;
  if (warped.count(id)) return ModuleClass::Warped;
  if (id == "zeta") return ModuleClass::Squadrons;
  return ModuleClass::Unknown;
}

std::optional<SkillKey> anchorSkill(OfficerKind k) {
  switch (k) {
    case OfficerKind::Ensign: return SkillKey::Ensign;
    case OfficerKind::Lieutenant: return SkillKey::Lieutenant;
    case OfficerKind::Commander: return SkillKey::Commander;
    default: return std::nullopt;
  }
}

std::string_view officerName(OfficerKind k) {
  switch (k) {
    case OfficerKind::Ensign: return "Ensign";
    case OfficerKind::Lieutenant: return "Lieutenant";
    case OfficerKind::Commander: return "Commander";
    case OfficerKind::ClassIStar: return "Class I* search";
    case OfficerKind::OmegaPlus: return "Omega+ extended thinking";
    case OfficerKind::Other: return "non-reference";
  }
  return "?";
}

bool hasModule(const MatchRecord& m, std::string_view id) {
  return std::find(m.modules.begin(), m.modules.end(), id) != m.modules.end();
}

}  // namespace

Eligibility evaluateEligibility(const MatchRecord& m, const RulesProfile& profile) {
  Eligibility e;
  auto fail = [&](Rule r, std::string why) { e.exclusions.push_back(Exclusion{r, std::move(why)}); };

  size_t humans = 0, guests = 0;
  for (const auto& s : m.seats)
    if (s.kind == SeatKind::Human) {
      ++humans;
      if (s.guest) ++guests;
    }
  if (hasModule(m, "zeta")) e.context = Context::Squadron;
  else if (humans == 1 && !m.online) e.context = Context::Solo;
  else e.context = Context::HumanPool;

  // E1 Objective
  if (m.objective == Objective::Points) e.track = Track::Points;
  else if (m.objective == Objective::GoOut) e.track = Track::GoOut;
  else fail(Rule::E1, "the objective is neither points nor go-out");

  // E2 Completion
  if (!m.completed) fail(Rule::E2, "the campaign did not reach completion (aborted or unfinished)");
  else if (std::none_of(m.seats.begin(), m.seats.end(), [](const SeatRecord& s) { return s.placing == 1; }))
    fail(Rule::E2, "the campaign has no defined victor");

  // E3 Unassisted (whole match: RULES §VIII "one assisted captain leaves the whole sector unrated")
  for (size_t i = 0; i < m.seats.size(); ++i)
    if (m.seats[i].kind == SeatKind::Human && m.seats[i].advisorUsed) {
      fail(Rule::E3, "captain at seat " + std::to_string(i) + " used the tactical advisor during live play");
      break;
    }

  // E4 Set
  if (m.maxPip != 12)
    fail(Rule::E4, "Warp " + std::to_string(m.maxPip) + " is an exhibition set; only Warp 12 (double-twelve) is rated");

  // E5 Minimum field
  const auto finished = std::count_if(m.seats.begin(), m.seats.end(), [](const SeatRecord& s) { return s.finished; });
  if (finished < 2) fail(Rule::E5, "fewer than two captains finished the campaign");

  // E6 Opponents
  std::optional<SkillKey> soloSkill;
  bool mixedSkills = false;
  for (size_t i = 0; i < m.seats.size(); ++i) {
    const auto& s = m.seats[i];
    if (s.kind != SeatKind::Ai) continue;
    auto k = anchorSkill(s.officer);
    if (!k) {
      fail(Rule::E6, "seat " + std::to_string(i) + " is a " + std::string(officerName(s.officer)) +
                         " officer, not a reference anchor (Ensign / Lieutenant / Commander)");
      mixedSkills = false;
      soloSkill.reset();
      break;
    }
    if (soloSkill && *soloSkill != *k) mixedSkills = true;
    if (!soloSkill) soloSkill = k;
  }
  if (e.context == Context::Solo && mixedSkills)
    fail(Rule::E6, "a solo table must face one AI skill key: solo ratings are kept per opponent profile (localAi[skill])");
  if (e.context == Context::Solo && !mixedSkills) e.soloSkill = soloSkill;

  // E7 Online integrity
  if (!m.rated) fail(Rule::E7, "the sector was not flagged rated (casual / unrated lobby)");
  if (guests > 0) fail(Rule::E7, "a guest (anonymous) captain was at the table");
  if (e.context != Context::Solo && humans - guests < 2)
    fail(Rule::E7, "a rated sector needs two or more signed-in captains");
  if (m.freeformChatDuringPlay) fail(Rule::E7, "free-form chat was used during live rated play (hails only)");
  if (!m.charterId.empty() && m.charterMismatch)
    fail(Rule::E7, "the sector does not match crew charter '" + m.charterId + "' (charter_mismatch" +
                       (m.charterWhy.empty() ? std::string() : ": " + m.charterWhy) + ")");

  // E8 Modules
  for (const auto& id : m.modules) {
    switch (classifyModule(id)) {
      case ModuleClass::Rated: break;
      case ModuleClass::Warped: fail(Rule::E8, "Module " + id + " is Warped (exhibition only)"); break;
      case ModuleClass::Squadrons:
        if (!profile.squadronsRatingCalibrated)
          fail(Rule::E8, "Module zeta (Squadrons) is exhibition while SQUADRONS_RATING_CALIBRATED is off");
        break;
      case ModuleClass::Unknown: fail(Rule::E8, "unknown module '" + id + "' (nonstandard house profile)"); break;
    }
  }

  // E3 again, issue 30: a solo person whose own decisions only an officer matches (core/tei/officer_like.h).
  for (size_t i = 0; i < m.seats.size() && e.context == Context::Solo; ++i)
    if (std::string why = officerLikeReason(m.seats[i], i); !why.empty()) fail(Rule::E3, why);

  std::stable_sort(e.exclusions.begin(), e.exclusions.end(),
                   [](const Exclusion& a, const Exclusion& b) { return a.rule < b.rule; });
  return e;
}

std::string BucketKey::str() const {
  const std::string t(trackKey(track));
  switch (kind) {
    case Kind::LocalAi: return "localAi/" + std::string(skillKeyName(skill)) + "/" + t;
    case Kind::Human: return "human/" + t;
    case Kind::Group: return "group/" + charterId + "/" + t;
    case Kind::Squad: return "squad/" + t;
  }
  return "?";
}

Result<BucketKey> parseBucket(std::string_view s, Track track) {
  BucketKey k;
  k.track = track;
  if (s == "human") {
    k.kind = BucketKey::Kind::Human;
    return k;
  }
  if (s == "squad") {
    k.kind = BucketKey::Kind::Squad;
    return k;
  }
  if (s.starts_with("localAi/")) {
    auto sk = parseSkillKey(s.substr(8));
    if (!sk) return Err("unknown bucket '", s, "': ", sk.message());
    k.kind = BucketKey::Kind::LocalAi;
    k.skill = *sk;
    return k;
  }
  if (s.starts_with("group/") && s.size() > 6 && s.substr(6).find('/') == std::string_view::npos) {
    k.kind = BucketKey::Kind::Group;
    k.charterId = std::string(s.substr(6));
    return k;
  }
  return Err("unknown bucket '", s,
             "' (expected human, squad, localAi/<ensign|lieutenant|commander> or group/<charterId>)");
}

Result<void> validateRecord(const MatchRecord& m) {
  if (m.gameId.empty()) return Err("match record has no gameId");
  if (m.seats.empty()) return Err("match record has no seats");
  for (const auto& v : m.violations)  // issue 26: a charged seat is a person's
    if (v.seat < 0 || static_cast<size_t>(v.seat) >= m.seats.size() || v.by < 0 || static_cast<size_t>(v.by) >= m.seats.size() ||
        m.seats[static_cast<size_t>(v.by)].kind != SeatKind::Human)
      return Err("hidden-hand violation at turn ", v.turn, ": seat ", v.seat, " charged to seat ", v.by,
                 ", which is not a person's seat at this table");
  std::set<std::string> ids;
  const bool squads = hasModule(m, "zeta");
  std::map<int, int> squadPlacing;
  for (size_t i = 0; i < m.seats.size(); ++i) {
    const auto& s = m.seats[i];
    const std::string where = "seat " + std::to_string(i);  // 0-based, as every message and the CLI (issue 30)
    if (s.placing < 1 || static_cast<size_t>(s.placing) > m.seats.size())
      return Err(where, ": placing must be between 1 and the number of seats (got ", s.placing, ")");
    if (s.kind == SeatKind::Human) {
      if (s.playerId.empty()) return Err(where, ": a human seat needs a playerId");
      if (!ids.insert(s.playerId).second) return Err(where, ": player '", s.playerId, "' holds two seats");
    }
    if (squads) {
      if (s.squad < 0) return Err(where, ": Module zeta is on but the seat has no squadron");
      auto [it, fresh] = squadPlacing.emplace(s.squad, s.placing);
      if (!fresh && it->second != s.placing)
        return Err(where, ": squadron ", s.squad, " members have different placings");
    }
  }
  if (squads && squadPlacing.size() < 2) return Err("Module zeta needs at least two squadrons");
  return Ok();
}

namespace {

Result<StoredRating> priorFor(RatingSource& src, const std::string& player, const BucketKey& b) {
  auto st = src.stored(player, b);
  if (!st) return st.error();
  std::optional<StoredRating> seed;
  if (!*st || (*st)->matches == 0) {
    auto ac = src.academy(player, b.track);
    if (!ac) return ac.error();
    if (*ac) seed = aiAnchor(b.track, **ac);
  }
  return effectiveRating(*st, seed);
}

}  // namespace

StoredRating officerCapped(const StoredRating& before, const StoredRating& after) {
  if (after.mu >= before.mu) return before;  // a gain an officer helped to: withheld
  return fromOpenSkill(Rating{after.mu, before.sigma}, before);  // the loss, without the certainty it would add
}

Result<MatchPlan> planMatch(const MatchRecord& m, RatingSource& source, const RulesProfile& profile) {
  if (auto v = validateRecord(m); !v) return v.error();
  if (!m.violations.empty()) return planViolation(m, source, profile);  // issue 26
  MatchPlan plan;
  plan.gameId = m.gameId;
  plan.eligibility = evaluateEligibility(m, profile);
  const Eligibility& el = plan.eligibility;

  // Advisor counters: a completed game with a rated objective, per assisted captain (RULES §VIII).
  const bool e1e2 = std::none_of(el.exclusions.begin(), el.exclusions.end(),
                                 [](const Exclusion& x) { return x.rule == Rule::E1 || x.rule == Rule::E2; });
  if (e1e2 && el.track)
    for (const auto& s : m.seats)
      if (s.kind == SeatKind::Human && s.advisorUsed && !s.guest)
        plan.advisor.push_back(AdvisorCount{s.playerId, *el.track, s.placing == 1});

  if (!el.eligible()) return plan;
  const Track track = *el.track;

  std::vector<BucketKey> buckets;
  BucketKey b;
  b.track = track;
  if (el.context == Context::Solo && m.charterId.empty()) {  // a crew's solo game rates into its ladder (RULES §VIII)
    b.kind = BucketKey::Kind::LocalAi;
    b.skill = *el.soloSkill;
    buckets.push_back(b);
  } else if (el.context == Context::Squadron) {
    b.kind = BucketKey::Kind::Squad;
    buckets.push_back(b);
  } else if (m.charterId.empty()) {
    b.kind = BucketKey::Kind::Human;
    buckets.push_back(b);
  } else {
    b.kind = BucketKey::Kind::Group;
    b.charterId = m.charterId;
    buckets.push_back(b);
    if (m.charterId == kGlobalOfficialCharter) {  // TEI §3.4: both, each against its own prior
      BucketKey h;
      h.kind = BucketKey::Kind::Human;
      h.track = track;
      buckets.push_back(h);
    }
  }

  for (const auto& bucket : buckets) {
    std::vector<FieldSeat> field;
    for (const auto& s : m.seats) {
      FieldSeat f;
      f.rank = s.placing;
      if (s.kind == SeatKind::Ai) {
        f.prior = aiAnchor(track, *anchorSkill(s.officer));  // E6 held: every AI is an anchor
        f.persist = false;
      } else {
        auto p = priorFor(source, s.playerId, bucket);
        if (!p) return p.error();
        f.prior = *p;
      }
      field.push_back(f);
    }
    std::vector<std::optional<StoredRating>> after(m.seats.size());
    if (el.context == Context::Squadron) {
      std::map<int, size_t> teamOf;  // squadron index → team, in order of first appearance
      std::vector<SquadTeam> teams;
      std::vector<std::pair<size_t, size_t>> where(m.seats.size());
      for (size_t i = 0; i < m.seats.size(); ++i) {
        auto [it, fresh] = teamOf.emplace(m.seats[i].squad, teams.size());
        if (fresh) teams.push_back(SquadTeam{{}, static_cast<double>(m.seats[i].placing)});
        where[i] = {it->second, teams[it->second].members.size()};
        teams[it->second].members.push_back(field[i]);
      }
      auto r = updateTeamRatings(teams);
      if (!r) return r.error();
      for (size_t i = 0; i < m.seats.size(); ++i) after[i] = (*r)[where[i].first][where[i].second];
    } else {
      auto r = updateField(field);
      if (!r) return r.error();
      after = std::move(*r);
    }
    for (size_t i = 0; i < m.seats.size(); ++i) {
      if (!after[i]) continue;
      // Issue 11 point 3: officer turns earn nothing and excuse nothing (docs/rules-decisions.md).
      const bool helped = m.seats[i].kind == SeatKind::Human && m.seats[i].officerTurns > 0;
      const StoredRating written = helped ? officerCapped(field[i].prior, *after[i]) : *after[i];
      plan.writes.push_back(RatingWrite{m.seats[i].playerId, bucket, field[i].prior, written,
                                        !helped && m.seats[i].placing == 1, helped, false});
    }
  }
  return plan;
}

}  // namespace concord::tei
