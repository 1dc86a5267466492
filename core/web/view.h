// §9 fog of war: what one empire's Observation holds, as a decodable View (bots, UI) and text (people).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/web/state.h"

namespace concord::web {

inline constexpr uint8_t kUnknownOwner = 0xFC;
inline constexpr uint8_t kOfferNap = 1, kOfferPeace = 2;

struct FleetView {
  uint8_t owner = 0;
  std::array<uint16_t, kMobileTypes> ships{};   // by Ship type
  std::array<uint16_t, 4> freighters{};         // by Cargo (own fleets only; others all "empty")
  Stance stance = Stance::Conditional;          // own fleets only
};

struct SysView {
  uint16_t id = 0;
  Kind kind = Kind::Star;
  uint8_t quality = 0;
  bool lanesKnown = false;  // explored or owned (a probe does not reveal names beyond, §3b)
  bool inView = false;      // owned, fleet present, one lane from an owned system, or probed this turn
  uint8_t owner = kUnknownOwner;
  uint8_t homeOf = kNobody;
  int32_t pop = 0, popLimit = 0, industry = 0, mineralsPerTurn = 0, minerals = 0, pd = 0, dsats = 0, crystals = 0,
          starbaseKits = 0;
  bool starbase = false, unrest = false;
  uint8_t relation = 0;  // the viewer's Rel with this independent system (§2a, §2f)
  uint8_t level = 0;     // the viewer's diplomacy level there while Neutral (§2b)
  uint32_t seenTurn = 0;  // §9 the turn it was last in view: this turn when in view, older = remembered, 0 = never
  bool stale() const { return !inView && seenTurn != 0; }
  std::vector<uint16_t> lanes;
  std::vector<FleetView> fleets;  // in view: now; stale: as last seen (ships by type only)
};

struct View {
  uint32_t turn = 0;
  uint8_t viewer = 0;
  uint16_t empires = 0;
  uint16_t galaxySystems = 0;
  bool unsupplied = false;
  int32_t reputation = 0;           // the viewer's §2d step
  std::vector<uint8_t> vanquished;  // per empire
  // §2i per empire, as the viewer stands with it: PactState, whether met, and offers it made to the viewer
  // (kOfferNap, kOfferPeace). Empty for an omniscient view.
  std::vector<uint8_t> pactState, met, offers;
  std::vector<SysView> systems;     // known systems, ascending id
  std::vector<Event> events;        // this turn's events the viewer may know
  const SysView* find(uint16_t id) const;
};

/// §9 a system card in plain words: figures and fleets now, or as last seen ("last seen turn N") when out of view.
std::string systemCard(const WebGame& g, const SysView& s, const SeatNames& names = {});

/// The view `viewer` may have (kOmniscient: everything).
View makeView(const WebGame& g, Seat viewer);
std::vector<uint8_t> encodeView(const View& v);
Result<View> decodeView(std::span<const uint8_t> bytes);

}  // namespace concord::web
