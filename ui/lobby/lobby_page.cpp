#include "ui/lobby/lobby_page.h"

#include <QDateTime>
#include <QVBoxLayout>
#include <unistd.h>

#include "net/identity.h"
#include "net/invite_join.h"
#include "table/replay_paths.h"
#include "ui/lobby/net_errors.h"
#include "ui/shell/module_ui.h"

namespace concord::ui {
namespace {

// RULES §VIII: whether a lobby's table may be rated under the rules `form` shows, when the host asked for rated.
bool ratedVerdict(const RulesForm& form, const net::LobbyMsg& l, bool asked) {
  int persons = 0;  // open seats count as persons, as on the host form
  std::vector<std::string> officers;
  for (size_t i = 0; i < l.seats.size(); ++i)
    if (l.seats[i].kind == net::SeatKind::Ai && i < l.session.seats.size()) officers.push_back(l.session.seats[i].botKind);
    else ++persons;
  return asked && form.unratedBecause(persons, officers).isEmpty();
}

}  // namespace

LobbyPage::LobbyPage(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("lobbyPage"));
  auto* v = new QVBoxLayout(this);
  problem_ = new QLabel(this);
  problem_->setObjectName(QStringLiteral("netProblem"));
  problem_->setWordWrap(true);
  problem_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  problem_->setStyleSheet(QStringLiteral("background: #fbe3e3; color: #6a0000; padding: 8px; border: 1px solid #d08080;"));
  problem_->hide();
  v->addWidget(problem_);
  stack_ = new QStackedWidget(this);
  v->addWidget(stack_, 1);
  tabs_ = new QTabWidget(stack_);
  tabs_->setObjectName(QStringLiteral("lobbyTabs"));
  hostForm_ = new HostForm(tabs_);
  joinForm_ = new JoinForm(tabs_);
  tabs_->addTab(hostForm_, tr("Host a game"));
  tabs_->addTab(joinForm_, tr("Join a game"));
  room_ = new LobbyRoom(stack_);
  stack_->addWidget(tabs_);
  stack_->addWidget(room_);
  connect(hostForm_, &HostForm::hostRequested, this, [this] { (void)host(); });
  connect(joinForm_, &JoinForm::joinRequested, this, [this] { (void)join(); });
  connect(tabs_, &QTabWidget::currentChanged, this, [this](int i) {
    if (tabs_->widget(i) == joinForm_ && joinForm_->lanList().count() == 0) joinForm_->refreshLan();
  });
  connect(room_, &LobbyRoom::leaveRequested, this, &LobbyPage::leave);
  connect(room_, &LobbyRoom::readyChanged, this, [this](bool r) {
    if (session_) session_->request(net::ReadyRequest{r});
  });
  connect(room_, &LobbyRoom::launchRequested, this, [this] {
    if (session_) session_->request(net::LaunchRequest{});
  });
  connect(room_, &LobbyRoom::kickRequested, this, [this](unsigned seat) {
    if (session_) session_->request(net::KickRequest{seat});
  });
  connect(room_, &LobbyRoom::seatKindRequested, this, [this](unsigned seat, const QString& officer) {
    if (session_) session_->request(net::SeatKindRequest{seat, officer.toStdString()});
  });
  connect(room_, &LobbyRoom::rulesChangeRequested, this, [this] {
    if (!rulesDialog_) return;
    rulesDialog_->show();
    rulesDialog_->raise();
  });
}

LobbyPage::~LobbyPage() = default;

Result<void> LobbyPage::host() {
  auto c = hostForm_->choice();
  if (!c) {
    showProblem({net::NetErrorKind::RulesRefused, false, "config: " + c.message()});
    return c.error();
  }
  net::NodeOptions o;
  o.host = true;
  o.name = c->name;
  o.moduleId = c->moduleId;
  o.options = c->options;
  o.seats = c->seats;
  o.aiSeats = c->aiSeats;
  o.seatOfficers = c->seatOfficers;
  o.openSeatOfficer = c->openSeatOfficer;
  o.rated = c->rated;
  o.turnClockMs = c->turnClockMs;
  o.bind = net::Address{defaults_.bindHost, c->port};
  o.manualLaunch = true;  // the host's Launch button starts the game
  moduleId_ = c->moduleId;
  ratedAsked_ = c->ratedAsked;
  const QString opening = c->invite ? tr("Asking the router for UDP port %1, then opening the lobby…").arg(c->port)
                                    : tr("Opening the lobby on UDP port %1…").arg(c->port);
  auto began = begin(std::move(o), opening, c->invite);
  if (!began) return began;
  // The rules stay changeable until the launch (Change the rules in the room): a form of the module's own.
  auto mod = moduleUi(c->moduleId);
  if (mod && (*mod)->makeRules) {
    rulesDialog_ = new LobbyRulesDialog((*mod)->makeRules(nullptr), c->options, this);
    rulesDialog_->setSeats(c->seats);
    room_->setOfficerKinds(rulesDialog_->form().officerKinds());
    connect(rulesDialog_, &LobbyRulesDialog::applied, this, &LobbyPage::sendRules);
  }
  return Ok();
}

