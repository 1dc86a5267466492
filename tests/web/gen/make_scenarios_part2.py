#!/usr/bin/env python3
"""Writes the part-2 W.E.B. scenarios (§2 independents and reputation, §5 pirates) to tests/web/scenarios/.
Format: docs/web-scenarios.md. Re-run after editing: python3 tests/web/gen/make_scenarios_part2.py"""
import json, os

from scenario_lib import HOME0, HOME1, OUT, count, galaxy, merge, ships, write  # noqa: F401 (shared helpers)
INDEP = {"kind": "star", "quality": "C"}  # a star system's owner defaults to "independent"


ARRIVE = [{"empire": 0, "move": {"from": 0, "to": 2, "CR": 1, "DD": 1}}]
GARRISON = ships("independent", 2, DD=3)
HOME_FLEET = ships(0, 0, CR=1, DD=1)
NEUTRAL_AT_2 = [{"empire": 0, "at": 2, "rel": "neutral", "level": 5}]

# --- §2a first contact ---------------------------------------------------------------------------------
write("contact_neutral", "§2a first contact: effective 3..8 is Neutral; a Neutral garrison holds its fire", {
    "systems": galaxy(INDEP), "ships": HOME_FLEET + GARRISON, "orders": ARRIVE, "diplomacyDice": [5], "thenTurns": 1,
    "expect": {"events": [{"kind": "contact", "owner": 0, "sys": 2, "roll": 5, "reaction": "neutral"}],
               "count": merge(count("shot", 0), count("contact", 1)),
               "relations": [{"empire": 0, "at": 2, "rel": "neutral"}, {"empire": 1, "at": 2, "rel": "unmet"}]}})
write("contact_hostile_fights_next_turn", "§2a effective <= 2 is Hostile; §2f the garrison attacks on sight (after §4i arrival immunity)", {
    "systems": galaxy(INDEP), "ships": HOME_FLEET + GARRISON, "orders": ARRIVE, "diplomacyDice": [2], "thenTurns": 1,
    "expect": {"events": [{"kind": "contact", "owner": 0, "roll": 2, "reaction": "hostile"},
                          {"kind": "turned-hostile", "owner": 0, "sys": 2},
                          {"kind": "shot", "owner": "independent", "round": 1}],
               "relations": [{"empire": 0, "at": 2, "rel": "hostile"}]}})
write("contact_join_transfers_next_turn", "§2a Join, §2g: the system transfers on the following turn, the garrison disbands; no reputation for an initial Join (§2d)", {
    "systems": galaxy(dict(INDEP, minerals=7)), "ships": HOME_FLEET + GARRISON, "orders": ARRIVE, "diplomacyDice": [10],
    "thenTurns": 1,
    "expect": {"events": [{"kind": "contact", "owner": 0, "reaction": "join"}, {"kind": "join-vote", "owner": 0, "a": 0},
                          {"kind": "joined", "owner": 0, "sys": 2, "a": 0, "b": 3}],
               "count": count("reputation", 0),
               "systems": {"2": {"owner": 0, "joining": None}}, "ships": [{"owner": "independent", "count": 0}],
               "empires": [{"reputation": 0}]}})
write("contact_join_waits_a_turn", "§2g the vote of turn 1 has not transferred the system by the end of turn 1", {
    "systems": galaxy(INDEP), "ships": HOME_FLEET + GARRISON, "orders": ARRIVE, "diplomacyDice": [10],
    "expect": {"count": count("joined", 0), "systems": {"2": {"owner": "independent", "joining": 0}}}})
write("contact_rogue_join_fleet_turns_pirate", "§2a Rogue Join (effective 9): the world joins, its fleet defects to the pirates (§2b, §5a)", {
    "systems": galaxy(INDEP), "ships": HOME_FLEET + GARRISON, "orders": ARRIVE, "diplomacyDice": [9], "thenTurns": 1,
    "expect": {"events": [{"kind": "contact", "reaction": "rogue-join"}, {"kind": "joined", "owner": 0, "a": 1, "b": 3}],
               "systems": {"2": {"owner": 0}}, "ships": [{"owner": "pirate", "at": 2, "type": "DD", "count": 3}]}})
write("contact_reputation_modifies_the_roll", "§2a the reaction d10 adds the reputation step: Dangerous (-2) turns a 4 Hostile", {
    "reputation": [-2], "systems": galaxy(INDEP), "ships": HOME_FLEET + GARRISON, "orders": ARRIVE, "diplomacyDice": [4],
    "expect": {"events": [{"kind": "contact", "roll": 4, "b": 2, "reaction": "hostile"}]}})
write("contact_good_reputation_invites_joins", "§2a Honored (+2) turns an 8 into a Join", {
    "reputation": [2], "systems": galaxy(INDEP), "ships": HOME_FLEET + GARRISON, "orders": ARRIVE, "diplomacyDice": [8],
    "expect": {"events": [{"kind": "contact", "roll": 8, "b": 10, "reaction": "join"}]}})
write("contact_reviled_is_hostile_without_a_roll", "§2a at Reviled no d10 is rolled: automatic hostility", {
    "reputation": [-4], "systems": galaxy(INDEP), "ships": HOME_FLEET + GARRISON, "orders": ARRIVE, "diplomacyDice": [10],
    "expect": {"events": [{"kind": "contact", "roll": 0, "reaction": "hostile"}], "relations": [{"empire": 0, "at": 2, "rel": "hostile"}]}})
write("contact_reviled_intimidation_join", "§2a at Reviled a fleet outnumbering the garrison 3:1 intimidates it into joining", {
    "reputation": [-4], "systems": galaxy(INDEP), "ships": ships(0, 0, CR=3, DD=6) + GARRISON,
    "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "CR": 3, "DD": 6}}],
    "expect": {"events": [{"kind": "contact", "roll": 0, "reaction": "join"}, {"kind": "join-vote", "owner": 0}]}})
