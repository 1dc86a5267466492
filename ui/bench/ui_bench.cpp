// ui_bench: what the UI thread does per moment of an 8-captain Warp table (the issue's "a table of 8 captains
// stays smooth"): showing a frame (decode the Observation, rebuild hand and buttons), painting the window, and
// the solo session's per-turn UI work (clone the game, observe, legal orders). Offscreen; results and the
// command in docs/performance.md.
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QPixmap>
#include <memory>

#include "ui/bench/bench_games.h"
#include "ui/warp/warp_table_view.h"

namespace {

using namespace concord;

// An 8-captain Official Warp game 60 turns in, played by greedy bots (deterministic).
std::unique_ptr<Game> midGame() { return ui::bench::greedyWarp(8, 9, 1, 60); }

// Two moments in turn: the view skips a frame that shows the moment it already shows (issue 31), so the same
// frame every iteration would time nothing.
void BM_WarpShowFrame8(benchmark::State& state) {
  auto g = midGame();
  auto next = ui::bench::greedyWarp(8, 9, 1, 61);
  ui::WarpTableView view;
  view.resize(1300, 820);
  const Seat me = g->awaiting().empty() ? 0 : g->awaiting().front();
  bool odd = false;
  for (auto _ : state) {
    view.showFrame(ui::bench::seatFrame(odd ? *next : *g, me));
    odd = !odd;
    QCoreApplication::processEvents();  // the layout the frame causes
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);  // and the widgets it replaced
  }
}
BENCHMARK(BM_WarpShowFrame8)->Unit(benchmark::kMicrosecond);

void BM_WarpPaint8(benchmark::State& state) {
  auto g = midGame();
  ui::WarpTableView view;
  view.resize(1300, 820);
  view.showFrame(ui::bench::seatFrame(*g, g->awaiting().empty() ? 0 : g->awaiting().front()));
  QCoreApplication::processEvents();
  for (auto _ : state) benchmark::DoNotOptimize(view.grab());
}
BENCHMARK(BM_WarpPaint8)->Unit(benchmark::kMicrosecond);

void BM_SoloTurnUiWork8(benchmark::State& state) {
  auto g = midGame();
  for (auto _ : state) {
    auto view = g->clone();
    auto obs = view->observe(0);
    auto legal = view->legalOrders(0);
    benchmark::DoNotOptimize(obs);
    benchmark::DoNotOptimize(legal);
  }
}
BENCHMARK(BM_SoloTurnUiWork8)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
