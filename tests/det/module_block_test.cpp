// Issue 30: shed, Every Last City and W.E.B. write their whole state through Writer::Block at every Seal, and
// Every Last City copies the bytes of what never changes (its config and map, its append-only Seal records, VC-250)
// instead of writing them again. The untraced write (every Seal) must equal the traced write (desync diffs, which
// writes every field afresh) byte for byte on every state of a played game, the traced write must still name the
// fields, and a game read back from its bytes (snapshot, rejoin) must go on writing the same bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/game/registry.h"
#include "lockstep/desync.h"
#include "lockstep/selfplay.h"
#include "lockstep/turn_engine.h"
#include "tests/support/seed_of.h"

using namespace concord;
using concord::det::Writer;

namespace {

std::vector<uint8_t> bytesWritten(const Writer& w) { return {w.data().begin(), w.data().end()}; }

std::unique_ptr<Game> started(const char* module, const ConfigOptions& options, Seat seats, uint64_t seed) {
  auto m = findModule(module);
  EXPECT_TRUE(m.ok());
  auto g = (*m)->create();
  auto cfg = (*m)->parseConfig(options);
  EXPECT_TRUE(cfg.ok()) << cfg.message();
  auto r = g->setup(*cfg, test_support::seedOf(seed), seats);
  EXPECT_TRUE(r.ok()) << r.message();
  return g;
}

// One turn of the module's default bots, as a local table plays it.
void playTurn(Game& g, uint32_t turn, uint64_t seed) {
  auto m = findModule(g.info().moduleId);
  const auto awaiting = g.awaiting();
  std::vector<std::vector<Order>> orders(awaiting.size());
  std::vector<SeatOrders> bySeat;
  for (size_t i = 0; i < awaiting.size(); ++i) {
    const Seat s = awaiting[i];
    auto rng = botStream(test_support::seedOf(seed), s, turn);
    orders[i] = (*m)->makeBot((*m)->botKinds.front(), s)->choose(g.observeForOfficer(s), g.legalOrders(s), rng);
    bySeat.push_back(SeatOrders{s, orders[i]});
  }
  g.apply(TurnInput{turn, bySeat});
  g.seal(turn);
}

// The untraced and traced writes of `g` agree, and the traced one names every byte once, in order.
void expectTracedEqualsUntraced(const Game& g, const std::string& where) {
  Writer fast, traced(true);
  g.write(fast);
  g.write(traced);
  ASSERT_EQ(bytesWritten(fast), bytesWritten(traced)) << where;
  size_t at = 0;
  for (const auto& e : traced.trace()) {
    ASSERT_EQ(e.begin, at) << where << ": " << e.path << " does not start where the previous field ended";
    at = e.end;
  }
  EXPECT_EQ(at, traced.size()) << where;
}

// Plays `turns` Seals (or to the end), checking every state; returns how many states were checked.
size_t playChecking(Game& g, uint32_t turns, uint64_t seed) {
  size_t states = 0;
  for (uint32_t t = 0; t < turns && !g.outcome(); ++t) {
    playTurn(g, t, seed);
    expectTracedEqualsUntraced(g, g.info().moduleId + " turn " + std::to_string(t));
    if (::testing::Test::HasFatalFailure()) return states;
    ++states;
  }
  return states;
}

// The traced write names a field `path`; a '*' in it stands for any index ("ship[*].dest").
bool namesField(const Game& g, const std::string& path) {
  Writer traced(true);
  g.write(traced);
  const auto star = path.find('*');
  return std::any_of(traced.trace().begin(), traced.trace().end(), [&](const det::TraceEntry& e) {
    if (star == std::string::npos) return e.path == path;
    return e.path.starts_with(path.substr(0, star)) && e.path.ends_with(path.substr(star + 1)) &&
           e.path.size() > path.size() - 1;
  });
}

void expectNamesFields(const Game& g, std::initializer_list<const char*> paths) {
  for (const char* path : paths) EXPECT_TRUE(namesField(g, path)) << path;
}

}  // namespace

TEST(ModuleBlock, ShedAt32SeatsWritesTheSameBytesTracedAndUntracedOnEveryState) {
  auto g = started("shed", {{"deck", "7"}, {"hands", "2"}}, 32, 30);
  EXPECT_GT(playChecking(*g, 100000, 30), 500u);
  expectNamesFields(*g, {"shed.seats", "shed.cfg.maxTurns", "shed.rng.deal.s2", "shed.seat[31].hand", "shed.seat[7].score",
                         "shed.pile", "shed.passesSincePlay", "shed.over"});
}

