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

std::vector<Seat> keepersFor(const std::vector<bool>& ai, const std::vector<std::array<uint8_t, 32>>& keys) {
  std::vector<Seat> keeper(ai.size(), 0);
  Seat firstPerson = 0;
  for (Seat s = static_cast<Seat>(ai.size()); s-- > 0;)
    if (!ai[s]) firstPerson = s;
  for (Seat s = 0; s < ai.size(); ++s) {
    keeper[s] = ai[s] ? firstPerson : s;
    if (!ai[s]) continue;
    for (Seat p = 0; p < ai.size(); ++p)
      if (!ai[p] && keys[p] == keys[s]) {
        keeper[s] = p;
        break;
      }
  }
  return keeper;
}


}  // namespace concord
