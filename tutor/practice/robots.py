"""The robot seats: they bid with the tutor's default judgement.

One place says which judge that is (:func:`default_judge`); the robots, the review of
the learner's calls and the review of a game all ask it through :func:`advice`.
"""
from __future__ import annotations

from tutor.cards import Hand

JUDGES = ("simulation", "count")


def default_judge(name: str | None = None):
    """The judge the robots bid with and the reviews compare against: the tutor's default
    voice (:func:`tutor.judgement.default_judge`: the simulation, the same answer to the
    same question), or with ``name`` "count" the count alone (instant)."""
    from tutor.judgement import default_judge as voice

    return voice(count=name == "count", workers=1)


def advice(hand: Hand, auction, rules, seat: str, judge=None):
    """The tutor's advice for ``hand`` at ``seat`` after ``auction`` (an Auction or its
    text): the recommended call (a Reading, or None: say nothing), the options, the reasons.
    ``judge``: a Judge, a name of :data:`JUDGES`, or None (the default)."""
    from tutor.conventions import advise

    if judge is None or isinstance(judge, str):
        judge = default_judge(judge)
    return advise(hand, auction, rules, seat, judge=judge)
