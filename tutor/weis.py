"""Weis and Stöck from a hand, by the rules of the Schieber.

A *Weis* is either a sequence of three or more cards of one suit in the natural order
6 7 8 9 Banner Under Ober König Ass (Dreiblatt 20, Vierblatt 50, Fünfblatt 100,
Sechsblatt 150, Siebenblatt 200, Achtblatt 250, Neunblatt 300; with the table rule
``long_weis: flat100`` every sequence of five or more counts 100), or four cards of one
rank: four Unders 200, four Nines 150, four Aces, Kings, Ober or Banner 100.

What a player declares (:func:`find`): every sequence of his hand, each as long as it
runs, and every four of a kind. A card may serve in a sequence *and* in a four of a kind
(the Kreuzweis of the Jassverband), never in two sequences. With ``flat100`` a long
sequence is split where that writes more (a Neunblatt: Fünfblatt from the Ace and
Vierblatt from the Nine, 150), the longer part at the top.

Only the team with the best single Weis writes, and then all of its Weis
(:func:`settle`). Best = more points, then more cards, then the higher top card (in the
order of the game: in Undenufe the Six is highest), then the Weis in the trump suit, then
the player nearer the first in order (Vorhand, or by table rule the player who plays the
first card). *Stöck* (König and Ober of the trump suit in one hand) count 20 and are
always written; they are no Weis.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping

from tutor.cards import ORDER, SUITS, Card, Hand, Rank, Suit
from tutor.errors import ParseError, TutorError
from tutor.i18n import M, Mp, Msg, join
from tutor.scoring import SEATS, seats_from, team_of

STOECK_POINTS = 20

SEQUENCE_NAME = {3: "Dreiblatt", 4: "Vierblatt", 5: "Fünfblatt", 6: "Sechsblatt",
                 7: "Siebenblatt", 8: "Achtblatt", 9: "Neunblatt"}   # the ids (JSON)
# How a reader names them, in the table's words: the Swiss German names (English keeps them,
# as it keeps Puur and Nell), the Romand ones in French (« trois cartes », « quatre valets »)
SEQUENCE_NAMES: dict[int, Msg] = {
    3: Mp("Weis", "Dreiblatt"), 4: Mp("Weis", "Vierblatt"), 5: Mp("Weis", "Fünfblatt"),
    6: Mp("Weis", "Sechsblatt"), 7: Mp("Weis", "Siebenblatt"), 8: Mp("Weis", "Achtblatt"),
    9: Mp("Weis", "Neunblatt")}
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
FLAT_LONG = 100  # long_weis: flat100, every sequence of five or more
FOUR_POINTS = {Rank.UNDER: 200, Rank.NINE: 150, Rank.ASS: 100, Rank.KOENIG: 100,
               Rank.OBER: 100, Rank.BANNER: 100}
FOUR_NAME = {Rank.UNDER: "Vier Under", Rank.NINE: "Vier Neuner", Rank.ASS: "Vier Ass",
             Rank.KOENIG: "Vier König", Rank.OBER: "Vier Ober", Rank.BANNER: "Vier Banner"}
FOUR_NAMES: dict[Rank, Msg] = {
    Rank.UNDER: Mp("Weis", "Vier Under"), Rank.NINE: Mp("Weis", "Vier Neuner"),
    Rank.ASS: Mp("Weis", "Vier Ass"), Rank.KOENIG: Mp("Weis", "Vier König"),
    Rank.OBER: Mp("Weis", "Vier Ober"), Rank.BANNER: Mp("Weis", "Vier Banner")}
NATURAL = tuple(Rank)  # 6 7 8 9 B U O K A


def sequence_points(length: int, long_weis: str = "graded") -> int:
    if length < 3:
        return 0
    if long_weis == "flat100" and length >= 5:
        return FLAT_LONG
    return SEQUENCE_POINTS[length]


def parse_strain(trump: "Suit | str | None") -> "Suit | str | None":
    """A Suit, "obenabe", "undenufe" or None; text is parsed."""
    if trump is None or isinstance(trump, Suit):
        return trump
    key = str(trump).strip().lower()
    if key in ("obenabe", "undenufe"):
        return key
    return Suit.parse(key)


@dataclass(frozen=True)
class Weis:
    """One Weis: its cards (a sequence low to high, or the four of a kind) and points."""

    cards: tuple[Card, ...]
    long_weis: str = "graded"

    def __post_init__(self) -> None:
        cards = tuple(sorted(set(self.cards), key=lambda c: (SUITS.index(c.suit), c.rank.natural)))
        if len(cards) != len(self.cards):
            raise TutorError(M("a Weis holds every card once"))
        object.__setattr__(self, "cards", cards)
        if not (self._is_sequence() or self._is_four()):
            raise TutorError(M("{cards} is no Weis (a sequence of three or more in one suit, "
                               "or four Unders, Nines, Aces, Kings, Ober or Banner)",
                               cards=_cards_text(cards) or M("no cards")))

    def _is_sequence(self) -> bool:
        c = self.cards
        return (len(c) >= 3 and len({x.suit for x in c}) == 1
                and all(b.rank.natural == a.rank.natural + 1 for a, b in zip(c, c[1:])))

    def _is_four(self) -> bool:
        c = self.cards
        return len(c) == 4 and len({x.rank for x in c}) == 1 and c[0].rank in FOUR_POINTS

    @classmethod
    def parse(cls, text: str, long_weis: str = "graded") -> "Weis":
        """The cards in hand notation: ``Eichel:678`` or ``Eichel:U Schellen:U Rosen:U Schilten:U``."""
        return cls(tuple(Hand.parse(text, size=None)), long_weis)

    @property
    def sequence(self) -> bool:
        return len({c.suit for c in self.cards}) == 1

    @property
    def suit(self) -> Suit | None:
        return self.cards[0].suit if self.sequence else None

    @property
    def kind(self) -> str:
        return SEQUENCE_NAME[len(self.cards)] if self.sequence else FOUR_NAME[self.cards[0].rank]

    @property
    def points(self) -> int:
        if self.sequence:
            return sequence_points(len(self.cards), self.long_weis)
        return FOUR_POINTS[self.cards[0].rank]

    def top(self, trump: "Suit | str | None" = None) -> Rank:
        """The card that ranks a sequence: its highest, in Undenufe its lowest."""
        if parse_strain(trump) == "undenufe":
            return self.cards[0].rank
        return self.cards[-1].rank

    def key(self, trump: "Suit | str | None" = None) -> tuple:
        """Compares two Weis of different players: points, cards, top card, trump."""
        strain = parse_strain(trump)
        order = ORDER["undenufe" if strain == "undenufe" else "obenabe"]  # high to low
        height = len(order) - order.index(self.top(strain))
        return (self.points, len(self.cards), height, self.suit is not None and self.suit == strain)

    def name(self, lang: "str | None" = None) -> str:
        """The Weis as a reader says it, in ``lang`` (the current language): Dreiblatt,
        in French « trois cartes »."""
        msg = SEQUENCE_NAMES[len(self.cards)] if self.sequence else FOUR_NAMES[self.cards[0].rank]
        return msg.text(lang)

    def to_json(self) -> dict:
        return {"kind": self.kind, "points": self.points, "cards": [str(c) for c in self.cards]}

    @property
    def said(self) -> Msg:
        """The Weis as a reader says it, shown in the language it is shown in: ``Vierblatt 50: Eichel 6 7 8 9``."""
        name = SEQUENCE_NAMES[len(self.cards)] if self.sequence else FOUR_NAMES[self.cards[0].rank]
        return M("{name} {points}: {cards}", name=name, points=self.points, cards=_cards_text(self.cards))

    def __str__(self) -> str:
        return self.said.text()

    def __repr__(self) -> str:
        text = str(Hand(self.cards))
        extra = "" if self.long_weis == "graded" else f", long_weis={self.long_weis!r}"
        return f"Weis.parse({text!r}{extra})"


def _cards_text(cards: Iterable[Card]) -> str:
    cards = list(cards)
    if cards and len({c.suit for c in cards}) == 1:
        return f"{cards[0].suit} " + " ".join(c.rank.value for c in cards)
    return ", ".join(str(c) for c in cards)


@lru_cache(maxsize=None)
def _split(length: int, long_weis: str) -> tuple[int, ...]:
    """The parts (top first) a run of ``length`` cards is declared as: the most points,
    then the fewest parts. A graded Weis is never split."""
    best: tuple[tuple[int, int], tuple[int, ...]] = ((sequence_points(length, long_weis), -1), (length,))
    for first in range(3, length - 2):
        rest = _split(length - first, long_weis)
        total = sequence_points(first, long_weis) + sum(sequence_points(p, long_weis) for p in rest)
        candidate = ((total, -(1 + len(rest))), tuple(sorted((first,) + rest, reverse=True)))
        if candidate[0] > best[0]:
            best = candidate
    return best[1]


def find(hand: Hand, long_weis: str = "graded") -> tuple[Weis, ...]:
    """Every Weis a player declares from ``hand``, the best first."""
    found: list[Weis] = []
    for suit in SUITS:
        ranks = [r for r in NATURAL if hand.has(suit, r)]
        run: list[Rank] = []
        for rank in ranks + [None]:
            if rank is not None and run and rank.natural == run[-1].natural + 1:
                run.append(rank)
                continue
            if len(run) >= 3:
                top = len(run)
                for part in _split(len(run), long_weis):  # longest part at the top
                    found.append(Weis(tuple(Card(suit, r) for r in run[top - part:top]), long_weis))
                    top -= part
            run = [rank] if rank is not None else []
    for rank in FOUR_POINTS:
        if all(hand.has(s, rank) for s in SUITS):
            found.append(Weis(tuple(Card(s, rank) for s in SUITS), long_weis))
    return tuple(sorted(found, key=lambda w: w.key(), reverse=True))


def stoeck(hand: Hand, trump: "Suit | str | None") -> bool:
    """König and Ober of the trump suit in one hand (never in Obenabe or Undenufe)."""
    strain = parse_strain(trump)
    return isinstance(strain, Suit) and hand.has(strain, Rank.KOENIG) and hand.has(strain, Rank.OBER)


@dataclass(frozen=True)
class Settlement:
    """Who writes Weis in a game: ``team`` (or None), its points, and the deciding Weis."""

    team: str | None
    points: dict[str, int]
    best: tuple[str, Weis] | None
    declared: dict[str, tuple[Weis, ...]]

    def to_json(self) -> dict:
        return {"team": self.team, "points": dict(self.points),
                "best": None if self.best is None else {"seat": self.best[0], **self.best[1].to_json()},
                "declared": {s: [w.to_json() for w in ws] for s, ws in self.declared.items()}}


def settle(declared: Mapping[str, Iterable[Weis]], trump: "Suit | str | None" = None,
           first: str = "A") -> Settlement:
    """The team with the best single Weis writes all of its players' Weis.
    ``first`` is the seat the order of the table starts from for the last tie."""
    if first not in SEATS:
        raise TutorError(M("unknown seat {seat!r} (A, B, C or D)", seat=first))
    strain = parse_strain(trump)
    order = seats_from(first)
    weise = {s: tuple(ws) for s, ws in declared.items() if tuple(ws)}
    for s in weise:
        if s not in SEATS:
            raise TutorError(M("unknown seat {seat!r} (A, B, C or D)", seat=s))
    points = {"AC": 0, "BD": 0}
    if not weise:
        return Settlement(None, points, None, {})
    candidates = [(w.key(strain), -order.index(s), s, w) for s, ws in weise.items() for w in ws]
    _, _, seat, best = max(candidates, key=lambda c: (c[0], c[1]))
    team = team_of(seat)
    points[team] = sum(w.points for s, ws in weise.items() if team_of(s) == team for w in ws)
    return Settlement(team, points, (seat, best), weise)


def parse_hand(text: str, where: object = M("hand")) -> Hand:
    """A hand or the cards a player shows: up to nine cards in hand notation.
    ``where`` names the place in an error (an option, or a message)."""
    try:
        hand = Hand.parse(text, size=None)
    except ParseError as e:
        raise e.at(join(where, ": ")) from None
    if len(hand) > 9:
        raise ParseError(M("{where}: a hand has at most 9 cards, this one has {n}",
                           where=where, n=len(hand)))
    return hand
