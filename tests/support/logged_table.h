// A SimNetwork table whose every log line is kept (the race, rejoin and solo-history tests read them), played to a
// first turn before the test cuts links or kills peers.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lockstep/selfplay.h"

namespace concord::testing {

struct LoggedTable {
  std::vector<std::string> lines;  // every peer's log, in order ("peer N: ...")
  std::unique_ptr<lockstep::Table> table;

  /// Creates the table from `p` (its log kept in `lines`) and plays until peer 0 reaches `turn`. "" or what failed.
  std::string start(lockstep::SelfPlayParams p, uint32_t turn) {
    p.log = [this](std::string_view l) { lines.emplace_back(l); };
    auto t = lockstep::Table::create(p);
    if (!t) return t.message();
    table = std::move(*t);
    if (!table->runUntil([&] { return table->peer(0).turn() >= turn; })) return "the table never reached turn " + std::to_string(turn);
    return "";
  }
  lockstep::Table& operator*() { return *table; }
};

}  // namespace concord::testing
