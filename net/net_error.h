// What kind of failure ended a networked table, for a client that words it and says what to do next (the Qt
// lobby): set where the failure is made, so no client reads the message text to tell them apart. The message
// stays the person's words (the terminal prints it as before).
#pragma once

#include <cstdint>
#include <string>

#include "lockstep/session.h"

namespace concord::net {

enum class NetErrorKind : uint8_t {
  Other = 0,         // anything else (the message says what)
  BadAddress,        // an address that cannot be parsed or resolved (net::parseAddress)
  PortInUse,         // our UDP port cannot be bound
  Unreachable,       // nothing answered at the address, or no game started there in time
  JoinRefused,       // the host refused our join (RefuseReason::Other)
  TableFull,         // the host refused our join: every seat is taken
  CharterRefused,    // a crew charter keeps us from this table (the host's refusal, or ours: TEI §3.4)
  VersionMismatch,   // the host plays a module or rules version this build does not have
  RulesRefused,      // the table's options, seats or crew charter were refused when the lobby opened
  LaunchFailed,      // commit-reveal seeding did not complete
  Desync,            // the peers computed different games
  LeftByChoice,      // the person left the lobby or the table
  TimedOut,          // the time limit (--timeout, --wait-for) ran out
  Kicked,            // the host removed us from its lobby (and refuses our key at that table)
  BadSecret,         // the host refused our invite code's secret (issue 25: wrong or expired code)
  WrongHost,         // the host at the invite code's addresses proved another key than the code names (issue 25)
};

/// Why a host refused a join, on the wire with RefuseMsg (net/lobby_msg.h).
enum class RefuseReason : uint8_t { Other = 0, Full = 1, Charter = 2, Kicked = 3, BadSecret = 4 };
/// What a joiner is told when its invite code's secret is not the table's (issue 25).
inline constexpr const char* kBadSecretWhy =
    "this invite code is not for this table (wrong or expired secret): ask the host for a new code";
/// The joiner's failure for a host's refusal.
NetErrorKind refusalKind(RefuseReason reason);

/// The module and rules version of a lobby's session against this build: kind Other when we can play it, else
/// VersionMismatch with words that say what to do.
struct VersionCheck {
  NetErrorKind kind = NetErrorKind::Other;  // Other: no problem
  std::string why;
};
VersionCheck checkTableVersion(const lockstep::SessionConfig& session);

}  // namespace concord::net
