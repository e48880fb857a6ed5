"""The dealer: deals of the unseen cards that fit what the auction promised.

A :class:`Dealer` takes the hands that are known (the player's own) and, for every
other seat, what its calls promised (the decoder's ``known``: per suit the cards held,
the cards denied, and a range of lengths). It deals the unseen cards so that every
promise holds, exactly uniformly over all deals that fit:

1. per suit, every unseen card gets the seats it may go to (a promised card one seat,
   a denied card not that seat);
2. the number of fitting deals is counted exactly, suit by suit, over the lengths each
   seat may get (``count``); zero is reported as :class:`DealError` in one line;
3. a deal is drawn suit by suit: the lengths with probability proportional to the
   number of fitting deals they leave, then the constrained cards (grouped by the
   seats they may go to) split among their seats, then the rest shuffled in.

There is no rejection loop: every draw is a fitting deal, however tight the promises,
and with no promises every deal of the unseen cards is equally likely. The same
``random.Random`` seed gives the same deals.

What a seat's calls deny (``denied``: promises of calls it would have made, as a fort's,
``tutor.conventions._deny_fort``) is dealt exactly too: a seat's suit with denials is split
into disjoint cases, each a plain promise (which of the denials' cards it holds, and a
range of lengths that none of the denials that then apply covers), and the suit counted
and drawn as the sum of its cases' combinations over the seats (:class:`_Cases`). Without
denials nothing changes: the same seed, the same deals.

    >>> import random
    >>> from tutor.cards import Hand
    >>> d = Dealer({"A": Hand.parse("Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7")})
    >>> sorted(d.deal(random.Random(3)))
    ['A', 'B', 'C', 'D']
"""
from __future__ import annotations

import copy
import random
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import accumulate, product
from math import comb, factorial
from operator import add, sub
from typing import Iterable, Mapping, Sequence

from tutor.cards import DECK, HAND_SIZE, SUITS, Card, Hand, Suit
from tutor.errors import TutorError
from tutor.scoring import SEATS
from tutor.i18n import M, Mn, both


class DealError(TutorError):
    """The promises cannot all hold with the known hands."""


@dataclass(frozen=True)
class Need:
    """What one seat must hold in one suit (a promise of the decoder, or none)."""

    has: frozenset = frozenset()
    lacks: frozenset = frozenset()
    length: tuple[int, int] = (0, HAND_SIZE)

    def covers(self, ranks: frozenset) -> bool:
        """A seat holding exactly ``ranks`` of the suit keeps to this need (a denial: holds
        the hand it describes)."""
        return self.has <= ranks and not self.lacks & ranks and self.length[0] <= len(ranks) <= self.length[1]


def splits(n: int, k: int, caps: Sequence[int]) -> Iterable[tuple[int, ...]]:
    """Every way to write n as k parts, part i at most caps[i]."""
    if k == 1:
        if n <= caps[0]:
            yield (n,)
        return
    for first in range(min(n, caps[0]) + 1):
        for rest in splits(n - first, k - 1, caps[1:]):
            yield (first,) + rest


def _multinomial(parts: Sequence[int]) -> int:
    out, total = 1, 0
    for p in parts:
        total += p
        out *= comb(total, p)
    return out


