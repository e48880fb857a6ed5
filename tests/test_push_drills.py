"""The push drills (a Zehner in the opponents' suit instead of fort; docs/interpretations.md, "The push
drills under DOUBLE_OVER"): their keys are what exact play finds under the model in which an opponent
who bids over the hand's bid doubles it instead where that pays the opponents more
(simulation.DOUBLE_OVER, session 48). Where exact play cannot tell the push from fort beyond chance,
the drill keys one of them and accepts the other; a call exact play puts behind the key beyond chance
is neither keyed nor accepted. Exact play: tests/exact_play.judged (24 fitting deals, its seed 1, every
deal solved to the end, every call valued by the auction after it)."""
from __future__ import annotations

import pytest

import exact_play
from conftest import ROOT
from tutor.course import drills


def _drill(file: str, drill_id: str):
    return next(c for c in drills.verified([ROOT / "exercises" / file], "en") if c.drill.id == drill_id).drill


def _keyed(drill) -> set[str]:
    """The calls a learner is given credit for: the key and the calls accepted beside it."""
    return {str(drill.answer), *drill.accept}


def _within_chance(ev, a: str, b: str) -> bool:
    return not exact_play.ahead_of(ev, a, (b,)) and not exact_play.ahead_of(ev, b, (a,))


@pytest.mark.needs_core
def test_verpasst_09_keys_fort_and_accepts_the_push_exact_play_cannot_tell_apart():
    """C with `Eichel:KB97 Schellen:O6 Rosen:87 Schilten:K` after `fort, 70 Schellen`: the opening is
    missed, no Hilfe, no Ace. Exact play (session 48, DOUBLE_OVER) on three samples of 24 deals:
    80 Schellen -165.7 over the 72, fort 16.9 +- 16.8 behind (1.0 s.e.; seed 42 80 Schellen ahead by
    74.7 +- 33.3, seed 7 by 3.0 +- 23.1, seed 1 fort ahead by 27.1 +- 27.2); 90 Schellen, the voice's
    answer before DOUBLE_OVER, 48.8 +- 14.6 behind. The voice's evidence (400 deals) names fort and 80
    Schellen as good as each other: the key stays fort, 80 Schellen is accepted, 90 Schellen is not."""
    d = _drill("verpasst.yaml", "verpasst-09")
    assert _keyed(d) == {"fort", "80 Schellen"}
    assert set(d.get("evidence")["best"]) == {"fort", "80 Schellen"}
    ev = exact_play.judged(d.hand, d.auction, "C")
    assert _within_chance(ev, "fort", "80 Schellen")
    assert exact_play.ahead_of(ev, "90 Schellen", ("fort",)) == {"fort"}


@pytest.mark.needs_core
def test_verpasst_gen_01_keys_the_push_and_accepts_fort_exact_play_cannot_tell_apart():
    """C with `Eichel:KO Schellen:KOU Rosen:K8 Schilten:B8` after `fort, 70 Schilten`: the Schellen
    opening (the Puur with three, 60) is missed, no Hilfe, no Ace. Exact play (session 48, DOUBLE_OVER)
    on three samples of 24 deals: 80 Schilten -160.6 over the 72, fort 9.6 +- 13.6 behind (0.7 s.e.;
    seed 42 fort ahead by 17.5 +- 19.6, seed 7 80 Schilten by 51.2 +- 28.9, seed 1 fort by 4.8 +- 19.2),
    90 Schilten 28.9 +- 12.6 behind. The voice's evidence (400 deals) names 80 Schilten alone: the key
    is 80 Schilten (it was fort, which the voice no longer names), fort is accepted beside it."""
    d = _drill("verpasst-gen.yaml", "verpasst-gen-01")
    assert str(d.answer) == "80 Schilten" and _keyed(d) == {"80 Schilten", "fort"}
    assert d.get("evidence")["best"] == ["80 Schilten"]
    ev = exact_play.judged(d.hand, d.auction, "C")
    assert _within_chance(ev, "80 Schilten", "fort")
    assert exact_play.ahead_of(ev, "dopple", ("80 Schilten", "fort")) == {"80 Schilten", "fort"}
