"""Calls and the auction, for any bidding game whose shape is given as data.

An :class:`AuctionSpec` says what a game's auction is: the seats, the ladder of bids,
whether a bid names a strain (trump), when a fort is final, who may double and until
when, and which words end it. :func:`sidi_barrani_spec` builds Sidi-Barrani's from the
table rules; other games (``tutor.games``) build theirs from the same fields.

An :class:`Auction` is an immutable value: the calls so far and the state they lead to.
``play`` returns a new auction or raises :class:`~tutor.errors.IllegalCallError`::

    >>> a = Auction.parse("60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple")
    >>> a.over, a.declarer, a.contract, a.multiplier
    (True, 'A', '100 Eichel', 2)

The rules of the auction (Sidi-Barrani, Verband):

- Vorhand (A) calls first, then each player in turn overbids the standing bid or says
  fort. A final fort keeps the player out for this auction (with re-entry he may bid
  again later); players who are out are skipped.
- The bidding ends when after a bid the other players have all said fort (or are out),
  or when an opponent doubles. Four forts without a bid: no game, the cards are dealt anew.
- A double is open to either opponent of the standing bid (even one who said fort) from
  the moment the bid is made until the next player has bid or said fort; the extended
  variant also opens it at the first lead, once the bidding has ended. Right after the
  double, the declarer or his partner may konter. The multiplier is 1, 2 or 4.

Other games set other fields: more or fewer seats, no teams during the auction, a fort
that is final only once somebody has bid (``fort_final="after_bid"``), words on the
ladder ("Matsch mit Partner" below "Matsch alleine"), a strain that overcalls the same
number (``strain_rank``), words that end the auction (``end_words``: the standing bid is
played) and bids that end it as soon as they are made (``closing_bids``: the caller takes
the game, as after Pandur's "Pandur mit").
"""
from __future__ import annotations

import re
from bisect import bisect_right
from functools import cached_property
from types import MappingProxyType
from typing import Callable, Iterable, Mapping, Sequence

from tutor.errors import IllegalCallError, ParseError
from tutor.i18n import M, Mp, Msg, _
from tutor.text import clip
from tutor.values import Value

BID, FORT, DOUBLE, REDOUBLE, WORD = "bid", "fort", "double", "redouble", "word"
MAX_DIGITS = 9   # the longest number read as a bid (tutor.text.MAX_DIGITS)
SEAT_LETTERS = "ABCDEFGH"


class Call(Value):
    """One call. ``kind`` is bid, fort, double, redouble or word (a game's own word that
    ends the auction, such as Pandur's "Pandur mit"). A bid has a ``level`` (a number, or
    a word on the ladder such as "Matsch alleine") and a ``strain`` where the game names one."""

    FIELDS = ("kind", "level", "strain", "word")
    kind: str
    level: int | str | None
    strain: str | None
    word: str | None     # the display word of fort/double/redouble/word calls
    #: the bid's number (None for a word level or a call that is not a bid); set once,
    #: since the conventions ask it of every call they read many times
    value: int | None
    _text: str           # str(call), written once
    _hash: int           # the fields' hash, once

    def __init__(self, kind: str, level: int | str | None = None, strain: str | None = None,
                 word: str | None = None) -> None:
        d = self.__dict__
        d["kind"], d["level"], d["strain"], d["word"] = kind, level, strain, word
        d["value"] = level if isinstance(level, int) else None
        if kind == BID:
            d["_text"] = f"{level} {strain}" if strain else f"{level}"
        else:
            d["_text"] = word or kind
        d["_hash"] = hash((kind, level, strain, word))

    def __hash__(self) -> int:
        # the hash of the compared fields, worked out once: an auction's entries are
        # looked up in the prefix cache at every point read
        return self._hash

    def __reduce__(self):
        # made anew where it is unpickled: a string's hash differs from one process to the
        # next (a worker started by spawn), so the cached one must not travel
        return (self.__class__, (self.kind, self.level, self.strain, self.word))

    @property
    def is_bid(self) -> bool:
        return self.kind == BID

    @classmethod
    def parse(cls, text: str, spec: "AuctionSpec | None" = None) -> "Call":
        return (spec or default_spec()).parse_call(text)

    @classmethod
    def bid(cls, level: int | str, strain: str | None = None) -> "Call":
        return cls(BID, level, strain)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


