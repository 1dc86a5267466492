// LocalTable: one table under every game played on this machine (DESIGN.md: Layers, "table/"). It owns the
// TurnLedger (every turn signed, sealed and chained as at a LAN table), who plays each seat (a person's
// SeatPlayer, officers for the rest), the replay writer (the save: where it goes is decided here) and resume.
// The terminal (`concord play <module>`), the Qt solo table and the bot recorder all run on it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/game/registry.h"
#include "lockstep/crypto.h"
#include "lockstep/turn_ledger.h"
#include "replay/writer.h"
#include "table/seat_player.h"

namespace concord::table {

/// The label the officers' seat keys derive from (KeyPair::fromLabel("play-warp:seat<i>")). Warp saves were
/// first signed under it; every module's local table uses it so one resume path reads every save.
inline constexpr const char* kLocalSeatKeyLabel = "play-warp";

struct TableSetup {
  std::string moduleId = "warp";
  ConfigOptions options;            // the module's options; empty: its defaults (Warp: the Official preset)
  Seat seats = 4;
  std::optional<Seat> person;       // the person's seat; none: officers play every seat (a demo, a recording)
  std::string officer;              // the other seats' bot kind; "" = the module's first (its default)
  std::optional<uint64_t> seed;     // a chosen deal; none: a fresh random one (so a rated deal is unseen)
  std::optional<det::Seed> seedBytes;  // the whole seed, when a front end keeps its own derivation (it wins over seed)
  bool seedIsAChoice = true;        // false: the front end, not the person, picked `seed` (the Qt start screen's
                                    // field until issue 33), so it does not by itself make the game casual
  bool casual = false;              // the person chose an unrated game (RULES §VIII, TEI E7)
  std::optional<lockstep::KeyPair> identity;  // signs the person's seat (issue 11 point 2); none: a label key (tests)
  lockstep::Charter charter;        // a crew charter (TEI §3.4); empty id: none
  std::string replayPath;           // "" with writeReplay: defaultReplayPath(<module>-seed<N>)
  bool writeReplay = true;
  replay::WriterOptions writer;
};

/// Why a game of `setup` is not rated, or "" when it is (RULES §VIII: a chosen deal may be a known one).
std::string casualReason(const TableSetup& setup);

class LocalTable {
 public:
  /// A new game: the session (seats named "Captain N" for Warp, the module's labels otherwise), the seed, and the
  /// replay file. The error says what is wrong with the setup.
  static Result<std::unique_ptr<LocalTable>> open(const TableSetup& setup);
  /// A table over an explicit session whose every key is in `keys` (recordings, tests); `path` "" writes nothing.
  static Result<std::unique_ptr<LocalTable>> over(const lockstep::SessionConfig& session, std::vector<lockstep::KeyPair> keys,
                                                  const std::string& path, const replay::WriterOptions& writer = {});
  /// Continues the game saved at `path` (a replay is the save): verified first, then appended to; the person's
  /// seat signs with `identity` again. Refuses a save whose seats sign with keys this table does not hold.
  static Result<std::unique_ptr<LocalTable>> resume(const std::string& path, const std::optional<lockstep::KeyPair>& identity);
  /// "Play on from here": a new casual game whose first `turn` turns are those of the replay at `path` (same table,
  /// seed and orders, re-signed), the person at setup.person and setup.officer at the other seats.
  static Result<std::unique_ptr<LocalTable>> playOnFrom(const std::string& path, uint32_t turn, TableSetup setup);

  const lockstep::TurnEngine& engine() const { return ledger_->engine(); }
  const Game& game() const { return ledger_->engine().game(); }
  const lockstep::SessionConfig& session() const { return ledger_->session(); }
  /// The person's seat (the first seat no officer plays), if any.
  std::optional<Seat> person() const { return person_; }
  const std::string& replayPath() const { return path_; }
  bool over() const { return ledger_->engine().over(); }

  /// Who plays `s` from now on (the person's SeatPlayer; by default the seat's officer).
  void seat(Seat s, std::unique_ptr<SeatPlayer> player);
  /// One turn if every seat has decided: asks the person's seat first (officers only once it is ready), then
  /// signs, applies and appends. False (nothing applied) while a person is still deciding.
  Result<bool> tryTurn();
  /// One turn of explicit orders, one list per seat: signed, applied, appended.
  Result<void> step(std::vector<std::vector<Order>> orders);
  /// Keeps a comms message in the replay before the next turn (RULES §IX).
  Result<void> appendComms(replay::CommsEntry entry);
  /// Writes the replay's trailer (a game left early is still a valid, shorter replay); `asCrash` flushes only.
  Result<void> close(bool asCrash = false);
  uint64_t bytesWritten() const { return writer_ ? writer_->bytesWritten() : closedBytes_; }

 private:
  LocalTable() = default;
  static Result<std::unique_ptr<LocalTable>> build(const lockstep::SessionConfig& session, std::vector<lockstep::KeyPair> keys);

  std::unique_ptr<lockstep::TurnLedger> ledger_;
  std::vector<lockstep::KeyPair> keys_;
  std::vector<std::unique_ptr<SeatPlayer>> players_;
  std::unique_ptr<replay::ReplayWriter> writer_;
  std::optional<Seat> person_;
  std::string path_;
  uint64_t closedBytes_ = 0;
};

}  // namespace concord::table
