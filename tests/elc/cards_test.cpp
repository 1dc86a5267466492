// The Terms' Track cards (VC-1910..VC-1950, VC-980): generated from the configuration, never stored state.
#include <gtest/gtest.h>

#include <set>

#include "core/elc/cards.h"
#include "tests/elc/support.h"

using namespace concord::elc;
using namespace concord::elc::testing;

namespace {

size_t codepoints(const std::string& s) {  // the 140-character bound counts characters, not bytes
  size_t n = 0;
  for (char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0u) != 0x80u;
  return n;
}

}  // namespace

TEST(ElcCards, Vc1910EveryEnabledTrackHasExactlyOneWellFormedCard) {
  Config c = cfg({{"tracks", "dominion,every-last-city,hegemony,keys,ascendancy,great-work,prosperity,horizon,endurance,"
                             "charters,ambition,warrants,throne"}});
  const auto cards = termsCards(c, referenceMap());
  std::set<Track> seen;
  for (const auto& k : cards) {
    EXPECT_TRUE(c.on(k.track)) << k.name;
    EXPECT_TRUE(seen.insert(k.track).second) << "one card per Track: " << k.name;
    EXPECT_EQ(k.name, trackName(k.track));
    EXPECT_FALSE(k.sentence.empty()) << k.name;
    EXPECT_LE(codepoints(k.sentence), kCardSentenceMax) << k.name << ": " << k.sentence;
    EXPECT_LE(k.params.size(), kCardParamsMax) << "VC-1920: " << k.name;
    for (int r : {k.length, k.aggression, k.complexity}) {
      EXPECT_GE(r, 1) << k.name;
      EXPECT_LE(r, 5) << k.name;
    }
  }
  for (int i = 0; i < kTracks; ++i)
    EXPECT_EQ(seen.count(static_cast<Track>(i)), c.on(static_cast<Track>(i)) ? 1u : 0u) << trackName(static_cast<Track>(i));
}

TEST(ElcCards, Vc1930LengthRatingBoundaries) {
  EXPECT_EQ(lengthRating(40, 200), 1);  // 5m = 200 <= H
  EXPECT_EQ(lengthRating(41, 200), 2);
  EXPECT_EQ(lengthRating(80, 200), 2);  // 5m = 400 <= 2H
  EXPECT_EQ(lengthRating(81, 200), 3);
  EXPECT_EQ(lengthRating(120, 200), 3);
  EXPECT_EQ(lengthRating(160, 200), 4);
  EXPECT_EQ(lengthRating(161, 200), 5);
  EXPECT_EQ(lengthRating(200, 200), 5);
  // The card reads the Track's median completion turn against H.
  Config c = presetConfig(Preset::StandardWar);
  for (const auto& k : termsCards(c, referenceMap()))
    EXPECT_EQ(k.length, lengthRating(medianCompletionTurn(k.track, c, referenceMap()), c.horizon)) << k.name;
  Config h = cfg({{"tracks", "horizon"}});
  EXPECT_EQ(termsCards(h, referenceMap()).back().length, 5) << "the Horizon completes at H: 5H > 4H";
}

TEST(ElcCards, Vc1940AggressionAndComplexityAreFixedPerTrackConstants) {
  // Aggression: taking from others. Every Last City, Last Standing and the Throne take everything; the Horizon nothing.
  EXPECT_EQ(aggressionRating(Track::EveryLastCity), 5);
  EXPECT_EQ(aggressionRating(Track::Throne), 5);
  EXPECT_EQ(aggressionRating(Track::Horizon), 1);
  EXPECT_GT(aggressionRating(Track::Dominion), aggressionRating(Track::Prosperity));
  // Complexity: concepts beyond cities and turns. Ambition (hidden Orders, Warrants, points) is the most.
  EXPECT_EQ(complexityRating(Track::EveryLastCity), 1);
  EXPECT_EQ(complexityRating(Track::Ambition), 5);
  EXPECT_GT(complexityRating(Track::Hegemony), complexityRating(Track::Dominion));
  // Constants: the same on every configuration and map.
  Config a = presetConfig(Preset::Blitz), b = presetConfig(Preset::LongWar);
  MapFacts small = referenceMap();
  small.cities = 18;
  for (const auto& x : termsCards(a, small))
    for (const auto& y : termsCards(b, referenceMap()))
      if (x.track == y.track) {
        EXPECT_TRUE(x.aggression == y.aggression && x.complexity == y.complexity) << x.name;
      }
}

TEST(ElcCards, Vc1950ReparameterisingRegeneratesTheCards) {
  Config c = presetConfig(Preset::StandardWar);
  auto before = termsCards(c, referenceMap());
  ASSERT_EQ(before.front().track, Track::Dominion);
  EXPECT_EQ(before.front().params[0].second, "30 of 48 cities");
  EXPECT_EQ(before.front().params[1].second, "3 turns");
  c.dominionVigil = 5;
  c.dominionStart = 750;
  auto after = termsCards(c, referenceMap());
  EXPECT_EQ(after.front().params[0].second, "36 of 48 cities");
  EXPECT_EQ(after.front().params[1].second, "5 turns");
  c.enabled = static_cast<uint16_t>(c.enabled & ~(1u << static_cast<int>(Track::Keys)));  // disabling removes its card
  for (const auto& k : termsCards(c, referenceMap())) EXPECT_NE(k.track, Track::Keys);
}

TEST(ElcCards, Vc980TheEveryLastCityCardWarnsOfLengthAndTheForcedMercyRule) {
  Config c = presetConfig(Preset::EveryLastCity);
  bool found = false;
  for (const auto& k : termsCards(c, referenceMap())) {
    if (k.track != Track::EveryLastCity) {
      EXPECT_TRUE(k.warning.empty()) << k.name;
      continue;
    }
    found = true;
    const Estimate e = estimateLength(c, referenceMap());
    EXPECT_NE(k.warning.find(std::to_string(e.p20) + "\u2013" + std::to_string(e.p80) + " turns"), std::string::npos) << k.warning;
    EXPECT_NE(k.warning.find("Aggressive"), std::string::npos) << k.warning;
  }
  EXPECT_TRUE(found);
  const std::string text = renderCards(termsCards(c, referenceMap()));
  EXPECT_NE(text.find("[Every Last City]"), std::string::npos) << text;
  EXPECT_NE(text.find("Length "), std::string::npos) << text;
}
