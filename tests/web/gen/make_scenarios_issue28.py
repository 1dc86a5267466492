#!/usr/bin/env python3
"""Writes the issue-28 W.E.B. scenarios (rules v4: §2i surprise attacks charged to the attacker, §2f hostile
independents ordering ambushes, §5 raiders firing only on the system owner) to tests/web/scenarios/.
Each is written from the text of 003_a72b5c79f2787ca6.txt. Format: docs/web-scenarios.md.
Re-run after editing: python3 tests/web/gen/make_scenarios_issue28.py"""
from scenario_lib import HOME0, HOME1, count, galaxy, merge, ships, write

MET = [[0, 1]]
ATK01 = [{"owner": 0, "at": 2, "attack": [1]}]




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

# --- What the player reads (§9 turn reports; issue 28's part-1 fixes). "text" checks an empire's Observation
# ("report") or its lane map ("map") after the turn.
write("report_shows_the_dice_of_own_battles", "§9, §4 a combat report shows every roll that decided the player's own battle: who fired, the number needed, the roll, hit or miss", {
    "met": MET, "pacts": [{"a": 0, "b": 1, "state": "war"}], "systems": galaxy(), "ships": ships(0, 2, CR=1) + ships(1, 2, DD=1),
    "stances": ATK01, "dice": [7, 3, 1, 1],
    "expect": {"text": [{"empire": 0, "contains": ["round 1: Empire 0 Cruiser rolls 7 (needs 5) hits Empire 1 at S2",
                                                   "round 1: Empire 1 Destroyer rolls 3 (needs 6) misses at S2"]},
                        {"empire": 1, "contains": ["round 1: Empire 0 Cruiser rolls 7 (needs 5) hits Empire 1 at S2"]}]}})
write("report_hides_the_dice_of_other_battles", "§9 the dice of a battle the player is not in stay out of its report (it sees the losses, not the rolls)", {
    "systems": galaxy(), "ships": ships(1, 2, CR=2) + ships("pirate", 2, DD=1), "dice": [7, 7, 1, 1, 1, 1],
    "expect": {"text": [{"empire": 0, "lacks": ["rolls"], "contains": ["destroyed by Empire 1 at S2"]},
                        {"empire": 1, "contains": ["round 1: Empire 1 Cruiser rolls 7 (needs 5) hits pirates at S2"]}]}})
write("report_supply_status_line", "§6g, §7 the status lines show the crystal stockpile, the supply cost due and the Starbase kits in stock", {
    "systems": [dict(HOME0, lanes=[2], crystals=10, starbaseKits=2), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 0, CR=1),
    "expect": {"systems": {"0": {"crystals": 9}},
               "text": [{"empire": 0, "contains": ["Ion-9 crystals 9 in stock, supply due 1 per turn (§6g); Starbase kits 2 in stock",
                                                   "Ion-9 9 kits 2"],
                         "lacks": ["Warning", "WARNING"]}]}})
write("report_supply_warns_the_turn_before", "§6g a warning the turn before supply fails: the stock pays this turn's supply, not the next", {
    "systems": [dict(HOME0, lanes=[2], crystals=2), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 0, CR=1),
    "expect": {"systems": {"0": {"crystals": 1}}, "empires": [{"unsupplied": False}],
               "text": [{"empire": 0, "contains": ["Warning: the crystals pay this turn's supply only"]}]}})
write("report_supply_warns_when_it_fails", "§6g with fewer crystals than the supply due, the report says supply fails at the end of this turn", {
    "systems": [dict(HOME0, lanes=[2], crystals=1), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 0, CR=1), "thenTurns": 0,
    "expect": {"systems": {"0": {"crystals": 0}},
               "text": [{"empire": 0, "contains": ["WARNING: supply fails at the end of this turn: 0 crystals for 1 due"]}]}})
write("map_conquered_system_reads_yours_not_hostile", "§2f, §9 a conquered independent is the player's own system: the map no longer reads \"(yours) Hostile to you\"", {
    "systems": galaxy({"kind": "star", "quality": "C", "owner": 0, "name": "Taken"}), "ships": ships(0, 2, CR=1),
    "relations": [{"empire": 0, "at": 2, "rel": "hostile"}],
    "expect": {"text": [{"empire": 0, "view": "map", "contains": ["Taken (yours)"], "lacks": ["Hostile"]}]}})
write("report_folds_independent_growth", "§6d, §9 the growth of every visible independent is folded into one line", {
    "systems": galaxy(dict(INDEP, name="Alpha"), extra=[dict(INDEP, name="Beta")]), "ships": ships(0, 3, CR=1),
    "relations": [{"empire": 0, "at": 2, "rel": "neutral"}, {"empire": 0, "at": 3, "rel": "neutral"}],
    "expect": {"count": count("grew", 4),
               "text": [{"empire": 0, "contains": ["independent systems grow (§6d): Alpha 5.3, Beta 5.3", "Home0 grows to"],
                         "lacks": ["Alpha grows to", "Beta grows to"]}]}})
write("refusal_hides_an_unknown_system_name", "§9 a refusal says only what the player may know: a system never seen is \"system N\", not its name", {
    "systems": galaxy(extra=[{"kind": "star", "name": "Quaion"}]), "ships": ships(0, 0, CR=1),
    "orders": [{"empire": 0, "move": {"from": 0, "to": 3, "CR": 1}}, {"empire": 0, "build": {"at": 3, "item": "pd", "count": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "system 3 is not one lane from Home0", "reasonLacks": "Quaion"},
                            {"empire": 0, "index": 1, "reason": "at system 3", "reasonLacks": "Quaion"}]}})
