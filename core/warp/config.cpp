#include "core/warp/config.h"
#include "core/warp/state.h"

#include "core/det/reader.h"
#include "core/det/writer.h"

namespace concord::warp {

Config officialPreset() { return Config{}; }

Config standardPreset() {
  Config c;
  c.doubleBlank = 50;
  c.salamander = false;
  c.continuum = false;
  c.allStop = false;
  c.dropToImpulse = false;
  return c;
}

int maxFleet(int maxPip) {
  switch (maxPip) {
    case 9: return 4;
    case 12: return 8;
    case 15: return 12;
    case 18: return 18;
    default: return 0;
  }
}

int handSize(const Config& c, int seats) {
  // RULES §II table (Warp 12); Warp 9 has only 54 dealable coordinates: 10 each (decision, see docs).
  if (c.maxPip == 9) return 10;
  if (seats <= 4) return 15;
  if (seats <= 6) return 12;
  if (seats <= 8) return c.largeFleetEleven ? 11 : 10;
  // §II exhibition: fleets of 9+ use fixed profile sizes 9 / 8 / 7 / 6 as the table grows.
  if (seats <= 10) return 9;
  if (seats <= 12) return 8;
  if (seats <= 15) return 7;
  return 6;
}

Result<void> validateConfig(const Config& c) {
  if (c.maxPip == 6)
    return Err("Warp 6 is Classic Dominoes (a single shared line, RULES-Classic.tex), not multi-trail Warp; "
               "choose set=9, 12, 15 or 18");
  if (c.maxPip != 9 && c.maxPip != 12 && c.maxPip != 15 && c.maxPip != 18)
    return Err("set must be 9, 12, 15 or 18 (RULES §II), got ", static_cast<int>(c.maxPip));
  if (c.doubleBlank != 0 && c.doubleBlank != 25 && c.doubleBlank != 50)
    return Err("doubleBlank must be 50, 25 or 0 (RULES §V), got ", static_cast<int>(c.doubleBlank));
  if (c.catchPenalty != 1 && c.catchPenalty != 2) return Err("catchPenalty must be 1 or 2 (RULES §V Drop to Impulse)");
  if (c.objective > Objective::GoOut) return Err("objective out of range");
  if (c.goOutMode > GoOutMode::FirstTo) return Err("goOutMode out of range");
  if (c.overtime > Overtime::Offer) return Err("overtime out of range");
  if (c.fracture > Fracture::AllDoubles) return Err("fracture out of range");
  if (c.rounds > 1000) return Err("rounds must be 0..1000");
  if (c.epsilon && c.objective == Objective::GoOut)
    return Err("Module Epsilon (draft) is unavailable in Go out: Go-out sectors must leave drafting off (RULES §VI)");
  if (c.squadrons == 1 || c.squadrons > 9) return Err("squadrons must be 0 (off) or 2..9 (RULES §VI Module Zeta)");
  if (c.gridSize != 4 && c.gridSize != 5) return Err("grid (Sensor Grid size) must be 4 or 5 (RULES §VI Module Gamma)");
  if (c.firstTo < 1 || c.firstTo > 100) return Err("firstTo must be 1..100");
  if (c.starter >= 18) return Err("starter seat out of range");
  return Ok();
}

std::vector<uint8_t> encodeConfig(const Config& c) {
  det::Writer w;
  w.u8("maxPip", c.maxPip);
  w.boolean("largeFleetEleven", c.largeFleetEleven);
  w.u8("starter", c.starter);
  w.u8("objective", static_cast<uint8_t>(c.objective));
  w.u8("goOutMode", static_cast<uint8_t>(c.goOutMode));
  w.u16("rounds", c.rounds);
  w.u16("firstTo", c.firstTo);
  w.u8("overtime", static_cast<uint8_t>(c.overtime));
  w.u8("doubleBlank", c.doubleBlank);
  w.boolean("salamander", c.salamander);
  w.boolean("continuum", c.continuum);
  w.boolean("allStop", c.allStop);
  w.boolean("dropToImpulse", c.dropToImpulse);
  w.u8("catchPenalty", c.catchPenalty);
  w.u8("fracture", static_cast<uint8_t>(c.fracture));
  w.boolean("ownTrailFirst", c.ownTrailFirst);
  w.boolean("nzAfterAllTrails", c.nzAfterAllTrails);
  w.boolean("beaconClearsOnAnyPlay", c.beaconClearsOnAnyPlay);
  w.boolean("starterPlaysTwo", c.starterPlaysTwo);
  w.boolean("manualShields", c.manualShields);
  w.boolean("passRedAlertNoDraw", c.passRedAlertNoDraw);
  w.boolean("delta", c.delta);
  w.boolean("theta", c.theta);
  w.boolean("iota", c.iota);
  w.boolean("eta", c.eta);
  w.boolean("lambda", c.lambda);
  w.boolean("kappa", c.kappa);
  w.boolean("gamma", c.gamma);
  w.u8("gridSize", c.gridSize);
  w.boolean("epsilon", c.epsilon);
  w.u8("squadrons", c.squadrons);
  return w.take();
}

Result<Config> decodeConfig(std::span<const uint8_t> bytes) {
  det::Reader r(bytes, "warp config");
  Config c;
  c.maxPip = r.u8("maxPip");
  c.largeFleetEleven = r.boolean("largeFleetEleven");
  c.starter = r.u8("starter");
  c.objective = static_cast<Objective>(r.u8("objective"));
  c.goOutMode = static_cast<GoOutMode>(r.u8("goOutMode"));
  c.rounds = r.u16("rounds");
  c.firstTo = r.u16("firstTo");
  c.overtime = static_cast<Overtime>(r.u8("overtime"));
  c.doubleBlank = r.u8("doubleBlank");
  c.salamander = r.boolean("salamander");
  c.continuum = r.boolean("continuum");
  c.allStop = r.boolean("allStop");
  c.dropToImpulse = r.boolean("dropToImpulse");
  c.catchPenalty = r.u8("catchPenalty");
  c.fracture = static_cast<Fracture>(r.u8("fracture"));
  c.ownTrailFirst = r.boolean("ownTrailFirst");
  c.nzAfterAllTrails = r.boolean("nzAfterAllTrails");
  c.beaconClearsOnAnyPlay = r.boolean("beaconClearsOnAnyPlay");
  c.starterPlaysTwo = r.boolean("starterPlaysTwo");
  c.manualShields = r.boolean("manualShields");
  c.passRedAlertNoDraw = r.boolean("passRedAlertNoDraw");
  c.delta = r.boolean("delta");
  c.theta = r.boolean("theta");
  c.iota = r.boolean("iota");
  c.eta = r.boolean("eta");
  c.lambda = r.boolean("lambda");
  c.kappa = r.boolean("kappa");
  c.gamma = r.boolean("gamma");
  c.gridSize = r.u8("gridSize");
  c.epsilon = r.boolean("epsilon");
  c.squadrons = r.u8("squadrons");
  if (auto f = r.finish(); !f) return f.error();
  if (auto v = validateConfig(c); !v) return v.error();
  return c;
}

namespace {

Result<bool> parseBool(const std::string& k, const std::string& v) {
  if (v == "on" || v == "true" || v == "1" || v == "yes") return true;
  if (v == "off" || v == "false" || v == "0" || v == "no") return false;
  return Err("option ", k, ": '", v, "' is not on/off");
}

Result<int> parseInt(const std::string& k, const std::string& v, int lo, int hi) {
  if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos)
    return Err("option ", k, ": '", v, "' is not a whole number");
  int n = 0;
  for (char ch : v) n = n * 10 + (ch - '0');
  if (n < lo || n > hi) return Err("option ", k, ": ", n, " is outside ", lo, "..", hi);
  return n;
}

}  // namespace

