// The peer process behind net::runNode, shared by its parts (not for use outside net/node*.cpp):
// node.cpp (run, pump, seat lookups), node_host_lobby.cpp and node_join_lobby.cpp (lobby and
// commit-reveal seeding), node_comms.cpp (RULES IX messages and typed requests), node_announce.cpp
// (LAN announcements), node_game.cpp (the lockstep game loop), node_table_news.cpp (status, helm,
// addresses) and node_catch_up.cpp (a rejoiner's fast-forward and replay backfill).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lockstep/assistance.h"
#include "lockstep/linger.h"
#include "lockstep/peer.h"
#include "net/comms.h"
#include "net/lan.h"
#include "net/lobby_msg.h"
#include "net/node.h"
#include "net/steady_ms.h"
#include "replay/backfill.h"
#include "replay/session_recorder.h"

namespace concord::net {

/// The module's one-line description of a session's rules and their config hash (lobby log lines).
std::string rulesText(const lockstep::SessionConfig& s);

/// Everything the game loop keeps from one iteration to the next (node_game.cpp).
struct GameInProgress {
  Seat mySeat = 0;
  lockstep::PeerOptions peerOptions;
  std::unique_ptr<lockstep::Peer> peer;
  std::unique_ptr<replay::SessionRecorder> recorder;  // our replay, written as turns are applied (not when rejoined)
  std::string recordError;                            // the first failure to write it
  // A rejoined peer (or a spectator) fast-forwards from a snapshot: its replay is backfilled from the
  // other peers' signed bundles and written when the game ends (replay::HistoryBackfill).
  std::unique_ptr<replay::HistoryBackfill> backfill;
  uint64_t nextBackfillAskMs = 0;
  size_t backfillRound = 0;
  lockstep::BackfillWatch backfillWatch;  // after the game a rejoiner stays while its backfill still grows
  uint64_t nextCatchUpMs = 0;
  size_t catchUpRound = 0;
  uint64_t behindUntilMs = 0;  // a rejoiner saw bundles beyond its window: still catching up until then
  uint64_t overAtMs = 0, haltedAtMs = 0, lastTurnChangeMs = 0, nextStatusMs = 0, nextCheckpointMs = 0;
  uint64_t postGameMs = 0;     // the post-game chat we offer, decided when the game ends
  std::vector<bool> ownerRun;  // per seat: played by its owner (not an AI officer) at the last turn we saw
  uint32_t lastTurnSeen = 0;
  uint32_t lastTurnShown = UINT32_MAX;  // the turn opt.onApplied last saw
  TableStatus lastStatus;               // the last sent to opt.onStatus
  std::vector<Seat> left;               // seats whose owner said goodbye (GoodbyeMsg) and has not come back
  std::vector<lockstep::SeatAssistance> assistance;  // per seat, from the applied turns' signed marks (issue 11)
};

class Node {
 public:
  Node(const NodeOptions& o, EnetTransport& t);
  Result<NodeResult> run();
  /// The kind of the failure run() returned (net/net_error.h).
  NetErrorKind failureKind() const { return failKind_; }

 private:
  // node.cpp: time, logging, transport service, seats.
  // The node's clock (turn clock, tolerance, limits), in ms since start; faster under clockScale_.
  uint64_t now() const { return (steadyMs() - startMs_) * clockScale_; }
  void log(const std::string& s) const {
    if (opt_.log) opt_.log(s);
  }
  // A line for the person who asked (a refused request): logged as ever, and given to a front end.
  void notice(const std::string& s) const {
    log(s);
    if (opt_.onNotice) opt_.onNotice(s);
  }
  // `leave` (q, Ctrl-C at a terminal) counts in the lobby and seeding too: the host's lobby ignored it (issue 24).
  bool leftLobby() const { return (opt_.leaveLobby && opt_.leaveLobby()) || (opt_.leave && opt_.leave()); }
  /// A failure of `kind` (net/net_error.h): the message as Err builds it, the kind kept for failureKind().
  template <class... Parts>
  Error fail(NetErrorKind kind, Parts&&... parts) {
    failKind_ = kind;
    return Err(std::forward<Parts>(parts)...);
  }
  uint16_t advertisedPort() const { return opt_.advertisePort ? opt_.advertisePort : transport_.port(); }
  void send(const lockstep::PublicKey& to, const LobbyMessage& m) { transport_.sendControl(to, encodeLobby(m)); }
  /// Seeding messages (idempotent): reliably and once more unreliably, so a repeat never waits behind a reliable
  /// packet ENet is retransmitting with exponential backoff (in order, per channel): drill run 12 lost 30 s so.
  void sendEager(const lockstep::PublicKey& to, const LobbyMessage& m) {
    const auto bytes = encodeLobby(m);
    transport_.sendControl(to, bytes);
    transport_.sendControl(to, bytes, /*reliable=*/false);
  }
  bool timedOut() const { return opt_.timeoutMs && now() > opt_.timeoutMs; }
  void pump(uint32_t waitMs);
  std::optional<ControlMessage> pollNonComms();
  std::optional<size_t> seatOf(const lockstep::PublicKey& k) const;
  std::optional<size_t> seatByName(const std::string& nameOrFingerprint) const;
  std::vector<size_t> humanSeats() const;
  std::string who(const lockstep::PublicKey& k) const;

  // node_host_lobby.cpp / node_join_lobby.cpp: lobby and seeding.
  Result<void> hostLobby();
  Result<void> hostSeed();
  void decideHands();
  Error closeLobby();  // tells the seated joiners, then fails LeftByChoice
  Result<void> joinLobby();
  // node_invite.cpp (issue 25): the secret a table demands; the host among the addresses a joiner dials.
  bool refusedForSecret(const lockstep::PublicKey& from, const std::optional<TableSecret>& given);
  std::vector<Address> hostAddresses() const;
  std::optional<lockstep::PublicKey> findHost(std::vector<Address>& dialling, std::string& refusal);
  Result<void> finishSeed();
  void syncSession();
  void showLobby() const;
  void broadcastLobby();

