#include "net/node.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <set>

#include "lockstep/linger.h"
#include "lockstep/peer.h"
#include "lockstep/selfplay.h"
#include "net/comms.h"
#include "net/lan.h"
#include "net/lobby_msg.h"
#include "replay/backfill.h"
#include "replay/session_recorder.h"

namespace concord::net {
namespace {

using lockstep::KeyPair;
using lockstep::PublicKey;
using lockstep::SessionConfig;

uint64_t steadyMs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

std::string seatLine(size_t i, const LobbySeat& s) {
  const char* kind = s.kind == SeatKind::Human ? "human" : s.kind == SeatKind::Ai ? "AI" : "open";
  std::string line = "  seat " + std::to_string(i) + ": " + kind;
  if (s.kind != SeatKind::Open) line += " " + s.name;
  if (s.kind == SeatKind::Human) line += " [" + s.key.fingerprint() + "]" + (s.ready ? " ready" : " not ready");
  return line;
}

class Node {
 public:
  Node(const NodeOptions& o, EnetTransport& t) : o_(o), t_(t), start_(steadyMs()), outbox_(o.key, o.key.publicKey) {}

  Result<NodeResult> run() {
    if (o_.host && o_.discoveryAddr != "off") {
      std::string addr = o_.discoveryAddr;
      if (addr.empty()) addr = o_.bind.host.rfind("127.", 0) == 0 ? "127.0.0.1" : "255.255.255.255";
      auto a = LanAnnouncer::open(addr, o_.discoveryPort);
      if (!a) log("LAN discovery off: " + a.message());
      else {
        announcer_.emplace(std::move(*a));
        log("announcing the lobby on " + addr + ":" + std::to_string(o_.discoveryPort) + " (concord lan)");
      }
    }
    auto lobby = o_.host ? hostLobby() : joinLobby();
    if (!lobby) return lobby.error();
    return play();
  }

 private:
  uint64_t now() const { return steadyMs() - start_; }
  void log(const std::string& s) const {
    if (o_.log) o_.log(s);
  }
  uint16_t myPort() const { return o_.advertisePort ? o_.advertisePort : t_.port(); }
  void send(const PublicKey& to, const LobbyMessage& m) { t_.sendControl(to, encodeLobby(m)); }
  bool timedOut() const { return now() > o_.timeoutMs; }

  // Services the transport, our input lines (comms commands) and the LAN announcement.
  void pump(uint32_t waitMs) {
    t_.pump(now(), waitMs);
    if (o_.input)
      for (int i = 0; i < 16; ++i) {
        auto line = o_.input();
        if (!line) break;
        command(*line);
      }
    if (announcer_ && now() >= nextAnnounce_) {
      nextAnnounce_ = now() + 1000;
      LanAnnounce a;
      a.hostName = o_.name.substr(0, 32);
      a.moduleId = lobby_.session.moduleId.substr(0, 32);
      a.configHash = lobby_.session.configHash();
      a.seats = static_cast<uint8_t>(lobby_.seats.size());
      for (const auto& s : lobby_.seats) if (s.kind == SeatKind::Open) ++a.free;
      a.rated = lobby_.session.rated;
      a.launched = lobby_.launched;
      a.port = myPort();
      if (a.seats > 0 && !a.moduleId.empty()) announcer_->send(a);
    }
  }

  // The next control message that is not comms (comms are handled here, in every phase).
  std::optional<ControlMessage> pollCtl() {
    while (auto c = t_.pollControl()) {
      if (!isComms(c->bytes)) return c;
      onComms(*c);
    }
    return std::nullopt;
  }

  bool rated() const { return mode_ == CommsMode::Lobby ? lobby_.session.rated : session_.rated; }
  std::optional<PublicKey> tableKey() const {
    if (lobby_.seats.empty() || lobby_.seats[0].kind != SeatKind::Human) return std::nullopt;
    return lobby_.seats[0].key;
  }
  std::string who(const PublicKey& k) const {
    auto s = seatOf(k);
    return s ? "seat " + std::to_string(*s) + " " + lobby_.seats[*s].name + " [" + k.fingerprint() + "]" : "[" + k.fingerprint() + "]";
  }