write("refusal_names_a_known_system", "§9 a system the player knows keeps its name in a refusal", {
    "systems": galaxy({"kind": "star", "quality": "C", "name": "Near"}), "ships": ships(0, 0, CR=1),
    "orders": [{"empire": 0, "build": {"at": 2, "item": "pd", "count": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "at Near"}]}})
write("raid_sighting_report_at_the_origin_field", "§5b ships present at the asteroid field the raiders leave send a specific sighting report; others hear only the traders' warning", {
    "turn": 8, "nextRaidTurn": 8, "systems": RAID_MAP, "ships": ships(0, 2, DD=1), "debris": [50],
    "expect": {"events": [{"kind": "raid-launched", "sys": 2}],
               "text": [{"empire": 0, "contains": ["Sighting report from S2: a Pirate Raider fleet of 1 Cruiser and 2 Destroyers launches from the asteroid field, bound for Home0 (Empire 0)"]},
                        {"empire": 1, "contains": ["Traders are reporting a large Pirate Raiding fleet approaching civilized space"],
                         "lacks": ["Sighting report", "bound for"]}]}})

# --- §5c/§5i raider targeting (rules v4). "Bribes are unavailable until the brethren's first two raids of the game
# have launched — those raids are reserved for the independent races." "Of the empires that have not paid the
# brethren at all, those who have given the least are first to feel the brethren's hunger. And when every empire
# has bought peace, the brethren turn back to the independents until fresh marks emerge."
# Home0 (20 minerals) - asteroid 2 - dead 3 - Home1 (20 minerals); an independent star 4 (12 minerals) off dead 3.
RICH = 20
TARGETS = [dict(HOME0, lanes=[2], minerals=RICH), dict(HOME1, lanes=[3], minerals=RICH),
           {"kind": "asteroid", "lanes": [0, 3]}, {"kind": "dead", "lanes": [1, 2, 4]},
           {"kind": "star", "quality": "C", "minerals": 12, "name": "Indie", "lanes": [3]}]
NO_INDIE = TARGETS[:4]
NO_INDIE = [dict(x) for x in NO_INDIE]
NO_INDIE[3]["lanes"] = [1, 2]
LAUNCH = {"turn": 8, "nextRaidTurn": 8}
write("raid_first_two_go_for_the_independents", "§5i the brethren's first two raids are reserved for the independent races: the first raid passes a closer empire stockpile by", dict(LAUNCH, **{
    "raidsLaunched": 0, "systems": TARGETS,
    "expect": {"events": [{"kind": "raid-launched", "sys": 2, "b": 4, "other": "independent"}], "raids": [{"target": 4}]}}))
write("raid_third_goes_for_the_empires", "§5c after the first two raids the brethren turn to the empires: the closest unpaid stockpile", dict(LAUNCH, **{
    "raidsLaunched": 2, "systems": TARGETS,
    "expect": {"events": [{"kind": "raid-launched", "b": 0}], "raids": [{"target": 0}]}}))
write("raid_least_paid_first", "§5i those who have not paid the brethren are raided first: the unpaid empire's farther system over a paying empire's closer one", dict(LAUNCH, **{
    "raidsLaunched": 2, "systems": NO_INDIE, "paidToPirates": [5, 0],
    "expect": {"events": [{"kind": "raid-launched", "b": 1, "other": 1}], "raids": [{"target": 1}]}}))
write("raid_everyone_paid_turns_to_the_independents", "§5i when every empire has bought peace the brethren turn back to the independents", dict(LAUNCH, **{
    "raidsLaunched": 2, "systems": TARGETS, "paidToPirates": [3, 7],
    "expect": {"events": [{"kind": "raid-launched", "b": 4}], "raids": [{"target": 4}]}}))
write("raid_everyone_paid_no_independent_least_paid", "§5i decision: with every empire paid and no independent worth raiding, the raid goes for whoever gave the least", dict(LAUNCH, **{
    "raidsLaunched": 2, "systems": NO_INDIE, "paidToPirates": [7, 3],
    "expect": {"events": [{"kind": "raid-launched", "b": 1}], "raids": [{"target": 1}]}}))
write("raid_plunders_an_independent_system", "§5d a raid on an independent system plunders it like any other: 3 Destroyers over PD 1 steal 4", {
    "turn": 10, "systems": [dict(TARGETS[0]), dict(TARGETS[1]), dict(TARGETS[2]), dict(TARGETS[3]), dict(TARGETS[4], pd=1, dsats=0)],
    "raids": [{"route": [2, 3, 4], "target": 4, "arrived": 9, "CR": 1, "DD": 3}],
    "expect": {"events": [{"kind": "plunder", "sys": 4, "a": 4, "b": 1}], "systems": {"4": {"minerals": 8, "unrest": True}},
               "raids": [{"homeward": True}]}})
write("surprise_attack_heard_by_those_who_met_the_attacker", "§2i the victim and any third-party empires who have met the attacker are notified; an empire that has not met it is not", {
    "empires": 4, "met": [[0, 1], [0, 2]],
    # Empire 2 (Home2, two lanes off the battle) has met empire 0 but cannot see system 2; empire 3 has met nobody.
    "systems": [dict(HOME0, lanes=[2]), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1, 3]},
                {"kind": "dead", "lanes": [2, 4]}, dict(HOME0, owner=2, home=2, name="Home2", lanes=[3, 5]),
                {"kind": "dead", "lanes": [4, 6]}, dict(HOME0, owner=3, home=3, name="Home3", lanes=[5])],
    "ships": ships(0, 2, CR=3) + ships(1, 2, DD=1), "stances": ATK01, "dice": [1] * 8,
    "expect": {"events": [{"kind": "surprise-attack", "owner": 0, "other": 1}],
               "text": [{"empire": 2, "contains": ["Empire 0 makes a surprise attack on Empire 1"]},
                        {"empire": 3, "lacks": ["surprise attack"]}]}})
