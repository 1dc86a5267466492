// TEI §3, §6.2–6.6, §7.1, §8.3.
#include <gtest/gtest.h>

#include "core/tei/rating.h"

using namespace concord::tei;

TEST(TeiAnchors, Table_TEI_7_1) {
  EXPECT_EQ(aiAnchor(Track::Points, SkillKey::Ensign).mu, 18.0);
  EXPECT_EQ(aiAnchor(Track::Points, SkillKey::Ensign).sigma, 4.0);
  EXPECT_EQ(aiAnchor(Track::Points, SkillKey::Lieutenant).mu, 26.5);
  EXPECT_EQ(aiAnchor(Track::Points, SkillKey::Lieutenant).sigma, 3.5);
  EXPECT_EQ(aiAnchor(Track::Points, SkillKey::Commander).mu, 35.0);
  EXPECT_EQ(aiAnchor(Track::Points, SkillKey::Commander).sigma, 3.0);
  EXPECT_EQ(aiAnchor(Track::GoOut, SkillKey::Ensign).mu, 17.5);
  EXPECT_EQ(aiAnchor(Track::GoOut, SkillKey::Ensign).sigma, 4.5);
  EXPECT_EQ(aiAnchor(Track::GoOut, SkillKey::Lieutenant).mu, 28.0);
  EXPECT_EQ(aiAnchor(Track::GoOut, SkillKey::Lieutenant).sigma, 4.0);
  EXPECT_EQ(aiAnchor(Track::GoOut, SkillKey::Commander).mu, 41.5);
  EXPECT_EQ(aiAnchor(Track::GoOut, SkillKey::Commander).sigma, 3.5);
  EXPECT_EQ(aiAnchor(Track::GoOut, SkillKey::Commander).matches, 999);
}

TEST(TeiRating, DefaultIsP0Cadet_TEI_3_1) {
  const StoredRating d = defaultRating();
  EXPECT_EQ(d.mu, 25.0);
  EXPECT_EQ(d.sigma, 25.0 / 3.0);
  EXPECT_EQ(d.matches, 0);
  EXPECT_EQ(d.displayRating, 0.0);
  EXPECT_EQ(d.grade().formatted(), "P0");
  EXPECT_EQ(commission(d.grade()), Commission::Cadet);
}

TEST(TeiRating, AnchorImmutability_TEI_8_3) {
  const StoredRating anchorBefore = aiAnchor(Track::Points, SkillKey::Commander);
  StoredRating human = defaultRating();
  for (int i = 0; i < 20; ++i) {
    auto r = updateVsAI(human, Track::Points, SkillKey::Commander, i % 3 != 0);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->matches, human.matches + 1);
    human = *r;
  }
  EXPECT_EQ(aiAnchor(Track::Points, SkillKey::Commander), anchorBefore);
  // Mixed table: anchors never come back for persistence.
  auto f = updateField({FieldSeat{defaultRating(), 2, true}, FieldSeat{anchorBefore, 1, false}});
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE((*f)[0].has_value());
  EXPECT_FALSE((*f)[1].has_value());
}

TEST(TeiRating, UpdateVsAIIsOpenSkillOneVsOne_TEI_6_2) {
  const StoredRating h = defaultRating();
  auto won = updateVsAI(h, Track::Points, SkillKey::Commander, true);
  auto lost = updateVsAI(h, Track::Points, SkillKey::Commander, false);
  ASSERT_TRUE(won.ok() && lost.ok());
  auto raw = rate({{h.rating()}, {Rating{35.0, 3.0}}}, std::vector<double>{1, 2});
  ASSERT_TRUE(raw.ok());
  EXPECT_EQ(won->mu, (*raw)[0][0].mu);
  EXPECT_EQ(won->sigma, (*raw)[0][0].sigma);
  EXPECT_GT(won->mu, h.mu);
  EXPECT_LT(lost->mu, h.mu);
  EXPECT_EQ(won->matches, 1);
  EXPECT_EQ(won->displayRating, displayRating(won->mu, won->sigma));
  EXPECT_TRUE(won->displayGrade.has_value());
}