  void onComms(const ControlMessage& c) {
    auto m = decodeComms(c.bytes);
    if (!m) {
      ++commsRefused_;
      log("refused comms from " + who(c.from) + ": " + m.message());
      return;
    }
    if (m->from == o_.key.publicKey) return;  // our own, relayed back
    auto table = tableKey();
    if (!table || !seatOf(m->from)) {
      ++commsRefused_;
      log("refused comms from " + who(m->from) + ": not a captain at this table");
      return;
    }
    if (m->kind == CommsKind::Direct && m->toSeat >= lobby_.seats.size()) {
      ++commsRefused_;
      log("refused comms from " + who(m->from) + ": a DM to seat " + std::to_string(m->toSeat) + ", which does not exist");
      return;
    }
    policy_.setTable(*table);
    if (auto ok = policy_.accept(mode_, rated(), *m, c.from, now()); !ok) {
      const std::string why = ok.message();
      if (why.rfind("duplicate", 0) == 0) return;  // the same message by another route
      if (why == "muted") return;                  // hidden for the session
      ++commsRefused_;
      log("refused comms from " + who(m->from) + " (" + std::string(modeName(mode_)) + (rated() ? ", rated" : ", casual") + "): " + why);
      return;
    }
    keep(*m, c.bytes);
    // In the lobby joiners are connected to the host only: the host relays (signatures stay the sender's).
    if (o_.host && mode_ == CommsMode::Lobby)
      for (const auto& s : lobby_.seats)
        if (s.kind == SeatKind::Human && s.key != o_.key.publicKey && s.key != m->from && s.key != c.from) t_.sendControl(s.key, c.bytes);
  }

  void keep(const CommsMsg& m, const std::vector<uint8_t>& wire) {
    ++commsAccepted_;
    CommsRecord rec{curTurn_, mode_, seatOf(m.from) ? lobby_.seats[*seatOf(m.from)].name : "?", m, wire};
    log("[comms] " + who(m.from) + " " + describeComms(m));
    if (auto seat = seatOf(m.from); seat && !o_.replayPath.empty()) {
      // Kept in the replay beside the orders (a per-peer annotation, signed by its sender): lobby messages
      // wait for the replay to be created at launch and are written at turn 0.
      replay::CommsEntry e{curTurn_, static_cast<Seat>(*seat), commsSignedBytes(m), m.sig};
      if (recorder_ && !rejoin_) {
        if (auto r = recorder_->recordComms(std::move(e)); !r) log("replay: comms not kept: " + r.message());
      } else if (pendingComms_.size() < 10000) {
        pendingComms_.push_back(std::move(e));
      }
    }
    if (o_.onComms) o_.onComms(rec);
    if (comms_.size() < 10000) comms_.push_back(std::move(rec));
  }

  std::optional<size_t> seatByName(const std::string& n) const {
    for (size_t i = 0; i < lobby_.seats.size(); ++i)
      if (lobby_.seats[i].kind == SeatKind::Human && (lobby_.seats[i].name == n || lobby_.seats[i].key.fingerprint() == n)) return i;
    return std::nullopt;
  }

  void command(std::string line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty()) return;
    auto word = [&](std::string& rest) {
      auto sp = rest.find(' ');
      std::string w = rest.substr(0, sp);
      rest = sp == std::string::npos ? "" : rest.substr(sp + 1);
      return w;
    };
    if (line[0] != '/' && o_.onLine) return o_.onLine(line);  // a person's order
    std::string rest = line;
    std::string cmd = line[0] == '/' ? word(rest) : "/say";
    if (cmd == "/hails") {
      for (const auto& h : hailCatalogue()) log("  " + std::to_string(h.id) + "  " + std::string(h.group) + ": " + std::string(h.phrase));
      return;
    }
    if (cmd == "/mute" || cmd == "/unmute") {
      auto s = seatByName(rest);
      if (!s) return log("comms: no captain named '" + rest + "'");
      if (cmd == "/mute") policy_.mute(lobby_.seats[*s].key);
      else policy_.unmute(lobby_.seats[*s].key);
      return log("comms: " + lobby_.seats[*s].name + (cmd == "/mute" ? " muted for this session" : " unmuted"));
    }
    CommsKind kind;
    uint16_t hail = 0;
    uint8_t to = 0;
    auto number = [](const std::string& v, unsigned long max, unsigned long& out) {
      if (v.empty() || v.size() > 5 || v.find_first_not_of("0123456789") != std::string::npos) return false;
      out = std::stoul(v);
      return out <= max;
    };
    unsigned long n = 0;
    if (cmd == "/hail") {
      kind = CommsKind::Hail;
      if (!number(rest, 65535, n)) return log("comms: /hail takes a hail id (see /hails)");
      hail = static_cast<uint16_t>(n);
    } else if (cmd == "/say") {
      kind = CommsKind::Text;
    } else if (cmd == "/dm") {
      kind = CommsKind::Direct;
      std::string seat = word(rest);
      if (!number(seat, 255, n) || n >= lobby_.seats.size()) return log("comms: /dm takes a seat number and a message");
      to = static_cast<uint8_t>(n);
    } else {
      return log("comms: unknown command " + cmd + " (try /hails, /hail ID, /say TEXT, /dm SEAT TEXT, /mute NAME, /unmute NAME)");
    }
    auto table = tableKey();
    if (!table) return log("comms: not at a table yet");
    if (!seatOf(o_.key.publicKey)) return log("comms: spectators cannot send messages");
    outbox_.setTable(*table);
    CommsMsg m;
    if (o_.senderChecks) {
      auto c = outbox_.compose(mode_, rated(), kind, hail, to, rest, now());
      if (!c) return log("comms: not sent: " + c.message());
      m = std::move(*c);
    } else {
      m = outbox_.composeUnchecked(kind, hail, to, rest);
    }
    auto wire = encodeComms(m);
    for (const auto& k : t_.connectedKeys()) t_.sendControl(k, wire);
    keep(m, wire);
  }