class _Suit:
    """One suit's unseen cards: the seats each may go to, and the ways to split them."""

    def __init__(self, suit: Suit, cards: list[Card], seats: tuple[str, ...],
                 needs: Mapping[str, Need]) -> None:
        self.suit = suit
        self.seats = seats
        groups: dict[tuple[int, ...], list[Card]] = {}
        for card in cards:
            holders = [i for i, s in enumerate(seats) if card.rank in needs[s].has]
            if len(holders) > 1:
                raise DealError(M("{seats} cannot both hold {card}",
                                  seats=both([seats[i] for i in holders]), card=card))
            allowed = tuple(holders) if holders else tuple(
                i for i, s in enumerate(seats) if card.rank not in needs[s].lacks)
            if not allowed:
                raise DealError(M("{card} can go to nobody: every seat that is dealt denies it", card=card))
            groups.setdefault(allowed, []).append(card)
        self.groups = sorted(groups.items())
        self.size = len(cards)
        self._tables: dict[tuple[int, ...], list] = {}
        self._lo = [needs[s].length[0] for s in seats]
        self._hi = [min(needs[s].length[1], self.size) for s in seats]

    @cached_property
    def ways(self) -> dict[tuple[int, ...], int]:
        """The suit's lengths per seat that fit, with the placements of each (listed when a
        dealer with promises first counts; a free dealer draws without them)."""
        ways: dict[tuple[int, ...], int] = {}
        for lengths in splits(self.size, len(self.seats), self._hi):
            if all(l >= m for l, m in zip(lengths, self._lo)):
                w = self._count(lengths)
                if w:
                    ways[lengths] = w
        return ways

    def _count(self, lengths: tuple[int, ...]) -> int:
        if len(self.groups) == 1:
            # one group (no promise splits the suit): its seats take the cards in every
            # way, the other seats none
            allowed = self.groups[0][0]
            if any(n for i, n in enumerate(lengths) if i not in allowed):
                return 0
            return _multinomial([lengths[i] for i in allowed])
        return self._table(lengths)[-1].get(lengths, 0)

    def _table(self, lengths: tuple[int, ...]) -> list[dict[tuple[int, ...], int]]:
        """tables[j][v]: ways to place the first j groups with v cards per seat (v <= lengths)."""
        if lengths in self._tables:
            return self._tables[lengths]
        k = len(self.seats)
        tables = [{(0,) * k: 1}]
        for allowed, cards in self.groups:
            nxt: dict[tuple[int, ...], int] = {}
            caps = [lengths[i] for i in allowed]
            for v, w in tables[-1].items():
                room = [caps[j] - v[i] for j, i in enumerate(allowed)]
                for split in splits(len(cards), len(allowed), room):
                    u = list(v)
                    for j, i in enumerate(allowed):
                        u[i] += split[j]
                    u = tuple(u)
                    nxt[u] = nxt.get(u, 0) + w * _multinomial(split)
            tables.append(nxt)
        self._tables[lengths] = tables
        return tables

    def draw(self, lengths: tuple[int, ...], rng: random.Random) -> list[list[Card]]:
        """A uniformly random placement of the suit's cards with these lengths."""
        tables = self._table(lengths) if len(self.groups) > 1 else None
        out: list[list[Card]] = [[] for _ in self.seats]
        v = lengths
        for j in range(len(self.groups) - 1, -1, -1):
            allowed, cards = self.groups[j]
            if j == 0:
                # the first group takes what is left: one choice (drawn all the same, so
                # that a seed gives the same deals as counting every split would)
                split = tuple(v[i] for i in allowed)
                _pick([_multinomial(split)], rng)
            else:
                prev = tables[j]
                split, v = self._split(j, v, prev, rng)
            pool = list(cards)
            rng.shuffle(pool)
            at = 0
            for t, i in enumerate(allowed):
                out[i].extend(pool[at:at + split[t]])
                at += split[t]
        return out

    def _split(self, j: int, v: tuple[int, ...], prev: dict, rng: random.Random):
        """How group ``j`` splits among its seats, ``v`` cards per seat left for groups
        0..j: drawn by the number of placements of the groups before it."""
        allowed, cards = self.groups[j]
        options, weights = [], []
        for split in splits(len(cards), len(allowed), [v[i] for i in allowed]):
            u = list(v)
            for t, i in enumerate(allowed):
                u[i] -= split[t]
            w = prev.get(tuple(u), 0)
            if w:
                options.append((split, tuple(u)))
                weights.append(w * _multinomial(split))
        return options[_pick(weights, rng)]