TEST(TeiRating, FromOpenSkillKeepsHysteresisMemory_TEI_7_2) {
  StoredRating prev;
  prev.mu = 40;
  prev.sigma = 1.4;
  prev.matches = 50;
  prev.displayGrade = Letter::V;
  const StoredRating next = fromOpenSkill(Rating{40.5, 1.65}, prev);
  EXPECT_EQ(next.displayGrade, Letter::V);  // 1.65 ≤ 1.7: V holds
  EXPECT_EQ(next.matches, 51);
  const StoredRating drop = fromOpenSkill(Rating{40.5, 1.75}, prev);
  EXPECT_EQ(drop.displayGrade, Letter::C);
}

TEST(TeiRating, AcademySeed_TEI_6_6) {
  const StoredRating seed = aiAnchor(Track::Points, SkillKey::Commander);
  // New bucket with Academy: anchor μ/σ, zero matches.
  StoredRating e = effectiveRating(std::nullopt, seed);
  EXPECT_EQ(e.mu, 35.0);
  EXPECT_EQ(e.sigma, 3.0);
  EXPECT_EQ(e.matches, 0);
  EXPECT_EQ(e.grade().formatted(), "I40");  // μ−3σ = 26 → round(16/40·99) = 40
  // Without Academy: default.
  EXPECT_EQ(effectiveRating(std::nullopt, std::nullopt), defaultRating());
  // After matches > 0 the seed is ignored.
  StoredRating played = defaultRating();
  played.matches = 1;
  played.mu = 27;
  EXPECT_EQ(effectiveRating(played, seed), played);
  // A stored row with zero matches still takes the seed.
  EXPECT_EQ(effectiveRating(defaultRating(), seed).mu, 35.0);
  // Academy bands (RULES §VIII / TEI §6.6): Ensign P0–I25, Lieutenant I25–C45, Commander C45–V70.
  EXPECT_EQ(effectiveRating(std::nullopt, aiAnchor(Track::Points, SkillKey::Ensign)).grade().formatted(), "P0");
  EXPECT_EQ(effectiveRating(std::nullopt, aiAnchor(Track::Points, SkillKey::Lieutenant)).grade().formatted(), "I15");
}

TEST(TeiRating, FreeForAllInputOrder_TEI_6_3) {
  std::vector<FieldSeat> f;
  for (int r : {3, 1, 4, 2}) f.push_back(FieldSeat{defaultRating(), static_cast<double>(r), true});
  auto out = updateField(f);
  ASSERT_TRUE(out.ok());
  EXPECT_GT((*out)[1]->mu, (*out)[3]->mu);
  EXPECT_GT((*out)[3]->mu, (*out)[0]->mu);
  EXPECT_GT((*out)[0]->mu, (*out)[2]->mu);
}

TEST(TeiRating, TeamsMoveMembersIndividually_TEI_6_5) {
  StoredRating a = defaultRating(), b = defaultRating();
  b.sigma = 3.0;
  auto out = updateTeamRatings({SquadTeam{{FieldSeat{a, 0, true}, FieldSeat{b, 0, true}}, 1},
                                SquadTeam{{FieldSeat{aiAnchor(Track::Points, SkillKey::Commander), 0, false},
                                           FieldSeat{aiAnchor(Track::Points, SkillKey::Lieutenant), 0, false}},
                                          2}});
  ASSERT_TRUE(out.ok());
  ASSERT_TRUE((*out)[0][0] && (*out)[0][1]);
  EXPECT_FALSE((*out)[1][0].has_value());
  // Per-seat credit: the more uncertain member moves more.
  EXPECT_GT((*out)[0][0]->mu - a.mu, (*out)[0][1]->mu - b.mu);
  EXPECT_GT((*out)[0][1]->mu, b.mu);
}

TEST(TeiRating, ParseTrackAndSkill) {
  EXPECT_EQ(*parseTrack("points"), Track::Points);
  EXPECT_EQ(*parseTrack("go-out"), Track::GoOut);
  EXPECT_EQ(*parseTrack("goOut"), Track::GoOut);
  EXPECT_FALSE(parseTrack("golf").ok());
  EXPECT_EQ(*parseSkillKey("commander"), SkillKey::Commander);
  EXPECT_FALSE(parseSkillKey("admiral").ok());
}
