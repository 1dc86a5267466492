// concord_intruder bundles: forged, tampered and misaddressed bundles from a spectating guest (see main.cpp).

#include "tests/net/intruder/modes.h"

namespace concord::intruder {


int runBundles(const Address& target, uint64_t seconds, uint32_t every, const Probes& probes) {
  const KeyPair me = KeyPair::generate();
  auto created = net::EnetTransport::create(me, Address{"127.0.0.1", 0});
  if (!created) return say("cannot bind: " + created.message()), 2;
  auto& t = **created;
  t.setSelf(static_cast<lockstep::PeerId>(net::kGuestIdBase - 2));
  t.onReject = [](const std::string& l) { say("(our side) " + l); };
  say("identity [" + me.publicKey.fingerprint() + "] (no seat key) connecting to " + target.text());
  if (auto r = t.connect(target); !r) return say(r.message()), 2;

  std::optional<net::GameMsg> game;
  det::Hash128 gid;
  std::map<Seat, Bundle> latest;
  std::map<std::string, uint64_t> sent;
  uint64_t realSeen = 0, lastReal = 0, nextSpectate = 0;
  bool handshook = false;
  RawLink forger;
  bool forgedHelloSent = false;
  lockstep::PublicKey claimed;
  const uint64_t deadline = seconds * 1000;

  auto forge = [&](const Bundle& real) {
    const auto& seats = game->session.seats;
    Bundle own = real;  // the seat's bundle three turns ahead (still pending everywhere), signed by us
    own.turn = real.turn + 3;
    own.chain = real.bodyHash();
    own.signWith(me);
    Bundle fake = own;  // another body claiming the seat's key, with a signature nobody made
    fake.prevSeal = det::Hash128{rng(), rng()};
    for (auto& b : fake.signature.bytes) b = rbyte();
    Bundle tampered = real;  // the turn just played, orders altered, the owner's signature kept
    tampered.orders.push_back(Order{1, {rbyte(), rbyte()}});
    Bundle wrong = own;
    wrong.gameId.lo ^= 0x5a5a5a5a;
    wrong.signWith(me);
    Bundle noSeat = own;
    noSeat.seat = static_cast<Seat>(seats.size() + 3);
    noSeat.signWith(me);
    const std::pair<const char*, const Bundle*> all[] = {
        {"own-key", &own}, {"forged-sig", &fake}, {"tampered", &tampered}, {"wrong-game", &wrong}, {"no-seat", &noSeat}};
    for (const auto& [kind, b] : all) {
      t.broadcast(lockstep::encodeWire(lockstep::BundleMsg{*b}));
      if (sent[kind]++ == 0)
        say(std::string("sent a ") + kind + " bundle (turn " + std::to_string(b->turn) + " seat " + std::to_string(b->seat) +
            ") to " + std::to_string(t.connectedKeys().size()) + " peers");
    }
  };

  while (nowMs() < deadline && !stopRequested) {
    const uint64_t n = nowMs();
    t.pump(n, 2);
    forger.service();
    const auto keys = t.connectedKeys();
    if (!handshook && !keys.empty()) {
      handshook = true;
      say("handshake complete with [" + keys.front().fingerprint() + "]; asking to spectate");
    }
    if (!game && handshook && n >= nextSpectate) {
      nextSpectate = n + (probes.farFuture ? 20 : 500);
      for (const auto& k : keys) t.sendControl(k, net::encodeLobby(net::SpectateMsg{"intruder"}));
    }
    while (auto c = t.pollControl()) {
      auto m = net::decodeLobby(c->bytes);
      if (!m || game) continue;
      auto* g = std::get_if<net::GameMsg>(&*m);
      if (!g) continue;
      game = *g;
      gid = game->session.gameId();
      say("accepted as a spectator by [" + c->from.fingerprint() + "]: game " + gid.hex() + ", " +
          std::to_string(game->seats.size()) + " seats; joining the mesh as a guest");
      for (size_t s = 0; s < game->seats.size(); ++s) {
        const auto& st = game->seats[s];
        if (st.kind != net::SeatKind::Human) continue;
        t.assign(st.key, static_cast<lockstep::PeerId>(s));
        if (st.key != c->from) t.want(st.key, Address{st.host.empty() ? target.host : st.host, st.port});
      }
      // A raw connection whose Hello claims another seat's identity (we cannot sign for it).
      for (const auto& st : game->seats)
        if (st.kind == net::SeatKind::Human && st.key != c->from) claimed = st.key;
      net::SecureChannel mine(forger.key);
      forger.forgedHello = mine.hello();
      std::memcpy(forger.forgedHello.data() + 4, claimed.bytes.data(), 32);
      forger.connect(target);
      if (probes.farFuture) {
        Bundle far;
        far.gameId = gid;
        far.turn = 1000;
        far.seat = 0;
        far.signWith(me);
        for (int i = 0; i < 50; ++i) {
          t.pump(nowMs(), 1);
          t.broadcast(lockstep::encodeWire(lockstep::BundleMsg{far}));
        }
        ++sent["far-future"];
        say("probe: sent a bundle for turn 1000 (far beyond the window) to " + std::to_string(t.connectedKeys().size()) + " peers");
      }
    }
    if (forger.up && !forgedHelloSent) {
      forgedHelloSent = true;
      ++sent["forged-hello"];
      say("sent a Hello claiming another seat's identity [" + claimed.fingerprint() + "]");
    }
    while (auto d = t.poll()) {
      auto m = lockstep::decodeWire(d->bytes);
      if (!m || !game) continue;
      auto* bm = std::get_if<lockstep::BundleMsg>(&*m);
      if (!bm || bm->bundle.gameId != gid || bm->bundle.seat >= game->session.seats.size()) continue;
      const Bundle& b = bm->bundle;
      ++realSeen;
      lastReal = n;
      auto it = latest.find(b.seat);
      if (it != latest.end() && it->second.turn >= b.turn) continue;
      latest[b.seat] = b;
      if (probes.slotFlood > 0)
        for (uint32_t ahead = 1; ahead <= 2; ++ahead)
          for (uint32_t k = 0; k < probes.slotFlood; ++k) {
            Bundle f = b;
            f.turn = b.turn + ahead;
            f.prevSeal = det::Hash128{rng(), rng()};
            f.signWith(me);
            t.broadcast(lockstep::encodeWire(lockstep::BundleMsg{f}));
            ++sent["slot-flood"];
          }
      // One seat every `every` turns, rotating through the seats: enough to hit every peer and
      // every seat, without making the logs the bottleneck.
      if (b.turn % every == 0 && b.seat == (b.turn / every) % game->session.seats.size()) forge(b);
    }
    if (game && realSeen > 0 && n > lastReal + 3000) {
      say("the table is quiet (game over)");
      break;
    }
  }
  std::string summary;
  bool all = true;
  for (const char* k : {"own-key", "forged-sig", "tampered", "wrong-game", "no-seat", "forged-hello"}) {
    summary += std::string(" ") + k + " " + std::to_string(sent[k]);
    all = all && sent[k] > 0;
  }
  if (probes.slotFlood) summary += " slot-flood " + std::to_string(sent["slot-flood"]);
  if (probes.farFuture) summary += " far-future " + std::to_string(sent["far-future"]);
  say("SUMMARY mode bundles identity " + me.publicKey.fingerprint() + " spectator " + (game ? "1" : "0") +
      " real-bundles-seen " + std::to_string(realSeen) + summary);
  return game && all ? 0 : 1;
}

}  // namespace concord::intruder
