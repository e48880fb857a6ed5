"""The rules of play (Schieber rules, as Sidi-Barrani plays them), once for the whole tutor.

The replay of a game file, ``tutor play``, the solver and the simulation all use this
module; nothing else states a rule of play.

Trump kinds (:class:`Trump`): one of the four suits, or one of the trumpless kinds
Obenabe (Ace high) and Undenufe (Six high). Misère is no kind of play: it is the same
play with the other goal (:func:`parse_strain` reads it from a contract).

Card points (:func:`points`, the tables ``ORDER`` and ``VALUE`` of :mod:`tutor.cards`):
in trump Puur (the Under) 20, Nell (the Nine) 14, Ass 11, Banner 10, König 4, Ober 3; in
the other suits Ass 11, Banner 10, König 4, Ober 3, Under 2; Obenabe as the other suits
with the Eight worth 8; Undenufe the order reversed, the Six 11, the Eight 8, the Ace
nothing. The last trick counts 5 more (``LAST_TRICK``): 157 in every kind.

The trick (:func:`winner`): the highest trump takes it, else the highest card of the
suit led.

Legal cards (:func:`illegal_reason`, :func:`legal`; each rule a :class:`Rule`):

- the leader plays any card;
- on a trump lead a player must play trump, unless his only trump is the Puur (then any
  card) (``follow_trump``);
- on another lead he may follow suit or trump at any time; without the suit, any card
  (``follow_suit``); but once a trump lies in the trick he may not play a lower trump
  ("untertrumpfen") unless he holds nothing but trumps (``undertrump``);
- without trump (Obenabe, Undenufe) a player follows suit when he can (``follow_suit``);
- and of course only a card in his hand (``not_in_hand``).

    >>> t = Trump.parse("Eichel")
    >>> trick = [Card.parse("Rosen A"), Card.parse("Eichel 9")]
    >>> hand = Hand.parse("Eichel:U6 Schellen:A", size=None)
    >>> [str(c) for c in legal(hand, trick, t)]
    ['Eichel U', 'Schellen A']
    >>> illegal_reason(Card.parse("Eichel 6"), hand, trick, t).key
    'undertrump'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from tutor.cards import LAST_TRICK, ORDER, PUUR, SUITS, TOTAL_POINTS, VALUE, Card, Hand, Suit
from tutor.errors import ParseError
from tutor.scoring import SEATS, TEAMS, next_seat, seats_from, team_of
from tutor.i18n import M

__all__ = ["Trump", "TRUMPS", "TRUMPLESS", "Rule", "RULES", "parse_strain", "points", "strength",
           "beats", "winner", "taker", "taken_by", "trick_points", "legal", "illegal_reason", "SEATS", "TEAMS",
           "team_of", "next_seat", "seats_from", "LAST_TRICK", "TOTAL_POINTS", "Card", "Hand",
           "Suit"]

TRUMPLESS = ("obenabe", "undenufe")


@dataclass(frozen=True)
class Trump:
    """The trump kind of a game: a suit, or ``trumpless`` "obenabe" or "undenufe".

    >>> Trump.parse("obenabe")
    Trump.parse('Obenabe')
    >>> str(Trump.parse("Ei")), Trump.parse("Schellen").suit
    ('Eichel', Suit.SCHELLEN)
    """

    suit: Suit | None = None
    trumpless: str | None = None

    def __post_init__(self) -> None:
        if (self.suit is None) == (self.trumpless is None):
            raise ValueError("a Trump is a suit or a trumpless kind, exactly one of them")
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise ValueError(f"{self.suit!r} is no Suit")
        if self.trumpless is not None:
            key = str(self.trumpless).lower()
            if key not in TRUMPLESS:
                raise ValueError(f"{self.trumpless!r} is no trumpless kind (obenabe, undenufe)")
            object.__setattr__(self, "trumpless", key)

    @classmethod
    def parse(cls, text: str) -> "Trump":
        """A suit (any spelling :meth:`Suit.parse` takes), ``Obenabe`` or ``Undenufe``."""
        trump, misere = parse_strain(text)
        if misere:
            raise ParseError(M("{text!r}: Misère is a goal, not a kind of play (write Obenabe or Undenufe)", text=str(text).strip()))
        return trump

    def kind(self, card: Card) -> str:
        """How ``card`` ranks and counts in this game: "trump", "plain", "obenabe" or
        "undenufe" (the keys of ``ORDER`` and ``VALUE``)."""
        if self.trumpless:
            return self.trumpless
        return "trump" if card.suit == self.suit else "plain"

    def __str__(self) -> str:
        return self.suit.value if self.suit is not None else self.trumpless.capitalize()

    def __repr__(self) -> str:
        return f"Trump.parse({str(self)!r})"


TRUMPS: tuple[Trump, ...] = (*(Trump(s) for s in SUITS), *(Trump(trumpless=k) for k in TRUMPLESS))


def parse_strain(text: str) -> tuple[Trump, bool]:
    """The strain of a contract as the auction writes it (``Eichel``, ``Obenabe``,
    ``Undenufe Misère``): the trump kind, and whether it is a Misère.

    >>> parse_strain("Undenufe Misère")
    (Trump.parse('Undenufe'), True)
    """
    from tutor.auction import parse_sidi_strain

    if not isinstance(text, str):
        raise ParseError(M("{text!r} is no trump (a suit, Obenabe or Undenufe)", text=text))
    try:
        strain = parse_sidi_strain(text)
    except ParseError:
        raise ParseError(M("unknown trump {text!r} (Eichel, Schellen, Rosen, Schilten, Obenabe, Undenufe)", text=text.strip())) from None
    base, _, misere = strain.partition(" ")
    if base.lower() in TRUMPLESS:
        return Trump(trumpless=base.lower()), bool(misere)
    return Trump(Suit(base)), bool(misere)


def points(card: Card, trump: Trump) -> int:
    """The card points of ``card`` in a game with ``trump``."""
    return VALUE[trump.kind(card)][card.rank]


def strength(card: Card, trump: Trump, lead_suit: Suit | None) -> int:
    """How high ``card`` stands in a trick whose lead was of ``lead_suit``: the higher
    takes the trick; 0 for a card that cannot take it (neither trump nor the suit led).
    Trumps 11..19, the suit led 1..9 (by the order of the game)."""
    kind = trump.kind(card)
    rank = len(ORDER[kind]) - ORDER[kind].index(card.rank)
    if kind == "trump":
        return 10 + rank
    return rank if card.suit == lead_suit else 0


def beats(card: Card, best: Card, trump: Trump, lead_suit: Suit) -> bool:
    """Does ``card`` take the trick from ``best``, the card that holds it so far?"""
    return strength(card, trump, lead_suit) > strength(best, trump, lead_suit)


def winner(trick: Sequence[Card], trump: Trump) -> int:
    """Index (0 = the lead) of the card that takes the trick."""
    lead = trick[0].suit
    return max(range(len(trick)), key=lambda i: strength(trick[i], trump, lead))


def taker(leader: str, trick: Sequence[Card], trump: Trump) -> str:
    """The seat that takes ``trick`` (its cards in the order played) led by ``leader``.

    >>> taker("B", [Card.parse("Rosen 9"), Card.parse("Rosen 6")], Trump.parse("Undenufe"))
    'C'
    """
    return seats_from(leader)[winner(trick, trump)]


def taken_by(trick: Sequence[Card], trump: Trump) -> tuple[int, str]:
    """Who takes the trick (as :func:`winner`) and by which part of the rule:
    "trump_led" (trump was led: the highest trump), "trumped" (a trump on another lead:
    the highest trump in the trick), "suit_led" (no trump in the trick: the highest card
    of the suit led), or without trump "obenabe" (the highest card of the suit led, the
    Ace high) and "undenufe" (the lowest card of the suit led: the Six is the highest).

    >>> taken_by([Card.parse("Rosen 9"), Card.parse("Rosen 6")], Trump.parse("Undenufe"))
    (1, 'undenufe')
    """
    i = winner(trick, trump)
    kind = trump.kind(trick[i])
    if kind == "trump":
        return i, "trump_led" if trick[0].suit == trump.suit else "trumped"
    return i, kind if trump.trumpless else "suit_led"


def trick_points(trick: Iterable[Card], trump: Trump, last: bool = False) -> int:
    """Card points in the trick, with 5 for the last trick."""
    return sum(points(c, trump) for c in trick) + (LAST_TRICK if last else 0)


@dataclass(frozen=True)
class Rule:
    """One rule of legal play, by its key, and what it says (a catalog message)."""

    key: str
    says: M

    def text(self, lang: "str | None" = None) -> str:
        return self.says.text(lang)

    def __str__(self) -> str:
        return self.says.text("en")


NOT_IN_HAND = Rule("not_in_hand", M("the card is not in his hand"))
FOLLOW_TRUMP = Rule(
    "follow_trump",
    M("trump was led: a player who holds a trump plays one (only the Puur as his only trump "
      "need not be played)"))
UNDERTRUMP = Rule(
    "undertrump",
    M("no undertrumping: once a trump lies in the trick, only a player who holds nothing but "
      "trumps may play a lower trump"))
FOLLOW_SUIT = Rule(
    "follow_suit",
    M("follow suit: a player who holds the suit led plays it (in a game with a trump suit "
      "he may trump instead)"))
RULES: dict[str, Rule] = {r.key: r for r in (NOT_IN_HAND, FOLLOW_TRUMP, UNDERTRUMP, FOLLOW_SUIT)}


def illegal_reason(card: Card, hand: Iterable[Card], trick: Sequence[Card],
                   trump: Trump) -> Rule | None:
    """The rule that playing ``card`` from ``hand`` breaks, or None when it is legal.
    ``trick`` holds the cards already on the table, the lead first (empty: ``card`` leads)."""
    held = hand if isinstance(hand, (set, frozenset, Hand)) else set(hand)
    if card not in held:
        return NOT_IN_HAND
    if not trick:
        return None                                     # the leader plays any card
    lead = trick[0].suit
    t = trump.suit                                      # None without trump
    if lead == t:                                       # a trump lead
        if card.suit == t:
            return None
        trumps = [c for c in held if c.suit == t]
        if trumps and trumps != [Card(t, PUUR)]:
            return FOLLOW_TRUMP
        return None
    if card.suit == lead:
        return None
    if card.suit == t:                                  # trumping, allowed at any time ...
        on_table = [strength(c, trump, lead) for c in trick if c.suit == t]
        if (on_table and strength(card, trump, lead) < max(on_table)
                and any(c.suit != t for c in held)):  # ... but not under a trump in the trick
            return UNDERTRUMP
        return None
    if any(c.suit == lead for c in held):
        return FOLLOW_SUIT
    return None                                         # without the suit, any card


def legal(hand: Iterable[Card], trick: Sequence[Card], trump: Trump) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (in the hand's order)."""
    cards = list(hand)
    held = set(cards)
    return [c for c in cards if illegal_reason(c, held, trick, trump) is None]


