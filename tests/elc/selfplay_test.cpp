// Self-play properties (VC-3330, VC-090, VC-250/VC-260/VC-330) over seeded bot games on every preset, played
// directly and through the lockstep pipeline.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/elc/arith.h"
#include "core/elc/calibration.h"
#include "lockstep/selfplay.h"
#include "tests/elc/support.h"
#include "tests/support/test_scale.h"

using namespace concord;
using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

const Preset kPresets[] = {Preset::StandardWar, Preset::Tournament, Preset::EveryLastCity, Preset::LongWar, Preset::Blitz};

// The rank `who` would take against everyone else's final state with (tenure, standing) in place of its own:
// the first two links of the tie chain (VC-1520), the rest from the final state.
uint32_t rankWith(const ElcGame& g, Seat who, int64_t tenure, int64_t standing) {
  uint32_t above = 1;
  const auto& me = g.players()[who];
  for (Seat s = 0; s < g.players().size(); ++s) {
    if (s == who) continue;
    const auto& o = g.players()[s];
    bool oAbove = o.tenure != tenure ? o.tenure > tenure
                  : o.standing != standing ? o.standing > standing
                  : o.cities != me.cities ? o.cities > me.cities
                  : o.unitsLost != me.unitsLost ? o.unitsLost < me.unitsLost
                                                : s < who;
    above += oAbove ? 1 : 0;
  }
  return above;
}

}  // namespace

// VC-090: every game ends within the bound its Terms state; VC-3330: Tenure never decreases at any Seal;
// VC-270/VC-250: one Seal record per turn, retained; VC-3030: placings 1..n, winner first.
TEST(ElcSelfPlay, SeededGamesEndWithinTheBoundAndTenureNeverFalls) {
  const uint64_t games = concord::testing::scaled(8);
  std::map<std::string, int> routes;
  for (Preset p : kPresets) {
    for (uint64_t seed = 1; seed <= games; ++seed) {
      Config probe = preset(p);  // 2..6 seats on the 24x24 presets, 2..4 on the 16x16 ones
      Seat seats = static_cast<Seat>(2 + seed % (probe.width >= 24 ? 5 : 3));
      Config c = preset(p);
      c.topology = static_cast<Topology>(seed % 3);
      ElcGame g = started(c, seed, seats);
      std::vector<int64_t> last(seats, 0);
      playOut(g, seed, c.horizon + 5, [&](const ElcGame& s) {
        for (Seat k = 0; k < seats; ++k) {
          ASSERT_GE(s.players()[k].tenure, last[k]) << "VC-620/VC-3330: Tenure fell, seat " << k << " turn " << s.turn();
          last[k] = s.players()[k].tenure;
        }
      });
      ASSERT_TRUE(g.over()) << presetName(p) << " seed " << seed << " did not end by turn " << g.turn();
      EXPECT_LE(g.turn(), terminationBound(c)) << "VC-090";
      EXPECT_EQ(g.sealRecords().size(), g.turn()) << "VC-250, VC-270";
      for (size_t i = 0; i < g.sealRecords().size(); ++i) EXPECT_EQ(g.sealRecords()[i].turn, i + 1);
      std::vector<uint32_t> places;
      for (const auto& pl : g.players()) places.push_back(pl.placing);
      std::sort(places.begin(), places.end());
      for (size_t i = 0; i < places.size(); ++i) EXPECT_EQ(places[i], i + 1) << "VC-3030";
      EXPECT_EQ(g.players()[g.winner()].placing, 1u);
      ASSERT_FALSE(g.chronicle().empty());
      EXPECT_EQ(g.chronicle().back().cls, Chron::GameWon);
      const std::string record = g.resultRecord();  // VC-3050: every placing, the Terms, the Chronicle, versions
      EXPECT_NE(record.find("1. " + playerName(g.winner())), std::string::npos);
      EXPECT_NE(record.find(g.terms()), std::string::npos);
      EXPECT_NE(record.find("victoryPresentationVersion"), std::string::npos);
      ++routes[std::string(presetName(p)) + ": " + g.route()];
    }
  }
  for (const auto& [r, n] : routes) std::printf("  %s x%d\n", r.c_str(), n);
}

