#include "ui/shell/campaign_rating.h"

#include "core/tei/grade.h"
#include "table/tei_store/rate_finished.h"

namespace concord::ui {

// The rating itself is table/tei_store's rateFinishedGame, the same call `concord play` makes; this keeps
// what the summary shows per human seat.
CampaignRating rateCampaign(const std::string& replayPath, const std::string& storePath) {
  CampaignRating out;
  auto rated = tei::rateFinishedGame(replayPath, storePath);
  if (!rated) {
    out.why = rated.message();
    return out;
  }
  out.storePath = rated->storePath;
  const auto& res = rated->applied.outcome;
  out.alreadyApplied = res.alreadyApplied;
  const auto& plan = res.plan;
  out.rated = plan.eligibility.eligible() && !plan.writes.empty();
  if (!plan.eligibility.eligible()) out.why = plan.eligibility.summary();
  const auto& seats = rated->applied.match.record.seats;
  for (size_t s = 0; s < seats.size(); ++s) {
    if (seats[s].kind != tei::SeatKind::Human) continue;
    SeatRating r;
    r.seat = static_cast<int>(s);
    r.assisted = seats[s].advisorUsed || seats[s].officerTurns > 0;
    for (const auto& w : plan.writes) {
      if (w.playerId != seats[s].playerId) continue;
      r.bucket = w.bucket.str();
      r.before = w.before.grade().formatted();
      r.after = w.after.grade().formatted();
      r.won = w.won;
      r.assisted = r.assisted || w.officerHeld;
    }
    out.seats.push_back(r);
  }
  return out;
}

}  // namespace concord::ui
