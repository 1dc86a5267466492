// W.E.B. §2 independents and reputation, §5 pirates: the numbers. Stated ones cite their section; the lost
// tables (reputation steps, reaction roll, solidarity) are named decisions (docs/rules-decisions.md "W.E.B. part 2").
#pragma once

#include <cstdint>

namespace concord::web {

/// §2d reputation steps, Reviled (-4) .. Revered (+3); everyone starts at Neutral (0). The step is also the
/// modifier to every reaction and diplomacy d10 (§2a, §2b; "Dangerous (-2 to diplomatic rolls)", Appendix A).
inline constexpr int kRepMin = -4, kRepMax = 3;
inline constexpr const char* kRepNames[] = {"Reviled", "Menacing", "Dangerous", "Questionable", "Neutral",
                                            "Trustworthy", "Honored", "Revered"};
inline const char* repName(int rep) { return kRepNames[rep - kRepMin]; }
inline constexpr int kReviled = -4;

/// Per empire and independent system (§2a, §2f): not met yet, Neutral (diplomacy ongoing), Hostile (for good).
enum class Rel : uint8_t { Unmet = 0, Neutral = 1, Hostile = 2 };

/// §2a first-contact reaction (table lost): effective d10 + reputation <= 2 Hostile, 3..8 Neutral, 9 Rogue Join,
/// 10+ Join. At Reviled no die: Hostile unless the arriving fleet outnumbers the garrison 3:1 (intimidation join).
enum class Reaction : uint8_t { Neutral = 0, Join = 1, RogueJoin = 2, Hostile = 3 };
inline constexpr int kReactHostileAtMost = 2;
inline constexpr int kReactRogueJoin = 9;
inline constexpr int kReactJoinAtLeast = 10;
inline constexpr int kIntimidationRatio = 3;

/// §2b ongoing diplomacy: the hidden level runs 2..8; below 2 the faction goes Hostile, above 8 it joins.
/// A new Neutral relation starts in the middle (decision).
inline constexpr int kDiploStart = 5;
inline constexpr int kDiploMin = 2, kDiploMax = 8;
inline constexpr int kDiploUp = 6;    // effective roll 6+ shifts +1
inline constexpr int kDiploDown = 1;  // effective roll 1 or less shifts -1
inline constexpr uint64_t kRogueJoinOneIn = 3;  // §2b: "a 33% chance" the fleet defects to the pirates

/// §2e solidarity (table lost): every other Neutral, non-Gaia independent the attacker has met rolls a d10; the
/// level drops 1 on a roll <= 5 within kSolidarityHops of the attacked system, <= 2 farther away.
inline constexpr int kSolidarityHops = 2;
inline constexpr int kSolidarityNear = 5;
inline constexpr int kSolidarityFar = 2;

/// §5a local pirate fleets (numbers lost): a share of Dead Systems and asteroid fields hold 1 Cruiser and
/// 1..3 Destroyers; none within one lane of a home (fair starts).
inline constexpr int kPirateDeadPermille = 300;
inline constexpr int kPirateAsteroidPermille = 500;
inline constexpr int kPirateDdMin = 1, kPirateDdMax = 3;

/// §5h: "significant damage" to pirates (decision) = 2 or more pirate ships destroyed at one system in a turn;
/// Neutral non-Gaia independents within kPirateBonusHops of that battle warm by 1.
inline constexpr int kPirateBonusKills = 2;
inline constexpr int kPirateBonusHops = 2;

/// §5b-§5d raiders (numbers lost). The first raid launches on turn 8, then every 10, 9, 8 ... turns, never
/// fewer than 4 ("more frequent as the game progresses"). A raid is 1 Cruiser and 2 Destroyers (standing in for
/// the unbuilt tribute stream of §5f) plus the pirate reserve (ships home from earlier raids). A "meaningful
/// stockpile" is 10 minerals; under 5 the raiders look elsewhere (stated); each Destroyer beyond the PD steals 2.
inline constexpr uint32_t kFirstRaidTurn = 8;
inline constexpr uint32_t kRaidIntervalStart = 10, kRaidIntervalMin = 4;
inline constexpr int kRaidBaseCruisers = 1, kRaidBaseDestroyers = 2;
inline constexpr int32_t kRaidStockpile = 10, kRaidDepleted = 5;
inline constexpr int32_t kRaidStealPerDestroyer = 2;
/// §5i "the brethren's first two raids of the game ... are reserved for the independent races" (rules v4).
inline constexpr uint32_t kEarlyRaids = 2;
inline constexpr int kRaidBlockadeTurns = 2;  // §5d two full turns of blockade and the raiders go home

/// §2i formal diplomacy between empires: cooldowns (stated) and reputation steps (§2d, stated).
inline constexpr uint32_t kPeaceCooldown = 5;  // after peace: no war declaration for 5 turns
inline constexpr uint32_t kNapCooldown = 5;    // after a pact ends: no new proposal for 5 turns
inline constexpr int kRepBreakPact = -1;       // End N.A.P. without a war declaration
inline constexpr int kRepWarOnPartner = -2;    // war on an empire you have, or ever had, a pact with
inline constexpr int kRepSurprise = -1;        // per pair per turn (ambush exempt)
inline constexpr int kRepFormPact = 1;         // both signatories

}  // namespace concord::web
