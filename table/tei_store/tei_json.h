// JSON codecs for the `concord tei` CLI: the OpenSkill calculator's input/output and MatchRecord files.
// Strict decoders: unknown keys, wrong types and out-of-range values are errors with a readable message.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/tei/match.h"
#include "core/tei/openskill.h"

namespace concord::tei {

struct RateRequest {
  std::vector<Team> teams;
  std::optional<std::vector<double>> ranks;
};

/// {"teams":[[{"mu":25,"sigma":8.333333333333334}],…],"ranks":[1,2]} (ranks optional).
Result<RateRequest> parseRateRequest(const std::string& text);
/// {"teams":[[{"mu":…,"sigma":…}],…]} with 17 significant digits.
std::string formatRateResponse(const std::vector<Team>& teams);
/// %.17g, the round-trip form of a double.
std::string formatDouble17(double v);

/// Parses JSON, refusing a key given twice in one object (issue 11 point 6).
Result<nlohmann::json> parseStrictJson(const std::string& text);

/// MatchRecord JSON (docs/tei.md "MatchRecord file").
Result<MatchRecord> parseMatchRecord(const std::string& text);

}  // namespace concord::tei
