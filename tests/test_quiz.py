"""The quiz: scripted answers, feedback, progress and the Leitner schedule."""
from __future__ import annotations

import datetime as dt
import json
import os
import re
import subprocess
import sys

import pytest

from conftest import FIXTURES, ISSUE_DRILLS, ROOT, write
from tutor.course import drills, quiz
import waiting


def quiz_run(run, files, answers, db, *extra, env=None):
    return run("quiz", *files, "--db", db, "--lessons", FIXTURES / "lessons", *extra,
               input="".join(a + "\n" for a in answers), env=env)


# -- scripted sessions ------------------------------------------------------------------
def test_one_answer_per_line_and_the_last_line(run, issue_file, tmp_path):
    res = quiz_run(run, [issue_file], ["90 Eichel", "hilfe", "nein", "213 44"], tmp_path / "p.db")
    assert res.exit_code == 0
    lines = res.output.strip().splitlines()
    assert lines[-1] == "Ergebnis: 3/4 richtig"
    assert "Falsch. Richtig ist: AC 313, BD 44." in res.output


def test_english_score_line(run, issue_file, tmp_path):
    res = quiz_run(run, [issue_file], ["90 Eichel", "2", "no", "313 44"], tmp_path / "p.db", "--lang", "en")
    assert res.output.strip().splitlines()[-1] == "Score: 4/4 correct"


def test_a_french_round(run, issue_file, tmp_path):
    """--lang fr: the questions, prompts, feedback and the engine's reasoning in French (the
    Romand words: enchère, levée, tableau, contré); the answers read in French too (the
    kind's French name, oui/non). The issue's drills: C's 90 Eichel is right, the call
    is a Hilfe, 80 Eichel breaks nothing but is not right ('non'), and 100 Eichel doubled
    made with 113 card points writes 113 + 200 = 313 for AC, 157 - 113 = 44 for BD."""
    res = quiz_run(run, [issue_file], ["90 Eichel", "aide", "non", "213 44"], tmp_path / "p.db",
                   "--lang", "fr")
    assert res.exit_code == 0
    out = res.output
    assert out.startswith("Quiz : 4 exercices.")
    assert "en allemand" not in out
    assert "Tu es à la place C et c'est ton tour. Qu'annonces-tu ?" in out
    assert "Ton enchère (nombre et couleur, ou fort) : 90 Eichel\nJuste." in out
    assert "Que montre C avec « 90 Eichel » (enchère 3) ?" in out
    assert "Ton choix (numéro ou nom) : aide\nJuste." in out
    assert "oui ou non : non\nJuste." in out
    assert "A joue 100 Eichel, contré ; A et C font 113 points de cartes." in out
    assert "Faux. La bonne réponse : AC 313, BD 44." in out
    assert "Tableau : AC 113 + 200 = 313, BD 44." in out
    assert out.strip().splitlines()[-1] == "Résultat : 3/4 justes"
    assert "Aufgabe" not in out and "Richtig" not in out


def test_french_feedback_explains_the_learners_own_call(run, issue_file, tmp_path):
    res = quiz_run(run, [issue_file], ["80 Eichel", "fin"], tmp_path / "p.db", "--lang", "fr")
    assert "Faux. La bonne réponse : 90 Eichel." in res.output
    assert "Ton enchère 80 Eichel montrerait : " in res.output
    assert "Interrompu : 1 réponse enregistrée." in res.output


def test_french_answers_that_cannot_be_read(run, issue_file, tmp_path):
    """From a pipe an unreadable answer counts as wrong, in French: why it cannot be read,
    or what is asked here when the word belongs to another question (oui at a call)."""
    res = quiz_run(run, [issue_file], ["oui", "9", "peut-être", "313"], tmp_path / "p.db", "--lang", "fr")
    out = res.output
    assert "Ici, on demande une enchère : un nombre et une couleur (90 Eichel, 90ei), fort, contre ou surcontre." \
           " « oui » compte comme faux." in out
    assert "Illisible (9 n'est pas un des choix 1..8) : compte comme faux." in out
    assert "Illisible ('peut-être' : réponds oui ou non) : compte comme faux." in out
    assert "Illisible ('313' : écris les 2 nombres AC BD, p. ex. 0 157) : compte comme faux." in out
    assert out.strip().splitlines()[-1] == "Résultat : 0/4 justes"


def test_json_final_line(run, issue_file, tmp_path):
    res = quiz_run(run, [issue_file], ["80 Eichel", "hilfe", "ja", "313 44"], tmp_path / "p.db", "--json")
    last = res.output.strip().splitlines()[-1]
    assert last == '{"answered": 4, "correct": 2, "acceptable": 0, "missed": ["hilfe-01", "check-01"]}'
    assert list(json.loads(last)) == ["answered", "correct", "acceptable", "missed"]


@pytest.mark.parametrize("answer", ["90 ei", "90 EICHEL", "90ei", "90 auf Eichel", "90 ♣", "  90   eichel "])
def test_calls_are_read_forgivingly(run, issue_file, tmp_path, answer):
    res = quiz_run(run, [issue_file], [answer], tmp_path / "p.db", "--count", "1", "--json")
    assert json.loads(res.output.strip().splitlines()[-1])["correct"] == 1


@pytest.mark.parametrize("answer, right", [("hilfe", True), ("Hilfe", True), ("2", True), ("hil", True),
                                           ("eröffnung", False), ("1", False)])
def test_explain_answers_by_name_or_number(run, issue_file, tmp_path, answer, right):
    f = write(tmp_path, "e.yaml", """\
        drills:
          - {id: e, type: explain, auction: "60 Eichel, 70 Schellen, 90 Eichel", ask: 3, answer: hilfe}
        """)
    res = quiz_run(run, [f], [answer], tmp_path / "p.db", "--json")
    assert json.loads(res.output.strip().splitlines()[-1])["correct"] == int(right)


