// `concord replay advise FILE --turn T --seat S`: the tactical advisor (RULES §VII) on a replay position,
// post-match analysis that never marks a match assisted. Sees only seat S's Observation.
#include <cstdio>
#include <string>

#include "core/warp/ai/officer.h"
#include "replay/reader.h"
#include "tools/concord/command.h"

namespace concord::cli {

int replayAdvise(Args args) {
  constexpr const char* kHint = "concord replay advise FILE --turn T --seat S";
  if (args.empty()) return usageError("replay advise needs a FILE", kHint);
  const std::string& path = args[0];
  uint64_t turn = UINT64_MAX, seat = UINT64_MAX;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size()) return usageError("option '" + a + "' needs a value", kHint);
    uint64_t v = 0;
    if (!wholeNumber(args[++i], v)) return usageError("option '" + a + "' needs a number", kHint);
    if (a == "--turn") turn = v;
    else if (a == "--seat") seat = v;
    else return usageError("unknown option '" + a + "' for replay advise", kHint);
  }
  if (turn == UINT64_MAX || seat == UINT64_MAX) return usageError("replay advise needs --turn and --seat", kHint);
  auto r = replay::ReplayReader::open(path);
  if (!r) return failure(r.message());
  if (r->header().session.moduleId != "warp") return failure("the advisor knows Warp; this replay is " + r->header().session.moduleId);
  if (seat >= r->header().session.seats.size()) return failure("--seat is not at this table");
  if (turn > r->turnCount()) return failure("--turn is past the end of the replay (" + std::to_string(r->turnCount()) + " turns)");
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
  auto a = warp::ai::advise(g.observe(s), legal, rng);
  if (!a) return failure(a.message());
  std::printf("after %llu turns, seat %u: %s\n", static_cast<unsigned long long>(turn), s, a->orderText.c_str());
  for (const auto& reason : a->reasons) std::printf("  - %s\n", reason.c_str());
  return 0;
}

}  // namespace concord::cli
