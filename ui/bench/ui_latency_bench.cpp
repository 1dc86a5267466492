// ui_bench, event-loop latency (issue 12: "a table of 8 captains stays smooth"; "a 10,000-turn replay opens
// with progress and seeks without freezing"): how long a queued event waits on the UI thread.
//  - BM_EventLoopLatency8: an 8-captain Warp table in a shown window; each iteration shows a new frame and
//    schedules a repaint, then times a queued call until the event loop runs it (paint included).
//  - BM_Replay10kOpenAndSeek: the replay viewer opens a 10,000-turn replay and seeks to 20 spread positions
//    while a 1 ms timer probes the UI thread; counters: the longest gap between probes (max_stall_ms, wall: on a
//    shared, loaded machine it includes waiting for a core), the UI thread's own CPU time in the gap with the
//    most of it (max_stall_cpu_ms: the work that blocked the event loop), the open time and the mean seek time.
//    Manual time = the whole open + seeks.
// Where a worst gap goes: the kernel's per-thread schedstat splits it into the UI thread running (its own work)
// and the UI thread runnable but waiting for a core (the machine's load); *_worst_gap_cpu_ms / _runq_ms are the
// two parts of the longest wall-clock gap; the rest the thread slept (blocked: worst_gap_sleeps counts its
// voluntary switches, worst_gap_majflt its page faults that read from disk; worst_gap_end_ms says when).
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>
#include <sys/resource.h>

#include <cstdio>
#include <ctime>
#include <memory>

#include "core/game/registry.h"
#include "core/warp/module.h"
#include "table/record_bots.h"
#include "ui/bench/bench_games.h"
#include "ui/replay/replay_viewer.h"
#include "ui/warp/warp_table_view.h"

