// The game loop of a peer: connect to the other seats, open the replay, then tick the lockstep Peer
// until the game is over (and a little longer, so late peers can still fetch from us), answering late
// seeding repeats and rejoiners, following who controls our seat, and showing the turn's status.
#include <algorithm>
#include <filesystem>

#include "lockstep/assistance.h"
#include "lockstep/linger.h"
#include "lockstep/selfplay.h"
#include "lockstep/session_result.h"
#include "net/node_internal.h"

namespace concord::net {

Result<NodeResult> Node::play() {
  GameInProgress g;
  game_ = &g;
  struct ForgetGameOnExit {
    GameInProgress*& game;
    ~ForgetGameOnExit() { game = nullptr; }
  } forget{game_};  // comms arriving later never see the finished game's replay
  if (auto s = startGame(g); !s) return s.error();
  if (auto p = createPeer(g); !p) return p.error();
  log("game " + session_.gameId().hex() + " starts: " + (spectator_ ? std::string("spectator") : "seat " + std::to_string(g.mySeat) + " is yours (" + opt_.name + ")") +
      (rejoin_ ? " (fetching snapshot)" : "; " + whoHasTheHelm(g)));
  showTableAddresses(g);
  if (opt_.onGameStart) opt_.onGameStart(session_.gameId(), otherPeerAddresses());
  g.lastTurnChangeMs = now();
  while (true) {
    const uint64_t nowMs = now();
    lockstep::Peer& peer = *g.peer;
    if (timedOut() && !peer.over()) return endByTimeLimit(g);  // a game already over is never failed by it
    if (opt_.leave && opt_.leave() && peer.over()) break;  // after the game: the post-game chat is over
    if (opt_.leave && opt_.leave()) {
      sayGoodbye(g);
      if (g.recorder) (void)g.recorder->close();  // a shorter, still valid replay
      return fail(NetErrorKind::LeftByChoice, "you left the table at turn ", peer.turn(), "; the others play on with an officer in your seat");
    }
    pump(1);
    answerLateArrivals(g);
    paceResends(g, nowMs);
    peer.tick(nowMs);
    auto restarted = restartAsRejoinerIfLeftBehind(g);
    if (!restarted) return restarted.error();
    if (*restarted) continue;
    catchUpAndBackfill(g, nowMs);
    // A kill -9 loses at most kCheckpointMs of play, not a whole 64-turn block (docs/replay-format.md).
    // The block a checkpoint ends has its last turn's signatures as chain heads: with vouched links, only once checked.
    if (g.recorder && g.recordError.empty() && nowMs >= g.nextCheckpointMs) {
      g.nextCheckpointMs = nowMs + replay::kCheckpointMs;
      if (peer.latestProven())
        if (auto r = g.recorder->checkpoint(); !r) g.recordError = r.message();
    }
    currentTurn_ = peer.turn();
    if (opt_.onApplied && peer.turn() != g.lastTurnShown) {
      g.lastTurnShown = peer.turn();
      opt_.onApplied(peer.engine(), g.mySeat);
    }
    followSeatControl(g, nowMs);
    showStatus(g, nowMs);
    if (peer.halted()) {
      if (!g.haltedAtMs) g.haltedAtMs = nowMs;
      if (peer.desync() || nowMs > g.haltedAtMs + opt_.silenceMs)
        return fail(NetErrorKind::Desync, "desync: ", peer.desync() ? peer.desync()->summary() : std::string("halted without a report"));
    }
    if (peer.turn() != g.lastTurnSeen) {
      g.lastTurnSeen = peer.turn();
      g.lastTurnChangeMs = nowMs;
    }
    if (peer.over()) {
      if (!g.overAtMs) {
        g.overAtMs = nowMs;
        commsMode_ = CommsMode::PostGame;
        const auto result = peer.engine().game().outcomeNamed(shownNames());  // the lobby's names (issue 10)
        log("game over at turn " + std::to_string(peer.turn()) + ": " + (result ? result->summary : std::string("?")));
        if (rejoin_ && peer.following()) log("the game ended while we were away; writing our replay from the other peers' records");
        // Post-game chat is for a person who can still type; a peer whose input is closed leaves as a bot does.
        g.postGameMs = (opt_.inputOpen && !opt_.inputOpen()) ? 0 : opt_.postGameMs;
        if (g.postGameMs)
          log("the table stays open " + std::to_string(g.postGameMs / 1000) + " s for post-game chat (/say gg); q leaves now");
      }
      // A backfilling peer stays until its history is complete, or 10 s without a new slot (a fixed 10 s after the
      // end cut off a 7,000-bundle backfill half way in the drill); every finished peer keeps serving while an owner
      // still heard from has not finished or someone asks for records (lockstep::lingering).
      const bool historyDone = !g.backfill || g.backfill->complete();
      if (g.backfill) g.backfillWatch.see(g.backfill->have(), nowMs);
      peer.holdFinished(!historyDone);
      const uint64_t stay = std::max(opt_.lingerMs, g.postGameMs);
      const bool backfillStalled = g.backfillWatch.stalled(nowMs, g.overAtMs + stay);
      if (nowMs > g.overAtMs + stay && (historyDone || backfillStalled) &&
          (!lockstep::lingering(peer, nowMs, g.overAtMs, opt_.lingerMs) || timedOut()))
        break;
    }
  }
  return finishGame(g);
}

// Our seat, the connections to the other seats' owners, and our replay (not when rejoining: that one is
// backfilled at the end).
Result<void> Node::startGame(GameInProgress& g) {
  lobby_.seats = seats_;
  auto me = seatOf(opt_.key.publicKey);
  if (!me && !spectator_) return Err("internal: no seat for us");
  g.mySeat = me ? static_cast<Seat>(*me) : static_cast<Seat>(seats_.size());
  commsMode_ = CommsMode::Active;
  // The seat with no address is our host: reached where it answered us (one of an invite code's addresses; a router
  // may map the port it listens on to another outside one, issue 25).
  const std::string joinHost = hostAt_ ? hostAt_->host : "127.0.0.1";
  for (auto& s : seats_)
    if (s.kind == SeatKind::Human && s.host.empty()) {
      s.host = joinHost;
      if (hostAt_) s.port = hostAt_->port;
    }
  transport_.setSelf(spectator_ ? static_cast<PeerId>(kGuestIdBase - 1) : g.mySeat);
  for (Seat s = 0; s < seats_.size(); ++s) {
    if (seats_[s].kind != SeatKind::Human || s == g.mySeat) continue;
    transport_.assign(seats_[s].key, s);
    // Every seat owner wants every other: the lower key dials first (as in the lobby, node_links.cpp), the other too once
    // that has not reached it (a hole punch), and a relay carries what neither reaches (issue 25). A rejoiner dials at
    // once; a spectator dials only when rejoining.
    if (spectator_ && !rejoin_) continue;
    transport_.want(seats_[s].key, Address{seats_[s].host, seats_[s].port}, opt_.key.publicKey < seats_[s].key || rejoin_);
  }
  if (rejoin_) commsBeforeReplay_.clear();  // lobby messages of an earlier run are not ours to replay
  if (!opt_.replayPath.empty() && !rejoin_) {
    auto r = replay::SessionRecorder::create(opt_.replayPath, session_);
    if (!r) return Err("replay: ", r.message());
    g.recorder = std::move(*r);
    for (auto& e : commsBeforeReplay_) {
      e.turn = 0;
      if (auto c = g.recorder->recordComms(std::move(e)); !c) log("replay: comms not kept: " + c.message());
    }
    commsBeforeReplay_.clear();
  }
  lockstep::PeerOptions& po = g.peerOptions;
  po.key = opt_.key;
  po.resendMs = opt_.resendMs;
  po.silenceMs = opt_.silenceMs;
  po.cutOffGuard = true;  // every other seat silent at once: we are the one cut off (docs/net.md)
  po.thinkMs = opt_.thinkMs;
  po.rejoin = rejoin_;
  // Bundles sent straight by their seat's key holder are accepted on the SecureChannel's authentication; two
  // rotating auditors, chain-head turns, the final turn, relays and snapshots still check signatures
  // (EnetTransport ids are seats only for assigned keys; docs/lockstep.md "32 seats").
  po.vouchLinks = true;
  if (!spectator_) {
    po.decide = opt_.decide;
    po.turnClockMs = opt_.turnClockMs;
    po.outOfTurnMs = opt_.outOfTurnMs;
  }
  // A rejoined peer learns it is behind from member-signed bundles lockstep refuses as beyond its window
  // (Peer::aheadSeen); while catching up those refusals are expected, not worth a line each.
  po.log = [this](std::string_view l) {
    if (rejoin_ && l.find("beyond the window") != std::string_view::npos) return;
    log(std::string(l));
  };
  po.onHistory = [&g](const lockstep::Bundle& b) {
    if (g.backfill) g.backfill->offer(b);
  };
  po.history = [&g](uint32_t turn, Seat seat) -> std::optional<lockstep::Bundle> {
    return g.backfill ? g.backfill->find(turn, seat) : std::nullopt;
  };
  po.onTurn = [this, &g](const lockstep::TurnRecord& rec) {
    if (g.backfill && !g.backfill->anchored()) anchorBackfill(g);
    if (g.recorder && g.recordError.empty())
      if (auto r = g.recorder->record(rec); !r) g.recordError = r.message();
    noteAssistance(g, rec);
  };
  return Ok();
}

Result<void> Node::createPeer(GameInProgress& g) {
  auto created = lockstep::Peer::create(session_, transport_, g.peerOptions);
  if (!created) return created.error();
  g.peer = std::move(*created);
  return Ok();
}

// Control messages after the start: a joiner still seeding, a seat owner coming back, a spectator.
void Node::answerLateArrivals(GameInProgress& g) {
  while (auto c = pollNonComms()) {
    auto m = decodeLobby(c->bytes);
    if (m && std::holds_alternative<GoodbyeMsg>(*m)) {
      noteGoodbye(g, c->from, std::get<GoodbyeMsg>(*m));
      continue;
    }
    if (m && opt_.host && !rejoin_ && seatOf(c->from) &&
        (std::holds_alternative<CommitMsg>(*m) || std::holds_alternative<RevealMsg>(*m))) {
      // A joiner still seeding missed our last answer: the seed is fixed, so send it again.
      log("seeding: " + who(c->from) + " asks again after the start: re-sent the commitments and reveals");
      sendEager(c->from, CommitsMsg{commits_});
      sendEager(c->from, RevealsMsg{nonces_});
      continue;
    }
    if (!m || spectator_ || (!std::holds_alternative<JoinMsg>(*m) && !std::holds_alternative<SpectateMsg>(*m))) continue;
    const auto owner = seatOf(c->from);
    const auto* join = std::get_if<JoinMsg>(&*m);
    if (refusedForSecret(c->from, join ? join->secret : std::get<SpectateMsg>(*m).secret)) continue;
    if (owner && join) keepReturnAddress(*owner, c->from, join->port);
    GameMsg desc{session_, seats_};
    desc.seats[g.mySeat].host.clear();
    send(c->from, desc);
    if (owner) log("seat owner " + c->from.fingerprint() + " is back at " + seats_[*owner].host + ":" + std::to_string(seats_[*owner].port) +
                   ": sent the game description");
    else if (spectatorsSeen_.insert(c->from).second)
      log("spectator [" + c->from.fingerprint() + "] follows the game: sent the game description");
  }
}

// The table played on without us (our start was delayed past the tolerance and our seat was
// substituted), or we lost an owner-vs-substitute race (Peer::lostRace: we applied our own bundle for a turn
// the table gave to a substitute): start over as a restarted owner does - snapshot, follow, reclaim. True: restarted.
Result<bool> Node::restartAsRejoinerIfLeftBehind(GameInProgress& g) {
  const lockstep::Peer& peer = *g.peer;
  if (spectator_) return false;
  if (auto lost = peer.lostRace()) {
    log("we applied another bundle set than the table at turn " + std::to_string(*lost) +
        " (a race lost while cut off): rejoining from a snapshot (our replay is backfilled from the other peers)");
  } else {
    if (rejoin_ || peer.aheadSeen() == 0 || peer.turn() != 0 || !peer.seals().empty()) return false;
    log("the table started without us: rejoining from a snapshot (our replay is backfilled from the other peers)");
  }
  rejoin_ = true;
  g.recorder.reset();
  g.backfill.reset();
  std::error_code ec;
  if (!opt_.replayPath.empty()) std::filesystem::remove(opt_.replayPath, ec);
  g.peerOptions.rejoin = true;
  if (auto p = createPeer(g); !p) return p.error();
  return true;
}

// The other seats' owners as `concord join` reaches them (each answers a returning owner: answerLateArrivals).
std::vector<std::string> Node::otherPeerAddresses() const {
  std::vector<std::string> out;
  for (Seat s = 0; s < seats_.size(); ++s)
    if (seats_[s].kind == SeatKind::Human && seats_[s].key != opt_.key.publicKey && seats_[s].port != 0)
      out.push_back(seats_[s].host + ":" + std::to_string(seats_[s].port));
  return out;
}

// The wall-clock limit someone asked for (--timeout) ends our part, not the game: the replay so far is
// closed (valid, verifiable), the table plays on with an officer in our seat, and we say how to take it back.
Result<NodeResult> Node::endByTimeLimit(GameInProgress& g) {
  transport_.flush();
  std::string saved;
  if (g.recorder && g.recorder->close()) saved = "; the replay so far is saved in " + opt_.replayPath;
  g.recorder.reset();
  std::string back;
  for (const auto& a : otherPeerAddresses()) back += "\n  " + opt_.comeBackCommand + " " + a;
  return fail(NetErrorKind::TimedOut, "the time limit (--timeout ", opt_.timeoutMs / 1000, " s) ended our part of the game at turn ", g.peer->turn(), saved,
             back.empty() ? std::string("") : "; the table plays on with an officer in our seat: take it back with any of" + back);
}

// Closes (or, for a rejoiner, backfills and writes) the replay and reports the game.
Result<NodeResult> Node::finishGame(GameInProgress& g) {
  transport_.flush();
  const lockstep::Peer& peer = *g.peer;
  if (g.recorder) {
    if (auto r = g.recorder->close(); !r && g.recordError.empty()) g.recordError = r.message();
    g.recorder.reset();
  }
  if (!g.recordError.empty()) return Err("replay: ", g.recordError);
  if (rejoin_ && !opt_.replayPath.empty()) {
    if (!g.backfill || !g.backfill->complete())
      return Err("replay: only ", g.backfill ? g.backfill->have() : 0, " of ", g.backfill ? g.backfill->need() : 0,
                 " bundles before our snapshot arrived; no replay written (the others' replays hold the game)");
    if (auto w = g.backfill->write(opt_.replayPath, peer.records(), {}, commsBeforeReplay_); !w) return Err("replay: ", w.message());
    log("replay: written with turns 0.." + std::to_string(peer.firstTurn() - 1) + " backfilled from the other peers: " + opt_.replayPath);
  }
  NodeResult res;
  res.seat = g.mySeat;
  res.rejoined = rejoin_;
  res.ownsSeat = !spectator_ && peer.engine().membership().seat(g.mySeat).controller == lockstep::Controller::Owner;
  res.spectator = spectator_;
  res.commsAccepted = commsAccepted_;
  res.commsRefused = commsRefused_;
  res.comms = comms_;
  res.assistance = g.assistance;
  for (const auto& si : session_.seats) res.seatNames.push_back(si.name);
  res.firstTurn = peer.firstTurn();
  res.turns = static_cast<uint32_t>(peer.seals().size());
  res.sealsDigest = lockstep::digestSeals(peer.seals());
  if (!peer.seals().empty()) res.finalSeal = peer.seals().back();
  if (auto oc = lockstep::sessionOutcome(peer.engine())) res.outcome = oc->summary;
  res.transport = transport_.stats();
  res.wireBytes = peer.stats().bytesSent;
  res.vouched = peer.stats().vouched;
  res.elapsedMs = now();
  return res;
}

}  // namespace concord::net

namespace concord::net {

// RULES §VIII / TEI §4 E3: online, one assisted captain leaves the whole sector unrated. The advisor mark travels
// signed in the captain's bundle of the turn it was engaged, so every peer warns its table as that turn applies.
void Node::noteAssistance(GameInProgress& g, const lockstep::TurnRecord& rec) {
  const size_t seats = session_.seats.size();
  if (g.assistance.size() != seats) g.assistance.resize(seats);
  std::vector<std::vector<Order>> orders(seats);
  for (const auto& b : rec.bundles)
    if (b.seat < seats) orders[b.seat] = b.orders;
  std::vector<bool> before(seats);
  for (size_t s = 0; s < seats; ++s) before[s] = g.assistance[s].advisor;
  lockstep::tallyAssistance(rec.turn, orders, g.assistance);
  for (size_t s = 0; s < seats; ++s)
    if (g.assistance[s].advisor && !before[s])
      log("! the captain at seat " + std::to_string(s) + " (" + session_.seats[s].name +
          ") consulted the tactical advisor at turn " + std::to_string(rec.turn) +
          ": this game is ASSISTED and the whole sector is not TEI-rated (TEI §4 E3, RULES §VIII)");
}

}  // namespace concord::net
