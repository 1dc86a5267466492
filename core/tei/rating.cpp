#include "core/tei/rating.h"

namespace concord::tei {

std::string_view trackKey(Track t) { return t == Track::Points ? "points" : "goOut"; }
std::string_view trackObjective(Track t) { return t == Track::Points ? "points" : "go-out"; }

Result<Track> parseTrack(std::string_view s) {
  if (s == "points") return Track::Points;
  if (s == "go-out" || s == "goOut") return Track::GoOut;
  return Err("unknown track '", s, "' (expected points or go-out)");
}

std::string_view skillKeyName(SkillKey k) {
  switch (k) {
    case SkillKey::Ensign: return "ensign";
    case SkillKey::Lieutenant: return "lieutenant";
    case SkillKey::Commander: return "commander";
  }
  return "?";
}

Result<SkillKey> parseSkillKey(std::string_view s) {
  if (s == "ensign") return SkillKey::Ensign;
  if (s == "lieutenant") return SkillKey::Lieutenant;
  if (s == "commander") return SkillKey::Commander;
  return Err("unknown AI skill key '", s, "' (expected ensign, lieutenant or commander)");
}

StoredRating defaultRating() { return StoredRating{}; }

StoredRating aiAnchor(Track t, SkillKey k) {
  // Calibrated 2026-12-01 from our RULES §VII officers (TEI §2.1: recalibration = a new profile id): μ gaps fitted
  // to 1,000 campaigns per pairing (docs/calibration/*.cells, tools/tei_anchors.py, docs/tei.md "Officer anchors");
  // σ and the Ensign's μ (the scale's origin) are TEI §7.1's. ctest tei_anchors_from_calibration keeps them in step.
  struct MS {
    double mu, sigma;
  };
  static constexpr MS points[3] = {{18.0, 4.0}, {26.2, 3.5}, {30.4, 3.0}};
  static constexpr MS goOut[3] = {{17.5, 4.5}, {19.9, 4.0}, {21.2, 3.5}};
  const MS ms = (t == Track::Points ? points : goOut)[static_cast<size_t>(k)];
  StoredRating r;
  r.mu = ms.mu;
  r.sigma = ms.sigma;
  r.matches = kAnchorMatches;
  r.displayRating = displayRating(ms.mu, ms.sigma);
  r.displayGrade = immediateLetter(ms.sigma);
  return r;
}

StoredRating fromOpenSkill(const Rating& r, const StoredRating& prev) {
  StoredRating out;
  out.mu = r.mu;
  out.sigma = r.sigma;
  out.matches = prev.matches + 1;
  out.displayRating = displayRating(r.mu, r.sigma);
  out.displayGrade = teiLetter(r.sigma, prev.displayGrade);
  return out;
}

StoredRating effectiveRating(const std::optional<StoredRating>& stored, const std::optional<StoredRating>& academySeed) {
  if (stored && stored->matches > 0) return *stored;
  if (academySeed) {
    StoredRating seed = *academySeed;  // a copy of the anchor's (μ, σ); experience starts at zero
    seed.matches = 0;
    seed.displayRating = displayRating(seed.mu, seed.sigma);
    seed.displayGrade = std::nullopt;
    return seed;
  }
  return defaultRating();
}

Result<StoredRating> updateVsAI(const StoredRating& human, Track t, SkillKey opponent, bool humanWon) {
  const StoredRating a = aiAnchor(t, opponent);
  auto r = rate({{human.rating()}, {a.rating()}}, std::vector<double>{humanWon ? 1.0 : 2.0, humanWon ? 2.0 : 1.0});
  if (!r) return r.error();
  return fromOpenSkill((*r)[0][0], human);  // (*r)[1] — the anchor's output — is discarded (TEI §8.3)
}

Result<std::vector<std::optional<StoredRating>>> updateField(const std::vector<FieldSeat>& field) {
  std::vector<Team> teams;
  std::vector<double> ranks;
  for (const auto& s : field) {
    teams.push_back({s.prior.rating()});
    ranks.push_back(s.rank);
  }
  auto r = rate(teams, ranks);
  if (!r) return r.error();
  std::vector<std::optional<StoredRating>> out(field.size());
  for (size_t i = 0; i < field.size(); ++i)
    if (field[i].persist) out[i] = fromOpenSkill((*r)[i][0], field[i].prior);
  return out;
}

Result<std::vector<std::vector<std::optional<StoredRating>>>> updateTeamRatings(const std::vector<SquadTeam>& teams) {
  std::vector<Team> os;
  std::vector<double> ranks;
  for (const auto& t : teams) {
    Team team;
    for (const auto& m : t.members) team.push_back(m.prior.rating());
    os.push_back(std::move(team));
    ranks.push_back(t.rank);
  }
  auto r = rate(os, ranks);
  if (!r) return r.error();
  std::vector<std::vector<std::optional<StoredRating>>> out(teams.size());
  for (size_t i = 0; i < teams.size(); ++i) {
    out[i].resize(teams[i].members.size());
    for (size_t j = 0; j < teams[i].members.size(); ++j)
      if (teams[i].members[j].persist) out[i][j] = fromOpenSkill((*r)[i][j], teams[i].members[j].prior);
  }
  return out;
}

}  // namespace concord::tei
