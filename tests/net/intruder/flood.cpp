// concord_intruder flood: garbage datagrams, ENet-shaped packets and replayed sealed messages at one port.

#include "tests/net/intruder/modes.h"

namespace concord::intruder {

bool floodConnects = true;

static std::vector<uint8_t> enetShaped() {
  // ENet wire: u16 peerID|flags, u16 sentTime, u32 CRC32 (host->checksum on), commands.
  std::vector<uint8_t> p;
  int kind = static_cast<int>(rng() % 4);
  if (kind == 1 && !floodConnects) kind = 3;
  uint16_t peerId = kind == 0 ? static_cast<uint16_t>(rng() % 128) : 0x0FFF;  // 0xFFF: "no peer yet"
  peerId |= 0x8000;                                                           // sent-time flag
  peerId |= static_cast<uint16_t>((rng() % 4) << 12);                          // session bits
  p.push_back(static_cast<uint8_t>(peerId >> 8));
  p.push_back(static_cast<uint8_t>(peerId));
  p.push_back(rbyte());
  p.push_back(rbyte());
  p.insert(p.end(), 4, 0);  // checksum, filled below
  if (kind == 1) {
    // CONNECT (command 2 | acknowledge) with plausible fields and a random connect id.
    const uint8_t cmd[] = {0x82, 0xFF, 0, 1};
    p.insert(p.end(), cmd, cmd + 4);
    auto u16 = [&](uint16_t v) { p.push_back(static_cast<uint8_t>(v >> 8)); p.push_back(static_cast<uint8_t>(v)); };
    auto u32 = [&](uint32_t v) { u16(static_cast<uint16_t>(v >> 16)); u16(static_cast<uint16_t>(v)); };
    u16(static_cast<uint16_t>(rng() % 4096));  // outgoingPeerID
    p.push_back(0xFF);
    p.push_back(0xFF);                           // session ids
    u32(1400);                                   // mtu
    u32(65536);                                  // window
    u32(2);                                      // channels
    u32(0);
    u32(0);                                      // bandwidths
    u32(5000);
    u32(2);
    u32(2);                                      // throttle
    u32(static_cast<uint32_t>(rng()));           // connectID
    u32(0);                                      // data
  } else if (kind == 2) {
    // Truncated: a header and part of a command.
    const size_t extra = rng() % 6;
    for (size_t i = 0; i < extra; ++i) p.push_back(rbyte());
  } else {
    // Random commands (any command number, random bodies).
    const size_t commands = 1 + rng() % 3;
    for (size_t c = 0; c < commands; ++c) {
      p.push_back(static_cast<uint8_t>((rng() % 13) | (rng() % 2 ? 0x80 : 0) | (rng() % 4 == 0 ? 0x40 : 0)));
      p.push_back(static_cast<uint8_t>(rng() % 3));
      const size_t body = 2 + rng() % 60;
      for (size_t i = 0; i < body; ++i) p.push_back(rbyte());
    }
  }
  ENetBuffer buf{};
  buf.data = p.data();
  buf.dataLength = p.size();
  const enet_uint32 crc = enet_crc32(&buf, 1);
  std::memcpy(p.data() + 4, &crc, 4);
  return p;
}

int runFlood(const Address& target, uint64_t seconds, uint64_t rate) {
  constexpr int kSockets = 4;
  int fds[kSockets];
  for (int& fd : fds) {
    fd = ::socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0) return say("socket failed"), 2;
  }
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(target.port);
  if (::inet_pton(AF_INET, target.host.c_str(), &to.sin_addr) != 1) return say("bad target " + target.text()), 2;
  if ((ntohl(to.sin_addr.s_addr) >> 24) != 127) return say("refusing to flood a non-loopback address"), 2;
  say("flooding " + target.text() + " for " + std::to_string(seconds) + " s at " + std::to_string(rate) + " datagrams/s");

  RawLink link;
  uint64_t garbage = 0, shaped = 0, sendErrors = 0, sealedOk = 0, replays = 0, truncated = 0, flipped = 0, handshakes = 0;
  uint64_t nextBurst = 0, nextConnect = 0;
  // The authenticated connection first: once the CONNECT flood has taken every free ENet slot of the
  // target (128, all from our address) no new connection gets in until they time out.
  link.connect(target);
  ++handshakes;
  for (uint64_t until = nowMs() + 3000; nowMs() < until && !(link.up && link.channel->established());)
    link.service(), std::this_thread::sleep_for(std::chrono::milliseconds(2));
  say(std::string("authenticated connection ") + (link.up && link.channel->established() ? "established" : "not established"));
  const uint64_t started = nowMs(), end = started + seconds * 1000;
  const uint64_t perTick = std::max<uint64_t>(1, rate / 200);  // 5 ms ticks
  std::vector<uint8_t> junk(1400);
  while (nowMs() < end && !stopRequested) {
    const uint64_t tick = nowMs();
    for (uint64_t i = 0; i < perTick; ++i) {
      std::vector<uint8_t> pkt;
      const uint8_t* data;
      size_t len;
      if (rng() % 3 == 0) {
        pkt = enetShaped();
        data = pkt.data();
        len = pkt.size();
        ++shaped;
      } else {
        len = rng() % junk.size();
        for (size_t k = 0; k < len; ++k) junk[k] = rbyte();
        data = junk.data();
        ++garbage;
      }
      int fd = fds[rng() % kSockets];
      if (::sendto(fd, data, len, MSG_DONTWAIT, reinterpret_cast<sockaddr*>(&to), sizeof to) < 0) ++sendErrors;
    }
    // The authenticated part: one sealed message, then replays, truncations and bit flips of it.
    link.service();
    if (!link.peer && tick >= nextConnect) {
      nextConnect = tick + 500;
      link.connect(target);
      ++handshakes;
    }
    if (link.up && link.channel->established() && tick >= nextBurst) {
      nextBurst = tick + 1000;
      std::vector<uint8_t> plain{0};  // game plane
      auto req = lockstep::encodeWire(lockstep::BundleRequest{0, 0});
      plain.insert(plain.end(), req.begin(), req.end());
      auto sealed = link.channel->seal(plain);
      link.sendRaw(sealed, false);
      ++sealedOk;
      for (int r = 0; r < 20; ++r, ++replays) link.sendRaw(sealed, false);
      for (int r = 0; r < 10; ++r, ++truncated) {
        auto cut = sealed;
        cut.resize(net::kDataOverhead + rng() % (sealed.size() - net::kDataOverhead));
        link.sendRaw(cut, false);
      }
      for (int r = 0; r < 10; ++r, ++flipped) {
        auto bad = sealed;
        bad[rng() % bad.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
        link.sendRaw(bad, false);
      }
      link.service();
    }
    const uint64_t spent = nowMs() - tick;
    if (spent < 5) std::this_thread::sleep_for(std::chrono::milliseconds(5 - spent));
  }
  for (int fd : fds) ::close(fd);
  say("SUMMARY mode flood datagrams " + std::to_string(garbage + shaped) + " random " + std::to_string(garbage) +
      " enet-shaped " + std::to_string(shaped) + " send-errors " + std::to_string(sendErrors) + " connections " +
      std::to_string(handshakes) + " sealed " + std::to_string(sealedOk) + " replays " + std::to_string(replays) +
      " truncated " + std::to_string(truncated) + " bit-flipped " + std::to_string(flipped) + " ms " +
      std::to_string(nowMs() - started));
  return 0;
}

}  // namespace concord::intruder
