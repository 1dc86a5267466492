// Sealed Orders (§10.2): hidden, Track-shaped objectives that grant Ambition and never win (VC-1680, VC-1690),
// drawn at generation without replacement with the bounded redraw of VC-1750. The pool of VC-1750 was lost in
// our copy; it is reconstructed in docs/rules-decisions.md ("§10: Charters, Sealed Orders and Ambition").
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/det/rng.h"
#include "core/elc/map.h"

namespace concord::elc {

enum class OrderClass : uint8_t { Minor = 0, Major = 1, Grand = 2 };  // VC-1680
/// Each form is two integers (VC-1750 rationale): consecutive Seals at which a board test holds, and how many.
enum class OrderForm : uint8_t {
  RegionShare = 0,    // Minor: hold at least kRegionShare cities of Region `subject`
  Expansion = 1,      // Minor: hold at least startCities + 4 cities
  Muster = 2,         // Minor: field at least kMusterLegions Legions in supply
  RegionCapital = 3,  // Major: hold Region `subject`'s capital
  LandmarkHold = 4,   // Major: hold Landmark `subject`
  RivalSeat = 5,      // Grand: hold seat `subject`'s starting Seat city
  WholeRegion = 6,    // Grand: hold every city of Region `subject`
};
inline constexpr int kOrderForms = 7;
inline constexpr int32_t kRegionShare = 3;
inline constexpr int32_t kMusterLegions = 12;
inline constexpr int kRedrawAttempts = 16;  // VC-1750
inline constexpr int64_t kAmbitionMaxGain = 4;  // VC-1700 maxGainPerSeal

struct SealedOrder {
  OrderForm form = OrderForm::Expansion;
  int32_t subject = -1;    // Region, Landmark or seat; -1 when the form has none
  int64_t progress = 0;    // consecutive Seals the test has held
  bool revealed = false;   // VC-1720: public from the first Seal at ratio >= 600
  bool done = false;       // completed: Ambition granted (VC-1690)
};

OrderClass orderClass(OrderForm f);
/// Ambition points for completing an Order of the class: Minor 1, Major 2, Grand 3 (VC-1690).
int64_t ambitionPoints(OrderClass c);
/// The threshold in consecutive Seals.
int64_t orderSeals(OrderForm f);
const char* className(OrderClass c);

/// VC-1750: whether the (form, subject) exists on this map and is satisfiable by construction for `holder`.
/// The error-free reason string is empty when it is; otherwise it names the failure (recorded in the schedule).
/// `allies` (bit per seat) are the holder's team-mates (VC-1570): their Seats are not a rival's.
std::string unsatisfiable(OrderForm f, int32_t subject, const World& w, int seats, int holder, uint32_t allies = 0);

struct OrderDraw {
  std::vector<SealedOrder> orders;
  uint8_t shortfall = 0;  // Orders this player did not receive after 16 failed attempts (VC-1750)
  uint8_t discarded = 0;  // draws discarded and redrawn
};
/// VC-170/VC-1750: `count` Orders for `holder`, forms without replacement from `pool`, each slot redrawn up to 16 times.
OrderDraw drawSealedOrders(det::Rng& victory, const World& w, int seats, int holder, int count,
                           std::span<const OrderForm> pool, uint32_t allies = 0);
std::span<const OrderForm> sealedOrderPool();

}  // namespace concord::elc
