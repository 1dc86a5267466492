// The `/`-commands typed at a networked table are read in tools/ into typed requests (issue 9 part 2):
// net/ never parses text a person typed.
#include <gtest/gtest.h>

#include "tools/concord/table_commands.h"

using namespace concord;
using cli::readTableLine;

TEST(TableCommands, CommsCommandsBecomeTypedRequests) {
  auto hail = readTableLine("/hail 401\r", false);
  ASSERT_TRUE(hail.request.has_value());
  EXPECT_EQ(std::get<net::HailRequest>(*hail.request).hail, 401);
  auto say = readTableLine("/say meet me at the neutral zone", false);
  EXPECT_EQ(std::get<net::SayRequest>(*say.request).text, "meet me at the neutral zone");
  auto dm = readTableLine("/dm 3 psst", false);
  EXPECT_EQ(std::get<net::DirectRequest>(*dm.request).seat, 3u);
  EXPECT_EQ(std::get<net::DirectRequest>(*dm.request).text, "psst");
  auto mute = readTableLine("/unmute bob", false);
  EXPECT_EQ(std::get<net::MuteRequest>(*mute.request).captain, "bob");
  EXPECT_FALSE(std::get<net::MuteRequest>(*mute.request).mute);
}

TEST(TableCommands, PlainTextIsTheSeatsOrSayWhenNoPersonPlays) {
  auto order = readTableLine("chart 12-5 own", false);
  EXPECT_TRUE(order.forSeat);
  EXPECT_FALSE(order.request.has_value());
  auto bot = readTableLine("hello all", true);
  EXPECT_FALSE(bot.forSeat);
  EXPECT_EQ(std::get<net::SayRequest>(*bot.request).text, "hello all");
  auto blank = readTableLine("  ", false);
  EXPECT_FALSE(blank.forSeat || blank.request || !blank.reply.empty());
}

TEST(TableCommands, MistakesAreAnsweredAtOnceWithoutARequest) {
  auto noId = readTableLine("/hail red", false);
  EXPECT_FALSE(noId.request.has_value());
  EXPECT_NE(noId.reply.find("/hail takes a hail id"), std::string::npos);
  EXPECT_FALSE(readTableLine("/hail 70000", false).request.has_value());
  auto badSeat = readTableLine("/dm x hi", false);
  EXPECT_NE(badSeat.reply.find("/dm takes a seat number"), std::string::npos);
  auto unknown = readTableLine("/dance", false);
  EXPECT_NE(unknown.reply.find("unknown command /dance"), std::string::npos);
  auto hails = readTableLine("/hails", false);
  EXPECT_NE(hails.reply.find("401  "), std::string::npos) << hails.reply;
}
