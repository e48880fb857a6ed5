"""How `tutor eval` places the deals its searches leave open (simulation._points with eval's bias from
every deal's proved bounds, simulation._bounds_bias; issue 26), against exact play on the same deals.

Each fixture (tests/fixtures/bias/) is one game of one position of benchmarks/bench_exact_sim.py at
eval's own 100 deals and nodes (seed 1, `--dump`, main 14936ba): what eval's searches proved of every
deal in that game, and exact play's bounds of the same deals (the solver alone, up to 30M nodes a deal
and game; benchmarks/bias_fixture.py wrote them). Nothing is searched here: the test places the deals
as eval does and compares each contract's chance with exact play's, on the deals exact play decides
(the bench's rule: a contract counts where it decides 90 % of them or more). The expected values are
exact play's; the placing is what is tested. benchmarks/README.md, "Session 46 (solv)"."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tutor.cards import DECK
from tutor.judgement import simulation as S

FIXTURES = Path(__file__).parent / "fixtures" / "bias"


def _game(name: str) -> dict:
    g = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    g["col"] = [S.Judged(**dict(zip(g["fields"], row))) for row in g["judged"]]
    p = g["play"]
    g["play"] = S.Play(p["strain"], p["declarer"], tuple(p["decisive"]), tuple(p["refine"]), p["far_first"])
    return g


def _made(exact, need: int, misere: bool) -> bool | None:
    """Exact play's answer at a contract's number from its bounds of the declaring team's card
    points (a Misère is made when the team takes 157 - need or fewer): None where they do not tell."""
    lo, hi = exact
    if misere:
        return True if hi <= 157 - need else False if lo > 157 - need else None
    return True if lo >= need else False if hi < need else None


def _chances(g: dict) -> dict[int, tuple[float, float]]:
    """Per contract of the game: (eval's chance as placed, exact play's), on the deals exact play decides."""
    misere = S.is_misere(g["strain"])
    points = [row[0] for row in S._points([[j] for j in g["col"]], [g["play"]], g["bounds_bias"],
                                          g["split_from"], g["split_made"])]
    out = {}
    for need in g["play"].decisive:
        if need == S.TOTAL_POINTS:
            continue
        ex = [None if e is None else _made(e, need, misere) for e in g["exact"]]
        known = [k for k, e in enumerate(ex) if e is not None]
        if len(known) < 0.9 * len(ex):
            continue
        shown = sum((157 - points[k] if misere else points[k]) >= need for k in known) / len(known)
        out[need] = (shown, sum(ex[k] for k in known) / len(known))
    return out


def _off(chances: dict) -> list[float]:
    return [abs(a - b) for a, b in chances.values()]


def test_the_fixtures_are_eval_s_searches():
    # eval's placing (Simulation.bounds_bias), its split of the long open deals, every deal played out
    for name in ("frei-raise-C-Eichel", "tischregeln-06-A-Undenufe-Misere", "misere-opening-A-Undenufe-Misere",
                 "fuenfer-10-D-Schellen"):
        g = _game(name)
        assert g["bounds_bias"] and g["split_made"] == S.SPLIT_MADE_EVAL and len(g["col"]) == 100
        assert all(j.guess is not None for j in g["col"] if j.estimated)


# frei-raise (C after «70 Schellen, fort» at a frei table): C's Eichel contracts. 14 deals there the
# estimate gives C's team 0 card points (the opponents' Matsch) and the solver proved nothing above
# 0. "At least 0 card points" holds on every deal whatever the estimate's bias (card points are never
# below 0), so such a deal says nothing of the bias; read as a bound it pushed the bias up (+6, where
# exact play says the estimate is some 5 points high on this game's deals) and 90 Eichel showed 0.38
# where exact play makes it on 0.28 of the deals (BOUNDS_FLOOR_OPEN).
def test_an_unproved_floor_says_nothing_of_the_estimate_s_bias():
    g = _game("frei-raise-C-Eichel")
    col = g["col"]
    floor_only = [j for j in col if j.probed and j.guess == 0 and j.lo == 0 and j.hi < S.TOTAL_POINTS]
    assert len(floor_only) >= 10
    rest = [j for j in col if j not in floor_only]
    assert S._bounds_bias(col) == S._bounds_bias(rest)


def test_eval_s_chances_at_frei_raise_keep_to_exact_play_with_the_floor_open():
    chances = _chances(_game("frei-raise-C-Eichel"))
    assert 90 in chances and len(chances) >= 8
    # issue 26's targets on this game: within 0.05 on average, none more than 0.10 off; 90 Eichel within 0.05
    assert sum(_off(chances)) / len(chances) <= 0.05 and max(_off(chances)) <= 0.10, chances
    assert abs(chances[90][0] - chances[90][1]) <= 0.05, chances[90]


def test_read_as_a_bound_the_floor_moves_eval_s_chances_away_from_exact_play(monkeypatch):
    g = _game("frei-raise-C-Eichel")
    on = _chances(g)
    monkeypatch.setattr(S, "BOUNDS_FLOOR_OPEN", False)
    off = _chances(g)
    assert abs(off[90][0] - off[90][1]) > 0.05, off[90]     # (0.38 against exact play's 0.28)
    assert sum(_off(off)) > sum(_off(on)), (on, off)


# The Misère (BOUNDS_MEDIAN_KINDS): at eval's nodes (30,000 a probe) a Misère's probes prove one side
# only (the declaring team takes at least so many points: the Misère is not made at the higher
# numbers) and leave almost every deal open; the bias such bounds give went the wrong way in most
# Misère games (tischregeln-06's Undenufe Misère: +2 where exact play says the estimate gives the
# team 5 points too many, 70 Undenufe Misère 0.69 against exact 0.84; misere-opening's -6, 60
# Undenufe Misère 0.29 against 0.16). A Misère keeps the median rule: its estimate unshifted where
# no deal is known to within a Zehner.
def test_a_misere_s_chances_keep_nearer_exact_play_with_the_median_rule(monkeypatch):
    games = [_game(name) for name in ("tischregeln-06-A-Undenufe-Misere", "misere-opening-A-Undenufe-Misere")]
    assert all(sum(j.estimated for j in g["col"]) >= 95 for g in games)
    on = [_chances(g) for g in games]
    monkeypatch.setattr(S, "BOUNDS_MEDIAN_KINDS", frozenset())
    off = [_chances(g) for g in games]
    assert all(len(c) >= 8 for c in on)
    # no game farther from exact play, the two nearer together (with the prior's share kept, the bounds'
    # bias of tischregeln-06's game is small too: the same chances)
    assert all(sum(_off(a)) <= sum(_off(b)) and max(_off(a)) <= max(_off(b)) for a, b in zip(on, off)), (on, off)
    assert sum(sum(_off(a)) for a in on) < sum(sum(_off(b)) for b in off), (on, off)


def test_the_misere_s_median_rule_at_misere_opening_keeps_60_within_0_05():
    chances = _chances(_game("misere-opening-A-Undenufe-Misere"))
    shown, exact = chances[60]
    assert abs(shown - exact) <= 0.05 and math.isclose(exact, 0.16, abs_tol=0.005), chances[60]


# fuenfer-10 (D raising B's 70 Schellen after «60 Rosen, 70 Schellen, 90 Rosen»): at eval's nodes all 100
# deals of D's Schellen stay open, and on every one the probes proved a ceiling only (the higher Zehner
# fail quickly; no floor above 0). With bounds on one side the likelihood of a shift has no maximum: the
# prior alone stops it. Its weight was measured on the 20-deal bench (5 deals' worth); at 100 deals the
# same 5 let the bias run to -8 card points, where exact play on these deals says the estimate is 2 high
# (100 / 110 Schellen 0.65 / 0.38 against 0.81 / 0.54). BOUNDS_PRIOR_PER keeps the prior's share.
def test_the_same_bounds_in_the_same_proportion_give_the_same_bias():
    col = _game("fuenfer-10-D-Schellen")["col"]
    twenty = col[:20]
    assert S._bounds_bias(twenty) != 0
    assert S._bounds_bias(twenty * 5) == S._bounds_bias(twenty)


def test_eval_s_chances_at_fuenfer_10_keep_to_exact_play():
    g = _game("fuenfer-10-D-Schellen")
    assert all(j.lo == 0 and j.hi < S.TOTAL_POINTS for j in g["col"])     # a ceiling on every deal, no floor
    chances = _chances(g)
    assert {100, 110} <= set(chances)
    assert sum(_off(chances)) / len(chances) <= 0.05 and max(_off(chances)) <= 0.10, chances


def test_a_prior_of_fixed_weight_lets_one_sided_bounds_run_away_from_exact_play(monkeypatch):
    g = _game("fuenfer-10-D-Schellen")
    monkeypatch.setattr(S, "BOUNDS_PRIOR_PER", None)
    off = _chances(g)
    assert max(_off(off)) > 0.10, off       # (110 Schellen 0.38 against exact play's 0.54)


def test_an_interrupted_eval_leaves_the_voice_s_estimate_as_it_was(monkeypatch):
    # eval's Misère estimate searches further than the voice's (KIND_NODES_EVAL); a Ctrl-C in
    # the middle of eval's deals (the one-job path judges in this process) must not leave the
    # next estimate of the process, the voice's in `tutor serve` or a table, searching as eval
    from tutor.play import solver

    hands = [[DECK[i] for i in range(s, 36, 4)] for s in range(4)]
    play = S.Play("Obenabe Misère", "A", (50,))
    asked = []

    def estimate(deal, max_nodes=None, **spec):
        asked.append(max_nodes)
        if interrupt:
            raise KeyboardInterrupt
        return 60

    monkeypatch.setattr(solver, "estimate", estimate)
    interrupt = True
    job = ([[list(range(s, 36, 4)) for s in range(4)]], [(play, None, S.GUESSED, None, None, None)], True, 0, 0,
           False, True, S.Guessing(S.ESTIMATE, True))
    with pytest.raises(KeyboardInterrupt):
        S._judge_all(job)
    assert asked == [S.KIND_NODES_EVAL["Misère"]]     # eval's deals are judged with eval's estimate
    interrupt = False
    asked.clear()
    S._estimate(hands, play)                           # the process's next estimate, outside an evaluation
    assert asked[0] == S.KIND_NODES                    # the voice's again