class AuctionSpec(Value):
    """The shape of a game's auction, as data: ``AuctionSpec(name, ladder, **options)``,
    each option one of the class attributes below (their values are the defaults)."""

    FIELDS = ("name", "ladder", "seats", "strains", "parse_strain", "strain_optional", "strain_rank",
              "fort_final", "teams", "doubling", "redoubling", "double_window", "fort_words",
              "double_words", "redouble_words", "end_words", "closing_bids", "aliases")
    name: str
    ladder: tuple[int | str, ...]            # every bid level, lowest first
    seats: int = 4
    strains: tuple[str, ...] | None = None   # None: a bid names no strain
    parse_strain: Callable[[str], str] | None = None
    strain_optional: bool = False            # a bid may leave the strain out
    strain_rank: Mapping[str | None, int] | None = None  # same level: higher strain overcalls
    fort_final: str = "always"               # always | never | after_bid
    teams: tuple[tuple[int, ...], ...] | None = ((0, 2), (1, 3))
    doubling: bool = False
    redoubling: bool = False
    double_window: str = "next_call"         # next_call | first_lead
    fort_words: tuple[str, ...] = ("fort", "pass", "passe")
    # the words of each call, in German, English and French (Romand: contre, surcontre)
    double_words: tuple[str, ...] = ("dopple", "ich dopple", "doppeln", "double", "contre", "contrer")
    redouble_words: tuple[str, ...] = ("konter", "kontern", "ich kontere", "redouble", "surcontre",
                                       "surcontrer")
    end_words: tuple[str, ...] = ()          # in-turn words that end the auction
    closing_bids: tuple[int | str, ...] = ()  # bid levels that end the auction as soon as
    #                                          made; the caller takes the game (Pandur mit)
    aliases: Mapping[str, int | str] = MappingProxyType({})  # "matsch" -> 157

    def __init__(self, name: str, ladder: tuple, **options) -> None:
        unknown = set(options) - set(self.FIELDS)
        if unknown:
            raise TypeError(f"AuctionSpec: unknown options {sorted(unknown)}")
        d = self.__dict__
        d["name"], d["ladder"] = name, ladder
        d.update(options)

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(SEAT_LETTERS[: self.seats])

    @cached_property
    def rank(self) -> dict[int | str, int]:
        """Each level's place on the ladder: is a level a bid, which is higher, in O(1)."""
        return {level: i for i, level in enumerate(self.ladder)}

    @cached_property
    def words(self) -> dict[str, str]:
        """The word levels of the ladder ("Matsch alleine"), by their lower case."""
        return {x.lower(): x for x in self.ladder if isinstance(x, str)}

    def seat_index(self, name: str) -> int:
        n = name.strip().upper()
        if n not in self.seat_names:
            seats = " ".join(self.seat_names)
            raise ParseError(M("unknown seat {name!r} (seats: {seats})", name=name.strip(), seats=seats))
        return self.seat_names.index(n)

    def side_of(self, seat: int) -> frozenset[int]:
        if self.teams is None:
            return frozenset({seat})
        for team in self.teams:
            if seat in team:
                return frozenset(team)
        return frozenset({seat})

    def parse_call(self, text: str) -> Call:
        t = " ".join(text.strip().split())
        shown = clip(t)   # the call as messages quote it
        low = t.lower()
        if not t:
            raise ParseError(M("empty call"))
        if low in self.fort_words:
            return Call(FORT, word=self.fort_words[0])
        # read even where the table does not double, so the answer can say so
        if low in self.double_words:
            return Call(DOUBLE, word=self.double_words[0])
        if low in self.redouble_words:
            return Call(REDOUBLE, word=self.redouble_words[0])
        for w in self.end_words:
            if low == w.lower():
                return Call(WORD, word=w)
        if low in self.words:
            return Call(BID, self.words[low])
        # "60 Rosen", "60 auf Rosen", "60ro", "60♥": a number may touch its strain; a
        # word level ("Matsch Rosen") is followed by a space
        m = (re.fullmatch(r"([0-9]+)(?:\s*(?:auf\s+)?(\D.*))?", t)
             or re.fullmatch(r"([^\W\d]+)(?:\s+(?:auf\s+)?(.+))?", t))
        if not m:
            raise ParseError(M("cannot read call {t!r}", t=shown))
        head, rest = m.group(1), m.group(2)
        if head.isascii() and head.isdigit():
            if len(head) > MAX_DIGITS:   # no bid is that long, and int() refuses 4,300 digits
                raise IllegalCallError(M("{number} is not a bid: at most {digits} digits",
                                         number=clip(head, 15), digits=MAX_DIGITS))
            level: int | str = int(head)
        elif head.lower() in self.aliases:
            level = self.aliases[head.lower()]
        else:
            raise ParseError(M("cannot read call {t!r}", t=shown))
        strain: str | None = None
        if rest is not None:
            if self.strains is None or self.parse_strain is None:
                raise ParseError(M("call {t!r}: in {name} a bid names no suit", t=shown, name=self.name))
            strain = self.parse_strain(rest)
            if strain not in self.strains:
                raise IllegalCallError(why("trumpless_here" if strain in TRUMPLESS else "not_a_trump",
                                           strain=strain))
        elif self.strains is not None and not self.strain_optional:
            raise ParseError(M("call {t!r}: a bid names a number and a trump suit, e.g. '{level} Eichel'", t=shown, level=level))
        if level not in self.rank:
            raise IllegalCallError(why("not_a_bid_in", level=level, game=self.name,
                                       ladder=describe_ladder(self.ladder)))
        return Call(BID, level, strain)

    def all_bids(self) -> Iterable[Call]:
        strains: Sequence[str | None] = self.strains or (None,)
        if self.strains and self.strain_optional:
            strains = (None, *self.strains)
        for level in self.ladder:
            for s in strains:
                yield Call(BID, level, s)

    def key(self, call: Call) -> tuple[int, int]:
        rank = (self.strain_rank or {}).get(call.strain, 0)
        return (self.rank[call.level], rank)

    @cached_property
    def bids_with_keys(self) -> tuple[tuple[Call, tuple[int, int]], ...]:
        """Every bid (:meth:`all_bids`) with its :meth:`key`, lowest first."""
        return tuple((c, self.key(c)) for c in self.all_bids())

    @cached_property
    def bid_keys(self) -> tuple[tuple[int, int], ...]:
        return tuple(k for _c, k in self.bids_with_keys)

    @cached_property
    def bids_in_order(self) -> bool:
        """The bids' keys never fall from one to the next (a strain order within a level
        that is not the ladder's order makes them fall)."""
        keys = self.bid_keys
        return all(a <= b for a, b in zip(keys, keys[1:]))


