// What the CLI tests of `concord replay export` share (issue 30 "Analysts"): a replay's export split by record,
// played by the binary as a user plays it or exported from a file a test wrote, and the engine at a turn of the
// file (what the events are checked against: the state, the order log, the narration).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "replay/reader.h"
#include "tests/support/cli_home.h"

namespace concord::testing {

struct Exported {
  std::string file;
  nlohmann::json header, result;
  std::vector<nlohmann::json> rows, events, gaps;
  std::vector<nlohmann::json> of(const std::string& kind) const {
    std::vector<nlohmann::json> out;
    for (const auto& e : events)
      if (e["kind"] == kind) out.push_back(e);
    return out;
  }
  /// The turn's rows (one per seat).
  std::vector<nlohmann::json> turn(int64_t t) const {
    std::vector<nlohmann::json> out;
    for (const auto& r : rows)
      if (r["turn"] == t) out.push_back(r);
    return out;
  }
};

/// `concord replay export FILE` (JSONL), split by record.
inline Exported exportOf(const CliHome& home, const std::string& file) {
  Exported x;
  x.file = file;
  auto e = runCommand(home.bin() + " replay export " + file + " 2>&1");
  EXPECT_EQ(e.code, 0) << e.out.substr(0, 2000);
  std::istringstream in(e.out);
  for (std::string line; std::getline(in, line);) {
    auto j = nlohmann::json::parse(line);
    if (j["record"] == "header") x.header = j;
    else if (j["record"] == "turn") x.rows.push_back(j);
    else if (j["record"] == "event") x.events.push_back(j);
    else if (j["record"] == "gap") x.gaps.push_back(j);
    else if (j["record"] == "result") x.result = j;
    else ADD_FAILURE() << "unknown record " << line;
  }
  return x;
}

/// `concord PLAY --replay HOME/NAME.ccr`, then its export.
inline Exported playAndExport(const CliHome& home, const std::string& name, const std::string& play) {
  const auto file = home.path(name + ".ccr");
  auto p = runCommand(home.bin() + " " + play + " --replay " + file + " 2>&1");
  EXPECT_EQ(p.code, 0) << p.out.substr(0, 2000);
  return exportOf(home, file);
}

/// The engine of `file` after `turn` turns.
inline std::unique_ptr<lockstep::TurnEngine> engineAt(const std::string& file, uint32_t turn) {
  auto r = replay::ReplayReader::open(file);
  EXPECT_TRUE(r.ok()) << r.message();
  if (!r) return nullptr;
  auto e = r->seek(turn);
  EXPECT_TRUE(e.ok()) << e.message();
  return e ? std::move(*e) : nullptr;
}

/// Whether the turn's narration has a line containing `text`.
inline bool narrates(const Exported& x, int64_t turn, const std::string& text) {
  const auto rows = x.turn(turn);  // named: a range-for over a member of a temporary would dangle
  for (const auto& n : rows.at(0)["narration"])
    if (n["text"].get<std::string>().find(text) != std::string::npos) return true;
  return false;
}

/// The seats whose game orders the turn's log holds.
inline std::vector<Seat> actors(const Exported& x, int64_t turn) {
  std::vector<Seat> out;
  for (const auto& r : x.turn(turn))
    for (const auto& o : r["orders"])
      if (o["kind"].get<uint32_t>() < 0xFF00) out.push_back(r["seat"]);
  return out;
}

// The header names the game exactly as its file does; the result is the engine's Outcome in rank order.
inline void checkHeaderAndResult(const Exported& x, const std::string& module) {
  auto r = replay::ReplayReader::open(x.file);
  ASSERT_TRUE(r.ok());
  const auto& session = r->header().session;
  EXPECT_EQ(x.header["version"], 2);
  EXPECT_EQ(x.header["module"], module);
  EXPECT_EQ(x.header["rules_version"], session.rulesVersion);
  EXPECT_EQ(x.header["game_id"], session.gameId().hex());
  EXPECT_EQ(x.header["turns"], r->turnCount());
  EXPECT_EQ(x.header["seed"].get<std::string>().size(), 64u);
  EXPECT_FALSE(x.header["config_text"].get<std::string>().empty());
  ASSERT_EQ(x.header["seats"].size(), session.seats.size());
  EXPECT_EQ(x.rows.size(), static_cast<size_t>(r->turnCount()) * session.seats.size());
  auto end = engineAt(x.file, r->turnCount());
  auto outcome = end->game().outcome();
  ASSERT_TRUE(outcome.has_value()) << "the game played to its end";
  EXPECT_EQ(x.result["finished"], true);
  EXPECT_EQ(x.result["summary"], outcome->summary);
  ASSERT_EQ(x.result["placings"].size(), session.seats.size());
  uint32_t lastRank = 0;
  for (const auto& p : x.result["placings"]) {
    const Seat s = p["seat"];
    EXPECT_EQ(p["rank"], outcome->rankBySeat[s]);
    EXPECT_EQ(p["score"], outcome->scoreBySeat[s]);
    EXPECT_EQ(p["name"], session.seats[s].name);
    EXPECT_GE(p["rank"].get<uint32_t>(), lastRank) << "placings in rank order";
    lastRank = p["rank"];
  }
  for (const auto& e : x.events)
    for (size_t i = 0; i < e["seats"].size(); ++i) EXPECT_EQ(e["seat_names"][i], session.seats[e["seats"][i].get<Seat>()].name);
}

}  // namespace concord::testing
