// The Terms (§12): the generated paragraph (VC-1960..VC-2010), the length estimate (VC-2030..VC-2070)
// and the threshold schedule every readout shares (VC-390: a pure function of turn and configuration).
#pragma once

#include <cstdint>
#include <string>

#include "core/elc/config.h"

namespace concord::elc {

/// The constants of a generated map the victory system reads (VC-580, VC-600, VC-1031, VC-1081).
struct MapFacts {
  int64_t cities = 48, landmarks = 5, regions = 8, players = 4, potentialOutput = 240;
};

/// The reference map of VC-580.
MapFacts referenceMap();

/// VC-910, VC-1050, VC-1100, VC-810, VC-1400 defaults resolved against the map.
int64_t dominionStart(const Config& c, const MapFacts& m);
int64_t hegemonyStart(const Config& c, const MapFacts& m);
int64_t keysThreshold(const Config& c, const MapFacts& m);
int64_t ebbStartTurn(const Config& c);
int64_t enduranceTurn(const Config& c);
int64_t enduranceCities(const Config& c, const MapFacts& m);
/// VC-790 (reconstructed): the uniqueness floor, or the start itself for a Track that does not Ebb.
int64_t trackFloor(Track t, const Config& c, const MapFacts& m);
/// The threshold of a Track at turn t for a game with `liveRivals` rivals (Throne), in natural units.
int64_t thresholdAt(Track t, const Config& c, const MapFacts& m, int64_t turn, int64_t liveRivals);
/// Whether the Track's threshold descends (VC-800; Hegemony only when its start exceeds its floor, VC-1050).
bool ebbs(Track t, const Config& c, const MapFacts& m);

struct Estimate {
  int64_t p20 = 0, p80 = 0;
  bool calibrated = false;  // false: some Track used the VC-880 fallback, labelled "without calibration data" (VC-2060)
  bool stale = false;       // the table's rulesetVersion differs from the build's (VC-2070)
};
enum class EstimateSource : uint8_t { Table, Fallback };
/// VC-2050 over the enabled terminal Tracks: the calibration cell of each (VC-2030), else its fallback (VC-890).
Estimate estimateLength(const Config& c, const MapFacts& m, EstimateSource src = EstimateSource::Table);
/// The VC-880 fallback of one Track (reconstructed, docs/rules-decisions.md).
Estimate fallbackEstimate(Track t, const Config& c);
/// VC-1960..VC-1990: the paragraph, stored verbatim in the state and the record (VC-2000).
std::string termsParagraph(const Config& c, const MapFacts& m, EstimateSource src = EstimateSource::Table);
/// VC-840: the earliest turn after `turn` at which `progress` meets the Track's threshold, evaluating threshold(t)
/// forward to the Horizon; -1 when no such turn exists before it.
int64_t countBackTurn(Track t, const Config& c, const MapFacts& m, int64_t progress, int64_t turn);
/// VC-2060, VC-2070, VC-1660, VC-2640: the notes the Terms print under the paragraph (terms_notes.cpp).
std::string termsNotes(const Config& c, const MapFacts& m);
/// VC-2640: the sentence the Terms and the Board state when a Threshold Track is enabled; empty otherwise.
std::string thresholdLimitNote(const Config& c);
/// VC-090: the finite turn bound the Terms state (VC-2600: H_end): H, or H + J with jitter, or the configured hard
/// bound where the Horizon is disabled.
inline int64_t terminationBound(const Config& c) { return c.on(Track::Horizon) ? c.horizon + c.jitter : c.bound; }

}  // namespace concord::elc