@pytest.mark.parametrize("answer, value", [("ja", True), ("Yes", True), ("j", True), ("nein", False),
                                           ("no", False), ("N", False)])
def test_check_answers_in_german_and_english(issue_file, answer, value):
    item = [c for c in drills.verified([issue_file]) if c.drill.type == "check"][0]
    assert quiz.parse_answer(item, answer).value is value


@pytest.mark.parametrize("answer", ["313 44", "313:44", "AC 313 BD 44", "BD 44, AC 313", "313, 44"])
def test_board_answers(issue_file, answer):
    item = [c for c in drills.verified([issue_file]) if c.drill.type == "score"][0]
    assert quiz.parse_answer(item, answer).value == {"AC": 313, "BD": 44}


@pytest.mark.parametrize("answer", ["313", "313 44 12", "dreihundert"])
def test_unreadable_board_answers(issue_file, answer):
    item = [c for c in drills.verified([issue_file]) if c.drill.type == "score"][0]
    with pytest.raises(quiz.AnswerError):
        quiz.parse_answer(item, answer)


def test_an_accept_call_is_acceptable_not_correct(run, issue_file, tmp_path):
    res = quiz_run(run, [issue_file], ["pass"], tmp_path / "p.db", "--count", "1", "--json")
    assert "Akzeptabel. Empfohlen ist: 90 Eichel." in res.output
    data = json.loads(res.output.strip().splitlines()[-1])
    assert (data["correct"], data["acceptable"], data["missed"]) == (0, 1, [])


def test_feedback_short_when_right_full_when_wrong(run, issue_file, tmp_path):
    right = quiz_run(run, [issue_file], ["90 Eichel"], tmp_path / "a.db", "--count", "1")
    assert "Richtig." in right.output and "Warum:" not in right.output
    wrong = quiz_run(run, [issue_file], ["80 Eichel"], tmp_path / "b.db", "--count", "1")
    assert "Warum: Hilfe in Eichel" in wrong.output          # the engine's reasoning
    assert "Hinweis: Nell zu dritt: the upper" in wrong.output  # and the drill's note
    asked = quiz_run(run, [issue_file], ["90 Eichel", "warum", "hilfe"], tmp_path / "c.db", "--count", "2", "--json")
    assert "Warum: Hilfe in Eichel" in asked.output           # reasoning on request ...
    assert json.loads(asked.output.strip().splitlines()[-1])["answered"] == 2  # ... costs no answer


def test_key_rule_after_two_misses_in_a_row(run, tmp_path):
    p = write(tmp_path, "h.yaml", ISSUE_DRILLS.replace("title: Die Hilfe\n", "title: Die Hilfe\n"))
    res = quiz_run(run, [p], ["fort", "raise", "ja"], tmp_path / "p.db")
    # the first answer is acceptable (no miss); raise and ja are two misses in a row
    out = res.output
    rule = "Merke (Die Hilfe): Die beiden kleinsten Zehner über dem laufenden Gebot"
    assert out.count(rule) == 1
    assert out.index(rule) > out.index("Aufgabe 3/4") and out.index(rule) < out.index("Aufgabe 4/4")
    assert "Verpasst in: Die Hilfe" in out


def test_end_of_input_ends_cleanly_and_keeps_the_answers(run, issue_file, tmp_path):
    db = tmp_path / "p.db"
    res = quiz_run(run, [issue_file], ["90 Eichel", "raise"], db, "--json")
    assert res.exit_code == 0
    assert "Abgebrochen: 2 Antworten gespeichert." in res.output
    assert json.loads(res.output.strip().splitlines()[-1])["answered"] == 2
    p = quiz.Progress.open(db)
    try:
        src = quiz.source_of(str(issue_file))
        assert [h["outcome"] for h in p.history(src, "hilfe-01")] == ["correct"]
        assert [h["outcome"] for h in p.history(src, "hilfe-02")] == ["wrong"]
        assert p.history(src, "check-01") == []
    finally:
        p.close()


def test_ctrl_c_keeps_what_was_answered(issue_file, tmp_path):
    items = drills.verified([issue_file])
    progress = quiz.Progress.open(tmp_path / "p.db", "kim")
    answers = iter(["90 Eichel"])

    def read(prompt):
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt

    out: list[str] = []
    res = quiz.Quiz(items, read=read, echo=out.append, progress=progress).run()
    assert (res.answered, res.correct, res.stopped) == (1, 1, True)
    assert out[-1] == "Ergebnis: 1/1 richtig"
    assert len(progress.schedule()) == 1
    progress.close()


def test_unreadable_answer_from_a_pipe_counts_as_a_miss(run, issue_file, tmp_path):
    res = quiz_run(run, [issue_file], ["neunzig", "hilfe"], tmp_path / "p.db", "--count", "2", "--json")
    # the reason is German too, not an English error inside a German line
    assert "Nicht lesbar (Ansage 'neunzig' nicht lesbar" in res.output and "cannot read" not in res.output
    assert json.loads(res.output.strip().splitlines()[-1]) == {
        "answered": 2, "correct": 1, "acceptable": 0, "missed": ["hilfe-01"]}


def test_unreadable_answer_in_a_terminal_is_asked_again(issue_file):
    item = drills.verified([issue_file])[0]
    answers = iter(["neunzig", "90 ei"])
    out: list[str] = []
    res = quiz.Quiz([item], read=lambda p: next(answers), echo=out.append, interactive=True).run()
    assert res.correct == 1 and any("Nicht lesbar" in x for x in out)


# -- the question gives nothing away ------------------------------------------------------
def _all_items():
    return drills.verified([ROOT / "exercises", FIXTURES / "exercises"])


