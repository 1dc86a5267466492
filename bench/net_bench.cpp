// Issue 25: what a relayed link costs against a direct one. Three EnetTransports on loopback in one thread; seat 1
// and seat 2 either reach each other directly or cannot (dropIncomingForTests) and go through seat 0. Each iteration
// is one round trip of a 200-byte datagram (a bundle's size) from seat 1 to seat 2 and back.
#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <vector>

#include "net/enet_transport.h"

namespace {

using namespace concord;

uint64_t nowMs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

struct Trio {
  std::vector<lockstep::KeyPair> keys;
  std::vector<std::unique_ptr<net::EnetTransport>> t;
  explicit Trio(bool relayed) {
    for (int i = 0; i < 3; ++i) {
      keys.push_back(lockstep::KeyPair::fromLabel("net-bench:" + std::to_string(i)));
      auto made = net::EnetTransport::create(keys.back(), net::Address{"127.0.0.1", 0});
      t.push_back(std::move(*made));
      t.back()->setMeshTiming(net::MeshTiming{200, 600});
    }
    for (size_t i = 0; i < 3; ++i) {
      t[i]->setSelf(static_cast<net::PeerId>(i));
      for (size_t j = 0; j < 3; ++j)
        if (i != j) {
          t[i]->assign(keys[j].publicKey, static_cast<net::PeerId>(j));
          t[i]->want(keys[j].publicKey, net::Address{"127.0.0.1", t[j]->port()}, j > i);
        }
    }
    if (relayed) {
      const uint16_t p1 = t[1]->port(), p2 = t[2]->port();
      t[1]->dropIncomingForTests([p2](const net::Address& a) { return a.port == p2; });
      t[2]->dropIncomingForTests([p1](const net::Address& a) { return a.port == p1; });
    }
    // Until seat 1 and seat 2 both hold a link to each other of the kind asked for.
    const auto want = relayed ? net::LinkKind::Relayed : net::LinkKind::Direct;
    for (const uint64_t until = nowMs() + 5000; nowMs() < until && !(linked(1, 2, want) && linked(2, 1, want));) pumpAll();
  }
  bool linked(size_t a, size_t b, net::LinkKind kind) const {
    auto l = t[a]->links();
    auto it = l.find(keys[b].publicKey);
    return it != l.end() && it->second.kind == kind;
  }
  void pumpAll() {
    for (auto& x : t) x->pump(nowMs(), 0);
  }
  bool await(size_t at) {
    for (int spins = 0; spins < 200000; ++spins) {
      pumpAll();
      if (t[at]->poll()) return true;
    }
    return false;
  }
};

void BM_RoundTrip(benchmark::State& state) {
  const bool relayed = state.range(0) == 1;
  Trio trio(relayed);
  if (!trio.linked(1, 2, relayed ? net::LinkKind::Relayed : net::LinkKind::Direct)) {
    state.SkipWithError("the link never came up");
    return;
  }
  std::vector<uint8_t> bundle(200, 7);
  const auto sentBefore = trio.t[1]->stats().bytesSent;
  for (auto _ : state) {
    trio.t[1]->send(2, bundle);
    if (!trio.await(2)) state.SkipWithError("lost");
    trio.t[2]->send(1, bundle);
    if (!trio.await(1)) state.SkipWithError("lost");
  }
  state.counters["wire_bytes_per_send"] =
      static_cast<double>(trio.t[1]->stats().bytesSent - sentBefore) / static_cast<double>(state.iterations());
  state.SetLabel(relayed ? "relayed through seat 0" : "direct");
}
BENCHMARK(BM_RoundTrip)->Arg(0)->Arg(1)->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
