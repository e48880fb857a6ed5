"""The Verband's bidding conventions as one rule table: decoder and encoder.

Every convention is one :class:`Convention`: when it applies (``match``), what the call
promises about the caller's cards (``promises``) and how it is named (``title``, with
the parameters ``match`` found). The same table

- reads a call someone made (:func:`explain`: the decoder),
- chooses a call for a hand (:func:`advise`: the encoder reads every legal call with the
  table, keeps those the hand makes true, and lets the preferences below and the
  judgement (``tutor.judgement``) pick one),
- and checks a call (:func:`check`).

The explanation text is generated from the rule's title and the promises' constraints.

The Verband's reading (sidi-barrani.txt, with the project's interpretations):

- A **Zehner** is a bid on a multiple of ten, a **Fünfer** one ending in five.
- **Eröffnung** (opening): the first Zehner in a suit no team has opened yet. The Puur row
  60/80/100/120 shows the Puur (the trump Under) with 3/4/5/6 cards (120: six or more),
  the Nell row 50/70/90/110 the Nell (the trump Nine) without the Puur. The suit then
  belongs to the opening team for the rest of the auction.
- **Hilfe**: a player's first Zehner in the suit the partner opened, on one of the two
  smallest Zehner above the standing bid: the lower shows the other top card with one
  more card ("zu zweit"), the upper with two or more ("zu dritt oder mehr").
- **Ass-Ansage** (Fünfer): only the next Fünfer above the standing bid; in an unopened
  suit "I hold this Ace, I want another trump", in the opponents' suit "I hold your Ace".
- A Zehner in the opponents' suit: "we want your suit", without information. Later
  Zehner in the own team's suit raise the number only.
- Above 120 the numbers say only what the team trusts itself to make; 157 is the Matsch.
"""
from __future__ import annotations

from functools import cached_property, lru_cache
from typing import Callable, Iterable, Mapping, Sequence

from tutor.auction import BID, DOUBLE, FORT, REDOUBLE, WHY, Auction, Call, sidi_barrani_spec, typed
from tutor.cards import NELL, PUUR, SUIT_OF, SUITS, TOTAL_POINTS, Hand, Rank, Suit
from tutor.errors import IllegalCallError, ParseError, TutorError
from tutor.i18n import LANGS, M, Mn, Mp, Msg, _, both, either, join, semicolon
from tutor.rules import TableRules, load as load_rules
from tutor.judgement.base import Judge, Standing
from tutor.judgement.count import COUNT, opening_preference
from tutor.scoring import partner_of
from tutor.values import Value

KINDS = ("opening", "hilfe", "ace", "raise", "want", "confidence", "matsch", "fort",
         "double", "redouble", "unconventional")
#: the kinds whose number tells the partner cards, not how high the team means to go: the Hilfe
#: and the Ace announcement (a learner may mean 120 Rosen as a raise where it is the upper Hilfe)
INFORMATION = ("hilfe", "ace")
MAX_LENGTH = 9  # "or more" in a length range
# How the kinds are named for a reader (the JSON keeps the ids above).
KIND_NAMES: dict[str, Msg] = {
    "opening": Mp("kind of call", "opening"), "hilfe": Mp("kind of call", "Hilfe (support)"),
    "ace": Mp("kind of call", "Ace announcement"), "raise": Mp("kind of call", "raise"),
    "want": Mp("kind of call", "we want your suit"),
    "confidence": Mp("kind of call", "confidence (the number only)"), "matsch": Mp("kind of call", "Matsch"),
    "fort": Mp("kind of call", "fort (pass)"), "double": Mp("kind of call", "double"),
    "redouble": Mp("kind of call", "konter (redouble)"),
    "unconventional": Mp("kind of call", "no convention"),
}


def kind_label(kind: str, lang: "str | None" = None) -> str:
    """A kind of call as a reader says it (the id itself when it is not a kind)."""
    name = KIND_NAMES.get(kind)
    return name.text(lang) if name is not None else kind


@lru_cache(maxsize=None)
def _kind_labels(lang: str) -> dict[str, str]:
    """The table of one language, translated once (a catalog does not change)."""
    return {kind: name.text(lang) for kind, name in KIND_NAMES.items()}


class _KindLabels(Mapping):
    """``KIND_LABELS[lang][kind]``: the kinds' names per language, from the catalogs."""

    def __getitem__(self, lang: str) -> dict[str, str]:
        if lang not in LANGS:
            raise KeyError(lang)
        return dict(_kind_labels(lang))   # a copy: the caller may change it

    def __iter__(self):
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)


KIND_LABELS: Mapping[str, dict[str, str]] = _KindLabels()


# The openings, as the Verband's table: number -> (top card shown, exact length).
# "Zu dritt" counts the Ansagekarte; each further card raises the bid by 20, and the
# Puur weighs ten more than the Nell. The last of each row means six or more.
OPENINGS: dict[int, tuple[Rank, int]] = {
    50: (NELL, 3), 60: (PUUR, 3),
    70: (NELL, 4), 80: (PUUR, 4),
    90: (NELL, 5), 100: (PUUR, 5),
    110: (NELL, 6), 120: (PUUR, 6),
}
OTHER_TOP = {PUUR: NELL, NELL: PUUR}
# A top card with its length, as the players say it ("der Puur zu dritt": three cards).
COUNT_WORD: dict[int, Msg] = {
    1: M("alone"), 2: M("with two cards"), 3: M("with three cards"), 4: M("with four cards"),
    5: M("with five cards"), 6: M("with six cards"), 7: M("with seven cards"),
    8: M("with eight cards"), 9: M("with nine cards"),
}
COUNT_OR_MORE: dict[int, Msg] = {
    1: M("with one card or more"), 2: M("with two cards or more"), 3: M("with three cards or more"),
    4: M("with four cards or more"), 5: M("with five cards or more"), 6: M("with six cards or more"),
    7: M("with seven cards or more"), 8: M("with eight cards or more"), 9: M("with nine cards or more"),
}
# The top card a call shows, named as in "Puur zu dritt" (German: no article).
TOP_NAME: dict[Rank, Msg] = {PUUR: Mp("card shown", "the Puur"), NELL: Mp("card shown", "the Nell")}


def opening_number(top: Rank, length: int) -> int:
    """The exact opening for a top card and a length (three or more)."""
    for number, (t, n) in OPENINGS.items():
        if t == top and n == min(length, 6):
            return number
    raise ValueError(f"no opening for {top} with {length} cards")


# -- promises --------------------------------------------------------------------------
class Promise(Value):
    """What a call says about the caller's cards in one suit."""

    FIELDS = ("suit", "has", "lacks", "length")
    suit: Suit
    has: frozenset[Rank]
    lacks: frozenset[Rank]
    length: tuple[int, int]

    def __init__(self, suit: Suit, has: frozenset[Rank] = frozenset(), lacks: frozenset[Rank] = frozenset(),
                 length: tuple[int, int] = (0, MAX_LENGTH)) -> None:
        d = self.__dict__
        d["suit"], d["has"], d["lacks"], d["length"] = suit, has, lacks, length

    def satisfied_by(self, hand: Hand) -> bool:
        held = hand.ranks_in(self.suit)
        return (self.length[0] <= len(held) <= self.length[1]
                and self.has <= held and self.lacks.isdisjoint(held))

    def merge(self, other: "Promise") -> "Promise":
        return Promise(self.suit, self.has | other.has, self.lacks | other.lacks,
                       (max(self.length[0], other.length[0]), min(self.length[1], other.length[1])))

    def to_json(self) -> dict:
        order = [r for r in Rank][::-1]
        return {"suit": self.suit.value,
                "has": [r.value for r in order if r in self.has],
                "lacks": [r.value for r in order if r in self.lacks],
                "length": [self.length[0], self.length[1]]}

    @classmethod
    def from_json(cls, data: Mapping) -> "Promise":
        try:
            length = data.get("length", [0, MAX_LENGTH])
            return cls(Suit.parse(str(data["suit"])),
                       frozenset(Rank.parse(str(r)) for r in data.get("has", [])),
                       frozenset(Rank.parse(str(r)) for r in data.get("lacks", [])),
                       (int(length[0]), int(length[1])))
        except (KeyError, TypeError, IndexError, ValueError) as e:
            raise ParseError(M("cannot read promise {data!r}: {error}", data=dict(data), error=str(e))) from None

    def _parts(self) -> list[Msg]:
        parts: list[Msg] = []
        for r in sorted(self.has, key=lambda r: -r.natural):
            parts.append(M("holds {card}", card=CARD[r]))
        for r in sorted(self.lacks, key=lambda r: -r.natural):
            parts.append(M("without {card}", card=CARD[r]))
        lo, hi = self.length
        if lo == hi:
            parts.append(Mn("exactly {n} card", "exactly {n} cards", lo))
        elif hi >= MAX_LENGTH and lo > len(self.has):
            parts.append(M("{n} or more cards", n=lo))
        elif hi < MAX_LENGTH:
            parts.append(M("{lo} to {hi} cards", lo=lo, hi=hi))
        return parts

    def text(self, lang: str = "de") -> str:
        """What the promise says: ``Eichel: hält den Puur, genau 3 Karten`` (empty when
        it says nothing)."""
        parts = self._parts()
        if not parts:
            return ""
        return _("{suit}: {what}", lang, suit=self.suit.value, what=_listed(parts))

    def what(self, lang: str = "de") -> str:
        """What the promise says without its suit: ``hält den Puur, genau 3 Karten``."""
        parts = self._parts()
        return _listed(parts).text(lang) if parts else ""

    def mismatch(self, hand: Hand, lang: str = "de") -> str:
        """What ``hand`` holds in the suit and which part of the promise it breaks:
        ``in Eichel hältst du A O 9: 3 Karten, nicht genau 2`` (empty when it fits)."""
        held = " ".join(r.value for r in hand.suit(self.suit))
        faults: list[Msg] = []
        for r in sorted(self.has, key=lambda r: -r.natural):
            if not hand.has(self.suit, r):
                faults.append(M("without {card}", card=CARD[r]))
        for r in sorted(self.lacks, key=lambda r: -r.natural):
            if hand.has(self.suit, r):
                faults.append(M("with {card}", card=CARD_WITH[r]))
        n = hand.length(self.suit)
        lo, hi = self.length
        if not lo <= n <= hi:
            want = (M("exactly {n}", n=lo) if lo == hi else M("{n} or more", n=lo)
                    if hi >= MAX_LENGTH else M("{lo} to {hi}", lo=lo, hi=hi))
            faults.append(Mn("{n} card, not {want}", "{n} cards, not {want}", n, want=want))
        if not faults:
            return ""
        holds = (M("in {suit} you hold {cards}", suit=self.suit.value, cards=held) if held
                 else M("you hold no {suit}", suit=self.suit.value))
        return _("{holds}: {faults}", lang, holds=holds, faults=_listed(faults))