def test_no_question_gives_the_answer_away():
    for item in _all_items():
        text, prompt = quiz.question(item)
        d, sol = item.drill, item.solution
        shown = text + prompt
        assert d.id not in shown
        if d.note:
            assert d.note not in shown
        if d.type == "bid" and item.engine.game == drills.GAME:
            # the prompt is the same for every bid drill; the call itself appears nowhere
            assert prompt == quiz.MESSAGES["de"]["p_bid"]
            if sol.answer != "fort":
                assert sol.answer not in shown, d.id
        elif d.type == "score" and item.engine.game == drills.GAME:
            numbers = set(re.findall(r"\d+", shown))
            # the numbers of the board are not in the question (unless they are the card points)
            for team, n in sol.answer.items():
                if str(n) != str(d.get("card_points")):
                    assert str(n) not in numbers, (d.id, n)
        elif d.type == "explain":
            question_line = next(x for x in text.splitlines() if x.startswith("Was zeigt"))
            # (the table rules a drill is played under are agreed before the game: shown as they are)
            before = "\n".join(x for x in text[: text.index(question_line)].splitlines()
                               if not x.startswith("Tischregeln:"))
            after = text[text.index(question_line) + len(question_line):]
            label = quiz._fold(drills.kind_label(item.engine, sol.answer, "de"))
            call = drills.entries_of(item.engine, d.auction, d.rules)[sol.ask - 1][1]
            if label not in quiz._fold(call):                          # fort is called fort
                assert label not in quiz._fold(before + question_line)  # only among the options
            assert label in quiz._fold(after)


def test_explain_options_depend_on_the_call_not_on_the_answer():
    items = [i for i in _all_items() if i.drill.type == "explain" and i.engine.game == drills.GAME]
    bid_answers = {}
    for item in items:
        entries = drills.entries_of(item.engine, item.drill.auction, item.drill.rules)
        _, call = entries[item.solution.ask - 1]
        if call[0].isdigit():
            opts = drills.choices(item.engine, item.drill.auction, item.solution.ask, item.drill.rules)
            bid_answers.setdefault(opts, set()).add(item.solution.answer)
    # one set of options for every bid, whatever its reading
    assert len(bid_answers) == 1
    assert len(next(iter(bid_answers.values()))) >= 5


def test_plain_output_without_a_terminal_and_with_no_color(run, issue_file, tmp_path):
    res = quiz_run(run, [issue_file], ["90 Eichel"], tmp_path / "p.db", "--count", "1")
    assert "\x1b[" not in res.output and "Eichel    A O 9" in res.output

    class Tty:
        encoding = "utf-8"

        def isatty(self):
            return True

    assert quiz.terminal_style(Tty()).color is True
    os.environ["NO_COLOR"] = "1"
    try:
        style = quiz.terminal_style(Tty())
    finally:
        del os.environ["NO_COLOR"]
    assert style.color is False
    lines = quiz.hand_lines(drills.engine_for(), "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8",
                            quiz.Style(color=True, symbols=True))
    assert lines[0].startswith("  ♣ Eichel") and "\x1b[31m♥ Rosen" in lines[2]


def test_the_auction_is_shown_by_seat_with_the_turn():
    lines = quiz.auction_lines([("A", "60 Eichel"), ("B", "fort"), ("C", "80 Eichel"), ("D", "fort"),
                                ("A", "90 Eichel"), ("D", "dopple")], ("A", "B", "C", "D"), turn=None)
    header, row1, row2 = lines
    assert header.split() == ["A", "B", "C", "D"]
    assert row1.split("  ")[1].strip() == "60 Eichel"
    assert row2.index("dopple") == header.index("D")


# -- order -----------------------------------------------------------------------------
def test_file_order_unless_shuffled(run, tmp_path):
    f = FIXTURES / "exercises" / "tafel.yaml"
    plain = quiz_run(run, [f], ["1 1"] * 4, tmp_path / "a.db", "--json")
    assert plain.output.index("113 Kartenpunkte") < plain.output.index("96 Kartenpunkte")
    items = drills.verified([f])
    assert [i.drill.id for i in quiz.order(items)] == ["tafel-a", "tafel-b", "tafel-c", "tafel-d"]
    orders = {tuple(i.drill.id for i in quiz.order(items, True, seed)) for seed in range(8)}
    assert len(orders) > 1 and all(sorted(o) == sorted(i.drill.id for i in items) for o in orders)


def test_a_file_with_a_wrong_answer_never_reaches_the_learner(run, tmp_path):
    wrong = write(tmp_path, "w.yaml", ISSUE_DRILLS.replace("answer: false", "answer: true"))
    res = quiz_run(run, [wrong], ["90 Eichel"], tmp_path / "p.db", "--lang", "en")
    assert res.exit_code == 1
    assert f"{wrong}:22: check-01: the answer key says true" in res.output
    res = quiz_run(run, [wrong], ["90 Eichel"], tmp_path / "p.db")
    assert res.exit_code == 1
    assert f"{wrong}:22: check-01: die Lösung sagt true" in res.output
    assert "Aufgabe 1/" not in res.output
    check = run("drills", "check", wrong)
    same = [x for x in check.output.splitlines() if x.startswith(str(wrong))]
    assert same and all(x in res.output for x in same)


# -- the schedule ------------------------------------------------------------------------
class Clock:
    def __init__(self):
        self.now = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.timezone.utc)

    def __call__(self):
        return self.now


def test_leitner_missed_due_at_once_right_later_and_later(tmp_path):
    clock = Clock()
    p = quiz.Progress.open(tmp_path / "p.db", "ana", clock)
    p.record("f", "d1", "t", "x", quiz.WRONG)
    assert p.due() == [("f", "d1")]                      # missed: due again at once
    gaps = []
    for _ in range(4):
        box, due = p.record("f", "d1", "t", "x", quiz.CORRECT)
        gaps.append((dt.datetime.fromisoformat(due.replace("Z", "+00:00")) - clock.now).days)
        assert p.due() == []
        clock.now = dt.datetime.fromisoformat(due.replace("Z", "+00:00"))
        assert p.due() == [("f", "d1")]
    assert gaps == sorted(gaps) and len(set(gaps)) == 4  # later and later
    p.record("f", "d1", "t", "x", quiz.WRONG)
    assert p.schedule()[("f", "d1")]["box"] == 0 and p.due() == [("f", "d1")]
    p.close()


