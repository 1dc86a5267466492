// OpenSkill Weng–Lin Plackett–Luce, bit-for-bit the update of the `openskill` npm package 5.0.1 with its
// default options (TEI §6.1): μ=25, σ=25/3, β=25/6, τ=25/300 (τ² added to every σ² before the update),
// κ=1e−4, γ=√(team σ²)/c, limitSigma=false, balance=false. Post-game math only: never called from a turn
// (DESIGN: Determinism discipline — `double` is allowed in core/tei only).
#pragma once

#include <optional>
#include <vector>

#include "core/det/result.h"

namespace concord::tei {

struct Rating {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
};

struct OpenSkillOptions {
  double beta = 25.0 / 6.0;
  double tau = 25.0 / 300.0;
  double kappa = 1e-4;
};

using Team = std::vector<Rating>;

/// Rates one match. `ranks[i]` is team i's place (lower is better, equal values tie, any order, any gaps:
/// only the order and equality matter, exactly as openskill's `rate(teams, {rank})`). Without ranks the
/// input order is the finishing order. Returns the teams in input order.
/// Errors: fewer than two teams, an empty team, non-finite μ/σ, negative σ, rank count mismatch.
Result<std::vector<Team>> rate(const std::vector<Team>& teams, const std::optional<std::vector<double>>& ranks,
                               const OpenSkillOptions& opt = {});

/// Checks one rating for use as input: finite μ, finite σ ≥ 0.
Result<void> validateRating(const Rating& r);

}  // namespace concord::tei
