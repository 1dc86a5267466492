// The bot recorder: a LocalTable whose every seat an officer plays (each seat's bundle signed locally, every key
// ours), writing the replay. For tests, benchmarks, fuzz seeds and `concord bench`; the networked pipeline steps
// the same ledger and asks the same officers (lockstep::botOrdersFor).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/game/registry.h"
#include "lockstep/crypto.h"
#include "lockstep/session.h"
#include "replay/writer.h"

namespace concord::table {

using replay::CommsEntry;
using replay::WriterOptions;

/// A session of `seats` bot seats for module `moduleId` with options `config`, keys
/// KeyPair::fromLabel("<label>:seat<i>") and a seed derived from `label`.
Result<lockstep::SessionConfig> makeBotSession(std::string_view moduleId, const ConfigOptions& config, Seat seats,
                                               std::string_view label, std::string_view botKind = "");
/// The key pairs makeBotSession's seats use.
std::vector<lockstep::KeyPair> botSessionKeys(std::string_view label, Seat seats);

struct RecordOptions {
  WriterOptions writer;
  uint32_t maxTurns = UINT32_MAX;  // stop after this many turns even if the game is not over
  bool close = true;               // false leaves the file as a crashed writer would (no trailer)
};

/// Comms messages to keep before turn t is played (called with t = 0.. and, at the end, the turn count).
using CommsSource = std::function<std::vector<CommsEntry>(uint32_t turn)>;

struct RecordSummary {
  uint32_t turns = 0;
  det::Hash128 finalSeal;
  uint64_t bytes = 0;
};

/// Plays the session with bots (lockstep::botOrdersFor: the same orders a live table's steward signs) and writes the replay to `path`.
/// `keys` holds the key pair of every session seat (the signer is chosen by Membership).
Result<RecordSummary> recordBotGame(const std::string& path, const lockstep::SessionConfig& session,
                                    const std::vector<lockstep::KeyPair>& keys, const RecordOptions& options = {},
                                    const CommsSource& commsAt = {});

}  // namespace concord::table