def _listed(parts: Sequence[object]) -> Msg:
    """Parts of one statement, each in the language shown, separated by commas."""
    return join(*sum(([", ", p] for p in parts[1:]), [parts[0]]))


# The cards a promise names, as the object of "holds" and "without" (German: den Puur, das
# Ass) and after "with" (German: dem Puur); the Under and the Nine are the Puur and the Nell.
CARD: dict[Rank, Msg] = {
    Rank.UNDER: Mp("card, object", "the Puur"), Rank.NINE: Mp("card, object", "the Nell"),
    Rank.ASS: Mp("card, object", "the Ace"), Rank.KOENIG: Mp("card, object", "the King"),
    Rank.OBER: Mp("card, object", "the Ober"), Rank.BANNER: Mp("card, object", "the Banner (ten)"),
    Rank.EIGHT: Mp("card, object", "the Eight"), Rank.SEVEN: Mp("card, object", "the Seven"),
    Rank.SIX: Mp("card, object", "the Six"),
}
CARD_WITH: dict[Rank, Msg] = {
    Rank.UNDER: Mp("card, after with", "the Puur"), Rank.NINE: Mp("card, after with", "the Nell"),
    Rank.ASS: Mp("card, after with", "the Ace"), Rank.KOENIG: Mp("card, after with", "the King"),
    Rank.OBER: Mp("card, after with", "the Ober"), Rank.BANNER: Mp("card, after with", "the Banner (ten)"),
    Rank.EIGHT: Mp("card, after with", "the Eight"), Rank.SEVEN: Mp("card, after with", "the Seven"),
    Rank.SIX: Mp("card, after with", "the Six"),
}


def combine(promises: Iterable[Promise]) -> list[Promise]:
    """All promises about one seat, merged per suit, in suit order."""
    by_suit: dict[Suit, Promise] = {}
    for p in promises:
        by_suit[p.suit] = by_suit[p.suit].merge(p) if p.suit in by_suit else p
    return [by_suit[s] for s in SUITS if s in by_suit]


# -- what the table knows before a call ------------------------------------------------
Params = dict   # a convention's parameters, named in its title
class Opened(Value):
    """A suit some team has opened: which team, who opened it, and the top card shown."""

    FIELDS = ("team", "opener", "top")
    team: frozenset[str]
    opener: str
    top: Rank | None

    def __init__(self, team: frozenset[str], opener: str, top: Rank | None) -> None:
        d = self.__dict__
        d["team"], d["opener"], d["top"] = team, opener, top


class Situation(Value):
    """Everything the conventions need to read the next call."""

    FIELDS = ("rules", "auction", "seat", "opened", "zehner", "promised", "denied")
    rules: TableRules
    auction: Auction
    seat: str
    opened: Mapping[Suit, Opened]
    zehner: Mapping[str, frozenset[Suit]]   # suits each seat has made a Zehner in
    promised: Mapping[str, tuple[Promise, ...]]   # per seat, merged
    # per seat, what its forts denied: each a promise of a call it would have made instead
    # (the hand holds none of them; :func:`_deny_fort`)
    denied: Mapping[str, tuple[Promise, ...]]

    def __init__(self, rules: TableRules, auction: Auction, seat: str, opened: Mapping[Suit, Opened],
                 zehner: Mapping[str, frozenset[Suit]],
                 promised: "Mapping[str, tuple[Promise, ...]] | None" = None,
                 denied: "Mapping[str, tuple[Promise, ...]] | None" = None) -> None:
        d = self.__dict__
        d["rules"], d["auction"], d["seat"], d["opened"] = rules, auction, seat, opened
        d["zehner"], d["promised"] = zehner, {} if promised is None else promised
        d["denied"] = {} if denied is None else denied

    def holder(self, suit: Suit, rank: Rank) -> str | None:
        """The seat whose calls already promised the card (None: nobody's)."""
        for seat, promises in self.promised.items():
            for p in promises:
                if p.suit == suit and rank in p.has:
                    return seat
        return None

    def known(self, seat: str, suit: Suit) -> Promise:
        """Everything ``seat``'s calls promised about ``suit`` (nothing: any length)."""
        for p in self.promised.get(seat, ()):
            if p.suit == suit:
                return p
        return _NOTHING_PROMISED.get(suit) or Promise(suit)

    # a Situation reads every legal call of one position: what does not change is kept
    @cached_property
    def standing(self) -> Call | None:
        return self.auction.high_bid

    @cached_property
    def standing_value(self) -> int | None:
        bid = self.standing
        return None if bid is None else bid.value

    @cached_property
    def calls_read(self) -> dict:
        """The conventions that can read each call at this table (see ``read_call``)."""
        return _CALLS_READ.setdefault(self.rules, {})

    @cached_property
    def partner(self) -> str:
        return partner_of(self.seat)

    @cached_property
    def basic_params(self) -> Params:
        """The parameters every title of this position may name (see :class:`_Title`)."""
        v = self.standing_value
        return {"seat": self.seat, "partner": self.partner, "standing": v if self.standing else "—",
                "above": M("above {v}", v=v) if self.standing else M("with no bid before it")}

    @property
    def team(self) -> frozenset[str]:
        return frozenset({self.seat, self.partner})

    def opening_of(self, hand: Hand) -> Call | None:
        """The opening ``hand`` makes by the rows of the Ansageregeln (a suit with its Puur or
        Nell and three cards or more; of several, the count's choice,
        :func:`tutor.judgement.count.opening_preference`; None: none): what the count bids at
        the last word, where the number shows nobody anything."""
        best = None
        for suit in SUITS:
            n = hand.length(suit)
            top = PUUR if hand.has(suit, PUUR) else NELL if hand.has(suit, NELL) else None
            if top is None or n < 3:
                continue
            key = opening_preference(hand, suit)
            if best is None or key > best[0]:
                best = (key, Call(BID, opening_number(top, n), suit.value))
        return None if best is None else best[1]

    @cached_property
    def last_word(self) -> bool:
        """Nobody bids after this seat's bid: the three others are out (their forts are final),
        so the bid stands at once ("Sobald nach einem Gebot die drei anderen Spieler der Reihe
        nach «fort» gesagt haben, steht es"). Its number tells the partner nothing he could use;
        the opponents may still double it (QA s34 Q6 R21: D after "fort, fort, fort")."""
        return bool(self.rules.fort_final) and bool(self.rules.conventions) \
            and all(x in self.auction.out for x in ("A", "B", "C", "D") if x != self.seat)

    def owner(self, suit: Suit) -> str:
        """'own', 'opponents' or 'open' (no team has opened the suit yet)."""
        o = self.opened.get(suit)
        if o is None:
            return "open"
        return "own" if self.seat in o.team else "opponents"

    def two_zehner(self) -> tuple[int, int]:
        """The two smallest Zehner above the standing bid (the Hilfe's numbers)."""
        return self._two_zehner

    @cached_property
    def _two_zehner(self) -> tuple[int, int]:
        first = self.rules.lowest_zehner(self.standing_value)
        return first, first + 10

    def next_fuenfer(self) -> int | None:
        """The Fünfer of the Ass-Ansage: the next Fünfer above the standing bid. None
        before the first bid: the Ass-Ansage answers a bid that has been made."""
        return self._next_fuenfer

    @cached_property
    def _next_fuenfer(self) -> int | None:
        v = self.standing_value
        if v is None:
            return None
        n = v + 1
        while n % 10 != 5:
            n += 1
        return n

    @cached_property
    def no_ace(self) -> Msg | None:
        """Why this seat makes no Ass-Ansage here (None: it may). An Ace is announced to the
        partner, for his next bid, by a player who no longer expects to play and is sure the
        bidding goes on (sidi-barrani.txt: "eine Auskunft an den Partner", "D rechnet nicht
        mehr damit, selbst zu spielen", "Darum sagt ein Ass an, wer sicher ist, dass danach
        weitergeboten wird"). So not when the partner is out of this bidding (a final fort:
        he cannot bid on it), and not when the team has shown Puur and Nell of its own suit:
        it still expects to play that suit and raises on Zehner there (the worked example's
        A keeps his Schilten Ace quiet: the Fünfer would tell the opponents too, and the
        team would have to bid higher to bring the trump back)."""
        return self._why_no_ace()

    def _why_no_ace(self) -> Msg | None:
        if self.partner in self.auction.out:
            return _partner_out(self.partner)
        for suit, o in self.opened.items():
            if self.seat in o.team:
                shown = self.known(self.seat, suit).has | self.known(self.partner, suit).has
                if {PUUR, NELL} <= shown:
                    return _team_plays(self.seat, suit.value)
        return None


