"""Lesson 1's drills: a trick ("who takes it?", "how many points?") and the value of a
hand's cards in a trump kind, through drills check, the quiz pipe, the sheet and the
generator. Expected values from the rules text: in trump Puur (Under) 20, Nell (Nine) 14,
Ass 11, König 4, Ober 3, Banner 10; in the other suits Ass 11, König 4, Ober 3, Under 2,
Banner 10; 5 for the last trick; a trump beats every card of the other suits; without
trump in the trick the highest card of the suit led takes it."""
from __future__ import annotations

import json
import re

import pytest

from conftest import FIXTURES, ROOT, write

PLAY = """\
    title: Stiche
    lesson: kartenwerte
    drills:
      - {id: t1, type: trick, trump: Eichel, trick: "Rosen A, Eichel 9, Rosen K, Rosen 6", answer: B}
      - {id: t2, type: trick, trump: Eichel, trick: "Rosen A, Eichel 9, Rosen K, Rosen 6", question: points, answer: 29}
      - {id: t3, type: trick, trump: Rosen, leader: C, trick: "Eichel U, Eichel A, Schellen A, Eichel K", answer: D}
      - {id: t4, type: trick, trump: Rosen, trick: "Rosen 6, Rosen 7, Rosen 8, Eichel 6", question: points, last: true, answer: 5}
      - {id: v1, type: value, trump: Rosen, cards: "♥U9A ♣AB", answer: 66}
    """


def quiz(run, tmp_path, text, answers, *extra):
    f = write(tmp_path, "p.yaml", text)
    return run("quiz", f, "--db", tmp_path / "p.db", "--lessons", FIXTURES / "lessons", *extra,
               input="".join(a + "\n" for a in answers))


def test_right_answers_by_seat_card_or_number(run, tmp_path):
    # t1: the Nell (Eichel 9) trumps: B; t3: C leads the Eichel-Under, D's Ace takes it
    res = quiz(run, tmp_path, PLAY, ["b", "29", "Eichel A", "5", "66"], "--json")
    assert json.loads(res.output.strip().splitlines()[-1])["correct"] == 5, res.output


def test_the_question_shows_trump_and_trick_and_never_the_answer(run, tmp_path):
    res = quiz(run, tmp_path, PLAY, ["C", "30"], "--count", "2")
    first = res.output.split("Aufgabe 2/2")[0]
    assert "Trumpf: Eichel" in first and "A: Rosen A   B: Eichel 9   C: Rosen K   D: Rosen 6" in first
    assert "Wer nimmt den Stich?" in first
    assert "Falsch. Richtig ist: B." in res.output
    assert "Eichel 9 (Nell) ist Trumpf" in res.output            # the reason names the card
    assert "Rosen A 11 + Eichel 9 (Nell) 14 + Rosen K 4 + Rosen 6 0 = 29." in res.output


WITHOUT_TRUMP = """\
    title: Ohne Trumpf
    lesson: kartenwerte
    drills:
      - {id: u1, type: trick, trump: Undenufe, trick: "Rosen 9, Rosen 6, Rosen A, Eichel 6", answer: B}
      - {id: o1, type: trick, trump: Obenabe, trick: "Rosen 9, Rosen 6, Rosen A, Eichel A", answer: C}
    """


def test_without_trump_the_reason_says_which_end_of_the_suit_wins(run, tmp_path):
    # Undenufe: the Six is the highest card, so the lowest Rosen (B's Six) takes the
    # trick, not the Ace; the Eichel Six is of another suit. Obenabe: the Rosen Ace (C).
    res = quiz(run, tmp_path, WITHOUT_TRUMP, ["A", "A"], "--count", "2")
    assert "Falsch. Richtig ist: B." in res.output and "Falsch. Richtig ist: C." in res.output
    text = " ".join(res.output.split())
    assert "die tiefste Karte der ausgespielten Farbe Rosen nimmt den Stich" in text
    assert "die höchste Karte der ausgespielten Farbe Rosen nimmt den Stich (das Ass zuoberst)" in text
    assert "Kein Trumpf im Stich" not in text   # there is no trump at all in these games


def test_a_wrong_key_is_refused_by_drills_check(run, tmp_path):
    f = write(tmp_path, "w.yaml", PLAY.replace("answer: 66", "answer: 64"))
    res = run("drills", "check", f)
    assert res.exit_code == 1 and "v1: die Lösung sagt 64, die Spielregeln ergeben 66" in res.output


@pytest.mark.parametrize("bad, message", [
    ('trick: "Rosen A, Eichel 9, Rosen K"', "ein Stich sind vier verschiedene Karten, dieser hat 3"),
    ('trick: "Rosen A, Rosen A, Rosen K, Rosen 6"', "eine Karte zweimal"),
    ('trump: Hosen', "unbekannter Trumpf 'Hosen'"),
])
def test_broken_tricks_are_named(run, tmp_path, bad, message):
    line = '{id: t1, type: trick, trump: Eichel, trick: "Rosen A, Eichel 9, Rosen K, Rosen 6", answer: B}'
    field = bad.split(":")[0]
    fixed = line.replace('trump: Eichel', bad) if field == "trump" else line.replace(
        'trick: "Rosen A, Eichel 9, Rosen K, Rosen 6"', bad)
    f = write(tmp_path, "b.yaml", f"drills:\n  - {fixed}\n")
    res = run("drills", "check", f)
    assert res.exit_code == 1 and message in res.output, res.output


def test_the_sheet_draws_the_trick_and_the_cards(run, tmp_path):
    f = write(tmp_path, "p.yaml", PLAY)
    res = run("sheet", f, "-o", tmp_path / "s.html")
    html = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert res.exit_code == 0
    first = html[html.index('id="drill-1"'):html.index('id="drill-2"')]
    assert '<table class="trick">' in first and "Wer nimmt den Stich?" in first
    assert re.findall(r'class="ranks">(\w)</span>', first) == ["A", "9", "K", "6"]
    value = html[html.index('id="drill-5"'):html.index('<section class="key')]
    assert "Wie viele Punkte zählen diese Karten?" in value and "Trumpf: Rosen" in value


def test_lesson_one_drills_are_about_cards_and_points():
    from tutor.course import drills

    for name in ("kartenwerte.yaml", "kartenwerte-gen.yaml"):
        f = drills.load(ROOT / "exercises" / name)
        assert {d.type for d in f.drills} <= {"trick", "value"}, name


def test_the_generator_makes_play_drills_the_rules_agree_with():
    from tutor.course import drills, generator

    f = generator.generate("kartenwerte", 12, seed=5)
    assert {d.type for d in f.drills} == {"trick", "value"}
    for d in f.drills:
        drills.solve(f, d, drills.engine_for(), None)          # raises if the key disagreed
        if d.type == "trick":
            assert len(d.fields["trick"].split(",")) == 4

