// `concord tei` JSON codecs: strict decoding, clear errors, 17-significant-digit output.
#include <gtest/gtest.h>

#include "table/tei_store/tei_json.h"

using namespace concord::tei;

TEST(TeiJson, RateRequestRoundTrip) {
  auto r = parseRateRequest(R"({"teams":[[{"mu":25,"sigma":8.333333333333334}],[{"mu":30,"sigma":2}]],"ranks":[2,1]})");
  ASSERT_TRUE(r.ok()) << r.message();
  ASSERT_EQ(r->teams.size(), 2u);
  EXPECT_EQ(r->teams[0][0].sigma, 25.0 / 3.0);
  ASSERT_TRUE(r->ranks.has_value());
  EXPECT_EQ((*r->ranks)[0], 2.0);
  auto noRanks = parseRateRequest(R"({"teams":[[{"mu":25,"sigma":1}],[{"mu":25,"sigma":1}]]})");
  ASSERT_TRUE(noRanks.ok());
  EXPECT_FALSE(noRanks->ranks.has_value());
  EXPECT_EQ(formatRateResponse({{Rating{27.635389493140497, 8.06590141354368}}, {Rating{0.1, 1}}}),
            R"({"teams":[[{"mu":27.635389493140497,"sigma":8.0659014135436795}],[{"mu":0.10000000000000001,"sigma":1}]]})");
  EXPECT_EQ(std::stod(formatDouble17(0.1)), 0.1);
}

TEST(TeiJson, RateRequestErrors) {
  struct Bad {
    const char* text;
    const char* needle;
  };
  for (const Bad& b : {Bad{"{", "not valid JSON"}, Bad{"[]", "JSON object"}, Bad{R"({"teams":3})", "array of teams"},
                       Bad{R"({"teams":[[{"mu":25,"sigma":-1}],[{"mu":25,"sigma":1}]]})", "negative"},
                       Bad{R"({"teams":[[{"mu":25}],[{"mu":25,"sigma":1}]]})", "missing \"sigma\""},
                       Bad{R"({"teams":[[{"mu":"x","sigma":1}],[{"mu":25,"sigma":1}]]})", "must be a number"},
                       Bad{R"({"teams":[[{"mu":25,"sigma":1,"x":1}],[{"mu":25,"sigma":1}]]})", "unknown key"},
                       Bad{R"({"teams":[[{"mu":25,"sigma":1}],[{"mu":25,"sigma":1}]],"ranks":[1]})", "ranks"},
                       Bad{R"({"teams":[[{"mu":25,"sigma":1}],[{"mu":25,"sigma":1}]],"ranks":[1,"a"]})", "ranks"},
                       Bad{R"({"teams":[[{"mu":25,"sigma":1}]],"extra":1})", "unknown key"}}) {
    auto r = parseRateRequest(b.text);
    ASSERT_FALSE(r.ok()) << b.text;
    EXPECT_NE(r.message().find(b.needle), std::string::npos) << b.text << " → " << r.message();
  }
}

TEST(TeiJson, MatchRecord) {
  auto m = parseMatchRecord(R"({"gameId":"g1","objective":"points","maxPip":12,"completed":true,"online":true,
    "modules":["alpha"],"seats":[{"player":"a","kind":"human","placing":1},
    {"player":"b","kind":"human","placing":2,"advisorUsed":true},{"kind":"ai","officer":"class-i-star","placing":3}]})");
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_EQ(m->seats.size(), 3u);
  EXPECT_TRUE(m->seats[1].advisorUsed);
  EXPECT_EQ(m->seats[2].officer, OfficerKind::ClassIStar);
  EXPECT_EQ(m->modules, std::vector<std::string>{"alpha"});
  auto el = evaluateEligibility(*m);
  EXPECT_FALSE(el.eligible());
  for (const char* bad : {R"({"gameId":"g","objective":"points","seats":[{"kind":"robot","placing":1}]})",
                          R"({"gameId":"g","objective":"points","seats":[{"kind":"human","placing":1}]})",
                          R"({"gameId":"g","objective":"points","seats":[{"kind":"ai","placing":1}]})",
                          R"({"gameId":"g","objective":"points","seats":[{"player":"a","kind":"human","placing":0}]})",
                          R"({"gameId":"g","objective":"points","maxPip":"12","seats":[]})",
                          R"({"gameId":"g","seats":[]})", R"({"gameId":"g","objective":"points","seats":[],"bogus":1})",
                          "not json"}) {
    auto r = parseMatchRecord(bad);
    EXPECT_FALSE(r.ok()) << bad;
  }
}
