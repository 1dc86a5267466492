// `concord lan`: list the games announced on the local network (`concord host` announces its lobby).
#include <cstdio>
#include <string>

#include "net/lan.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"

namespace concord::cli {

namespace {

struct Options {
  uint16_t port = net::kDiscoveryPort;
  uint32_t seconds = 3;
  std::string bind = "0.0.0.0";
};

CommandLine declare(Options& o) {
  CommandLine c("lan",
                "Listens for lobby announcements and lists each game heard: host name, module, config hash,\n"
                "seats free, address to `concord join`.\n");
  c.number("--port", "P", "UDP port of the announcements (default 27961)", o.port)
      .number("--seconds", "S", "listen this long (default 3)", o.seconds, 0, 3600)
      .text("--bind", "ADDR", "address to listen on (default 0.0.0.0)", o.bind);
  return c;
}

}  // namespace

std::vector<CommandLine> lanLines() {
  static Options o;
  return {declare(o)};
}

int runLan(Args args) {
  Options o;
  if (auto code = declare(o).parse(args)) return *code;
  const std::string& bind = o.bind;
  const uint64_t port = o.port, seconds = o.seconds;
  uint64_t refused = 0;
  auto games = net::listenLan(bind, static_cast<uint16_t>(port), static_cast<uint32_t>(seconds), &refused);
  if (!games) return failure("lan: " + games.message());
  std::printf("%zu game(s) heard on UDP %s:%llu in %llu s%s\n", games->size(), bind.c_str(), static_cast<unsigned long long>(port),
              static_cast<unsigned long long>(seconds),
              refused ? (" (" + std::to_string(refused) + " malformed announcements ignored)").c_str() : "");
  for (const auto& g : *games)
    std::printf("GAME %s host %s module %s config %s seats %u free %u %s%s\n", g.address.c_str(), g.announce.hostName.c_str(),
                g.announce.moduleId.c_str(), g.announce.configHash.hex().c_str(), static_cast<unsigned>(g.announce.seats),
                static_cast<unsigned>(g.announce.free), g.announce.rated ? "rated" : "casual",
                g.announce.launched ? " running" : " lobby");
  return 0;
}

}  // namespace concord::cli
