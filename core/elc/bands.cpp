// S14: banded visibility (§13.2) with hysteresis (VC-2220), the report quantum (VC-2240..VC-2260), the
// Alarm and its Bellwethers (VC-2280..VC-2310), and each Track's sites (VC-950, VC-1070, VC-1130, ...).
#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/state.h"

namespace concord::elc {

namespace {
// Distance from a held city to the nearest city its holder does not hold (the frontier of VC-950).
int32_t frontierDistance(const World& w, const std::vector<int32_t>& owner, int32_t c, int32_t p) {
  int32_t d = INT32_MAX;
  for (size_t o = 0; o < owner.size(); ++o)
    if (owner[o] != p) d = std::min(d, w.grid.distance(w.cities[c].tile, w.cities[o].tile));
  return d;
}
}  // namespace

int64_t reportDenominator(Track tr, int64_t threshold, const MapFacts& m, uint32_t version) {
  if (tr == Track::Dominion) return m.cities;  // VC-900
  if (tr == Track::Prosperity && version >= 5) return std::max<int64_t>(1, m.potentialOutput);  // VC-1280 (v4: the threshold)
  return std::max<int64_t>(1, threshold);
}

int64_t publishedValue(Track tr, Band band, int64_t progress, int64_t threshold, int64_t ratio, const Config& c,
                       const MapFacts& m, uint32_t version, bool halfShown) {
  // Full precision in Alarm or under Public (VC-2190), and for a vigil-1 Track from ratio 500 (VC-740: its Alarm
  // and its completion coincide, VC-2320, so like the Alarm it holds under Own Only); nothing in Rumour or Own Only.
  if (band == Band::Alarm || c.visibility == Visibility::Public || (version >= 6 && halfShown)) return ratio;
  if (c.visibility == Visibility::OwnOnly || band == Band::Rumour) return -1;
  if (tr != Track::Dominion && tr != Track::Prosperity && threshold <= 8) return progress;  // VC-2240: "Keys 2 of 3"
  return quantise(ratio, reportQuantum(reportDenominator(tr, threshold, m, version), threshold));  // VC-2250
}

bool ElcGame::halfShown(Track tr, uint32_t turn) const {
  // The Horizon is Scheduled (no Vigil, VC-1370) and a Charter's vigil is its holder's own (VC-1600): neither applies.
  if (version_ < 6 || tr == Track::Horizon || tr == Track::Charters || tr == Track::LastStanding || vigilFor(0, tr) != 1)
    return false;
  for (const auto& rec : records_) {
    if (rec.turn > turn) break;
    for (const auto& p : rec.players)
      for (const auto& r : p.tracks)
        if (r.track == static_cast<uint8_t>(tr) && r.ratio >= 500) return true;
  }
  return false;
}

std::vector<int32_t> ElcGame::sitesOf(Seat p, Track tr) const {
  IVec<int32_t> held = snap_.held.empty() ? IVec<int32_t>{} : snap_.held[p];
  std::vector<int32_t> out;
  auto byFrontier = [&](IVec<int32_t> v) {
    std::stable_sort(v.begin(), v.end(), [&](int32_t a, int32_t b) {
      return frontierDistance(world_, snap_.owner, a, p) < frontierDistance(world_, snap_.owner, b, p);
    });
    return v;
  };
  switch (tr) {
    case Track::Dominion: {  // VC-950: min(8, margin + 1) cities nearest the frontier
      int64_t need = citiesFor(players_[p].tracks[0].threshold, facts_.cities);
      int64_t count = std::clamp<int64_t>(static_cast<int64_t>(held.size()) - need + 1, 1, 8);
      auto v = byFrontier(held);
      out.assign(v.begin(), v.begin() + std::min<int64_t>(count, static_cast<int64_t>(v.size())));
      break;
    }
    case Track::Keys:  // VC-1130
      for (int32_t c : held)
        if (world_.cities[c].landmark >= 0) out.push_back(c);
      break;
    case Track::Hegemony:  // VC-1070: capital, then frontier city, per fully held Region
      for (size_t r = 0; r < world_.regionCapital.size() && out.size() < 8; ++r) {
        std::vector<int32_t> in;
        for (int32_t c : held)
          if (world_.cities[c].region == static_cast<int32_t>(r)) in.push_back(c);
        if (static_cast<int32_t>(in.size()) != world_.regionSize[r]) continue;
        out.push_back(world_.regionCapital[r]);
        int32_t f = byFrontier(in).front();
        if (f != world_.regionCapital[r] && out.size() < 8) out.push_back(f);
      }
      break;
    case Track::Prosperity: {  // VC-1310: the eight highest effective Works
      auto v = held;
      std::stable_sort(v.begin(), v.end(), [&](int32_t a, int32_t b) { return cityWorks(a, turn_ + 1) > cityWorks(b, turn_ + 1); });
      out.assign(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(std::min<size_t>(8, v.size())));
      break;
    }
    case Track::Throne:  // VC-1490: rival Seats held, then rival Seats to take
      for (Seat r = 0; r < players_.size(); ++r)
        if (!allied(static_cast<int32_t>(r), static_cast<int32_t>(p)) && live(r) && players_[r].seatCity >= 0) out.push_back(players_[r].seatCity);
      if (version_ >= 6) {  // the held ones first, each group in ascending city sequence number (v5 listed by seat)
        auto heldFirst = [&](int32_t c) { return std::find(held.begin(), held.end(), c) != held.end() ? 0 : 1; };
        std::sort(out.begin(), out.end(), [&](int32_t a, int32_t b) { return std::pair(heldFirst(a), a) < std::pair(heldFirst(b), b); });
      }
      break;
    case Track::Charters:  // VC-1610: a Charter's sites are its Track's
      if (players_[p].charter != Track::Charters) return sitesOf(p, players_[p].charter);
      break;
    case Track::GreatWork:  // VC-1270
      if (players_[p].workSite >= 0) out.push_back(players_[p].workSite);
      break;
    default: break;
  }
  return out;
}

void ElcGame::s14Bands(uint32_t t) {
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;  // once per side; mirrored to team-mates after (VC-1570)
    Player& p = players_[s];
    bool anyAlarm = false;
    std::vector<int32_t> bell;
    for (int i = 0; i < kTracks; ++i) {
      auto tr = static_cast<Track>(i);
      if (!cfg_.on(tr)) continue;
      TrackState& ts = p.tracks[i];
      Band before = ts.band;
      bool alarmUp = tr == Track::Horizon ? t + 10 >= cfg_.horizon : (ts.ratio >= 900 || ts.vigil >= 1);
      bool alarmStays = tr == Track::Horizon ? alarmUp : (ts.ratio >= 850 || ts.vigil >= 1);
      if (alarmUp || (before == Band::Alarm && alarmStays)) ts.band = Band::Alarm;  // instant up, sticky down
      else if (ts.ratio >= 500 || (before != Band::Rumour && ts.ratio >= 475)) ts.band = Band::Report;
      else ts.band = Band::Rumour;
      // VC-740: this Seal's ratios count (its record is published at S15), and so does every earlier record.
      bool half = halfShown(tr, t - 1);
      for (Seat o = 0; o < players_.size() && !half && version_ >= 6 && vigilFor(o, tr) == 1; ++o)
        half = scores(o) && players_[o].tracks[i].ratio >= 500;
      ts.published = publishedValue(tr, ts.band, ts.progress, ts.threshold, ts.ratio, cfg_, facts_, version_, half);
      if (tr == Track::Horizon) continue;
      // VC-2280; VC-2460: an Alarm raised by this Seal's Vigil story ends that story's line as "ALARM."
      if (ts.band == Band::Alarm && before != Band::Alarm &&
          !(version_ >= 5 && noteAfterStory(t, s, tr, Chron::AlarmRaised, fragAlarm())))
        note(t, Chron::AlarmRaised, "ALARM: " + who(s) + " \u2014 " + trackLabel(s, tr) + " " +
                                        std::to_string(ts.progress) + "/" + std::to_string(ts.threshold) + ".");
      if (ts.band != Band::Alarm && before == Band::Alarm)
        note(t, Chron::AlarmCleared, "Alarm cleared: " + who(s) + " \u2014 " + trackLabel(s, tr) + ".");
      if (ts.band == Band::Alarm) {
        anyAlarm = true;
        for (int32_t c : sitesOf(s, tr))  // VC-2310: ascending Track, then the Track's own order, cap 8
          if (bell.size() < 8 && std::find(bell.begin(), bell.end(), c) == bell.end()) bell.push_back(c);
      }
    }
    if (anyAlarm) p.bellwethers = bell, p.bellwetherGraceThrough = t + 2;  // VC-2290: two turns of grace
    else if (t > p.bellwetherGraceThrough) p.bellwethers.clear();
  }
}

}  // namespace concord::elc
