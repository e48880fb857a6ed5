"""True bounds from searches pruned on one side only (issue 26): solver.one_sided. A side
that may play fewer cards does no better than with all of them, so a search in which only
the declaring side's moves are pruned (the side that wants the counted points high) proves a
lower bound of exact play's value, and one in which only the other side's are pruned an upper
bound. Checked against the exact solver (plain minimax and the core's exact solve) on random
deals of every kind and on deals the dealer gives for a position, never against the pruned
search itself."""
from __future__ import annotations

import random

import pytest

from test_solver import perfect
from tutor import conventions
from tutor.errors import TutorError
from tutor.play import solver
from tutor.play.deal import Deal, dumps
from tutor.play.dealer import Dealer
from tutor.play.rules import TRUMPS, parse_strain
from tutor.rules import load

needs_core = pytest.mark.skipif(solver._core is None, reason="the compiled core is not built here")
ALL = 9     # no player has more legal cards than this: nothing pruned


def _deals(seed: str, n: int, size: int) -> list[Deal]:
    rng = random.Random(seed)
    return [Deal.random(rng, size, trump=TRUMPS[i % 6], misere=i % 5 == 4) for i in range(n)]


def _check(d: Deal, value: int, k: int, follow_k: int, exact_last: int, targets) -> tuple[int, int]:
    """Every bound the one-sided searches prove at ``targets`` (and their pruned games' values)
    lies on its side of ``value``; returns how many targets each side proved."""
    lows = highs = 0
    for t in targets:
        lo, _ = solver.one_sided(d, t, lower=True, k=k, follow_k=follow_k, exact_last=exact_last)
        hi, _ = solver.one_sided(d, t, lower=False, k=k, follow_k=follow_k, exact_last=exact_last)
        if lo is not None:
            assert t <= lo <= value, (dumps(d), t, lo, value)
            lows += 1
        if hi is not None:
            assert value <= hi < t, (dumps(d), t, hi, value)
            highs += 1
    lo, _ = solver.one_sided(d, None, lower=True, k=k, follow_k=follow_k, exact_last=exact_last)
    hi, _ = solver.one_sided(d, None, lower=False, k=k, follow_k=follow_k, exact_last=exact_last)
    assert lo <= value <= hi, (dumps(d), lo, value, hi)
    return lows, highs


@needs_core
@pytest.mark.parametrize("size, n", [(3, 24), (4, 4)])
def test_one_sided_bounds_never_cross_plain_minimax(size, n):
    """Deals small enough for plain minimax (tests/test_solver.py's), every kind and the
    Misère: with exact_last=0 every trick is pruned for the one side, so the bounds are far
    from the value on some deals, and still on their side of it at every target."""
    for d in _deals(f"one-sided minimax {size}", n, size):
        value = perfect(d)[d.declaring_team]
        _check(d, value, 1, 1, 0, range(0, 159, 7))


@needs_core
def test_one_sided_bounds_never_cross_the_core_s_exact_value_on_seven_cards():
    """Seven cards a hand (pruned above three), the six kinds and the Misère: the bounds at
    every fifth point around the exact value stay on its side, and they prove something
    (a bound that never proved anything would pass the test above as well)."""
    proved = [0, 0]
    for d in _deals("one-sided seven", 12, 7):
        value = solver.solve(d, best=False).points[d.declaring_team]
        for k, kf in ((1, 1), (2, 1), (2, 2)):
            lows, highs = _check(d, value, k, kf, 3, range(max(0, value - 40), value + 41, 5))
            proved[0] += lows
            proved[1] += highs
    assert proved[0] > 50 and proved[1] > 50


@needs_core
def test_without_pruning_one_sided_is_the_exact_answer():
    """k at least the most cards a player has: nothing is pruned, so each question is
    answered as the exact solver answers it (a bound on the side of the truth) and the pruned
    game's value is the exact value."""
    for d in _deals("one-sided exact", 10, 6):
        value = solver.solve(d, best=False).points[d.declaring_team]
        for t in (value - 3, value, value + 1, value + 6):
            lo, _ = solver.one_sided(d, t, lower=True, k=ALL, exact_last=0)
            hi, _ = solver.one_sided(d, t, lower=False, k=ALL, exact_last=0)
            assert (lo is not None) == (value >= t) and (hi is not None) == (value < t), (dumps(d), t, value)
        assert solver.one_sided(d, None, lower=True, k=ALL, exact_last=0)[0] == value
        assert solver.one_sided(d, None, lower=False, k=ALL, exact_last=0)[0] == value


@needs_core
def test_one_sided_bounds_hold_on_the_dealer_s_full_deals():
    """Nine cards a hand, dealt for a position the simulation judges (the worked example's A
    at "60 Eichel, fort", Eichel by A): each deal's exact answer at 100 (the solver's yes/no
    probe) is never contradicted by a one-sided bound at 100, and the pruned games' values
    bracket the answer (a lower bound of 100 or more only where exact play makes 100)."""
    hand, reader, seat, _r, _t = conventions.position("Eichel:K7 Schellen:AK Rosen:AK8 Schilten:A6",
                                                      "60 Eichel, fort", load("verband"), None)
    dealer = Dealer({seat: hand}, reader.situation(seat).promised)
    rng = random.Random(26)
    trump, misere = parse_strain("Eichel")
    proved = 0
    for _ in range(3):
        d = dealer.deal(rng)
        deal = Deal(tuple(d[s] for s in "ABCD"), trump, seat, seat, misere)
        made = solver.solve(deal, target=100, best=False, max_nodes=200_000_000).reached
        lo, _ = solver.one_sided(deal, 100, lower=True, k=2, follow_k=2, max_nodes=20_000_000)
        hi, _ = solver.one_sided(deal, 100, lower=False, k=2, follow_k=2, max_nodes=20_000_000)
        assert not (lo is not None and not made), dumps(deal)
        assert not (hi is not None and made), dumps(deal)
        proved += lo is not None or hi is not None
    assert proved >= 1


@needs_core
def test_the_one_sided_table_is_kept_apart_from_the_exact_searches():
    """A one-sided search's entries hold the pruned game's bounds, not the position's: an
    exact solve of the same deal after it (asking the core to go on from its table) searches
    exactly the nodes it searches alone."""
    d = _deals("one-sided table", 1, 8)[0]
    alone = solver.solve(d, target=80, best=False, options=solver.OWN_TABLE_PART)
    solver.one_sided(d, 80, lower=True, k=1, follow_k=1)
    after = solver.solve(d, target=80, best=False, options=solver.OWN_TABLE_PART | solver.SHARED_TABLE)
    assert (after.nodes, after.reached) == (alone.nodes, alone.reached)


@needs_core
def test_one_side_at_a_time():
    with pytest.raises(ValueError):
        solver._core.solve(*solver._core_args(_deals("one-sided both", 1, 4)[0]), 40, False, 0, 0.0,
                           solver.PRUNE_MAX_SIDE | solver.PRUNE_MIN_SIDE, 1, 1, 0)
    with pytest.raises(ValueError):
        solver.one_sided(_deals("one-sided k", 1, 4)[0], 40, lower=True, k=0)


def test_without_the_core_one_sided_says_so(monkeypatch):
    monkeypatch.setattr(solver, "_core", None)
    with pytest.raises(TutorError):
        solver.one_sided(_deals("one-sided no core", 1, 4)[0], 40, lower=True)
