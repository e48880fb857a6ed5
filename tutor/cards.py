"""Cards of the Swiss (German-suited) Jass deck: suits, ranks, cards and hands.

All values are immutable and round-trip through ``parse`` and ``str``::

    >>> Hand.parse("Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7")
    Hand.parse('Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7')

Notation
--------
Suits ``Eichel``, ``Schellen``, ``Rosen``, ``Schilten`` (any case; any unambiguous prefix of
two letters or more such as ``Ei``, ``Ro``, ``Schi``; the French-suited names and symbols
with the mapping Eichel = Kreuz ♣, Schellen = Karo/Ecken ♦, Rosen = Herz ♥,
Schilten = Schaufel/Pik ♠). Ranks ``A`` Ass, ``K`` König, ``O`` Ober, ``U`` Under,
``B`` Banner (the ten, ``10`` accepted), ``9 8 7 6``.

In the trump suit the Under is the *Puur* (20 points, highest) and the Nine the *Nell*
(14 points, second highest).
"""
from __future__ import annotations

import enum
import re
from typing import ClassVar, Iterable, Iterator

from tutor.errors import ParseError
from tutor.i18n import M, either
from tutor.values import Value


class Suit(enum.Enum):
    EICHEL = "Eichel"
    SCHELLEN = "Schellen"
    ROSEN = "Rosen"
    SCHILTEN = "Schilten"

    # each member is one object: hashed by identity in C, not by name in Python (Enum's
    # own __hash__), since the engine looks suits and cards up in sets and dicts all the time
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def french(self) -> str:
        return _SUIT_FRENCH[self]

    @property
    def red(self) -> bool:
        return self in (Suit.SCHELLEN, Suit.ROSEN)

    @classmethod
    def parse(cls, text: str) -> "Suit":
        key = text.strip().lower()
        if not key:
            raise ParseError(M("empty suit name"))
        if key in _SUIT_ALIASES:
            return _SUIT_ALIASES[key]
        matches = _prefix_matches(key)
        if len(matches) == 1:
            return matches.pop()
        if matches:
            both = sorted(s.value for s in matches)
            raise ParseError(M("suit {text!r} is ambiguous: {both}", text=text.strip(), both=either(both)))
        raise ParseError(M("unknown suit {text!r} (Eichel, Schellen, Rosen, Schilten)", text=text.strip()))

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUITS: tuple[Suit, ...] = tuple(Suit)


def _prefix_matches(key: str) -> set:
    """The suits whose name begins with ``key`` (lower case, two letters or more)."""
    return {s for s in SUITS if len(key) >= 2 and s.value.lower().startswith(key)}

#: a suit by its name as a call writes it ("Eichel"), or a Suit itself; a strain that is no
#: suit (Obenabe, Undenufe, a Misère) is not in it. A dictionary, not ``Suit(name)``:
#: Enum's lookup by value is a Python call, and the engine asks it of every call it reads.
SUIT_OF: dict = {**{s.value: s for s in SUITS}, **{s: s for s in SUITS}}

_SUIT_SYMBOL = {Suit.EICHEL: "♣", Suit.SCHELLEN: "♦", Suit.ROSEN: "♥", Suit.SCHILTEN: "♠"}
_SUIT_FRENCH = {Suit.EICHEL: "Kreuz", Suit.SCHELLEN: "Karo", Suit.ROSEN: "Herz",
                Suit.SCHILTEN: "Schaufel"}
