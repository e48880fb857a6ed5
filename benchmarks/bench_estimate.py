#!/usr/bin/env python3
"""Benchmark: the solver's estimate of the open deals against exact play, per kind and side
(issue 26, eighth session).

Run: nice .venv/bin/python benchmarks/bench_estimate.py collect --out /tmp/est.jsonl [--samples 20]
         [--positions 20] [--only ID ...] [--max-nodes 40000000] [--voice-nodes 10000000]
     nice .venv/bin/python benchmarks/bench_estimate.py report /tmp/est.jsonl [--open-only]

``collect``: for each position of bench_exact_sim (the bid drills taken evenly and its
varied EXTRA positions) and the Misère hands of MISERE, the voice's simulation (the default
judgement: ``voice.simulation``'s settings, the voice's nodes a deal, seed 1, no early stop)
deals --samples deals and judges them; then every deal and game it judged (the hand's own
kinds and the standing contract's) gets

- the voice's estimate (``solver.estimate`` k=2 follow_k=1) and eval's (k=3 follow_k=2
  within 2M nodes, else k=2/1), as the simulation asks them;
- exact play's card points to within a Zehner (``solver.bracket`` at every Zehner, from the
  bounds the simulation and benchmarks/exact_sim_answers.json proved, up to --max-nodes);
- what the simulation made of it: its proved bounds, whether it stayed open (a decisive probe
  over its budget: the voice estimated it), and the card points its values used.

One JSON line per deal and game (the declaring team's own card points; a Misère's credited
points are 157 minus them). ``report`` prints the estimate's signed error (estimate minus
the middle of exact play's Zehner) and its make/fail errors at the game's decisive targets,
per kind (trump suit, Obenabe, Undenufe, Misère) and side (the hand's team declaring or the
opponents), on the positions' two halves (ids sorted, taken in turn) and all.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_exact_sim import ANSWERS, _load_answers, positions  # noqa: E402
from tutor.judgement import simulation as S  # noqa: E402
from tutor.play.deal import Deal  # noqa: E402
from tutor.play.rules import parse_strain  # noqa: E402
from tutor.rules import load  # noqa: E402
from tutor.scoring import team_of  # noqa: E402

# Misère hands at a table that plays it (QA of issue 26, Q47: the voice recommended 80
# Obenabe Misère, "made in 41 of 50", where exact play makes it on 16 of 40 deals; the
# Puur-third opening 60 Schilten is worth more), and others of the kind
MISERE = [
    {"id": "misere-q47", "hand": "Eichel:9B Schellen:8U Rosen:9B Schilten:8UO", "auction": "", "rules": "erweitert"},
    {"id": "misere-low", "hand": "Eichel:7 Schellen:96 Rosen:86 Schilten:9876", "auction": "", "rules": "erweitert"},
    {"id": "misere-mid", "hand": "Eichel:U9 Schellen:7 Rosen:U86 Schilten:B87", "auction": "", "rules": "erweitert"},
    {"id": "misere-high", "hand": "Eichel:K7 Schellen:96 Rosen:A6 Schilten:986", "auction": "", "rules": "erweitert"},
    {"id": "misere-over", "hand": "Eichel:76 Schellen:8 Rosen:986 Schilten:B97", "auction": "60 Eichel",
     "rules": "erweitert"},
]

# Positions with a fort in the auction (for --denials: the forts' denials change the deals), of
# bench_exact_sim's and the QA's double (tests/test_simulation_exact.py QA_DOUBLE: D after «60
# Eichel, fort, 80 Eichel, fort, 120 Eichel»)
FORTS = ["beispiel-gen-02", "beispiel-gen-10", "eroeffnung-gen-01", "eroeffnung-gen-06", "hilfe-gen-06", "hilfe-01",
         "hilfe-04", "hilfe-05", "doppeln-gen-02", "doppeln-gen-07", "tischregeln-gen-10", "matsch-07",
         "fuenfer-gen-05", "bieten-gen-06", "tischregeln-gen-04", "qa-double"]
QA_DOUBLE = {"id": "qa-double", "hand": "Schellen:AKB Rosen:AK Schilten:AK Eichel:76",
             "auction": "60 Eichel, fort, 80 Eichel, fort, 120 Eichel", "seat": "D", "rules": "verband"}

# The QA's positions of session 33 where the voice's trump estimate decides between calls
# (--qa): Q1, B's singleton-Eichel "we want your suit" 70 Eichel over A's 60 Eichel (the voice
# bid it; exact play: made 2 of 16, doubled -188 against fort's -142), its kin Q13 and Q20
# (exact play: as good as fort), and Q2, Q3, Q6, Q7 and Q22 (a raise, defenders behind a
# contract, a rebid after a fort)
QA = [
    {"id": "qa-q1", "hand": "Eichel:8 Schellen:9O8 Rosen:AK7 Schilten:A6", "auction": "60 Eichel", "rules": "verband"},
    {"id": "qa-q13", "hand": "Eichel:87 Schellen:K6 Rosen:A76 Schilten:O8", "auction": "60 Eichel, fort, fort",
     "rules": "verband"},
    {"id": "qa-q20", "hand": "Eichel:K Schellen:AK7 Rosen:AK6 Schilten:A8", "auction": "60 Eichel", "rules": "verband"},
    {"id": "qa-q2", "hand": "Eichel:K7 Schellen:AK Rosen:AK8 Schilten:A6", "auction": "60 Eichel, fort",
     "rules": "verband"},
    {"id": "qa-q3", "hand": "Schellen:AKB Rosen:AK Eichel:AK Schilten:A6", "auction": "60 Schellen, fort, 80 Schellen",
     "seat": "D", "rules": "verband"},
    {"id": "qa-q6", "hand": "Schilten:9A Eichel:AK Schellen:AK Rosen:AK6", "auction": "100 Schilten", "rules": "verband"},
    {"id": "qa-q7", "hand": "Eichel:8 Schellen:AK7 Rosen:AK Schilten:AKO", "auction": "60 Rosen, fort, fort",
     "rules": "verband"},
    {"id": "qa-q22", "hand": "Eichel:U86 Schellen:7 Rosen:AK6 Schilten:AK", "auction": "60 Eichel, 70 Schellen, fort, fort",
     "rules": "verband"},
]

ZEHNER = tuple(range(10, 160, 10))


def kind_of(strain: str) -> str:
    trump, misere = parse_strain(strain)
    if misere:
        return "Misère"
    return strain if strain in ("Obenabe", "Undenufe") else "trump"


def _exact(job):
    """Exact play's bounds on the declaring team's own points, to within a Zehner of the
    credited points, from the bounds already proved; and the two estimates."""
    hands, strain, declarer, lo, hi, max_nodes, known = job
    from tutor.cards import Hand
    from tutor.play import solver

    trump, misere = parse_strain(strain)
    deal = Deal(tuple(Hand(h) for h in hands), trump, declarer, declarer, misere)
    t0 = time.process_time()
    e21, n21 = solver.estimate_nodes(deal, 2, follow_k=1, exact_last=3)
    e32, n32 = solver.estimate_nodes(deal, 3, follow_k=2, exact_last=3, max_nodes=S.ESTIMATE_NODES)
    more = {}
    for k, f in ((2, 2), (3, 1), (1, 2), (1, 3)):
        v, n = solver.estimate_nodes(deal, k, follow_k=f, exact_last=3, max_nodes=S.ESTIMATE_NODES)
        more[f"e{k}{f}"], more[f"e{k}{f}_nodes"] = v, n
    if known is not None:      # exact play's bounds from an earlier collection of the same deals (--exact-from)
        return {"e21": e21, "e21_nodes": n21, "e32": e32 if e32 is not None else e21, "e32_nodes": n32, **more,
                "lo": known[0], "hi": known[1], "stopped": known[2], "nodes": 0,
                "cpu": round(time.process_time() - t0, 3)}
    solver.forget_answers()
    solver._PROVED[deal] = (lo, hi)
    # own points: a trump game's Zehner; a Misère's credited Zehner T is own points 157 - T or fewer
    targets = [157 - t for t in ZEHNER] if misere else list(ZEHNER) + [157]
    b = solver.bracket(deal, targets, max_nodes=max_nodes)
    return {"e21": e21, "e21_nodes": n21, "e32": e32 if e32 is not None else e21, "e32_nodes": n32, **more, "lo": b.lo, "hi": b.hi,
            "stopped": b.stopped, "nodes": b.nodes, "cpu": round(time.process_time() - t0, 3)}


def collect(args) -> None:
    S.DEAL_DENIALS = args.denials
    if args.kind_estimates:     # "Misère=3,2>2,2;trump=3,1" ("-": none)
        S.ESTIMATE_KIND.clear()
        for part in filter(None, args.kind_estimates.split(";")):
            if part != "-":
                kind, chain = part.split("=")
                S.ESTIMATE_KIND[kind] = tuple({"k": int(kf.split(",")[0]), "follow_k": int(kf.split(",")[1]),
                                               "exact_last": 3} for kf in chain.split(">"))
    answers = _load_answers(ANSWERS)
    earlier = {}
    for f in args.exact_from or ():
        for line in open(f):
            r = json.loads(line)
            earlier[(r["id"], r["deal"], r["strain"], r["declarer"])] = (r["lo"], r["hi"], r["stopped"])
    todo = positions(args.positions) + MISERE + [QA_DOUBLE]
    if args.qa:
        todo = QA if args.qa == "only" else QA + todo
    if args.forts:
        todo = [p for p in todo if p["id"] in FORTS]
    done = set()
    if Path(args.out).exists():
        done = {json.loads(line)["id"] for line in open(args.out)}
    pool = get_context("fork").Pool(args.workers)
    for pos in todo:
        if (args.only and pos["id"] not in args.only) or pos["id"] in done:
            continue
        rules = load(pos["rules"])
        if args.eval:     # tutor eval's simulation (bench_exact_sim's): its nodes, the other games' passes
            sim = S.Simulation(samples=args.samples, seed=args.seed, workers=args.workers, early_stop=False,
                               nodes=S.EVAL_NODES * args.samples // 100)
        else:             # the voice's (voice.simulation)
            sim = S.Simulation(samples=args.samples, seed=args.seed, workers=args.workers, early_stop=False,
                               nodes=args.voice_nodes * args.samples // 100, every_zehner=True, rest_games=False)
        sim.marks = set()     # the competing calls' marks (simulation._fine_marks), for the replay's "fine:"
        t0 = time.perf_counter()
        try:
            ev = S.evaluate(pos["hand"], pos["auction"], rules, pos.get("seat"), sim)
        except Exception as e:   # a drill the dealer cannot deal
            print(f"{pos['id']}: skipped ({type(e).__name__}: {e})", flush=True)
            continue
        sim_s = time.perf_counter() - t0
        team = team_of(ev.seat)
        jobs, meta = [], []
        for d, deal in enumerate(ev.deals):
            hands = [deal[x] for x in "ABCD"]
            for i, play in enumerate(ev.plays):
                j = ev.judged[d][i]
                lo, hi = j.lo, j.hi
                key = "|".join(str(h) for h in hands) + f"|{play.strain}|{play.declarer}"
                kept = answers.get(key)
                if kept is not None:
                    lo, hi = max(lo, kept[0]), min(hi, kept[1])
                known = earlier.get((pos["id"], d, play.strain, play.declarer))
                jobs.append(([list(h) for h in hands], play.strain, play.declarer, lo, hi, args.max_nodes, known))
                meta.append({"id": pos["id"], "deal": d, "strain": play.strain, "declarer": play.declarer,
                             "kind": kind_of(play.strain), "side": "own" if team_of(play.declarer) == team else "opp",
                             "decisive": list(play.decisive), "refine": list(play.refine), "open": j.estimated, "sim_lo": j.lo, "sim_hi": j.hi,
                             "guess": j.guess, "tried": j.tried, "decisive_nodes": j.decisive_nodes,
                             "fine": j.fine, "marks": sorted(v for g, v in sim.marks if g == i),
                             # a game of the auction after a call is asked only on the deals that reach it
                             "asked": j is not S.UNASKED,
                             "used": ev.points[d][i]})
        t1 = time.perf_counter()
        out = pool.map(_exact, jobs, chunksize=1)
        with open(args.out, "a") as f:
            for m, r in zip(meta, out):
                f.write(json.dumps({**m, **r}) + "\n")
        print(f"{pos['id']:<20} {len(jobs):>4} deal-games, open {sum(m['open'] for m in meta):>4}, stopped "
              f"{sum(r['stopped'] for r in out):>3}; simulation {sim_s:5.1f} s, exact {time.perf_counter() - t1:6.1f} s "
              f"load {os.getloadavg()[0]:.1f}", flush=True)
    pool.close()


# -- the report ----------------------------------------------------------------------------
def credited(points: int, misere: bool) -> int:
    return 157 - points if misere else points


def rows(path, open_only: bool, field: str = "e21") -> list[dict]:
    out = []
    for line in open(path):
        r = json.loads(line)
        if r.get(field) is None:
            continue     # over its nodes (ESTIMATE_NODES)
        if open_only and not r["open"]:
            continue
        if r["hi"] - r["lo"] >= 10 and r["stopped"]:
            continue     # exact play did not narrow it to a Zehner: left out (counted in collect's lines)
        out.append(r)
    return out


def signed(r: dict, est: int) -> float:
    """The estimate minus exact play, in the declaring team's credited points (a Misère's
    credited points are the opponents'): 0 where the estimate lies in exact play's bounds,
    else its distance to the nearer bound."""
    misere = r["kind"] == "Misère"
    e = credited(est, misere)
    lo, hi = sorted((credited(r["lo"], misere), credited(r["hi"], misere)))
    return e - hi if e > hi else e - lo if e < lo else 0.0


def centre(r: dict, est: int) -> float:
    """The estimate minus the middle of exact play's bounds, credited points."""
    misere = r["kind"] == "Misère"
    return credited(est, misere) - credited((r["lo"] + r["hi"]) / 2, misere)


