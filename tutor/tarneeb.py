"""Tarneeb (tarneeb.txt): the Levantine partnership game of 52 cards and 13 tricks.

Cards and hands have their own notation, apart from the Jass deck of ``tutor.cards``:
suits ``S H D C`` (also ``♠ ♥ ♦ ♣``, Pik Herz Karo Kreuz, Spades Hearts Diamonds Clubs),
ranks ``A K Q J T 9 8 7 6 5 4 3 2`` (``10`` accepted for ``T``), a hand of 13 cards as
``S:AKQJ52 H:K4 D:A73 C:96`` (void suits left out or written ``S:-``)::

    >>> Hand.parse("S:AKQJ52 H:K4 D:A73 C:96")
    Hand.parse('S:AKQJ52 H:K4 D:A73 C:96')

The auction is the shared :class:`~tutor.auction.Auction` with Tarneeb's spec: seats
``A B C D`` in bidding order (A sits right of the dealer D and bids first; the deal
rotates counter-clockwise, so the next hand A deals), bids 7..13 tricks without a suit,
each higher than the last, a pass is final, three passes after a bid end the auction,
four passes annul the deal. The highest bidder names trump and leads. Partners sit
opposite: A and C against B and D.

Bid advice is the text's rule of thumb, stated as what it is: a trick per Ace, a trick
per trump beyond the third, a trick for a void ("wenn Sie eine Fehlfarbe haben"). The
text counts the bidder's own tricks; how many the partner adds it does not say, so the
tutor adds ``partner_tricks`` (a table rule, 3 by default: a quarter of the 13 tricks).

Scoring (:func:`score_hand`): made, the bidders score the tricks they took; set, they lose
the bid; the defenders always score their tricks; 13 bid and made earns the bonus (16 or
double the bid, by table rule). :class:`Match`: the first partnership at the target (31,
41 or 61) at the end of a hand wins; both there: the higher score; a tie: another hand.
"""
from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Iterable, Mapping

from tutor.auction import (BID, FORT, Auction, AuctionSpec, Call, split_calls, split_seat)
from tutor.cards import HandBase
from tutor.scoring import SEATS, TEAMS, partner_of  # the four seats in two partnerships
from tutor.errors import IllegalCallError, ParseError, RulesError, TutorError
from tutor.text import clip, is_number
from tutor.i18n import M, Mn, _, both, join, ngettext

Text = M   # a text of Tarneeb: a catalog message


def say(text: Text, lang: str = "de") -> str:
    return text.text(lang)


