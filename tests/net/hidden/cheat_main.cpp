// A modified client for the hidden-hands table test (issue 26): `concord bot` whose own seat, twice, draws although
// its hand charts (RULES §III "draw only when you cannot chart"), dropping its proofs and its officer mark as a
// cheater's client would. The table cannot see the hand and takes the draw; every peer's `replay verify` must name
// this seat once the sector's end reveals the keys.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/warp/orders.h"
#include "lockstep/assistance.h"
#include "lockstep/deck_duty.h"
#include "tools/concord/command.h"

namespace concord::cli {
int runBot(Args args);
}

int main(int argc, char** argv) {
  using namespace concord;
  int cheats = 0;
  lockstep::setOwnBundleRewrite([&cheats](const lockstep::TurnEngine& e, Seat s, const lockstep::KeyPair& key,
                                          std::vector<Order>& orders) {
    if (cheats >= 2 || e.session().seats[s].key != key.publicKey || e.session().seats[s].ai) return;
    const Game& g = e.game();
    auto aw = g.awaiting();
    if (!g.hiddenInfo() || std::find(aw.begin(), aw.end(), s) == aw.end()) return;
    auto pub = g.legalOrders(s);
    if (std::none_of(pub.begin(), pub.end(), [](const Order& o) { return o.kind == warp::kDraw; })) return;
    auto view = lockstep::seatView(e, s, key);
    if (!view) return;
    auto legal = view->legalOrders(s);
    if (std::none_of(legal.begin(), legal.end(), [](const Order& o) { return o.kind == warp::kChart; })) return;
    orders = {warp::simpleOrder(warp::kDraw)};
    std::fprintf(stderr, "CHEAT turn %u seat %u: draws while holding a chart\n", e.turn(), static_cast<unsigned>(s));
    ++cheats;
  });
  std::vector<std::string> args(argv + 1, argv + argc);
  return cli::runBot(args);
}
