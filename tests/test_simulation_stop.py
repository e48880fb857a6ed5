"""The early stop (issue 26: "sampling stops early when the answer is clear"): the evaluation
stops after 50 deals where the best call leads the second by Z_CLEAR standard errors, unless
the deals searched to the end prefer another call. It asks that among the calls the answer
can be (STOP_ANSWERABLE, on since session 43): a Matsch the deals do not make nearly always is left out of the
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
def test_a_clear_opening_stops_at_fifty_deals_whatever_the_long_shot_matsch_does():
    hand, reader, seat, _r, truthful = position(HAND, "", VERBAND, None)
    s = reader.situation(seat)
    assert any(str(r.call) == "157 Eichel" for r in truthful)
    V.forget()
    # `tutor bid`'s own deals (the position's seed)
    ev = V.evaluated(hand, s, truthful, None, 100, V.seed_of(V.position_key(hand, s, None)), None, 2)
    assert ev.stopped_early and ev.samples == S.MIN_SAMPLES
    assert ev.recommended == "60 Eichel"
    assert "157 Eichel" not in ev.values        # the Matsch is no answer here


@pytest.mark.needs_core
def test_the_stop_reads_only_the_calls_the_answer_can_be(monkeypatch):
    # fuenfer-gen-05: D after 80 Rosen, fort, fort with A K O 7 of Rosen, the Schilten Puur and 9,
    # the Eichel Ace and Puur: 157 Schilten is among D's calls, but no answer (too few deals make
    # it). Before session 43 the stop read it too: on seed 1's deals it led the others by 3 standard
    # errors at 50 deals, and the stop took that lead for the answer's while fort and 90 Rosen, the
    # answer's own two, were 34 +- 18 apart; on bid's own deals it kept a clear fort (83 +- 11
    # ahead) running to 100. Since session 45 (simulation.CONTESTED_OPEN) 90 Rosen is valued by
    # the auction after it (A may bid over it or double it); exact play so (24 fitting deals, seed
    # 42, 0 estimated, every call by the auction after it, every contract reached solved):
    # 90 Rosen -83.6 +- 28.6 (A bids 100 Rosen over it on 17 of 24, doubles it on 7), fort -102.8
    # +- 13.3, 19.2 +- 22.8 behind: the two are equally good; 100-120 Rosen 143-183 behind.
    asked = []
    clear = S._clear
    monkeypatch.setattr(S, "_clear", lambda values: asked.append(set(values)) or clear(values))
    hand, reader, seat, _r, truthful = position("Eichel:AB Schellen:K Rosen:AKO7 Schilten:U9",
                                                "80 Rosen, fort, fort", VERBAND, None)
    s = reader.situation(seat)
    assert any(str(r.call) == "157 Schilten" for r in truthful)
    V.forget()
    ev = V.evaluated(hand, s, truthful, None, 100, V.seed_of(V.position_key(hand, s, None)), None, 2)
    assert asked and all("157 Schilten" not in calls and "fort" in calls for calls in asked)
    assert ev.recommended in ("fort", "90 Rosen") and "157 Schilten" not in ev.values
    assert ev.stopped_early and ev.samples == S.MIN_SAMPLES
