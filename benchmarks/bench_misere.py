"""The Misère against exact play: the count's calibration (issue 26; figures in
docs/interpretations.md, "The Misère against exact play").

Each hand is played in its Misère on random deals (nothing promised: the hand opens the
bidding), every deal solved exactly by tutor.play.solver; the hands are grouped by the
count's cards that could win a trick, and for each group the script prints the range
and mean of the hands' credited points and how often 80, 70 and 60 are made. The hands:
random hands of the old count's Misère range (seeds 5, 7, 11 of random.sample), and
chosen ones (long low suits, Aces, every card a winner). Machine-independent: the same
deals and answers on any machine; about 3 minutes of one core.

    .venv/bin/python benchmarks/bench_misere.py
"""
from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from exact_play import deals, points  # noqa: E402

from tutor.cards import ORDER, SUITS, TOTAL_POINTS, Hand  # noqa: E402
from tutor.rules import load  # noqa: E402

HANDS = [   # (hand, Obenabe or Undenufe, deals)
    ("Eichel:987 Rosen:987 Schellen:87 Schilten:7", "Obenabe", 16),
    ("Eichel:9876 Rosen:76 Schellen:76 Schilten:6", "Obenabe", 16),
    ("Eichel:K Rosen:876 Schellen:876 Schilten:76", "Obenabe", 16),
    ("Eichel:A76 Rosen:876 Schellen:87 Schilten:6", "Obenabe", 16),
    ("Eichel:B76 Rosen:O98 Schellen:87 Schilten:6", "Obenabe", 16),
    ("Eichel:K76 Rosen:987 Schellen:87 Schilten:7", "Obenabe", 16),
    ("Eichel:U876 Rosen:9876 Schilten:6", "Obenabe", 16),
    ("Eichel:AKO Rosen:AK Schellen:A9 Schilten:AK", "Undenufe", 16),
    ("Eichel:B9 Schellen:A86 Rosen:AK8 Schilten:U", "Undenufe", 16),
    ("Eichel:98 Rosen:987 Schellen:876 Schilten:K", "Obenabe", 16),
    ("Eichel:U Schellen:KO9 Rosen:K Schilten:AU87", "Undenufe", 12),
    ("Eichel:O8 Schellen:A86 Rosen:KB7 Schilten:7", "Obenabe", 12),
    ("Eichel:87 Schellen:OU97 Rosen:A6 Schilten:8", "Obenabe", 12),
    ("Eichel:86 Schellen:U9 Rosen:96 Schilten:KOB", "Obenabe", 12),
    ("Eichel:KU Schellen:AK6 Rosen:AO8 Schilten:U", "Undenufe", 12),
    ("Eichel:OB87 Schellen:96 Rosen:K Schilten:O6", "Obenabe", 12),
    ("Eichel:976 Schellen:OB9 Rosen:B Schilten:O8", "Obenabe", 12),
    ("Eichel:B86 Schellen:A976 Rosen:A9", "Obenabe", 12),
    ("Eichel:AKO76 Schellen:OU Rosen:AK", "Undenufe", 12),
    ("Eichel:B Schellen:B98 Rosen:OU Schilten:OB7", "Obenabe", 12),
    ("Eichel:AK6 Schellen:B Rosen:AKO Schilten:O6", "Undenufe", 12),
    ("Eichel:7 Schellen:B8 Rosen:K876 Schilten:A6", "Obenabe", 12),
    ("Eichel:AO86 Schellen:B6 Rosen:O7 Schilten:7", "Obenabe", 12),
    ("Eichel:OB8 Rosen:O986 Schilten:KU", "Obenabe", 12),
    ("Eichel:U6 Schellen:AOB Rosen:AO Schilten:86", "Undenufe", 12),
    ("Eichel:B6 Schellen:O Rosen:AU6 Schilten:AO8", "Undenufe", 12),
    ("Eichel:AK Schellen:86 Rosen:AO7 Schilten:B8", "Undenufe", 12),
    ("Eichel:76 Schellen:U Rosen:AKOU6 Schilten:O", "Undenufe", 12),
    ("Eichel:OB98 Schellen:76 Rosen:A Schilten:AB", "Obenabe", 12),
    ("Eichel:8 Schellen:O97 Rosen:O7 Schilten:AK7", "Undenufe", 12),
    ("Schellen:KOU76 Rosen:AB6 Schilten:8", "Obenabe", 12),
    ("Eichel:AKO98 Schellen:K Rosen:AU Schilten:O", "Undenufe", 12),
    ("Eichel:U8 Schellen:K Rosen:AKU6 Schilten:KB", "Undenufe", 12),
    ("Schellen:A8 Rosen:AUB86 Schilten:OU", "Undenufe", 12),
    ("Eichel:AKO Rosen:AK Schellen:AK Schilten:AK", "Obenabe", 12),
    ("Eichel:AKOU Rosen:AKO Schellen:AK", "Obenabe", 12),
    ("Eichel:AK9 Rosen:KOB Schellen:AU7", "Obenabe", 12),
]


def winners(hand: Hand, kind: str) -> int:
    """The count's cards that could win a trick (tutor.judgement.count.misere)."""
    order = ORDER[kind]
    n = 0
    for suit in SUITS:
        held = [r for r in order if hand.has(suit, r)]
        for i, r in enumerate(held):
            if sum(1 for x in order[:order.index(r)] if not hand.has(suit, x)) < i + 1:
                n += 1
    return n


def main() -> None:
    rules = load("erweitert")
    groups: dict[str, list[list[int]]] = defaultdict(list)
    for text, kind, n in HANDS:
        hand = Hand.parse(text)
        strain = f"{kind} Misère"
        credited = [TOTAL_POINTS - points(d, strain, "A") for d in deals(text, "", "A", n=n, seed=1, rules=rules)]
        k = winners(hand, kind.lower())
        groups["4-5" if 4 <= k <= 5 else str(k)].append(credited)
        print(f"{text:45s} {strain:16s} winners {k}  credited {sum(credited) / n:5.1f}", flush=True)
    print("\nwinners | hands | credited (hands' means) | 80 made | 70 made | 60 made")
    for k in sorted(groups):
        hs = groups[k]
        means = [sum(h) / len(h) for h in hs]
        cells = []
        for t in (80, 70, 60):
            made, total = sum(x >= t for h in hs for x in h), sum(len(h) for h in hs)
            cells.append(f"{made}/{total} = {100 * made / total:.0f} %")
        print(f"{k} | {len(hs)} | {min(means):.0f} to {max(means):.0f} ({sum(means) / len(means):.0f}) | " + " | ".join(cells))


if __name__ == "__main__":
    main()
