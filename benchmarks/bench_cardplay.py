"""Card play in whole-deal practice (`tutor practice --play`, tutor.practice.cardplay).

    nice -n 10 .venv/bin/python benchmarks/bench_cardplay.py --seeds 1-24 [--learner random|best] [--nodes N]
    nice -n 10 .venv/bin/python benchmarks/bench_cardplay.py --seeds 5,8 --think 4

For each seed: the deal is bid as `tutor practice --judge count` bids it with the learner at
C calling fort (the count's robots; a deal where all say fort is skipped), then its cards are
played as `--play` plays them: the learner at C plays a ``random`` legal card (seeded by the
deal) or the ``best`` (a card that keeps the value, as a robot would). Per deal: the CPU
seconds of the contract's exact value (practice computes it for its end anyway; the robots'
first card starts from it), of each wait for the robots (from the learner's card to his next
prompt), of the learner's own cards, and of the review at the end (each of his cards' values,
`card_values`), the solver's nodes of the costliest robot card, how many robot cards the
budget left to the policy, and a check from the review's rule: the declaring team's losses
minus the defenders' are the exact value minus what it took (all four seats' cards).

``--think SECONDS``: the terminal's loop (`tutor practice --play`) with C saying fort and
playing the cards of his hand in the hand's order (the ones not allowed refused), once from
a pipe and once from a stream that says it is a terminal and waits SECONDS before each card
(the background process then plays the robots' answers to each card ahead): the CPU
seconds of this process from each line read to the next prompt over 0.05 s (the first:
the play's start, with the contract's exact value), and whether the cards are the same.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench_practice import seeds_of as seeds   # noqa: E402  ("1-3,7": the same seeds' syntax)


def one(seed: int, learner: str, nodes: int | None) -> dict | None:
    from tutor.play.rules import team_of
    from tutor.practice.cardplay import ROBOT_NODES
    from tutor.practice.session import Practice

    p = Practice(seed, "C", None, "en", "count")
    while not p.over:
        p.call("fort" if p.waiting == "turn" else "")
    if p.auction.declarer is None:
        return None
    call = p.auction.high_bid
    t = time.process_time()
    p.exact(call.strain, p.auction.declarer)
    exact_cpu = time.process_time() - t
    cp = p.cards(ROBOT_NODES if nodes is None else nodes)
    rng = random.Random(seed)
    waits, mine, most = [], [], 0
    while not cp.over:
        t = time.process_time()
        cards = []
        cp.robots(until=lambda s, c: cards.append(cp.line.nodes))
        waits.append(time.process_time() - t)
        most = max([most, *cards])
        if cp.over:
            break
        options = cp.legal()
        if learner == "best":
            from tutor.practice.game import _keeps

            v = cp._now() if cp.table else cp.line.boundary(cp._hands(), cp.leader, cp.taken)[0]
            card = next(c for c in sorted(options, key=cp._cheap)
                        if not cp.table and c in cp.line.boundary(cp._hands(), cp.leader, cp.taken, best=True)[1]
                        or cp.table and _keeps(cp.line, cp._hands(), cp.seat, c, cp.leader, cp.table, cp.taken,
                                               cp.trick_number, v))
        else:
            card = rng.choice(options)
        t = time.process_time()
        cp.play(str(card))
        mine.append(time.process_time() - t)
    t = time.process_time()
    exact, taken, values = cp.review("")
    review_cpu = time.process_time() - t
    team = team_of(cp.game.declarer)
    sign = -1 if cp.game.misere else 1
    decl = sum(v.lost or 0 for v in values if team_of(v.seat) == team)
    dfn = sum(v.lost or 0 for v in values if team_of(v.seat) != team)
    return {"seed": seed, "contract": f"{call} {p.auction.declarer}", "exact": exact, "taken": taken,
            "exact_cpu": exact_cpu, "waits": waits, "mine": mine, "review_cpu": review_cpu, "most": most,
            "policy": len(cp.by_policy), "adds_up": decl - dfn == sign * (exact - taken),
            "learner_lost": sum(v.lost or 0 for v in values if v.seat == "C"),
            "unvalued": sum(v.lost is None for v in values)}


def terminal(seed: int, think: float, tty: bool) -> tuple[list[float], dict]:
    """The waits (CPU s) of `tutor practice --play`'s loop and the play's JSON."""
    import io

    from tutor.commands.practice import Loop
    from tutor.practice.session import Practice, hands_of

    hand = [str(c) for c in hands_of(seed)["C"]]
    text = "fort\n" * 6 + "".join(c + "\n" for c in hand) * 9
    waits: list[float] = []

    class Stream(io.StringIO):
        mark = None

        def readline(self):
            if self.mark is not None:
                waits.append(time.process_time() - self.mark)
            line = super().readline()
            if tty and think and not line.startswith("fort"):
                time.sleep(think)
            self.mark = time.process_time()
            return line

        def isatty(self):
            return tty

    p = Practice(seed, "C", None, "en", "count", start=False)
    r = Loop(Stream(text), True, "en").deal(p, best=False, play=True)
    return waits, r.play.to_json() if r.play is not None else {}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-12")
    ap.add_argument("--learner", choices=("random", "best"), default="random")
    ap.add_argument("--nodes", type=int, default=None)
    ap.add_argument("--think", type=float, default=None)
    args = ap.parse_args()
    if args.think is not None:
        for seed in seeds(args.seeds):
            pipe, a = terminal(seed, 0, False)
            tty, b = terminal(seed, args.think, True)
            print(f"{seed}: waits over 0.05 s from a pipe {[round(w, 2) for w in pipe if w > 0.05]}, "
                  f"a terminal thinking {args.think} s {[round(w, 2) for w in tty if w > 0.05]}; "
                  f"the same play {a == b}", flush=True)
        return
    rows = []
    for seed in seeds(args.seeds):
        r = one(seed, args.learner, args.nodes)
        if r is None:
            print(f"{seed}: all fort, no play", flush=True)
            continue
        rows.append(r)
        print(f"{seed}: {r['contract']}: exact {r['exact']} taken {r['taken']} (C lost {r['learner_lost']}); "
              f"exact value {r['exact_cpu']:.2f} s; robot waits max {max(r['waits']):.2f} s "
              f"(sum {sum(r['waits']):.2f}); C's cards sum {sum(r['mine']):.2f} s; review {r['review_cpu']:.2f} s; "
              f"costliest robot card {r['most'] / 1e6:.1f}M nodes; policy {r['policy']}; adds up {r['adds_up']}",
              flush=True)
    waits = [w for r in rows for w in r["waits"]]
    firsts = [max(r["waits"]) for r in rows]
    total = [r["exact_cpu"] + sum(r["waits"]) + sum(r["mine"]) + r["review_cpu"] for r in rows]
    print(f"deals {len(rows)}; robot waits {len(waits)}: median {statistics.median(waits):.3f} s, "
          f"over 1 s {sum(w > 1 for w in waits)}, max {max(waits):.2f} s; the longest wait a deal median "
          f"{statistics.median(firsts):.2f} s; review median {statistics.median(r['review_cpu'] for r in rows):.2f} s "
          f"max {max(r['review_cpu'] for r in rows):.2f} s; a deal's play in all (exact value + robots + C + review) "
          f"median {statistics.median(total):.2f} s max {max(total):.2f} s; robot cards by the policy "
          f"{sum(r['policy'] for r in rows)}; review cards not valued (REVIEW_NODES) {sum(r['unvalued'] for r in rows)}; "
          f"adds up {sum(r['adds_up'] for r in rows)}/{len(rows)}")


if __name__ == "__main__":
    main()
