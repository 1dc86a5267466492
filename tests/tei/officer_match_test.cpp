// Issue 30, tried as a cheater would: a person lets the Commander play every move of a rated solo game, then strips
// the OfficerPlayed marks from the recorded file and signs every bundle again with their own key. The file verifies;
// its officer match rate (replay/officer_match.h) gives it away, and TEI leaves it unrated (core/tei/officer_like.h).
// A person-like seat (Lieutenant-level choices, no marks) stays rated. Every number comes from a live game.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/tei/officer_like.h"
#include "lockstep/assistance.h"
#include "lockstep/local_signing.h"
#include "lockstep/seat_bot.h"
#include "replay/officer_match.h"
#include "replay/verify.h"
#include "replay/writer.h"
#include "table/record_bots.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"
#include "tests/support/temp_dir.h"

namespace concord::tei {
namespace {

using OrdersBySeat = std::vector<std::vector<Order>>;

std::string tempPath(const std::string& name) {
  static const concord::testing::TempDir root("tei-officer-match");
  return (root.fresh(name) / "game.ccr").string();
}

// A rated Warp 12 points campaign: seat 0 a person, seat 1 a Lieutenant officer (one reference anchor).
lockstep::SessionConfig soloSession(const std::string& label) {
  auto s = table::makeBotSession("warp", {}, 2, label, "lieutenant");
  EXPECT_TRUE(s) << (s ? "" : s.message());
  s->seats[0].ai = false;
  s->seats[0].botKind.clear();
  s->rated = true;
  return *s;
}

// Signs and writes one game turn by turn; `ordersFor` gives each turn's orders from the engine before it.
template <class OrdersFor>
void record(const std::string& path, const lockstep::SessionConfig& session, const std::string& label, OrdersFor ordersFor) {
  const auto keys = table::botSessionKeys(label, 2);
  auto ledger = lockstep::TurnLedger::create(session).value();
  auto writer = replay::ReplayWriter::create(path, session).value();
  while (!ledger->engine().over()) {
    auto rec = lockstep::applySignedLocally(*ledger, ordersFor(ledger->engine()), keys);
    ASSERT_TRUE(rec) << rec.message();
    ASSERT_TRUE(writer->append(*rec));
  }
  ASSERT_TRUE(writer->close());
}

// The person's seat played by `personKind`'s officer (the session names it), marked as the officer's when `marked` (an honest `auto`).
void playSolo(const std::string& path, const std::string& label, const std::string& personKind, bool marked) {
  auto session = soloSession(label);
  session.seats[0].botKind = personKind;  // the person's officer, named in the signed session (verify re-derives it)
  auto person = lockstep::makeSeatBot(session, 0);
  auto officer = lockstep::makeSeatBot(session, 1);
  record(path, session, label, [&](const lockstep::TurnEngine& e) {
    auto mine = lockstep::botOrdersFor(e, 0, *person);
    if (marked) mine = lockstep::markedByOfficer(std::move(mine), 0, lockstep::OfficerReason::Handover);
    return OrdersBySeat{std::move(mine), lockstep::botOrdersFor(e, 1, *officer)};
  });
}

// The cheater's edit: every turn of `from` again, seat 0's OfficerPlayed marks dropped, signed again with the same keys.
void stripMarks(const std::string& from, const std::string& to, const std::string& label) {
  auto reader = replay::ReplayReader::open(from).value();
  std::vector<OrdersBySeat> turns;
  for (uint32_t t = 0; t < reader.turnCount(); ++t) turns.push_back(reader.turn(t).value().ordersBySeat);
  record(to, reader.header().session, label, [&](const lockstep::TurnEngine& e) {
    auto orders = turns.at(e.turn());
    std::erase_if(orders[0], [](const Order& o) { return o.kind == lockstep::kOfficerPlayed; });
    return orders;
  });
}

replay::OfficerMatch ratesOf(const std::string& path, replay::MarkedTurns marked = replay::MarkedTurns::Skip) {
  auto reader = replay::ReplayReader::open(path).value();
  auto m = replay::officerMatchRates(reader, marked);
  EXPECT_TRUE(m) << (m ? "" : m.message());
  EXPECT_EQ(m->unavailable, "");
  return *m;
}

bool excludedAsOfficerLike(const Eligibility& el) {
  return std::any_of(el.exclusions.begin(), el.exclusions.end(), [](const Exclusion& x) {
    return x.rule == Rule::E3 && x.reason.find("officer-like play is not rated in the solo pool") != std::string::npos;
  });
}

}  // namespace

TEST(OfficerMatch, CommanderPlayWithItsMarksStrippedAndResignedIsFlaggedAndLeftUnrated) {
  const std::string honest = tempPath("honest"), stripped = tempPath("stripped");
  playSolo(honest, "strip", "commander", true);
  stripMarks(honest, stripped, "strip");

  // Signatures cannot tell: the person's key signed the stripped bundles, and the file verifies.
  auto rep = replay::verifyReplay(stripped).value();
  ASSERT_TRUE(rep.ok) << rep.failure;
  EXPECT_EQ(rep.officerTurnsChecked, 0u);

  // The honest file's marked turns are the officer's: none of them is the person's own decision. Counted anyway,
  // they are exactly the stripped file's decisions, all equal to the Commander's.
  const auto own = ratesOf(honest);
  EXPECT_EQ(own.seats[0].decisions, 0u);
  const auto asIfStripped = ratesOf(honest, replay::MarkedTurns::Count);
  const auto cheat = ratesOf(stripped);
  EXPECT_GE(cheat.seats[0].decisions, kOfficerLikeMinDecisions);
  EXPECT_EQ(cheat.seats[0].matched, cheat.seats[0].decisions);
  EXPECT_EQ(cheat.seats[0].perMille(), 1000u);
  EXPECT_EQ(asIfStripped.seats[0].decisions, cheat.seats[0].decisions);
  EXPECT_EQ(asIfStripped.seats[0].matched, cheat.seats[0].matched);
  // The Lieutenant seat, same orders in both files: the same rate, below the Commander's own.
  EXPECT_EQ(own.seats[1].decisions, cheat.seats[1].decisions);
  EXPECT_EQ(own.seats[1].matched, cheat.seats[1].matched);
  EXPECT_GT(cheat.seats[1].decisions, 0u);
  EXPECT_LT(cheat.seats[1].perMille(), kOfficerLikePerMille);

  // TEI: the stripped game is flagged, recorded as not rated, and changes no rating.
  auto mm = matchFromReplay(stripped);
  ASSERT_TRUE(mm) << mm.message();
  auto& m = *mm;
  EXPECT_EQ(m.record.seats[0].ownDecisions, cheat.seats[0].decisions);
  EXPECT_EQ(m.record.seats[0].officerMatched, cheat.seats[0].matched);
  const auto el = evaluateEligibility(m.record);
  EXPECT_TRUE(excludedAsOfficerLike(el)) << el.summary();
  auto note = std::find_if(m.notes.begin(), m.notes.end(), [](const std::string& n) { return n.find("officer match rate") != std::string::npos; });
  ASSERT_NE(note, m.notes.end());
  EXPECT_NE(note->find("officer-like"), std::string::npos) << *note;
  auto store = TeiStore::open(":memory:").value();
  auto ap = store.applyMatch(m.record);
  ASSERT_TRUE(ap) << ap.message();
  auto& applied = *ap;
  EXPECT_FALSE(applied.plan.eligibility.eligible());
  EXPECT_TRUE(applied.plan.writes.empty());
  EXPECT_TRUE(*store.gameApplied(m.gameIdHex));  // a result, recorded as unrated: applying again changes nothing
  EXPECT_TRUE(store.playerBuckets(m.record.seats[0].playerId).value().empty());
  const std::string text = describeApplied(ReplayApplied{m, applied});
  EXPECT_NE(text.find("not TEI-rated: E3 Unassisted: captain at seat 0 chose what the Commander officer would on"),
            std::string::npos) << text;

  // The honest file (marks kept) is no officer-like play: its officer turns are handled as such (the loss counts).
  auto fair = matchFromReplay(honest).value();
  EXPECT_FALSE(excludedAsOfficerLike(evaluateEligibility(fair.record)));
}

TEST(OfficerMatch, APersonLikeSeatStaysRated) {
  const std::string path = tempPath("person");
  playSolo(path, "person-like", "lieutenant", false);
  const auto r = ratesOf(path);
  EXPECT_GE(r.seats[0].decisions, kOfficerLikeMinDecisions);
  EXPECT_GT(r.seats[0].matched, 0u);
  EXPECT_LT(r.seats[0].perMille(), kOfficerLikePerMille);
  auto m = matchFromReplay(path).value();
  const auto el = evaluateEligibility(m.record);
  EXPECT_TRUE(el.eligible()) << el.summary();
  auto store = TeiStore::open(":memory:").value();
  auto applied = store.applyMatch(m.record).value();
  ASSERT_EQ(applied.plan.writes.size(), 1u);
  EXPECT_EQ(applied.plan.writes[0].playerId, m.record.seats[0].playerId);
}

TEST(OfficerMatch, AnAiCommanderSeatMatchesItselfAndAModuleWithoutOneSaysSo) {
  // An all-officer Warp table: the Commander seat matches on every decision, the Ensign seat on fewer.
  auto warp = table::makeBotSession("warp", {}, 2, "ai-seats", "commander").value();
  warp.seats[1].botKind = "ensign";
  const std::string path = tempPath("ai-seats");
  ASSERT_TRUE(table::recordBotGame(path, warp, table::botSessionKeys("ai-seats", 2)));
  const auto r = ratesOf(path);
  EXPECT_GT(r.seats[0].decisions, 0u);
  EXPECT_EQ(r.seats[0].matched, r.seats[0].decisions);
  EXPECT_GT(r.seats[1].decisions, 0u);
  EXPECT_LT(r.seats[1].matched, r.seats[1].decisions);

  auto shed = table::makeBotSession("shed", {}, 2, "shed").value();
  const std::string shedPath = tempPath("shed");
  table::RecordOptions few;
  few.maxTurns = 30;
  ASSERT_TRUE(table::recordBotGame(shedPath, shed, table::botSessionKeys("shed", 2), few));
  auto reader = replay::ReplayReader::open(shedPath).value();
  auto m = replay::officerMatchRates(reader).value();
  EXPECT_TRUE(m.seats.empty());
  EXPECT_EQ(m.unavailable, "module shed has no commander officer to compare with");
}

}  // namespace concord::tei
