// The turn report in plain language (§9 turn reports): one line per event; the dice of the viewer's own battles;
// the Ion-9 supply status (§6g).
#include <algorithm>

#include "core/web/state.h"
#include "core/web/view.h"

namespace concord::web {

std::string WebGame::render(const Event& e, const SeatNames& names) const {
  auto sys = [&](int id) { return id >= 0 && id < static_cast<int>(sys_.size()) ? sys_[ix(id)].name : std::string("?"); };
  auto who = [&](uint8_t o) { return ownerName(o, names); };
  auto ship = [&](uint8_t t) { return t < kShipTypes ? std::string(kStats[t].name) : std::string("ship"); };
  auto n = [](int v) { return std::to_string(v); };
  const std::string at = e.sys == kNoSys ? "" : " at " + sys(e.sys);
  switch (e.kind) {
    case Ev::Shot:
      return (e.round == 3 ? "ambush: " : "round " + n(e.round) + ": ") + who(e.owner) + " " + ship(e.ship) + " rolls " +
             n(e.roll) + " (needs " + n(e.need) + ")" + (e.a ? " hits " + who(e.other) : " misses") + at;
    case Ev::Destroyed: return who(e.owner) + " " + ship(e.ship) + " destroyed by " + who(e.other) + at;
    case Ev::Moved: return who(e.owner) + " moves " + n(e.b) + " ships from " + sys(e.a) + " to " + sys(e.sys);
    case Ev::Probe: return who(e.owner) + "'s Destroyer probe reports on " + sys(e.sys) + " and burns out (§3b)";
    case Ev::BlackHole: return who(e.owner) + " " + ship(e.ship) + " is lost in the black hole" + at;
    case Ev::Debris: return who(e.owner) + " " + ship(e.ship) + " struck by asteroid debris" + at;
    case Ev::InvadeShot:
      return "invasion: " + who(e.owner) + " " + ship(e.ship) + " rolls " + n(e.roll) + " (needs " + n(e.need) + ")" +
             (e.a ? " hits" : " misses") + " the planetary defence" + at;
    case Ev::PdDestroyed: return who(e.owner) + " destroys a PD unit" + at + " (" + n(e.a) + " left)";
    case Ev::Conquest: return who(e.owner) + " conquers " + sys(e.sys) + " from " + who(e.other);
    case Ev::Collateral: return "collateral damage" + at + ": " + n(e.a) + " industry and " + n(e.b / kPop) + " population lost";
    case Ev::Built: return who(e.owner) + " builds " + n(e.a) + " " + kItemNames[e.ship] + at;
    case Ev::BuildRefused:
      return who(e.owner) + " builds only " + n(e.a) + " of " + n(e.b) + " " + kItemNames[e.ship] + at + " (build points or limits)";
    case Ev::Supply:
      return who(e.owner) + (e.b ? " pays " + n(e.a) + " Ion-9 crystals: in supply" : " cannot pay " + n(e.a) + " Ion-9 crystals: unsupplied (+1 to hit)");
    case Ev::Mined: return who(e.owner) + " mines " + n(e.a) + " minerals" + at;
    case Ev::Grew: return sys(e.sys) + " grows to " + n(e.b / kPop) + "." + n(e.b % kPop / 100) + " population";
    case Ev::Unrest: return sys(e.sys) + (e.a ? " falls into unrest" : " is calm again");
    case Ev::Trader: return "local traders carry 1 mineral from " + sys(e.a) + " to " + sys(e.sys);
    case Ev::Placed: return who(e.owner) + " places a Starbase" + at;
    case Ev::PlaceCancelled: return who(e.owner) + "'s Starbase placement" + at + " is cancelled: another empire placed too (§1c)";
    case Ev::Vanquished: return who(e.owner) + " is vanquished" + (e.other != kNobody ? " by " + who(e.other) : std::string());
    case Ev::Victory: return who(e.owner) + " wins: " + victoryKind_;
    case Ev::Loaded: return who(e.owner) + " loads " + n(e.a) + " " + cargoName(static_cast<Cargo>(e.ship)) + at;
    case Ev::Unloaded: return who(e.owner) + " unloads " + n(e.a) + " " + cargoName(static_cast<Cargo>(e.ship)) + at;
    case Ev::Disrupted: return "production" + at + " disrupted by an attacking fleet (§6f)";
    case Ev::Stranded: return n(e.a) + " " + who(e.owner) + " ships stranded" + at + ": no Cruiser, Destroyer or Nova left to open the gate (§3g)";
    case Ev::Repaired: return "Starbase" + at + " repaired to " + n(10 - e.a) + " hull";
    case Ev::InvasionDeferred: return who(e.owner) + "'s invasion of " + sys(e.sys) + " waits: defences still fire (§4k)";
    case Ev::Contact: {
      static const char* kReact[] = {"is Neutral: diplomacy begins", "votes to join", "votes to join, but its fleet goes rogue",
                                     "is Hostile"};
      const std::string dice = e.roll ? " (d10 " + n(e.roll) + ", effective " + n(e.b) + ")" : std::string(" (no roll)");
      return "first contact (§2a): " + sys(e.sys) + " " + kReact[e.a & 3] + " toward " + who(e.owner) + dice;
    }
    case Ev::Diplomacy:
      return "diplomacy at " + sys(e.sys) + " with " + who(e.owner) + " (d10 " + n(e.roll) + "): " +
             (e.b > 0 ? "warmer" : e.b < 0 ? "cooler" : "unchanged") + " (§2b)";
    case Ev::Solidarity:
      return sys(e.sys) + " hears of " + who(e.owner) + "'s attack (d10 " + n(e.roll) + ")" +
             (e.b < 0 ? ": relations cool (§2e)" : ": no change (§2e)");
    case Ev::Warmed: return sys(e.sys) + " warms to " + who(e.owner) + " for fighting the pirates (§5h)";
    case Ev::TurnedHostile: return sys(e.sys) + " is now Hostile to " + who(e.owner) + " (§2f)";
    case Ev::JoinVote:
      return sys(e.sys) + " votes to join " + who(e.owner) + " next turn" + (e.a ? "; its fleet will defect to the pirates" : "") + " (§2g)";
    case Ev::Joined:
      return sys(e.sys) + " joins " + who(e.owner) + ": " + n(e.b) + " garrison ships " + (e.a ? "defect to the pirates" : "disband") + " (§2g)";
    case Ev::Reputation: {
      static const char* kWhy[kRepCauses] = {"attacking a Neutral independent", "an independent joining through diplomacy",
                                             "destroying a pirate fleet", "a surprise attack", "breaking a pact",
                                             "declaring war on a pact partner", "signing a pact"};
      return who(e.owner) + "'s reputation is now " + repName(e.a) + " (" + (e.b > 0 ? "+" : "") + n(e.b) + ", " +
             kWhy[e.ship % kRepCauses] + ", §2d)";
    }
    case Ev::Captured: return "pirates capture " + who(e.owner) + "'s " + ship(e.ship) + at + " (§5e)";
    case Ev::Treaty: {
      static const char* kDid[kTreaties] = {"declares war on", "offers a Non-Aggression Pact to", "ends the pact with",
                                            "offers peace to"};
      static const char* kState[3] = {"neutral", "at war", "in a Non-Aggression Pact"};
      const std::string now = e.b == 1 ? ": now " + std::string(kState[e.a % 3]) : e.b == 0 ? ": the offer stands" : ": void (already changed)";
      return who(e.owner) + " " + kDid[e.ship % kTreaties] + " " + who(e.other) + now + " (§2i)";
    }
    case Ev::SurpriseAttack:
      return who(e.owner) + " makes a surprise attack on " + who(e.other) + at + " without declaring war (§2i)";
    case Ev::Gift:
      return who(e.owner) + (e.b ? " sends " : "'s gift of ") + n(e.a) + " minerals " + (e.b ? "to " : "to ") + who(e.other) +
             (e.b ? " (§2j)" : " is cancelled (§2j)");
    case Ev::RaidLaunched: {
      const std::string warning = "Traders are reporting a large Pirate Raiding fleet approaching civilized space";
      if (e.need == 1) {  // §5b the sighting report of ships at the origin field
        const int cruisers = std::min(e.a, kRaidBaseCruisers);
        return "Sighting report from " + sys(e.sys) + ": a Pirate Raider fleet of " + n(cruisers) + " Cruiser" +
               (cruisers == 1 ? "" : "s") + " and " + n(e.a - cruisers) + " Destroyers launches from the asteroid field, bound for " +
               sys(e.b) + (e.other != kNobody ? " (" + who(e.other) + ")" : "") + " (§5b)";
      }
      return warning + (e.sys == kNoSys ? std::string(" (§5b)") : ": " + n(e.a) + " ships out of " + sys(e.sys) + " (§5b)");
    }
    case Ev::RaidRetarget:
      return "pirate raiders find " + sys(e.sys) + " stripped" + (e.b >= 0 ? " and turn toward " + sys(e.b) : " and head home") + " (§5c)";
    case Ev::RaidBlocked: return "pirate raiders over " + sys(e.sys) + " are held off by its defenders (turn " + n(e.a) + " of blockade, §5d)";
    case Ev::Plunder:
      return e.b ? "pirate raiders plunder " + sys(e.sys) + ": " + n(e.a) + " minerals stolen, PD halved, unrest (§5d)"
                 : "the planetary defence of " + sys(e.sys) + " repels the pirate raiders; PD halved, production lost (§5d)";
    case Ev::RaidHome: return "pirate raiders are home at " + sys(e.sys) + " with " + n(e.b) + " ships (§5f)";
    case Ev::Recruited: return "pirates hire " + n(e.a) + " Destroyer crews with seized minerals" + at + " (§5e)";
  }
  return "event";
}

// §6g the empire's crystal stockpile against the supply due each turn, and its Starbase kits (§7 Starbase); a
// warning the turn before supply fails (the stock pays this turn, not the next) and on the turn it fails.
std::string WebGame::supplyStatus(const View& v, int32_t due) const {
  int64_t crystals = 0, kits = 0;
  for (const auto& s : v.systems)
    if (s.inView && s.owner == v.viewer) crystals += s.crystals, kits += s.starbaseKits;
  const auto n = [](int64_t x) { return std::to_string(x); };
  std::string t = "  Ion-9 crystals " + n(crystals) + " in stock, supply due " + n(due) + " per turn (§6g); Starbase kits " +
                  n(kits) + " in stock\n";
  if (crystals < due)
    t += "  WARNING: supply fails at the end of this turn: " + n(crystals) + " crystals for " + n(due) +
         " due; build crystals or the fleet fights unsupplied (+1 to hit, §6g)\n";
  else if (crystals < 2 * int64_t{due})
    t += "  Warning: the crystals pay this turn's supply only; next turn's fails unless you build more (§6g)\n";
  return t;
}

// The turn report: every event the viewer may know in plain words. Shots and invasion rolls (who fired, the number
// needed, the roll, hit or miss) are listed for the viewer's own battles: the systems where it fired, was fired on,
// invaded or was invaded. The growth of the visible independent systems is folded into one line.
std::string WebGame::turnReport(const View& v, const SeatNames& names) const {
  const bool all = v.viewer == kNobody;
  std::vector<uint16_t> battles;
  for (const auto& e : v.events)
    if ((e.kind == Ev::Shot || e.kind == Ev::InvadeShot || e.kind == Ev::Destroyed) &&
        (all || e.owner == v.viewer || e.other == v.viewer))
      battles.push_back(e.sys);
  std::sort(battles.begin(), battles.end());
  std::string t, growth;
  for (const auto& e : v.events) {
    const bool dice = e.kind == Ev::Shot || e.kind == Ev::InvadeShot;
    if (dice && !std::binary_search(battles.begin(), battles.end(), e.sys)) continue;
    if (e.kind == Ev::Grew && e.owner == kIndependent) {
      growth += (growth.empty() ? "" : ", ") + sys_[e.sys].name + " " + std::to_string(e.b / kPop) + "." +
                std::to_string(e.b % kPop / 100);
      continue;
    }
    t += "  " + render(e, names) + "\n";
  }
  if (!growth.empty()) t += "  independent systems grow (§6d): " + growth + "\n";
  return t.empty() ? t : "Turn report:\n" + t;
}

std::string systemCard(const WebGame& g, const SysView& s, const SeatNames& names) {
  const auto n = [](int64_t v) { return std::to_string(v); };
  std::string t = "[" + n(s.id) + "] " + g.systems()[s.id].name + " (" + kKindNames[static_cast<int>(s.kind)] +
                  (s.kind == Kind::Star ? std::string(" ") + kQuality[s.quality].letter : "") + ")";
  if (!s.inView && !s.stale()) return t + ": never seen up close\n";
  t += s.stale() ? ", last seen turn " + n(s.seenTurn) + ":" : ", in view:";
  if (s.owner != kUnknownOwner) t += " " + g.ownerName(s.owner, names);
  t += ", pop " + n(s.pop / kPop) + "." + n(s.pop % kPop / 100) + ", industry " + n(s.industry) + ", PD " + n(s.pd) +
       ", D-Sats " + n(s.dsats) + (s.starbase ? ", Starbase" : "") + "\n";
  for (const auto& f : s.fleets) {
    t += "    " + g.ownerName(f.owner, names) + (s.stale() ? " (as last seen):" : ":");
    for (int k = 0; k < kMobileTypes; ++k)
      if (f.ships[ix(k)]) t += " " + n(f.ships[ix(k)]) + kStats[ix(k)].code;
    t += "\n";
  }
  return t;
}

}  // namespace concord::web
