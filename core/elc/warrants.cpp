// The Warrant schedule (VC-1780, VC-1790) and its claims at S6 (VC-1820, VC-1830, VC-1870).
#include "core/elc/warrants.h"

#include <algorithm>

#include "core/elc/state.h"

namespace concord::elc {

std::vector<Warrant> drawWarrants(det::Rng& rng, uint32_t warPeriod, uint32_t horizon, const std::vector<int32_t>& capitals,
                                  const std::vector<int32_t>& candidates, WarrantMode mode, bool ambition, bool regionHold) {
  std::vector<Warrant> out;
  if (candidates.empty() || capitals.empty()) return out;
  for (uint32_t open = warPeriod; open <= horizon; open += warPeriod) {
    const int64_t count = rng.between(1, 3);
    for (int64_t k = 0; k < count; ++k) {
      Warrant w;
      w.id = static_cast<uint32_t>(out.size() + 1);
      w.form = static_cast<WarrantForm>(rng.below(regionHold ? 4 : 3));  // 3 draws as before when it is off
      const bool regional = w.form == WarrantForm::CapitalHold || w.form == WarrantForm::RegionHold;
      const auto& pool = regional ? capitals : candidates;
      const auto pick = static_cast<size_t>(rng.below(pool.size()));
      w.city = pool[pick];
      if (w.form == WarrantForm::RegionHold) w.region = static_cast<int32_t>(pick);  // capitals are by Region index
      w.reward = static_cast<Reward>(rng.below(2));
      if (ambition && k == 0) w.reward = Reward::Ambition;  // VC-1710: publicly obtainable every window; same draws
      w.announce = open > 5 ? open - 5 : 1;
      w.open = open;
      w.deadline = open + warPeriod - 1;
      // VC-1840: Mixed alternates whole windows, the first Open, so a schedule reads "open, contested, open, ...".
      w.contested = mode == WarrantMode::Contested || (mode == WarrantMode::Mixed && (open / warPeriod) % 2 == 0);
      out.push_back(w);
    }
  }
  return out;
}

namespace {
const char* kForm[] = {"Hold", "Capital hold", "Scout", "Region hold"};
}

std::string ElcGame::warrantText(const Warrant& w) const {
  const std::string city = world_.cities[w.city].name;
  std::string what = w.form == WarrantForm::Scout ? "have a Legion at " + city : "hold " + city;
  if (w.form == WarrantForm::RegionHold)  // VC-1815: named by the public identifiers of VC-1034
    what = "hold every city of Region " + std::to_string(w.region + 1) + " (" + std::to_string(world_.regionSize[w.region]) +
           " cities, capital " + city + ")";
  std::string reward = w.reward == Reward::Tenure  ? std::to_string(kWarrantTenureSeals * maxTenure_) + " Tenure"
                       : w.reward == Reward::Works ? std::to_string(kWarrantWorks) + " Works in the Seat's Yard"
                                                   : std::to_string(kWarrantAmbition) + " Ambition";
  std::string contested;
  if (w.contested)  // VC-1850: says it is Contested and names who is excluded, from the announcement
    contested = w.excluded >= 0 ? " Contested: " + who(static_cast<Seat>(w.excluded)) + ", the leader, cannot claim it." : " Contested.";
  return "Warrant " + std::to_string(w.id) + " (" + kForm[static_cast<int>(w.form)] + "): " + what + " between turns " +
         std::to_string(w.open) + " and " + std::to_string(w.deadline) + " for " + reward + "." + contested;
}

// The sides holding at least half of Region r's cities, rounded up, at this Seal's snapshot (a bit per seat).
uint8_t ElcGame::regionHalfHolders(int32_t r) const {
  uint8_t bits = 0;
  for (Seat s = 0; s < players_.size(); ++s) {
    if (!scores(s)) continue;
    int32_t n = 0;
    for (int32_t c = 0; c < static_cast<int32_t>(cities_.size()); ++c)
      n += world_.cities[c].region == r && snap_.owner[c] == static_cast<int32_t>(s) ? 1 : 0;
    if (2 * n >= world_.regionSize[r]) bits = static_cast<uint8_t>(bits | (1u << s));
  }
  return bits;
}

// The side holding every city of Region r at this Seal's snapshot, or -1.
int32_t ElcGame::regionHeldBy(int32_t r) const {
  int32_t holder = -2;
  for (int32_t c = 0; c < static_cast<int32_t>(cities_.size()); ++c) {
    if (world_.cities[c].region != r) continue;
    if (holder == -2) holder = snap_.owner[c];
    if (snap_.owner[c] != holder || holder < 0) return -1;
  }
  return holder < 0 ? -1 : holder;
}

// S6: announce, open, claim (automatic, VC-1830; ties by the tie chain, VC-1820) and expire.
void ElcGame::s6Warrants(uint32_t t) {
  for (auto& w : warrants_) {
    if (w.claimedBy >= 0 || w.expired || t < w.announce) continue;
    if (w.contested) {  // VC-1850: the exclusion follows the leader of this Seal (after S2 and S3)
      const int32_t leader = tenureLeader();
      if (leader != w.excluded && t != w.announce && leader >= 0)
        note(t, Chron::WarrantAnnounced, "Warrant " + std::to_string(w.id) + " is Contested: " + who(static_cast<Seat>(leader)) +
                                             " now leads and is excluded" + (w.excluded >= 0 ? " instead of " + who(static_cast<Seat>(w.excluded)) : "") + ".");
      w.excluded = leader;
    }
    if (t == w.announce && w.form == WarrantForm::RegionHold) {  // VC-1815: a live side must hold half, rounded up, now
      w.halfHeld = regionHalfHolders(w.region);
      if (w.halfHeld == 0) {
        w.expired = true;
        note(t, Chron::WarrantExpired, "Warrant " + std::to_string(w.id) + " (Region hold) is withdrawn: no player holds half of Region " +
                                           std::to_string(w.region + 1) + " (VC-1815).");
        continue;
      }
    }
    if (t == w.announce) note(t, Chron::WarrantAnnounced, "Announced: " + warrantText(w));
    if (t == w.open) note(t, Chron::WarrantOpened, "Open: " + warrantText(w));
    if (t < w.open || t > w.deadline) continue;
    int32_t best = -1;
    for (Seat s = 0; s < players_.size(); ++s) {
      if (!scores(s) || (w.contested && w.excluded == static_cast<int32_t>(s))) continue;  // VC-1850
      bool ok = w.form == WarrantForm::Scout
                    ? std::any_of(units_.begin(), units_.end(), [&](const Unit& u) { return sideOfOwner(u.owner) == static_cast<int32_t>(s) && u.tile == world_.cities[w.city].tile; })
                : w.form == WarrantForm::RegionHold ? regionHeldBy(w.region) == static_cast<int32_t>(s)
                                                    : snap_.owner[w.city] == static_cast<int32_t>(s);
      if (ok && (best < 0 || tieChainBefore(s, static_cast<Seat>(best)))) best = s;
    }
    if (best >= 0) {
      w.claimedBy = best;
      Player& p = players_[best];
      std::string paid;
      if (w.reward == Reward::Tenure) {
        int64_t want = kWarrantTenureSeals * maxTenure_, room = kWarrantTenureCapSeals * maxTenure_ - p.warrantTenure;
        int64_t pay = std::clamp<int64_t>(room, 0, want);
        p.tenure += pay;
        p.warrantTenure += pay;
        paid = "+" + std::to_string(pay) + " Tenure";
        if (pay < want)  // VC-1870: pay the balance, record the truncation
          note(t, Chron::WarrantTruncated, who(static_cast<Seat>(best)) + "'s Warrant Tenure is capped: paid " + std::to_string(pay) + " of " + std::to_string(want) + ".");
      } else if (w.reward == Reward::Ambition) {  // credited with the Sealed Orders' points at S6 (VC-1700 cap)
        p.ambitionPending += kWarrantAmbition;
        paid = "+" + std::to_string(kWarrantAmbition) + " Ambition";
      } else if (p.seatCity >= 0 && cities_[p.seatCity].owner == static_cast<int32_t>(best)) {
        cities_[p.seatCity].yard += kWarrantWorks;
        paid = "+" + std::to_string(kWarrantWorks) + " Works at " + world_.cities[p.seatCity].name;
      } else {
        paid = "no Seat to receive the Works";
      }
      note(t, Chron::WarrantClaimed, who(static_cast<Seat>(best)) + " claims Warrant " + std::to_string(w.id) + ": " + paid + ".");
    } else if (t == w.deadline) {
      w.expired = true;
      note(t, Chron::WarrantExpired, "Warrant " + std::to_string(w.id) + " expires unclaimed.");
    }
  }
}

}  // namespace concord::elc
