#include <gtest/gtest.h>

#include "core/det/checked.h"

using namespace concord::det;

TEST(Checked, FloorAndCeilDivision) {
  EXPECT_EQ(floorDiv(7, 2), 3);
  EXPECT_EQ(floorDiv(-7, 2), -4);
  EXPECT_EQ(floorDiv(-8, 2), -4);
  EXPECT_EQ(ceilDiv(7, 2), 4);
  EXPECT_EQ(ceilDiv(-7, 2), -3);
  EXPECT_EQ(ceilDiv(8, 2), 4);
}

TEST(Checked, PerMille) {
  EXPECT_EQ(applyPerMille(1234, 500), 617);
  EXPECT_EQ(applyPerMille(3, 333), 0);
  EXPECT_EQ(toPerMille(1, 3), 333);
  EXPECT_EQ(toPerMille(2, 3), 666);
}

TEST(Checked, RatioComparisonCrossMultipliesWithoutOverflow) {
  EXPECT_EQ(compareRatio(1, 3, 2, 6), 0);
  EXPECT_EQ(compareRatio(1, 3, 1, 2), -1);
  EXPECT_EQ(compareRatio(INT64_MAX, 2, INT64_MAX - 1, 2), 1);
}

TEST(Checked, OverflowIsDetected) {
  EXPECT_FALSE(checkedAdd(INT64_MAX, 1).has_value());
  EXPECT_FALSE(checkedMul(INT64_MAX / 2 + 1, 2).has_value());
  EXPECT_FALSE(checkedSub(INT64_MIN, 1).has_value());
  EXPECT_EQ(checkedAdd(2, 3).value(), 5);
  EXPECT_EQ(saturatingAdd(INT64_MAX, 5), INT64_MAX);
  EXPECT_EQ(saturatingAdd(INT64_MIN, -5), INT64_MIN);
}
