// HiddenTable's deck bookkeeping: the deck orders it takes (each checked at once, the error naming what failed),
// what every holder owes, and the reveals that follow once a position's shares are all in.
#include <algorithm>

#include "core/warp/hidden/hidden_table.h"

namespace concord::warp::hidden {

namespace {
std::string pos(uint16_t p) { return "position " + std::to_string(p); }
}  // namespace

std::optional<uint16_t> HiddenTable::tileOf(const deck::Point& m) const {
  static const deck::TileTable all(190);  // RULES §II: Warp 18's set, the largest; constant data
  auto t = all.tileOf(m);
  if (!t || !std::binary_search(tiles_.begin(), tiles_.end(), *t)) return std::nullopt;
  return t;
}

deck::Context HiddenTable::context(Seat holder, uint16_t position, deck::Purpose purpose) const {
  deck::Context c;
  c.gameId = gameId_;
  c.epoch = purpose == deck::Purpose::Key ? 0 : epoch_;
  c.holder = holder;
  c.position = purpose == deck::Purpose::Key ? 0 : position;
  c.purpose = static_cast<uint8_t>(purpose);
  return c;
}

bool HiddenTable::handsHidden() const {
  for (const auto& u : rules_.unknowns())
    if (u.seat < rules_.seats()) return true;
  return false;
}

HiddenTable::Owed HiddenTable::owed(Seat holder) const {
  Owed o;
  if (holderIndex(holder) < 0) return o;
  const auto h = static_cast<size_t>(holderIndex(holder));
  if (!keysIn()) {
    o.key = !keys_[holder];
    return o;
  }
  if (epoch_ != rules_.deals()) return o;  // settle() starts the epoch
  if (hops_ < holders_.size()) {
    o.shuffle = holders_[hops_] == holder;
    return o;
  }
  for (const auto& u : rules_.unknowns()) {
    if (u.seat == kNone) continue;  // the pile: nobody looks
    const bool publicPlace = u.seat == WarpGame::kSeatPublic;
    const bool mine = !publicPlace && keeperOf_[u.seat] == holder;
    if (mine && !revealAll_) continue;  // the last layer of my own seats stays mine
    if (!shares_[u.position][h]) o.shares.push_back(u.position);
  }
  // A poll is answered only once every share is in: a keeper reads its seat's whole hand before it claims.
  if (!sharesOwed())
    for (Seat s = 0; s < claims_.size(); ++s)
      if (claims_[s] == 1 && keeperOf_[s] == holder) o.claims.push_back(s);
  o.secret = rules_.over() && !revealAll_ && !stash_ && !secrets_[holder];
  return o;
}

std::string HiddenTable::stillOwed(Seat h, const Owed& o) const {
  const auto hi = static_cast<size_t>(holderIndex(h));
  std::string out;
  auto add = [&](const std::string& what) { out += (out.empty() ? "" : ", ") + what; };
  if (o.key && !keys_[h]) add("its key");
  if (o.shuffle && !(incomingFrom_ == h && std::all_of(incoming_.begin(), incoming_.end(), [](const auto& c) { return c.has_value(); })))
    add("its shuffle");
  size_t shares = 0;
  for (uint16_t p : o.shares)
    if (p < shares_.size() && hi < shares_[p].size() && !shares_[p][hi]) ++shares;
  if (shares) add(std::to_string(shares) + " share(s)");
  for (Seat c : o.claims)
    if (claims_[c] == 1) add("its answer to the Blocked-sector poll for seat " + std::to_string(c));
  if (o.secret && !secrets_[h]) add("its deck key at the sector's end");
  return out;
}

bool HiddenTable::sharesOwed() const {
  if (hops_ < holders_.size() || epoch_ != rules_.deals()) return false;
  for (const auto& u : rules_.unknowns()) {
    if (u.seat == kNone) continue;
    const bool publicPlace = u.seat == WarpGame::kSeatPublic;
    for (size_t h = 0; h < holders_.size(); ++h) {
      const bool mine = !publicPlace && keeperOf_[u.seat] == holders_[h];
      if ((!mine || revealAll_) && !shares_[u.position][h]) return true;
    }
  }
  return false;
}

bool HiddenTable::busy() const {
  for (Seat h : holders_)
    if (!owed(h).empty()) return true;
  return revealAll_ || pendingBlock_;
}

Result<void> HiddenTable::takeDeckOrder(Seat s, const Order& o, uint32_t turn) {
  if (holderIndex(s) < 0) return Err("seat ", s, " holds no deck key: its deck order is refused");
  switch (o.kind) {
    case kDeckKey: {
      auto p = readKeyOrder(o);
      if (!p) return Err("deck key: ", p.message());
      if (keys_[s]) return Err("deck key: seat ", s, " already published its key");
      if (auto v = deck::verifyKey(*p, context(s, 0, deck::Purpose::Key)); !v)
        return Err("deck key of seat ", s, " refused: ", v.message());
      keys_[s] = p->X;
      if (keysIn()) {
        std::vector<deck::Point> all;
        for (Seat holder : holders_) all.push_back(*keys_[holder]);
        joint_ = deck::jointKey(all);
      }
      return Ok();
    }
    case kDeckShuffle: {
      auto sl = readShuffleOrder(o);
      if (!sl) return Err("deck shuffle: ", sl.message());
      if (!owed(s).shuffle) return Err("deck shuffle: it is not seat ", s, "'s turn to shuffle");
      if (sl->epoch != epoch_) return Err("deck shuffle: for deal ", sl->epoch, ", this is deal ", epoch_);
      if (static_cast<size_t>(sl->first) + sl->ciphers.size() > deck_.size())
        return Err("deck shuffle: slice past the deck's ", deck_.size(), " positions");
      // Slices land in the incoming deck; the hop counts once every position of it came in this turn.
      for (size_t i = 0; i < sl->ciphers.size(); ++i) incoming_[sl->first + i] = sl->ciphers[i];
      incomingFrom_ = s;
      return Ok();
    }
    case kDeckShares: {
      auto b = readShareOrder(o);
      if (!b) return Err("deck shares: ", b.message());
      if (b->epoch != epoch_) return Err("deck shares: for deal ", b->epoch, ", this is deal ", epoch_);
      return takeShares(s, *b, turn);
    }
    case kDeckClaim: {
      auto c = readClaimOrder(o);
      if (!c) return Err("deck claim: ", c.message());
      if (c->seat >= claims_.size() || claims_[c->seat] != 1 || keeperOf_[c->seat] != s)
        return Err("deck claim: seat ", s, " was not asked about seat ", c->seat);
      claims_[c->seat] = c->couldChart ? 3 : 2;
      lastClaims_.push_back(*c);
      return Ok();
    }
    case kDeckSecret: {
      auto k = readSecretOrder(o);
      if (!k) return Err("deck secret: ", k.message());
      if (!rules_.over()) return Err("deck secret: seat ", s, " revealed its key before the sector's end");
      if (secrets_[s]) return Ok();
      auto x = deck::deriveScalar(*k, "x", 0, 0);
      if (deck::publicKey(x) != *keys_[s]) return Err("deck secret: seat ", s, "'s key does not match its published key");
      secrets_[s] = *k;
      return Ok();
    }
    default: return Err("unknown deck order kind ", o.kind);
  }
}

Result<void> HiddenTable::takeShares(Seat s, const ShareBatch& b, uint32_t turn) {
  const auto h = static_cast<size_t>(holderIndex(s));
  const auto unknown = rules_.unknowns();
  for (const auto& sh : b.shares) {
    if (sh.position >= deck_.size() || hops_ < holders_.size()) return Err("share of ", pos(sh.position), ": no such masked position");
    auto at = std::find_if(unknown.begin(), unknown.end(), [&](const auto& u) { return u.position == sh.position; });
    if (at == unknown.end()) return Err("share of ", pos(sh.position), ": that coordinate is already face up");
    if (at->seat == kNone) return Err("share of ", pos(sh.position), ": it lies in Uncharted Sectors, nobody may look");
    if (shares_[sh.position][h] == sh.d) continue;  // a resent bundle's share: already in
    // A share that does not verify is handled like a silent seat (issue 26): the holder leaves the deck for good
    // and the round is re-dealt without its layer, so a client that keeps sending wrong shares cannot stall the table.
    std::string why;
    if (shares_[sh.position][h]) why = "it differs from the one it published";
    else if (auto v = deck::verifyShare(sh, *keys_[s], deck_[sh.position], context(s, sh.position, deck::Purpose::Share)); !v)
      why = v.message();
    if (!why.empty()) {
      present_[s] = kExpelled;
      expelledNow_ = true;
      breaches_.push_back({turn, s, "sent a share of position " + std::to_string(sh.position) + " that does not verify (" + why + ")"});
      return Err("share of ", pos(sh.position), " by seat ", s, " refused: ", why,
                 "; seat ", s, " leaves the deck for the rest of the game (its hand is kept by the lowest person present) and the round is re-dealt");
    }
    shares_[sh.position][h] = sh.d;
  }
  return Ok();
}

void HiddenTable::startEpoch() {
  epoch_ = rules_.deals();
  tiles_.clear();
  for (Tile t : rules_.deckTiles()) tiles_.push_back(static_cast<uint16_t>(t.index()));
  deck_ = deck::openDeck(tiles_, joint_);
  incoming_.assign(deck_.size(), std::nullopt);
  hops_ = 0;
  shares_.assign(deck_.size(), std::vector<std::optional<deck::Point>>(holders_.size()));
}

void HiddenTable::revealPublic() {
  for (const auto& u : rules_.unknowns()) {
    auto& row = shares_[u.position];
    if (!std::all_of(row.begin(), row.end(), [](const auto& d) { return d.has_value(); })) continue;
    std::vector<deck::Point> ds;
    for (const auto& d : row) ds.push_back(*d);
    const deck::Point m = deck::unmask(deck_[u.position], ds);
    const std::optional<uint16_t> t = tileOf(m);
    const auto set = fullSet(rules_.config().maxPip);
    if (!t || !rules_.reveal(u.position, set[*t])) {
      faults_.push_back("deal " + std::to_string(epoch_) + ", " + pos(u.position) +
                        ": its shares open no coordinate of this deck (a shuffle was tampered with; the audit names who)");
      continue;
    }
    row.assign(holders_.size(), std::nullopt);  // face up now: its shares are no longer needed
  }
}

void HiddenTable::closePoll() {
  if (std::count(claims_.begin(), claims_.end(), 1) > 0) return;
  const bool asked = std::any_of(claims_.begin(), claims_.end(), [](uint8_t c) { return c >= 2; });
  if (!asked) return;
  const bool stuck = std::none_of(claims_.begin(), claims_.end(), [](uint8_t c) { return c == 3; });
  std::fill(claims_.begin(), claims_.end(), 0);
  if (!stuck) return;
  pendingBlock_ = revealAll_ = true;
  lastPollBlocked_ = true;
}

void HiddenTable::settle() {
  closePoll();
  for (int guard = 0; guard < 4; ++guard) {
    if (incomingFrom_ && std::all_of(incoming_.begin(), incoming_.end(), [](const auto& c) { return c.has_value(); })) {
      for (size_t i = 0; i < deck_.size(); ++i) deck_[i] = *incoming_[i];
      ++hops_;
    }
    incoming_.assign(deck_.size(), std::nullopt);
    incomingFrom_.reset();
    if (keysIn() && epoch_ != rules_.deals() && !rules_.over())
      startEpoch();
    if (hops_ < holders_.size() || deck_.empty()) return;
    revealPublic();
    if (!revealAll_ || handsHidden()) return;
    revealAll_ = false;
    if (stash_) {
      std::vector<SeatOrders> in;
      for (Seat s = 0; s < stash_->size(); ++s) in.push_back(SeatOrders{s, (*stash_)[s]});
      lastRulesTurn_ = *stash_;
      for (const auto& rj : rules_.apply(TurnInput{0, in})) {
        faults_.push_back("seat " + std::to_string(rj.seat) + "'s round-ending order refused: " + rj.reason);
        auto& v = lastRulesTurn_[rj.seat];
        v.erase(v.begin() + rj.index - static_cast<uint32_t>((*stash_)[rj.seat].size() - v.size()));
      }
      stash_.reset();
    } else if (pendingBlock_) {
      pendingBlock_ = false;
      rules_.blockByClaims();
    }
    afterRules(false);
  }
}

void HiddenTable::afterRules(bool freshTurn) {
  std::fill(claims_.begin(), claims_.end(), 0);
  // §V Blocked sector: with Uncharted and the grid empty, the captains holding unseen coordinates are polled at
  // each new helm; if every one of them is stuck the round blocks once hands are open (the audit checks claims).
  const WarpGame& g = rules_;
  if (!freshTurn || g.over() || g.phase() != Phase::Play || !g.pile().empty() || !g.grid().empty()) return;
  if (!g.helmFresh()) return;
  // A captain whose known coordinates already chart settles it: not blocked, nobody is asked.
  for (uint8_t s = 0; s < g.seats(); ++s)
    if (g.couldChart(s)) return;
  for (const auto& u : g.unknowns())
    if (u.seat < g.seats()) claims_[u.seat] = 1;
}

}  // namespace concord::warp::hidden