_SUIT_ALIASES: dict[str, Suit] = {
    **{s.value.lower(): s for s in Suit},
    **{sym: s for s, sym in _SUIT_SYMBOL.items()},
    "♧": Suit.EICHEL, "♢": Suit.SCHELLEN, "♡": Suit.ROSEN, "♤": Suit.SCHILTEN,
    "kreuz": Suit.EICHEL, "treff": Suit.EICHEL, "clubs": Suit.EICHEL, "acorns": Suit.EICHEL,
    "karo": Suit.SCHELLEN, "ecken": Suit.SCHELLEN, "diamonds": Suit.SCHELLEN, "bells": Suit.SCHELLEN,
    "herz": Suit.ROSEN, "hearts": Suit.ROSEN, "roses": Suit.ROSEN,
    "schaufel": Suit.SCHILTEN, "pik": Suit.SCHILTEN, "spades": Suit.SCHILTEN,
    "shields": Suit.SCHILTEN, "schilte": Suit.SCHILTEN, "rose": Suit.ROSEN, "schelle": Suit.SCHELLEN,
    # the French-suited deck's names, as Romand players type them (docs/french.md)
    "trèfle": Suit.EICHEL, "trefle": Suit.EICHEL, "carreau": Suit.SCHELLEN,
    "cœur": Suit.ROSEN, "coeur": Suit.ROSEN, "pique": Suit.SCHILTEN,
}


class Rank(enum.Enum):
    """A rank; the value is its letter in the notation. Definition order is the natural
    order of the Weis sequences: 6 7 8 9 Banner Under Ober König Ass."""

    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    BANNER = "B"
    UNDER = "U"
    OBER = "O"
    KOENIG = "K"
    ASS = "A"

    __hash__ = object.__hash__   # as Suit's

    @property
    def german(self) -> str:
        return _RANK_GERMAN[self]

    @property
    def english(self) -> str:
        return _RANK_ENGLISH[self]

    @property
    def natural(self) -> int:
        """Position in the natural order 6 7 8 9 B U O K A (0..8), used by Weis sequences."""
        return _NATURAL[self]

    @classmethod
    def parse(cls, text: str) -> "Rank":
        key = text.strip().upper()
        if key in ("10", "T", "Z"):
            return cls.BANNER
        found = _RANK_BY_LETTER.get(key)
        if found is not None:
            return found
        raise ParseError(M("unknown rank {text!r} (A K O U B 9 8 7 6)", text=text.strip()))

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


RANKS: tuple[Rank, ...] = tuple(Rank)
# the deck's order of the cards (Card.__lt__): by suit, then by rank, low to high
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_NATURAL = {r: i for i, r in enumerate(Rank)}   # the natural order, by place
_RANK_BY_LETTER = {r.value: r for r in Rank}
#: the one-character ranks a card's text may end or begin with (and "10")
_RANK_LETTERS = frozenset("AKOUB9876TZakoubtz")


def _before_separators(text: str) -> str:
    """``text`` without the spaces and colons at its end (in one pass)."""
    end = len(text)
    while end and (text[end - 1] == ":" or text[end - 1].isspace()):
        end -= 1
    return text[:end]


def _after_separators(text: str) -> str:
    """``text`` without the spaces and colons at its start (in one pass)."""
    start = 0
    while start < len(text) and (text[start] == ":" or text[start].isspace()):
        start += 1
    return text[start:]


_NONE_HELD: frozenset = frozenset()
_RANK_GERMAN = {Rank.ASS: "Ass", Rank.KOENIG: "König", Rank.OBER: "Ober", Rank.UNDER: "Under",
                Rank.BANNER: "Banner", Rank.NINE: "Neun", Rank.EIGHT: "Acht",
                Rank.SEVEN: "Sieben", Rank.SIX: "Sechs"}
_RANK_ENGLISH = {Rank.ASS: "Ace", Rank.KOENIG: "King", Rank.OBER: "Ober", Rank.UNDER: "Under",
                 Rank.BANNER: "Banner (ten)", Rank.NINE: "Nine", Rank.EIGHT: "Eight",
                 Rank.SEVEN: "Seven", Rank.SIX: "Six"}

PUUR = Rank.UNDER   # the Under of the trump suit, highest trump
NELL = Rank.NINE    # the Nine of the trump suit, second highest trump