# -- cards -------------------------------------------------------------------------
class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SYMBOL[self]

    @property
    def german(self) -> str:
        return _GERMAN[self]

    @property
    def english(self) -> str:
        return self.name.capitalize()

    def label(self, lang: str = "de") -> str:
        return f"{_SUIT_NAME[self].text(lang)} {self.symbol}"

    @classmethod
    def parse(cls, text: str) -> "Suit":
        key = text.strip().lower()
        if key in _SUIT_ALIASES:
            return _SUIT_ALIASES[key]
        raise ParseError(M("unknown suit {text!r} (S H D C, ♠ ♥ ♦ ♣, Pik Herz Karo Kreuz)", text=text.strip()))

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUITS: tuple[Suit, ...] = tuple(Suit)
_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_GERMAN = {Suit.SPADES: "Pik", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Karo", Suit.CLUBS: "Kreuz"}
# the suits' names as the tutor writes them (the German ones above are also read as input)
_SUIT_NAME = {Suit.SPADES: M("Spades"), Suit.HEARTS: M("Hearts"), Suit.DIAMONDS: M("Diamonds"),
              Suit.CLUBS: M("Clubs")}
_SUIT_ALIASES: dict[str, Suit] = {
    **{s.value.lower(): s for s in Suit},
    **{sym: s for s, sym in _SYMBOL.items()},
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
    **{s.german.lower(): s for s in Suit}, "treff": Suit.CLUBS, "schaufel": Suit.SPADES,
    **{s.english.lower(): s for s in Suit}, "spade": Suit.SPADES, "heart": Suit.HEARTS,
    "diamond": Suit.DIAMONDS, "club": Suit.CLUBS,
}


class Rank(enum.Enum):
    """A rank; the value is its letter. Definition order is high to low (A K Q J T 9 .. 2)."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "T"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"

    @property
    def power(self) -> int:
        """14 for the Ace down to 2 for the Two."""
        return 14 - RANKS.index(self)

    @property
    def german(self) -> str:
        return {"A": "Ass", "K": "König", "Q": "Dame", "J": "Bube", "T": "10"}.get(self.value, self.value)

    @classmethod
    def parse(cls, text: str) -> "Rank":
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        for r in cls:
            if r.value == key:
                return r
        raise ParseError(M("unknown rank {text!r} (A K Q J T/10 9 8 7 6 5 4 3 2)", text=text.strip()))

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


RANKS: tuple[Rank, ...] = tuple(Rank)


@dataclass(frozen=True)
class Card:
    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, text: str) -> "Card":
        """``SA``, ``S:A``, ``♠A``, ``A♠``, ``10H``, ``HT``."""
        t = text.strip().replace(":", "")
        for suit_part, rank_part in ((t[:1], t[1:]), (t[-1:], t[:-1])):
            try:
                return cls(Suit.parse(suit_part), Rank.parse(rank_part))
            except ParseError:
                continue
        raise ParseError(M("cannot read card {text!r} (write e.g. 'SA' or '♠A')", text=text.strip()))

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in SUITS for r in RANKS)
HAND_SIZE = 13


class Hand(HandBase):
    """A Tarneeb hand: 13 distinct cards of the 52 (the parsing is tutor.cards')."""

    SUIT: ClassVar[type] = Suit
    RANK: ClassVar[type] = Rank
    CARD: ClassVar[type] = Card
    SUITS: ClassVar[tuple] = SUITS
    DISPLAY: ClassVar[tuple] = RANKS
    SIZE: ClassVar[int] = HAND_SIZE
    EXAMPLE: ClassVar[str] = "S:AKQJ52 H:K4 D:A73 C:96"
    NAME: ClassVar[M] = M("a Tarneeb hand")

    def pretty(self) -> str:
        """With symbols and every suit, voids as ``-``: ``♠AKQJ52 ♥K4 ♦A73 ♣96`` (``parse``
        reads it back)."""
        return " ".join(f"{s.symbol}{''.join(r.value for r in self.suit(s)) or '-'}" for s in SUITS)


def deal(rng, players: int = 4) -> list[Hand]:
    """Deal the 52 cards, 13 to each of four players (``rng`` a ``random.Random``)."""
    from tutor.cards import deal as deal_deck

    return deal_deck(rng, players, DECK, Hand)


# Tarneeb 400, as the text describes it: card values, and "the contract target becomes
# 400 card points instead of a number of tricks". A deck holds 4 x 30 = 120 of those
# points, so 400 cannot be a one-hand contract, and the text does not say over how many
# hands it runs or how a bid reads: the tutor shows the values and does not score it.
CARD_POINTS_400: dict[Rank, int] = {Rank.ACE: 11, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.TEN: 10}
TARNEEB_400_NOTE: Text = M("The text describes Tarneeb 400 as a points variant: Ace 11, King 4, Queen 3, Jack 2, Ten 10, the contract target 400 card points instead of tricks. A 52-card deck holds only 120 such points, and the text does not say over how many hands the 400 run or how bids read. The tutor counts the card points (card_points) but does not score Tarneeb 400.")


def card_points(cards: Iterable[Card]) -> int:
    """The cards' points by Tarneeb 400's values (A 11, K 4, Q 3, J 2, T 10)."""
    return sum(CARD_POINTS_400.get(c.rank, 0) for c in cards)


# -- table rules -------------------------------------------------------------------
BONUS_CHOICES = ("16", "double")


@dataclass(frozen=True)
class TarneebRules:
    """What a Tarneeb table agrees on before the match."""

    name: str = "tarneeb"
    #: match target: 41 (the most common), 31 (Lebanese), 61
    target: int = 41
    #: 13 tricks bid and made: 16 instead of 13, or double the bid
    bonus13: str = "16"
    #: Sonne: a no-trump bid that overcalls a suit bid of the same number
    sonne: bool = False
    #: Kabsh (Saudi Tarneeb): the 13-trick bonus also for all 13 tricks without a bid of 13
    kabsh: bool = False
    #: tricks the tutor's advice counts for the partner (the text gives no number)
    partner_tricks: int = 3

    def bonus(self, bid: int) -> int:
        return 16 if self.bonus13 == "16" else 2 * bid

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


PROFILES: dict[str, TarneebRules] = {
    "tarneeb": TarneebRules(),
    "tarneeb-41": TarneebRules(name="tarneeb-41"),
    "tarneeb-31": TarneebRules(name="tarneeb-31", target=31),
    "tarneeb-61": TarneebRules(name="tarneeb-61", target=61),
    "saudi": TarneebRules(name="saudi", kabsh=True),
}
DEFAULT = PROFILES["tarneeb"]
FIELDS = {f.name: f for f in dataclasses.fields(TarneebRules)}
# the Sidi-Barrani profile names the shared --rules option may carry by default
_SIDI_DEFAULTS = ("verband",)


def _validated(rules: TarneebRules, where: object) -> TarneebRules:
    def bad(message: M) -> RulesError:
        return RulesError(join(where, ": ", message))

    if isinstance(rules.target, bool) or not isinstance(rules.target, int) or rules.target <= 0:
        raise bad(M("table rule 'target': {value!r} is not a positive whole number (31, 41 or 61)",
                    value=rules.target))
    if rules.bonus13 not in BONUS_CHOICES:
        raise bad(M("table rule {name!r}: {value!r} is not one of {choices}", name="bonus13",
                    value=rules.bonus13, choices="16, double"))
    for name in ("sonne", "kabsh"):
        if not isinstance(getattr(rules, name), bool):
            raise bad(M("table rule {name!r}: {value!r} is not true or false", name=name,
                        value=getattr(rules, name)))
    p = rules.partner_tricks
    if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= 13:
        raise bad(M("table rule 'partner_tricks': {value!r} is not a whole number from 0 to 13", value=p))
    return rules


def rules_from_mapping(data: Mapping[str, Any], where: object = M("Tarneeb table rules")) -> TarneebRules:
    if not isinstance(data, Mapping):
        raise RulesError(M("{where}: expected a mapping of table rules, got {type}", where=where, type=type(data).__name__))
    data = dict(data)
    base = str(data.pop("profile", "tarneeb"))
    if base not in PROFILES:
        raise RulesError(M("{where}: unknown Tarneeb profile {base!r} (known: {known})", where=where, base=base, known=', '.join(PROFILES)))
    variant = data.pop("variant", None)
    if variant is not None and str(variant) != "tricks":
        if str(variant) == "400":
            raise RulesError(join(where, ": ", TARNEEB_400_NOTE))
        raise RulesError(M("{where}: unknown Tarneeb variant {variant!r} (tricks; 400 is described but not scored)", where=where, variant=variant))
    unknown = [k for k in data if k not in FIELDS or k == "name"]
    if unknown:
        known = ", ".join(k for k in FIELDS if k != "name") + ", profile, variant"
        raise RulesError(M("{where}: unknown Tarneeb table rule {unknown!r} (known: {known})", where=where, unknown=unknown[0], known=known))
    if "bonus13" in data and not isinstance(data["bonus13"], bool):
        data["bonus13"] = str(data["bonus13"])
    rules = dataclasses.replace(PROFILES[base], **data)
    if data:
        rules = dataclasses.replace(rules, name=f"{base}+custom")
    return _validated(rules, where)


def load_rules(spec: Any = None) -> TarneebRules:
    """Tarneeb's table rules from None (the default), a profile name, a YAML file, a
    mapping or a TarneebRules. The shared ``--rules`` default ``verband`` (a
    Sidi-Barrani profile) stands for Tarneeb's default."""
    if spec is None or isinstance(spec, TarneebRules):
        return spec or DEFAULT
    if isinstance(spec, Mapping):
        return rules_from_mapping(spec)
    if type(spec).__name__ == "TableRules":   # Sidi-Barrani's rules, passed on by a caller
        return DEFAULT
    text = str(spec)
    if text in PROFILES:
        return PROFILES[text]
    if text in _SIDI_DEFAULTS:
        return DEFAULT
    if text in ("400", "tarneeb-400"):
        raise RulesError(TARNEEB_400_NOTE)
    if not text.strip():   # Path("") is the current folder
        raise RulesError(M("empty: name a profile ({known}) or a YAML file", known=', '.join(PROFILES)))
    path = Path(text)
    if not path.exists():
        raise RulesError(M("unknown Tarneeb rules {text!r}: neither a profile ({known}) nor an existing file", text=text, known=', '.join(PROFILES)))
    from tutor.rules import read_file

    return rules_from_mapping(read_file(path), where=str(path))


# -- the auction -------------------------------------------------------------------
SONNE = "Sonne"
_SONNE_WORDS = ("sonne", "shams", "nt", "no trump", "notrump", "no-trump", "ohne", "ohne trumpf", "sans")


def parse_sonne(text: str) -> str:
    if text.strip().lower() in _SONNE_WORDS:
        return SONNE
    raise ParseError(M("{text!r}: a Tarneeb bid names no suit (only Sonne, where the table plays it)", text=text.strip()))


@lru_cache(maxsize=None)
def _spec(sonne: bool) -> AuctionSpec:
    return AuctionSpec(
        name="Tarneeb", ladder=tuple(range(7, 14)), seats=4,
        strains=(SONNE,) if sonne else None,
        parse_strain=parse_sonne if sonne else None,
        strain_optional=True, strain_rank={None: 0, SONNE: 1},
        fort_final="always", teams=((0, 2), (1, 3)), doubling=False,
        fort_words=("pass", "passe", "fort", "passen"),
    )


def auction_spec(rules: TarneebRules | None = None) -> AuctionSpec:
    return _spec(load_rules(rules).sonne)


def parse_call(text: str, rules: TarneebRules | None = None) -> Call:
    """A Tarneeb call: a number 7..13, ``pass``, or with Sonne ``8 Sonne``."""
    rules = load_rules(rules)
    t = " ".join(text.strip().split())
    m = re.fullmatch(r"([0-9]+)\s*([^0-9].*)", t)   # "8 Sonne", "8Sonne": the one way to type a call
    if m:
        word = m.group(2).strip().lower()
        if word in _SONNE_WORDS:
            if not rules.sonne:
                raise IllegalCallError(M("{t!r}: this table plays without Sonne (table rule sonne: true)", t=clip(t)))
        else:
            try:
                Suit.parse(word)
            except ParseError:
                raise ParseError(M("cannot read call {t!r} (a number 7..13, pass, or '8 Sonne')", t=clip(t))) from None
            raise ParseError(M("{t!r}: a Tarneeb bid names no suit; the highest bidder names trump after the auction", t=clip(t)))
    try:
        return _spec(rules.sonne).parse_call(t)
    except ParseError:
        raise ParseError(M("cannot read call {t!r} (a number 7..13, pass, or '8 Sonne')", t=clip(t)) if rules.sonne
                         else M("cannot read call {t!r} (a number 7..13 or pass)", t=clip(t))) from None


def parse_auction(text: str, rules: TarneebRules | None = None) -> Auction:
    """Calls separated by commas, from A (right of the dealer) on."""
    rules = load_rules(rules)
    spec = _spec(rules.sonne)
    auction = Auction(spec)
    for number, item in enumerate(split_calls(text), start=1):
        try:
            seat, call_text = split_seat(item, spec)
            auction = auction.play(parse_call(call_text, rules), seat)
        except (ParseError, IllegalCallError) as e:
            raise e.at(M("call {number} ({call!r}): ", number=number, call=clip(item.strip()))) from None
    return auction


def _auction(auction: "Auction | str", rules: TarneebRules) -> Auction:
    return parse_auction(auction, rules) if isinstance(auction, str) else auction


def next_dealer(annulled: bool = False) -> str:
    """Who deals the next hand, in this hand's seat letters: the dealer role moves
    counter-clockwise, to the player on the dealer's right, A (also after four passes:
    'der nächste Spieler gibt')."""
    return "A"


# -- bid advice: the text's rule of thumb ---------------------------------------------
RULE_OF_THUMB: Text = M("the text's rule of thumb: a trick per Ace in every suit, a trick per trump beyond the third, one more for a void")
PARTNER_NOTE: Text = M("What the partner adds the text does not say; the tutor counts {n} (table rule partner_tricks)")


@dataclass(frozen=True)
class Estimate:
    """What the rule of thumb counts for a hand with ``trump`` as trump."""

    trump: Suit | None          # None: Sonne (no trump)
    aces: tuple[Suit, ...]
    trump_length: int
    voids: tuple[Suit, ...]
    partner: int

    @property
    def length_tricks(self) -> int:
        return max(0, self.trump_length - 3) if self.trump else 0

    @property
    def void_trick(self) -> int:
        return 1 if self.trump and self.voids else 0

    @property
    def own(self) -> int:
        return len(self.aces) + self.length_tricks + self.void_trick

    @property
    def side(self) -> int:
        return self.own + self.partner

    def reasons(self, lang: str = "de") -> list[str]:
        aces = " ".join(f"{s.symbol}A" for s in self.aces) or _("none", lang)
        out = [say(RULE_OF_THUMB, lang) + ":",
               "  " + _("Aces: {aces} -> {n}", lang, aces=aces, n=len(self.aces))]
        if self.trump is None:
            out.append("  " + _("Sonne: no trump, so neither trump length nor a void counts", lang))
        else:
            out.append("  " + ngettext("trump {name}, {n} card -> {tricks} beyond the third",
                                       "trump {name}, {n} cards -> {tricks} beyond the third", self.trump_length,
                                       lang, name=self.trump.label(lang), tricks=self.length_tricks))
            if self.voids:
                voids = ", ".join(s.label(lang) for s in self.voids)
                out.append("  " + _("void in {suits} -> 1", lang, suits=voids))
            else:
                out.append("  " + _("no void -> 0", lang))
        out.append("  " + ngettext("= {n} trick of your own. {note} -> {side} for the partnership",
                                   "= {n} tricks of your own. {note} -> {side} for the partnership", self.own,
                                   lang, note=M(PARTNER_NOTE.msgid, n=self.partner), side=self.side))
        return out

    def to_json(self) -> dict:
        return {"trump": self.trump.value if self.trump else None, "aces": [s.value for s in self.aces],
                "trump_length": self.trump_length, "length_tricks": self.length_tricks,
                "voids": [s.value for s in self.voids], "void_trick": self.void_trick,
                "own": self.own, "partner": self.partner, "side": self.side}


def best_trump(hand: Hand) -> Suit:
    """The suit to name as trump: the longest (it counts the most trumps beyond the
    third); between equally long suits the one with the higher cards, then S H D C."""
    return max(SUITS, key=lambda s: (hand.length(s), [r.power for r in hand.suit(s)], -SUITS.index(s)))


def estimate(hand: Hand, trump: Suit | None | str = "best", rules: TarneebRules | None = None) -> Estimate:
    """The rule of thumb for ``hand`` with ``trump`` ("best": :func:`best_trump`; None: Sonne)."""
    rules = load_rules(rules)
    if trump == "best":
        trump = best_trump(hand)
    aces = tuple(s for s in SUITS if hand.has(s, Rank.ACE))
    voids = tuple(s for s in SUITS if s is not trump and hand.length(s) == 0) if trump else ()
    return Estimate(trump=trump, aces=aces, trump_length=hand.length(trump) if trump else 0,
                    voids=voids, partner=rules.partner_tricks)


def _hand(hand: "Hand | str") -> Hand:
    return Hand.parse(hand) if isinstance(hand, str) else hand


def _seat_in_turn(auction: Auction, seat: str | None) -> str:
    if auction.over:
        raise IllegalCallError(M("the bidding is over"))
    turn = auction.next_seat
    if seat is not None and seat.strip().upper() != turn:
        raise IllegalCallError(M("it is {turn}'s turn, not {seat}'s", turn=turn, seat=seat.strip().upper()))
    return turn


def call_kind(call: Call) -> str:
    if call.kind == FORT:
        return "pass"
    return "sonne" if call.strain == SONNE else "bid"


@dataclass(frozen=True)
class Advice:
    """The tutor's call for a hand: the rule of thumb's count against the standing bid."""

    seat: str
    call: Call
    estimate: Estimate
    why: Text
    options: tuple[tuple[Call, bool], ...]   # every legal call, and whether the count backs it

    @property
    def recommended(self) -> Call:
        return self.call

    @property
    def kind(self) -> str:
        return call_kind(self.call)

    def reasons(self, lang: str = "de") -> list[str]:
        return self.estimate.reasons(lang) + [say(self.why, lang)]

    def text(self, lang: str = "de") -> str:
        head = f"{self.seat}: {self.call}"
        if self.call.kind == BID:
            head += _(", then name {trump} as trump", lang, trump=self.estimate.trump.label(lang))
        return "\n".join([head] + self.reasons(lang))

    def to_json(self, lang: str = "de") -> dict:
        return {"seat": self.seat, "call": str(self.call), "kind": self.kind, "promises": [],
                "text": say(self.why, lang),
                "trump": self.estimate.trump.value if self.call.kind == BID else None,
                "estimate": self.estimate.to_json(), "reasons": self.reasons(lang),
                "options": [{"call": str(c), "kind": call_kind(c), "backed": ok} for c, ok in self.options]}


def _backed(call: Call, hand: Hand, rules: TarneebRules) -> bool:
    """Does the rule of thumb's count back the call? A pass always is."""
    if call.kind != BID:
        return True
    est = estimate(hand, None if call.strain == SONNE else "best", rules)
    return call.level <= est.side


def advise(hand: "Hand | str", auction: "Auction | str" = "", rules: TarneebRules | None = None,
           seat: str | None = None) -> Advice:
    """The call the rule of thumb gives the seat in turn: bid the count (own tricks plus
    the partner's share) when it beats the standing bid and is at least 7, else pass."""
    rules = load_rules(rules)
    hand, auction = _hand(hand), _auction(auction, rules)
    seat = _seat_in_turn(auction, seat)
    est = estimate(hand, "best", rules)
    count = min(13, est.side)
    high = auction.high
    pass_call = Call(FORT, word="pass")
    options = tuple((c, _backed(c, hand, rules)) for s, c in auction.legal_calls(seat))
    if high is not None and high.seat == partner_of(seat):
        why = M("Pass: your partner {seat} holds the bid ({call}). Bidding over him only raises what the partnership must make (the text says nothing on it; this is the tutor's reading).", seat=high.seat, call=high.call)
        return Advice(seat, pass_call, est, why, options)
    standing = high.call.level if high is not None else 6
    if count >= 7 and count > standing:
        call = Call.bid(count)
        why = (M("Bid {count}: the tricks the rule of thumb counts for the partnership, more than the "
                 "standing {call}. 'Bid your trumps and your Aces.'", count=count, call=high.call) if high
               else M("Bid {count}: the tricks the rule of thumb counts for the partnership. "
                      "'Bid your trumps and your Aces.'", count=count))
        return Advice(seat, call, est, why, options)
    if count < 7:
        why = Mn("Pass: {n} trick is not enough for the lowest bid, 7.",
                 "Pass: {n} tricks are not enough for the lowest bid, 7.", count)
    else:
        why = M("Pass: {count} tricks do not overbid the standing {call}.", count=count, call=high.call)
    return Advice(seat, pass_call, est, why, options)


# -- check -------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """``ok`` = legal and backed by the hand (Tarneeb bids carry no conventions, so every
    legal call is conventional); ``recommended``: the same call as :func:`advise`."""

    seat: str
    call: "Call | str"          # a str for a call that is no bid of the game (e.g. 6)
    legal: bool
    truthful: bool
    recommended: bool
    reasons: tuple[Text, ...]
    advice: Advice | None = None

    @property
    def conventional(self) -> bool:
        return self.legal

    @property
    def ok(self) -> bool:
        return self.legal and self.truthful

    def text(self, lang: str = "de") -> str:
        return "\n".join(say(r, lang) for r in self.reasons)

    def to_json(self, lang: str = "de") -> dict:
        return {"ok": self.ok, "legal": self.legal, "conventional": self.conventional,
                "truthful": self.truthful, "recommended": self.recommended,
                "call": str(self.call), "seat": self.seat, "text": self.text(lang)}


def check(hand: "Hand | str", auction: "Auction | str", call: "Call | str",
          rules: TarneebRules | None = None, seat: str | None = None) -> Verdict:
    """Is ``call`` legal here and backed by the hand's count? ``call`` may carry a seat
    prefix (``B: 9``); a number off the ladder or a Sonne at a table without it is a
    well-formed call that is not legal."""
    rules = load_rules(rules)
    hand, auction = _hand(hand), _auction(auction, rules)
    turn = auction.next_seat or "-"
    if isinstance(call, str):
        prefix, text = split_seat(call, auction.spec)
        seat = seat or prefix
        try:
            call = parse_call(text, rules)
        except IllegalCallError as e:
            shown = " ".join(text.split())
            return Verdict(turn if seat is None else seat.upper(), shown, False, False, False,
                           (M("{shown} is not allowed here: {text}.", shown=shown, text=e),))
    why = auction.why_illegal(call, seat)
    if why is not None:
        return Verdict(turn if seat is None else seat.upper(), call, False, _backed(call, hand, rules), False,
                       (M("{call} is not allowed here: {why}.", call=call, why=why),))
    advice = advise(hand, auction, rules, seat)
    truthful = _backed(call, hand, rules)
    recommended = call == advice.call
    reasons: list[Text] = []
    if call.kind == BID:
        est = estimate(hand, None if call.strain == SONNE else "best", rules)
        if truthful:
            reasons.append(M("{call} is legal and backed by the hand: the rule of thumb counts {side} tricks for the partnership ({own} of your own, {partner} for the partner).", call=call, side=est.side, own=est.own, partner=est.partner))
        else:
            reasons.append(Mn("{call} is legal but too high: the rule of thumb counts only {n} trick for the partnership ({own} of your own, {partner} for the partner).",
                              "{call} is legal but too high: the rule of thumb counts only {n} tricks for the partnership ({own} of your own, {partner} for the partner).",
                              est.side, call=call, own=est.own, partner=est.partner))
        if call.strain == SONNE:
            reasons.append(M("The text has no rule of thumb for Sonne; without trump the tutor counts only the Aces."))
    else:
        reasons.append(M("A pass is legal and promises nothing; whoever passes is out for this auction."))
    if recommended:
        reasons.append(M("The tutor advises the same call."))
    else:
        reasons.append(M("The tutor advises {call}. {why}", call=advice.call, why=advice.why))
    return Verdict(advice.seat, call, True, truthful, recommended, tuple(reasons), advice)


# -- explain -------------------------------------------------------------------------
KINDS = ("bid", "sonne", "pass", "end", "annul")
KIND_LABELS: dict[str, Text] = {
    "bid": M("bid (the partnership's tricks)"),
    "sonne": M("Sonne (no trump)"),
    "pass": M("pass (out)"),
    "end": M("the pass that ends the auction"),
    "annul": M("fourth pass: the deal is annulled"),
}


@dataclass(frozen=True)
class Reading:
    seat: str
    call: Call
    kind: str
    what: Text

    def text(self, lang: str = "de") -> str:
        return say(self.what, lang)

    def to_json(self, lang: str = "de") -> dict:
        return {"seat": self.seat, "call": str(self.call), "kind": self.kind, "promises": [],
                "text": self.text(lang)}


def _pair(seats: Iterable[str]) -> M:
    return both(seats)


@dataclass(frozen=True)
class Explanation:
    auction: Auction
    calls: tuple[Reading, ...]

    @property
    def sides(self) -> list[list[str]]:
        d = self.auction.declarer
        teams = [["A", "C"], ["B", "D"]]
        if d:
            teams.sort(key=lambda t: d not in t)
        return teams

    def state(self) -> dict:
        a = self.auction
        return {**a.state(), "annulled": a.annulled, "sides": self.sides,
                "trump_by": a.declarer, "leads": a.declarer}

    def summary(self, lang: str = "de") -> str:
        a = self.auction
        if a.annulled:
            return _("All four passed: the deal is annulled; the next player (A) deals.", lang)
        if a.over:
            d = a.declarer
            return _("{declarer} plays {contract}: {side} must take {n} tricks against {others}. "
                     "{declarer} names trump and leads.", lang, declarer=d, contract=a.contract,
                     side=_pair(self.sides[0]), n=a.high_bid.level, others=_pair(self.sides[1]))
        if a.high:
            return _("The bidding goes on ({seat}: {bid}); {next} is to call.", lang,
                     seat=a.high.seat, bid=a.high_bid, next=a.next_seat)
        return _("The bidding goes on; {next} is to call.", lang, next=a.next_seat)

    def text(self, lang: str = "de") -> str:
        # the kind by its name in the language asked, as Sidi-Barrani's explain shows it (the
        # bare key, "bid"/"pass", was English under --lang de and fr); the JSON keeps the key
        lines = [f"{i:>2}. {r.seat}  {str(r.call):<8} [{say(KIND_LABELS[r.kind], lang)}] {r.text(lang)}"
                 for i, r in enumerate(self.calls, start=1)]
        return "\n".join(lines + [self.summary(lang)])

    def to_json(self, lang: str = "de") -> dict:
        return {"calls": [r.to_json(lang) for r in self.calls],
                "known": {s: [] for s in SEATS}, "state": self.state(), "text": self.summary(lang)}


def explain(auction: "Auction | str", rules: TarneebRules | None = None) -> Explanation:
    """What every call of a Tarneeb auction says and does."""
    rules = load_rules(rules)
    auction = _auction(auction, rules)
    a = Auction(auction.spec)
    readings: list[Reading] = []
    for e in auction.entries:
        before, a = a, a.play(e.call, e.seat)
        seat, call = e.seat, e.call
        side = _pair((seat, partner_of(seat)))
        if call.kind == BID:
            bid = M("{seat} bids {call} over {bidder}'s {high}", seat=seat, call=call.level if call.strain != SONNE else call,
                    bidder=before.high.seat, high=before.high_bid) if before.high else \
                M("{seat} bids {call}", seat=seat, call=call.level if call.strain != SONNE else call)
            if call.strain == SONNE:
                what = M("{bid}: no trump; {side} want {n} tricks without trump. "
                         "Sonne overcalls a suit bid of the same number.", bid=bid, side=side, n=call.level)
                kind = "sonne"
            else:
                what = M("{bid}: {side} want {n} of the 13 tricks; "
                         "trump is named only by whoever wins the auction.", bid=bid, side=side, n=call.level)
                kind = "bid"
        elif a.annulled:
            kind = "annul"
            what = M("{seat} passes fourth: nobody bid, the deal is annulled and the next player (A) deals.", seat=seat)
        elif a.over:
            kind = "end"
            what = M("{seat} passes: after {declarer}'s bid of {high_bid} all the others have passed, the auction is over. {declarer} names trump and leads.", seat=seat, high_bid=a.high_bid, declarer=a.declarer)
        else:
            kind = "pass"
            what = M("{seat} passes and may not bid again in this auction.", seat=seat)
        readings.append(Reading(seat, call, kind, what))
    return Explanation(auction, tuple(readings))


# -- scoring -------------------------------------------------------------------------
@dataclass(frozen=True)
class HandScore:
    """One hand on the score sheet. ``tricks`` are the bidding partnership's."""

    bid: int
    tricks: int
    made: bool
    bidders: int
    defenders: int
    bonus: str | None = None      # "13" (bid and made all 13), "kabsh", "kabsh-defenders"
    sonne: bool = False

    def to_json(self) -> dict:
        return {"made": self.made, "bidders": self.bidders, "defenders": self.defenders,
                "bonus": self.bonus}

    def text(self, lang: str = "de") -> str:
        d = 13 - self.tricks
        score = f"{self.bidders:+d}"
        if self.made:
            lines = [_("Bid {bid}, {tricks} tricks: made. The bidders score the tricks they took: {score}.",
                       lang, bid=self.bid, tricks=self.tricks, score=score)]
        else:
            lines = [ngettext("Bid {bid}, {n} trick: set. The bidders lose their bid: {score}.",
                              "Bid {bid}, {n} tricks: set. The bidders lose their bid: {score}.",
                              self.tricks, lang, bid=self.bid, score=score)]
        if self.bonus == "13":
            lines.append(_("All 13 tricks bid and made: the bonus instead of 13.", lang))
        elif self.bonus == "kabsh":
            lines.append(_("Kabsh: all 13 tricks without a bid of 13, the bonus instead of 13.", lang))
        elif self.bonus == "kabsh-defenders":
            lines.append(_("Kabsh: the defenders took all 13 tricks, the bonus instead of 13.", lang))
        lines.append(_("The defenders always score their tricks: {tricks} -> {score}.", lang,
                       tricks=d, score=f"{self.defenders:+d}"))
        return "\n".join(lines)


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, str) and is_number(value, signed=True) and len(value.strip()) <= 10:
        value = int(value.strip())   # a longer one is shown as written: no int() of 5,000 digits
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TutorError(M("{name} {value!r}: must be a whole number from {low} to {high}", name=name, value=value, low=low, high=high))
    return value


