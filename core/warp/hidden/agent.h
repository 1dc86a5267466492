// A key holder's client side of the hidden table (issue 26): its deck key and what only it can read. Everything
// here is a pure function of (the public table, the key), so a crashed client that comes back with the same
// identity recovers its hand from the shared state alone, and nothing secret is ever written into that state.
#pragma once

#include <map>
#include <vector>

#include "core/warp/hidden/hidden_table.h"

namespace concord::warp::hidden {

class HolderAgent {
 public:
  HolderAgent(Seat holder, const DeckKey& key);
  Seat holder() const { return holder_; }

  /// The deck orders this holder owes the table now: its key, its shuffle, shares, poll answers, its key at the end.
  std::vector<Order> deckOrders(const HiddenTable& t) const;
  /// Masked positions this holder reads for seat s (a seat it keeps): position -> coordinate.
  std::map<uint8_t, Tile> readable(const HiddenTable& t, Seat s) const;
  /// The rules' state as seat s knows it: s's unseen coordinates filled in, everyone else's still unknown. Its
  /// observe(s) and legalOrders(s) are what seat s's person or officer plays from.
  WarpGame viewFor(const HiddenTable& t, Seat s) const;
  /// Seat s's game orders with the proofs they need in front: the holder's own share of every coordinate they
  /// take from s's hand or wager, so every peer reads the coordinate and checks it at once.
  std::vector<Order> withProofs(const HiddenTable& t, Seat s, const std::vector<Order>& orders) const;

 private:
  Seat holder_;
  DeckKey key_;
  deck::Scalar x_;
};

/// The deck key's scalar (what a holder's public key is of): the same derivation for every client and the audit.
deck::Scalar holderScalar(const DeckKey& key);

}  // namespace concord::warp::hidden
