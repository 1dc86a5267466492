// What the Warp table calls a seat (issue 31): the person's name at it (TableFrame::seatNames: the profile's at a solo
// table, the lobby's at a network one), else the rules' "Captain N" (RULES §I).
#pragma once

#include <QString>
#include <vector>

#include "core/game/types.h"

namespace concord::ui {

inline QString captainName(const std::vector<QString>& names, Seat s) {
  return s < names.size() && !names[s].isEmpty() ? names[s] : QStringLiteral("Captain %1").arg(s);
}

}  // namespace concord::ui
