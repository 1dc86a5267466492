// `concord replay salvage FILE OUT`: the intact turns of a damaged or cut replay as a new file that verifies
// (replay/salvage.h; docs/replay-format.md "Damage and salvage").
#include <cstdio>
#include <string>

#include "replay/salvage.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {

namespace {
struct SalvageOptions {
  std::string in, out;
};

CommandLine declareSalvage(SalvageOptions& o) {
  CommandLine c("replay salvage",
                "Writes the turns of FILE that survive its damage (corrupt frames, a cut tail) to OUT, with a fresh\n"
                "index, and verifies OUT: the turns before a hole and those after it from the next snapshot, the hole\n"
                "named by a Gap frame. Exit 1 when no complete turn survives.\n");
  c.positional("FILE", "", o.in, true, "which replay? give FILE")
      .path(PathUse::Read)
      .positional("OUT", "", o.out, true, "where to write the salvaged replay? give OUT")
      .path(PathUse::Write);
  return c;
}
}  // namespace

CommandLine salvageLine() {
  static SalvageOptions o;
  return declareSalvage(o);
}

int replaySalvage(Args args) {
  SalvageOptions o;
  if (auto code = declareSalvage(o).parse(args)) return *code;
  auto rec = replay::salvageReplay(o.in, o.out);
  if (!rec) return failure(rec.message());
  std::printf("salvaged %u turns of %s into %s (%s); they verify\n", rec->turns, o.in.c_str(), o.out.c_str(),
              rec->damage.empty() ? "the file was intact" : ("damage: " + rec->damage).c_str());
  // Issue 30: both sides of a hole are kept; a Gap frame in OUT names the turns lost (not ratable: rules-decisions).
  for (const auto& h : rec->report.lost)
    if (h.resumed) std::printf("kept both sides of a hole: %s (a Gap frame in OUT names it)\n", h.describe().c_str());
  return 0;
}

}  // namespace concord::cli
