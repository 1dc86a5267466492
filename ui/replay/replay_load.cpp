#include "ui/replay/replay_load.h"


#include "lockstep/turn_engine.h"

namespace concord::ui {

Result<LoadedReplay> loadReplay(const std::string& path, const std::function<RoundOf(const std::string&)>& roundsFor,
                                const LoadProgress& progress) {
  if (progress) progress(0, "reading " + path);
  auto reader = replay::ReplayReader::open(path);
  if (!reader) return reader.error();
  LoadedReplay out;
  out.path = path;
  auto shared = std::make_shared<replay::ReplayReader>(std::move(*reader));
  out.reader = shared;
  out.turns = shared->turnCount();
  auto start = shared->seek(0);
  if (!start) return start.error();
  std::unique_ptr<lockstep::TurnEngine> engine = std::move(*start);
  engine->keepStates(false);  // a shadow for the narration: no rewind ring
  out.moduleId = engine->session().moduleId;
  out.seats = static_cast<Seat>(engine->session().seats.size());
  const RoundOf roundOf = roundsFor ? roundsFor(out.moduleId) : RoundOf();
  out.opening = engine->game().narrationSince(0);
  uint64_t seen = engine->game().narrationTotal();
  int round = roundOf ? roundOf(engine->game()) : -1;
  out.roundAt.push_back(round);
  if (round >= 0) out.roundStarts.push_back(0);
  // One pass: the ledger verifies each turn; a shadow engine steps the same orders for narration and rounds.
  auto onTurn = [&](const lockstep::TurnRecord& rec) {
    std::vector<std::vector<Order>> orders;
    for (const auto& b : rec.bundles) orders.push_back(b.orders);
    engine->step(orders);
    std::vector<std::string> lines;
    for (auto& ev : engine->game().eventsSince(seen)) {
      if (ev.kind != "play") out.events.push_back({engine->turn(), ev.kind, ev.text});
      lines.push_back(std::move(ev.text));
    }
    out.narration.push_back(std::move(lines));
    seen = engine->game().narrationTotal();
    int r = roundOf ? roundOf(engine->game()) : -1;
    if (r != round && r >= 0) out.roundStarts.push_back(engine->turn());
    round = r;
    out.roundAt.push_back(r);
  };
  auto onProgress = [&](uint32_t done, uint32_t total) {
    if (progress && total) progress(static_cast<int>(uint64_t{done} * 1000 / total), "verifying");
  };
  auto report = replay::verifyReplay(*shared, onProgress, onTurn);
  if (!report) return report.error();
  out.report = std::move(*report);
  // Issue 26: over = the shadow engine's last state has an outcome (it stops where a failed check stops the pass).
  out.rights = replay::viewRights(engine->session(), engine->game().outcome().has_value(), out.report.ok);
  // A failed check stops the pass: the turns after it have no narration, but stay seekable where they read.
  out.narration.resize(out.turns);
  out.roundAt.resize(out.turns + 1, -1);
  if (progress) progress(1000, "ready");
  return out;
}

Result<ReplayMoment> seekReplay(const replay::ReplayReader& reader, uint32_t position) {
  auto e = reader.seek(position);
  if (!e) return e.error();
  return ReplayMoment{position, std::shared_ptr<const lockstep::TurnEngine>(std::move(*e))};
}

}  // namespace concord::ui