# A suit nobody's calls said anything about (a Promise is immutable: made once per suit,
# as the judgement asks it of every seat and suit)
_NOTHING_PROMISED = {s: Promise(s) for s in SUITS}


def _suit_of(call: Call) -> Suit | None:
    """The suit a call names; None for no strain and for Obenabe, Undenufe, Misère."""
    return SUIT_OF.get(call.strain)


# -- the rule table ----------------------------------------------------------------------
NO_PROMISES: Callable[[Situation, Call, Params], tuple[Promise, ...]] = lambda s, c, p: ()


class Convention(Value):
    """One convention: when it applies, what the call promises, how it is named.

    It applies to a call of the kind it ``reads`` that ``calls`` admits (a test of the
    call and the table rules alone: its number and suit; None admits every call of the
    kind), at a point of the auction where ``match`` finds its parameters."""

    FIELDS = ("kind", "title", "match", "promises", "reads", "calls", "denies")
    kind: str
    title: Msg                 # a catalog message; {placeholders} filled from the reading's params
    match: Callable[[Situation, Call], Params | None]   # its own params (None: no match)
    promises: Callable[[Situation, Call, Params], tuple[Promise, ...]]
    reads: str                 # the kind of call it reads: bid, fort, double or redouble
    calls: Callable[[TableRules, Call], bool] | None
    # what the call denies: promises of calls the caller would have made instead (the hand
    # holds none of them); a negative inference, as the fort's (:func:`_deny_fort`)
    denies: Callable[[Situation, Call, Params], tuple[Promise, ...]]

    def __init__(self, kind: str, title: Msg, match: Callable[[Situation, Call], Params | None],
                 promises: Callable[[Situation, Call, Params], tuple[Promise, ...]] = NO_PROMISES,
                 reads: str = BID, calls: "Callable[[TableRules, Call], bool] | None" = None,
                 denies: Callable[[Situation, Call, Params], tuple[Promise, ...]] = NO_PROMISES) -> None:
        self.__dict__.update(kind=kind, title=title, match=match, promises=promises, reads=reads, calls=calls,
                             denies=denies)

    def describe(self, params: Params, lang: str) -> str:
        return self.title(**params).text(lang)


def _is_zehner(call: Call) -> bool:
    return call.value is not None and call.value % 10 == 0


def _is_fuenfer(call: Call) -> bool:
    return call.value is not None and call.value % 10 == 5


class _Title(Mapping):
    """A reading's title parameters: the position's (``Situation.basic_params``), the
    call's own (``call``, ``suit``) and what the convention's ``match`` found, merged only
    when a text asks for them: a position reads some 64 calls, few of them are ever shown."""

    __slots__ = ("_basic", "_call", "_own", "_merged")

    def __init__(self, basic: Params, call: Call, own: Params) -> None:
        self._basic, self._call, self._own, self._merged = basic, call, own, None

    def _params(self) -> Params:
        merged = self._merged
        if merged is None:
            c = self._call
            merged = self._merged = {**self._basic, "call": c._text, "suit": c.strain, **self._own}
        return merged

    def __getitem__(self, key: str):
        return self._params()[key]

    def __iter__(self):
        return iter(self._params())

    def __len__(self) -> int:
        return len(self._params())

    def __repr__(self) -> str:
        return repr(self._params())


# What a convention's match found beyond the position and the call (shared, never changed)
_NOTHING_OWN: Params = {}


def _nothing_own(s: Situation, c: Call) -> Params:
    """A convention its calls alone decide (the Matsch, a number above the openings)."""
    return _NOTHING_OWN


# The calls a convention can read at all (``Convention.calls``): its number and suit.
def _is_matsch(r: TableRules, c: Call) -> bool:
    return c.value == r.matsch_bid


def _is_matsch_with_bonus(r: TableRules, c: Call) -> bool:
    """A Matsch at a table that writes a Matsch bonus (the extended variant's 257)."""
    return _is_matsch(r, c) and r.matsch_target > TOTAL_POINTS


def _match_matsch_bonus(s: Situation, c: Call) -> Params:
    t = s.rules.matsch_target
    return {"target": t, "bonus": t - TOTAL_POINTS}


def _no_conventions(r: TableRules, c: Call) -> bool:
    return not r.conventions or _suit_of(c) is None


def _above_openings(r: TableRules, c: Call) -> bool:
    return c.value is not None and c.value > r.opening_max


def _zehner_in_suit(r: TableRules, c: Call) -> bool:
    return _suit_of(c) is not None and _is_zehner(c)


def _opening_number(r: TableRules, c: Call) -> bool:
    return _zehner_in_suit(r, c) and c.value in OPENINGS


def _fuenfer_in_suit(r: TableRules, c: Call) -> bool:
    return _suit_of(c) is not None and _is_fuenfer(c)




# The constant parts of the titles, made once (a position reads some 70 calls).
_WITHOUT_ANSAGEREGELN = M("the table plays without the Ansageregeln")
_OWN_FUENFER = M("a Fünfer in the team's own suit: there one raises on Zehner, the Ace stays unsaid")
_FUENFER_FIRST = M("the Ace announcement answers a bid already made; before the first bid a Fünfer "
                   "shows no Ace")
_NO_MEANING = M("the number has no meaning in the Ansageregeln here")
_LOWER, _UPPER = Mp("Zehner", "lower"), Mp("Zehner", "upper")
_ACE_OPEN = M("of this suit and means another suit as trump")
_ACE_OPPONENTS = M("of the opponents' suit (\"I hold the Ace of your suit\")")
_AT_LEAD, _ENDS = M("before the first lead"), M("the bidding ends")
_WHOSE_OPEN, _WHOSE_OPPONENTS = {"whose": _ACE_OPEN}, {"whose": _ACE_OPPONENTS}
_WHY_OWN_FUENFER, _WHY_FUENFER_FIRST = {"why": _OWN_FUENFER}, {"why": _FUENFER_FIRST}
_WHY_NO_MEANING = {"why": _NO_MEANING}


def _match_last_word(s: Situation, c: Call) -> Params | None:
    return _NOTHING_OWN if s.last_word else None


def _match_no_conventions(s: Situation, c: Call) -> Params:
    return {"why": _WITHOUT_ANSAGEREGELN} if not s.rules.conventions else _no_ansagen(c.strain)


@lru_cache(maxsize=None)
def _no_ansagen(strain: str | None) -> Params:
    return {"why": M("no Ansagen are agreed for {strain}", strain=strain)}


def _match_opening(s: Situation, c: Call) -> Params | None:
    if s.owner(_suit_of(c)) == "open":
        return _opening_params(c.value)
    return None


@lru_cache(maxsize=None)
def _opening_params(number: int) -> Params:
    """The parts of an opening's title that depend only on its number (made once each)."""
    top, n = OPENINGS[number]
    row = [v for v, (t, _) in OPENINGS.items() if t == top]
    return dict(top=TOP_NAME[top], row="/".join(map(str, row)),
                count=COUNT_OR_MORE[n] if n == 6 else COUNT_WORD[n],
                row_name=M("Puur row") if top == PUUR else M("Nell row"))


def _promise_opening(s: Situation, c: Call, p: Params) -> tuple[Promise, ...]:
    return _opening_promise(c.value, _suit_of(c))


@lru_cache(maxsize=None)
def _opening_promise(number: int, suit: Suit) -> tuple[Promise, ...]:
    """An opening's promise depends on its number and suit only (made once each)."""
    top, n = OPENINGS[number]
    length = (n, MAX_LENGTH if n == 6 else n)
    lacks = frozenset({PUUR}) if top == NELL else frozenset()
    return (Promise(suit, frozenset({top}), lacks, length),)


def _match_hilfe(s: Situation, c: Call) -> Params | None:
    suit = _suit_of(c)
    o = s.opened.get(suit)
    if o is None or o.opener != s.partner or suit in s.zehner.get(s.seat, frozenset()):
        return None
    if s.rules.hilfe == "verband" and o.top is None:
        return None
    low, high = s.two_zehner()
    if c.value not in (low, high):
        return None
    p = dict(low=low, high=high, which=_LOWER if c.value == low else _UPPER)
    if s.rules.hilfe == "verband":
        other = OTHER_TOP[o.top]
        p.update(other=TOP_NAME[other], shown=TOP_NAME[o.top],
                 count=COUNT_WORD[2] if c.value == low else COUNT_OR_MORE[3])
    return p