  void syncSession() {
    auto& ss = lobby_.session.seats;
    ss.resize(lobby_.seats.size());
    for (size_t i = 0; i < lobby_.seats.size(); ++i) {
      const auto& s = lobby_.seats[i];
      ss[i].name = s.kind == SeatKind::Open ? "open" : s.name;
      ss[i].key = s.kind == SeatKind::Human ? s.key : o_.key.publicKey;
      ss[i].ai = s.kind != SeatKind::Human;
      ss[i].botKind.clear();
    }
  }

  void showLobby() const {
    log("lobby: module " + lobby_.session.moduleId + " config hash " + lobby_.session.configHash().hex() +
        (lobby_.session.rated ? " rated" : " casual") + (lobby_.launched ? " (launched, config locked)" : ""));
    for (size_t i = 0; i < lobby_.seats.size(); ++i) log(seatLine(i, lobby_.seats[i]));
  }

  void broadcastLobby() {
    syncSession();
    for (const auto& s : lobby_.seats)
      if (s.kind == SeatKind::Human && s.key != o_.key.publicKey) send(s.key, lobby_);
    showLobby();
  }

  std::optional<size_t> seatOf(const PublicKey& k) const {
    for (size_t i = 0; i < lobby_.seats.size(); ++i)
      if (lobby_.seats[i].kind == SeatKind::Human && lobby_.seats[i].key == k) return i;
    return std::nullopt;
  }

  std::vector<size_t> humanSeats() const {
    std::vector<size_t> h;
    for (size_t i = 0; i < lobby_.seats.size(); ++i)
      if (lobby_.seats[i].kind == SeatKind::Human) h.push_back(i);
    return h;
  }

  // ---- host ----
  Result<void> hostLobby() {
    auto mod = findModule(o_.moduleId);
    if (!mod) return mod.error();
    auto cfg = (*mod)->parseConfig(o_.options);
    if (!cfg) return Err("config: ", cfg.message());
    lobby_.session.moduleId = (*mod)->id;
    lobby_.session.rulesVersion = (*mod)->rulesVersion;
    lobby_.session.config = std::move(*cfg);
    lobby_.session.rated = o_.rated;
    lobby_.seats.resize(o_.seats);
    lobby_.seats[0] = LobbySeat{SeatKind::Human, o_.name, o_.key.publicKey, true, "", myPort()};
    for (Seat a : o_.aiSeats)
      if (a > 0 && a < o_.seats) lobby_.seats[a] = LobbySeat{SeatKind::Ai, "AI " + std::to_string(a), o_.key.publicKey, true, "", 0};
    const unsigned want = o_.waitFor ? o_.waitFor : static_cast<unsigned>(o_.seats - o_.aiSeats.size());
    log("hosting on UDP port " + std::to_string(t_.port()) + " as " + o_.name + " [" + o_.key.publicKey.fingerprint() +
        "]; launching when " + std::to_string(want) + " players are in and ready");
    broadcastLobby();
    while (true) {
      if (timedOut()) return Err("lobby: timed out waiting for players; start again with a smaller --wait-for");
      pump(5);
      bool changed = false;
      while (auto c = pollCtl()) {
        auto m = decodeLobby(c->bytes);
        if (!m) {
          log("refused lobby message from " + c->from.fingerprint() + ": " + m.message());
          continue;
        }
        if (auto* j = std::get_if<JoinMsg>(&*m)) {
          auto seat = seatOf(c->from);
          if (!seat) {
            for (size_t i = 0; i < lobby_.seats.size() && !seat; ++i)
              if (lobby_.seats[i].kind == SeatKind::Open) seat = i;
            if (!seat) {
              send(c->from, RefuseMsg{"the table is full"});
              continue;
            }
          }
          auto addr = t_.remoteAddress(c->from);
          lobby_.seats[*seat] = LobbySeat{SeatKind::Human, j->name.empty() ? "player" : j->name, c->from, false,
                                          addr ? addr->host : "127.0.0.1", j->port};
          changed = true;
        } else if (auto* r = std::get_if<ReadyMsg>(&*m)) {
          if (auto seat = seatOf(c->from)) {
            lobby_.seats[*seat].ready = r->ready;
            changed = true;
          }
        }
      }
      for (size_t i = 1; i < lobby_.seats.size(); ++i)
        if (lobby_.seats[i].kind == SeatKind::Human && !t_.connected(lobby_.seats[i].key)) {
          log("lobby: " + lobby_.seats[i].name + " left");
          lobby_.seats[i] = LobbySeat{};
          changed = true;
        }
      if (changed) broadcastLobby();
      unsigned in = 0, ready = 0;
      for (const auto& s : lobby_.seats)
        if (s.kind == SeatKind::Human) {
          ++in;
          ready += s.ready ? 1 : 0;
        }
      if (in >= want && ready == in) break;
    }
    for (size_t i = 0; i < lobby_.seats.size(); ++i)
      if (lobby_.seats[i].kind == SeatKind::Open)
        lobby_.seats[i] = LobbySeat{SeatKind::Ai, "AI " + std::to_string(i), o_.key.publicKey, true, "", 0};
    lobby_.launched = true;
    log("launching: config locked");
    broadcastLobby();
    return hostSeed();
  }