def score_hand(bid: int, tricks: int, rules: TarneebRules | None = None, *, sonne: bool = False) -> HandScore:
    """Score one hand: ``bid`` 7..13, ``tricks`` the bidding partnership took (0..13)."""
    rules = load_rules(rules)
    bid = _whole(bid, "bid", 7, 13)
    tricks = _whole(tricks, "tricks", 0, 13)
    if sonne and not rules.sonne:
        raise TutorError(M("this table plays without Sonne (table rule sonne: true)"))
    defenders = 13 - tricks
    bonus = None
    if tricks >= bid:
        made, bidders = True, tricks
        if tricks == 13 and bid == 13:
            bidders, bonus = rules.bonus(bid), "13"
        elif tricks == 13 and rules.kabsh:
            bidders, bonus = rules.bonus(bid), "kabsh"
    else:
        made, bidders = False, -bid
        if tricks == 0 and rules.kabsh:
            defenders, bonus = rules.bonus(bid), "kabsh-defenders"
    return HandScore(bid, tricks, made, bidders, defenders, bonus, sonne)


@dataclass(frozen=True)
class Match:
    """The running score of two partnerships (named AC and BD after the first hand's
    seats; the letters of later auctions move with the dealer, the partnerships stay)."""

    target: int = 41
    scores: tuple[tuple[str, int], ...] = (("AC", 0), ("BD", 0))
    hands: int = 0

    @classmethod
    def start(cls, rules: TarneebRules | None = None, ac: int = 0, bd: int = 0) -> "Match":
        return cls(load_rules(rules).target, (("AC", ac), ("BD", bd)))

    @property
    def score(self) -> dict[str, int]:
        return dict(self.scores)

    def add(self, bidders: str, hand: HandScore) -> "Match":
        """The match after a hand in which partnership ``bidders`` (AC or BD) held the bid."""
        if self.over:
            raise TutorError(M("the match is over: {winner} won", winner=self.winner))
        team = "".join(sorted(bidders.strip().upper()))
        if team not in TEAMS:
            raise TutorError(M("unknown partnership {bidders!r} (AC or BD)", bidders=bidders))
        other = "BD" if team == "AC" else "AC"
        s = self.score
        s[team] += hand.bidders
        s[other] += hand.defenders
        return dataclasses.replace(self, scores=(("AC", s["AC"]), ("BD", s["BD"])), hands=self.hands + 1)

    @property
    def winner(self) -> str | None:
        return match_winner(self.score["AC"], self.score["BD"], self.target)[0]

    @property
    def over(self) -> bool:
        return self.winner is not None

    def status(self, lang: str = "de") -> str:
        return say(match_winner(self.score["AC"], self.score["BD"], self.target)[1], lang)


