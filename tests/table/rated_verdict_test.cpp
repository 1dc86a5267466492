// table::unratedBecause (issue 33): the one answer to "will this local game be TEI-rated, and why not", which
// the terminal prints and the Qt start screen shows before the deal.
#include <gtest/gtest.h>

#include <filesystem>

#include "table/rated_game.h"
#include "table/rated_verdict.h"

using namespace concord;

namespace {

table::TableSetup personAtWarp() {
  table::TableSetup s;
  s.person = 0;
  s.officer = "lieutenant";
  return s;
}

}  // namespace

TEST(RatedVerdict, AFreshOfficialWarpTableAgainstLieutenantsIsRated) {
  EXPECT_EQ(table::unratedBecause(personAtWarp()), "");
  EXPECT_NE(table::ratedSentence("").find("TEI-rated"), std::string::npos);
}

TEST(RatedVerdict, AChosenSeedIsCasualUnlessAFixturePickedIt) {
  auto s = personAtWarp();
  s.seed = 5;
  EXPECT_EQ(table::ratedSentence(table::unratedBecause(s)),
            "Seed 5 is a deal you chose (and may know): this game is casual, not TEI-rated.");
  s.seedIsAChoice = false;
  EXPECT_EQ(table::unratedBecause(s), "");
}

TEST(RatedVerdict, NamesTheRuleForOfficersRulesAndModules) {
  auto s = personAtWarp();
  s.officer = "random";
  EXPECT_NE(table::unratedBecause(s).find("not a reference anchor"), std::string::npos) << table::unratedBecause(s);
  s = personAtWarp();
  s.options = {{"set", "9"}};
  EXPECT_NE(table::unratedBecause(s).find("Warp 9 is an exhibition set"), std::string::npos) << table::unratedBecause(s);
  s = personAtWarp();
  s.moduleId = "elc";
  s.officer = "";
  EXPECT_EQ(table::unratedBecause(s), "only Warp is TEI-rated (RULES §VIII)");
  s = personAtWarp();
  s.person.reset();
  EXPECT_EQ(table::unratedBecause(s), "no person plays (officers only)");
}

TEST(RatedVerdict, AStoreNotYetCreatedTakesARatedGame) {
  const auto path = std::filesystem::temp_directory_path() / "rated-verdict-no-such-store.sqlite";
  std::filesystem::remove(path);
  EXPECT_EQ(table::storeUnratedBecause(path.string()), "");
  EXPECT_FALSE(std::filesystem::exists(path));  // asking never creates it
}
