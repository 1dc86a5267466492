// What a person (or a GUI, or a script) asks of the table while the node runs, already parsed: the
// terminal's `/`-commands are read in tools/concord/table_commands.cpp, a Qt client builds these from
// its widgets. The node checks each against the table (seats, names, RULES IX comms policy).
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "core/game/registry.h"

namespace concord::net {

/// A quick-phrase hail by catalogue id (RULES IX; net::hailCatalogue()).
struct HailRequest {
  uint16_t hail = 0;
};
/// Free text to the whole table.
struct SayRequest {
  std::string text;
};
/// A direct message to one seat (RULES IX: every captain reads DMs too).
struct DirectRequest {
  unsigned seat = 0;
  std::string text;
};
/// Hide (or show again) one captain's messages for this session, by name or key fingerprint.
struct MuteRequest {
  std::string captain;
  bool mute = true;
};

/// Lobby (a front end with buttons; the terminal never sends these): mark our seat ready or not ready
/// (a joiner with NodeOptions::autoReady off).
struct ReadyRequest {
  bool ready = true;
};
/// Lobby, host only: launch now with the players in and ready (open seats become AI officers).
struct LaunchRequest {};
/// Lobby, host only, before the launch: remove the person at `seat` (not the host's): the seat opens again and
/// that key is refused at this table from then on (RefuseReason::Kicked).
struct KickRequest {
  unsigned seat = 0;
};

/// Lobby, host only, before the launch: play under these rules instead (the module's options, the words of
/// `--opt`). The lobby carries them to every joiner with the new config hash; their ready marks reset, since
/// each was given for the old rules (a ReadyMsg names the config hash it agrees to).
struct RulesRequest {
  ConfigOptions options;
  bool rated = false;  // the front end's RULES §VIII verdict for these rules and seats (part of the config hash)
};
/// Lobby, host only, before the launch: seat `seat` (not the host's, not one a person holds) becomes open for a
/// person (`officer` empty) or an AI officer of that strength ("ensign", "lieutenant", ...).
struct SeatKindRequest {
  unsigned seat = 0;
  std::string officer;
};

using TableRequest = std::variant<HailRequest, SayRequest, DirectRequest, MuteRequest, ReadyRequest, LaunchRequest, KickRequest,
                                  RulesRequest, SeatKindRequest>;

}  // namespace concord::net
