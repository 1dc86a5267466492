#!/usr/bin/env python3
"""Writes tests/web/scenarios/*.json (W.E.B. scenario tests; format: docs/web-scenarios.md).
Each scenario cites the rule it checks. Re-run after editing: python3 tests/web/gen/make_scenarios.py"""
import json, os

from scenario_lib import HOME0, HOME1, OUT, galaxy, ships, write  # noqa: F401 (shared helpers)

ATK01 = [{"owner": 0, "at": 2, "attack": [1]}]

def shot(**k):
    d = {"kind": "shot"}
    d.update(k)
    return d

def count(kind, n, **match):
    return {kind if not match else kind + ":" + ",".join(f"{a}={b}" for a, b in match.items()):
            ({"match": dict({"kind": kind}, **match), "n": n} if match else n)}

def merge(*ds):
    out = {}
    for d in ds:
        out.update(d)
    return out

# --- §4d fire order and §4e screening -------------------------------------------------------------
write("fire_order_missiles_strike_first", "§4d Missile Ships fire first; hits land at once, so the Destroyer never fires", {
    "systems": galaxy(), "ships": ships(0, 2, Mi=2) + ships(1, 2, DD=1), "stances": ATK01, "dice": [5, 5],
    "expect": {"events": [shot(owner=0, ship="Mi", roll=5, need=5, hit=True), shot(owner=0, ship="Mi", hit=True),
                          {"kind": "destroyed", "owner": 1, "ship": "DD", "round": 1}],
               "count": count("shot", 2), "ships": [{"owner": 1, "type": "DD", "count": 0}]}})
write("fire_step_is_simultaneous", "§4d decision: one fire step (here Missile vs Missile) is simultaneous", {
    "systems": galaxy(), "ships": ships(0, 2, Mi=1) + ships(1, 2, Mi=1), "stances": ATK01, "dice": [5, 5],
    "expect": {"count": count("destroyed", 2), "ships": [{"type": "Mi", "count": 0}]}})
write("screening_destroyers_absorb_first", "§4e screening: Destroyers take the hits before Cruisers and Freighters", {
    "systems": galaxy(), "ships": ships(0, 2, CR=2) + ships(1, 2, CR=1, DD=1, Fr=1), "stances": ATK01,
    "dice": [5, 5, 1, 1, 1, 1, 1, 1, 1],
    "expect": {"ships": [{"owner": 1, "type": "DD", "count": 0}, {"owner": 1, "type": "CR", "count": 1},
                         {"owner": 1, "type": "Fr", "count": 1}]}})
write("screening_missile_before_cruiser", "§4e decision: Missile Ships screen the Cruisers", {
    "systems": galaxy(), "ships": ships(0, 2, CR=1) + ships(1, 2, Mi=1, CR=1, Fr=1), "stances": ATK01,
    "dice": [1, 5, 1, 1, 1, 1, 1, 1],
    "expect": {"ships": [{"owner": 1, "type": "Mi", "count": 0}, {"owner": 1, "type": "CR", "count": 1}]}})
write("screening_freighters_last", "§4e Freighters sit behind every other ship: they die after the Destroyer", {
    "systems": galaxy(), "ships": ships(0, 2, CR=3) + ships(1, 2, DD=1, Fr=1), "stances": ATK01, "dice": [5, 5, 5],
    "expect": {"events": [{"kind": "destroyed", "owner": 1, "ship": "DD"}, {"kind": "destroyed", "owner": 1, "ship": "Fr"}],
               "count": count("shot", 3)}})
write("hits_apply_one_at_a_time_hp", "§4e each hit takes 1 HP: a Cruiser (3 HP) survives two hits", {
    "systems": galaxy(), "ships": ships(0, 2, DD=2) + ships(1, 2, CR=1), "stances": ATK01,
    "dice": [1, 6, 6, 1, 1, 1],
    "expect": {"ships": [{"owner": 1, "type": "CR", "count": 1}], "count": count("destroyed", 0)}})
