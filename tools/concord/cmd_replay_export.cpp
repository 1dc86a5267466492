// `concord replay export FILE --format jsonl|csv [--legal] [--seat S] [--out P]`: one record per turn and seat
// for analysts and AI datasets (docs/replay-format.md "Export"; tools/replay_export.py reads it).
#include <cstdio>
#include <fstream>
#include <memory>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/game/registry.h"
#include "replay/hidden_view.h"
#include "replay/reader.h"
#include "tools/concord/command.h"
#include "tools/concord/command_line.h"
#include "tools/concord/export_records.h"
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
                "the turn's narration and its Seal hash, each turn checked against the recorded Seal. JSONL adds a\n"
                "header record (game id, seed, config, rules), each turn's structured events (rounds, alerts, Seals,\n"
                "captures, battles, ...) and the result (docs/replay-format.md \"Export\"). A rated game that is not\n"
                "over is refused (issue 26). Past turns a damaged or salvaged file lost, a gap record names them and the\n"
                "export goes on from the snapshot that picks the game up (CSV: no rows for them; issue 30).\n");
  c.positional("FILE", "", o.path, true, "which replay? give FILE")
      .path(PathUse::Read)
      .choice("--format", "F", "jsonl (one JSON object a line with every record, the default) or csv (the turn rows only: a "
              "header row; list columns hold JSON)",
              o.format, {"jsonl", "csv"})
      .flag("--legal", "add each deciding seat's legal orders before the turn (for AI datasets)", o.legal)
      .number("--seat", "S", "with --legal: only seat S's legal orders, what S may know (its perspective)", o.seat, 0,
              kMaxSeats - 1)
      .text("--out", "P", "write to P instead of standard output", o.out)
      .path(PathUse::Write);
  return c;
}

nlohmann::ordered_json ordersJson(const Game& g, Seat s, const std::vector<Order>& orders) {
  auto a = nlohmann::ordered_json::array();
  for (const auto& o : orders) a.push_back({{"text", orderLine(g, s, o)}, {"kind", o.kind}, {"payload", hexBytes(o.payload)}});
  return a;
}

std::string csvCell(const std::string& v) {
  std::string q = "\"";
  for (char ch : v) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + "\"";
}

std::string dumpJson(const nlohmann::ordered_json& j) { return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace); }

// The turn's narration with the session's seat names (the names every record uses), each line with its kind.
nlohmann::ordered_json narrationJson(const Game& g, uint64_t from, const std::vector<GameEvent>& events, const SeatNames& names) {
  auto lines = g.narrationNamed(from, names);
  auto out = nlohmann::ordered_json::array();
  for (size_t i = 0; i < events.size(); ++i)
    out.push_back({{"kind", events[i].kind}, {"text", lines.size() == events.size() ? lines[i] : events[i].text}});
  return out;
}

}  // namespace

CommandLine exportLine() {
  static ExportOptions o;
  return declareExport(o);
}

int replayExport(Args args) {
  ExportOptions o;
  auto line = declareExport(o);
  if (auto code = line.parse(args)) return *code;
  auto r = openPastHoles(o.path);  // issue 30: the turns on both sides of a hole, and a gap record between them
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
  if (csv) out << "turn,seat,seat_name,deciding,orders,rejections,narration,seal" << (o.legal ? ",legal" : "") << "\r\n";
  else out << dumpJson(headerRecord(*r)) << '\n';
  auto engine = r->seek(0);
  if (!engine) return failure(engine.message());
  std::unique_ptr<lockstep::TurnEngine> picked;  // the engine after a hole, loaded from the snapshot that picks the game up
  auto* at = engine->get();
  const auto names = sessionNames(session);
  auto module = findModule(session.moduleId, session.rulesVersion);
  auto extractor = module && (*module)->makeEvents ? (*module)->makeEvents() : nullptr;
  auto writeEvents = [&](const std::vector<AnalystEvent>& events) {
    if (!csv)
      for (const auto& ev : events) out << dumpJson(eventRecord(ev, session)) << '\n';
  };
  // A hole: named (a JSONL record; the CSV's rows skip it and stderr says so), the game picked up after it.
  auto writeGap = [&](const replay::Hole& h) {
    if (csv) std::fprintf(stderr, "notice: %s: no rows for them\n", gapLine(h).c_str());
    else out << dumpJson(gapRecord(h)) << '\n';
  };
  if (extractor) writeEvents(extractor->begin(at->game()));
  for (uint32_t t = 0; t < r->turnCount(); ++t) {
    if (const replay::Hole* h = r->holeAt(t)) {
      writeGap(*h);
      auto p = r->seek(h->firstTurn + h->turnCount);
      if (!p) return out.flush(), failure(p.message());
      picked = std::move(*p);
      at = picked.get();
      t = h->firstTurn + h->turnCount - 1;
      continue;
    }
    auto& e = *at;
    auto rec = r->turn(t);
    if (!rec) return failure(rec.message());
    // Texts and legal orders are read before the turn is applied: the position the seats decided in.
    std::vector<nlohmann::ordered_json> orders, legal(session.seats.size());
    for (Seat s = 0; s < session.seats.size(); ++s) orders.push_back(ordersJson(e.game(), s, rec->ordersBySeat[s]));
    auto deciding = e.awaiting();
    if (o.legal)
      for (Seat s : deciding)
        if (o.seat == kOmniscient || o.seat == s) legal[s] = ordersJson(e.game(), s, e.game().legalOrders(s));
    if (extractor) extractor->before(e.game(), t);
    const uint64_t narrated = e.game().narrationTotal();
    auto st = stepRecorded(e, *rec);
    if (!st.sealMatches) return out.flush(), failure(sealMismatch(st));
    auto narration = narrationJson(e.game(), narrated, st.events, names);
    for (Seat s = 0; s < session.seats.size(); ++s) {
      auto rejections = nlohmann::ordered_json::array();
      for (const auto& rj : st.rejected)
        if (rj.seat == s) rejections.push_back({{"index", rj.index}, {"reason", rj.reason}});
      bool decides = std::find(deciding.begin(), deciding.end(), s) != deciding.end();
      if (csv) {
        out << t << ',' << s << ',' << csvCell(session.seats[s].name) << ',' << (decides ? "true" : "false") << ','
            << csvCell(dumpJson(orders[s])) << ',' << csvCell(dumpJson(rejections)) << ',' << csvCell(dumpJson(narration))
            << ',' << st.seal.hex();
        if (o.legal) out << ',' << csvCell(legal[s].is_null() ? std::string() : dumpJson(legal[s]));
        out << "\r\n";
      } else {
        nlohmann::ordered_json j = {{"record", "turn"}, {"turn", t}, {"seat", s}, {"seat_name", session.seats[s].name},
                                    {"deciding", decides}, {"orders", orders[s]}, {"rejections", rejections},
                                    {"narration", narration}, {"seal", st.seal.hex()}};
        if (o.legal) j["legal"] = legal[s];
        out << dumpJson(j) << '\n';
      }
    }
    writeEvents(systemOrderEvents(t, rec->ordersBySeat));
    if (extractor) writeEvents(extractor->after(e.game(), t));
  }
  for (const auto& h : r->holes())
    if (!h.resumed) writeGap(h);
  if (!csv) out << dumpJson(resultRecord(*at, session, r->turnCount())) << '\n';
  out.flush();
  if (!out) return failure("writing the export failed");
  return 0;
}

}  // namespace concord::cli
