// §2 independent systems: first contact (§2a), ongoing diplomacy (§2b), Gaia systems (§2c), reputation (§2d),
// attacking a Neutral system (§2e), hostility (§2f) and joining (§2g). Every roll comes from the `diplomacy`
// stream in the order of docs/web-scenarios.md "Dice order".
#include <algorithm>

#include "core/web/state.h"

namespace concord::web {

int WebGame::dipD10() {
  if (scriptDip_.empty()) return static_cast<int>(diplo_.below(10)) + 1;
  int v = scriptDip_.front();
  scriptDip_.erase(scriptDip_.begin());
  return v;
}

uint64_t WebGame::dipPick(uint64_t n) {
  if (scriptDip_.empty()) return diplo_.below(n);
  uint64_t v = scriptDip_.front();
  scriptDip_.erase(scriptDip_.begin());
  return (v + n - 1) % n;
}

void WebGame::changeReputation(uint8_t e, int delta, RepCause why) {
  Empire& m = emp_[e];
  // §2d: several joins in one turn still move reputation one step; so do several pirate fleets destroyed.
  if (why == RepCause::DiplomaticJoin) {
    if (m.repJoinTurn == turn_) return;
    m.repJoinTurn = turn_;
  }
  if (why == RepCause::PirateFleetDestroyed) {
    if (m.repPirateTurn == turn_) return;
    m.repPirateTurn = turn_;
  }
  const int32_t before = m.reputation;
  m.reputation = std::clamp(m.reputation + delta, kRepMin, kRepMax);
  if (m.reputation != before)
    say({Ev::Reputation, 0, kNoSys, e, kNobody, static_cast<uint8_t>(why), 0, 0, m.reputation, m.reputation - before});
}

void WebGame::turnHostile(uint8_t e, uint16_t sys) {
  emp_[e].relation[sys] = static_cast<uint8_t>(Rel::Hostile);
  emp_[e].diplo[sys] = 0;  // §2e: any ongoing diplomacy is destroyed
  System& s = sys_[sys];
  if (s.joining == e) s.joining = kNobody, s.joinRogue = s.joinEarned = false;
  say({Ev::TurnedHostile, 0, sys, e, kIndependent, 0, 0, 0, 0, 0});
}

// Level shifts below 2 turn the faction Hostile (§2b); above 8 it votes to join at the phase 11 check.
void WebGame::shiftLevel(uint8_t e, uint16_t sys, int shift, Ev kind, int roll) {
  auto& level = emp_[e].diplo[sys];
  const int now = std::clamp(int{level} + shift, kDiploMin - 1, kDiploMax + 1);
  level = static_cast<uint8_t>(now);
  say({kind, 0, sys, e, kIndependent, 0, static_cast<uint8_t>(roll), 0, now, shift});
  if (now < kDiploMin) turnHostile(e, sys);
}

// §2g: the first vote stands; the transfer happens in phase 10 of the following turn.
void WebGame::voteToJoin(uint8_t e, uint16_t sys, bool rogue, bool earned) {
  System& s = sys_[sys];
  if (s.joining != kNobody) return;
  s.joining = e, s.joinRogue = rogue, s.joinEarned = earned, s.joinTurn = turn_;
  say({Ev::JoinVote, 0, sys, e, kIndependent, 0, 0, 0, rogue ? 1 : 0, earned ? 1 : 0});
  if (earned) changeReputation(e, +1, RepCause::DiplomaticJoin);  // §2d: only diplomacy earns it
}

// §2a, §3e arrival checks: an empire's first fleet at an independent system meets it. Systems ascending,
// empires ascending, after the debris rolls; a probe never makes contact (it burns out unseen, §3b).
void WebGame::firstContacts() {
  auto here = bySystem();
  for (uint16_t id = 0; id < sys_.size(); ++id) {
    const System& s = sys_[id];
    if (s.owner != kIndependent || s.kind != Kind::Star || here[id].empty()) continue;
    for (uint8_t e = 0; e < emp_.size(); ++e) {
      Empire& m = emp_[e];
      if (m.vanquished || m.relation[id] != static_cast<uint8_t>(Rel::Unmet)) continue;
      int mine = 0, garrison = 0;
      bool arrived = false;
      for (uint32_t i : here[id]) {
        const ShipRec& r = ships_[i];
        if (r.owner == e && (r.flags & kArrived)) arrived = true;
        if (!countsForOutnumber(r.type)) continue;
        mine += r.owner == e, garrison += r.owner == kIndependent;
      }
      if (!arrived) continue;
      Reaction react = Reaction::Neutral;
      int roll = 0, effective = 0;
      if (s.quality == kGaia) {
        react = Reaction::Neutral;  // §2c: always Neutral, no die, no intimidation
      } else if (m.reputation <= kReviled) {
        react = mine >= kIntimidationRatio * garrison ? Reaction::Join : Reaction::Hostile;  // §2a Reviled
      } else {
        roll = dipD10();
        effective = roll + m.reputation;
        react = effective <= kReactHostileAtMost  ? Reaction::Hostile
                : effective >= kReactJoinAtLeast ? Reaction::Join
                : effective == kReactRogueJoin   ? Reaction::RogueJoin
                                                 : Reaction::Neutral;
      }
      say({Ev::Contact, 0, id, e, kIndependent, 0, static_cast<uint8_t>(roll), 0, static_cast<int32_t>(react), effective});
      m.relation[id] = static_cast<uint8_t>(Rel::Neutral);
      m.diplo[id] = kDiploStart;
      if (react == Reaction::Hostile) turnHostile(e, id);
      if (react == Reaction::Join || react == Reaction::RogueJoin) voteToJoin(e, id, react == Reaction::RogueJoin, false);
    }
  }
}

// §2e after combat round 2: an empire that scored a hit (fire or invasion) on an independent system that was not
// Hostile toward it loses a reputation step, makes it Hostile, and every other Neutral non-Gaia independent it has
// met rolls for solidarity. Attackers ascending, then systems ascending.
void WebGame::attacksOnIndependents() {
  std::vector<std::pair<uint8_t, uint16_t>> struck;
  for (const auto& ev : events_)
    if ((ev.kind == Ev::Shot || ev.kind == Ev::InvadeShot) && ev.a && ev.owner < emp_.size() && ev.other == kIndependent)
      struck.push_back({ev.owner, ev.sys});
  std::sort(struck.begin(), struck.end());
  struck.erase(std::unique(struck.begin(), struck.end()), struck.end());
  for (const auto& [e, sys] : struck) {
    Empire& m = emp_[e];
    if (m.relation[sys] == static_cast<uint8_t>(Rel::Hostile)) continue;  // §2f: no further cost
    changeReputation(e, -1, RepCause::AttackedNeutral);  // §2c: a Gaia system too
    turnHostile(e, sys);
    const auto dist = hops(sys);
    for (uint16_t o = 0; o < sys_.size(); ++o) {
      const System& t = sys_[o];
      if (o == sys || t.owner != kIndependent || t.kind != Kind::Star || t.quality == kGaia || t.joining != kNobody) continue;
      if (m.relation[o] != static_cast<uint8_t>(Rel::Neutral)) continue;  // §2c Gaia immune; only systems met
      const int roll = dipD10();
      const bool near = dist[o] >= 0 && dist[o] <= kSolidarityHops;
      shiftLevel(e, o, roll <= (near ? kSolidarityNear : kSolidarityFar) ? -1 : 0, Ev::Solidarity, roll);
    }
  }
}

// Phase 10 (§8, §2g): votes of an earlier turn transfer the system, its population and minerals; the garrison is
// disbanded, or defects to the pirates after a rogue join. A system conquered meanwhile cancels the vote.
void WebGame::joinTransfers() {
  for (auto& s : sys_) {
    if (s.joining == kNobody || s.joinTurn >= turn_) continue;
    const uint8_t e = s.joining;
    const bool rogue = s.joinRogue;
    s.joining = kNobody, s.joinRogue = s.joinEarned = false, s.joinTurn = 0;
    if (s.owner != kIndependent || emp_[e].vanquished) continue;
    int32_t garrison = 0;
    for (auto& r : ships_) {
      if (!r.alive() || r.sys != s.id || r.owner != kIndependent) continue;
      ++garrison;
      if (rogue) r.owner = kPirate;
      else r.flags |= kDead;
    }
    s.owner = e;
    s.routes.clear();
    say({Ev::Joined, 10, s.id, e, kIndependent, 0, 0, 0, rogue ? 1 : 0, garrison});
  }
}

// Phase 11 (§2b, §2c): every empire with a ship stationed (present since the turn began) at a Neutral non-Gaia
// independent rolls; then any level above 8 votes to join (a 1-in-3 draw makes it a rogue join). Systems
// ascending, empires ascending.
void WebGame::diplomacyRolls() {
  auto here = bySystem();
  for (uint16_t id = 0; id < sys_.size(); ++id) {
    const System& s = sys_[id];
    if (s.owner != kIndependent || s.kind != Kind::Star || s.quality == kGaia) continue;
    for (uint8_t e = 0; e < emp_.size(); ++e) {
      Empire& m = emp_[e];
      if (m.vanquished || m.relation[id] != static_cast<uint8_t>(Rel::Neutral) || s.joining != kNobody) continue;
      const bool stationed = std::any_of(here[id].begin(), here[id].end(), [&](uint32_t i) {
        return ships_[i].owner == e && !(ships_[i].flags & kArrived);
      });
      if (stationed) {
        const int roll = dipD10();
        const int effective = roll + m.reputation;
        int shift = 0;
        if (roll == 10) shift = m.reputation >= 0 ? 2 : 1;  // +2 with no penalty, +1 if any applies
        else if (roll == 1) shift = -1;                     // a natural 1 always worsens
        else if (effective >= kDiploUp) shift = 1;
        else if (effective <= kDiploDown) shift = -1;
        shiftLevel(e, id, shift, Ev::Diplomacy, roll);
      }
      if (m.relation[id] == static_cast<uint8_t>(Rel::Neutral) && m.diplo[id] > kDiploMax)
        voteToJoin(e, id, dipPick(kRogueJoinOneIn) == 0, true);
    }
  }
}

}  // namespace concord::web
