// The setup linter (§12.4): the checks of VC-2100, whose table was lost in our copy. Each check below is tied
// to the requirement that names it (L3 VC-960, L4 VC-060/VC-090/VC-1340, L7 VC-1670, L8 VC-1081, L9 VC-2110,
// L10 VC-1900); L1, L2, L5 and L6 are reconstructed (docs/rules-decisions.md "VC-2100: the lint checks").
#pragma once

#include <string>
#include <vector>

#include "core/elc/config.h"
#include "core/elc/terms.h"

namespace concord::elc {

enum class Severity : uint8_t { Error = 0, Warning = 1 };  // VC-2090

struct Finding {
  std::string code;  // "L3"
  Severity severity = Severity::Warning;
  std::string message;  // VC-2080: concrete, numeric, naming the setting that resolves it
};

/// VC-2080..VC-2110 over a configuration and its map; `charters` are the assigned Charters when known (L7).
std::vector<Finding> lintTerms(const Config& c, const MapFacts& m, const std::vector<Track>& charters = {});
/// "L3 Warning: ..." one finding a line.
std::string renderFindings(const std::vector<Finding>& f);

}  // namespace concord::elc
