// Every Last City events: the Seal record each turn publishes (VC-250) compared with the player's previous one
// (Track and Vigil changes), city owners before and after (captures), VC-860's Ebb, departures and the result.
#include "core/elc/analyst_events.h"

#include <algorithm>

#include "core/elc/state.h"

namespace concord::elc {

namespace {

const char* bandName(Band b) { return b == Band::Alarm ? "alarm" : b == Band::Report ? "report" : "rumour"; }

EventValue ownerValue(int32_t owner) { return owner < 0 ? EventValue{} : EventValue{int64_t{owner}}; }

// The team a seat was dealt into ("Team A"; VC-1570), null without teams.
EventValue teamOf(const ElcGame& e, Seat s) {
  if (!e.config().teams()) return EventValue{};
  return std::string("Team ") + static_cast<char>('A' + e.config().team[s]);
}

class ElcEvents final : public EventExtractor {
 public:
  std::vector<AnalystEvent> begin(const Game& g) override {
    before(g, 0);
    return {};
  }

  void before(const Game& g, uint32_t) override {
    const auto& e = dynamic_cast<const ElcGame&>(g);
    owners_.clear();
    for (const auto& c : e.cities()) owners_.push_back(c.owner);
    left_.clear();
    for (const auto& p : e.players()) left_.push_back(p.left);
    records_ = e.sealRecords().size();
    over_ = e.over();
  }

  std::vector<AnalystEvent> after(const Game& g, uint32_t turn) override {
    const auto& e = dynamic_cast<const ElcGame&>(g);
    std::vector<AnalystEvent> out;
    captures(e, turn, out);
    for (size_t i = records_; i < e.sealRecords().size(); ++i) seal(e, i, turn, out);
    ebb(e, turn, out);
    for (Seat s = 0; s < e.players().size() && s < left_.size(); ++s) {
      const auto& p = e.players()[s];
      if (p.left == left_[s] || p.left == Left::Live) continue;
      out.push_back(AnalystEvent{"left", turn, {s}, {}});
      out.back().with("seat", int64_t{s}).with("how", std::string(p.left == Left::Conceded ? "conceded" : "capitulated"))
          .with("team", teamOf(e, s));  // VC-1580: leaving the game leaves the team
    }
    if (e.over() && !over_) {  // VC-1590: the winner and the route that won; VC-1570: a team wins as one player
      out.push_back(AnalystEvent{"game-over", turn, {}, {}});
      auto& ev = out.back();
      std::vector<Seat> winners;
      for (Seat s = 0; s < e.players().size() && e.winner() >= 0; ++s)
        if (e.sideOf(s) == e.sideOf(static_cast<Seat>(e.winner()))) winners.push_back(s);
      for (Seat s : winners) ev.about(s);
      ev.with("winner", ownerValue(e.winner())).with("winners", seatList(winners))
          .with("team", e.winner() >= 0 && e.teamed(static_cast<Seat>(e.winner())) ? teamOf(e, static_cast<Seat>(e.winner())) : EventValue{})
          .with("route", e.route()).with("elc_turn", int64_t{e.turn()});
    }
    return out;
  }

 private:
  // A city whose owner differs after the turn changed hands in it (combat or surrender, settled before the Seal).
  void captures(const ElcGame& e, uint32_t turn, std::vector<AnalystEvent>& out) const {
    for (size_t c = 0; c < e.cities().size() && c < owners_.size(); ++c) {
      const int32_t was = owners_[c], now = e.cities()[c].owner;
      if (was == now) continue;
      AnalystEvent ev{"capture", turn, {}, {}};
      if (was >= 0) ev.about(static_cast<Seat>(was));
      if (now >= 0) ev.about(static_cast<Seat>(now));
      ev.with("city", static_cast<int64_t>(c)).with("city_name", e.world().cities[c].name)
          .with("from", ownerValue(was)).with("to", ownerValue(now));
      out.push_back(std::move(ev));
    }
  }

