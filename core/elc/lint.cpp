// The lint checks of VC-2100 (table reconstructed). Errors prevent the game (VC-2090); this build's validateConfig
// and setup already refuse every Error case, so a game that starts carries Warnings only, recorded dismissed.
#include "core/elc/lint.h"

#include "core/elc/arith.h"
#include "core/elc/calibration.h"
#include "core/elc/charters.h"

namespace concord::elc {

namespace {
std::string n(int64_t v) { return std::to_string(v); }
}

std::vector<Finding> lintTerms(const Config& c, const MapFacts& m, const std::vector<Track>& charters) {
  std::vector<Finding> out;
  auto add = [&](const char* code, Severity s, std::string msg) { out.push_back(Finding{code, s, std::move(msg)}); };
  int terminal = 0;
  for (int i = 0; i < kTracks; ++i) {
    auto t = static_cast<Track>(i);
    terminal += c.on(t) && isTerminal(t) && t != Track::LastStanding && t != Track::Horizon ? 1 : 0;
  }
  if (terminal == 0)  // L1: only Last Standing and the Horizon can end it: a Tenure race
    add("L1", Severity::Warning, "no Track but Last Standing and the Horizon can end this game: it is a " + n(c.horizon) +
                                     "-turn Tenure race; enable a Track (tracks=...)");
  for (int i = 0; i < kTracks; ++i) {  // L2 (calibrated only): a Track that completes before the Horizon too rarely to matter
    auto t = static_cast<Track>(i);
    if (!c.on(t) || !isTerminal(t) || t == Track::LastStanding || t == Track::Horizon) continue;
    const CalibrationCell* cell = calibrationCell(static_cast<uint8_t>(i), static_cast<uint8_t>(mapClassOf(m.cities)),
                                                  static_cast<uint8_t>(m.players));
    if (cell && cell->p20 >= c.horizon)
      add("L2", Severity::Warning, std::string(trackName(t)) + " completed before turn " + n(c.horizon) + " in under 20% of " +
                                       n(cell->games) + " calibration games (p20 " + n(cell->p20) + "); lower its threshold or raise horizon");
  }
  if (c.on(Track::Dominion) && m.cities < 24 && c.dominionVigil >= 3)  // VC-960
    add("L3", Severity::Warning, "Dominion on " + n(m.cities) + " cities (< 24) with dominion-vigil " + n(c.dominionVigil) +
                                     ": one city moves the bar " + n(1000 / m.cities) + " per mille; set dominion-vigil=2 or cities>=24");
  if (!c.on(Track::Horizon))  // VC-1340: disabling it raises L4; VC-090: an Error only where no bound exists
    add("L4", c.bound == 0 ? Severity::Error : Severity::Warning,
        c.bound == 0 ? std::string("the Horizon is off and no hard bound is set: no finite bound on the game's length; set bound=N or enable the Horizon")
                     : "the Horizon is off: no Tenure race decides the game; it ends at the hard bound, turn " + n(c.bound) +
                           ", by the tie chain (VC-2600, VC-2720); enable the Horizon (horizon-track=on) for a published finish");
  // VC-1770's other in-play mechanisms (table lost): Tallies, Sealed Order reveals, the Rally, Defiance.
  const bool cadence = c.on(Track::Ascendancy) || c.on(Track::Ambition) || c.rally || c.defiance;
  if (c.horizon >= 150 && c.preset != Preset::EveryLastCity && !c.on(Track::Warrants) && !c.on(Track::Ascendancy))  // VC-060
    add("L4", Severity::Warning, "H = " + n(c.horizon) + " >= 150 with neither Warrants nor Tallies: VC-060's one event in "
                                  "every 20 turns is not assured; enable warrants or ascendancy");
  const auto est = estimateLength(c, m);  // L5: the estimate reaches the Horizon
  if (terminal > 0 && est.p20 >= c.horizon)
    add("L5", Severity::Warning, "estimated length " + n(est.p20) + "\u2013" + n(est.p80) + " turns: the Horizon (" + n(c.horizon) +
                                     ") decides most games; lower a threshold or raise horizon");
  if (!c.verdict && c.capitulation == Capitulation::Never)  // L6: nothing ends a decided game early (§14)
    add("L6", Severity::Warning, "verdict=off and capitulation=never: a decided game runs to the end; turn one of them on");
  if (c.on(Track::Charters) && c.charterMode == CharterMode::Exclusive && m.players >= 3 && weightSpread(charters) > 2)  // VC-1670
    add("L7", Severity::Warning, "Exclusive Charters with Weights spread " + n(weightSpread(charters)) + " (> 2) among " + n(m.players) +
                                     " players; choose closer Charters (charters=...) or charter-mode=additional");
  if (m.landmarks == 0 && (c.on(Track::Keys) || c.on(Track::Ascendancy) || c.on(Track::GreatWork)))  // VC-1081
    add("L8", Severity::Error, "this map carries no Landmarks and a Landmark Track is enabled; raise cities or disable it");
  // L9 (VC-2110): redundancy needs a correlation corpus; the shipped table holds per-Track completion turns only,
  // so L9 is suppressed entirely, as VC-2110 requires where no calibration data exists.
  if (!c.on(Track::Warrants) && !cadence)  // VC-1900
    add("L10", Severity::Warning, "Warrants are off and no other mechanism of VC-1770 runs; enable warrants");
  return out;
}

std::string renderFindings(const std::vector<Finding>& f) {
  std::string s;
  for (const auto& x : f) s += x.code + (x.severity == Severity::Error ? " Error: " : " Warning: ") + x.message + "\n";
  return s;
}

}  // namespace concord::elc
