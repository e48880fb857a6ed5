"""What a check drill's key means, and that ``tutor drills check`` holds every key to it.

A check drill asks "is that right with this hand?": yes only for the call the tutor
recommends (or one it finds as good); a legal and true call that is not the best is "no",
and the checker's text says so first. A drill may ask the narrower question in its own
words: ``question: legal`` (is the call allowed here?) or ``question: truthful`` (allowed,
and does the hand hold what it promises?).

The expected keys come from the rules text (/work/shared/rules/sidi-barrani.txt) and the
worked example, never from the engine's output.
"""
from __future__ import annotations

import textwrap

import pytest

from conftest import ROOT
from tutor.course import drills, generator, quiz

# The worked example's hands (shared/rules/worked-example.yaml).
WORKED_A = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"
WORKED_D = "Eichel:KB Schellen:AO Rosen:AK7 Schilten:U9"
# D after «60 Eichel, fort, fort»: no Puur or Nell anywhere (no opening), the Schellen-Ass;
# B, D's partner, has said fort (final at the Verband's table), so only A could bid on.
ALONE_D = "Eichel:87 Schellen:A6 Rosen:KO8 Schilten:B7"


def _file(tmp_path, *items: str):
    body = "".join(textwrap.indent(textwrap.dedent(x), "  ") for x in items)
    p = tmp_path / "keys.yaml"
    p.write_text("title: Keys\nrules: verband\ndrills:\n" + body, encoding="utf-8")
    return p


def _check(id_: str, hand: str, auction: str, call: str, answer: bool, question: str | None = None) -> str:
    q = f"  question: {question}\n" if question else ""
    return (f'- id: {id_}\n  type: check\n  hand: "{hand}"\n  auction: "{auction}"\n'
            f'  call: "{call}"\n{q}  answer: {str(answer).lower()}\n')


def _problems(path, lang="en"):
    _, problems, unreadable = drills.check_paths([path], lang)
    assert not unreadable
    return {p.drill: p.message_text(lang) for p in problems}


# -- "is that right with this hand?": the tutor's own call -------------------------------------
def test_the_text_s_own_calls_are_keyed_yes(tmp_path):
    """The worked example: A opens «60 auf Eichel» with the Puur zu dritt; D says «95 auf
    Rosen», the next Fünfer over the 90, because he is sure A and C bid on."""
    p = _file(tmp_path,
              _check("a-opens", WORKED_A, "", "60 Eichel", True),
              _check("d-ace", WORKED_D, "60 Eichel, 70 Schellen, 90 Eichel", "95 Rosen", True))
    assert _problems(p) == {}


def test_an_ace_announcement_nobody_is_sure_to_bid_over_is_legal_and_true_but_not_right(tmp_path):
    """«Darum sagt ein Ass an, wer sicher ist, dass danach weitergeboten wird»: A showed only
    his Puur zu dritt and C is out, so nobody is sure to bid over D's 75 Schellen: it is no
    for the plain question, though the hand holds the Ace and the Fünfer is an Ass-Ansage
    (D's partner B is still in: his 65 Rosen showed the Rosen Ace)."""
    auction = "60 Eichel, 65 Rosen, fort"
    p = _file(tmp_path,
              _check("plain-no", ALONE_D, auction, "75 Schellen", False),
              _check("truthful-yes", ALONE_D, auction, "75 Schellen", True, "truthful"),
              _check("legal-yes", ALONE_D, auction, "75 Schellen", True, "legal"))
    assert _problems(p) == {}
    wrong = _file(tmp_path, _check("plain-yes", ALONE_D, auction, "75 Schellen", True))
    problems = _problems(wrong)
    assert list(problems) == ["plain-yes"]
    assert "the engine says false: Legal and true, but not the best call." in problems["plain-yes"]


def test_a_fuenfer_after_the_partners_final_fort_is_legal_but_no_ace_announcement(tmp_path):
    """With B out («Wer fort sagt, bleibt für dieses Bieten draussen») D's 65 Schellen tells
    nobody who can still bid: legal, but not an Ass-Ansage, so no for the truthful question
    too (it is not conventional)."""
    p = _file(tmp_path,
              _check("plain-no", ALONE_D, "60 Eichel, fort, fort", "65 Schellen", False),
              _check("truthful-no", ALONE_D, "60 Eichel, fort, fort", "65 Schellen", False, "truthful"),
              _check("legal-yes", ALONE_D, "60 Eichel, fort, fort", "65 Schellen", True, "legal"))
    assert _problems(p) == {}