def make_errors(r: dict, est: int) -> tuple[int, int, int]:
    """At the game's decisive targets exact play decides: (targets, the estimate says made
    where exact play fails, says failed where exact play makes)."""
    misere = r["kind"] == "Misère"
    n = hi_err = lo_err = 0
    lo, hi = sorted((credited(r["lo"], misere), credited(r["hi"], misere)))
    e = credited(est, misere)
    for t in r["decisive"]:
        if t >= 157:
            continue
        if lo >= t:
            exact = True
        elif hi < t:
            exact = False
        else:
            continue
        n += 1
        hi_err += (e >= t) and not exact
        lo_err += (e < t) and exact
    return n, hi_err, lo_err


def report(args) -> None:
    data = [r for f in args.file for r in rows(f, args.open_only, args.field)]
    ids = sorted({r["id"] for r in data})
    half = {i: "AB"[n % 2] for n, i in enumerate(ids)}
    field = args.field
    print(f"{len(data)} deal-games ({'open only' if args.open_only else 'all'}), {len(ids)} positions; "
          f"credited points, estimate minus exact play")
    print(f"{'group':<22} {'part':<4} {'n':>4} {'centre':>7} {'outside':>8} {'|centre|':>8}  "
          f"{'targets':>7} {'says made':>9} {'says failed':>11}")
    for group in ("trump/own", "trump/opp", "Obenabe/own", "Obenabe/opp", "Undenufe/own", "Undenufe/opp",
                  "Misère/own", "Misère/opp"):
        kind, side = group.split("/")
        for part in ("A", "B", "all"):
            rs = [r for r in data if r["kind"] == kind and r["side"] == side and (part == "all" or half[r["id"]] == part)]
            if not rs:
                continue
            c = [centre(r, r[field]) for r in rs]
            o = [signed(r, r[field]) for r in rs]
            m = [make_errors(r, r[field]) for r in rs]
            print(f"{group:<22} {part:<4} {len(rs):>4} {statistics.mean(c):+7.1f} {statistics.mean(o):+8.1f} "
                  f"{statistics.mean(abs(x) for x in c):8.1f}  {sum(x[0] for x in m):>7} {sum(x[1] for x in m):>9} "
                  f"{sum(x[2] for x in m):>11}")


