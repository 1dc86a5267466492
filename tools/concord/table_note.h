// The note a host keeps beside its identity while its game runs (issue 24): the game's id and the other peers'
// addresses. A host killed mid-game leaves it behind, so `concord host` run again knows it belongs to a running
// table, finds it on the LAN as `concord join lan` does, and rejoins it instead of opening a second lobby.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/det/hash.h"
#include "net/node.h"

namespace concord::cli {

struct TableNote {
  std::string gameId;              // hex
  std::vector<std::string> peers;  // ADDR:PORT of the other seated peers when we last played
  std::optional<net::TableSecret> secret;  // an --internet table's (issue 25): a host back at its table keeps its code
};

/// Where the note of the identity at `identityPath` lives: beside it ("identity.key" -> "identity.table").
std::string tableNotePath(const std::string& identityPath);
/// Written when our game runs (best effort: a note that cannot be written costs only the way back).
void writeTableNote(const std::string& path, const det::Hash128& gameId, const std::vector<std::string>& peers,
                    const std::optional<net::TableSecret>& secret = std::nullopt);
std::optional<TableNote> readTableNote(const std::string& path);
void removeTableNote(const std::string& path);

/// `concord host` with a note left by a game that did not end here: listens 3 s on the LAN for a running game with
/// our key. Found: says so and returns the address to rejoin at. Not found: says plainly that the table was not
/// heard and how to take the seat back if it still runs (`concord join ADDR`), forgets the note, returns nullopt.
std::optional<net::Address> findOurRunningTable(const net::NodeOptions& o, const std::string& notePath);

}  // namespace concord::cli