def test_progress_is_per_learner(tmp_path):
    a = quiz.Progress.open(tmp_path / "p.db", "ana")
    b = quiz.Progress.open(tmp_path / "p.db", "ben")
    a.record("f", "d", None, "x", quiz.WRONG)
    assert a.due() == [("f", "d")] and b.due() == []
    a.close()
    b.close()


def test_review_brings_back_what_was_missed(run, issue_file, tmp_path):
    db = tmp_path / "p.db"
    quiz_run(run, [issue_file], ["90 Eichel", "raise", "nein", "313 44"], db)
    res = quiz_run(run, [], ["hilfe"], db, "--review", "--json")
    assert "Quiz: 1 Aufgabe." in res.output
    assert json.loads(res.output.strip().splitlines()[-1]) == {
        "answered": 1, "correct": 1, "acceptable": 0, "missed": []}
    again = quiz_run(run, [], [], db, "--review")
    # nothing due: one line that says so, no score of no questions (polish s48: "Ergebnis: 0/0")
    assert again.output.strip() == "Nichts fällig: alle geübten Aufgaben sind im Plan."


def test_two_quizzes_at_once_lose_nothing(tmp_path):
    """Two processes answer the same 13 drills on one database at the same time."""
    f = ROOT / "exercises" / "tafel-gen.yaml"
    items = drills.verified([f])
    answers = "".join(" ".join(str(v) for v in i.solution.answer.values()) + "\n" for i in items)
    db = tmp_path / "shared.db"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "tutor", "quiz", str(f), "--db", str(db), "--learner", "ana", "--json"]
    procs = [subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env, cwd=tmp_path) for _ in range(2)]
    outs = [waiting.finish(p, answers) for p in procs]   # each killed only when it hangs
    for p, (out, err) in zip(procs, ((o.stdout, o.stderr) for o in outs)):
        assert p.returncode == 0, err
        assert json.loads(out.strip().splitlines()[-1])["correct"] == len(items)
    prog = quiz.Progress.open(db, "ana")
    try:
        rows = prog.conn.execute("SELECT COUNT(*) FROM quiz_answer").fetchone()[0]
        sched = prog.schedule()
    finally:
        prog.close()
    assert rows == 2 * len(items)
    assert len(sched) == len(items)
    assert {s["answers"] for s in sched.values()} == {2}
    assert {s["box"] for s in sched.values()} == {2}     # two right answers each: box 2


def test_the_course_without_files_starts_with_the_lessons_drills(run, tmp_path):
    res = quiz_run(run, [], [], tmp_path / "p.db", "--json")
    # the fixture course: Tafel (order 1) comes before Hilfe (order 2)
    assert res.exit_code == 0
    assert res.output.index("Aufgabe 1/") < res.output.index("113 Kartenpunkte")
    assert "Quiz: 8 Aufgaben." in res.output


def test_an_unreadable_answer_is_explained_in_the_quiz_language(run, issue_file, tmp_path):
    en = quiz_run(run, [issue_file], ["neunzig"], tmp_path / "p.db", "--count", "1", "--lang", "en")
    assert "Cannot read that (" in en.output and "counts as wrong" in en.output
    assert "nicht lesbar" not in en.output.lower()
    de = quiz_run(run, [issue_file], ["neunzig"], tmp_path / "p2.db", "--count", "1")
    assert "Nicht lesbar (Ansage 'neunzig' nicht lesbar" in de.output and "zählt als falsch" in de.output


# -- practice that teaches: help, a hint, the missed drills once more ----------------------
def test_help_shows_what_can_be_typed_and_asks_again_without_counting(run, issue_file, tmp_path):
    """'?' (and 'help') at a call's prompt is no answer, from a pipe too: the quiz says what
    can be typed there and reads the next line as the answer to the same drill."""
    res = quiz_run(run, [issue_file], ["?", "help", "90 Eichel"], tmp_path / "p.db", "--count", "1", "--json")
    out = res.output
    assert out.count("Hier ist eine Ansage gefragt: Zahl und Farbe (90 Eichel, 90ei), fort, dopple oder konter.") == 2
    assert "«tipp» gibt einen ersten Schritt" in out
    assert "Richtig." in out and "Falsch" not in out
    assert json.loads(out.strip().splitlines()[-1]) == {"answered": 1, "correct": 1, "acceptable": 0, "missed": []}


@pytest.mark.parametrize("lang, word, reminder", [
    ("de", "hilfe", "Hier ist eine Ansage gefragt"),
    ("fr", "aide", "Ici, on demande une enchère"),
])
def test_hilfe_and_aide_ask_for_help_where_they_are_no_answer(run, issue_file, tmp_path, lang, word, reminder):
    """From a pipe too: at a call's prompt the word for help in the learner's language
    shows what can be typed and the next line answers the same drill; at an explain drill
    the same word is the answer "Hilfe" (the issue's drill 2 is one), scored right."""
    res = quiz_run(run, [issue_file], [word, "90 Eichel", word], tmp_path / "p.db", "--count", "2", "--json",
                   "--lang", lang)
    assert res.output.count(reminder) == 1
    assert json.loads(res.output.strip().splitlines()[-1]) == {"answered": 2, "correct": 2, "acceptable": 0,
                                                              "missed": []}


