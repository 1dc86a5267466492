#include "ui/shell/seat_grades.h"

#include "core/tei/grade.h"
#include "core/tei/rating.h"
#include "table/tei_store/replay_match.h"

namespace concord::ui {

std::vector<std::string> soloSeatGrades(const ProfileData& profile, Seat seats, Seat you, const std::string& officer) {
  std::optional<tei::SkillKey> skill;
  switch (tei::officerOfBotKind(officer)) {
    case tei::OfficerKind::Ensign: skill = tei::SkillKey::Ensign; break;
    case tei::OfficerKind::Lieutenant: skill = tei::SkillKey::Lieutenant; break;
    case tei::OfficerKind::Commander: skill = tei::SkillKey::Commander; break;
    default: break;
  }
  std::string mine = "P0 (new)";
  if (skill) {
    const std::string prefix = "localAi/" + std::string(tei::skillKeyName(*skill)) + "/";
    for (const auto& g : profile.grades)
      if (g.bucket.rfind(prefix, 0) == 0) {
        mine = g.grade;
        break;
      }
  } else {
    mine = "unrated";
  }
  const std::string anchor = skill ? tei::aiAnchor(tei::Track::Points, *skill).grade().formatted() + " ⚓" : "exhibition";
  std::vector<std::string> out(seats, anchor);
  if (you < seats) out[you] = mine;
  return out;
}

}  // namespace concord::ui
