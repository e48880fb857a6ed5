"""The learner's experience (issue 11): feedback that teaches, reminders of what can be
typed, questions that do not give the answer away. Through the quiz pipe and the CLI.

Expected texts come from the rules: over 60 Eichel (A) and 70 Schellen (B), C's 80 Eichel
is the lower of the two Zehner, the Hilfe "Nell zu zweit"; C holds Eichel A O 9, three
cards, so the hand breaks the promised length."""
from __future__ import annotations

import re

import pytest

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
    # ('help' and 'h' ask for help: they say what is asked and are no answer, issue 22; so does
    # 'hilfe' where it is no answer, here at the yes/no drill: the next line answers it)
    res = quiz(run, issue_file, ["help", "90 Eichel", "dopple", "hilfe", "ja", "h", "1 2"], tmp_path / "p.db")
    out = res.output
    assert "Nicht lesbar" not in out
    assert "Hier ist eine Ansage gefragt" in out and "«help»" not in out
    assert "Hier ist gefragt, was die Ansage zeigt" in out and "2 Hilfe" in out and "«dopple» zählt als falsch" in out
    assert "Hier ist ja oder nein gefragt." in out and "«hilfe» zählt als falsch" not in out
    assert "Hier sind die zwei Zahlen gefragt" in out
    assert out.strip().splitlines()[-1] == "Ergebnis: 1/4 richtig"


def test_an_unknown_word_is_still_unreadable(run, issue_file, tmp_path):
    res = quiz(run, issue_file, ["xyz"], tmp_path / "p.db", "--count", "1")
    assert "Nicht lesbar (Ansage 'xyz' nicht lesbar): zählt als falsch." in res.output


def test_in_a_terminal_the_reminder_names_warum_and_ende(issue_file):
    from tutor.course import drills, quiz as q

    items = drills.verified([issue_file])[:1]
    lines = iter(["help", "90 Eichel"])
    out: list[str] = []
    session = q.Quiz(items, read=lambda p: next(lines, None), echo=out.append, interactive=True)
    res = session.run()
    assert res.correct == 1
    assert any("«warum»" in x and "«ende»" in x and "Ansage gefragt" in x for x in out)


# -- drills never give the answer away; a course in order -----------------------------------
def test_a_question_whose_form_tells_the_answer_is_refused(run, tmp_path):
    f = write(tmp_path, "g.yaml", """\
        drills:
          - {id: first, type: explain, auction: "60 Eichel, 70 Schellen", ask: 1, answer: opening}
          - {id: word, type: explain, auction: "60 Eichel, D: dopple", answer: double}
          - {id: fine, type: explain, auction: "60 Eichel, 70 Schellen", ask: 2, answer: opening}
        """)
    res = run("drills", "check", f, "--lang", "en")
    assert res.exit_code == 1
    assert "first: the question gives the answer away: call 1 (60 Eichel) is the first bid" in res.output
    assert "word: the question gives the answer away: call 2 (dopple)" in res.output
    assert "fine:" not in res.output


def test_the_bundled_drills_never_give_the_answer_away(run):
    from conftest import ROOT

    res = run("drills", "check", ROOT / "exercises")
    assert res.exit_code == 0, res.output


def test_every_bundled_drill_fits_its_lesson():
    """A lesson's drills need nothing a later lesson teaches (tutor.course.needs): lesson 2
    knows the numbers and «fort», not yet what an opening shows; lesson 4 the missed
    opening, not yet the Fünfer of lesson 5."""
    from conftest import ROOT
    from tutor.course import syllabus as course, drills, lessons

    order = {x.id: x.order for x in lessons.load_all(ROOT / "lessons")}
    checked, problems, _ = drills.check_paths([ROOT / "exercises"])
    assert not problems
    late = [(c.drill.id, course.needs(c)) for c in checked if course.too_early(c, order)]
    assert late == []
    assert {c.topic for c in checked} >= set(course.PLACE)


@pytest.mark.parametrize("topic", ["bieten", "verpasst", "hilfe", "doppeln"])
def test_the_generator_follows_the_same_rule(topic):
    from tutor.course import syllabus as course, drills, generator

    f = generator.generate(topic, 6, seed=11)
    engine = drills.engine_for()
    for d in f.drills:
        c = drills.Checked(f, d, drills.solve(f, d, engine, d.rules), engine)
        assert not course.too_early(c, course.PLACE), (d.id, course.needs(c))


def test_the_bidding_lessons_drills_are_about_the_rules_of_the_bidding():
    """Is a call allowed (higher, on the steps, in turn, before the end), and the fort of a
    hand without Under, Nine and Ace: nothing a later lesson teaches, and not one answer."""
    from conftest import ROOT
    from tutor.cards import NELL, PUUR, SUITS, Hand, Rank
    from tutor.course import drills

    answers = set()
    for name in ("bieten.yaml", "bieten-gen.yaml"):
        for c in drills.verified([ROOT / "exercises" / name]):
            d = c.drill
            if d.type == "bid":
                hand = Hand.parse(d.hand)
                assert c.solution.answer == "fort", d.id
                assert not any(hand.has(s, r) for s in SUITS for r in (PUUR, NELL, Rank.ASS)), d.id
            else:
                assert d.type == "check" and d.get("question") == "legal", d.id
                answers.add(c.solution.answer)
                assert ("Nicht erlaubt" in c.solution.text) == (c.solution.answer is False), d.id
    assert answers == {True, False}


