// Warp events from the log's records: each record is read once, in the order the rules wrote it, with the
// state before the turn for what the record leaves implicit (who acted, whether the alert was already Red).
#include "core/warp/analyst_events.h"

#include <optional>

#include "core/warp/hidden/hidden_table.h"
#include "core/warp/state.h"

namespace concord::warp {

namespace {

const WarpGame& rulesOf(const Game& g) {
  if (const auto* w = dynamic_cast<const WarpGame*>(&g)) return *w;
  return dynamic_cast<const hidden::HiddenTable&>(g).rules();  // issue 26: the hidden table wraps the rules
}

std::string tileText(uint16_t packed) {
  return Tile{static_cast<uint8_t>(packed >> 8), static_cast<uint8_t>(packed & 0xFF)}.text();
}

EventValue seatOrNull(uint8_t s) { return s == kNone ? EventValue{} : EventValue{int64_t{s}}; }

// A round's end as the records tell it, emitted once the round's last record (tally, win) has been read.
struct RoundEnd {
  uint16_t round = 0;
  std::string how;
  uint8_t wentOut = kNone;
  std::vector<Seat> winners;
};

class WarpEvents final : public EventExtractor {
 public:
  std::vector<AnalystEvent> begin(const Game& g) override {
    const auto& w = rulesOf(g);
    was_ = Before{0, kNone, OpenDouble{}, w.round()};
    std::vector<AnalystEvent> out;
    read(w, -1, out);
    return out;
  }

  void before(const Game& g, uint32_t) override {
    const auto& w = rulesOf(g);
    was_ = Before{w.logTotal(), w.phase() == Phase::Over ? kNone : w.toAct(), w.openDouble(), w.round()};
  }

  std::vector<AnalystEvent> after(const Game& g, uint32_t turn) override {
    std::vector<AnalystEvent> out;
    read(rulesOf(g), turn, out);
    return out;
  }

 private:
  // What the records leave implicit, as it stood before the turn: who had the helm, the open double, the round.
  struct Before {
    uint64_t logTotal = 0;
    uint8_t actor = kNone;
    OpenDouble dbl;
    uint16_t round = 1;
  };

  // Every record of `w` written since before the turn (the previous round's tail, then this round's).
  void read(const WarpGame& w, int64_t turn, std::vector<AnalystEvent>& out) {
    const uint64_t from = was_.logTotal;
    actor_ = was_.actor;
    dbl_ = was_.dbl;
    roundAtStart_ = was_.round;
    end_.reset();
    redeal_ = false;
    const auto& prev = w.previousEvents();
    const uint64_t prevStart = w.logBase() - prev.size();
    for (uint64_t i = std::max(from, prevStart); i < w.logBase(); ++i)
      one(w, prev, prev.events[static_cast<size_t>(i - prevStart)], turn, out);
    for (uint64_t i = std::max(from, w.logBase()); i < w.logTotal(); ++i)
      one(w, w.events(), w.events().events[static_cast<size_t>(i - w.logBase())], turn, out);
    flushRoundEnd(w, turn, out);
  }

  AnalystEvent& add(std::vector<AnalystEvent>& out, std::string kind, int64_t turn) {
    out.push_back(AnalystEvent{std::move(kind), turn, {}, {}});
    return out.back();
  }

