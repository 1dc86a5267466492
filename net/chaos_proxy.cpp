#include "net/chaos_proxy.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <map>
#include <queue>

#include "core/det/rng.h"
#include "net/steady_ms.h"

namespace concord::net {
namespace {

constexpr size_t kMaxQueued = 65536;
constexpr size_t kMaxClients = 256;

sockaddr_in loopback(uint16_t port) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(port);
  return a;
}

int udpSocket(uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in a = loopback(port);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

struct Pending {
  uint64_t at = 0;
  uint64_t seq = 0;
  int fd = -1;
  sockaddr_in to{};
  std::vector<uint8_t> bytes;
  bool operator>(const Pending& o) const { return at != o.at ? at > o.at : seq > o.seq; }
};

}  // namespace

struct ChaosProxy::Impl {
  struct Client {
    int upstream = -1;
    sockaddr_in addr{};
    size_t route = 0;
  };
  std::vector<ChaosRoute> routes;
  std::vector<int> listeners;
  std::map<uint64_t, Client> clients;  // key: route << 48 | ip << 16 | port
  ChaosParams p;
  det::Rng rng = det::Rng::fromU64(1);
  std::priority_queue<Pending, std::vector<Pending>, std::greater<>> queue;
  uint64_t seq = 0;

  uint32_t draw(uint32_t n) { return n == 0 ? 0 : static_cast<uint32_t>(rng.next() % n); }

  void schedule(ChaosStats& st, int fd, const sockaddr_in& to, const uint8_t* data, size_t len) {
    // Every draw is made for every datagram so one fault setting never shifts another.
    uint32_t loss = draw(1000), dup = draw(1000), reorder = draw(1000);
    uint64_t jitter = p.jitterMs ? rng.next() % (p.jitterMs + 1) : 0;
    uint64_t extra = p.jitterMs ? rng.next() % (4 * p.jitterMs + 1) : rng.next() % 1;
    if (loss < p.lossPermille) {
      ++st.dropped;
      return;
    }
    int copies = dup < p.dupPermille ? 2 : 1;
    if (copies == 2) ++st.duplicated;
    for (int c = 0; c < copies; ++c) {
      if (queue.size() >= kMaxQueued) {
        ++st.queueFull;
        return;
      }
      uint64_t at = steadyMs() + p.delayMs + jitter + (reorder < p.reorderPermille ? extra : 0) + static_cast<uint64_t>(c);
      queue.push(Pending{at, seq++, fd, to, std::vector<uint8_t>(data, data + len)});
    }
  }
};

ChaosProxy::ChaosProxy(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

ChaosProxy::~ChaosProxy() {
  for (int fd : impl_->listeners) ::close(fd);
  for (auto& [k, c] : impl_->clients) ::close(c.upstream);
}

Result<std::unique_ptr<ChaosProxy>> ChaosProxy::create(const std::vector<ChaosRoute>& routes, const ChaosParams& p) {
  auto impl = std::make_unique<Impl>();
  impl->routes = routes;
  impl->p = p;
  impl->rng = det::Rng::fromU64(p.seed);
  for (const auto& r : routes) {
    int fd = udpSocket(r.listenPort);
    if (fd < 0) {
      for (int f : impl->listeners) ::close(f);
      return Err("chaos: cannot bind 127.0.0.1:", r.listenPort, ": ", std::strerror(errno));
    }
    impl->listeners.push_back(fd);
  }
  return std::unique_ptr<ChaosProxy>(new ChaosProxy(std::move(impl)));
}

void ChaosProxy::run(uint32_t waitMs) {
  Impl& m = *impl_;
  std::vector<pollfd> fds;
  std::vector<uint64_t> owners;  // UINT64_MAX - route for listeners, client key for upstreams
  for (size_t i = 0; i < m.listeners.size(); ++i) {
    fds.push_back(pollfd{m.listeners[i], POLLIN, 0});
    owners.push_back(UINT64_MAX - i);
  }
  for (auto& [k, c] : m.clients) {
    fds.push_back(pollfd{c.upstream, POLLIN, 0});
    owners.push_back(k);
  }
  int timeout = static_cast<int>(waitMs);
  if (!m.queue.empty()) {
    uint64_t n = steadyMs();
    timeout = m.queue.top().at <= n ? 0 : static_cast<int>(std::min<uint64_t>(waitMs, m.queue.top().at - n));
  }
  ::poll(fds.data(), fds.size(), timeout);
  uint8_t buf[65536];
  for (size_t i = 0; i < fds.size(); ++i) {
    if (!(fds[i].revents & POLLIN)) continue;
    for (int burst = 0; burst < 256; ++burst) {
      sockaddr_in from{};
      socklen_t fl = sizeof from;
      ssize_t n = ::recvfrom(fds[i].fd, buf, sizeof buf, 0, reinterpret_cast<sockaddr*>(&from), &fl);
      if (n < 0) break;
      if (owners[i] >= UINT64_MAX - m.listeners.size() + 1) {
        size_t route = UINT64_MAX - owners[i];
        uint64_t key = (uint64_t{route} << 48) | (uint64_t{ntohl(from.sin_addr.s_addr)} << 16) | ntohs(from.sin_port);
        auto it = m.clients.find(key);
        if (it == m.clients.end()) {
          if (m.clients.size() >= kMaxClients) continue;
          int up = udpSocket(0);
          if (up < 0) continue;
          it = m.clients.emplace(key, Impl::Client{up, from, route}).first;
        }
        m.schedule(stats_, it->second.upstream, loopback(m.routes[route].targetPort), buf, static_cast<size_t>(n));
      } else {
        auto it = m.clients.find(owners[i]);
        if (it != m.clients.end()) m.schedule(stats_, m.listeners[it->second.route], it->second.addr, buf, static_cast<size_t>(n));
      }
    }
  }
  const uint64_t n = steadyMs();
  while (!m.queue.empty() && m.queue.top().at <= n) {
    const Pending& d = m.queue.top();
    ::sendto(d.fd, d.bytes.data(), d.bytes.size(), 0, reinterpret_cast<const sockaddr*>(&d.to), sizeof d.to);
    ++stats_.forwarded;
    m.queue.pop();
  }
}

}  // namespace concord::net
