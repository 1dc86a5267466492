// Steward handoffs around restarts (issue 10, drill seed 301: every peer waited at one turn for over 8 minutes and
// nobody substituted). A restarted steward whose pre-crash self had already sent its bundle for the turn the table
// waits on only *follows* (it signs nothing until that bundle is applied), yet the others count it as the steward
// of the silent seats, so nobody substituted them: the table stalled until the silent owner came back, for ever if
// it never did.
#include <gtest/gtest.h>

#include <algorithm>

#include "lockstep/selfplay.h"
#include "tests/support/shed_table.h"

using namespace concord;
using namespace concord::lockstep;

namespace {

bool anyLine(const std::vector<std::string>& lines, std::string_view needle) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(needle) != std::string::npos; });
}

}  // namespace

// Seat 1 stops hearing the table (its process hangs, then dies) while the steward (seat 0) has already signed the
// next turn; the steward is killed right after and restarts at once. Its own bundle of the waited turn is at every
// peer, so it follows; seat 1 never returns. The restarted steward must still substitute seat 1 once caught up.
TEST(StewardHandoff, ARestartedStewardWhoseBundleGotOutStillSubstitutesTheSilentSeat) {
  for (uint64_t backAfterMs : {0u, 300u}) {
    auto p = concord::testing::shedTable(4, 73, 8, 0, 4);  // no loss: the steward's last bundle reaches everyone
    std::vector<std::string> lines;
    p.log = [&](std::string_view l) { lines.emplace_back(l); };
    auto t = Table::create(p);
    ASSERT_TRUE(t.ok()) << t.message();
    Table& table = **t;
    ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() >= 6; }));
    for (PeerId s = 0; s < 4; ++s)
      if (s != 1) table.net().setOneWay(s, 1, false);  // seat 1 hears nobody: it stays behind
    ASSERT_TRUE(table.runUntil([&] { return table.peer(0).turn() == table.peer(1).turn() + 1; }));
    const uint32_t waited = table.peer(0).turn();  // the steward has signed this turn; seat 1 never will
    table.kill(1);
    table.kill(0);
    const uint64_t killedAt = table.now();
    ASSERT_TRUE(table.runUntil([&] { return table.now() >= killedAt + backAfterMs; }));
    ASSERT_TRUE(table.restart(0).ok());
    const bool done = table.runUntil([&] { return table.allOver(); });
    std::string tail;
    for (size_t i = lines.size() > 30 ? lines.size() - 30 : 0; i < lines.size(); ++i) tail += lines[i] + "\n";
    ASSERT_TRUE(done) << "back after " << backAfterMs << " ms: the table stalled at turn " << table.peer(2).turn()
                      << " (waited on turn " << waited << "); the log ends:\n" << tail;
    const auto& m = table.peer(2).engine().membership();
    EXPECT_EQ(m.seat(1).controller, Controller::Ai);
    EXPECT_EQ(m.seat(0).controller, Controller::Owner) << "the steward kept its seat";
    for (Seat s : {Seat{0}, Seat{2}, Seat{3}}) {
      EXPECT_FALSE(table.peer(s).halted()) << "seat " << s;
      EXPECT_EQ(table.peer(s).seals().back(), table.peer(2).seals().back()) << "seat " << s;
    }
    // The substitute was signed by the restarted steward (seat 0 is still the lowest owner-run seat).
    const auto& recs = table.peer(2).records();
    auto sub = std::find_if(recs.begin(), recs.end(), [](const TurnRecord& r) { return !r.substituted.empty(); });
    ASSERT_NE(sub, recs.end());
    EXPECT_EQ(sub->substituted, std::vector<Seat>{1});
    EXPECT_EQ(sub->signers[1], table.key(0).publicKey);
    EXPECT_FALSE(anyLine(lines, "signature does not verify"));
    EXPECT_FALSE(anyLine(lines, "EQUIVOCATION"));
  }
}
