// Whether a local game will be TEI-rated, and why not, asked before it starts: the one wording the terminal
// (`concord play`) and the Qt start screen both show (issue 33; RULES §VIII, TEI §4).
#pragma once

#include <string>

#include "table/local_table.h"

namespace concord::table {

/// Why "play on from here" is casual (docs/rules-decisions.md "Play on from here is casual").
inline constexpr const char* kPlayOnReason = "it plays on from a replay (you may have seen every hand)";

/// Why a game of `setup` will not be rated, or "" when it will: the person's choices first (casualReason: no
/// person, casual, a chosen seed), then the module (TEI rates Warp), then the table's rules and officers as the
/// game would finish (TEI §4 E1, E3, E4, E6, E7 charter, E8; completion and the field are not known yet).
std::string unratedBecause(const TableSetup& setup);
/// The sentence a person reads before the game starts: rated, or "<why>: this game is casual, not TEI-rated."
std::string ratedSentence(const std::string& unratedBecause);

}  // namespace concord::table
