"""Shared helpers of the W.E.B. scenario generators (make_scenarios.py, make_scenarios_part2.py): the two-home
galaxy around a site, ship lists, and writing one scenario file (format: docs/web-scenarios.md)."""
import json, os

OUT = os.path.join(os.path.dirname(__file__), "..", "scenarios")
HOME0 = {"owner": 0, "home": 0, "quality": "B", "name": "Home0", "crystals": 10}
HOME1 = {"owner": 1, "home": 1, "quality": "B", "name": "Home1", "crystals": 10}


def galaxy(site=None, extra=()):
    """Homes 0 and 1 both touch system 2 (the site); extra systems hang off the site (their "more" lanes too)."""
    site = dict(site or {"kind": "dead"})
    n = 3 + len(extra)
    site["lanes"] = [0, 1] + list(range(3, n))
    s = [dict(HOME0, lanes=[2]), dict(HOME1, lanes=[2]), site]
    for e in extra:
        s.append(dict(e, lanes=[2] + e.get("more", [])))
        s[-1].pop("more", None)
    return s


def write(name, rule, body):
    body = dict(body)
    body["rule"] = rule
    body.setdefault("empires", 2)
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(body, f, indent=1)
        f.write("\n")


def ships(owner, at, **kinds):
    out = []
    for t, n in kinds.items():
        cargo = None
        if t.startswith("Fr_"):
            t, cargo = "Fr", t[3:]
        d = {"owner": owner, "at": at, "type": t, "count": n}
        if cargo:
            d["cargo"] = cargo
            d["load"] = 3 if cargo == "minerals" else 1
        out.append(d)
    return out


def count(kind, n, **match):
    """A "count" expectation: n events of `kind`, optionally matching fields."""
    key = kind if not match else kind + ":" + ",".join(f"{a}={b}" for a, b in match.items())
    return {key: ({"match": dict({"kind": kind}, **match), "n": n} if match else n)}


def merge(*ds):
    out = {}
    for d in ds:
        out.update(d)
    return out
