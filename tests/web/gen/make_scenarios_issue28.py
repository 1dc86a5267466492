#!/usr/bin/env python3
"""Writes the issue-28 W.E.B. scenarios (rules v4: §2i surprise attacks charged to the attacker, §2f hostile
independents ordering ambushes, §5 raiders firing only on the system owner) to tests/web/scenarios/.
Each is written from the text of 003_a72b5c79f2787ca6.txt. Format: docs/web-scenarios.md.
Re-run after editing: python3 tests/web/gen/make_scenarios_issue28.py"""
from scenario_lib import HOME0, HOME1, galaxy, ships, write

MET = [[0, 1]]
ATK01 = [{"owner": 0, "at": 2, "attack": [1]}]


def count(kind, n, **match):
    key = kind if not match else kind + ":" + ",".join(f"{a}={b}" for a, b in match.items())
    return {key: ({"match": dict({"kind": kind}, **match), "n": n} if match else n)}


def merge(*ds):
    out = {}
    for d in ds:
        out.update(d)
    return out


# --- §2i surprise attacks: "Attacking another player's fleet or system before declaring war on them costs -1
# reputation step per pair per turn" (§2d); "score at least one hit" is §2e's rule for Neutral independents only.
# Dice: per round (1 and 2, both fleets stationary), the Cruiser step (empire 0's three CRs), then the Destroyer
# step (empire 1's DD); a Starbase fires its two shots before the Cruisers (§4d).
write("surprise_attacker_pays_even_if_it_missed", "§2i/§2d the empire that opened fire before declaring war pays -1, though every shot missed", {
    "met": MET, "systems": galaxy(), "ships": ships(0, 2, CR=3) + ships(1, 2, DD=1), "stances": ATK01,
    "dice": [1] * 8,
    "expect": {"events": [{"kind": "shot", "owner": 0, "hit": False},
                          {"kind": "surprise-attack", "owner": 0, "other": 1, "sys": 2},
                          {"kind": "reputation", "owner": 0, "a": -1, "b": -1}],
               "count": count("shot", 0, hit=True), "empires": [{"reputation": -1}, {"reputation": 0}]}})
write("surprise_defender_firing_back_pays_nothing", "§2i a defender at Conditional that fires back when attacked makes no surprise attack", {
    "met": MET, "systems": galaxy(), "ships": ships(0, 2, CR=3) + ships(1, 2, DD=1), "stances": ATK01,
    "dice": [1, 1, 1, 10, 1, 1, 1, 1],
    "expect": {"events": [{"kind": "shot", "owner": 1, "other": 0, "hit": True}],
               "count": merge(count("surprise-attack", 1), count("surprise-attack", 0, owner=1)),
               "empires": [{"reputation": -1}, {"reputation": 0}]}})
write("surprise_starbase_firing_back_pays_nothing", "§2i, §4j a Starbase cannot initiate combat: its return fire is no surprise attack", {
    "met": MET, "systems": galaxy({"kind": "dead", "owner": 1, "starbase": True}), "ships": ships(0, 2, CR=1),
    "stances": ATK01, "dice": [10, 10, 1, 1, 1, 1],
    "expect": {"events": [{"kind": "shot", "owner": 1, "ship": "SB", "hit": True}],
               "count": merge(count("surprise-attack", 1), count("surprise-attack", 0, owner=1)),
               "empires": [{"reputation": -1}, {"reputation": 0}]}})
write("surprise_invasion_that_misses_still_pays", "§2i invading another empire's system before declaring war is a surprise attack, hit or miss", {
    "met": MET, "systems": galaxy({"kind": "star", "owner": 1, "quality": "C", "pd": 1, "dsats": 0}),
    "ships": ships(0, 2, CR=1), "stances": ATK01, "dice": [1],
    "expect": {"events": [{"kind": "invade-shot", "owner": 0, "hit": False},
                          {"kind": "surprise-attack", "owner": 0, "other": 1}],
               "empires": [{"reputation": -1}, {"reputation": 0}]}})

