#include "ui/shell/main_window.h"

#include <QCloseEvent>
#include <QFileDialog>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>

#include "tools/concord/play_recorder.h"
#include "ui/lobby/lobby_page.h"
#include "ui/replay/replay_viewer.h"
#include "ui/shell/game_page.h"
#include "ui/shell/start_screen.h"

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
  file->addAction(tr("&Network game (host or join)…"), QKeySequence(Qt::CTRL | Qt::Key_L), this, [this] { showLobby(); });
  file->addAction(tr("&Resume a saved game…"), this, [this] {
    auto p = QFileDialog::getOpenFileName(this, tr("Resume a saved game"), replayFolder(), tr("Concord saves (*.ccr)"));
    if (!p.isEmpty()) (void)resumeSolo(p);
  });
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  connect(start_, &StartScreen::startSolo, this, [this](const SoloSession::Setup& s) { (void)startSolo(s); });
  connect(start_, &StartScreen::openReplay, this, &MainWindow::showReplay);
  connect(viewer_, &ReplayViewer::resumeRequested, this, [this](const QString& p) { (void)resumeSolo(p); });
  QSettings settings;
  if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) resize(1280, 800);
}

Result<void> MainWindow::startSolo(const SoloSession::Setup& setup, int paceMs) {
  SoloSession::Setup s = setup;
  if (s.replayPath.empty() && s.moduleId == "warp") s.replayPath = cli::defaultWarpReplayPath(s.seed);
  return seat(SoloSession::create(s), paceMs);
}

Result<void> MainWindow::resumeSolo(const QString& path, int paceMs) {
  if (game_) game_->session().close();  // it may be writing this very save
  auto r = seat(SoloSession::resume(path.toStdString()), paceMs);
  if (!r) {
    showStart();
    start_->setProblem(QString::fromStdString(r.message()));
  }
  return r;
}

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
  connect(game_, &GamePage::leave, this, &MainWindow::showStart);
  stack_->addWidget(game_);
  stack_->setCurrentWidget(game_);
  game_->session().begin();
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
  stack_->setCurrentWidget(lobby_);
  return *lobby_;
}

void MainWindow::closeEvent(QCloseEvent* e) {
  QSettings().setValue(QStringLiteral("window/geometry"), saveGeometry());
  if (game_) game_->session().close();
  e->accept();
}

}  // namespace concord::ui