  // VC-250: one `seal` per record, then each player's Track whose values moved since that player's last record.
  void seal(const ElcGame& e, size_t i, uint32_t turn, std::vector<AnalystEvent>& out) const {
    const auto& rec = e.sealRecords()[i];
    AnalystEvent ev{"seal", turn, {}, {}};
    std::vector<int64_t> seats, standing, tenure;
    for (const auto& p : rec.players) {
      ev.about(p.seat);
      seats.push_back(p.seat), standing.push_back(p.standing), tenure.push_back(p.tenure);
    }
    ev.with("elc_turn", int64_t{rec.turn}).with("players", seats).with("standing", standing).with("tenure", tenure);
    out.push_back(std::move(ev));
    for (const auto& p : rec.players)
      for (const auto& tr : p.tracks) trackChange(e, i, p.seat, tr, turn, out);
  }

  static const TrackRecord* previous(const ElcGame& e, size_t i, Seat s, uint8_t track) {
    for (size_t k = i; k-- > 0;)
      for (const auto& p : e.sealRecords()[k].players)
        if (p.seat == s)
          for (const auto& tr : p.tracks)
            if (tr.track == track) return &tr;
    return nullptr;
  }

  void trackChange(const ElcGame& e, size_t i, Seat s, const TrackRecord& now, uint32_t turn,
                   std::vector<AnalystEvent>& out) const {
    const TrackRecord* was = previous(e, i, s, now.track);
    const TrackRecord zero{};
    const TrackRecord& w = was ? *was : zero;
    const auto tr = static_cast<Track>(now.track);
    const std::string name = e.trackLabel(s, tr);
    const int64_t elcTurn = e.sealRecords()[i].turn;
    if (!was || w.progress != now.progress || w.threshold != now.threshold || w.band != now.band) {
      out.push_back(AnalystEvent{"track", turn, {s}, {}});
      out.back().with("seat", int64_t{s}).with("track", name).with("elc_turn", elcTurn)
          .with("progress", now.progress).with("threshold", now.threshold).with("ratio_permille", now.ratio)
          .with("band", std::string(bandName(now.band))).with("band_before", std::string(bandName(w.band)));
    }
    if (w.vigil == now.vigil) return;
    // VC-680..VC-700: a Vigil begins, holds, completes (reaches the Track's vigil) or breaks.
    const int64_t of = e.vigilFor(s, tr);
    const char* state = now.vigil < w.vigil ? "broken" : now.vigil >= of ? "complete" : w.vigil == 0 ? "begun" : "held";
    out.push_back(AnalystEvent{"vigil", turn, {s}, {}});
    out.back().with("seat", int64_t{s}).with("track", name).with("elc_turn", elcTurn)
        .with("vigil", int64_t{now.vigil}).with("of", of).with("before", int64_t{w.vigil}).with("state", std::string(state));
  }

  // VC-860: the Dominion and Hegemony thresholds ebb over time; an `ebb` whenever one moves at this Seal.
  void ebb(const ElcGame& e, uint32_t turn, std::vector<AnalystEvent>& out) const {
    if (e.sealRecords().size() == records_) return;
    const int64_t t = e.sealRecords().back().turn;
    if (t < 2) return;
    for (Track tr : {Track::Dominion, Track::Hegemony}) {
      if (!e.config().on(tr)) continue;
      const int64_t now = thresholdAt(tr, e.config(), e.facts(), t, 0), was = thresholdAt(tr, e.config(), e.facts(), t - 1, 0);
      if (now == was) continue;
      out.push_back(AnalystEvent{"ebb", turn, {}, {}});
      out.back().with("track", std::string(trackName(tr))).with("elc_turn", t).with("threshold_before", was).with("threshold", now);
    }
  }

  std::vector<int32_t> owners_;
  std::vector<Left> left_;
  size_t records_ = 0;
  bool over_ = false;
};

}  // namespace

std::unique_ptr<EventExtractor> makeAnalystEvents() { return std::make_unique<ElcEvents>(); }

}  // namespace concord::elc