def _variant(text: str) -> dict:
    """"trump=e31;Misère=e22;shift:trump=2": the estimate each kind's open deals take (a field of
    collect's lines) and card points added to it (credited: the declaring team's way);
    "fine:trump=e32@9/500000": the open deals whose card points (placed with the estimate above) lie
    within 9 credited points of a competing call's mark (collect's "marks": the calls that
    compete, simulation._fine_marks; the simulation's own rule, simulation._fine_wanted) take
    e32 instead, where it took fewer than 500,000 nodes (default FINE_NODES);
    "near:trump=e32@9": every open deal whose estimate lies within 9 credited points of one of
    its game's decisive targets still open takes e32 (whether its call competes or not)."""
    out = {"field": {}, "shift": {}, "fine": {}, "near": {}}
    for part in filter(None, text.split(";")):
        k, v = part.split("=")
        if k.startswith("fine:"):
            f, _, n = v.partition("@")
            n, _, cap = n.partition("/")
            out["fine"][k[5:]] = (f, int(n or S.FINE_NEAR), int(cap or S.FINE_NODES))
        elif k.startswith("near:"):
            f, _, n = v.partition("@")
            out["near"][k[5:]] = (f, int(n or 9))
        elif k.startswith("shift:"):
            out["shift"][k[6:]] = float(v)
        else:
            out["field"][k] = v
    return out


