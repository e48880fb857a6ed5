"""A deal for the solver: four hands of equal size at a trick boundary, the trump kind,
who leads, who declares, and whether it is a Misère.

A deal file (YAML) holds one::

    trump: Eichel            # a suit, Obenabe or Undenufe ("Undenufe Misère" too)
    leader: A                # who leads the next trick
    declarer: A              # optional; default the leader (his team declares)
    misere: false            # optional; the declaring team wants few points
    hands:                   # 1 to 9 cards each, all four the same size
      A: "Eichel:UA6 Rosen:K"
      B: ...

    >>> d = loads("trump: Obenabe\\nleader: B\\nhands: {A: 'Eichel:A', B: 'Eichel:6', "
    ...           "C: 'Rosen:A', D: 'Rosen:6'}")
    >>> d.size, d.declaring_team, str(d.trump)
    (1, 'BD', 'Obenabe')
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from tutor.cards import DECK, HAND_SIZE, Hand
from tutor.errors import ParseError
from tutor.play.rules import SEATS, TRUMPS, Trump, parse_strain, team_of
from tutor.i18n import M, join

KEYS = ("trump", "leader", "declarer", "misere", "hands")


class DealError(ParseError):
    """A deal (file) that cannot be played: a wrong size, a card twice, an unknown trump."""


@dataclass(frozen=True)
class Deal:
    """Four hands (in seat order A B C D) of 1 to 9 cards each, all the same size."""

    hands: tuple[Hand, Hand, Hand, Hand]
    trump: Trump
    leader: str = "A"
    declarer: str | None = None
    misere: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.trump, Trump):
            # Deal(hands, "Obenabe") as a deal file writes it ("Undenufe Misère" too); any
            # other value is a DealError here, not an AttributeError deep in the search
            try:
                trump, misere = parse_strain(self.trump)
            except ParseError as e:
                raise DealError(join("trump: ", e.message)) from None
            object.__setattr__(self, "trump", trump)
            object.__setattr__(self, "misere", bool(self.misere) or misere)
        hands = tuple(h if isinstance(h, Hand) else Hand(h) for h in self.hands)
        object.__setattr__(self, "hands", hands)
        if len(hands) != 4:
            raise DealError(M("a deal has four hands, not {n_hands}", n_hands=len(hands)))
        for name in ("leader", "declarer"):
            seat = getattr(self, name)
            if seat is None:
                continue
            s = str(seat).strip().upper()
            if s not in SEATS:
                raise DealError(M("{name}: unknown seat {seat!r} (A, B, C or D)", name=name, seat=seat))
            object.__setattr__(self, name, s)
        sizes = [len(h) for h in hands]
        if len(set(sizes)) != 1:
            listing = ", ".join(f"{s} {n}" for s, n in zip(SEATS, sizes))
            raise DealError(M("hands: the four hands must have the same size ({listing})", listing=listing))
        if not 1 <= sizes[0] <= HAND_SIZE:
            raise DealError(M("hands: a hand has 1 to {hand_size} cards, not {sizes}", hand_size=HAND_SIZE, sizes=sizes[0]))
        seen: dict = {}
        for seat, h in zip(SEATS, hands):
            for c in h:
                if c in seen:
                    raise DealError(M("hands: {c} is in the hands of {seen} and {seat}", c=c, seen=seen[c], seat=seat))
                seen[c] = seat

    @property
    def size(self) -> int:
        """Cards in each hand (tricks still to play)."""
        return len(self.hands[0])

    @property
    def declaring_team(self) -> str:
        return team_of(self.declarer or self.leader)

    def hand(self, seat: str) -> Hand:
        return self.hands[SEATS.index(seat)]

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"trump": str(self.trump), "leader": self.leader}
        if self.declarer:
            d["declarer"] = self.declarer
        if self.misere:
            d["misere"] = True
        d["hands"] = {s: str(h) for s, h in zip(SEATS, self.hands)}
        return d

    @classmethod
    def random(cls, rng: Random, size: int = HAND_SIZE, trump: Trump | None = None,
               leader: str | None = None, misere: bool = False) -> "Deal":
        """A random deal of ``size`` cards a hand (the rest of the deck already played),
        for tests and benchmarks."""
        cards = list(DECK)
        rng.shuffle(cards)
        return cls(tuple(Hand(cards[i * size:(i + 1) * size]) for i in range(4)),
                   trump if trump is not None else rng.choice(TRUMPS),
                   leader or rng.choice(SEATS), misere=misere)


def from_mapping(data: Any, where: str = "<deal>") -> Deal:
    """A deal from the mapping of a deal file; every problem a DealError naming
    ``where`` and the key."""
    def bad(key: str, message: M) -> DealError:
        return DealError(join(where, ": ", key, ": ", message))

    if not isinstance(data, dict):
        raise DealError(M("{where}: a deal file is a mapping with trump, leader and hands", where=where))
    for key in data:
        if key not in KEYS:
            raise bad(str(key), M("unknown key (known: {known})", known=', '.join(KEYS)))
    if "trump" not in data:
        raise bad("trump", M("missing"))
    try:
        trump, misere = parse_strain(data["trump"])
    except ParseError as e:
        raise e.at(f"{where}: trump: ") from None
    if "misere" in data:
        if not isinstance(data["misere"], bool):
            raise bad("misere", M("true or false"))
        if misere and not data["misere"]:
            raise bad("misere", M("false, but the trump says Misère (write one or the other)"))
        misere = misere or data["misere"]
    for key in ("leader", "hands"):
        if key not in data:
            raise bad(key, M("missing"))
    seats: dict[str, str | None] = {}
    for key in ("leader", "declarer"):
        v = data.get(key)
        if v is None and key == "declarer":
            seats[key] = None
            continue
        s = str(v).strip().upper() if isinstance(v, str) else None
        if s not in SEATS:
            raise bad(key, M("unknown seat {v!r} (A, B, C or D)", v=v))
        seats[key] = s
    raw = data["hands"]
    if not isinstance(raw, dict):
        raise bad("hands", M("a mapping of the seats A, B, C, D to hands"))
    hands: dict[str, Hand] = {}
    for k, v in raw.items():
        seat = str(k).strip().upper()
        if seat not in SEATS:
            raise bad(f"hands: {k}", M("unknown seat (A, B, C or D)"))
        if seat in hands:
            raise bad("hands", M("hands: {s} given twice", s=seat))
        if not isinstance(v, (str, dict)):
            raise bad(f"hands: {seat}", M("a hand such as 'Eichel:U86 Rosen:O9'"))
        try:
            # the hand notation, or a card table {Eichel: [U, 8, 6]} as game files take it
            hands[seat] = Hand.parse(v, size=None) if isinstance(v, str) else Hand.from_dict(v, size=None)
        except ParseError as e:
            raise e.at(f"{where}: hands: {seat}: ") from None
    missing = [s for s in SEATS if s not in hands]
    if missing:
        raise bad("hands", M("no hand for {seats}", seats=', '.join(missing)))
    try:
        return Deal(tuple(hands[s] for s in SEATS), trump, seats["leader"], seats["declarer"], misere)
    except DealError as e:
        raise e.at(f"{where}: ") from None


def loads(text: str, where: str = "<deal>") -> Deal:
    """The deal of a deal file's text (read within the limits of :mod:`tutor.files`)."""
    from tutor.files import load_yaml_lines

    data, _lines, twice = load_yaml_lines(text, where)
    if twice:   # YAML keeps the last value: refused, as a game file does
        path, line = twice[0]
        raise DealError(M("{source}:{line}: {path!r} given twice", source=where, line=line, path=path[-1]))
    return from_mapping(data, where)


def load(path: str | Path) -> Deal:
    """Read a deal file; every problem one line naming the file (and the key)."""
    from tutor.files import read_text

    return loads(read_text(path), str(path))


def dumps(deal: Deal) -> str:
    """The deal file of ``deal`` (``load``/``loads`` read it back)."""
    import yaml

    return yaml.safe_dump(deal.to_dict(), allow_unicode=True, sort_keys=False)