write("contact_reviled_short_of_3_to_1", "§2a at Reviled 8 warships against 3 is short of 3:1: Hostile", {
    "reputation": [-4], "systems": galaxy(INDEP), "ships": ships(0, 0, CR=3, DD=5) + GARRISON,
    "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "CR": 3, "DD": 5}}],
    "expect": {"events": [{"kind": "contact", "reaction": "hostile"}]}})
write("contact_gaia_always_neutral", "§2c a Gaia system is always Neutral at first contact: no roll, even for a Revered empire", {
    "reputation": [3], "systems": galaxy(dict(INDEP, quality="A")), "ships": HOME_FLEET + GARRISON, "orders": ARRIVE,
    "diplomacyDice": [10],
    "expect": {"events": [{"kind": "contact", "roll": 0, "reaction": "neutral"}], "count": count("join-vote", 0)}})
write("contact_gaia_refuses_intimidation", "§2c a Reviled empire cannot intimidate a Gaia system; it is not Hostile either", {
    "reputation": [-4], "systems": galaxy(dict(INDEP, quality="A")), "ships": ships(0, 0, CR=3, DD=9) + GARRISON,
    "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "CR": 3, "DD": 9}}],
    "expect": {"events": [{"kind": "contact", "roll": 0, "reaction": "neutral"}], "relations": [{"empire": 0, "at": 2, "rel": "neutral"}]}})
write("contact_each_empire_rolls_its_own", "§2a the result is specific to each empire: two arrivals, two rolls", {
    "systems": galaxy(INDEP), "ships": HOME_FLEET + ships(1, 1, CR=1) + GARRISON,
    "orders": ARRIVE + [{"empire": 1, "move": {"from": 1, "to": 2, "CR": 1}}], "diplomacyDice": [5, 1],
    "expect": {"events": [{"kind": "contact", "owner": 0, "reaction": "neutral"}, {"kind": "contact", "owner": 1, "reaction": "hostile"}],
               "relations": [{"empire": 0, "at": 2, "rel": "neutral"}, {"empire": 1, "at": 2, "rel": "hostile"}]}})
write("contact_probe_makes_no_contact", "§3b a probe burns out before it meets anyone: no first contact", {
    "systems": galaxy(INDEP), "ships": HOME_FLEET + GARRISON, "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "DD": 1}}],
    "expect": {"count": merge(count("contact", 0), count("probe", 1)), "relations": [{"empire": 0, "at": 2, "rel": "unmet"}]}})

# --- §2b ongoing diplomacy ---------------------------------------------------------------------------
STATIONED = ships(0, 2, DD=1) + GARRISON
def diplo(name, rule, level, rep, dice, want_level=None, extra_expect=None, rel="neutral"):
    ex = {"events": [{"kind": "diplomacy", "owner": 0, "sys": 2, "roll": dice[0]}]}
    if want_level is not None:
        ex["relations"] = [{"empire": 0, "at": 2, "rel": rel, "level": want_level}]
    ex.update(extra_expect or {})
    write(name, rule, {"reputation": [rep], "systems": galaxy(INDEP), "ships": STATIONED,
                       "relations": [{"empire": 0, "at": 2, "rel": "neutral", "level": level}], "diplomacyDice": dice,
                       "expect": ex})

diplo("diplomacy_six_warms", "§2b effective 6+ shifts +1", 5, 0, [6], 6)
diplo("diplomacy_middle_no_change", "§2b effective 2..5 changes nothing", 5, 0, [5], 5)
diplo("diplomacy_natural_ten_plus_two", "§2b a natural 10 with no penalty shifts +2", 5, 0, [10], 7)
diplo("diplomacy_natural_ten_with_penalty_plus_one", "§2b a natural 10 with a penalty (Questionable) shifts +1", 5, -1, [10], 6)
diplo("diplomacy_natural_one_always_cools", "§2b a natural 1 shifts -1 even at Revered", 5, 3, [1], 4)
diplo("diplomacy_low_effective_cools", "§2b effective 1 or less shifts -1: Dangerous (-2) with a 3", 5, -2, [3], 4)
diplo("diplomacy_reputation_helps", "§2b the reputation step adds: Trustworthy (+1) turns a 5 into a 6", 5, 1, [5], 6)
diplo("diplomacy_below_two_goes_hostile", "§2b a level below 2 declares war", 2, 0, [1], None,
      {"relations": [{"empire": 0, "at": 2, "rel": "hostile"}], "events": [{"kind": "diplomacy", "roll": 1, "b": -1},
                                                                         {"kind": "turned-hostile", "owner": 0, "sys": 2}]})
diplo("diplomacy_above_eight_joins", "§2b above 8 the council votes to join (a 1-in-3 draw of 2: loyal fleet); §2d +1 reputation; §2g next turn", 8, 0, [6, 2], None,
      {"events": [{"kind": "diplomacy", "roll": 6}, {"kind": "join-vote", "owner": 0, "a": 0, "b": 1},
                  {"kind": "reputation", "owner": 0, "a": 1, "b": 1}], "empires": [{"reputation": 1}]})
diplo("diplomacy_join_can_go_rogue", "§2b a 33% chance (draw 1 of 3) that the joining system's fleet defects", 8, 0, [6, 1], None,
      {"events": [{"kind": "join-vote", "owner": 0, "a": 1}]})
write("diplomacy_join_then_transfer", "§2b, §2g the diplomatic join transfers next turn and the garrison disbands", {
    "systems": galaxy(INDEP), "ships": STATIONED, "relations": [{"empire": 0, "at": 2, "level": 8}], "diplomacyDice": [7, 3],
    "thenTurns": 1,
    "expect": {"events": [{"kind": "join-vote", "owner": 0}, {"kind": "joined", "owner": 0, "a": 0, "b": 3}],
               "systems": {"2": {"owner": 0}}, "ships": [{"owner": "independent", "count": 0}, {"owner": 0, "at": 2, "count": 1}]}})
