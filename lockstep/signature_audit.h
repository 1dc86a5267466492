// Which arriving bundles a peer may accept on its link's authentication instead of checking their Ed25519
// signature, and which it must always check (issue 9 part 7; the argument is docs/lockstep.md "32 seats").
// A bundle sent straight by the peer holding its seat's key is known to come from that seat (the link is
// authenticated); its signature is still checked by two rotating auditors per turn, by everyone at each
// replay chain head, and by anyone who relays, proves or replays it.
#pragma once

#include <array>
#include <cstdint>

#include "core/game/types.h"
#include "lockstep/bundle.h"
#include "lockstep/session.h"
#include "lockstep/transport.h"

namespace concord::lockstep {

/// The two deterministic auditors of seat `seat`'s bundle for `turn` at a table of `seats` (2..32): other
/// seats, rotating every turn so each seat is audited by every other within seats - 1 turns; distinct when
/// seats >= 3 (at 2 seats both are the other seat).
std::array<Seat, 2> auditorsOf(uint32_t turn, Seat seat, Seat seats);

/// A turn whose bundles every peer checks in full: the last turn of each replay block of `blockTurns`, whose
/// signatures are the chain heads a replay file keeps (replay/writer.h), so every recorded head is valid.
bool isChainHeadTurn(uint32_t turn, uint32_t blockTurns);

/// Whether bundle `b`, which arrived from transport peer `sender`, may be accepted on the link's
/// authentication by a peer that holds seat key `selfKey`: the sender is the holder of seat b.seat's key (so
/// it is not a relay), we are not one of its auditors, and the turn is not a chain head.
bool mayVouch(const SessionConfig& session, PeerId sender, const PublicKey& selfKey, const Bundle& b,
              uint32_t blockTurns);

}  // namespace concord::lockstep
