// Where `concord join` and `concord bot` go: an invite code (issue 25) or ADDR[:PORT], read the same way by both.
#pragma once

#include <string>

#include "core/det/result.h"
#include "net/node.h"

namespace concord::cli {

/// An invite code: every IPv4 address dialled at once, the host's key and the table's secret checked (prints what it
/// dials). IPv6 addresses are listed but not dialled yet.
Result<void> joinByInvite(net::NodeOptions& o, const std::string& code);
/// An invite code or ADDR[:PORT] (default port 27960); the error says what was wrong with it.
Result<void> aimAtTable(net::NodeOptions& o, const std::string& text);

}  // namespace concord::cli
