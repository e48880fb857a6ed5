"""The course in order: which lesson a drill needs, so that a lesson's drills practise
that lesson and nothing a later lesson teaches.

Each kind of call is taught by one lesson (``TAUGHT_BY``, by lesson id); who takes a trick
by the rules of play (spielregeln), what cards count by the card values (kartenwerte), the
board by the Tafel lesson (a Matsch's by the
Matsch lesson, a doubled game's by the doubling lesson). A drill *needs* the latest of the
lessons its answer draws on:

- ``trick``: who takes it, the rules of play (spielregeln); how many points it counts,
  and ``value``, the card values (kartenwerte);
- ``bid``: the lesson of the answer's kind; a fort needs the opening (the learner must
  know that the hand cannot open), except with a hand without Under, Nine and Ace, which
  the bidding lesson already sends out (every number shows one of them, or a judgement);
- ``explain``: the lesson of the kind asked about;
- ``check``: an illegal call, or any call asked only whether it is allowed (``question:
  legal``), needs the bidding (bieten; a double or konter the doubling); a legal one the
  lessons of its own kind and of the recommended call (``question: truthful``: of its own
  kind);
- ``score``: the Tafel, or the Matsch or doubling lesson for those games.

Drills of other games (Tarneeb) belong to their own lesson and need nothing here.
"""
from __future__ import annotations

from typing import Mapping, Sequence

# kind of call -> the lesson that teaches it. The raise (a number in the team's own suit that
# is no Hilfe: the opener's rebid, a later raise, or the partner's first Zehner above the two
# Hilfe Zehner where he cannot give the Hilfe) is met in the Hilfe lesson ("Nur der erste Zehner
# hilft": it shows no cards, only the number); how high to go, and the numbers above 120
# (confidence), are the Matsch lesson's
TAUGHT_BY: dict[str, str] = {
    "fort": "bieten", "opening": "eroeffnung", "unconventional": "eroeffnung", "ace": "fuenfer",
    "hilfe": "hilfe", "want": "gegnerfarbe", "raise": "hilfe", "confidence": "matsch",
    "matsch": "matsch", "double": "doppeln", "redouble": "doppeln",
}
PLAY_LESSON = "kartenwerte"
RULES_OF_PLAY_LESSON = "spielregeln"
LEGALITY_LESSON = "bieten"
SCORE_LESSON = "tafel"


def needs(item) -> tuple[str, str] | None:
    """(the lesson id a checked drill needs at the latest, what for), or None for a
    drill of another game."""
    from tutor.course import drills

    d, engine = item.drill, item.engine
    if getattr(engine, "game", drills.GAME) != drills.GAME:
        return None
    rules = d.rules
    if d.type in drills.PLAY_TYPES:
        if d.type == "trick" and d.get("question", "winner") == "winner":
            return RULES_OF_PLAY_LESSON, d.type
        return PLAY_LESSON, d.type
    if d.type == "explain":
        return TAUGHT_BY.get(item.solution.answer, SCORE_LESSON), item.solution.answer
    if d.type == "score":
        _, contract, mult = _contract(item)
        if mult > 1:
            return "doppeln", "double"
        if contract and contract.split()[0] in (str(getattr(rules, "matsch_bid", 157)), "157"):
            return "matsch", "matsch"
        return SCORE_LESSON, "score"
    from tutor import conventions

    if d.type == "bid":
        advice = conventions.advise(d.hand, d.auction, rules)
        kind = advice.recommended.kind if advice.recommended else "fort"
        if kind == "fort":
            if nothing_to_show(d.hand):   # the bidding lesson's own fort: no Under, Nine or Ace
                return LEGALITY_LESSON, "fort"
            return TAUGHT_BY["opening"], "fort"
        return TAUGHT_BY.get(kind, SCORE_LESSON), kind
    if d.type == "check":
        v = conventions.check(d.hand, d.auction, d.get("call"), rules)
        question = d.get("question", "best")
        if not v.legal or question == "legal":
            call = str(d.get("call")).lower()
            return ("doppeln" if any(w in call for w in ("dopple", "konter")) else LEGALITY_LESSON), \
                "illegal" if not v.legal else "legal"
        kinds = [v.reading.kind]
        if question == "best" and v.advice and v.advice.recommended:   # "truthful" asks nothing of the best call
            kinds.append(v.advice.recommended.kind)
        return _latest(kinds), "+".join(kinds)
    return SCORE_LESSON, d.type


# the bundled course: what each lesson needs comes before it (the missed opening draws on
# the Hilfe, the Fünfer and the opponents' suit, so it comes after them)
_ORDER = ("spielregeln", "kartenwerte", "bieten", "eroeffnung", "hilfe", "fuenfer", "gegnerfarbe",
          "verpasst", "matsch", "doppeln", "tafel", "tischregeln", "beispiel")
PLACE: dict[str, int] = {lesson: i for i, lesson in enumerate(_ORDER)}   # the bundled course

def nothing_to_show(hand) -> bool:
    """A hand without any Under, Nine or Ace: no opening, no Hilfe, no Ass-Ansage."""
    from tutor.cards import NELL, PUUR, SUITS, Hand, Rank

    h = Hand.parse(hand) if isinstance(hand, str) else hand
    return not any(h.has(s, r) for s in SUITS for r in (PUUR, NELL, Rank.ASS))


def _latest(kinds: Sequence[str]) -> str:
    lessons = [TAUGHT_BY.get(k, SCORE_LESSON) for k in kinds]
    return max(lessons, key=lambda x: _ORDER.index(x) if x in _ORDER else len(_ORDER))


def _contract(item):
    from tutor.course.quiz import _contract_of

    return _contract_of(item)


def too_early(item, order: Mapping[str, int]) -> str | None:
    """The lesson a drill needs when it comes after the drill's own lesson in ``order``
    (lesson id -> place in the course), else None."""
    got = needs(item)
    if got is None or item.topic not in order or got[0] not in order:
        return None
    return got[0] if order[got[0]] > order[item.topic] else None
