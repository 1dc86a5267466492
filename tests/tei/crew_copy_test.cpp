// Issue 30, "A duplicate copy cannot erase a crew loss", tried as a cheater would. Bob, a member of crew 'friday',
// plays three solo crew games against Ensigns and loses one; a second game of a deal voided every copy of it, so a copy
// of the lost game re-signed by a throwaway key turned his 3 crew matches into 2. Every game here is played through
// the engine (table::recordBotGame, the officers choosing from their Observations); the copies replay the same deal.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/tei/rating.h"
#include "table/record_bots.h"
#include "table/tei_store/replay_match.h"
#include "table/tei_store/store.h"
#include "tests/support/temp_dir.h"

namespace concord::tei {
namespace crew_copy {

namespace fs = std::filesystem;

fs::path tempDir(const std::string& name) {
  static const concord::testing::TempDir root("tei-crew-copy");
  return root.fresh(name);
}

const lockstep::KeyPair& bob() {
  static const auto k = lockstep::KeyPair::fromLabel("crew-copy:bob");
  return k;
}

// A solo crew game: Bob at seat 0 (played here by an Ensign, unmarked), three Ensign officers, crew 'friday' of Bob and
// Carol in the signed header.
lockstep::SessionConfig soloCrew(const std::string& label) {
  auto s = table::makeBotSession("warp", {{"objective", "goout"}, {"goout", "sudden"}}, 4, label, "ensign").value();
  s.seats[0].ai = false;
  s.seats[0].key = bob().publicKey;
  s.rated = true;
  s.charter.id = "friday";
  s.charter.members = {bob().publicKey, lockstep::KeyPair::fromLabel("crew-copy:carol").publicKey};
  std::sort(s.charter.members.begin(), s.charter.members.end(),
            [](const lockstep::PublicKey& a, const lockstep::PublicKey& b) { return a.bytes < b.bytes; });
  s.charter.rulesProfile = std::string(kRulesProfileId);
  s.charter.seats = 4;
  s.charter.config = s.config;
  return s;
}

struct Played {
  std::string path;
  lockstep::SessionConfig session;
  std::string label;
  int bobPlacing = 0;
  std::string id;
};

// Plays `session` through the engine, its seats signed by `seat0` (Bob's seat) and the officers' local keys.
Played play(const fs::path& dir, const std::string& name, const lockstep::SessionConfig& session, const std::string& label,
            const lockstep::KeyPair& seat0) {
  Played p{(dir / (name + ".ccr")).string(), session, label, 0, {}};
  auto keys = table::botSessionKeys(label, 4);
  keys[0] = seat0;
  auto r = table::recordBotGame(p.path, session, keys);
  EXPECT_TRUE(r) << (r ? "" : r.message());
  auto m = matchFromReplay(p.path).value();
  p.bobPlacing = m.record.seats[0].placing;
  p.id = m.gameIdHex;
  return p;
}

// Bob's three crew games, one of them lost (the first deals that give one).
std::vector<Played> bobsNights(const fs::path& dir) {
  std::vector<Played> nights;
  std::optional<Played> lost;
  for (int i = 0; i < 20 && (nights.size() < 2 || !lost); ++i) {
    const std::string label = "crew-copy-night-" + std::to_string(i);
    auto p = play(dir, label, soloCrew(label), label, bob());
    if (p.bobPlacing > 1 && !lost) lost = p;
    else if (nights.size() < 2) nights.push_back(p);
  }
  EXPECT_TRUE(lost) << "no lost night among the first deals";
  if (lost) nights.push_back(*lost);
  return nights;
}

// The crew's board lines of a ledger over `files`.
std::string crewLedger(const fs::path& dir, const std::vector<std::string>& files, std::string* text = nullptr,
                       const ReplayMatchOptions& options = {}) {
  fs::create_directories(dir);
  for (const auto& f : files) fs::copy_file(f, dir / fs::path(f).filename());
  auto store = TeiStore::open(":memory:").value();
  auto led = buildLedger(store, dir.string(), options);
  EXPECT_TRUE(led) << (led ? "" : led.message());
  if (!led) return {};
  if (text) *text = led->text;
  const auto at = led->text.find("board group/friday/");
  return at == std::string::npos ? std::string() : led->text.substr(at);
}

// Where every test starts: Bob's three crew nights (one of them lost), their files and the honest ledger over them.
struct Nights {
  std::vector<Played> played;
  Played lost;
  std::vector<std::string> files;
  std::string honest;
};
Nights threeNights(const fs::path& dir) {
  Nights n;
  n.played = bobsNights(dir / "nights");
  for (const auto& p : n.played) n.files.push_back(p.path);
  auto it = std::find_if(n.played.begin(), n.played.end(), [](const Played& p) { return p.bobPlacing > 1; });
  if (it != n.played.end()) n.lost = *it;
  n.honest = crewLedger(dir / "honest", n.files);
  return n;
}

}  // namespace crew_copy

using namespace crew_copy;

TEST(TeiCrewCopy, ACopyReSignedByANonMemberCannotVoidTheMembersGame) {
  const auto dir = crew_copy::tempDir("throwaway");
  const auto start = threeNights(dir);
  const auto& nights = start.played;
  ASSERT_EQ(nights.size(), 3u);
  const auto& lost = start.lost;
  std::vector<std::string> files = start.files;
  const std::string& honest = start.honest;
  ASSERT_NE(honest.find("matches 3"), std::string::npos) << honest;

  const auto throwaway = lockstep::KeyPair::fromLabel("crew-copy:throwaway");
  for (const bool keepCharter : {true, false}) {
    auto forged = lost.session;
    forged.seats[0].key = throwaway.publicKey;
    if (!keepCharter) forged.charter = {};
    const auto copy = play(dir, keepCharter ? "copy-charter" : "copy-bare", forged, lost.label, throwaway);
    ASSERT_EQ(copy.bobPlacing, lost.bobPlacing) << "the copy replays the same deal";
    ASSERT_NE(copy.id, lost.id);
    auto withCopy = files;
    withCopy.push_back(copy.path);
    std::string text;
    const std::string board = crewLedger(dir / (keepCharter ? "folder-charter" : "folder-bare"), withCopy, &text);
    EXPECT_EQ(board, honest) << "Bob's crew ladder must not change: " << text;
    EXPECT_NE(text.find("game " + copy.id + " not rated: a copy of game " + lost.id +
                        "'s deal that cannot void the members' game: seat 0 is signed by key " +
                        throwaway.publicKey.fingerprint() + ", not a member of crew 'friday'"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("game " + lost.id + " is the copy of its deal rated: the one copy of its deal in this folder that "
                        "crew 'friday''s members signed under its charter"),
              std::string::npos)
        << text;
  }
}

// The next path: Bob signs the copy himself (his seat renamed, so a new game id) and plays the deal again, knowing it.
TEST(TeiCrewCopy, ACopyTheSameCaptainSignedCountsAtTheirWorsePlacing) {
  const auto dir = crew_copy::tempDir("same-key");
  const auto start = threeNights(dir);
  const auto& nights = start.played;
  ASSERT_EQ(nights.size(), 3u);
  const auto& lost = start.lost;
  std::vector<std::string> files = start.files;
  const std::string& honest = start.honest;

  std::optional<Played> retry;
  for (const char* officer : {"lieutenant", "commander", "commander+lookahead", "greedy", "random"}) {
    auto again = lost.session;
    again.seats[0].name = "Bob again";
    again.seats[0].botKind = officer;  // Bob's seat plays the deal another way
    auto p = play(dir, std::string("retry-") + officer, again, lost.label, bob());
    if (p.bobPlacing < lost.bobPlacing) {
      retry = p;
      break;
    }
  }
  ASSERT_TRUE(retry) << "no replay of the lost deal did better";
  auto withRetry = files;
  withRetry.push_back(retry->path);
  std::string text;
  EXPECT_EQ(crewLedger(dir / "folder", withRetry, &text), honest) << "the lost game counts, the better retry does not: " << text;
  EXPECT_NE(text.find("game " + retry->id + " not rated: a copy of game " + lost.id +
                      "'s deal signed by the same captain; game " + lost.id + ", their worse placing, is rated"),
            std::string::npos)
      << text;
}

// The copy carries a home-made charter of the same id that lists the throwaway key: by its own header a members' game.
// No file shows which charter is the crew's, so neither copy counts until the crew's own charter file is given.
TEST(TeiCrewCopy, ACopyUnderAHomeMadeCharterOfTheSameIdCountsOnlyUntilTheCrewsCharterIsGiven) {
  const auto dir = crew_copy::tempDir("home-made");
  const auto start = threeNights(dir);
  const auto& nights = start.played;
  ASSERT_EQ(nights.size(), 3u);
  const auto& lost = start.lost;
  std::vector<std::string> files = start.files;
  const std::string& honest = start.honest;

  const auto throwaway = lockstep::KeyPair::fromLabel("crew-copy:throwaway");
  auto forged = lost.session;
  forged.seats[0].key = throwaway.publicKey;
  forged.charter.members = {throwaway.publicKey};
  const auto copy = play(dir, "copy-home-made", forged, lost.label, throwaway);
  auto withCopy = files;
  withCopy.push_back(copy.path);
  std::string text;
  crewLedger(dir / "folder", withCopy, &text);
  EXPECT_NE(text.find("game " + lost.id + " not rated: its deal is played by 2 games in this folder, members' games of "
                      "different crews that name the same deal; give the crew's own charter (--charter FILE)"),
            std::string::npos)
      << text;
  ReplayMatchOptions own;
  own.charters = {lost.session.charter};
  EXPECT_EQ(crewLedger(dir / "folder-own", withCopy, &text, own), honest) << text;
  EXPECT_NE(text.find("game " + copy.id + " not rated: a copy of game " + lost.id + "'s deal that cannot void the members' game"),
            std::string::npos)
      << text;
}

}  // namespace concord::tei