def test_a_tarneeb_drill_says_which_game_it_is(run, tmp_path):
    from conftest import ROOT

    res = quiz(run, ROOT / "exercises" / "tarneeb.yaml", ["8"], tmp_path / "p.db", "--count", "1")
    assert "Spiel: Tarneeb (nicht Sidi-Barrani)" in res.output
    res = quiz(run, ROOT / "exercises" / "hilfe.yaml", ["90 Eichel"], tmp_path / "p.db", "--count", "1")
    assert "Spiel:" not in res.output


def test_sheet_boxes_name_no_file_and_no_topic(run, tmp_path):
    from conftest import ROOT

    out = tmp_path / "s.html"
    run("sheet", ROOT / "exercises" / "hilfe.yaml", ROOT / "exercises" / "tafel.yaml", "-o", out)
    html = out.read_text(encoding="utf-8")
    boxes = html[:html.index('<section class="key')]
    for article in re.findall(r"<article.*?</article>", boxes, re.S):
        for name in ("hilfe.yaml", "tafel.yaml", "hilfe-0", "tafel-0", "Die Hilfe"):
            assert name not in article


def test_lessons_says_what_comes_next_and_why(run, tmp_path):
    db = tmp_path / "p.db"
    res = run("lessons", "--db", db)
    assert res.output.strip().splitlines()[-1] == (
        "Weiter mit Lektion 1, Das Spiel: Stiche, Farbzwang und Weis: du hast noch nichts geübt, "
        "und der Kurs beginnt hier. Lesen: tutor lesson spielregeln; üben: tutor quiz")
    # one drill of lesson 4 answered wrong: it is due again at once, so lesson 4 comes next
    from conftest import ROOT

    run("quiz", ROOT / "exercises" / "eroeffnung.yaml", "--count", "1", "--db", db, input="fort\n")
    last = run("lessons", "--db", db).output.strip().splitlines()[-1]
    assert last.startswith("Weiter mit Lektion 4, Die Eröffnung: Puur-Reihe und Nell-Reihe: 1 ihrer "
                           "Aufgaben ist wieder fällig."), last
    en = run("lessons", "--db", db, "--lang", "en").output.strip().splitlines()[-1]
    assert en.startswith("Next: lesson 4, ") and "1 of its drills is due again" in en


def test_the_course_quiz_shows_the_lesson_before_its_first_drills(run, tmp_path):
    """The course (tutor quiz without files) shows the first lesson itself, its text and
    its key rule, before the lesson's first drill; once met, it is not shown again."""
    from conftest import ROOT
    from tutor.course import lessons

    first = lessons.load_all(ROOT / "lessons")[0]
    headings = [x[3:].strip() for x in first.body.splitlines() if x.startswith("## ")]
    db = tmp_path / "p.db"
    res = run("quiz", "--db", db, "--count", "1", input="fort\n")
    out = res.output
    head = f"Neu: Lektion {first.order}, {first.title}"
    assert out.count(head) == 1 and out.index(head) < out.index("Aufgabe 1/1")
    assert headings and all(h in out[: out.index("Aufgabe 1/1")] for h in headings)
    rule = "Merke: " + first.key_rule
    assert " ".join(out[: out.index("Aufgabe 1/1")].split()).count(" ".join(rule.split())) == 1
    again = run("quiz", "--db", db, "--count", "1", input="fort\n")
    assert head not in again.output                       # met before: not shown again


def test_the_key_rule_after_two_misses_is_the_missed_drills_lesson(run, tmp_path):
    from conftest import ROOT

    res = run("quiz", ROOT / "exercises" / "kartenwerte.yaml", ROOT / "exercises" / "hilfe.yaml",
              "--db", tmp_path / "p.db", input="D\nD\n")
    assert "Merke (Karten, Werte und Ränge): Im Trumpf sticht der Puur" in res.output
    assert "Merke (Die Hilfe)" not in res.output


@pytest.mark.parametrize("lang, line", [
    # English has no lessons: the German rule is marked German, as a drill's note is
    ("en", "Remember (Karten, Werte und Ränge, in German): Im Trumpf sticht der Puur"),
    # French has the lesson: its own words, no mark
    ("fr", "À retenir (Les cartes, leurs valeurs et leur rang) : À l'atout, le bour"),
])
def test_the_key_rule_line_says_when_it_is_german(run, tmp_path, lang, line):
    from conftest import ROOT

    res = run("quiz", ROOT / "exercises" / "kartenwerte.yaml", "--db", tmp_path / "p.db",
              "--lang", lang, input="D\nD\n")
    assert line in res.output
    assert "en allemand) : À l'atout" not in res.output


def test_an_untranslated_lesson_s_key_rule_is_marked_german_in_french(run, tmp_path):
    # a course folder with no fr/ translations: the quiz in French shows the German rule, marked
    write(tmp_path, "lessons/01-x.md", "---\nid: kartenwerte\ntitle: Karten\norder: 1\n"
          "drills: []\nkey_rule: Der Puur sticht.\n---\n# Karten\n")
    from conftest import ROOT

    res = run("quiz", ROOT / "exercises" / "kartenwerte.yaml", "--db", tmp_path / "p.db",
              "--lessons", tmp_path / "lessons", "--lang", "fr", input="D\nD\n")
    assert "À retenir (Karten, en allemand) : Der Puur sticht." in res.output