std::string optionsHelp() {
  return "  preset=official|standard   (first; official = RULES §VI table, standard = §I-V only)\n"
         "  set=9|12|15|18            Warp factor (6 = Classic, not multi-trail: refused)\n"
         "  hand11=on|off             7-8 captains deal 11 instead of 10\n"
         "  starter=N                 round-1 opener seat\n"
         "  objective=points|goout\n"
         "  goout=sudden|fixed|firstto  rounds=N  firstto=X  overtime=force|offer\n"
         "  doubleblank=50|25|0       salamander=on|off  continuum=on|off  allstop=on|off\n"
         "  impulse=on|off  catch=1|2 fracture=off|own|captains|all\n"
         "  owntrailfirst= nzafteralltrails= beaconanyplay= startertwo= manualshields= passredalert= (on|off)\n"
         "  gamma= delta= theta= iota= eta= kappa= lambda= epsilon= (on|off)  grid=4|5  squadrons=0|N (Zeta)   Modules Delta..Lambda (Points or Go-out block by objective)\n";
}

Result<Config> parseOptions(const std::vector<std::pair<std::string, std::string>>& opts) {
  // The preset applies first wherever it is listed; every other key then overrides one toggle.
  Config c = officialPreset();
  for (const auto& [k, v] : opts) {
    if (k != "preset") continue;
    if (v == "official") c = officialPreset();
    else if (v == "standard") c = standardPreset();
    else return Err("option preset: '", v, "' (known: official, standard)");
  }
  for (const auto& kv : opts) {
    const std::string& k = kv.first;
    const std::string& v = kv.second;
    auto flag = [&](bool& field) -> Result<void> {
      auto b = parseBool(k, v);
      if (!b) return b.error();
      field = *b;
      return Ok();
    };
    Result<void> r = Ok();
    if (k == "preset") {
      continue;
    } else if (k == "set") {
      auto n = parseInt(k, v, 0, 99);
      if (!n) return n.error();
      c.maxPip = static_cast<uint8_t>(*n);
    } else if (k == "hand11") r = flag(c.largeFleetEleven);
    else if (k == "starter") {
      auto n = parseInt(k, v, 0, 17);
      if (!n) return n.error();
      c.starter = static_cast<uint8_t>(*n);
    } else if (k == "objective") {
      if (v == "points") c.objective = Objective::Points;
      else if (v == "goout") c.objective = Objective::GoOut;
      else return Err("option objective: '", v, "' (known: points, goout)");
    } else if (k == "goout") {
      if (v == "sudden") c.goOutMode = GoOutMode::SuddenDeath;
      else if (v == "fixed") c.goOutMode = GoOutMode::FixedRounds;
      else if (v == "firstto") c.goOutMode = GoOutMode::FirstTo;
      else return Err("option goout: '", v, "' (known: sudden, fixed, firstto)");
    } else if (k == "rounds") {
      auto n = parseInt(k, v, 1, 1000);
      if (!n) return n.error();
      c.rounds = static_cast<uint16_t>(*n);
    } else if (k == "firstto") {
      auto n = parseInt(k, v, 1, 100);
      if (!n) return n.error();
      c.firstTo = static_cast<uint16_t>(*n);
    } else if (k == "overtime") {
      if (v == "force") c.overtime = Overtime::Force;
      else if (v == "offer") c.overtime = Overtime::Offer;
      else return Err("option overtime: '", v, "' (known: force, offer)");
    } else if (k == "doubleblank") {
      auto n = parseInt(k, v, 0, 50);
      if (!n) return n.error();
      c.doubleBlank = static_cast<uint8_t>(*n);
    } else if (k == "salamander") r = flag(c.salamander);
    else if (k == "continuum") r = flag(c.continuum);
    else if (k == "allstop") r = flag(c.allStop);
    else if (k == "impulse") r = flag(c.dropToImpulse);
    else if (k == "catch") {
      auto n = parseInt(k, v, 1, 2);
      if (!n) return n.error();
      c.catchPenalty = static_cast<uint8_t>(*n);
    } else if (k == "fracture") {
      if (v == "off") c.fracture = Fracture::Off;
      else if (v == "own") c.fracture = Fracture::OwnTrail;
      else if (v == "captains") c.fracture = Fracture::AllCaptains;
      else if (v == "all") c.fracture = Fracture::AllDoubles;
      else return Err("option fracture: '", v, "' (known: off, own, captains, all)");
    } else if (k == "owntrailfirst") r = flag(c.ownTrailFirst);
    else if (k == "nzafteralltrails") r = flag(c.nzAfterAllTrails);
    else if (k == "beaconanyplay") r = flag(c.beaconClearsOnAnyPlay);
    else if (k == "startertwo") r = flag(c.starterPlaysTwo);
    else if (k == "manualshields") r = flag(c.manualShields);
    else if (k == "passredalert") r = flag(c.passRedAlertNoDraw);
    else if (k == "delta") r = flag(c.delta);
    else if (k == "theta") r = flag(c.theta);
    else if (k == "iota") r = flag(c.iota);
    else if (k == "eta") r = flag(c.eta);
    else if (k == "lambda") r = flag(c.lambda);
    else if (k == "kappa") r = flag(c.kappa);
    else if (k == "gamma") r = flag(c.gamma);
    else if (k == "epsilon") r = flag(c.epsilon);
    else if (k == "squadrons") {
      auto n = parseInt(k, v, 0, 9);
      if (!n) return n.error();
      c.squadrons = static_cast<uint8_t>(*n);
    }
    else if (k == "grid") {
      auto n = parseInt(k, v, 4, 5);
      if (!n) return n.error();
      c.gridSize = static_cast<uint8_t>(*n);
    }
    else return Err("warp: unknown option '", k, "'; known options:\n", optionsHelp());
    if (!r) return r.error();
  }
  if (auto v = validateConfig(c); !v) return v.error();
  return c;
}

