// §2i formal diplomacy between empires (war, Non-Aggression Pacts, peace; cooldowns; surprise attacks) and §2j
// mineral gifts. Everything queued this turn takes effect at rollover, after phase 11, in seat and bundle order.
#include <algorithm>

#include "core/web/state.h"

namespace concord::web {

size_t WebGame::pactIndex(uint8_t a, uint8_t b) const {
  if (a > b) std::swap(a, b);
  const size_t n = emp_.size();
  return size_t{a} * (2 * n - a - 1) / 2 + (size_t{b} - a - 1);
}

namespace {

uint8_t napBit(uint8_t e, uint8_t other) { return e < other ? kNapByLow : kNapByHigh; }
uint8_t peaceBit(uint8_t e, uint8_t other) { return e < other ? kPeaceByLow : kPeaceByHigh; }

}  // namespace

Result<void> WebGame::checkTreaty(uint8_t e, const Decoded& d) const {
  const uint8_t o = d.other;
  if (o >= emp_.size()) return Err("there is no empire ", o);
  if (o == e) return Err("that is your own empire");
  if (emp_[o].vanquished) return Err("Empire ", o, " is vanquished");
  if (!met(e, o)) return Err("you have not met Empire ", o, " yet: diplomacy and gifts go to empires you have met (§2i, §2j)");
  const Pact& p = pact(e, o);
  const auto state = static_cast<PactState>(p.state);
  if (d.kind == kGift) {
    if (d.amount == 0) return Err("send at least 1 mineral");
    if (state == PactState::War) return Err("you cannot send minerals to an empire you are at war with (§2j)");
    const System& home = sys_[emp_[e].home];
    if (home.owner != e) return Err("your capital ", home.name, " is lost: there is nothing to send from (§2j)");
    // §2j: what the capital's own factories could use this turn stays home.
    const int32_t industry = home.unrest ? home.industry / 2 : home.industry;
    const int32_t reserve = std::max(0, std::min((home.pop - home.newPop) / kPop, industry));
    const int32_t spare = std::max(0, home.minerals - reserve);
    if (d.amount > spare)
      return Err("your capital can spare ", spare, " minerals (", home.minerals, " on hand, ", reserve,
                 " reserved for its own production, §2j)");
    return Ok();
  }
  switch (d.treaty) {
    case Treaty::War:
      if (state == PactState::War) return Err("you are already at war with Empire ", o);
      if (p.peaceTurn && turn_ < p.peaceTurn + kPeaceCooldown)
        return Err("peace was agreed on turn ", p.peaceTurn, ": no war declaration before turn ", p.peaceTurn + kPeaceCooldown,
                   " (§2i cooldown)");
      return Ok();
    case Treaty::Nap:
      if (state == PactState::Nap) return Err("you already have a Non-Aggression Pact with Empire ", o);
      if (state == PactState::War) return Err("you are at war with Empire ", o, ": make peace first (§2i)");
      if (p.napEndTurn && turn_ < p.napEndTurn + kNapCooldown)
        return Err("your pact ended on turn ", p.napEndTurn, ": no new proposal before turn ", p.napEndTurn + kNapCooldown,
                   " (§2i cooldown)");
      return Ok();
    case Treaty::EndNap:
      if (state != PactState::Nap) return Err("you have no Non-Aggression Pact with Empire ", o, " to end");
      return Ok();
    case Treaty::Peace:
      if (state != PactState::War) return Err("you are not at war with Empire ", o);
      return Ok();
  }
  return Err("unknown treaty");
}

// After combat round 2 (§2i): an empire that attacked another empire it was not at war with made a surprise
// attack: -1 reputation per pair per turn. Rules v4 (docs/rules-decisions.md "W.E.B. issue 28"): the attack is
// opening fire (an Attack stance firing on the other's ships or platforms, hit or miss) or an invasion of its
// system; a defender firing back and platforms (which cannot initiate, §4j) make none. Ambush fire is exempt.
// Rules v3 charged whichever empire scored a hit on the other in rounds 1-2 or an invasion.
void WebGame::surpriseAttacks() {
  std::vector<std::pair<uint8_t, uint8_t>> pairs;
  std::vector<uint16_t> where;
  auto charge = [&](uint8_t by, uint8_t on, uint16_t sys) {
    if (static_cast<PactState>(pact(by, on).state) == PactState::War) return;
    if (std::find(pairs.begin(), pairs.end(), std::pair{by, on}) != pairs.end()) return;
    pairs.push_back({by, on}), where.push_back(sys);
  };
  if (rulesVersion_ >= 4) {
    for (const auto& o : openings_) charge(o.by, o.on, o.sys);
    for (const auto& ev : events_)
      if ((ev.kind == Ev::InvadeShot || ev.kind == Ev::Conquest) && ev.owner < emp_.size() && ev.other < emp_.size())
        charge(ev.owner, ev.other, ev.sys);
  } else {
    for (const auto& ev : events_) {
      const bool fire = (ev.kind == Ev::Shot && (ev.round == 1 || ev.round == 2)) || ev.kind == Ev::InvadeShot;
      if (fire && ev.a && ev.owner < emp_.size() && ev.other < emp_.size()) charge(ev.owner, ev.other, ev.sys);
    }
  }
  for (size_t k = 0; k < pairs.size(); ++k) {
    say({Ev::SurpriseAttack, 0, where[k], pairs[k].first, pairs[k].second, 0, 0, 0, 0, 0});
    changeReputation(pairs[k].first, kRepSurprise, RepCause::SurpriseAttack);
  }
}

// Rollover: treaties in seat and bundle order, then gifts (a war declared this turn cancels a gift).
void WebGame::rollover(const std::vector<std::pair<uint8_t, Decoded>>& diplomacy) {
  auto declaresWar = [&](uint8_t e, uint8_t o) {
    return std::any_of(diplomacy.begin(), diplomacy.end(), [&](const auto& x) {
      return x.first == e && x.second.kind == kTreaty && x.second.treaty == Treaty::War && x.second.other == o;
    });
  };
  for (const auto& [e, d] : diplomacy) {
    if (d.kind != kTreaty || emp_[e].vanquished || emp_[d.other].vanquished) continue;
    const uint8_t o = d.other;
    Pact& p = pactRef(e, o);
    const auto state = static_cast<PactState>(p.state);
    int effect = 1;  // 1 took effect, 0 an offer now stands, 2 void (the state moved on this turn)
    switch (d.treaty) {
      case Treaty::War:
        if (state == PactState::War) break;  // both declared: war all the same
        if (state == PactState::Nap || p.everNap) changeReputation(e, kRepWarOnPartner, RepCause::WarOnPartner);
        p.state = static_cast<uint8_t>(PactState::War), p.proposals = 0;
        break;
      case Treaty::Nap:
        if (state != PactState::Neutral) {
          effect = 2;
          break;
        }
        p.proposals |= napBit(e, o);
        if (!(p.proposals & napBit(o, e))) {
          effect = 0;
          break;
        }
        p.state = static_cast<uint8_t>(PactState::Nap), p.everNap = true, p.proposals = 0;
        changeReputation(e, kRepFormPact, RepCause::FormedPact);
        changeReputation(o, kRepFormPact, RepCause::FormedPact);
        for (auto& st : stances_)  // §2i: a partner can no longer be attacked
          if ((st.owner == e || st.owner == o) && st.stance == Stance::Attack) {
            st.targets &= ~targetBit(st.owner == e ? o : e);
            if (st.targets == 0) st.stance = Stance::Conditional;
          }
        break;
      case Treaty::EndNap:
        if (state != PactState::Nap) {
          effect = 2;
          break;
        }
        p.state = static_cast<uint8_t>(PactState::Neutral), p.napEndTurn = turn_;
        if (!declaresWar(e, o)) changeReputation(e, kRepBreakPact, RepCause::BrokePact);  // the war costs its own
        break;
      case Treaty::Peace:
        if (state != PactState::War) {
          effect = 2;
          break;
        }
        p.proposals |= peaceBit(e, o);
        if (!(p.proposals & peaceBit(o, e))) {
          effect = 0;
          break;
        }
        p.state = static_cast<uint8_t>(PactState::Neutral), p.peaceTurn = turn_, p.proposals = 0;
        break;
    }
    say({Ev::Treaty, 11, kNoSys, e, o, static_cast<uint8_t>(d.treaty), 0, 0, p.state, effect});
  }
  for (const auto& [e, d] : diplomacy) {
    if (d.kind != kGift) continue;
    System& from = sys_[emp_[e].home];
    System& to = sys_[emp_[d.other].home];
    const bool ok = !emp_[e].vanquished && !emp_[d.other].vanquished && from.owner == e && to.owner == d.other &&
                    static_cast<PactState>(pact(e, d.other).state) != PactState::War && from.minerals >= d.amount;
    if (ok) from.minerals -= d.amount, to.minerals += d.amount;
    say({Ev::Gift, 11, kNoSys, e, d.other, 0, 0, 0, d.amount, ok ? 1 : 0});
  }
}

// §2i "empires you have met": two empires meet once either has eyes (§9: owned, one lane away, fleet present)
// on a system the other owns or has ships at.
void WebGame::meetings() {
  const auto n = static_cast<uint8_t>(emp_.size());
  std::vector<uint32_t> present(sys_.size(), 0);  // empires with ships or ownership there
  for (const auto& r : ships_)
    if (r.alive() && r.owner < n) present[r.sys] |= 1u << r.owner;
  for (const auto& s : sys_)
    if (s.owner < n) present[s.id] |= 1u << s.owner;
  for (uint8_t e = 0; e < n; ++e) {
    if (emp_[e].vanquished) continue;
    uint32_t seen = 0;
    for (const auto& s : sys_) {
      bool eyes = (present[s.id] >> e) & 1u;
      for (uint16_t l : s.lanes) eyes = eyes || (sys_[l].owner == e);
      if (eyes) seen |= present[s.id];
    }
    seen &= ~(1u << e);
    for (uint8_t o = 0; o < n; ++o)
      if ((seen >> o) & 1u) emp_[e].met |= 1u << o, emp_[o].met |= 1u << e;
  }
}

}  // namespace concord::web
