// TEI rating state, reference anchors and the update paths (TEI §3, §6, §7.1). Pure math, no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/det/result.h"
#include "core/tei/grade.h"
#include "core/tei/openskill.h"

namespace concord::tei {

/// TEI §2: ratings never cross tracks.
enum class Track : uint8_t { Points, GoOut };
std::string_view trackKey(Track t);        // storage key: "points" | "goOut" (TEI §3.1 RatingTrack)
std::string_view trackObjective(Track t);  // API / objective string: "points" | "go-out"
/// Accepts "points", "go-out" and "goOut".
Result<Track> parseTrack(std::string_view s);

/// TEI §2.1 reference anchor skill keys (Commander = Ω neural policy).
enum class SkillKey : uint8_t { Ensign, Lieutenant, Commander };
std::string_view skillKeyName(SkillKey k);  // "ensign" | "lieutenant" | "commander"
Result<SkillKey> parseSkillKey(std::string_view s);

/// TEI §3.1 StoredRating: (μ, σ, matches) plus cached displayRating and the hysteresis memory.
struct StoredRating {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  int64_t matches = 0;
  double displayRating = 0.0;
  std::optional<Letter> displayGrade;
  bool operator==(const StoredRating&) const = default;
  Rating rating() const { return Rating{mu, sigma}; }
  /// The displayed grade, using the stored letter as hysteresis memory (TEI §7.2).
  Grade grade() const { return teiGrade(mu, sigma, displayGrade); }
};

/// TEI §3.1 default new rating: μ=25, σ=25/3, matches=0, displayRating=0 (displays P0).
StoredRating defaultRating();

/// The rules profile (RULES §VIII charters name it) and the §6.5 shipping gate.
inline constexpr std::string_view kRulesProfileId = "warp12-official-v1";
/// Issue 11 point 5: what every stored game and rating was computed under — the rules profile, the anchor table
/// (aiAnchor: calibrated from our officers on 2026-12-01, issue 13; before: §7.1's of 2026-07-12) and the §7.2
/// grade table. Change it whenever either table changes, so old ratings are never silently reinterpreted (a
/// store refuses to update a rating kept under another profile; `concord tei reprofile` re-rates the replays).
inline constexpr std::string_view kTeiProfileId = "warp12-official-v1+anchors-2026-12-01+grades-v1";
/// The profile every rating was computed under before the calibrated anchors (schema 3's default).
inline constexpr std::string_view kTeiProfileIdInitialAnchors = "warp12-official-v1+anchors-2026-07-12+grades-v1";
inline constexpr int64_t kAnchorMatches = 999;  // TEI §7.1 sentinel: anchors never update
/// TEI §6.5 gate, from our own 2v2 measurement (2026-12-01, docs/ai-calibration.md "Squadrons (Module Zeta) 2v2",
/// docs/calibration/zeta2v2.*.cells): in 400 Points campaigns per pairing the higher-skill squad's 95% interval is
/// above 50% in all three (Cmdr–Ens 72.5% [67.9, 76.6], Cmdr–Lt 67.2% [62.5, 71.7], Lt–Ens 55.4% [50.5, 60.2]).
inline constexpr bool kSquadronsRatingCalibrated = true;

/// TEI §2.1 / §7.1 getAIAnchor(track, skill): fixed (μ, σ, matches=999). Never written back.
StoredRating aiAnchor(Track t, SkillKey k);

/// TEI §6.1 fromOpenSkillRating: new (μ, σ), matches+1, refreshed displayRating, displayGrade via
/// getTeiDisplay(rating, previousDisplayGrade).
StoredRating fromOpenSkill(const Rating& r, const StoredRating& prev);

/// TEI §6.6: the prior a bucket's first rated match starts from. `stored` is the bucket row if it exists;
/// `academySeed` the track's startingRating (an anchor copy) if Academy placement was saved.
StoredRating effectiveRating(const std::optional<StoredRating>& stored, const std::optional<StoredRating>& academySeed);

/// TEI §6.2 updateVsAI: teams [[human],[anchor]], ranks humanWon ? [1,2] : [2,1]; the anchor's output is
/// discarded (TEI §8.3) — only the human's new rating is returned.
Result<StoredRating> updateVsAI(const StoredRating& human, Track t, SkillKey opponent, bool humanWon);

/// One seat of a free-for-all / mixed field (TEI §6.3, §6.4): a live rating to persist, or an AI anchor.
struct FieldSeat {
  StoredRating prior;
  double rank = 1;       // competition rank, 1 = best, ties share
  bool persist = true;   // false for AI anchors: their update is discarded (TEI §6.4, §8.3)
};
/// TEI §6.3 updateFFARatings / §6.4 updateMixedTable: every seat is a team of one; results in input order,
/// std::nullopt for non-persisted (anchor) seats.
Result<std::vector<std::optional<StoredRating>>> updateField(const std::vector<FieldSeat>& field);

/// TEI §6.5 updateTeamRatings: each squad is one OpenSkill team; members move individually.
struct SquadTeam {
  std::vector<FieldSeat> members;  // FieldSeat::rank is ignored here
  double rank = 1;
};
Result<std::vector<std::vector<std::optional<StoredRating>>>> updateTeamRatings(const std::vector<SquadTeam>& teams);

}  // namespace concord::tei
