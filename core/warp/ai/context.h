// What the stack's terms share: the officer's table (redacted, so only what the seat may know), its hand
// and the per-pip counts the terms read. Built once per decision (terms.cpp).
#pragma once

#include <array>

#include "core/warp/ai/officer.h"
#include "core/warp/ai/plan.h"

namespace concord::warp::ai {

inline constexpr int kPips = 19;  // pips 0..18 (Warp 18)

struct Context {
  const WarpGame& g;
  Seat me;
  Depth depth;
  const Config& cfg;
  const std::vector<Tile>& hand;
  int seats = 0;
  bool points = true;
  bool inverted = false;              // §VI Kappa: an even Points round scores inverted
  std::array<int, kPips> handPip{};   // hand coordinates showing each pip
  std::array<int, kPips> unseenPip{};  // coordinates hidden from me showing each pip
  int unseen = 0;
  int minOppHand = 0;                 // fewest coordinates any opponent (outside my squadron) holds
  int handValue = 0;                  // my hand's round score if I do not go out
  HandBits bits;                      // my hand as bitmasks for the planner (plan.cpp)

  Context(const WarpGame& table, Seat seat, Depth d);
  bool full() const { return depth == Depth::Full; }
  bool standard() const { return depth >= Depth::Standard; }
  /// §V/§VI what a coordinate left in hand scores: pips, Double-blank setting, Salamander doubled.
  int value(Tile t) const;
  /// The line a route names for me (my squadron's trail, the Neutral Zone, or a seat's trail).
  uint8_t lineOf(uint8_t routeKind, uint8_t routeSeat) const;
  const Line& line(uint8_t l) const { return l == seats ? g.neutral() : g.trail(l); }
  uint8_t openEnd(uint8_t l) const { return line(l).openEnd(g.spacedock()); }
  /// Hand coordinates other than `t` showing `pip`.
  int othersWith(Tile t, uint8_t pip) const { return handPip[pip] - (t.has(pip) ? 1 : 0); }
  /// Could I chart `t` now on some line open to me (own trail, Neutral Zone, a beaconed trail)?
  bool playableNow(Tile t) const;
};

/// Terms of a chart (terms.cpp) and of every other order (order_terms.cpp), appended to `out`.
void chartTerms(const Context& c, Tile t, uint8_t line, std::vector<Term>& out);
void moduleChartTerms(const Context& c, Tile t, uint8_t line, bool cover, std::vector<Term>& out);
void otherTerms(const Context& c, const Decoded& d, std::vector<Term>& out);

}  // namespace concord::warp::ai