def _promise_hilfe(s: Situation, c: Call, p: Params) -> tuple[Promise, ...]:
    suit = _suit_of(c)
    if s.rules.hilfe != "verband":
        return (Promise(suit, length=(1, MAX_LENGTH)),)
    other = OTHER_TOP[s.opened[suit].top]
    low, _high = s.two_zehner()
    length = (2, 2) if c.value == low else (3, MAX_LENGTH)
    return (Promise(suit, frozenset({other}), frozenset(), length),)


def _match_raise(s: Situation, c: Call) -> Params | None:
    if s.owner(_suit_of(c)) == "own":
        return _NOTHING_OWN
    return None


def _match_first_raise(s: Situation, c: Call) -> Params | None:
    """A seat's first Zehner in its team's suit that is not the Hilfe (a number above the
    two smallest Zehner): new in the auction, it says what the team trusts itself to make,
    and no cards (lines 37 and 39: the Hilfe is the two smallest Zehner, and only a later
    call in the same suit raises the number alone)."""
    if s.owner(_suit_of(c)) != "own" or _suit_of(c) in s.zehner.get(s.seat, frozenset()):
        return None
    low, high = s.two_zehner()
    if c.value in (low, high):
        return None
    return {"low": low, "high": high}


def _match_want(s: Situation, c: Call) -> Params | None:
    if s.owner(_suit_of(c)) == "opponents":
        return _NOTHING_OWN
    return None


def _match_ace(s: Situation, c: Call) -> Params | None:
    if c.value != s._next_fuenfer:
        return None
    suit = _suit_of(c)
    owner = s.owner(suit)
    if owner == "own" or s.holder(suit, Rank.ASS) is not None:
        return None   # an Ace already promised cannot be shown again: no two seats hold it
    if s.no_ace is not None:
        return None   # nobody it could tell, or the team still expects to play its suit
    return _WHOSE_OPEN if owner == "open" else _WHOSE_OPPONENTS


def _promise_ace(s: Situation, c: Call, p: Params) -> tuple[Promise, ...]:
    return _ace_promise(_suit_of(c))


@lru_cache(maxsize=None)
def _ace_promise(suit: Suit) -> tuple[Promise, ...]:
    return (Promise(suit, frozenset({Rank.ASS}), frozenset(), (1, MAX_LENGTH)),)


def _match_unconventional(s: Situation, c: Call) -> Params:
    suit = _suit_of(c)
    fuenfer = _is_fuenfer(c)
    if fuenfer and suit and s.owner(suit) == "own":
        return _WHY_OWN_FUENFER
    holder = s.holder(suit, Rank.ASS) if fuenfer and suit and c.value == s._next_fuenfer else None
    if holder is not None:
        return {"why": M("{holder} has already shown the Ace of {suit}: a second Ace announcement "
                         "in it cannot show it, and a Fünfer has no other meaning", holder=holder, suit=suit.value)}
    elif fuenfer and suit and c.value == s._next_fuenfer and s.no_ace is not None:
        return {"why": s.no_ace}
    elif fuenfer and s._next_fuenfer is None:
        return _WHY_FUENFER_FIRST
    elif fuenfer:
        return _only_next_fuenfer(s._next_fuenfer)
    return _WHY_NO_MEANING


@lru_cache(maxsize=None)
def _partner_out(partner: str) -> Msg:
    # (QA s36 Q3: a learner read "follows no convention" of the next Fünfer as a wrong number: by
    # its number it is the Ace announcement, and what it lacks is someone to tell)
    return M("{partner} is out of this bidding (his fort is final): by its number the Fünfer would announce an "
             "Ace, but an Ace announcement is information for the partner's next bid, and he has none, so it "
             "tells nobody anything and only risks being left to play", partner=partner)


@lru_cache(maxsize=None)
def _team_plays(seat: str, suit: str) -> Msg:
    return M("{seat}'s team has shown Puur and Nell of {suit} and still expects to play it: there it raises on "
             "Zehner, and the Ace stays unsaid (an Ace announcement would tell the opponents too, and the team "
             "would have to bid higher to bring the trump back to {suit})", seat=seat, suit=suit)


@lru_cache(maxsize=None)
def _only_next_fuenfer(n: int) -> Params:
    """Why a Fünfer that is not the next one shows nothing (made once per number: every
    other Fünfer of a position is read with it)."""
    return {"why": M("only the next Fünfer above the standing bid ({n}) shows an Ace", n=n)}


def _match_fort_or_double(s: Situation, c: Call) -> Params | None:
    """fort, double and konter: each convention reads only its own kind (``reads``)."""
    p: Params = {}
    high = s.auction.high
    p["bid"] = str(high.call) if high else "—"
    p["declarer"] = high.seat if high else "—"
    at_lead = s.auction.over
    p["end"] = _AT_LEAD if at_lead else _ENDS
    p["fort"] = FORT_MEANS[bool(high), bool(s.rules.fort_final)]
    return p


# What a fort says: (a bid stands, the fort is final) -> the text.
FORT_MEANS: dict[tuple[bool, bool], Msg] = {
    (True, True): M("lets the bid stand and is out for this auction"),
    (True, False): M("lets the bid stand (and may bid again later)"),
    (False, True): M("does not bid and is out for this auction"),
    (False, False): M("does not bid (and may bid again later)"),
}


# The calls a fort denies: the hand that could make one of them makes it instead of fort.
# The Ansageregeln leave fort to the hand that cannot open or help ("Wer mit seiner Farbe
# erst auf eine Zahl käme, die unter dem laufenden Gebot liegt oder gleich hoch ist, hat
# die Eröffnung verpasst. Dann bleiben «fort», die Ass-Ansage, ..."; D "zeigt Rosen, statt
# Schellen zu stützen", because "die Hilfe verlangt den Schellen-Puur ... und den hält D
# nicht"): the openings above the standing bid and the Hilfe, each a promise that names
# the card it shows. Not the Ass-Ansage (said only "wer sicher ist, dass danach
# weitergeboten wird"), not a raise or a Zehner in the opponents' suit (they promise no
# cards), not the common Hilfe (it names no card: any hand with one card of the suit
# could give it). The count, the tutor's own bidder, makes each of them whenever the hand
# can (count.CountJudge: the Hilfe and the opening come before fort).
# The Ass-Ansage denies the same: it is one of what "bleibt" to the hand that missed the
# opening, and it says "als Trumpf meine ich eine andere" (the worked example's D "zeigt
# Rosen, statt Schellen zu stützen": he announces his Ace because he cannot give the
# Hilfe). The count, again, opens and helps before it announces an Ace.
DENIED_BY_FORT = ("opening", "hilfe")


def _deny_fort(s: Situation, c: Call, p: Params) -> tuple[Promise, ...]:
    """What a fort (or an Ass-Ansage) denies: the promise of every opening and Hilfe the
    seat could have called instead (read by this table, as the encoder offers them), merged
    per suit and card into length ranges. Nothing at a table without the Ansageregeln (no
    number shows cards) and nothing where fort is not final (a player who may re-enter may
    wait)."""
    if not s.rules.conventions or not s.rules.fort_final:
        return ()
    rules, found = s.rules, []
    for _seat, call in s.auction.legal_calls(s.seat):
        if call.kind != BID or not _zehner_in_suit(rules, call) or call.value > rules.opening_max:
            continue
        r = read_call(s, call)
        if r.kind in DENIED_BY_FORT and r.promises and all(x.has for x in r.promises):
            found.extend(r.promises)
    return merge_denials(found)


def merge_denials(denials: Iterable[Promise]) -> tuple[Promise, ...]:
    """Denied promises, those of one suit and the same cards merged where their lengths
    touch (the Puur zu viert, zu fünft and zu sechst: the Puur with four cards or more)."""
    groups: dict[tuple, list[tuple[int, int]]] = {}
    for d in denials:
        groups.setdefault((d.suit, d.has, d.lacks), []).append(d.length)
    out = []
    for (suit, has, lacks), lengths in groups.items():
        merged: list[list[int]] = []
        for lo, hi in sorted(lengths):
            if merged and lo <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        out += [Promise(suit, has, lacks, (lo, hi)) for lo, hi in merged]
    order = {x: i for i, x in enumerate(SUITS)}
    return tuple(sorted(out, key=lambda d: (order[d.suit], -max(r.natural for r in d.has), d.length)))


def denial_text(denials: Sequence[Promise], lang: str = "de") -> str:
    """What denied promises say, the suits with the same denial together: ``Schellen,
    Rosen und Schilten: den Puur mit vier Karten oder mehr, das Nell mit vier Karten oder
    mehr`` (empty when there are none)."""
    by_suit: dict[Suit, list[str]] = {}
    for d in denials:
        by_suit.setdefault(d.suit, []).append(_denied_card(d).text(lang))
    same: dict[str, list[str]] = {}
    for suit, parts in by_suit.items():
        same.setdefault(", ".join(parts), []).append(suit.value)
    return semicolon(lang).join(_("{suit}: {what}", lang, suit=both(suits).text(lang), what=what)
                                for what, suits in same.items())


