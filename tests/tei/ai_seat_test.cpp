// Issue 30, "An AI seat's kind is re-checked", tried as a cheater would. In a solo game the person's key signs the
// officers' seats too, so a person can relabel an officer in the header (greedy → commander: a stronger anchor to
// lose against) and sign every bundle again; the signatures are good, but verify re-runs each AI seat's named officer
// from its own Observation and stream and refuses the file at the first order that differs. At a hidden-hands table an
// officer played from its keeper's view, which only the end's keys open: checked in verify's second pass.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lockstep/deck_duty.h"
#include "lockstep/local_signing.h"
#include "lockstep/seat_bot.h"
#include "replay/verify.h"
#include "replay/writer.h"
#include "table/local_table.h"
#include "table/person_identity.h"
#include "table/record_bots.h"
#include "table/tei_store/replay_match.h"
#include "tests/support/run_command.h"
#include "tests/support/signed_table.h"
#include "tests/support/temp_dir.h"

namespace concord::tei {
namespace ai_seat {

namespace fs = std::filesystem;
using concord::testing::runCommand;

fs::path tempDir(const std::string& name) {
  static const concord::testing::TempDir root("tei-ai-seat");
  return root.fresh(name);
}

// The forger's tool: `from`'s header with every AI seat's officer renamed `kind`, every turn's orders as recorded,
// every bundle signed again (the game id changes with the header) by whichever of `keys` Membership expects.
void resign(const std::string& from, const std::string& to, const std::string& kind, const std::vector<lockstep::KeyPair>& keys) {
  auto reader = replay::ReplayReader::open(from).value();
  auto session = reader.header().session;
  for (auto& seat : session.seats)
    if (seat.ai) seat.botKind = kind;
  auto ledger = lockstep::TurnLedger::create(session).value();
  auto writer = replay::ReplayWriter::create(to, session).value();
  for (uint32_t t = 0; t < reader.turnCount(); ++t) {
    auto rec = reader.turn(t).value();
    auto signed_ = lockstep::applySignedLocally(*ledger, std::move(rec.ordersBySeat), keys);
    ASSERT_TRUE(signed_) << signed_.message();
    ASSERT_TRUE(writer->append(*signed_));
  }
  ASSERT_TRUE(writer->close());
}

struct Cli {
  fs::path dir;
  std::string env;  // a fresh user: HOME, CONCORD_HOME, XDG_DATA_HOME under dir
  std::string run(const std::string& args, int* code, const std::string& typed = "") const {
    auto r = runCommand("cd " + dir.string() + " && echo '" + typed + "' | env " + env + " " + CONCORD_BIN + " " + args + " 2>&1");
    *code = r.code;
    return r.out;
  }
};

}  // namespace ai_seat

using namespace ai_seat;

// A real solo game at the terminal (`play warp`, the person hands their seat to their officer with `auto`) against
// three greedy officers (the Ensign anchor), then relabelled as Commanders and re-signed with the person's identity.
TEST(TeiAiSeat, AnOfficerRelabelledAndReSignedByThePersonIsRefused) {
  Cli cli{ai_seat::tempDir("solo"), ""};
  cli.env = "HOME=" + (cli.dir / "home").string() + " CONCORD_HOME=" + (cli.dir / "home/concord").string() +
            " XDG_DATA_HOME=" + (cli.dir / "xdg").string();
  int code = -1;
  auto out = cli.run("play warp --seats 4 --bots greedy --replay game.ccr --tei-db played.db objective=goout goout=sudden",
                     &code, "auto");
  ASSERT_EQ(code, 0) << out;
  ASSERT_NE(out.find("localAi/ensign"), std::string::npos) << "the honest game rates against the Ensign anchor: " << out;
  const std::string game = (cli.dir / "game.ccr").string();
  auto honest = replay::verifyReplay(game).value();
  ASSERT_TRUE(honest.ok) << honest.failure;
  EXPECT_GT(honest.aiDecisionsChecked, 0u);
  EXPECT_GT(honest.officerTurnsChecked, 0u);  // the person's `auto` turns

  auto identity = table::loadPersonIdentity((cli.dir / "home/concord/identity.key").string());
  ASSERT_TRUE(identity) << identity.message();
  std::vector<lockstep::KeyPair> keys = table::botSessionKeys(table::kLocalSeatKeyLabel, 4);
  keys.push_back(*identity);

  // The forger's tool is sound: re-signing with the header's own officers gives a file that verifies.
  const std::string same = (cli.dir / "same.ccr").string();
  resign(game, same, "greedy", keys);
  auto again = replay::verifyReplay(same).value();
  EXPECT_TRUE(again.ok) << again.failure;

  const std::string forged = (cli.dir / "forged.ccr").string();
  resign(game, forged, "commander", keys);
  auto bad = replay::verifyReplay(forged).value();
  ASSERT_FALSE(bad.ok);
  ASSERT_TRUE(bad.failedSeat && bad.failedTurn);
  EXPECT_NE(*bad.failedSeat, 0) << "the person's seat is not the relabelled one: " << bad.failure;
  const std::string where = "turn " + std::to_string(*bad.failedTurn) + " seat " + std::to_string(*bad.failedSeat) + ": ";
  EXPECT_EQ(bad.failure.rfind(where, 0), 0u) << bad.failure;
  EXPECT_NE(bad.failure.find("names officer 'commander', which plays "), std::string::npos) << bad.failure;
  EXPECT_NE(bad.failure.find(", but the file has "), std::string::npos) << bad.failure;
  EXPECT_FALSE(bad.findingsOnly);
  auto m = matchFromReplay(forged);
  ASSERT_FALSE(m);
  EXPECT_NE(m.message().find("names officer 'commander'"), std::string::npos) << m.message();

  out = cli.run("replay verify forged.ccr", &code);
  EXPECT_EQ(code, 1) << out;
  EXPECT_NE(out.find(where), std::string::npos) << out;
  out = cli.run("tei apply forged.ccr --db fresh.db", &code);
  EXPECT_EQ(code, 1) << out;
  EXPECT_NE(out.find("refused"), std::string::npos) << out;
  EXPECT_NE(out.find("names officer 'commander'"), std::string::npos) << out;
  EXPECT_FALSE(fs::exists(cli.dir / "fresh.db")) << "a refused file must not create a database";
}

namespace ai_seat {

// Two people and two officers at a hidden-hands Warp 12 Go-out table (issue 26), the officers' seats carrying the
// host's key (seat 0 keeps them, as at a LAN table): each seat's bundle carries its deck duty and is signed by the key
// Membership expects, the officers choosing from the view their signer keeps (Stewardship::botOrders). `played`: the
// officer kind the host's client really runs for them, whatever the header names.
std::string playHidden(const fs::path& dir, const std::string& header, const std::string& played) {
  auto s = table::makeBotSession("warp", {{"objective", "goout"}, {"goout", "sudden"}}, 4, "ai-hidden", header).value();
  const auto keys = table::botSessionKeys("ai-hidden", 4);
  s.seats[0].ai = s.seats[1].ai = false;
  s.seats[0].botKind = s.seats[1].botKind = "";
  s.seats[2].key = s.seats[3].key = keys[0].publicKey;
  s.rated = true;
  s.hiddenHands = true;
  const std::string path = (dir / (header + "-" + played + ".ccr")).string();
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat i = 0; i < 4; ++i) {
    auto si = s;
    if (si.seats[i].ai) si.seats[i].botKind = played;
    bots.push_back(lockstep::makeSeatBot(si, i));
  }
  concord::testing::playSignedLocally(s, keys, path, [&](const lockstep::TurnEngine& e, Seat i, const lockstep::KeyPair& ours) {
    return lockstep::botOrdersFor(e, i, *bots[i], &ours);
  });
  return path;
}

}  // namespace ai_seat

TEST(TeiAiSeat, AHiddenTablesOfficersAreCheckedFromTheirKeepersViewOnceTheKeysAreOut) {
  const auto dir = ai_seat::tempDir("hidden");
  auto honest = replay::verifyReplay(playHidden(dir, "ensign", "ensign")).value();
  EXPECT_TRUE(honest.ok) << honest.failure;
  EXPECT_TRUE(honest.hiddenAudited);
  EXPECT_GT(honest.aiDecisionsChecked, 0u);

  // The host's modified client runs Ensigns under a header that names Commanders.
  const auto lie = playHidden(dir, "commander", "ensign");
  auto bad = replay::verifyReplay(lie).value();
  ASSERT_FALSE(bad.ok);
  EXPECT_FALSE(bad.findingsOnly) << "a forged officer is no hidden-hand finding: the file is refused";
  ASSERT_TRUE(bad.failedSeat);
  EXPECT_GE(*bad.failedSeat, 2) << bad.failure;
  EXPECT_NE(bad.failure.find("names officer 'commander'"), std::string::npos) << bad.failure;
  EXPECT_FALSE(matchFromReplay(lie));
}

}  // namespace concord::tei
