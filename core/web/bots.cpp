// The W.E.B. AI empire: integer rules of thumb over its own View only (§9). Builds crystals to stay in supply
// (§6g), PD against unrest (§6e), warships; attacks and invades the weakest neighbour it can see; keeps a
// home guard; never flies into a known black hole; courts Neutral independents with a stationed ship (§2b).
#include <algorithm>

#include "core/web/module.h"
#include "core/web/view.h"

namespace concord::web {
namespace {

int strength(const FleetView& f) {
  return 3 * f.ships[0] + 2 * f.ships[1] + f.ships[2] + 2 * f.ships[3];
}

class AiEmpire final : public Bot {
 public:
  explicit AiEmpire(Seat seat) : me_(static_cast<uint8_t>(seat)) {}

  std::vector<Order> choose(const Observation& obs, std::span<const Order>, det::Rng& rng) override {
    auto vr = decodeView(obs.canonical);
    if (!vr) return {};
    const View& v = *vr;
    std::vector<Order> out;
    diplomacy(v, out);
    int ships = 0;
    for (const auto& s : v.systems)
      for (const auto& f : s.fleets)
        if (f.owner == me_)
          for (uint16_t c : f.ships) ships += c;
    for (const auto& s : v.systems) {
      if (out.size() >= 56) break;
      if (!s.inView) continue;  // §9 a remembered system is only for judging targets, not for orders
      if (s.owner == me_ && s.kind == Kind::Star) build(v, s, ships, out);
      const FleetView* mine = nullptr;
      int enemy = 0;
      for (const auto& f : s.fleets) {
        if (f.owner == me_) mine = &f;
        else enemy += strength(f);
      }
      if (!mine) continue;
      command(v, s, *mine, enemy, rng, out);
    }
    return out;
  }

 private:
  // §2i: answer offers (a pact when neutral, peace when at war); never fight a partner (attack() checks).
  void diplomacy(const View& v, std::vector<Order>& out) {
    declared_ = 0;
    bool homeHeld = false;
    for (const auto& s : v.systems) homeHeld |= s.inView && s.homeOf == me_ && s.owner == me_;
    for (uint8_t o = 0; o < v.offers.size(); ++o) {
      // Lost the home world: sue for peace with everyone at war with us.
      if (!homeHeld && v.pactState[o] == static_cast<uint8_t>(PactState::War) && !(v.offers[o] & kOfferPeace))
        out.push_back(treatyOrder(Treaty::Peace, o));
      if ((v.offers[o] & kOfferNap) && v.pactState[o] == static_cast<uint8_t>(PactState::Neutral))
        out.push_back(treatyOrder(Treaty::Nap, o));
      if ((v.offers[o] & kOfferPeace) && v.pactState[o] == static_cast<uint8_t>(PactState::War))
        out.push_back(treatyOrder(Treaty::Peace, o));
    }
  }

  // The Attack targets it may use now: a pact partner never; an empire not yet at war gets a declaration this
  // turn (at most once) and is attacked from the next turn on, so the AI pays no surprise-attack cost (§2i).
  uint32_t lawful(const View& v, uint32_t targets, std::vector<Order>& out) {
    for (uint8_t o = 0; o < v.pactState.size(); ++o) {
      if (!(targets & (1u << o))) continue;
      if (v.pactState[o] == static_cast<uint8_t>(PactState::War)) continue;
      targets &= ~(1u << o);
      if (v.pactState[o] == static_cast<uint8_t>(PactState::Neutral) && v.met[o] && !(declared_ & (1u << o)))
        declared_ |= 1u << o, out.push_back(treatyOrder(Treaty::War, o));
    }
    return targets;
  }

  void build(const View& v, const SysView& s, int ships, std::vector<Order>& out) {
    const int cost = (ships + 60 + 49) / 50;  // the supply bill with room for this turn's builds
    if ((s.homeOf != kNobody || s.quality == kGaia) && s.crystals < 3 * cost) out.push_back(buildOrder(s.id, Item::Crystal, 2));
    if (s.pop / kPop > 2 * s.pd + 1) out.push_back(buildOrder(s.id, Item::Pd, 1));
    if (s.homeOf == me_ && v.turn % 3 == 0) out.push_back(buildOrder(s.id, Item::Cruiser, 1));
    if (s.homeOf == me_ && v.turn % 7 == 2) out.push_back(buildOrder(s.id, Item::Freighter, 1));
    out.push_back(buildOrder(s.id, Item::Destroyer, 6));
  }

  void command(const View& v, const SysView& s, const FleetView& f, int enemy, det::Rng& rng, std::vector<Order>& out) {
    const int mine = strength(f);
    // §2b: a Neutral independent (not Gaia, §2c) is courted, not attacked: a ship stays to keep diplomacy rolling.
    const bool courting = s.owner == kIndependent && s.relation == static_cast<uint8_t>(Rel::Neutral) && s.quality != kGaia;
    // Hostile ground: attack whoever holds it (and whoever is here) when we are the stronger side.
    if (!courting && s.owner != me_ && s.kind == Kind::Star && s.owner != kNobody && s.owner != kUnknownOwner) {
      uint32_t targets = targetBit(s.owner);
      for (const auto& o : s.fleets)
        if (o.owner != me_) targets |= targetBit(o.owner);
      if (mine >= enemy + 2 * s.dsats) {
        targets = lawful(v, targets, out);
        if (targets) out.push_back(stanceOrder(s.id, Stance::Attack, targets));
        return;
      }
    }
    if (f.ships[0] == 0 || s.lanes.empty()) return;
    // Pick the weakest visible neighbour we do not own; never a black hole or an ion nebula.
    uint16_t best = kNoSys;
    int bestScore = INT32_MIN;
    for (uint16_t n : s.lanes) {
      const SysView* t = v.find(n);
      int score = 0;
      if (t) {
        if (t->kind == Kind::BlackHole || t->kind == Kind::IonNebula) continue;
        if (t->owner == me_) continue;
        int guard = 0;
        for (const auto& o : t->fleets) guard += o.owner == me_ ? 0 : strength(o);
        score = (t->kind == Kind::Star ? 20 : 2) - guard - 2 * t->dsats - (t->homeOf != kNobody ? 5 : 0);
        if (guard + 2 * t->dsats > mine - 2) continue;
      } else {
        score = 1;
      }
      score = score * 8 + static_cast<int>(rng.below(8));
      if (score > bestScore) bestScore = score, best = n;
    }
    if (best == kNoSys) return;
    MoveCounts m;
    const bool home = s.homeOf == me_ && s.owner == me_;
    m.cruisers = f.ships[0];
    m.destroyers = static_cast<uint16_t>(home ? std::max(0, f.ships[1] - 2) : courting ? std::max(0, f.ships[1] - 1) : f.ships[1]);
    if (courting && f.ships[1] == 0) m.cruisers = static_cast<uint16_t>(std::max(0, f.ships[0] - 1));
    m.missiles = f.ships[2];
    m.novas = f.ships[3];
    if (m.cruisers + m.destroyers + m.missiles + m.novas < 4) return;  // wait for a real fleet
    out.push_back(moveOrder(s.id, best, m));
  }

  uint8_t me_;
  uint32_t declared_ = 0;  // war declarations in this turn's bundle
};

}  // namespace

std::unique_ptr<Bot> makeBot(std::string_view kind, Seat seat) {
  if (kind != "ai") return nullptr;
  return std::make_unique<AiEmpire>(seat);
}

}  // namespace concord::web
