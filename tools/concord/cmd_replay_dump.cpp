// `concord replay dump FILE [--from T] [--to T]`: turn by turn, each seat's orders, the rules' rejections, the game
// events and the checked Seal, with comms between the turns. Issue 30: past a hole it goes on from the snapshot
// that picks the game up, with a `gap:` line naming the turns lost.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

#include "net/comms.h"
#include "replay/hidden_view.h"
#include "replay/reader.h"
#include "tools/concord/command.h"
#include "tools/concord/replay_view.h"

namespace concord::cli {

int replayDump(const std::string& path, uint32_t from, uint32_t to) {
  auto r = openPastHoles(path);
  if (!r) return failure(r.message());
  if (r->turnCount() == 0 && r->holes().empty()) return std::printf("(no turns)\n"), 0;
  const uint32_t last = r->turnCount() == 0 ? 0 : r->turnCount() - 1;
  to = std::min(to, last);
  if (from > to && r->turnCount() > 0) return failure("--from is after the last turn to dump");
  auto comms = r->comms();
  if (!comms) return failure(comms.message());
  size_t next = 0;
  // Comms accepted before turn `upTo` was applied (a per-peer annotation, not part of the Seal).
  auto printComms = [&](uint32_t upTo) {
    for (; next < comms->size() && (*comms)[next].turn <= upTo; ++next) {
      const auto& c = (*comms)[next];
      if (c.turn < from) continue;
      auto m = net::commsFromSigned(c.signedBytes, c.sig);
      std::printf("comms %s: %s\n", seatLabel(r->header().session, c.seat).c_str(),
                  m ? net::describeComms(*m).c_str() : ("unreadable message: " + m.message()).c_str());
    }
  };
  // Issue 26: a rated game not over dumps its public record: the events (the table's narration) and the Seals.
  // Its orders and rejections stay out: Warp's give/pick/keep and a refused chart name coordinates in a hand,
  // W.E.B.'s orders move fleets under fog (what a chart shows, the narration says).
  auto rights = replay::viewRightsOf(*r);
  if (!rights) return failure(rights.message());
  if (rights->publicOnly)
    std::printf("%s\n", replay::hiddenNote(*rights, "dumping its public record only: events and Seals, no orders").c_str());
  const auto& session = r->header().session;
  std::unique_ptr<lockstep::TurnEngine> engine;
  for (uint32_t t = from; t <= to && r->turnCount() > 0;) {
    // Issue 30: the turns a hole took are named once; the game goes on from the snapshot after it.
    if (const replay::Hole* h = r->holeAt(t)) {
      std::printf("gap: %s\n", gapLine(*h).c_str());
      t = h->firstTurn + h->turnCount;
      engine.reset();
      continue;
    }
    if (!engine) {
      auto e = r->seek(t);
      if (!e) return failure(e.message());
      engine = std::move(*e);
    }
    auto rec = r->turn(t);
    if (!rec) return failure(rec.message());
    printComms(t);
    std::printf("turn %u\n", t);
    for (Seat s = 0; s < rec->ordersBySeat.size() && !rights->publicOnly; ++s)
      for (const auto& o : rec->ordersBySeat[s])
        std::printf("  %s: %s\n", seatLabel(session, s).c_str(), orderLine(engine->game(), s, o).c_str());
    auto st = stepRecorded(*engine, *rec);
    for (const auto& rj : st.rejected)
      if (!rights->publicOnly)
        std::printf("  rejected: %s order %u: %s\n", seatLabel(session, rj.seat).c_str(), rj.index, rj.reason.c_str());
    // Game events come from the Game interface, after the orders that caused them.
    for (const auto& ev : st.events) std::printf("  event %s: %s\n", ev.kind.c_str(), ev.text.c_str());
    if (!st.sealMatches) {
      std::printf("  seal %s MISMATCH\n", st.seal.shortHex().c_str());
      std::fflush(stdout);
      return failure(sealMismatch(st));
    }
    std::printf("  seal %s\n", st.seal.shortHex().c_str());
    ++t;
  }
  if (to >= last) {
    printComms(r->turnCount());
    // A hole the game is not picked up after: the turns from it to the end (or on, when the file does not say).
    for (const auto& h : r->holes())
      if (!h.resumed) std::printf("gap: %s\n", gapLine(h).c_str());
  }
  return 0;
}

}  // namespace concord::cli
