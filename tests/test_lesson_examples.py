"""Every example of a lesson runs through the engine.

Each lesson writes its examples twice: for the reader (a table, an indented auction, a hand
in backticks) and machine-readable, in a ``<!-- beispiel ... -->`` comment
(:meth:`tutor.course.lessons.Lesson.examples`). The expected values in those comments
are written from the rules text (sidi-barrani.txt, tarneeb.txt: which call a hand makes
under the conventions, what a call means, when the bidding ends, who takes a trick, what
the board says), never copied from the engine; here the engine must agree:

- ``bid``: the call the encoder recommends for ``hand`` after ``auction``;
- ``kinds``: what the decoder reads each call of ``auction`` as;
- ``next``, ``contract``, ``declarer``, ``multiplier``: whose turn it is, or how the
  bidding ended; ``illegal``: the number of the first call the rules do not allow;
- ``trick``/``trump``/``leader`` with ``winner`` or ``points``; ``cards``/``trump`` with
  ``points``: the rules of play;
- ``score`` with ``board``: the Tafel; ``hand`` with ``weis`` (the points of each Weis it
  declares) or ``trump`` and ``stoeck`` (whether it holds the Stöck).

A second test makes sure that nothing a reader sees escapes: every hand in backticks,
every auction and trick on an indented line, every call in an auction table of a lesson
is in one of its examples.
"""
from __future__ import annotations

import re

import pytest

from conftest import ROOT
from tutor.course import drills, lessons

COURSES = [x for game in ("sidi-barrani", "tarneeb") for x in lessons.load_all(ROOT / "lessons", game)]
KEYS = {"hand", "auction", "seat", "rules", "game", "bid", "kinds", "next", "contract", "declarer",
        "multiplier", "illegal", "trick", "trump", "leader", "winner", "points", "last", "cards",
        "score", "board", "weis", "stoeck", "why"}


def _cases():
    for lesson in COURSES:
        for ex in lesson.examples():
            for i, case in enumerate(ex.cases):
                yield pytest.param(lesson, case, id=f"{lesson.id}:{ex.line}:{i}")


CASES = list(_cases())


def test_every_lesson_of_the_course_has_examples():
    have = {lesson.id for lesson, _ in (c.values for c in CASES)}
    assert have == {x.id for x in COURSES}


@pytest.mark.parametrize("lesson, case", CASES)
def test_the_engine_agrees_with_the_example(lesson, case):
    unknown = set(case) - KEYS
    assert not unknown, f"{lesson.path}: unknown example keys {unknown}"
    game = case.get("game", lesson.game)
    if game == "tarneeb":
        _tarneeb(case)
    else:
        _sidi_barrani(case)


def _call(text: str, rules) -> str:
    return drills.engine_for().normalize_call(str(text), rules)