def describe_ladder(ladder: Sequence[int | str]) -> str:
    nums = [x for x in ladder if isinstance(x, int)]
    words = [str(x) for x in ladder if isinstance(x, str)]
    parts = []
    if len(nums) > 3:
        head = [n for n in nums if n <= nums[0] + 2 * (nums[1] - nums[0])]
        regular = [n for n in nums if (n - nums[0]) % (nums[1] - nums[0]) == 0]
        last_regular = regular[-1]
        parts.append(", ".join(map(str, head)) + f", ... {last_regular}")
        parts += [str(n) for n in nums if n > last_regular]
    else:
        parts += [str(n) for n in nums]
    return ", ".join(parts + words)


#: the word of a double or a konter in an example the user is to type, in his language
#: (French: the Romand contre, surcontre, which the parser reads as dopple, konter)
CALL_WORDS = {"dopple": Mp("the word to type", "dopple"), "konter": Mp("the word to type", "konter")}


def typed(call) -> "str | Msg":
    """A call as the user types it in his language: a double or konter by :data:`CALL_WORDS`
    (shown in the language of the text it is put in), any other call as it is written."""
    return CALL_WORDS.get(str(call).strip().lower(), str(call))


def typed_in(call, lang: str) -> str:
    """:func:`typed` as text in ``lang`` (a column of calls: ``tutor auction``, ``explain``)."""
    word = typed(call)
    return word if isinstance(word, str) else word.text(lang)

