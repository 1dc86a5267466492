// A Concord peer process: lobby (host or joiner), commit-reveal seeding, then the lockstep game over
// EnetTransport, a replay written as it goes. `concord host|join|bot` are thin wrappers around runNode.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "core/game/registry.h"
#include "lockstep/assistance.h"
#include "lockstep/crypto.h"
#include "lockstep/turn_engine.h"
#include "net/comms.h"
#include "net/enet_transport.h"
#include "net/invite_code.h"
#include "net/lan.h"
#include "net/lobby_msg.h"
#include "net/net_error.h"
#include "net/table_request.h"

namespace concord::net {

/// Most seats a networked table may have: every seat the pipeline allows (issue 9 part 7: 32 peers on one machine).
inline constexpr Seat kMaxPlayers = kMaxSeats;

/// One accepted comms message (ours or another captain's), as kept beside the replay.
struct CommsRecord {
  uint32_t turn = 0;          // the turn being played when it was accepted (0 in the lobby)
  CommsMode mode = CommsMode::Lobby;
  std::string fromName;
  CommsMsg msg;
  std::vector<uint8_t> wire;  // encodeComms(msg): signed, verifiable later with decodeComms + verifyComms
};

/// Where the table stands, for a status line (NodeOptions::onStatus): sent when it changes, and each
/// second while someone is waited for.
struct TableStatus {
  uint32_t turn = 0;
  std::vector<Seat> deciding;     // other seats whose person is choosing (they are not silent)
  bool weDecide = false;          // our seat's person is awaited
  uint64_t waitedMs = 0;          // since the last turn was applied
  uint64_t substituteInMs = 0;    // when silent seats are substituted (0: due now, or nobody silent)
  bool syncing = false;           // fast-forwarding from a snapshot
  bool over = false;
  std::vector<std::string> seatNames;  // as the lobby named the seats
  std::vector<Seat> left;              // seats whose owner left by choice (GoodbyeMsg), not back since
};

/// How this peer reaches one other seated person (issue 25; NodeOptions::onLinks).
struct SeatLink {
  Seat seat = 0;
  std::optional<LinkInfo> link;  // nullopt: not linked (not yet, or lost)
  std::optional<Seat> viaSeat;   // a relayed link's relay, when it holds a seat here
  friend bool operator==(const SeatLink&, const SeatLink&) = default;
};

struct NodeOptions {
  std::string name = "player";
  bool officerPlays = false;  // no person at this peer: its module's officer plays our seat (listed as AI)
  lockstep::KeyPair key;
  Address bind{"0.0.0.0", 0};
  uint16_t advertisePort = 0;  // the port others should reach us on (a chaos proxy in front); 0 = ours
  bool portMapped = false;     // our router forwards our port (`host --internet`): anyone reaches us, links are direct
  // Host only.
  bool host = false;
  std::string moduleId = "shed";
  ConfigOptions options;
  Seat seats = 4;
  std::vector<Seat> aiSeats;   // seats the host fills with AI officers from the start
  bool rated = false;
  /// Issue 26: "auto" hides the hands when two or more people sit at the table (the module permitting), "open"
  /// never, "hidden" whenever the module can (tests).
  std::string hands = "auto";
  unsigned waitFor = 0;        // launch once this many players (host included) are in and ready; 0 = all seats
  // Joiner only.
  std::optional<Address> join;
  // Invite codes (issue 25). A joiner by code dials every address of `joinAny` at once; the host is the first link whose
  // key matches `hostFingerprint` (a link that proves another key is hung up on). `secret` goes in its Join/Spectate.
  std::vector<Address> joinAny;
  std::optional<HostFingerprint> hostFingerprint;
  std::optional<TableSecret> secret;
  // A table hosted with --internet (or its host back at it after a crash): a Join or Spectate from a key that holds
  // no seat here is refused unless it carries this secret (net_error.h kBadSecretWhy). Unset: nobody is asked.
  std::optional<TableSecret> demandSecret;
  // Crew charter (TEI §3.4; issue 11 point 4). Host: the table plays under it (its fleet size and frozen
  // settings, members only, in the signed session). Joiner: the table must play under exactly this one.
  lockstep::Charter charter;
  // Game.
  uint64_t resendMs = 100;
  uint64_t silenceMs = 5000;    // substitution tolerance (shown as a countdown)
  uint64_t thinkMs = 0;         // bots answer no sooner than this after their turn starts
  uint64_t lingerMs = 3000;     // keep serving peers this long after the game ends
  uint64_t postGameMs = 0;      // a person's post-game chat: stay this long after the end, or until leave()
  std::function<bool()> inputOpen;  // false once nobody can type here (stdin closed): no post-game chat then
  uint64_t timeoutMs = 0;       // a wall-clock limit on lobby + game; 0: none, only the game ends a game (issue 10)
  uint64_t giveUpMs = 20000;    // a joiner whose host never answers gives up after this long
  std::string replayPath;       // empty: no replay
  std::string comeBackCommand = "concord join";  // what takes our seat back, shown with a peer's ADDR:PORT
  std::function<void(const std::string&)> log;
  // Comms (RULES IX).
  std::function<std::optional<TableRequest>()> requests;  // polled while the node runs (comms asked by a person)
  bool senderChecks = true;   // false: send without our own checks (tests prove receivers refuse)
  std::function<void(const CommsRecord&)> onComms;    // every accepted message (replay seam)
  // LAN discovery (host): announce to discoveryAddr:discoveryPort once a second. Empty address:
  // 255.255.255.255, or 127.0.0.1 when bound to loopback; "off": no announcements.
  std::string discoveryAddr;
  uint16_t discoveryPort = kDiscoveryPort;
  // Spectator: follow a running game without a seat (never sends bundles).
  bool spectate = false;
  // A person plays our seat (lockstep::PeerOptions::decide); empty: the module's officer plays it.
  std::function<std::optional<std::vector<Order>>(const lockstep::TurnEngine&, Seat, uint64_t clockLeftMs)> decide;
  uint64_t turnClockMs = 0;                                       // a person's time per turn (0: no limit)
  uint64_t outOfTurnMs = 0;                                       // time to act out of turn (Warp: catch)
  std::function<void(const lockstep::TurnEngine&, Seat)> onApplied;  // after each applied turn (redraw)
  // The game runs (from the start, or rejoined): its id and the other seated peers' ADDR:PORT, the way back to it.
  std::function<void(const det::Hash128& gameId, const std::vector<std::string>& peers)> onGameStart;
  std::function<bool()> leave;                                    // true: leave the table now (lobby, seeding or game)
  std::function<void(const TableStatus&)> onStatus;  // set: status goes here instead of a log line every 2 s
  // A front end other than the terminal (the Qt client, ui/lobby/net_session.h). Every callback runs on the
  // thread that called runNode; a client posts what it needs to its own thread. Unset: the terminal's behaviour.
  std::function<void(const LobbyMsg&)> onLobby;       // the lobby each time it changes (host: broadcast; joiner: received)
  std::function<bool()> leaveLobby;                   // polled every few ms in the lobby and seeding: true cancels
  std::function<void(const std::string&)> onNotice;   // a request refused or answered (comms not sent: rate limit ...)
  std::function<void(const std::vector<SeatLink>&)> onLinks;  // every seated person's link, each time one changes (2/s at most)
  bool autoReady = true;                              // joiner: ready once seated (false: a ReadyRequest marks it)
  bool manualLaunch = false;                          // host: launch only on a LaunchRequest (waitFor is ignored)
  std::vector<std::string> seatOfficers;              // host: officer kind of AI seat i ("" or missing: module default)
  std::string openSeatOfficer;                        // host: officer kind for open seats filled at launch ("": default)
};

struct NodeResult {
  uint32_t turns = 0;
  uint32_t firstTurn = 0;
  Seat seat = 0;
  bool rejoined = false;
  bool ownsSeat = false;     // our seat was owner-run at the end (a rejoined peer reclaimed it)
  det::Hash128 sealsDigest;  // XXH3-128 over the Seals from firstTurn
  det::Hash128 finalSeal;
  std::string outcome;
  TransportStats transport;
  uint64_t wireBytes = 0;    // lockstep bytes this peer sent
  uint64_t vouched = 0;      // bundles accepted on their link's authentication (lockstep::PeerStats::vouched)
  uint64_t elapsedMs = 0;
  bool spectator = false;
  uint64_t commsAccepted = 0, commsRefused = 0;
  std::vector<CommsRecord> comms;  // every accepted message, in order (bounded)
  std::vector<lockstep::SeatAssistance> assistance;  // per seat, from the signed marks of the turns we applied
  std::vector<std::string> seatNames;                // as the session names them
};

/// Runs a peer to the end. `failure` (optional) receives the failure's kind (net/net_error.h) when it fails,
/// for a client that words it; the message is the same either way.
Result<NodeResult> runNode(const NodeOptions& opt, NetErrorKind* failure = nullptr);

}  // namespace concord::net
