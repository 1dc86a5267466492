// `concord replay export FILE --format jsonl|csv [--legal] [--seat S] [--out P]`: one record per turn and seat
// for analysts and AI datasets (docs/replay-format.md "Export"; tools/replay_export.py reads it).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "replay/hidden_view.h"
#include "replay/reader.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/replay_view.h"

namespace concord::cli {

namespace {

struct ExportOptions {
  std::string path, format = "jsonl", out;
  bool legal = false;
  Seat seat = kOmniscient;
};

CommandLine declareExport(ExportOptions& o) {
  CommandLine c("replay export",
                "One record per turn and seat: the seat's orders (text, kind, payload bytes), the rules' rejections,\n"
                "the turn's game events and its Seal hash, each turn checked against the recorded Seal. A rated game\n"
                "that is not over is refused (issue 26).\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE")
      .path(PathUse::Read)
      .choice("--format", "F", "jsonl (one JSON object a line, the default) or csv (a header row; list columns hold JSON)",
              o.format, {"jsonl", "csv"})
      .flag("--legal", "add each deciding seat's legal orders before the turn (for AI datasets)", o.legal)
      .number("--seat", "S", "with --legal: only seat S's legal orders, what S may know (its perspective)", o.seat, 0,
              kMaxSeats - 1)
      .text("--out", "P", "write to P instead of standard output", o.out)
      .path(PathUse::Write);
  return c;
}

std::string hexOf(std::span<const uint8_t> b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t x : b) (s += d[x >> 4]) += d[x & 15];
  return s;
}

nlohmann::ordered_json ordersJson(const Game& g, Seat s, const std::vector<Order>& orders) {
  auto a = nlohmann::ordered_json::array();
  for (const auto& o : orders) a.push_back({{"text", orderLine(g, s, o)}, {"kind", o.kind}, {"payload", hexOf(o.payload)}});
  return a;
}

std::string csvCell(const std::string& v) {
  std::string q = "\"";
  for (char ch : v) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + "\"";
}

std::string dumpJson(const nlohmann::ordered_json& j) { return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace); }

}  // namespace

CommandLine exportLine() {
  static ExportOptions o;
  return declareExport(o);
}

int replayExport(Args args) {
  ExportOptions o;
  auto line = declareExport(o);
  if (auto code = line.parse(args)) return *code;
  auto r = replay::ReplayReader::open(o.path);
  if (!r) return failure(r.message());
  const auto& session = r->header().session;
  if (o.seat != kOmniscient && o.seat >= session.seats.size()) return line.usage("--seat is not at this table");
  if (o.seat != kOmniscient && !o.legal) return line.usage("--seat chooses whose legal orders --legal adds: give --legal");
  // Issue 26: a rated game not over is refused whole: every record is a seat's orders and rejections (which name
  // coordinates in its hand) and --legal a seat's hand; a dataset without them would read as a game nobody played.
  auto rights = replay::viewRightsOf(*r);
  if (!rights) return failure(rights.message());
  if (rights->publicOnly)
    return failure(replay::hiddenNote(*rights, "nothing exported (`concord replay dump` shows its public record; export it "
                                               "once the game is over)"));
  std::ofstream file;
  if (!o.out.empty()) {
    file.open(o.out, std::ios::binary | std::ios::trunc);
    if (!file) return failure("cannot write " + o.out);
  }
  std::ostream& out = o.out.empty() ? std::cout : file;
  const bool csv = o.format == "csv";
  if (csv) out << "turn,seat,seat_name,deciding,orders,rejections,events,seal" << (o.legal ? ",legal" : "") << "\r\n";
  auto engine = r->seek(0);
  if (!engine) return failure(engine.message());
  auto& e = **engine;
  for (uint32_t t = 0; t < r->turnCount(); ++t) {
    auto rec = r->turn(t);
    if (!rec) return failure(rec.message());
    // Texts and legal orders are read before the turn is applied: the position the seats decided in.
    std::vector<nlohmann::ordered_json> orders, legal(session.seats.size());
    for (Seat s = 0; s < session.seats.size(); ++s) orders.push_back(ordersJson(e.game(), s, rec->ordersBySeat[s]));
    auto deciding = e.awaiting();
    if (o.legal)
      for (Seat s : deciding)
        if (o.seat == kOmniscient || o.seat == s) legal[s] = ordersJson(e.game(), s, e.game().legalOrders(s));
    auto st = stepRecorded(e, *rec);
    if (!st.sealMatches) return out.flush(), failure(sealMismatch(st));
    auto events = nlohmann::ordered_json::array();
    for (const auto& ev : st.events) events.push_back({{"kind", ev.kind}, {"text", ev.text}});
    for (Seat s = 0; s < session.seats.size(); ++s) {
      auto rejections = nlohmann::ordered_json::array();
      for (const auto& rj : st.rejected)
        if (rj.seat == s) rejections.push_back({{"index", rj.index}, {"reason", rj.reason}});
      bool decides = std::find(deciding.begin(), deciding.end(), s) != deciding.end();
      if (csv) {
        out << t << ',' << s << ',' << csvCell(session.seats[s].name) << ',' << (decides ? "true" : "false") << ','
            << csvCell(dumpJson(orders[s])) << ',' << csvCell(dumpJson(rejections)) << ',' << csvCell(dumpJson(events))
            << ',' << st.seal.hex();
        if (o.legal) out << ',' << csvCell(legal[s].is_null() ? std::string() : dumpJson(legal[s]));
        out << "\r\n";
      } else {
        nlohmann::ordered_json j = {{"turn", t}, {"seat", s}, {"seat_name", session.seats[s].name}, {"deciding", decides},
                            {"orders", orders[s]}, {"rejections", rejections}, {"events", events},
                            {"seal", st.seal.hex()}};
        if (o.legal) j["legal"] = legal[s];
        out << dumpJson(j) << '\n';
      }
    }
  }
  out.flush();
  if (!out) return failure("writing the export failed");
  return 0;
}

}  // namespace concord::cli
