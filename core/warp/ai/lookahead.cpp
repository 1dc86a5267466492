// RULES §VII Lookahead: each candidate runs through the real rules engine a few turns ahead in several
// guessed worlds (opponent hands and the pile re-dealt from the unseen pool, hand counts kept), and the
// leaf values are summed. Fixed counts, no clock: the same budget gives the same move everywhere.
#include <algorithm>

#include "core/warp/ai/officer.h"

namespace concord::warp::ai {

namespace {

// A hand left at the round's end: what it scores (§V Double-blank) or how far from out it is.
int64_t handScore(const WarpGame& g, Seat s) {
  int64_t v = 0;
  for (Tile t : g.seat(s).hand) v += (t.hi == 0 && t.lo == 0) ? g.config().doubleBlank : t.pips();
  return v;
}

// Leaf value for `me` (higher is better): my squadron against the others, weighted so sides of different
// sizes compare (integer cross-multiplication, no averages).
int64_t leafValue(const WarpGame& g, Seat me, bool roundDone) {
  const bool points = g.config().objective == Objective::Points;
  const bool inverted = points && g.config().kappa && g.round() % 2 == 0 && !roundDone;
  int64_t mine = 0, theirs = 0, nMine = 0, nTheirs = 0;
  for (Seat s = 0; s < g.seats(); ++s) {
    const auto& st = g.seat(s);
    int64_t x = 0;
    if (points) {
      int64_t hand = roundDone ? 0 : handScore(g, s);
      x = -(st.campaign + (inverted ? -hand : hand));  // lower campaign is better
    } else {
      x = 1000 * st.roundWins - (roundDone ? 0 : 20 * static_cast<int64_t>(st.hand.size()));
    }
    if (g.homeLine(s) == g.homeLine(me)) mine += x, ++nMine;
    else theirs += x, ++nTheirs;
  }
  int64_t v = mine * nTheirs - theirs * nMine;
  if (g.over()) {
    auto w = g.sectorWinners();
    v += std::find(w.begin(), w.end(), me) != w.end() ? 100000 : -100000;
  }
  return v;
}

// Every seat plays the Commander stack without noise until the round ends or the plies run out.
bool rollout(WarpGame& g, uint16_t plies) {
  const uint16_t round = g.round();
  for (uint16_t k = 0; k < plies && !g.over(); ++k) {
    auto aw = g.awaiting();
    if (aw.empty()) break;
    Seat s = aw.front();
    auto legal = g.legalOrders(s);
    if (legal.empty()) break;
    auto sc = scoreAll(g, s, legal, Depth::Full);
    size_t best = 0;
    for (size_t i = 1; i < sc.size(); ++i)
      if (sc[i].total > sc[best].total) best = i;
    if (!g.act(s, sc[best].order)) break;
    if (g.round() != round) return true;
  }
  return g.over() || g.round() != round;
}

}  // namespace

std::vector<int64_t> lookaheadValues(const WarpGame& table, Seat me, std::span<const Scored> candidates,
                                     const Budget& budget, det::Rng& rng) {
  std::vector<int64_t> sum(candidates.size(), 0);
  for (uint16_t d = 0; d < budget.determinizations; ++d) {
    // One guessed world per determinization, shared by every candidate (a fair comparison).
    WarpGame world = table;
    world.determinize(me, rng);
    for (size_t i = 0; i < candidates.size(); ++i) {
      WarpGame g = world;
      if (!g.act(me, candidates[i].order)) {
        sum[i] = INT64_MIN / 2;  // cannot happen for a legal order; never chosen if it does
        continue;
      }
      bool done = g.over() || g.round() != table.round() || rollout(g, budget.plies);
      sum[i] += leafValue(g, me, done);
    }
  }
  return sum;
}

}  // namespace concord::warp::ai
