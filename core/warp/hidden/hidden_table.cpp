// HiddenTable: the turn (apply), who is awaited, and the Game plumbing. The deck's own bookkeeping (orders taken,
// what is owed, reveals) is in hidden_deck.cpp; canonical bytes in hidden_table_io.cpp.
#include "core/warp/hidden/hidden_table.h"

#include <algorithm>

namespace concord::warp::hidden {

HiddenTable::HiddenTable(std::vector<Seat> keeperOf) : firstKeeper_(keeperOf), keeperOf_(std::move(keeperOf)) {
  present_.assign(firstKeeper_.size(), 0);
  for (Seat s = 0; s < firstKeeper_.size(); ++s) present_[s] = firstKeeper_[s] == s ? 1 : 0;
  assignKeepers();
  rules_.setHiddenDeal(true);
}

void HiddenTable::assignKeepers() {
  holders_.clear();
  for (Seat s = 0; s < firstKeeper_.size(); ++s)
    if (present_[s] == 1) holders_.push_back(s);
  holderIx_.assign(firstKeeper_.size(), -1);
  for (size_t h = 0; h < holders_.size(); ++h) holderIx_[holders_[h]] = static_cast<int>(h);
  // The lowest person present is the lockstep steward (Membership::steward), who signs the seats nobody owns.
  for (Seat s = 0; s < firstKeeper_.size(); ++s) {
    const Seat first = firstKeeper_[s];
    keeperOf_[s] = first < present_.size() && present_[first] == 1 ? first : (holders_.empty() ? first : holders_.front());
  }
}

bool HiddenTable::keysIn() const {
  return std::all_of(holders_.begin(), holders_.end(), [&](Seat h) { return keys_[h].has_value(); });
}

void HiddenTable::seatControl(uint32_t turn, std::span<const SeatControlEvent> events) {
  rules_.seatControl(turn, events);
  bool changed = false;
  for (const auto& ev : events) {
    if (ev.seat >= firstKeeper_.size() || firstKeeper_[ev.seat] != ev.seat) continue;  // officers hold no layer
    const uint8_t now = ev.kind == SeatControlEvent::Kind::Reclaimed ? 1 : 0;
    if (present_[ev.seat] == now || present_[ev.seat] == kExpelled) continue;
    present_[ev.seat] = now;
    changed = controlChanged_ = true;
    faults_.push_back("turn " + std::to_string(turn) + ": seat " + std::to_string(ev.seat) +
                      (now ? " came back to the deck" : " left the deck (substituted)") +
                      ": the round is re-dealt among the holders present");
  }
  if (changed) misdeal();
}

void HiddenTable::misdeal() {
  if (holders_.empty()) return;
  assignKeepers();
  if (holders_.empty()) return;  // nobody left to hold a layer: nobody left to sign either
  // A misdeal: the positions under a missing layer can never open, so the round starts again on a new deck.
  joint_ = deck::Point{};
  if (keysIn()) {
    std::vector<deck::Point> all;
    for (Seat h : holders_) all.push_back(*keys_[h]);
    joint_ = deck::jointKey(all);
  }
  revealAll_ = pendingBlock_ = false;
  stash_.reset();
  std::fill(claims_.begin(), claims_.end(), 0);
  deck_.clear();
  shares_.clear();
  hops_ = 0;
  rules_.redealRound();
  settle();  // the new deal's deck starts now, so who owes its shuffle is known before anyone orders
}

Result<void> HiddenTable::setup(std::span<const uint8_t> config, const det::Seed& seed, Seat seats) {
  if (keeperOf_.size() != seats) return Err("hidden table: ", keeperOf_.size(), " keepers for ", seats, " seats");
  present_.assign(seats, 0);
  for (Seat s = 0; s < seats; ++s) present_[s] = firstKeeper_[s] == s ? 1 : 0;
  assignKeepers();
  for (Seat s = 0; s < seats; ++s)
    if (keeperOf_[s] >= seats || keeperOf_[keeperOf_[s]] != keeperOf_[s])
      return Err("hidden table: seat ", s, "'s keeper ", keeperOf_[s], " keeps no hand of its own");
  if (holders_.size() < 2) return Err("hidden hands need two or more people at the table");
  auto cfg = decodeConfig(config);
  if (!cfg) return cfg.error();
  // Rules that act on a coordinate the moment it leaves the pile cannot wait a turn for its shares
  // (docs/rules-decisions.md "Hidden hands: modules"): Delta's spool, Eta's dig, Epsilon's draft, Kappa's exchange.
  if (cfg->delta) return Err("hidden hands do not yet run Module Delta (the Warp Drive spool charts unseen draws)");
  if (cfg->eta) return Err("hidden hands do not yet run Module Eta (the Desperation Dig charts unseen draws)");
  if (cfg->epsilon) return Err("hidden hands do not yet run Module Epsilon (packs pass between captains)");
  if (cfg->kappa && cfg->objective == Objective::GoOut)
    return Err("hidden hands do not yet run Module Kappa's Hand Exchange (Go out)");
  if (auto r = rules_.setup(config, seed, seats); !r) return r;
  std::copy(seed.bytes.begin(), seed.bytes.begin() + 16, gameId_.begin());
  keys_.assign(seats, std::nullopt);
  secrets_.assign(seats, std::nullopt);
  claims_.assign(seats, 0);
  epoch_ = 0;
  return Ok();
}

std::vector<Seat> HiddenTable::awaiting() const {
  if (!busy()) {
    if (rules_.over()) return {};
    return rules_.awaiting();
  }
  std::vector<Seat> out;
  for (Seat h : holders_)
    if (!owed(h).empty()) out.push_back(h);
  return out;
}

Result<void> HiddenTable::validate(Seat seat, const Order& order) const {
  if (isDeckOrder(order)) {
    if (holderIndex(keeperOf_[seat]) < 0) return Err("seat ", seat, " holds no deck key: only key holders give deck orders");
    return Ok();
  }
  if (busy()) return Err("the masked deck is not ready: waiting for the key holders' deck work");
  auto v = rules_.validate(seat, order);
  if (v) return v;
  // A coordinate the seat holds unseen: the rules cannot tell yet; its proof travels with the order.
  auto d = decodeOrder(order, rules_.config().maxPip);
  const auto& hand = rules_.seat(seat).hand;
  if (d && (d->kind == kChart || d->kind == kWagerKeep) && std::any_of(hand.begin(), hand.end(), isUnknown))
    return Ok();
  return v;
}

std::vector<Order> HiddenTable::legalOrders(Seat seat) const {
  if (busy()) return {};
  return rules_.legalOrders(seat);
}

std::vector<Rejection> HiddenTable::apply(const TurnInput& input) {
  std::vector<Rejection> rejected;
  lastRulesTurn_.assign(rules_.seats(), {});
  lastClaims_.clear();
  lastPollBlocked_ = false;
  std::vector<std::vector<Order>> ruled(rules_.seats());
  std::vector<std::vector<uint32_t>> index(rules_.seats());
  // What each holder owed as the turn began: an honest client's bundle for this turn, built on the state after the
  // last one, carries all of it. A seat-control change this turn (a misdeal) changed what is owed: nothing checked.
  std::vector<std::pair<Seat, Owed>> due;
  if (!controlChanged_)
    for (Seat h : holders_)
      if (auto o = owed(h); !o.empty()) due.emplace_back(h, std::move(o));
  controlChanged_ = false;
  for (const auto& so : input.bySeat)
    for (uint32_t i = 0; i < so.orders.size(); ++i) {
      const Order& o = so.orders[i];
      if (!isDeckOrder(o)) {
        ruled[so.seat].push_back(o);
        index[so.seat].push_back(i);
      } else if (auto r = takeDeckOrder(keeperOf_[so.seat], o, input.turn); !r) {
        // An officer's bundle is signed by its keeper's client: its proofs are the keeper's shares.
        rejected.push_back(Rejection{so.seat, i, r.message()});
        faults_.push_back("turn " + std::to_string(input.turn) + ", seat " + std::to_string(so.seat) + ": " + r.message());
      }
    }
  for (const auto& [h, o] : due)
    if (present_[h] == 1)
      if (auto missing = stillOwed(h, o); !missing.empty()) {
        // Missing deck work is handled like a silent seat (issue 26): the holder leaves the deck, so the table never
        // waits on a client that sends its bundles but not what it owes.
        present_[h] = kExpelled;
        expelledNow_ = true;
        breaches_.push_back({input.turn, h, "withheld the deck work it owed (" + missing + ")"});
        faults_.push_back("turn " + std::to_string(input.turn) + ", seat " + std::to_string(h) + ": withheld the deck work it owed (" +
                          missing + "); it leaves the deck");
      }
  if (expelledNow_) {
    expelledNow_ = false;
    misdeal();
  }
  settle();
  bool anyRuled = std::any_of(ruled.begin(), ruled.end(), [](const auto& v) { return !v.empty(); });
  if (busy() || rules_.over()) {
    for (Seat s = 0; s < ruled.size(); ++s)
      for (uint32_t i : index[s])
        rejected.push_back(Rejection{s, i, rules_.over() ? "the sector is over: the table waits for the holders' keys"
                                                          : "the masked deck is not ready: no game order this turn"});
    return rejected;
  }
  if (!anyRuled) return rejected;
  std::vector<SeatOrders> in;
  for (Seat s = 0; s < ruled.size(); ++s) in.push_back(SeatOrders{s, ruled[s]});
  if (handsHidden() && roundWouldEnd(in, input.turn)) {
    // §V the round scores hands: every keeper first shows what its seats hold (hidden_deck.cpp settle()).
    stash_ = ruled;
    revealAll_ = true;
    return rejected;
  }
  lastRulesTurn_ = ruled;
  std::vector<std::vector<bool>> refused(ruled.size());
  for (Seat s = 0; s < ruled.size(); ++s) refused[s].assign(ruled[s].size(), false);
  for (auto& rj : rules_.apply(TurnInput{input.turn, in})) {
    refused[rj.seat][rj.index] = true;
    rj.index = index[rj.seat][rj.index];
    rejected.push_back(std::move(rj));
  }
  for (Seat s = 0; s < ruled.size(); ++s) {
    lastRulesTurn_[s].clear();
    for (size_t i = 0; i < ruled[s].size(); ++i)
      if (!refused[s][i]) lastRulesTurn_[s].push_back(ruled[s][i]);
  }
  afterRules(true);
  settle();
  return rejected;
}

bool HiddenTable::roundWouldEnd(const std::vector<SeatOrders>& in, uint32_t turn) const {
  WarpGame trial = rules_;
  (void)trial.apply(TurnInput{turn, in});
  return trial.deals() != rules_.deals() || trial.over() || trial.lastRoundBlocked() != rules_.lastRoundBlocked() ||
         trial.roundWinner() != rules_.roundWinner() || trial.tally().size() != rules_.tally().size();
}

std::optional<Outcome> HiddenTable::outcome() const {
  if (!rules_.over() || std::any_of(holders_.begin(), holders_.end(), [&](Seat h) { return !secrets_[h]; }))
    return std::nullopt;
  return rules_.outcome();
}

std::optional<Outcome> HiddenTable::outcomeNamed(const SeatNames& n) const {
  if (!outcome()) return std::nullopt;
  return rules_.outcomeNamed(n);
}

std::string HiddenTable::describe(Seat seat, const Order& order) const {
  switch (order.kind) {
    case kDeckKey: return "seat " + std::to_string(seat) + " publishes its deck key";
    case kDeckShuffle: return "seat " + std::to_string(seat) + " shuffles the masked deck";
    case kDeckShares: return "seat " + std::to_string(seat) + " publishes unmasking shares";
    case kDeckClaim: return "seat " + std::to_string(seat) + " answers the blocked-sector poll";
    case kDeckSecret: return "seat " + std::to_string(seat) + " reveals its deck key";
    default: return rules_.describe(seat, order);
  }
}

std::string HiddenTable::introduction(Seat viewer) const {
  return rules_.introduction(viewer) +
         "\nHidden hands: the deck is masked by every person's key; nobody sees a hand but its captain's client "
         "(officers' hands: the peer that runs them).";
}

}  // namespace concord::warp::hidden