  Result<void> hostSeed() {
    auto humans = humanSeats();
    std::map<size_t, Nonce> commits, reveals;
    myNonce_ = lockstep::randomBytes32();
    commits[0] = lockstep::commitNonce(myNonce_);
    reveals[0] = myNonce_;
    const uint64_t deadline = now() + 30000;
    uint64_t nextNudge = now() + 1000;
    bool commitsSent = false;
    while (reveals.size() < humans.size() || !commitsSent) {
      if (now() > deadline) return Err("seeding: not every player committed and revealed in 30 s; host again");
      pump(5);
      if (now() >= nextNudge) {
        // Lossy links: ask again whoever we still wait for (answers are idempotent).
        nextNudge = now() + 1000;
        for (auto s : humans) {
          if (s == 0) continue;
          if (!commitsSent && !commits.count(s)) send(lobby_.seats[s].key, lobby_);
          if (commitsSent && !reveals.count(s)) send(lobby_.seats[s].key, CommitsMsg{commits_});
        }
      }
      while (auto c = pollCtl()) {
        auto m = decodeLobby(c->bytes);
        auto seat = seatOf(c->from);
        if (!m || !seat) continue;
        if (auto* cm = std::get_if<CommitMsg>(&*m); cm && !commitsSent) commits.emplace(*seat, cm->commit);
        if (auto* rm = std::get_if<RevealMsg>(&*m); rm && commitsSent) reveals.emplace(*seat, rm->nonce);
      }
      if (!commitsSent && commits.size() == humans.size()) {
        for (auto s : humans) commits_.push_back(commits[s]);
        for (auto s : humans)
          if (s != 0) send(lobby_.seats[s].key, CommitsMsg{commits_});
        commitsSent = true;
      }
    }
    for (auto s : humans) nonces_.push_back(reveals[s]);
    for (auto s : humans)
      if (s != 0) send(lobby_.seats[s].key, RevealsMsg{nonces_});
    return finishSeed();
  }

  Result<void> finishSeed() {
    if (auto ok = lockstep::checkReveals(commits_, nonces_); !ok) return Err("seeding: ", ok.message());
    session_ = lobby_.session;
    session_.seed = lockstep::seedFromNonces(nonces_);
    seats_ = lobby_.seats;
    return Ok();
  }