def _allowed(length: tuple[int, int], forbidden: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The lengths in ``length`` outside every ``forbidden`` range, as maximal ranges."""
    out: list[tuple[int, int]] = []
    start = None
    for n in range(length[0], length[1] + 2):
        ok = n <= length[1] and not any(lo <= n <= hi for lo, hi in forbidden)
        if ok and start is None:
            start = n
        elif not ok and start is not None:
            out.append((start, n - 1))
            start = None
    return out


def cases(need: Need, denials: Sequence[Need], unseen: frozenset) -> list[Need]:
    """``need`` without every hand a denial describes, as disjoint plain needs: for each way
    to hold or lack the cards the denials name (and ``need`` does not decide), the lengths
    that no denial then applying covers. A card not among ``unseen`` (the ranks of the suit
    still to deal) is lacked. Empty: no hand is left."""
    free = sorted({r for d in denials for r in d.has | d.lacks} - need.has - need.lacks, key=lambda r: r.natural)
    out: list[Need] = []
    for held in product((True, False), repeat=len(free)):
        has = need.has | {r for r, h in zip(free, held) if h}
        if (has - need.has) - unseen:
            continue   # a card that is in a known hand cannot be held
        lacks = need.lacks | {r for r, h in zip(free, held) if not h}
        forbidden = [d.length for d in denials
                     if d.has <= has and all(r in lacks or r not in unseen for r in d.lacks)]
        out += [Need(frozenset(has), frozenset(lacks), span) for span in _allowed(need.length, forbidden)]
    return out


class _Cases:
    """One suit where some seat's hand is denied something: the sum of the plain suits
    (:class:`_Suit`), one for each combination of the seats' cases (disjoint: every
    placement of the cards fits one combination at most). Counts and draws as a _Suit."""

    def __init__(self, suit: Suit, cards: list[Card], seats: tuple[str, ...],
                 per_seat: Mapping[str, list[Need]]) -> None:
        self.suit, self.seats, self.size = suit, seats, len(cards)
        self.parts: list[_Suit] = []
        error: DealError | None = None
        for combo in product(*(per_seat[s] for s in seats)):
            try:
                self.parts.append(_Suit(suit, cards, seats, dict(zip(seats, combo))))
            except DealError as e:   # this combination asks for a card twice or nowhere
                error = e
        if not self.parts:
            raise error or DealError(M("the calls cannot all be true with the known hands: no deal fits them"))

    @cached_property
    def ways(self) -> dict[tuple[int, ...], int]:
        ways: dict[tuple[int, ...], int] = {}
        for part in self.parts:
            for lengths, w in part.ways.items():
                ways[lengths] = ways.get(lengths, 0) + w
        return ways

    def draw(self, lengths: tuple[int, ...], rng: random.Random) -> list[list[Card]]:
        """A uniformly random placement: a combination by its placements with these
        lengths, then one of them."""
        weights = [part.ways.get(lengths, 0) for part in self.parts]
        return self.parts[_pick(weights, rng)].draw(lengths, rng)


class _Free:
    """One row of :meth:`Dealer._counts` without promises: ``get(cap)`` is the number of
    ways to give ``n`` distinct cards to the seats, ``cap[j]`` (at most ``size``) each."""

    def __init__(self, n: int, size: int) -> None:
        self.n, self.size = n, size

    def get(self, cap: tuple[int, ...], default: int = 0) -> int:
        if sum(cap) != self.n or min(cap) < 0 or max(cap) > self.size:
            return default
        out = _FACTORIAL[self.n]
        for x in cap:
            out //= _FACTORIAL[x]
        return out


_FACTORIAL = [factorial(n) for n in range(len(DECK) + 1)]


def _free_lengths(m: int, cap: tuple[int, ...], rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A suit's lengths when nothing is promised: the option :meth:`Dealer._options` lists
    for ``m`` cards with ``cap`` cards left per seat, drawn with the same one
    ``rng.randrange`` over the same running totals, without listing them.

    The options are the splits in ``splits`` order (lexicographic), each weighted by the
    suit's ways times the rest's, multinomial(m; l) * multinomial(r; cap - l) with r the
    cards of the later suits. Those with the first j lengths fixed are one block in that
    order, and a block's weight is a product of binomials and one multinomial
    (Vandermonde: the later seats then take the remaining cards in every way), so the
    draw walks down seat by seat, some ten blocks each, instead of over all ~200 options."""
    k = len(cap)
    fac = _FACTORIAL
    total = fac[sum(cap)]
    for c in cap:
        total //= fac[c]
    x = rng.randrange(total)          # as _options' running[-1]: the same number drawn
    m_left, r_left = m, sum(cap) - m
    factor = 1
    lengths: list[int] = []
    later = sum(cap)
    for j in range(k):
        c = cap[j]
        later -= c
        # the later seats take the rest in every way: later! / prod(cap[i]!) for i > j
        tail = fac[later]
        for ci in cap[j + 1:]:
            tail //= fac[ci]
        for a in range(min(m_left, c) + 1):
            w = factor * comb(m_left, a) * comb(r_left, c - a) * tail
            if x < w:
                break
            x -= w
        else:
            raise AssertionError("weights changed")
        factor *= comb(m_left, a) * comb(r_left, c - a)
        m_left, r_left = m_left - a, r_left - (c - a)
        lengths.append(a)
    return tuple(lengths), tuple(c - a for c, a in zip(cap, lengths))


