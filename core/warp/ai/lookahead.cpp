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

LookaheadValues lookaheadValues(const WarpGame& table, Seat me, std::span<const Scored> candidates,
                                const Budget& budget, det::Rng& rng) {
  const size_t n = candidates.size();
  LookaheadValues v{std::vector<int64_t>(n, 0), std::vector<int32_t>(n, 0), std::vector<int32_t>(n, 0)};
  std::vector<int64_t> leaf(n, 0);
  for (uint16_t d = 0; d < budget.determinizations; ++d) {
    // One guessed world per determinization, shared by every candidate (common random numbers).
    WarpGame world = table;
    world.determinize(me, rng);
    for (size_t i = 0; i < n; ++i) {
      WarpGame g = world;
      if (!g.act(me, candidates[i].order)) {
        leaf[i] = INT64_MIN / 4;  // cannot happen for a legal order; never chosen if it does
        v.sum[i] = INT64_MIN / 4;
        continue;
      }
      bool done = g.over() || g.round() != table.round() || rollout(g, budget.plies);
      leaf[i] = leafValue(g, me, done);
      if (v.sum[i] > INT64_MIN / 4) v.sum[i] += leaf[i];
    }
    // Paired comparison with the stack's first choice in the same world.
    for (size_t i = 1; i < n; ++i) {
      if (leaf[i] > leaf[0]) ++v.wins[i];
      else if (leaf[i] < leaf[0]) ++v.losses[i];
    }
  }
  return v;
}

size_t lookaheadPick(const LookaheadValues& v, const Budget& budget) {
  size_t best = 0;
  const int64_t z = budget.sigmas;
  for (size_t i = 1; i < v.sum.size(); ++i) {
    const int64_t w = v.wins[i], l = v.losses[i];
    // The winner's curse: the best-looking of several noisy estimates is mostly the luckiest, so only a
    // candidate that beats the first choice in clearly more worlds may replace it (sign test, integers).
    const bool clear = w > l && (w - l) * (w - l) >= z * z * (w + l);
    if (clear && v.sum[i] > v.sum[best]) best = i;
  }
  return best;
}

}  // namespace concord::warp::ai
