"""The exact double-dummy solver: the card points each team takes when all four play
perfectly, seeing all the cards.

    >>> from tutor.play.deal import loads
    >>> d = loads("trump: Eichel\\nleader: A\\nhands: {A: 'Eichel:U Rosen:6', "
    ...           "B: 'Eichel:9 Rosen:A', C: 'Rosen:K Schilten:6', D: 'Rosen:B Schilten:A'}")
    >>> s = solve(d)
    >>> s.points, [str(c) for c in s.best]
    ({'AC': 48, 'BD': 27}, ['Eichel U'])

The declaring team (the declarer's, by default the leader's) maximises its points, the
other team minimises them; in a Misère the declaring team minimises its own points.
With a ``target`` the solver only answers whether the declaring team reaches it (in a
Misère: holds its points to it or fewer), which is cheaper than the exact value.

Two engines give the same answers: the compiled core ``tutor.play._solver`` (C, built
with the package where a compiler is found) and the pure-Python reference in this
module, which tests hold the core against. ``engine="auto"`` takes the core when it is
built (:data:`ENGINE` says which runs).

The search (the same design in both): alpha-beta on the card points of one team, with
zero-window probes (bisection on the points; the core first probes down from the top in
growing steps) that reuse one transposition table; the table is kept at
trick boundaries, keyed on the remaining cards in their relative order (each card's
owner and point value, suit by suit: which cards were played before does not matter);
one candidate from each group of equivalent cards (next to each other among the cards
not yet played, in one hand, worth the same); move ordering (the table's best card first,
then a cheap winner, points onto a partner's trick, losing cheaply); bounds from the
points still out, from sure tricks (the leader's top cards and length winners, an entry
to his partner's; into them the opponents' cheapest cards, of the suit led while they
hold it, and the team's own dearest) and from the top trumps, which take their tricks
whatever is played (for both teams, Misère included). The core also orders the leads by who holds
each suit's top card and who can trump it, and holds points back in third hand when the
last player can still take the partner's trick, orders a Misère's cards for its goal
(both teams want few points: lead low, points onto the opponents' tricks), and plays the last two tricks out
without the table (cheaper than a probe of the table there), keeping their exact values
for the rest of the solve in a small table of whole positions; the reference keeps the
plainer order and the table to the end: these change the nodes, never the values. Every rule of play comes from
:mod:`tutor.play.rules`.

The core keeps one table, of the deal it solved last (``SHARED_TABLE``: the next solve of
the same deal goes on from it). :func:`keep_tables` keeps the tables of the deals it leaves
as well, within a number of bytes, so that a deal asked again after others (the
simulation's passes with growing budgets) goes on from what its stopped probe proved;
:func:`save_table` and :func:`load_table` carry one table between processes.
"""
from __future__ import annotations

import os
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

from tutor.cards import DECK, LAST_TRICK, PUUR, SUITS, Card
from tutor.errors import TutorError
from tutor.play.deal import Deal
from tutor.play.rules import SEATS, TEAMS, Trump, legal, points, strength, winner
from tutor.i18n import M, Mn, Number

CORE_ABI = 4   # the compiled core's interface (its ``ABI``, _solver.c's CORE_ABI): raise both together
STALE_CORE = M("the compiled solver core is out of date (built from an older source), so the slower Python "
               "reference answers: reinstall tutor to rebuild it (in a source checkout: python3 go.py)")
_stale_said = False


def _load_core():
    """The compiled core, or None: not built here, or built from an older source than this
    module (its ``ABI`` is not :data:`CORE_ABI`: it would take other arguments, or give
    other results). Then the reference answers, and :data:`STALE_CORE` is said once, on
    stderr, in the current language."""
    try:
        from tutor.play import _solver as core
    except ImportError:          # not built here: the reference does the work
        return None
    if getattr(core, "ABI", None) == CORE_ABI:
        return core
    _say_stale()
    return None


def _say_stale() -> None:
    global _stale_said
    if _stale_said:
        return
    _stale_said = True
    import sys

    try:
        sys.stderr.write(f"tutor: {STALE_CORE}\n")
    except (OSError, ValueError, AttributeError):   # no stderr (a closed stream)
        pass


_core = _load_core()

ENGINES = ("auto", "c", "python")
ENGINE = "c" if _core is not None else "python"   # what "auto" runs on this machine
_INDEX = {c: i for i, c in enumerate(DECK)}
# search options, for the benchmark's "what each technique buys" (the C core only)
NO_TWO_TRICK_CACHE = 16384   # the core keeps no exact values of the last two tricks
NO_TABLE, NO_EQUIVALENCE, NO_ORDERING, MTDF, FULL_WINDOW, NO_SURE_TRICKS = 1, 2, 4, 8, 16, 32
NO_CHEAPEST_CARDS, NO_FORCED, NO_LEAD_ORDERING, NO_THIRD_HAND, NO_LAST_TWO = 64, 128, 256, 512, 1024
NO_MISERE_ORDERING = 2048
CPU_TIME = 4096   # not a technique: max_seconds counts the CPU time of the process (the benchmark's limit)
PLAIN_BISECTION = 32768   # the exact value by bisection from the middle, without the descent from the top
OLD_FOLLOWING = 1 << 20   # the followers ordered as before where this round changed it: the second hand under
                          # his partner's top card led, a Misère's third hand when the last player must take the
                          # trick over, trumping an opponent's card with the trump of the fewest points, the
                          # lower of two discards alike in points first
KEEP_BY_CARDS_LEFT = 1 << 18   # the table gives up the entries with the fewest cards left first, not the smallest searches
OLD_MISERE = 1 << 21   # a Misère's leads and discards ordered as before this round (the leads without regard
                       # to voids: first the partner's, last an opponent's; a discard by its points first)
ROOT_LEADS_AGAIN = 1 << 22   # the exact value: the root's leads searched again in every probe and for the best
                             # cards (the bounds the earlier probes proved for each lead not kept)
BEST_OF_FAILED_LEADS = 1 << 23   # where every lead fails (none reaches the window), the table's card is the lead of the
                                 # highest bound, as before, not the card it had (none in a new entry)
NO_LEAD_KILLER = 1 << 26   # a boundary without a table's card leads in its own order, not first the lead that last
                           # cut off at a boundary with as many cards, the same team leading
OPEN_TWO_TRICKS = 1 << 27   # the two last tricks searched for the two-trick cache with an open window, not with the
                            # window of the points they hold (0 to all: the line that takes all or none cuts off)
NO_THREE_TRICKS = 1 << 24   # the third trick from the end searched like the others (move generation, ordering,
                            # the sure-trick bounds), not played out by the core's three_rec
TABLE_AT_THREE = 1 << 17   # the boundaries with three cards a hand probed and kept in the table also where
                           # three_rec plays the trick out (the table skips them: its probe missed the cache)
NO_THREE_CACHE = 1 << 19   # the boundaries with three cards a hand that three_rec plays out keep no bounds in their
                           # own small table (128 kB, keyed on the cards): each one met again is played out again
NO_ETC = 1 << 13   # the fourth hand of the first tricks searches his cards without looking the boundaries after them
                   # up in the table first (the enhanced transposition cutoff, where the trick leaves six cards or more)
