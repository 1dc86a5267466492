// Scenes (docs/screenshots/): "start" (the start screen: a fresh deal, rated), "start-seed" (a typed seed: casual), "profile" (the start screen after rated games: grades,
// history, leaderboard), "table" (a solo table mid-round, your decision), "alert" (an open Red Alert),
// "fracture" (a Subspace Fracture with its branches), "wormhole" (Module Lambda's confirmation), "round-end" (round 2
// begun, the last round's tally), "summary" (the end-of-campaign summary with TEI before → after), "replay"
// (the viewer on the omniscient view, mid-game). Every scene runs in a temporary CONCORD_HOME/XDG_DATA_HOME, so
// it never touches the person's identity, TEI store or replays.
#include "ui/shell/screenshot.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <functional>

#include "core/warp/ai/officer.h"
#include "table/record_bots.h"
#include "ui/lobby/lobby_scenes.h"
#include "ui/profile/profile_page.h"
#include "ui/replay/replay_viewer.h"
#include "ui/shell/campaign_summary.h"
#include "ui/shell/game_page.h"
#include "ui/shell/main_window.h"
#include "ui/shell/scene_play.h"
#include "ui/shell/settings.h"
#include "ui/shell/start_screen.h"
#include "ui/warp/warp_hand.h"
#include "ui/warp/warp_table_view.h"
#include "ui/warp/warp_round_sheet.h"
#include "ui/warp/warp_wormhole.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace concord::ui {

namespace {

QString save(QWidget& w, const QString& file) {
  QCoreApplication::processEvents();
  if (qEnvironmentVariableIsSet("CONCORD_SCENE_DEBUG"))
    for (auto* c : w.findChildren<QWidget*>())
      if (c->isVisible() && c->minimumSizeHint().width() > 500)
        qWarning("%s %s min %d", c->metaObject()->className(), qPrintable(c->objectName()), c->minimumSizeHint().width());
  return w.grab().save(file, "PNG") ? QString() : QStringLiteral("cannot write ") + file;
}

std::optional<concord::warp::WarpGame> tableNow(const SoloSession& s) {
  auto t = concord::warp::ai::tableOf(s.frame().obs);
  if (!t) return std::nullopt;
  return std::move(*t);
}

bool redAlert(const SoloSession& s) {
  auto t = tableNow(s);
  return t && t->openDouble().active && t->openDouble().red && !t->openDouble().fracture && !s.frame().outOfTurn;
}

bool fractureBranches(const SoloSession& s) {
  auto t = tableNow(s);
  return t && t->openDouble().active && t->openDouble().fracture && t->openDouble().stabilizers >= 1 && !s.frame().outOfTurn;
}

bool wormholeOffered(const SoloSession& s) {
  auto t = tableNow(s);
  if (!t || s.frame().outOfTurn) return false;
  for (const auto& o : s.frame().legal)
    if (o.kind == concord::warp::kChart && opensWormhole(*t, s.you(), o)) return true;
  return false;
}

// Asks the table for the Wormhole: a click on the marked coordinate, then on its "(opens a Wormhole)" route.
QString askWormhole(MainWindow& win) {
  auto* view = qobject_cast<WarpTableView*>(&win.game()->table());
  if (!view) return QStringLiteral("no Warp table");
  for (auto* b : view->findChildren<DominoButton*>())
    if (b->isVisible() && b->info().wormhole) {
      b->click();
      break;
    }
  QCoreApplication::processEvents();
  if (!view->askingWormhole())
    for (auto* b : view->findChildren<QPushButton*>())
      if (b->isVisible() && b->text().contains(QStringLiteral("Wormhole"))) {
        b->click();
        break;
      }
  QCoreApplication::processEvents();
  return view->askingWormhole() ? QString() : QStringLiteral("the Wormhole confirmation did not show");
}

// The status bar's 1.5 s alert flash is a passing cue, not the scene (issue 31: the round-end shot caught it).
QString waitOutTheFlash(MainWindow& win) {
  const QLabel& status = win.game()->status();
  const bool plain = waitFor([&] { return status.palette().color(QPalette::Window) == win.game()->palette().color(QPalette::Window); }, 5000);
  return plain ? QString() : QStringLiteral("the status bar kept its alert colour");
}

}  // namespace

QStringList sceneNames() {
  return QStringList{QStringLiteral("start"),    QStringLiteral("start-seed"), QStringLiteral("profile"), QStringLiteral("table"),   QStringLiteral("alert"),
                     QStringLiteral("fracture"), QStringLiteral("wormhole"), QStringLiteral("round-end"), QStringLiteral("summary"),
                     QStringLiteral("replay")} +
         lobbySceneNames();
}