def _pick(weights: Sequence[int], rng: random.Random) -> int:
    """An index with probability proportional to its (exact, integer) weight."""
    x = rng.randrange(sum(weights))
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    raise AssertionError("weights changed")


class Dealer:
    """Deals of the cards not in ``fixed`` to the other seats, each seat holding what
    ``known`` promised (per seat a sequence of promises: ``suit``, ``has``, ``lacks``,
    ``length``, as :class:`tutor.conventions.Promise`) and none of what ``denied`` lists
    (per seat promises of the same shape, each a hand the seat does not hold)."""

    def __init__(self, fixed: Mapping[str, Hand] | None = None,
                 known: Mapping[str, Iterable] | None = None, size: int = HAND_SIZE,
                 denied: Mapping[str, Iterable] | None = None) -> None:
        fixed = {s.upper(): h for s, h in (fixed or {}).items()}
        self.fixed = fixed
        self.seats = tuple(s for s in SEATS if s not in fixed)
        self.size = size
        seen: set[Card] = set()
        for seat, hand in fixed.items():
            if len(hand) != size:
                raise DealError(Mn("{seat}'s hand has {n} card, not {size}", "{seat}'s hand has {n} cards, not {size}",
                                   len(hand), seat=seat, size=size))
            twice = seen & set(hand)
            if twice:
                card = min(twice)
                raise DealError(M("{card} is in two hands", card=card))
            seen |= set(hand)
        self.unseen = [c for c in DECK if c not in seen]
        needs: dict[str, dict[Suit, Need]] = {s: {x: Need() for x in SUITS} for s in self.seats}
        for seat, promises in (known or {}).items():
            seat = seat.upper()
            if seat not in needs:
                continue   # a fixed hand: its own promises are its own business
            for p in promises:
                n = needs[seat][p.suit]
                needs[seat][p.suit] = Need(n.has | frozenset(p.has), n.lacks | frozenset(p.lacks),
                                           (max(n.length[0], p.length[0]), min(n.length[1], p.length[1])))
        self.needs = needs
        denials: dict[str, dict[Suit, list[Need]]] = {s: {x: [] for x in SUITS} for s in self.seats}
        for seat, promises in (denied or {}).items():
            seat = seat.upper()
            if seat not in denials:
                continue
            for p in promises:
                denials[seat][p.suit].append(Need(frozenset(p.has), frozenset(p.lacks), tuple(p.length)))
        self.denials = denials
        self._explain_impossible(seen)
        self.suits = [self._suit(x, needs, denials) for x in SUITS]
        free = all(n == Need() for by_suit in needs.values() for n in by_suit.values()) \
            and not any(d for by_suit in denials.values() for d in by_suit.values())
        self._rest = self._free_counts() if free else self._counts()
        self._choices: dict[tuple, tuple[list, list[int]]] = {}
        if self.count == 0:
            raise DealError(M("the calls cannot all be true with the known hands: no deal fits them"))

    def _suit(self, x: Suit, needs, denials) -> "_Suit | _Cases":
        cards = [c for c in self.unseen if c.suit == x]
        if not any(denials[s][x] for s in self.seats):
            return _Suit(x, cards, self.seats, {s: needs[s][x] for s in self.seats})
        unseen = frozenset(c.rank for c in cards)
        per_seat = {s: cases(needs[s][x], denials[s][x], unseen) for s in self.seats}
        empty = [s for s in self.seats if not per_seat[s]]
        if empty:
            raise DealError(M("{seat}'s calls deny every {suit} holding the known hands leave", seat=empty[0],
                              suit=x))
        return _Cases(x, cards, self.seats, per_seat)

    def dealing_first(self, suit: Suit) -> "Dealer":
        """The same deals (the same promises, each fitting deal as likely) with ``suit``'s
        cards dealt first: where a rejection test asks a seat's trumps, a try can stop after
        one suit (:meth:`deal`'s ``check``). The same random state deals other cards than
        ``self`` does."""
        if self.suits[0].suit == suit:
            return self
        out = copy.copy(self)
        out.suits = sorted(self.suits, key=lambda x: x.suit != suit)
        out._rest = out._free_counts() if isinstance(self._rest[0], _Free) else out._counts()
        out._choices = {}
        return out

    # -- counting ----------------------------------------------------------------------------
    def _counts(self) -> list[dict[tuple[int, ...], int]]:
        """rest[i][cap]: fitting deals of suits i.. with ``cap`` cards still to give each seat."""
        k = len(self.seats)
        rest: list[dict[tuple[int, ...], int]] = [dict() for _ in range(len(SUITS) + 1)]
        rest[len(SUITS)] = {(0,) * k: 1}
        for i in range(len(SUITS) - 1, -1, -1):
            table: dict[tuple[int, ...], int] = {}
            for cap, w_rest in rest[i + 1].items():
                for lengths, w in self.suits[i].ways.items():
                    c = tuple(map(add, cap, lengths))
                    if max(c) <= self.size:
                        table[c] = table.get(c, 0) + w * w_rest
            rest[i] = table
        return rest

    def _free_counts(self) -> list["_Free"]:
        """:meth:`_counts` when nothing is promised: the cards of suits i.. go to the seats
        in every way, so the deals with ``cap`` cards per seat are the multinomial
        (sum cap)! / prod(cap!) (the table summed over the suits' splits gives the same
        number; counted when asked, since the full table of a fresh deal has a million
        entries)."""
        left = [sum(s.size for s in self.suits[i:]) for i in range(len(SUITS) + 1)]
        return [_Free(n, self.size) for n in left]

    @property
    def count(self) -> int:
        """How many deals fit (every one equally likely)."""
        return self._rest[0].get((self.size,) * len(self.seats), 0)

    def _explain_impossible(self, seen: set[Card]) -> None:
        for seat in self.seats:
            for suit, n in self.needs[seat].items():
                mine = sorted(Card(suit, r) for r in n.has if Card(suit, r) in seen)
                if mine:
                    card = mine[0]
                    holder = next(s for s, h in self.fixed.items() if card in h)
                    raise DealError(M("{seat}'s calls promised {card}, but it is in {holder}'s hand", seat=seat, card=card, holder=holder))
                if n.length[0] > n.length[1]:
                    raise DealError(M("{seat}'s calls promise {suit} lengths that contradict each other", seat=seat, suit=suit))
            low = sum(n.length[0] for n in self.needs[seat].values())
            if low > self.size:
                raise DealError(Mn("{seat}'s calls promise {n} card, more than {size}",
                                   "{seat}'s calls promise {n} cards, more than {size}", low, seat=seat, size=self.size))
        for suit in SUITS:
            out = sum(1 for c in self.unseen if c.suit == suit)
            low = sum(self.needs[s][suit].length[0] for s in self.seats)
            if low > out:
                raise DealError(M("the calls promise {cards} of {suit}, but only {unseen}", cards=Mn("{n} card", "{n} cards", low),
                                  suit=suit, unseen=Mn("{n} is unseen", "{n} are unseen", out)))

    def holds(self, seat: str, hand: Hand, suits: "Iterable[Suit] | None" = None) -> bool:
        """``hand`` keeps, in ``suits`` (None: every suit), to what ``seat``'s calls promised
        and none of what they denied: a hand :meth:`deal` may give the seat there. (The walk
        of the simulation's reads swaps cards between the dealt hands and keeps a swap only
        where both hands still hold.)"""
        needs, denials = self.needs[seat], self.denials[seat]
        for x in SUITS if suits is None else suits:
            ranks = hand.ranks_in(x)
            if not needs[x].covers(ranks) or any(d.covers(ranks) for d in denials[x]):
                return False
        return True

    # -- dealing -----------------------------------------------------------------------------
    def deal(self, rng: random.Random, check=None) -> "dict[str, Hand] | None":
        """One fitting deal: every seat's hand, the known ones included.

        ``check`` (the simulation's pre-filter of a rejection test) is asked after each suit
        is dealt, with the suit's index and the cards dealt so far (per seat of ``seats``);
        where it says no, the deal stops there and None is returned. With a check the suits
        after the first are dealt from their own random state, drawn from ``rng`` right after
        the first suit: a deal cut short leaves ``rng`` where a whole one would, so the next
        deal is the same whatever the check said (with a check that always says yes, the
        same deals as with the real one, the rejected ones whole)."""
        cap = (self.size,) * len(self.seats)
        cards: list[list[Card]] = [[] for _ in self.seats]
        free = isinstance(self._rest[0], _Free)
        for i, suit in enumerate(self.suits):
            if free:
                lengths, cap = _free_lengths(suit.size, cap, rng)
            else:
                options, running = self._options(i, cap)
                # the lengths with probability proportional to their weight, as _pick draws
                lengths, cap = options[bisect_right(running, rng.randrange(running[-1]))]
            for j, got in enumerate(suit.draw(lengths, rng)):
                cards[j].extend(got)
            if check is not None:
                if i == 0:
                    seed = rng.getrandbits(64)
                if not check(i, cards):
                    return None
                if i == 0:
                    rng = random.Random(seed)
        hands = dict(self.fixed)
        hands.update({s: Hand(c) for s, c in zip(self.seats, cards)})
        return {s: hands[s] for s in SEATS}

    def _options(self, i: int, cap: tuple[int, ...]) -> tuple[list, list[int]]:
        """The lengths suit ``i`` can be dealt in with ``cap`` cards left per seat, and how
        many fitting deals each leaves, as running totals: the same for every deal, so
        counted once. (Without promises :func:`_free_lengths` draws from the same totals
        without listing them.)"""
        key = (i, cap)
        found = self._choices.get(key)
        if found is None:
            options, weights = [], []
            suit, rest = self.suits[i], self._rest[i + 1]
            for lengths, w in suit.ways.items():
                left = tuple(map(sub, cap, lengths))
                if min(left) < 0:
                    continue
                w_rest = rest.get(left, 0)
                if w_rest:
                    options.append((lengths, left))
                    weights.append(w * w_rest)
            found = self._choices[key] = (options, list(accumulate(weights)))
        return found

    def deals(self, count: int, seed: int | None = None) -> list[dict[str, Hand]]:
        rng = random.Random(seed)
        return [self.deal(rng) for _ in range(count)]