ETC_FROM_FOUR = 1 << 31   # ... and the same lookups in every trick that leaves four cards a hand or more
NO_INNER_TABLE = 1 << 40   # the positions inside the first two tricks keep no bounds in the core's small table of their
                           # own (the table holds trick boundaries only: each probe of a deal searched them again)
INNER_TABLE_FROM_FOUR = 1 << 41   # ... and that table kept inside every trick led with four cards a hand or more
NO_SURE_RUNS = 1 << 56   # the cashing bound counts only the leader's top cards in sequence, not his length winners and
                         # an entry to the partner's top cards (round fourteen; the C core only)
NO_SURE_SHARES = 1 << 57   # in Obenabe and Undenufe the cashing bound counts every hand's cheapest cards into its
                           # tricks, not the opponents' forced cards of the suit led and the own team's dearest
                           # (round fifteen; the C core only)
FULL_KEYS = 1 << 16   # not a technique: the table key made from the whole position at every boundary (the same search)
SHARED_TABLE = 1 << 28   # the table of the core's previous solve kept when that solve had the same deal and options
                         # (bracket() sets it: the probes of one deal share one table; the values never change)
FRESH_TABLES = 1 << 29   # not a technique of the core: bracket() without SHARED_TABLE, each probe from an empty table
OWN_TABLE_PART = 1 << 30   # not a technique: a solve that starts a table, and load_table, start at a part of the core's
                           # table that depends on the deal alone (grown by the search's own fill), not at the part the
                           # process used already: the same solve searches the same nodes in every process, whatever it
                           # solved before (a pool's workers); the answers never change
SMALL_PAGES = 1 << 58   # not a technique: the core's small tables (the three-card table, the inner table, the two-trick
                        # cache) stay in 4 kB pages, not moved to huge pages at its first solve of seven cards or more
                        # (issue 21, round sixteen; the same search, the process's first such solve decides)
WHOLE_TABLE = 1 << 25   # the deal's whole part of the core's table from the start, not grown with the search (as before
                        # issue 21's fourth round: a process's first solve then cleared 128 MB of fresh pages)


PARALLEL_FROM_CARDS = 8   # solve(workers=2) splits the exact value of deals of this many cards a hand or more


class SearchStopped(TutorError):
    """A node budget or time limit ended the search before it had an answer."""


@dataclass(frozen=True)
class Solution:
    """What perfect play gives. ``points`` per team ("AC", "BD") from the deal on, the 5
    for the last trick included; with a target they are the bound that decides the
    question (at least / at most). ``best``: the cards of the player to move that keep
    the best result (with a target: that decide the question his way)."""

    points: dict[str, int]
    best: list[Card]
    reached: bool | None
    nodes: int
    seconds: float
    engine: str
    target: int | None = None
    declaring_team: str = "AC"
    misere: bool = False
    extra: dict = field(default_factory=dict, repr=False, compare=False)

    def to_json(self) -> dict:
        d: dict = {}
        if self.target is not None:
            d["target"] = self.target
            d["reached"] = self.reached
        d.update({"points": dict(self.points), "best": [str(c) for c in self.best],
                  "engine": self.engine, "nodes": self.nodes, "seconds": round(self.seconds, 3)})
        return d


# -- the tables the C core gets: taken from tutor.play.rules, never typed there ----------
@lru_cache(maxsize=None)
def tables(trump: Trump) -> tuple[bytes, bytes, int, int]:
    """(points of the 36 cards, their strengths for each suit led, the trump suit's index
    or -1, the Puur's index or -1), in the order of ``tutor.cards.DECK``."""
    pts = bytes(points(c, trump) for c in DECK)
    stren = bytes(strength(c, trump, s) for s in SUITS for c in DECK)
    if trump.suit is None:
        return pts, stren, -1, -1
    return pts, stren, SUITS.index(trump.suit), _INDEX[Card(trump.suit, PUUR)]


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << _INDEX[c]
    return m


def _cards(mask: int) -> list[Card]:
    return [c for i, c in enumerate(DECK) if mask >> i & 1]


def _use_core(engine: str) -> bool:
    """Whether ``engine`` ("auto", "c", "python") runs the compiled core here."""
    if engine not in ENGINES:
        raise TutorError(M("unknown engine {engine!r} ({known})", engine=engine, known=', '.join(ENGINES)))
    if engine == "c" and _core is None:
        raise TutorError(M("the compiled solver core is not built here (use --engine python)"))
    return engine == "c" or (engine == "auto" and _core is not None)


def solve(deal: Deal, *, target: int | None = None, engine: str = "auto",
          max_nodes: int | None = None, max_seconds: float | None = None,
          best: bool = True, options: int = 0, workers: int = 1) -> Solution:
    """Solve ``deal`` (see the module). ``best=False`` skips finding the best cards (a
    little cheaper). A budget (``max_nodes``, ``max_seconds``) that runs out raises
    :class:`SearchStopped`; Ctrl-C raises KeyboardInterrupt.

    ``workers=2`` (the compiled core on a POSIX system; the exact value of a deal of
    :data:`PARALLEL_FROM_CARDS` cards a hand or more) splits the exact value's probes and
    its best cards at the root between this process and one forked from it for the solve
    (each takes the leads of some suits, with a table of its own): the same value and best
    cards, some 1.3 to 1.6 times sooner by the clock on two free cores, for a few per cent
    more CPU (benchmarks/README.md); ``nodes`` counts both, and depends on their timing. A
    single target, the reference and smaller deals run in this process alone. Not for a
    process that runs other threads (the fork), nor inside a pool that already keeps the
    cores busy with other deals (the simulation)."""
    use_c = _use_core(engine)
    decl = deal.declaring_team
    total = _total(deal)
    # The search counts the declaring team's points; it maximises them, or in a Misère the
    # other team does. The question for it: does the count reach t?
    t = None
    if target is not None:
        t = max(0, target + 1 if deal.misere else target)
    t0 = time.perf_counter()
    if use_c:
        two = workers >= 2 and t is None and deal.size >= PARALLEL_FROM_CARDS
        value, best_mask, nodes, stop = _core_solve(deal, -1 if t is None else t, bool(best),
                                                    max_nodes or 0, float(max_seconds or 0), options,
                                                    2 if two else 1)
        best_cards = _cards(best_mask)
    else:
        search = Reference(deal, max_nodes, max_seconds)
        value, best_cards, stop = search.run(t, best)
        nodes = search.nodes
    seconds = time.perf_counter() - t0
    if stop:
        raise SearchStopped(Mn("search stopped after {nodes} node / {seconds:.1f} s (raise the limit, or ask a --target)",
                               "search stopped after {nodes} nodes / {seconds:.1f} s (raise the limit, or ask a --target)",
                               nodes, nodes=Number(nodes), seconds=seconds))
    other = TEAMS[1] if decl == TEAMS[0] else TEAMS[0]
    reached = None if t is None else (value < t if deal.misere else value >= t)
    return Solution({decl: value, other: total - value}, best_cards, reached, nodes,
                    seconds, "c" if use_c else "python", target, decl, deal.misere)


def solve_many(deals: Sequence[Deal], *, target: int | None = None, engine: str = "auto",
               best: bool = False, max_seconds: float | None = None) -> list[Solution]:
    """Solve many deals (the simulation's sampled deals): each in one call of the core,
    the best cards skipped unless asked; ``max_seconds`` bounds each deal."""
    return [solve(d, target=target, engine=engine, best=best, max_seconds=max_seconds)
            for d in deals]


