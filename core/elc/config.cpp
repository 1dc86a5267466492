// Config: presets (VC-2120, reconstructed in docs/rules-decisions.md), ranges (VC-470), codec, options.
#include "core/elc/config.h"

#include <functional>
#include <optional>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/elc/config_v3.h"

namespace concord::elc {

namespace {

constexpr uint16_t bit(Track t) { return static_cast<uint16_t>(1u << static_cast<int>(t)); }

const char* kTrackNames[kTracks] = {"Dominion",  "Every Last City", "Last Standing", "Hegemony", "Keys",
                                     "Ascendancy", "Great Work",     "Prosperity",    "Horizon",  "Endurance",
                                     "Charters",  "Ambition",        "Warrants",      "Throne"};
const char* kTrackKeys[kTracks] = {"dominion",  "every-last-city", "last-standing", "hegemony", "keys",
                                    "ascendancy", "great-work",     "prosperity",    "horizon",  "endurance",
                                    "charters",  "ambition",        "warrants",      "throne"};

}  // namespace

const char* trackName(Track t) { return kTrackNames[static_cast<int>(t)]; }
const char* trackKey(Track t) { return kTrackKeys[static_cast<int>(t)]; }

Kind trackKind(Track t) {
  switch (t) {
    case Track::Dominion: case Track::Hegemony: case Track::Keys: case Track::Prosperity: case Track::Throne:
      return Kind::Threshold;
    case Track::Ascendancy: case Track::GreatWork: case Track::Ambition: return Kind::Accumulative;
    case Track::Horizon: case Track::Endurance: return Kind::Scheduled;
    case Track::EveryLastCity: case Track::LastStanding: return Kind::Absolute;
    case Track::Charters: case Track::Warrants: return Kind::Objective;
  }
  return Kind::Objective;
}

bool isTerminal(Track t) { return t != Track::Warrants; }

const char* presetName(Preset p) {
  switch (p) {
    case Preset::StandardWar: return "Standard War";
    case Preset::Tournament: return "Tournament";
    case Preset::EveryLastCity: return "Every Last City";
    case Preset::LongWar: return "Long War";
    case Preset::Blitz: return "Blitz";
  }
  return "?";
}

Config presetConfig(Preset p) {
  Config c;
  c.preset = p;
  const uint16_t base = bit(Track::LastStanding) | bit(Track::Horizon);
  switch (p) {
    case Preset::StandardWar:  // VC-2130 default; VC-2010 is its paragraph; Warrants give it its cadence (VC-060)
      c.enabled = base | bit(Track::Dominion) | bit(Track::Keys) | bit(Track::Warrants);
      break;
    case Preset::Tournament:  // VC-2800 unanimity, VC-3010 Defiance off
      c.enabled = base | bit(Track::Dominion) | bit(Track::Keys) | bit(Track::Warrants);
      c.unanimity = true;
      c.defiance = false;
      c.warrantMode = WarrantMode::Open;  // VC-1850 rationale: "Tournament runs Open"
      break;
    case Preset::EveryLastCity:  // VC-980: Aggressive Capitulation forced; VC-2140: no Verdict, no Ebb
      c.enabled = base | bit(Track::EveryLastCity);
      c.capitulation = Capitulation::Aggressive;
      c.capitulateAfter = 1;
      c.verdict = false;
      c.width = c.height = 16;
      c.cities = 24;
      break;
    case Preset::LongWar:  // Hegemony 5 of 8 (open question 13), the Tally metronome, a long Horizon
      c.enabled = base | bit(Track::Dominion) | bit(Track::Hegemony) | bit(Track::Ascendancy);
      c.horizon = 300;
      break;
    case Preset::Blitz:  // Throne is "the backbone of the short presets" (VC-1490)
      c.enabled = base | bit(Track::Dominion) | bit(Track::Throne) | bit(Track::Warrants);
      c.horizon = 80;
      c.width = c.height = 16;
      c.cities = 24;
      c.minStartSeparation = 5;
      break;
  }
  return c;
}

int capitulationSeals(const Config& c) {
  return c.capitulation == Capitulation::Aggressive ? 1 : c.capitulateAfter;
}

namespace {

// Every integer setting with its key, range and requirement; ranges of 0 = "derived" include 0.
struct Range {
  const char* key;
  const char* rule;
  int64_t lo, hi;
  int64_t (*get)(const Config&);
  void (*set)(Config&, int64_t);
};

#define ELC_FIELD(member) \
  [](const Config& c) -> int64_t { return c.member; }, [](Config& c, int64_t v) { c.member = static_cast<decltype(c.member)>(v); }

const Range kRanges[] = {
    {"width", "docs/elc-world.md map", 8, 64, ELC_FIELD(width)},
    {"height", "docs/elc-world.md map", 8, 64, ELC_FIELD(height)},
    {"cities", "docs/elc-world.md MAP_CITIES", 8, 256, ELC_FIELD(cities)},
    {"start-cities", "GR-1500 startCities", 1, 2, ELC_FIELD(startCities)},
    {"min-start-separation", "GR-1480 minStartSeparation", 2, 32, ELC_FIELD(minStartSeparation)},
    {"neutral-defence", "GR-990 neutralDefence", 0, 6, ELC_FIELD(neutralDefence)},
    {"dominion-start", "VC-910 (0 = 500 + floor(500/P))", 0, 1000, ELC_FIELD(dominionStart)},
    {"dominion-vigil", "VC-940", 1, 12, ELC_FIELD(dominionVigil)},
    {"ebb-start", "VC-810 (0 = floor(6H/10))", 0, 1999, ELC_FIELD(ebbStart)},
    {"hegemony-start", "VC-1050 (0 = ceil(5M/8))", 0, 32, ELC_FIELD(hegemonyStart)},
    {"hegemony-vigil", "VC-1060/VC-670", 2, 12, ELC_FIELD(hegemonyVigil)},
    {"keys", "VC-1100 (0 = (L+1)/2)", 0, 11, ELC_FIELD(keysThreshold)},
    {"keys-vigil", "VC-1120", 2, 12, ELC_FIELD(keysVigil)},
    {"lit", "VC-1140", 1, 10, ELC_FIELD(litCount)},
    {"rotation", "VC-1150", 4, 40, ELC_FIELD(rotationPeriod)},
    {"ascendancy", "VC-1170", 3, 40, ELC_FIELD(ascendancyThreshold)},
    {"great-work", "VC-1220", 200, 4000, ELC_FIELD(greatWorkThreshold)},
    {"work-rate", "VC-1230", 5, 200, ELC_FIELD(workRate)},
    {"prosperity", "VC-1290", 300, 900, ELC_FIELD(prosperityThreshold)},
    {"prosperity-vigil", "VC-1290/VC-730", 2, 12, ELC_FIELD(prosperityVigil)},
    {"horizon", "VC-1330", 20, 2000, ELC_FIELD(horizon)},
    {"jitter", "VC-1360", 0, 40, ELC_FIELD(jitter)},
    {"endurance-turn", "VC-1400 (0 = floor(3H/4))", 0, 2000, ELC_FIELD(enduranceTurn)},
    {"endurance-cities", "VC-1400 (0 = ceil(MAP_CITIES/8))", 0, 256, ELC_FIELD(enduranceCities)},
    {"throne-vigil", "VC-1480/VC-730", 2, 12, ELC_FIELD(throneVigil)},
    {"war-period", "VC-1780", 5, 60, ELC_FIELD(warPeriod)},
    {"capitulate-after", "VC-2500 C", 1, 12, ELC_FIELD(capitulateAfter)},
    {"verdict-window", "VC-2780", 1, 6, ELC_FIELD(verdictWindow)},
};
#undef ELC_FIELD

}  // namespace

Result<void> validateConfig(const Config& c) {
  for (const auto& r : kRanges) {
    int64_t v = r.get(c);
    if (v < r.lo || v > r.hi) return Err(r.key, " = ", v, " is outside ", r.lo, "..", r.hi, " (", r.rule, ", VC-470)");
  }
  if (!c.on(Track::LastStanding)) return Err("Last Standing cannot be disabled (VC-450, VC-1010)");
  if (!c.on(Track::Horizon) && c.bound == 0)
    return Err("the Horizon is off and no hard bound is set: no finite bound on the game's length exists; set bound=N "
               "(", kMinBound, "..", kMaxBound, ") or enable the Horizon (VC-090, VC-1340 L4)");
  if (c.on(Track::Horizon) && c.bound != 0) return Err("bound applies only with the Horizon off (horizon-track=off; VC-2600)");
  if (c.bound != 0 && (c.bound < kMinBound || c.bound > kMaxBound))
    return Err("bound = ", c.bound, " is outside ", kMinBound, "..", kMaxBound, " (VC-090, VC-470)");
  if (!c.on(Track::Horizon) && c.jitter != 0) return Err("jitter needs the Horizon (VC-1360); it is off");
  if (auto v = validateV3(c); !v) return v;
  if (c.enabled >> kTracks) return Err("unknown Track bit in the enabled set (VC-880 lists exactly fourteen)");
  if (c.dominionStart != 0 && c.dominionStart < 501) return Err("dominion-start must be in 501..1000 (VC-910)");
  if (c.ebbStart >= c.horizon) return Err("ebb-start must be in 1..H-1 = 1..", c.horizon - 1, " (VC-810)");
  if (c.on(Track::EveryLastCity) && c.capitulation != Capitulation::Aggressive)
    return Err("Every Last City forces Capitulation: Aggressive (VC-980)");
  if (static_cast<int>(c.cities) * 3 > c.width * c.height)
    return Err("cities = ", c.cities, " do not fit a ", c.width, "x", c.height, " map at spacing 2 (docs/elc-world.md)");
  return Ok();
}

std::vector<uint8_t> encodeConfig(const Config& c) {
  det::Writer w;
  w.u8("preset", static_cast<uint8_t>(c.preset));
  w.boolean("modified", c.modified);
  w.u16("enabled", c.enabled);
  w.u8("topology", static_cast<uint8_t>(c.topology));
  for (const auto& r : kRanges) w.varu(r.key, static_cast<uint64_t>(r.get(c)));
  w.u8("capitulation", static_cast<uint8_t>(c.capitulation));
  w.u8("cession", static_cast<uint8_t>(c.cession));
  w.boolean("verdict", c.verdict);
  w.boolean("unanimity", c.unanimity);
  w.boolean("rally", c.rally);
  w.boolean("defiance", c.defiance);
  w.u8("vigilFailure", static_cast<uint8_t>(c.vigilFailure));
  w.u8("visibility", static_cast<uint8_t>(c.visibility));
  w.u8("warrantMode", static_cast<uint8_t>(c.warrantMode));
  if (!c.on(Track::Horizon)) w.varu("bound", c.bound);  // v5: only a Horizon-less configuration carries it
  if (c.usesV3()) encodeV3(w, c);  // absent otherwise: a v2 configuration keeps its exact bytes
  return w.take();
}

Result<Config> decodeConfig(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "elc config");
  Config c;
  c.preset = r.enumeration("preset", Preset::Blitz);
  c.modified = r.boolean("modified");
  c.enabled = r.u16("enabled");
  c.topology = static_cast<Topology>(r.u8("topology"));
  if (static_cast<int>(c.topology) > 2) r.fail("topology", "must be flat, cylinder or torus (GR-190)");
  for (const auto& rg : kRanges) rg.set(c, static_cast<int64_t>(r.varu(rg.key, 65535)));
  c.capitulation = static_cast<Capitulation>(r.u8("capitulation"));
  c.cession = static_cast<Cession>(r.u8("cession"));
  c.verdict = r.boolean("verdict");
  c.unanimity = r.boolean("unanimity");
  c.rally = r.boolean("rally");
  c.defiance = r.boolean("defiance");
  c.vigilFailure = static_cast<VigilFailure>(r.u8("vigilFailure"));
  c.visibility = static_cast<Visibility>(r.u8("visibility"));
  c.warrantMode = static_cast<WarrantMode>(r.u8("warrantMode"));
  if (static_cast<int>(c.warrantMode) > 2) r.fail("warrantMode", "must be open, contested or mixed (VC-1840)");
  if ((c.enabled & bit(Track::Horizon)) == 0) c.bound = static_cast<uint16_t>(r.varu("bound", kMaxBound));
  if (static_cast<int>(c.capitulation) > 2 || static_cast<int>(c.cession) > 2 || static_cast<int>(c.vigilFailure) > 1 ||
      static_cast<int>(c.visibility) > 2)
    r.fail("enum", "a setting holds a value no requirement defines (VC-470)");
  if (!r.atEnd()) decodeV3(r, c);
  if (auto f = r.finish(); !f) return f.error();
  if (auto v = validateConfig(c); !v) return v.error();
  return c;
}

