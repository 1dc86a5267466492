// W.E.B. orders (§3 movement, §3d cargo, §4a stances, §6b builds) and their canonical payloads.
// One bundle holds all of an empire's orders for a turn; payloads are decoded strictly.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/det/result.h"
#include "core/game/types.h"

namespace concord::web {

enum OrderKind : uint16_t { kLoad = 1, kUnload = 2, kPlace = 3, kMove = 4, kStance = 5, kBuild = 6, kCancel = 7,
                            kTreaty = 8, kGift = 9, kRoute = 10 };

/// §2i formal diplomacy with another empire, taking effect at turn rollover.
enum class Treaty : uint8_t { War = 0, Nap = 1, EndNap = 2, Peace = 3 };
inline constexpr int kTreaties = 4;
inline constexpr const char* kTreatyWords[kTreaties] = {"war", "nap", "endnap", "peace"};

enum class Cargo : uint8_t { None = 0, Minerals = 1, Pop = 2, Starbase = 3 };
enum class Stance : uint8_t { Conditional = 0, Attack = 1, Ambush = 2 };

/// What a Build order makes: the five ship types, then platforms and economy (§6b, §6g).
enum class Item : uint8_t { Cruiser = 0, Destroyer = 1, Missile = 2, Nova = 3, Freighter = 4, DSat = 5, Starbase = 6,
                            Pd = 7, Industry = 8, Crystal = 9 };
inline constexpr int kItems = 10;
inline constexpr const char* kItemNames[kItems] = {"cruiser", "destroyer", "missile", "nova", "freighter",
                                                   "dsat", "starbase", "pd", "industry", "crystal"};

/// Attack targets: bit e for empire e, plus independents and pirates.
inline constexpr uint32_t kTargetIndependents = 1u << 16;
inline constexpr uint32_t kTargetPirates = 1u << 17;

/// Ships a Move takes: counts by type; Freighters by what they carry (§3d cargo travels with its ship).
struct MoveCounts {
  uint16_t cruisers = 0, destroyers = 0, missiles = 0, novas = 0;
  std::array<uint16_t, 4> freighters{};  // indexed by Cargo: empty, minerals, population, Starbase
  int total() const {
    return cruisers + destroyers + missiles + novas + freighters[0] + freighters[1] + freighters[2] + freighters[3];
  }
  friend bool operator==(const MoveCounts&, const MoveCounts&) = default;
};

struct Decoded {
  uint16_t kind = 0;
  uint16_t sys = 0;   // Load/Unload/Place/Stance/Build: the system; Move: origin
  uint16_t to = 0;    // Move destination
  Cargo cargo = Cargo::None;
  uint16_t amount = 0;  // Load/Unload amount, Build count, Cancel index
  MoveCounts move;
  Stance stance = Stance::Conditional;
  uint32_t targets = 0;          // Attack
  std::vector<uint16_t> lanes;   // Ambush: watched neighbour systems; Route: trader destinations (ascending)
  Item item = Item::Destroyer;
  Treaty treaty = Treaty::War;  // kTreaty
  uint8_t other = 0;            // kTreaty: the other empire; kGift: the recipient (amount = minerals)
};

Order encode(const Decoded& d);
/// Strict: unknown kinds, bad enums, trailing bytes are errors naming the field.
Result<Decoded> decode(const Order& o);

Order loadOrder(uint16_t sys, Cargo c, uint16_t amount);
Order unloadOrder(uint16_t sys, Cargo c, uint16_t amount);
Order placeOrder(uint16_t sys);
Order moveOrder(uint16_t from, uint16_t to, const MoveCounts& m);
Order stanceOrder(uint16_t sys, Stance s, uint32_t targets = 0, std::vector<uint16_t> lanes = {});
Order buildOrder(uint16_t sys, Item item, uint16_t count);
Order cancelOrder(uint16_t index);
Order treatyOrder(Treaty t, uint8_t other);
Order giftOrder(uint8_t to, uint16_t minerals);
Order routeOrder(uint16_t sys, std::vector<uint16_t> to);

std::string cargoName(Cargo c);
/// "move 2 CR 3 DD from 4 to 7" (system ids; the game adds names).
std::string describeDecoded(const Decoded& d);

}  // namespace concord::web