std::string describeConfig(const Config& c) {
  auto onoff = [](bool b) { return b ? "on" : "off"; };
  static const char* fr[] = {"off", "own", "captains", "all"};
  static const char* gm[] = {"sudden", "fixed", "firstto"};
  std::string s = "set=" + std::to_string(c.maxPip) + " objective=" +
                  (c.objective == Objective::Points ? "points" : "goout");
  if (c.objective == Objective::GoOut) {
    s += std::string(" goout=") + gm[static_cast<int>(c.goOutMode)] + " rounds=" + std::to_string(c.rounds) +
         " firstto=" + std::to_string(c.firstTo) + " overtime=" + (c.overtime == Overtime::Force ? "force" : "offer");
  }
  s += " starter=" + std::to_string(c.starter) + " hand11=" + onoff(c.largeFleetEleven) +
       " doubleblank=" + std::to_string(c.doubleBlank) + " salamander=" + onoff(c.salamander) +
       " continuum=" + onoff(c.continuum) + " allstop=" + onoff(c.allStop) + " impulse=" + onoff(c.dropToImpulse) +
       " catch=" + std::to_string(c.catchPenalty) + " fracture=" + fr[static_cast<int>(c.fracture)] +
       " owntrailfirst=" + onoff(c.ownTrailFirst) + " nzafteralltrails=" + onoff(c.nzAfterAllTrails) +
       " beaconanyplay=" + onoff(c.beaconClearsOnAnyPlay) + " startertwo=" + onoff(c.starterPlaysTwo) +
       " manualshields=" + onoff(c.manualShields) + " passredalert=" + onoff(c.passRedAlertNoDraw) +
       " delta=" + onoff(c.delta) + " theta=" + onoff(c.theta) + " iota=" + onoff(c.iota) + " eta=" + onoff(c.eta) +
       " lambda=" + onoff(c.lambda) + " kappa=" + onoff(c.kappa) + " gamma=" + onoff(c.gamma) +
       " grid=" + std::to_string(c.gridSize) + " epsilon=" + onoff(c.epsilon) + " squadrons=" + std::to_string(c.squadrons);
  return s;
}

std::string WarpGame::introduction(Seat viewer) const {
  (void)viewer;
  return "Warp " + std::to_string(cfg_.maxPip) + ", " + std::to_string(seats()) + " captains — " + describeConfig(cfg_) + "\n";
}

}  // namespace concord::warp
