// The one status line of a person's networked table (issue 10 "The terminal table reads well"): who the
// table waits for, drawn from the node's TableStatus event instead of a log line every 2 s.
#pragma once

#include <string>

#include "net/node.h"

namespace concord::cli {

/// e.g. "turn 4 - waiting for seat 0 hank (12 s)" or "turn 9 - your turn".
std::string statusText(const net::TableStatus& s);

}  // namespace concord::cli