def _denied_card(d: Promise) -> Msg:
    """One denied promise: the top card with its length (``the Puur with four cards or
    more``; the Nell row's "without the Puur" goes unsaid: the Puur's own denial, never at
    a greater length, covers the hands with both), or its promise's words."""
    lo, hi = d.length
    top = next(iter(d.has)) if len(d.has) == 1 else None
    count = COUNT_OR_MORE.get(lo) if hi >= MAX_LENGTH else COUNT_WORD.get(lo) if lo == hi else None
    if top in TOP_NAME and count is not None and d.lacks <= {PUUR}:
        return M("{top} {count}", top=CARD[top], count=count)
    return M("not ({what})", what=join(*d._parts()[:1], *sum(([", ", x] for x in d._parts()[1:]), [])))


# The table, in priority order: the first convention that matches reads the call.
CONVENTIONS: tuple[Convention, ...] = (
    Convention("fort", M("fort: {seat} {fort}"), _match_fort_or_double, reads=FORT, denies=_deny_fort),
    Convention("double", M("{seat} doubles {bid} by {declarer}: the target points double, {end}"),
               _match_fort_or_double, reads=DOUBLE),
    Convention("redouble", M("{seat} redoubles (konter): the target points double again and are final"),
               _match_fort_or_double, reads=REDOUBLE),
    Convention("matsch", M("Matsch (157): the team means to take every point of the game, 152 in the cards "
                           "and 5 for the last trick; made, it writes {target} target points, the 157 and the "
                           "Matsch bonus of {bonus}"),
               _match_matsch_bonus, calls=_is_matsch_with_bonus),
    Convention("matsch", M("Matsch (157): the team means to take every point of the game, 152 in the cards "
                           "and 5 for the last trick"),
               _nothing_own, calls=_is_matsch),
    Convention("confidence", M("{call}: the number only says what the team trusts itself to make ({why})"),
               _match_no_conventions, calls=_no_conventions),
    Convention("confidence", M("{call}: nobody bids after it (the three others have said fort and are out), so "
                               "the number only says what the team trusts itself to make, no cards; the opponents "
                               "may still double"),
               _match_last_word, calls=_zehner_in_suit),
    Convention("confidence", M("{call}: above 120 the number only says what the team trusts itself to make, "
                               "no cards"),
               _nothing_own, calls=_above_openings),
    Convention("opening", M("opening in {suit}, {row_name} ({row}): {top} {count}"),
               _match_opening, _promise_opening, calls=_opening_number),
    Convention("hilfe", M("Hilfe in {suit}, the suit {partner} opened: the two smallest Zehner {above} are "
                          "{low} and {high}, {call} is the {which}"),
               _match_hilfe, _promise_hilfe, calls=_zehner_in_suit),
    Convention("raise", M("{seat}'s first call in {suit}, the team's own suit, and no Hilfe (that is {low} or "
                          "{high}): it promises no cards, only the number the team trusts itself to make"),
               _match_first_raise, calls=_zehner_in_suit),
    Convention("raise", M("raise in {suit}, the team's own suit: raises the number only, no new information"),
               _match_raise, calls=_zehner_in_suit),
    Convention("want", M("Zehner in {suit}, the opponents' suit: \"we want your suit ourselves\", "
                         "no further information"),
               _match_want, calls=_zehner_in_suit),
    Convention("ace", M("Ace announcement: {call} is the next Fünfer {above}; {seat} holds the Ace {whose}"),
               _match_ace, _promise_ace, calls=_fuenfer_in_suit, denies=_deny_fort),
    Convention("unconventional", M("{call} follows no convention: {why}"), _match_unconventional),
)


# -- reading an auction --------------------------------------------------------------------
class Reading(Value):
    """What one call is and what it promises."""

    FIELDS = ("seat", "call", "kind", "promises", "convention", "params", "denies")
    seat: str
    call: Call
    kind: str
    promises: tuple[Promise, ...]
    convention: Convention
    params: Mapping   # the title's parameters: the position's, the call's, the convention's
    denies: tuple[Promise, ...]   # promises of calls the caller would have made instead

    def __init__(self, seat: str, call: Call, kind: str, promises: tuple[Promise, ...],
                 convention: Convention, params: Params, denies: tuple[Promise, ...] = ()) -> None:
        # written once, straight into the instance: a position reads some 64 calls
        d = self.__dict__
        d["seat"], d["call"], d["kind"], d["promises"] = seat, call, kind, promises
        d["convention"], d["params"], d["denies"] = convention, params, denies

    def headline(self, lang: str = "de") -> str:
        head = self.convention.describe(self.params, lang)
        if self.convention.kind == "hilfe" and "other" in self.params:
            return _("{hilfe}: {other} {count}", lang, hilfe=head, other=self.params["other"],
                     count=self.params["count"])
        return head

    def text(self, lang: str = "de") -> str:
        promised = semicolon(lang).join(t for t in (p.text(lang) for p in self.promises) if t)
        head = self.headline(lang)
        return f"{head}. {promised}." if promised else f"{head}."

    def said(self, lang: str = "de", text: "str | None" = None, seat: "str | None" = None) -> str:
        """The call with its seat and its reading (``text``: the reading as shown, default
        :meth:`text`; ``seat``: the seat as the table names it, default the reading's): "A 60
        Eichel: opening ..."; a text that names the call itself (fort's "fort: B lets the bid
        stand ...") follows the seat alone, not "B fort: fort: ..."."""
        text = self.text(lang) if text is None else text
        seat = seat or self.seat
        if self.meaning(lang, text) != text:
            return f"{seat} {text}"
        return _("{seat} {call}: {text}", lang, seat=seat, call=typed(self.call), text=text)

    def meaning(self, lang: str = "de", text: "str | None" = None) -> str:
        """The reading (``text``, default :meth:`text`) to follow the call's own name: without
        the name where the text starts with it (fort's "fort: B lets the bid stand ..." is "B
        lets the bid stand ...", so "Recommended: fort: B lets ..." names the call once)."""
        text = self.text(lang) if text is None else text
        for head in (f"{self.call}:", f"{self.call} :"):   # the French colon has its space
            if text.startswith(head):
                return text[len(head):].lstrip()
        return text

    def denial(self, lang: str = "de") -> str:
        """What the call denies, as the table reads it (empty: nothing), one sentence."""
        if not self.denies:
            return ""
        return _("{seat} would have opened or given the Hilfe with any of these, so he holds none of them: "
                 "{denied}.", lang, seat=self.seat, denied=denial_text(self.denies, lang))

    def to_json(self, lang: str = "de", denies: bool = False) -> dict:
        """The reading as JSON; ``denies``: with what the call denies (``explain``'s calls;
        a hand's options keep their fields)."""
        return {"seat": self.seat, "call": str(self.call), "kind": self.kind,
                "promises": [p.to_json() for p in self.promises],
                **({"denies": [p.to_json() for p in self.denies], "denial": self.denial(lang)}
                   if denies and self.denies else {}),
                "text": self.text(lang)}


# The table by the kind of call each convention reads, in the same priority order.
_READING: dict[str, tuple[Convention, ...]] = {
    kind: tuple(c for c in CONVENTIONS if c.reads == kind) for kind in (BID, FORT, DOUBLE, REDOUBLE)}


# The conventions that can read a call (``Convention.calls``), per table rules and call:
# a position reads some 64 calls, and the ladder's calls are the same objects every time.
# Keyed by the call's id, the call kept beside its conventions: while the entry lives, so
# does the call, and no other object can have its id.
_CALLS_READ: dict[TableRules, dict[int, tuple[Call, tuple[Convention, ...]]]] = {}
MAX_CALLS_READ = 10_000


def _bid_conventions(s: Situation, call: Call) -> tuple[Call, tuple[Convention, ...]]:
    """The conventions that can read the bid ``call`` (listed, then kept by its id)."""
    by_id = s.calls_read
    if len(by_id) >= MAX_CALLS_READ:
        by_id.clear()
    rules = s.rules
    found = by_id[id(call)] = (call, tuple(c for c in _READING[BID] if c.calls is None or c.calls(rules, call)))
    return found


def read_call(s: Situation, call: Call) -> Reading:
    if call.kind == BID:
        found = s.calls_read.get(id(call))
        if found is None:
            found = _bid_conventions(s, call)
        conventions = found[1]
    else:   # fort, double, konter: each of their conventions reads every such call
        conventions = _READING.get(call.kind, ())
    for conv in conventions:
        params = conv.match(s, call)
        if params is not None:
            promises = () if conv.promises is NO_PROMISES else conv.promises(s, call, params)
            denies = () if conv.denies is NO_PROMISES else conv.denies(s, call, params)
            return Reading(s.seat, call, conv.kind, promises, conv, _Title(s.basic_params, call, params), denies)
    raise AssertionError(f"no convention reads {call}")  # the last rule reads every bid


