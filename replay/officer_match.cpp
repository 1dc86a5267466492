#include "replay/officer_match.h"

#include <algorithm>

#include "core/game/registry.h"
#include "lockstep/assistance.h"
#include "lockstep/seat_bot.h"

namespace concord::replay {

namespace {

std::unique_ptr<Bot> matchOfficer(const lockstep::SessionConfig& session, Seat s) {
  auto mod = findModule(session.moduleId, session.rulesVersion);
  if (!mod || !(*mod)->makeBot) return nullptr;
  const auto& kinds = (*mod)->botKinds;
  if (std::find(kinds.begin(), kinds.end(), kMatchOfficer) == kinds.end()) return nullptr;
  return (*mod)->makeBot(kMatchOfficer, s);
}

bool officerPlayed(const std::vector<Order>& orders, Seat s) {
  return std::any_of(orders.begin(), orders.end(), [s](const Order& o) {
    return o.kind == lockstep::kOfficerPlayed && lockstep::checkAssistanceOrder(o, s);
  });
}

}  // namespace

void tallyOfficerMatch(const lockstep::TurnEngine& before, std::span<const std::vector<Order>> ordersBySeat,
                       std::vector<SeatMatch>& out, const RevealedKeys* keys, MarkedTurns marked) {
  const auto& session = before.session();
  const HiddenInfo* hidden = before.game().hiddenInfo();
  const auto awaited = before.awaiting();
  for (Seat s = 0; s < ordersBySeat.size() && s < out.size(); ++s) {
    const auto& orders = ordersBySeat[s];
    if (marked == MarkedTurns::Skip && officerPlayed(orders, s)) continue;  // the officer's turn, on the record
    // Hidden hands: the seat's view, opened with its keeper's key (revealed at the end), else nothing to compare.
    const HolderKey* key = nullptr;
    std::unique_ptr<Game> view;
    if (hidden) {
      const Seat keeper = hidden->keeperOf(s);
      if (!keys || keeper >= keys->size() || !(*keys)[keeper]) continue;
      key = &*(*keys)[keeper];
      view = hidden->viewFor(s, *key);
    }
    const Game& g = view ? *view : before.game();
    const size_t legal = g.legalOrders(s).size();
    const bool mustAct = std::find(awaited.begin(), awaited.end(), s) != awaited.end();
    if (legal + (mustAct ? 0 : 1) < 2) continue;  // forced: one thing to do (or nothing at all)
    auto officer = matchOfficer(session, s);
    if (!officer) return;
    std::vector<Order> played;
    for (const auto& o : orders)
      if (o.kind < lockstep::kSystemOrderBase && !(hidden && hidden->isDeckWork(o))) played.push_back(o);
    ++out[s].decisions;
    if (lockstep::botOrdersFor(before, s, *officer, nullptr, key) == played) ++out[s].matched;
  }
}

Result<OfficerMatch> officerMatchRates(const ReplayReader& reader, MarkedTurns marked) {
  const auto& session = reader.header().session;
  OfficerMatch out;
  if (!matchOfficer(session, 0)) {
    out.unavailable = "module " + session.moduleId + " has no " + kMatchOfficer + " officer to compare with";
    return out;
  }
  auto created = lockstep::TurnEngine::create(session);
  if (!created) return created.error();
  std::unique_ptr<lockstep::TurnEngine> engine = std::move(*created);
  engine->keepStates(false);  // a walk over the turns: no rewind ring
  RevealedKeys keys;
  if (engine->game().hiddenInfo()) {
    auto end = reader.seek(reader.turnCount());
    if (!end) return end.error();
    const HiddenInfo* last = (*end)->game().hiddenInfo();
    if (!last || !last->audit()) {
      out.unavailable = "hidden hands: the seats' views open only with the keys the game's end reveals, and this "
                        "game has not ended";
      return out;
    }
    for (Seat s = 0; s < session.seats.size(); ++s) keys.push_back(last->revealedKey(s));
  }
  out.seats.resize(session.seats.size());
  const auto& frames = reader.frames();
  for (size_t i = 0; i < frames.size(); ++i) {
    // Issue 30: past a hole the walk goes on from the snapshot that picks the game up (the frame after the Gap).
    if (frames[i].kind == FrameKind::Gap && i + 1 < frames.size() && frames[i + 1].kind == FrameKind::Snapshot) {
      auto picked = reader.loadSnapshot(i + 1);
      if (!picked) return picked.error();
      engine = std::move(*picked);
      engine->keepStates(false);
      continue;
    }
    if (frames[i].kind != FrameKind::Turns) continue;
    auto block = reader.block(i);
    if (!block) return block.error();
    for (const auto& t : block->turns) {
      tallyOfficerMatch(*engine, t.ordersBySeat, out.seats, keys.empty() ? nullptr : &keys, marked);
      if (!t.sealMatches(engine->step(t.ordersBySeat).seal))
        return Err("turn ", t.turn, ": the re-simulated Seal hash does not match the recorded one (replay corrupt or "
                   "recorded by different rules; `concord replay verify` says more)");
    }
  }
  return out;
}

}  // namespace concord::replay
