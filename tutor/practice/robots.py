"""The robot seats: they bid with the tutor's default judgement.

One place says which judge that is (:func:`default_judge`); the robots, the review of
the learner's calls and the review of a game all ask it through :func:`advice`.
"""
from __future__ import annotations

from tutor.cards import Hand


def default_judge():
    """The judge the robots bid with and the reviews compare against: the tutor's default
    (the count, :data:`tutor.judgement.COUNT`)."""
    from tutor.judgement import COUNT

    return COUNT


def advice(hand: Hand, auction, rules, seat: str):
    """The tutor's advice for ``hand`` at ``seat`` after ``auction`` (an Auction or its
    text): the recommended call (a Reading, or None: say nothing), the options, the reasons."""
    from tutor.conventions import advise

    return advise(hand, auction, rules, seat, judge=default_judge())