def pick(r: dict, spec: str, default: str = "e21") -> tuple[int, int]:
    """The estimate ``spec`` names for one deal and game, and its nodes: a field ("e32"), or
    "e32@150000>e22": e32 where it took at most 150,000 nodes, else e22 (each over
    ESTIMATE_NODES falls back to the default, the voice's k=2/1, whose nodes count too)."""
    nodes = 0
    for part in spec.split(">"):
        f, _, cap = part.partition("@")
        n = r.get(f + "_nodes") or 0
        nodes += min(n, int(cap)) if cap else n
        if r.get(f) is not None and (not cap or n <= int(cap)):
            return r[f], nodes
    return r[default], nodes + r[default + "_nodes"]


FINE_COST = [0]   # the finer estimates' nodes the replay's "fine:" asked (summed over the positions replayed)
PARTIAL = 1.0   # a chance is compared on the deals exact play decides where they are this share of all (--partial)


def _asked(r: dict) -> bool:
    """The simulation asked this game on this deal: a game of the auction after a call
    (simulation._Rest: the contract a deal's auction reaches, a Play of its own where the hand's
    games do not ask its targets) is asked only on the deals that reach it, the others are
    UNASKED (collect's "asked"; in older files such a record is 0..157 with no guess, not open)."""
    if "asked" in r:
        return r["asked"]
    return not (r["guess"] is None and r["sim_lo"] == 0 and r["sim_hi"] == 157 and not r["open"])