# How the cards rank and count, by what the suit is in this game. Orders run from high
# to low; values are card points. "obenabe" and "undenufe" are the Schieber's trumpless
# kinds (the 8 counts 8; in Undenufe the 6 counts 11 and the Ace nothing).
ORDER: dict[str, tuple[Rank, ...]] = {
    "trump": (Rank.UNDER, Rank.NINE, Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.BANNER,
              Rank.EIGHT, Rank.SEVEN, Rank.SIX),
    "plain": (Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.UNDER, Rank.BANNER, Rank.NINE,
              Rank.EIGHT, Rank.SEVEN, Rank.SIX),
    "obenabe": (Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.UNDER, Rank.BANNER, Rank.NINE,
                Rank.EIGHT, Rank.SEVEN, Rank.SIX),
    "undenufe": (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.BANNER, Rank.UNDER,
                 Rank.OBER, Rank.KOENIG, Rank.ASS),
}
VALUE: dict[str, dict[Rank, int]] = {
    "trump": {Rank.UNDER: 20, Rank.NINE: 14, Rank.ASS: 11, Rank.KOENIG: 4, Rank.OBER: 3,
              Rank.BANNER: 10, Rank.EIGHT: 0, Rank.SEVEN: 0, Rank.SIX: 0},
    "plain": {Rank.ASS: 11, Rank.KOENIG: 4, Rank.OBER: 3, Rank.UNDER: 2, Rank.BANNER: 10,
              Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0, Rank.SIX: 0},
    "obenabe": {Rank.ASS: 11, Rank.KOENIG: 4, Rank.OBER: 3, Rank.UNDER: 2, Rank.BANNER: 10,
                Rank.NINE: 0, Rank.EIGHT: 8, Rank.SEVEN: 0, Rank.SIX: 0},
    "undenufe": {Rank.SIX: 11, Rank.KOENIG: 4, Rank.OBER: 3, Rank.UNDER: 2, Rank.BANNER: 10,
                 Rank.NINE: 0, Rank.EIGHT: 8, Rank.SEVEN: 0, Rank.ASS: 0},
}
LAST_TRICK = 5
TOTAL_POINTS = 157  # 152 in the cards and 5 for the last trick, in every kind of game


class Card(Value):
    """A card: its suit and rank. Cards order as the deck lists them (by suit, then rank
    in the natural order 6 7 8 9 Banner Under Ober König Ass)."""

    FIELDS = ("suit", "rank")

    def __init__(self, suit: Suit, rank: Rank) -> None:
        d = self.__dict__
        d["suit"], d["rank"] = suit, rank

    def _order(self) -> tuple[int, int]:
        return _SUIT_INDEX[self.suit], _RANK_INDEX[self.rank]

    def __lt__(self, other: "Card") -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._order() < other._order()

    def __le__(self, other: "Card") -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._order() <= other._order()

    def __gt__(self, other: "Card") -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._order() > other._order()

    def __ge__(self, other: "Card") -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._order() >= other._order()

    @classmethod
    def parse(cls, text: str) -> "Card":
        """``Eichel U``, ``Eichel:U``, ``EiU``, ``♣U`` or ``U Eichel``."""
        # read in one pass, no regular expression: "(.+?)[\s:]*(rank)" took time growing with
        # the square of the text (a card of 100,000 spaces: minutes of CPU)
        t = text.strip()
        ambiguous = None   # "sch o": a suit written too short, named with both its suits (QA s40 F7.2)
        rank = "10" if t.endswith("10") else t[-1:]
        if rank == "10" or rank in _RANK_LETTERS:           # the suit first: "Eichel U", "EiU", "♣10"
            suit = _before_separators(t[:-len(rank)])
            if suit and "\n" not in suit:
                try:
                    return cls(Suit.parse(suit), Rank.parse(rank))
                except ParseError as e:
                    ambiguous = e if len(_prefix_matches(suit.strip().lower())) > 1 else None
        rank = "10" if t.startswith("10") else t[:1]
        if rank == "10" or rank in _RANK_LETTERS:           # the rank first: "U Eichel", "10 Rosen"
            rest = t[len(rank):]
            gap = len(rest) - len(_after_separators(rest))
            suit = rest[gap:] or rest[-1:] * (gap >= 2)     # "U ::" reads the suit ":"
            if gap and suit and "\n" not in suit:
                return cls(Suit.parse(suit), Rank.parse(rank))
        if ambiguous is not None:
            raise ambiguous
        raise ParseError(M("cannot read card {t!r} (write e.g. 'Eichel U')", t=t))

    def value(self, kind: str = "plain") -> int:
        return VALUE[kind][self.rank]

    def __str__(self) -> str:
        return f"{self.suit.value} {self.rank.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in SUITS for r in RANKS)
