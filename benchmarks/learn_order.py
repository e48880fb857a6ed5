"""A move order learned offline (issue 21, round eleven): record at the positions the exact
search meets which cards keep the statement of its zero window (and what each card's subtree
cost), fit a table of weights for cheap features of each card, and write the table into the
core (``lo_w`` in tutor/play/_solver.c, used with option bit 42, solver.LEARNED_ORDER).

    gcc -O2 -shared -fPIC -DSOLVER_STATS -I<python include> tutor/play/_solver.c -o /tmp/solvstats/_solver<suffix>
    nice -n 10 .venv/bin/python benchmarks/learn_order.py collect --module /tmp/solvstats/_solver<suffix> --out /tmp/lo.bin
    .venv/bin/python benchmarks/learn_order.py fit --data /tmp/lo.bin --write

The data: the exact values of endgames and full deals dealt from seeds of their own ("learn
...", not the bench's), searched in today's order by the instrumented core with
``lo_record(every)``: at every every-th position of four cards a hand or more searched with a
zero window where a card cut off, each candidate searched with the same window (the ones after
the card that cut off too), its row: the position, the context, the five features (see the
core's "a move order learned offline"), whether it keeps the statement, its subtree's nodes.

The fit: per context, a score per card = the sum of its five features' weights; a softmax over
the position's candidates; the loss of a position is -log(the probability of the cards that
keep the statement), weighted by what a wrong first card costs there (the median nodes of its
cards that fail, capped); L2 on the weights; plain gradient descent (no numpy here). The
weights are written as integers (x 64).
"""
from __future__ import annotations

import argparse
import array
import importlib.util
import math
import random
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tutor.play import solver  # noqa: E402
from tutor.play.deal import Deal  # noqa: E402
from tutor.play.rules import TRUMPS  # noqa: E402

LO_ROW, LO_CTX, LO_T, NF = 11, 52, 80, 5
SCALE = 64