def replayed(rs: list[dict], variant: dict, default: str = "e21") -> list[tuple[float, float]]:
    """One position's deals placed again by the simulation's own rules (_points: the bias of the
    narrowed deals, the clamp into the proved bounds, the split) with each deal's guess taken from
    ``variant``: per game and decisive target exact play decides on every deal, (the simulation's
    chance, exact play's)."""
    games: list[tuple] = []
    for r in rs:
        g = (r["strain"], r["declarer"], tuple(r["decisive"]))
        if g not in games:
            games.append(g)
    deals = sorted({r["deal"] for r in rs})
    # by the game's decisive targets too: the standing contract's game and a game of the auction
    # after a call can share kind and declarer (hilfe-08, fuenfer-10, doppeln-gen-13: B's 100 Rosen
    # and the 110 Rosen the auction after fort reaches), and the later record hid the earlier
    at = {(r["deal"], r["strain"], r["declarer"], tuple(r["decisive"])): r for r in rs}
    plays = []
    for strain, declarer, decisive in games:
        r0 = at[(deals[0], strain, declarer, decisive)]
        refine = tuple(r0.get("refine", ())) or (() if decisive == (157,) else (10,))
        plays.append(S.Play(strain, declarer, decisive, refine))
    judged = []
    for d in deals:
        row = []
        for strain, declarer, decisive in games:
            r = at[(d, strain, declarer, decisive)]
            if not _asked(r):
                row.append(S.UNASKED)
                continue
            guess = r["guess"]
            if guess is not None:
                guess = pick(r, variant["field"].get(r["kind"], default), default)[0]
                finer = None
                near = variant.get("near", {}).get(r["kind"])
                if near is not None and r["open"]:
                    misere = r["kind"] == "Misère"
                    mine = credited(guess, misere)
                    if any(r["sim_lo"] < (157 + 1 - t if misere else t) <= r["sim_hi"] and abs(mine - t) <= near[1]
                           for t in r["decisive"] if t < 157):
                        finer = r.get(near[0])
                if finer is not None:
                    guess = finer
                sh = variant["shift"].get(r["kind"], 0)
                guess = int(round(guess - sh if r["kind"] == "Misère" else guess + sh))
            row.append(S.Judged(r["sim_lo"], r["sim_hi"], guess, r["open"], probed=True, tried=r["tried"],
                                decisive_nodes=r["decisive_nodes"]))
        judged.append(row)
    points = S._points(judged, plays)
    if variant.get("fine"):
        # the simulation's rule (_fine_wanted) on these points: open deals near a competing call's mark
        changed = False
        for d_i, d in enumerate(deals):
            for i, (strain, declarer, decisive) in enumerate(games):
                r = at[(d, strain, declarer, decisive)]
                spec = variant["fine"].get(r["kind"])
                j = judged[d_i][i]
                if spec is None or not r["open"] or j.guess is None or not _asked(r):
                    continue
                misere = r["kind"] == "Misère"
                mine = credited(points[d_i][i], misere)
                if any(j.lo < (157 + 1 - m if misere else m) <= j.hi and abs(mine - m) <= spec[1]
                       for m in r.get("marks", ())):
                    better = r.get(spec[0])
                    spent = r.get(spec[0] + "_nodes", 0)
                    FINE_COST[0] += min(spent, spec[2])      # a search over the cap spends the cap
                    if better is not None and spent < spec[2]:
                        judged[d_i][i] = S.Judged(j.lo, j.hi, better, j.estimated, probed=True, tried=j.tried,
                                                  decisive_nodes=j.decisive_nodes, fine=True)
                        changed = True
        if changed:
            points = S._points(judged, plays)
    out = []
    for i, (strain, declarer, decisive) in enumerate(games):
        misere = parse_strain(strain)[1]
        for t in decisive:
            exact, asked = [], 0
            for d in deals:
                r = at[(d, strain, declarer, decisive)]
                if not _asked(r):
                    exact.append(None)     # compared on the deals the simulation asked it on
                    continue
                asked += 1
                lo, hi = sorted((credited(r["lo"], misere), credited(r["hi"], misere)))
                exact.append(True if lo >= t else False if hi < t else None)
            keep = [k for k, e in enumerate(exact) if e is not None]
            if not keep or len(keep) < asked * PARTIAL:
                continue
            sim = [credited(points[k][i], misere) >= t for k in keep]
            out.append((sum(sim) / len(sim), sum(exact[k] for k in keep) / len(keep), kind_of(strain)))
    return out


