"""eval's second pass (simulation.Simulation._second; issue 26's largest error): after the decision,
the contracts ``tutor eval`` lists whose open deals the estimate is expected to call wrong at their
number get up to EVAL_SECOND times eval's nodes more, their nearest deals asked again in passes of
growing budgets. The expected values are exact play's on the bench's deals (benchmarks/
exact_sim_answers.json: solver.bracket alone, never the simulation), and the pass is fixed by the
nodes, never by the clock."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tutor.judgement import simulation as S
from tutor.play.rules import parse_strain
from tutor.rules import load

exact = pytest.mark.needs_core

ANSWERS = Path(__file__).resolve().parent.parent / "benchmarks" / "exact_sim_answers.json"

# benchmarks/bench_exact_sim.py's doppeln-gen-13: A (Eichel K 9 6, Schellen K B, Rosen K 9 6, Schilten 7)
# after «50 Eichel, 55 Schellen, 70 Eichel, 75 Rosen», its own Eichel game (seed 1: the bench's 20 deals)
DOPPELN_GEN_13 = ("Eichel:K96 Schellen:KB Rosen:K96 Schilten:7", "50 Eichel, 55 Schellen, 70 Eichel, 75 Rosen", "A")


def _eval(position, second: float, workers: int = 2, samples: int = 20):
    """``tutor eval``'s evaluation of ``position`` on the bench's deals: eval's nodes a deal
    (EVAL_NODES for 100), seed 1, every deal (no early stop), with ``second`` times its nodes
    for the second pass."""
    hand, auction, seat = position
    sim = S.Simulation(samples=samples, seed=1, workers=workers, early_stop=False,
                       nodes=S.EVAL_NODES * samples // 100, second=second)
    return S.evaluate(hand, auction, load("verband"), seat, sim)


def _wrong(ev) -> tuple[int, list[float]]:
    """The deal-contracts ``ev`` calls made where exact play fails them or the other way, and
    each listed contract's chance less exact play's on the same deals (every one decided by
    the kept answers)."""
    answers = json.loads(ANSWERS.read_text())["answers"]
    wrong, diffs = 0, []
    for c in ev.contracts:
        value, strain = c["contract"].split(" ", 1)
        need, misere = int(value), parse_strain(strain)[1]
        i = ev.games.index((strain, ev.seat))
        made_exact = []
        for d in ev.deals:
            lo, hi = answers["|".join(str(d[x]) for x in "ABCD") + f"|{strain}|{ev.seat}"][:2]
            own = 157 - need if misere else need
            assert (hi <= own or lo > own) if misere else (lo >= own or hi < own)   # exact play decides it
            made_exact.append(hi <= own if misere else lo >= own)
        made_sim = [(157 - row[i] if misere else row[i]) >= need for row in ev.points]
        wrong += sum(a != b for a, b in zip(made_exact, made_sim))
        diffs.append(c["p_make"] - sum(made_exact) / len(made_exact))
    return wrong, diffs


@exact
def test_the_second_pass_calls_fewer_deals_wrong_where_the_estimate_errs():
    """doppeln-gen-13's Eichel game: all 20 deals open at eval's nodes, the estimate near
    130-150 Eichel on many. Without the second pass eval calls 23 of its deal-contracts wrong
    (150 Eichel 0.20 off exact play on these deals, the mean 0.09); the second pass asks the
    deals nearest those numbers again and the chances come within issue 26's targets (none
    more than 0.10 off, the mean within 0.05) with fewer deals called wrong."""
    before, diffs_before = _wrong(_eval(DOPPELN_GEN_13, 0))
    after, diffs = _wrong(_eval(DOPPELN_GEN_13, S.EVAL_SECOND))
    assert after < before, (before, after)
    assert max(map(abs, diffs)) <= 0.10 + 1e-9 and sum(map(abs, diffs)) / len(diffs) <= 0.05, diffs
    assert max(map(abs, diffs_before)) > 0.10 + 1e-9, diffs_before     # (the case: the pass is what mends it)


@exact
def test_the_second_pass_gives_the_same_numbers_with_one_worker_or_two():
    """Nodes, never the clock or the pool's order: one worker or two, the same deals proved
    the same way and the same chances."""
    one, two = _eval(DOPPELN_GEN_13, S.EVAL_SECOND, 1), _eval(DOPPELN_GEN_13, S.EVAL_SECOND, 2)
    assert [(j.lo, j.hi, j.estimated) for row in one.judged for j in row] == \
        [(j.lo, j.hi, j.estimated) for row in two.judged for j in row]
    assert [c["p_make"] for c in one.contracts] == [c["p_make"] for c in two.contracts]
    assert getattr(one, "finished", 0) > 0      # (the pass asked something)


@exact
def test_the_second_pass_spends_nothing_where_the_deals_are_decided():
    """matsch-08 (A with Eichel A K O U B 9, Rosen A, Schilten A K after «120 Eichel, fort, 130
    Eichel, fort»): eval decides every deal; the second pass leaves the evaluation as the
    decision gave it."""
    position = ("Eichel:AKOUB9 Rosen:A Schilten:AK", "120 Eichel, fort, 130 Eichel, fort", None)
    sim = S.Simulation(samples=20, seed=1, workers=1, early_stop=False, nodes=S.EVAL_NODES * 20 // 100,
                       second=S.EVAL_SECOND)
    ev = S.evaluate(*position[:2], load("verband"), position[2], sim)
    assert not ev.estimated
    assert sim._second(ev) is ev


def test_tutor_eval_asks_the_second_pass(monkeypatch):
    """The command a user runs is the one measured (benchmarks/bench_exact_sim.py): ``tutor eval``
    evaluates with EVAL_SECOND."""
    from tutor.cli import main

    seen = []

    class Stop(Exception):
        pass

    def evaluate(self, *args, **kwargs):
        seen.append(self.second)
        raise Stop

    monkeypatch.setattr(S.Simulation, "evaluate", evaluate)
    result = CliRunner().invoke(main, ["eval", "--hand", "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7",
                                       "--samples", "10"])
    assert isinstance(result.exception, Stop)
    assert seen == [S.EVAL_SECOND] and S.EVAL_SECOND > 0
