// `concord replay advise FILE --turn T --seat S`: the tactical advisor (RULES §VII) on a replay position,
// post-match analysis that never marks a match assisted (refused on a rated game not yet over). Sees only seat
// S's Observation.
#include <cstdio>
#include <string>

#include "core/warp/ai/officer.h"
#include "replay/hidden_view.h"
#include "replay/reader.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {

namespace {
struct AdviseOptions {
  std::string path;
  uint64_t turn = 0, seat = 0;
};

CommandLine declareAdvise(AdviseOptions& o) {
  CommandLine c("replay advise",
                "Warp: the tactical advisor's move and reasons for seat S after T turns (RULES §VII); post-match\n"
                "analysis, never marked assisted. It sees only seat S's Observation.\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE")
      .path(PathUse::Read)
      .number("--turn", "T", "the position after T turns", o.turn, 0, UINT32_MAX)
      .required("replay advise needs --turn T")
      .number("--seat", "S", "the seat to advise", o.seat, 0, kMaxSeats - 1)
      .required("replay advise needs --seat S");
  return c;
}
}  // namespace

CommandLine adviseLine() {
  static AdviseOptions o;
  return declareAdvise(o);
}

int replayAdvise(Args args) {
  AdviseOptions o;
  if (auto code = declareAdvise(o).parse(args)) return *code;
  const std::string& path = o.path;
  const uint64_t turn = o.turn, seat = o.seat;
  auto r = replay::ReplayReader::open(path);
  if (!r) return failure(r.message());
  if (r->header().session.moduleId != "warp") return failure("the advisor knows Warp; this replay is " + r->header().session.moduleId);
  if (seat >= r->header().session.seats.size()) return failure("--seat is not at this table");
  if (turn > r->turnCount()) return failure("--turn is past the end of the replay (" + std::to_string(r->turnCount()) + " turns)");
  // Issue 11 point 3: analysis after the match is free; a rated game not yet over (a `q` save, a live file) is live
  // play, where the advisor makes the game assisted (TEI §4 E3, RULES §VIII) — so the stock tool refuses it here.
  // Issue 26: the advisor reads a seat's hand, which such a record keeps hidden from every viewer (the same decision
  // as step, dump, export and the Qt viewer: replay/hidden_view.h).
  auto rights = replay::viewRightsOf(*r);
  if (!rights) return failure(rights.message());
  if (rights->publicOnly)
    return failure(replay::hiddenNote(*rights, "advice now would also be live-play assistance (TEI §4 E3). Finish it "
                                               "first, or type `advise` at the table (the game is then marked assisted and "
                                               "not TEI-rated)"));
  auto e = r->seek(static_cast<uint32_t>(turn));
  if (!e) return failure(e.message());
  const Game& g = (*e)->game();
  auto s = static_cast<Seat>(seat);
  auto legal = g.legalOrders(s);
  if (legal.empty()) {
    std::printf("after %llu turns seat %u has nothing to decide\n", static_cast<unsigned long long>(turn), s);
    return 0;
  }
  // Hidden coordinates are guessed from a fixed stream: the same replay position always gets the same advice.
  auto rng = det::Rng::fromU64(turn * 64 + seat);
  auto a = warp::ai::advise(g.observeForOfficer(s), legal, rng);
  if (!a) return failure(a.message());
  std::printf("after %llu turns, seat %u: %s\n", static_cast<unsigned long long>(turn), s, a->orderText.c_str());
  for (const auto& reason : a->reasons) std::printf("  - %s\n", reason.c_str());
  return 0;
}

}  // namespace concord::cli
