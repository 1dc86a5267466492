// Terms of the orders that are not charts: catches and Drop to Impulse (§V), draws and their Module
// alternatives (Gamma sweep, Eta dig, Delta spool), Continuum choices (Alpha), the Kappa exchange, the
// Epsilon draft, overtime votes and manual shields.
#include <algorithm>

#include "core/warp/ai/context.h"

namespace concord::warp::ai {

namespace {
// Coordinates of mine that share a pip with `t` (how well it chains with my hand).
int links(const Context& c, Tile t) {
  int n = c.handPip[t.hi] + (t.isDouble() ? 0 : c.handPip[t.lo]);
  return n;
}

int flashPoints(const Context& c, Directive d, uint8_t target) {
  if (!c.full()) {
    // The lighter stacks pick a fixed useful directive (the old greedy bot's choice).
    return d == Directive::DistressAmplification ? 50 : d == Directive::Peek ? 40 : 10;
  }
  const auto& mine = c.g.seat(c.me);
  int myHand = static_cast<int>(c.hand.size());
  switch (d) {
    case Directive::SkipLowest: {
      bool lowest = true;
      for (Seat s = 0; s < c.seats; ++s)
        if (c.points ? c.g.seat(s).campaign < mine.campaign : c.g.seat(s).hand.size() < c.hand.size()) lowest = false;
      return lowest ? -20 : 15;
    }
    case Directive::Peek: return 8;
    case Directive::DistressAmplification: return 4 * (myHand - c.minOppHand);
    case Directive::FractureImmunity: return c.cfg.fracture != Fracture::Off ? 6 : 0;
    case Directive::SalamanderSwap: {
      Tile sal{c.cfg.maxPip, c.cfg.maxPip};
      bool hold = std::binary_search(c.hand.begin(), c.hand.end(), sal);
      return hold ? 30 : 0;
    }
    case Directive::Wager: return c.points ? -15 : -40;
    case Directive::ForceDraw: return 40 - static_cast<int>(c.g.seat(target).hand.size());
    default: return 0;
  }
}
}  // namespace

void otherTerms(const Context& c, const Decoded& d, std::vector<Term>& out) {
  switch (d.kind) {
    case kCatch: out.push_back({TermId::Catch, 1000, d.arg}); return;
    case kAnnounce: out.push_back({TermId::Impulse, 1000}); return;
    case kPass:
      if (c.g.phase() == Phase::Impulse) out.push_back({TermId::Impulse, -1000, 1});
      return;
    case kSweep: {
      // §VI Gamma: a face-up coordinate instead of a blind draw; good when it charts at once.
      int v = c.value(d.tile);
      bool now = c.playableNow(d.tile);
      int pts = now ? 20 : (c.points && !c.inverted ? -3 * v : -5);
      if (now && c.points && !c.inverted) pts += v / 2;  // a heavy one charted at once is shed, not kept
      out.push_back({TermId::GammaSweep, pts, v, now ? 1 : 0});
      return;
    }
    case kDig:
      // §VI Eta (Go-out) Desperation Dig: up to 3 blind draws and an exposed trail for 3 turns.
      out.push_back({TermId::EtaDig, c.full() && c.hand.size() <= 3 ? 5 : -10, static_cast<int32_t>(c.hand.size())});
      return;
    case kSpool: {
      // §VI Delta Warp Drive: charts from the pile, keeps the miss; it never sheds my own hand.
      uint8_t line = c.lineOf(static_cast<uint8_t>(d.route.kind), d.route.seat);
      int match = c.unseen ? c.unseenPip[c.openEnd(line)] * 100 / c.unseen : 0;
      // Calibration (Module Delta table): a noisy pick of a spool drains the pile into blocked rounds, so the
      // lighter stacks never spool and the full stack only when every chart is worse than -10.
      int pts = c.full() ? -60 + match / 2 : -100;
      out.push_back({TermId::SpoolValue, pts, match});
      return;
    }
    case kFlash:
      out.push_back({TermId::Continuum, flashPoints(c, static_cast<Directive>(d.arg), d.arg2), d.arg, d.arg2});
      return;
    case kWagerKeep: {
      int v = c.value(d.tile);
      int pts = c.points ? (c.inverted ? v : -3 * v) : (c.playableNow(d.tile) ? 10 : 0) + links(c, d.tile);
      out.push_back({TermId::WagerKeep, pts, v});
      return;
    }
    case kGive: {
      // §VI Kappa (Go-out) Hand Exchange: give back what chains worst (doubles first).
      int pts = 20 - 4 * links(c, d.tile) + (d.tile.isDouble() ? 6 : 0);
      out.push_back({TermId::HandExchange, pts, d.tile.pips()});
      return;
    }
    case kPick: {
      // §VI Epsilon draft: light coordinates that chain with my picks, and one that opens on Spacedock.
      int v = c.value(d.tile);
      int pts = (c.full() ? 6 * links(c, d.tile) + (d.tile.has(c.g.spacedock()) ? 12 : 0) : 0) - (c.points ? v : 0);
      out.push_back({TermId::EpsilonPick, pts, v});
      return;
    }
    case kOvertime: out.push_back({TermId::Overtime, d.arg ? 5 : 0}); return;
    case kShields: out.push_back({TermId::BeaconExposure, d.arg ? 10 : -20}); return;
    default: return;
  }
}

}  // namespace concord::warp::ai