def match_winner(ac: int, bd: int, target: int,
                 names: tuple[str, str] = ("AC", "BD")) -> tuple[str | None, Text]:
    """Who has won at the end of a hand: the partnership at the target; both there, the
    higher score; a tie there: nobody yet, another hand is played. ``names`` name the two
    partnerships in the text (and the winner returned)."""
    a, b = ac >= target, bd >= target
    if a and b:
        if ac == bd:
            return None, M("Both partnerships reached the target {target} with {ac}: a tie, another hand is played.", ac=ac, target=target)
        w = names[0] if ac > bd else names[1]
        return w, M("Both reached the target {target}; {w} wins with the higher score ({max} to {min}).", target=target, w=w, max=max(ac, bd), min=min(ac, bd))
    if a or b:
        w = names[0] if a else names[1]
        return w, M("{w} reaches the target {target} ({ac} to {bd}) and wins the match.", w=w, target=target, ac=ac, bd=bd)
    return None, M("Score {ac} to {bd}; target {target}: the match goes on.", ac=ac, bd=bd, target=target)


# -- drills ----------------------------------------------------------------------------
class TarneebDrills:
    """The drill engine of Tarneeb (the DrillEngine protocol of ``tutor.course.drills``).

    Drill kinds for explain drills: bid, sonne, pass, end (the pass that ends the
    auction), annul (the fourth pass). A score drill has ``bid`` and ``tricks`` (the
    bidders'), optionally ``sonne``, ``rules`` (a mapping of table rules) and ``standing``
    ``{bidders: n, defenders: m}`` (the score before the hand; the answer is then the new
    score); its board is ``{bidders: n, defenders: m}``."""

    game = "tarneeb"
    kinds = KINDS
    seats = SEATS
    teams = ("bidders", "defenders")
    score_example = "9 4"       # a score drill's answer as typed: the bidders', the defenders'

    def load_rules(self, spec: Any = None) -> TarneebRules:
        return load_rules(spec)

    def normalize_call(self, text: str, rules: Any = None) -> str:
        return str(parse_call(str(text), dataclasses.replace(DEFAULT, sonne=True)))

    # -- the optional hooks the quiz uses to show a drill --------------------------
    def entries(self, auction: str, rules: Any) -> list[tuple[str, str]]:
        return [(e.seat, str(e.call)) for e in parse_auction(auction or "", load_rules(rules)).entries]

    def seat_in_turn(self, auction: str, rules: Any) -> str | None:
        return parse_auction(auction or "", load_rules(rules)).next_seat

    def hand_rows(self, hand: str, lang: str = "de") -> list[tuple[str, str]]:
        h = Hand.parse(hand)
        return [(s.label(lang), "".join(r.value for r in h.suit(s)) or "-") for s in SUITS]

    def team_label(self, team: str, lang: str) -> str:
        return say(_TEAM_WORDS[team], lang) if team in _TEAM_WORDS else team

    def score_question(self, drill: Mapping, lang: str) -> str:
        """A score drill's hand in words: the bid, the bidders' tricks, Sonne, the score
        before it."""
        bid, tricks = drill.get("bid"), drill.get("tricks")
        text = (_("The bidders bid {bid} Sonne (without trumps) and take {tricks} tricks.", lang, bid=bid, tricks=tricks)
                if drill.get("sonne") else
                _("The bidders bid {bid} and take {tricks} tricks.", lang, bid=bid, tricks=tricks))
        standing = drill.get("standing")
        if isinstance(standing, Mapping) and {"bidders", "defenders"} <= set(standing):
            text += " " + _("The score before this hand: bidders {bidders}, defenders {defenders}; the answer is the new score.",
                            lang, bidders=standing["bidders"], defenders=standing["defenders"])
        return text

    def hint(self, drill: Mapping, lang: str) -> str | None:
        """A first step towards a drill's answer ('tipp'), never the answer itself."""
        kind = drill.get("type")
        return say(_HINTS[kind], lang) if kind in _HINTS else None

    def kind_label(self, kind: str, lang: str) -> str:
        return say(KIND_LABELS[kind], lang) if kind in KIND_LABELS else kind

    def choices(self, auction: str, ask: int, rules: Any) -> tuple[str, ...]:
        """Every kind for every call: the choices never point at the answer."""
        return KINDS

    def bid(self, hand: str, auction: str, rules: Any, lang: str) -> tuple[str | None, str]:
        rules = load_rules(rules)
        a = parse_auction(auction or "", rules)
        if a.over:
            return None, _("The bidding is over.", lang)
        advice = advise(hand, a, rules)
        return str(advice.call), advice.text(lang)

    def explain(self, auction: str, ask: int, rules: Any, lang: str) -> tuple[str, list[dict], str]:
        exp = explain(auction, load_rules(rules))
        if isinstance(ask, bool) or not isinstance(ask, int) or not 1 <= ask <= len(exp.calls):
            raise TutorError(M("ask {ask!r}: the auction has calls 1 to {n_calls}", ask=ask, n_calls=len(exp.calls)))
        r = exp.calls[ask - 1]
        return r.kind, [], r.text(lang)

    def check(self, hand: str, auction: str, call: str, rules: Any, lang: str) -> tuple[bool, str]:
        """Is ``call`` the right call: legal, backed by the hand and the call the tutor
        advises (a legal, backed call it does not advise is "no")."""
        return self.check_question(hand, auction, call, rules, lang, "best")

    def check_question(self, hand: str, auction: str, call: str, rules: Any, lang: str,
                       question: str = "best") -> tuple[bool, str]:
        """A check drill's answer to ``question``: ``best`` (above), ``legal`` (allowed
        here) or ``truthful`` (allowed and backed by the hand's count)."""
        v = check(hand, auction or "", str(call), load_rules(rules))
        if question == "legal":
            return v.legal, v.text(lang)
        if question == "truthful":
            return v.ok, v.text(lang)
        return v.ok and v.recommended, v.text(lang)

    def score(self, drill: Mapping, rules: Any, lang: str) -> tuple[dict, str]:
        rules = load_rules(drill["rules"]) if drill.get("rules") is not None else load_rules(rules)
        for key in ("bid", "tricks"):
            if key not in drill:
                raise TutorError(M("a Tarneeb score drill needs {key!r}", key=key))
        s = score_hand(drill["bid"], drill["tricks"], rules, sonne=bool(drill.get("sonne", False)))
        board = {"bidders": s.bidders, "defenders": s.defenders}
        text = s.text(lang)
        standing = drill.get("standing")
        if standing is not None:
            if not isinstance(standing, Mapping) or set(standing) != {"bidders", "defenders"}:
                raise TutorError(M("standing: expected {{bidders: n, defenders: m}}"))
            before = {k: _whole(standing[k], f"standing {k}", -10_000, 10_000) for k in board}
            board = {k: before[k] + board[k] for k in board}
            names = (M("the bidding side"), M("the defending side"))
            winner, status = match_winner(board["bidders"], board["defenders"], rules.target, names)
            status_text = say(status, lang)
            text += "\n" + _("Total: {bidders} to {defenders}.", lang, bidders=board["bidders"],
                             defenders=board["defenders"]) + " " + status_text
        return board, text


_TEAM_WORDS = {"bidders": M("bidders"), "defenders": M("defenders")}
_HINTS = {
    "score": M("First step: did the bidders take at least the tricks they bid? Made, they write "
               "the tricks they took; set, they lose the bid. The defenders write their own tricks."),
    "bid": M("First step: count your sure tricks (Aces, Kings behind them, long trumps) and "
             "compare them with the running bid."),
    "check": M("First step: is the call above the running bid, and does your count of sure "
               "tricks back it?"),
    "explain": M("First step: is the call a bid, a pass, or the pass that ends or annuls the "
                 "auction? Count the passes before it."),
}

DRILL_ENGINE = TarneebDrills()
