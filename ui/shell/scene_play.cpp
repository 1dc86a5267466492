#include "ui/shell/scene_play.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include "core/warp/ai/officer.h"
#include "core/warp/orders.h"
#include "ui/shell/game_page.h"

namespace concord::ui {

bool waitFor(const std::function<bool()>& done, int timeoutMs) {
  QElapsedTimer t;
  t.start();
  while (!done()) {
    if (t.elapsed() > timeoutMs) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

namespace {
// One decision of the person: the first legal chart, else the first legal order; "" or the refusal.
QString playOne(SoloSession& s) {
  auto legal = s.frame().legal;
  Order pick = legal.front();
  for (const auto& o : legal)
    if (o.kind == concord::warp::kChart) {
      pick = o;
      break;
    }
  auto r = s.choose(pick);
  return r ? QString() : QString::fromStdString(r.message());
}
}  // namespace

QString playUntil(MainWindow& win, const std::function<bool(const SoloSession&)>& stop, int maxTurns) {
  auto& s = win.game()->session();
  for (int i = 0; i < maxTurns; ++i) {
    if (!waitFor([&] { return !s.thinking() && (s.over() || s.frame().mayAct()); }, 20000)) return QStringLiteral("the officers did not answer");
    if (s.over()) return QStringLiteral("the game ended before the scene");
    if (stop(s)) return {};
    if (auto e = playOne(s); !e.isEmpty()) return e;
  }
  return QStringLiteral("no such moment within the turns tried");
}

QString playWholeGame(MainWindow& win, uint64_t seed, const ConfigOptions& options) {
  SoloSession::Setup setup;
  setup.seed = seed;
  setup.seedIsAChoice = false;  // a scene's fixed deal, rated as a fresh one would be (the summary shows TEI)
  setup.officer = "lieutenant";
  setup.options = options;
  if (auto r = win.startSolo(setup, 0); !r) return QString::fromStdString(r.message());
  auto& s = win.game()->session();
  for (int i = 0; i < 20000; ++i) {
    if (!waitFor([&] { return !s.thinking() && (s.over() || s.frame().mayAct()); }, 20000)) return QStringLiteral("the officers did not answer");
    if (s.over()) return {};
    if (auto e = playOne(s); !e.isEmpty()) return e;
  }
  return QStringLiteral("the game did not end");
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

}  // namespace concord::ui
