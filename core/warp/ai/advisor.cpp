// RULES §VII Tactical advisor: the Commander profile with Lookahead suggests one order, and the named
// terms that decided it become reasons in the game's own words ("sheds 24 pips; answers the 9-9 now").
#include <algorithm>

#include "core/warp/ai/officer.h"

namespace concord::warp::ai {

namespace {
std::string dbl(int32_t pip) { return Tile{static_cast<uint8_t>(pip), static_cast<uint8_t>(pip)}.text(); }
std::string n(int32_t v) { return std::to_string(v); }
}  // namespace

std::string explain(const Term& t, int maxPip) {
  switch (t.id) {
    case TermId::Catch: return "catches Captain " + n(t.a) + ", who passed at impulse without announcing (RULES §V)";
    case TermId::Impulse:
      return t.points > 0 ? "announces Drop to Impulse, so nobody can catch you (RULES §V)"
                          : "passing silently at one coordinate invites a catch (RULES §V)";
    case TermId::ShedPips: return "sheds " + n(t.a) + " pips";
    case TermId::ShedCount: return "one coordinate closer to going out";
    case TermId::Cover:
      return t.b < 0 ? "answers the " + dbl(t.a) + " now (RULES §IV)"
                     : "you can answer the " + dbl(t.a) + " yourself (" + n(t.b) + " in hand)";
    case TermId::RedAlertSafety:
      return "opens the " + dbl(t.a) + " without a cover in hand: Red Alert risk (RULES §IV)";
    case TermId::TrailPlanning:
      return t.b == 0 ? "leaves your trail ending on " + n(t.a) + " with nothing of yours to answer it"
                      : "keeps your trail answerable: " + n(t.b) + " of your coordinates match its new end " + n(t.a);
    case TermId::BeaconExposure:
      return t.points == 15   ? "raises your shields (the Distress Beacon comes down, RULES §III)"
             : t.points > 0 ? "raises your shields"
                            : "lowering shields opens your trail to every captain";
    case TermId::OpponentTrail: return "charts on another trail with its beacon up and keeps your own end";
    case TermId::NeutralZone: return "a Neutral Zone end feeds every captain";
    case TermId::OpponentPressure:
      return t.b == 0 ? "an opponent is near out and no unseen coordinate matches the end " + n(t.a)
                      : "an opponent is near out and " + n(t.b) + " unseen coordinates match the end " + n(t.a);
    case TermId::Salamander: return "sheds the Salamander (" + dbl(maxPip) + " scores double, RULES §VI Beta)";
    case TermId::DoubleBlank: return "sheds the double-blank (scores " + n(t.a) + ", RULES §V)";
    case TermId::KappaInverted: return "even round under Temporal Inversion: holding " + n(t.a) + " pips scores better";
    case TermId::HazardRisk: return "the Neutral Zone would hand you the Hazard Marker (RULES §VI Delta)";
    case TermId::SpoolValue: return "warp drive: " + n(t.a) + "% of the unseen coordinates match, the miss stays in hand";
    case TermId::IotaWager: return "the double makes the next captain draw 2 (Double Down, RULES §VI Iota)";
    case TermId::EtaDig:
      return t.points > 0 ? "a Desperation Dig with " + n(t.a) + " in hand"
                          : "a Desperation Dig would leave your trail exposed for three turns";
    case TermId::GammaSweep:
      return t.b ? "takes a Sensor Grid coordinate you can chart at once"
                 : "that Sensor Grid coordinate does not chart now (" + n(t.a) + " pips)";
    case TermId::ThetaTrail:
      return t.points == 25 ? "your trail reaches 5: Trail Momentum extra turn (RULES §VI Theta)"
                            : "builds toward the Longest Trail bonus (length " + n(t.a) + ")";
    case TermId::WormholeOpportunity:
      return t.points == -500 ? "a wormhole here leaves an unanswerable double on your new trail"
             : t.points > 0   ? "the wormhole swaps in a Neutral Zone worth " + n(t.b) + " more than your trail"
             : t.points < 0   ? "the wormhole would trade your trail for a weaker one"
                              : "the wormhole trade is about even";
    case TermId::WormholeDefense: return "your trail is long (" + n(t.a) + "): a wormhole could steal it";
    case TermId::EpsilonPick: return "draft pick (" + n(t.a) + " pips)";
    case TermId::ZetaSquadron: return "keeps your squadron's shared trail moving";
    case TermId::Continuum:
      return std::string("Continuum: ") + directiveName(static_cast<Directive>(t.a)) +
             (t.a == static_cast<int32_t>(Directive::ForceDraw) ? " on Captain " + n(t.b) : "");
    case TermId::WagerKeep: return "keeps the " + n(t.a) + "-pip coordinate";
    case TermId::HandExchange: return "gives back the coordinate that chains worst";
    case TermId::Overtime: return "accepts overtime";
    case TermId::HandPlan:
      return "leaves a plan of " + n(t.a) + " coordinates chained on your own trail and " + n(t.b) +
             " on the Neutral Zone";
    case TermId::Count: break;
  }
  return "?";
}

Result<Advice> advise(const Observation& obs, std::span<const Order> legal, det::Rng& rng) {
  if (legal.empty()) return Err("nothing to advise: this seat has no legal order now");
  auto shared = sharedTableOf(obs);
  if (!shared) return shared.error();
  const WarpGame* table = shared->get();
  auto policy = heuristicPolicy(*profileNamed("commander+lookahead"));
  auto d = policy->decide(*table, obs.viewer, legal, rng);
  Advice a;
  a.order = d.chosen.order;
  a.orderText = orderText(a.order, table->config().maxPip);
  // Reasons: what speaks for the order (largest first), then what the search saw, then the risks taken.
  auto terms = d.chosen.terms;
  std::stable_sort(terms.begin(), terms.end(), [](const Term& x, const Term& y) { return x.points > y.points; });
  for (const auto& t : terms)
    if (t.points > 0 && a.reasons.size() < 3) a.reasons.push_back(explain(t, table->config().maxPip));
  if (legal.size() == 1) a.reasons.push_back("the only legal order");
  else if (d.lookaheadValue != 0) a.reasons.push_back("Lookahead: the best outcome across the guessed hands");
  for (auto it = terms.rbegin(); it != terms.rend() && it->points < 0; ++it)
    a.reasons.push_back("despite: " + explain(*it, table->config().maxPip));
  return a;
}

}  // namespace concord::warp::ai