write("diplomacy_needs_a_stationed_ship", "§2b no ship stationed there, no diplomacy roll", {
    "systems": galaxy(INDEP), "ships": GARRISON, "relations": NEUTRAL_AT_2, "diplomacyDice": [10],
    "expect": {"count": count("diplomacy", 0), "relations": [{"empire": 0, "at": 2, "level": 5}]}})
write("diplomacy_arrivals_do_not_roll", "§2b decision: ships that arrived this turn are not yet stationed", {
    "systems": galaxy(INDEP), "ships": HOME_FLEET + GARRISON, "relations": NEUTRAL_AT_2, "orders": ARRIVE, "diplomacyDice": [10],
    "expect": {"count": merge(count("diplomacy", 0), count("contact", 0))}})
write("diplomacy_frozen_at_gaia", "§2c no diplomacy roll ever occurs at a Gaia system", {
    "systems": galaxy(dict(INDEP, quality="A")), "ships": STATIONED, "relations": NEUTRAL_AT_2, "diplomacyDice": [10],
    "expect": {"count": count("diplomacy", 0), "relations": [{"empire": 0, "at": 2, "level": 5}]}})
write("diplomacy_hostile_has_no_rolls", "§2f diplomacy is no longer possible with a Hostile system", {
    "systems": galaxy(INDEP), "ships": ships(0, 2, DD=1), "relations": [{"empire": 0, "at": 2, "rel": "hostile"}],
    "diplomacyDice": [10], "expect": {"count": count("diplomacy", 0)}})
write("two_joins_one_reputation_step", "§2d one reputation step per turn from diplomatic joins, however many vote", {
    "systems": galaxy(INDEP, extra=[INDEP]), "ships": STATIONED + ships(0, 3, DD=1),
    "relations": [{"empire": 0, "at": 2, "level": 8}, {"empire": 0, "at": 3, "level": 8}], "diplomacyDice": [6, 2, 6, 2],
    "expect": {"count": merge(count("join-vote", 2), count("reputation", 1)), "empires": [{"reputation": 1}]}})

# --- §2e attacking a Neutral independent ---------------------------------------------------------------
ATTACK_INDEP = [{"owner": 0, "at": 2, "attack": ["independent"]}]
write("attack_neutral_costs_reputation", "§2e a hit on a Neutral system: -1 reputation, it turns Hostile; §2e solidarity: a met neighbour within 2 lanes drops on <= 5, a farther one only on <= 2; Gaia immune (§2c)", {
    "systems": [dict(HOME0, lanes=[2]), dict(HOME1, lanes=[2]), dict(INDEP, lanes=[0, 1, 3, 4, 5]), dict(INDEP, lanes=[2]),
                dict(INDEP, quality="A", lanes=[2]), {"kind": "dead", "lanes": [2, 6]}, {"kind": "dead", "lanes": [5, 7]},
                dict(INDEP, lanes=[6])],
    "ships": ships(0, 2, CR=3) + ships("independent", 2, DD=1),
    "stances": ATTACK_INDEP,
    "relations": [{"empire": 0, "at": a, "level": 5} for a in (2, 3, 4, 7)],
    "dice": [5, 1, 1], "diplomacyDice": [4, 4],
    "expect": {"events": [{"kind": "destroyed", "owner": "independent", "ship": "DD"},
                          {"kind": "reputation", "owner": 0, "a": -1, "b": -1},
                          {"kind": "turned-hostile", "owner": 0, "sys": 2},
                          {"kind": "solidarity", "sys": 3, "roll": 4, "b": -1}, {"kind": "solidarity", "sys": 7, "roll": 4, "b": 0}],
               "count": count("solidarity", 2),
               "relations": [{"empire": 0, "at": 2, "rel": "hostile"}, {"empire": 0, "at": 3, "level": 4},
                             {"empire": 0, "at": 4, "level": 5}, {"empire": 0, "at": 7, "level": 5}],
               "empires": [{"reputation": -1}]}})
write("attack_that_misses_costs_nothing", "§2e only an attack that scores at least one hit has consequences", {
    "systems": galaxy(INDEP), "ships": ships(0, 2, CR=1) + ships("independent", 2, DD=1), "stances": ATTACK_INDEP,
    "relations": NEUTRAL_AT_2, "dice": [1, 1, 1, 1],
    "expect": {"count": merge(count("reputation", 0), count("turned-hostile", 0)), "relations": [{"empire": 0, "at": 2, "rel": "neutral"}]}})
write("attack_hostile_costs_nothing_more", "§2f a system already Hostile costs no further reputation", {
    "systems": galaxy(INDEP), "ships": ships(0, 2, CR=3) + ships("independent", 2, DD=1), "stances": ATTACK_INDEP,
    "relations": [{"empire": 0, "at": 2, "rel": "hostile"}], "dice": [5, 1, 1, 1],
    "expect": {"count": count("reputation", 0), "events": [{"kind": "destroyed", "owner": "independent"}]}})
write("attack_gaia_costs_reputation", "§2c attacking a Neutral Gaia system costs a reputation step like any other", {
    "systems": galaxy(dict(INDEP, quality="A")), "ships": ships(0, 2, CR=3) + ships("independent", 2, DD=1), "stances": ATTACK_INDEP,
    "relations": NEUTRAL_AT_2, "dice": [5, 1, 1, 1],
    "expect": {"empires": [{"reputation": -1}], "relations": [{"empire": 0, "at": 2, "rel": "hostile"}]}})