namespace {

Result<bool> onOff(const std::string& key, const std::string& v) {
  if (v == "on" || v == "1" || v == "true") return true;
  if (v == "off" || v == "0" || v == "false") return false;
  return Err(key, " takes on or off, got '", v, "'");
}

Result<uint16_t> trackSet(const std::string& v) {
  uint16_t mask = bit(Track::LastStanding) | bit(Track::Horizon);  // horizon-track=off removes the Horizon
  size_t pos = 0;
  while (pos <= v.size()) {
    size_t comma = v.find(',', pos);
    std::string name = v.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    bool found = false;
    for (int i = 0; i < kTracks; ++i)
      if (name == kTrackKeys[i]) mask |= static_cast<uint16_t>(1u << i), found = true;
    if (!found) return Err("tracks: unknown Track '", name, "' (VC-880: dominion, every-last-city, last-standing, "
                           "hegemony, keys, ascendancy, great-work, prosperity, horizon, endurance, charters, ambition, warrants, throne)");
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return mask;
}

}  // namespace

Result<Config> parseOptions(const std::vector<std::pair<std::string, std::string>>& opts) {
  Config c = presetConfig(Preset::StandardWar);
  std::optional<bool> horizonTrack;
  size_t i = 0;
  if (!opts.empty() && opts[0].first == "preset") {
    const std::string& v = opts[0].second;
    bool found = false;
    for (Preset p : {Preset::StandardWar, Preset::Tournament, Preset::EveryLastCity, Preset::LongWar, Preset::Blitz}) {
      std::string key = presetName(p);
      for (auto& ch : key) ch = ch == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (v == key) c = presetConfig(p), found = true;
    }
    if (!found) return Err("preset: unknown '", v, "' (VC-2120: standard-war, tournament, every-last-city, long-war, blitz)");
    i = 1;
  }
  for (; i < opts.size(); ++i) {
    const auto& [key, v] = opts[i];
    c.modified = true;  // VC-2150
    bool done = false;
    for (const auto& r : kRanges) {
      if (key != r.key) continue;
      int64_t n = 0;
      if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos)
        return Err(key, " takes a whole number, got '", v, "'");
      n = std::stoll(v);
      if (n < r.lo || n > r.hi) return Err(key, " = ", n, " is outside ", r.lo, "..", r.hi, " (", r.rule, ", VC-470)");
      r.set(c, n);
      done = true;
    }
    if (done) continue;
    auto v3 = parseV3Option(c, key, v);
    if (!v3) return v3.error();
    if (*v3) continue;
    if (key == "tracks") {
      auto m = trackSet(v);
      if (!m) return m.error();
      c.enabled = *m;
      if (c.on(Track::EveryLastCity)) c.capitulation = Capitulation::Aggressive;  // VC-980 forces it
    } else if (key == "horizon-track") {  // VC-1340: the Horizon may be disabled; then a hard bound ends the game
      auto b = onOff(key, v);
      if (!b) return b.error();
      horizonTrack = *b;  // applied after every option, so `tracks=` (which lists Tracks to add) cannot undo it
    } else if (key == "bound") {
      if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos)
        return Err("bound takes a whole number of turns, got '", v, "'");
      const int64_t n = std::stoll(v);
      if (n < kMinBound || n > kMaxBound) return Err("bound = ", n, " is outside ", kMinBound, "..", kMaxBound, " (VC-090, VC-470)");
      c.bound = static_cast<uint16_t>(n);
    } else if (key == "topology") {
      if (v == "flat") c.topology = Topology::Flat;
      else if (v == "cylinder") c.topology = Topology::Cylinder;
      else if (v == "torus") c.topology = Topology::Torus;
      else return Err("topology takes flat, cylinder or torus (GR-190), got '", v, "'");
    } else if (key == "capitulation") {
      if (v == "never") c.capitulation = Capitulation::Never;
      else if (v == "standard") c.capitulation = Capitulation::Standard;
      else if (v == "aggressive") c.capitulation = Capitulation::Aggressive;
      else return Err("capitulation takes never, standard or aggressive (§14.2), got '", v, "'");
    } else if (key == "cession") {
      if (v == "auto") c.cession = Cession::Auto;
      else if (v == "aggressor") c.cession = Cession::Aggressor;
      else if (v == "free") c.cession = Cession::Free;
      else return Err("cession takes auto, aggressor or free (VC-2540), got '", v, "'");
    } else if (key == "vigil-failure") {
      if (v == "reset") c.vigilFailure = VigilFailure::Reset;
      else if (v == "decay") c.vigilFailure = VigilFailure::Decay;
      else return Err("vigil-failure takes reset or decay (VC-700), got '", v, "'");
    } else if (key == "warrant-mode") {
      if (v == "open") c.warrantMode = WarrantMode::Open;
      else if (v == "contested") c.warrantMode = WarrantMode::Contested;
      else if (v == "mixed") c.warrantMode = WarrantMode::Mixed;
      else return Err("warrant-mode takes open, contested or mixed (VC-1840), got '", v, "'");
    } else if (key == "visibility") {
      if (v == "banded") c.visibility = Visibility::Banded;
      else if (v == "public") c.visibility = Visibility::Public;
      else if (v == "own-only") c.visibility = Visibility::OwnOnly;
      else return Err("visibility takes banded, public or own-only (VC-2190), got '", v, "'");
    } else {
      bool* flag = key == "verdict" ? &c.verdict : key == "unanimity" ? &c.unanimity : key == "rally" ? &c.rally
                   : key == "defiance" ? &c.defiance : nullptr;
      if (!flag) return Err("unknown elc option '", key, "'");
      auto b = onOff(key, v);
      if (!b) return b.error();
      *flag = *b;
    }
  }
  if (horizonTrack)
    c.enabled = static_cast<uint16_t>(*horizonTrack ? c.enabled | bit(Track::Horizon) : c.enabled & ~bit(Track::Horizon));
  if (auto v = validateConfig(c); !v) return v.error();
  return c;
}

std::string describeConfig(const Config& c) {
  std::string s = std::string(presetName(c.preset)) + (c.modified ? " (modified)" : "") + ": ";
  bool first = true;
  for (int i = 0; i < kTracks; ++i)
    if (c.on(static_cast<Track>(i))) s += (first ? "" : ", ") + std::string(kTrackNames[i]), first = false;
  s += "; H " + std::to_string(c.horizon) + (c.on(Track::Horizon) ? "" : " (Horizon off, bound " + std::to_string(c.bound) + ")") +
       "; map " + std::to_string(c.width) + "x" + std::to_string(c.height) + " " +
       (c.topology == Topology::Flat ? "flat" : c.topology == Topology::Cylinder ? "cylinder" : "torus") + ", " +
       std::to_string(c.cities) + " cities";
  return s;
}

}  // namespace concord::elc
