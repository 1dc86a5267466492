// What the Terms and the Board must say beside the paragraph (presentation, VC-3250): the estimate's provenance
// (VC-2060 fallback, VC-2070 stale), the Charter Weights' provisional status (VC-1660) and the honest limit of the
// elimination arithmetic (VC-2640).
#include "core/elc/terms.h"

namespace concord::elc {

std::string thresholdLimitNote(const Config& c) {
  std::string tracks;
  for (Track t : {Track::Dominion, Track::Hegemony, Track::Keys, Track::Prosperity, Track::Throne})
    if (c.on(t)) tracks += (tracks.empty() ? "" : ", ") + std::string(trackName(t));
  if (tracks.empty()) return "";
  return "Threshold Tracks (" + tracks + ") cannot be closed by the arithmetic of VC-2610 and VC-2620: only the reach "
         "bound, the Ebb and the Verdict close them (VC-2640).\n";
}

std::string termsNotes(const Config& c, const MapFacts& m) {
  std::string s;
  const Estimate e = estimateLength(c, m);
  if (!e.calibrated) s += "The estimate uses the shipped fallback for some Track: an estimate without calibration data (VC-2060).\n";
  if (e.stale) s += "The calibration table is stale: generated under another rulesetVersion (VC-2070).\n";
  if (c.on(Track::Charters))  // no calibration cell exists for Charters yet: every Weight is provisional
    s += "Charter Weights and handicaps are provisional until self-play calibrates them (VC-1660).\n";
  return s + thresholdLimitNote(c);
}

}  // namespace concord::elc