write("invading_a_neutral_counts_as_attack", "§2e an invasion hit on a Neutral system's defences is an attack", {
    "systems": galaxy(dict(INDEP, pd=2)), "ships": ships(0, 2, CR=1), "stances": ATTACK_INDEP, "relations": NEUTRAL_AT_2,
    "dice": [6],
    "expect": {"events": [{"kind": "invade-shot", "owner": 0, "hit": True}, {"kind": "reputation", "owner": 0, "a": -1}],
               "relations": [{"empire": 0, "at": 2, "rel": "hostile"}]}})
write("reputation_floor_is_reviled", "§2d reputation never falls below Reviled", {
    "reputation": [-4], "systems": galaxy(INDEP), "ships": ships(0, 2, CR=3) + ships("independent", 2, DD=1),
    "stances": ATTACK_INDEP, "relations": NEUTRAL_AT_2, "dice": [5, 1, 1, 1],
    "expect": {"count": count("reputation", 0), "empires": [{"reputation": -4}], "relations": [{"empire": 0, "at": 2, "rel": "hostile"}]}})
write("hostile_garrison_attacks_conditional_fleet", "§2f a Hostile system's fleet attacks on sight even a Conditional fleet", {
    "systems": galaxy(INDEP), "ships": ships(0, 2, DD=2) + ships("independent", 2, DD=1),
    "relations": [{"empire": 0, "at": 2, "rel": "hostile"}], "dice": [1, 1, 6],
    "expect": {"events": [{"kind": "shot", "round": 1, "owner": "independent", "other": 0, "hit": True}]}})
write("neutral_garrison_leaves_the_other_empire_alone", "§2f hostility is per empire: Hostile to 0, Neutral to 1", {
    "systems": galaxy(INDEP), "ships": ships(1, 2, DD=2) + ships("independent", 2, DD=1),
    "relations": [{"empire": 0, "at": 2, "rel": "hostile"}, {"empire": 1, "at": 2, "level": 5}],
    "expect": {"count": count("shot", 0)}})

# --- §5 pirates ------------------------------------------------------------------------------------
write("pirates_capture_every_second_kill", "§5e half the ships pirates destroy are captured; a captured Freighter's 3 minerals hire 3 Destroyers", {
    "systems": galaxy(), "ships": ships(0, 2, Fr_minerals=2) + ships("pirate", 2, CR=2), "dice": [5, 5, 1, 1, 1, 1, 1, 1],
    "expect": {"events": [{"kind": "destroyed", "owner": 0, "ship": "Fr", "other": "pirate"},
                          {"kind": "captured", "owner": 0, "ship": "Fr", "b": 3},
                          {"kind": "recruited", "owner": "pirate", "sys": 2, "a": 3}],
               "ships": [{"owner": 0, "count": 0}, {"owner": "pirate", "type": "DD", "count": 3},
                         {"owner": "pirate", "type": "Fr", "count": 1}]}})
write("pirates_captured_ship_fights_for_them", "§5e a ship captured in round 1 fights on the pirate side in round 2", {
    "systems": galaxy(), "ships": ships(0, 2, CR=1, DD=2) + ships("pirate", 2, CR=4),
    "stances": [{"owner": 0, "at": 2, "attack": ["pirate"]}],
    "dice": [1, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1],
    "expect": {"events": [{"kind": "destroyed", "owner": 0, "ship": "DD", "round": 1},
                          {"kind": "captured", "owner": 0, "ship": "DD", "round": 1},
                          {"kind": "shot", "round": 2, "owner": "pirate", "ship": "DD"}]}})
write("pirates_single_kill_is_destroyed", "§5e decision: the first kill at a system is destroyed, the second captured (half, rounded down)", {
    "systems": galaxy(), "ships": ships(0, 2, Fr=1) + ships("pirate", 2, CR=1), "dice": [5, 1],
    "expect": {"count": merge(count("destroyed", 1), count("captured", 0))}})
write("pirates_do_not_capture_platforms", "§5e D-Sats cannot be captured and do not count toward the captured half: the Freighter after a D-Sat is destroyed", {
    "systems": galaxy({"kind": "star", "owner": 0, "dsats": 1}), "ships": ships(0, 2, Fr=1) + ships("pirate", 2, CR=4),
    "dice": [5, 5, 5, 5],
    "expect": {"count": merge(count("captured", 0), count("destroyed", 2)),
               "events": [{"kind": "destroyed", "ship": "DS"}, {"kind": "destroyed", "ship": "Fr", "owner": 0}]}})
write("pirates_drift_to_a_lair", "§5a decision: a pirate fleet outside a lair moves one hop toward the nearest Dead System or asteroid field", {
    "systems": galaxy({"kind": "star", "owner": "nobody", "pop": 0}, extra=[{"kind": "dead"}]), "ships": ships("pirate", 2, DD=2),
    "expect": {"events": [{"kind": "moved", "owner": "pirate", "a": 2, "sys": 3, "b": 2}], "ships": [{"owner": "pirate", "at": 3, "count": 2}]}})
write("pirates_stay_in_their_lair", "§5a local pirate fleets remain in their Dead System or asteroid field", {
    "systems": galaxy(), "ships": ships("pirate", 2, CR=1, DD=2), "thenTurns": 2,
    "expect": {"count": count("moved", 0), "ships": [{"owner": "pirate", "at": 2, "count": 3}]}})
write("pirates_avoid_the_black_hole", "§5a decision: drifting pirates never enter a black hole; they take the longer lane", {
    "systems": [dict(HOME0, lanes=[2]), dict(HOME1, lanes=[2]), {"kind": "star", "owner": "nobody", "pop": 0, "lanes": [0, 1, 3, 4]},
                {"kind": "black-hole", "lanes": [2, 5]}, {"kind": "star", "owner": "nobody", "pop": 0, "lanes": [2, 6]},
                {"kind": "dead", "lanes": [3, 6]}, {"kind": "star", "owner": "nobody", "pop": 0, "lanes": [4, 5]}],
    "ships": ships("pirate", 2, DD=1),
    "expect": {"events": [{"kind": "moved", "owner": "pirate", "a": 2, "sys": 4}], "count": count("black-hole", 0)}})
