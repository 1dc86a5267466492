#include "table/local_table.h"

#include <algorithm>
#include <filesystem>

#include "lockstep/local_signing.h"
#include "lockstep/peer.h"
#include "replay/reader.h"
#include "replay/verify.h"
#include "table/record_bots.h"
#include "table/replay_paths.h"

namespace concord::table {
namespace {

det::Seed seedOf(uint64_t n) {
  det::Seed seed;
  for (int i = 0; i < 8; ++i) seed.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(n >> (8 * i));
  return seed;
}

// The deal's number in a file name: the chosen one, or a short digest of a fresh one.
uint64_t seedLabel(const det::Seed& seed) {
  return (uint64_t{seed.bytes[0]} << 16 | uint64_t{seed.bytes[1]} << 8 | seed.bytes[2]) % 1'000'000'000;
}

// The person's seat (or none) of a session: the first seat no officer plays.
std::optional<Seat> personOf(const lockstep::SessionConfig& session) {
  for (Seat s = 0; s < session.seats.size(); ++s)
    if (!session.seats[s].ai) return s;
  return std::nullopt;
}

// Officers' keys from the label; the person's seat signs with their identity.
std::vector<lockstep::KeyPair> tableKeys(const lockstep::SessionConfig& session, const std::optional<lockstep::KeyPair>& identity) {
  auto keys = botSessionKeys(kLocalSeatKeyLabel, static_cast<Seat>(session.seats.size()));
  if (auto p = personOf(session); p && identity) keys[*p] = *identity;
  return keys;
}

// The seats called as the game calls them ("Captain 2", "Red", "Empire 2"): the log and the standings agree.
Result<void> namesOf(lockstep::SessionConfig& session) {
  auto mod = findModule(session.moduleId, session.rulesVersion);
  if (!mod) return mod.error();
  auto g = (*mod)->create();
  if (auto ok = g->setup(session.config, session.seed, static_cast<Seat>(session.seats.size())); !ok) return ok.error();
  for (Seat s = 0; s < session.seats.size(); ++s) session.seats[s].name = g->seatLabel(s);
  return Ok();
}

}  // namespace

std::string casualReason(const TableSetup& setup) {
  if (!setup.person) return "no person plays (officers only)";
  if (setup.casual) return "you chose a casual game";
  if (setup.seed && setup.seedIsAChoice) return "Seed " + std::to_string(*setup.seed) + " is a deal you chose (and may know)";
  return "";
}

Result<std::unique_ptr<LocalTable>> LocalTable::build(const lockstep::SessionConfig& session, std::vector<lockstep::KeyPair> keys) {
  auto ledger = lockstep::TurnLedger::create(session);
  if (!ledger) return ledger.error();
  std::unique_ptr<LocalTable> t(new LocalTable());
  t->ledger_ = std::move(*ledger);
  t->keys_ = std::move(keys);
  t->person_ = personOf(session);
  for (Seat s = 0; s < session.seats.size(); ++s)
    t->players_.push_back(std::make_unique<OfficerSeat>(lockstep::makeSeatBot(session, s)));
  for (const auto& seat : session.seats)
    if (std::none_of(t->keys_.begin(), t->keys_.end(), [&](const lockstep::KeyPair& k) { return k.publicKey == seat.key; }))
      return Err("seat ", seat.name, " signs with a key this table does not hold");
  return t;
}

Result<std::unique_ptr<LocalTable>> LocalTable::over(const lockstep::SessionConfig& session, std::vector<lockstep::KeyPair> keys,
                                                     const std::string& path, const replay::WriterOptions& writer) {
  auto t = build(session, std::move(keys));
  if (!t) return t.error();
  if (!path.empty()) {
    std::error_code ec;
    if (auto parent = std::filesystem::path(path).parent_path(); !parent.empty()) std::filesystem::create_directories(parent, ec);
    auto w = replay::ReplayWriter::create(path, session, writer);
    if (!w) return w.error();
    (*t)->writer_ = std::move(*w);
    (*t)->path_ = path;
  }
  return t;
}

Result<std::unique_ptr<LocalTable>> LocalTable::open(const TableSetup& setup) {
  if (setup.person && *setup.person >= setup.seats) return Err("your seat ", *setup.person, " is not at a table of ", setup.seats);
  auto session = makeBotSession(setup.moduleId, setup.options, setup.seats, kLocalSeatKeyLabel, setup.officer);
  if (!session) return session.error();
  session->seed = setup.seedBytes ? *setup.seedBytes : setup.seed ? seedOf(*setup.seed) : det::Seed{lockstep::randomBytes32()};
  session->rated = casualReason(setup).empty();
  session->charter = setup.charter;
  if (auto named = namesOf(*session); !named) return named.error();
  if (setup.person) {
    auto& me = session->seats[*setup.person];
    me.ai = false;
    me.botKind.clear();
    if (setup.identity) me.key = setup.identity->publicKey;  // none (tests): the seat's label key signs it
  }
  std::string path;
  if (setup.writeReplay)
    path = !setup.replayPath.empty() ? setup.replayPath
                                     : defaultReplayPath(session->moduleId + "-seed" + std::to_string(setup.seed ? *setup.seed : seedLabel(session->seed)));
  return over(*session, tableKeys(*session, setup.identity), path, setup.writer);
}

Result<std::unique_ptr<LocalTable>> LocalTable::resume(const std::string& path, const std::optional<lockstep::KeyPair>& identity) {
  auto resumed = replay::resumeReplay(path);
  if (!resumed) return Err(path, ": cannot resume: ", resumed.message());
  const auto session = resumed->ledger->session();
  auto t = build(session, tableKeys(session, identity));
  if (!t)
    return Err(path, ": not a game saved by this table and identity (its seats sign with other keys); watch it with "
               "`concord replay step`");
  auto w = replay::ReplayWriter::reopen(path, resumed->reader);
  if (!w) return w.error();
  (*t)->writer_ = std::move(*w);
  (*t)->ledger_ = std::move(resumed->ledger);
  (*t)->path_ = path;
  return t;
}

Result<std::unique_ptr<LocalTable>> LocalTable::playOnFrom(const std::string& path, uint32_t turn, TableSetup setup) {
  auto reader = replay::ReplayReader::open(path);
  if (!reader) return Err(path, ": cannot read: ", reader.message());
  if (turn > reader->turnCount()) return Err("turn ", turn, " is past the replay's end (", reader->turnCount(), " turns)");
  lockstep::SessionConfig session = reader->header().session;
  const auto seats = static_cast<Seat>(session.seats.size());
  const Seat you = setup.person.value_or(0);
  if (you >= seats) return Err("your seat ", you, " is not at this table of ", seats);
  session.rated = false;  // docs/rules-decisions.md "Play on from here is casual": the person may have seen every hand
  session.charter = {};
  const auto keys = botSessionKeys(kLocalSeatKeyLabel, seats);
  for (Seat s = 0; s < seats; ++s) {
    auto& seat = session.seats[s];
    seat.ai = !setup.person || s != you;
    seat.botKind = seat.ai ? setup.officer : std::string();
    seat.key = keys[s].publicKey;
  }
  if (setup.person && setup.identity) session.seats[you].key = setup.identity->publicKey;
  auto t = over(session, tableKeys(session, setup.identity), setup.writeReplay ? setup.replayPath : std::string(), setup.writer);
  if (!t) return t.error();
  // The same orders, turn by turn, through the new ledger: the game reaches the same position.
  for (uint32_t i = 0; i < turn; ++i) {
    auto record = reader->turn(i);
    if (!record) return Err(path, ": turn ", i, ": ", record.message());
    auto orders = std::move(record->ordersBySeat);
    orders.resize(seats);
    if (auto r = (*t)->step(std::move(orders)); !r) return Err("cannot play on at turn ", i, ": ", r.message());
  }
  if ((*t)->over()) return Err("the game is over at turn ", turn, ": choose an earlier turn to play on from");
  return t;
}

void LocalTable::seat(Seat s, std::unique_ptr<SeatPlayer> player) {
  if (s < players_.size()) players_[s] = std::move(player);
}

Result<bool> LocalTable::tryTurn() {
  const auto seats = static_cast<Seat>(players_.size());
  std::vector<std::vector<Order>> orders(seats);
  if (person_) {
    auto mine = players_[*person_]->decide(engine(), *person_);
    if (!mine) return false;
    orders[*person_] = std::move(*mine);
  }
  for (Seat s = 0; s < seats; ++s) {
    if (person_ && s == *person_) continue;
    auto o = players_[s]->decide(engine(), s);
    if (!o) return false;  // a second person still deciding (a hot-seat table)
    orders[s] = std::move(*o);
  }
  // Nothing a person played waits in an unflushed block: a kill -9 loses no move of theirs (the closed file is
  // byte-identical with or without checkpoints, replay/writer.h). Officers' turns go by at machine speed.
  bool personMoved = false;
  for (Seat s = 0; s < seats; ++s) personMoved = personMoved || (!engine().session().seats[s].ai && !orders[s].empty());
  if (auto r = step(std::move(orders)); !r) return r.error();
  if (personMoved && writer_)
    if (auto r = writer_->checkpoint(); !r) return r.error();
  return true;
}

Result<void> LocalTable::step(std::vector<std::vector<Order>> orders) {
  auto rec = lockstep::applySignedLocally(*ledger_, std::move(orders), keys_);
  if (!rec) return rec.error();
  if (writer_) return writer_->append(*rec);
  return Ok();
}

Result<void> LocalTable::appendComms(replay::CommsEntry entry) {
  if (!writer_) return Ok();
  return writer_->appendComms(std::move(entry));
}

Result<void> LocalTable::close(bool asCrash) {
  if (!writer_) return Ok();
  auto r = asCrash ? writer_->flush() : writer_->close();
  closedBytes_ = writer_->bytesWritten();
  if (!asCrash) writer_.reset();
  return r;
}

}  // namespace concord::table
