"""Computing ahead while the learner thinks (``tutor.practice.ahead``): the same calls, sooner.

What a learner relies on: the robots call what ``tutor bid`` advises their hands at the same
point of the auction (the voice asked afresh, in this process, by the command), with or
without computing ahead, however fast he answers and whatever he calls; the deal's end (the
contract's exact value, both teams' best contracts) is the same; and the background process
never outlives the practice (its end, a Ctrl-C, the program killed).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tutor.cli import main
import waiting

pytestmark = [pytest.mark.needs_core,
              pytest.mark.skipif(not hasattr(os, "fork"), reason="computing ahead forks")]

ROOT = Path(__file__).resolve().parents[1]
CEILING = 900      # seconds: against a hang only, never a measure (the background process is niced)
SAMPLES = 20       # deals a question


def gone(pid: int) -> bool:
    """Process ``pid`` has ended (and, were it our child, been collected; a zombie nobody
    collected yet counts: it computes nothing). Also tests/test_web_practice_ahead.py's."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as f:
            if f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                return True
    except OSError:
        return True
    try:
        done, _status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:   # not our child: it still runs
        return False
    return done == pid


def until(test, pid: int | None = None) -> bool:
    """True once ``test()`` holds (the background work settled, a process ended). The wait
    fails only when the work behind it hangs: the processes of ``pid`` (by default this test's
    own and its children) idle for waiting.STALL seconds, never on a wall clock (tests/waiting.py)."""
    waiting.until_holds(test, "the awaited state", pid=pid, every=0.05)
    return True


def play(seed: int, ahead: bool, think: bool = True, calls=None):
    """Practice deal ``seed`` at C: the learner says fort (and lets doubles pass), or the calls
    ``calls`` gives (a function of the Practice); thinking (with ``ahead``) until the background
    process has computed all it can, or not at all. The steps and the deal's end."""
    from tutor.practice.session import Practice

    p = Practice(seed=seed, seat="C", lang="en", ahead=ahead)
    try:
        while not p.over:
            p.think()
            if ahead and think:
                assert until(lambda: (p.ahead._drain(), not p.ahead.running or p.ahead.idle)[1])
            text = calls(p) if calls is not None else None
            p.call(text if text is not None else "fort" if p.waiting == "turn" else "")
        result = p.result().to_json("en")
        stats = p.ahead.stats if p.ahead is not None else None
    finally:
        p.close()
    steps = [(s.seat, str(s.reading.call) if s.reading else None, s.learner, s.before) for s in p.steps]
    return steps, result, stats


def thought_out(p, ahead: bool) -> None:
    """The learner says fort (and lets doubles pass) to the bidding's end, each time after
    thinking (with ``ahead``: until the background process has computed all it can)."""
    while not p.over:
        p.think()
        if ahead:
            assert until(lambda: (p.ahead._drain(), not p.ahead.running or p.ahead.idle)[1])
        p.call("fort" if p.waiting == "turn" else "")


@pytest.fixture
def fresh(forget_voice):
    from tutor.practice import ahead

    ahead._CARRIED.clear()
    yield
    ahead._CARRIED.clear()


def test_the_robots_call_what_tutor_bid_advises_with_computing_ahead(fresh, monkeypatch):
    from tutor.judgement import voice

    # the robots' deals a question as bid's --samples (fewer than the default: a quicker test;
    # the same question, the same answer at any number)
    monkeypatch.setattr(voice, "SAMPLES", SAMPLES)
    steps, result, stats = play(3, ahead=True)
    assert stats.here == 0 and stats.taken + stats.waited > 0   # every answer came from the background
    robots = [(seat, call, before) for seat, call, learner, before in steps if not learner]
    assert robots
    from tutor.practice.session import hands_of

    hands = hands_of(3)
    for seat, call, before in robots:
        voice.forget()
        auction = ", ".join(result["auction"][:before])
        out = CliRunner().invoke(main, ["bid", "--hand", str(hands[seat]), "--auction", auction, "--seat", seat,
                                        "--samples", str(SAMPLES), "--json"], catch_exceptions=False)
        assert out.exit_code == 0, out.output
        assert (json.loads(out.stdout)["call"] or "fort") == call, (seat, auction)


def test_the_same_deal_however_fast_the_learner_answers_and_whatever_he_calls(fresh, monkeypatch):
    from tutor.judgement import voice

    # fewer deals a question: the same code, a quicker test (the answers do not depend on
    # who computes them, whatever the number of deals)
    monkeypatch.setattr(voice, "SAMPLES", SAMPLES)
    plain = play(3, ahead=False)
    voice.forget()
    thinking = play(3, ahead=True)
    voice.forget()
    hasty = play(3, ahead=True, think=False)
    assert thinking[:2] == plain[:2] and hasty[:2] == plain[:2]

    def unlikely(p):   # a call the background process does not follow: the last the conventions offer
        if p.waiting != "turn":
            return ""
        from tutor.practice.ahead import BRANCHES, likely_calls
        from tutor.practice.robots import advice

        a = advice(p.hand, p.auction, p.rules, p.seat, p.judge)
        followed = likely_calls(p, a)[:BRANCHES]
        others = [str(r.call) for r in a.options if str(r.call) not in followed]
        return others[-1] if others else "fort"

    voice.forget()
    plain = play(3, ahead=False, calls=unlikely)
    voice.forget()
    ahead = play(3, ahead=True, calls=unlikely)
    assert ahead[:2] == plain[:2]