  // ---- joiner ----
  Result<void> joinLobby() {
    if (auto c = t_.connect(*o_.join); !c) return c.error();
    log("joining " + o_.join->text() + " as " + o_.name + " [" + o_.key.publicKey.fingerprint() + "]");
    std::optional<PublicKey> hostKey;
    uint64_t nextRetry = 3000, nextSpectate = 0;
    // Seeding on lossy links: until the host's reveals arrive we repeat our last seeding message every
    // second (the host answers repeats idempotently, even after its game has started).
    enum class Seeding { None, Committed, Revealed } seeding = Seeding::None;
    uint64_t nextSeedAsk = 0, seedingSince = 0;
    bool seedWaitSaid = false;
    while (true) {
      if (timedOut()) return Err("join: no game started within the time limit; is the host running at ", o_.join->text(), "?");
      pump(5);
      if (!hostKey) {
        if (auto k = t_.keyAt(*o_.join); k && t_.connected(*k)) {
          hostKey = *k;
          if (o_.spectate) send(*hostKey, SpectateMsg{o_.name});
          else send(*hostKey, JoinMsg{o_.name, myPort()});
          nextSpectate = now() + 1000;
        } else if (now() > nextRetry) {
          // Lossy networks lose connects too: keep knocking until the time limit.
          nextRetry = now() + 3000;
          if (now() > 3000) log("join: no answer from " + o_.join->text() + " yet; retrying");
          (void)t_.connect(*o_.join);
        }
        continue;
      }
      if (!t_.connected(*hostKey)) {
        log("join: lost the connection to the host; reconnecting");
        hostKey.reset();
        continue;
      }
      if (seeding != Seeding::None && now() >= nextSeedAsk) {
        nextSeedAsk = now() + 1000;
        if (!seedWaitSaid && now() > seedingSince + 3000) {
          seedWaitSaid = true;
          log(std::string("seeding: no ") + (seeding == Seeding::Committed ? "commitments" : "reveals") +
              " from the host after 3 s; asking again every second");
        }
        if (seeding == Seeding::Committed) send(*hostKey, CommitMsg{myCommit_});
        else send(*hostKey, RevealMsg{myNonce_});
      }
      if (o_.spectate && now() >= nextSpectate) {  // asked again until the game runs
        nextSpectate = now() + 1000;
        send(*hostKey, SpectateMsg{o_.name});
      }
      while (auto c = pollCtl()) {
        if (c->from != *hostKey) continue;
        auto m = decodeLobby(c->bytes);
        if (!m) {
          log("refused lobby message: " + m.message());
          continue;
        }
        if (auto* l = std::get_if<LobbyMsg>(&*m)) {
          if (lobby_.launched) {  // the config is locked once launched; a repeat means our commitment was not heard
            if (l->launched && seatOf(o_.key.publicKey)) send(*hostKey, CommitMsg{myCommit_});
            continue;
          }
          lobby_ = *l;
          showLobby();
          auto me = seatOf(o_.key.publicKey);
          if (me && !lobby_.launched && !lobby_.seats[*me].ready) send(*hostKey, ReadyMsg{true});
          if (lobby_.launched) {
            if (!me) return Err("join: the game launched without a seat for us");
            myNonce_ = lockstep::randomBytes32();
            myCommit_ = lockstep::commitNonce(myNonce_);
            send(*hostKey, CommitMsg{myCommit_});
            seeding = Seeding::Committed;
            seedingSince = now();
            nextSeedAsk = now() + 1000;
          }
        } else if (auto* cm = std::get_if<CommitsMsg>(&*m)) {
          auto humans = humanSeats();
          auto me = seatOf(o_.key.publicKey);
          size_t idx = 0;
          while (idx < humans.size() && humans[idx] != me) ++idx;
          if (!me || cm->commits.size() != humans.size() || cm->commits[idx] != myCommit_)
            return Err("seeding: the host changed our commitment; refusing to play this table");
          commits_ = cm->commits;
          send(*hostKey, RevealMsg{myNonce_});
          if (seeding != Seeding::Revealed) {
            seeding = Seeding::Revealed;
            seedingSince = now();
            seedWaitSaid = false;
            nextSeedAsk = now() + 1000;
          }
        } else if (auto* rm = std::get_if<RevealsMsg>(&*m)) {
          nonces_ = rm->nonces;
          if (commits_.empty()) return Err("seeding: reveals before commitments");
          return finishSeed();
        } else if (auto* g = std::get_if<GameMsg>(&*m)) {
          session_ = g->session;
          seats_ = g->seats;
          if (seats_.size() != session_.seats.size()) return Err("rejoin: malformed game description");
          rejoin_ = true;
          lobby_.seats = seats_;
          if (!seatOf(o_.key.publicKey)) {
            spectator_ = true;
            log("the game is running and we have no seat in it: spectating (following live, sending no orders)");
          } else {
            log("rejoining a running game");
          }
          return Ok();
        } else if (auto* r = std::get_if<RefuseMsg>(&*m)) {
          return Err("join refused: ", r->why);
        }
      }
    }
  }