def test_a_learners_own_file_never_counts_as_the_course_s_drill(run, tmp_path):
    """A learner's own hilfe.yaml whose drill is called hilfe-01, like the course's: the
    answer is stored for the own file; the course's lesson "hilfe" stays unpractised and
    nothing of it falls due (QA: it showed "practised 1, due 1" and the course began with
    the bundled hilfe-01)."""
    own = tmp_path / "mine" / "hilfe.yaml"
    own.parent.mkdir()
    own.write_text("drills:\n  - {id: hilfe-01, type: bid, hand: 'Eichel:96 Schellen:KO8 Rosen:B87 Schilten:O', "
                   "auction: '60 Eichel, fort', answer: '70 Eichel'}\n", encoding="utf-8")
    db = tmp_path / "p.db"
    res = run("quiz", own, "--db", db, input="80 Eichel\n")
    assert "Falsch" in res.output
    hilfe = next(x for x in json.loads(run("lessons", "--json", "--db", db).output) if x["id"] == "hilfe")
    assert (hilfe["seen"], hilfe["due"]) == (0, 0)
    p = quiz.Progress.open(db)
    try:
        assert [h["outcome"] for h in p.history(quiz.source_of(str(own)), "hilfe-01")] == ["wrong"]
        assert p.history(quiz.source_of(str(ROOT / "exercises" / "hilfe.yaml")), "hilfe-01") == []
    finally:
        p.close()


def test_help_at_an_explain_drill_lists_its_options(run, issue_file, tmp_path):
    res = quiz_run(run, [issue_file], ["90 Eichel", "?", "2"], tmp_path / "p.db", "--count", "2", "--json")
    assert "Hier ist gefragt, was die Ansage zeigt" in res.output and "2 Hilfe" in res.output
    assert json.loads(res.output.strip().splitlines()[-1])["correct"] == 2


@pytest.mark.parametrize("lang, word, step", [
    # C answers A's 60 Eichel over B's 70 Schellen: the first step is A's suit (the rules:
    # A and C are partners, the Hilfe answers the partner's suit)
    ("de", "tipp", "Erster Schritt: Dein Partner A hat Eichel geboten («60 Eichel»). Was hältst du in Eichel"),
    ("en", "hint", "First step: your partner A bid Eichel ('60 Eichel'). What do you hold in Eichel"),
    ("fr", "indice", "Premier pas : ton partenaire A a annoncé Eichel (« 60 Eichel »). Que tiens-tu en Eichel"),
])
def test_a_hint_gives_a_first_step_and_is_not_an_answer(run, issue_file, tmp_path, lang, word, step):
    res = quiz_run(run, [issue_file], [word, "90 Eichel"], tmp_path / "p.db", "--count", "1", "--json",
                   "--lang", lang)
    assert step in res.output
    assert "90 Eichel" not in res.output.split(step)[1].split("\n")[0]   # the hint never names the key
    assert json.loads(res.output.strip().splitlines()[-1])["answered"] == 1
    p = quiz.Progress.open(tmp_path / "p.db")
    try:   # one answer stored, the hint none
        assert [h["outcome"] for h in p.history(quiz.source_of(str(issue_file)), "hilfe-01")] == ["correct"]
    finally:
        p.close()


def test_hints_follow_the_position():
    """The first step depends on what the auction shows: nothing bid yet is an opening; a
    check drill asks for the learner's own call first; a score drill whether the contract
    is made; a trick whether a trump is in it."""
    items = drills.verified([ROOT / "exercises" / "eroeffnung.yaml", ROOT / "exercises" / "kartenwerte.yaml"])
    opening = next(i for i in items if i.drill.type == "bid" and not i.drill.auction)
    assert quiz.hint(opening).startswith("Erster Schritt: Welche Farbe kannst du eröffnen?")
    trick = next(i for i in items if i.drill.type == "trick" and i.drill.get("question", "winner") == "winner")
    assert quiz.hint(trick, "en").startswith("First step:") and "trick" in quiz.hint(trick, "en")


def test_hint_of_a_check_and_a_score_drill(issue_file):
    items = {i.drill.type: i for i in drills.verified([issue_file])}
    assert quiz.hint(items["check"]) == ("Erster Schritt: Was würdest du selbst mit diesem Blatt ansagen? "
                                         "Vergleiche es dann mit «80 Eichel».")
    assert quiz.hint(items["score"]).startswith("Erster Schritt: Ist das Gebot erfüllt?")
    assert quiz.hint(items["explain"], "fr").startswith("Premier pas : qui a dit « 90 Eichel »")


def test_the_missed_drills_are_asked_once_more_and_review_is_named(run, issue_file, tmp_path):
    db = tmp_path / "p.db"
    res = quiz_run(run, [issue_file], ["80 Eichel", "raise", "ja", "313 44", "90 Eichel", "hilfe", "ja"], db)
    out = res.output
    assert "Verpasst: Aufgabe 1, 2 und 3. Jede davon noch einmal:" in out
    again = out.split("Jede davon noch einmal:")[1]
    assert [x for x in again.splitlines() if "noch einmal" in x] == [
        "Aufgabe 1/4, noch einmal", "Aufgabe 2/4, noch einmal", "Aufgabe 3/4, noch einmal"]
    lines = out.strip().splitlines()
    assert lines[-4:] == ["Verpasst in: Die Hilfe", "Zweiter Versuch: 2/3 richtig",
                          "Was du verpasst hast, kommt zuerst wieder: tutor quiz --review",
                          "Ergebnis: 1/4 richtig"]
    p = quiz.Progress.open(db)
    try:
        src = quiz.source_of(str(issue_file))
        assert [h["outcome"] for h in p.history(src, "hilfe-01")] == ["wrong", "correct"]
        assert [h["outcome"] for h in p.history(src, "check-01")] == ["wrong", "wrong"]
        assert p.due() == [(src, "check-01")]   # right the second time: not due at once
    finally:
        p.close()


def test_no_second_round_after_end(run, issue_file, tmp_path):
    res = quiz_run(run, [issue_file], ["80 Eichel", "ende"], tmp_path / "p.db")
    assert "noch einmal" not in res.output
    assert "Abgebrochen: 1 Antwort gespeichert." in res.output
    assert "tutor quiz --review" in res.output


