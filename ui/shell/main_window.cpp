#include "ui/shell/main_window.h"

#include <QCloseEvent>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>

#include "net/identity.h"
#include "table/replay_paths.h"
#include "ui/lobby/lobby_page.h"
#include "ui/replay/replay_viewer.h"
#include "ui/shell/game_page.h"
#include "ui/profile/profile_page.h"
#include "ui/shell/seat_grades.h"
#include "ui/shell/settings.h"
#include "ui/shell/start_screen.h"
#include "ui/shell/theme.h"

namespace concord::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("mainWindow"));
  setWindowTitle(QStringLiteral("Concord"));
  stack_ = new QStackedWidget(this);
  start_ = new StartScreen(stack_);
  viewer_ = new ReplayViewer(stack_);
  stack_->addWidget(start_);
  stack_->addWidget(viewer_);
  setCentralWidget(stack_);
  auto* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Start screen"), QKeySequence(Qt::CTRL | Qt::Key_N), this, &MainWindow::showStart);
  file->addAction(tr("&Open replay…"), QKeySequence::Open, this, [this] { showReplay({}); });
  file->addAction(tr("&Resume a saved game…"), QKeySequence(Qt::CTRL | Qt::Key_R), this, [this] { askResume(); });
  file->addSeparator();
  file->addAction(tr("&Host a game…"), QKeySequence(Qt::CTRL | Qt::Key_H), this, &MainWindow::hostRequested);
  file->addAction(tr("&Join a game…"), QKeySequence(Qt::CTRL | Qt::Key_J), this, &MainWindow::joinRequested);
  file->addAction(tr("&Network game (host or join)…"), QKeySequence(Qt::CTRL | Qt::Key_L), this, [this] { showLobby(); });
  // Host and Join (menu and start screen) open the networked lobby, which offers both (ui/lobby/).
  // Each opens its own tab (issue 31: "Join a game…" opened the Host tab).
  connect(this, &MainWindow::hostRequested, this, [this] {
    auto& lobby = showLobby();
    lobby.tabs().setCurrentWidget(&lobby.hostForm());
  });
  connect(this, &MainWindow::joinRequested, this, [this] {
    auto& lobby = showLobby();
    lobby.tabs().setCurrentWidget(&lobby.joinForm());
  });
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  // View: themes and sound cues, remembered.
  auto settings = clientSettings();
  auto* view = menuBar()->addMenu(tr("&View"));
  dark_ = view->addAction(tr("&Dark theme"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), this, [](bool on) {
    applyTheme(on ? Theme::Dark : Theme::Light);
    clientSettings()->setValue(QStringLiteral("view/theme"), themeName(currentTheme()));
  });
  dark_->setCheckable(true);
  dark_->setChecked(themeFromName(settings->value(QStringLiteral("view/theme")).toString()) == Theme::Dark);
  applyTheme(dark_->isChecked() ? Theme::Dark : Theme::Light);
  sound_ = view->addAction(tr("&Sound cues (Red Alert, All Stop!)"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, [this](bool on) {
    clientSettings()->setValue(QStringLiteral("view/sound"), on);
    if (game_) game_->setSoundCues(on);
  });
  sound_->setCheckable(true);
  sound_->setChecked(settings->value(QStringLiteral("view/sound"), false).toBool());
  connect(start_, &StartScreen::startSolo, this, [this](const SoloSession::Setup& s) { (void)startSolo(s); });
  connect(start_, &StartScreen::openReplay, this, &MainWindow::showReplay);
  connect(start_, &StartScreen::resumeSave, this, [this](const QString& p) { p.isEmpty() ? askResume() : (void)resumeSolo(p); });
  connect(start_, &StartScreen::hostRequested, this, &MainWindow::hostRequested);
  connect(start_, &StartScreen::joinRequested, this, &MainWindow::joinRequested);
  connect(viewer_, &ReplayViewer::resumeRequested, this, [this](const QString& p) { (void)resumeSolo(p); });
  connect(viewer_, &ReplayViewer::playOnRequested, this, [this](const QString& p, uint32_t turn) { (void)playOn(p, turn); });
  connect(viewer_, &ReplayViewer::backRequested, this, &MainWindow::showStart);
  if (!restoreGeometry(settings->value(QStringLiteral("window/geometry")).toByteArray())) resize(1280, 800);
  restoreState(settings->value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::askResume() {
  auto p = QFileDialog::getOpenFileName(this, tr("Resume a saved game"), replayFolder(), tr("Concord saves (*.ccr)"));
  if (!p.isEmpty()) (void)resumeSolo(p);
}

Result<lockstep::KeyPair> MainWindow::person() {
  auto key = net::loadOrCreateIdentity(net::defaultIdentityPath());
  if (!key) return Err("your identity cannot be read: ", key.message(), " (fix the file or set CONCORD_HOME)");
  return key;
}

Result<void> MainWindow::startSolo(const SoloSession::Setup& setup, int paceMs) {
  SoloSession::Setup s = setup;
  if (s.replayPath.empty()) s.defaultReplay = true;  // every game is saved (and rated from its replay) as at the terminal
  if (!s.person) {
    auto key = person();
    if (!key) {
      start_->setProblem(QString::fromStdString(key.message()));
      return key.error();
    }
    s.person = *key;
  }
  if (s.seatGrades.empty()) s.seatGrades = soloSeatGrades(start_->profile().data(), s.seats, s.you, s.officer);
  return seat(SoloSession::create(s), paceMs);
}

Result<void> MainWindow::resumeSolo(const QString& path, int paceMs) {
  if (game_) game_->session().close();  // it may be writing this very save
  auto key = person();
  auto r = seat(SoloSession::resume(path.toStdString(), key ? std::optional<lockstep::KeyPair>(*key) : std::nullopt), paceMs);
  if (!r) {
    showStart();
    start_->setProblem(QString::fromStdString(r.message()));
  }
  return r;
}

Result<void> MainWindow::seat(std::unique_ptr<SoloSession> session, int paceMs) { return seat(Result<std::unique_ptr<SoloSession>>(std::move(session)), paceMs); }

Result<void> MainWindow::seat(Result<std::unique_ptr<SoloSession>> session, int paceMs) {
  if (!session) {
    start_->setProblem(QString::fromStdString(session.message()));
    return session.error();
  }
  (*session)->setPaceMs(paceMs);
  if (game_) {
    game_->session().close();
    game_->deleteLater();
  }
  game_ = new GamePage(std::move(*session), stack_);
  game_->setSoundCues(sound_->isChecked());
  connect(game_, &GamePage::leave, this, &MainWindow::showStart);
  connect(game_, &GamePage::watchReplay, this, &MainWindow::showReplay);
  stack_->addWidget(game_);
  stack_->setCurrentWidget(game_);
  game_->session().begin();
  return Ok();
}

Result<void> MainWindow::playOn(const QString& path, uint32_t turn, int paceMs) {
  if (playOnBusy_) return Err("a game is already being set up from a replay; wait for it");
  SoloSession::Setup setup;
  setup.you = viewer_->perspective() == kOmniscient ? 0 : viewer_->perspective();
  setup.replayPath = table::defaultReplayPath("warp-playon");
  auto key = person();
  if (!key) return key.error();
  setup.person = *key;
  playOnBusy_ = true;
  viewer_->setStatus(tr("Setting up a new game from turn %1…").arg(turn));
  auto* watch = new QFutureWatcher<Result<SoloSession::Prepared>>(this);
  connect(watch, &QFutureWatcher<Result<SoloSession::Prepared>>::finished, this, [this, watch, paceMs] {
    playOnBusy_ = false;
    auto prepared = watch->result();
    watch->deleteLater();
    if (!prepared) {
      viewer_->setStatus(tr("Cannot play on from here: ") + QString::fromStdString(prepared.message()));
      return;
    }
    (void)seat(SoloSession::adopt(*prepared), paceMs);
    emit playOnStarted();
  });
  // Re-applying and signing every earlier turn is a worker's job: the window stays responsive.
  watch->setFuture(QtConcurrent::run([p = path.toStdString(), turn, setup] { return SoloSession::prepareFrom(p, turn, setup); }));
  return Ok();
}

void MainWindow::showStart() {
  if (game_) game_->session().close();
  start_->refreshRecent();
  stack_->setCurrentWidget(start_);
}

void MainWindow::showReplay(const QString& path) {
  QString p = path;
  if (p.isEmpty()) p = QFileDialog::getOpenFileName(this, tr("Open a replay"), replayFolder(), tr("Concord replays (*.ccr);;All files (*)"));
  stack_->setCurrentWidget(viewer_);
  if (!p.isEmpty()) viewer_->open(p);
}

LobbyPage& MainWindow::showLobby() {
  if (!lobby_) {
    lobby_ = new LobbyPage(stack_);
    stack_->addWidget(lobby_);
    connect(lobby_, &LobbyPage::closeRequested, this, &MainWindow::showStart);
  }
  // The name typed in the profile is the name in the lobby and at the table (issue 31).
  if (!lobby_->session() || lobby_->session()->finished()) {
    lobby_->hostForm().nameEdit().setText(personName());
    lobby_->joinForm().nameEdit().setText(personName());
  }
  stack_->setCurrentWidget(lobby_);
  return *lobby_;
}

void MainWindow::closeEvent(QCloseEvent* e) {
  auto settings = clientSettings();
  settings->setValue(QStringLiteral("window/geometry"), saveGeometry());
  settings->setValue(QStringLiteral("window/state"), saveState());
  if (game_) game_->session().close();
  e->accept();
}

}  // namespace concord::ui
