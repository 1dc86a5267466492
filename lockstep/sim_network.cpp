#include "lockstep/sim_network.h"

namespace concord::lockstep {

class SimNetwork::Endpoint final : public Transport {
 public:
  Endpoint(SimNetwork& net, PeerId id) : net_(net), id_(id) {}
  PeerId self() const override { return id_; }
  void send(PeerId to, std::span<const uint8_t> bytes) override { net_.sendFrom(id_, to, bytes); }
  void broadcast(std::span<const uint8_t> bytes) override {
    for (PeerId p = 0; p < net_.peerCount(); ++p)
      if (p != id_) net_.sendFrom(id_, p, bytes);
  }
  std::optional<Datagram> poll() override { return net_.pollFor(id_); }

 private:
  SimNetwork& net_;
  PeerId id_;
};

SimNetwork::SimNetwork(PeerId peers, const SimParams& params, uint64_t seed)
    : params_(params), rng_(det::Rng::fromU64(seed)) {
  alive_.assign(peers, true);
  linkUp_.assign(peers, std::vector<bool>(peers, true));
  inbox_.resize(peers);
  for (PeerId p = 0; p < peers; ++p) endpoints_.push_back(std::make_unique<Endpoint>(*this, p));
}

SimNetwork::~SimNetwork() = default;

Transport& SimNetwork::endpoint(PeerId id) { return *endpoints_.at(id); }

void SimNetwork::setNow(uint64_t nowMs) {
  if (nowMs > now_) now_ = nowMs;
}

void SimNetwork::setLink(PeerId a, PeerId b, bool up) {
  linkUp_.at(a).at(b) = up;
  linkUp_.at(b).at(a) = up;
}

void SimNetwork::setOneWay(PeerId from, PeerId to, bool up) { linkUp_.at(from).at(to) = up; }

void SimNetwork::kill(PeerId id) {
  alive_.at(id) = false;
  inbox_[id].clear();
}

void SimNetwork::restart(PeerId id) {
  alive_.at(id) = true;
  inbox_[id].clear();
}

uint64_t SimNetwork::delay() {
  uint64_t d = params_.delayMs;
  if (params_.jitterMs > 0) d += rng_.below(params_.jitterMs + 1);
  return d;
}

void SimNetwork::enqueue(PeerId from, PeerId to, const std::vector<uint8_t>& bytes, uint64_t extraMs) {
  inbox_[to].emplace(std::make_pair(now_ + delay() + extraMs, seq_++), Datagram{from, bytes});
}

void SimNetwork::sendFrom(PeerId from, PeerId to, std::span<const uint8_t> bytes) {
  if (to >= peerCount() || from >= peerCount()) return;
  ++stats_.sent;
  stats_.bytesSent += bytes.size();
  // Draw every random number for every send, so one fault setting never shifts another's stream.
  bool lost = rng_.below(1000) < params_.lossPermille;
  bool dup = rng_.below(1000) < params_.dupPermille;
  bool reorder = rng_.below(1000) < params_.reorderPermille;
  uint64_t extra = reorder ? rng_.below(4 * (params_.delayMs + params_.jitterMs) + 2) : 0;
  if (!alive_[from] || !alive_[to] || !linkUp_[from][to] || lost) {
    ++stats_.dropped;
    return;
  }
  std::vector<uint8_t> copy(bytes.begin(), bytes.end());
  enqueue(from, to, copy, extra);
  if (dup) {
    ++stats_.duplicated;
    enqueue(from, to, copy, 0);
  }
}

std::optional<Datagram> SimNetwork::pollFor(PeerId id) {
  auto& box = inbox_.at(id);
  if (!alive_[id] || box.empty() || box.begin()->first.first > now_) return std::nullopt;
  Datagram d = std::move(box.begin()->second);
  box.erase(box.begin());
  ++stats_.delivered;
  return d;
}

}  // namespace concord::lockstep
