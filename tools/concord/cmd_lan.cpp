// `concord lan`: list the games announced on the local network (`concord host` announces its lobby).
#include <cstdio>
#include <string>

#include "net/lan.h"
#include "tools/concord/command.h"

namespace concord::cli {

int runLan(Args args) {
  static constexpr const char* kUsage =
      "usage: concord lan [--port P] [--seconds S] [--bind ADDR]\n"
      "Listens for lobby announcements (UDP port P, default 27961) for S seconds (default 3) and lists\n"
      "each game heard: host name, module, config hash, seats free, address to `concord join`.\n";
  if (wantsHelp(args)) {
    std::printf("%s", kUsage);
    return 0;
  }
  uint64_t port = net::kDiscoveryPort, seconds = 3;
  std::string bind = "0.0.0.0";
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size()) return usageError("lan: unknown option or missing value: " + a, "concord lan --help");
    const std::string& v = args[++i];
    auto num = [&](uint64_t max, uint64_t& out) { return wholeNumber(v, out, max); };
    if (a == "--bind") bind = v;
    else if (a == "--port" && num(65535, port)) continue;
    else if (a == "--seconds" && num(3600, seconds)) continue;
    else return usageError("lan: unknown option or value out of range: " + a + " " + v, "concord lan --help");
  }
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