def clear_caches() -> None:
    everyone.cache_clear()


@cache
def everyone() -> Dealer:
    """The dealer of a fresh deal: nothing known, all 36 cards to the four seats."""
    return Dealer()


def honouring(fixed: Mapping[str, Hand], known: Mapping[str, Iterable] | None,
              denied: Mapping[str, Iterable] | None) -> tuple[Dealer, bool]:
    """A dealer that honours ``denied`` too where some deal does (True), else one that keeps
    only the promises (False: what the calls deny cannot hold with the known hands, say so).
    A promise that cannot hold is a DealError either way."""
    if any(denied.values() if denied else ()):
        try:
            return Dealer(fixed, known, denied=denied), True
        except DealError:
            pass
    return Dealer(fixed, known), not any(denied.values() if denied else ())


def for_auction(hand: "Hand | str", auction: "object | str" = "", seat: str | None = None,
                rules=None, with_denied: bool = False):
    """A dealer for ``hand`` at ``seat`` (default: the seat in turn) after ``auction``:
    the other seats hold what their calls promised, and none of what their forts denied
    (where no deal can honour that, only the promises: ``with_denied`` returns the dealer
    and whether it honours the denials, :func:`honouring`)."""
    from tutor import conventions

    if isinstance(hand, str):
        hand = Hand.parse(hand)
    e = conventions.explain(auction, rules)
    seat = (seat or e.auction.next_seat or "").upper()
    if seat not in SEATS:
        raise TutorError(M("the bidding is over: name the hand's seat (A, B, C or D)"))
    dealer, honoured = honouring({seat: hand}, e.known, e.denied)
    return (dealer, honoured) if with_denied else dealer
