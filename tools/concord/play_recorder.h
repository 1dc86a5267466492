// The terminal table's replay: `concord play warp` steps its game through the lockstep::TurnLedger (every seat
// signed locally) and writes each turn record, so `concord replay verify|step` work on a game played at the
// terminal. Header-only; used by cmd_play.cpp.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "lockstep/local_signing.h"
#include "lockstep/turn_ledger.h"
#include "replay/verify.h"
#include "replay/record.h"
#include "replay/writer.h"

namespace concord::cli {

/// Where a person's games are saved: $XDG_DATA_HOME/concord/replays, else ~/.local/share/concord/replays,
/// else the current directory.
inline std::filesystem::path defaultReplayDir() {
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) return std::filesystem::path(x) / "concord" / "replays";
  if (const char* h = std::getenv("HOME"); h && *h) return std::filesystem::path(h) / ".local/share/concord/replays";
  return ".";
}

/// Default replay path: defaultReplayDir() / <stem>-<UTC timestamp>.ccr; the directory is created.
inline std::string defaultReplayPath(const std::string& stem) {
  const std::filesystem::path dir = defaultReplayDir();
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return (dir / (stem + "-" + stamp + ".ccr")).string();
}

inline std::string defaultWarpReplayPath(uint64_t seed) { return defaultReplayPath("warp-seed" + std::to_string(seed)); }

/// Owns the TurnEngine of a terminal game and (when a path is given) its replay writer.
class PlayRecorder {
 public:
  /// `keys` are the key pairs of every seat of `session` (the signer of each bundle is chosen by Membership).
  static Result<std::unique_ptr<PlayRecorder>> create(const lockstep::SessionConfig& session,
                                                      std::vector<lockstep::KeyPair> keys, const std::string& path) {
    auto ledger = lockstep::TurnLedger::create(session);
    if (!ledger) return ledger.error();
    std::unique_ptr<PlayRecorder> r(new PlayRecorder());
    r->session_ = session;
    r->keys_ = std::move(keys);
    r->ledger_ = std::move(*ledger);
    if (!path.empty()) {
      std::error_code ec;
      auto parent = std::filesystem::path(path).parent_path();
      if (!parent.empty()) std::filesystem::create_directories(parent, ec);
      auto w = replay::ReplayWriter::create(path, session);
      if (!w) return w.error();
      r->writer_ = std::move(*w);
      r->path_ = path;
    }
    return r;
  }

  /// Continues the game saved in `path` (a replay is the save): re-simulated and verified first, then
  /// appended to from its last complete turn, signed with the same `keys`.
  /// `person` is the user's persistent identity (issue 11 point 2): it signs the person's seat again.
  static Result<std::unique_ptr<PlayRecorder>> resume(const std::string& path, const std::string& keyLabel,
                                                      const std::optional<lockstep::KeyPair>& person = std::nullopt) {
    auto resumed = replay::resumeReplay(path);
    if (!resumed) return Err(path, ": cannot resume: ", resumed.message());
    std::unique_ptr<PlayRecorder> r(new PlayRecorder());
    r->session_ = resumed->ledger->session();
    r->keys_ = replay::botSessionKeys(keyLabel, static_cast<Seat>(r->session_.seats.size()));
    if (person) r->keys_.push_back(*person);
    for (const auto& seat : r->session_.seats)
      if (std::none_of(r->keys_.begin(), r->keys_.end(), [&](const lockstep::KeyPair& k) { return k.publicKey == seat.key; }))
        return Err(path, ": not a game saved by this table and identity (its seats sign with other keys); watch it "
                   "with `concord replay step`");
    auto w = replay::ReplayWriter::reopen(path, resumed->reader);
    if (!w) return w.error();
    r->writer_ = std::move(*w);
    r->ledger_ = std::move(resumed->ledger);
    r->path_ = path;
    return r;
  }

  const lockstep::TurnEngine& engine() const { return ledger_->engine(); }
  const lockstep::SessionConfig& session() const { return session_; }
  const std::string& path() const { return path_; }

  /// One turn: each seat's orders (empty for seats that do not act). Signs, applies and appends.
  Result<void> step(std::vector<std::vector<Order>> orders) {
    auto rec = lockstep::applySignedLocally(*ledger_, std::move(orders), keys_);
    if (!rec) return rec.error();
    if (writer_) return writer_->append(*rec);
    return Ok();
  }

  /// Writes the index trailer; a game left early is still a valid (shorter) replay.
  Result<void> close() {
    if (!writer_) return Ok();
    auto r = writer_->close();
    writer_.reset();
    return r;
  }

 private:
  PlayRecorder() = default;
  lockstep::SessionConfig session_;
  std::vector<lockstep::KeyPair> keys_;
  std::unique_ptr<lockstep::TurnLedger> ledger_;
  std::unique_ptr<replay::ReplayWriter> writer_;
  std::string path_;
};

}  // namespace concord::cli
