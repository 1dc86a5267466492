// TEI §6.1: a faithful port of openskill 5.0.1 `rate()` + `models/plackett-luce` (defaults). The order of
// every floating-point operation follows the package (teams are sorted by rank with a stable sort, sums run
// in sorted order) so results agree to the last few ulps; tests/tei/openskill_vectors.json checks 1e−12.
#include "core/tei/openskill.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace concord::tei {

Result<void> validateRating(const Rating& r) {
  if (!std::isfinite(r.mu)) return Err("mu must be a finite number");
  if (!std::isfinite(r.sigma)) return Err("sigma must be a finite number");
  if (r.sigma < 0.0) return Err("sigma must not be negative (got ", std::to_string(r.sigma), ")");
  return Ok();
}

namespace {

struct TeamRating {
  double mu = 0;      // Σ μ of the members (τ-inflated input)
  double sigSq = 0;   // Σ σ² of the members
  size_t rank = 0;    // openskill `rankings()`: index of the first team of this tie group in sorted order
  const Team* team = nullptr;
};

}  // namespace

Result<std::vector<Team>> rate(const std::vector<Team>& teams, const std::optional<std::vector<double>>& ranks,
                               const OpenSkillOptions& opt) {
  const size_t n = teams.size();
  if (n < 2) return Err("a match needs at least two teams (got ", n, ")");
  for (size_t t = 0; t < n; ++t) {
    if (teams[t].empty()) return Err("team ", t + 1, " has no players");
    for (const auto& p : teams[t]) {
      auto v = validateRating(p);
      if (!v) return Err("team ", t + 1, ": ", v.message());
    }
  }
  std::vector<double> rank;
  if (ranks) {
    if (ranks->size() != n) return Err("ranks has ", ranks->size(), " entries but there are ", n, " teams");
    for (double r : *ranks)
      if (!std::isfinite(r)) return Err("ranks must be finite numbers");
    rank = *ranks;
  } else {
    rank.resize(n);
    for (size_t i = 0; i < n; ++i) rank[i] = static_cast<double>(i + 1);
  }

  // rate.ts: σ' = √(σ² + τ²) for every player before the model runs (no limitSigma afterwards).
  const double tauSq = opt.tau * opt.tau;
  std::vector<Team> processed = teams;
  for (auto& team : processed)
    for (auto& p : team) p.sigma = std::sqrt(p.sigma * p.sigma + tauSq);

  // sort-unwind: stable sort by rank (Array.prototype.sort is stable), remembering the original index.
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return rank[a] < rank[b]; });

  // util.ts teamRating + rankings (ties share the index of their first member: 1,2,2,4 → 0,1,1,3).
  std::vector<TeamRating> tr(n);
  size_t s = 0;
  for (size_t j = 0; j < n; ++j) {
    const Team& team = processed[order[j]];
    double mu = 0, sigSq = 0;
    for (const auto& p : team) {
      mu += p.mu;
      sigSq += p.sigma * p.sigma;
    }
    if (j > 0 && rank[order[j - 1]] < rank[order[j]]) s = j;
    tr[j] = TeamRating{mu, sigSq, s, &team};
  }

  const double betaSq = opt.beta * opt.beta;
  double cSum = 0;
  for (const auto& t : tr) cSum += t.sigSq + betaSq;
  const double c = std::sqrt(cSum);

  std::vector<double> sumQ(n, 0.0);
  std::vector<double> a(n, 0.0);
  for (size_t q = 0; q < n; ++q) {
    double sq = 0;
    size_t cnt = 0;
    for (size_t i = 0; i < n; ++i) {
      if (tr[i].rank >= tr[q].rank) sq += std::exp(tr[i].mu / c);
      if (tr[i].rank == tr[q].rank) ++cnt;
    }
    sumQ[q] = sq;
    a[q] = static_cast<double>(cnt);
  }

  std::vector<Team> sortedOut(n);
  for (size_t i = 0; i < n; ++i) {
    const TeamRating& ti = tr[i];
    const double iMuOverCe = std::exp(ti.mu / c);
    double omegaSum = 0, deltaSum = 0;
    for (size_t q = 0; q < n; ++q) {
      if (tr[q].rank > ti.rank) continue;
      const double quotient = iMuOverCe / sumQ[q];
      omegaSum += (i == q ? 1 - quotient : -quotient) / a[q];
      deltaSum += quotient * (1 - quotient) / a[q];
    }
    const double iGamma = std::sqrt(ti.sigSq) / c;
    const double iOmega = omegaSum * (ti.sigSq / c);
    const double iDelta = deltaSum * (ti.sigSq / (c * c)) * iGamma;
    Team out;
    out.reserve(ti.team->size());
    for (const auto& p : *ti.team) {
      const double sigSq = p.sigma * p.sigma;
      out.push_back(Rating{p.mu + sigSq / ti.sigSq * iOmega,
                           p.sigma * std::sqrt(std::max(1 - sigSq / ti.sigSq * iDelta, opt.kappa))});
    }
    sortedOut[i] = std::move(out);
  }

  std::vector<Team> result(n);
  for (size_t j = 0; j < n; ++j) result[order[j]] = std::move(sortedOut[j]);
  // Issue 11 point 6: extreme inputs overflow exp()/squares into inf or NaN; that is an error, not a rating.
  for (size_t t = 0; t < n; ++t)
    for (const auto& p : result[t])
      if (!std::isfinite(p.mu) || !std::isfinite(p.sigma))
        return Err("the update overflowed (team ", t + 1, " came out non-finite): the inputs are out of the range "
                   "OpenSkill can rate");
  return result;
}

}  // namespace concord::tei
