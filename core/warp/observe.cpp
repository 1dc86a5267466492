// observe(seat): own hand, every charted coordinate, hand counts, pile size, beacons, the open double,
// scores. Never another captain's hand or the pile order (the Continuum Peek shows its invoker the top).
#include "core/warp/state.h"

namespace concord::warp {

namespace {
std::string lineText(const Line& l) {
  if (l.main.empty() && l.branches.empty()) return "-";
  std::string s;
  for (const auto& p : l.main) s += (s.empty() ? "" : " ") + std::string("[") + p.tile.text() + "]";
  if (!l.branches.empty()) {
    s += "  stabilizers:";
    for (const auto& p : l.branches) s += " [" + p.tile.text() + "]";
  }
  return s;
}
// "[12-10] [10-9]  open end 9": the pip the next coordinate must show, so nobody decodes the trail by hand.
std::string withOpenEnd(const Line& l, uint8_t spacedock) {
  return lineText(l) + "  open end " + std::to_string(l.openEnd(spacedock));
}
}  // namespace

bool WarpGame::fitsAnOpenEndFor(uint8_t s, Tile t) const {
  for (uint8_t line = 0; line <= seats_; ++line)
    if ((line == seats_ || home(line) == line) && routeOpenTo(s, line, false) && t.has(lines_[line].openEnd(spacedock_))) return true;
  return false;
}

Observation WarpGame::observe(Seat viewer) const {
  Observation o = observeForOfficer(viewer);
  o.text = observationText(viewer);
  return o;
}

// The canonical half of observe(): all an officer reads (ai::tableOf), so verify re-derives officers without text.
Observation WarpGame::observeForOfficer(Seat viewer) const {
  Observation o;
  o.viewer = viewer;
  const bool omni = viewer == kOmniscient;
  std::vector<uint8_t> tableBytes;  // built first so the view's writer is sized once
  const bool withTable = omni || viewer < seats_ || viewer == kSpectator;
  if (withTable) {
    // RULES §VII: the table as this seat may know it, for its officer; last, with its length as a trailer.
    // The omniscient view carries the whole table (logs dropped, as for a seat) so an analyst's client
    // (the Qt replay viewer) draws it with the same decoder, ai::tableOf. Issue 26: a spectator's is redacted for
    // no seat (every hand, pack, wager and the pile pooled), so the viewer draws the public table from it.
    WarpGame t = omni ? withoutLogs() : redactedFor(viewer);
    // Issue 26: a hidden deal's table is read back by the same decoder as an open one: masked coordinates still standing
    // (a player's own view drawn whole) take the unseen coordinates in ascending order, as a redacted pool does.
    if (t.hiddenDeal_) {
      auto pool = t.unseenTiles();
      size_t next = 0;
      for (const auto& u : t.unknowns())
        if (next < pool.size()) t.reveal(u.position, pool[next++]);
      t.hiddenDeal_ = false;
    }
    det::Writer tw;
    tw.reserve(4096);
    t.write(tw);
    tableBytes = tw.take();
    // The very table the bytes encode (a snapshot's write/read round trip is exact): officers skip decoding it.
    o.decoded = std::make_shared<const WarpGame>(std::move(t));
  }
  det::Writer w;
  w.reserve(tableBytes.size() + 512);
  w.u16("viewer", viewer);
  w.u8("phase", static_cast<uint8_t>(phase_));
  w.u16("round", round_);
  w.u8("spacedock", spacedock_);
  w.u8("toAct", toAct_);
  w.varu("pile", pile_.size());
  w.boolean("reversed", reversed());
  w.boolean("amplification", amplification_);
  for (uint8_t s = 0; s < seats_; ++s) {
    const auto& st = seat_[s];
    w.begin("seat", s);
    w.varu("handCount", st.hand.size());
    w.boolean("beacon", beaconOf(s));
    w.boolean("atImpulse", st.atImpulse);
    w.vari("campaign", st.campaign);
    w.u16("roundWins", st.roundWins);
    for (const auto& p : lines_[home(s)].main) w.u8("trail", static_cast<uint8_t>(p.tile.index()));
    w.end();
  }
  w.begin("neutral");
  for (const auto& p : lines_[seats_].main) w.u8("tile", static_cast<uint8_t>(p.tile.index()));
  w.end();
  w.boolean("openDouble", dbl_.active);
  if (dbl_.active) {
    w.u8("openDouble.line", dbl_.line);
    w.u8("openDouble.pip", dbl_.pip);
    w.u8("openDouble.responsible", dbl_.responsible);
    w.boolean("openDouble.red", dbl_.red);
    w.u8("openDouble.stabilizers", dbl_.stabilizers);
  }
  for (Tile x : grid_) w.u8("grid", static_cast<uint8_t>(x.index()));
  if (hazard_ != kNone) w.u8("hazard", hazard_);
  for (uint8_t s = 0; s < seats_; ++s) {
    if (!omni && viewer != s) continue;
    w.begin("hand", s);
    for (Tile x : seat_[s].hand) w.u8("tile", static_cast<uint8_t>(x.index()));
    w.end();
  }
  for (uint8_t s = 0; s < seats_ && phase_ == Phase::Draft; ++s) {
    if (!omni && viewer != s) continue;
    w.begin("pack", s);
    for (Tile x : seat_[s].pack) w.u8("tile", static_cast<uint8_t>(x.index()));
    w.end();
  }
  if ((omni || viewer == peekSeat_) && peekSeat_ != kNone && !pile_.empty())
    w.u8("peek", static_cast<uint8_t>(pile_.back().index()));
  if ((omni || viewer == toAct_) && phase_ == Phase::Wager)
    for (Tile x : wager_) w.u8("wager", static_cast<uint8_t>(x.index()));
  if (withTable) {
    w.bytes("table", tableBytes);
    w.u32("tableBytes", static_cast<uint32_t>(tableBytes.size()));
  }
  o.canonical = w.take();
  return o;
}

// The plain-language half of observe(): the board as a person reads it.
std::string WarpGame::observationText(Seat viewer) const {
  const bool omni = viewer == kOmniscient;
  std::string t;
  Tile sd{spacedock_, spacedock_};
  t += "Round " + std::to_string(round_) + "  Spacedock " + sd.text() + "  Uncharted Sectors: " +
       std::to_string(pile_.size()) + "  Helm: " + name(toAct_) + (reversed() ? " (counter-clockwise)" : "") + "\n";
  t += "Neutral Zone: " + withOpenEnd(lines_[seats_], spacedock_) + "\n";
  for (uint8_t s = 0; s < seats_; ++s) {
    const auto& st = seat_[s];
    std::string score = cfg_.objective == Objective::Points ? "campaign " + std::to_string(shownScore(st.campaign))
                                                            : "round wins " + std::to_string(st.roundWins);
    // Named seats keep their number beside the name: orders name seats by number ("seat:2", "catch 2").
    t += name(s) + (labels_.empty() ? "" : " [seat " + std::to_string(s) + "]") + (s == viewer ? " (you)" : "") + ": " + std::to_string(st.hand.size()) + " in hand, " + score +
         (cfg_.squadrons ? ", squadron " + std::to_string(home(s)) : std::string()) +
         (beaconOf(s) ? ", DISTRESS BEACON (shields down)" : "") + (st.atImpulse ? ", at impulse" : "") +
         "\n   trail: " + withOpenEnd(lines_[home(s)], spacedock_) + "\n";
  }
  if (dbl_.active) {
    Tile dt{dbl_.pip, dbl_.pip};
    t += std::string(dbl_.red ? "RED ALERT" : "Yellow alert") + ": " + dt.text() + " on " +
         lineName(static_cast<uint8_t>(viewer == kOmniscient ? 0xFE : viewer), dbl_.line) + ", " +
         name(dbl_.responsible) + " must answer" +
         (dbl_.fracture ? " (Subspace Fracture, " + std::to_string(dbl_.stabilizers) + "/3 stabilizers)" : "") + "\n";
  }
  if (!grid_.empty()) {
    // RULES §VI Gamma: mark the picks a Sensor Sweep could chart at once (for the viewer, by its routes).
    std::string grid;
    bool marked = false;
    for (Tile x : grid_) {
      const bool fits = viewer < seats_ && fitsAnOpenEndFor(static_cast<uint8_t>(viewer), x);
      marked = marked || fits;
      grid += (grid.empty() ? "" : " ") + x.text() + (fits ? "*" : "");
    }
    t += "Sensor Grid: " + grid + (marked ? "  (* matches a reachable open end)" : "") + "\n";
  }
  if (hazard_ != kNone) t += "Hazard Marker: " + name(hazard_) + "\n";
  if (catchTarget_ != kNone) t += name(catchTarget_) + " passed at impulse without announcing (catch window open)\n";
  for (uint8_t s = 0; s < seats_; ++s)
    if (omni || viewer == s) t += (omni ? name(s) + " hand: " : std::string("Your hand: ")) + tilesText(seat_[s].hand) + "\n";
  for (uint8_t s = 0; s < seats_ && phase_ == Phase::Draft; ++s)
    if (omni || viewer == s)
      t += (omni ? name(s) + " pack: " : std::string("Your Requisition Pack: ")) + tilesText(seat_[s].pack) + "\n";
  if ((omni || viewer == peekSeat_) && peekSeat_ != kNone && !pile_.empty())
    t += "Continuum Peek: the next coordinate in Uncharted Sectors is " + pile_.back().text() + "\n";
  if ((omni || viewer == toAct_) && phase_ == Phase::Wager) t += "Continuum Wager: keep one of " + tilesText(wager_) + "\n";
  if (omni) t += "Uncharted (next first): " + tilesText(std::vector<Tile>(pile_.rbegin(), pile_.rend())) + "\n";
  return t;
}

std::string WarpGame::describe(Seat seat, const Order& order) const {
  return name(static_cast<uint8_t>(seat)) + ": " + warp::orderText(order, cfg_.maxPip);
}

std::string WarpGame::orderText(Seat, const Order& order) const { return warp::orderText(order, cfg_.maxPip); }

Result<Order> WarpGame::parseOrder(Seat, std::string_view text) const { return parseOrderText(std::string(text), cfg_.maxPip); }

}  // namespace concord::warp
