#include "lockstep/signature_audit.h"

namespace concord::lockstep {

std::array<Seat, 2> auditorsOf(uint32_t turn, Seat seat, Seat seats) {
  if (seats < 2) return {seat, seat};
  const uint32_t others = seats - 1u;
  const uint32_t a = 1u + turn % others;
  const uint32_t b = 1u + (turn + others / 2u) % others;
  return {static_cast<Seat>((seat + a) % seats), static_cast<Seat>((seat + b) % seats)};
}

bool isChainHeadTurn(uint32_t turn, uint32_t blockTurns) { return blockTurns == 0 || (turn + 1u) % blockTurns == 0; }

bool mayVouch(const SessionConfig& session, PeerId sender, const PublicKey& selfKey, const Bundle& b,
              uint32_t blockTurns) {
  const auto& seats = session.seats;
  if (b.seat >= seats.size() || sender >= seats.size()) return false;
  if (!(seats[sender].key == seats[b.seat].key)) return false;  // a relay: only a signature proves the author
  if (isChainHeadTurn(b.turn, blockTurns)) return false;
  for (Seat a : auditorsOf(b.turn, b.seat, static_cast<Seat>(seats.size())))
    if (seats[a].key == selfKey) return false;  // we audit this one
  return true;
}

}  // namespace concord::lockstep
