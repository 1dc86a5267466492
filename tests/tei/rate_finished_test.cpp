// table/tei_store/rate_finished.h: the one "rate this finished game" both `concord play` (its closing TEI
// lines) and the Qt client's end-of-campaign summary call (RULES §VIII, TEI §9.2).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "table/record_bots.h"
#include "tests/support/temp_dir.h"
#include "table/tei_store/rate_finished.h"
#include "table/tei_store/store.h"

namespace concord::tei {
namespace {

// A finished one-human solo Warp game against Ensigns (seat 0 is the person; bots drive it in the recorder).
std::string recordSolo(const std::string& dir, const std::string& label) {
  auto s = table::makeBotSession("warp", {{"preset", "official"}, {"objective", "points"}}, 2, label, "greedy");
  EXPECT_TRUE(s) << (s ? "" : s.message());
  s->seats[0].ai = false;
  s->seats[1].ai = true;
  s->seats[1].botKind = "greedy";
  s->rated = true;
  const std::string path = dir + "/" + label + ".replay";
  auto r = table::recordBotGame(path, *s, table::botSessionKeys(label, 2));
  EXPECT_TRUE(r) << (r ? "" : r.message());
  return path;
}

TEST(RateFinished, RatesOnceIntoTheGivenStoreAndSaysWhatChanged) {
  concord::testing::TempDir dir("rate-finished");
  const std::string replay = recordSolo(dir.path().string(), "solo");
  const std::string db = (dir.path() / "tei.sqlite").string();
  auto first = rateFinishedGame(replay, db);
  ASSERT_TRUE(first) << first.message();
  EXPECT_EQ(first->storePath, db);
  EXPECT_FALSE(first->applied.outcome.alreadyApplied);
  ASSERT_EQ(first->applied.outcome.plan.writes.size(), 1u);
  EXPECT_EQ(first->applied.outcome.plan.writes[0].bucket.str(), "localAi/ensign/points");
  // The text is describeApplied's with the store open (TEI §9.2 percentile on the board).
  auto store = TeiStore::open(db);
  ASSERT_TRUE(store);
  EXPECT_EQ(first->text, describeApplied(first->applied, &*store));
  EXPECT_NE(first->text.find("localAi/ensign/points"), std::string::npos) << first->text;
  auto again = rateFinishedGame(replay, db);
  ASSERT_TRUE(again) << again.message();
  EXPECT_TRUE(again->applied.outcome.alreadyApplied);
  EXPECT_NE(again->text.find("nothing changed"), std::string::npos) << again->text;
}

TEST(RateFinished, NoStoreGivenUsesTheUsersDefault) {
  concord::testing::TempDir dir("rate-finished-default");
  const std::string replay = recordSolo(dir.path().string(), "solo-default");
  const char* old = std::getenv("XDG_DATA_HOME");
  const std::string saved = old ? old : "";
  ::setenv("XDG_DATA_HOME", dir.path().c_str(), 1);
  auto rated = rateFinishedGame(replay, "");
  if (old) ::setenv("XDG_DATA_HOME", saved.c_str(), 1);
  else ::unsetenv("XDG_DATA_HOME");
  ASSERT_TRUE(rated) << rated.message();
  EXPECT_EQ(rated->storePath, (dir.path() / "concord" / "tei.sqlite").string());
}

TEST(RateFinished, AnUnreadableReplayIsNotRatedAndSaysWhy) {
  concord::testing::TempDir dir("rate-finished-bad");
  const std::string missing = (dir.path() / "nothing-here.replay").string();
  auto rated = rateFinishedGame(missing, (dir.path() / "tei.sqlite").string());
  ASSERT_FALSE(rated);
  EXPECT_NE(rated.message().find("nothing-here.replay"), std::string::npos) << rated.message();
}

}  // namespace
}  // namespace concord::tei
