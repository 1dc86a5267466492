#include "tools/concord/table_commands.h"

#include "net/comms.h"
#include "tools/concord/command.h"

namespace concord::cli {
namespace {

// The first word of `rest`, removed from it.
std::string takeWord(std::string& rest) {
  const auto space = rest.find(' ');
  std::string w = rest.substr(0, space);
  rest = space == std::string::npos ? "" : rest.substr(space + 1);
  return w;
}

TypedLine reply(std::string text) {
  TypedLine t;
  t.reply = std::move(text);
  return t;
}

TypedLine ask(net::TableRequest r) {
  TypedLine t;
  t.request = std::move(r);
  return t;
}

}  // namespace

TypedLine readTableLine(std::string line, bool plainTextIsSay) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  if (line.empty()) return {};
  if (line[0] != '/' && !plainTextIsSay) {
    TypedLine t;
    t.forSeat = true;
    return t;
  }
  std::string rest = line;
  const std::string cmd = line[0] == '/' ? takeWord(rest) : "/say";
  uint64_t n = 0;
  if (cmd == "/hails") {
    std::string all;
    for (const auto& h : net::hailCatalogue())
      all += (all.empty() ? "  " : "\n  ") + std::to_string(h.id) + "  " + std::string(h.group) + ": " + std::string(h.phrase);
    return reply(all);
  }
  if (cmd == "/mute" || cmd == "/unmute") return ask(net::MuteRequest{rest, cmd == "/mute"});
  if (cmd == "/hail") {
    if (rest.size() > 5 || !wholeNumber(rest, n, 65535)) return reply("comms: /hail takes a hail id (see /hails)");
    return ask(net::HailRequest{static_cast<uint16_t>(n)});
  }
  if (cmd == "/say") return ask(net::SayRequest{rest});
  if (cmd == "/dm") {
    const std::string seat = takeWord(rest);
    if (seat.size() > 5 || !wholeNumber(seat, n, 255)) return reply("comms: /dm takes a seat number and a message");
    return ask(net::DirectRequest{static_cast<unsigned>(n), rest});
  }
  return reply("comms: unknown command " + cmd + " (try " + kCommsCommands + ")");
}

}  // namespace concord::cli
