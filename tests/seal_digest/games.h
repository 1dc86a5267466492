// The seeded games the cross-compiler Seal check plays (docs/determinism.md "Cross-compiler checks"): every module,
// assorted seat counts and options, short enough that both builds play all of them in CI within a minute or two.
#pragma once

#include <string>
#include <vector>

#include "lockstep/selfplay.h"

namespace concord::seal_digest {

/// `perModule` seeded games of each of shed, warp, elc and web, in that order (or of `only` when it is not empty).
std::vector<lockstep::SelfPlayParams> seededGames(int perModule, const std::string& only);

/// "k=v,k=v" ("-" when there are none): the options column of the tool's lines.
std::string optionsText(const ConfigOptions& options);

}  // namespace concord::seal_digest
