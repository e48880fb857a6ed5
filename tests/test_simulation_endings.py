"""The auction after a call, deal by deal (simulation.Continuation): the contract a deal's
auction reaches depends on that deal's hands alone (each seat bids, doubles or konters by the
count on its own hand), not on the deals walked before it. The deals share the auction's
states (ENDING_STATES: each state's reading kept for the next deal that reaches it); these
tests hold that sharing to a fresh reading of every deal."""
from __future__ import annotations

import os

import pytest

from tutor.conventions import position
from tutor.judgement import simulation as S
from tutor.judgement.base import Standing
from tutor.rules import load

from exact_play import deals

VERBAND = load("verband")

# hilfe-gen-06: B's 55 Schellen, C's 60 Eichel, D's fort; A's calls after them include the
# Hilfe, raises and fort, after which B, C and D bid on (and double or konter where offered)
HAND, AUCTION = "Eichel:K96 Schellen:76 Rosen:AO Schilten:B7", "55 Schellen, 60 Eichel, fort"


def _continuations(standing=None):
    _h, reader, seat, _r, truthful = position(HAND, AUCTION, VERBAND, None)
    s = reader.situation(seat)
    calls = [r for r in truthful if r.call.kind in ("bid", "fort")]
    return s, calls, [S.Continuation(s, r.call, standing) for r in calls]


def _fresh(s, call, hands, standing=None):
    """The reference: a new Continuation, walked for this one deal."""
    return S.Continuation(s, call, standing).ending(hands)


@pytest.mark.parametrize("standing", [None, Standing({"AC": 1500, "BD": 1900})])
def test_each_deal_ends_as_if_it_were_the_only_one(monkeypatch, standing):
    monkeypatch.setattr(S, "ENDING_STATES", True)
    found = deals(HAND, AUCTION, None, n=30, seed=5)
    s, calls, conts = _continuations(standing)
    assert len(calls) >= 4
    shared = [[c.ending(d) for d in found] for c in conts]
    # walked in the other order: the same endings
    _s, _c, again = _continuations(standing)
    backwards = [[c.ending(d) for d in reversed(found)][::-1] for c in again]
    fresh = [[_fresh(s, r.call, d, standing) for d in found] for r in calls]
    assert shared == fresh == backwards
    # the auctions after the calls do differ from deal to deal (else the test shows nothing)
    assert any(len({e for e in row}) > 1 for row in shared)


def test_the_switch_off_reads_every_deal_afresh(monkeypatch):
    found = deals(HAND, AUCTION, None, n=12, seed=6)
    monkeypatch.setattr(S, "ENDING_STATES", True)
    _s, _c, conts = _continuations()
    on = [[c.ending(d) for d in found] for c in conts]
    monkeypatch.setattr(S, "ENDING_STATES", False)
    _s, _c, conts = _continuations()
    off = [[c.ending(d) for d in found] for c in conts]
    assert on == off


def test_the_workers_walk_the_same_endings(monkeypatch):
    # ENDINGS_IN_WORKERS: the pool's workers walk the auctions after the calls, each its share
    # of a batch's deals, while the main process waits. The evaluation must be the one the main
    # process walking them gives: the same endings deal by deal, the same numbers and answer.
    walked_here = []
    ending = S.Continuation.ending

    def counted(self, hands):
        walked_here.append(os.getpid())
        return ending(self, hands)

    monkeypatch.setattr(S.Continuation, "ending", counted)
    runs = {}
    for on in (True, False):
        monkeypatch.setattr(S, "ENDINGS_IN_WORKERS", on)
        walked_here.clear()
        sim = S.Simulation(samples=50, seed=3, workers=2, early_stop=False)
        ev = S.evaluate(HAND, AUCTION, VERBAND, simulation=sim)
        after = ev.context["after"]
        runs[on] = (ev.to_json(), ev.judged, {name: c.endings for name, c in after.by_name.items()})
        # (where the workers walk them, the main process walks none: the test asks that path)
        assert (os.getpid() in walked_here) != on
    assert runs[True] == runs[False]
    # the calls' auctions do end differently from deal to deal (else the test shows little)
    assert any(len(set(endings)) > 1 for endings in runs[True][2].values())
