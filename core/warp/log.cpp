// The round log: recording event records (say) and rendering them in the manual's words (render, logSince).
#include <algorithm>
#include <string_view>

#include "core/warp/state.h"

namespace concord::warp {

namespace {

Tile unpack(uint16_t v) { return Tile{static_cast<uint8_t>(v >> 8), static_cast<uint8_t>(v & 0xFF)}; }
std::string tx(uint16_t v) { return unpack(v).text(); }
std::string num(uint16_t v) { return std::to_string(v); }

}  // namespace

uint16_t WarpGame::packTile(Tile t) { return static_cast<uint16_t>(t.hi * 256 + t.lo); }

void WarpGame::say(Ev e, std::initializer_list<uint16_t> args) {
  LogEvent ev;
  ev.code = e;
  size_t i = 0;
  for (uint16_t v : args) ev.a[i++] = v;
  log_.append(ev);
}

void WarpGame::sayText(Ev e, std::string text, uint16_t a1, uint16_t a2) {
  say(e, {static_cast<uint16_t>(log_.texts.size()), a1, a2});
  log_.texts.push_back(std::move(text));
}

std::string WarpGame::render(const LogEvent& e, const RoundLog& round) const {
  auto text = [&](size_t i) { return e.a[i] < round.texts.size() ? round.texts[e.a[i]] : std::string(); };
  const auto& a = e.a;
  auto n = [&](size_t i) { return name(static_cast<uint8_t>(a[i])); };
  switch (e.code) {
    case Ev::Catch:
      return n(0) + " catches " + n(1) + ": missed Drop to Impulse! " + n(1) + " draws " +
             num(cfg_.catchPenalty) + " and returns to warp";
    case Ev::OvertimeVote: return n(0) + (a[1] ? " accepts overtime" : " declines overtime");
    case Ev::WagerKeep: return n(0) + " keeps one wager coordinate and returns the other face-down";
    case Ev::DropToImpulse: return n(0) + ": Drop to Impulse!";
    case Ev::PassLastOne: return n(0) + " passes the helm with one coordinate left";
    case Ev::PassRedHouse: return n(0) + " passes Red Alert without drawing (house rule)";
    case Ev::Pass: return n(0) + " passes";
    case Ev::ShieldsDown: return n(0) + ": shields down, Distress Beacon deployed";
    case Ev::ExchangeGive: return n(0) + " gives one coordinate back to " + n(1);
    case Ev::DrawReturn: return n(0) + " draws and returns to warp";
    case Ev::Draw: return n(0) + " draws from Uncharted Sectors";
    case Ev::ShieldsUp: return n(0) + ": shields up";
    case Ev::Stabilizer: return n(0) + " places stabilizer " + num(a[1]) + " " + tx(a[2]) + " on " + tx(a[3]);
    case Ev::DeadStabilize: return "Dead double: " + tx(a[0]) + " can no longer be stabilized — the alert ends";
    case Ev::CenterFoot:
      return n(0) + " places the center foot " + tx(a[1]) + ": Subspace Fracture stabilized, alert cleared";
    case Ev::Cover: return n(0) + " covers " + tx(a[1]) + " with " + tx(a[2]) + ": alert cleared";
    case Ev::Chart:
      return n(0) + " charts " + tx(a[1]) + " on " + lineName(static_cast<uint8_t>(a[0]), static_cast<uint8_t>(a[2]));
    case Ev::FractureImmunity: return "Fracture immunity: no Subspace Fracture on " + tx(a[0]);
    case Ev::DeadDouble:
      return "Dead double: no coordinate showing " + num(unpack(a[0]).hi) + " is left to satisfy " + tx(a[0]) +
             " — the alert ends";
    case Ev::FractureOpen: return "Subspace Fracture and Red Alert open on " + tx(a[0]) + ": three stabilizers needed";
    case Ev::YellowAlert: return "Yellow alert: " + n(0) + " owes a cover on " + tx(a[1]);
    case Ev::Wormhole: return "Wormhole! " + n(0) + "'s Warp Trail and the Neutral Zone swap";
    case Ev::Surge: return "Salamander Surge! Every opposing captain draws 1";
    case Ev::SurgeCancelled: return "No coordinates left to draw: the remaining surge draws are cancelled";
    case Ev::HazardTake: return n(0) + " takes the Hazard Marker";
    case Ev::Momentum: return "Trail Momentum! " + n(0) + " earns an extra turn";
    case Ev::Flash: return "Continuum Flash! " + n(0) + " chooses a directive";
    case Ev::MomentumTurn: return n(0) + " takes the Trail Momentum extra turn";
    case Ev::Skips: return n(0) + " skips this turn";
    case Ev::RedAlert: return "Red Alert! " + n(0) + " must answer " + tx(a[1]);
    case Ev::DoubleDown: return "Double Down! " + n(0) + " draws " + num(a[1]);
    case Ev::Invoke:
      return n(0) + " invokes the Continuum: " + directiveName(static_cast<Directive>(a[1]));
    case Ev::ForceDrawCancelled: return "Force Draw cancelled: nothing left to draw";
    case Ev::ForcedDraw: return n(0) + " is forced to draw 1";
    case Ev::WagerOne: return "Continuum Wager: only one coordinate was left; " + n(0) + " keeps it";
    case Ev::WagerEmpty: return "Continuum Wager: Uncharted Sectors are empty";
    case Ev::Engage:
      return n(0) + " engages warp drive on " + lineName(static_cast<uint8_t>(a[0]), static_cast<uint8_t>(a[1]));
    case Ev::SpoolStop: return n(0) + " draws a coordinate that does not match " + num(a[1]) + ": the spool stops";
    case Ev::Spools: return n(0) + " spools " + tx(a[1]);
    case Ev::SpoolFail:
      return n(0) + " spools " + tx(a[1]) + " but cannot satisfy it: the double and the failed draws go to hand";
    case Ev::SpoolSatisfy: {
      std::vector<Tile> got;
      for (size_t i = 2; i < 5; ++i)
        if (a[i] != kNoArg) got.push_back(unpack(a[i]));
      return n(0) + " spools " + tx(a[1]) + " and satisfies it with " + tilesText(got);
    }
    case Ev::SpoolEmpty: return "Uncharted Sectors are empty: the spool stops";
    case Ev::ExchangeSkipped: return "Hand Exchange skipped this round (tie, or nothing to take)";
    case Ev::Exchange: return "Hand Exchange: " + n(0) + " takes a random coordinate from " + n(1);
    case Ev::Dig: return n(0) + " invokes Temporal Debt: Desperation Dig";
    case Ev::DigFound: return n(0) + " digs up a playable coordinate";
    case Ev::DigNothing: return n(0) + "'s dig finds nothing playable: pass";
    case Ev::HazardPlus5: return n(0) + " passes holding the Hazard Marker: +5";
    case Ev::HazardEmpty: return n(0) + " passes holding the Hazard Marker: Uncharted is empty, next turn skipped";
    case Ev::HazardDraw2: return n(0) + " passes holding the Hazard Marker: draws 2";
    case Ev::PacksPass: return "Every captain has picked; packs pass clockwise";
    case Ev::RequisitionDone: return "Requisition complete: " + n(0) + " has the helm";
    case Ev::Sweep: return n(0) + " sweeps " + tx(a[1]) + " from the Sensor Grid";
    case Ev::Wins: return n(0) + " goes out and wins round " + num(a[1]);
    case Ev::AllStop: return "All Stop!";
    case Ev::Blocked: return "Blocked sector: Uncharted Sectors are empty and no captain can chart";
    case Ev::Redealt: return "Round re-dealt at the same Spacedock; no win credited";
    case Ev::Tally: return "Tally: " + tallyShown(text(0));
    case Ev::OvertimeOffered: return "Tied on round wins: overtime offered to the leaders";
    case Ev::Overtime: return "Tied on round wins: overtime";
    case Ev::SectorOver: {
      std::string names;
      int count = 0;
      uint32_t mask = a[1] | static_cast<uint32_t>(a[2]) << 16;
      for (uint8_t t = 0; t < seats_; ++t)
        if ((mask >> t) & 1) {
          names += (names.empty() ? "" : ", ") + name(t);
          ++count;
        }
      return "Sector over (" + text(0) + "): " + names + (count > 1 ? " share the victory" : " wins the sector");
    }
    case Ev::Requisition: return "Tactical Requisition: every captain picks one coordinate per pack, packs pass clockwise";
    case Ev::Round:
      return "Round " + num(a[0]) + (a[1] ? " (overtime)" : "") + ": Spacedock " + tx(static_cast<uint16_t>(a[2] * 257)) + ", " + n(3) +
             " has the helm";
    case Ev::BlockedCap:
      return "Blocked " + num(a[0]) + " deals in a row at the same Spacedock: no more re-deals; the captain(s) "
             "closest to going out (fewest coordinates, then fewest pips) take the round";
    case Ev::BlockedCapWin:
      return n(0) + " holds " + num(a[1]) + " coordinate(s), " + num(a[2]) + " pips, and is credited round " +
             num(a[3]);
    case Ev::GoesOut: return n(0) + " goes out";
    case Ev::PassRedHouseDrew: return n(0) + " drew, and passes Red Alert without deploying a beacon (house rule)";
    case Ev::TopHandWins: return n(0) + " holds the top hand and wins round " + num(a[1]) + " (Temporal Inversion)";
    case Ev::Count: break;
  }
  return "?";
}

// Tally lines are stored as text in the state (scoring.cpp), so they keep the canonical "Captain N" on every peer
// and in every replay; a named() copy swaps each "Captain N" for the seat's name when it renders them (issue 10):
// the line's own seat and a Salamander swap's receiver ("swapped to Captain N") alike.
std::string WarpGame::tallyShown(const std::string& stored) const {
  constexpr std::string_view kLabel = "Captain ";
  if (labels_.empty()) return stored;
  std::string out;
  size_t from = 0;
  for (size_t at = stored.find(kLabel); at != std::string::npos; at = stored.find(kLabel, at + 1)) {
    size_t end = at + kLabel.size();
    unsigned seat = 0;
    while (end < stored.size() && end < at + kLabel.size() + 3 && stored[end] >= '0' && stored[end] <= '9')
      seat = seat * 10 + static_cast<unsigned>(stored[end++] - '0');
    const bool digitsEnd = end == stored.size() || stored[end] < '0' || stored[end] > '9';
    if (end == at + kLabel.size() || !digitsEnd || seat >= seats_) continue;
    out += stored.substr(from, at - from) + name(static_cast<uint8_t>(seat));
    from = end;
    at = end - 1;
  }
  return out + stored.substr(from);
}

std::vector<std::string> WarpGame::log() const {
  std::vector<std::string> out;
  for (const auto& e : log_.events) out.push_back(render(e, log_));
  return out;
}

std::vector<std::string> WarpGame::logSince(uint64_t from) const {
  std::vector<std::string> out;
  for (auto& e : eventsSince(from)) out.push_back(std::move(e.text));
  return out;
}

namespace {
// The shared event vocabulary (core/game/game.h GameEvent) for Warp's log records.
const char* eventKind(Ev e) {
  switch (e) {
    case Ev::Round: return "round";
    case Ev::Wins: case Ev::GoesOut: return "goout";
    case Ev::TopHandWins: return "round-end";  // RULES §IV: the captain who empties their hand wins the round
    case Ev::Blocked: case Ev::Redealt: case Ev::BlockedCapWin: return "round-end";
    case Ev::YellowAlert: case Ev::RedAlert: case Ev::FractureOpen: return "alert";
    case Ev::Cover: case Ev::CenterFoot: case Ev::DeadDouble: case Ev::DeadStabilize: return "alert-end";
    case Ev::Catch: return "catch";
    case Ev::Tally: return "tally";
    case Ev::SectorOver: return "winner";
    default: return "play";
  }
}
}  // namespace

std::vector<GameEvent> WarpGame::eventsSince(uint64_t from) const {
  std::vector<GameEvent> out;
  uint64_t prevStart = logBase_ - prevLog_.size();
  for (uint64_t i = std::max(from, prevStart); i < logBase_; ++i) {
    const auto& e = prevLog_.events[static_cast<size_t>(i - prevStart)];
    out.push_back({eventKind(e.code), render(e, prevLog_)});
  }
  for (uint64_t i = std::max(from, logBase_); i < logTotal(); ++i) {
    const auto& e = log_.events[static_cast<size_t>(i - logBase_)];
    out.push_back({eventKind(e.code), render(e, log_)});
  }
  return out;
}

}  // namespace concord::warp

namespace concord::warp {
std::string WarpGame::lastLogLine() const { return log_.events.empty() ? std::string() : render(log_.events.back(), log_); }
}  // namespace concord::warp
