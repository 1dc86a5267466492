// SoloSession: cmd_play.cpp's loop turned inside out for an event loop. Per turn: if the person may act and
// has not chosen, wait; otherwise one worker job computes every officer's orders and steps the ledger.
#include "ui/shell/solo_session.h"

#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

#include "lockstep/peer.h"
#include "replay/reader.h"
#include "replay/record.h"
#include "tools/concord/play_recorder.h"

namespace concord::ui {

namespace {
constexpr const char* kKeyLabel = "play-warp";  // the terminal's label: `concord play warp --resume` reads these saves
}

Result<std::unique_ptr<SoloSession>> SoloSession::create(const Setup& setup) {
  if (setup.you >= setup.seats) return Err("your seat ", setup.you, " is not at a table of ", setup.seats);
  auto session = replay::makeBotSession(setup.moduleId, setup.options, setup.seats, kKeyLabel, setup.officer);
  if (!session) return session.error();
  for (int i = 0; i < 8; ++i) session->seed.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(setup.seed >> (8 * i));
  session->rated = !setup.casual;  // RULES §VIII Solo pool, as `concord play warp`
  for (Seat s = 0; s < setup.seats; ++s) session->seats[s].name = "Captain " + std::to_string(s);
  session->seats[setup.you].ai = false;
  session->seats[setup.you].botKind.clear();
  auto keys = replay::botSessionKeys(kKeyLabel, setup.seats);
  if (setup.person) {
    session->seats[setup.you].key = setup.person->publicKey;
    keys[setup.you] = *setup.person;
  }
  auto rec = cli::PlayRecorder::create(*session, std::move(keys), setup.replayPath);
  if (!rec) return rec.error();
  return around(setup, std::move(*rec));
}

Result<std::unique_ptr<SoloSession>> SoloSession::resume(const std::string& path,
                                                        const std::optional<lockstep::KeyPair>& person) {
  auto rec = cli::PlayRecorder::resume(path, kKeyLabel, person);
  if (!rec) return rec.error();
  const auto& ss = (*rec)->session();
  if ((*rec)->engine().over()) return Err(path, ": the game saved here is already over; watch it in the replay viewer");
  Setup setup;
  setup.moduleId = ss.moduleId;
  setup.seats = static_cast<Seat>(ss.seats.size());
  setup.replayPath = path;
  setup.casual = !ss.rated;
  setup.person = person;
  bool found = false;
  for (Seat s = 0; s < ss.seats.size(); ++s) {
    if (!ss.seats[s].ai && !found) {
      found = true;
      setup.you = s;
    } else if (ss.seats[s].ai && !ss.seats[s].botKind.empty()) {
      setup.officer = ss.seats[s].botKind;
    }
  }
  if (!found) return Err(path, ": every seat of this save is an officer's; watch it in the replay viewer");
  return around(setup, std::move(*rec));
}

Result<SoloSession::Prepared> SoloSession::prepareFrom(const std::string& path, uint32_t turn, Setup setup) {
  auto reader = replay::ReplayReader::open(path);
  if (!reader) return Err(path, ": cannot read: ", reader.message());
  if (turn > reader->turnCount()) return Err("turn ", turn, " is past the replay's end (", reader->turnCount(), " turns)");
  lockstep::SessionConfig session = reader->header().session;
  if (setup.you >= session.seats.size()) return Err("your seat ", setup.you, " is not at this table of ", session.seats.size());
  setup.moduleId = session.moduleId;
  setup.seats = static_cast<Seat>(session.seats.size());
  setup.casual = true;  // docs/rules-decisions.md "Play on from here is casual"
  session.rated = false;
  session.charter = {};
  auto keys = replay::botSessionKeys(kKeyLabel, setup.seats);
  for (Seat s = 0; s < setup.seats; ++s) {
    auto& seat = session.seats[s];
    seat.name = "Captain " + std::to_string(s);
    seat.ai = s != setup.you;
    seat.botKind = seat.ai ? setup.officer : std::string();
    seat.key = keys[s].publicKey;
  }
  if (setup.person) {
    session.seats[setup.you].key = setup.person->publicKey;
    keys[setup.you] = *setup.person;
  }
  auto rec = cli::PlayRecorder::create(session, std::move(keys), setup.replayPath);
  if (!rec) return rec.error();
  // The same orders, turn by turn, through the new ledger: the game reaches the same position.
  for (uint32_t t = 0; t < turn; ++t) {
    auto record = reader->turn(t);
    if (!record) return Err(path, ": turn ", t, ": ", record.message());
    auto orders = std::move(record->ordersBySeat);
    orders.resize(setup.seats);
    if (auto r = (*rec)->step(std::move(orders)); !r) return Err("cannot play on at turn ", t, ": ", r.message());
  }
  if ((*rec)->engine().over()) return Err("the game is over at turn ", turn, ": choose an earlier turn to play on from");
  return Prepared{setup, std::shared_ptr<cli::PlayRecorder>(std::move(*rec))};
}

std::unique_ptr<SoloSession> SoloSession::adopt(const Prepared& prepared) { return around(prepared.setup, prepared.rec); }

std::unique_ptr<SoloSession> SoloSession::around(const Setup& setup, std::shared_ptr<cli::PlayRecorder> rec) {
  std::unique_ptr<SoloSession> s(new SoloSession());
  s->setup_ = setup;
  s->rec_ = std::move(rec);
  for (Seat i = 0; i < setup.seats; ++i) s->bots_.push_back(lockstep::makeSeatBot(s->rec_->session(), i));
  s->view_ = s->rec_->engine().game().clone();
  s->turn_ = s->rec_->engine().turn();
  connect(&s->watcher_, &QFutureWatcher<std::string>::finished, s.get(), &SoloSession::landed);
  return s;
}

SoloSession::~SoloSession() {
  watcher_.waitForFinished();  // a job in flight holds the recorder
  close();
}

void SoloSession::begin() {
  auto first = view_->narrationSince(0);
  log_.insert(log_.end(), first.begin(), first.end());
  logSeen_ = view_->narrationTotal();
  emit changed();
  advance();
}

const std::string& SoloSession::replayPath() const { return rec_->path(); }

void SoloSession::close() {
  if (closed_ || thinking_) return;
  closed_ = true;
  if (auto r = rec_->close(); !r) emit failed(QString::fromStdString("replay: " + r.message()));
}

TableFrame SoloSession::frame() const {
  TableFrame f;
  f.me = setup_.you;
  f.obs = view_->observe(setup_.you);
  f.game = view_.get();
  f.seatGrades = setup_.seatGrades;
  if (!thinking_ && !over()) {
    f.legal = view_->legalOrders(setup_.you);
    auto aw = view_->awaiting();
    f.outOfTurn = !f.legal.empty() && std::find(aw.begin(), aw.end(), setup_.you) == aw.end();
  }
  return f;
}

std::vector<QString> SoloSession::names() const {
  std::vector<QString> out;
  for (const auto& s : rec_->session().seats) out.push_back(QString::fromStdString(s.name));
  return out;
}

QString SoloSession::status() const {
  if (over()) return QStringLiteral("The game is over.");
  auto aw = view_->awaiting();
  QString who;
  for (Seat s : aw)
    if (s != setup_.you) who += (who.isEmpty() ? "" : ", ") + QStringLiteral("Captain %1").arg(s);
  if (!frame().legal.empty()) return frame().outOfTurn ? QStringLiteral("You may act out of turn.") : QStringLiteral("Your turn.");
  return who.isEmpty() ? QString() : who + QStringLiteral(" deciding…");
}

Result<void> SoloSession::choose(const Order& order) {
  if (thinking_) return Err("the officers are still deciding; wait for your turn");
  if (over()) return Err("the game is over");
  if (auto ok = view_->validate(setup_.you, order); !ok) return ok.error();
  launch({order});
  return Ok();
}

Result<void> SoloSession::letGo() {
  if (thinking_ || !frame().outOfTurn) return Err("there is nothing to let go: it is not an out-of-turn choice");
  launch({});
  return Ok();
}

void SoloSession::advance() {
  if (thinking_ || over() || view_->awaiting().empty()) return;
  if (!view_->legalOrders(setup_.you).empty()) return;  // the person decides (frame() offers the orders)
  if (paceMs_ > 0) {
    thinking_ = true;  // no clicks while the pause runs
    QTimer::singleShot(paceMs_, this, [this] {
      thinking_ = false;
      launch({});
    });
  } else {
    launch({});
  }
}

void SoloSession::launch(std::vector<Order> mine) {
  thinking_ = true;
  emit changed();
  cli::PlayRecorder* rec = rec_.get();
  auto* bots = &bots_;
  const Seat you = setup_.you;
  // The job owns the recorder until it lands: the UI reads only view_ meanwhile.
  watcher_.setFuture(QtConcurrent::run([rec, bots, you, mine = std::move(mine)]() -> std::string {
    const auto& e = rec->engine();
    std::vector<std::vector<Order>> orders(e.session().seats.size());
    for (Seat s = 0; s < orders.size(); ++s) {
      if (s == you) orders[s] = mine;
      else if ((*bots)[s]) orders[s] = lockstep::botOrdersFor(e, s, *(*bots)[s]);
    }
    auto r = rec->step(std::move(orders));
    return r ? std::string() : r.message();
  }));
}

void SoloSession::landed() {
  const std::string err = watcher_.result();
  thinking_ = false;
  view_ = rec_->engine().game().clone();
  turn_ = rec_->engine().turn();
  auto lines = view_->narrationSince(logSeen_);
  log_.insert(log_.end(), lines.begin(), lines.end());
  logSeen_ = view_->narrationTotal();
  if (!err.empty()) emit failed(QString::fromStdString(err));
  emit changed();
  if (err.empty()) advance();
}

}  // namespace concord::ui
