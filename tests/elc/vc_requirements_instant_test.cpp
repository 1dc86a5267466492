// The Seal as the one instant victory is evaluated (§2, §3; issue 29: requirements no test cited): nothing moves
// before it, it reads the settled board, its steps keep their order, it is a pure, integer, PRNG-free function
// that every machine computes alike, and its schedule is a closed form of the turn.
#include <gtest/gtest.h>

#include <regex>

#include "core/elc/orders.h"
#include "core/elc/terms.h"
#include "core/elc/view.h"
#include "tests/elc/support.h"
#include "tests/support/source_text.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

std::vector<uint8_t> bytesOf(const ElcGame& g) {
  det::Writer w;
  g.write(w);
  return w.take();
}

std::string source(const char* rel) {
  std::ifstream in(std::string(CONCORD_SOURCE_DIR) + "/" + rel);
  std::stringstream s;
  s << in.rdbuf();
  return concord::testing::stripCommentsAndStrings(s.str());
}

}  // namespace

TEST(ElcSealInstant, Vc200NothingIsEvaluatedBeforeTheSealAndVc290NoSealOutputIsVisibleBeforeIt) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  playTurn(g, {});
  // Three Red Legions beside a neutral city (garrison 2, docs/elc-world.md) take it in turn 2's orders.
  int32_t target = -1;
  for (int32_t c = 0; c < static_cast<int32_t>(g.cities().size()) && target < 0; ++c)
    if (g.cities()[c].owner == kNeutral && g.world().cities[c].landmark < 0) target = c;
  const int32_t tile = g.world().cities[target].tile;
  const int32_t beside = g.world().grid.x(tile) > 0 ? tile - 1 : tile + 1;
  std::vector<Order> moves;
  for (int k = 0; k < 3; ++k) moves.push_back(makeMove(g.addUnitForScenario(0, beside), static_cast<uint32_t>(tile)));
  const Player before = g.players()[0];
  auto trackView = [&g]() {  // what Blue is told of Red's Tracks and Tenure (the board itself has no fog here)
    auto v = decodeView(g.observe(1).canonical);
    EXPECT_TRUE(v.ok());
    std::vector<int64_t> out{v->players[0].tenure};
    for (const auto& t : v->players[0].tracks) out.insert(out.end(), {t.track, t.band, t.vigil, t.published});
    return out;
  };
  const auto watched = trackView();
  std::vector<SeatOrders> so{SeatOrders{0, moves}, SeatOrders{1, {}}};
  auto rej = g.apply(TurnInput{g.turn(), so});
  ASSERT_TRUE(rej.empty()) << rej.front().reason;
  ASSERT_EQ(g.cities()[target].owner, 0) << "the capture is settled in the orders (VC-3140)";
  // VC-200/VC-430: an ownership change evaluates nothing; VC-290: the rival's view is what the last Seal published.
  EXPECT_EQ(g.players()[0].cities, before.cities);
  EXPECT_EQ(g.players()[0].standing, before.standing);
  EXPECT_EQ(g.players()[0].tracks[0].progress, before.tracks[0].progress);
  EXPECT_EQ(g.sealRecords().size(), 1u);
  EXPECT_EQ(trackView(), watched);
  g.seal(g.turn());
  EXPECT_EQ(g.players()[0].cities, before.cities + 1) << "evaluated at the Seal, once";
  EXPECT_EQ(g.sealRecords().size(), 2u);
}

TEST(ElcSealInstant, Vc210TheSealReadsTheBoardAfterTheTurnsEconomyVc240FromItsSnapshot) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  const int32_t seat = g.players()[0].seatCity;
  g.cityForScenario(seat).integration = 95;  // the turn's economy raises it to 100 before the Seal
  const int64_t base = g.world().cities[seat].baseWorks;
  ASSERT_GE(base, 2);
  playTurn(g, {});
  EXPECT_EQ(g.cities()[seat].integration, 100);
  EXPECT_EQ(g.players()[0].output, g.cityWorks(seat, 1)) << "output at Integration 100, not 95";
  EXPECT_NE(g.cityWorks(seat, 1), base * 95 / 100);
}

TEST(ElcSealInstant, Vc230CompletionBeforeCapitulationOnOneSealVc280LeaversAreSkipped) {
  ElcGame g = quiet(preset(Preset::StandardWar), 14, 3);
  ASSERT_EQ(dominionStart(g.config(), g.facts()), 666) << "VC-910 for 3 seats";
  giveCities(g, 0, 31);  // 32 of 48 = 666
  auto& green = g.playerForScenario(2);
  green.peakCities = 17;
  green.peakOutput = 100;
  g.cityForScenario(g.players()[2].seatCity).integration = 0;  // Broken from turn 1: capitulates at 3 (C = 3)
  for (int i = 0; i < 3; ++i) playTurn(g, {});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.turn(), 3u);
  EXPECT_EQ(g.route(), "Dominion") << "S8/S9 before S13: the Track wins, the cession is moot";
  EXPECT_EQ(g.winner(), 0);
  // VC-280: a player who left is absent from every later Seal record (S2..S12 skip it).
  ElcGame h = quiet(preset(Preset::StandardWar), 14, 3);
  h.playerForScenario(1).concede = true;
  playTurn(h, {});
  ASSERT_FALSE(h.live(1));
  const int64_t frozen = h.players()[1].standing;
  playTurn(h, {});
  for (const auto& p : h.sealRecords().back().players) EXPECT_NE(p.seat, 1u);
  EXPECT_EQ(h.players()[1].standing, frozen);
}

