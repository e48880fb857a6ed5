"""No lesson passed by one answer (issue 22): how a drill's answer is counted, what makes two
drills twins, and the limits the generator keeps (``tests/test_course_balance.py`` checks
the bundled lessons against the same limits).

Imports nothing of the course, so the quiz, the generator and the syllabus can all use it.
"""
from __future__ import annotations

#: the most common answer of a lesson: at most this share of its drills
MOST_COMMON = 0.5
#: «fort» and «nein» together: at most this share
FORT_NEIN = 0.6
#: within one drill type of a lesson (four drills or more): the most common answer at most
TYPE_MOST_COMMON = 0.75
SITUATION = ("rules", "hand", "auction", "trick", "trump", "cards", "contract", "declarer",
             "card_points", "bid", "tricks")


def answer_of(fields) -> str:
    """A drill's answer as the learner types it, for counting: ``ja``/``nein`` for a
    check, the call, the kind, the seat, the number, the board (``fields``: a drill's
    fields, or a Drill)."""
    import json

    get = fields.get
    a, kind = get("answer"), get("type")
    if kind == "check":
        return "nein" if a is False else "ja"
    if isinstance(a, dict):
        return json.dumps(a, sort_keys=True)
    return str(a).strip()


def situation(fields) -> str:
    """What a drill shows before its question (the hand, the auction, the trick, the
    game): two drills with the same situation are twins."""
    import json

    get = fields.get
    return json.dumps({k: get(k) for k in SITUATION if get(k) not in (None, "")}, sort_keys=True,
                      default=str)


class Balance:
    """The answers of a set of drills as they are added, and whether one more keeps a
    lesson of ``size`` drills within the limits (the generator's filter)."""

    def __init__(self, size: int) -> None:
        from collections import Counter

        self.size = size
        self.answers: Counter = Counter()
        self.last: str | None = None

    def fits(self, fields) -> bool:
        import math

        a = answer_of(fields)
        # half rounded up: an odd file of yes/no drills can still be filled (the lesson
        # around it has more drills and answers)
        if self.answers[a] + 1 > math.ceil(self.size * MOST_COMMON):
            return False
        if a in ("fort", "nein") and \
                self.answers["fort"] + self.answers["nein"] + 1 > int(self.size * FORT_NEIN):
            return False
        return situation(fields) != self.last     # twins apart

    def add(self, fields) -> None:
        self.answers[answer_of(fields)] += 1
        self.last = situation(fields)
