// Lobby control messages (control plane of EnetTransport): join, lobby state, ready, the commit-reveal
// rounds that seed the game, and the game description a restarted peer receives. Strictly decoded.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/det/hash.h"
#include "core/det/result.h"
#include "lockstep/session.h"
#include "net/net_error.h"
#include "net/table_secret.h"

namespace concord::net {

using Nonce = std::array<uint8_t, 32>;

enum class SeatKind : uint8_t { Human = 0, Ai = 1, Open = 2 };

struct JoinMsg {
  std::string name;
  uint16_t port = 0;  // the port others reach us on when we know it (a proxy's in front of us); 0: where the host sees us
  bool officer = false;  // no person: the module's officer plays this peer's seat (`concord bot`, --officer)
  std::optional<TableSecret> secret{};  // from an invite code (issue 25); a table hosted with --internet demands it
};
struct LobbySeat {
  SeatKind kind = SeatKind::Open;
  std::string name;
  lockstep::PublicKey key;
  bool ready = false;
  std::string host;  // empty: the address the receiver reached the host on
  uint16_t port = 0;
  bool officer = false;  // a peer of its own whose seat an AI officer plays (listed as AI, signs as itself)
};
/// The lobby as the host sees it. `session` has no seed yet; once `launched`, the config is locked.
struct LobbyMsg {
  lockstep::SessionConfig session;
  std::vector<LobbySeat> seats;
  bool launched = false;
};
/// A joiner's ready mark, for the rules of one config hash (SessionConfig::configHash): a mark sent before the
/// joiner saw the host change the rules is for the old ones, and the host does not count it.
struct ReadyMsg {
  bool ready = true;
  det::Hash128 rules;
};
struct CommitMsg {
  Nonce commit{};
};
/// Every human seat's commitment, in seat order.
struct CommitsMsg {
  std::vector<Nonce> commits;
};
struct RevealMsg {
  Nonce nonce{};
};
struct RevealsMsg {
  std::vector<Nonce> nonces;
};
/// A running game, for a restarted seat owner (rejoin) or a late spectator.
struct GameMsg {
  lockstep::SessionConfig session;
  std::vector<LobbySeat> seats;
};
struct RefuseMsg {
  std::string why;
  RefuseReason reason = RefuseReason::Other;  // the joiner's client words it by this, not by `why`
};
/// A peer without a seat asks to follow the running game (answered with GameMsg once it runs).
struct SpectateMsg {
  std::string name;
  std::optional<TableSecret> secret{};  // as JoinMsg's
};

/// A seat owner leaves the running game by choice (a person's Leave, `q`): the others say it left, not that it fell
/// silent (issue 31). Like every control message it is authenticated by the link it arrives on (the sender's seat
/// key); a peer that crashes sends none and is reported silent. It changes nothing in the game: the seat is
/// substituted when the table's tolerance runs out, as for any absent owner, and its owner may still come back.
struct GoodbyeMsg {
  uint32_t turn = 0;  // the turn the sender was at when it left
};

using LobbyMessage = std::variant<JoinMsg, LobbyMsg, ReadyMsg, CommitMsg, CommitsMsg, RevealMsg, RevealsMsg, GameMsg, RefuseMsg,
                                  SpectateMsg, GoodbyeMsg>;

std::vector<uint8_t> encodeLobby(const LobbyMessage& m);
Result<LobbyMessage> decodeLobby(std::span<const uint8_t> bytes);

}  // namespace concord::net