namespace {

using namespace concord;

// Waits for `done` in the event loop.
void spin(const std::function<bool()>& done) {
  while (!done()) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

// CPU time of the calling thread, in ns.
qint64 threadCpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<qint64>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// The calling thread's blocking sleeps (voluntary context switches) and page faults that read from disk so far.
std::pair<long, long> threadSleepsAndMajorFaults() {
  rusage u{};
  getrusage(RUSAGE_THREAD, &u);
  return {u.ru_nvcsw, u.ru_majflt};
}

// The calling thread's time spent runnable but not running (waiting for a core), in ns; 0 when the kernel
// keeps no schedstat (/proc/thread-self/schedstat: "run_ns wait_ns timeslices").
qint64 threadRunQueueNs() {
  std::FILE* f = std::fopen("/proc/thread-self/schedstat", "r");
  if (!f) return 0;
  unsigned long long run = 0, wait = 0;
  const int n = std::fscanf(f, "%llu %llu", &run, &wait);
  std::fclose(f);
  return n == 2 ? static_cast<qint64>(wait) : 0;
}

std::unique_ptr<Game> eightCaptains(uint32_t turns) { return ui::bench::greedyWarp(8, 5, 2, turns); }

void BM_EventLoopLatency8(benchmark::State& state) {
  std::vector<std::unique_ptr<Game>> moments;
  for (uint32_t t : {20u, 40u, 60u, 80u}) moments.push_back(eightCaptains(t));
  ui::WarpTableView view;
  view.resize(1300, 820);
  view.show();
  QCoreApplication::processEvents();
  size_t i = 0;
  qint64 worstWall = 0, worstCpu = 0, worstRunq = 0;
  for (auto _ : state) {
    const qint64 cpu0 = threadCpuNs(), runq0 = threadRunQueueNs();
    const Game& g = *moments[i++ % moments.size()];
    ui::TableFrame f;
    f.me = g.awaiting().empty() ? 0 : g.awaiting().front();
    f.obs = g.observe(f.me);
    f.game = &g;
    f.legal = g.legalOrders(f.me);
    QElapsedTimer t;
    t.start();
    view.showFrame(f);  // what a landed turn does on the UI thread
    view.update();
    bool ran = false;
    QMetaObject::invokeMethod(&view, [&] { ran = true; }, Qt::QueuedConnection);
    spin([&] { return ran; });
    view.repaint();  // the paint the update scheduled, measured with it on every platform plugin
    const qint64 wall = t.nsecsElapsed();
    state.SetIterationTime(static_cast<double>(wall) / 1e9);
    if (wall > worstWall) {
      worstWall = wall;
      worstCpu = threadCpuNs() - cpu0;
      worstRunq = threadRunQueueNs() - runq0;
    }
  }
  state.counters["worst_frame_ms"] = static_cast<double>(worstWall) / 1e6;
  state.counters["worst_frame_cpu_ms"] = static_cast<double>(worstCpu) / 1e6;
  state.counters["worst_frame_runq_ms"] = static_cast<double>(worstRunq) / 1e6;
}
BENCHMARK(BM_EventLoopLatency8)->UseManualTime()->Unit(benchmark::kMillisecond);

void BM_Replay10kOpenAndSeek(benchmark::State& state) {
  QTemporaryDir tmp;
  const std::string path = tmp.filePath(QStringLiteral("long.ccr")).toStdString();
  auto session = table::makeBotSession("warp", {{"objective", "goout"}, {"goout", "fixed"}, {"rounds", "400"}}, 4, "bench10k", "greedy");
  table::RecordOptions opts;
  opts.maxTurns = 10000;
  auto rec = table::recordBotGame(path, *session, table::botSessionKeys("bench10k", 4), opts);
  if (!rec || rec->turns < 10000) {
    state.SkipWithError(rec ? "the game ended before 10,000 turns" : rec.message().c_str());
    return;
  }
  for (auto _ : state) {
    ui::ReplayViewer viewer;
    viewer.resize(1300, 820);
    viewer.show();
    // The probe: a 1 ms timer; the longest gap between its ticks is the longest the UI thread was blocked.
    QElapsedTimer clock, gap;
    qint64 worst = 0, worstCpu = 0, cpuAt = threadCpuNs(), runqAt = threadRunQueueNs();
    qint64 worstGapCpu = 0, worstGapRunq = 0;  // the longest wall gap, split: the UI thread's work, its wait for a core
    qint64 worstGapEnd = 0;                     // when it ended (ms since open(): before open_ms, it was the open)
    std::pair<long, long> sleepsAt = threadSleepsAndMajorFaults(), worstGapSleeps{};
    QTimer probe;
    probe.setInterval(1);
    QObject::connect(&probe, &QTimer::timeout, [&] {
      const qint64 cpu = threadCpuNs(), runq = threadRunQueueNs(), wall = gap.nsecsElapsed();
      const auto sleeps = threadSleepsAndMajorFaults();
      if (wall > worst) {
        worst = wall;
        worstGapCpu = cpu - cpuAt;
        worstGapRunq = runq - runqAt;
        worstGapEnd = clock.elapsed();
        worstGapSleeps = {sleeps.first - sleepsAt.first, sleeps.second - sleepsAt.second};
      }
      sleepsAt = sleeps;
      worstCpu = std::max(worstCpu, cpu - cpuAt);
      cpuAt = cpu;
      runqAt = runq;
      gap.restart();
    });
    clock.start();
    gap.start();
    probe.start();
    viewer.open(QString::fromStdString(path));
    spin([&] { return viewer.hasReplay() && !viewer.busy(); });
    const double openMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    QElapsedTimer seeks;
    seeks.start();
    for (uint32_t k = 0; k < 20; ++k) {
      const uint32_t at = (k * 4999u) % 10001u;
      viewer.seek(at);
      spin([&] { return !viewer.busy() && viewer.position() == at; });
    }
    probe.stop();
    state.SetIterationTime(static_cast<double>(clock.nsecsElapsed()) / 1e9);
    state.counters["turns"] = viewer.replay().turns;
    state.counters["open_ms"] = openMs;
    state.counters["seek_mean_ms"] = static_cast<double>(seeks.nsecsElapsed()) / 1e6 / 20;
    state.counters["max_stall_ms"] = static_cast<double>(worst) / 1e6;
    state.counters["max_stall_cpu_ms"] = static_cast<double>(worstCpu) / 1e6;
    state.counters["worst_gap_cpu_ms"] = static_cast<double>(worstGapCpu) / 1e6;
    state.counters["worst_gap_runq_ms"] = static_cast<double>(worstGapRunq) / 1e6;
    state.counters["worst_gap_end_ms"] = static_cast<double>(worstGapEnd);
    state.counters["worst_gap_sleeps"] = static_cast<double>(worstGapSleeps.first);
    state.counters["worst_gap_majflt"] = static_cast<double>(worstGapSleeps.second);
  }
}
BENCHMARK(BM_Replay10kOpenAndSeek)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
