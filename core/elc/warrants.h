// Warrants (§11): scheduled, announced objectives whose reward is never victory (VC-1760). This build offers
// Warrant Modes Open, Contested and Mixed (VC-1840, VC-1850) and three forms of VC-1810 (table lost; reconstructed in docs/rules-decisions.md):
// Hold a named city, Capital hold a regional capital, Scout a named city's tile with a Legion.
#pragma once

#include <cstdint>
#include <vector>

#include "core/det/rng.h"
#include "core/elc/config.h"

namespace concord::elc {

enum class WarrantForm : uint8_t { Hold = 0, CapitalHold = 1, Scout = 2, RegionHold = 3 };
enum class Reward : uint8_t { Tenure = 0, Works = 1, Ambition = 2 };  // VC-1860 (reconstructed); Ambition: VC-1710

inline constexpr int64_t kWarrantWorks = 40;        // Works into the claimant's Seat Yard
inline constexpr int64_t kWarrantTenureSeals = 3;   // Tenure reward = 3 × maxTenurePerSeal
inline constexpr int64_t kWarrantTenureCapSeals = 30;  // VC-1870: at most 30 × maxTenurePerSeal per game

struct Warrant {
  uint32_t id = 0;
  WarrantForm form = WarrantForm::Hold;
  int32_t city = 0;  // the subject: the city to hold, the capital, or the tile to scout (a city's tile)
  Reward reward = Reward::Tenure;
  uint32_t announce = 0, open = 0, deadline = 0;  // VC-1790: announced 5 turns before; open WarPeriod turns
  int32_t claimedBy = -1;
  bool expired = false;
  bool contested = false;  // VC-1850: published from the announcement
  int32_t excluded = -1;   // the player currently excluded (the leader by the tie chain), -1 before the announcement
  // Region hold (VC-1815): the Region (named by its capital, `city`), and the sides that held at least half its
  // cities, rounded up, at the announcing Seal (a bit per seat; 0 = withdrawn, never opened).
  int32_t region = -1;
  uint8_t halfHeld = 0;
};

/// VC-1780/VC-170: every WarPeriod turns 1..3 Warrants, drawn at generation from the victory stream.
/// `capitals` are the regional capitals; `candidates` the cities a Hold or Scout may name (not start cities).
/// `mode` marks Contested Warrants without drawing (Mixed: every second window), so the stream's later draws
/// (the Horizon jitter, VC-1360) are the same in every mode.
std::vector<Warrant> drawWarrants(det::Rng& rng, uint32_t warPeriod, uint32_t horizon, const std::vector<int32_t>& capitals,
                                  const std::vector<int32_t>& candidates, WarrantMode mode = WarrantMode::Open,
                                  bool ambition = false, bool regionHold = false);
inline constexpr int64_t kWarrantAmbition = 1;  // VC-1710: where Ambition is on, each window's first Warrant pays 1 point

}  // namespace concord::elc
