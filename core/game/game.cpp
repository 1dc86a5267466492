#include "core/game/game.h"

namespace concord {

det::Rng botStream(const det::Seed& seed, Seat seat, uint32_t turn) {
  return det::Rng::stream(seed, "ai." + std::to_string(seat) + "." + std::to_string(turn));
}

det::Hash128 stateHash(const Game& g) {
  det::Writer w;
  g.write(w);
  return w.digest();
}

}  // namespace concord