QString renderScene(const QString& scene, const QString& file) {
  if (!sceneNames().contains(scene))
    return QStringLiteral("unknown scene '%1' (scenes: %2)").arg(scene, sceneNames().join(QStringLiteral(", ")));
  if (lobbySceneNames().contains(scene)) return renderLobbyScene(scene, file);
  QTemporaryDir tmp;
  qputenv("CONCORD_HOME", tmp.filePath(QStringLiteral("home")).toUtf8());
  qputenv("XDG_DATA_HOME", tmp.filePath(QStringLiteral("data")).toUtf8());
  clientSettings()->setValue(QStringLiteral("profile/name"), QStringLiteral("Picard"));  // the person's name at the table
  MainWindow win;
  win.resize(1400, 860);
  win.show();
  if (scene == QLatin1String("start") || scene == QLatin1String("start-seed") || scene == QLatin1String("profile")) {
    if (scene == QLatin1String("profile"))
      for (uint64_t seed : {3u, 4u, 5u})
        if (auto e = playWholeGame(win, seed, {{"objective", "goout"}, {"goout", "fixed"}, {"rounds", "1"}}); !e.isEmpty()) return e;
    win.showStart();
    if (!waitFor([&] { return !win.start().profile().loading(); }, 60000)) return QStringLiteral("the profile did not load");
    // A typed seed: the line beside "Take the helm" says the game will be casual, and why (issue 33).
    if (auto* seed = win.start().findChild<QLineEdit*>(QStringLiteral("seed")); seed && scene == QLatin1String("start-seed"))
      seed->setText(QStringLiteral("5"));
    return save(win, file);
  }
  if (scene == QLatin1String("summary")) {
    if (auto e = playWholeGame(win, 11, {{"objective", "goout"}, {"goout", "fixed"}, {"rounds", "1"}}); !e.isEmpty()) return e;
    if (!waitFor([&] { return win.game()->showingSummary() && !win.game()->summary().rating(); }, 60000))
      return QStringLiteral("the summary did not show");
    if (auto e = waitOutTheFlash(win); !e.isEmpty()) return e;
    return save(win, file);
  }
  if (scene != QLatin1String("replay")) {
    SoloSession::Setup setup;
    setup.seed = 7;
    setup.seedIsAChoice = false;  // a scene's fixed deal, shown as the rated table a fresh deal gives
    setup.officer = "lieutenant";
    setup.replayPath = tmp.filePath(QStringLiteral("scene.ccr")).toStdString();
    std::function<bool(const SoloSession&)> stop = redAlert;
    if (scene == QLatin1String("table"))
      stop = [](const SoloSession& s) { return s.turn() >= 24 && !s.frame().outOfTurn && hasChart(s); };
    if (scene == QLatin1String("round-end")) stop = [](const SoloSession& s) { return roundNow(s) >= 2 && !s.frame().outOfTurn; };
    if (scene == QLatin1String("fracture")) {
      setup.options = {{"fracture", "all"}};
      stop = fractureBranches;
    }
    if (scene == QLatin1String("wormhole")) {
      setup.options = {{"lambda", "on"}};
      stop = wormholeOffered;
    }
    if (auto r = win.startSolo(setup, 0); !r) return QString::fromStdString(r.message());
    if (auto e = playUntil(win, stop, 3000); !e.isEmpty()) return e;
    if (auto* view = qobject_cast<WarpTableView*>(&win.game()->table())) {
      view->sheet().showAll();  // the round-end scene shows its sheet whole; the others, the table under it
      if (scene != QLatin1String("round-end") && view->showingSheet()) view->sheet().nextButton().click();
    }
    if (scene == QLatin1String("wormhole"))
      if (auto e = askWormhole(win); !e.isEmpty()) return e;
    if (scene != QLatin1String("alert"))  // only the alert scene shows the flash
      if (auto e = waitOutTheFlash(win); !e.isEmpty()) return e;
    return save(win, file);
  }
  const std::string path = tmp.filePath(QStringLiteral("scene.ccr")).toStdString();
  auto session = table::makeBotSession("warp", {}, 4, "screenshot", "lieutenant");
  if (!session) return QString::fromStdString(session.message());
  if (auto r = table::recordBotGame(path, *session, table::botSessionKeys("screenshot", 4)); !r)
    return QString::fromStdString(r.message());
  win.showReplay(QString::fromStdString(path));
  auto& v = win.viewer();
  if (!waitFor([&] { return v.hasReplay() && !v.busy(); }, 60000)) return QStringLiteral("the replay did not load");
  const auto& starts = v.replay().roundStarts;
  uint32_t at = starts.size() > 1 ? starts[1] + 17 : v.replay().turns / 3;
  v.seek(at);
  if (!waitFor([&] { return !v.busy() && v.position() == at; }, 20000)) return QStringLiteral("the seek did not land");
  return save(win, file);
}

}  // namespace concord::ui
