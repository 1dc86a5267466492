#include "ui/shell/campaign_rating.h"

#include "core/tei/grade.h"
#include "tools/tei_store/replay_match.h"
#include "tools/tei_store/store.h"

namespace concord::ui {

CampaignRating rateCampaign(const std::string& replayPath, const std::string& storePath) {
  CampaignRating out;
  auto match = tei::matchFromReplay(replayPath);
  if (!match) {
    out.why = match.message();
    return out;
  }
  out.storePath = storePath;
  if (out.storePath.empty()) {
    auto d = tei::defaultStorePath();
    if (!d) {
      out.why = d.message();
      return out;
    }
    out.storePath = *d;
  }
  auto store = tei::TeiStore::open(out.storePath);
  if (!store) {
    out.why = store.message();
    return out;
  }
  auto res = store->applyMatch(match->record);
  if (!res) {
    out.why = res.message();
    return out;
  }
  out.alreadyApplied = res->alreadyApplied;
  const auto& plan = res->plan;
  out.rated = plan.eligibility.eligible() && !plan.writes.empty();
  if (!plan.eligibility.eligible()) out.why = plan.eligibility.summary();
  const auto& seats = match->record.seats;
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