  // ---- game ----
  Result<NodeResult> play() {
    lobby_.seats = seats_;
    auto me = seatOf(o_.key.publicKey);
    if (!me && !spectator_) return Err("internal: no seat for us");
    const Seat mySeat = me ? static_cast<Seat>(*me) : static_cast<Seat>(seats_.size());
    mode_ = CommsMode::Active;
    const std::string joinHost = o_.join ? o_.join->host : "127.0.0.1";
    for (auto& s : seats_)
      if (s.kind == SeatKind::Human && s.host.empty()) s.host = joinHost;
    t_.setSelf(spectator_ ? static_cast<PeerId>(kGuestIdBase - 1) : mySeat);
    for (Seat s = 0; s < seats_.size(); ++s) {
      if (seats_[s].kind != SeatKind::Human || s == mySeat) continue;
      t_.assign(seats_[s].key, s);
      if (s > mySeat || rejoin_) t_.want(seats_[s].key, Address{seats_[s].host, seats_[s].port});
    }
    log("game " + session_.gameId().hex() + " starts: " + (spectator_ ? std::string("spectator") : "seat " + std::to_string(mySeat)) +
        (rejoin_ ? " (fetching snapshot)" : ""));
    std::unique_ptr<replay::SessionRecorder> recorder;
    struct ClearOnExit {
      replay::SessionRecorder*& p;
      ~ClearOnExit() { p = nullptr; }
    } clearRecorder{recorder_};  // destroyed before `recorder`: keep() never sees a dangling pointer
    // A rejoined peer (or a spectator) fast-forwards from a snapshot: its replay is backfilled from the
    // other peers' signed bundles and written when the game ends (replay::HistoryBackfill).
    std::unique_ptr<replay::HistoryBackfill> backfill;
    uint64_t nextBackfill = 0;
    size_t backfillRound = 0;
    if (rejoin_) pendingComms_.clear();  // lobby messages of an earlier run are not ours to replay
    if (!o_.replayPath.empty() && !rejoin_) {
      auto r = replay::SessionRecorder::create(o_.replayPath, session_);
      if (!r) return Err("replay: ", r.message());
      recorder = std::move(*r);
      recorder_ = recorder.get();
      for (auto& e : pendingComms_) {
        e.turn = 0;
        if (auto c = recorder_->recordComms(std::move(e)); !c) log("replay: comms not kept: " + c.message());
      }
      pendingComms_.clear();
    }
    lockstep::PeerOptions po;
    po.key = o_.key;
    po.resendMs = o_.resendMs;
    po.silenceMs = o_.silenceMs;
    po.cutOffGuard = true;  // every other seat silent at once: we are the one cut off (docs/net.md)
    po.thinkMs = o_.thinkMs;
    po.rejoin = rejoin_;
    if (!spectator_) {
      po.decide = o_.decide;
      po.turnClockMs = o_.turnClockMs;
      po.outOfTurnMs = o_.outOfTurnMs;
    }
    // A rejoined peer learns it is behind from member-signed bundles lockstep refuses as beyond its window
    // (Peer::aheadSeen); while catching up those refusals are expected, not worth a line each.
    uint64_t behindUntil = 0;
    po.log = [this](std::string_view l) {
      if (rejoin_ && l.find("beyond the window") != std::string_view::npos) return;
      log(std::string(l));
    };
    po.onHistory = [&backfill](const lockstep::Bundle& b) {
      if (backfill) backfill->offer(b);
    };
    po.history = [&backfill](uint32_t turn, Seat seat) -> std::optional<lockstep::Bundle> {
      return backfill ? backfill->find(turn, seat) : std::nullopt;
    };
    std::string recordError;
    po.onTurn = [&](const lockstep::TurnRecord& rec) {
      if (recorder && recordError.empty())
        if (auto r = recorder->record(rec); !r) recordError = r.message();
    };
    auto created = lockstep::Peer::create(session_, t_, po);
    if (!created) return created.error();
    std::unique_ptr<lockstep::Peer> peer = std::move(*created);
    lockstep::Peer* p = peer.get();
    uint64_t overAt = 0, haltedAt = 0, lastChange = now(), nextStatus = 0, nextCheckpoint = 0;
    nextCatchup = 0;
    bool ownSeat = true;
    uint32_t lastTurn = 0, shownTurn = UINT32_MAX;
    while (true) {
      const uint64_t n = now();
      if (n > o_.timeoutMs && !p->over()) return Err("game: not finished within ", o_.timeoutMs / 1000, " s (turn ", p->turn(), ")");
      if (o_.leave && o_.leave()) {
        t_.flush();
        if (recorder) (void)recorder->close();  // a shorter, still valid replay
        return Err("you left the table at turn ", p->turn(), "; the others play on with an officer in your seat");
      }
      pump(1);
      while (auto c = pollCtl()) {
        auto m = decodeLobby(c->bytes);
        if (m && o_.host && !rejoin_ && seatOf(c->from) &&
            (std::holds_alternative<CommitMsg>(*m) || std::holds_alternative<RevealMsg>(*m))) {
          // A joiner still seeding missed our last answer: the seed is fixed, so send it again.
          log("seeding: " + who(c->from) + " asks again after the start: re-sent the commitments and reveals");
          send(c->from, CommitsMsg{commits_});
          send(c->from, RevealsMsg{nonces_});
          continue;
        }
        if (!m || spectator_ || (!std::holds_alternative<JoinMsg>(*m) && !std::holds_alternative<SpectateMsg>(*m))) continue;
        GameMsg g{session_, seats_};
        g.seats[mySeat].host.clear();
        send(c->from, g);
        if (seatOf(c->from)) log("seat owner " + c->from.fingerprint() + " is back: sent the game description");
        else if (spectatorsSeen_.insert(c->from).second)
          log("spectator [" + c->from.fingerprint() + "] follows the game: sent the game description");
      }
      p->tick(n);
      if (!rejoin_ && p->aheadSeen() > 0 && p->turn() == 0 && p->seals().empty()) {
        // The table played on without us (our start was delayed past the tolerance and our seat was
        // substituted): start over as a restarted owner does - snapshot, follow, reclaim.
        log("the table started without us: rejoining from a snapshot (our replay is backfilled from the other peers)");
        rejoin_ = true;
        recorder_ = nullptr;
        recorder.reset();
        std::error_code ec;
        std::filesystem::remove(o_.replayPath, ec);
        po.rejoin = true;
        auto again = lockstep::Peer::create(session_, t_, po);
        if (!again) return again.error();
        peer = std::move(*again);
        p = peer.get();
        continue;
      }
      if (rejoin_ && p->aheadSeen() > p->turn() + po.window) behindUntil = n + 300;
      if (rejoin_ && !p->syncing() && n < behindUntil && n >= nextCatchup) catchUp(*p, n);
      if (rejoin_ && !o_.replayPath.empty() && !p->syncing() && !backfill && p->firstTurn() > 0) {
        backfill = std::make_unique<replay::HistoryBackfill>(session_, p->firstTurn());
        log("replay: fetching turns 0.." + std::to_string(p->firstTurn() - 1) + " from the other peers to write our replay");
      }
      if (backfill && !backfill->complete() && n >= behindUntil && n >= nextBackfill) {
        nextBackfill = n + 20;
        requestHistory(*backfill, backfillRound++);
      }
      // A kill -9 loses at most kCheckpointMs of play, not a whole 64-turn block (docs/replay-format.md).
      if (recorder && recordError.empty() && n >= nextCheckpoint) {
        nextCheckpoint = n + replay::kCheckpointMs;
        if (auto r = recorder->checkpoint(); !r) recordError = r.message();
      }
      curTurn_ = p->turn();
      if (o_.onApplied && p->turn() != shownTurn) {
        shownTurn = p->turn();
        o_.onApplied(p->engine(), mySeat);
      }
      if (p->turn() != lastTurn && !spectator_) {
        lastTurn = p->turn();
        const auto& ctl = p->engine().membership().seat(mySeat);
        const bool owned = ctl.controller == lockstep::Controller::Owner;
        if (owned != ownSeat) {
          ownSeat = owned;
          log(owned ? "seat " + std::to_string(mySeat) + " is ours again from turn " + std::to_string(ctl.since) + " (reclaimed)"
                    : "seat " + std::to_string(mySeat) + " is run by the AI steward");
        }
        lastChange = n;
      }
      if (n >= nextStatus) {
        nextStatus = n + 2000;
        std::string thinking;
        for (Seat s : p->deciding())
          if (s != mySeat) thinking += (thinking.empty() ? "" : ", ") + std::to_string(s) + " " + seats_[s].name;
        const bool meDeciding = o_.decide && !spectator_ && [&] {
          auto d = p->deciding();
          return std::find(d.begin(), d.end(), mySeat) != d.end();
        }();
        if (n - lastChange > 1000 && !p->over() && !thinking.empty()) {
          log("turn " + std::to_string(p->turn()) + ": seat " + thinking + " deciding (" + std::to_string((n - lastChange) / 1000) + " s)");
        } else if (n - lastChange > 1000 && !p->over() && !meDeciding) {
          const uint64_t waited = n - lastChange;
          log("turn " + std::to_string(p->turn()) + ": waiting " + std::to_string(waited / 1000) + " s; silent seats are substituted in " +
              std::to_string(waited < p->toleranceNow() ? (p->toleranceNow() - waited + 999) / 1000 : 0) + " s");
        } else if (!p->over() && !o_.decide) {
          log("turn " + std::to_string(p->turn()) + (p->syncing() ? " (syncing)" : ""));
        }
      }
      if (p->halted()) {
        if (!haltedAt) haltedAt = n;
        if (p->desync() || n > haltedAt + o_.silenceMs)
          return Err("desync: ", p->desync() ? p->desync()->summary() : std::string("halted without a report"));
      }
      if (p->turn() != lastTurn) {
        lastTurn = p->turn();
        lastChange = n;
      }
      if (p->over()) {
        if (!overAt) {
          overAt = n;
          mode_ = CommsMode::PostGame;
          log("game over at turn " + std::to_string(p->turn()) + ": " +
              (p->engine().game().outcome() ? p->engine().game().outcome()->summary : std::string("?")));
          if (rejoin_ && p->following())
            log("the game ended while we were away; writing our replay from the other peers' records");
        }
        p->holdFinished(backfill && !backfill->complete());
        // A backfilling peer stays until its history is complete, at most 10 s more; every finished peer keeps
        // serving while an owner still heard from has not finished or someone asks for records (lockstep::lingering).
        if (n > overAt + o_.lingerMs && (!backfill || backfill->complete() || n > overAt + o_.lingerMs + 10000) &&
            (!lockstep::lingering(*p, n, overAt, o_.lingerMs) || n > o_.timeoutMs))
          break;
      }
    }
    t_.flush();
    recorder_ = nullptr;
    if (recorder) {
      if (auto r = recorder->close(); !r && recordError.empty()) recordError = r.message();
    }
    if (!recordError.empty()) return Err("replay: ", recordError);
    if (rejoin_ && !o_.replayPath.empty()) {
      if (!backfill || !backfill->complete())
        return Err("replay: only ", backfill ? backfill->have() : 0, " of ", backfill ? backfill->need() : 0,
                   " bundles before our snapshot arrived; no replay written (the others' replays hold the game)");
      if (auto w = backfill->write(o_.replayPath, p->records(), {}, pendingComms_); !w) return Err("replay: ", w.message());
      log("replay: written with turns 0.." + std::to_string(p->firstTurn() - 1) + " backfilled from the other peers: " + o_.replayPath);
    }
    NodeResult res;
    res.seat = mySeat;
    res.rejoined = rejoin_;
    res.ownsSeat = !spectator_ && p->engine().membership().seat(mySeat).controller == lockstep::Controller::Owner;
    res.spectator = spectator_;
    res.commsAccepted = commsAccepted_;
    res.commsRefused = commsRefused_;
    res.comms = comms_;
    res.firstTurn = p->firstTurn();
    res.turns = static_cast<uint32_t>(p->seals().size());
    res.sealsDigest = lockstep::digestSeals(p->seals());
    if (!p->seals().empty()) res.finalSeal = p->seals().back();
    if (auto oc = p->engine().game().outcome()) res.outcome = oc->summary;
    res.transport = t_.stats();
    res.wireBytes = p->stats().bytesSent;
    res.elapsedMs = now();
    return res;
  }