class Reader:
    """Replays an auction call by call and keeps what the conventions need."""

    def __init__(self, rules: TableRules) -> None:
        self.rules = rules
        self.auction = Auction(sidi_barrani_spec(rules))
        self.opened: dict[Suit, Opened] = {}
        self.zehner: dict[str, frozenset[Suit]] = {}
        self.readings: list[Reading] = []
        # what each seat's calls promised so far, merged per suit as the calls come
        self._known: dict[str, dict[Suit, Promise]] = {x: {} for x in "ABCD"}
        # what each seat's forts denied so far (merged)
        self._denied: dict[str, tuple[Promise, ...]] = {}
        # what does not change until the next call, shared with copies of this state:
        # the Situation per seat, the readings of the legal calls per seat asked, and per
        # (hand, seat) the calls the hand makes true and the count's advice (the generator
        # and the drill checks advise the same hand at the same point several times)
        self._situations: dict[str, Situation] = {}
        self._legal: dict[str | None, list[Reading]] = {}
        self._by_hand: dict[tuple, tuple] = {}

    def copy(self) -> "Reader":
        """The same state, to play on independently."""
        r = Reader.__new__(Reader)
        r.rules, r.auction = self.rules, self.auction
        r.opened, r.zehner, r.readings = dict(self.opened), dict(self.zehner), list(self.readings)
        r._known = {x: dict(by_suit) for x, by_suit in self._known.items()}
        r._denied = dict(self._denied)
        r._situations, r._legal, r._by_hand = self._situations, self._legal, self._by_hand
        return r

    def legal_readings(self, seat: str | None = None) -> list[Reading]:
        """Every legal next call (only ``seat``'s when given), each read by the conventions."""
        found = self._legal.get(seat)
        if found is None:
            found = []
            situations: dict[str, Situation] = {}
            for s, call in self.auction.legal_calls(seat):   # each with its seat: read() needs none
                situation = situations.get(s)
                if situation is None:
                    situation = situations[s] = self.situation(s)
                found.append(read_call(situation, call))
            self._legal[seat] = found
        return found

    def situation(self, seat: str | None = None) -> Situation:
        seat = seat or self.auction.next_seat
        if seat is None:
            raise TutorError(M("the bidding is over: nobody is in turn"))
        s = self._situations.get(seat)
        if s is None:
            promised = {x: tuple(by_suit[suit] for suit in SUITS if suit in by_suit)
                        for x, by_suit in self._known.items()}
            s = Situation(self.rules, self.auction, seat, dict(self.opened), dict(self.zehner), promised,
                          dict(self._denied))
            self._situations[seat] = s
        return s

    def read(self, call: Call, seat: str | None = None) -> Reading:
        """Read ``call`` by ``seat`` (default the seat in turn) without playing it."""
        if call.kind in (DOUBLE, REDOUBLE) and seat is None:
            raise IllegalCallError(WHY["needs_seat" if call.kind == DOUBLE else "needs_seat_konter"](
                call=typed(call)))
        return read_call(self.situation(seat), call)

    def play(self, call: Call, seat: str | None = None) -> Reading:
        reading = self.read(call, seat) if (seat or self.auction.next_seat) else None
        if reading is None:
            raise IllegalCallError(M("the bidding is over"))
        self.auction = self.auction.play(call, seat)
        seat = reading.seat
        suit = _suit_of(call)
        if call.kind == BID and suit is not None and _is_zehner(call):
            if suit not in self.opened:
                top = OPENINGS[call.value][0] if reading.kind == "opening" else None
                self.opened[suit] = Opened(frozenset({seat, partner_of(seat)}), seat, top)
            self.zehner[seat] = self.zehner.get(seat, frozenset()) | {suit}
        self.readings.append(reading)
        known = self._known[seat]
        for p in reading.promises:
            known[p.suit] = known[p.suit].merge(p) if p.suit in known else p
        if reading.denies:
            self._denied[seat] = merge_denials(self._denied.get(seat, ()) + reading.denies)
        self._situations, self._legal, self._by_hand = {}, {}, {}
        return reading


class Explanation(Value):
    """Every call of an auction read, and the auction."""

    FIELDS = ("readings", "auction")
    readings: tuple[Reading, ...]
    auction: Auction

    def __init__(self, readings: tuple[Reading, ...], auction: Auction) -> None:
        d = self.__dict__
        d["readings"], d["auction"] = readings, auction

    @property
    def calls(self) -> tuple[Reading, ...]:
        return self.readings

    @property
    def known(self) -> dict[str, list[Promise]]:
        return {seat: combine(p for r in self.readings if r.seat == seat for p in r.promises)
                for seat in "ABCD"}

    @property
    def denied(self) -> dict[str, tuple[Promise, ...]]:
        """Per seat what its forts denied (seats whose calls denied nothing left out)."""
        out = {seat: merge_denials(p for r in self.readings if r.seat == seat for p in r.denies) for seat in "ABCD"}
        return {seat: d for seat, d in out.items() if d}

    @property
    def state(self) -> dict:
        return self.auction.state()

    def to_json(self, lang: str = "de") -> dict:
        denied = self.denied
        return {"calls": [r.to_json(lang, denies=True) for r in self.readings],
                "known": {seat: [p.to_json() for p in ps] for seat, ps in self.known.items()},
                **({"denied": {seat: [p.to_json() for p in ps] for seat, ps in denied.items()}} if denied else {}),
                "state": self.state}


class _Prefix:
    """A node of the prefix cache: the reader's state after some calls, and the calls
    read so far after it."""

    __slots__ = ("reader", "children")

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.children: dict = {}


# Auctions read before, as a tree of their prefixes per table rules: a drill file, a
# worksheet, the generator and the quiz read the same beginnings again and again. Bounded:
# prefixes up to CACHED_CALLS calls, at most CACHED_PREFIXES in all (then it starts anew).
CACHED_CALLS, CACHED_PREFIXES = 48, 2_000
_PREFIXES: dict[TableRules, _Prefix] = {}
_cached = 0


def clear_caches() -> None:
    global _cached
    _PREFIXES.clear()
    _CALLS_READ.clear()
    _parse_auction.cache_clear()
    _kind_labels.cache_clear()
    _cached = 0


@lru_cache(maxsize=2048)
def _parse_auction(text: str, rules: TableRules) -> Auction:
    return Auction.parse(text, rules=rules)


def parse_auction(text: str, rules=None) -> Auction:
    """``Auction.parse(text, rules=rules)``, each text read once (an Auction is immutable)."""
    return _parse_auction(text, load_rules(rules))


def replay(auction: "Auction | str", rules=None) -> Reader:
    """A Reader after every call of ``auction`` (a copy: the caller may play on)."""
    global _cached
    rules = load_rules(rules)
    if isinstance(auction, str):
        auction = _parse_auction(auction, rules)
    node = _PREFIXES.get(rules)
    if node is None or _cached > CACHED_PREFIXES:
        if _cached > CACHED_PREFIXES:
            clear_caches()
        node = _PREFIXES[rules] = _Prefix(Reader(rules))
    entries = auction.entries
    depth = 0
    for e in entries:
        child = node.children.get(e)
        if child is None:
            break
        node, depth = child, depth + 1
    reader = node.reader.copy()
    for e in entries[depth:]:
        reader.play(e.call, e.seat)
        depth += 1
        if depth <= CACHED_CALLS:
            child = node.children[e] = _Prefix(reader.copy())
            node, _cached = child, _cached + 1
    return reader


def explain(auction: "Auction | str", rules=None) -> Explanation:
    """Read every call of an auction: its kind, its promises, its explanation."""
    reader = replay(auction, rules)
    return Explanation(tuple(reader.readings), reader.auction)


def next_readings(reader: Reader) -> list[Reading]:
    """Every legal next call, each read by the conventions."""
    return list(reader.legal_readings())


def state_line(state: dict, lang: str = "de") -> str:
    """One sentence on an auction's ``state()``: whose turn, or the contract."""
    if not state["over"]:
        return _("Next to call: {seat}.", lang, seat=state["next"])
    if state["contract"] is None:
        return _("Everybody said fort: no game, the cards are dealt anew.", lang)
    m = state["multiplier"]
    return OVER[m](declarer=state["declarer"], contract=state["contract"], m=m).text(lang)


# The bidding's end by the multiplier of the target points.
OVER: dict[int, Msg] = {
    1: M("The bidding is over: {declarer} plays {contract} (target points ×{m})."),
    2: M("The bidding is over: {declarer} plays {contract}, doubled (target points ×{m})."),
    4: M("The bidding is over: {declarer} plays {contract}, redoubled (target points ×{m})."),
}


