// The full-information audit of a hidden game (issue 26). Once the sector ends every holder's deck key is public,
// so the whole deck of every deal can be read. Stepped beside the table turn by turn (replay verify, tests), it
// recomputes each shuffle from its holder's key, checks every game order against the hands as they really were
// ("draw only when you cannot chart", "must cover", a coordinate you do not hold), and every Blocked-sector claim.
// A finding names the seat and the rule; the seat's signed bundle is the proof.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/warp/hidden/hidden_table.h"

namespace concord::warp::hidden {

using Finding = HiddenAudit::Finding;

class FullAudit {
 public:
  /// keys: every person's revealed deck key, by seat (HiddenTable::secretOf at the end); a seat that left before
  /// revealing has none, and the deals it held a layer of are not audited.
  explicit FullAudit(std::vector<std::optional<DeckKey>> keys);
  /// After the table applied `turn`: `before` and `after` are the table on either side of it.
  void step(const HiddenTable& before, const HiddenTable& after, uint32_t turn);
  const std::vector<Finding>& findings() const { return findings_; }

 private:
  const std::map<uint8_t, Tile>& deal(const HiddenTable& t, uint32_t turn);
  /// The rules' state with every hidden coordinate read; none when a layer's key never came (not audited).
  std::optional<WarpGame> full(const HiddenTable& t, uint32_t turn);

  std::vector<std::optional<DeckKey>> keys_;
  std::map<uint32_t, std::map<uint8_t, Tile>> deals_;  // epoch -> position -> coordinate
  std::vector<Finding> findings_;
};

/// "seat 2 (turn 14): ..." lines, one per finding.
std::string describeFindings(const std::vector<Finding>& findings);

}  // namespace concord::warp::hidden
