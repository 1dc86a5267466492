// The heuristic decision stack (RULES §VII "shed heavy pips, own-trail pressure, Red Alert safety,
// objective mode, modules"): every legal order gets named integer terms; the total is their sum.
// Core terms of a chart live here; Module terms in module_terms.cpp, other orders in order_terms.cpp.
#include <algorithm>

#include "core/warp/ai/context.h"

namespace concord::warp::ai {

namespace {
constexpr std::array<const char*, static_cast<size_t>(TermId::Count)> kTermNames{
    "catch", "impulse", "shedPips", "shedCount", "cover", "redAlertSafety", "trailPlanning", "beaconExposure",
    "opponentTrail", "neutralZone", "opponentPressure", "salamander", "doubleBlank", "kappaInverted",
    "hazardRisk", "spoolValue", "iotaWager", "etaDig", "gammaSweep", "thetaTrail", "wormholeOpportunity",
    "wormholeDefense", "epsilonPick", "zetaSquadron", "continuum", "wagerKeep", "handExchange", "overtime", "handPlan"};
}  // namespace

const char* termName(TermId id) {
  auto i = static_cast<size_t>(id);
  return i < kTermNames.size() ? kTermNames[i] : "?";
}

Context::Context(const WarpGame& table, Seat seat, Depth d)
    : g(table), me(seat), depth(d), cfg(table.config()), hand(table.seat(seat).hand), bits(table.seat(seat).hand) {
  seats = table.seats();
  points = cfg.objective == Objective::Points;
  inverted = points && cfg.kappa && table.round() % 2 == 0;
  for (Tile t : hand) {
    ++handPip[t.hi];
    if (!t.isDouble()) ++handPip[t.lo];
    handValue += value(t);
  }
  // The table is redacted (table_view.cpp): other hands, packs and the pile hold exactly the unseen pool.
  auto count = [&](const std::vector<Tile>& ts) {
    for (Tile t : ts) {
      ++unseenPip[t.hi];
      if (!t.isDouble()) ++unseenPip[t.lo];
      ++unseen;
    }
  };
  minOppHand = 1 << 20;
  for (Seat s = 0; s < seats; ++s) {
    if (s == me) continue;
    count(table.seat(s).hand);
    count(table.seat(s).pack);
    if (table.homeLine(s) != table.homeLine(me))
      minOppHand = std::min(minOppHand, static_cast<int>(table.seat(s).hand.size()));
  }
  count(table.pile());
  if (!(table.phase() == Phase::Wager && table.toAct() == me)) count(table.pendingWager());
}

int Context::value(Tile t) const {
  if (t.hi == 0 && t.lo == 0) return cfg.doubleBlank;  // §V Double-blank score
  if (cfg.salamander && t.isDouble() && t.hi == cfg.maxPip && g.spacedock() != cfg.maxPip) return 2 * t.pips();
  return t.pips();
}

uint8_t Context::lineOf(uint8_t routeKind, uint8_t routeSeat) const {
  if (routeKind == static_cast<uint8_t>(RouteKind::Own)) return g.homeLine(me);
  if (routeKind == static_cast<uint8_t>(RouteKind::Neutral)) return static_cast<uint8_t>(seats);
  return g.homeLine(routeSeat);
}

bool Context::playableNow(Tile t) const {
  const auto& dbl = g.openDouble();
  if (dbl.active) return t.has(dbl.pip);
  if (t.has(openEnd(g.homeLine(me))) || t.has(openEnd(static_cast<uint8_t>(seats)))) return true;
  for (Seat s = 0; s < seats; ++s)
    if (g.homeLine(s) == s && s != g.homeLine(me) && g.seat(s).beacon && t.has(openEnd(static_cast<uint8_t>(s))))
      return true;
  return false;
}

void chartTerms(const Context& c, Tile t, uint8_t line, std::vector<Term>& out) {
  const auto& dbl = c.g.openDouble();
  const bool cover = dbl.active;
  const uint8_t home = c.g.homeLine(c.me);
  const int v = c.value(t);
  // Objective mode (the Commander weighs pips 2, its plan carries the rest): Points sheds pips (inverted under Kappa's even rounds), Go-out sheds coordinates.
  if (c.points && !(c.inverted && c.full())) out.push_back({TermId::ShedPips, (c.full() ? 2 : 3) * v, v});
  if (c.inverted && c.full()) out.push_back({TermId::KappaInverted, -2 * v, v});
  if (!c.points) out.push_back({TermId::ShedCount, 40 + v / 2, v});
  if (c.points && t.hi == 0 && t.lo == 0 && c.cfg.doubleBlank) out.push_back({TermId::DoubleBlank, c.cfg.doubleBlank, c.cfg.doubleBlank});
  if (c.points && t.pips() > 0 && v == 2 * t.pips() && !c.inverted) out.push_back({TermId::Salamander, 2 * t.pips(), t.pips()});
  if (cover) {
    // §IV answering the open double ends the alert (mine or passed to me).
    out.push_back({TermId::Cover, 30, dbl.pip, -1});
  } else if (t.isDouble()) {
    // §IV Red Alert safety: the charter must satisfy the double; never open one you cannot cover.
    bool fracture = c.cfg.fracture == Fracture::AllDoubles ||
                    (c.cfg.fracture == Fracture::AllCaptains && line < c.seats) ||
                    (c.cfg.fracture == Fracture::OwnTrail && line == home);
    int need = fracture ? 3 : 1;
    int have = c.othersWith(t, t.hi);
    bool lambdaSwap = c.cfg.lambda && line == c.seats;  // wormholeOpportunity judges those
    if (have >= need) {
      out.push_back({TermId::Cover, 20, t.hi, have});
    } else if (c.standard() && !lambdaSwap && c.unseenPip[t.hi] >= need - have) {
      out.push_back({TermId::RedAlertSafety, -150 * (need - have) / need, t.hi, need - have});
    }
  }
  uint8_t end = cover ? dbl.pip : c.openEnd(line);
  uint8_t next = t.other(end);
  // Calibration (docs/ai-calibration.md): the Commander plans at 40 per own-trail link, the Ensign's light
  // stack at 4 (enough to beat random, far from the Commander); the standard stack keeps trailPlanning.
  const int planW = c.full() ? 40 : c.standard() ? 0 : 4;
  if (planW > 0 && c.bits.usable) {
    // Hand planning: what the rest of my hand still chains onto my own trail and the Neutral Zone.
    auto it = std::lower_bound(c.hand.begin(), c.hand.end(), t);
    uint64_t avail = c.bits.all & ~(uint64_t{1} << (it - c.hand.begin()));
    uint8_t ownEnd = line == home ? next : c.openEnd(home);
    uint8_t nzEnd = line == c.seats ? next : c.openEnd(static_cast<uint8_t>(c.seats));
    Plan p = planHand(c.bits, avail, ownEnd, nzEnd);
    int pts = planW * p.own + (c.full() ? 4 * p.nz - 10 * p.strandedDoubles : 0);
    out.push_back({TermId::HandPlan, pts, p.own, p.nz});
  } else if (c.standard() && line == home) {
    // Trail planning: keep your own trail answerable by the coordinates you still hold.
    int m = c.othersWith(t, next) - (t.isDouble() && !cover ? 1 : 0);
    m = std::max(0, m);
    out.push_back({TermId::TrailPlanning, m == 0 ? -10 : 6 * std::min(m, 3), next, m});
  }
  const bool beaconUp = c.g.seat(home).beacon;
  if (c.standard() && beaconUp && (line == home || c.cfg.beaconClearsOnAnyPlay))
    out.push_back({TermId::BeaconExposure, 15});
  // A trail with its beacon up belongs to a captain who lacked its end: the Commander avoids handing them a new one.
  if (c.standard() && line != home && line != c.seats && !cover)
    out.push_back({TermId::OpponentTrail, c.full() ? -6 : 4, line});
  if (c.standard() && line == c.seats && !cover) out.push_back({TermId::NeutralZone, -2});
  // Opponent pressure: near the end of a round (the Commander: 5 or fewer in an opponent's hand), an open end others can use should be one the unseen pool
  // can hardly match.
  bool shared = line == c.seats || (line != home && c.g.seat(line).beacon);
  if (c.full() && shared && c.minOppHand <= 5 && !cover) {
    int m = c.unseenPip[next];
    out.push_back({TermId::OpponentPressure, m == 0 ? 12 : -3 * std::min(m, 8), next, m});
  }
  moduleChartTerms(c, t, line, cover, out);
}

std::vector<Scored> scoreAll(const WarpGame& table, Seat me, std::span<const Order> legal, Depth depth) {
  Context c(table, me, depth);
  std::vector<Scored> out;
  out.reserve(legal.size());
  for (const auto& o : legal) {
    Scored s;
    s.order = o;
    s.terms.reserve(8);
    auto d = decodeOrder(o, c.cfg.maxPip);
    if (d) {
      if (d->kind == kChart)
        chartTerms(c, d->tile, c.lineOf(static_cast<uint8_t>(d->route.kind), d->route.seat), s.terms);
      else
        otherTerms(c, *d, s.terms);
    }
    for (const auto& t : s.terms) s.total += t.points;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace concord::warp::ai