# -- choosing a call ------------------------------------------------------------------
class Advice(Value):
    """The calls the conventions offer a hand, the one recommended and why."""

    FIELDS = ("seat", "recommended", "options", "lines", "evidence", "equal")
    seat: str
    recommended: Reading | None
    options: tuple[Reading, ...]
    lines: tuple          # the reasons: catalog messages (and the recommended Reading)
    evidence: dict | None     # the numbers behind the choice (the simulation's)
    equal: tuple[str, ...]    # the calls the judge finds as good as the recommended one (with it)

    def __init__(self, seat: str, recommended: Reading | None, options: tuple[Reading, ...], lines: tuple,
                 evidence: dict | None = None, equal: tuple[str, ...] = ()) -> None:
        self.__dict__.update(seat=seat, recommended=recommended, options=options, lines=lines, evidence=evidence,
                             equal=equal)

    def reasons(self, lang: str = "de") -> tuple[str, ...]:
        return tuple(x.text(lang) for x in self.lines)

    def text(self, lang: str = "de") -> str:
        return " ".join(_sentence(x) for x in self.reasons(lang))

    @property
    def call(self) -> str | None:
        return None if self.recommended is None else str(self.recommended.call)

    def accepts(self, call: str | None) -> bool:
        """``call`` is the recommended call or one the judge finds as good."""
        return call == self.call or (call is not None and call in self.equal)

    def to_json(self, lang: str = "de") -> dict:
        r = self.recommended
        return {"seat": self.seat, "call": self.call,
                "kind": r.kind if r else None,
                "promises": [p.to_json() for p in r.promises] if r else [],
                "text": self.text(lang),
                "options": [o.to_json(lang) for o in self.options],
                **({"equally_good": list(self.equal)} if len(self.equal) > 1 else {}),
                **({"evidence": self.evidence} if self.evidence is not None else {})}


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", ":", "!", "?", "»", '"')) else text + "."


INFO_FREE = ("raise", "want")      # offered once per suit, at the lowest number
NOT_OFFERED = ("confidence", "matsch", "unconventional")  # offered only when recommended


def offered(readings: Sequence[Reading], hand: Hand | None = None) -> list[Reading]:
    """The conventional calls among ``readings`` (with a hand: those it makes true); of
    the calls without card information only the lowest per kind and suit."""
    seen: set[tuple[str, str | None]] = set()
    out = []
    for r in readings:
        if r.kind in NOT_OFFERED or (hand is not None and not all(p.satisfied_by(hand) for p in r.promises)):
            continue
        if r.kind in INFO_FREE:
            key = (r.kind, r.call.strain)
            if key in seen:
                continue
            seen.add(key)
        out.append(r)
    return out


def position(hand: "Hand | str", auction: "Auction | str" = "", rules=None,
             seat: str | None = None) -> tuple:
    """The point of the auction a hand is judged at: (hand, reader, seat, the readings of
    every legal call of ``seat``, those the hand makes true and that follow a convention)."""
    rules = load_rules(rules)
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    reader = replay(auction, rules)
    a = reader.auction
    seat = (seat or a.next_seat or "").upper() or None
    if seat is None:   # nobody in turn: a seat that may still double or konter must be named
        still = [x for x in "ABCD" if reader.legal_readings(x)]
        if still:
            raise TutorError(M("nobody is in turn; {seats} may still double or konter: name the hand's seat with "
                               "--seat", seats=either(still)))
        raise TutorError(M("the bidding is over and nobody may double or konter: there is no call to advise"))
    if seat not in "ABCD" or len(seat) != 1:
        raise TutorError(M("unknown seat {seat!r} (A, B, C or D)", seat=seat))
    readings = reader.legal_readings(seat)
    if not readings:
        if a.next_seat:
            raise TutorError(M("{seat} is not in turn, {turn} is: out of turn a player can only double or "
                               "konter, and {seat} can do neither here", seat=seat, turn=a.next_seat))
        raise TutorError(M("{seat} has no call here: the bidding is over", seat=seat))
    truthful = reader._by_hand.get((hand, seat))
    if truthful is None:
        truthful = reader._by_hand[hand, seat] = truthful_readings(readings, hand)
    return hand, reader, seat, readings, list(truthful)


def truthful_readings(readings: Sequence[Reading], hand: Hand) -> list[Reading]:
    """The conventional readings whose promises ``hand`` keeps (a reading promises one
    suit or none: asked of some 64 readings per position and hand, without a generator)."""
    out = []
    for r in readings:
        if r.kind == "unconventional":
            continue
        ps = r.promises
        if not ps or (ps[0].satisfied_by(hand) if len(ps) == 1 else all(p.satisfied_by(hand) for p in ps)):
            out.append(r)
    return out


def advise(hand: "Hand | str", auction: "Auction | str" = "", rules=None,
           seat: str | None = None, judge: "Judge | None" = None,
           standing: "Standing | None" = None) -> Advice:
    """The calls the convention offers ``hand`` at this point, and the recommended one.

    ``seat`` defaults to the seat in turn; a seat that is not in turn can only double or
    konter (the recommendation is then None when it should stay silent). ``judge``
    picks among the calls the hand makes true (default: the count,
    ``tutor.judgement.COUNT``); ``standing`` is the Partie's score, when known."""
    hand, reader, seat, readings, truthful = position(hand, auction, rules, seat)
    plain = judge is None and standing is None   # the count's advice: the same every time
    if plain:
        found = reader._by_hand.get((hand, seat, "advice"))
        if found is not None:
            return found
    options = offered(truthful)   # the same as offered(readings, hand): truthful is checked
    s = reader.situation(seat)
    j = (judge or COUNT).choose(hand, s, truthful, standing)
    recommended, lines = j.pick, list(j.lines)
    named = set(getattr(j, "named", ()) or ())   # a call the answer's words name is listed with its meaning
    options += [r for r in truthful if str(r.call) in named and r not in options and r is not recommended]
    if recommended is None:
        recommended = next((r for r in truthful if r.kind == "fort"), None)
        if recommended is not None:   # a seat out of turn cannot say fort: no reason for it
            reasoned = getattr(j, "reasoned", None)
            lines.extend(why_fort(hand, s, alone=not (lines if reasoned is None else reasoned)))
        if recommended is None and any(r.kind in ("double", "redouble") for r in truthful):
            lines.insert(0, _say_nothing(j, truthful))
    if recommended is not None:
        lines.insert(0, recommended)   # its reading, in the language shown
        if recommended not in options:
            options.append(recommended)
    for r in reader.readings:   # the seat's own earlier calls the hand breaks: a wrong hand or seat?
        broken = [p for p in r.promises if not p.satisfied_by(hand)] if r.seat == seat else []
        if broken:
            lines.append(M("This hand does not fit {seat}'s own earlier {call}: {mismatch}. Is the hand or the "
                           "seat wrong?", seat=seat, call=str(r.call), mismatch=Mismatch(broken, hand)))
    advice = Advice(seat, recommended, tuple(options), tuple(lines), j.evidence, tuple(j.equal))
    if plain:
        reader._by_hand[hand, seat, "advice"] = advice
    return advice


def _say_nothing(j, truthful) -> Msg:
    """The first line where the recommendation is to say nothing: "it does not pay", unless
    the judgement's deals favour a double or konter the count overrules (its reason follows
    in the lines: QA s38 F5.2, H11's "it does not pay here" two lines above "konter brings
    more, +585")."""
    evidence = getattr(j, "evidence", None) or {}
    best = evidence.get("best_mean")
    if evidence.get("chosen_by") == "count" and any(
            str(r.call) == best and r.kind in ("double", "redouble") for r in truthful):
        from tutor.judgement.base import NOTHING, call_words

        if NOTHING in (evidence.get("equal") or ()):
            # the deals cannot tell the two apart (QA s42 F9: KP, both +2000 "the same on every deal")
            return M("Say nothing: the deals find {call} as good, and the tutor keeps to the count here, for the "
                     "reason given below.", call=call_words(best))
        return M("Say nothing: the deals favour {call}, but the tutor keeps to the count here, for the reason "
                 "given below.", call=call_words(best))
    return M("Say nothing: it does not pay here.")


class Mismatch(Msg):
    """What a hand holds against each of the promises it breaks, in the language shown."""

    __slots__ = ("promises", "hand")

    def __init__(self, promises, hand: Hand) -> None:
        super().__init__("")
        self.promises, self.hand = tuple(promises), hand

    def text(self, lang: "str | None" = None) -> str:
        from tutor.i18n import current

        lang = lang or current()
        return semicolon(lang).join(p.mismatch(self.hand, lang) for p in self.promises)


def why_fort(hand: Hand, s: Situation, alone: bool = True) -> list[Msg]:
    """Why the conventions leave nothing but fort: a missed opening, a Hilfe above 120;
    ``alone`` (no other reason given): the plain "no opening, no Hilfe" line."""
    lines: list[Msg] = []
    if not s.rules.conventions:   # nothing conventional to cite: the count gave its reasons
        return [M("At a table without the Ansageregeln nothing but the count decides: fort.")] if alone else []
    standing = s.standing_value
    for suit, opened in s.opened.items():
        other = OTHER_TOP.get(opened.top)
        if opened.opener == s.partner and other and hand.has(suit, other) and hand.length(suit) >= 2 \
                and suit not in s.zehner.get(s.seat, frozenset()):   # the Hilfe: zu zweit or more
            low, high = s.two_zehner()
            fitting = low if hand.length(suit) == 2 else high
            if fitting > s.rules.opening_max:
                lines.append(HILFE_UNSAID[other](suit=suit.value, n=fitting, limit=s.rules.opening_max))
    for suit in SUITS:
        n = hand.length(suit)
        top = PUUR if hand.has(suit, PUUR) else NELL if hand.has(suit, NELL) else None
        if top is None or n < 3 or s.owner(suit) != "open":
            continue
        number = opening_number(top, n)
        if standing is not None and number <= standing:
            lines.append(M("The opening in {suit} is missed: {top} {count} would be {number}, which is not "
                           "above {standing}.", suit=suit.value, top=TOP_NAME[top], count=COUNT_WORD[n],
                           number=number, standing=standing))
    fuenfer = s.next_fuenfer()
    if s.no_ace is not None and fuenfer is not None and fuenfer <= s.rules.opening_max and any(
            hand.has(suit, Rank.ASS) and s.owner(suit) != "own" and s.holder(suit, Rank.ASS) is None
            for suit in SUITS):   # an Ace the hand could have shown but for the rule: say why not
        lines.append(M("No Ace announcement: {why}.", why=s.no_ace))
    if alone and not lines:
        # the seat that has bid already has shown its hand: "no opening" would be said to the
        # player who opened (QA s36 P92: A after "60 Eichel, fort, 70 Eichel, fort")
        own = next((e for e in reversed(s.auction.entries) if e.seat == s.seat and e.call.value is not None), None)
        lines.append(M("No opening (Puur or Nell with three cards), no Hilfe and no reason for an Ace "
                       "announcement: fort.") if own is None else
                     M("{seat}'s {call} has shown this hand already; there is nothing more to show (no further Hilfe, "
                       "no reason for an Ace announcement) and the count reaches no higher bid: fort.",
                       seat=s.seat, call=str(own.call)))
    return lines