def _sidi_barrani(case):
    from tutor import conventions
    from tutor.errors import IllegalCallError
    from tutor.rules import load

    rules = load(case.get("rules"))
    auction = case.get("auction", "")
    checked = False
    if "illegal" in case:
        with pytest.raises(IllegalCallError) as e:
            conventions.explain(auction, rules)
        assert f"call {case['illegal']} " in str(e.value), str(e.value)
        return
    if "kinds" in case:
        e = conventions.explain(auction, rules)
        assert [r.kind for r in e.calls] == case["kinds"]
        checked = True
    if any(k in case for k in ("next", "contract", "declarer", "multiplier")):
        a = conventions.explain(auction, rules).auction
        if "next" in case:
            assert not a.over and a.next_seat == case["next"]
        if "contract" in case:
            assert a.over and a.contract == _call(case["contract"], rules)
        if "declarer" in case:
            assert a.declarer == case["declarer"]
        if "multiplier" in case:
            assert a.multiplier == case["multiplier"]
        checked = True
    if "bid" in case:
        advice = conventions.advise(case["hand"], auction, rules, seat=case.get("seat"))
        assert advice.call == _call(case["bid"], rules), advice.text("de")
        checked = True
    if "trick" in case:
        d = {k: case[k] for k in ("trump", "trick", "leader", "last") if k in case}
        engine = drills.engine_for()
        if "winner" in case:
            assert engine.trick(d, "de")[0] == case["winner"]
        if "points" in case:
            assert engine.trick({**d, "question": "points"}, "de")[0] == case["points"]
        checked = True
    elif "cards" in case:
        assert drills.engine_for().value({"trump": case["trump"], "cards": case["cards"]}, "de")[0] \
            == case["points"]
        checked = True
    if "score" in case:
        board, _ = drills.engine_for().score(case["score"], rules, "de")
        assert {k: board[k] for k in ("AC", "BD")} == case["board"]
        checked = True
    if "weis" in case or "stoeck" in case:
        from tutor import weis
        from tutor.cards import Hand

        hand = Hand.parse(case["hand"])
        if "weis" in case:
            assert [w.points for w in weis.find(hand)] == case["weis"]
        if "stoeck" in case:
            assert weis.stoeck(hand, case["trump"]) is case["stoeck"]
        checked = True
    assert checked, f"an example that checks nothing: {case}"


def _tarneeb(case):
    from tutor import tarneeb

    rules = tarneeb.load_rules(case.get("rules"))
    if "bid" in case:
        advice = tarneeb.advise(case["hand"], case.get("auction", ""), rules)
        assert str(advice.call) == str(case["bid"])
    if "contract" in case or "declarer" in case:
        a = tarneeb.parse_auction(case["auction"], rules)
        assert a.over
        if "contract" in case:
            assert str(a.high_bid) == str(case["contract"])
        if "declarer" in case:
            assert a.declarer == case["declarer"]
    if "score" in case:
        board, _ = drills.engine_for("tarneeb").score(case["score"], rules, "de")
        assert board == case["board"]
    assert set(case) & {"bid", "contract", "declarer", "score"}, f"an example that checks nothing: {case}"


# -- nothing a reader sees escapes ---------------------------------------------------------
HAND = re.compile(r"`((?:(?:Eichel|Schellen|Rosen|Schilten):[AKOUB0-9]+ ?)+)`|`((?:[SHDC]:[AKQJT0-9]+ ?)+)`")
ROW = re.compile(r"^\| ([ABCD]) \| `([^`]+)` \|", re.M)


def _shown(lesson):
    """(hands, auctions, tricks) a reader sees in the lesson."""
    from tutor import conventions
    from tutor.errors import TutorError

    hands = {(m.group(1) or m.group(2)).strip() for m in HAND.finditer(lesson.body)}
    auctions, tricks = set(), set()
    for line in lesson.body.splitlines():
        if not line.startswith("    ") or line.startswith("     "):
            continue
        text = line.strip()
        if lesson.game == "sidi-barrani":
            try:
                conventions.explain(text)
                auctions.add(text)
                continue
            except TutorError:
                pass
            if len(text.split(",")) == 4 and all(re.fullmatch(r"(Eichel|Schellen|Rosen|Schilten) [AKOUB0-9]+", x.strip())
                                                 for x in text.split(",")):
                tricks.add(text)
    # an auction table: the calls of its rows in order
    for table in re.split(r"\n\n", lesson.body):
        rows = [(seat, call) for seat, call in ROW.findall(table) if ":" not in call]   # not a hand
        if len(rows) >= 2 and lesson.game == "sidi-barrani":
            auctions.add(", ".join(f"{seat}: {call}" if call in ("dopple", "konter") else call
                                   for seat, call in rows))
    return hands, auctions, tricks


def _norm(auction: str) -> str:
    return ", ".join(x.strip() for x in auction.split(",") if x.strip())