// VC-3040 / VC-3330: surviving one more Seal never lowers a final placing, all else equal. For every player
// and every Seal k of a finished game, leaving with the state of Seal k+1 ranks no worse than with Seal k.
TEST(ElcSelfPlay, Vc3040SurvivingOneMoreSealNeverLowersAPlacing) {
  const uint64_t games = concord::testing::scaled(6);
  for (uint64_t seed = 1; seed <= games; ++seed) {
    ElcGame g = started(preset(Preset::StandardWar), seed + 100, 4);
    playOut(g, seed, 260, [](const ElcGame&) {});
    ASSERT_TRUE(g.over());
    std::vector<std::pair<int64_t, int64_t>> prev(4, {-1, -1});
    for (const auto& rec : g.sealRecords()) {
      for (const auto& pr : rec.players) {
        if (prev[pr.seat].first >= 0) {
          uint32_t before = rankWith(g, pr.seat, prev[pr.seat].first, prev[pr.seat].second);
          uint32_t after = rankWith(g, pr.seat, pr.tenure, pr.standing);
          EXPECT_LE(after, before) << "seat " << pr.seat << " Seal " << rec.turn;
        }
        prev[pr.seat] = {pr.tenure, pr.standing};
      }
    }
  }
}

// VC-330/VC-3320: a game saved at any turn boundary resumes byte-identically; the Seal records survive.
TEST(ElcSelfPlay, Vc330SaveLoadResumesByteIdentically) {
  ElcGame g = started(preset(Preset::StandardWar), 9, 4);
  playOut(g, 9, 40, [](const ElcGame&) {});
  ElcGame loaded = reloaded(g);  // reads strictly and writes back the same bytes
  det::Writer w;
  g.write(w);
  const auto bytes = w.take();
  playOut(g, 9, 80, [](const ElcGame&) {});
  playOut(loaded, 9, 80, [](const ElcGame&) {});
  EXPECT_EQ(stateHash(g), stateHash(loaded));
  // Strict reader: every truncation is an error, never a crash.
  for (size_t cut = 0; cut < bytes.size(); cut += 97) {
    ElcGame x;
    det::Reader rr(std::span<const uint8_t>(bytes.data(), cut), "truncated");
    auto res = x.read(rr);
    EXPECT_TRUE(!res.ok() || !rr.finish().ok()) << "cut " << cut;
  }
}

// VC-260: the Seal records are fields of the canonical state; changing a past record changes the hash.
TEST(ElcSelfPlay, Vc260SealRecordsAreInTheStateHash) {
  ElcGame g = started(preset(Preset::StandardWar), 2, 3);
  playOut(g, 2, 12, [](const ElcGame&) {});
  det::Writer traced(true);
  g.write(traced);
  size_t sealFields = 0;
  size_t at = 0;
  for (const auto& e : traced.trace())
    if (e.path.rfind("seal[5].", 0) == 0 && e.path.find("tenure") != std::string::npos) ++sealFields, at = e.begin;
  ASSERT_GE(sealFields, 1u);
  auto bytes = traced.take();
  const auto before = det::hash128(bytes);
  bytes[at] ^= 1;  // one past Seal's Tenure
  EXPECT_NE(det::hash128(bytes), before);
  ElcGame x;
  det::Reader r(bytes, "tampered");
  if (x.read(r).ok()) {
    EXPECT_NE(stateHash(x), stateHash(g));
  }
}

