"""Exact play on a position of QA s48's held-out set (benchmarks/qa/qa_s48_positions.py, the
verdicts in benchmarks/qa/qa-s48.md): `python benchmarks/qa/qa_exact.py ID [n] [seed]` from the
repository (tests/exact_play.judged: every deal solved to the end, each call valued by the auction
after it; about a minute of CPU for 24 deals)."""
import sys, time
from pathlib import Path
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent), str(HERE.parent.parent / "tests")]
from qa_s48_positions import P
from tutor.rules import load
from tutor.auction import Auction
import exact_play
from tutor.judgement.base import paired_lead

pid = sys.argv[1]; n = int(sys.argv[2]) if len(sys.argv) > 2 else 24
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
focus = sys.argv[4:]
h, a, s, r, sc, note = P[pid]
rules = load(r) if r else None
if s is None:
    from tutor.auction import Auction as _A
    from tutor.conventions import position
    s = position(h, a, rules)[2]
t = time.time()
kw = {}
if sc is None:
    ev = exact_play.judged(h, a, s, rules=rules, n=n, seed=seed)
else:   # judged() with the Partie's score (the same Simulation, standing passed)
    from tutor.judgement.simulation import Simulation, evaluate
    from tutor.judgement.base import Standing
    score = {k: int(v) for k, v in (x.split("=") for x in sc.split(","))}
    sim = Simulation(samples=n, seed=seed, nodes=10 ** 12, node_budget=10 ** 12, every_game=True, early_stop=False)
    ev = evaluate(h, a, rules, s, simulation=sim, standing=Standing(score))
    assert ev.estimated == 0
print(f"{pid}: {h} | {a!r} seat {s} rules {r} score {sc}  n={n} seed={seed}  ({time.time()-t:.0f}s wall)")
vals = ev.values
best = max(vals, key=lambda k: sum(vals[k]) / len(vals[k]))
print("exact recommended:", ev.recommended, " equal:", ev.equal)
for k in sorted(vals, key=lambda k: -sum(vals[k]) / len(vals[k])):
    m = sum(vals[k]) / len(vals[k])
    lead, se2 = paired_lead(vals[best], vals[k])
    made = ev.made(k) if k.split(" ")[0].isdigit() else None
    mc = f" made {sum(made)}/{len(made)}" if made else ""
    print(f"  {k:22s} {m:+8.1f}   best-it {lead:+7.1f} +- {se2/2:5.1f} (s.e.){mc}")
for f in focus:
    for g in focus:
        if f < g and f in vals and g in vals:
            lead, se2 = paired_lead(vals[f], vals[g])
            print(f"  {f} - {g}: {lead:+.1f} +- {se2/2:.1f} s.e.")
if ev.endings:
    from collections import Counter
    for k, ends in ev.endings.items():
        c = Counter(str(e) for e in ends)
        print(f"  endings after {k}: {c.most_common(4)}")
ha = ev.hilfe_after
if ha:
    idx = ha["played"]
    hv = ha["values"]
    print(f"  Hilfe {ha['call']} by the auction after it: {ha['value']:+.1f} on {len(idx)} deals; stood {ha['stood']}, ours {ha['ours']}, most often {ha['end']} ({ha['ended']})")
    for k in sorted(vals, key=lambda k: -sum(vals[k]) / len(vals[k]))[:4]:
        lead, se2 = paired_lead([vals[k][d] for d in idx], hv)
        print(f"    {k} - Hilfe(after): {lead:+.1f} +- {se2/2:.1f} s.e.")
