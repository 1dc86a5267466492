// One §4 combat round at one system (combat.cpp), plus ambush fire and invasion (ambush.cpp, invasion.cpp).
#pragma once

#include <array>
#include <vector>

#include "core/web/state.h"

namespace concord::web {

struct Combat {
  struct Side {
    uint8_t owner = 0;
    std::array<std::vector<uint32_t>, kMobileTypes> fire;      // ships that fire this round
    std::array<std::vector<uint32_t>, kMobileTypes> front;     // targetable first (staying / not arrived)
    std::array<std::vector<uint32_t>, kMobileTypes> overflow;  // §4h departing ships (round 1)
    bool platforms = false;  // owns this system's D-Sats / Starbase
    bool hasFleet = false;   // §4j D-Sats fire only with the owner's fleet present
    bool penalty = false;    // §4g
    std::vector<uint8_t> enemies;
    size_t next = 0;  // round-robin over enemies
  };
  struct Pending {
    uint8_t target = kNobody;
    uint8_t by = kNobody;
    bool nova = false;
    bool isPlatform = false;
    Ship platform = Ship::DSat;
    uint32_t ship = 0;
  };

  Combat(WebGame& game, uint16_t sys, int roundNo, const std::vector<uint32_t>& here);
  bool anyEngaged() const;
  void fireRound();

  WebGame& g;
  System& s;
  int round;
  bool nebula = false, ion = false;
  std::vector<Side> sides;  // ascending owner
  int32_t recruits = 0;     // §5e: minerals seized from captured Freighters this round

 private:
  Side& sideOf(uint8_t owner);
  uint32_t pirateTargets(const std::vector<uint32_t>& here) const;
  void engage(Side& a, Side& b);
  int hpOf(Ship t) const;
  const std::array<std::vector<uint32_t>, kMobileTypes>* reachable(Side& side, int* platformUnits);
  int need(const Side& side, Ship t, bool ambush) const;
  bool live(uint32_t i, uint8_t owner) const;
  void kill(uint32_t i, uint8_t by);
  void killPlatform(Ship t, uint8_t by);
  void hit(Side& target, uint8_t by);
  Pending novaTarget(Side& shooter);
  void apply(std::vector<Pending>& pending);
  uint8_t pickEnemy(Side& shooter);
};

}  // namespace concord::web
