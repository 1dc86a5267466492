// Canonical write() and strict read() of the whole Warp state (DESIGN: determinism discipline).
// Named scopes ("seat[2].hand", "line[4].main") let a desync diff name the first differing field.
#include <algorithm>
#include <array>

#include "core/warp/state.h"

namespace concord::warp {

namespace {

// Tile lists are written as their count and then the u8 indices (and open ends) in one raw piece: the
// same bytes as one u8 per field, without a per-byte call on the hashing path. No set exceeds 190 tiles.
constexpr size_t kMaxListBytes = 2 * 190;

void writeTiles(det::Writer& w, std::string_view name, const std::vector<Tile>& ts) {
  w.begin(name);
  w.varu("count", ts.size());
  std::array<uint8_t, kMaxListBytes> buf;
  size_t n = std::min(ts.size(), buf.size());
  for (size_t i = 0; i < n; ++i) buf[i] = static_cast<uint8_t>(ts[i].index());
  w.raw("tiles", std::span<const uint8_t>(buf.data(), n));
  w.end();
}

std::vector<Tile> readTiles(det::Reader& r, const std::vector<Tile>& set) {
  std::vector<Tile> out;
  uint64_t n = r.count("count", set.size(), 1);
  for (uint64_t i = 0; i < n && r.ok(); ++i) {
    uint8_t ix = r.u8("tile");
    if (ix >= set.size()) {
      r.fail("tile", "coordinate index outside the set");
      break;
    }
    out.push_back(set[ix]);
  }
  return out;
}

void writePlaced(det::Writer& w, std::string_view name, const std::vector<Placed>& ps) {
  w.begin(name);
  w.varu("count", ps.size());
  std::array<uint8_t, kMaxListBytes> buf;
  size_t n = std::min(ps.size(), buf.size() / 2);
  for (size_t i = 0; i < n; ++i) {
    buf[2 * i] = static_cast<uint8_t>(ps[i].tile.index());
    buf[2 * i + 1] = ps[i].open;
  }
  w.raw("tiles", std::span<const uint8_t>(buf.data(), 2 * n));
  w.end();
}

std::vector<Placed> readPlaced(det::Reader& r, const std::vector<Tile>& set) {
  std::vector<Placed> out;
  uint64_t n = r.count("count", set.size(), 2);
  for (uint64_t i = 0; i < n && r.ok(); ++i) {
    uint8_t ix = r.u8("tile");
    uint8_t open = r.u8("open");
    if (ix >= set.size() || !set[ix].has(open)) {
      r.fail("tile", "placed coordinate out of range or open end not on it");
      break;
    }
    out.push_back(Placed{set[ix], open});
  }
  return out;
}

void writeStrings(det::Writer& w, std::string_view name, const std::vector<std::string>& v) {
  w.begin(name);
  w.varu("count", v.size());
  for (const auto& s : v) w.str("line", s);
  w.end();
}

std::vector<std::string> readStrings(det::Reader& r) {
  std::vector<std::string> v;
  uint64_t n = r.count("count", 100000, 1);
  for (uint64_t i = 0; i < n && r.ok(); ++i) v.push_back(r.str("line", 4096));
  return v;
}

// The round log: the event count, then per event its code (u8) and the code's fixed number of u16
// arguments (kEvShape) — kept pre-encoded in RoundLog::encoded, copied in one piece — then the texts that
// text-carrying events index.
void writeEvents(det::Writer& w, std::string_view name, const RoundLog& log) {
  w.begin(name);
  w.varu("count", log.events.size());
  w.raw("events", log.encoded);
  w.end();
  writeStrings(w, "texts", log.texts);
}

RoundLog readEvents(det::Reader& r) {
  RoundLog log;
  uint64_t n = r.count("count", 100000, 1);
  std::vector<uint16_t> textRefs;
  for (uint64_t i = 0; i < n && r.ok(); ++i) {
    LogEvent e;
    uint8_t code = r.u8("code");
    if (code >= static_cast<uint8_t>(Ev::Count)) {
      r.fail("code", "unknown log event");
      break;
    }
    e.code = static_cast<Ev>(code);
    const auto& shape = kEvShape[code];
    for (size_t k = 0; k < shape.args && r.ok(); ++k) e.a[k] = r.u16("arg");
    if (shape.text) textRefs.push_back(e.a[0]);
    log.append(e);
  }
  log.texts = readStrings(r);
  // Strict: the texts are exactly those the events index, in order.
  if (r.ok() && textRefs.size() != log.texts.size()) r.fail("texts", "text table does not match the log events");
  for (size_t k = 0; k < textRefs.size() && r.ok(); ++k)
    if (textRefs[k] != k) r.fail("texts", "log event text index out of order");
  return log;
}

}  // namespace

void WarpGame::write(det::Writer& w) const {
  w.begin("warp");
  w.bytes("config", encodeConfig(cfg_));
  w.u16("seats", seats_);
  deal_.write(w, "rng.deal");
  w.u16("round", round_);
  w.u16("roundsScored", roundsScored_);
  w.u8("spacedock", spacedock_);
  w.u8("roundStarter", roundStarter_);
  for (uint8_t s = 0; s < seats_; ++s) {
    const auto& st = seat_[s];
    w.begin("seat", s);
    writeTiles(w, "hand", st.hand);
    w.boolean("beacon", st.beacon);
    w.boolean("chartedOwn", st.chartedOwn);
    w.boolean("ownSinceDrop", st.ownSinceDrop);
    w.boolean("atImpulse", st.atImpulse);
    w.boolean("skipNext", st.skipNext);
    w.vari("roundScore", st.roundScore);
    w.vari("campaign", st.campaign);
    w.u16("roundWins", st.roundWins);
    w.u8("vote", st.vote);
    w.u16("debt", st.debt);
    w.u16("hazardPasses", st.hazardPasses);
    w.u8("beaconLock", st.beaconLock);
    writeTiles(w, "pack", st.pack);
    w.boolean("picked", st.picked);
    w.end();
  }
  for (size_t l = 0; l < lines_.size(); ++l) {
    w.begin("line", l);
    writePlaced(w, "main", lines_[l].main);
    writePlaced(w, "branches", lines_[l].branches);
    w.end();
  }
  writeTiles(w, "pile", pile_);
  writeTiles(w, "boxed", boxed_);
  writeTiles(w, "grid", grid_);
  w.begin("openDouble");
  w.boolean("active", dbl_.active);
  w.u8("line", dbl_.line);
  w.u8("pip", dbl_.pip);
  w.u8("charter", dbl_.charter);
  w.u8("responsible", dbl_.responsible);
  w.boolean("red", dbl_.red);
  w.boolean("fracture", dbl_.fracture);
  w.u8("stabilizers", dbl_.stabilizers);
  w.boolean("wormhole", dbl_.wormhole);
  w.end();
  w.begin("turn");
  w.u8("phase", static_cast<uint8_t>(phase_));
  w.u8("toAct", toAct_);
  w.boolean("drew", drew_);
  w.boolean("mustChartDrawn", mustChartDrawn_);
  w.u8("drawn", static_cast<uint8_t>(drawn_.index()));
  w.u8("chartsThisTurn", chartsThisTurn_);
  w.boolean("shieldChanged", shieldChanged_);
  w.boolean("openingTurn", openingTurn_);
  w.boolean("flashPending", flashPending_);
  w.u8("catchTarget", catchTarget_);
  w.u8("lastLine", lastLine_);
  w.end();
  w.begin("continuum");
  w.boolean("reversed", reversed_);
  w.boolean("inversion", inversion_);
  w.boolean("amplification", amplification_);
  w.boolean("echo", echo_);
  w.boolean("swap", swap_);
  w.u8("immunitySeat", immunitySeat_);
  w.u8("peekSeat", peekSeat_);
  writeTiles(w, "wager", wager_);
  w.end();
  w.begin("modules");
  w.u8("hazard", hazard_);
  w.u8("doubleDown", doubleDown_);
  w.boolean("momentumClaimed", momentumClaimed_);
  w.u8("extraTurn", extraTurn_);
  w.boolean("exchangeDone", exchangeDone_);
  w.boolean("exchangePending", exchangePending_);
  w.u8("exchangeGiver", exchangeGiver_);
  w.u8("exchangeTaker", exchangeTaker_);
  w.end();
  w.begin("results");
  w.u8("lastWinner", lastWinner_);
  w.boolean("lastBlocked", lastBlocked_);
  w.u16("blockedDeals", blockedDeals_);
  w.boolean("overtime", overtime_);
  w.varu("winnerCount", winners_.size());
  for (uint8_t s : winners_) w.u8("winner", s);
  writeStrings(w, "tally", tally_);
  w.end();
  w.u64("logBase", logBase_);
  writeEvents(w, "log", log_);
  writeEvents(w, "prevLog", prevLog_);
  w.u32("turns", turns_);
  w.end();
}

Result<void> WarpGame::read(det::Reader& r) {
  WarpGame g;
  g.rulesVersion_ = rulesVersion_;  // the session's, not in the bytes
  auto cfgBytes = r.bytes("config", 64);
  if (!r.ok()) return r.status();
  auto c = decodeConfig(cfgBytes);
  if (!c) return c.error();
  g.cfg_ = *c;
  g.seats_ = static_cast<uint8_t>(std::min<uint16_t>(r.u16("seats"), 255));
  if (r.ok() && (g.seats_ < 2 || g.seats_ > maxFleet(g.cfg_.maxPip))) r.fail("seats", "outside the fleet range");
  if (!r.ok()) return r.status();
  const auto set = fullSet(g.cfg_.maxPip);
  g.deal_ = det::Rng::read(r, "rng.deal");
  g.round_ = r.u16("round");
  g.roundsScored_ = r.u16("roundsScored");
  g.spacedock_ = r.u8("spacedock");
  g.roundStarter_ = r.u8("roundStarter");
  if (r.ok() && (g.round_ < 1 || g.spacedock_ > g.cfg_.maxPip || g.roundStarter_ >= g.seats_))
    r.fail("round", "round, spacedock or starter out of range");
  g.seat_.assign(g.seats_, SeatState{});
  for (auto& st : g.seat_) {
    if (!r.ok()) break;
    st.hand = readTiles(r, set);
    if (!std::is_sorted(st.hand.begin(), st.hand.end())) r.fail("hand", "not ascending");
    st.beacon = r.boolean("beacon");
    st.chartedOwn = r.boolean("chartedOwn");
    st.ownSinceDrop = r.boolean("ownSinceDrop");
    st.atImpulse = r.boolean("atImpulse");
    st.skipNext = r.boolean("skipNext");
    st.roundScore = static_cast<int32_t>(r.vari("roundScore", INT32_MIN, INT32_MAX));
    st.campaign = r.vari("campaign");
    st.roundWins = r.u16("roundWins");
    st.vote = r.u8("vote");
    st.debt = r.u16("debt");
    st.hazardPasses = r.u16("hazardPasses");
    st.beaconLock = r.u8("beaconLock");
    st.pack = readTiles(r, set);
    st.picked = r.boolean("picked");
    if (st.beaconLock > 3) r.fail("beaconLock", "out of range");
    if (st.vote > 3) r.fail("vote", "out of range");
  }
  g.lines_.assign(static_cast<size_t>(g.seats_) + 1, Line{});
  for (auto& l : g.lines_) {
    if (!r.ok()) break;
    l.main = readPlaced(r, set);
    l.branches = readPlaced(r, set);
  }
  g.pile_ = readTiles(r, set);
  g.boxed_ = readTiles(r, set);
  g.grid_ = readTiles(r, set);
  if (r.ok() && g.grid_.size() > g.cfg_.gridSize) r.fail("grid", "larger than the Sensor Grid size");
  g.dbl_.active = r.boolean("active");
  g.dbl_.line = r.u8("line");
  g.dbl_.pip = r.u8("pip");
  g.dbl_.charter = r.u8("charter");
  g.dbl_.responsible = r.u8("responsible");
  g.dbl_.red = r.boolean("red");
  g.dbl_.fracture = r.boolean("fracture");
  g.dbl_.stabilizers = r.u8("stabilizers");
  g.dbl_.wormhole = r.boolean("wormhole");
  if (r.ok() && (g.dbl_.line > g.seats_ || g.dbl_.pip > g.cfg_.maxPip || g.dbl_.charter >= g.seats_ ||
                 g.dbl_.responsible >= g.seats_ || g.dbl_.stabilizers > 2))
    r.fail("openDouble", "line, pip, seat or stabilizer count out of range");
  uint8_t ph = r.u8("phase");
  if (ph > static_cast<uint8_t>(Phase::Draft)) r.fail("phase", "out of range");
  g.phase_ = static_cast<Phase>(ph);
  g.toAct_ = r.u8("toAct");
  g.drew_ = r.boolean("drew");
  g.mustChartDrawn_ = r.boolean("mustChartDrawn");
  uint8_t dix = r.u8("drawn");
  if (dix >= set.size()) r.fail("drawn", "out of range");
  else g.drawn_ = set[dix];
  g.chartsThisTurn_ = r.u8("chartsThisTurn");
  g.shieldChanged_ = r.boolean("shieldChanged");
  g.openingTurn_ = r.boolean("openingTurn");
  g.flashPending_ = r.boolean("flashPending");
  g.catchTarget_ = r.u8("catchTarget");
  g.lastLine_ = r.u8("lastLine");
  if (r.ok() && (g.toAct_ >= g.seats_ || (g.catchTarget_ != kNone && g.catchTarget_ >= g.seats_) ||
                 g.lastLine_ > g.seats_))
    r.fail("turn", "seat out of range");
  g.reversed_ = r.boolean("reversed");
  g.inversion_ = r.boolean("inversion");
  g.amplification_ = r.boolean("amplification");
  g.echo_ = r.boolean("echo");
  g.swap_ = r.boolean("swap");
  g.immunitySeat_ = r.u8("immunitySeat");
  g.peekSeat_ = r.u8("peekSeat");
  if (r.ok() && ((g.immunitySeat_ != kNone && g.immunitySeat_ >= g.seats_) ||
                 (g.peekSeat_ != kNone && g.peekSeat_ >= g.seats_)))
    r.fail("continuum", "seat out of range");
  g.wager_ = readTiles(r, set);
  if (r.ok() && g.wager_.size() > 2) r.fail("wager", "more than two coordinates");
  if (r.ok() && g.phase_ == Phase::Wager && g.wager_.size() != 2) r.fail("wager", "wager phase needs two coordinates");
  g.hazard_ = r.u8("hazard");
  g.doubleDown_ = r.u8("doubleDown");
  g.momentumClaimed_ = r.boolean("momentumClaimed");
  g.extraTurn_ = r.u8("extraTurn");
  g.exchangeDone_ = r.boolean("exchangeDone");
  g.exchangePending_ = r.boolean("exchangePending");
  g.exchangeGiver_ = r.u8("exchangeGiver");
  g.exchangeTaker_ = r.u8("exchangeTaker");
  if (r.ok() && g.phase_ == Phase::Exchange && (g.exchangeGiver_ >= g.seats_ || g.exchangeTaker_ >= g.seats_))
    r.fail("exchange", "exchange seats out of range");
  if (r.ok() && ((g.hazard_ != kNone && g.hazard_ >= g.seats_) || (g.extraTurn_ != kNone && g.extraTurn_ >= g.seats_)))
    r.fail("modules", "seat out of range");
  g.lastWinner_ = r.u8("lastWinner");
  if (r.ok() && g.lastWinner_ != kNone && g.lastWinner_ >= g.seats_) r.fail("lastWinner", "out of range");
  g.lastBlocked_ = r.boolean("lastBlocked");
  g.blockedDeals_ = r.u16("blockedDeals");
  if (r.ok() && (g.blockedDeals_ >= kMaxBlockedDeals || (g.blockedDeals_ && g.cfg_.objective != Objective::GoOut)))
    r.fail("blockedDeals", "out of range (Go-out only, below the re-deal cap)");
  g.overtime_ = r.boolean("overtime");
  uint64_t nw = r.count("winnerCount", g.seats_, 1);
  for (uint64_t i = 0; i < nw && r.ok(); ++i) {
    uint8_t s = r.u8("winner");
    if (s >= g.seats_) r.fail("winner", "out of range");
    g.winners_.push_back(s);
  }
  g.tally_ = readStrings(r);
  g.logBase_ = r.u64("logBase");
  g.log_ = readEvents(r);
  g.prevLog_ = readEvents(r);
  g.turns_ = r.u32("turns");
  if (r.ok() && g.prevLog_.size() > g.logBase_) r.fail("prevLog", "longer than the log base");
  // Conservation: every coordinate of the set is exactly once in Spacedock, hands, lines, pile, wager or box.
  if (r.ok()) {
    std::vector<int> seen(set.size(), 0);
    ++seen[static_cast<size_t>(Tile{g.spacedock_, g.spacedock_}.index())];
    auto mark = [&](Tile t) { ++seen[static_cast<size_t>(t.index())]; };
    for (const auto& st : g.seat_) {
      std::for_each(st.hand.begin(), st.hand.end(), mark);
      std::for_each(st.pack.begin(), st.pack.end(), mark);
    }
    for (const auto& l : g.lines_) {
      for (const auto& p : l.main) mark(p.tile);
      for (const auto& p : l.branches) mark(p.tile);
    }
    std::for_each(g.pile_.begin(), g.pile_.end(), mark);
    std::for_each(g.boxed_.begin(), g.boxed_.end(), mark);
    std::for_each(g.grid_.begin(), g.grid_.end(), mark);
    std::for_each(g.wager_.begin(), g.wager_.end(), mark);
    for (int n : seen)
      if (n != 1) {
        r.fail("tiles", "a coordinate is missing or appears twice");
        break;
      }
  }
  if (auto st = r.status(); !st) return st;
  *this = std::move(g);
  return Ok();
}

}  // namespace concord::warp