def replay(args) -> None:
    global PARTIAL
    PARTIAL = args.partial
    data: dict[str, list] = {}
    for f in args.file:
        for line in open(f):
            r = json.loads(line)
            if not args.forts or r["id"] in FORTS:
                data.setdefault(r["id"], []).append(r)
    ids = sorted(data)
    half = {i: "AB"[n % 2] for n, i in enumerate(ids)}
    for text in args.variants.split() or [""]:
        variant = _variant(text)
        line = [f"{text or 'as is (e21)':<40}"]
        for part in ("A", "B", "all"):
            res = [replayed(data[i], variant, args.default) for i in ids if part == "all" or half[i] == part]
            res = [r for r in res if r]
            means = [statistics.mean(abs(a - b) for a, b, _ in r) for r in res]
            worst = [max(abs(a - b) for a, b, _ in r) for r in res]
            net = sum(a - b for r in res for a, b, _ in r)
            line.append(f"{part}: mean {statistics.mean(means):.4f} max {max(worst):.2f} >0.10: "
                        f"{sum(w > 0.1 + 1e-9 for w in worst):>2} net {net:+6.2f}")
        cost = [sum(pick(r, variant["field"].get(r["kind"], args.default), args.default)[1] for r in data[i] if r["guess"] is not None)
                / len({r["deal"] for r in data[i]}) * 100 for i in ids]
        line.append(f"estimate nodes for 100 deals: median {statistics.median(cost) / 1e6:.1f}M max {max(cost) / 1e6:.1f}M")
        if variant.get("fine"):
            fine = []
            for i in ids:
                FINE_COST[0] = 0
                replayed(data[i], variant, args.default)
                fine.append(FINE_COST[0] / len({r["deal"] for r in data[i]}) * 100)
            line.append(f"finer estimates' nodes for 100 deals: median {statistics.median(fine) / 1e6:.1f}M "
                        f"max {max(fine) / 1e6:.1f}M")
        print(" | ".join(line), flush=True)
        if args.by_kind:
            for kind in ("trump", "Obenabe", "Undenufe", "Misère"):
                cells = [f"{'':<40}   {kind:<9}"]
                for part in ("A", "B", "all"):
                    xs = [(a, b) for i in ids if part == "all" or half[i] == part
                          for a, b, k in replayed(data[i], variant, args.default) if k == kind]
                    if xs:
                        cells.append(f"{part}: {len(xs):>4} chances mean {statistics.mean(abs(a - b) for a, b in xs):.4f} "
                                     f"net {sum(a - b for a, b in xs):+6.2f}")
                print(" | ".join(cells))
    if args.per_position:
        for i in ids:
            cells = []
            for text in args.variants.split() or [""]:
                r = replayed(data[i], _variant(text), args.default)
                if r:
                    cells.append(f"{statistics.mean(abs(a - b) for a, b, _ in r):.3f}/"
                                 f"{max(abs(a - b) for a, b, _ in r):.2f}")
            print(f"{i:<22} {half[i]} " + "  ".join(cells))


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--out", required=True)
    c.add_argument("--samples", type=int, default=20)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--positions", type=int, default=20)
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--max-nodes", type=int, default=40_000_000)
    c.add_argument("--voice-nodes", type=int, default=S.NODES_PER_EVALUATION, help="the voice's nodes for 100 deals")
    c.add_argument("--only", nargs="*", default=None)
    c.add_argument("--exact-from", nargs="*", default=None, help="earlier collections of the same deals (seed, "
                   "samples, denials): their exact bounds are taken where the deal and game are the same")
    c.add_argument("--forts", action="store_true", help="only the positions with a fort (FORTS)")
    c.add_argument("--qa", choices=("only", "too"), default=None, help="the QA's positions (QA) alone or as well")
    c.add_argument("--eval", action="store_true", help="tutor eval's simulation, not the voice's")
    c.add_argument("--denials", action="store_true", help="the deals honour the forts' denials (DEAL_DENIALS)")
    c.add_argument("--kind-estimates", default="", help='the voice\'s estimate by kind, "Misère=3,2;trump=3,1" '
                   '(ESTIMATE_KIND; "-" none)')
    r = sub.add_parser("report")
    r.add_argument("file", nargs="+")
    r.add_argument("--open-only", action="store_true")
    r.add_argument("--field", default="e21", help="e21 (the voice's estimate), e32 (eval's), used (the simulation's points)")
    p = sub.add_parser("replay")
    p.add_argument("file", nargs="+")
    p.add_argument("--variants", default="", help='space-separated, each like "trump=e31;Misère=e22;shift:trump=2"')
    p.add_argument("--per-position", action="store_true")
    p.add_argument("--by-kind", action="store_true")
    p.add_argument("--forts", action="store_true", help="only the positions with a fort (FORTS)")
    p.add_argument("--partial", type=float, default=1.0, help="compare a chance on the deals exact play decides "
                   "where they are at least this share of all (default 1: only where it decides every deal)")
    p.add_argument("--default", default="e21", help="the estimate the collection's simulation used (e21 the "
                   "voice's, e32 eval's)")
    args = ap.parse_args()
    {"collect": collect, "report": report, "replay": replay}[args.cmd](args)


if __name__ == "__main__":
    main()
