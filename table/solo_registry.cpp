#include "table/solo_registry.h"

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/tei/grade.h"
#include "table/tei_store/replay_match.h"

namespace concord::table {
namespace {

std::string toHex(std::span<const uint8_t> b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t x : b) {
    s += d[x >> 4];
    s += d[x & 15];
  }
  return s;
}

Result<std::vector<uint8_t>> fromHex(const std::string& h) {
  auto nib = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
  if (h.size() % 2) return Err("corrupt TEI database: a pending game's session is not hex");
  std::vector<uint8_t> out;
  for (size_t i = 0; i < h.size(); i += 2) {
    const int hi = nib(h[i]), lo = nib(h[i + 1]);
    if (hi < 0 || lo < 0) return Err("corrupt TEI database: a pending game's session is not hex");
    out.push_back(static_cast<uint8_t>(hi * 16 + lo));
  }
  return out;
}

}  // namespace

Result<std::string> forfeitWalkedAway(tei::TeiStore& store, const std::string& player, const std::string& current) {
  auto pending = store.pendingGames(player);
  if (!pending) return pending.error();
  std::string text;
  for (const auto& p : *pending) {
    if (p.gameId == current) continue;
    auto bytes = fromHex(p.sessionHex);
    if (!bytes) return bytes.error();
    det::Reader r(*bytes, "pending game session");
    auto session = lockstep::SessionConfig::read(r);
    if (!session) return Err("corrupt TEI database: pending game ", p.gameId, ": ", session.message());
    Seat person = 0;
    for (Seat s = 0; s < session->seats.size(); ++s)
      if (tei::playerIdOf(session->seats[s]) == player && !session->seats[s].ai) person = s;
    auto rec = tei::forfeitRecord(*session, person);
    if (!rec) return rec.error();
    auto applied = store.applyMatch(*rec);
    if (!applied) return applied.error();
    text += "Your rated game " + p.gameId.substr(0, 12) + "… was left unfinished: it counts as a loss (walked away)";
    for (const auto& w : applied->plan.writes)
      if (w.playerId == player)
        text += "; " + w.bucket.str() + " " + tei::beforeAfterText(w.before.grade(), w.after.grade());
    text += "\n";
  }
  return text;
}

Result<void> registerSoloGame(tei::TeiStore& store, const lockstep::SessionConfig& session, Seat person) {
  det::Writer w;
  session.write(w);
  return store.registerGame(session.gameId().hex(), tei::playerIdOf(session.seats[person]), toHex(w.data()));
}

}  // namespace concord::table
