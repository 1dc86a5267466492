#include "lockstep/deck_duty.h"

#include <sodium.h>

#include "lockstep/bundle.h"
#include "lockstep/membership.h"

namespace concord::lockstep {

HolderKey deckKeyFor(const KeyPair& k, const det::Hash128& gameId) {
  ensureSodium();
  static constexpr char kLabel[] = "concord.deck-key.v1";
  HolderKey out{};
  crypto_generichash_state st;
  crypto_generichash_init(&st, k.secretKey.data(), 32, out.size());  // the Ed25519 seed half of the secret
  crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(kLabel), sizeof kLabel - 1);
  uint8_t id[16];
  for (int i = 0; i < 8; ++i) {
    id[i] = static_cast<uint8_t>(gameId.lo >> (8 * i));
    id[8 + i] = static_cast<uint8_t>(gameId.hi >> (8 * i));
  }
  crypto_generichash_update(&st, id, sizeof id);
  crypto_generichash_final(&st, out.data(), out.size());
  return out;
}

namespace {
bool keeps(const TurnEngine& e, Seat keeper, const KeyPair& ours) {
  return keeper < e.session().seats.size() && e.session().seats[keeper].key == ours.publicKey &&
         !e.session().seats[keeper].ai;
}
}  // namespace

std::vector<Order> withDeckDuty(const TurnEngine& e, Seat s, const KeyPair& ours, std::vector<Order> orders) {
  const HiddenInfo* hidden = e.game().hiddenInfo();
  if (!hidden) return orders;
  const HolderKey key = deckKeyFor(ours, e.gameId());
  std::vector<Order> out;
  size_t first = 0;
  if (!orders.empty() && orders.front().kind == kSubstitute) out.push_back(orders[first++]);
  if (hidden->keeperOf(s) == s && keeps(e, s, ours)) {
    auto owed = hidden->owedOrders(s, key);
    out.insert(out.end(), owed.begin(), owed.end());
  }
  std::vector<Order> game, system;
  for (size_t i = first; i < orders.size(); ++i) (orders[i].kind >= kSystemOrderBase ? system : game).push_back(orders[i]);
  if (!game.empty() && keeps(e, hidden->keeperOf(s), ours)) game = hidden->withProofs(s, key, game);
  out.insert(out.end(), game.begin(), game.end());
  out.insert(out.end(), system.begin(), system.end());
  if (out.size() > kMaxOrdersPerBundle) out.resize(kMaxOrdersPerBundle);
  return out;
}

namespace {
OwnBundleRewrite& rewriteSlot() {
  static OwnBundleRewrite slot;
  return slot;
}
}  // namespace

void setOwnBundleRewrite(OwnBundleRewrite rewrite) { rewriteSlot() = std::move(rewrite); }
const OwnBundleRewrite& ownBundleRewrite() { return rewriteSlot(); }

std::unique_ptr<Game> seatView(const TurnEngine& e, Seat s, const KeyPair& ours) {
  const HiddenInfo* hidden = e.game().hiddenInfo();
  if (!hidden || !keeps(e, hidden->keeperOf(s), ours)) return nullptr;
  return hidden->viewFor(s, deckKeyFor(ours, e.gameId()));
}

}  // namespace concord::lockstep
