#include "core/game/game.h"

namespace concord {

det::Hash128 stateHash(const Game& g) {
  det::Writer w;
  g.write(w);
  return w.digest();
}

}  // namespace concord
