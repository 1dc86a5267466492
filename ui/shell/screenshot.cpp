// Scenes: "start" (the start screen), "table" (a solo table mid-round, your decision, some plays glowing),
// "alert" (a table with an open double on the board), "tally" (round 2 begun, the last round's tally shown),
// "replay" (the viewer on the omniscient view, mid-game).
#include "ui/shell/screenshot.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <functional>

#include "replay/record.h"
#include "core/warp/ai/officer.h"
#include "ui/lobby/lobby_scenes.h"
#include "ui/replay/replay_viewer.h"
#include "ui/shell/game_page.h"
#include "ui/shell/main_window.h"
#include "ui/shell/start_screen.h"

namespace concord::ui {

namespace {

bool waitFor(const std::function<bool()>& done, int timeoutMs) {
  QElapsedTimer t;
  t.start();
  while (!done()) {
    if (t.elapsed() > timeoutMs) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

QString save(QWidget& w, const QString& file) {
  QCoreApplication::processEvents();
  return w.grab().save(file, "PNG") ? QString() : QStringLiteral("cannot write ") + file;
}

// Plays the person's seat with the first legal order (charts first) until `stop` holds at their decision.
QString playUntil(MainWindow& win, const std::function<bool(const SoloSession&)>& stop, int maxTurns) {
  auto& s = win.game()->session();
  for (int i = 0; i < maxTurns; ++i) {
    if (!waitFor([&] { return !s.thinking() && (s.over() || s.frame().mayAct()); }, 20000)) return QStringLiteral("the officers did not answer");
    if (s.over()) return QStringLiteral("the game ended before the scene");
    if (stop(s)) return {};
    auto legal = s.frame().legal;
    Order pick = legal.front();
    for (const auto& o : legal)
      if (o.kind == concord::warp::kChart) {
        pick = o;
        break;
      }
    if (auto r = s.choose(pick); !r) return QString::fromStdString(r.message());
  }
  return QStringLiteral("no such moment within the turns tried");
}

bool hasChart(const SoloSession& s) {
  for (const auto& o : s.frame().legal)
    if (o.kind == concord::warp::kChart) return true;
  return false;
}

int roundNow(const SoloSession& s) {
  auto t = concord::warp::ai::tableOf(s.frame().obs);
  return t ? t->round() : 0;
}

bool alertOnBoard(const SoloSession& s) {
  auto t = concord::warp::ai::tableOf(s.frame().obs);
  return t && t->openDouble().active && !s.frame().outOfTurn;
}

}  // namespace

QStringList sceneNames() {
  return QStringList{QStringLiteral("start"), QStringLiteral("table"), QStringLiteral("alert"), QStringLiteral("tally"), QStringLiteral("replay")} +
         lobbySceneNames();
}

QString renderScene(const QString& scene, const QString& file) {
  if (lobbySceneNames().contains(scene)) return renderLobbyScene(scene, file);
  QTemporaryDir tmp;
  MainWindow win;
  win.resize(1400, 860);
  win.show();
  if (scene == QLatin1String("start")) {
    win.showStart();
    return save(win, file);
  }
  if (scene == QLatin1String("table") || scene == QLatin1String("alert") || scene == QLatin1String("tally")) {
    SoloSession::Setup setup;
    setup.seed = 7;
    setup.officer = "lieutenant";
    setup.replayPath = tmp.filePath(QStringLiteral("scene.ccr")).toStdString();
    if (auto r = win.startSolo(setup, 0); !r) return QString::fromStdString(r.message());
    std::function<bool(const SoloSession&)> stop = alertOnBoard;
    if (scene == QLatin1String("table"))
      stop = [](const SoloSession& s) { return s.turn() >= 24 && !s.frame().outOfTurn && hasChart(s); };
    if (scene == QLatin1String("tally")) stop = [](const SoloSession& s) { return roundNow(s) >= 2 && !s.frame().outOfTurn; };
    if (auto e = playUntil(win, stop, 600); !e.isEmpty()) return e;
    return save(win, file);
  }
  if (scene == QLatin1String("replay")) {
    const std::string path = tmp.filePath(QStringLiteral("scene.ccr")).toStdString();
    auto session = replay::makeBotSession("warp", {}, 4, "screenshot", "lieutenant");
    if (!session) return QString::fromStdString(session.message());
    if (auto r = replay::recordBotGame(path, *session, replay::botSessionKeys("screenshot", 4)); !r)
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
  return QStringLiteral("unknown scene '%1' (scenes: %2)").arg(scene, sceneNames().join(QStringLiteral(", ")));
}

}  // namespace concord::ui
