// W.E.B. events: the turn's resolution records grouped the way an analyst asks — one `battle` per system where
// shots were fired (§4, ambush fire included), then conquests, captures, joins, treaties, vanquished empires and
// the game's end, each with the turn that resolved it.
#include "core/web/analyst_events.h"

#include <algorithm>

#include "core/web/state.h"

namespace concord::web {

namespace {

// An owner as a number: an empire's seat, -1 the independents (§2), -2 the pirates (§5).
int64_t sideCode(uint8_t o) { return o == kIndependent ? -1 : o == kPirate ? -2 : int64_t{o}; }
bool isEmpire(const WebGame& g, uint8_t o) { return o < g.empires(); }
EventValue empireOrNull(const WebGame& g, uint8_t o) { return isEmpire(g, o) ? EventValue{int64_t{o}} : EventValue{}; }

struct Battle {
  uint16_t sys = 0;
  std::vector<uint8_t> sides;  // ascending owner byte
  std::vector<int64_t> lost;   // by side
  int64_t shots = 0, hits = 0, rounds = 0;
  bool ambush = false;
  size_t side(uint8_t o) {
    auto at = std::lower_bound(sides.begin(), sides.end(), o);
    const auto i = static_cast<size_t>(at - sides.begin());
    if (at == sides.end() || *at != o) sides.insert(at, o), lost.insert(lost.begin() + static_cast<long>(i), 0);
    return i;
  }
};

class WebEvents final : public EventExtractor {
 public:
  std::vector<AnalystEvent> begin(const Game&) override { return {}; }
  void before(const Game& g, uint32_t) override { over_ = dynamic_cast<const WebGame&>(g).over(); }

  std::vector<AnalystEvent> after(const Game& g, uint32_t turn) override {
    const auto& w = dynamic_cast<const WebGame&>(g);
    std::vector<AnalystEvent> out;
    battles(w, turn, out);
    std::vector<Seat> winners;
    for (const auto& e : w.events()) {
      AnalystEvent ev{"", turn, {}, {}};
      const auto sysName = [&] { return e.sys < w.systems().size() ? w.systems()[e.sys].name : std::string(); };
      switch (e.kind) {
        case Ev::Conquest:  // §4k an invasion takes the system
          ev.kind = "conquest";
          ev.with("system", int64_t{e.sys}).with("system_name", sysName()).with("by", empireOrNull(w, e.owner))
              .with("from", sideCode(e.other)).with("from_name", w.ownerName(e.other));
          break;
        case Ev::Captured:  // §5e pirates capture a ship
          ev.kind = "ship-captured";
          ev.with("system", int64_t{e.sys}).with("system_name", sysName()).with("empire", empireOrNull(w, e.owner))
              .with("ship", std::string(e.ship < kShipTypes ? kStats[e.ship].name : "ship"));
          break;
        case Ev::Joined:  // §2g an independent joins an empire
          ev.kind = "join";
          ev.with("system", int64_t{e.sys}).with("system_name", sysName()).with("empire", empireOrNull(w, e.owner))
              .with("garrison", int64_t{e.b}).with("defected", int64_t{e.a ? 1 : 0});
          break;
        case Ev::Treaty:  // §2i only the ones that changed the pact
          if (e.b != 1) continue;
          ev.kind = "treaty";
          ev.with("by", int64_t{e.owner}).with("other", int64_t{e.other})
              .with("act", std::string(kTreatyWords[e.ship % kTreaties]))
              .with("state", std::string(e.a == 1 ? "war" : e.a == 2 ? "nap" : "neutral"));
          break;
        case Ev::Vanquished:
          ev.kind = "vanquished";
          ev.with("empire", int64_t{e.owner}).with("by", empireOrNull(w, e.other));
          break;
        case Ev::Victory: winners.push_back(e.owner); continue;
        default: continue;
      }
      if (isEmpire(w, e.owner)) ev.about(e.owner);
      if (isEmpire(w, e.other)) ev.about(e.other);
      out.push_back(std::move(ev));
    }
    if (w.over() && !over_) {  // Victory: the winners and how the game ended (the Outcome's own words)
      AnalystEvent ev{"game-over", turn, {}, {}};
      for (Seat s : winners) ev.about(s);
      auto o = w.outcome();
      ev.with("winners", seatList(winners)).with("reason", o ? o->summary : std::string()).with("web_turn", int64_t{w.turn()});
      out.push_back(std::move(ev));
    }
    return out;
  }

 private:
  // §4 one battle per system whose ships fired this turn (combat rounds 1-2, ambush fire), its losses by side.
  static void battles(const WebGame& w, uint32_t turn, std::vector<AnalystEvent>& out) {
    std::vector<Battle> found;
    auto at = [&](uint16_t sys) -> Battle& {
      for (auto& b : found)
        if (b.sys == sys) return b;
      found.push_back(Battle{sys, {}, {}, 0, 0, 0, false});
      return found.back();
    };
    for (const auto& e : w.events()) {
      if (e.kind == Ev::Shot && e.sys != kNoSys) {
        auto& b = at(e.sys);
        b.side(e.owner), b.side(e.other);
        ++b.shots, b.hits += e.a ? 1 : 0;
        if (e.round == 3) b.ambush = true;
        else b.rounds = std::max<int64_t>(b.rounds, e.round);
      } else if (e.kind == Ev::Destroyed && e.sys != kNoSys) {
        auto& b = at(e.sys);
        b.side(e.other);
        ++b.lost[b.side(e.owner)];
      }
    }
    std::sort(found.begin(), found.end(), [](const Battle& a, const Battle& b) { return a.sys < b.sys; });
    for (const auto& b : found) {
      if (b.shots == 0) continue;  // ships lost without a shot here are not a battle
      AnalystEvent ev{"battle", turn, {}, {}};
      std::vector<int64_t> sides;
      std::vector<std::string> names;
      for (uint8_t o : b.sides) {
        if (isEmpire(w, o)) ev.about(o);
        sides.push_back(sideCode(o));
        names.push_back(w.ownerName(o));
      }
      ev.with("system", int64_t{b.sys}).with("system_name", w.systems()[b.sys].name).with("web_turn", int64_t{w.turn()})
          .with("sides", sides).with("side_names", names).with("ships_lost", b.lost).with("shots", b.shots)
          .with("hits", b.hits).with("rounds", b.rounds).with("ambush", int64_t{b.ambush ? 1 : 0});
      out.push_back(std::move(ev));
    }
  }

  bool over_ = false;
};

}  // namespace

std::unique_ptr<EventExtractor> makeAnalystEvents() { return std::make_unique<WebEvents>(); }

}  // namespace concord::web
