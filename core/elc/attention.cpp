// The Dispatch's victory events (VC-3150), derived from the sealed state so that every peer raises the same ones:
// a rival's AlarmRaised at the last Seal (VC-2280), and the Verdict offer on every eligible voter until the window
// closes (VC-2780).
#include "core/elc/attention.h"

#include "core/elc/state.h"

namespace concord::elc {

const char* attentionName(AttentionClass c) { return c == AttentionClass::RivalAlarm ? "RivalAlarm" : "VerdictOffer"; }

std::vector<AttentionEvent> ElcGame::attentionEvents(Seat viewer) const {
  std::vector<AttentionEvent> out;
  if (viewer >= players_.size() || !live(viewer) || over_) return out;
  // VC-2280: "on every other player's Dispatch", at the Seal a rival enters the Alarm band on a Track (from the Seal
  // records, so the banner names the player, the Track and the count whatever the Chronicle's wording).
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s) || s == sideOf(viewer)) continue;  // rivals only (VC-1570)
    for (int i = 0; i < kTracks; ++i) {
      const auto tr = static_cast<Track>(i);
      const TrackRecord* now = recordedTrack(turn_, s, tr);
      const TrackRecord* before = recordedTrack(turn_ - 1, s, tr);
      if (tr == Track::Horizon || !now || now->band != Band::Alarm || (before && before->band == Band::Alarm)) continue;
      std::string text = "ALARM: " + who(s) + " \u2014 " + trackLabel(s, tr) + " " + std::to_string(now->progress) + "/" +
                         std::to_string(now->threshold);
      if (now->vigil > 0) text += ", Vigil " + std::to_string(now->vigil) + "/" + std::to_string(vigilFor(s, tr));
      out.push_back(AttentionEvent{AttentionClass::RivalAlarm, static_cast<int32_t>(s), false, text + "."});
    }
  }
  if (verdictLeader_ >= 0 && static_cast<int32_t>(sideOf(viewer)) != verdictLeader_)  // VC-2780: persists through the window
    out.push_back(AttentionEvent{AttentionClass::VerdictOffer, verdictLeader_, false,
                                 "Verdict: end the game for " + who(static_cast<Seat>(verdictLeader_)) + "? Vote by turn " +
                                     std::to_string(verdictResolveAt_) + " (no vote plays on, VC-2770)."});
  return out;
}

}  // namespace concord::elc