# --- §2f "Hostile independent systems will command their nearby independent neighbors to set up ambushes along
# the warp lanes back from their territory. If you push a fleet through a hostile independent's space, expect to
# be ambushed when arriving at the next independent system over."
# Home0 - 2 (Hostile to empire 0) - 3 (Neutral to empire 0, a garrison of 2 Destroyers) ; Home1 - 2.
INDEP = {"kind": "star", "quality": "C", "minerals": 0}
CHAIN = galaxy(INDEP, extra=[dict(INDEP, name="Next")])
HOSTILE_AT_2 = [{"empire": 0, "at": 2, "rel": "hostile"}, {"empire": 0, "at": 3, "rel": "neutral", "level": 5}]
write("hostile_independent_neighbour_ambushes_arrivals", "§2f the next independent system over ambushes a fleet arriving from a Hostile independent's space (+1 to hit, §4c)", {
    "systems": CHAIN, "relations": HOSTILE_AT_2, "ships": ships(0, 2, CR=1) + ships("independent", 3, DD=2),
    "orders": [{"empire": 0, "move": {"from": 2, "to": 3, "CR": 1}}], "dice": [7, 10],
    "expect": {"events": [{"kind": "shot", "round": 3, "sys": 3, "owner": "independent", "other": 0, "need": 7, "roll": 7, "hit": True},
                          {"kind": "shot", "round": 3, "sys": 3, "owner": "independent", "hit": True}],
               "count": count("shot", 2, round=3), "ships": [{"owner": 0, "type": "CR", "count": 1}],
               "relations": [{"empire": 0, "at": 3, "rel": "neutral"}]}})
write("hostile_independent_ambush_spares_other_empires", "§2f hostility is per player: a fleet of an empire the hostile system is not Hostile to is not ambushed", {
    "systems": CHAIN, "relations": HOSTILE_AT_2, "ships": ships(1, 2, CR=1) + ships("independent", 3, DD=2),
    "orders": [{"empire": 1, "move": {"from": 2, "to": 3, "CR": 1}}], "dice": [10, 10], "diplomacyDice": [5],
    "expect": {"count": count("shot", 0, round=3)}})
write("hostile_independent_ambush_only_that_lane", "§2f the ambush watches the lanes back from the hostile territory: an arrival by another lane is not ambushed", {
    "systems": galaxy(INDEP, extra=[dict(INDEP, name="Next", more=[4])]) + [{"kind": "dead", "lanes": [3]}],
    "relations": HOSTILE_AT_2, "ships": ships(0, 4, CR=1) + ships("independent", 3, DD=2),
    "orders": [{"empire": 0, "move": {"from": 4, "to": 3, "CR": 1}}], "dice": [10, 10],
    "expect": {"count": count("shot", 0, round=3)}})

# --- §5i "in a system where pirates are mid-raid, they fire only on the system owner".
RAID_MAP = [dict(HOME0, lanes=[2, 3], minerals=20, dsats=0), dict(HOME1, lanes=[2]), {"kind": "asteroid", "lanes": [0, 1]},
            {"kind": "dead", "lanes": [0]}]
write("raiders_fire_only_on_the_system_owner", "§5i/§5d raiders over their target fire only on the system owner: another empire's fleet there is left alone", {
    "turn": 2, "met": MET, "systems": RAID_MAP, "raids": [{"route": [2, 0], "target": 0, "arrived": 1, "CR": 1, "DD": 2}],
    "ships": ships(0, 0, DD=1) + ships(1, 0, DD=2), "dice": [10] * 8,
    "expect": {"events": [{"kind": "shot", "owner": "pirate", "other": 0, "hit": True}],
               "count": merge(count("shot", 0, owner="pirate", other=1), count("shot", 0, owner=1)),
               "ships": [{"owner": 1, "type": "DD", "count": 2}]}})
write("raiders_fire_back_when_attacked", "§4a the attacked fire back: a third empire attacking the raiders draws their fire", {
    "turn": 2, "met": MET, "systems": RAID_MAP, "raids": [{"route": [2, 0], "target": 0, "arrived": 1, "CR": 1, "DD": 2}],
    "ships": ships(0, 0, DD=1) + ships(1, 0, DD=2), "stances": [{"owner": 1, "at": 0, "attack": ["pirate"]}], "dice": [10] * 8,
    "expect": {"events": [{"kind": "shot", "owner": "pirate", "other": 1, "hit": True}]}})
