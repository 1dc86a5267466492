#include "table/record_bots.h"

#include "table/local_table.h"

namespace concord::table {

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
  if (auto mod = findModule(session.moduleId, session.rulesVersion); !mod) return mod.error();
  auto table = LocalTable::over(session, keys, path, options.writer);
  if (!table) return table.error();
  LocalTable& t = **table;
  auto keepComms = [&](uint32_t turn) -> Result<void> {
    if (!commsAt) return Ok();
    for (auto& c : commsAt(turn))
      if (auto r = t.appendComms(std::move(c)); !r) return r;
    return Ok();
  };
  while (!t.over() && t.engine().turn() < options.maxTurns) {
    if (auto r = keepComms(t.engine().turn()); !r) return r.error();
    auto played = t.tryTurn();  // every seat an officer's: the turn is always ready
    if (!played) return played.error();
  }
  if (auto r = keepComms(t.engine().turn()); !r) return r.error();
  RecordSummary sum;
  sum.turns = t.engine().turn();
  sum.finalSeal = t.engine().lastSeal();
  if (auto r = t.close(!options.close); !r) return r.error();
  sum.bytes = t.bytesWritten();
  return sum;
}

}  // namespace concord::table
