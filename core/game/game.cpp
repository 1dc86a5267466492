#include "core/game/game.h"

namespace concord {

det::Rng botStream(const det::Seed& seed, Seat seat, uint32_t turn) {
  return det::Rng::stream(seed, "ai." + std::to_string(seat) + "." + std::to_string(turn));
}

std::vector<Rejection> Game::checkOrders(Seat seat, std::span<const Order> orders) const {
  std::vector<Rejection> out;
  for (uint32_t i = 0; i < orders.size(); ++i)
    if (auto ok = validate(seat, orders[i]); !ok) out.push_back({seat, i, ok.message()});
  return out;
}

det::Hash128 stateHash(const Game& g) {
  det::Writer w;
  g.write(w);
  return w.digest();
}

}  // namespace concord
