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
                "Writes the turns of FILE before its damage (a corrupt frame, or a cut tail) to OUT, with a fresh\n"
                "index, and verifies OUT. Exit 1 when no complete turn before the damage verifies.\n");
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
  std::printf("salvaged %u turns of %s into %s (%s); it verifies\n", rec->turns, o.in.c_str(), o.out.c_str(),
              rec->damage.empty() ? "the file was intact" : ("damage: " + rec->damage).c_str());
  return 0;
}

}  // namespace concord::cli