def estimate(deal: Deal, k: int = 3, *, follow_k: int | None = None, exact_last: int = 3,
             max_nodes: int | None = None, options: int = 0) -> int | None:
    """An estimate of what perfect play gives the declaring team (its card points, the 5 of
    the last trick included, as ``solve(deal).points``; a Misère too), from a forward-pruned
    search: the compiled core searches the same game tree as :func:`solve`, but at a trick
    with more than ``exact_last`` cards a hand only the first ``k`` leads and the first
    ``follow_k`` (default ``k``) cards of each follower in its own move order (a follower
    with one legal card plays it; the last ``exact_last`` tricks, and always the last three,
    are searched exactly). The pruned game is one game whatever the table holds, so the
    estimate is deterministic: the same deal gives the same value every time, in any
    process, whatever was solved before. ``k`` at least the most legal cards a player has
    (9) prunes nothing: the exact value. None where ``max_nodes`` ran out.

    Not a bound: either team may do better than its first ``k`` cards allow. Its error
    against exact play is measured in benchmarks/bench_solver.py (``--part estimate``;
    figures in benchmarks/README.md). Its table entries are kept apart from the exact
    searches' (a generation of their own): an exact solve after it is the same as without
    it. The compiled core only: without it this raises TutorError, and the simulation keeps
    its playout (tutor.play.playout), as where the core is not built."""
    return estimate_nodes(deal, k, follow_k=follow_k, exact_last=exact_last, max_nodes=max_nodes,
                          options=options)[0]


def estimate_nodes(deal: Deal, k: int = 3, *, follow_k: int | None = None, exact_last: int = 3,
                   max_nodes: int | None = None, options: int = 0,
                   max_seconds: float | None = None) -> tuple[int | None, int]:
    """:func:`estimate` and the nodes it searched: (value or None, nodes); ``max_seconds``
    stops it as ``max_nodes`` does (None, the nodes so far)."""
    global _LIVE
    if _core is None:
        raise TutorError(M("the compiled solver core is not built here (use --engine python)"))
    if k < 1 or (follow_k is not None and follow_k < 1) or exact_last < 0:
        raise ValueError("k and follow_k at least 1, exact_last at least 0")
    # the core's table is about to be this estimate's: the kept table of the deal it held first
    if _kept is not None and _LIVE is not None and _LIVE[1] >= KEEP_FROM_NODES:
        _keep(_LIVE[0])
    _LIVE = None
    value, _best, nodes, stop = _core.solve(*_core_args(deal), -1, False, max_nodes or 0, float(max_seconds or 0.0),
                                            options & ~SHARED_TABLE, min(k, 255),
                                            min(k if follow_k is None else follow_k, 255), min(exact_last, 255))
    return (None if stop else value), nodes


@dataclass(frozen=True)
class Bracket:
    """What :func:`bracket` proved about one deal. The declaring team's points under
    perfect play (the 5 of the last trick included, as ``solve(deal).points``) lie in
    ``lo..hi``; ``reached`` answers each target asked as ``solve(deal, target=t).reached``
    would (True or False; in a Misère "holds its points to t or fewer"), None where a budget
    stopped the probes before the answer was known (then ``stopped`` is True). ``probes``:
    the zero-window searches made (0 when the answer cache or the bounds had every answer);
    ``nodes`` and ``seconds`` are theirs in all."""

    lo: int
    hi: int
    reached: dict[int, bool | None]
    stopped: bool
    nodes: int
    seconds: float
    probes: int
    engine: str
    misere: bool = False

    def answer(self, target: int) -> bool | None:
        """Whether the declaring team reaches ``target`` (a Misère: holds its points to it
        or fewer), from ``lo..hi`` alone: also for a target not asked; None if they do not tell."""
        if self.misere:
            return True if self.hi <= target else False if self.lo > target else None
        return True if self.lo >= target else False if self.hi < target else None

    @property
    def value(self) -> int | None:
        """The exact value where the probes happened to pin it (``lo == hi``), else None."""
        return self.lo if self.lo == self.hi else None


# the answer cache: what the probes proved about the deals asked last (bounds on the declaring
# team's points, true whatever engine, target or budget asked them)
_PROVED: OrderedDict = OrderedDict()
PROVED_DEALS = 4096


def forget_answers() -> None:
    """Empty the answer cache of :func:`bracket` (for measurements: the next call probes again)."""
    _PROVED.clear()


ESTIMATE = "estimate"   # bracket()'s guess: the forward-pruned search's (estimate), where it pays
ESTIMATE_FROM_CARDS = 9  # ... on deals of this many cards a hand (benchmarks/README.md, round seven: at eight
                         # cards -9 % nodes, the estimate a tenth of what it saves)
ESTIMATE_TARGETS = 16    # ... where 2 to this many targets are open (a Zehner bracket; not every point: there a walk
                         # from the guess one point at a time cost up to 4.5 times the nodes on some deals)
ESTIMATE_NODES = 300_000 # the estimate k=2 follow_k=2 within this many nodes, else k=2 follow_k=1 (as the simulation)


