"""The early stop (issue 26: "sampling stops early when the answer is clear"): the evaluation
stops after 50 deals where the best call leads the second by Z_CLEAR standard errors, unless
the deals searched to the end prefer another call. It asks that among the calls the answer
can be (STOP_ANSWERABLE): a Matsch the deals do not make nearly always is left out of the
answer, and so of the stop (before, such a Matsch, leading on the few deals searched to the end,
the easy ones, kept a clear opening from stopping)."""
from __future__ import annotations

import pytest

from tutor.conventions import position
from tutor.judgement import simulation as S
from tutor.judgement import voice as V
from tutor.rules import load

VERBAND = load("verband")

# eroeffnung-09: Puur, Nell and a third Eichel, nothing else: the drill's key is 60 Eichel (its
# evidence: 60 Eichel +145 against fort 0, made on 99 of 100 deals); 157 Eichel is among the calls
HAND = "Eichel:U97 Schellen:K8 Rosen:O7 Schilten:B6"


@pytest.mark.needs_core
def test_a_clear_opening_stops_at_fifty_deals_whatever_the_long_shot_matsch_does(monkeypatch):
    monkeypatch.setattr(S, "STOP_ANSWERABLE", True)
    hand, reader, seat, _r, truthful = position(HAND, "", VERBAND, None)
    s = reader.situation(seat)
    assert any(str(r.call) == "157 Eichel" for r in truthful)
    V.forget()
    # `tutor bid`'s own deals (the position's seed)
    ev = V.evaluated(hand, s, truthful, None, 100, V.seed_of(V.position_key(hand, s, None)), None, 2)
    assert ev.stopped_early and ev.samples == S.MIN_SAMPLES
    assert ev.recommended == "60 Eichel"
    assert "157 Eichel" not in ev.values        # the Matsch is no answer here
