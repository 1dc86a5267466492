// Issue 30: officer-like play in the solo pool. A person who lets the Commander play every move and strips the
// OfficerPlayed marks signs a file that verifies; what gives it away is how often the seat's own non-forced decisions
// equal the Commander's from the same Observation (replay/officer_match.h). A solo game whose person reaches a rate
// that in self-play only officers reached is left unrated (TEI §4 E3), with the rate as the reason. The threshold
// and what it can and cannot prove: docs/tei.md "What a solo rating can and cannot prove".
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/tei/match.h"

namespace concord::tei {

/// Per mille of own non-forced decisions equal to the Commander's at or above which only officers played in the
/// self-play measurement of docs/tei.md (people-proxies stayed below it).
inline constexpr uint32_t kOfficerLikePerMille = 990;
/// Fewer decisions prove nothing either way: a short game can match by chance.
inline constexpr uint32_t kOfficerLikeMinDecisions = 40;

/// Why a person seat's own decisions look like the Commander's ("" when they do not), for the E3 exclusion.
std::string officerLikeReason(const SeatRecord& seat, size_t index);

}  // namespace concord::tei