Result<void> LobbyPage::join() {
  auto t = joinForm_->target();
  if (!t) {
    if (joinForm_->holdsCode() && !joinForm_->name().empty()) {  // a mistyped code: said under it, nothing is sent
      problem_->hide();
      joinForm_->showFieldProblem(QString::fromStdString(t.message()));
    } else {
      showProblem({net::NetErrorKind::BadAddress, false, t.message()});  // net::parseAddress refused it
    }
    return t.error();
  }
  net::NodeOptions o;
  o.name = joinForm_->name();
  o.autoReady = false;  // the person marks ready
  o.bind = net::Address{defaults_.bindHost, 0};
  o.turnClockMs = 120000;  // the joiner's own clock, as `concord join` (--turn-clock 120)
  if (!t->invite) {
    o.join = *t->address;
    return begin(std::move(o), tr("Knocking at %1…").arg(QString::fromStdString(t->address->text())));
  }
  // Issue 25: every address of the code at once; only the key it names is answered (as `concord join CODE`).
  auto dial = net::joinByInvite(o, *t->invite);
  if (!dial) {
    joinForm_->showFieldProblem(QString::fromStdString(dial.message()));
    return dial.error();
  }
  return begin(std::move(o), tr("Dialling %1 for the host whose key is %2…")
                                 .arg(QString::fromStdString(dial->dialled), QString::fromStdString(net::fingerprintText(t->invite->host))));
}

Result<void> LobbyPage::begin(net::NodeOptions o, const QString& waitingText, bool inviteFriends) {
  if (session_ && !session_->finished()) return Err("already at a table: leave it first");
  auto key = net::loadOrCreateIdentity(defaults_.identityPath.empty() ? net::defaultIdentityPath() : defaults_.identityPath);
  if (!key) {
    showProblem({net::NetErrorKind::Other, false, "identity: " + key.message()});
    return key.error();
  }
  o.key = *key;
  o.discoveryAddr = defaults_.discoveryAddr;
  o.discoveryPort = defaults_.discoveryPort;
  o.outOfTurnMs = 4000;  // as the terminal: long enough to read a catch window and act
  o.postGameMs = defaults_.postGameMs;
  o.lingerMs = defaults_.lingerMs;
  o.giveUpMs = defaults_.giveUpMs;
  o.silenceMs = defaults_.silenceMs;
  o.comeBackCommand = "concord join";
  o.replayPath = !defaults_.replayPath.empty()
                     ? defaults_.replayPath
                     : table::defaultReplayPath(std::string(o.host ? "net-host-" : "net-join-") + std::to_string(::getpid()) + "-" +
                                              std::to_string(QDateTime::currentSecsSinceEpoch()));
  problem_->hide();
  if (rulesDialog_) rulesDialog_->deleteLater();
  rulesDialog_ = nullptr;
  pendingRules_.reset();
  room_->setOfficerKinds({});
  if (game_) {
    game_->deleteLater();
    game_ = nullptr;
  }
  const uint16_t port = o.bind.port;
  session_ = std::make_unique<NetSession>(std::move(o), this);
  wire();
  room_->waiting(waitingText);
  room_->comms().messages().clear();
  room_->comms().news().clear();
  if (inviteFriends) {
    session_->inviteFriends();
    room_->invite().asking(port);
  }
  stack_->setCurrentWidget(room_);
  session_->start();
  return Ok();
}

void LobbyPage::wire() {
  NetSession* s = session_.get();
  connect(s, &NetSession::lobbyChanged, this, &LobbyPage::lobbyChanged);
  connect(s, &NetSession::changed, this, &LobbyPage::sessionChanged);
  connect(s, &NetSession::ended, this, &LobbyPage::ended);
  connect(s, &NetSession::invited, this, [this, s] {
    if (const auto& i = s->invitation()) room_->invite().showCode(i->code, i->routerLine);
    if (s->lobby()) lobbyChanged();  // the hint under the seats names the code
  });
  connect(s, &NetSession::linksChanged, this, [this, s] { room_->setLinks(s->links()); });
  connect(s, &NetSession::comms, this, [this](const QString& from, const QString& line, bool mine) {
    bothPanels([&](CommsPanel& p) { p.addMessage(from, line, mine); });
  });
  connect(s, &NetSession::notice, this, [this](const QString& t) { bothPanels([&](CommsPanel& p) { p.addNotice(t); }); });
  connect(s, &NetSession::news, this, [this](const QString& t) { bothPanels([&](CommsPanel& p) { p.addNews(t); }); });
  room_->comms().setSink([s](net::TableRequest r) { s->request(std::move(r)); });
}

