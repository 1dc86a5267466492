// The owner-vs-substitute race the Race-policy tests start from (docs/lockstep.md "Race policy"): on a 4-seat shed
// table (seed 81, 6 hands, no loss) seats 0 and 1 never hear seat 3, and seat 2 never hears 0 and 1 (seat 3 relays
// their bundles to it). Seats 2 and 3 wait 5 s before substituting, so only the steward (0) does: 0 and 1 apply a
// substitute for seat 3 at turn `raced`, while 2 and 3 apply seat 3's own bundle.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lockstep/selfplay.h"
#include "tests/support/logged_table.h"
#include "tests/support/shed_table.h"

namespace concord::testing {

class SubstituteRace : public LoggedTable {
 public:
  uint32_t raced = 0;

  /// Plays to turn 4, cuts the links and plays until seats 0 and 1 substituted seat 3. "" or what did not happen.
  std::string start() {
    auto p = shedTable(4, 81, 6, 0, 6);
    p.customize = [](Seat s, lockstep::PeerOptions& o) {
      if (s >= 2) o.silenceMs = 5000;
    };
    if (auto e = LoggedTable::start(p, 4); !e.empty()) return e;
    setCuts(false);
    if (!table->runUntil([&] { return substituted(0) && substituted(1); })) return "the steward never substituted seat 3";
    const auto& recs = table->peer(0).records();
    auto sub = std::find_if(recs.begin(), recs.end(), [](const lockstep::TurnRecord& r) { return !r.substituted.empty(); });
    if (sub == recs.end()) return "no record of the substitution";
    raced = sub->turn;
    return "";
  }
  void heal() { setCuts(true); }
  /// Whether seat `s`'s peer has seat 3 run by an AI officer.
  bool substituted(Seat s) const {
    return table->peer(s).engine().membership().seat(3).controller == lockstep::Controller::Ai;
  }
 private:
  void setCuts(bool up) {
    static constexpr std::array<std::pair<lockstep::PeerId, lockstep::PeerId>, 4> kCuts{{{3, 0}, {3, 1}, {0, 2}, {1, 2}}};
    for (auto [from, to] : kCuts) table->net().setOneWay(from, to, up);
  }
};

}  // namespace concord::testing