def test_the_narrower_questions_follow_the_rules_text(tmp_path):
    """«Jedes weitere Gebot liegt mindestens 5 Punkte über dem vorherigen»: 55 after a 60 is
    not allowed. The 90 in B's Schellen would be the Nell zu fünft (50, 70, 90: each card
    twenty more), B holds four: allowed, not true. A Hilfe of 80 says the Nell zu zweit
    where C holds it zu dritt (the 90): allowed, not true."""
    p = _file(tmp_path,
              _check("not-higher", ALONE_D, "60 Eichel", "55 Schellen", False, "legal"),
              _check("nell-four-90-legal", "Eichel:7 Schellen:B976 Rosen:B8 Schilten:B6", "60 Eichel",
                     "90 Schellen", True, "legal"),
              _check("nell-four-90-true", "Eichel:7 Schellen:B976 Rosen:B8 Schilten:B6", "60 Eichel",
                     "90 Schellen", False, "truthful"),
              _check("nell-four-70", "Eichel:7 Schellen:B976 Rosen:B8 Schilten:B6", "60 Eichel",
                     "70 Schellen", True, "truthful"),
              _check("hilfe-80", "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8", "60 Eichel, 70 Schellen",
                     "80 Eichel", False),
              _check("hilfe-90", "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8", "60 Eichel, 70 Schellen",
                     "90 Eichel", True))
    assert _problems(p) == {}
    flipped = _file(tmp_path, _check("not-higher", ALONE_D, "60 Eichel", "55 Schellen", True, "legal"),
                    _check("nell-four-90-true", "Eichel:7 Schellen:B976 Rosen:B8 Schilten:B6", "60 Eichel",
                           "90 Schellen", True, "truthful"))
    assert set(_problems(flipped)) == {"not-higher", "nell-four-90-true"}


def test_the_quiz_asks_the_question_the_key_answers(tmp_path):
    p = _file(tmp_path,
              _check("plain", ALONE_D, "60 Eichel, fort, fort", "65 Schellen", False),
              _check("legal", ALONE_D, "60 Eichel, fort, fort", "65 Schellen", True, "legal"),
              _check("truthful", ALONE_D, "60 Eichel, fort, fort", "65 Schellen", False, "truthful"))
    items = {c.drill.id: c for c in drills.verified([p])}
    assert quiz.ask(items["plain"], "de") == "D sagt «65 Schellen». Ist das mit diesem Blatt richtig?"
    assert quiz.ask(items["legal"], "de") == "D sagt «65 Schellen». Ist diese Ansage hier erlaubt?"
    assert quiz.ask(items["truthful"], "en") == ("D calls '65 Schellen'. Is that call allowed, and does the "
                                                 "hand hold what it promises?")


def test_a_check_question_the_schema_does_not_know_is_refused(tmp_path):
    p = _file(tmp_path, _check("odd", ALONE_D, "60 Eichel", "65 Schellen", True, "honest"))
    problems = _problems(p)
    assert "question" in problems["odd"] and "honest" in problems["odd"]


# -- the bundled files ------------------------------------------------------------------------
def test_no_bundled_check_drill_keys_yes_for_a_call_the_rules_text_says_not_to_make():
    """The bundled Ass-Ansagen that the issue found keyed "ja" with the partner out, and the
    doubling drills, ask the question their key answers."""
    checked, problems, _ = drills.check_paths([ROOT / "exercises"])
    assert problems == []
    by_id = {c.drill.id: c.drill for c in checked}
    for id_ in ("fuenfer-gen-05", "fuenfer-gen-12", "gegnerfarbe-gen-04", "gegnerfarbe-gen-10"):
        assert by_id[id_].answer is False and by_id[id_].get("question", "best") == "best"
    for id_ in ("fuenfer-09", "gegnerfarbe-06", "gegnerfarbe-08", "matsch-07"):
        assert by_id[id_].answer is True and by_id[id_].get("question") == "truthful"


# -- the generator ----------------------------------------------------------------------------
def _window_open(auction: str, doubler: str) -> bool:
    """The rules text's window: the bid standing was the last call, made by an opponent
    of the doubler (no call since)."""
    from tutor.conventions import parse_auction

    entries = parse_auction(auction).entries
    if not entries or not entries[-1].call.is_bid:
        return False
    return {entries[-1].seat, doubler} not in ({"A", "C"}, {"B", "D"}) and entries[-1].seat != doubler


@pytest.mark.parametrize("seed", [3, 11])
def test_generated_doubles_ask_whether_the_double_is_allowed_and_keep_the_window(seed):
    f = generator.generate("doppeln", 12, seed=seed)
    doubles = [d for d in f.drills if d.type == "check" and d.get("call", "").endswith("dopple")]
    assert doubles
    for d in doubles:
        assert d.get("question") == "legal"
        doubler = d.get("call").split(":")[0]
        assert d.answer == _window_open(d.auction, doubler), d.fields


@pytest.mark.parametrize("topic", ["fuenfer", "gegnerfarbe", "bieten", "doppeln"])
def test_generated_check_drills_pass_the_checker_under_their_question(tmp_path, topic):
    f = generator.generate(topic, 8, seed=4)
    p = tmp_path / f"{topic}.yaml"
    p.write_text(drills.dumps(f), encoding="utf-8")
    checked = drills.verified([p])
    assert len(checked) == 8
    for c in checked:
        if c.drill.type == "check":
            assert c.drill.get("question", "best") in drills.CHECK_QUESTIONS