#: why a call is illegal, by key (the catalogs translate them; placeholders from why())
WHY: dict[str, M] = {
    'needs_seat': M("a double needs the seat (e.g. '{seat}: {call}')"),
    'needs_seat_konter': M("a konter needs the seat (e.g. '{seat}: {call}')"),
    'no_doubling': M('this table plays without doubling'),
    'nothing_to_double': M('there is no bid to double'),
    'doubled_already': M('the bid is doubled already'),
    'own_side': M("{seat} cannot double his own side's bid"),
    'too_late': M('the double of {bid} is too late: it was open only until the next player had bid or said fort'),
    'too_late_lead': M('the double of {bid} is not open now: only until the next player has bid or said fort, and again once the bidding has ended, before the first lead'),
    'no_kontern': M('this table plays without kontern'),
    'konter_after_double': M('a konter answers a double right after it'),
    'kontered_already': M('the bid is kontered already'),
    'konter_side': M("only the declarer's side can konter, not {seat}"),
    'over': M('the bidding is over'),
    'turn': M("it is {turn}'s turn, not {seat}'s"),
    'needs_trump': M('a bid needs a trump suit'),
    'not_a_trump': M('{strain} is not a trump kind at this table'),
    'no_suit': M('in {game} a bid names no suit'),
    'not_a_bid': M('{level} is not a bid (bids: {ladder})'),
    'trumpless_here': M('{strain} is not a trump kind at this table (Obenabe, Undenufe and Misère belong to the extended variant: --rules erweitert)'),
    'not_a_bid_in': M('{level} is not a bid in {game} (bids: {ladder})'),
    'not_higher': M('{call} does not overbid {high}'),
    'not_a_call': M('{word!r} is not a call in {game}'),
}


class Why(str):
    """The reason a call is illegal: reads as its English text, and ``text(lang)`` gives
    it in any language of the catalogs."""

    key: str
    params: dict

    def text(self, lang: "str | None" = None) -> str:
        return _(WHY[self.key].msgid, lang, **self.params)


def _reason(key: str, **params) -> tuple[str, dict]:
    return key, params


def why(key: str, **params) -> Why:
    w = Why(_(WHY[key].msgid, "en", **params))
    w.key, w.params = key, params
    return w



class Entry(Value):
    """One call of an auction and the seat that made it."""

    FIELDS = ("seat", "call")
    seat: str
    call: Call

    def __init__(self, seat: str, call: Call) -> None:
        d = self.__dict__
        d["seat"], d["call"] = seat, call
        d["_hash"] = hash((seat, call))

    def __hash__(self) -> int:
        return self._hash   # the hash of the fields, once (as Call's)

    def __reduce__(self):
        return (self.__class__, (self.seat, self.call))   # the hash made anew (as Call's)

    def __str__(self) -> str:
        return f"{self.seat}: {self.call}"