  // Asks one live peer (rotating) for the next holes of the history before our snapshot.
  void requestHistory(const replay::HistoryBackfill& b, size_t round) {
    std::vector<Seat> live;
    for (Seat s = 0; s < seats_.size(); ++s)
      if (seats_[s].kind == SeatKind::Human && seats_[s].key != o_.key.publicKey && t_.connected(seats_[s].key)) live.push_back(s);
    if (live.empty()) return;
    const Seat to = live[round % live.size()];
    for (auto [turn, seat] : b.missing(64)) t_.send(to, lockstep::encodeWire(lockstep::BundleRequest{turn, seat}));
  }

  // Fast-forward: lockstep requests one missing turn per resend period, which a table playing at bot
  // speed outruns. While behind, ask one live peer (rotating) for every seat of the next window of turns.
  void catchUp(lockstep::Peer& p, uint64_t n) {
    nextCatchup = n + 10;
    std::vector<Seat> live;
    for (Seat s = 0; s < seats_.size(); ++s)
      if (seats_[s].kind == SeatKind::Human && seats_[s].key != o_.key.publicKey && t_.connected(seats_[s].key)) live.push_back(s);
    if (live.empty()) return;
    const Seat to = live[catchupRound_++ % live.size()];
    for (uint32_t t = p.turn(); t < p.turn() + 8; ++t)
      for (Seat s = 0; s < seats_.size(); ++s) t_.send(to, lockstep::encodeWire(lockstep::BundleRequest{t, s}));
  }

