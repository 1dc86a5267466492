// A table whose every key this process holds (bot recordings, the terminal table, tests): each seat's bundle
// is drafted on the ledger, signed with the key pair of the signer Membership expects, and applied.
#pragma once

#include <span>
#include <vector>

#include "core/det/result.h"
#include "lockstep/turn_ledger.h"

namespace concord::lockstep {

/// One turn of `orders` (one list per seat): signed and applied. Fails when `keys` lacks a needed signer.
Result<TurnRecord> applySignedLocally(TurnLedger& ledger, std::vector<std::vector<Order>> orders,
                                      std::span<const KeyPair> keys);

}  // namespace concord::lockstep
