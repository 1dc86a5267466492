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
  for (const auto& e : chronicle_) {  // VC-2280: "on every other player's Dispatch", at that Seal
    if (e.turn != turn_ || e.cls != Chron::AlarmRaised) continue;
    for (Seat s = 0; s < players_.size(); ++s)
      if (scores(s) && s != sideOf(viewer) && e.text.rfind("ALARM: " + who(s) + " ", 0) == 0)  // rivals only (VC-1570)
        out.push_back(AttentionEvent{AttentionClass::RivalAlarm, static_cast<int32_t>(s), false, e.text});
  }
  if (verdictLeader_ >= 0 && static_cast<int32_t>(sideOf(viewer)) != verdictLeader_)  // VC-2780: persists through the window
    out.push_back(AttentionEvent{AttentionClass::VerdictOffer, verdictLeader_, false,
                                 "Verdict: end the game for " + who(static_cast<Seat>(verdictLeader_)) + "? Vote by turn " +
                                     std::to_string(verdictResolveAt_) + " (no vote plays on, VC-2770)."});
  return out;
}

}  // namespace concord::elc
