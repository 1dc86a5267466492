// Warp order kinds and their strict payload codec. One order = one action opportunity (RULES §III).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/det/result.h"
#include "core/game/types.h"
#include "core/warp/tiles.h"

namespace concord::warp {

enum Kind : uint16_t {
  kChart = 1,      // [hi, lo, routeKind, routeSeat]: chart, cover or stabilizer (§III, §IV)
  kDraw = 2,       // []: draw one from Uncharted Sectors (§III)
  kBeacon = 3,     // []: deploy Distress Beacon and end the turn / pass Red Alert (§III, §IV)
  kPass = 4,       // []: pass (beacon already up, pile empty) / Red Alert pass / silent pass at impulse
  kAnnounce = 5,   // []: "Drop to Impulse!" (§V)
  kCatch = 6,      // [seat]: catch a missed Drop to Impulse announce (§V)
  kFlash = 7,      // [directive]: Continuum Flash choice (§VI Module Alpha)
  kShields = 8,    // [up]: Manual shield control, 0 = lower (beacon up), 1 = raise (§VI house rules)
  kWagerKeep = 9,  // [hi, lo]: Continuum Wager, the coordinate to keep (§VI Module Alpha)
  kOvertime = 10,  // [accept]: Go out fixed rounds, overtime offer (Victory conditions)
  kSpool = 11,     // [routeKind, routeSeat]: Module Delta, engage warp drive on a route (§VI)
  kGive = 12,      // [hi, lo]: Module Kappa (Go-out) Hand Exchange, the coordinate given back
  kDig = 13,       // []: Module Eta (Go-out) Desperation Dig
  kSweep = 14,     // [hi, lo]: Module Gamma Sensor Sweep, take that coordinate from the Sensor Grid
  kPick = 15,      // [hi, lo]: Module Epsilon draft, the coordinate picked from your Requisition Pack
};

enum class RouteKind : uint8_t { Own = 0, Neutral = 1, Seat = 2 };
struct Route {
  RouteKind kind = RouteKind::Own;
  uint8_t seat = 0;  // for RouteKind::Seat
  friend bool operator==(const Route&, const Route&) = default;
};

/// §VI Module Alpha directives, in the manual's table order.
enum class Directive : uint8_t {
  Reverse = 0,
  SkipLowest = 1,
  Peek = 2,
  TemporalInversion = 3,
  DistressAmplification = 4,
  FractureImmunity = 5,
  SalamanderSwap = 6,
  AllStopEcho = 7,
  Wager = 8,
  ForceDraw = 9,  // Go-out block only: [9, target seat]
};
inline constexpr int kDirectives = 10;
const char* directiveName(Directive d);
std::optional<Directive> parseDirective(const std::string& s);

Order chartOrder(Tile t, Route r);
Order simpleOrder(Kind k);
Order catchOrder(Seat target);
Order flashOrder(Directive d, uint8_t target = 0);
Order shieldsOrder(bool up);
Order wagerOrder(Tile t);
Order overtimeOrder(bool accept);
Order spoolOrder(Route r);
Order giveOrder(Tile t);
Order sweepOrder(Tile t);
Order pickOrder(Tile t);

struct Decoded {
  Kind kind = kDraw;
  Tile tile;
  Route route;
  uint8_t arg = 0;  // catch seat, directive, shields up, overtime accept
  uint8_t arg2 = 0;  // Force Draw target
};
/// Strict: exact payload length, tile ends within the set and written high end first, known enums.
Result<Decoded> decodeOrder(const Order& o, int maxPip);

/// Route as scenario/terminal text: "own", "nz", "seat:N".
std::string routeText(Route r);
/// Order as text ("chart 12-5 own", "draw", "catch 2", "flash reverse", ...); parseable by parseOrderText.
std::string orderText(const Order& o, int maxPip);
Result<Order> parseOrderText(const std::string& text, int maxPip);

}  // namespace concord::warp