# -- progress keyed by the drill, not by the path ---------------------------------------
def test_progress_follows_the_drill_when_its_file_moves(run, tmp_path):
    """A drill is its file's name and its id: a moved or re-cloned checkout keeps what was
    practised (--review with the file at its new place finds the missed drill)."""
    old = write(tmp_path / "old", "hilfe.yaml", ISSUE_DRILLS)
    db = tmp_path / "p.db"
    quiz_run(run, [old], ["90 Eichel", "raise", "nein", "313 44"], db)
    new = tmp_path / "new" / "hilfe.yaml"
    new.parent.mkdir()
    old.rename(new)
    res = quiz_run(run, [new], ["hilfe"], db, "--review", "--json")
    assert "Quiz: 1 Aufgabe." in res.output
    assert json.loads(res.output.strip().splitlines()[-1])["correct"] == 1
    p = quiz.Progress.open(db)
    try:
        # the learner's own file (not the course's exercises/): its name, marked as own
        assert set(p.schedule()) == {("own:hilfe.yaml", d) for d in ("hilfe-01", "hilfe-02", "check-01", "tafel-01")}
    finally:
        p.close()


def test_an_old_database_keyed_by_paths_is_migrated_without_losing_an_answer(tmp_path):
    """Version 4 named a drill by its file's resolved path: version 5 renames every answer
    to the file's name and merges one file answered under two paths (answers summed, the
    schedule of the latest answer kept)."""
    import sqlite3

    from tutor import store

    db = tmp_path / "old.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                 "applied TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)")
    for version, name, sql in store.migrations():
        if version <= 4:
            conn.executescript(sql)
            conn.execute("INSERT INTO schema_version (version, name) VALUES (?, ?)", (version, name))
    answers = [("/home/ana/old/exercises/hilfe.yaml", "hilfe-01", "80 Eichel", "wrong", "2026-01-01T10:00:00Z"),
               ("/home/ana/new/exercises/hilfe.yaml", "hilfe-01", "90 Eichel", "correct", "2026-02-01T10:00:00Z"),
               ("/home/ana/new/exercises/tafel.yaml", "tafel-a", "1 1", "wrong", "2026-02-01T11:00:00Z")]
    conn.executemany("INSERT INTO quiz_answer (learner, source, drill, topic, given, outcome, answered_at)"
                     " VALUES ('ana', ?, ?, 't', ?, ?, ?)", answers)
    conn.executemany("INSERT INTO quiz_schedule VALUES ('ana', ?, ?, 't', ?, ?, ?, 1)", [
        ("/home/ana/new/exercises/hilfe.yaml", "hilfe-01", 1, "2026-02-02T10:00:00Z", "correct"),
        ("/home/ana/old/exercises/hilfe.yaml", "hilfe-01", 0, "2026-01-01T10:00:00Z", "wrong"),
        ("/home/ana/new/exercises/tafel.yaml", "tafel-a", 0, "2026-02-01T11:00:00Z", "wrong")])
    conn.commit()
    conn.close()
    p = quiz.Progress.open(db, "ana")
    try:
        sched = p.schedule()
        assert set(sched) == {("hilfe.yaml", "hilfe-01"), ("tafel.yaml", "tafel-a")}
        hilfe = sched["hilfe.yaml", "hilfe-01"]
        assert (hilfe["box"], hilfe["last_outcome"], hilfe["answers"]) == (1, "correct", 2)
        assert [h["given"] for h in p.history("hilfe.yaml", "hilfe-01")] == ["80 Eichel", "90 Eichel"]
        assert p.paths()["tafel.yaml"] == "/home/ana/new/exercises/tafel.yaml"
        assert p.conn.execute("SELECT COUNT(*) FROM quiz_answer").fetchone()[0] == 3
    finally:
        p.close()


def test_lessons_counts_by_convention(run, issue_file, tmp_path):
    """C's 90 Eichel answers A's 60 Eichel after B's 70 Schellen came between: a Hilfe
    after an intervening bid, as is the explain drill's 90 Eichel and the checked 80
    Eichel (a Hilfe's number, untrue here); the score drill practises the board. Two of
    the three Hilfe drills right, the board right."""
    db = tmp_path / "p.db"
    quiz_run(run, [issue_file], ["90 Eichel", "hilfe", "ja", "313 44", "ende"], db)
    res = run("lessons", "--db", db, "--lessons", FIXTURES / "lessons")
    out = res.output
    assert "Nach Konvention (zuletzt richtig / geübt):" in out
    assert "  Hilfe nach Zwischengebot 2/3" in out.splitlines()
    assert "  die Tafel 1/1" in out.splitlines()
    fr = run("lessons", "--db", db, "--lessons", FIXTURES / "lessons", "--lang", "fr").output
    assert "Par convention (justes la dernière fois / exercés) :" in fr


def test_no_english_id_in_an_answer(run, issue_file, tmp_path):
    """The kinds' ids (hilfe, ace, unconventional) are for JSON: the German and French
    feedback and answer keys name a kind in their own words only."""
    from tutor.conventions import KINDS

    items = [i for i in _all_items() if i.drill.type == "explain"]
    assert {i.solution.answer for i in items} >= {"hilfe", "opening"}
    for lang in ("de", "fr"):
        for item in items:
            shown = quiz.show_answer(item, lang)
            assert not any(f"({k})" in shown for k in KINDS), (lang, item.drill.id, shown)
    res = quiz_run(run, [issue_file], ["90 Eichel", "eröffnung"], tmp_path / "p.db", "--count", "2", "--lang", "fr")
    assert "Faux. La bonne réponse : aide (Hilfe)." in res.output and "(hilfe)" not in res.output
    for lang in ("de", "fr"):
        sheet = run("sheet", issue_file, "--lang", lang).output
        assert not any(f"({k})" in sheet for k in KINDS), lang


