// `concord tei reprofile [DIR] [--db PATH]`: after a change of TEI anchors (a new kTeiProfileId, TEI §2.1),
// keep the old store as history and re-rate the person's replays under the new profile (table/tei_store/reprofile.h).
#include <cstdio>
#include <string>

#include "core/tei/rating.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "table/replay_paths.h"
#include "table/tei_store/reprofile.h"
#include "table/tei_store/store.h"

namespace concord::cli {
namespace {

struct ReprofileOptions {
  std::string db, dir;
};

CommandLine reprofileLine(ReprofileOptions& o) {
  CommandLine c("tei reprofile",
                "after a change of TEI anchors: keep the old store as history (unchanged) and re-rate your replays\n"
                "under the new profile\n");
  c.positional("DIR", "the replays to re-rate (default: where play saves them, $XDG_DATA_HOME/concord/replays)", o.dir, false)
      .path(PathUse::Folder);
  c.text("--db", "PATH", "the TEI store (default $XDG_DATA_HOME/concord/tei.sqlite or ~/.local/share/concord/tei.sqlite)", o.db).path(PathUse::ReadOrCreate);
  return c;
}

}  // namespace

CommandLine teiReprofileLine() {
  static ReprofileOptions o;
  return reprofileLine(o);
}

int runTeiReprofile(Args args) {
  ReprofileOptions o;
  if (auto code = reprofileLine(o).parse(args)) return *code;
  if (o.db.empty()) {
    auto d = tei::defaultStorePath();
    if (!d) return failure("tei reprofile: " + d.message());
    o.db = *d;
  }
  if (o.dir.empty()) o.dir = table::defaultReplayDir().string();
  auto r = tei::reprofileStore(o.db, o.dir);
  if (!r) return failure("tei reprofile: " + r.message());
  if (r->nothingToDo) {
    std::printf("Every rating in %s is already under TEI profile %s: nothing to re-rate.\n", o.db.c_str(),
                std::string(tei::kTeiProfileId).c_str());
    return 0;
  }
  std::printf("%s", r->ledgerText.c_str());
  std::printf("Your ratings under %s are kept unchanged in %s (`concord tei show --db %s`).\n", r->oldProfiles.front().c_str(),
              r->historyPath.c_str(), r->historyPath.c_str());
  std::printf("Re-rated under %s from %s: %zu games rated, %zu walked-away games counted as losses again.\n",
              std::string(tei::kTeiProfileId).c_str(), o.dir.c_str(), r->rerated, r->forfeits);
  if (!r->notCarried.empty()) {
    std::printf("%zu games rated before have no replay in %s: they stay in the history only:\n", r->notCarried.size(),
                o.dir.c_str());
    for (const auto& id : r->notCarried) std::printf("  %s\n", id.c_str());
  }
  return 0;
}

}  // namespace concord::cli