TEST(ModuleBlock, WebWritesTheSameBytesTracedAndUntracedOnEveryState) {
  auto g = started("web", {{"turns", "24"}}, 4, 31);
  EXPECT_EQ(playChecking(*g, 100000, 31), 24u);
  expectNamesFields(*g, {"config.turnLimit", "combat.s1", "system[3].name", "system[5].joining", "ship[*].dest",
                         "empire[2].knowledge", "pacts", "events"});
}

// VC-250/VC-260: the Seal records are copied from bytes made as each was appended; the traced write makes them afresh.
TEST(ModuleBlock, ElcWritesTheSameBytesTracedAndUntracedOnEveryStateWithItsKeptBytes) {
  auto g = started("elc", {{"preset", "blitz"}}, 4, 32);
  EXPECT_GT(playChecking(*g, 100000, 32), 20u);
  ASSERT_TRUE(g->outcome().has_value());
  expectNamesFields(*g, {"config", "world.site[3].name", "world.potentialOutput", "seal[4].tenure", "seal[1].ratio",
                         "player[2].track[5].published", "chronicle", "verdictCooldownThrough"});
}

// A game read from its bytes (a snapshot, a rejoin) keeps the same bytes as the game it came from, and both go on
// writing the same bytes as their Seal records grow.
TEST(ModuleBlock, ElcReadFromItsBytesKeepsWritingTheSameBytes) {
  for (const char* preset : {"standard-war", "blitz"}) {
    auto g = started("elc", {{"preset", preset}}, 3, 33);
    for (uint32_t t = 0; t < 12; ++t) playTurn(*g, t, 33);
    Writer w;
    g->write(w);
    auto copy = started("elc", {{"preset", preset}}, 3, 99);  // another game's map and records, to be replaced
    det::Reader r(w.data(), "elc state");
    ASSERT_TRUE(copy->read(r).ok());
    ASSERT_TRUE(r.finish().ok());
    expectTracedEqualsUntraced(*copy, std::string(preset) + " read back");
    for (uint32_t t = 12; t < 24 && !g->outcome(); ++t) {
      playTurn(*g, t, 33);
      playTurn(*copy, t, 33);
      Writer a, b;
      g->write(a);
      copy->write(b);
      ASSERT_EQ(bytesWritten(a), bytesWritten(b)) << preset << " turn " << t;
      expectTracedEqualsUntraced(*copy, std::string(preset) + " read back, turn " + std::to_string(t));
    }
  }
}

// A desync inside a kept Seal record is still reported by its field path (lockstep/desync.*).
TEST(ModuleBlock, ElcDesyncInsideAKeptSealRecordNamesTheField) {
  lockstep::SelfPlayParams p;
  p.moduleId = "elc";
  p.seats = 3;
  p.seed = 5;
  auto session = lockstep::selfPlaySession(p);
  ASSERT_TRUE(session.ok()) << session.message();
  auto engine = lockstep::TurnEngine::create(*session).value();
  for (int t = 0; t < 8 && !engine->over(); ++t) {
    std::vector<std::vector<Order>> orders(session->seats.size());
    (void)engine->step(orders);
  }
  Writer fast, traced(true);
  engine->write(fast);
  engine->write(traced);
  ASSERT_EQ(bytesWritten(fast), bytesWritten(traced));
  auto it = std::find_if(traced.trace().begin(), traced.trace().end(),
                         [](const det::TraceEntry& e) { return e.path.ends_with("seal[3].standing"); });
  ASSERT_NE(it, traced.trace().end());
  auto bad = bytesWritten(fast);
  bad[it->begin] ^= 2;  // another even zig-zag value: a different Standing, still a readable state
  std::vector<lockstep::StateSample> samples = {{0, {0}, bytesWritten(fast)}, {1, {1}, bytesWritten(fast)}, {2, {2}, bad}};
  auto rep = lockstep::buildDesyncReport(*session, engine->turn(), 2, samples);
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_EQ(rep->fieldPath, it->path);
  EXPECT_EQ(rep->disagreeingSeats, std::vector<Seat>{2});
}
