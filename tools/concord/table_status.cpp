#include "tools/concord/table_status.h"

namespace concord::cli {

std::string statusText(const net::TableStatus& s) {
  const auto& seatNames = s.seatNames;
  std::string line = "turn " + std::to_string(s.turn);
  if (s.over) return line + " - game over";
  if (s.syncing) return line + " - catching up with the table";
  if (s.weDecide) return line + " - your turn";
  if (!s.deciding.empty()) {
    std::string who;
    for (Seat seat : s.deciding)
      who += (who.empty() ? "" : ", ") + ("seat " + std::to_string(seat)) + (seat < seatNames.size() ? " " + seatNames[seat] : "");
    return line + " - waiting for " + who + " (" + std::to_string(s.waitedMs / 1000) + " s)";
  }
  if (s.waitedMs < 1000) return line;
  return line + " - waiting " + std::to_string(s.waitedMs / 1000) + " s; silent seats get an officer in " +
         std::to_string((s.substituteInMs + 999) / 1000) + " s";
}

}  // namespace concord::cli