void LobbyPage::lobbyChanged() {
  const auto& l = session_->lobby();
  if (!l) return;
  room_->show(*l, session_->myKey(), session_->isHost());
  followHostChanges(*l);
  QStringList names, ids;
  int me = -1;
  for (size_t i = 0; i < l->seats.size(); ++i) {
    const auto& seat = l->seats[i];
    names << (seat.kind == net::SeatKind::Open ? tr("(open)") : QString::fromStdString(seat.name));
    ids << (seat.kind == net::SeatKind::Human ? QString::fromStdString(seat.key.fingerprint()) : QString());
    if (seat.kind == net::SeatKind::Human && seat.key == session_->myKey()) me = static_cast<int>(i);
  }
  bothPanels([&](CommsPanel& p) { p.setCaptains(names, ids, me); });
  room_->comms().setMode(net::CommsMode::Lobby, l->session.rated);
  if (moduleId_.empty() || !session_->isHost()) moduleId_ = l->session.moduleId;
}

void LobbyPage::sessionChanged() {
  if (!session_->inGame()) return;
  if (!game_) {
    game_ = new NetGamePage(*session_, moduleId_, stack_);
    stack_->addWidget(game_);
    stack_->setCurrentWidget(game_);
    NetSession* s = session_.get();
    game_->comms().setSink([s](net::TableRequest r) { s->request(std::move(r)); });
    for (int i = 0; i < room_->comms().messages().count(); ++i) game_->comms().messages().addItem(room_->comms().messages().item(i)->text());
    lobbyChanged();
    connect(game_, &NetGamePage::leaveRequested, this, &LobbyPage::leave);
  }
  const bool rated = session_->lobby() && session_->lobby()->session.rated;
  game_->comms().setMode(session_->over() ? net::CommsMode::PostGame : net::CommsMode::Active, rated);
  game_->refresh();
}

void LobbyPage::ended(bool ok, const NetFailure& failure) {
  if (!ok) showProblem(failure);
  if (game_) {
    game_->refresh();
    QString end = ok ? tr("The table closed.") : tr("You are no longer at the table.");
    if (ok && !session_->replayPath().empty()) end += tr("  Replay: %1").arg(QString::fromStdString(session_->replayPath()));
    game_->status().setText(game_->status().text() + QStringLiteral("  ") + end);
    return;
  }
  stack_->setCurrentWidget(tabs_);
}

void LobbyPage::leave() {
  if (session_ && !session_->finished()) {
    session_->leave();  // the worker ends within a few ms; ended() follows
    return;
  }
  if (game_) {
    stack_->setCurrentWidget(tabs_);
    game_->deleteLater();
    game_ = nullptr;
    return;
  }
  emit closeRequested();
}

// Hosting: the rules in force (once a change shows in the lobby) and the Rated verdict for the seats now. (The
// news that the rules changed comes from the node, in the same words as at the terminal.)
void LobbyPage::followHostChanges(const net::LobbyMsg& l) {
  if (!session_->isHost() || !rulesDialog_ || l.launched) return;
  if (pendingRules_) {
    auto mod = findModule(l.session.moduleId);
    auto cfg = mod ? (*mod)->parseConfig(*pendingRules_) : Result<std::vector<uint8_t>>(Err("no module"));
    if (cfg && *cfg == l.session.config) {
      rulesDialog_->setCurrent(*pendingRules_);
      pendingRules_.reset();
    }
  }
  // RULES §VIII: a seat that became an officer (or open again) may change whether the table can be rated.
  if (!pendingRules_ && !rulesDialog_->isVisible() && ratedVerdict(rulesDialog_->form(), l, ratedAsked_) != l.session.rated)
    sendRules(rulesDialog_->current());
}

void LobbyPage::sendRules(const ConfigOptions& options) {
  if (!session_ || !session_->lobby() || !rulesDialog_) return;
  pendingRules_ = options;  // the dialog's form shows them: its verdict is the new rules'
  session_->request(net::RulesRequest{options, ratedVerdict(rulesDialog_->form(), *session_->lobby(), ratedAsked_)});
}

void LobbyPage::showProblem(const NetFailure& failure) {
  const auto p = explainNetError(failure);
  problem_->setText(QStringLiteral("<b>%1.</b> %2<br><small>%3</small>").arg(p.title.toHtmlEscaped(), p.advice.toHtmlEscaped(), p.detail.toHtmlEscaped()));
  problem_->show();
}

}  // namespace concord::ui
