// `concord host --internet` (issue 25): map the table's UDP port at the router, gather every address friends may
// reach it at (the mapped public one first), and print the invite code that carries them with the host's key
// fingerprint and the table's secret.
#pragma once

#include <memory>
#include <string>

#include "core/det/result.h"
#include "net/node.h"
#include "net/port_mapping.h"

namespace concord::cli {

struct InternetTable {
  std::unique_ptr<net::PortMapping> mapping;  // the router forgets the port when this is destroyed
  std::string code;
};

/// Prints exactly: the router line (PortMapping::line), `invite code: CODE`, and how friends use it.
/// Refused: a port chosen by the system (--port 0; the router maps one known port), or no address at all.
Result<InternetTable> openToInternet(const net::NodeOptions& o, const net::TableSecret& secret);

}  // namespace concord::cli
