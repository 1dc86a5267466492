#include "core/warp/orders.h"

#include <sstream>
#include <vector>

namespace concord::warp {

namespace {
const char* const kDirectiveNames[kDirectives] = {"reverse", "skip",    "peek",    "inversion", "amplify",
                                                  "immunity", "swap", "echo", "wager", "forcedraw"};
}

const char* directiveName(Directive d) { return kDirectiveNames[static_cast<int>(d)]; }

std::optional<Directive> parseDirective(const std::string& s) {
  for (int i = 0; i < kDirectives; ++i)
    if (s == kDirectiveNames[i]) return static_cast<Directive>(i);
  return std::nullopt;
}

Order chartOrder(Tile t, Route r) { return Order{kChart, {t.hi, t.lo, static_cast<uint8_t>(r.kind), r.seat}}; }
Order simpleOrder(Kind k) { return Order{k, {}}; }
Order catchOrder(Seat target) { return Order{kCatch, {static_cast<uint8_t>(target)}}; }
Order flashOrder(Directive d, uint8_t target) {
  if (d == Directive::ForceDraw) return Order{kFlash, {static_cast<uint8_t>(d), target}};
  return Order{kFlash, {static_cast<uint8_t>(d)}};
}
Order shieldsOrder(bool up) { return Order{kShields, {static_cast<uint8_t>(up ? 1 : 0)}}; }
Order wagerOrder(Tile t) { return Order{kWagerKeep, {t.hi, t.lo}}; }
Order overtimeOrder(bool accept) { return Order{kOvertime, {static_cast<uint8_t>(accept ? 1 : 0)}}; }
Order giveOrder(Tile t) { return Order{kGive, {t.hi, t.lo}}; }
Order sweepOrder(Tile t) { return Order{kSweep, {t.hi, t.lo}}; }
Order pickOrder(Tile t) { return Order{kPick, {t.hi, t.lo}}; }
Order spoolOrder(Route r) { return Order{kSpool, {static_cast<uint8_t>(r.kind), r.seat}}; }

Result<Decoded> decodeOrder(const Order& o, int maxPip) {
  Decoded d;
  const auto& p = o.payload;
  auto len = [&](size_t n) -> Result<void> {
    if (p.size() != n) return Err("order kind ", o.kind, " needs a ", n, "-byte payload, got ", p.size());
    return Ok();
  };
  auto tileAt = [&](size_t i) -> Result<Tile> {
    if (p[i] > maxPip || p[i + 1] > maxPip) return Err("coordinate end above ", maxPip, " in this set");
    if (p[i] < p[i + 1]) return Err("coordinate must be encoded high end first");
    return Tile{p[i], p[i + 1]};
  };
  switch (o.kind) {
    case kChart: {
      if (auto r = len(4); !r) return r.error();
      auto t = tileAt(0);
      if (!t) return t.error();
      d.tile = *t;
      if (p[2] > 2) return Err("unknown route kind ", p[2]);
      d.route = Route{static_cast<RouteKind>(p[2]), p[3]};
      if (d.route.kind != RouteKind::Seat && p[3] != 0) return Err("route seat byte must be 0 for own/nz");
      break;
    }
    case kDig:
    case kDraw:
    case kBeacon:
    case kPass:
    case kAnnounce:
      if (auto r = len(0); !r) return r.error();
      break;
    case kCatch:
      if (auto r = len(1); !r) return r.error();
      d.arg = p[0];
      break;
    case kFlash:
      if (p.empty() || p[0] >= kDirectives) return Err("unknown Continuum directive");
      if (auto r = len(p[0] == static_cast<uint8_t>(Directive::ForceDraw) ? 2 : 1); !r) return r.error();
      d.arg = p[0];
      if (p.size() == 2) d.arg2 = p[1];
      break;
    case kShields:
    case kOvertime:
      if (auto r = len(1); !r) return r.error();
      if (p[0] > 1) return Err("flag byte must be 0 or 1");
      d.arg = p[0];
      break;
    case kPick:
    case kSweep:
    case kGive:
    case kWagerKeep: {
      if (auto r = len(2); !r) return r.error();
      auto t = tileAt(0);
      if (!t) return t.error();
      d.tile = *t;
      break;
    }
    case kSpool:
      if (auto r = len(2); !r) return r.error();
      if (p[0] > 2) return Err("unknown route kind ", p[0]);
      d.route = Route{static_cast<RouteKind>(p[0]), p[1]};
      if (d.route.kind != RouteKind::Seat && p[1] != 0) return Err("route seat byte must be 0 for own/nz");
      break;
    default:
      return Err("unknown order kind ", o.kind);
  }
  d.kind = static_cast<Kind>(o.kind);
  return d;
}

std::string routeText(Route r) {
  switch (r.kind) {
    case RouteKind::Own: return "own";
    case RouteKind::Neutral: return "nz";
    case RouteKind::Seat: return "seat:" + std::to_string(r.seat);
  }
  return "?";
}

std::string orderText(const Order& o, int maxPip) {
  auto d = decodeOrder(o, maxPip);
  if (!d) return "invalid order (" + d.message() + ")";
  switch (d->kind) {
    case kChart: return "chart " + d->tile.text() + " " + routeText(d->route);
    case kDraw: return "draw";
    case kBeacon: return "beacon";
    case kPass: return "pass";
    case kAnnounce: return "announce";
    case kCatch: return "catch " + std::to_string(d->arg);
    case kFlash:
      return std::string("flash ") + directiveName(static_cast<Directive>(d->arg)) +
             (d->arg == static_cast<uint8_t>(Directive::ForceDraw) ? " " + std::to_string(d->arg2) : "");
    case kShields: return d->arg ? "shields up" : "shields down";
    case kWagerKeep: return "keep " + d->tile.text();
    case kOvertime: return d->arg ? "overtime accept" : "overtime decline";
    case kSpool: return "spool " + routeText(d->route);
    case kGive: return "give " + d->tile.text();
    case kDig: return "dig";
    case kSweep: return "sweep " + d->tile.text();
    case kPick: return "pick " + d->tile.text();
  }
  return "?";
}

Result<Route> parseRoute(const std::string& s) {
  if (s == "own") return Route{RouteKind::Own, 0};
  if (s == "nz") return Route{RouteKind::Neutral, 0};
  if (s.rfind("seat:", 0) == 0 && s.size() > 5 && s.size() <= 7 &&
      s.find_first_not_of("0123456789", 5) == std::string::npos)
    return Route{RouteKind::Seat, static_cast<uint8_t>(std::stoi(s.substr(5)))};
  return Err("route '", s, "' is not own, nz or seat:N");
}

Result<Order> parseOrderText(const std::string& text, int maxPip) {
  std::istringstream in(text);
  std::vector<std::string> w;
  for (std::string t; in >> t;) w.push_back(t);
  if (w.empty()) return Err("empty order");
  const std::string& k = w[0];
  auto want = [&](size_t n) -> Result<void> {
    if (w.size() != n) return Err("'", k, "' takes ", n - 1, " argument(s)");
    return Ok();
  };
  if (k == "chart") {
    if (auto r = want(3); !r) return r.error();
    auto t = parseTile(w[1], maxPip);
    if (!t) return Err("'", w[1], "' is not a coordinate of this set (write it like 12-5)");
    auto r = parseRoute(w[2]);
    if (!r) return r.error();
    return chartOrder(*t, *r);
  }
  if (k == "dig") {
    if (auto r = want(1); !r) return r.error();
    return simpleOrder(kDig);
  }
  if (k == "pick") {
    if (auto r = want(2); !r) return r.error();
    auto t = parseTile(w[1], maxPip);
    if (!t) return Err("'", w[1], "' is not a coordinate of this set");
    return pickOrder(*t);
  }
  if (k == "sweep") {
    if (auto r = want(2); !r) return r.error();
    auto t = parseTile(w[1], maxPip);
    if (!t) return Err("'", w[1], "' is not a coordinate of this set");
    return sweepOrder(*t);
  }
  if (k == "give") {
    if (auto r = want(2); !r) return r.error();
    auto t = parseTile(w[1], maxPip);
    if (!t) return Err("'", w[1], "' is not a coordinate of this set");
    return giveOrder(*t);
  }
  if (k == "draw" || k == "beacon" || k == "pass" || k == "announce") {
    if (auto r = want(1); !r) return r.error();
    return simpleOrder(k == "draw" ? kDraw : k == "beacon" ? kBeacon : k == "pass" ? kPass : kAnnounce);
  }
  if (k == "catch") {
    if (auto r = want(2); !r) return r.error();
    if (w[1].empty() || w[1].size() > 2 || w[1].find_first_not_of("0123456789") != std::string::npos)
      return Err("catch needs a seat number");
    return catchOrder(static_cast<Seat>(std::stoi(w[1])));
  }
  if (k == "flash") {
    if (w.size() < 2) return Err("flash takes a directive");
    auto d = parseDirective(w[1]);
    if (!d)
      return Err("unknown Continuum directive '", w[1],
                 "' (reverse skip peek inversion amplify immunity swap echo wager forcedraw N)");
    if (*d == Directive::ForceDraw) {
      if (auto r = want(3); !r) return r.error();
      if (w[2].empty() || w[2].size() > 2 || w[2].find_first_not_of("0123456789") != std::string::npos)
        return Err("forcedraw needs a seat number");
      return flashOrder(*d, static_cast<uint8_t>(std::stoi(w[2])));
    }
    if (auto r = want(2); !r) return r.error();
    return flashOrder(*d);
  }
  if (k == "shields") {
    if (auto r = want(2); !r) return r.error();
    if (w[1] != "up" && w[1] != "down") return Err("shields up|down");
    return shieldsOrder(w[1] == "up");
  }
  if (k == "keep") {
    if (auto r = want(2); !r) return r.error();
    auto t = parseTile(w[1], maxPip);
    if (!t) return Err("'", w[1], "' is not a coordinate of this set");
    return wagerOrder(*t);
  }
  if (k == "spool") {
    if (auto r = want(2); !r) return r.error();
    auto r = parseRoute(w[1]);
    if (!r) return r.error();
    return spoolOrder(*r);
  }
  if (k == "overtime") {
    if (auto r = want(2); !r) return r.error();
    if (w[1] != "accept" && w[1] != "decline") return Err("overtime accept|decline");
    return overtimeOrder(w[1] == "accept");
  }
  return Err("unknown order '", k, "' (Warp orders: chart, draw, beacon, pass, announce, catch, flash, shields, keep, spool, "
             "overtime, give, dig, sweep, pick)");
}

}  // namespace concord::warp