  // node_comms.cpp.
  bool rated() const { return commsMode_ == CommsMode::Lobby ? lobby_.session.rated : session_.rated; }
  std::optional<lockstep::PublicKey> tableKey() const;
  void onComms(const ControlMessage& c);
  void recordAccepted(const CommsMsg& m, const std::vector<uint8_t>& wire);
  void handle(const TableRequest& r);
  void sendComms(CommsKind kind, uint16_t hail, uint8_t toSeat, const std::string& text);
  void ready(bool r);
  void launch();
  void kick(unsigned seat);
  void changeRules(const RulesRequest& r);
  void changeSeat(const SeatKindRequest& r);

  // node_announce.cpp.
  void openAnnouncer();
  void announce();

  // node_game.cpp / node_catch_up.cpp.
  Result<NodeResult> play();
  Result<void> startGame(GameInProgress& g);
  Result<void> createPeer(GameInProgress& g);
  void answerLateArrivals(GameInProgress& g);
  void noteGoodbye(GameInProgress& g, const lockstep::PublicKey& from, const GoodbyeMsg& bye);
  void sayGoodbye(const GameInProgress& g);  // before we leave by choice: the others say we left, not fell silent
  /// A seat owner came back (maybe at another port): the table's description we hand out says where it is now.
  void keepReturnAddress(size_t seat, const lockstep::PublicKey& key, uint16_t advertisedPort);
  Result<bool> restartAsRejoinerIfLeftBehind(GameInProgress& g);
  // node_table_news.cpp.
  void followSeatControl(GameInProgress& g, uint64_t nowMs);
  void showStatus(GameInProgress& g, uint64_t nowMs);
  SeatNames shownNames() const;             // the lobby's names, printable (a name is never a terminal escape)
  std::string seatCalled(Seat s) const;     // "seat 2 (alice)"
  std::string whoHasTheHelm(const GameInProgress& g) const;
  void showTableAddresses(const GameInProgress& g) const;
  Result<NodeResult> finishGame(GameInProgress& g);
  void noteAssistance(GameInProgress& g, const lockstep::TurnRecord& rec);  // warns of the advisor (TEI §4 E3)
  void catchUpAndBackfill(GameInProgress& g, uint64_t nowMs);
  void anchorBackfill(GameInProgress& g);  // the chain heads our live records continue from (HistoryBackfill::anchor)
  std::vector<Seat> liveOtherSeats() const;
  std::vector<std::string> otherPeerAddresses() const;
  Result<NodeResult> endByTimeLimit(GameInProgress& g);
  // node_links.cpp.
  void noteLinks();  // a line each time a seat's link changes kind (direct, punched, relayed) or goes
  void formLobbyMesh();
  void paceResends(GameInProgress& g, uint64_t nowMs);  // the resend period follows the slowest link's round trip
  std::string linkText(const lockstep::PublicKey& key) const;  // "punched, rtt 41 ms"
  std::string linkKindText(const LinkInfo& l) const;            // "relayed via seat 0"

  const NodeOptions& opt_;
  EnetTransport& transport_;
  uint64_t startMs_;
  uint64_t clockScale_ = 1;  // CONCORD_TEST_CLOCK_SCALE: tests play a long table in scaled time
  LobbyMsg lobby_;
  Nonce myNonce_{}, myCommit_{};
  std::vector<Nonce> commits_, nonces_;
  lockstep::SessionConfig session_;
  std::vector<LobbySeat> seats_;
  std::vector<std::string> aiKinds_;  // host: the officer kind of each AI seat (NodeOptions::seatOfficers)
  det::Hash128 readyFor_;             // joiner: the config hash of the rules we last marked ready for
  bool launchNow_ = false;            // host: a LaunchRequest asked to start with the players in and ready
  bool rejoin_ = false;
  bool spectator_ = false;
  bool charterSaid_ = false;  // a joiner told its person the table's crew charter once
  std::optional<Address> hostAt_;  // joiner: the address its host answered at (one of an invite code's, or `join`)
  std::set<lockstep::PublicKey> spectatorsSeen_;
  // Comms.
  CommsMode commsMode_ = CommsMode::Lobby;
  CommsPolicy policy_{lockstep::PublicKey{}};
  CommsOutbox outbox_;
  uint32_t currentTurn_ = 0;
  GameInProgress* game_ = nullptr;                      // while play() runs (comms go to its replay)
  std::vector<replay::CommsEntry> commsBeforeReplay_;   // accepted before the replay exists (lobby)
  uint64_t commsAccepted_ = 0, commsRefused_ = 0;
  std::vector<CommsRecord> comms_;
  // LAN discovery.
  std::optional<LanAnnouncer> announcer_;
  uint64_t nextAnnounceMs_ = 0;
  std::vector<lockstep::PublicKey> kicked_;  // keys the host removed from its lobby: refused if they knock again
  NetErrorKind failKind_ = NetErrorKind::Other;
  std::map<lockstep::PublicKey, std::string> linksShown_;  // per peer: how it was reached, as last said
  uint64_t nextLinkNoteMs_ = 0;
  std::vector<SeatLink> linksSent_;  // as onLinks last heard them
  uint64_t nextPaceMs_ = 0;
  std::map<lockstep::PublicKey, std::string> lobbyWants_;  // the address each seated person was last dialled at
};

}  // namespace concord::net
