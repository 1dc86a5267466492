// The Board (VC-2390..VC-2410): the full victory panel at the Seal of any turn, redrawn from the retained Seal
// records and the Chronicle (VC-2400), showing each player only what was published to them (VC-2160..VC-2180,
// VC-2440): their own side in full (VC-2170), rivals at their band, Tenure exact (VC-2360).
#include <algorithm>

#include "core/elc/arith.h"
#include "core/elc/state.h"

namespace concord::elc {

namespace {

const char* kBandWord[] = {"rumour", "report", "ALARM"};

const PlayerRecord* playerIn(const SealRecordElc* r, Seat s) {
  if (!r) return nullptr;
  for (const auto& p : r->players)
    if (p.seat == s) return &p;
  return nullptr;
}

const TrackRecord* trackIn(const PlayerRecord* p, int track) {
  if (!p) return nullptr;
  for (const auto& t : p->tracks)
    if (t.track == track) return &t;
  return nullptr;
}

std::string signedNumber(int64_t d) { return d > 0 ? "+" + withCommas(d) : d < 0 ? "-" + withCommas(-d) : "\u00b10"; }

}  // namespace

const TrackRecord* ElcGame::recordedTrack(uint32_t turn, Seat p, Track tr) const {
  if (turn == 0 || turn > records_.size()) return nullptr;
  return trackIn(playerIn(&records_[turn - 1], p), static_cast<int>(tr));
}

std::string ElcGame::publishedReading(Track tr, const TrackRecord& now, const TrackRecord* before, uint32_t turn) const {
  auto half = [&](const TrackRecord& r) { return halfShown(tr, &r == &now ? turn : turn - 1); };  // VC-740 then
  auto value = [&](const TrackRecord& r) {
    return publishedValue(tr, r.band, r.progress, r.threshold, r.ratio, cfg_, facts_, version_, half(r));
  };
  // VC-2240's exact counts read "2 of 3"; every other published value is a ratio, presented in percent (VC-120).
  auto words = [&](const TrackRecord& r, int64_t v) {
    const std::string band = kBandWord[static_cast<int>(r.band)];
    if (v < 0) return band;
    const bool count = r.band != Band::Alarm && cfg_.visibility != Visibility::Public && !half(r) && tr != Track::Dominion &&
                       tr != Track::Prosperity && r.threshold <= 8;
    return band + " " + (count ? std::to_string(v) + " of " + std::to_string(r.threshold) : std::to_string(v / 10) + "%");
  };
  const int64_t v = value(now);
  std::string s = words(now, v);
  if (!before) return s;
  const int64_t w = value(*before);
  if (before->band != now.band)  // a band change is public and says which way the player moved
    s += now.band > before->band ? " (up from " : " (down from ";
  else if (v >= 0 && w >= 0 && v != w)
    s += v > w ? " (rising from " : " (falling from ";
  else
    return s + (v < 0 ? " (no change of band)" : " (unchanged)");
  return s + words(*before, w) + ")";
}

std::string ElcGame::boardText(uint32_t T, Seat viewer) const {
  if (T == 0 || T > records_.size())
    return "no Seal record for turn " + std::to_string(T) + ": the Board covers turns 1.." + std::to_string(records_.size()) +
           " (board TURN, or board now)\n";
  const SealRecordElc& rec = records_[T - 1];
  const SealRecordElc* prev = T >= 2 ? &records_[T - 2] : nullptr;
  auto own = [&](Seat p) { return viewer == kOmniscient || over_ || (viewer < players_.size() && allied(p, viewer)); };
  const bool hidden = cfg_.jitter > 0 && T + 10 < hTrue_;  // VC-1360: the true Horizon 10 turns ahead, not before
  const std::string end = !cfg_.on(Track::Horizon) ? "no Horizon; the hard bound is turn " + std::to_string(cfg_.bound)
                          : hidden ? "the Horizon falls between turns " + std::to_string(cfg_.horizon) + " and " + std::to_string(cfg_.horizon + cfg_.jitter)
                                   : "the Horizon is turn " + std::to_string(hTrue_);
  std::string s = "The Board at the Seal of turn " + std::to_string(T) + " (" + end + "; VC-2390)\n";
  for (Seat p = 0; p < players_.size(); ++p) {  // the matrix: players against Tracks, per-Seal deltas, Vigils
    const PlayerRecord* rp = playerIn(&rec, p);
    const PlayerRecord* pp = playerIn(prev, p);
    const std::string name = seatLabel(p) + (p == viewer ? " (you)" : "");
    if (!rp) {
      const Player& pl = players_[p];
      s += "  " + name + ": " + (pl.left == Left::Conceded ? "conceded" : "capitulated") + " at turn " + std::to_string(pl.leftTurn) +
           ", Tenure frozen at " + withCommas(pl.tenure) + (pl.placing ? ", placing " + std::to_string(pl.placing) : "") + "\n";
      continue;
    }
    s += "  " + name + ": Tenure " + withCommas(rp->tenure) + (pp ? " (" + signedNumber(rp->tenure - pp->tenure) + ")" : "");
    if (own(p)) s += ", Standing " + withCommas(rp->standing) + (pp ? " (" + signedNumber(rp->standing - pp->standing) + ")" : "");
    s += std::string(rp->seatless ? ", Seatless" : "") + (rp->broken ? ", Broken" : "") + (rp->reduced ? ", Reduced" : "") + "\n";
    for (const auto& tr : rp->tracks) {
      const auto track = static_cast<Track>(tr.track);
      // The Horizon's progress is the turn itself, the same for everyone: the header states it once.
      if (track == Track::LastStanding || track == Track::Warrants || track == Track::Horizon) continue;
      const TrackRecord* before = trackIn(pp, tr.track);
      s += "      " + trackLabel(p, track) + " ";
      if (own(p))
        s += std::to_string(tr.progress) + "/" + std::to_string(tr.threshold) +
             (before ? " (" + signedNumber(tr.progress - before->progress) + ")" : "");
      else
        s += publishedReading(track, tr, before, T);
      if (tr.vigil > 0 && track != Track::Horizon) s += ", vigil " + std::to_string(tr.vigil) + "/" + std::to_string(vigilFor(p, track));  // VC-750
      // VC-840 at the precision the viewer holds: exact for their own side, for a rival only at full precision.
      const bool exact = own(p) || tr.band == Band::Alarm || cfg_.visibility == Visibility::Public;
      if (ebbs(track, cfg_, facts_) && exact && tr.progress < tr.threshold) {
        const int64_t k = countBackTurn(track, cfg_, facts_, tr.progress, T);
        s += k < 0 ? "; the Ebb does not reach this before turn " + std::to_string(cfg_.horizon) : "; the Ebb reaches this at turn " + std::to_string(k);
      }
      s += "\n";
    }
  }
  std::string marks;  // VC-2410: DECIDED and Out of Contention, with the turn each was established (public entries)
  for (const auto& e : chronicle_)
    if (e.turn <= T && (e.cls == Chron::OutOfContention || (e.cls == Chron::TrackDecided && e.text.find("DECIDED") != std::string::npos)))
      marks += "  turn " + std::to_string(e.turn) + ": " + e.text + "\n";
  if (!marks.empty()) s += "DECIDED and Out of Contention (VC-2410):\n" + marks;
  s += thresholdLimitNote(cfg_);
  s += ebbScheduleText(T);
  s += warrantBoardText(T);
  s += tallyCalendarText(T);
  s += objectivesText(viewer);  // VC-2390: each player's Charter and Sealed Order count
  s += "History (VC-2390; Tenure public, Standing your own):\n";
  for (Seat p = 0; p < players_.size(); ++p) {
    std::string line = "  " + seatLabel(p) + ":";
    for (uint32_t k = 1; k <= T; ++k) {
      if (k != 1 && k != T && k % 20 != 0) continue;  // every 20th Seal, the first and this one
      const PlayerRecord* r = playerIn(&records_[k - 1], p);
      if (!r) continue;
      line += " t" + std::to_string(k) + " " + withCommas(r->tenure) + (own(p) ? " (" + withCommas(r->standing) + ")" : "");
    }
    s += line + "\n";
  }
  std::vector<ChronEntry> seen;  // the Chronicle as published to this viewer (VC-2440), to this turn
  for (const auto& e : chronicle_)
    if (e.turn <= T && (alwaysPublic(e.cls) || viewer == kOmniscient || (viewer < 32 && ((e.visibleMask >> viewer) & 1u))))
      seen.push_back(e);
  const auto lines = renderLines(seen);
  s += "Chronicle (the last lines to turn " + std::to_string(T) + "; all of it: chronicle):\n";
  for (size_t i = lines.size() > 8 ? lines.size() - 8 : 0; i < lines.size(); ++i) s += lines[i] + "\n";
  if (lines.empty()) s += "  (nothing yet)\n";
  return s;
}

// VC-830: the Ebb drawn as a descending line: each step in natural units and the turn it starts, this turn marked.
std::string ElcGame::ebbScheduleText(uint32_t T) const {
  std::string s;
  for (Track tr : {Track::Dominion, Track::Hegemony}) {
    if (!cfg_.on(tr) || !ebbs(tr, cfg_, facts_)) continue;
    const bool cities = tr == Track::Dominion;
    auto unitAt = [&](int64_t k) {
      const int64_t v = thresholdAt(tr, cfg_, facts_, k, 0);
      return cities ? citiesFor(v, facts_.cities) : v;
    };
    const int64_t last = std::max<int64_t>(cfg_.horizon, terminationBound(cfg_));
    std::string line = "  " + std::string(trackName(tr)) + ", " + (cities ? "cities of " + std::to_string(facts_.cities) : "Regions of " + std::to_string(facts_.regions)) +
                       ": " + std::to_string(unitAt(1));
    for (int64_t k = 2; k <= last; ++k)
      if (unitAt(k) != unitAt(k - 1)) line += " \u2192 " + std::to_string(unitAt(k)) + " (t" + std::to_string(k) + ")";
    line += "; now " + std::to_string(unitAt(T)) + " (" + std::to_string(thresholdAt(tr, cfg_, facts_, T, 0)) +
            (cities ? " per mille" : "") + " at turn " + std::to_string(T) + ")";
    s += line + "\n";
  }
  return s.empty() ? "" : "The Ebb (VC-830), published from turn 1:\n" + s;
}

// VC-1890: open, upcoming, expired and claimed Warrants with their claimants, as they stood at the Seal of T.
std::string ElcGame::warrantBoardText(uint32_t T) const {
  std::string s;
  for (const auto& w : warrants_) {
    if (w.announce > T) continue;
    uint32_t claimedAt = 0;
    const std::string tag = " claims Warrant " + std::to_string(w.id) + ":";  // warrants.cpp's WarrantClaimed line
    for (const auto& e : chronicle_)
      if (e.cls == Chron::WarrantClaimed && e.text.find(tag) != std::string::npos) claimedAt = e.turn;
    std::string state;
    if (w.claimedBy >= 0 && claimedAt != 0 && claimedAt <= T) state = "claimed by " + who(static_cast<Seat>(w.claimedBy)) + " at turn " + std::to_string(claimedAt);
    else if (T >= w.deadline) state = "expired unclaimed";
    else if (T + 1 >= w.open) state = "open";
    else state = "upcoming";
    s += "  [" + state + "] " + warrantText(w) + "\n";
  }
  return s.empty() ? "" : "Warrants (VC-1890):\n" + s;
}

// VC-1200/VC-1190: the rotations published at turn T+1 (this one and the next two), each Landmark with its Lit turns
// and, on the current Board, its owner (the host world has no fog; a past Board does not know past owners).
std::string ElcGame::tallyCalendarText(uint32_t T) const {
  if (lit_.empty()) return "";
  const uint32_t P = cfg_.rotationPeriod, r = T / P;  // the rotation that holds turn T + 1 (0-based)
  std::string s = "Tally calendar (VC-1200; Tallies at the Seal of each rotation's last turn):\n";
  for (uint32_t k = r; k < r + 3 && k < lit_.size(); ++k) {
    s += "  turns " + std::to_string(k * P + 1) + "-" + std::to_string((k + 1) * P) + ":";
    for (int32_t idx : lit_[k]) {
      const int32_t city = world_.landmarks[static_cast<size_t>(idx)];
      s += " " + world_.cities[city].name;
      if (T == turn_) s += " (" + (cities_[city].owner < 0 ? std::string("neutral") : playerName(cities_[city].owner)) + ")";
    }
    s += "\n";
  }
  return s;
}

}  // namespace concord::elc
