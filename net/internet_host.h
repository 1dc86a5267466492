// A table open to the internet (issue 25; `concord host --internet`, the Qt host form's Invite friends): map the
// table's UDP port at the router, gather every address friends may reach it at (the mapped public one first), and make
// the invite code that carries them with the host's key fingerprint and the table's secret. The terminal and the Qt
// client call this one function and only word its answer differently.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/det/result.h"
#include "net/node.h"
#include "net/port_mapping.h"

namespace concord::net {

struct InternetTable {
  std::unique_ptr<PortMapping> mapping;  // the router forgets the port when this is destroyed
  std::string code;
  std::string routerLine;  // PortMapping::line(): the mapped address, or that no router answered
};

/// Blocks while the router is asked (about 2 s when none answers): call it off a UI thread. `log` hears a lease
/// renewal that failed, from the renewal thread. Refused: a port chosen by the system (the router maps one known
/// port), or no address at all.
Result<InternetTable> openToInternet(const NodeOptions& o, const TableSecret& secret,
                                     std::function<void(const std::string&)> log = {});

}  // namespace concord::net