write("pirate_fleet_destroyed_raises_reputation", "§2d, §5h wiping out a pirate fleet: +1 reputation", {
    "systems": galaxy(), "ships": ships(0, 2, CR=2) + ships("pirate", 2, DD=1), "stances": [{"owner": 0, "at": 2, "attack": ["pirate"]}],
    "dice": [5, 5],
    "expect": {"events": [{"kind": "destroyed", "owner": "pirate"}, {"kind": "reputation", "owner": 0, "a": 1, "b": 1}]}})
write("pirate_fleet_damaged_only_no_reputation", "§5h merely damaging a pirate fleet earns nothing: one of two ships survives", {
    "systems": galaxy(), "ships": ships(0, 2, CR=2) + ships("pirate", 2, DD=2), "stances": [{"owner": 0, "at": 2, "attack": ["pirate"]}],
    "dice": [5, 5, 1, 1, 1, 1],
    "expect": {"count": merge(count("reputation", 0), count("destroyed", 1), count("warmed", 0))}})
write("two_pirate_fleets_one_step", "§2d one reputation step per turn for pirate fleets, however many", {
    "systems": galaxy(extra=[{"kind": "dead"}]), "ships": ships(0, 2, CR=1) + ships(0, 3, CR=1) + ships("pirate", 2, Fr=1) + ships("pirate", 3, Fr=1),
    "stances": [{"owner": 0, "at": 2, "attack": ["pirate"]}, {"owner": 0, "at": 3, "attack": ["pirate"]}], "dice": [5, 5],
    "expect": {"count": merge(count("reputation", 1), count("destroyed", 2)), "empires": [{"reputation": 1}]}})
write("fighting_pirates_warms_neighbours", "§5h 2+ pirate ships destroyed: Neutral independents within two lanes warm by 1; Gaia immune (§2c)", {
    "systems": galaxy(extra=[INDEP, dict(INDEP, quality="A")]), "ships": ships(0, 2, CR=2) + ships("pirate", 2, Fr=2),
    "stances": [{"owner": 0, "at": 2, "attack": ["pirate"]}], "relations": [{"empire": 0, "at": 3, "level": 5}, {"empire": 0, "at": 4, "level": 5}],
    "dice": [5, 5],
    "expect": {"events": [{"kind": "warmed", "owner": 0, "sys": 3, "a": 6}], "count": count("warmed", 1),
               "relations": [{"empire": 0, "at": 3, "level": 6}, {"empire": 0, "at": 4, "level": 5}]}})

# --- §2i formal diplomacy, §2j mineral gifts ------------------------------------------------------------
MET = [[0, 1]]
ATK01 = [{"owner": 0, "at": 2, "attack": [1]}]
def pact(state="neutral", **k):
    return [dict({"a": 0, "b": 1, "state": state}, **k)]
write("treaty_war_at_rollover_and_surprise_attack", "§2i war takes effect at rollover: attacking the same turn is a surprise attack (-1 reputation)", {
    "met": MET, "systems": galaxy(), "ships": ships(0, 2, CR=3) + ships(1, 2, DD=1), "stances": ATK01,
    "orders": [{"empire": 0, "treaty": "war", "with": 1}], "dice": [5, 5, 1, 1],
    "expect": {"events": [{"kind": "surprise-attack", "owner": 0, "other": 1, "sys": 2},
                          {"kind": "reputation", "owner": 0, "a": -1, "b": -1},
                          {"kind": "treaty", "owner": 0, "other": 1, "a": 1, "b": 1}],
               "pacts": [{"a": 0, "b": 1, "state": "war"}], "empires": [{"reputation": -1}]}})
write("treaty_attack_at_war_costs_nothing", "§2i attacking a War target costs no reputation", {
    "met": MET, "pacts": pact("war"), "systems": galaxy(), "ships": ships(0, 2, CR=3) + ships(1, 2, DD=1), "stances": ATK01,
    "dice": [5, 5, 1, 1], "expect": {"count": merge(count("surprise-attack", 0), count("reputation", 0))}})
write("treaty_surprise_once_per_pair_per_turn", "§2i the surprise-attack cost is per pair per turn: two systems, one step", {
    "met": MET, "systems": galaxy(extra=[{"kind": "dead"}]), "ships": ships(0, 2, CR=3) + ships(1, 2, DD=1) + ships(0, 3, CR=3) + ships(1, 3, DD=1),
    "stances": ATK01 + [{"owner": 0, "at": 3, "attack": [1]}], "dice": [5, 5, 1, 1, 5, 5, 1, 1],
    "expect": {"count": merge(count("surprise-attack", 1), count("reputation", 1))}})
write("treaty_ambush_is_exempt", "§2i ambush orders are exempt from the surprise-attack cost", {
    "met": MET, "systems": galaxy(), "ships": ships(0, 2, CR=2) + ships(1, 1, CR=1),
    "stances": [{"owner": 0, "at": 2, "ambush": [1]}], "orders": [{"empire": 1, "move": {"from": 1, "to": 2, "CR": 1}}],
    "dice": [6, 6],
    "expect": {"events": [{"kind": "shot", "round": 3, "owner": 0, "hit": True}], "count": count("surprise-attack", 0)}})
write("treaty_nap_offer_stands", "§2i a pact proposal waits for the other side; nothing changes yet", {
    "met": MET, "systems": galaxy(), "orders": [{"empire": 0, "treaty": "nap", "with": 1}],
    "expect": {"events": [{"kind": "treaty", "owner": 0, "b": 0}], "pacts": [{"a": 0, "b": 1, "state": "neutral", "proposals": 1}],
               "count": count("reputation", 0)}})