// Observations: own values at full precision (VC-2170), Tenure exact for all (VC-2360), a rival's Track in the
// Rumour band unpublished (VC-2160).
TEST(ElcSelfPlay, ObservationPublishesByBand) {
  ElcGame g = started(preset(Preset::StandardWar), 5, 4);
  playTurn(g, {});
  auto v = decodeView(g.observe(1).canonical);
  ASSERT_TRUE(v.ok()) << v.message();
  EXPECT_EQ(v->players[0].tenure, g.players()[0].tenure);
  const auto& mine = v->players[1].tracks[0];
  EXPECT_EQ(mine.published, g.players()[1].tracks[0].ratio);
  const auto& rival = v->players[0].tracks[0];
  ASSERT_EQ(g.players()[0].tracks[0].band, Band::Rumour);
  EXPECT_EQ(rival.published, -1);
  EXPECT_NE(g.observe(1).text.find("Tenure"), std::string::npos);
}

// Headless games through the lockstep pipeline (signed bundles, Seal checks): complete, agree, no rejections.
TEST(ElcSelfPlay, PipelineGamesCompleteAndAgreeOnEveryPreset) {
  for (const char* p : {"standard-war", "every-last-city", "long-war", "blitz", "tournament"}) {
    for (uint64_t seed = 1; seed <= concord::testing::scaled(2); ++seed) {
      lockstep::SelfPlayParams sp;
      sp.moduleId = "elc";
      sp.options = {{"preset", p}};
      sp.seats = 4;
      sp.seed = seed;
      auto r = lockstep::runSelfPlay(sp);
      ASSERT_TRUE(r.ok()) << r.message();
      EXPECT_TRUE(r->completed) << p << " seed " << seed;
      EXPECT_TRUE(r->agreed) << p << " seed " << seed;
      EXPECT_TRUE(r->problems.empty()) << p << ": " << r->problems.front();
      ASSERT_TRUE(r->outcome.has_value());
    }
  }
}

// VC-060: at least one Chronicle entry of a class other than EbbStep in every rolling window of 20 turns, on
// every preset but Every Last City (VC-990): Tallies every 12 turns (Long War), Warrants every 15 (the others).
TEST(ElcSelfPlay, Vc060CadenceOnEveryPresetButEveryLastCity) {
  for (Preset p : {Preset::StandardWar, Preset::Tournament, Preset::LongWar, Preset::Blitz})
  for (uint64_t seed = 1; seed <= concord::testing::scaled(6); ++seed) {
    ElcGame g = started(preset(p), seed, 4);
    playOut(g, seed, 400, [](const ElcGame&) {});
    uint32_t last = 0;
    for (const auto& e : g.chronicle()) {
      if (e.cls == Chron::EbbStep) continue;
      EXPECT_LE(e.turn - last, 20u) << presetName(p) << " seed " << seed << ": no event between turns " << last << " and " << e.turn;
      last = e.turn;
    }
  }
}

// VC-3290: CI fails when the calibration table was generated under another rulesetVersion, or when a preset's
// measured median length falls outside the estimate its Terms present by more than 25 percent.
TEST(ElcSelfPlay, Vc3290CalibrationTableIsCurrentAndPresetMediansMatchTheTerms) {
  EXPECT_EQ(kCalibrationRulesetVersion, kRulesVersion) << "regenerate: concord elc calibrate (docs/elc-world.md)";
  EXPECT_FALSE(calibrationTable().empty());
  const uint64_t games = concord::testing::scaled(8);
  for (Preset p : kPresets) {
    std::vector<uint32_t> ends;
    Estimate e;
    for (uint64_t seed = 1; seed <= games; ++seed) {
      ElcGame g = started(preset(p), seed, 4);
      e = estimateLength(g.config(), g.facts());
      playOut(g, seed, 400, [](const ElcGame&) {});
      ends.push_back(g.turn());
    }
    std::sort(ends.begin(), ends.end());
    const int64_t median = ends[ends.size() / 2];
    EXPECT_TRUE(e.calibrated) << presetName(p);
    EXPECT_FALSE(e.stale);
    EXPECT_GE(median * 100, 75 * e.p20) << presetName(p) << ": median " << median << " vs " << e.p20 << "-" << e.p80;
    EXPECT_LE(median * 100, 125 * e.p80) << presetName(p) << ": median " << median << " vs " << e.p20 << "-" << e.p80;
  }
}
