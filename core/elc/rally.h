// The Rally (§15.3, VC-2940..VC-2980): what a Reduced player receives. The grant table of VC-2950 was lost;
// reconstructed from VC-070, VC-2960, VC-2970, VC-3120 and VC-190 (docs/rules-decisions.md "The Rally").
#pragma once

#include <cstdint>

namespace concord::elc {

inline constexpr int64_t kRallyTenureSeals = 3;      // a Rally Warrant pays 3 × maxTenurePerSeal, like a Warrant
inline constexpr int64_t kRallyTenureCapSeals = 20;  // VC-2940: at most 20 × maxTenurePerSeal per player per game
inline constexpr int64_t kLevyCallWorks = 40;        // the Levy Call: Works into the Seat's Yard, once per entry

/// VC-2960: a Rally Warrant, public with its target and holder from the moment it is issued.
struct RallyWarrant {
  uint32_t id = 0;
  int32_t holder = 0;   // the Reduced player
  int32_t target = 0;   // a city of the leader VC-2900 measures against, nearest the holder's cities (VC-190)
  int32_t leader = 0;   // whose city it is, at issue
  uint32_t issued = 0, deadline = 0;  // open from the Seal after issue through `deadline` (WarPeriod turns)
  bool claimed = false, expired = false;
};

}  // namespace concord::elc