class Auction:
    """The calls so far and the state they lead to. Immutable; ``play`` returns a new one."""

    def __init__(self, spec: AuctionSpec | None = None) -> None:
        self.spec = spec or default_spec()
        # The calls: the first ``_n`` of a list shared with the auctions this one grew
        # from, so that a call costs the same at the 800th as at the first (a tuple
        # copied on every call made reading an auction quadratic in its length).
        self._calls: list[Entry] = []
        self._n = 0
        self._entries: tuple[Entry, ...] | None = ()
        self._high: int | None = None       # index into entries of the standing bid
        self._passed: frozenset[int] = frozenset()   # seats that said fort since the last bid
        self._out: frozenset[int] = frozenset()      # seats whose fort is final
        self._next: int | None = 0
        self._over = False
        self._doubled: int | None = None    # seat that doubled
        self._redoubled: int | None = None
        self._ended_by: str | None = None   # "forts", "double", "word", "closing", "annulled"

    # -- reading -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, rules=None, spec: AuctionSpec | None = None) -> "Auction":
        """Calls separated by commas, from Vorhand on; ``D: dopple`` names the seat."""
        if spec is None:
            spec = sidi_barrani_spec(rules)   # rules None: the default table
        auction = cls(spec)
        for number, item in enumerate(split_calls(text), start=1):
            try:
                seat, call_text = split_seat(item, spec)
                call = spec.parse_call(call_text)
                auction = auction.play(call, seat)
            except (ParseError, IllegalCallError) as e:
                raise e.at(M("call {number} ({call!r}): ", number=number, call=clip(item.strip()))) from None
        return auction

    def __str__(self) -> str:
        return ", ".join(self.format_entry(e) for e in self.entries)

    def format_entry(self, e: Entry) -> str:
        return f"{e.seat}: {e.call}" if e.call.kind in (DOUBLE, REDOUBLE) else str(e.call)

    def __repr__(self) -> str:
        return f"Auction.parse({str(self)!r})"

    def __len__(self) -> int:
        return self._n

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The calls so far, each with its seat."""
        if self._entries is None:
            self._entries = tuple(self._calls[:self._n])
        return self._entries

    def _grown(self, entry: Entry) -> "Auction":
        """A copy of this auction with ``entry`` appended (the state is set by the caller)."""
        a = object.__new__(type(self))
        a.__dict__.update(self.__dict__)   # the state as it is, for the caller to change
        if len(self._calls) != self._n:   # a later call was played on this auction: branch
            a._calls = self._calls[:self._n]
        a._calls.append(entry)
        a._n = self._n + 1
        a._entries = None
        return a

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Auction) and (self.spec, self.entries) == (other.spec, other.entries)

    def __hash__(self) -> int:
        return hash(self.entries)

    # -- state ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """The bidding has ended (a konter, or a double at the first lead, may still follow)."""
        return self._over

    @property
    def annulled(self) -> bool:
        """Everybody said fort without a bid: no game, deal anew."""
        return self._ended_by == "annulled"

    @property
    def ended_by(self) -> str | None:
        return self._ended_by

    @property
    def next_seat(self) -> str | None:
        return None if self._over or self._next is None else self.spec.seat_names[self._next]

    @property
    def high(self) -> Entry | None:
        return None if self._high is None else self._calls[self._high]

    @property
    def high_bid(self) -> Call | None:
        return None if self._high is None else self._calls[self._high].call

    @property
    def declarer(self) -> str | None:
        return self.high.seat if self._over and self.high and not self.annulled else None

    @property
    def contract(self) -> str | None:
        return str(self.high_bid) if self.declarer else None

    @property
    def multiplier(self) -> int:
        return 4 if self._redoubled is not None else 2 if self._doubled is not None else 1

    @property
    def doubled_by(self) -> str | None:
        return None if self._doubled is None else self.spec.seat_names[self._doubled]

    @property
    def out(self) -> tuple[str, ...]:
        return tuple(self.spec.seat_names[i] for i in sorted(self._out))

    def state(self) -> dict:
        return {"over": self._over, "next": self.next_seat, "declarer": self.declarer,
                "contract": self.contract, "multiplier": self.multiplier}

    # -- legality ------------------------------------------------------------------
    def _double_open(self) -> bool:
        """The double's window (asked once the table doubles and a bid stands undoubled)."""
        if self._high == self._n - 1:
            return True   # nobody has called since the bid
        return self.spec.double_window == "first_lead" and self._over and self._ended_by == "forts"

    def why_illegal(self, call: Call, seat: str | None = None) -> str | None:
        """None when ``call`` by ``seat`` (default: the seat in turn) is legal, else why not."""
        found = self._illegal(call, seat)
        return None if found is None else why(found[0], **found[1])

    def _illegal(self, call: Call, seat: str | None = None) -> tuple[str, dict] | None:
        """:meth:`why_illegal`'s reason as its key and parameters, the message not yet
        written (``legal_calls`` asks every seat's double and konter at every point)."""
        spec = self.spec
        if call.kind in (DOUBLE, REDOUBLE):
            if seat is None:   # the example names a seat that may: an opponent doubles, the bidder konters
                names = spec.seat_names
                bidder = spec.seat_index(self.high.seat) if self._high is not None else len(names) - 1
                example = names[bidder] if call.kind == REDOUBLE else names[(bidder + 1) % len(names)]
                return _reason("needs_seat" if call.kind == DOUBLE else "needs_seat_konter",
                               call=typed(call), seat=example)
            s = spec.seat_index(seat)
            if call.kind == DOUBLE:
                if not spec.doubling:
                    return _reason("no_doubling")
                if self._high is None:
                    return _reason("nothing_to_double")
                if self._doubled is not None:
                    return _reason("doubled_already")
                high_seat = spec.seat_index(self.high.seat)
                if s in spec.side_of(high_seat):
                    return _reason("own_side", seat=seat)
                if not self._double_open():
                    return _reason("too_late_lead" if spec.double_window == "first_lead" else "too_late",
                               bid=self.high_bid)
                return None
            if not spec.redoubling:
                return _reason("no_kontern")
            if self._redoubled is not None:
                return _reason("kontered_already")
            if self._doubled is None or self._calls[self._n - 1].call.kind != DOUBLE:
                return _reason("konter_after_double")
            if s not in spec.side_of(spec.seat_index(self.high.seat)):
                return _reason("konter_side", seat=seat)
            return None
        if self._over:
            return _reason("over")
        turn = spec.seat_names[self._next]
        if seat is not None and seat.upper() != turn:
            return _reason("turn", turn=turn, seat=seat.upper())
        if call.kind == BID:
            if spec.strains is not None:
                if call.strain is None and not spec.strain_optional:
                    return _reason("needs_trump")
                if call.strain is not None and call.strain not in spec.strains:
                    return _reason("not_a_trump", strain=call.strain)
            elif call.strain is not None:
                return _reason("no_suit", game=spec.name)
            if call.level not in spec.rank:
                return _reason("not_a_bid", level=call.level, ladder=describe_ladder(spec.ladder))
            if self.high_bid is not None and spec.key(call) <= spec.key(self.high_bid):
                return _reason("not_higher", call=call, high=self.high_bid)
            return None
        if call.kind == WORD and call.word not in spec.end_words:
            return _reason("not_a_call", word=call.word, game=spec.name)
        return None

    def is_legal(self, call: Call, seat: str | None = None) -> bool:
        return self.why_illegal(call, seat) is None

    def legal_calls(self, seat: str | None = None) -> list[tuple[str, Call]]:
        """Every legal next call with its seat: the seat in turn's bids and fort, and the
        doubles and konters open to any seat (only ``seat``'s when given)."""
        spec = self.spec
        found: list[tuple[str, Call]] = []
        turn = self.next_seat
        if turn is not None and (seat is None or seat.upper() == turn):
            # every bid of the ladder is legal for the seat in turn once it overbids
            if self.high_bid is None:
                found += [(turn, c) for c, k in spec.bids_with_keys]
            elif spec.bids_in_order:   # the keys never fall: the higher bids are one slice
                at = bisect_right(spec.bid_keys, spec.key(self.high_bid))
                found += [(turn, c) for c, k in spec.bids_with_keys[at:]]
            else:
                high = spec.key(self.high_bid)
                found += [(turn, c) for c, k in spec.bids_with_keys if k > high]
            found.append((turn, Call(FORT, word=spec.fort_words[0])))
            for w in spec.end_words:
                c = Call(WORD, word=w)
                if self._illegal(c) is None:
                    found.append((turn, c))
        seats = spec.seat_names if seat is None else (seat.upper(),)
        for kind, words in ((DOUBLE, spec.double_words), (REDOUBLE, spec.redouble_words)):
            c = Call(kind, word=words[0])
            for s in seats:
                if self._illegal(c, s) is None:
                    found.append((s, c))
        return found

    # -- playing -------------------------------------------------------------------
    def play(self, call: "Call | str", seat: str | None = None) -> "Auction":
        if isinstance(call, str):
            call = self.spec.parse_call(call)
        why = self.why_illegal(call, seat)
        if why is not None:
            raise IllegalCallError(why)
        spec = self.spec
        if call.kind in (DOUBLE, REDOUBLE):
            s = spec.seat_index(seat)
            a = self._grown(Entry(spec.seat_names[s], call))
            if call.kind == DOUBLE:
                a._doubled = s
                a._over, a._ended_by = True, self._ended_by or "double"
            else:
                a._redoubled = s
            return a
        s = self._next
        a = self._grown(Entry(spec.seat_names[s], call))
        if call.kind == BID:
            a._high = a._n - 1
            a._passed = frozenset()
            if call.level in spec.closing_bids:
                a._over, a._ended_by, a._next = True, "closing", None
                return a
        elif call.kind == FORT:
            a._passed = self._passed | {s}
            final = spec.fort_final == "always" or (
                spec.fort_final == "after_bid" and self._high is not None)
            if final:
                a._out = self._out | {s}
        elif call.kind == WORD:
            a._over, a._ended_by, a._next = True, "word", None
            return a
        everyone = set(range(spec.seats))
        if a._high is None:
            if a._passed | a._out >= everyone:
                a._over, a._ended_by, a._next = True, "annulled", None
                return a
        else:
            high_seat = spec.seat_index(a._calls[a._high].seat)
            if (a._passed | a._out) >= everyone - {high_seat}:
                a._over, a._ended_by, a._next = True, "forts", None
                return a
        nxt = (s + 1) % spec.seats
        while nxt in a._out:
            nxt = (nxt + 1) % spec.seats
        a._next = nxt
        return a