write("treaty_nap_both_sign", "§2i both propose: the pact forms at rollover; §2d both signatories +1 reputation", {
    "met": MET, "systems": galaxy(), "orders": [{"empire": 0, "treaty": "nap", "with": 1}, {"empire": 1, "treaty": "nap", "with": 0}],
    "expect": {"pacts": [{"a": 0, "b": 1, "state": "nap", "everNap": True, "proposals": 0}],
               "empires": [{"reputation": 1}, {"reputation": 1}]}})
write("treaty_nap_accepts_a_standing_offer", "§2i answering a standing offer forms the pact", {
    "met": MET, "pacts": pact(proposals=2), "systems": galaxy(), "orders": [{"empire": 0, "treaty": "nap", "with": 1}],
    "expect": {"pacts": [{"a": 0, "b": 1, "state": "nap"}], "count": count("reputation", 2)}})
write("treaty_nap_partner_cannot_be_attacked", "§2i attacking an empire you have a pact with is blocked outright", {
    "met": MET, "pacts": pact("nap"), "systems": galaxy(), "ships": ships(0, 2, CR=1) + ships(1, 2, DD=1),
    "orders": [{"empire": 0, "stance": {"at": 2, "attack": [1]}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "Non-Aggression Pact"}], "count": count("shot", 0)}})
write("treaty_pact_stands_down_old_attack_stances", "§2i decision: when a pact forms, standing Attack stances against the partner stand down", {
    "met": MET, "pacts": pact(proposals=2), "systems": galaxy(), "ships": ships(0, 2, CR=1) + ships(1, 2, DD=1),
    "stances": ATK01, "orders": [{"empire": 0, "treaty": "nap", "with": 1}], "dice": [1, 1, 1, 1], "thenTurns": 1,
    "expect": {"pacts": [{"a": 0, "b": 1, "state": "nap"}], "count": count("shot", 4)}})
write("treaty_end_nap_costs_one", "§2d ending a pact with no war declaration: -1 reputation; §2i the pact cooldown starts", {
    "met": MET, "pacts": pact("nap"), "systems": galaxy(), "orders": [{"empire": 0, "treaty": "endnap", "with": 1}],
    "expect": {"pacts": [{"a": 0, "b": 1, "state": "neutral", "napEndTurn": 1}], "empires": [{"reputation": -1}, {"reputation": 0}]}})
write("treaty_war_on_partner_costs_two", "§2d war on a pact partner: -2; ending the pact in the same bundle costs nothing more", {
    "met": MET, "pacts": pact("nap"), "systems": galaxy(),
    "orders": [{"empire": 0, "treaty": "endnap", "with": 1}, {"empire": 0, "treaty": "war", "with": 1}],
    "expect": {"pacts": [{"a": 0, "b": 1, "state": "war"}], "empires": [{"reputation": -2}], "count": count("reputation", 1)}})
write("treaty_war_on_former_partner_costs_two", "§2d war on an empire you ever had a pact with this game: -2", {
    "met": MET, "pacts": pact("neutral", everNap=True), "systems": galaxy(), "orders": [{"empire": 0, "treaty": "war", "with": 1}],
    "expect": {"empires": [{"reputation": -2}]}})
write("treaty_clean_war_costs_nothing", "§2d a war declaration on an empire never in a pact costs no reputation", {
    "met": MET, "systems": galaxy(), "orders": [{"empire": 0, "treaty": "war", "with": 1}],
    "expect": {"pacts": [{"a": 0, "b": 1, "state": "war"}], "count": count("reputation", 0)}})
write("treaty_peace_when_both_offer", "§2i peace needs both sides; it starts the 5-turn war cooldown", {
    "met": MET, "pacts": pact("war", proposals=8), "systems": galaxy(), "orders": [{"empire": 0, "treaty": "peace", "with": 1}],
    "expect": {"pacts": [{"a": 0, "b": 1, "state": "neutral", "peaceTurn": 1}]}})
write("treaty_war_cooldown_after_peace", "§2i no war declaration for 5 turns after peace", {
    "turn": 3, "met": MET, "pacts": pact(peaceTurn=1), "systems": galaxy(), "orders": [{"empire": 0, "treaty": "war", "with": 1}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "before turn 6"}]}})
write("treaty_nap_cooldown_after_pact_ends", "§2i no new pact proposal for 5 turns after a pact ends", {
    "turn": 4, "met": MET, "pacts": pact(napEndTurn=2, everNap=True), "systems": galaxy(), "orders": [{"empire": 1, "treaty": "nap", "with": 0}],
    "expect": {"rejected": [{"empire": 1, "index": 0, "reason": "before turn 7"}]}})
write("treaty_only_with_met_empires", "§2i diplomacy only with empires you have met; §2i meeting happens when one sees the other", {
    "systems": [dict(HOME0, lanes=[2]), dict(HOME1, lanes=[3]), {"kind": "dead", "lanes": [0, 3]}, {"kind": "dead", "lanes": [1, 2]}],
    "ships": ships(0, 2, CR=1), "orders": [{"empire": 0, "treaty": "war", "with": 1}, {"empire": 0, "move": {"from": 2, "to": 3, "CR": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "not met"}], "pacts": [{"a": 0, "b": 1, "met": True}]}})
HOMES_RICH = [dict(HOME0, lanes=[2], minerals=20), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}]
write("gift_sent_at_rollover", "§2j minerals go from capital to capital at rollover (20 - 5 + 3 mined; 10 + 3 mined + 5)", {
    "met": MET, "systems": HOMES_RICH, "orders": [{"empire": 0, "send": {"to": 1, "amount": 5}}],
    "expect": {"events": [{"kind": "gift", "owner": 0, "other": 1, "a": 5, "b": 1}], "systems": {"0": {"minerals": 18}, "1": {"minerals": 18}}}})
write("gift_keeps_the_production_reserve", "§2j the most you can send is what the capital's own production cannot use (20 - min(8 pop, 6 industry))", {
    "met": MET, "systems": HOMES_RICH, "orders": [{"empire": 0, "send": {"to": 1, "amount": 15}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "can spare 14"}]}})
