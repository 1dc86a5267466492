#include "core/tei/officer_like.h"

namespace concord::tei {

std::string officerLikeReason(const SeatRecord& seat, size_t index) {
  if (seat.kind != SeatKind::Human || seat.ownDecisions < kOfficerLikeMinDecisions) return "";
  // Integer cross-multiplication: matched / decisions >= threshold / 1000.
  if (uint64_t{seat.officerMatched} * 1000 < uint64_t{kOfficerLikePerMille} * seat.ownDecisions) return "";
  const uint64_t perMille = uint64_t{seat.officerMatched} * 1000 / seat.ownDecisions;
  return "captain at seat " + std::to_string(index) + " chose what the Commander officer would on " +
         std::to_string(seat.officerMatched) + " of " + std::to_string(seat.ownDecisions) + " own non-forced decisions (" +
         std::to_string(perMille) + "‰; only officers reach " + std::to_string(kOfficerLikePerMille) +
         "‰ in self-play): officer-like play is not rated in the solo pool (docs/tei.md)";
}

}  // namespace concord::tei