def split_calls(text: str) -> list[str]:
    t = text.strip()
    if not t:
        return []
    items = [x.strip() for x in t.split(",")]
    for i, item in enumerate(items, start=1):
        if not item:
            raise ParseError(M("call {i} is empty (two commas in a row?)", i=i))
    return items


def split_seat(item: str, spec: AuctionSpec) -> tuple[str | None, str]:
    m = re.fullmatch(r"\s*([A-Za-z])\s*:\s*(.+)", item)
    if m:
        return spec.seat_names[spec.seat_index(m.group(1))], m.group(2)
    return None, item


# -- Sidi-Barrani --------------------------------------------------------------------
TRUMPLESS = ("Obenabe", "Undenufe", "Obenabe Misère", "Undenufe Misère")


def parse_sidi_strain(text: str) -> str:
    """A suit (``Eichel``, ``Ei``, ``♣``, ``Kreuz``) or, in the extended variant,
    ``Obenabe``, ``Undenufe``, each optionally followed by ``Misère`` (``Misere``)."""
    from tutor.cards import Suit

    words = text.strip().lower().replace("è", "e").split()
    if words and words[-1] in ("misere", "misère") and len(words) == 2:
        base = _trumpless(words[0])
        if base is None:
            raise ParseError(M("Misère goes with Obenabe or Undenufe, not {words!r}", words=words[0]))
        return f"{base} Misère"
    if len(words) == 1:
        base = _trumpless(words[0])
        if base is not None:
            return base
    return Suit.parse(text).value


