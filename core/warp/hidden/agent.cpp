#include "core/warp/hidden/agent.h"

#include <algorithm>

namespace concord::warp::hidden {

deck::Scalar holderScalar(const DeckKey& key) { return deck::deriveScalar(key, "x", 0, 0); }

HolderAgent::HolderAgent(Seat holder, const DeckKey& key) : holder_(holder), key_(key), x_(holderScalar(key)) {}

std::vector<Order> HolderAgent::deckOrders(const HiddenTable& t) const {
  const auto owed = t.owed(holder_);
  std::vector<Order> out;
  if (owed.key) out.push_back(keyOrder(deck::proveKey(x_, t.context(holder_, 0, deck::Purpose::Key))));
  if (owed.shuffle) {
    auto next = deck::remask(t.deck(), t.jointKey(), key_, t.epoch());
    auto orders = shuffleOrders(t.epoch(), next);
    out.insert(out.end(), orders.begin(), orders.end());
  }
  if (!owed.shares.empty()) {
    std::vector<deck::Share> shares;
    for (uint16_t p : owed.shares)
      shares.push_back(deck::makeShare(x_, t.deck()[p], t.context(holder_, p, deck::Purpose::Share)));
    auto orders = shareOrders(t.epoch(), shares);
    out.insert(out.end(), orders.begin(), orders.end());
  }
  for (Seat c : owed.claims) out.push_back(claimOrder(Claim{c, viewFor(t, c).couldChart(static_cast<uint8_t>(c))}));
  if (owed.secret) out.push_back(secretOrder(key_));
  return out;
}

std::map<uint8_t, Tile> HolderAgent::readable(const HiddenTable& t, Seat s) const {
  std::map<uint8_t, Tile> out;
  if (t.keeperOf(s) != holder_ || t.hops() < t.holders().size()) return out;
  const auto set = fullSet(t.rules().config().maxPip);
  for (const auto& u : t.rules().unknowns()) {
    if (u.seat != s) continue;
    std::vector<deck::Point> ds;
    for (size_t h = 0; h < t.holders().size(); ++h) {
      if (t.holders()[h] == holder_) ds.push_back(deck::ownShare(x_, t.deck()[u.position]));
      else if (const auto& d = t.share(u.position, h)) ds.push_back(*d);
    }
    if (ds.size() != t.holders().size()) continue;  // a share is still on its way
    const deck::Point m = deck::unmask(t.deck()[u.position], ds);
    if (auto ix = t.tileOf(m)) out[u.position] = set[*ix];
  }
  return out;
}

WarpGame HolderAgent::viewFor(const HiddenTable& t, Seat s) const {
  WarpGame g = t.rules();
  for (const auto& [position, tile] : readable(t, s)) g.reveal(position, tile);
  return g;
}

std::vector<Order> HolderAgent::withProofs(const HiddenTable& t, Seat s, const std::vector<Order>& orders) const {
  const auto mine = readable(t, s);
  std::vector<deck::Share> proofs;
  for (const auto& o : orders) {
    auto d = decodeOrder(o, t.rules().config().maxPip);
    if (!d || (d->kind != kChart && d->kind != kWagerKeep)) continue;
    for (const auto& [position, tile] : mine)
      if (tile == d->tile)
        proofs.push_back(deck::makeShare(x_, t.deck()[position], t.context(holder_, position, deck::Purpose::Share)));
  }
  auto out = shareOrders(t.epoch(), proofs);
  out.insert(out.end(), orders.begin(), orders.end());
  return out;
}

}  // namespace concord::warp::hidden

namespace concord::warp::hidden {

std::vector<Order> HiddenTable::owedOrders(Seat holder, const HolderKey& key) const {
  if (holderIndex(holder) < 0) return {};
  return HolderAgent(holder, key).deckOrders(*this);
}

std::unique_ptr<Game> HiddenTable::viewFor(Seat s, const HolderKey& keeperKey) const {
  return std::make_unique<WarpGame>(HolderAgent(keeperOf_[s], keeperKey).viewFor(*this, s));
}

std::vector<Order> HiddenTable::withProofs(Seat s, const HolderKey& keeperKey, const std::vector<Order>& orders) const {
  return HolderAgent(keeperOf_[s], keeperKey).withProofs(*this, s, orders);
}

}  // namespace concord::warp::hidden
