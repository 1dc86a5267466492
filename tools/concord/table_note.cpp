// The note of a running table beside the host's identity, and finding that table again after a crash (table_note.h).
#include "tools/concord/table_note.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "net/lan.h"

namespace concord::cli {

std::string tableNotePath(const std::string& identityPath) {
  return std::filesystem::path(identityPath).replace_extension(".table").string();
}

void writeTableNote(const std::string& path, const det::Hash128& gameId, const std::vector<std::string>& peers,
                    const std::optional<net::TableSecret>& secret) {
  std::ofstream f(path, std::ios::trunc);
  f << "game " << gameId.hex() << "\n";
  if (secret) f << "secret " << net::secretHex(*secret) << "\n";
  std::error_code ec;  // the secret lets strangers in: the note is for our eyes only
  std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write, ec);
  for (const auto& p : peers) f << "peer " << p << "\n";
}

std::optional<TableNote> readTableNote(const std::string& path) {
  std::ifstream f(path);
  if (!f) return std::nullopt;
  TableNote n;
  for (std::string line; std::getline(f, line);) {
    if (line.rfind("game ", 0) == 0) n.gameId = line.substr(5, 32);
    else if (line.rfind("secret ", 0) == 0) n.secret = net::secretFromHex(line.substr(7));
    else if (line.rfind("peer ", 0) == 0 && line.size() < 300 && n.peers.size() < 64) n.peers.push_back(line.substr(5));
  }
  if (n.gameId.empty()) return std::nullopt;
  for (auto& p : n.peers)  // a note is ours, but its text reaches the terminal: never an escape
    for (char& c : p)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  return n;
}

void removeTableNote(const std::string& path) {
  std::error_code ec;
  std::filesystem::remove(path, ec);
}

std::optional<net::Address> findOurRunningTable(const net::NodeOptions& o, const std::string& notePath) {
  const auto note = readTableNote(notePath);
  if (!note) return std::nullopt;
  const std::string bind = o.bind.host.empty() || o.bind.host == "*" ? "0.0.0.0" : o.bind.host;
  std::printf("Our last game (%s) did not end here: listening 3 s for it on the LAN (UDP %s:%u)...\n", note->gameId.c_str(),
              bind.c_str(), o.discoveryPort);
  std::fflush(stdout);
  auto heard = net::listenLan(bind, o.discoveryPort, 3);
  if (heard) {
    if (auto ours = net::runningGameWith(*heard, o.key.publicKey)) {
      if (auto at = net::parseAddress(ours->address, 27960)) {
        std::printf("Rejoining our running game %s at %s (announced by a peer of it); `concord host --new-table` opens a new "
                    "lobby instead\n",
                    ours->announce.gameId.hex().c_str(), ours->address.c_str());
        return *at;
      }
    }
  }
  std::string back;
  for (const auto& p : note->peers) back += "\n  concord join " + p;
  std::printf("No peer of game %s announced it on the LAN%s: it is over, or out of reach.%s\nOpening a new lobby.\n",
              note->gameId.c_str(), heard ? " in 3 s" : (" (" + heard.message() + ")").c_str(),
              back.empty() ? "" : (" If it still runs, take your seat back with one of:" + back).c_str());
  std::fflush(stdout);
  removeTableNote(notePath);
  return std::nullopt;
}

}  // namespace concord::cli
