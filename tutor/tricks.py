"""Tricks: who wins one and what it counts (Schieber rules, as Sidi-Barrani plays them)."""
from __future__ import annotations

from typing import Sequence

from tutor.cards import LAST_TRICK, ORDER, Card, Suit


def _kind(card: Card, trump: Suit | None, trumpless: str | None) -> str:
    if trumpless:
        return trumpless
    return "trump" if card.suit == trump else "plain"


def winner(cards: Sequence[Card], trump: Suit | None = None, trumpless: str | None = None) -> int:
    """Index (0 = the lead) of the card that takes the trick. ``trumpless`` is
    "obenabe" or "undenufe" for the trumpless kinds."""
    lead = cards[0].suit

    def strength(c: Card) -> tuple[int, int]:
        kind = _kind(c, trump, trumpless)
        rank = len(ORDER[kind]) - ORDER[kind].index(c.rank)
        if c.suit == trump and not trumpless:
            return (2, rank)
        return (1, rank) if c.suit == lead else (0, 0)

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


def points(cards: Sequence[Card], trump: Suit | None = None, trumpless: str | None = None,
           last: bool = False) -> int:
    """Card points in the trick, with 5 for the last trick."""
    return sum(c.value(_kind(c, trump, trumpless)) for c in cards) + (LAST_TRICK if last else 0)
