#include "table/tei_store/officer_match_record.h"

#include "core/tei/officer_like.h"
#include "replay/officer_match.h"

namespace concord::tei {

Result<void> addOfficerMatch(const replay::ReplayReader& reader, MatchRecord& record, std::vector<std::string>& notes) {
  auto rates = replay::officerMatchRates(reader);
  if (!rates) return Err("officer match rate: ", rates.message());
  if (!rates->unavailable.empty()) {
    notes.push_back("officer match rate not measured: " + rates->unavailable);
    return Ok();
  }
  const auto& session = reader.header().session;
  for (size_t s = 0; s < record.seats.size() && s < rates->seats.size(); ++s) {
    auto& seat = record.seats[s];
    if (seat.kind != SeatKind::Human) continue;
    const auto& r = rates->seats[s];
    seat.ownDecisions = r.decisions;
    seat.officerMatched = r.matched;
    notes.push_back("seat " + std::to_string(s) + " (" + session.seats[s].name + "): officer match rate " +
                    std::to_string(r.matched) + " of " + std::to_string(r.decisions) +
                    " own non-forced decisions equal the Commander's (" + std::to_string(r.perMille()) + "‰; " +
                    (r.decisions < kOfficerLikeMinDecisions ? "too few to tell"
                     : officerLikeReason(seat, s).empty()   ? "people-like"
                                                             : "officer-like") +
                    ", threshold " +
                    std::to_string(kOfficerLikePerMille) + "‰ over at least " + std::to_string(kOfficerLikeMinDecisions) +
                    " decisions)");
  }
  return Ok();
}

}  // namespace concord::tei