HAND_SIZE = 9
_DISPLAY = ORDER["plain"]  # ranks in a hand are written high to low: A K O U B 9 8 7 6


_PARSED: dict = {}   # (hand class, text, size) -> hand, see HandBase.parse


def clear_caches() -> None:
    _PARSED.clear()


class HandBase(Value):
    """A hand as a set of cards, for any deck: a subclass names its deck's suit and rank
    types, card type, suit order, rank order for writing (high to low) and hand size.
    ``parse`` reads ``Suit:RANKS`` groups or the symbol form ``♥9K7`` (a void suit left
    out or written ``Suit:-``) and checks the size unless ``size=None``."""

    FIELDS = ("cards",)
    SUIT: ClassVar[type]
    RANK: ClassVar[type]
    CARD: ClassVar[type]
    SUITS: ClassVar[tuple]
    DISPLAY: ClassVar[tuple]
    SIZE: ClassVar[int]
    EXAMPLE: ClassVar[str]
    NAME: ClassVar[M] = M("a hand")

    def __init__(self, cards: Iterable = ()) -> None:
        cards = frozenset(cards)
        d = self.__dict__
        d["cards"] = cards
        # the ranks held per suit: ``has`` and ``length`` are asked of every hand
        # hundreds of times (every promise of every legal call), so answered in O(1)
        by_suit: dict = {}
        for c in cards:
            by_suit.setdefault(c.suit, set()).add(c.rank)
        d["_ranks"] = {s: frozenset(r) for s, r in by_suit.items()}

    @classmethod
    def normalize(cls, text: str) -> str:
        """The symbol form ``♥9K7 ♣U8 ♦AO6 ♠B`` (a suit symbol touching its ranks) as
        ``♥:9K7 ♣:U8 ...``; a hook for a deck's other written forms."""
        return re.sub(r"([♠♥♦♣♤♡♢♧])(?!\s*:)", r"\1:", text)

    @classmethod
    def parse(cls, text: str, size: "int | None" = -1):
        # a hand is an immutable value: the same text read again (drills, worksheets, the
        # quiz read each hand several times) is the same hand
        key = (cls, text, size)
        hand = _PARSED.get(key)
        if hand is None:
            hand = cls._parse(text, size)
            if len(_PARSED) >= 4096:
                _PARSED.clear()
            _PARSED[key] = hand
        return hand

    @classmethod
    def _parse(cls, text: str, size: "int | None" = -1):
        size = cls.SIZE if size == -1 else size
        t = cls.normalize(text.strip())
        if not t:
            raise ParseError(M("empty hand (write e.g. '{example}')", example=cls.EXAMPLE))
        # a suit's name begins where a name can begin, not inside one: tried at every
        # letter of a long name, the search took time growing with the square of the text
        pattern = r"(?<![^\s:,;])([^\s:,;]+)\s*:\s*([^\s,;]*)"
        groups = re.findall(pattern, t)
        rest = re.sub(pattern, "", t).strip(" ,;")
        if rest or not groups:
            raise ParseError(M("cannot read hand at {value!r} (write e.g. '{example}')", value=rest or t, example=cls.EXAMPLE))
        cards: list = []
        seen_suits: set = set()
        for suit_text, ranks_text in groups:
            suit = cls.SUIT.parse(suit_text)
            if suit in seen_suits:
                raise ParseError(M("suit {suit} appears twice in the hand", suit=suit))
            seen_suits.add(suit)
            if ranks_text in ("-", "—", "–"):
                continue
            for rank_text in re.findall(r"10|.", ranks_text):
                try:
                    card = cls.CARD(suit, cls.RANK.parse(rank_text))
                except ParseError as e:
                    raise e.at(f"{suit}: ") from None
                if card in cards:
                    raise ParseError(M("card {card} appears twice in the hand", card=card))
                cards.append(card)
        if size is not None and len(cards) != size:
            raise ParseError(M("{name} has exactly {size} cards, this one has {n}", name=cls.NAME, size=size, n=len(cards)))
        return cls(cards)

    def suit(self, suit) -> tuple:
        """The ranks held in ``suit``, high to low."""
        held = self._ranks.get(suit, ())
        return tuple(r for r in self.DISPLAY if r in held)

    def ranks_in(self, suit) -> frozenset:
        """The ranks held in ``suit``, as a set."""
        return self._ranks.get(suit, _NONE_HELD)

    def length(self, suit) -> int:
        return len(self._ranks.get(suit, ()))

    def has(self, suit, rank) -> bool:
        return rank in self._ranks.get(suit, ())

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator:
        # the cards in the order of the suits and ranks, sorted once (a hand is immutable): the
        # simulation iterates each deal's hands in every game it judges them in (judge, s46)
        order = self.__dict__.get("_order")
        if order is None:
            order = self.__dict__["_order"] = tuple(sorted(
                self.cards, key=lambda c: (self.SUITS.index(c.suit), self.DISPLAY.index(c.rank))))
        return iter(order)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(f"{s.value}:{''.join(r.value for r in self.suit(s))}"
                        for s in self.SUITS if self.length(s))

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def to_dict(self) -> dict[str, list[str]]:
        return {s.value: [r.value for r in self.suit(s)] for s in self.SUITS if self.length(s)}