def bracket(deal: Deal, targets: Iterable[int], *, engine: str = "auto", guess: int | str | None = ESTIMATE,
            max_nodes: int | None = None, max_seconds: float | None = None, options: int = 0) -> Bracket:
    """Answer "does the declaring team reach t?" for several targets ``t`` of one deal at
    once: the simulation's question (reaches 60? 80? 100? ...; the Zehner a deal makes is
    the highest target reached). Each probe is one zero-window search, as
    ``solve(deal, target=t, best=False)``; the probes of a call share one transposition
    table (the first starts from an empty one, the core keeps it for the next probe of the
    same deal: ``SHARED_TABLE``), and each probe's
    fail-soft bound decides every target on its side (a probe of 100 that finds 112 answers
    100, 110 and below as reached), so a bracket of ten Zehner takes some three probes, and
    fewer where the points still out decide. Targets outside 0..157 need no probe. The
    probes start with ``guess`` (the declaring team's points as some estimate has them) at
    the target nearest it, and go on one open target at a time toward the value; with
    ``guess=None`` at the highest target (an upper bound far above the value is cheap to
    prove). The default, :data:`ESTIMATE`, is the compiled core's forward-pruned search
    (:func:`estimate`, k=2 follow_k=2 within :data:`ESTIMATE_NODES` nodes, else k=2
    follow_k=1; its nodes count) on deals of :data:`ESTIMATE_FROM_CARDS` cards a hand or
    more where 2 to :data:`ESTIMATE_TARGETS` targets are open, else None: on the Zehner of
    60 full deals of the six kinds 13 % fewer nodes (the estimate's included; Eichel and
    Schellen some 20 %, Obenabe and Undenufe 26 and 45 %, Rosen and Schilten 1 to 3 %),
    the same answers (benchmarks/README.md).

    What the probes prove is kept for the last :data:`PROVED_DEALS` deals (the answer cache):
    asking the same deal again, for the same or other targets, probes only what is still
    open. ``max_nodes`` / ``max_seconds`` bound all the probes of this call together; when
    they run out the call returns (``stopped`` True, the open targets None) instead of
    raising, with everything proved until then. Ctrl-C raises KeyboardInterrupt."""
    use_c = _use_core(engine)
    asked = sorted(set(int(t) for t in targets))
    total = _total(deal)
    lo, hi = _PROVED.get(deal, (0, total))
    # the core's question for target t: does the counted team take at least x points?
    # (a Misère's "at most t" is "not at least t + 1")
    mark = (lambda t: t + 1) if deal.misere else (lambda t: t)
    t0 = time.perf_counter()
    # the budget's clock: the core's (CPU_TIME: the CPU time of the process)
    clock = time.process_time if use_c and options & CPU_TIME else time.perf_counter
    c0 = clock()
    nodes = probes = 0
    stopped = False
    ref = None
    went_up = False   # the last probe's answer ("reached"); read from the second probe on
    if guess == ESTIMATE:
        guess = None
        if use_c and deal.size >= ESTIMATE_FROM_CARDS and not options & FRESH_TABLES \
                and 2 <= sum(lo < mark(t) <= hi for t in asked) <= ESTIMATE_TARGETS:
            guess, n = _estimate_guess(deal, max_nodes, max_seconds, options)
            nodes += n
    while True:
        open_ = [t for t in asked if lo < mark(t) <= hi]
        if not open_:
            break
        # from the guess (or the top), then the next open target toward the value
        if probes == 0:
            t = open_[-1] if guess is None else min(open_, key=lambda x: (abs(x - guess), -x))
        else:
            t = open_[0] if went_up else open_[-1]
        x = mark(t)
        if use_c:
            left_nodes = max_nodes - nodes if max_nodes else 0
            left_secs = max_seconds - (clock() - c0) if max_seconds else 0.0
            if (max_nodes and left_nodes <= 0) or (max_seconds and left_secs <= 0):
                stopped = True
                break
            # the first probe from an empty table, unless the tables are kept (keep_tables)
            shared = not options & FRESH_TABLES and (probes > 0 or _kept is not None)
            g, _, n, stop = _core_solve(deal, x, False, left_nodes, float(left_secs),
                                        options | SHARED_TABLE if shared else options)
        else:
            if ref is None or options & FRESH_TABLES:
                ref = Reference(deal, max_nodes and max_nodes - nodes,
                                max_seconds and max_seconds - (time.perf_counter() - t0))
            before = ref.nodes
            g, _, stop = ref.run(x, False)
            n = ref.nodes - before
        nodes += n
        probes += 1
        if stop:
            stopped = True
            break
        went_up = g >= x
        if g >= x:
            lo = max(lo, g)
        else:
            hi = min(hi, g)
    _PROVED[deal] = (lo, hi)
    _PROVED.move_to_end(deal)
    while len(_PROVED) > PROVED_DEALS:
        _PROVED.popitem(last=False)
    result = Bracket(lo, hi, {}, stopped, nodes, time.perf_counter() - t0, probes,
                     "c" if use_c else "python", deal.misere)
    result.reached.update((t, result.answer(t)) for t in asked)
    return result


