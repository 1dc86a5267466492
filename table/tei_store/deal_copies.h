// Issue 30: which of several games of one deal a ledger rates. A deal (module, rules, config, seed, fleet size) is
// rated once; a second game of it is a copy signed again (issue 11 "TEI: cheater paths"), and no file shows which came
// first. A copy must not void the crew members' own game: a member who lost could otherwise drop into the crew folder
// a copy re-signed by a throwaway key and erase the loss. docs/rules-decisions.md "Issue 30: copies of a deal".
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "table/tei_store/replay_match.h"

namespace concord::tei {

struct DealChoice {
  const ReplayMatch* kept = nullptr;  // the copy rated; none when no file shows whose game it is
  std::string keptWhy;                // why that copy
  std::vector<std::pair<const ReplayMatch*, std::string>> dropped;  // every other copy, and why it is not rated
};

/// `copies`: two or more games of one deal, ascending game id. `ownCrews`: the crews' own charters given to the
/// ledger (`--charter FILE`), whose members' games are preferred over a copy naming another crew.
/// 1. The members' copies: those whose signed header honours a crew charter (every person's seat a member's key,
///    the frozen settings). When any exists, every other copy is not rated: it cannot void the members' game.
/// 2. One members' copy (or, with none, one copy): it is rated.
/// 3. Several, all signed by the same one captain: the copy of their worse placing is rated (a deal counts once).
/// 4. Otherwise none is rated: the copies' signers differ and no file shows which is the original.
DealChoice chooseDealCopy(const std::vector<const ReplayMatch*>& copies, const std::vector<lockstep::Charter>& ownCrews);

}  // namespace concord::tei
