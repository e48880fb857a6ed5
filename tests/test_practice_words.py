"""Practice's and review's words for a double and a konter: the word the learner types in his
language (docs/french.md: « contre » / « surcontre », read as dopple / konter), in the prompt,
the robots' lines, the hint and the review of his calls; French typography (" ; ")."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_a_robot_s_double_is_shown_in_the_learner_s_word():
    # deal 678, C: A opens 70 Schilten, B bids 90 Schellen, A doubles it (the count: Schellen A U 8
    # over B's trumps, two side Aces). A double a robot should make: exact play makes B's 90 on
    # 6 of 48 deals that fit A's hand and the auction (seed 1), and on the real deal B and D
    # take 73 (test_practice.py). Session 38's deal 183 (A's double of B's 120 Schellen on two side
    # Aces, made with all 157) is no double since the count's session-38 rule.
    from tutor.practice.session import Practice

    for lang, said in (("fr", "A contre : "), ("en", "A dopple: "), ("de", "A dopple: ")):
        p = Practice(seed=678, seat="C", judge="count", lang=lang)
        assert p.calls == ["70 Schilten", "90 Schellen", "A: dopple"]   # the JSON's words stay
        double = p.steps[-3]   # then B's side lets a konter pass: "D: no konter", "B: no konter"
        assert p.line(double).startswith(said), (lang, p.line(double))


@pytest.mark.needs_core   # the deal's exact value
def test_a_learner_s_contre_is_asked_and_reviewed_as_contre():
    # deal 7 by the count: C may double out of turn; the French learner is asked « contre ? »,
    # types contre, and his review names the call he typed (s37: "5. dopple : ..."), the
    # English and German review dopple as before
    from tutor.practice.session import Practice

    p = Practice(7, "C", None, "fr", "count")
    while p.waiting != "option":
        p.call("fort")
    assert p.prompt() == "C : contre ? (Entrée : non)"
    index = len(p.calls) + 1
    p.call("contre")
    while not p.over:
        p.call("fort" if p.waiting == "turn" else "")
    result = p.result(best=False)
    fr, en = result.lines("fr"), result.lines("en")
    assert any(x.startswith(f"  {index}. contre : ") for x in fr), fr
    assert not any("dopple" in x or "konter" in x for x in fr), fr
    assert any(x.startswith(f"  {index}. dopple: ") for x in en), en
    assert [r.call for r in result.review if r.call not in (None, "fort")] == ["dopple"]   # the data's word


def test_tutor_review_lists_the_double_in_the_learner_s_word_with_french_typography():
    # the worked example's D doubles 100 Eichel (the count would say nothing there); French
    # sets a space before ";" (docs/french.md; QA s37 Q5.8: "fidèle à la main : oui; le tuteur")
    from tutor.play import game
    from tutor.practice.game import call_lines, review_calls

    calls = review_calls(game.load(ROOT / "examples" / "worked-example.yaml"), "count")
    fr = [line for c in calls for line in call_lines(c, "fr")]
    en = [line for c in calls for line in call_lines(c, "en")]
    last_fr, last_en = call_lines(calls[5], "fr"), call_lines(calls[5], "en")
    assert last_fr[0].startswith(" 6. D  contre ") and last_en[0].startswith(" 6. D  dopple "), (last_fr, last_en)
    assert fr[1] == "    conventionnelle : oui, fidèle à la main : oui ; le tuteur annonce la même chose.", fr[1]
    assert en[1] == "    conventional: yes, true to the hand: yes; the tutor calls the same.", en[1]
    assert not any("oui;" in x for x in fr), fr


def test_the_cost_of_a_double_reads_as_french_for_any_call():
    # QA s37 Q5.8: "D'après les donnes, contre cède en moyenne 140 points au tableau : elle
    # rapporte -437": « le contre » is masculine, fort too; the sentence names the call again
    from tutor.judgement.base import NOTHING, Cost

    for n in (1, 100):
        line = Cost("dopple", -437.0, NOTHING, -296.0, n).line().text("fr")
        assert line.startswith("D'après les donnes, contre cède en moyenne 141 points au tableau : "
                               "cette enchère rapporte -437, ne rien dire -296"), line
        assert "elle" not in line


def test_the_practice_counts_take_the_plural_of_their_own_number():
    # s38: the line after a kept deal read "of 1 calls 1 the tutor's" (its plural followed the
    # deals), `practice --stats` "1 deals practised"; each count now names its own noun
    from tutor.i18n import ngettext
    from tutor.practice.progress import Stats, calls_phrase

    said = {(n, lang): calls_phrase(Stats(1, 0, 0, n, n, 0)).text(lang) for n in (1, 2) for lang in ("en", "de", "fr")}
    assert said == {(1, "en"): "of 1 call 1 the tutor's", (2, "en"): "of 2 calls 2 the tutor's",
                    (1, "de"): "von 1 Ansage 1 wie der Tutor", (2, "de"): "von 2 Ansagen 2 wie der Tutor",
                    (1, "fr"): "sur 1 annonce, 1 comme le tuteur", (2, "fr"): "sur 2 annonces, 2 comme le tuteur"}
    one = ngettext("{learner}: {deals} deal practised; your team wrote {board}, its best contract "
                   "{best}; {calls}, {acceptable} acceptable, {worse} worse.",
                   "{learner}: {deals} deals practised; your teams wrote {board}, their best "
                   "contracts {best}; {calls}, {acceptable} acceptable, {worse} worse.", 1, "en",
                   learner="ann", deals=1, board=148, best=314, calls=calls_phrase(Stats(1, 148, 314, 1, 1, 0)),
                   acceptable=0, worse=0)
    assert one == "ann: 1 deal practised; your team wrote 148, its best contract 314; of 1 call 1 the tutor's, " \
                  "0 acceptable, 0 worse."
    # the calls taken from the hint (s38: counted in --stats --json only): said where there are any
    hinted = {lang: calls_phrase(Stats(1, 0, 0, 3, 1, 0, 1)).text(lang) for lang in ("en", "de", "fr")}
    assert hinted == {"en": "of 3 calls 1 the tutor's and 1 taken from the hint",
                      "de": "von 3 Ansagen 1 wie der Tutor und 1 nach dem Tipp",
                      "fr": "sur 3 annonces, 1 comme le tuteur et 1 selon le conseil"}
    assert Stats(1, 0, 0, 3, 1, 0, 1).acceptable == 1   # 3 calls: 1 his own find, 1 from the hint, 1 acceptable


def test_the_table_companion_shows_a_double_in_the_learner_s_word():
    # `tutor table --lang fr`: B's double typed as « contre » was shown "B dopple : contre, ×2."
    from click.testing import CliRunner

    from tutor.cli import main

    args = ["table", "--hand", "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7", "--seat", "C", "--dealer", "D", "--count"]
    fr = CliRunner().invoke(main, [*args, "--lang", "fr"], input="60ei\ncontre\n").output
    en = CliRunner().invoke(main, [*args, "--lang", "en"], input="60ei\ndopple\n").output
    assert "B contre : contre, ×2." in fr.splitlines() and "dopple" not in fr, fr
    assert any(x.startswith("B dopple: ") for x in en.splitlines()), en


def test_the_quiz_records_a_double_as_the_learner_typed_it(tmp_path):
    # a French learner's « contre » was kept in his progress as "dopple" (s38 polish 1): the
    # answer is judged by the call's own word and kept in the word he types
    from click.testing import CliRunner

    from tutor.cli import main
    from tutor.course import quiz

    drills = tmp_path / "d.yaml"
    drills.write_text('title: t\nrules: verband\ndrills:\n  - id: d-01\n    type: bid\n'
                      '    hand: "Eichel:96 Schellen:KO8 Rosen:B87 Schilten:O"\n'
                      '    auction: "fort, 60 Eichel"\n    answer: "fort"\n', encoding="utf-8")
    for lang, typed in (("fr", "contre"), ("en", "dopple")):
        db = tmp_path / f"{lang}.sqlite3"
        out = CliRunner().invoke(main, ["quiz", str(drills), "--db", str(db), "--count", "1", "--lang", lang,
                                        "--learner", "ana"], input=f"{typed}\nfin\nend\n")
        assert out.exit_code == 0, out.output
        p = quiz.Progress.open(str(db), "ana")
        try:
            assert [h["given"] for h in p.history("own:d.yaml", "d-01")][:1] == [typed], out.output
        finally:
            p.close()
        yours = next(x for x in out.output.splitlines() if "montrerait" in x or "would show" in x)
        assert f" {typed} " in yours and ("dopple" not in yours) == (lang == "fr"), yours