def test_the_best_contracts_found_ahead_are_those_found_knowing_the_contract_played():
    from tutor.practice import value
    from tutor.practice.session import hands_of
    from tutor.rules import load

    # deal 1: AC's best is 157 Rosen by C; A declaring Rosen ties it (the contract played is
    # then shown, as the search that knows it finds); B's Eichel is below BD's best
    rules = load(None)
    hands = hands_of(1)
    ahead = value.best_contracts(hands, rules)
    assert (ahead["AC"].contract, ahead["AC"].declarer) == ("157 Rosen", "C")
    for strain, declarer in (("Rosen", "A"), ("Eichel", "B")):
        known = {(strain, declarer): value.exact(hands, strain, declarer)}
        assert value.with_known(ahead, hands, rules, known) == value.best_contracts(hands, rules, known)
    assert value.with_known(ahead, hands, rules, {("Rosen", "A"): 157})["AC"].declarer == "A"


def test_the_background_process_ends_with_the_practice_and_ignores_ctrl_c(fresh):
    from tutor.practice.session import Practice

    p = Practice(seed=3, seat="C", lang="en", ahead=True)
    p.think()
    pid = p.ahead._holder[0][0]
    os.kill(pid, signal.SIGINT)          # the terminal sends Ctrl-C to every process of the group
    time.sleep(0.2)
    assert not gone(pid)
    p.think()                            # the same turn: the same process
    assert p.ahead._holder[0][0] == pid
    p.close()
    assert gone(pid)


SCRIPT = """
import sys
from tutor.practice.session import Practice
p = Practice(seed=3, seat="C", lang="en", ahead=True)
p.think()
print(p.ahead._holder[0][0], flush=True)
sys.stdin.readline()
"""


def test_the_background_process_ends_when_the_program_is_killed():
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        pid = int(proc.stdout.readline())
        assert not gone(pid)
        proc.kill()
        proc.wait(CEILING)
        assert until(lambda: gone(pid), pid=pid)
    finally:
        proc.kill()
        proc.wait()


def test_the_next_deal_s_first_calls_are_computed_ahead_and_the_same(fresh, monkeypatch):
    # tutor practice --count: while the learner thinks over his last call of a deal, the
    # background process bids the next deal up to his first turn
    from tutor.judgement import voice
    from tutor.practice.session import Practice

    monkeypatch.setattr(voice, "SAMPLES", SAMPLES)
    p = Practice(seed=3, seat="C", lang="en", ahead=True)
    p.next_seed = 4
    try:
        while not p.over:
            p.think()
            assert until(lambda: (p.ahead._drain(), not p.ahead.running or p.ahead.idle)[1])
            p.call("fort" if p.waiting == "turn" else "")
    finally:
        p.close()
    voice.forget()                       # nothing of the next deal is remembered by the voice itself
    q = Practice(seed=4, seat="C", lang="en", ahead=True)
    q.close()
    assert q.ahead.stats.here == 0 and q.ahead.stats.taken > 0
    voice.forget()
    plain = Practice(seed=4, seat="C", lang="en")
    assert [(s.seat, str(s.reading.call)) for s in q.steps] == [(s.seat, str(s.reading.call)) for s in plain.steps]


def test_with_play_the_robots_first_cards_come_with_the_call_that_ends_the_bidding(fresh, monkeypatch):
    # s38: at a terminal the play's start (the robots' cards before the learner's first)
    # waited 5.7-7.5 s. With --play the background process follows his likely call that ends
    # the bidding to the exact value and then the robots' first cards; the play starts from
    # them: the same cards as without it
    from tutor.judgement import voice
    from tutor.practice.ahead import START, start_label
    from tutor.practice.session import Practice

    monkeypatch.setattr(voice, "SAMPLES", SAMPLES)

    def first_cards(ahead: bool):
        voice.forget()
        p = Practice(seed=3, seat="C", lang="en", ahead=ahead)
        p.plays = True
        try:
            thought_out(p, ahead)
            cp = p.cards()
            found = p.ahead.take(start_label(p.auction)) if ahead else None
            starts = [label for label in p.ahead.done if label[:1] == (START,)] if ahead else []
            if isinstance(found, dict):
                cp.line.known.update(found)
            nodes = []
            cp.robots(until=lambda seat, card: nodes.append(cp.line.nodes))
        finally:
            p.close()
        return cp.position, found, starts

    plain, _, _ = first_cards(False)
    cards, found, starts = first_cards(True)
    assert cards == plain and isinstance(found, dict) and found
    assert len(starts) >= 1


def test_with_the_count_the_exact_value_and_the_best_contracts_are_computed_ahead(fresh):
    # s39 note: with --judge count nothing was computed ahead (the count's calls are instant,
    # but the contract's exact value and both teams' best contracts are the solver's, and the
    # play's start with --play). Now as with the voice: after the learner thought, the end
    # takes them from the background process, and the deal and its end are the same
    from tutor.practice.ahead import BEST, EXACT, start_label
    from tutor.practice.session import Practice

    def dealt(ahead: bool):
        p = Practice(seed=3, seat="C", lang="en", judge="count", ahead=ahead)
        p.plays = True
        try:
            thought_out(p, ahead)
            if ahead:
                p.ahead.end()   # what it found is kept; nothing is computed after this
            start = p.ahead.take(start_label(p.auction)) if ahead else None
            result = p.result().to_json("en")
            stats = p.ahead.stats if ahead else None
        finally:
            p.close()
        return [(s.seat, str(s.reading.call) if s.reading else None) for s in p.steps], result, start, stats

    plain, plain_end, _, _ = dealt(False)
    steps, end, start, stats = dealt(True)
    assert steps == plain and end == plain_end and isinstance(start, dict) and start
    # the play's start, the exact value, the best contracts: all three taken, none computed here
    assert stats.taken == 3 and stats.waited == 0 and stats.here == 0
    assert {EXACT, BEST} <= {kind for kind, _how in stats.labels}