def test_a_note_without_french_is_marked_german(run, issue_file, tmp_path):
    """A drill of one's own with a German note: in French the note is shown, marked as
    German (the bundled notes have their French in lessons/fr/notes.yaml)."""
    res = quiz_run(run, [issue_file], ["80 Eichel", "fin"], tmp_path / "p.db", "--lang", "fr")
    assert "Remarque (en allemand) : Nell zu dritt: the upper of the two Zehner over 70." in res.output


def test_another_game_gives_its_own_first_step():
    """A Tarneeb drill's hint is the Tarneeb engine's (tutor.tarneeb): for a score drill,
    made or set, never a Sidi-Barrani step."""
    items = drills.verified([ROOT / "exercises" / "tarneeb.yaml"])
    score = next(i for i in items if i.drill.type == "score")
    assert quiz.hint(score, "en").startswith("First step: did the bidders take at least the tricks they bid?")
    assert all("Puur" not in quiz.hint(i, "en") for i in items)


def test_the_hint_after_the_partners_ass_ansage_names_the_ace(tmp_path):
    """B's 95 Rosen over 90 Eichel is the next Fünfer: an Ass-Ansage (the rules: «Fünfer
    zeigen ein Ass»), not a suit to help: D's first step names B's Ace. Over 60 Eichel the
    95 is not the next Fünfer (that is the 65) and shows no Ace: the hint reads the call as
    the rule table does, not by its number."""
    f = write(tmp_path, "a.yaml", """\
        drills:
          - {id: a, type: bid, hand: "Eichel:KB Schellen:AO Rosen:K87 Schilten:U9",
             auction: "90 Eichel, 95 Rosen, 100 Eichel", answer: "105 Schellen"}
          - {id: b, type: bid, hand: "Eichel:KB Schellen:AO Rosen:K87 Schilten:U9",
             auction: "60 Eichel, 95 Rosen, 100 Eichel", answer: fort}
        """)
    ace, other = drills.verified([f])
    assert quiz.hint(ace, "en").startswith("First step: your partner B showed the Ace of Rosen with '95 Rosen'.")
    assert quiz.hint(other, "en").startswith("First step: your partner B bid Rosen ('95 Rosen').")


def test_in_a_terminal_the_course_waits_for_enter_after_the_lesson(tmp_path, issue_file):
    """On a terminal the lesson is read first: its drills start after Enter (the prompt
    is asked once, and its empty line is no answer)."""
    from tutor.course.lessons import loads

    lesson = loads("---\nid: hilfe\ntitle: Die Hilfe\norder: 1\ndrills: []\nkey_rule: Zwei Zehner.\n---\n"
                   "# Die Hilfe\n\n## Die Regel\n\nDer untere heisst zu zweit.\n")
    items = drills.verified([issue_file])[:1]
    prompts: list[str] = []
    lines = iter(["", "90 Eichel"])

    def read(prompt):
        prompts.append(prompt)
        return next(lines, None)

    out: list[str] = []
    res = quiz.Quiz(items, read=read, echo=out.append, interactive=True, introduce=True,
                    lessons={"hilfe": lesson}).run()
    assert prompts[0] == "Enter: weiter zu ihren Aufgaben " and res.correct == 1
    text = "\n".join(out)
    assert text.index("Die Regel") < text.index("Merke: Zwei Zehner.") < text.index("Aufgabe 1/1")


def test_a_folder_of_every_game_s_drills_is_quizzed_one_game_at_a_time(tmp_path):
    # Tarneeb is its own course: `tutor quiz exercises/` asks the Sidi-Barrani drills, and
    # `tutor --game tarneeb quiz exercises/` the Tarneeb ones; a file named on its own is asked
    import shutil

    from click.testing import CliRunner

    from tutor.cli import main

    folder = tmp_path / "ex"
    folder.mkdir()
    for name in ("tafel.yaml", "tarneeb.yaml"):
        shutil.copy(ROOT / "exercises" / name, folder / name)
    tafel = len(drills.load(str(folder / "tafel.yaml")).drills)
    tarneeb = len(drills.load(str(folder / "tarneeb.yaml")).drills)

    def asked(*args) -> int:
        r = CliRunner().invoke(main, [*args, "--count", "500", "--db", str(tmp_path / "p.db"), "--lang", "en"],
                               input="")
        assert r.exit_code == 0, r.output
        return int(re.search(r"^Quiz: (\d+) drills", r.output, re.M).group(1))

    assert asked("quiz", str(folder)) == tafel
    assert asked("--game", "tarneeb", "quiz", str(folder)) == tarneeb
    assert asked("quiz", str(folder), str(folder / "tarneeb.yaml")) == tafel + tarneeb


def test_counts_of_one_are_singular(tmp_path):
    # "1 Lektionen" and "1 Aufgaben in Ordnung" read wrong: each count has its own plural
    import yaml
    from click.testing import CliRunner

    from tutor.cli import main

    r = CliRunner().invoke(main, ["--game", "tarneeb", "lessons", "--db", str(tmp_path / "p.db")])
    assert r.exit_code == 0 and r.output.startswith("Der Kurs: 1 Lektion\n"), r.output
    good = drills.load(str(ROOT / "exercises" / "tafel.yaml")).drills[0]
    f = tmp_path / "one.yaml"
    data = yaml.safe_load((ROOT / "exercises" / "tafel.yaml").read_text(encoding="utf-8"))
    first = data["drills"][0]
    assert first["id"] == good.id
    broken = {**first, "id": "broken", "answer": {k: v + 10 for k, v in first["answer"].items()}}
    f.write_text(yaml.safe_dump({"drills": [first, broken]}, allow_unicode=True), encoding="utf-8")
    for lang, line in (("de", "1 Datei: 1 Aufgabe in Ordnung, 1 Problem."),
                       ("en", "1 file: 1 drill fine, 1 problem."),
                       ("fr", "1 fichier : 1 exercice en ordre, 1 problème.")):
        r = CliRunner().invoke(main, ["drills", "check", str(f), "--lang", lang])
        assert r.exit_code == 1 and r.output.strip().splitlines()[-1] == line, r.output