def load(path: str):
    spec = importlib.util.spec_from_file_location("_solver", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    if not hasattr(mod, "lo_record"):
        raise SystemExit(f"{path}: not the instrumented build of this round (no lo_record; -DSOLVER_STATS)")
    return mod


def training_deals(sizes: list[int], n: int, full: int, seed: str = "learn") -> list[Deal]:
    """Endgames as the bench deals them (the six kinds in turn, every fifth a Misère) and full
    trump deals, from seeds of their own: none of the bench's sets."""
    out = []
    for size in sizes:
        rng = random.Random(f"{seed} endgames {size}")
        out += [Deal.random(rng, size, trump=TRUMPS[i % 6], misere=i % 5 == 4) for i in range(n)]
    rng = random.Random(f"{seed} full")
    out += [Deal.random(rng, 9, trump=TRUMPS[i % 4]) for i in range(full)]
    return out


def collect(a) -> None:
    st = load(a.module)
    st.lo_record(a.every)
    deals = training_deals([int(x) for x in a.sizes.split(",") if x], a.deals, a.full, a.seed)
    t0 = time.process_time()
    with open(a.out, "wb") as f:
        for i, d in enumerate(deals):
            args = solver._core_args(d)
            st.solve(*args, -1, False, a.max_nodes, 0.0, 0)
            data = st.lo_data()
            f.write(data)
            if i % 20 == 0:
                print(f"{i}/{len(deals)} {time.process_time() - t0:.0f} s CPU", file=sys.stderr, flush=True)
    st.lo_record(0)


def read(paths: list[Path], cap: float, power: float, objective: str = "first") -> tuple[list, int, int]:
    """The positions with cards that keep the statement and cards that do not, merged where
    alike (the same context, candidates, features and labels: their weights added). A
    position's rows are consecutive (one position's id a row, a counter of its process)."""
    merged: dict = defaultdict(float) if objective == "first" else {}
    npos = nuse = 0
    for path in paths:
        raw = array.array("i")
        raw.frombytes(path.read_bytes())
        i, n = 0, len(raw)
        while i < n:
            j = i
            pid = raw[i]
            while j < n and raw[j] == pid:
                j += LO_ROW
            rows = [raw[k:k + LO_ROW] for k in range(i, j, LO_ROW)]
            i = j
            npos += 1
            good = tuple(r[7] for r in rows)
            if not any(good):
                continue
            if objective == "mode1":
                # the target: the first card in today's order that keeps the statement (a
                # perfect test of the cards in today's order: round ten's mode 1); the weight:
                # the nodes of the position's cards (a mistake costs about that), ** power.
                # The hint (the table's card, the last cut's lead: its own feature value 76)
                # stays first in the learned order: where it keeps the statement, nothing to
                # learn; else the position without it
                hint = [k for k, r in enumerate(rows) if r[6] == 76]
                if hint:
                    if rows[hint[0]][7]:
                        continue
                    rows = [r for k, r in enumerate(rows) if k != hint[0]]
                    good = tuple(r[7] for r in rows)
                    if len(rows) < 2 or not any(good):
                        continue
                nuse += 1
                t = good.index(1)
                w = min(sorted(r[8] for r in rows)[len(rows) // 2] + 1, cap) ** power
                key = (rows[0][1], tuple(tuple(r[2:7]) for r in rows))
                old = merged.get(key)
                if old is None:
                    old = merged[key] = [0.0] * len(rows)
                old[t] += w
                continue
            if objective == "cost":
                # the nodes if this card is tried first: its own, and where it fails the
                # cheapest card that keeps the statement after it; summed over alike positions
                nuse += 1
                g = min(r[8] for r in rows if r[7])
                c = [((r[8] + (0 if r[7] else g)) + 1) ** power for r in rows]
                key = (rows[0][1], tuple(tuple(r[2:7]) for r in rows))
                old = merged.get(key)
                merged[key] = c if old is None else [x + y for x, y in zip(old, c)]
                continue
            if all(good):
                continue
            nuse += 1
            bad = sorted(r[8] for r in rows if not r[7])
            w = min(bad[len(bad) // 2] + 1, cap) ** power
            merged[(rows[0][1], tuple(tuple(r[2:7]) for r in rows), good)] += w
    if objective in ("cost", "mode1"):
        return [(k[0], list(k[1]), c, 1.0) for k, c in merged.items()], npos, nuse
    return [(k[0], list(k[1]), list(k[2]), w) for k, w in merged.items()], npos, nuse


def write_table(a, W) -> None:
    table = [[int(round(x * SCALE)) for x in row] for row in W]
    text = "static const int16_t lo_w[LO_CTX][LO_T] = {\n" + ",\n".join(
        "    {" + ", ".join(str(max(-32000, min(32000, x))) for x in row) + "}" for row in table) + "\n};\n"
    if a.write:
        p = ROOT / "tutor/play/_solver.c"
        src = p.read_text()
        new = re.sub(r"(/\* LO_WEIGHTS BEGIN[^\n]*\n).*?(/\* LO_WEIGHTS END \*/)", lambda m: m.group(1) + text + m.group(2),
                     src, count=1, flags=re.S)
        p.write_text(new)
        print("written into tutor/play/_solver.c", file=sys.stderr)
    else:
        print(text)


def fit_cost(a, data, npos, nuse) -> None:
    """The expected nodes of the first card's choice: per position sum_i p_i C_i (p the softmax
    of the scores, C_i the nodes if card i is tried first), over all positions, normalised by
    the nodes of the best first card; its gradient p_i (C_i - L)."""
    random.Random(1).shuffle(data)
    hold = data[: len(data) // 5] if a.holdout else []
    train = data[len(data) // 5:] if a.holdout else data
    norm = sum(min(c) for _, _, c, _ in train)
    W = [[0.0] * LO_T for _ in range(LO_CTX)]
    G2 = [[1e-8] * LO_T for _ in range(LO_CTX)]
    print(f"{npos} positions, {nuse} used, {len(data)} distinct ({len(train)} train)", file=sys.stderr)

    def metric(sets):
        best = today = pick = 0.0
        for ctx, feats, c, _ in sets:
            wc = W[ctx]
            sc = [sum(wc[j] for j in f) for f in feats]
            i = max(range(len(sc)), key=lambda k: (sc[k], -k))
            best += min(c); today += c[0]; pick += c[i]
        return pick / best, today / best

    for it in range(a.iters):
        grad = [[0.0] * LO_T for _ in range(LO_CTX)]
        for ctx, feats, c, _ in train:
            wc = W[ctx]
            sc = [sum(wc[j] for j in f) for f in feats]
            m = max(sc)
            ex = [math.exp(x - m) for x in sc]
            z = sum(ex)
            p = [e / z for e in ex]
            L = sum(pi * ci for pi, ci in zip(p, c))
            gc = grad[ctx]
            for f, pi, ci in zip(feats, p, c):
                d = pi * (ci - L) / norm
                if d:
                    for j in f:
                        gc[j] += d
        for cx in range(LO_CTX):
            for j in range(LO_T):
                gj = grad[cx][j] + a.l2 * W[cx][j]
                G2[cx][j] += gj * gj
                W[cx][j] -= a.lr * gj / math.sqrt(G2[cx][j])
        if it % 10 == 0 or it == a.iters - 1:
            mt = metric(train)
            mh = metric(hold) if hold else (0, 0)
            print(f"it {it}: first card's nodes / the best first card's: train {mt[0]:.4f} (today {mt[1]:.4f}); "
                  f"holdout {mh[0]:.4f} (today {mh[1]:.4f})", file=sys.stderr, flush=True)
    write_table(a, W)


def fit_mode1(a, data, npos, nuse) -> None:
    """Softmax classification of round ten's mode 1 card (the first in today's order that keeps
    the statement): per distinct position the weighted counts of each candidate being it; the
    loss -sum_i n_i log p_i; reported: the weighted share where the top-scored card is it."""
    random.Random(1).shuffle(data)
    hold = data[: len(data) // 5] if a.holdout else []
    train = data[len(data) // 5:] if a.holdout else data
    norm = sum(sum(c) for _, _, c, _ in train)
    W = [[0.0] * LO_T for _ in range(LO_CTX)]
    G2 = [[1e-8] * LO_T for _ in range(LO_CTX)]
    print(f"{npos} positions, {nuse} used, {len(data)} distinct ({len(train)} train)", file=sys.stderr)

    def metric(sets):
        hit = today = tot = 0.0
        for ctx, feats, c, _ in sets:
            wc = W[ctx]
            sc = [sum(wc[j] for j in f) for f in feats]
            i = max(range(len(sc)), key=lambda k: (sc[k], -k))
            hit += c[i]; today += c[0]; tot += sum(c)
        return hit / tot, today / tot

    for it in range(a.iters):
        grad = [[0.0] * LO_T for _ in range(LO_CTX)]
        for ctx, feats, c, _ in train:
            wc = W[ctx]
            sc = [sum(wc[j] for j in f) for f in feats]
            m = max(sc)
            ex = [math.exp(x - m) for x in sc]
            z = sum(ex)
            tot = sum(c)
            gc = grad[ctx]
            for f, e, ci in zip(feats, ex, c):
                d = (tot * e / z - ci) / norm
                if d:
                    for j in f:
                        gc[j] += d
        for cx in range(LO_CTX):
            for j in range(LO_T):
                gj = grad[cx][j] + a.l2 * W[cx][j]
                G2[cx][j] += gj * gj
                W[cx][j] -= a.lr * gj / math.sqrt(G2[cx][j])
        if it % 10 == 0 or it == a.iters - 1:
            mt = metric(train)
            mh = metric(hold) if hold else (0, 0)
            print(f"it {it}: the top card is mode 1's: train {mt[0]:.4f} (today {mt[1]:.4f}); "
                  f"holdout {mh[0]:.4f} (today {mh[1]:.4f})", file=sys.stderr, flush=True)
    if a.gate and hold:
        # each context keeps its weights only where they beat today's order on the held-out
        # positions by the margin (else all zero: today's order there)
        for cx in range(LO_CTX):
            part = [d for d in hold if d[0] == cx]
            if not part:
                W[cx] = [0.0] * LO_T
                continue
            m, t = metric(part)
            keep = m > t + a.gate
            print(f"context {cx}: {len(part)} held out, mode 1's card first {m:.4f} against today's {t:.4f}"
                  f"{'' if keep else ': today kept'}", file=sys.stderr)
            if not keep:
                W[cx] = [0.0] * LO_T
        mh = metric(hold)
        print(f"gated: holdout {mh[0]:.4f} (today {mh[1]:.4f})", file=sys.stderr)
    write_table(a, W)


def fit(a) -> None:
    data, npos, nuse = read(a.data, a.cap, a.power, a.objective)
    if a.objective == "cost":
        return fit_cost(a, data, npos, nuse)
    if a.objective == "mode1":
        return fit_mode1(a, data, npos, nuse)
    random.Random(1).shuffle(data)
    hold = data[: len(data) // 5] if a.holdout else []
    train = data[len(data) // 5:] if a.holdout else data
    wsum = sum(d[3] for d in train)
    W = [[0.0] * LO_T for _ in range(LO_CTX)]
    G2 = [[1e-8] * LO_T for _ in range(LO_CTX)]
    print(f"{npos} positions, {nuse} with good and bad cards, {len(data)} distinct ({len(train)} train)", file=sys.stderr)

    def loss_of(sets, W):
        tot = first_ok = wt = 0.0
        today = 0.0
        for ctx, feats, good, w in sets:
            wc = W[ctx]
            sc = [sum(wc[j] for j in f) for f in feats]
            m = max(sc)
            ex = [math.exp(x - m) for x in sc]
            z = sum(ex)
            pg = sum(e for e, g in zip(ex, good) if g) / z
            tot += -w * math.log(max(pg, 1e-12))
            # the first card by the score (ties: today's order)
            best = max(range(len(sc)), key=lambda i: (sc[i], -i))
            first_ok += w * good[best]
            today += w * good[0]
            wt += w
        return tot / wt, first_ok / wt, today / wt

    lr = a.lr
    for it in range(a.iters):
        grad = [[0.0] * LO_T for _ in range(LO_CTX)]
        for ctx, feats, good, w in train:
            wc = W[ctx]
            sc = [sum(wc[j] for j in f) for f in feats]
            m = max(sc)
            ex = [math.exp(x - m) for x in sc]
            z = sum(ex)
            p = [e / z for e in ex]
            pg = sum(pi for pi, g in zip(p, good) if g)
            # d(-log pg)/d s_i = p_i - (g_i p_i / pg)
            gc = grad[ctx]
            for f, pi, g in zip(feats, p, good):
                d = w * (pi - (pi / pg if g else 0.0)) / wsum
                if d:
                    for j in f:
                        gc[j] += d
        for c in range(LO_CTX):
            for j in range(LO_T):
                gj = grad[c][j] + a.l2 * W[c][j]
                G2[c][j] += gj * gj
                W[c][j] -= lr * gj / math.sqrt(G2[c][j])
        if it % 10 == 0 or it == a.iters - 1:
            lt = loss_of(train, W)
            lh = loss_of(hold, W) if hold else (0, 0, 0)
            print(f"it {it}: train loss {lt[0]:.4f} first good {lt[1]:.4f} (today {lt[2]:.4f}); "
                  f"holdout {lh[0]:.4f} {lh[1]:.4f} (today {lh[2]:.4f})", file=sys.stderr, flush=True)
    write_table(a, W)


def compare(a) -> None:
    """Nodes with and without LEARNED_ORDER on the bench's own sets (bench_solver's endgames, seeded
    "endgames N", and its full deals, seeded "<seed> <kind>"): the exact value and best cards
    (the same answers asserted), sums and the per-deal ratios."""
    import statistics

    import bench_solver

    sets = []
    for size in [int(x) for x in a.sizes.split(",") if x]:
        sets.append((f"{a.endgames} endgames of {size} cards", bench_solver.endgames(size, a.endgames, "")))
    for spec in [x for x in a.full.split(",") if x]:
        kind, rng_ = spec.split(":")
        lo, hi = (int(x) for x in rng_.split("-"))
        deals = bench_solver._kind_set(2026, kind, hi + 1)[lo:hi + 1]
        sets.append((f"{kind} {lo}-{hi}", deals))
    for name, deals in sets:
        base = new = 0
        ratios = []
        for d in deals:
            # OWN_TABLE_PART: the same nodes for the same solve whatever the process solved before
            one = solver.solve(d, options=a.options | solver.OWN_TABLE_PART)
            two = solver.solve(d, options=a.options | solver.OWN_TABLE_PART | solver.LEARNED_ORDER)
            assert (one.points, one.best) == (two.points, two.best), d
            base += one.nodes
            new += two.nodes
            ratios.append(two.nodes / max(1, one.nodes))
        ratios.sort()
        print(f"| {name} | {base:,} | {new:,} | {new / base:.3f} | {statistics.median(ratios):.3f} | "
              f"{ratios[0]:.2f}-{ratios[-1]:.2f} |", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--module", required=True)
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--sizes", default="6,7")
    c.add_argument("--deals", type=int, default=60, help="endgames per size")
    c.add_argument("--full", type=int, default=0, help="full trump deals")
    c.add_argument("--every", type=int, default=1)
    c.add_argument("--seed", default="learn", help="the deals' seeds: '<seed> endgames <size>', '<seed> full'")
    c.add_argument("--max-nodes", type=int, default=0)
    f = sub.add_parser("fit")
    f.add_argument("--data", type=Path, nargs="+", required=True)
    f.add_argument("--iters", type=int, default=100)
    f.add_argument("--lr", type=float, default=0.5)
    f.add_argument("--l2", type=float, default=1e-4)
    f.add_argument("--cap", type=float, default=1e5)
    f.add_argument("--power", type=float, default=0.5, help="the weight of a position: (median nodes of its wrong cards) ** power")
    f.add_argument("--holdout", action="store_true")
    f.add_argument("--gate", type=float, default=0.0,
                   help="with --holdout: a context keeps its weights only where they beat today's by this much (0: off)")
    f.add_argument("--objective", choices=("first", "cost", "mode1"), default="first",
                   help="first: the first card keeps the statement; cost: the nodes of the first card's choice")
    f.add_argument("--write", action="store_true")
    m = sub.add_parser("compare")
    m.add_argument("--sizes", default="6,7")
    m.add_argument("--endgames", type=int, default=120)
    m.add_argument("--full", default="", help="e.g. Eichel:0-3,Rosen:0-3 (the bench's full deals)")
    m.add_argument("--options", type=lambda x: int(x, 0), default=0)
    a = ap.parse_args()
    {"collect": collect, "fit": fit, "compare": compare}[a.cmd](a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