  uint64_t nextCatchup = 0;
  size_t catchupRound_ = 0;
  const NodeOptions& o_;
  EnetTransport& t_;
  uint64_t start_;
  LobbyMsg lobby_;
  Nonce myNonce_{}, myCommit_{};
  std::vector<Nonce> commits_, nonces_;
  SessionConfig session_;
  std::vector<LobbySeat> seats_;
  bool rejoin_ = false;
  bool spectator_ = false;
  std::set<PublicKey> spectatorsSeen_;
  // Comms and discovery.
  CommsMode mode_ = CommsMode::Lobby;
  CommsPolicy policy_{PublicKey{}};
  CommsOutbox outbox_;
  uint32_t curTurn_ = 0;
  replay::SessionRecorder* recorder_ = nullptr;  // the game's replay while it is open (comms go there)
  std::vector<replay::CommsEntry> pendingComms_;  // accepted before the replay exists (lobby)
  uint64_t commsAccepted_ = 0, commsRefused_ = 0;
  std::vector<CommsRecord> comms_;
  std::optional<LanAnnouncer> announcer_;
  uint64_t nextAnnounce_ = 0;
};

}  // namespace

Result<NodeResult> runNode(const NodeOptions& opt) {
  if (opt.host && (opt.seats < 1 || opt.seats > kMaxPlayers)) return Err("--seats must be 1..", kMaxPlayers);
  auto t = EnetTransport::create(opt.key, opt.bind);
  if (!t) return t.error();
  (*t)->onReject = [&](const std::string& l) {
    if (opt.log) opt.log(l);
  };
  Node node(opt, **t);
  return node.run();
}

}  // namespace concord::net
