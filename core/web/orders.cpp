#include "core/web/orders.h"

#include "core/det/reader.h"
#include "core/det/writer.h"
#include "core/web/config.h"

namespace concord::web {

Order encode(const Decoded& d) {
  det::Writer w;
  switch (d.kind) {
    case kLoad:
    case kUnload:
      w.varu("sys", d.sys);
      w.u8("cargo", static_cast<uint8_t>(d.cargo));
      w.varu("amount", d.amount);
      break;
    case kPlace: w.varu("sys", d.sys); break;
    case kMove:
      w.varu("from", d.sys);
      w.varu("to", d.to);
      w.varu("cruisers", d.move.cruisers);
      w.varu("destroyers", d.move.destroyers);
      w.varu("missiles", d.move.missiles);
      w.varu("novas", d.move.novas);
      for (uint16_t f : d.move.freighters) w.varu("freighters", f);
      break;
    case kStance:
      w.varu("sys", d.sys);
      w.u8("stance", static_cast<uint8_t>(d.stance));
      w.varu("targets", d.targets);
      w.varu("lanes", d.lanes.size());
      for (uint16_t l : d.lanes) w.varu("lane", l);
      break;
    case kBuild:
      w.varu("sys", d.sys);
      w.u8("item", static_cast<uint8_t>(d.item));
      w.varu("count", d.amount);
      break;
    case kCancel: w.varu("index", d.amount); break;
    case kTreaty:
      w.u8("treaty", static_cast<uint8_t>(d.treaty));
      w.varu("other", d.other);
      break;
    case kGift:
      w.varu("to", d.other);
      w.varu("minerals", d.amount);
      break;
    case kRoute:
      w.varu("sys", d.sys);
      w.varu("lanes", d.lanes.size());
      for (uint16_t l : d.lanes) w.varu("lane", l);
      break;
    default: break;
  }
  return Order{d.kind, w.take()};
}

Result<Decoded> decode(const Order& o) {
  det::Reader r(o.payload, "web order");
  Decoded d;
  d.kind = o.kind;
  auto sysId = [&](const char* n) { return static_cast<uint16_t>(r.varu(n, kMaxSystems - 1)); };
  auto count = [&](const char* n) { return static_cast<uint16_t>(r.varu(n, 60000)); };
  switch (o.kind) {
    case kLoad:
    case kUnload:
      d.sys = sysId("sys");
      d.cargo = static_cast<Cargo>(r.u8("cargo"));
      if (d.cargo == Cargo::None || d.cargo > Cargo::Starbase) r.fail("cargo", "must be minerals, population or starbase");
      d.amount = count("amount");
      break;
    case kPlace: d.sys = sysId("sys"); break;
    case kMove:
      d.sys = sysId("from");
      d.to = sysId("to");
      d.move.cruisers = count("cruisers");
      d.move.destroyers = count("destroyers");
      d.move.missiles = count("missiles");
      d.move.novas = count("novas");
      for (auto& f : d.move.freighters) f = count("freighters");
      break;
    case kStance: {
      d.sys = sysId("sys");
      uint8_t s = r.u8("stance");
      if (s > 2) r.fail("stance", "must be conditional, attack or ambush");
      d.stance = static_cast<Stance>(s);
      d.targets = static_cast<uint32_t>(r.varu("targets", (1u << 18) - 1));
      uint64_t n = r.count("lanes", 64);
      for (uint64_t i = 0; i < n && r.ok(); ++i) {
        uint16_t l = sysId("lane");
        if (!d.lanes.empty() && l <= d.lanes.back()) r.fail("lane", "watched lanes must be ascending, each once");
        d.lanes.push_back(l);
      }
      break;
    }
    case kBuild: {
      d.sys = sysId("sys");
      uint8_t it = r.u8("item");
      if (it >= kItems) r.fail("item", "unknown build item");
      d.item = static_cast<Item>(it);
      d.amount = count("count");
      break;
    }
    case kCancel: d.amount = static_cast<uint16_t>(r.varu("index", 63)); break;
    case kTreaty: {
      uint8_t t = r.u8("treaty");
      if (t >= kTreaties) r.fail("treaty", "must be war, nap, endnap or peace");
      d.treaty = static_cast<Treaty>(t);
      d.other = static_cast<uint8_t>(r.varu("other", kMaxEmpires - 1));
      break;
    }
    case kGift:
      d.other = static_cast<uint8_t>(r.varu("to", kMaxEmpires - 1));
      d.amount = count("minerals");
      break;
    case kRoute: {
      d.sys = sysId("sys");
      uint64_t n = r.count("lanes", 64);
      for (uint64_t i = 0; i < n && r.ok(); ++i) {
        uint16_t l = sysId("lane");
        if (!d.lanes.empty() && l <= d.lanes.back()) r.fail("lane", "trader routes must be ascending, each once");
        d.lanes.push_back(l);
      }
      break;
    }
    default: return Err("unknown W.E.B. order kind ", o.kind);
  }
  if (auto f = r.finish(); !f) return f.error();
  return d;
}

Order loadOrder(uint16_t sys, Cargo c, uint16_t amount) {
  Decoded d;
  d.kind = kLoad, d.sys = sys, d.cargo = c, d.amount = amount;
  return encode(d);
}
Order unloadOrder(uint16_t sys, Cargo c, uint16_t amount) {
  Decoded d;
  d.kind = kUnload, d.sys = sys, d.cargo = c, d.amount = amount;
  return encode(d);
}
Order placeOrder(uint16_t sys) {
  Decoded d;
  d.kind = kPlace, d.sys = sys;
  return encode(d);
}
Order moveOrder(uint16_t from, uint16_t to, const MoveCounts& m) {
  Decoded d;
  d.kind = kMove, d.sys = from, d.to = to, d.move = m;
  return encode(d);
}
Order stanceOrder(uint16_t sys, Stance s, uint32_t targets, std::vector<uint16_t> lanes) {
  Decoded d;
  d.kind = kStance, d.sys = sys, d.stance = s, d.targets = targets, d.lanes = std::move(lanes);
  return encode(d);
}
Order buildOrder(uint16_t sys, Item item, uint16_t count) {
  Decoded d;
  d.kind = kBuild, d.sys = sys, d.item = item, d.amount = count;
  return encode(d);
}
Order cancelOrder(uint16_t index) {
  Decoded d;
  d.kind = kCancel, d.amount = index;
  return encode(d);
}
Order treatyOrder(Treaty t, uint8_t other) {
  Decoded d;
  d.kind = kTreaty, d.treaty = t, d.other = other;
  return encode(d);
}
Order routeOrder(uint16_t sys, std::vector<uint16_t> to) {
  Decoded d;
  d.kind = kRoute, d.sys = sys, d.lanes = std::move(to);
  return encode(d);
}
Order giftOrder(uint8_t to, uint16_t minerals) {
  Decoded d;
  d.kind = kGift, d.other = to, d.amount = minerals;
  return encode(d);
}

std::string cargoName(Cargo c) {
  switch (c) {
    case Cargo::Minerals: return "minerals";
    case Cargo::Pop: return "population";
    case Cargo::Starbase: return "starbase";
    default: return "nothing";
  }
}

std::string describeDecoded(const Decoded& d) {
  auto s = [](int v) { return std::to_string(v); };
  switch (d.kind) {
    case kLoad: return "load " + s(d.amount) + " " + cargoName(d.cargo) + " at " + s(d.sys);
    case kUnload: return "unload " + s(d.amount) + " " + cargoName(d.cargo) + " at " + s(d.sys);
    case kPlace: return "place a Starbase at " + s(d.sys);
    case kMove: {
      std::string t = "move";
      auto add = [&](int n, const char* c) {
        if (n) t += " " + s(n) + " " + c;
      };
      add(d.move.cruisers, "CR");
      add(d.move.destroyers, "DD");
      add(d.move.missiles, "Mi");
      add(d.move.novas, "N");
      add(d.move.freighters[0], "Fr");
      add(d.move.freighters[1], "Fr(minerals)");
      add(d.move.freighters[2], "Fr(population)");
      add(d.move.freighters[3], "Fr(starbase)");
      return t + " from " + s(d.sys) + " to " + s(d.to);
    }
    case kStance: {
      if (d.stance == Stance::Conditional) return "stance conditional at " + s(d.sys);
      if (d.stance == Stance::Attack) {
        std::string t = "attack at " + s(d.sys) + ":";
        for (int e = 0; e < 16; ++e)
          if (d.targets & (1u << e)) t += " empire " + s(e);
        if (d.targets & kTargetIndependents) t += " independents";
        if (d.targets & kTargetPirates) t += " pirates";
        return t;
      }
      std::string t = "ambush at " + s(d.sys) + " watching";
      for (uint16_t l : d.lanes) t += " " + s(l);
      return t;
    }
    case kBuild: return "build " + s(d.amount) + " " + kItemNames[static_cast<int>(d.item)] + " at " + s(d.sys);
    case kCancel: return "cancel order " + s(d.amount);
    case kTreaty: {
      static const char* kSay[kTreaties] = {"declare war on", "propose (or accept) a Non-Aggression Pact with",
                                            "end the Non-Aggression Pact with", "propose (or accept) peace with"};
      return std::string(kSay[static_cast<int>(d.treaty)]) + " empire " + s(d.other);
    }
    case kGift: return "send " + s(d.amount) + " minerals to empire " + s(d.other);
    case kRoute: {
      std::string t = "local traders from " + s(d.sys) + " go to";
      for (uint16_t l : d.lanes) t += " " + s(l);
      return d.lanes.empty() ? "local traders from " + s(d.sys) + " go nowhere" : t;
    }
    default: return "unknown order";
  }
}

}  // namespace concord::web