_TRUMPLESS_SPELLINGS = {"obeabe": "Obenabe", "obenabä": "Obenabe", "unenufe": "Undenufe",
                        "undeufe": "Undenufe", "uneufe": "Undenufe", "undenuufe": "Undenufe"}


def _trumpless(word: str) -> str | None:
    """Obenabe or Undenufe from a prefix or a common spelling (``Unenufe``, ``Obeabe``)."""
    word = word.replace("-", "")
    if word in _TRUMPLESS_SPELLINGS:
        return _TRUMPLESS_SPELLINGS[word]
    for name in ("Obenabe", "Undenufe"):
        if len(word) >= 2 and name.lower().startswith(word):
            return name
    return None


_SPECS: dict = {}


def sidi_barrani_spec(rules=None) -> AuctionSpec:
    """Sidi-Barrani's auction under the given table rules (a TableRules or a profile)."""
    from tutor.cards import SUITS
    from tutor.rules import load

    rules = load(rules)
    if rules in _SPECS:
        return _SPECS[rules]
    strains = tuple(s.value for s in SUITS) + (TRUMPLESS if rules.trumps == "extended" else ())
    spec = AuctionSpec(
        name="Sidi-Barrani",
        ladder=rules.bid_values,
        strains=strains,
        parse_strain=parse_sidi_strain,
        fort_final="always" if rules.fort_final else "never",
        doubling=rules.doubling,
        redoubling=rules.doubling and rules.kontern,
        double_window=rules.double_window,
        aliases={"matsch": rules.matsch_bid},
    )
    _SPECS[rules] = spec
    return spec


def default_spec() -> AuctionSpec:
    return sidi_barrani_spec(None)
