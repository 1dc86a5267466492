// The Terms' Track cards (VC-1910..VC-1950): one card per enabled Track, generated from the configuration and
// the map on every call, so any change of setting regenerates them with the paragraph and the linter (VC-1950).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/elc/config.h"
#include "core/elc/terms.h"

namespace concord::elc {

/// One card: exactly a name, one sentence (<= 140 characters), at most three parameters with their current values,
/// and the Length, Aggression and Complexity ratings in [1, 5] (VC-1910, VC-1920).
struct TrackCard {
  Track track = Track::Dominion;
  std::string name;
  std::string sentence;
  std::vector<std::pair<std::string, std::string>> params;  // (setting key, current value in natural units)
  int length = 1, aggression = 1, complexity = 1;
  std::string warning;  // VC-980: the Every Last City card's plain warning; empty on every other card
};

inline constexpr size_t kCardSentenceMax = 140;  // VC-1910
inline constexpr size_t kCardParamsMax = 3;      // VC-1920

/// VC-1930: 1 where 5m <= H, 2 where 5m <= 2H, 3 where 5m <= 3H, 4 where 5m <= 4H, else 5.
int lengthRating(int64_t medianTurn, int64_t horizon);
/// VC-1940 (table lost; reconstructed in docs/rules-decisions.md "Terms cards").
int aggressionRating(Track t);
int complexityRating(Track t);
/// The median completion turn m VC-1930 reads: the calibration cell's median, else the VC-880 fallback's midpoint;
/// the Horizon's is H; the Warrants' (non-terminal) is the whole game's estimated midpoint.
int64_t medianCompletionTurn(Track t, const Config& c, const MapFacts& m);
/// The cards of every enabled Track in catalogue order (VC-1910).
std::vector<TrackCard> termsCards(const Config& c, const MapFacts& m);
/// The cards as the terminal presents them, one block per card.
std::string renderCards(const std::vector<TrackCard>& cards);

}  // namespace concord::elc
