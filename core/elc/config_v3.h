// The settings victoryLogicVersion 3 added (§10 Charters, Sealed Orders and Ambition; VC-1570 teams): their
// codec block (written only when in use), their options and their range checks (VC-470).
#pragma once

#include <string>

#include "core/det/reader.h"
#include "core/det/result.h"
#include "core/det/writer.h"
#include "core/elc/config.h"

namespace concord::elc {

void encodeV3(det::Writer& w, const Config& c);
void decodeV3(det::Reader& r, Config& c);
/// true when `key` is one of the v3 options (and it was applied); an error names the option and its rule.
Result<bool> parseV3Option(Config& c, const std::string& key, const std::string& v);
Result<void> validateV3(const Config& c);

}  // namespace concord::elc
