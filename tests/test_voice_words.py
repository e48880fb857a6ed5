"""The default voice's words where a learner stumbled (QA of issue 26): equally good calls
each with its mean, the score's meaning of a board value, the games searched only briefly,
Obenabe/Undenufe's sure tricks named by strength, not "from the top"."""
from __future__ import annotations

from types import SimpleNamespace

from tutor import conventions
from tutor.cards import Hand
from tutor.judgement import Standing
from tutor.judgement import voice
from tutor.judgement.count import trumpless

A_HAND, BEFORE_A = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7", "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen"


def _judged(values, standing=None, unprobed=None):
    h, reader, seat, _r, truthful = conventions.position(A_HAND, BEFORE_A)
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=len(next(iter(values.values()))),
                         contracts=[], standing=None, stopped_early=False, seat=seat, unprobed=unprobed or [])
    ev.contract = lambda text: None
    ev.to_json = lambda: {}
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, standing)
    return j, [x.text("en") for x in j.lines]


def test_equally_good_calls_are_named_each_with_its_mean():
    said = conventions.advise(A_HAND, BEFORE_A).call          # the count's raise
    # the same on average but for chance (+115 and +120), fort far behind
    values = {said: [200, 30] * 10, "110 Eichel": [40, 200] * 10, "fort": [-60] * 20}
    j, texts = _judged(values)
    assert set(j.equal) == {said, "110 Eichel"}
    line = next(t for t in texts if "are equally good" in t)
    assert f"{said} (+115)" in line and "110 Eichel (+120)" in line


def test_with_the_score_the_answer_says_what_a_board_value_means():
    values = {"110 Eichel": [2000, 150] * 5, "fort": [-60] * 10}
    _j, texts = _judged(values, Standing({"AC": 1850, "BD": 1200}, 2000))
    assert sum("the Partie's target, 2000 board points, won or lost" in t for t in texts) == 1
    _j, texts = _judged(values)
    assert not any("the Partie's target" in t for t in texts)


def test_the_games_searched_briefly_are_named_in_plain_words():
    values = {"110 Eichel": [150] * 10, "fort": [-60] * 10}
    _j, texts = _judged(values, unprobed=["Rosen (B)", "Schilten (D)"])
    line = next(t for t in texts if "short search" in t)
    assert line.startswith("The games Rosen (B) and Schilten (D) were far behind the best call")


def test_undenufe_names_its_sure_tricks_by_strength_not_from_the_top():
    # Undenufe: the Six is the strongest card, then 7, 8 (the rules' order turned round)
    c = trumpless(Hand.parse("Eichel:678 Rosen:AK Schellen:KO Schilten:OU"), "undenufe")
    text = [x.text("en") for x in c.lines]
    assert any(t.startswith("Undenufe, Eichel: 678, the suit's 3 strongest cards, 3 sure tricks") for t in text), text
    assert not any("from the top" in t for t in text)