@pytest.mark.parametrize("lesson", COURSES, ids=lambda x: x.id)
def test_every_hand_auction_and_trick_shown_is_an_example(lesson):
    cases = [c for ex in lesson.examples() for c in ex.cases]
    hands = {str(c["hand"]).strip() for c in cases if "hand" in c}
    auctions = {_norm(str(c.get("auction", ""))) for c in cases}
    # an auction shown with a hand's call after it counts as that example's
    auctions |= {_norm(f"{c.get('auction', '')}, {c['bid']}") if c.get("auction") else str(c["bid"])
                 for c in cases if "bid" in c}
    tricks = {_norm(str(c["trick"])) for c in cases if "trick" in c}
    shown_hands, shown_auctions, shown_tricks = _shown(lesson)
    assert shown_hands - hands == set(), "hands shown but in no example"
    assert {_norm(a) for a in shown_auctions} - auctions == set(), "auctions shown but in no example"
    assert {_norm(t) for t in shown_tricks} - tricks == set(), "tricks shown but in no example"


def test_the_example_comments_are_not_shown():
    for lesson in COURSES:
        assert "<!--" not in lesson.body
        assert "<!--" not in lessons.render_terminal(lesson, color=False)
        assert "&lt;!--" not in lessons.to_html(lesson.body)


def test_a_broken_example_names_the_lesson_and_line(tmp_path):
    from conftest import write
    from tutor.errors import ParseError

    p = write(tmp_path, "lessons/x.md", "---\nid: x\ntitle: X\norder: 1\ndrills: []\nkey_rule: k\n---\n"
                                        "# X\n\n<!-- beispiel\nhand: [x\n-->\n")
    with pytest.raises(ParseError, match=r"x\.md:12"):
        lessons.load(p).examples()


def test_no_opening_drill_or_example_has_a_full_tie():
    """Of two openings the longer suit, at equal length the Puur (lesson 4); a hand with two
    openings equal in both is left open by the text, so no drill keys one."""
    from tutor import conventions
    from tutor.cards import PUUR, SUITS, Hand

    checked, problems, _ = drills.check_paths([ROOT / "exercises"])
    assert not problems
    for c in checked:
        d = c.drill
        if d.type != "bid" or getattr(c.engine, "game", None) != drills.GAME:
            continue
        hand = Hand.parse(d.hand)
        openings = [o for o in conventions.advise(d.hand, d.auction, d.rules).options if o.kind == "opening"]
        shape = [(hand.length(s), hand.has(s, PUUR)) for o in openings
                 for s in SUITS if s.value == o.call.strain]
        assert len(shape) == len(set(shape)), (d.id, [str(o.call) for o in openings])


@pytest.mark.needs_core
def test_lesson_12_at_the_common_hilfe_the_upper_zehner_is_made_where_the_lower_is():
    """Lesson 12's C `Eichel:96 Schellen:KO8 Rosen:B87 Schilten:O` after "60 Eichel, fort":
    at the Verband's table the Nell second is the lower Zehner, 70 (the example above); at a
    table with the common Hilfe ("zehn oder zwanzig Punkte mehr, ohne Angabe der Kartenzahl")
    the lesson says C gives the upper, 80, because A and C make it on every deal: exact play on
    fitting deals, C declaring (session 40: 80 on 56 of 56, 90 on 54; the auction after each
    call as the count bids, 80 Eichel +135.9 against the 70's +126.2, +9.6 +- 4.7)."""
    from exact_play import chances
    from tutor.rules import load

    hand, auction = "Eichel:96 Schellen:KO8 Rosen:B87 Schilten:O", "60 Eichel, fort"
    assert "60 Eichel, fort, 80 Eichel" in (ROOT / "lessons" / "12-tischregeln.md").read_text()
    made = chances(hand, auction, "C", "Eichel", [70, 80], "C", n=24, rules=load({"hilfe": "common"}))
    # where the 80 stands the board writes 80 instead of 70: ten more on every deal that makes it
    assert made[80] == made[70] and made[80] >= 22 / 24, made