def test_is_that_call_allowed_is_answered_by_the_rules_of_the_auction_first(tmp_path):
    """QA s33 Q15: bieten-15 asks whether D may say 50 Rosen after three forts; the answer is
    yes (the rules: «Das Bieten endet, sobald nach einem Gebot die drei anderen Spieler der
    Reihe nach «fort» gesagt haben»: without a bid the forts end nothing), but the why began
    with the hand's fit, which a learner who said no read as a confirmation. The why says the
    legality first; whether the call suits the hand (D holds Rosen A 9: no Nell, no three
    cards) comes after, apart."""
    f = write(tmp_path, "q.yaml", """\
        drills:
          - {id: forts, type: check, hand: "Eichel:K86 Schellen:U7 Rosen:A9 Schilten:OB",
             auction: "fort, fort, fort", call: "D: 50 Rosen", question: legal, answer: true}
          - {id: over, type: check, hand: "Eichel:K86 Schellen:U7 Rosen:A9 Schilten:OB",
             auction: "60 Eichel, fort, fort", call: "D: 70 Rosen", question: legal, answer: true}
          - {id: double, type: check, hand: "Eichel:A87 Schellen:OB Rosen:AB Schilten:O7",
             auction: "fort, fort, 50 Schellen", call: "D: dopple", question: legal, answer: true}
          - {id: equal, type: check, hand: "Eichel:K86 Schellen:U7 Rosen:A9 Schilten:OB",
             auction: "60 Eichel", call: "60 Rosen", question: legal, answer: false}
        """)
    forts, over, double, equal = drills.verified([f], lang="en")
    text = forts.solution.text
    assert text.startswith("Yes: D is in turn and nobody has bid yet; fort without a bid ends nothing (the "
                           "bidding ends only after a bid), so 50 Rosen may open it. 50 Rosen says: "), text
    # the three others are out (their forts are final): D's bid stands at once, so its number
    # shows no cards (docs/interpretations, "The last word"), and whether it suits the hand
    # comes after the legality, apart
    assert "nobody bids after it" in text[:text.index("Recommended:")]
    assert "opening in Rosen" not in text
    assert over.solution.text.startswith("Yes: D is in turn and 70 Rosen is higher than 60 Eichel. ")
    # the double: C's 50 Schellen is the last call and D is C's opponent (the rules' window)
    assert double.solution.text.startswith("Yes: D plays against C's 50 Schellen, nobody has doubled it and "
                                           "nobody has called since. ")
    assert equal.solution.text.startswith("Not legal: 60 Rosen does not overbid 60 Eichel.")
    # the quiz's why and the worksheet's compact key begin with it (the first sentence)
    from tutor.course.sheets import first_sentence

    assert first_sentence(text).startswith("Yes: D is in turn")
    de = drills.verified([f], lang="de")[0].solution.text
    assert de.startswith("Ja: D ist an der Reihe, und noch niemand hat geboten;"), de


def test_the_hint_of_a_narrower_question_points_at_what_it_asks(tmp_path):
    """A check drill that asks only "is it allowed?" is answered by the rules of the
    auction (the rules: «Jedes weitere Gebot liegt mindestens 5 Punkte über dem
    vorherigen»; the double «sobald das Gebot gefallen ist und bis der nächste Spieler
    geboten oder fort gesagt hat»), one that asks "allowed and true?" by what the call
    promises: the first step is not "what would you call yourself"."""
    f = write(tmp_path, "q.yaml", """\
        drills:
          - {id: legal, type: check, hand: "Eichel:A87 Schellen:OB Rosen:AB Schilten:O7",
             auction: "fort, fort, 50 Schellen", call: "D: dopple", question: legal, answer: true}
          - {id: honest, type: check, hand: "Eichel:O7 Schellen:KB8 Rosen:76 Schilten:AK",
             auction: "80 Eichel, 85 Rosen", call: "95 Schilten", question: truthful, answer: true}
          - {id: read, type: explain, auction: "60 Eichel, 65 Rosen", ask: 2, answer: ace}
        """)
    legal, true, read = drills.verified([f])
    assert quiz.hint(legal, "en").startswith("First step: may D say 'dopple' now? Is the bidding still open?")
    assert "at least 5 above" in quiz.hint(legal, "en") and "yourself" not in quiz.hint(legal, "en")
    assert quiz.hint(true, "en").startswith("First step: what does '95 Schilten' promise")
    assert quiz.hint(legal, "de").startswith("Erster Schritt: Darf D jetzt «dopple» sagen?")
    # 65 is a Fünfer over 60, not a Zehner: the hint asks which of the two
    assert "a Zehner, or a Fünfer?" in quiz.hint(read, "en") and "which Zehner" not in quiz.hint(read, "en")


def test_with_suit_symbols_a_trick_shows_the_banner_as_10_not_as_a_seat_letter():
    """QA s38 F5.6: "A: ♣B   B: ♣6" reads the Banner as seat B. With symbols the trick shows the
    French-suited deck's 10, which is also how it is typed (``♣10`` is the Eichel Banner)."""
    from tutor.cards import Card

    lines = [quiz._card_text(Card.parse(c), quiz.Style(symbols=True)) for c in ("Eichel B", "Eichel 6", "Rosen A")]
    assert lines == ["♣10", "♣6", "♥A"]
    assert Card.parse(lines[0]) == Card.parse("Eichel B")     # what is shown can be typed back
    assert quiz._card_text(Card.parse("Eichel B"), quiz.Style()) == "Eichel B"   # without symbols: the notation
