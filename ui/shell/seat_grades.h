// The scoreboard's TEI column for a solo table: the person's grade against this officer (their localAi bucket
// in the profile, "P0 (new)" when they have none) and each officer's fixed anchor grade (TEI §7.1, marked ⚓), or
// "exhibition" for an officer that is no rating anchor (TEI §4 E6).
#pragma once

#include <string>
#include <vector>

#include "core/game/types.h"
#include "ui/profile/profile_data.h"

namespace concord::ui {

std::vector<std::string> soloSeatGrades(const ProfileData& profile, Seat seats, Seat you, const std::string& officer);

}  // namespace concord::ui