TEST(ElcSealInstant, Vc100EveryMachineComputesTheSameSealsAndVc3320ADivergenceShowsAtItsSeal) {
  auto play = [](int divergeAt) {
    ElcGame g = started(preset(Preset::StandardWar), 21, 3);
    std::vector<std::vector<uint8_t>> states;
    playOut(g, 21, 40, [&](ElcGame& s) {
      if (static_cast<int>(s.turn()) == divergeAt) s.playerForScenario(2).tenure += 1;  // one machine's mistake
      states.push_back(bytesOf(s));
    });
    return states;
  };
  auto a = play(-1), b = play(-1), c = play(25);
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(a, b) << "VC-100: the same state, Seal records included (VC-260), at every Seal";
  size_t first = 0;
  while (first < a.size() && first < c.size() && a[first] == c[first]) ++first;
  EXPECT_EQ(first, 24u) << "VC-3320: the states part at the Seal of turn 25, where the divergence happened";
}

TEST(ElcSealInstant, Vc150TheEbbIsAClosedFormOfTheTurnAndVc380ProgressOfTheBoardNotItsHistory) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  const Config c = g.config();
  const MapFacts m = g.facts();
  for (int i = 0; i < 150; ++i) playTurn(g, {});
  ASSERT_FALSE(g.over());
  EXPECT_EQ(g.players()[0].tracks[0].threshold, thresholdAt(Track::Dominion, c, m, 150, 1))
      << "turn 150's threshold, evaluable before turn 1";
  // VC-380: the same board reached in two orders of capture gives the same progress.
  ElcGame x = quiet(preset(Preset::StandardWar), 12, 2), y = quiet(preset(Preset::StandardWar), 12, 2);
  auto got = giveCities(x, 0, 10);
  playTurn(x, {});
  for (auto it = got.rbegin(); it != got.rbegin() + 5; ++it) y.setOwner(*it, 0), y.cityForScenario(*it).integration = 100;
  playTurn(y, {});
  for (auto it = got.begin(); it != got.begin() + 5; ++it) y.setOwner(*it, 0), y.cityForScenario(*it).integration = 100;
  playTurn(x, {});
  playTurn(y, {});
  for (int t = 0; t < kTracks; ++t)
    EXPECT_EQ(x.players()[0].tracks[t].progress, y.players()[0].tracks[t].progress) << trackName(static_cast<Track>(t));
}

TEST(ElcSealInstant, Vc030EveryTrackIsIntegersAtEverySealVc480InNaturalUnits) {
  ElcGame g = quiet(preset(Preset::StandardWar), 12, 2);
  giveCities(g, 0, 9);
  g.setOwner(g.world().landmarks[1], 0);
  g.setOwner(g.world().landmarks[2], 0);
  playTurn(g, {});
  const auto& rec = g.sealRecords().back();
  ASSERT_EQ(rec.players.size(), 2u);
  for (const auto& p : rec.players) {
    size_t enabled = 0;
    for (int t = 0; t < kTracks; ++t) enabled += g.config().on(static_cast<Track>(t));
    EXPECT_EQ(p.tracks.size(), enabled) << "VC-1500: every enabled Track, live at once, for every player";
    for (const auto& tr : p.tracks)
      if (tr.threshold > 0) {
        EXPECT_EQ(tr.ratio, 1000 * tr.progress / tr.threshold) << "VC-490 from the same integers";
      }
  }
  const PlayerRecord& red = rec.players[0];
  auto find = [&](Track t) { return *std::find_if(red.tracks.begin(), red.tracks.end(), [&](auto& r) { return r.track == static_cast<uint8_t>(t); }); };
  EXPECT_EQ(find(Track::Keys).progress, 2) << "Landmarks";
  EXPECT_EQ(find(Track::Keys).threshold, 3);
  EXPECT_EQ(find(Track::Dominion).progress, 1000 * 12 / 48) << "per mille of MAP_CITIES";
}

TEST(ElcSealInstant, Vc110IntegerOnlyVc160NoPrngAtTheSealVc180NoUnorderedOrIdentityOrder) {
  const std::regex floating(R"(\b(float|double)\b)"), unordered(R"(\bunordered_(map|set)\b|std::hash\b|<chrono>|\btime\s*\()"),
      prng(R"(\bRng\b|\brng\b|\bdraw\s*\(|botStream)");
  for (const char* f : {"core/elc/seal.cpp", "core/elc/endgame.cpp", "core/elc/bands.cpp", "core/elc/rally.cpp",
                        "core/elc/teams.cpp", "core/elc/arith.cpp", "core/elc/terms.cpp", "core/elc/chronicle.cpp",
                        "core/elc/attention.cpp", "core/elc/apply.cpp"}) {
    std::string text = source(f);
    ASSERT_FALSE(text.empty()) << f;
    EXPECT_FALSE(std::regex_search(text, floating)) << f << ": VC-110";
    EXPECT_FALSE(std::regex_search(text, unordered)) << f << ": VC-180";
    if (std::string(f) != "core/elc/apply.cpp") {
      EXPECT_FALSE(std::regex_search(text, prng)) << f << ": VC-160";
    }
  }
}
