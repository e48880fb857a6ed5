"""The learner's experience (issue 11): feedback that teaches, reminders of what can be
typed, questions that do not give the answer away. Through the quiz pipe and the CLI.

Expected texts come from the rules: over 60 Eichel (A) and 70 Schellen (B), C's 80 Eichel
is the lower of the two Zehner, the Hilfe "Nell zu zweit"; C holds Eichel A O 9, three
cards, so the hand breaks the promised length."""
from __future__ import annotations

import json

from conftest import FIXTURES, write

HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"


def quiz(run, f, answers, db, *extra):
    return run("quiz", f, "--db", db, "--lessons", FIXTURES / "lessons", *extra,
               input="".join(a + "\n" for a in answers))


def test_a_wrong_call_says_what_it_would_have_promised_and_what_contradicts_it(run, issue_file, tmp_path):
    res = quiz(run, issue_file, ["80 ei"], tmp_path / "p.db", "--count", "1")
    assert "Deine Ansage 80 Eichel würde zeigen: Hilfe in Eichel" in res.output
    assert "Nell zu zweit" in res.output
    assert "Dein Blatt passt nicht dazu: in Eichel hältst du A O 9: 3 Karten, nicht genau 2." in res.output
    # then why the right call is right
    assert res.output.index("Dein Blatt passt nicht") < res.output.index("Warum: Hilfe in Eichel")
    assert "90 Eichel ist der obere" in res.output


def test_a_wrong_opening_names_the_missing_top_card(run, tmp_path):
    f = write(tmp_path, "o.yaml", """\
        drills:
          - {id: o, type: bid, hand: "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8", auction: "", answer: "50 Eichel"}
        """)
    res = quiz(run, f, ["60 Eichel"], tmp_path / "p.db", "--lang", "en")
    assert "Your call 60 Eichel would show: opening in Eichel, Puur row" in res.output
    assert "Your hand does not fit it: in Eichel you hold A O 9: without the Puur." in res.output


def test_check_names_the_holding_and_says_each_promise_once(run):
    res = run("check", "--hand", HAND, "--auction", "60 Eichel, 70 Schellen", "--call", "80 Eichel")
    assert res.exit_code == 1
    assert res.output.count("hält das Nell, genau 2 Karten") == 1
    assert "in Eichel hältst du A O 9: 3 Karten, nicht genau 2" in res.output
    res = run("check", "--hand", "Eichel:AU9 Schellen:KU Rosen:O6 Schilten:O8", "--call", "50 Eichel")
    assert "in Eichel hältst du A U 9: mit dem Puur" in res.output


def test_known_words_of_the_wrong_kind_get_a_reminder(run, issue_file, tmp_path):
    # the issue file: a bid, an explain, a check and a score drill
    res = quiz(run, issue_file, ["help", "dopple", "hilfe", "h"], tmp_path / "p.db")
    out = res.output
    assert "Nicht lesbar" not in out
    assert "Hier ist eine Ansage gefragt" in out and "«help» zählt als falsch" in out
    assert "Hier ist gefragt, was die Ansage zeigt" in out and "2 Hilfe" in out
    assert "Hier ist ja oder nein gefragt. «hilfe» zählt als falsch." in out
    assert "Hier sind die zwei Zahlen gefragt" in out
    assert out.strip().splitlines()[-1] == "Ergebnis: 0/4 richtig"


def test_an_unknown_word_is_still_unreadable(run, issue_file, tmp_path):
    res = quiz(run, issue_file, ["xyz"], tmp_path / "p.db", "--count", "1")
    assert "Nicht lesbar (Ansage 'xyz' nicht lesbar): zählt als falsch." in res.output


def test_in_a_terminal_the_reminder_names_warum_and_ende(issue_file):
    from tutor import drills, quiz as q

    items = drills.verified([issue_file])[:1]
    lines = iter(["help", "90 Eichel"])
    out: list[str] = []
    session = q.Quiz(items, read=lambda p: next(lines, None), echo=out.append, interactive=True)
    res = session.run()
    assert res.correct == 1
    assert any("«warum»" in x and "«ende»" in x and "Ansage gefragt" in x for x in out)