# --- §4j platforms ---------------------------------------------------------------------------------
home1_sb = dict(HOME1, lanes=[2], starbase=True)
write("starbase_fires_twice", "§4j Starbase: 2 shots at 3+, firing before Cruisers and Destroyers", {
    "systems": [dict(HOME0, lanes=[2, 1]), dict(home1_sb, lanes=[2, 0]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 1, DD=1), "stances": [{"owner": 0, "at": 1, "attack": [1]}], "dice": [3, 3],
    "expect": {"events": [shot(owner=1, ship="SB", roll=3, need=3, hit=True), shot(owner=1, ship="SB", hit=True),
                          {"kind": "destroyed", "owner": 0, "ship": "DD"}], "count": count("shot", 2)}})
write("starbase_repairs_one_per_turn", "§4j damage persists; repair crews mend 1 HP at the start of each turn", {
    "systems": [HOME0 | {"lanes": [2]}, dict(HOME1, lanes=[2], starbase=True, starbaseDamage=3), {"kind": "dead", "lanes": [0, 1]}],
    "expect": {"systems": {"1": {"starbaseDamage": 2}}, "count": count("repaired", 1)}})
write("starbase_damage_persists", "§4j hull damage carries across rounds and turns; defences defer invasion", {
    "systems": [dict(HOME0, lanes=[2, 1]), dict(home1_sb, lanes=[2, 0]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 1, CR=2), "stances": [{"owner": 0, "at": 1, "attack": [1]}], "dice": [1, 1, 5, 5, 1, 1, 1, 1],
    "expect": {"systems": {"1": {"starbaseDamage": 2, "starbase": True, "owner": 1}}, "count": count("invasion-deferred", 1)}})
write("nova_kills_starbase", "§4f a Nova hit destroys even a 10-HP Starbase; then nothing defends: invasion (§4k)", {
    "systems": [dict(HOME0, lanes=[2, 1]), dict(home1_sb, lanes=[2, 0]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 1, N=1), "stances": [{"owner": 0, "at": 1, "attack": [1]}], "dice": [1, 1, 8, 1, 1],
    "expect": {"events": [shot(owner=0, ship="N", roll=8, need=8, hit=True), {"kind": "destroyed", "owner": 1, "ship": "SB"},
                          {"kind": "invade-shot", "owner": 0, "ship": "N", "roll": 1, "hit": False}],
               "systems": {"1": {"starbase": False}}}})
write("platforms_cannot_initiate", "§4j a Starbase cannot start a fight with a Conditional fleet", {
    "systems": [dict(HOME0, lanes=[2, 1]), dict(home1_sb, lanes=[2, 0]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 1, CR=2), "expect": {"count": count("shot", 0)}})
c_owned1 = {"kind": "star", "quality": "C", "owner": 1, "dsats": 2}
write("dsats_need_owner_fleet", "§4j D-Sats fire only with the owner's fleet present; they still defer invasion (§4k)", {
    "systems": galaxy(c_owned1), "ships": ships(0, 2, CR=2), "stances": ATK01, "dice": [5, 5, 1, 1],
    "expect": {"systems": {"2": {"dsats": 2, "owner": 1}}, "count": merge(count("shot", 4), count("invasion-deferred", 1)),
               "events": [shot(owner=0, ship="CR", hit=True)]}})
write("dsats_fire_with_owner_fleet", "§4j with a fleet present the D-Sats fire at 5+ after Destroyers", {
    "systems": galaxy(c_owned1), "ships": ships(0, 2, DD=1) + ships(1, 2, Fr=1), "stances": ATK01, "dice": [1, 5, 5, 1],
    "expect": {"events": [shot(owner=0, ship="DD"), shot(owner=1, ship="DS", hit=True), shot(owner=1, ship="DS", hit=True),
                          {"kind": "destroyed", "owner": 0, "ship": "DD"}]}})
write("conditional_fleets_coexist", "§4a two Conditional fleets share a system peacefully", {
    "systems": galaxy(), "ships": ships(0, 2, CR=2) + ships(1, 2, CR=2), "expect": {"count": count("shot", 0)}})
# --- §4g outnumber ---------------------------------------------------------------------------------
write("outnumber_exactly_two_to_one", "§4g exactly 2:1 does not trigger the penalty", {
    "systems": galaxy(), "ships": ships(0, 2, DD=2) + ships(1, 2, DD=4), "stances": ATK01, "dice": [1] * 12,
    "expect": {"count": merge(count("shot", 4, owner=0, need=6), count("shot", 0, owner=0, need=7))}})
write("outnumber_over_two_to_one", "§4g strictly more than 2:1: +1 to hit for the outnumbered side only", {
    "systems": galaxy(), "ships": ships(0, 2, DD=2) + ships(1, 2, DD=5), "stances": ATK01, "dice": [1] * 14,
    "expect": {"count": merge(count("shot", 4, owner=0, need=7), count("shot", 10, owner=1, need=6))}})
write("outnumber_ignores_platforms_and_freighters", "§4g Freighters, D-Sats and Starbases are not counted", {
    "systems": galaxy(), "ships": ships(0, 2, DD=1, Fr=5) + ships(1, 2, DD=2, Fr=3), "stances": ATK01,
    "dice": [1] * 30, "expect": {"count": count("shot", 2, owner=0, ship="DD", need=6)}})
write("outnumber_spares_platform_only_side", "§4g decision: a side with no counted ships (only a Starbase) takes no penalty", {
    "systems": [dict(HOME0, lanes=[2, 1]), dict(home1_sb, lanes=[2, 0]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 1, DD=3), "stances": [{"owner": 0, "at": 1, "attack": [1]}], "dice": [1] * 10,
    "expect": {"events": [shot(owner=1, ship="SB", need=3)]}})
# --- §1e nebula, §1f ion nebula, §1d asteroid -----------------------------------------------------------
write("nebula_pooled_fire", "§1e nebula: +1 to hit and simultaneous fire: the doomed Destroyer still fires", {
    "systems": galaxy({"kind": "nebula"}), "ships": ships(0, 2, Mi=2) + ships(1, 2, DD=1), "stances": ATK01,
    "dice": [6, 6, 7],
    "expect": {"events": [shot(owner=0, ship="Mi", need=6, hit=True), shot(owner=0, ship="Mi", hit=True),
                          shot(owner=1, ship="DD", need=7, hit=True)],
               "ships": [{"owner": 1, "type": "DD", "count": 0}, {"owner": 0, "type": "Mi", "count": 1}]}})
write("ion_nebula_one_hp", "§1f every ship has 1 HP: one hit destroys a Cruiser", {
    "systems": galaxy({"kind": "ion-nebula"}), "ships": ships(0, 2, CR=1) + ships(1, 2, CR=1), "stances": ATK01,
    "dice": [6, 1], "expect": {"ships": [{"owner": 1, "type": "CR", "count": 0}, {"owner": 0, "type": "CR", "count": 1}]}})
write("asteroid_missiles_need_ten", "§1d Missile Ships need 10 in an asteroid field", {
    "systems": galaxy({"kind": "asteroid"}), "ships": ships(0, 2, Mi=1) + ships(1, 2, DD=1), "stances": ATK01,
    "dice": [9, 1, 9, 1], "debris": [50, 50],
    "expect": {"events": [shot(owner=0, ship="Mi", roll=9, need=10, hit=False)], "ships": [{"owner": 1, "type": "DD", "count": 1}]}})
write("asteroid_arrival_debris", "§1d/§3e arriving ships risk a 5% debris strike (roll < 5)", {
    "systems": galaxy({"kind": "asteroid"}), "ships": ships(0, 0, CR=1, DD=1),
    "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "CR": 1, "DD": 1}}], "debris": [3, 50],
    "expect": {"ships": [{"owner": 0, "at": 2, "type": "CR", "count": 0}, {"owner": 0, "at": 2, "type": "DD", "count": 1}],
               "count": count("debris", 1)}})
write("asteroid_stationary_debris_then_mining", "§1d stationary ships roll debris; surviving Freighters mine +1", {
    "systems": galaxy({"kind": "asteroid"}), "ships": ships(0, 2, Fr=2), "debris": [2, 50],
    "expect": {"ships": [{"owner": 0, "at": 2, "type": "Fr", "cargo": "minerals", "load": 1, "count": 1},
                         {"owner": 0, "at": 2, "type": "Fr", "count": 1}]}})
write("asteroid_full_freighter_does_not_mine", "§1d a full hold (3 minerals) mines nothing", {
    "systems": galaxy({"kind": "asteroid"}), "ships": ships(0, 2, Fr_minerals=1), "debris": [50],
    "expect": {"count": count("mined", 0, sys=2), "ships": [{"owner": 0, "type": "Fr", "load": 3, "count": 1}]}})
write("pirates_immune_to_debris", "§1d/§5e pirate ships never roll debris", {
    "systems": galaxy({"kind": "asteroid"}), "ships": ships("pirate", 2, DD=2),
    "expect": {"count": count("debris", 0), "ships": [{"owner": "pirate", "type": "DD", "count": 2}]}})
write("black_hole_destroys_fleet", "§1g/§3f a fleet that enters the black hole is lost, cargo and all", {
    "systems": galaxy({"kind": "black-hole"}), "ships": ships(0, 0, CR=1, DD=2, Fr_minerals=1),
    "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "CR": 1, "DD": 2, "FrMinerals": 1}}],
    "expect": {"count": count("black-hole", 4), "ships": [{"owner": 0, "at": 2, "count": 0}]}})
# --- §4h withdrawal, §4i arrival immunity, §4a ambush, §3b probes -----------------------------------
write("withdrawal_overflow", "§4h once the staying ships are gone, overflow hits the departing ships", {
    "systems": galaxy(), "ships": ships(0, 2, CR=4) + ships(1, 2, DD=1) + ships(1, 2, CR=1, DD=2),
    "stances": ATK01, "orders": [{"empire": 1, "move": {"from": 2, "to": 1, "CR": 1, "DD": 2}}], "dice": [5, 5, 5, 5],
    "expect": {"ships": [{"owner": 1, "at": 1, "type": "CR", "count": 1}, {"owner": 1, "at": 1, "type": "DD", "count": 1},
                         {"owner": 1, "at": 2, "count": 0}], "count": count("shot", 4)}})
write("withdrawal_escape", "§4h while staying ships survive, the departing ships escape unharmed", {
    "systems": galaxy(), "ships": ships(0, 2, CR=2) + ships(1, 2, CR=1) + ships(1, 2, CR=1, DD=2),
    "stances": ATK01, "orders": [{"empire": 1, "move": {"from": 2, "to": 1, "CR": 1, "DD": 2}}],
    "dice": [5, 5, 1, 1, 1, 1],
    "expect": {"ships": [{"owner": 1, "at": 1, "type": "CR", "count": 1}, {"owner": 1, "at": 1, "type": "DD", "count": 2},
                         {"owner": 1, "at": 2, "type": "CR", "count": 1}]}})
write("moving_ships_do_not_fire", "§4h ships ordered to move do not fire in round 1", {
    "systems": galaxy(), "ships": ships(0, 2, DD=1) + ships(1, 2, CR=1, DD=1), "stances": ATK01 + [{"owner": 1, "at": 2, "attack": [0]}],
    "orders": [{"empire": 1, "move": {"from": 2, "to": 1, "CR": 1, "DD": 1}}], "dice": [1],
    "expect": {"count": merge(count("shot", 1), count("shot", 0, owner=1))}})
write("arrival_immunity", "§4i arrivals cannot be targeted by normal fire in round 2 and do not fire", {
    "systems": galaxy(), "ships": ships(0, 2, CR=2) + ships(1, 1, CR=1, DD=1), "stances": ATK01,
    "orders": [{"empire": 1, "move": {"from": 1, "to": 2, "CR": 1, "DD": 1}}],
    "expect": {"count": count("shot", 0), "ships": [{"owner": 1, "at": 2, "count": 2}]}})
write("ambush_hits_arrivals", "§4a/§4i ambush fire (+1 to hit) is the only fire that reaches arriving ships", {
    "systems": galaxy(), "ships": ships(0, 2, DD=2) + ships(1, 1, CR=1, DD=1),
    "stances": [{"owner": 0, "at": 2, "ambush": [1]}],
    "orders": [{"empire": 1, "move": {"from": 1, "to": 2, "CR": 1, "DD": 1}}], "dice": [7, 7],
    "expect": {"events": [shot(round=3, owner=0, ship="DD", need=7, hit=True), shot(round=3, owner=0, hit=True),
                          {"kind": "destroyed", "owner": 1, "ship": "DD", "round": 3}],
               "ships": [{"owner": 1, "at": 2, "type": "CR", "count": 1}, {"owner": 1, "at": 2, "type": "DD", "count": 0}]}})
write("ambush_split_across_lanes", "§4a firepower splits evenly over watched lanes; the empty lane's share is lost", {
    "systems": galaxy(extra=[{"kind": "dead"}]), "ships": ships(0, 2, DD=2) + ships(1, 1, CR=1),
    "stances": [{"owner": 0, "at": 2, "ambush": [1, 3]}],
    "orders": [{"empire": 1, "move": {"from": 1, "to": 2, "CR": 1}}], "dice": [7],
    "expect": {"count": count("shot", 1, round=3)}})
write("ambush_only_watched_lane", "§4a arrivals from an unwatched lane are not ambushed", {
    "systems": galaxy(extra=[{"kind": "dead"}]), "ships": ships(0, 2, DD=2) + ships(1, 1, CR=1),
    "stances": [{"owner": 0, "at": 2, "ambush": [3]}],
    "orders": [{"empire": 1, "move": {"from": 1, "to": 2, "CR": 1}}], "expect": {"count": count("shot", 0)}})
write("ambush_refused_in_nebula", "§1e no ambush in a nebula", {
    "systems": galaxy({"kind": "nebula"}), "ships": ships(0, 2, DD=2),
    "orders": [{"empire": 0, "stance": {"at": 2, "ambush": [1]}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "nebula"}]}})
write("ambush_freighters_do_not_fire", "§4a Freighters, D-Sats and Starbases never fire in an ambush", {
    "systems": galaxy(), "ships": ships(0, 2, DD=1, Fr=3) + ships(1, 1, CR=1),
    "stances": [{"owner": 0, "at": 2, "ambush": [1]}],
    "orders": [{"empire": 1, "move": {"from": 1, "to": 2, "CR": 1}}], "dice": [1],
    "expect": {"count": count("shot", 1)}})
write("probe_not_ambushed", "§3b a lone Destroyer probes: it reports, burns out, and is not ambushed", {
    "systems": galaxy(), "ships": ships(0, 2, DD=2) + ships(1, 1, DD=1),
    "stances": [{"owner": 0, "at": 2, "ambush": [1]}],
    "orders": [{"empire": 1, "move": {"from": 1, "to": 2, "DD": 1}}],
    "expect": {"count": merge(count("shot", 0), count("probe", 1)), "ships": [{"owner": 1, "count": 0}]}})
write("destroyer_with_cruiser_is_no_probe", "§3b with a Cruiser in the move a Destroyer travels normally", {
    "systems": galaxy(), "ships": ships(1, 1, CR=1, DD=1),
    "orders": [{"empire": 1, "move": {"from": 1, "to": 2, "CR": 1, "DD": 1}}],
    "expect": {"count": count("probe", 0), "ships": [{"owner": 1, "at": 2, "count": 2}]}})
# --- §4k invasion and §7a ratings ---------------------------------------------------------------------
indie_e = {"kind": "star", "quality": "E", "owner": "independent", "pd": 1, "pop": 2}
ATKI = [{"owner": 0, "at": 2, "attack": ["independent"]}]
write("invasion_same_turn_when_defenders_fall", "§4k defenders gone before round 2: invasion; Freighter hit deals 2 (§7a)", {
    "systems": galaxy(indie_e), "ships": ships(0, 2, CR=2, Fr=1) + ships("independent", 2, DD=1), "stances": ATKI,
    "dice": [5, 5, 1, 1, 5],
    "expect": {"events": [{"kind": "invade-shot", "ship": "Fr", "hit": True}, {"kind": "pd-destroyed", "owner": 0},
                          {"kind": "conquest", "owner": 0, "other": "independent"}],
               "systems": {"2": {"owner": 0, "pd": 1, "unrest": True}}}})
write("invasion_deferred", "§4k defenders able to fire at the start of round 2 defer the invasion to next turn", {
    "systems": galaxy(indie_e), "ships": ships(0, 2, CR=3, Fr=1) + ships("independent", 2, CR=1), "stances": ATKI,
    "dice": [1, 1, 1, 1, 1, 5, 5, 5, 1],
    "expect": {"count": merge(count("invasion-deferred", 1), count("invade-shot", 0)),
               "systems": {"2": {"owner": "independent"}}, "ships": [{"owner": "independent", "count": 0}]}})
write("invasion_next_turn_after_deferral", "§4k the deferred invasion happens the following turn", {
    "systems": galaxy(indie_e), "ships": ships(0, 2, CR=3, Fr=1) + ships("independent", 2, CR=1), "stances": ATKI,
    "dice": [1, 1, 1, 1, 1, 5, 5, 5, 1, 1, 1, 1, 5], "thenTurns": 1,
    "expect": {"systems": {"2": {"owner": 0}}, "count": count("conquest", 1)}})
write("invasion_cruiser_two_hits_per_pd", "§4k/§7a Cruisers deal 1 per hit: one hit leaves the PD unit standing", {
    "systems": galaxy(indie_e), "ships": ships(0, 2, CR=1), "stances": ATKI, "dice": [5],
    "expect": {"systems": {"2": {"owner": "independent", "pd": 1, "pdDamage": 1}}}})
write("invasion_missile_collateral", "§7a rating C: a missed warhead kills population (decision: 1 per miss)", {
    "systems": galaxy(indie_e), "ships": ships(0, 2, Mi=1), "stances": ATKI, "dice": [4],
    "expect": {"events": [{"kind": "invade-shot", "ship": "Mi", "need": 9, "hit": False}, {"kind": "collateral", "b": 1000}],
               "systems": {"2": {"popMilli": 1100}}}})
write("invasion_destroyer_natural_one", "§7a rating B (8+): a natural 1 wrecks industry (decision)", {
    "systems": galaxy(indie_e), "ships": ships(0, 2, DD=1), "stances": ATKI, "dice": [1],
    "expect": {"events": [{"kind": "invade-shot", "ship": "DD", "need": 8}, {"kind": "collateral", "a": 1}],
               "systems": {"2": {"industry": 0}}}})
write("invasion_needs_attack_stance", "§4k only an Attack stance on the owner invades", {
    "systems": galaxy(indie_e), "ships": ships(0, 2, CR=2), "expect": {"count": count("invade-shot", 0)}})
write("arrivals_do_not_invade", "§4k/§4i ships that just arrived do not fire, so they do not invade", {
    "systems": galaxy(indie_e), "ships": ships(0, 0, CR=2), "stances": [],
    "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "CR": 2}}, {"empire": 0, "stance": {"at": 0, "attack": ["independent"]}}],
    "expect": {"count": count("invade-shot", 0), "systems": {"2": {"owner": "independent"}}}})
# --- §6 economy ---------------------------------------------------------------------------------------
write("production_bp_is_the_minimum", "§6a worked example: 5 population, 3 industry, 10 minerals make 3 BP", {
    "systems": galaxy() [:0] + [dict(HOME0, lanes=[2], pop=5, industry=3, minerals=10), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "orders": [{"empire": 0, "build": {"at": 0, "item": "destroyer", "count": 5}}],
    "expect": {"events": [{"kind": "build-refused", "owner": 0, "item": "destroyer", "a": 3, "b": 5}],
               "ships": [{"owner": 0, "type": "DD", "count": 3}], "systems": {"0": {"minerals": 9}}}})
write("mining_uses_idle_population", "§6c miners = population - BP spent, capped by minerals per turn", {
    "systems": [dict(HOME0, lanes=[2], pop=5, industry=8, minerals=0, mineralsPerTurn=3), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "expect": {"systems": {"0": {"minerals": 3}}}})
write("growth_by_quality", "§6d class B grows 0.4 per turn (decision), capped at the limit", {
    "systems": [dict(HOME0, lanes=[2], pop=5), dict(HOME1, lanes=[2], popMilli=14900), {"kind": "dead", "lanes": [0, 1]}],
    "expect": {"systems": {"0": {"popMilli": 5400}, "1": {"popMilli": 15000}}}})
write("unrest_slows_growth_and_halves_industry", "§6e unrest: industry halved, growth 0.1", {
    "systems": galaxy({"kind": "star", "quality": "C", "owner": 0, "unrest": True, "pop": 9, "industry": 4, "minerals": 10, "pd": 0}),
    "orders": [{"empire": 0, "build": {"at": 2, "item": "destroyer", "count": 4}}],
    "expect": {"ships": [{"owner": 0, "at": 2, "type": "DD", "count": 2}], "systems": {"2": {"popMilli": 9100, "unrest": True}}}})
write("unrest_clears_with_pd", "§6e unrest clears once PD keeps up with population (pop <= 2 PD + 2)", {
    "systems": galaxy({"kind": "star", "quality": "C", "owner": 0, "unrest": True, "pop": 5, "pd": 3}),
    "expect": {"systems": {"2": {"unrest": False}}, "count": count("unrest", 1)}})
write("population_assimilation", "§3d colonists unloaded this turn do not work: BP limited by the old population", {
    "systems": [dict(HOME0, lanes=[2], pop=2, industry=5, minerals=10), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 0, Fr_population=1),
    "orders": [{"empire": 0, "unload": {"at": 0, "cargo": "population", "amount": 1}},
               {"empire": 0, "build": {"at": 0, "item": "destroyer", "count": 5}}],
    "expect": {"ships": [{"owner": 0, "type": "DD", "count": 2}], "systems": {"0": {"popMilli": 3400}}}})
write("production_disrupted", "§6f an attacking enemy over an undefended system stops production", {
    "systems": galaxy({"kind": "star", "quality": "C", "owner": 0, "minerals": 10}),
    "ships": ships(1, 2, CR=1), "stances": [{"owner": 1, "at": 2, "attack": [0]}],
    "orders": [{"empire": 0, "build": {"at": 2, "item": "pd", "count": 1}}],
    "expect": {"count": count("disrupted", 1), "events": [{"kind": "build-refused", "a": 0}]}})
write("supply_failure", "§6g all or nothing: 1 crystal cannot pay a cost of 2; nothing is spent; +1 to hit", {
    "systems": [dict(HOME0, lanes=[2], crystals=1), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 0, DD=60),
    "expect": {"empires": [{"unsupplied": True, "supplyCost": 2}], "systems": {"0": {"crystals": 1}},
               "events": [{"kind": "supply", "owner": 0, "a": 2, "b": 0}]}})
write("unsupplied_fleet_fires_worse", "§6g an unsupplied fleet needs +1 to hit", {
    "systems": galaxy(), "ships": ships(0, 2, DD=1) + ships(1, 2, DD=1), "stances": ATK01, "unsupplied": [True, False],
    "dice": [1, 1, 1, 1], "expect": {"events": [shot(owner=0, ship="DD", need=7), shot(owner=1, ship="DD", need=6)]}})
write("supply_farthest_first", "§6g crystals are drawn from the systems farthest from the original home first", {
    "systems": galaxy({"kind": "star", "quality": "A", "owner": 0, "crystals": 2}), "ships": ships(0, 0, DD=1),
    "expect": {"systems": {"0": {"crystals": 10}, "2": {"crystals": 1}}, "empires": [{"unsupplied": False}]}})
write("supply_counts_platforms", "§6g D-Sats and Starbases count toward the supply bill", {
    "systems": [dict(HOME0, lanes=[2], dsats=49, starbase=True), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "expect": {"empires": [{"supplyCost": 1}]}})
write("crystals_only_at_home_or_gaia", "§6g Ion-9 crystals are built only at an original home or a Gaia system", {
    "systems": galaxy({"kind": "star", "quality": "C", "owner": 0}),
    "orders": [{"empire": 0, "build": {"at": 2, "item": "crystal", "count": 1}}, {"empire": 0, "build": {"at": 0, "item": "crystal", "count": 2}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "Gaia"}], "systems": {"0": {"crystals": 12}}}})
write("dsat_cap_by_quality", "§7 D-Sats can be built up to the quality's maximum (class C: 8)", {
    "systems": galaxy({"kind": "star", "quality": "C", "owner": 0, "dsats": 7}),
    "orders": [{"empire": 0, "build": {"at": 2, "item": "dsat", "count": 2}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "at most 8"}]}})
write("starbase_build_costs_population", "§4j/§7 building a Starbase costs 4 BP and 1 population; it waits for a Freighter", {
    "systems": [dict(HOME0, lanes=[2], pop=10, industry=8, minerals=20), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "orders": [{"empire": 0, "build": {"at": 0, "item": "starbase", "count": 1}}],
    "expect": {"systems": {"0": {"starbaseKits": 1, "popMilli": 9400, "minerals": 16 + 3}}}})
# --- §1c Starbases, §3 movement and cargo, orders ------------------------------------------------------
write("starbase_claims_dead_system", "§1c a Starbase placed at an unclaimed Dead System claims it", {
    "systems": galaxy({"kind": "dead", "minerals": 7}), "ships": ships(0, 2, Fr_starbase=1),
    "orders": [{"empire": 0, "place": {"at": 2}}],
    "expect": {"systems": {"2": {"owner": 0, "starbase": True}}, "count": count("placed", 1)}})
write("starbase_placement_conflict", "§1c two empires placing at one Dead System the same turn: all cancelled", {
    "systems": galaxy(), "ships": ships(0, 2, Fr_starbase=1) + ships(1, 2, Fr_starbase=1),
    "orders": [{"empire": 0, "place": {"at": 2}}, {"empire": 1, "place": {"at": 2}}],
    "expect": {"systems": {"2": {"owner": None, "starbase": False}}, "count": count("place-cancelled", 2),
               "ships": [{"type": "Fr", "cargo": "starbase", "count": 2}]}})
write("starbase_not_in_nebula", "§1e/§1d no Starbase in a nebula, ion nebula or asteroid field", {
    "systems": galaxy({"kind": "nebula"}), "ships": ships(0, 2, Fr_starbase=1),
    "orders": [{"empire": 0, "place": {"at": 2}}], "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "nebula"}]}})
write("placing_freighter_cannot_move", "§3d a Freighter placing a Starbase cannot move that turn", {
    "systems": [dict(HOME0, lanes=[2]), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 0, Fr_starbase=1, CR=1),
    "orders": [{"empire": 0, "place": {"at": 0}}, {"empire": 0, "move": {"from": 0, "to": 2, "CR": 1, "FrStarbase": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 1, "reason": "Freighters carrying starbase"}], "systems": {"0": {"starbase": True}}}})
write("loading_freighter_cannot_place", "§3d a Freighter that loads its Starbase this turn cannot also place it", {
    "systems": [dict(HOME0, lanes=[2], starbaseKits=1), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 0, Fr=1),
    "orders": [{"empire": 0, "load": {"at": 0, "cargo": "starbase", "amount": 1}}, {"empire": 0, "place": {"at": 0}}],
    "expect": {"rejected": [{"empire": 0, "index": 1, "reason": "cannot also place"}], "systems": {"0": {"starbase": False}}}})
write("freighters_need_a_cruiser", "§3a Freighters and Missile Ships cannot open a gate without a Cruiser", {
    "systems": galaxy(), "ships": ships(0, 0, Fr=1, Mi=1, CR=1),
    "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "Fr": 1}}, {"empire": 0, "move": {"from": 0, "to": 2, "Mi": 1, "CR": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "Cruiser"}],
               "ships": [{"owner": 0, "at": 2, "type": "Mi", "count": 1}, {"owner": 0, "at": 0, "type": "Fr", "count": 1}]}})
write("active_lane_moves_anything", "§3h two adjacent Starbases of one empire: any ship travels without a Cruiser", {
    "systems": [dict(HOME0, lanes=[2], starbase=True), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1], "owner": 0, "starbase": True}],
    "ships": ships(0, 0, Fr_minerals=1, DD=2),
    "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "FrMinerals": 1}}, {"empire": 0, "move": {"from": 0, "to": 2, "DD": 2}}],
    "expect": {"ships": [{"owner": 0, "at": 2, "type": "Fr", "count": 1}, {"owner": 0, "at": 2, "type": "DD", "count": 2}],
               "count": count("probe", 0)}})
write("lane_of_two_empires_is_not_active", "§3h both Starbases must be the same empire's", {
    "systems": [dict(HOME0, lanes=[2], starbase=True), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1], "owner": 1, "starbase": True}],
    "ships": ships(0, 0, Fr=1), "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "Fr": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "Cruiser"}]}})
write("local_traders_carry_toward_home", "§3i traders move 1 mineral per active lane toward the original home", {
    "systems": [dict(HOME0, lanes=[2], starbase=True, minerals=0, pop=1, industry=0, mineralsPerTurn=0), dict(HOME1, lanes=[2]),
                {"kind": "dead", "lanes": [0, 1], "owner": 0, "starbase": True, "minerals": 5}],
    "expect": {"systems": {"0": {"minerals": 1}, "2": {"minerals": 4}}, "count": count("trader", 1)}})
write("traders_wait_out_enemies", "§3i an enemy ship at either end of the lane stops the traders", {
    "systems": [dict(HOME0, lanes=[2], starbase=True), dict(HOME1, lanes=[2]),
                {"kind": "dead", "lanes": [0, 1], "owner": 0, "starbase": True, "minerals": 5}],
    "ships": ships(1, 2, DD=1), "expect": {"count": count("trader", 0), "systems": {"2": {"minerals": 5}}}})
write("one_hop_per_turn", "§3 a move goes one lane; a non-neighbour is refused", {
    "systems": galaxy(), "ships": ships(0, 0, CR=1), "orders": [{"empire": 0, "move": {"from": 0, "to": 1, "CR": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "one hop"}]}})
write("nova_gates_itself", "§7 Nova: a small generator moves the Nova alone", {
    "systems": galaxy(), "ships": ships(0, 0, N=2), "orders": [{"empire": 0, "move": {"from": 0, "to": 2, "N": 2}}],
    "expect": {"ships": [{"owner": 0, "at": 2, "type": "N", "count": 2}]}})
write("cargo_capacity", "§3d/§7 a Freighter holds 3 minerals, a Cruiser 1", {
    "systems": galaxy(), "ships": ships(0, 0, Fr=1, CR=1),
    "orders": [{"empire": 0, "load": {"at": 0, "cargo": "minerals", "amount": 5}}, {"empire": 0, "load": {"at": 0, "cargo": "minerals", "amount": 4}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "room for 4"}],
               "ships": [{"owner": 0, "type": "Fr", "load": 3, "count": 1}, {"owner": 0, "type": "CR", "load": 1, "count": 1}]}})
write("minerals_unloaded_feed_production", "§8 minerals unloaded in phase 1 are available to production in phase 5", {
    "systems": [dict(HOME0, lanes=[2], minerals=0, pop=10, industry=8), dict(HOME1, lanes=[2]), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 0, Fr_minerals=1),
    "orders": [{"empire": 0, "unload": {"at": 0, "cargo": "minerals", "amount": 3}}, {"empire": 0, "build": {"at": 0, "item": "destroyer", "count": 3}}],
    "expect": {"ships": [{"owner": 0, "type": "DD", "count": 3}]}})
write("to_hit_capped_at_ten", "§4c modifiers stack but the roll needed is capped at 10", {
    "systems": galaxy({"kind": "nebula"}), "ships": ships(0, 2, Fr=1, DD=1) + ships(1, 2, DD=3), "stances": ATK01,
    "unsupplied": [True, False], "dice": [1] * 8,
    "expect": {"events": [shot(owner=0, ship="Fr", need=10)], "count": count("shot", 0, owner=0, need=11)}})
write("cancel_voids_an_earlier_order", "orders: Cancel voids an earlier order of the same bundle", {
    "systems": galaxy(), "orders": [{"empire": 0, "build": {"at": 0, "item": "destroyer", "count": 2}}, {"empire": 0, "cancel": 0}],
    "expect": {"ships": [{"owner": 0, "type": "DD", "count": 0}], "count": count("built", 0)}})
write("malformed_order_is_refused", "orders: an unreadable payload is refused with a reason, never a crash", {
    "systems": galaxy(), "orders": [{"empire": 0, "raw": {"kind": 4, "bytes": [1]}}, {"empire": 1, "raw": {"kind": 77, "bytes": []}}],
    "expect": {"rejected": [{"empire": 0, "index": 0}, {"empire": 1, "index": 0, "reason": "unknown"}]}})
# --- Victory, Vanquished ------------------------------------------------------------------------------
write("victory_points_at_turn_limit", "Victory: home 10, other 2, +1 per 5 population rounded up", {
    "turnLimit": 1, "systems": galaxy({"kind": "star", "quality": "C", "owner": 0, "pop": 1}, extra=[{"kind": "star"}] * 3),
    "expect": {"over": True, "summary": "Victory Points", "empires": [{"vp": 14}, {"vp": 12}]}})
write("vanquished_ships_turn_pirate", "Vanquished: losing the last system turns the fleet pirate; last empire standing", {
    "systems": [dict(HOME0, lanes=[2]), dict(HOME1, lanes=[2], pd=0), {"kind": "dead", "lanes": [0, 1]}],
    "ships": ships(0, 1, CR=1) + ships(1, 2, DD=2), "stances": [{"owner": 0, "at": 1, "attack": [1]}],
    "expect": {"events": [{"kind": "conquest", "owner": 0, "other": 1}, {"kind": "vanquished", "owner": 1, "other": 0}],
               "ships": [{"owner": "pirate", "at": 2, "type": "DD", "count": 2}], "over": True, "summary": "last empire standing"}})
write("homeworld_capture", "Victory: 4-6 players need 2 enemy home worlds", {
    "empires": 4,
    "systems": [dict(HOME0, lanes=[4]), dict(HOME1, lanes=[4], owner=0), {"owner": 2, "home": 2, "quality": "B", "lanes": [4], "pd": 0},
                {"owner": 3, "home": 3, "quality": "B", "lanes": [4]}, {"kind": "dead", "lanes": [0, 1, 2, 3, 5, 6, 7, 8], "owner": 1, "starbase": True}] +
               [{"kind": "star", "lanes": [4]}] * 4,
    "ships": ships(0, 2, CR=1), "stances": [{"owner": 0, "at": 2, "attack": [2]}],
    "expect": {"over": True, "summary": "Homeworld Capture"}})
# --- more §4f, §1c, §6 ----------------------------------------------------------------------------------
write("nova_ignores_screening", "§4f a Nova hit picks any enemy ship (weighted by count): here the Cruiser behind 3 Destroyers (outnumbered: needs 9)", {
    "systems": galaxy(), "ships": ships(0, 2, N=1) + ships(1, 2, CR=1, DD=3), "stances": ATK01,
    "dice": [1, 1, 1, 1, 9, 1, 1, 1, 1, 1],
    "expect": {"events": [shot(owner=0, ship="N", roll=9, need=9, hit=True), {"kind": "destroyed", "owner": 1, "ship": "CR"}],
               "ships": [{"owner": 1, "type": "CR", "count": 0}, {"owner": 1, "type": "DD", "count": 3}]}})
write("starbase_loss_unclaims_dead_system", "§1c decision: a Dead System held only by its Starbase is unclaimed when it falls", {
    "systems": galaxy({"kind": "dead", "owner": 1, "starbase": True}), "ships": ships(0, 2, N=1), "stances": ATK01,
    "dice": [1, 1, 8, 1],
    "expect": {"systems": {"2": {"owner": None, "starbase": False}}}})
write("gaia_makes_crystals", "§6g a Gaia (class A) system you own produces Ion-9 crystals", {
    "systems": galaxy({"kind": "star", "quality": "A", "owner": 0, "crystals": 0}),
    "orders": [{"empire": 0, "build": {"at": 2, "item": "crystal", "count": 3}}],
    "expect": {"systems": {"2": {"crystals": 3}}}})
write("industry_capped_by_population_limit", "§6b decision: industry cannot exceed the population limit", {
    "systems": galaxy({"kind": "star", "quality": "E", "owner": 0, "industry": 4}),
    "orders": [{"empire": 0, "build": {"at": 2, "item": "industry", "count": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "industry cannot exceed"}]}})
write("colonists_respect_population_limit", "§6d unloading population beyond the limit is refused", {
    "systems": galaxy({"kind": "star", "quality": "E", "owner": 0, "pop": 4}), "ships": ships(0, 2, Fr_population=1),
    "orders": [{"empire": 0, "unload": {"at": 2, "cargo": "population", "amount": 1}}],
    "expect": {"rejected": [{"empire": 0, "index": 0, "reason": "population limit"}]}})
write("stranded_after_losing_the_cruiser", "§3g Freighters and Missile Ships left without a generator ship are stranded", {
    "systems": galaxy(), "ships": ships(0, 2, CR=3) + ships(1, 2, CR=1, Fr=2), "stances": ATK01,
    "dice": [5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1],
    "expect": {"events": [{"kind": "destroyed", "owner": 1, "ship": "CR"}, {"kind": "stranded", "owner": 1, "a": 2}],
               "ships": [{"owner": 1, "type": "Fr", "count": 2}]}})