write("gift_refused_at_war", "§2j no gifts to an empire you are at war with", {
    "met": MET, "pacts": pact("war"), "systems": HOMES_RICH, "orders": [{"empire": 0, "send": {"to": 1, "amount": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "at war"}]}})
write("gift_one_per_recipient", "§2j one pending transfer per recipient per turn", {
    "met": MET, "systems": HOMES_RICH, "orders": [{"empire": 0, "send": {"to": 1, "amount": 1}}, {"empire": 0, "send": {"to": 1, "amount": 2}}],
    "expect": {"rejected": [{"empire": 0, "index": 1, "reason": "one transfer per recipient"}], "count": count("gift", 1)}})
write("gift_cancelled_by_war_this_turn", "§2j a war declared before rollover cancels the transfer; the sender keeps the minerals", {
    "met": MET, "systems": HOMES_RICH, "orders": [{"empire": 0, "send": {"to": 1, "amount": 5}}, {"empire": 1, "treaty": "war", "with": 0}],
    "expect": {"events": [{"kind": "treaty", "owner": 1, "a": 1}, {"kind": "gift", "owner": 0, "b": 0}], "systems": {"0": {"minerals": 23}}}})
write("gift_cancelled_when_spent", "§2j a capital with fewer minerals at rollover than queued sends nothing (20 - 12 loaded + 3 mined = 11 < 14)", {
    "met": MET, "systems": HOMES_RICH, "ships": ships(0, 0, CR=1, Fr=4),
    "orders": [{"empire": 0, "send": {"to": 1, "amount": 14}}, {"empire": 0, "load": {"at": 0, "cargo": "minerals", "amount": 12}}],
    "expect": {"events": [{"kind": "gift", "owner": 0, "other": 1, "a": 14, "b": 0}], "systems": {"0": {"minerals": 11}}}})

# --- §5b-§5d pirate raiders, §3d raid lockout -----------------------------------------------------------
RAID_MAP = [dict(HOME0, lanes=[2, 3], minerals=20), dict(HOME1, lanes=[2]), {"kind": "asteroid", "lanes": [0, 1]},
            {"kind": "dead", "lanes": [0]}]
def over_home0(dd=6, **k):
    return [dict({"route": [2, 0], "target": 0, "arrived": 1, "CR": 1, "DD": dd}, **k)]
write("raid_launches_on_schedule", "§5b on its turn a raid of 1 Cruiser, 2 Destroyers and the reserve leaves the asteroid field closest to a 10-mineral stockpile (ties to the lower id); everyone is warned", {
    "turn": 8, "nextRaidTurn": 8, "pirateReserve": 2, "systems": RAID_MAP,
    "expect": {"events": [{"kind": "raid-launched", "sys": 2, "a": 5, "b": 0, "other": 0}],
               "raids": [{"origin": 2, "target": 0, "at": 2, "homeward": False}], "pirateReserve": 0,
               "ships": [{"owner": "pirate", "at": 2, "type": "CR", "count": 1}, {"owner": "pirate", "at": 2, "type": "DD", "count": 4}]}})
write("raid_not_before_its_turn", "§5b no raid before the schedule says so", {
    "turn": 7, "nextRaidTurn": 8, "systems": RAID_MAP, "expect": {"count": count("raid-launched", 0)}})
write("raid_moves_and_waits_on_arrival", "§5c one hop a turn toward the target; §5d no plunder on the turn it arrives", {
    "systems": RAID_MAP, "raids": [{"route": [2], "target": 0, "CR": 1, "DD": 6}],
    "expect": {"events": [{"kind": "moved", "owner": "pirate", "a": 2, "sys": 0, "b": 7}],
               "count": count("plunder", 0), "raids": [{"at": 0, "arrived": 1, "homeward": False}]}})
write("raid_plunders_after_a_full_turn", "§5d 6 Destroyers over PD 2 steal 2 x 4 = 8 minerals, each hires a Destroyer; PD halves; unrest; production lost; they head home", {
    "turn": 2, "systems": [dict(RAID_MAP[0], pd=2)] + RAID_MAP[1:], "raids": over_home0(),
    "orders": [{"empire": 0, "build": {"at": 0, "item": "pd", "count": 1}}],
    "expect": {"events": [{"kind": "plunder", "sys": 0, "a": 8, "b": 1}, {"kind": "recruited", "a": 8},
                          {"kind": "disrupted", "sys": 0}, {"kind": "build-refused", "a": 0}],
               "systems": {"0": {"pd": 1, "unrest": True}}, "raids": [{"homeward": True}],
               "ships": [{"owner": "pirate", "type": "DD", "count": 14}]}})
write("raid_repelled_by_planetary_defence", "§5d PD at least the Destroyer count repels the raid: nothing stolen, no unrest, PD halved, production lost", {
    "turn": 2, "systems": [dict(RAID_MAP[0], pd=4, pop=4)] + RAID_MAP[1:], "raids": over_home0(dd=3),
    "expect": {"events": [{"kind": "plunder", "a": 0, "b": 0}, {"kind": "disrupted", "sys": 0}],
               "count": count("recruited", 0), "systems": {"0": {"pd": 2, "unrest": False, "minerals": 23}}, "raids": [{"homeward": True}]}})
write("raid_blocked_by_owner_ships", "§5d owner ships already on station block the plunder; combat still happens", {
    "turn": 2, "systems": RAID_MAP, "raids": over_home0(dd=2), "ships": ships(0, 0, DD=1), "dice": [1] * 8,
    "expect": {"events": [{"kind": "shot", "owner": "pirate"}, {"kind": "raid-blocked", "a": 1}], "count": count("plunder", 0),
               "raids": [{"blockade": 1, "homeward": False}]}})
