// The `/`-commands a person types at a networked table (`concord host|join|bot`), read into the typed
// requests the node takes (net/table_request.h). What is not a command goes to the seat (orders, board,
// q); answers that need no table (help, the hail list, a malformed command) are printed at once.
#pragma once

#include <optional>
#include <string>

#include "net/table_request.h"

namespace concord::cli {

struct TypedLine {
  std::optional<net::TableRequest> request;  // for the node to check and send
  std::string reply;                         // to show at once (the hail list, what was wrong)
  bool forSeat = false;                      // not a command: the person's seat reads it
};

/// Reads one typed line. `plainTextIsSay`: a line without `/` is `/say` (a peer no person plays).
TypedLine readTableLine(std::string line, bool plainTextIsSay);

/// One line per comms command, for help texts.
inline constexpr const char* kCommsCommands = "/hails, /hail ID, /say TEXT, /dm SEAT TEXT, /mute NAME, /unmute NAME";

}  // namespace concord::cli
