// When a finished peer may leave (lockstep/linger.h): a rejoiner writing its replay from the others' records stays
// while its backfill grows. The drill of 2026-12-01 (seed 12001 run 5) ended a rejoined bot 10 s after the game with
// 3,622 of 6,984 bundles in hand although they were still arriving: "only 3622 of 6984 bundles"; no replay.
#include <gtest/gtest.h>

#include "lockstep/linger.h"

using concord::lockstep::BackfillWatch;

TEST(BackfillWatch, AGrowingBackfillIsNeverStalledHoweverLongAfterTheGame) {
  BackfillWatch w;
  const uint64_t over = 1'000'000, stay = over + 2000;
  for (uint64_t t = over, have = 3622; t <= over + 60'000; t += 1000, have += 50) {
    w.see(have, t);
    EXPECT_FALSE(w.stalled(t, stay)) << "at +" << (t - over) << " ms, still gaining slots";
  }
}

TEST(BackfillWatch, ABackfillThatGainsNothingIsStalledTenSecondsAfterItsLastSlot) {
  BackfillWatch w;
  const uint64_t over = 1'000'000, stay = over + 2000;
  w.see(100, over);
  w.see(200, over + 5000);
  for (uint64_t t = over + 5000; t <= over + 15'000; t += 1000) {
    w.see(200, t);
    EXPECT_FALSE(w.stalled(t, stay)) << "+" << (t - over);
  }
  w.see(200, over + 15'001);
  EXPECT_TRUE(w.stalled(over + 15'001, stay));
}

TEST(BackfillWatch, TheStallIsCountedFromTheEndOfTheLingerAtTheEarliest) {
  BackfillWatch w;
  w.see(10, 0 + 1);
  EXPECT_FALSE(w.stalled(20'000, 15'000)) << "the game's own linger ran to 15 s: 10 s from then";
  EXPECT_TRUE(w.stalled(25'001, 15'000));
}
