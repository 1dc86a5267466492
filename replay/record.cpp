#include "replay/record.h"

#include "lockstep/local_signing.h"
#include "lockstep/peer.h"
#include "lockstep/turn_ledger.h"

namespace concord::replay {

std::vector<lockstep::KeyPair> botSessionKeys(std::string_view label, Seat seats) {
  std::vector<lockstep::KeyPair> keys;
  for (Seat s = 0; s < seats; ++s)
    keys.push_back(lockstep::KeyPair::fromLabel(std::string(label) + ":seat" + std::to_string(s)));
  return keys;
}

Result<lockstep::SessionConfig> makeBotSession(std::string_view moduleId, const ConfigOptions& config, Seat seats,
                                               std::string_view label, std::string_view botKind) {
  auto mod = findModule(moduleId);
  if (!mod) return mod.error();
  auto cfg = (*mod)->parseConfig(config);
  if (!cfg) return cfg.error();
  lockstep::SessionConfig s;
  s.moduleId = (*mod)->id;
  s.rulesVersion = (*mod)->rulesVersion;
  s.config = std::move(*cfg);
  auto keys = botSessionKeys(label, seats);
  for (Seat i = 0; i < seats; ++i) {
    lockstep::SeatInfo si;
    si.name = "bot" + std::to_string(i);
    si.key = keys[i].publicKey;
    si.ai = true;
    si.botKind = botKind.empty() ? (*mod)->botKinds.front() : std::string(botKind);
    s.seats.push_back(std::move(si));
  }
  std::string seedText = "replay-seed:" + std::string(label);
  auto seed = lockstep::blake256(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(seedText.data()),
                                                          seedText.size()));
  s.seed.bytes = seed;
  return s;
}

Result<RecordSummary> recordBotGame(const std::string& path, const lockstep::SessionConfig& session,
                                    const std::vector<lockstep::KeyPair>& keys, const RecordOptions& options,
                                    const CommsSource& commsAt) {
  auto mod = findModule(session.moduleId, session.rulesVersion);
  if (!mod) return mod.error();
  auto created = lockstep::TurnLedger::create(session);
  if (!created) return created.error();
  auto& ledger = *created;
  const auto& engine = ledger->engine();
  const auto seats = static_cast<Seat>(session.seats.size());
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < seats; ++s) bots.push_back(lockstep::makeSeatBot(session, s));
  auto writer = ReplayWriter::create(path, session, options.writer);
  if (!writer) return writer.error();
  RecordSummary sum;
  auto keepComms = [&](uint32_t t) -> Result<void> {
    if (!commsAt) return Ok();
    for (auto& c : commsAt(t))
      if (auto r = (*writer)->appendComms(std::move(c)); !r) return r;
    return Ok();
  };
  while (!engine.over() && engine.turn() < options.maxTurns) {
    const uint32_t t = engine.turn();
    if (auto r = keepComms(t); !r) return r.error();
    std::vector<std::vector<Order>> orders(seats);
    for (Seat s = 0; s < seats; ++s)  // every seat, as a live steward asks: out-of-turn catches included
      if (bots[s]) orders[s] = lockstep::botOrdersFor(engine, s, *bots[s]);
    auto rec = lockstep::applySignedLocally(*ledger, std::move(orders), keys);
    if (!rec) return rec.error();
    if (auto r = (*writer)->append(*rec); !r) return r.error();
  }
  if (auto r = keepComms(engine.turn()); !r) return r.error();
  if (options.close) {
    if (auto r = (*writer)->close(); !r) return r.error();
  } else if (auto r = (*writer)->flush(); !r) {
    return r.error();
  }
  sum.turns = engine.turn();
  sum.finalSeal = engine.lastSeal();
  sum.bytes = (*writer)->bytesWritten();
  return sum;
}

}  // namespace concord::replay
