// Options, codec and checks of the v3 settings: charter-mode, charters, sealed-orders, ambition, teams.
#include "core/elc/config_v3.h"

#include "core/elc/charters.h"

namespace concord::elc {

void encodeV3(det::Writer& w, const Config& c) {
  w.u8("charterMode", static_cast<uint8_t>(c.charterMode));
  for (uint8_t p : c.charterPick) w.u8("charterPick", p);
  w.u8("sealedOrders", c.sealedOrders);
  w.u8("ambitionThreshold", c.ambitionThreshold);
  for (uint8_t t : c.team) w.u8("team", t);
  if (c.regionHold) w.u8("regionHold", 1);  // absent when off: earlier v3 configurations keep their bytes
}

void decodeV3(det::Reader& r, Config& c) {
  c.charterMode = static_cast<CharterMode>(r.u8("charterMode"));
  if (static_cast<int>(c.charterMode) > 1) r.fail("charterMode", "must be additional or exclusive (VC-1620)");
  for (auto& p : c.charterPick) p = r.u8("charterPick");
  c.sealedOrders = r.u8("sealedOrders");
  c.ambitionThreshold = r.u8("ambitionThreshold");
  for (auto& t : c.team) t = r.u8("team");
  if (r.ok() && !r.atEnd()) {
    c.regionHold = r.u8("regionHold") == 1;
    if (!c.regionHold) r.fail("regionHold", "is written only when on (VC-1815)");
  }
}

namespace {

Result<uint8_t> smallNumber(const std::string& key, const std::string& v, int lo, int hi, const char* rule) {
  if (v.empty() || v.size() > 3 || v.find_first_not_of("0123456789") != std::string::npos)
    return Err(key, " takes a whole number, got '", v, "'");
  int n = std::stoi(v);
  if (n < lo || n > hi) return Err(key, " = ", n, " is outside ", lo, "..", hi, " (", rule, ", VC-470)");
  return static_cast<uint8_t>(n);
}

}  // namespace

Result<bool> parseV3Option(Config& c, const std::string& key, const std::string& v) {
  if (key == "charter-mode") {
    if (v == "additional") c.charterMode = CharterMode::Additional;
    else if (v == "exclusive") c.charterMode = CharterMode::Exclusive;
    else return Err("charter-mode takes additional or exclusive (VC-1620), got '", v, "'");
  } else if (key == "charters") {  // "keys,-,dominion": explicit selections in seat order, '-' = drawn (VC-1630)
    c.charterPick.fill(kNoPick);
    size_t pos = 0, seat = 0;
    while (pos <= v.size()) {
      size_t comma = v.find(',', pos);
      std::string name = v.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
      if (seat >= c.charterPick.size()) return Err("charters: more than ", kMaxSeats, " seats listed");
      if (name != "-") {
        bool found = false;
        for (const auto& d : charterPool())
          if (name == trackKey(d.track)) c.charterPick[seat] = static_cast<uint8_t>(d.track), found = true;
        if (!found)
          return Err("charters: '", name, "' is not in the Charter pool (VC-1630: dominion, every-last-city, hegemony, keys, "
                     "ascendancy, great-work, prosperity, endurance, throne; '-' draws one)");
      }
      ++seat;
      if (comma == std::string::npos) break;
      pos = comma + 1;
    }
  } else if (key == "sealed-orders") {
    auto n = smallNumber(key, v, 0, 2, "VC-1740 SO");
    if (!n) return n.error();
    c.sealedOrders = *n;
  } else if (key == "ambition") {
    auto n = smallNumber(key, v, 3, 12, "VC-1700");
    if (!n) return n.error();
    c.ambitionThreshold = *n;
  } else if (key == "region-hold") {  // VC-1815: the Region hold Warrant form
    if (v != "on" && v != "off") return Err("region-hold takes on or off (VC-1815), got '", v, "'");
    c.regionHold = v == "on";
  } else if (key == "teams") {  // "AABB": one team letter per seat (VC-1570); "off" clears
    c.team.fill(kNoPick);
    if (v == "off") return true;
    if (v.size() < 2 || v.size() > static_cast<size_t>(kMaxSeats)) return Err("teams takes one letter A..H per seat (2..8 seats), got '", v, "'");
    for (size_t s = 0; s < v.size(); ++s) {
      if (v[s] < 'A' || v[s] > 'H') return Err("teams: '", v[s], "' is not a team letter A..H (VC-1570)");
      c.team[s] = static_cast<uint8_t>(v[s] - 'A');
    }
  } else {
    return false;
  }
  return true;
}

Result<void> validateV3(const Config& c) {
  if (static_cast<int>(c.charterMode) > 1) return Err("charter-mode must be additional or exclusive (VC-1620)");
  if (c.sealedOrders > 2) return Err("sealed-orders = ", c.sealedOrders, " is outside 0..2 (VC-1740, VC-470)");
  if (c.ambitionThreshold < 3 || c.ambitionThreshold > 12)
    return Err("ambition = ", c.ambitionThreshold, " is outside 3..12 (VC-1700, VC-470)");
  if (c.on(Track::Ambition) && !c.on(Track::Warrants))
    return Err("Ambition needs Warrants: it must also be obtainable publicly (VC-1710); enable warrants");
  for (size_t s = 0; s < c.charterPick.size(); ++s) {
    if (c.charterPick[s] == kNoPick) continue;
    if (c.charterPick[s] >= kTracks || charterWeight(static_cast<Track>(c.charterPick[s])) == 0)
      return Err("seat ", s, "'s Charter is not in the pool (VC-1630)");
    if (!c.on(Track::Charters)) return Err("charters are selected but the Charters Track is off (VC-1600)");
    for (size_t k = 0; k < s; ++k)
      if (c.charterPick[k] == c.charterPick[s])
        return Err("charters: seat ", s, " selects ", trackName(static_cast<Track>(c.charterPick[s])), ", already held by seat ", k,
                   " (VC-1630: selection in seat order, without replacement)");
  }
  const bool teams = c.team[0] != kNoPick;
  int named = 0, distinct = 0;
  for (size_t s = 0; s < c.team.size(); ++s) {
    if (c.team[s] == kNoPick) continue;
    if (!teams) return Err("teams: seat 0 has no team but seat ", s, " has one (VC-1570)");
    if (s > 0 && c.team[s - 1] == kNoPick) return Err("teams: seat ", s - 1, " has no team but seat ", s, " has one (VC-1570)");
    if (c.team[s] >= kMaxSeats) return Err("teams: seat ", s, " names team ", int(c.team[s]), " outside A..H (VC-1570)");
    ++named;
    bool seen = false;
    for (size_t k = 0; k < s; ++k) seen |= c.team[k] == c.team[s];
    distinct += seen ? 0 : 1;
  }
  if (teams && distinct < 2) return Err("teams: ", named, " seats in one team leave it no rival; name at least two teams (VC-1570)");
  // VC-1570: a team is one player, so it carries one Charter (VC-1600), chosen at its first seat (docs/rules-decisions.md
  // "Teams with Charters and Ambition").
  for (size_t s = 0; teams && s < c.charterPick.size(); ++s) {
    if (c.charterPick[s] == kNoPick) continue;
    for (size_t k = 0; k < s; ++k)
      if (c.team[k] == c.team[s])
        return Err("charters: seat ", s, " is in Team ", static_cast<char>('A' + c.team[s]), ", whose one Charter is chosen at its first seat ",
                   k, " (VC-1570, VC-1600); write '-' for seat ", s);
  }
  return Ok();
}

}  // namespace concord::elc