class Hand(HandBase):
    """A Sidi-Barrani hand: nine distinct cards of the Jass deck."""

    SUIT: ClassVar[type] = Suit
    RANK: ClassVar[type] = Rank
    CARD: ClassVar[type] = Card
    SUITS: ClassVar[tuple] = SUITS
    DISPLAY: ClassVar[tuple] = _DISPLAY
    SIZE: ClassVar[int] = HAND_SIZE
    EXAMPLE: ClassVar[str] = "Eichel:U86 Rosen:O9"
    NAME: ClassVar[M] = M("a hand")

    @classmethod
    def from_dict(cls, data: dict, size: int | None = HAND_SIZE) -> "Hand":
        """The worked example's form: ``{Eichel: [U, 8, 6], Rosen: [O, 9]}`` (a suit's
        ranks as a list, or as text ``U86``); anything else is one ParseError."""
        if not isinstance(data, dict):
            raise ParseError(M("a hand as a card table is a mapping of suits to ranks, e.g. {{Eichel: [U, 8, 6]}}"))
        parts = []
        for k, v in data.items():
            if isinstance(v, str):
                ranks = v
            elif isinstance(v, list) and all(isinstance(r, (str, int)) and not isinstance(r, bool) for r in v):
                ranks = "".join(str(r) for r in v)
            else:
                raise ParseError(M("{suit}: the ranks as a list, e.g. [U, 8, 6], not {value}",
                                   suit=str(k)[:40], value=_shown(v)))
            parts.append(f"{k}:{ranks}")
        return cls.parse(" ".join(parts), size=size)


def _shown(value) -> str:
    text = "null" if value is None else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def deal(rng, players: int = 4, deck: tuple = DECK, hand: type = Hand) -> list:
    """Deal ``deck`` (default the 36 Jass cards) evenly to ``players``, with ``rng`` a
    ``random.Random``; each share as a ``hand``."""
    cards = list(deck)
    rng.shuffle(cards)
    n = len(cards) // players
    return [hand(cards[i * n:(i + 1) * n]) for i in range(players)]