  void one(const WarpGame& w, const RoundLog& log, const LogEvent& e, int64_t turn, std::vector<AnalystEvent>& out) {
    const auto& a = e.a;
    const auto seat = [&](size_t i) { return static_cast<uint8_t>(a[i]); };
    switch (e.code) {
      case Ev::Round:  // RULES §II a deal: round 1 at setup, each later round, a blocked Go-out deal's re-deal
        flushRoundEnd(w, turn, out);
        add(out, "round-start", turn)
            .about(seat(3))
            .with("round", int64_t{a[0]})
            .with("overtime", int64_t{a[1]})
            .with("spacedock", tileText(static_cast<uint16_t>(a[2] * 257)))
            .with("starter", int64_t{a[3]})
            .with("redeal", int64_t{redeal_ ? 1 : 0});
        redeal_ = false;
        dbl_ = OpenDouble{};
        return;
      case Ev::YellowAlert:  // §IV a double charted: Yellow while on its charter
      case Ev::FractureOpen: {
        const uint8_t by = e.code == Ev::YellowAlert ? seat(0) : actor_;
        const uint16_t tile = e.code == Ev::YellowAlert ? a[1] : a[0];
        add(out, "yellow-alert", turn).about(by).with("by", int64_t{by}).with("double", tileText(tile))
            .with("fracture", int64_t{e.code == Ev::FractureOpen ? 1 : 0});
        dbl_ = OpenDouble{true, 0, static_cast<uint8_t>(tile >> 8), by, by, false, e.code == Ev::FractureOpen, 0};
        return;
      }
      case Ev::RedAlert: {  // §IV responsibility passes: the first pass opens the Red Alert, later ones hand it on
        const uint8_t to = seat(0);
        auto& ev = add(out, dbl_.red ? "red-alert-passed" : "red-alert", turn);
        if (actor_ != kNone) ev.about(actor_);
        ev.about(to);
        if (dbl_.red) ev.with("from", seatOrNull(actor_)).with("to", int64_t{to});
        else ev.with("opened_by", seatOrNull(actor_)).with("responsible", int64_t{to}).with("charter", seatOrNull(dbl_.active ? dbl_.charter : kNone));
        ev.with("double", tileText(a[1]));
        dbl_.active = dbl_.red = true;
        dbl_.responsible = to;
        return;
      }
      case Ev::Cover: answered(seat(0), tileText(a[1]), "cover", turn, out); return;
      case Ev::CenterFoot: answered(seat(0), doubleText(), "center-foot", turn, out); return;
      case Ev::DeadDouble: case Ev::DeadStabilize:
        if (dbl_.active) answered(kNone, tileText(a[0]), "dead-double", turn, out);
        return;
      case Ev::Catch:  // §V a missed Drop to Impulse caught
        add(out, "catch", turn).about(seat(0)).about(seat(1)).with("by", int64_t{seat(0)}).with("caught", int64_t{seat(1)});
        return;
      case Ev::Wins: roundEnd("out", seat(0)).winners = {seat(0)}; return;
      case Ev::GoesOut: roundEnd("out", seat(0)); return;
      case Ev::TopHandWins: {  // §VI Kappa even round: the top hand wins, the go-out only ends the round
        auto& r = roundEnd("top-hand", end_ ? end_->wentOut : kNone);
        r.winners.push_back(seat(0));
        return;
      }
      case Ev::Blocked:
        if (w.config().objective == Objective::Points) roundEnd("blocked", kNone);  // §V scored, nobody wins
        return;
      case Ev::Redealt: {  // Victory conditions: a blocked Go-out deal is re-dealt, no win credited
        add(out, "deal-blocked", turn).with("round", int64_t{roundAtStart_});
        redeal_ = true;
        return;
      }
      case Ev::BlockedCapWin: roundEnd("blocked-cap", kNone).winners.push_back(seat(0)); return;
      case Ev::OvertimeOffered: case Ev::Overtime:
        flushRoundEnd(w, turn, out);
        add(out, "overtime", turn).with("offered", int64_t{e.code == Ev::OvertimeOffered ? 1 : 0});
        return;
      case Ev::SectorOver: {
        flushRoundEnd(w, turn, out);
        std::vector<Seat> winners;
        const uint32_t mask = a[1] | static_cast<uint32_t>(a[2]) << 16;
        for (Seat s = 0; s < w.seats(); ++s)
          if ((mask >> s) & 1) winners.push_back(s);
        auto& ev = add(out, "game-over", turn).with("winners", seatList(winners))
                       .with("reason", a[0] < log.texts.size() ? log.texts[a[0]] : std::string());
        for (Seat s : winners) ev.about(s);
        return;
      }
      default: return;
    }
  }

  std::string doubleText() const { return Tile{dbl_.pip, dbl_.pip}.text(); }

  void answered(uint8_t by, std::string dbl, const char* how, int64_t turn, std::vector<AnalystEvent>& out) {
    if (!dbl_.active) return;  // a double satisfied at once never opened an alert
    auto& ev = add(out, "alert-answered", turn).with("by", seatOrNull(by)).with("double", std::move(dbl))
                   .with("how", std::string(how)).with("red", int64_t{dbl_.red ? 1 : 0})
                   .with("responsible", int64_t{dbl_.responsible});
    if (by != kNone) ev.about(by);
    ev.about(dbl_.responsible);
    dbl_ = OpenDouble{};
  }

  RoundEnd& roundEnd(const char* how, uint8_t wentOut) {
    if (!end_) end_ = RoundEnd{roundAtStart_, how, wentOut, {}};
    end_->how = how;
    if (wentOut != kNone) end_->wentOut = wentOut;
    return *end_;
  }

  // §V a round's result: its winner(s) and the scores it left (Points: the tally's shown round score and
  // campaign total; Go-out: round wins), read from the state after the turn (one round completes per turn).
  void flushRoundEnd(const WarpGame& w, int64_t turn, std::vector<AnalystEvent>& out) {
    if (!end_) return;
    auto& ev = add(out, "round-end", turn);
    ev.with("round", int64_t{end_->round}).with("how", end_->how)
        .with("winner", end_->winners.size() == 1 ? EventValue{int64_t{end_->winners[0]}} : EventValue{})
        .with("winners", seatList(end_->winners)).with("went_out", seatOrNull(end_->wentOut));
    std::vector<int64_t> round, total;
    for (Seat s = 0; s < w.seats(); ++s) {
      ev.about(s);
      if (w.config().objective == Objective::Points) {
        round.push_back(w.shownScore(w.seat(s).roundScore));
        total.push_back(w.shownScore(w.seat(s).campaign));
      } else {
        total.push_back(w.seat(s).roundWins);
      }
    }
    if (w.config().objective == Objective::Points) ev.with("scores", round).with("totals", total);
    else ev.with("round_wins", total);
    end_.reset();
  }

  Before was_;
  uint8_t actor_ = kNone;
  OpenDouble dbl_;
  uint16_t roundAtStart_ = 1;
  std::optional<RoundEnd> end_;
  bool redeal_ = false;
};

}  // namespace

std::unique_ptr<EventExtractor> makeAnalystEvents() { return std::make_unique<WarpEvents>(); }

}  // namespace concord::warp
