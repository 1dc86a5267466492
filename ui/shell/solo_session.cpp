// SoloSession: the terminal table's loop (tools/concord/terminal_table.cpp) turned inside out for an event loop. Per turn: if the person may act and
// has not chosen, wait; otherwise one worker job computes every officer's orders and steps the ledger.
#include "ui/shell/solo_session.h"

#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

#include "table/local_table.h"
#include "table/rated_game.h"
#include "ui/shell/settings.h"
#include "table/rated_verdict.h"
#include "table/record_bots.h"

namespace concord::ui {

namespace {
table::TableSetup tableSetup(const SoloSession::Setup& setup) {
  table::TableSetup t;
  t.moduleId = setup.moduleId;
  t.options = setup.options;
  t.seats = setup.seats;
  t.person = setup.you;
  t.officer = setup.officer;
  t.seed = setup.seed;  // none: LocalTable deals a fresh random sector, as at the terminal
  t.seedIsAChoice = setup.seedIsAChoice;
  // A chosen deal keeps the Qt table's derivation since issue 12: the label's seed with the number in its first
  // 8 bytes (saves and tests name deals by it), where the terminal's has zeros after them.
  if (setup.seed)
    if (auto base = table::makeBotSession(setup.moduleId, setup.options, setup.seats, table::kLocalSeatKeyLabel); base) {
      det::Seed seed = base->seed;
      for (int i = 0; i < 8; ++i) seed.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(*setup.seed >> (8 * i));
      t.seedBytes = seed;
    }
  t.casual = setup.casual || setup.moduleId != "warp";  // TEI rates Warp (RULES §VIII), as `concord play` says
  t.identity = setup.person;
  t.replayPath = setup.replayPath;
  t.writeReplay = !setup.replayPath.empty() || setup.defaultReplay;
  return t;
}
}  // namespace

std::string SoloSession::unratedBecause(const Setup& setup) {
  if (std::string why = table::unratedBecause(tableSetup(setup)); !why.empty()) return why;
  auto store = table::teiStorePath(setup.teiStore);
  return store ? table::storeUnratedBecause(*store) : store.message();
}

Result<std::unique_ptr<SoloSession>> SoloSession::create(const Setup& setup) {
  if (setup.you >= setup.seats) return Err("your seat ", setup.you, " is not at a table of ", setup.seats);
  Setup s = setup;
  auto t = tableSetup(s);
  s.unrated = table::unratedBecause(t);
  std::string store;  // the TEI store a game to be rated registers in
  if (table::casualReason(t).empty()) {
    auto path = table::teiStorePath(s.teiStore);
    if (!path) return path.error();
    store = *path;
    // A store rated under earlier anchors cannot take the game: it is played casual, as the start screen said.
    if (const std::string old = table::storeUnratedBecause(store); !old.empty()) {
      t.casual = true;
      if (s.unrated.empty()) s.unrated = old;
    }
  }
  auto opened = table::LocalTable::open(t);
  if (!opened) return opened.error();
  const auto& session = (*opened)->session();
  s.casual = !session.rated;
  if (session.rated) {  // registered as it starts, as `concord play warp` does (table/rated_game.h)
    auto reg = table::registerRatedStart(store, session, s.you, "leaving the table saves it; File > Resume continues it");
    if (!reg) return reg.error();
    s.teiNotice = *reg;
  }
  return around(s, std::move(*opened));
}

Result<std::unique_ptr<SoloSession>> SoloSession::resume(const std::string& path,
                                                        const std::optional<lockstep::KeyPair>& person) {
  auto t = table::LocalTable::resume(path, person);
  if (!t) return t.error();
  const auto& ss = (*t)->session();
  if ((*t)->over()) return Err(path, ": the game saved here is already over; watch it in the replay viewer");
  if (!(*t)->person()) return Err(path, ": every seat of this save is an officer's; watch it in the replay viewer");
  Setup setup;
  setup.moduleId = ss.moduleId;
  setup.seats = static_cast<Seat>(ss.seats.size());
  setup.replayPath = path;
  setup.casual = !ss.rated;
  setup.unrated = ss.rated ? "" : "the saved game was started casual";
  setup.person = person;
  setup.you = *(*t)->person();
  for (Seat s = 0; s < ss.seats.size(); ++s)
    if (ss.seats[s].ai && !ss.seats[s].botKind.empty()) setup.officer = ss.seats[s].botKind;
  return around(setup, std::move(*t));
}

Result<SoloSession::Prepared> SoloSession::prepareFrom(const std::string& path, uint32_t turn, Setup setup) {
  auto t = table::LocalTable::playOnFrom(path, turn, tableSetup(setup));
  if (!t) return t.error();
  setup.moduleId = (*t)->session().moduleId;
  setup.seats = static_cast<Seat>((*t)->session().seats.size());
  setup.casual = true;  // docs/rules-decisions.md "Play on from here is casual"
  setup.unrated = table::kPlayOnReason;
  return Prepared{setup, std::shared_ptr<table::LocalTable>(std::move(*t))};
}

std::unique_ptr<SoloSession> SoloSession::adopt(const Prepared& prepared) { return around(prepared.setup, prepared.table); }

std::unique_ptr<SoloSession> SoloSession::around(const Setup& setup, std::shared_ptr<table::LocalTable> table) {
  std::unique_ptr<SoloSession> s(new SoloSession());
  s->setup_ = setup;
  s->table_ = std::move(table);
  auto person = std::make_unique<table::ChosenSeat>();
  s->person_ = person.get();
  s->table_->seat(setup.you, std::move(person));
  s->view_ = s->table_->game().clone();
  s->turn_ = s->table_->engine().turn();
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

const std::string& SoloSession::replayPath() const { return table_->replayPath(); }

const lockstep::SessionConfig& SoloSession::tableSession() const { return table_->session(); }

void SoloSession::close() {
  if (closed_ || thinking_) return;
  closed_ = true;
  if (auto r = table_->close(); !r) emit failed(QString::fromStdString("replay: " + r.message()));
}

TableFrame SoloSession::frame() const {
  TableFrame f;
  f.me = setup_.you;
  f.obs = view_->observe(setup_.you);
  f.game = view_.get();
  f.seatGrades = setup_.seatGrades;
  f.seatNames.assign(table_->session().seats.size(), QString());
  if (setup_.you < f.seatNames.size()) f.seatNames[setup_.you] = profileName();  // the profile's name (issue 31)
  if (!thinking_ && !over()) {
    f.legal = view_->legalOrders(setup_.you);
    auto aw = view_->awaiting();
    f.outOfTurn = !f.legal.empty() && std::find(aw.begin(), aw.end(), setup_.you) == aw.end();
  }
  return f;
}

std::vector<QString> SoloSession::names() const {
  std::vector<QString> out;
  for (const auto& s : table_->session().seats) out.push_back(QString::fromStdString(s.name));
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
  person_->choose(std::move(mine));
  table::LocalTable* t = table_.get();
  // The job owns the table until it lands: the UI reads only view_ meanwhile.
  watcher_.setFuture(QtConcurrent::run([t]() -> std::string {
    auto r = t->tryTurn();
    if (!r) return r.message();
    return *r ? std::string() : std::string("the table did not play the turn (a seat had not decided)");
  }));
}

void SoloSession::landed() {
  const std::string err = watcher_.result();
  thinking_ = false;
  view_ = table_->game().clone();
  turn_ = table_->engine().turn();
  auto lines = view_->narrationSince(logSeen_);
  log_.insert(log_.end(), lines.begin(), lines.end());
  logSeen_ = view_->narrationTotal();
  if (!err.empty()) emit failed(QString::fromStdString(err));
  emit changed();
  if (err.empty()) advance();
}

}  // namespace concord::ui