write("raid_gives_up_after_two_blocked_turns", "§5d two full turns of blockade and the raiders head home empty-handed", {
    "turn": 3, "systems": RAID_MAP, "raids": over_home0(dd=2, blockade=1), "ships": ships(0, 0, DD=1), "dice": [1] * 8,
    "expect": {"events": [{"kind": "raid-blocked", "a": 2}], "count": count("plunder", 0), "raids": [{"homeward": True}]}})
write("raid_blocked_by_dsats", "§5d D-Sats block the plunder even without a fleet", {
    "turn": 2, "systems": [dict(RAID_MAP[0], dsats=1)] + RAID_MAP[1:], "raids": over_home0(dd=2), "dice": [1] * 8,
    "expect": {"events": [{"kind": "raid-blocked"}], "count": count("plunder", 0)}})
write("raid_arriving_defenders_do_not_block", "§5d ships arriving the turn of the plunder do not block it", {
    "turn": 2, "systems": [dict(RAID_MAP[0], pd=0)] + RAID_MAP[1:], "raids": over_home0(dd=2), "ships": ships(0, 3, CR=1),
    "orders": [{"empire": 0, "move": {"from": 3, "to": 0, "CR": 1}}],
    "expect": {"events": [{"kind": "moved", "owner": 0}, {"kind": "plunder", "b": 1, "a": 4}]}})
write("raid_retargets_a_stripped_system", "§5c a target with fewer than 5 minerals sends the raiders on to the next closest stockpile", {
    "systems": [dict(RAID_MAP[0], minerals=3)] + RAID_MAP[1:], "raids": [{"route": [2], "target": 0, "CR": 1, "DD": 2}],
    "expect": {"events": [{"kind": "raid-retarget", "sys": 0, "b": 1}], "raids": [{"target": 1, "at": 0, "arrived": 0}]}})
write("raid_retraces_its_route_and_folds", "§5d raiders retrace their path; §5f home at their asteroid field the survivors join the pirate reserve", {
    "systems": RAID_MAP, "raids": [{"route": [2, 0], "target": 0, "homeward": True, "CR": 1, "DD": 2}], "thenTurns": 1,
    "expect": {"events": [{"kind": "moved", "owner": "pirate", "a": 0, "sys": 2}, {"kind": "raid-home", "sys": 2, "b": 3}],
               "pirateReserve": 3, "ships": [{"owner": "pirate", "count": 0}]}})
write("raid_lockout_blocks_loading", "§3d no loading or unloading at a system a Pirate Raider fleet is over as its target", {
    "turn": 2, "systems": RAID_MAP, "raids": over_home0(dd=1), "ships": ships(0, 0, Fr=1) + ships(0, 0, Fr_minerals=1),
    "dice": [1] * 12,
    "orders": [{"empire": 0, "load": {"at": 0, "cargo": "minerals", "amount": 1}}, {"empire": 0, "unload": {"at": 0, "cargo": "minerals", "amount": 3}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "Pirate Raider fleet"}, {"empire": 0, "index": 1, "reason": "Pirate Raider fleet"}]}})

# --- §3i manual trader routes, running-low help ---------------------------------------------------------
QUIET = {"pop": 1, "industry": 0, "mineralsPerTurn": 0}
TRADE_MAP = [dict(HOME0, lanes=[2], starbase=True, minerals=10, **QUIET), dict(HOME1, lanes=[2]),
             dict(INDEP, owner=0, starbase=True, lanes=[0, 1, 3], minerals=3, pop=5, industry=4, mineralsPerTurn=0),
             dict(INDEP, owner=0, starbase=True, lanes=[2], minerals=5, **QUIET)]
write("traders_carry_toward_home_by_default", "§3i automatic traders: each active lane moves 1 mineral toward the home", {
    "systems": TRADE_MAP,
    "expect": {"events": [{"kind": "trader", "sys": 0, "a": 2}, {"kind": "trader", "sys": 2, "a": 3}],
               "systems": {"0": {"minerals": 11}, "2": {"minerals": 3}, "3": {"minerals": 4}}}})
write("traders_help_a_running_low_system", "§3i a system burning more than it mines with a low stockpile (here 3 - 2 built = 1) draws the lane's mineral", {
    "systems": TRADE_MAP, "orders": [{"empire": 0, "build": {"at": 2, "item": "destroyer", "count": 2}}],
    "expect": {"events": [{"kind": "trader", "sys": 2, "a": 0}, {"kind": "trader", "sys": 2, "a": 3}],
               "systems": {"0": {"minerals": 9}, "2": {"minerals": 3}, "3": {"minerals": 4}}}})
write("traders_manual_routes", "§3i manual routes: S2 sends only where its routes say; the home sends none; the rest stops", {
    "systems": TRADE_MAP, "orders": [{"empire": 0, "route": {"at": 2, "to": [3]}}],
    "expect": {"events": [{"kind": "trader", "sys": 3, "a": 2}], "count": count("trader", 1),
               "systems": {"0": {"minerals": 10}, "2": {"minerals": 2}, "3": {"minerals": 6}}}})
write("traders_manual_mode_is_for_good", "§3i after the first route change the empire stays in manual mode (the next turn too)", {
    "systems": TRADE_MAP, "orders": [{"empire": 0, "route": {"at": 3, "to": []}}], "thenTurns": 1,
    "expect": {"count": count("trader", 0), "systems": {"2": {"minerals": 3}}}})
write("route_refused_at_home", "§3i the home system has no trade-route panel", {
    "systems": TRADE_MAP, "orders": [{"empire": 0, "route": {"at": 0, "to": [2]}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "your home"}]}})
write("route_refused_off_the_lanes", "§3i a route goes to a neighbour", {
    "systems": TRADE_MAP, "orders": [{"empire": 0, "route": {"at": 3, "to": [0]}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "does not touch"}]}})