# A Hilfe above the last number that shows cards, by the top card it would show.
HILFE_UNSAID: dict[Rank, Msg] = {
    PUUR: M("The Hilfe in {suit} would be {n}, above {limit}: there the numbers show no cards, so the "
            "Puur goes unsaid."),
    NELL: M("The Hilfe in {suit} would be {n}, above {limit}: there the numbers show no cards, so the "
            "Nell goes unsaid."),
}


# -- checking a call ---------------------------------------------------------------------
class Verdict(Value):
    """A call checked: legal, conventional, true to the hand, and the advice beside it."""

    FIELDS = ("legal", "conventional", "truthful", "reading", "advice", "why_illegal", "broken", "hand")
    legal: bool
    conventional: bool
    truthful: bool
    reading: Reading | None
    advice: Advice | None
    why_illegal: str | None
    broken: tuple[Promise, ...]
    hand: Hand | None

    def __init__(self, legal: bool, conventional: bool, truthful: bool, reading: Reading | None,
                 advice: Advice | None, why_illegal: str | None = None, broken: tuple[Promise, ...] = (),
                 hand: Hand | None = None) -> None:
        self.__dict__.update(legal=legal, conventional=conventional, truthful=truthful, reading=reading,
                             advice=advice, why_illegal=why_illegal, broken=broken, hand=hand)

    @property
    def ok(self) -> bool:
        return self.legal and self.conventional and self.truthful

    @property
    def recommended(self) -> str | None:
        return self.advice.call if self.advice else None

    @property
    def best(self) -> bool:
        """Right, and the recommended call or one as good as it."""
        return self.ok and self.advice is not None and self.advice.accepts(str(self.reading.call))

    def _faults(self, lang: str) -> list[str]:
        """What makes the call wrong, first rule first: not legal; not conventional; not
        true to the hand (empty for a right call)."""
        if not self.legal:
            return [_("Not legal: {reason}.", lang, reason=self.why_illegal)]
        out: list[str] = []
        if not self.conventional:
            out.append(_("That is not a conventional call.", lang))
        if not self.truthful:
            # the promise was said once, in the reading; here what the hand holds
            broken = semicolon(lang).join(p.mismatch(self.hand, lang) for p in self.broken) if self.hand \
                else semicolon(lang).join(p.text(lang) for p in self.broken)
            out.append(_("The hand does not fit: {broken}.", lang, broken=broken))
        return out

    def fault(self, lang: str = "de") -> str | None:
        """The one line that makes a wrong call wrong (a worksheet's short why), None when
        the call is legal, conventional and true."""
        faults = self._faults(lang)
        return faults[0] if faults else None

    def text(self, lang: str = "de") -> str:
        parts: list[str] = []
        if not self.legal:
            parts += self._faults(lang)
        else:
            parts.append(self.reading.text(lang))
            parts += self._faults(lang)
        if self.advice is not None and (not self.ok or (self.reading and self.advice.call != str(self.reading.call))):
            rec = self.advice.call
            if self.best:   # not the recommended call's reasons: they may argue against this one
                parts.append(_("As good as the recommended {call}: over the deals the difference between them "
                               "is within chance.", lang, call=rec))
            else:
                from tutor.judgement.base import SCORE_LINES, cost, unvalued

                shown = self.advice.recommended
                lost = cost(self.advice.evidence, str(self.reading.call), rec,
                            getattr(shown, "kind", None)) if self.ok else None
                known = None
                if lost is None and self.reading is not None:   # a legal call they do not value: what
                    known = unvalued(self.advice.evidence, str(self.reading.call), self.reading.kind)  # they know
                # with a score the voice says what a value means before the first value it explains:
                # here that is this line's, not the recommendation's (QA s43 CK3: "gives up 584 board
                # points" before the score line that says a game ending the Partie counts 2000)
                score = [x for x in self.advice.lines if getattr(x, "msgid", None) in SCORE_LINES] \
                    if lost is not None or known is not None else []
                parts += [_sentence(x.text(lang)) for x in score]
                if lost is not None:   # right by the rules, but the deals find it worse: by how much
                    parts.append(_sentence(lost.line().text(lang)))
                elif known is not None:   # QA s35 Q8
                    parts.append(_sentence(known.text(lang)))
                # the recommended call's meaning, unless it reads as the checked call's (two raises);
                # not the line just said of the checked call again for the recommended one (fort alone)
                lines = [x for x in self.advice.lines if not any(x is y for y in score) and
                         (known is None or getattr(x, "msgid", None) != getattr(known, "msgid", ""))]
                if lines and self.reading is not None and isinstance(lines[0], Reading) \
                        and lines[0].text(lang) == self.reading.text(lang):
                    lines = lines[1:]
                # a meaning that names the call itself follows the recommendation's colon: "Recommended:
                # fort: D lets the bid stand ...", not "Recommended: fort. fort: D lets ..."
                named = None
                if rec is not None and lines and isinstance(lines[0], Reading) and str(lines[0].call) == rec \
                        and lines[0].meaning(lang) != lines[0].text(lang):
                    named, lines = lines[0].meaning(lang), lines[1:]
                # a reason the answer gave already, as why the checked call is wrong, is not said
                # again as the recommendation's (QA s33 Q13: "B is out of this bidding ..." twice)
                why = self.reading.params.get("why") if self.reading is not None else None
                if isinstance(why, Msg):
                    lines = [x for x in lines if not any(w is why for w in getattr(x, "params", {}).values())]
                said = " ".join(_sentence(x.text(lang)) for x in lines)
                head = _("Recommended: say nothing.", lang) if rec is None else \
                    _("Recommended: {call}: {meaning}", lang, call=typed(rec), meaning=named) if named else \
                    _("Recommended: {call}.", lang, call=typed(rec))
                parts.append(" ".join(x for x in (head, said) if x))
        return " ".join(parts)

    def to_json(self, lang: str = "de") -> dict:
        return {"ok": self.ok, "legal": self.legal, "conventional": self.conventional,
                "truthful": self.truthful, "recommended": self.recommended,
                **({"equally_good": list(self.advice.equal)} if self.advice and len(self.advice.equal) > 1 else {}),
                "best": self.best, "text": self.text(lang)}


def check(hand: "Hand | str", auction: "Auction | str", call: "Call | str", rules=None,
          seat: str | None = None, judge: "Judge | None" = None,
          standing: "Standing | None" = None) -> Verdict:
    """Is ``call`` legal, conventional and true to ``hand``? An unreadable call raises
    ParseError; an illegal one is an answer (``legal`` False), not an error. The
    recommendation beside it is ``judge``'s (default: the count), as in :func:`advise`."""
    from tutor.auction import split_seat

    rules = load_rules(rules)
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    reader = replay(auction, rules)
    spec = reader.auction.spec
    if isinstance(call, str):
        prefix, text = split_seat(call, spec)
        seat = seat or prefix
        try:
            call = spec.parse_call(text)
        except IllegalCallError as e:
            return Verdict(False, False, False, None, _safe_advice(hand, reader, rules, seat, judge, standing),
                           e.args[0])
    if seat is None and call.kind in (DOUBLE, REDOUBLE):
        seat = reader.auction.next_seat   # without a seat, the seat in turn doubles
    why = reader.auction.why_illegal(call, seat)
    advice = _safe_advice(hand, reader, rules, seat, judge, standing)
    if why is not None:
        return Verdict(False, False, False, None, advice, why)
    reading = reader.read(call, seat)
    broken = tuple(p for p in reading.promises if not p.satisfied_by(hand))
    return Verdict(True, reading.kind != "unconventional", not broken, reading, advice,
                   broken=broken, hand=hand)


def _safe_advice(hand: Hand, reader: Reader, rules: TableRules, seat: str | None, judge=None,
                 standing=None) -> Advice | None:
    try:
        return advise(hand, reader.auction, rules, seat, judge=judge, standing=standing)
    except TutorError:
        return None
