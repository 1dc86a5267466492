// Canonical write() and strict read() of the whole Warp state (DESIGN: determinism discipline).
// Named scopes ("seat[2].hand", "line[4].main") let a desync diff name the first differing field.
#include <algorithm>
#include <array>

#include "core/warp/state.h"

namespace concord::warp {

namespace {

// Tile lists are written as their count and then the u8 indices (and open ends) in one raw piece, made in
// place in the block: the same bytes as one u8 per field, without a per-byte call on the hashing path.
// A hidden deal (issue 26) writes each coordinate as 16 bits: its index, or 0x8000 | masked-deck position.
// The game's set by dense index without building it: every set's indices are a prefix of the double-18 set's
// (Tile::index ascends by (hi, lo)), so one table serves all and `count` bounds it (officers decode a table each
// decision, and verify re-derives every decision).
class SetIndex {
 public:
  // decodeConfig admits sets 9-18 only; the bound keeps even a wider one inside the table.
  explicit SetIndex(int maxPip) : count_(std::min(static_cast<size_t>((maxPip + 1) * (maxPip + 2) / 2), all().size())) {}
  size_t size() const { return count_; }
  Tile operator[](size_t ix) const { return all()[ix]; }

 private:
  static const std::vector<Tile>& all() {
    static const std::vector<Tile> tiles = fullSet(18);
    return tiles;
  }
  size_t count_;
};

uint16_t wideTile(Tile t) { return isUnknown(t) ? static_cast<uint16_t>(0x8000 | unknownPosition(t)) : static_cast<uint16_t>(t.index()); }

template <class Block>
void writeTiles(Block& b, std::string_view name, const std::vector<Tile>& ts, bool wide) {
  b.begin(name);
  b.varu("count", ts.size());
  if (wide) {
    b.rawFill("tiles", 2 * ts.size(), [&](uint8_t* out) {
      for (const Tile& t : ts) {
        *out++ = static_cast<uint8_t>(wideTile(t) & 0xFF);
        *out++ = static_cast<uint8_t>(wideTile(t) >> 8);
      }
    });
  } else {
    b.rawFill("tiles", ts.size(), [&](uint8_t* out) {
      for (const Tile& t : ts) *out++ = static_cast<uint8_t>(t.index());
    });
  }
  b.end();
}

Tile readWideTile(det::Reader& r, const SetIndex& set, std::string_view name) {
  uint16_t v = r.u16(name);
  if (v & 0x8000) {
    if ((v & 0x7FFF) >= set.size()) r.fail(name, "hidden deck position outside the set");
    return unknownTile(static_cast<uint8_t>(v & 0xFF));
  }
  if (v >= set.size()) {
    r.fail(name, "coordinate index outside the set");
    return Tile{};
  }
  return set[v];
}

std::vector<Tile> readTiles(det::Reader& r, const SetIndex& set, bool wide) {
  std::vector<Tile> out;
  uint64_t n = r.count("count", set.size(), wide ? 2 : 1);
  out.reserve(static_cast<size_t>(n));
  if (wide) {
    for (uint64_t i = 0; i < n && r.ok(); ++i) {
      Tile t = readWideTile(r, set, "tile");
      if (r.ok()) out.push_back(t);
    }
    return out;
  }
  for (uint8_t ix : r.raw("tile", static_cast<size_t>(n))) {  // the u8 indices, written in one raw piece
    if (ix >= set.size()) {
      r.fail("tile", "coordinate index outside the set");
      break;
    }
    out.push_back(set[ix]);
  }
  return out;
}

template <class Block>
void writePlaced(Block& b, std::string_view name, const std::vector<Placed>& ps) {
  b.begin(name);
  b.varu("count", ps.size());
  b.rawFill("tiles", 2 * ps.size(), [&](uint8_t* out) {
    for (const Placed& p : ps) {
      *out++ = static_cast<uint8_t>(p.tile.index());
      *out++ = p.open;
    }
  });
  b.end();
}

std::vector<Placed> readPlaced(det::Reader& r, const SetIndex& set) {
  std::vector<Placed> out;
  uint64_t n = r.count("count", set.size(), 2);
  out.reserve(static_cast<size_t>(n));
  const auto pairs = r.raw("tile", static_cast<size_t>(2 * n));  // (index, open end) pairs in one raw piece
  for (size_t i = 0; i + 1 < pairs.size(); i += 2) {
    const uint8_t ix = pairs[i];
    const uint8_t open = pairs[i + 1];
    if (ix >= set.size() || !set[ix].has(open)) {
      r.fail("tile", "placed coordinate out of range or open end not on it");
      break;
    }
    out.push_back(Placed{set[ix], open});
  }
  return out;
}

template <class Block>
void writeStrings(Block& b, std::string_view name, const std::vector<std::string>& v) {
  b.begin(name);
  b.varu("count", v.size());
  for (const auto& s : v) b.str("line", s);
  b.end();
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
template <class Block>
void writeEvents(Block& b, std::string_view name, const RoundLog& log) {
  b.begin(name);
  b.varu("count", log.events.size());
  b.raw("events", log.encoded);
  b.end();
  writeStrings(b, "texts", log.texts);
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

void WarpGame::setConfig(const Config& c) {
  cfg_ = c;
  auto bytes = encodeConfig(c);
  cfgLen_ = static_cast<uint8_t>(std::min(bytes.size(), cfgBytes_.size()));
  std::copy_n(bytes.begin(), cfgLen_, cfgBytes_.begin());
}

// One Writer::Block for the whole state (the hashing path; traced for desync diffs, same bytes and paths).
// Runs of fixed-width fields are packed; the field names and order are the canonical layout.
void WarpGame::write(det::Writer& w) const {
  using det::Bool;
  using det::U16;
  using det::U8;
  w.block(4096, [&](auto& b) {
    b.begin("warp");
    b.bytes("config", std::span<const uint8_t>(cfgBytes_.data(), cfgLen_));
    b.u16("seats", seats_);
    deal_.write(b, "rng.deal");
    b.pack(U16{"round", round_}, U16{"roundsScored", roundsScored_}, U8{"spacedock", spacedock_},
           U8{"roundStarter", roundStarter_});
    for (uint8_t s = 0; s < seats_; ++s) {
      const auto& st = seat_[s];
      b.begin("seat", s);
      writeTiles(b, "hand", st.hand, hiddenDeal_);
      b.pack(Bool("beacon", st.beacon), Bool("chartedOwn", st.chartedOwn), Bool("ownSinceDrop", st.ownSinceDrop),
             Bool("atImpulse", st.atImpulse), Bool("skipNext", st.skipNext));
      b.vari("roundScore", st.roundScore);
      b.vari("campaign", st.campaign);
      b.pack(U16{"roundWins", st.roundWins}, U8{"vote", st.vote}, U16{"debt", st.debt},
             U16{"hazardPasses", st.hazardPasses}, U8{"beaconLock", st.beaconLock});
      writeTiles(b, "pack", st.pack, hiddenDeal_);
      b.boolean("picked", st.picked);
      b.end();
    }
    for (size_t l = 0; l < lines_.size(); ++l) {
      b.begin("line", l);
      writePlaced(b, "main", lines_[l].main);
      writePlaced(b, "branches", lines_[l].branches);
      b.end();
    }
    writeTiles(b, "pile", pile_, hiddenDeal_);
    writeTiles(b, "boxed", boxed_, hiddenDeal_);
    writeTiles(b, "grid", grid_, hiddenDeal_);
    b.begin("openDouble");
    b.pack(Bool("active", dbl_.active), U8{"line", dbl_.line}, U8{"pip", dbl_.pip}, U8{"charter", dbl_.charter},
           U8{"responsible", dbl_.responsible}, Bool("red", dbl_.red), Bool("fracture", dbl_.fracture),
           U8{"stabilizers", dbl_.stabilizers}, Bool("wormhole", dbl_.wormhole));
    b.end();
    b.begin("turn");
    b.pack(U8{"phase", static_cast<uint8_t>(phase_)}, U8{"toAct", toAct_}, Bool("drew", drew_),
           Bool("mustChartDrawn", mustChartDrawn_), U8{"drawn", static_cast<uint8_t>(isUnknown(drawn_) ? 0 : drawn_.index())},
           U8{"chartsThisTurn", chartsThisTurn_}, Bool("shieldChanged", shieldChanged_),
           Bool("openingTurn", openingTurn_), Bool("flashPending", flashPending_), U8{"catchTarget", catchTarget_},
           U8{"lastLine", lastLine_});
    b.end();
    b.begin("continuum");
    b.pack(Bool("reversed", reversed_), Bool("inversion", inversion_), Bool("amplification", amplification_),
           Bool("echo", echo_), Bool("swap", swap_), U8{"immunitySeat", immunitySeat_}, U8{"peekSeat", peekSeat_});
    writeTiles(b, "wager", wager_, hiddenDeal_);
    b.end();
    b.begin("modules");
    b.pack(U8{"hazard", hazard_}, U8{"doubleDown", doubleDown_}, Bool("momentumClaimed", momentumClaimed_),
           U8{"extraTurn", extraTurn_}, Bool("exchangeDone", exchangeDone_), Bool("exchangePending", exchangePending_),
           U8{"exchangeGiver", exchangeGiver_}, U8{"exchangeTaker", exchangeTaker_});
    b.end();
    b.begin("results");
    b.pack(U8{"lastWinner", lastWinner_}, Bool("lastBlocked", lastBlocked_), U16{"blockedDeals", blockedDeals_},
           Bool("overtime", overtime_));
    b.varu("winnerCount", winners_.size());
    for (uint8_t s : winners_) b.u8("winner", s);
    writeStrings(b, "tally", tally_);
    b.end();
    b.u64("logBase", logBase_);
    writeEvents(b, "log", log_);
    writeEvents(b, "prevLog", prevLog_);
    b.u32("turns", turns_);
    if (hiddenDeal_) {  // issue 26: what the hidden table needs back on a rejoin
      b.u16("drawnWide", wideTile(drawn_));
      b.u32("deals", deals_);
      b.boolean("blockClaimed", blockClaimed_);
    }
    b.end();
  });
}

Result<void> WarpGame::read(det::Reader& r) {
  WarpGame g;
  g.rulesVersion_ = rulesVersion_;  // the session's, not in the bytes
  g.hiddenDeal_ = hiddenDeal_;      // the table's (issue 26), not in the bytes
  auto cfgBytes = r.bytes("config", 64);
  if (!r.ok()) return r.status();
  auto c = decodeConfig(cfgBytes);
  if (!c) return c.error();
  g.setConfig(*c);
  g.seats_ = static_cast<uint8_t>(std::min<uint16_t>(r.u16("seats"), 255));
  if (r.ok() && (g.seats_ < 2 || g.seats_ > maxFleet(g.cfg_.maxPip))) r.fail("seats", "outside the fleet range");
  if (!r.ok()) return r.status();
  const SetIndex set(g.cfg_.maxPip);
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
    st.hand = readTiles(r, set, g.hiddenDeal_);
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
    st.pack = readTiles(r, set, g.hiddenDeal_);
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
  g.pile_ = readTiles(r, set, g.hiddenDeal_);
  g.boxed_ = readTiles(r, set, g.hiddenDeal_);
  g.grid_ = readTiles(r, set, g.hiddenDeal_);
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
  g.wager_ = readTiles(r, set, g.hiddenDeal_);
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
  if (g.hiddenDeal_) {
    g.drawn_ = readWideTile(r, set, "drawnWide");
    g.deals_ = r.u32("deals");
    g.blockClaimed_ = r.boolean("blockClaimed");
  }
  if (r.ok() && g.prevLog_.size() > g.logBase_) r.fail("prevLog", "longer than the log base");
  // Conservation: every coordinate of the set is exactly once in Spacedock, hands, lines, pile, wager or box.
  if (r.ok()) {
    std::vector<int> seen(set.size(), 0);
    ++seen[static_cast<size_t>(Tile{g.spacedock_, g.spacedock_}.index())];
    std::vector<int> seenPos(set.size(), 0);
    auto mark = [&](Tile t) {
      if (isUnknown(t)) ++seenPos[unknownPosition(t)];  // a hidden deal: each position once, and the set filled by both
      else ++seen[static_cast<size_t>(t.index())];
    };
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
    int hidden = 0, missing = 0;
    for (int n : seenPos) hidden += n;
    for (int n : seen) missing += n == 0 ? 1 : 0;
    bool twice = std::any_of(seen.begin(), seen.end(), [](int n) { return n > 1; }) ||
                 std::any_of(seenPos.begin(), seenPos.end(), [](int n) { return n > 1; });
    if (twice || missing != hidden) r.fail("tiles", "a coordinate is missing or appears twice");
  }
  if (auto st = r.status(); !st) return st;
  *this = std::move(g);
  return Ok();
}

}  // namespace concord::warp