def _estimate_guess(deal: Deal, max_nodes: int | None, max_seconds: float | None,
                    options: int) -> tuple[int | None, int]:
    """bracket()'s guess: the estimate k=2 follow_k=2 within ESTIMATE_NODES nodes, else
    k=2 follow_k=1 (a few thousand nodes), within a quarter of the call's budget: (guess
    or None, nodes)."""
    cap = ESTIMATE_NODES if not max_nodes else min(ESTIMATE_NODES, max_nodes // 4)
    secs = max_seconds / 4 if max_seconds else None
    opts = options & (CPU_TIME | OWN_TABLE_PART)
    guess, nodes = estimate_nodes(deal, 2, follow_k=2, exact_last=3, max_nodes=max(1, cap), max_seconds=secs,
                                  options=opts)
    if guess is None:
        guess, more = estimate_nodes(deal, 2, follow_k=1, exact_last=3, max_seconds=secs, options=opts,
                                     max_nodes=max(1, max_nodes // 4 - nodes) if max_nodes else None)
        nodes += more
    return guess, nodes


def _core_args(deal: Deal) -> tuple:
    """The deal as the core's solve, table_save and table_load take it (their first arguments),
    kept on the deal (a Deal is frozen): the simulation asks the same Deal objects again and
    again (simulation._DEALS), and making the hands' masks took 60-100 us a call, some 8 % of
    ``tutor eval``'s CPU (judge, session 41)."""
    args = deal.__dict__.get("_core_args")
    if args is None:
        pts, stren, trump_index, puur = tables(deal.trump)
        args = (tuple(_mask(h) for h in deal.hands), SEATS.index(deal.leader), TEAMS.index(deal.declaring_team),
                deal.misere, pts, stren, trump_index, puur, LAST_TRICK)
        object.__setattr__(deal, "_core_args", args)
    return args


def _total(deal: Deal) -> int:
    """All the card points of the deal and the last trick's: kept on the deal, as its core args."""
    total = deal.__dict__.get("_total_points")
    if total is None:
        total = sum(points(c, deal.trump) for h in deal.hands for c in h) + LAST_TRICK
        object.__setattr__(deal, "_total_points", total)
    return total


def _core_solve(deal: Deal, x: int, want_best: bool, max_nodes: int, max_seconds: float, options: int,
                workers: int = 1) -> tuple:
    """One solve of the core, with the tables kept aside (:func:`keep_tables`): the table of
    the deal it leaves kept, and this deal's brought back for a ``SHARED_TABLE`` solve;
    ``workers=2``: the exact value in two processes (:func:`solve`)."""
    global _LIVE
    args = _core_args(deal)
    more = (0, 0, 0, 0, workers) if workers > 1 else ()
    if _kept is None:
        return _core.solve(*args, x, want_best, max_nodes, max_seconds, options, *more)
    key, shared = (args, _kept_options(options)), bool(options & SHARED_TABLE)
    holds = _LIVE is not None and _LIVE[0] == key
    if _LIVE is not None and not holds and _LIVE[1] >= KEEP_FROM_NODES:
        _keep(_LIVE[0])
    work = _LIVE[1] if holds and shared else 0
    if shared and not holds:
        saved = _kept.get(key)
        if saved is not None:
            _core.table_load(*args, key[1] | options & OWN_TABLE_PART, saved)
            work = KEEP_FROM_NODES      # kept before: kept again
    _LIVE = None     # (a KeyboardInterrupt from the core: the table may be kept no more)
    out = _core.solve(*args, x, want_best, max_nodes, max_seconds, options, *more)
    _LIVE = (key, work + out[2] if shared else -1)
    return out


# -- a deal's table kept aside (issue 21, round five) -------------------------------------
# The core keeps one transposition table, of the deal it solved last (SHARED_TABLE): a
# simulation that comes back to a deal after others (its passes with larger budgets) found
# it gone and searched again what the stopped probe had proved. keep_tables() keeps the
# tables of the deals it leaves, up to a number of bytes in all: in this process's memory,
# or (shared) as files that the processes forked from it read and write too.
_entry_size = 32   # bytes of one entry of the core's table, as a saved table holds it


class _KeptInMemory:
    """The kept tables of this process: (deal, options) -> bytes, the deal left longest ago first."""

    shared = False

    def __init__(self, limit: int) -> None:
        self.limit, self.bytes = limit, 0
        self.tables: OrderedDict = OrderedDict()

    def get(self, key) -> bytes | None:
        return self.tables.get(key)

    def put(self, key, saved: bytes) -> None:
        old = self.tables.pop(key, None)
        if old is not None:
            self.bytes -= len(old)
        if len(saved) > self.limit:
            return
        self.tables[key] = saved
        self.bytes += len(saved)
        while self.bytes > self.limit:
            self.bytes -= len(self.tables.popitem(last=False)[1])

    def stats(self) -> tuple[int, int]:
        return len(self.tables), self.bytes

    def close(self) -> None:
        self.tables.clear()
        self.bytes = 0


_FOLDER_PREFIX = "tutor-tables-"   # the shared tables' folders: tutor-tables-<owner's process id>-<random>


def _folder_parent() -> str:
    """Where the shared tables' folders are made: /dev/shm (memory) where it is writable,
    else the system's temporary folder."""
    import tempfile

    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else tempfile.gettempdir()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:      # another user's process: alive
        return True
    except OSError:
        return True
    return True


def _remove_dead_folders() -> list[str]:
    """Remove the shared tables' folders whose owner process is gone (killed before it could
    remove its own): the folders removed. A folder whose owner's id a new process took is
    kept (until that one ends: the safe side); folders without an owner's id are left alone."""
    import shutil

    parent, removed = _folder_parent(), []
    try:
        names = os.listdir(parent)
    except OSError:
        return removed
    for name in names:
        if not name.startswith(_FOLDER_PREFIX):
            continue
        pid = name[len(_FOLDER_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid() or _alive(int(pid)):
            continue
        path = os.path.join(parent, name)
        shutil.rmtree(path, ignore_errors=True)
        if not os.path.exists(path):
            removed.append(path)
    return removed


class _KeptInFiles:
    """The kept tables as files of one folder (under /dev/shm where there is one: memory),
    which every process forked after keep_tables(shared=True) reads and writes: a pool's
    worker finds the table of a deal the other worker left. A file is written whole and
    renamed (a reader sees the old table or the new one); the files left longest ago are
    removed to make room, so the folder stays within the bytes (two workers writing at the
    same moment may each make room for their own). The process that made the folder removes
    it when it ends or keeps no more tables; the folder's name holds that process's id, so
    that a later keep_tables removes the folder of a process killed before it could
    (:func:`_remove_dead_folders`: a SIGKILL leaves it in memory until the next reboot)."""

    shared = True

    def __init__(self, limit: int) -> None:
        import atexit
        import tempfile

        self.limit, self.owner = limit, os.getpid()
        self.unscanned = limit      # bytes this process wrote since it last listed the folder
        self.folder = tempfile.mkdtemp(prefix=f"{_FOLDER_PREFIX}{self.owner}-", dir=_folder_parent())
        atexit.register(self.close)

    def _path(self, key) -> str:
        import hashlib

        return os.path.join(self.folder, hashlib.blake2b(repr(key).encode(), digest_size=16).hexdigest() + ".tt")

    def _files(self) -> list[tuple[float, int, str]]:
        out = []
        try:
            with os.scandir(self.folder) as it:
                for e in it:
                    if e.name.endswith(".tt"):
                        try:
                            st = e.stat()
                        except OSError:     # removed by another process meanwhile
                            continue
                        out.append((st.st_mtime_ns, st.st_size, e.path))
        except OSError:
            pass
        return out

    def get(self, key) -> bytes | None:
        try:
            with open(self._path(key), "rb") as f:
                return f.read()
        except OSError:
            return None

    def put(self, key, saved: bytes) -> None:
        path = self._path(key)
        self.unscanned += len(saved)
        if self.unscanned > self.limit // 8:
            # room made for an eighth of the bytes at once: the folder listed once every so
            # many tables, not at each (it may hold hundreds); within the bytes, but for what
            # other processes wrote since they listed it (an eighth of the bytes each, at most)
            self.unscanned = 0
            files = sorted(f for f in self._files() if f[2] != path)
            room = self.limit - self.limit // 8 - len(saved)
            total = sum(f[1] for f in files)
            for _mtime, size, old in files:      # the tables left longest ago first
                if total <= room:
                    break
                try:
                    os.unlink(old)
                except OSError:
                    pass
                total -= size
        if len(saved) > self.limit:
            try:
                os.unlink(path)
            except OSError:
                pass
            return
        tmp = f"{path}.{os.getpid()}"
        try:
            with open(tmp, "wb") as f:
                f.write(saved)
            os.replace(tmp, path)
        except OSError:          # the folder gone or full: the table is not kept
            try:
                os.unlink(tmp)
            except OSError:
                pass

    def stats(self) -> tuple[int, int]:
        files = self._files()
        return len(files), sum(f[1] for f in files)

    def close(self) -> None:
        if os.getpid() == self.owner:
            import shutil

            shutil.rmtree(self.folder, ignore_errors=True)


_kept: _KeptInMemory | _KeptInFiles | None = None   # keep_tables()
_LIVE = None   # ((the deal as the core takes it, options), nodes): the table the core holds, and the nodes
               # its SHARED_TABLE solves searched (-1: not one)
# a deal's table is kept only where its searches took this many nodes: a smaller one is
# searched again faster than it is saved and loaded (a probe of 50 K nodes: some 3 ms)
KEEP_FROM_NODES = 50_000


def _kept_options(options: int) -> int:
    """The options a table's entries depend on (not SHARED_TABLE, CPU_TIME, FRESH_TABLES, OWN_TABLE_PART)."""
    return options & ~(SHARED_TABLE | CPU_TIME | FRESH_TABLES | OWN_TABLE_PART)


def _keep(key: tuple) -> None:
    """The core's table of ``key`` (if it still holds it) kept: at most a quarter of the
    kept tables' bytes, beyond that the entries whose searches took most nodes."""
    saved = _core.table_save(*key[0], key[1], max(1, _kept.limit // 4 // _entry_size - 1))
    if saved is not None:
        _kept.put(key, saved)


def keep_tables(max_bytes: int = 64 << 20, shared: bool = False) -> None:
    """Keep the core's transposition table of each deal a ``SHARED_TABLE`` solve leaves,
    and bring it back when that deal is solved again with ``SHARED_TABLE``: a probe its
    budget stopped then goes on from what it proved, as if no other deal had been solved in
    between (the same answers as a fresh solve; its entries are bounds true whatever target
    or budget asked them). ``max_bytes``: all the kept tables together (one at most a
    quarter of it: the entries of the costliest searches); the deals left longest ago are
    given up first; a table whose searches took fewer than :data:`KEEP_FROM_NODES` nodes
    is not kept (searched again faster than saved and loaded). 0 keeps none (the default).
    ``shared``: as files (in memory under /dev/shm) that the processes forked after this
    call use too: the workers of a fork pool find each other's tables (else each process
    keeps its own: :func:`save_table` and :func:`load_table` carry one to another
    process). The compiled core only. Saving or loading a table copies its entries (32
    bytes each; a probe of a million nodes leaves some 15,000, half a MB). Each call also
    removes the shared folders that processes killed before they could remove their own
    left behind (in memory until the next reboot otherwise)."""
    global _kept, _LIVE
    if max_bytes < 0:
        raise ValueError("max_bytes must be 0 or more")
    if _core is not None:
        _remove_dead_folders()
    if _kept is not None:
        _kept.close()
    _kept, _LIVE = None, None
    if max_bytes and _core is not None:
        _kept = _KeptInFiles(int(max_bytes)) if shared else _KeptInMemory(int(max_bytes))


def kept_tables() -> dict:
    """How many deals' tables are kept, their bytes in all, the limit (0: none kept) and
    whether the kept tables are shared with forked processes (keep_tables())."""
    deals, size = _kept.stats() if _kept is not None else (0, 0)
    return {"deals": deals, "bytes": size, "limit": _kept.limit if _kept is not None else 0,
            "shared": _kept is not None and _kept.shared}


def save_table(deal: Deal, options: int = 0, max_bytes: int | None = None) -> bytes | None:
    """The transposition table of ``deal`` (solved with these ``options``) as bytes, to
    hand to :func:`load_table` in this or another process (a pool's worker): the core's,
    if its last solve was of this deal, else the one :func:`keep_tables` kept, else None
    (also without the compiled core). ``max_bytes``: at most this many (the entries of
    the costliest searches), None: all of them."""
    if _core is None:
        return None
    args = _core_args(deal)
    key = (args, _kept_options(options))
    limit = 0 if max_bytes is None else max(1, max_bytes // _entry_size - 1)
    saved = _core.table_save(*args, key[1], limit)
    if saved is None and _kept is not None:
        saved = _kept.get(key)
        if saved is not None and max_bytes is not None and len(saved) > max_bytes:
            saved = None
    return saved


def load_table(deal: Deal, saved: bytes, options: int = 0) -> int:
    """A table :func:`save_table` gave for ``deal`` made the core's table of it: the next
    ``solve(deal, options=... | SHARED_TABLE)`` goes on from it (with :func:`keep_tables`
    on, it is kept as well). Returns the entries loaded. ValueError if ``saved`` is the
    table of another deal or other options, or no saved table; TutorError without the core."""
    global _LIVE
    if _core is None:
        raise TutorError(M("the compiled solver core is not built here (use --engine python)"))
    args = _core_args(deal)
    key = (args, _kept_options(options))
    if _kept is not None and _LIVE is not None and _LIVE[0] != key and _LIVE[1] >= KEEP_FROM_NODES:
        _keep(_LIVE[0])
    _LIVE = None
    n = _core.table_load(*args, key[1] | options & OWN_TABLE_PART, bytes(saved))
    if _kept is not None:
        _kept.put(key, bytes(saved))
        _LIVE = (key, KEEP_FROM_NODES)
    return n


def exact_value(deal: Deal, *, engine: str = "auto", max_nodes: int | None = None,
                max_seconds: float | None = None, options: int = 0) -> int | None:
    """The declaring team's points under perfect play (as ``solve(deal, best=False)``),
    through the answer cache of :func:`bracket`: where the probes of the deal asked so far
    pinned the value it needs no search, else ``solve()``'s own driver (the descent from the
    top and the bisection, one table) with the table of the bracket's last probe of the same
    deal (``SHARED_TABLE``), and the value is kept for the next question. (A bracket over
    every point walks down one point at a time: 30 to 84 probes a full deal, and more nodes
    in all; benchmarks/README.md, round eight of issue 21.) None where a budget stopped it."""
    total = _total(deal)
    lo, hi = _PROVED.get(deal, (0, total))
    if lo == hi:
        return lo
    try:
        # the table is shared only where the core holds this deal's (its DealId check)
        s = solve(deal, engine=engine, max_nodes=max_nodes, max_seconds=max_seconds, best=False,
                  options=options | SHARED_TABLE if _use_core(engine) and not options & FRESH_TABLES else options)
    except SearchStopped:
        return None
    v = s.points[deal.declaring_team]
    _PROVED[deal] = (v, v)
    _PROVED.move_to_end(deal)
    while len(_PROVED) > PROVED_DEALS:
        _PROVED.popitem(last=False)
    return v


def reaches(deal: Deal, targets: Iterable[int], **kw) -> dict[int, bool | None]:
    """``bracket(deal, targets, **kw).reached``: for each target whether the declaring team
    reaches it (a Misère: holds its points to it or fewer); None where a budget stopped it."""
    return bracket(deal, targets, **kw).reached


# -- the reference ---------------------------------------------------------------------
def _narrow(maxing: bool, best: int, alpha: int, beta: int) -> tuple[int, int]:
    """The alpha-beta window after a move whose value makes ``best`` the best so far."""
    return (max(alpha, best), beta) if maxing else (alpha, min(beta, best))


class Reference:
    """The pure-Python search, the same design as the core (see the module). Cards are
    numbers (their place in ``DECK``) and hands bit masks, as in the core; which cards
    are legal and who takes a trick is asked of :mod:`tutor.play.rules` (remembered per
    hand and trick), the points and the order of the cards come from :func:`tables`."""

    CHECK_EVERY = 1 << 12

    def __init__(self, deal: Deal, max_nodes: int | None = None,
                 max_seconds: float | None = None) -> None:
        self.trump = deal.trump
        pts, stren, _, _ = tables(self.trump)
        self.pts = list(pts)
        self.str = [list(stren[i * 36:(i + 1) * 36]) for i in range(4)]   # by suit led
        self.suit = [i // 9 for i in range(36)]
        # the cards of each suit high to low, by their strength when that suit is led
        self.order = [sorted(range(s * 9, s * 9 + 9), key=lambda c, s=s: -self.str[s][c])
                      for s in range(4)]
        self.hands = [_mask(h) for h in deal.hands]
        self.maxteam = TEAMS.index(deal.declaring_team)      # whose points are counted
        self.maxside = 1 - self.maxteam if deal.misere else self.maxteam   # who maximises them
        self.handpts = sum(self.pts[c] for h in deal.hands for c in map(_INDEX.get, h))
        self.table: list[int] = []
        self.leader = SEATS.index(deal.leader)
        self.root = self.leader
        self.tt: dict = {}
        self._legal: dict = {}
        self._winner: dict = {}
        self.nodes = 0
        self.next_check = self.CHECK_EVERY   # the budget's next check (trick)
        self.max_nodes = max_nodes
        self.deadline = time.monotonic() + max_seconds if max_seconds else None
        self.stop = False

    @staticmethod
    def team(seat: int) -> int:
        return seat & 1       # A and C are team 0 (tutor.play.rules.TEAMS), B and D team 1

    def legal(self, hand: int, table: tuple) -> int:
        key = (hand, table)
        m = self._legal.get(key)
        if m is None:
            m = _mask(legal(_cards(hand), [DECK[c] for c in table], self.trump))
            self._legal[key] = m
        return m

    def winner(self, table: tuple) -> int:
        w = self._winner.get(table)
        if w is None:
            w = self._winner[table] = winner([DECK[c] for c in table], self.trump)
        return w

    # -- the driver: bisection for the exact value, one zero window for a target
    def run(self, target: int | None, want_best: bool) -> tuple[int, list[Card], bool]:
        R = self.handpts + LAST_TRICK
        maxing = self.team(self.root) == self.maxside
        best = 0
        if target is None:
            lo, hi = 0, R           # bisection on the points, each probe a zero window
            while lo < hi and not self.stop:
                mid = (lo + hi + 1) // 2
                g = self.boundary(self.root, mid - 1, mid)
                if g >= mid:
                    lo = g
                else:
                    hi = g
            value = lo
            if want_best and not self.stop:
                for card, group in self.moves(self.root):
                    v = self.root_move(card, value if maxing else value + 1)
                    if (v >= value) if maxing else (v <= value):
                        best |= group
            return value, _cards(best), self.stop
        if not want_best:
            return self.boundary(self.root, target - 1, target), [], self.stop
        agg = None
        every = 0
        for card, group in self.moves(self.root):
            v = self.root_move(card, target)
            every |= group
            agg = v if agg is None else (max(agg, v) if maxing else min(agg, v))
            if (v >= target) if maxing else (v < target):
                best |= group
            if self.stop:
                break
        return agg or 0, _cards(best or every), self.stop

    def root_move(self, card: int, beta: int) -> int:
        self.leader = self.root
        self.table = []
        self.play(self.root, card)
        v = self.trick(1, beta - 1, beta)
        self.unplay(self.root, card)
        return v

    def play(self, seat: int, card: int) -> None:
        self.hands[seat] &= ~(1 << card)
        self.handpts -= self.pts[card]
        self.table.append(card)

    def unplay(self, seat: int, card: int) -> None:
        self.hands[seat] |= 1 << card
        self.handpts += self.pts[card]
        self.table.pop()

    # -- candidates: one per group of equivalent cards, best first
    def moves(self, seat: int) -> list[tuple[int, int]]:
        """(card, the mask of its group) for each group of equivalent legal cards."""
        hand = self.hands[seat]
        table = self.table
        allowed = self.legal(hand, tuple(table))
        live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for c in table:
            live |= 1 << c
        k = len(table)
        lead = self.suit[table[0]] if k else 0
        win_at, ws = 0, 0
        for i, c in enumerate(table):
            st = self.str[lead][c]
            if st > ws:
                win_at, ws = i, st
        partner_wins = k > 0 and self.team(self.leader + win_at) == self.team(seat)
        pts, out = self.pts, []
        for s in range(4):
            prev_mine, prev_pts, seen_live = False, -1, False
            for c in self.order[s]:
                if not live >> c & 1:
                    continue
                if allowed >> c & 1:
                    if prev_mine and prev_pts == pts[c]:
                        out[-1][2] |= 1 << c
                    else:
                        own = self.str[s][c]
                        if k == 0:
                            if not seen_live:
                                sc = 3000 + 500 * (self.trump.suit is not None and SUITS[s] == self.trump.suit) + pts[c]
                            else:
                                sc = 1000 - 8 * pts[c] - own
                        else:
                            st = self.str[lead][c]
                            if partner_wins:
                                sc = 1000 - st if st > ws else 3000 + 8 * pts[c] - own
                            else:
                                sc = 4000 - st + pts[c] if st > ws else 1000 - 8 * pts[c] - own
                        out.append([sc, c, 1 << c])
                    prev_mine, prev_pts = True, pts[c]
                else:
                    prev_mine, prev_pts = False, -1
                seen_live = True
        out.sort(key=lambda x: -x[0])
        return [(c, g) for _, c, g in out]

    def key(self, leader: int) -> tuple:
        """The position at a trick boundary, forgetting which cards were played: suit by
        suit, the owner and points of each remaining card in their order."""
        h0, h1, h2, h3 = self.hands
        out = [leader]
        for s in range(4):
            for c in self.order[s]:
                b = 1 << c
                if (h0 | h1 | h2 | h3) & b:
                    out.append(0 if h0 & b else 1 if h1 & b else 2 if h2 & b else 3)
                    out.append(self.pts[c])
            out.append(-1)
        return tuple(out)

    def relative(self, card: int) -> tuple[int, int]:
        live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        s = self.suit[card]
        return s, [c for c in self.order[s] if live >> c & 1].index(card)

    def from_relative(self, rel: tuple | None) -> int | None:
        if rel is None:
            return None
        live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        cards = [c for c in self.order[rel[0]] if live >> c & 1]
        return cards[rel[1]] if rel[1] < len(cards) else None

    def low_sum(self, hand: int, n: int) -> int:
        """The points of the ``n`` cheapest cards of ``hand`` (all of them if fewer)."""
        return sum(sorted(self.pts[c] for c in range(36) if hand >> c & 1)[:max(0, n)])

    def sure_points(self, leader: int, left: int, R: int) -> int:
        """Points the leader's team takes for sure if it wants them (not in a Misère): the
        leader's cards that stand at the top of their suit, one after the other, each win
        a trick he leads; in a trump game the plain suits only once the opponents have no
        trump left, which his top trumps see to when there are at least as many of them
        as either opponent holds trumps (each trump lead draws one from each: only the
        Puur may stay back, and the top trumps include it). Beyond his top cards (issue
        21, round fourteen): all his cards of a suit where nobody else holds more of it
        than his top cards (length winners), and where he holds a plain suit whose top
        card his partner holds, that entry and then the partner's runs of his plain suits
        (both runs together at most the tricks left). All the points if they take every
        trick left. Into these tricks (round fifteen) each opponent gives his cheapest
        cards of the suit led as long as he holds any (he must follow: in the leader's
        trump tricks only the Puur may stay back, and the leader's top trumps include it;
        in the plain suits' tricks he has no trump left) and his cheapest others where he
        has none; the partner into the leader's tricks and the leader into the partner's
        their dearest (the team chooses): in a suit led they follow with their dearest
        cards of it (below the cards led), in the others the dearest of their cards that
        are not their own run nor of the suits led (what is left of those after they
        followed counts)."""
        live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        partner = (leader + 2) % 4
        mine, ph = self.hands[leader], self.hands[partner]
        t = SUITS.index(self.trump.suit) if self.trump.suit is not None else -1
        holds = lambda hand, s: any(hand >> c & 1 for c in self.order[s])   # noqa: E731
        run_l: dict[int, list[int]] = {}
        plain_ok = True
        if t >= 0:
            run_l[t] = self.run_cards(t, leader)
            held = [sum(1 for c in self.order[t] if self.hands[(leader + i) % 4] >> c & 1) for i in (1, 3)]
            plain_ok = len(run_l[t]) >= max(held)
        if plain_ok:
            run_l.update({s: self.run_cards(s, leader) for s in range(4) if s != t and holds(mine, s)})
        run_p: dict[int, list[int]] = {}
        t1 = sum(len(v) for v in run_l.values())
        if plain_ok and t1 < left:
            # an entry to the partner: a plain suit of the leader's whose top card the
            # partner holds; after his run the leader leads it, the partner's top card
            # takes the trick (no opponent trump left), and the partner runs his plain suits
            def entry(s: int) -> bool:
                return s != t and holds(mine, s) and holds(ph, s) and bool(
                    ph >> next(c for c in self.order[s] if live >> c & 1) & 1)

            if any(entry(s) for s in range(4)):
                runs = {s: self.run_cards(s, partner) for s in range(4) if s != t and holds(ph, s)}
                # every trick takes a card of each hand: both runs together at most the cards left
                if t1 + sum(len(v) for v in runs.values()) <= left:
                    run_p = runs
        tricks = {s: len(run_l.get(s, [])) + len(run_p.get(s, [])) for s in range(4)}
        total = sum(tricks.values())
        if total == left:
            return R
        pts = self.pts
        sure = sum(pts[c] for v in list(run_l.values()) + list(run_p.values()) for c in v)
        for o in ((leader + 1) % 4, (leader + 3) % 4):
            rest = [c for c in range(36) if self.hands[o] >> c & 1]
            given = []
            for s, n in tricks.items():
                given += sorted((c for c in rest if self.suit[c] == s), key=lambda c: pts[c])[:n]
            rest = sorted((c for c in rest if c not in given), key=lambda c: pts[c])
            sure += sum(pts[c] for c in given) + sum(pts[c] for c in rest[:total - len(given)])

        def own_share(hand: int, n_led: dict[int, int], keep: list[int]) -> int:
            cards = [c for c in range(36) if hand >> c & 1 and c not in keep]
            got, voids, pool = 0, 0, [c for c in cards if self.suit[c] not in n_led]
            for s, n in n_led.items():
                suit = sorted((c for c in cards if self.suit[c] == s), key=lambda c: -pts[c])
                got += sum(pts[c] for c in suit[:n])
                voids += max(0, n - len(suit))
                pool += suit[n:]
            return got + sum(sorted((pts[c] for c in pool), reverse=True)[:voids])

        sure += own_share(ph, {s: len(v) for s, v in run_l.items() if v}, [c for v in run_p.values() for c in v])
        sure += own_share(mine, {s: len(v) for s, v in run_p.items() if v}, [c for v in run_l.values() for c in v])
        return sure

    def run_cards(self, s: int, player: int) -> list[int]:
        """The cards of ``player``'s run in suit ``s`` as ``sure_points`` counts it: his
        top cards there, or all his cards of it where nobody else holds more of it than
        his top cards (length winners)."""
        live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        hand = self.hands[player]
        top = []
        for c in self.order[s]:
            if live >> c & 1:
                if not hand >> c & 1:
                    break
                top.append(c)
        mine = [c for c in self.order[s] if hand >> c & 1]
        if top and len(mine) > len(top) and all(
                sum(1 for c in self.order[s] if self.hands[(player + i) % 4] >> c & 1) <= len(top) for i in (1, 2, 3)):
            return mine
        return top

    def forced_points(self, left: int, R: int) -> tuple[int, int]:
        """(points, team): what a team takes whatever anyone plays, Misère included. The
        live trumps from the top down that its two players hold between them each end in
        a trick of theirs (what is played above them later is theirs too); with a of them
        in one hand and b in the other they lie in at least m = max(a, b) tricks, into
        which every player gives m cards: the other team at least its m cheapest each,
        the holders their top trumps and their cheapest others. All the points if m is
        every trick left. Team -1: no trump game, or no trump left."""
        if self.trump.suit is None:
            return 0, -1
        run = [0, 0, 0, 0]
        team, p = -1, 0
        for c in self.order[SUITS.index(self.trump.suit)]:
            owner = next((i for i in range(4) if self.hands[i] >> c & 1), None)
            if owner is None:
                continue
            if team < 0:
                team = self.team(owner)
            elif self.team(owner) != team:
                break
            run[owner] |= 1 << c
            p += self.pts[c]
        if team < 0:
            return 0, -1
        a, b = run[team].bit_count(), run[team + 2].bit_count()
        m = max(a, b)
        if m == left:
            return R, team
        p += self.low_sum(self.hands[team] & ~run[team], m - a)
        p += self.low_sum(self.hands[team + 2] & ~run[team + 2], m - b)
        p += self.low_sum(self.hands[1 - team], m) + self.low_sum(self.hands[3 - team], m)
        return p, team

    def boundary(self, leader: int, alpha: int, beta: int) -> int:
        """The counted team's points from a trick boundary on. Fail-soft alpha-beta."""
        hand = self.hands[leader]
        if not hand:
            return 0
        R = self.handpts + LAST_TRICK
        if R <= alpha:
            return R
        if beta <= 0:
            return 0
        if hand & (hand - 1) == 0:      # one card each: the last trick plays itself
            cards = tuple(self.hands[(leader + i) % 4].bit_length() - 1 for i in range(4))
            self.nodes += 4
            w = (leader + self.winner(cards)) % 4
            return R if self.team(w) == self.maxteam else 0
        # bounds on the counted team's points: what either team takes for sure
        low, high = 0, R
        forced, team = self.forced_points(hand.bit_count(), R)
        if team == self.maxteam:
            low = forced
        elif team >= 0:
            high = R - forced
        if self.maxside == self.maxteam:        # not in a Misère: nobody cashes there
            sure = self.sure_points(leader, hand.bit_count(), R)
            if self.team(leader) == self.maxteam:
                low = max(low, sure)
            else:
                high = min(high, R - sure)
        if low >= beta:
            return low
        if high <= alpha:
            return high
        key = self.key(leader)
        lo, hi, rel = self.tt.get(key, (0, R, None))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:       # the bounds meet: the value is known
            return lo
        alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        hint = self.from_relative(rel)
        saved, saved_table = self.leader, self.table
        self.leader, self.table = leader, []
        moves = self.moves(leader)
        if hint is not None:
            moves.sort(key=lambda m: m[0] != hint)
        maxing = self.team(leader) == self.maxside
        best, best_card = None, moves[0][0]
        for card, _ in moves:
            self.play(leader, card)
            v = self.trick(1, alpha, beta)
            self.unplay(leader, card)
            if self.stop:
                break
            if best is None or (v > best if maxing else v < best):
                best, best_card = v, card
            alpha, beta = _narrow(maxing, best, alpha, beta)
            if alpha >= beta:
                break
        self.leader, self.table = saved, saved_table
        if self.stop:
            return 0
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.tt[key] = (lo, hi, self.relative(best_card))
        return best

    def trick(self, k: int, alpha: int, beta: int) -> int:
        """The counted team's points with ``k`` cards on the table."""
        self.nodes += 1
        # (not nodes % CHECK_EVERY == 0: the last trick counts four nodes at once, and a
        # count that stepped over the multiple checked only at the next one or later)
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + self.CHECK_EVERY
            if (self.max_nodes and self.nodes >= self.max_nodes) or \
                    (self.deadline and time.monotonic() >= self.deadline):
                self.stop = True
                return 0
        seat = (self.leader + k) % 4
        maxing = self.team(seat) == self.maxside
        best = None
        for card, _ in self.moves(seat):
            self.play(seat, card)
            if k == 3:
                trick = tuple(self.table)
                w = (self.leader + self.winner(trick)) % 4
                p = sum(self.pts[c] for c in trick) + (0 if self.hands[0] else LAST_TRICK)
                if self.team(w) == self.maxteam:
                    v = p + self.boundary(w, alpha - p, beta - p)
                else:
                    v = self.boundary(w, alpha, beta)
            else:
                v = self.trick(k + 1, alpha, beta)
            self.unplay(seat, card)
            if self.stop:
                return 0
            if best is None or (v > best if maxing else v < best):
                best = v
            alpha, beta = _narrow(maxing, best, alpha, beta)
            if alpha >= beta:
                break
        return best
