// The Sealed Order pool (VC-1750, reconstructed), its classes (VC-1690) and the bounded redraw (VC-1750).
#include "core/elc/sealed_orders.h"

#include <algorithm>

namespace concord::elc {

namespace {
constexpr OrderForm kOrderFormPool[] = {OrderForm::RegionShare, OrderForm::Expansion,  OrderForm::Muster,     OrderForm::RegionCapital,
                               OrderForm::LandmarkHold, OrderForm::RivalSeat, OrderForm::WholeRegion};
}

std::span<const OrderForm> sealedOrderPool() { return kOrderFormPool; }

OrderClass orderClass(OrderForm f) {
  switch (f) {
    case OrderForm::RegionShare: case OrderForm::Expansion: case OrderForm::Muster: return OrderClass::Minor;
    case OrderForm::RegionCapital: case OrderForm::LandmarkHold: return OrderClass::Major;
    case OrderForm::RivalSeat: case OrderForm::WholeRegion: return OrderClass::Grand;
  }
  return OrderClass::Minor;
}

int64_t ambitionPoints(OrderClass c) { return static_cast<int64_t>(c) + 1; }

int64_t orderSeals(OrderForm f) {
  switch (f) {
    case OrderForm::RegionShare: case OrderForm::Expansion: return 4;
    case OrderForm::Muster: case OrderForm::RivalSeat: return 3;
    case OrderForm::RegionCapital: case OrderForm::LandmarkHold: return 6;
    case OrderForm::WholeRegion: return 4;
  }
  return 4;
}

const char* className(OrderClass c) { return c == OrderClass::Minor ? "Minor" : c == OrderClass::Major ? "Major" : "Grand"; }

std::string unsatisfiable(OrderForm f, int32_t subject, const World& w, int seats, int holder, uint32_t allies) {
  const auto regions = static_cast<int32_t>(w.regionCapital.size());
  switch (f) {
    case OrderForm::RegionShare:
      if (subject < 0 || subject >= regions) return "no such Region";
      if (w.regionSize[subject] < kRegionShare)  // VC-1750: VC-1032 R2 permits a Region of two
        return "Region " + std::to_string(subject) + " has " + std::to_string(w.regionSize[subject]) + " cities, fewer than the " +
               std::to_string(kRegionShare) + " the Order requires held";
      return "";
    case OrderForm::RegionCapital: case OrderForm::WholeRegion:
      return subject < 0 || subject >= regions ? "no such Region" : "";
    case OrderForm::LandmarkHold:
      if (w.landmarks.empty()) return "the map carries no Landmarks";
      return subject < 0 || subject >= static_cast<int32_t>(w.landmarks.size()) ? "no such Landmark" : "";
    case OrderForm::RivalSeat: {  // VC-1750: a rival seat that is not occupied at setup
      if (subject == holder) return "seat " + std::to_string(subject) + " is the holder, not a rival";
      if (subject >= 0 && subject < 32 && ((allies >> subject) & 1u)) return "seat " + std::to_string(subject) + " is a team-mate, not a rival";
      bool occupied = false;
      for (const auto& c : w.cities) occupied = occupied || c.startOf == subject;
      return subject < 0 || subject >= seats || !occupied ? "seat " + std::to_string(subject) + " is not occupied at setup" : "";
    }
    case OrderForm::Expansion: case OrderForm::Muster: return "";
  }
  return "unknown form";
}

OrderDraw drawSealedOrders(det::Rng& victory, const World& w, int seats, int holder, int count,
                           std::span<const OrderForm> pool, uint32_t allies) {
  OrderDraw out;
  std::vector<OrderForm> left(pool.begin(), pool.end());
  for (int slot = 0; slot < count; ++slot) {
    bool got = false;
    for (int attempt = 0; attempt < kRedrawAttempts && !got && !left.empty(); ++attempt) {
      const size_t pick = static_cast<size_t>(victory.below(left.size()));
      const OrderForm f = left[pick];
      int32_t subject = -1;
      switch (f) {
        case OrderForm::RegionShare: case OrderForm::RegionCapital: case OrderForm::WholeRegion:
          subject = static_cast<int32_t>(victory.below(std::max<size_t>(1, w.regionCapital.size())));
          break;
        case OrderForm::LandmarkHold: subject = static_cast<int32_t>(victory.below(std::max<size_t>(1, w.landmarks.size()))); break;
        case OrderForm::RivalSeat: subject = static_cast<int32_t>(victory.below(static_cast<uint64_t>(seats))); break;
        default: break;
      }
      if (!unsatisfiable(f, subject, w, seats, holder, allies).empty()) {
        ++out.discarded;  // discarded and redrawn (VC-1750)
        continue;
      }
      out.orders.push_back(SealedOrder{f, subject});
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(pick));  // without replacement
      got = true;
    }
    if (!got) ++out.shortfall;  // one Order fewer, recorded in the stored schedule
  }
  return out;
}

}  // namespace concord::elc
