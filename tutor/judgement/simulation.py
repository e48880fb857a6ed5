"""The simulation: judgement backed by deals that fit the auction, judged by exact play.

For a hand at a point of the auction, :class:`Simulation` deals the 27 unseen cards
many times so that every seat holds what its calls promised (:mod:`tutor.play.dealer`),
and on every deal asks the exact double-dummy solver (:mod:`tutor.play.solver`) what the
decision needs, game by game (a :class:`Play`: a kind and its declarer, who leads):

- each kind the hand's calls would declare, the hand's seat leading: is each Zehner
  above the standing bid made (the contracts ``eval`` lists, the calls' numbers among
  them), the Matsch where the hand can call it; the standing contract, its declarer
  leading: is it made. Each is a yes/no probe ("does the declaring team reach T?"),
  cheap next to the exact value; the answers bound the card points, and more probes
  narrow them to one Zehner where the kind is bid (:func:`judge_deal`). Where in the
  bounds the points lie is the solver's estimate (a forward-pruned search, :func:`_estimate`;
  the playout, :mod:`tutor.play.playout`, without the compiled core), so every
  contract asked is made or failed exactly as in perfect play, and a value within the
  bounds. A probe over its node budget is left to the estimate and the deal counted as
  ``estimated`` (never silently); without the compiled core every deal is. The estimate
  is asked only where it is used (:data:`BIAS_SAMPLE`): the deals the solver did not
  finish, and a few that measure how far it errs in each game.

The value model (docs/interpretations.md, "the model behind the call values"): a deal's
value of a call is the board value of the contract it leaves to be played, for the hand's
team (its points on the board minus the opponents', :func:`tutor.scoring.score_game` by the
table rules): calls in one kind differ only by made/failed and the number, across kinds by
the card points. With the Partie's score (:class:`~tutor.judgement.base.Standing`) a game
after which the Partie is over is worth the Partie (its target, won or lost).

- **contracts**: how often each is made (``p_make``) and its expected board value,
  undoubled;
- **calls**: each call the conventions offer the hand (fort, every bid on a Zehner, the
  Matsch, double, konter; not the Ass-Ansage, which is information) valued as the
  contract it leaves to be played: a bid as the final contract (doubled, where the table
  doubles, when that is worse for the hand's team on average), fort as the standing
  contract (0 without one), a double or konter as the standing contract doubled or
  kontered; a Matsch the hand cannot play (an opponent holds the Puur, or no deal makes
  it) is not listed;
- **recommended**: the call of the highest expected value; **equal**: the calls within
  the sampling error of it (two standard errors of the difference on the same deals).

Sampling runs in batches and stops early when the best call leads the second by more
than three standard errors of their difference on the same deals, or when that
difference is known to within a few points (the two are equally good); both cores
judge the deals (``workers``), one deal at a time. The same seed gives the same numbers
(node budgets, not time limits), whatever the process asked before: what the solver
answered is kept for the evaluation that asked it alone (:class:`_Pool`), never carried
into another question, whose passes it would shift (a deal an earlier evaluation searched
further is not searched again, and its nodes count against the new one's budget). The
voice remembers whole answers, by the question (:func:`tutor.judgement.voice.evaluated`).

Weis and Stöck are left out (the text: "Wer bietet, rechnet allein mit Kartenpunkten").
"""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
import os
import random
import sys
from dataclasses import dataclass, field, replace
from typing import NamedTuple, Sequence

from tutor.cards import TOTAL_POINTS, Hand
from tutor.judgement.base import EQUAL_SE, NOTHING, Standing, equal_calls, mostly_estimated
from tutor.judgement.count import is_misere
from tutor.play.dealer import Dealer, honouring
from tutor.scoring import SEATS, opponents_of, other, score_game, team_of

BATCH = 25          # deals per batch (and per early-stopping check)
MIN_SAMPLES = 50    # never stop before this many deals
# The stop asks whether the answer is clear among the calls the answer can be (_answerable: a Matsch
# the deals do not make nearly always is left out of the answer, so it is left out of the stop too).
# Before (False), such a Matsch kept most positions from stopping: on the few deals searched to the
# end (the easy ones, where the hand takes every trick) it led, and the stop took that as the
# searched deals contradicting the best call (_contradicted); and where it led over all deals, the
# stop read its lead as the answer's and stopped with the answer's own two calls 2 standard errors
# apart (fuenfer-gen-05: 157 Schilten ahead of fort, fort 34 +- 18 ahead of 90 Rosen). On since
# session 43: bid's printed chances against exact play on the positions it moves stay within the
# targets (benchmarks/README, "Session 43 (judge)").
STOP_ANSWERABLE = True
Z_CLEAR = 3.0       # the best call leads the second by this many standard errors: stop
Z_EQUAL = EQUAL_SE  # a call within this many standard errors of the best is as good as the best
SUITS_ONLY = ("Eichel", "Schellen", "Rosen", "Schilten")
EXTENDED = SUITS_ONLY + ("Obenabe", "Undenufe", "Obenabe Misère", "Undenufe Misère")


@dataclass(frozen=True)
class Contract:
    strain: str
    value: int
    declarer: str
    multiplier: int = 1

    def __str__(self) -> str:
        return f"{self.value} {self.strain}"


@dataclass
class Evaluation:
    """The numbers of one position: every contract, every call, the best call."""

    samples: int
    contracts: list[dict] = field(default_factory=list)
    calls: list[dict] = field(default_factory=list)
    recommended: str | None = None
    seat: str = "A"
    stopped_early: bool = False
    standing: float | None = None    # how often the standing bid is made (by its declarer)
    equal: list[str] = field(default_factory=list)   # the calls as good as the best, the best first
    exact: bool = True                # the solver judged the deals (the compiled core is built)
    estimated: int = 0                # deals a search left to the playout (all of them without the core)
    deals: list = field(default_factory=list, repr=False)   # the deals judged ({seat: Hand}), in order
    values: dict = field(default_factory=dict, repr=False)  # each call's board value on each deal, in order
    # the games (kind and declarer) no call that could compete rests on: their deals were asked
    # briefly (the first pass), and those the solver could not answer at once are the playout's
    unprobed: list[tuple[str, str]] = field(default_factory=list)   # (kind, declarer)
    nodes: int = 0                    # the nodes the solver searched for these deals (this process's first asking)
    searched: list = field(default_factory=list, repr=False)   # per deal: True where no search the calls rest on stopped
    # per deal and game (``games``: kind and declarer) the declaring team's card points the
    # numbers use, and whether a search of that game stopped there (its points estimated)
    games: list = field(default_factory=list, repr=False)
    points: list = field(default_factory=list, repr=False)
    opened: list = field(default_factory=list, repr=False)
    # what the solver proved per deal and game (Judged, in ``games``' order) and the games
    # (Play): where ``points`` come from (benchmarks/bench_exact_sim.py places them again)
    judged: list = field(default_factory=list, repr=False)
    plays: list = field(default_factory=list, repr=False)
    # what the deals could not honour with this hand ("fort": what the forts deny; "number",
    # "raise", "want", "hilfe", "matsch", "konter", "double": what :func:`_count_reads` and
    # :func:`_double_fit` read), so they keep to the calls' promises
    # alone there (said in the evidence, base.UNHELD)
    unheld: list[str] = field(default_factory=list)
    # deals where none of FIT_TRIES passed the test of what the calls show beyond their
    # promises (:func:`_count_reads`, :func:`_double_fit`): the last one tried is judged,
    # keeping to the promises alone
    # (said in the evidence)
    misfit: int = 0
    # an opponent doubled the hand's team and the deals give him only hands the count doubles
    # with (:func:`_double_fit`)
    double_read: bool = False
    # fort valued by the others' auction after it (AfterFort.summary: in how many deals the
    # Partie is then lost, won, goes on, or the cards are dealt anew); None: fort as before
    after_fort: dict | None = None
    # the calls valued by the auction after them (_continued), not as the contract they leave
    continued: list[str] = field(default_factory=list)
    # of ``continued``, the numbers the partner would misread (_continued: he bids on by that read)
    misread: list[str] = field(default_factory=list)
    # the bids valued as the final contract doubled (the opponents double where that pays them)
    doubled: list[str] = field(default_factory=list)
    # per call in ``continued``, per deal: how its auction ended (Ending: the contract reached and
    # its multiplier; the hand's bid doubled where the opponent who bid over it doubles it instead,
    # DOUBLE_OVER), what the voice's words say the call's value rests on
    endings: dict = field(default_factory=dict, repr=False)
    # the calls valued by the auction after them whose double by the opponent who bid over them
    # counts (DOUBLE_OVER), and on how many deals
    over_doubled: dict = field(default_factory=dict, repr=False)
    # the count's Hilfe weighed by the auction after it (_Rest.weigh: its value on each deal, where
    # that auction ends...), beside its value as the contract played in ``values``; None: no Hilfe
    hilfe_after: dict | None = field(default=None, repr=False)
    # the deal-games whose open deals got the finer estimate where it decides a call (_fine_wanted)
    fine: int = 0
    # the estimate's bias was taken from every deal's proved bounds (Simulation.bounds_bias: eval's)
    bounds_bias: bool = False
    split_from: int | None = None     # the nodes after which its open deals were split (None: SPLIT_FROM)
    split_made: float = 1.0           # how often its long open deals were made against the answered ones
    # the question and its games (Simulation.evaluate's), from which Simulation.finish places the
    # deals again after asking more of them
    context: dict | None = field(default=None, repr=False)
    # per contract of ``contracts`` the deals whose searches left its number open (its chance
    # there is the estimate's), and the same of the standing contract (None: not judged)
    open_at: dict = field(default_factory=dict, repr=False)
    standing_open: int | None = None
    # Simulation.finish: the deal-games it asked (open at a printed target) and those it decided
    finish_asked: int = 0
    finished: int = 0
    # the cards the partner's trumpless number and the opponent's double of it fight over, which the
    # deals give the doubler (fought_over; None: no such fight)
    fought: dict | None = field(default=None, repr=False)

    def exact_values(self) -> dict[str, list[int]]:
        """Each call's board values on the deals searched exactly alone (``searched``)."""
        if len(self.searched) != self.samples:
            return {}
        return {name: [x for x, ok in zip(v, self.searched) if ok] for name, v in self.values.items()}

    def made(self, contract: str) -> list[bool] | None:
        """Per deal whether the hand's seat makes ``contract`` ("100 Eichel") in these
        numbers (None: a kind not judged)."""
        value, strain = contract.split(" ", 1)
        if (strain, self.seat) not in self.games:
            return None
        i = self.games.index((strain, self.seat))
        need = min(int(value), TOTAL_POINTS)    # the Matsch: every card point
        misere = is_misere(strain)
        return [(TOTAL_POINTS - row[i] if misere else row[i]) >= need for row in self.points]

    def open_deal(self, d: int, strain: str) -> bool:
        """A search of the hand's game in ``strain`` stopped on deal ``d``."""
        return bool(self.opened) and self.opened[d][self.games.index((strain, self.seat))]

    def to_json(self) -> dict:
        """The numbers as ``--json`` prints them. ``core``: the compiled solver core is built
        (what ``exact`` alone said before; QA of issue 26, Q39); ``solved``: the deals the
        solver settled within the budget, ``estimated`` the others; ``exact``: the core is
        built and at most half of the deals are estimated (base.mostly_estimated, the rule
        by which the words say the numbers rest mostly on the estimate)."""
        return {"samples": self.samples, "contracts": self.contracts, "calls": self.calls,
                "recommended": self.recommended, "equal": self.equal,
                "exact": self.exact and not mostly_estimated(self.estimated, self.samples),
                "core": self.exact, "solved": self.samples - self.estimated, "estimated": self.estimated,
                **({"unheld": self.unheld} if self.unheld else {}),
                **({"misfit": self.misfit} if self.misfit else {})}

    def contract(self, text: str) -> dict | None:
        return next((c for c in self.contracts if c["contract"] == text), None)


def strains(rules) -> tuple[str, ...]:
    return EXTENDED if rules.trumps == "extended" else SUITS_ONLY


# -- judging the deals (in worker processes) -------------------------------------------------
# The decisive probes are asked in passes (:meth:`Simulation._probe`): the first gives every
# deal a few nodes a probe, which answers most of them (a probe far from the deal's value is
# cheap); each further pass gives the deals still open ESCALATE times as many, as long as the
# evaluation's nodes (``nodes``) allow, the cheapest open deals first. The searches are
# heavy-tailed (most deals need thousands of nodes, a few tens of millions), so a budget
# spent this way answers many more deals exactly than one shared out evenly.
FIRST_PROBE = 30_000       # the first pass's nodes a probe (about a millisecond)
ESCALATE = 4               # each further pass: this many times the nodes a probe
NODE_BUDGET = 32_000_000   # at most this many nodes a probe (about a second); over it, its answer is estimated
NODES_PER_EVALUATION = 10_000_000    # the decisive probes of one evaluation by default (bid, check, table, serve,
                                     # practice, the quiz): about a third of a second of one core at most
# ... of ``tutor eval``, the evidence itself: 0.6M a deal for 100 deals, some 2 s of the two cores
# (issue 26's target for ``eval --samples 100``). 600M (6M a deal) until the tenth session: 7-17 s
# wall on two idle cores for the chances' mean |diff| 0.010 against 0.024 here, largest 0.15
# against 0.20 (bench_exact_sim, 43 positions; benchmarks/README.md, "Tenth session"): at 100
# deals chance alone moves a chance by 0.05, at the 50 an early stop keeps 0.07.
EVAL_NODES = 60_000_000
THOROUGH = 10                # ``tutor eval --thorough``: ten times eval's nodes, the 600M (6M a deal) of before
FINISH_PROBE = 4_000_000    # Simulation.finish: at most this many nodes a probe at a printed target, ...
FINISH_GROUP = 4            # ... the deals asked this many at a time (the nearest to a target first), ...
FINISH_ESCALATE = 4         # ... at least this many times the decision's last nodes a probe
FINISH_PASSES = False       # (passes of growing budgets over all the open deals instead: measured, not kept)
FINISH_FAR_FIRST = False    # (a deal's printed targets farthest from its estimate asked first: measured, not kept)
EVAL_SECOND = 1.0           # ``tutor eval``'s second pass (Simulation._second): this many times its nodes more at most
SECOND_NEAR = 15            # card points: an open deal whose estimate lies this near a contract's number is asked again
# the share of open deals the estimate calls wrong at a contract's number, by the estimate's distance from it
# (0-4, 5-9, 10-14, 15-19, 20-24, 25 or more card points; the 20-deal bench on main 0e5f0f7, 4,590 open
# deal-contracts of 43 positions, 581 wrong: benchmarks/README.md, "Session 48 (solv)")
SECOND_WRONG = (0.37, 0.26, 0.16, 0.09, 0.05, 0.01)
SECOND_SHARE = 0.02         # a contract whose open deals the estimate is expected to call wrong on this share
                            # of the deals or more gets the second pass, the most wrong first
SECOND_PROBE = 8_000_000    # the second pass's nodes a probe at most, ...
SECOND_GROUP = 8            # ... the deals asked this many at a time (not the workers: the same answer with any), ...
CARRY_SECOND = True         # ... going on from the tables the decision's stopped probes left (CARRY_TABLES)
SECOND_AS_DECIDED = True    # the deals still open placed by the decision's budgets (SPLIT_FROM), not the pass's
REFINE_BUDGET = 1_000_000   # nodes the probes that only narrow the card points may search (about 30 ms); over it, the bounds stay wider
BIAS_DEALS = 5              # deals known to within a Zehner that measure the playout's bias in a game (at least)


@dataclass(frozen=True)
class Play:
    """One game judged on every deal: a kind, its declarer (who leads), the targets that
    decide the calls (``decisive``: credited card points, the Matsch's 157 among them) and
    the Zehner that narrow the card points between them (``refine``)."""

    strain: str
    declarer: str
    decisive: tuple[int, ...]
    refine: tuple[int, ...] = ()
    # the decisive targets farthest from the deal's estimate asked first (Simulation.finish: each
    # answers a printed chance, and the far ones are quick), not the nearest (which narrows most)
    far_first: bool = False


@dataclass(frozen=True)
class Judged:
    """What the solver proved about one deal in one :class:`Play`: the declaring team's card
    points lie in ``lo..hi``; ``guess`` is the playout's (None: not played out, the solver's
    answers place the deal: :data:`Judged.points`); ``estimated``: a decisive probe ran over
    its budget; ``refined``: the bounds were narrowed to one Zehner where they could be."""

    lo: int
    hi: int
    guess: int | None
    estimated: bool = False
    refined: bool = False
    probed: bool = True       # False: the playout's guess alone, the solver not asked yet
    nodes: int = 0            # the nodes its probes searched
    tried: int = 0            # the nodes a probe its last decisive pass allowed
    decisive_nodes: int = 0   # of ``nodes``, those of its decisive probes
    fine: bool = False        # ``guess`` is the finer estimate (FINE_KIND), asked where it decides a call
    cheap: bool = False       # ``guess`` is the cheap estimate (ESTIMATE): a game no competitive call rests on

    @property
    def points(self) -> int:
        """The card points the values use: the playout's, clamped into the proved bounds;
        without a playout the middle of the bounds (a deal the solver answered)."""
        return _inside(_middle(self) if self.guess is None else self.guess, self.lo, self.hi)


def _middle(j: Judged) -> int:
    return (j.lo + j.hi) // 2


# The playout is a third to a half of an evaluation's CPU where it is asked on every deal
# (about 1.4 ms a deal and game, a 300,000-node probe's time): it is asked only where its
# guess is used, after the passes: a deal whose proved bounds are wider than a Zehner (its
# points in them are the playout's: the middle of a one-sided bound, 80..157, would credit
# the team 118 card points), one the solver was not asked about, and the first BIAS_SAMPLE
# deals of every game, which measure its bias (:func:`_points`). A deal the solver narrowed
# to one Zehner is placed in its middle.
BIAS_SAMPLE = 12


def _needs_guess(j: Judged, exact: bool, sample: bool, open_too: bool = True) -> bool:
    """The deal's playout is wanted now (``open_too`` False: not yet for a deal whose
    probes are still open, which a further pass may answer)."""
    return j.guess is None and (not exact or not j.probed or sample
                                or (open_too and (j.estimated or j.hi - j.lo >= 10)))


def _judge_all(job) -> list[list[tuple[Judged, bytes | None]]]:
    """For each deal (hands as card indices) and each task (a :class:`Play`, what was judged
    of it before or None, whether to narrow it to one Zehner, the game's typical points,
    the solver's table its stopped probes left or None): what the solver proves, with
    ``budget`` nodes a decisive probe (0: none asked) and ``refine_budget`` a narrowing one,
    and the table to carry to its next pass where a decisive probe stopped again
    (:data:`CARRY_TABLES`); the open deals estimated as the job's :class:`Guessing` says."""
    return _judge_deals(*job)


def _judge_deals(deals, tasks, exact, budget, refine_budget, sample, open_too, guessing: "Guessing"):
    """:func:`_judge_all`'s work."""
    from tutor.cards import DECK

    global _HANDS, _HANDS_KEY
    out = []
    for deal in deals:
        hands = [[DECK[i] for i in h] for h in deal]
        _HANDS, _HANDS_KEY = hands, tuple(map(tuple, deal))
        row = []
        for play, prior, stage, hint, table, mode in tasks:
            j = prior
            if j is None:
                j = Judged(0, TOTAL_POINTS, None, not exact, False, False)
            _start_task(hands, play, table)
            if stage >= PROBED and exact and budget and _open(j, budget):
                j = decide_deal(hands, play, j, budget, hint)
            if stage >= REFINED and exact and refine_budget and j.probed and not j.refined and not j.estimated:
                j = refine_deal(hands, play, j, refine_budget)
            saved = _carried(hands, play, j) if exact else None
            if mode == FINE and exact and j.estimated and not j.fine:
                better = _fine_estimate(hands, play)
                if better is not None:
                    j = replace(j, guess=better, fine=True)
            if mode == REGUESS and j.cheap:
                j = replace(j, guess=None, cheap=False)
            if _needs_guess(j, exact, sample, open_too):
                if mode == CHEAP and exact:
                    j = replace(j, guess=_cheap_estimate(hands, play), cheap=True)
                else:
                    j = replace(j, guess=_guess(hands, play, exact, guessing).guess)
            row.append((j, saved))
        out.append(row)
    _HANDS = _HANDS_KEY = None
    return out


# A deal whose decisive probe its budget stopped is asked again in the next pass with more
# nodes. The solver's table of that deal (its entries are bounds, true whatever target or
# budget asked them; a stopped search stores only what it proved) is carried to that pass:
# saved in the worker after the deal's probes, kept by the main process, and loaded before
# the next pass's probes in whichever worker gets the deal, so the stopped probe goes on
# from what it proved instead of searching it again (solver.save_table/load_table). Every
# task starts from exactly its carried table, or from an empty one: never from what the
# worker's core holds from an earlier task (which worker had the deal last depends on the
# pool's order), so the same question gets the same answer whatever the order.
CARRY_TABLES = True
CARRY_FROM = 50_000            # a deal's table is carried only where its probes searched this many nodes
TABLE_BYTES = 16 << 20         # one carried table at most (the entries of the costliest searches)
TABLES_KEPT = 256 << 20        # the carried tables of one evaluation together at most
_TASK_STARTED = False          # this task's probes have begun: the next goes on from the core's table


def _start_task(hands, play: Play, table: bytes | None) -> None:
    """The probes of a task start from ``table`` (its deal's carried table) or, without
    one, from an empty table (the first probe without SHARED_TABLE)."""
    global _TASK_STARTED
    _TASK_STARTED = False
    if table is not None:
        from tutor.play.solver import load_table

        load_table(_deal_of(hands, play), table, _own_part())
        _TASK_STARTED = True


def _own_part() -> int:
    """solver.OWN_TABLE_PART where the core has it: a solve that starts a table, and a loaded
    table, take a part of the core's table that depends on the deal alone, not on what the
    process solved before (without it the same fresh probe can search a few nodes more or
    fewer in another worker: 18,789,624 against 18,789,656 on one hard probe)."""
    from tutor.play import solver

    return getattr(solver, "OWN_TABLE_PART", 0)


def _carried(hands, play: Play, j: Judged) -> bytes | None:
    """The table to carry to the deal's next pass: where a decisive probe stopped (the
    deal is open) after CARRY_FROM nodes or more, and the core's last solve was this deal."""
    if not (CARRY_TABLES and _TASK_STARTED and j.estimated and j.decisive_nodes >= CARRY_FROM):
        return None
    from tutor.play.solver import save_table

    return save_table(_deal_of(hands, play), 0, TABLE_BYTES)


# the Deals of the deals this process judged, by the cards and the game (made once, not at every
# probe and pass: a tenth of a millisecond each, 5 % of the voice's CPU otherwise)
_DEALS: dict = {}
DEALS_KEPT = 4096
_HANDS = None        # the hands _judge_all judges now, and their key (the cards' indices)
_HANDS_KEY = None
_HAND_OBJECTS: tuple = (None, ())   # (_HANDS_KEY, its Hands)


def _deal_of(hands, play: Play):
    key = None
    if hands is _HANDS:
        key = (_HANDS_KEY, play.strain, play.declarer)
        found = _DEALS.get(key)
        if found is not None:
            return found
    from tutor.cards import Hand
    from tutor.play.deal import Deal
    from tutor.play.rules import parse_strain

    global _HAND_OBJECTS
    trump, misere = parse_strain(play.strain)
    if key is not None:
        # the deal's Hands made once for all its games (a Hand sorts its cards once: the Deal's
        # checks and the core's masks read them in every game)
        if _HAND_OBJECTS[0] is not _HANDS_KEY:
            _HAND_OBJECTS = (_HANDS_KEY, tuple(Hand(h) for h in hands))
        made = _HAND_OBJECTS[1]
    else:
        made = tuple(Hand(h) for h in hands)
    deal = Deal(made, trump, play.declarer, play.declarer, misere)
    if key is not None:
        if len(_DEALS) >= DEALS_KEPT:
            _DEALS.clear()
        _DEALS[key] = deal
    return deal


def _at_least(target: int, misere: bool) -> int:
    """A target in credited points as a question on the declaring team's own: points >= x
    (a Misère credits the declaring team the opponents' points)."""
    return TOTAL_POINTS + 1 - target if misere else target


# the probes of one deal in one game share the core's transposition table (solver.SHARED_TABLE:
# the core keeps its table for the next solve of the same deal; its entries are bounds,
# true whatever target asked them, also those of a search its budget stopped)
SHARE_TABLE = True

GUESSED, PROBED, REFINED = 0, 1, 2     # how far a deal is judged in a play
FINE, CHEAP, REGUESS = "fine", "cheap", "reguess"   # a task's estimate: the finer one, the cheap one, the kind's again


def _probes_left(j: Judged, play: Play) -> int:
    """How many budgets a deal's decisive probes in ``play`` may still search: one per
    target still open in its bounds, at most three (:func:`_narrow` stops a deal's probes at
    twice the budget, and the last may take one more). A double's or a konter's game asks one
    target (is the standing contract made?): one probe, not three, is what it costs."""
    misere = is_misere(play.strain)
    return max(1, min(3, sum(1 for t in play.decisive if j.lo < _at_least(t, misere) <= j.hi)))


def _open(j: Judged, budget: int) -> bool:
    """The solver has more to say about this deal with ``budget`` nodes a probe: it was not
    asked yet, or its decisive probes stopped under a smaller budget."""
    return not j.probed or (j.estimated and j.tried < budget)


def _guess(hands, play: Play, exact: bool, guessing: "Guessing | None" = None) -> Judged:
    """The declaring team's card points as :func:`_estimate` gives them (``guessing``: the
    evaluation's; the voice's without one; the playout without the compiled core), nothing
    proved yet."""
    guess = _estimate(hands, play, guessing) if exact else None
    if guess is None:
        from tutor.play.playout import play_out
        from tutor.play.rules import parse_strain

        trump, misere = parse_strain(play.strain)
        guess = play_out(hands, trump, play.declarer, misere, exact_from=ENDGAME if exact else None)[team_of(play.declarer)]
    return Judged(0, TOTAL_POINTS, guess, not exact, False, False)


# The estimate of a deal the solver did not answer: the solver's forward-pruned search
# (solver.estimate: the game tree of exact play, but before the last three tricks only the
# first two leads and each follower's first card in the core's own order), deterministic,
# not a bound (clamped into the proved bounds, as the playout was). Against exact play on
# the solver engineer's 260 deals (benchmarks/README "An estimate from a forward-pruned
# search"): 12.8 card points off on average against the playout's 20.3, make/fail at
# 79/100/120 right in 88/88/92 % of deals against 78/80/87 %, in 1-4,000 nodes (0.1 ms, a
# tenth of the playout's time). Each follower's first two cards (follow_k=2) are 8.3 points
# off at 43,000 nodes: in bench_exact_sim (39 positions, the same deals) mean |diff| 0.020
# against 0.025, but largest 0.50 against 0.30, and the voice's CPU 1.21 s against 0.50 s
# (median of 12 positions): not worth it here (benchmarks/README, fifth session).
# Without the compiled core: the playout.
ESTIMATE = {"k": 2, "follow_k": 1, "exact_last": 3}


# An evaluation with EVAL_FROM nodes a deal or more (``tutor eval`` with 60 deals or fewer; with
# 100, 0.6M a deal, it takes the voice's estimate by kind and its finer one where a call competes)
# has the nodes for more of the tree:
# its open deals are estimated with the first three leads and each follower's first two
# cards (about 6 card points off exact play where two leads and one card are 13, 9 ms a
# deal against 0.14, benchmarks/README "An estimate from a forward-pruned search"). In
# bench_exact_sim (the same deals and exact answers) its chances are closer to exact
# play's: benchmarks/README, "Sixth session". The default judgement (10M nodes an
# evaluation) keeps ESTIMATE: its CPU is the user's wait.
ESTIMATE_EVAL = {"k": 3, "follow_k": 2, "exact_last": 3}
EVAL_FROM = 1_000_000        # an evaluation's nodes a deal from which ESTIMATE_EVAL is used
ESTIMATE_NODES = 2_000_000   # ESTIMATE_EVAL (or another Simulation.estimate) at most this many nodes a deal
                             # (about 0.1 s; its searches are heavy-tailed), else ESTIMATE


# The default judgement's estimate by kind: the first of these whose search ends within
# KIND_NODES nodes, else ESTIMATE. Measured against exact play on the deals the voice leaves
# open (benchmarks/bench_estimate.py; benchmarks/README.md, "Eighth session"): two leads and
# one card a follower lean against the declarer in a trump suit (-5 card points: the open
# deals of a strong declarer called failed where exact play makes them, three times as often
# as the other way; QA Q29), and in a Misère they are 20 card points off, one way on one hand
# and the other on the next (Q47's hand: +15 the declarer's way, 80 Obenabe Misère "made in 41
# of 50" where exact play makes it on 16 of 40). Three leads with one card a follower are
# unbiased in a trump suit for three times the nodes (some 3,000); in Obenabe, Undenufe and
# the Misère three leads and two cards a follower (about 110,000 nodes in a Misère; over
# KIND_NODES two leads and two cards) are 6-8 points off instead of 10-20. The chances of the
# voice's contracts on 49 positions, 20 deals each: 0.043 -> 0.028 off exact play on average
# (the halves 0.046 -> 0.027 and 0.039 -> 0.028), the largest 0.45 -> 0.30; no lean added to
# any estimate does better. CPU: trump positions +5-15 %, the extended ones up to four times.
KIND_NODES = 150_000
ESTIMATE_KIND: dict[str, tuple[dict, ...]] = {
    "trump": ({"k": 3, "follow_k": 1, "exact_last": 3},),
    "Obenabe": ({"k": 3, "follow_k": 2, "exact_last": 3}, {"k": 2, "follow_k": 2, "exact_last": 3}),
    "Undenufe": ({"k": 3, "follow_k": 2, "exact_last": 3}, {"k": 2, "follow_k": 2, "exact_last": 3}),
    "Misère": ({"k": 3, "follow_k": 2, "exact_last": 3}, {"k": 2, "follow_k": 2, "exact_last": 3}),
}


# ``tutor eval`` below EVAL_FROM nodes a deal (``--samples 100``: the voice's estimate by kind) lets a
# Misère's estimate by kind (three leads and two cards a follower) search up to 1M nodes before the
# cheaper one is asked (KIND_NODES: 150,000). At eval's nodes a Misère's probes decide almost none of
# its deals (30,000 nodes a probe), so its chances are its estimate's, and within 150,000 nodes a third
# of its deals fell back to two leads (320 of 1,000 deal-games of the bench's five Misère positions),
# which are further off exact play; the fallback also spent the 150,000 first. Without the cap none
# falls back (the largest search 0.9M), 12.7 card points off exact play (standard deviation; 8.8 mean
# |error|) against 13.9 (9.9) on the 683 deal-games exact play knows to within a Zehner, for 6 % more
# nodes (123,000 a deal-game on average against 116,000). eval's Misère contracts on the 100-deal dumps
# of main 14936ba (106 contracts, exact play on the same deals, the deals placed again): mean 0.0188 ->
# 0.0176, the largest 0.11 -> 0.10 (benchmarks/README.md, "Session 46 (solv)"). The voice keeps
# KIND_NODES (its CPU is the user's wait at every call, and its calls would move).
KIND_NODES_EVAL: dict[str, int] = {"Misère": 1_000_000}


class Guessing(NamedTuple):
    """How an evaluation estimates the deals the solver leaves open, carried by each of its jobs
    to the process that judges them (a worker, or this process): ``estimate``, the evaluation's
    (:attr:`Simulation.estimate`: ESTIMATE, the voice's by kind, or another such as
    ESTIMATE_EVAL), and ``eval_kinds``, whether the estimate by kind searches up to
    KIND_NODES_EVAL (eval's). Before (session 46) the job set two flags of the process, which a
    Ctrl-C amid the job could leave set for the process's next estimate (the voice's in ``tutor
    serve``); a value passed down leaves nothing behind."""
    estimate: dict
    eval_kinds: bool = False


VOICE_GUESSING = Guessing(ESTIMATE)     # an estimate asked outside an evaluation: the voice's


def estimate_kind(strain: str) -> str:
    """The kind whose estimate errs alike: "Misère", "Obenabe", "Undenufe" or "trump"."""
    if is_misere(strain):
        return "Misère"
    return strain if strain in ("Obenabe", "Undenufe") else "trump"


def _estimate(hands, play: Play, guessing: Guessing | None = None) -> int | None:
    """The estimate of one deal and game as ``guessing`` (the evaluation's) asks; without one the
    voice's (:data:`VOICE_GUESSING`)."""
    from tutor.play import solver

    if getattr(solver, "estimate", None) is None:
        return None
    guessing = guessing or VOICE_GUESSING
    deal = _deal_of(hands, play)
    if guessing.estimate != ESTIMATE:
        # at most ESTIMATE_NODES (its searches are heavy-tailed: a few take millions), else the cheaper one
        value = solver.estimate(deal, max_nodes=ESTIMATE_NODES, **guessing.estimate)
        if value is not None:
            return value
    else:
        kind = estimate_kind(play.strain)
        most = KIND_NODES_EVAL.get(kind, KIND_NODES) if guessing.eval_kinds else KIND_NODES
        for better in ESTIMATE_KIND.get(kind, ()):
            value = solver.estimate(deal, max_nodes=most, **better)
            if value is not None:
                return value
    return solver.estimate(deal, **ESTIMATE)


# The finer estimate where it decides the answer (issue 26, QA s33 Q1). The voice's trump
# estimate (three leads, one card a follower) is unbiased over the deals it leaves open, but 8.7
# card points off exact play on average: one position can come out wrong by chance (Q1: B's
# singleton-Eichel 70 Eichel over A's 60 Eichel made on 35 of 100 deals, where exact play on the
# same deals makes it on 24 of the 90 it decides, and the voice bid it). Each follower's first
# two cards (k=3/2) are 6 points off, for 50 times the nodes, and lean against the declarer
# where spent on every open deal (net -15 over the replay's chances, against -2.5). They are spent where
# they decide the answer (:func:`_fine_wanted`): on the deals the solver left open of the games
# of the calls that compete for the recommendation, where the deal's points lie within
# FINE_NEAR card points of such a call's mark (its number, or the standing contract's). The
# coarse estimate's wrong calls lie within 12 card points of the mark (Q1's deals: all 10 of
# 83, 5 within 9). On the voice's deals of 58 positions (bench_estimate.py replay, the
# positions' halves) the window chosen on half A, 15 points, lowers the chances' error on both
# halves (A 0.0323 -> 0.0245, B 0.0245 -> 0.0243; 9 points: B 0.0251), for 6.7M nodes of finer
# estimates a 100 deals (median; k=3/2 on every open deal: 126M, and it leans against the
# declarer). Benchmarks/README.md, "Ninth session".
FINE_KIND: dict[str, dict] = {"trump": {"k": 3, "follow_k": 2, "exact_last": 3}}
# The finer estimate leans against the declarer in a trump game: on the 673 trump deal-games of
# benchmarks/exact_sim_answers.json that exact play knows to within a Zehner, three leads and two
# cards a follower are 3.3 card points below exact play on average (three leads and one card:
# 0.0; four leads and two cards: -1.2); QA P107's 90 Rosen on A's 9 A K 7 6: -5.2 on 38 deals.
# A uniform shift of it (3 card points added where it is taken) was measured and dropped: it moves
# QA P107 to 90 Rosen (as exact play, within chance), but the voice's printed chances on
# bench_exact_sim's 44 positions go 0.0319 -> 0.0336 off exact play (10 -> 11 over 0.10) and eval's
# stay (0.0251): benchmarks/README.md, "Session 41" (its switch, FINE_SHIFT, removed in session 42).
FINE_NODES = 2_000_000    # the finer estimate at most this many nodes a deal and game, else the coarse one stays
FINE_NEAR = 15            # card points: a deal this near a competing call's mark gets the finer estimate
FINE_Z = Z_CLEAR          # a call competes where it is not this many standard errors behind the best


# The games no competitive call rests on (the voice's: no passes beyond the first, their
# contracts marked "exact": false) take the cheap estimate (ESTIMATE, some 1,100 nodes) for the
# deals dealt after the first batch (which decides what competes), not the kind's (Obenabe,
# Undenufe and the Misère: up to 150,000 nodes a deal): a third of the voice's CPU on an
# extended table's position where those games are far from the best (QA s33 Q29). A game that
# comes to compete later gets the kind's estimate on those deals again (REGUESS).
CHEAP_REST = True


def _cheap_estimate(hands, play: Play) -> int | None:
    from tutor.play import solver

    if getattr(solver, "estimate", None) is None:
        return _guess(hands, play, True).guess
    return solver.estimate(_deal_of(hands, play), **ESTIMATE)


def _fine_estimate(hands, play: Play) -> int | None:
    """The finer estimate of one deal and game (FINE_KIND; None: none for its kind, or over
    FINE_NODES)."""
    from tutor.play import solver

    spec = FINE_KIND.get(estimate_kind(play.strain))
    if spec is None or getattr(solver, "estimate", None) is None:
        return None
    return solver.estimate(_deal_of(hands, play), max_nodes=FINE_NODES, **spec)


def _fine_wanted(calls, judged, plays, index, s, team, rules, partie, after=None) -> set:
    """The (deal, game) indices whose finer estimate can decide the answer: the calls that
    compete for the recommendation (the best and those not FINE_Z standard errors behind it
    on the same deals), each at its mark (a bid: its number in its own game; fort, a double,
    a konter, saying nothing: the standing contract's in its game; not the Matsch, all or
    nothing, nor a call valued by the auction after it); a deal open there (its decisive
    probe over its budget) whose points lie within FINE_NEAR card points of the mark and
    which has not had it yet."""
    if not judged or not FINE_KIND:
        return set()
    points = _points(judged, plays)
    out = set()
    for i, value in _fine_marks(calls, points, index, s, team, rules, partie, after):
        if estimate_kind(plays[i].strain) not in FINE_KIND:
            continue
        misere = is_misere(plays[i].strain)
        x = _at_least(value, misere)
        for d, row in enumerate(judged):
            j = row[i]
            if not j.estimated or j.fine or j.guess is None or not (j.lo < x <= j.hi):
                continue
            credited = TOTAL_POINTS - points[d][i] if misere else points[d][i]
            if abs(credited - value) <= FINE_NEAR:
                out.add((d, i))
    return out


def _fine_marks(calls, points, index, s, team, rules, partie, after=None) -> set[tuple[int, int]]:
    """The marks of the calls that compete for the recommendation on these card points: (game
    index, credited card points), see :func:`_fine_wanted`."""
    values = _call_values(calls, points, index, s, team, rules, partie, after)
    if not values:
        return set()
    best = max(values, key=lambda name: _mean(values[name]))
    by_name = {str(r.call): r for r in calls}
    high = s.auction.high
    marks: set[tuple[int, int]] = set()
    for name, v in values.items():
        if after is not None and name in after:
            continue
        if name != best:
            gap, se = _gap(values[best], v)
            if gap > FINE_Z * se:
                continue
        r = by_name.get(name)
        if r is not None and r.call.kind == "bid" and r.call.strain and r.call.value is not None:
            game, value = (r.call.strain, s.seat), r.call.value
        elif high is not None and high.call.strain and high.call.value is not None:
            game, value = (high.call.strain, high.seat), high.call.value
        else:
            continue
        if game in index and value < rules.matsch_bid and value < TOTAL_POINTS:
            marks.add((index[game], value))
    return marks


def judge_deal(hands, play: Play, exact: bool = True, node_budget: int | None = None,
               refine: bool = True) -> Judged:
    """What exact play gives the declaring team on one deal, as far as the decision needs.

    The exact solver answers yes/no questions ("does the declaring team reach T?") at the
    play's decisive targets (:func:`decide_deal`), then (``refine``) at the Zehner between
    them until the points lie within one Zehner (:func:`refine_deal`); each answer's bound
    narrows the points further (a probe of 100 that proves 112 answers 110 too). The points
    the values use lie in the bounds the answers prove, so every target asked is made or
    failed exactly as in perfect play; where in the bounds they lie is the playout's
    estimate, clamped into them. ``estimated``: a decisive probe ran over ``node_budget``
    (or all of them over twice that) and left its target to the playout. Without the
    compiled core (``exact`` False) the playout alone answers."""
    judged = _guess(hands, play, exact)
    if not exact:
        return judged
    _start_task(hands, play, None)
    judged = decide_deal(hands, play, judged, node_budget)
    if refine and not judged.estimated:
        judged = refine_deal(hands, play, judged)
    return judged


def decide_deal(hands, play: Play, judged: Judged, node_budget: int | None = None,
                hint: int | None = None) -> Judged:
    """Ask the solver the play's decisive targets (see :func:`judge_deal`); the first
    probe nearest the playout's guess, else ``hint`` (the game's typical points), else
    the middle one."""
    node_budget = node_budget or NODE_BUDGET
    deal = _deal_of(hands, play)
    decisive = [_at_least(t, deal.misere) for t in play.decisive]
    near = judged.guess if judged.guess is not None else hint
    lo, hi, stopped, used = _narrow(deal, decisive, judged.lo, judged.hi, near, node_budget, play.far_first)
    return Judged(lo, hi, judged.guess, stopped and any(lo < x <= hi for x in decisive),
                  nodes=judged.nodes + used, tried=node_budget, decisive_nodes=judged.decisive_nodes + used)


def refine_deal(hands, play: Play, judged: Judged, refine_budget: int | None = None) -> Judged:
    """Narrow what :func:`judge_deal` proved to one Zehner (the play's ``refine`` targets),
    as far as ``refine_budget`` nodes a probe allow."""
    deal = _deal_of(hands, play)
    xs = [_at_least(t, deal.misere) for t in play.refine]
    lo, hi, _stopped, used = _narrow(deal, xs, judged.lo, judged.hi, judged.points, refine_budget or REFINE_BUDGET)
    return replace(judged, lo=lo, hi=hi, refined=True, nodes=judged.nodes + used)


def _narrow(deal, xs, lo: int, hi: int, guess: int | None, budget: int,
            far_first: bool = False) -> tuple[int, int, bool, int]:
    """Narrow ``lo <= points <= hi`` (the declaring team's) by asking "points >= x?" for
    the ``xs`` still open: first the one nearest the guess (None: the middle one), then the middle one; each
    answer's fail-soft bound narrows further. A question over ``budget`` nodes is left
    open (the third value: some were) and the others are still asked, up to twice
    the budget in all; the fourth value: the nodes searched."""
    from tutor.play.solver import SHARED_TABLE, SearchStopped, solve

    global _TASK_STARTED
    used = 0
    first = True
    team = deal.declaring_team
    unknown: set[int] = set()
    while True:
        open_ = sorted(x for x in set(xs) if lo < x <= hi and x not in unknown)
        if not open_ or used >= 2 * budget:
            return lo, hi, bool(unknown) or bool(open_), used
        if far_first and guess is not None:     # (every question in turn: farthest from the guess first)
            x = max(open_, key=lambda v: (abs(v - guess), -v))
        else:
            x = min(open_, key=lambda v: (abs(v - guess), -v)) if first and guess is not None \
                else open_[len(open_) // 2]
        first = False
        # the task's first probe from its carried table or an empty one (_start_task), the
        # others from the table the earlier ones left
        options = (SHARED_TABLE if SHARE_TABLE and _TASK_STARTED else 0) | _own_part()
        _TASK_STARTED = True
        try:
            if deal.misere:     # the core's Misère question: holds its points to x - 1 or fewer
                r = solve(deal, target=x - 1, best=False, max_nodes=budget, options=options)
                ge = not r.reached
            else:
                r = solve(deal, target=x, best=False, max_nodes=budget, options=options)
                ge = r.reached
        except SearchStopped:
            unknown.add(x)
            used += budget
            continue
        used += r.nodes
        g = r.points[team]
        if ge:
            lo = max(lo, g, x)
        else:
            hi = min(hi, g, x - 1)


def _points(judged: list[list[Judged]], plays: Sequence[Play] = (), bounds_bias: bool | None = None,
            split_from: int | None = None, split_made: float = 1.0) -> list[list[int]]:
    """The card points the values use, per deal and game: the playout's, moved by its bias
    in that game, clamped into the bounds the solver proved. The bias: the median of how
    far the proved points lie from the playout's on the deals of the game known to within
    a Zehner (at least BIAS_DEALS of them; else none): the playout misplays the declarer's
    side (it draws trumps it should keep for ruffing), so its points lean low, and a deal
    the solver could not finish is placed inside its bounds where the others suggest.
    A game asked only whether its Matsch is made (``plays``) has no bias: its only deals
    known to within a Zehner are those that make it (a failed Matsch is proved as 156 or
    less), and their lead over the playout would push every open deal to a Matsch.
    ``bounds_bias`` (``tutor eval``'s; None: BIAS_FROM_BOUNDS): the bias from every deal's
    proved bounds (:func:`_bounds_bias`), not only from the deals known to within a Zehner;
    ``split_from`` (None: SPLIT_FROM) the nodes after which an open deal is split
    (:func:`_split_open`), ``split_made`` how often the split makes the long open deals, against
    the long answered ones (eval's SPLIT_MADE_EVAL)."""
    if not judged:
        return []
    if bounds_bias is None:
        bounds_bias = BIAS_FROM_BOUNDS
    bias = []
    for i in range(len(judged[0])):
        if i < len(plays) and plays[i].decisive == (TOTAL_POINTS,) and not plays[i].refine:
            bias.append(0)
            continue
        # a game of one target (a double's: is the standing contract made?) is never narrowed
        # to a Zehner: there a proof on one side measures the bias too (the least shift it
        # demands); elsewhere the deals proved on one side are the easy ones, far from the
        # targets, and would push the open ones, which lie at a target, across it
        one = i < len(plays) and len(plays[i].decisive) == 1
        if bounds_bias and i < len(plays) and not one and estimate_kind(plays[i].strain) not in BOUNDS_MEDIAN_KINDS:
            bias.append(_bounds_bias([row[i] for row in judged]))
            continue
        known = sorted(_inside(j.guess, j.lo, j.hi) - j.guess for j in (row[i] for row in judged)
                       if j.probed and j.guess is not None and (one or j.hi - j.lo < 10) and not j.estimated)
        bias.append(known[len(known) // 2] if len(known) >= BIAS_DEALS else 0)
    # an open deal's estimate moved OPEN_SHIFT card points the declaring team's way (fewer in a
    # Misère; OPEN_SHIFT_KIND: by kind, estimate_kind)
    shift = [OPEN_SHIFT_KIND.get(estimate_kind(plays[i].strain), OPEN_SHIFT) if i < len(plays) else OPEN_SHIFT
             for i in range(len(bias))]
    lean = [-x if i < len(plays) and is_misere(plays[i].strain) else x for i, x in enumerate(shift)]
    out = [[j.points if j.guess is None else _inside(j.guess + b + (s if j.estimated else 0), j.lo, j.hi)
            for j, b, s in zip(row, bias, lean)] for row in judged]
    for i, play in enumerate(plays):
        _split_open(out, judged, i, play, bias[i] + lean[i], split_from, split_made)
    return out


# The estimate's bias in a game from what the solver proved of every deal (``tutor eval``; issue
# 26). The median over the deals known to within a Zehner measures it only where the solver
# narrowed five deals or more: on a strong declaring team's positions most deals stay open at
# eval's budget (hilfe-07, C with the Eichel 9 7 behind A's opening: 19 of 20) and the
# estimate's lean against the declarer went uncorrected (C's Eichel contracts 0.039 off exact
# play on average, every wrong one too low). Every deal's bounds say something of the estimate:
# a deal proved to make 120 that the estimate puts at 112 says it is low there; a deal known to
# within a Zehner says it most precisely. The bias is the likeliest shift of the estimate given
# each deal's bounds (the estimate's error taken as normal, BOUNDS_SIGMA card points: three leads
# and two cards a follower are 6-9 points off exact play, benchmarks/README "Eighth session"),
# with BOUNDS_PRIOR deals' worth of belief that it has none; a deal with no bound proved says
# nothing. A deal proved on one side only counts as lying anywhere on that side (the likelihood
# of its bound), not at the least shift that would put it there (which pushed the open deals
# across their targets, third session). Games of several targets only: a double's game of one
# target keeps its one-sided rule. On bench_exact_sim's 43 positions x 20 deals (the same
# searches placed again, the positions' halves): at eval's 6M nodes a deal mean |diff| 0.0122 ->
# 0.0102 (A 0.0135 -> 0.0117, B 0.0108 -> 0.0085), positions over 0.10 6 -> 5, the largest 0.15
# both; hilfe-07 0.039 -> 0.011. benchmarks/README.md, "Tenth session".
BIAS_FROM_BOUNDS = False     # the module's default for _points (the voice's: the median rule)
BOUNDS_SIGMA = 8
BOUNDS_PRIOR = 5
# ... per BOUNDS_PRIOR_PER deals of the evaluation (None: BOUNDS_PRIOR whatever their number). Session 46
# (solv): the rule was measured on the 20-deal bench (5 deals' worth against 20 deals' bounds); at eval's
# own 100 deals the same 5 weighed a fifth as much. Where every deal's bound lies on one side (fuenfer-10,
# D's Schellen after «60 Rosen, 70 Schellen, 90 Rosen»: all 100 deals open, each with a ceiling only, the
# higher Zehner failing quickly) the likelihood of a shift has no maximum and the prior alone stops it:
# -8 card points at 100 deals (-4 at 20), where exact play says the estimate is 2 high, and 100 / 110
# Schellen showed 0.65 / 0.38 against exact play's 0.81 / 0.54. With the prior's share kept (25 deals'
# worth at 100 deals: -3) 0.81 / 0.48. On the bench's 41 positions at 100 deals (main 14936ba's dumps,
# exact play on the same deals, the deals placed again) the mean of the positions 0.0146 -> 0.0141, the
# largest 0.17 -> 0.11 (obenabe-over's 70 Rosen B 0.50 -> 0.52 against 0.41, 0.49-0.54 at every bias
# from -3 to +1); at 20 deals nothing moves (benchmarks/README.md, "Session 46 (solv)").
BOUNDS_PRIOR_PER = 20
BOUNDS_RANGE = 25            # card points the bias may take either way
# Session 45 (solv; issue 26's largest error at eval's own 100 deals): two corrections, measured on
# bench_exact_sim's 100-deal dumps (18 positions, exact play on the same deals: mean of the positions'
# |diff| 0.0225 -> 0.0207, the largest 0.15 -> 0.11, positions over 0.10 3 -> 1) and on session 41's
# 20-deal dumps at eval's nodes a deal (43 positions, two runs: 0.0251 -> 0.0247, 0.0283 -> 0.0279,
# the largest the same); benchmarks/README.md, "Session 45 (solv)".
# - The floor is no bound (BOUNDS_FLOOR_OPEN): a deal the estimate gives 0 card points (the
#   opponents' Matsch) that the solver proved nothing above 0 for counted as "its points are at
#   least 0", which holds whatever the bias, and pushed the bias up (frei-raise, C's Eichel: 14
#   such deals, the bias +6 where exact play says the estimate is 5 points high; 90 Eichel 0.38
#   against exact 0.28; without them 0). The ceiling stays: a deal the estimate gives 157 (a
#   Matsch) whose points exact play keeps under 157 does say the estimate is high (eroeffnung-gen-13:
#   43 of 100 deals; without the ceiling 130 Eichel 0.93 -> 0.96 against exact 0.83).
# - A Misère keeps the median rule (BOUNDS_MEDIAN_KINDS): at eval's nodes its probes prove one side
#   only (the declaring team takes at least 48 or 58 points: the Misère is not made at 110 or 100)
#   and almost every deal stays open, and its estimates sit at the ceiling where the hand takes
#   every trick (misere-opening's Undenufe Misère: 15 deals at 157); the bias from those bounds
#   went the wrong way in 4 of its 6 games measured (tischregeln-06's Undenufe Misère +2 where
#   exact play says the estimate is 5 points high: 70 Undenufe Misère 0.69 against 0.84;
#   misere-opening's -6: 60 Undenufe Misère 0.29 against 0.16). The Misère's contracts: mean
#   0.0284 -> 0.0223, the largest 0.15 -> 0.11.
BOUNDS_FLOOR_OPEN = True
BOUNDS_MEDIAN_KINDS: frozenset = frozenset({"Misère"})


def _bounds_bias(col: Sequence[Judged]) -> int:
    """The estimate's bias in one game from the deals' proved bounds (see BIAS_FROM_BOUNDS):
    the shift b (in half points, rounded to whole ones) that makes the bounds likeliest, each
    deal's points taken as its estimate + b + an error of BOUNDS_SIGMA, with BOUNDS_PRIOR
    deals' weight on b = 0 per BOUNDS_PRIOR_PER deals of ``col``. The likelihood is log-concave in b: a ternary search."""
    floor = -math.inf if BOUNDS_FLOOR_OPEN else None     # (an unproved floor says nothing)
    obs = [(j.lo - 0.5 - j.guess if j.lo > 0 or floor is None else floor, j.hi + 0.5 - j.guess) for j in col
           if j.probed and j.guess is not None and (j.lo > 0 or j.hi < TOTAL_POINTS)]
    if not obs:
        return 0
    root = math.sqrt(2) * BOUNDS_SIGMA
    prior = BOUNDS_PRIOR * len(col) / BOUNDS_PRIOR_PER if BOUNDS_PRIOR_PER else BOUNDS_PRIOR

    def ll(half: int) -> float:
        b = half / 2
        total = -prior * (b / BOUNDS_SIGMA) ** 2 / 2
        for lo, hi in obs:
            p = (math.erf((hi - b) / root) - math.erf((lo - b) / root)) / 2
            total += math.log(max(p, 1e-12))
        return total

    lo, hi = -2 * BOUNDS_RANGE, 2 * BOUNDS_RANGE
    while hi - lo > 2:
        a, c = lo + (hi - lo) // 3, hi - (hi - lo) // 3
        if ll(a) < ll(c):
            lo = a + 1
        else:
            hi = c
    best = max(range(lo, hi + 1), key=lambda h: (ll(h), -abs(h)))
    return round(best / 2)


SPLIT_FROM = 1_000_000   # a decisive probe that ran out after this many nodes (or more) sits at the deal's value
SPLIT_SHARE = 6          # ... in eval, after a sixth of a deal's share of its nodes where that is less


# card points an open deal's estimate is moved the declaring team's way: measured on the bench's
# halves and not adopted (benchmarks/README, seventh session); --replay "OPEN_SHIFT=n" measures it
OPEN_SHIFT = 0
OPEN_SHIFT_KIND: dict[str, int] = {}   # ... by kind (estimate_kind); measured in the eighth session, not adopted
SPLIT_PRIOR = (1, 1)    # the made and failed deals added to the long answered ones that place the long open ones
SPLIT_NEAREST = True    # split at the open target nearest the deal's estimate (False: at its first open target)
# In ``tutor eval`` below EVAL_FROM nodes a deal (``--samples 100`` and more: the voice's estimate by
# kind) the long open deals are made this share as often as the long deals the solver answered
# at their target (the voice, and eval from EVAL_FROM on: as often). The
# answered ones are not like the open ones: a long probe that finishes has more often proved
# "made" (presumably the declaring team's sure tricks cut the search for "made" early, while
# "failed" needs the whole tree), so the deals it leaves open fail more often than the answered
# ones. On bench_exact_sim's 43 positions x 20 deals at eval's nodes the long open deals were made
# on 203 of 447 (45 %) where the split's shares said 268 (60 %); the answered long ones on 558 of
# 867 (64 %): 0.45 / 0.64 = 0.70; tischregeln-gen-04 at eval's 100 deals 29 of 76 against 63. The
# other open deals, placed by that estimate, lean neither way there (placed made where exact play
# fails 162 times, failed where it makes 164, of 4,225 trump deal-targets). From EVAL_FROM on eval
# estimates with three leads and two cards a follower, whose open deals lean against the declarer
# (at twice the nodes: 76 against 169), and the split's excess offsets it: there a smaller share
# moves eval's chances further from exact play's (the README's worked example at 50 deals: 130
# Eichel 46 -> 45 of 50, exact play 47), so it stays. benchmarks/README.md, "Session 40".
SPLIT_MADE_EVAL = 0.7


def _split_open(points: list[list[int]], judged: list[list[Judged]], i: int, play: Play, bias: int,
                split_from: int | None = None, made_share: float = 1.0) -> None:
    """Place the deals whose decisive probe ran out after SPLIT_FROM nodes or more (in game
    ``i``) on both sides of the open target nearest their estimate: a probe is long where the
    deal's value lies at its target (far from it, either answer is quick), and the playout, which
    misplays the same hands the same way, would put them all on one side. The share made
    is that of the deals like them the solver did answer: the game's deals whose decisive
    probes searched SPLIT_FROM nodes or more and proved that target made or failed, with
    one of each added (half and half without them). A strong declaring team that makes
    exactly its number has its long deals made, not half of them (120 Eichel by A after
    «60 Eichel, fort, 80 Eichel, fort»: exact play makes it on 50 of 50 deals, the long ones
    between 120 and 129). The deals the playout's guess (with its bias) puts highest are the
    made ones; where the share falls between two deals, that one keeps its guess. (On 5
    positions x 20 deals whose every probe was solved, halves: at 1-10M nodes a probe the
    largest error of a contract's chance 0.25 -> 0.15-0.20, benchmarks/README.) The target is
    the open one nearest the deal's estimate, not its first open one: where no probe of a deal
    finished, its first open target is merely the lowest (D's Schellen after «fort, fort, 50
    Schellen», bounds 0..119: the first open target 60), and the three long deals the solver
    answered there (all failed) put six open deals estimated at 71-101 under 60, where exact
    play makes it on each (doppeln-gen-02: 60 Schellen shown at 0.25, exact 0.60;
    benchmarks/README, seventh session). ``made_share`` (eval's SPLIT_MADE_EVAL): the long open
    deals are made that share as often as the long answered ones (a finished long probe has
    mostly proved "made")."""
    split_from = SPLIT_FROM if split_from is None else split_from
    if split_from is None:
        return
    misere = is_misere(play.strain)
    # not the Matsch's 157: all or nothing, its long probes say nothing of a coin
    targets = sorted(_at_least(t, misere) for t in play.decisive if t != TOTAL_POINTS)

    def answered(x: int, long_only: bool) -> list[Judged]:
        """The game's deals the solver answered at ``x`` (made or failed), those whose
        decisive probes searched SPLIT_FROM nodes or more (``long_only``) or all of them."""
        return [row[i] for row in judged if row[i].probed and not (row[i].lo < x <= row[i].hi)
                and (not long_only or row[i].decisive_nodes >= split_from)]

    # a game of one target (a double's or a konter's: is the standing contract made?) where
    # the solver answered BIAS_DEALS deals or more: its open deals the estimate puts within
    # NEAR points of the target are placed by those answers too, whatever their probes searched
    wide = len(targets) == 1 and len(play.decisive) == 1 and len(answered(targets[0], False)) >= BIAS_DEALS
    groups: dict[int, list] = {}
    for d, row in enumerate(judged):
        j = row[i]
        if not j.estimated:
            continue
        open_targets = [x for x in targets if j.lo < x <= j.hi]
        first = None if not open_targets else open_targets[0] if not SPLIT_NEAREST else \
            min(open_targets, key=lambda x: (abs(j.guess + bias - x), x))
        if first is not None and (j.tried >= split_from or (wide and abs(j.guess + bias - first) < NEAR)):
            groups.setdefault(first, []).append((j.guess + bias - first, d))
    for x, open_ in groups.items():
        hard = answered(x, not wide)
        share = (sum(1 for j in hard if j.lo >= x) + SPLIT_PRIOR[0]) / (len(hard) + sum(SPLIT_PRIOR))
        if not wide:     # (a double's one target: every answered deal near it, not the long ones alone)
            share *= made_share
        open_.sort(key=lambda e: (-e[0], e[1]))
        made = share * len(open_)
        for rank, (_, d) in enumerate(open_):
            j = judged[d][i]
            if rank + 1 <= made:
                points[d][i] = _inside(max(j.guess + bias, x), j.lo, j.hi)
            elif rank >= made:
                points[d][i] = _inside(min(j.guess + bias, x - 1), j.lo, j.hi)


NEAR = 10   # card points: an estimate this near a target says little of which side the deal lies on
            # (the solver's estimate is 8 points off exact play on average)


IMPOSSIBLE = {1: 0, TOTAL_POINTS - 1: TOTAL_POINTS - 2}   # no card counts 1: nobody takes 1 or 156


def _inside(guess: int, lo: int, hi: int) -> int:
    """The guess clamped into ``lo <= x <= hi``, never a count no deal gives (1, 156)."""
    x = min(max(guess, lo), hi)
    if x in IMPOSSIBLE:
        y = IMPOSSIBLE[x]
        x = y if lo <= y <= hi else (x + 1 if x + 1 <= hi else x - 1 if x - 1 >= lo else x)
    return x


# The deals honour what the forts denied too, not only what the calls promised (False: the
# promises alone, as before the eighth session). With the estimate of two leads and one card a
# follower the voice read the deals that honour the denials low (QA_DOUBLE in
# tests/test_simulation_exact.py: 120 Eichel made in 35 of 50 where exact play makes 49 of 50,
# and it doubled); with the estimate by kind (ESTIMATE_KIND) its chances on 16 positions with
# a fort are as near exact play's with the denials as without (0.037 against 0.035 off on
# average; with the old estimate 0.075 against 0.048), and where the denials move exact play's
# chance by 0.10 or more the voice's moves the same way on 15 of 17 (benchmarks/README.md,
# "Eighth session").
DEAL_DENIALS = True


ENDGAME = 5   # the playout's last tricks solved exactly where the compiled solver core is built


def exact_available() -> bool:
    """The compiled solver core is built: the simulation judges its deals exactly. Without
    it the simulation can only estimate them with the playout (every deal ``estimated``)."""
    from tutor.play import solver

    return solver.ENGINE == "c"


# A pass whose deals are one deal (the last passes' hard deal, given more nodes) ran as one job: its
# games one after the other in one process while the other core waited, a tenth to a fifth of eval's
# wall on some positions (eroeffnung-gen-01: 0.44 s of CPU in such passes, two workers modelled from
# each job's CPU 2.19 s, 2.01 s with the games split; judge, session 47). Each of that deal's games is
# then a job of its own: the games' tasks are independent (each starts from its carried table or an
# empty one, test_simulation_exact's other order), so the answers are the same.
SPLIT_ONE_DEAL = True


class _Pool:
    """Both cores: a fork pool when there is more than one worker, else in-process. The
    deals go out one at a time (their searches differ a hundredfold in cost), and come
    back in order: the same seed, the same numbers."""

    def __init__(self, workers: int, budget_class=0, estimate: dict | None = None, eval_kinds: bool = False,
                 forked: "_Forked | None" = None) -> None:
        self.pool = None
        self.forked = None      # the position its workers are forked with (ENDINGS_IN_WORKERS)
        self.estimate = estimate or ESTIMATE
        self.eval_kinds = eval_kinds     # the open deals' estimate by kind searches up to KIND_NODES_EVAL (eval's)
        self.guessing = Guessing(self.estimate, eval_kinds)     # (each job carries it)
        self.tables: dict = {}     # (deal, play) -> the solver's table its stopped probes left (CARRY_TABLES)
        self.table_bytes = 0
        self.budget_class = budget_class   # the evaluation's nodes (part of a deal's key)
        # what the solver answered in this evaluation: (deal, exact, nodes, estimate), play -> Judged.
        # One evaluation's alone (issue 26: the same question, the same answer, whatever the
        # process asked before; before, kept across evaluations of the same nodes, an earlier
        # evaluation's answers moved a later one's figures: 93 of 100 fresh, 94 after another).
        # Kept by the numbers :meth:`ids` gives the deal's key and the play: a run looks up every
        # deal in every play several times, and a key (the deal's 36 cards in nested tuples) and a
        # Play (a dataclass) hash again at every look-up: a tenth to a third of the main process's
        # CPU in ``tutor bid`` went to it (judge, session 46). :meth:`at` reads one entry by key and play.
        self.judged: dict[tuple[int, int], Judged] = {}
        self._key_ids: dict = {}
        self._play_ids: dict = {}
        self.cheap: set = set()    # play indices whose deals take the cheap estimate (CHEAP_REST)
        # plays asked only on some deals (AfterFort: the contract each deal's auction reaches),
        # Play -> the deals' card tuples; on the others such a play is not judged (UNASKED)
        self.only: dict = {}
        if workers > 1:
            # (not multiprocessing.Pool: its clean-up could wait forever on a worker; see workers.py)
            from tutor.judgement.workers import Pool

            try:
                self.pool = Pool(workers, forked)
                self.forked = forked
            except OSError:
                self.pool = None
        self.workers = workers if self.pool else 1

    def run(self, deals, plays, exact: bool, stages=None, budget: int | None = None,
            allow=None, refine_budget: int | None = None, guess_open: bool = True,
            fine: "set | None" = None) -> list[list[Judged]]:
        """Each deal judged in each play, as far as ``stages`` asks (play index -> GUESSED,
        PROBED or REFINED; GUESSED for the others) with ``budget`` nodes a decisive probe
        (0: no decisive probe, only the narrowing ones) and ``refine_budget`` a narrowing
        one (default: ``budget``, at most REFINE_BUDGET) (``allow``: only the deals of these
        indices are probed further; ``fine``: the (deal, play) indices that get the finer
        estimate, :func:`_fine_wanted`); what this evaluation judged before (earlier passes
        and batches) is remembered."""
        fine = fine or set()
        cheap = self.cheap
        stages = stages or {}
        budget = NODE_BUDGET if budget is None else budget
        if refine_budget is None:
            refine_budget = min(REFINE_BUDGET, budget)
        keys = self.keys(deals, exact)
        kids, pids = self.ids(keys, plays)
        by_deal: dict[int, list] = {}
        judged = self.judged
        hints = [_hint([judged.get((k, p)) for k in kids]) for p in pids]
        only = [self.only.get(p) for p in plays]     # (None: asked on every deal)
        for i, (key, k) in enumerate(zip(keys, kids)):
            for j, p in enumerate(pids):
                if only[j] is not None and key[0] not in only[j]:
                    continue
                known = judged.get((k, p))
                want = stages.get(j, GUESSED) if exact else GUESSED
                if allow is not None and i not in allow:
                    want = GUESSED
                probing = bool(want >= PROBED and budget and (known is None or _open(known, budget)))
                finer = (i, j) in fine and known is not None and known.estimated and not known.fine
                again = known is not None and known.cheap and j not in cheap
                mode = FINE if finer else REGUESS if again else CHEAP if j in cheap else None
                more = known is None or probing or finer or again or (
                    want >= REFINED and refine_budget and not known.refined and not known.estimated) or (
                    _needs_guess(known, exact, i < BIAS_SAMPLE, guess_open))
                if more:
                    by_deal.setdefault(i, []).append((j, known, want, probing, mode))
        # (a pass of one deal with several games: each game a job of its own, SPLIT_ONE_DEAL)
        units = [(i, [task]) for i, tasks in by_deal.items() for task in tasks] \
            if SPLIT_ONE_DEAL and self.pool is not None and len(by_deal) == 1 else list(by_deal.items())
        jobs = [([deals[i]], [(plays[j], known, want, hints[j], self.tables.get((kids[i], pids[j])) if probing else None,
                               mode)
                              for j, known, want, probing, mode in tasks], exact, budget,
                 refine_budget, i < BIAS_SAMPLE, guess_open, self.guessing)
                for i, tasks in units]
        if self.pool is None or len(jobs) < 2:
            parts = [_judge_all(job) for job in jobs]
        else:
            parts = self.pool.map(_judge_all, jobs, chunksize=1)
        for (i, tasks), part in zip(units, parts):
            for (j, _known, _want, probing, _mode), (answer, saved) in zip(tasks, part[0]):
                judged[(kids[i], pids[j])] = answer
                if probing:
                    self._carry((kids[i], pids[j]), saved)
        return [[judged[(k, p)] if o is None or key[0] in o else UNASKED for p, o in zip(pids, only)]
                for key, k in zip(keys, kids)]

    def keys(self, deals, exact: bool) -> list[tuple]:
        """Each deal's key: its cards, and what its answers depend on besides (exact, the
        evaluation's nodes, the estimate)."""
        rest = (exact, self.budget_class, tuple(sorted(self.estimate.items())))
        return [(tuple(map(tuple, d)), *rest) for d in deals]

    def ids(self, keys, plays) -> tuple[list[int], list[int]]:
        """The numbers :attr:`judged` keeps the deals of ``keys`` and the ``plays`` by (each key,
        each play its own, for this pool's life)."""
        k_ids, p_ids = self._key_ids, self._play_ids
        return ([k_ids.setdefault(k, len(k_ids)) for k in keys],
                [p_ids.setdefault(p, len(p_ids)) for p in plays])

    def at(self, key, play: Play) -> Judged:
        """What the pool holds of the deal of ``key`` in ``play``."""
        return self.judged[(self._key_ids[key], self._play_ids[play])]

    def _carry(self, key, saved: bytes | None) -> None:
        """Keep the table a deal's probes left for its next pass (None: it has none, the
        deal is decided), within TABLES_KEPT bytes in all: over them it is not kept. Done
        in the order the deals were dealt, in the main process: the same tables whatever
        the pool's order."""
        old = self.tables.pop(key, None)
        if old is not None:
            self.table_bytes -= len(old)
        if saved is not None and self.table_bytes + len(saved) <= TABLES_KEPT:
            self.tables[key] = saved
            self.table_bytes += len(saved)

    def close(self) -> None:
        self.tables.clear()
        if self.pool is not None:
            self.pool.terminate()     # kills the workers, whatever they are doing: waits on nothing they hold


# a play not asked on a deal (_Pool.only): nothing proved, nothing estimated, never used
UNASKED = Judged(0, TOTAL_POINTS, None, False, False, False)


def _hint(known: Sequence[Judged | None]) -> int | None:
    """A game's typical card points for its first probe on a deal not played out: the
    median of the deals the solver answered so far (None under three of them)."""
    points = sorted(j.points for j in known if j is not None and j.probed and not j.estimated)
    return points[len(points) // 2] if len(points) >= 3 else None


# -- the simulation ------------------------------------------------------------------------
class Simulation:
    """The evaluation behind the tutor's voice and ``eval``: deals that fit the auction,
    judged by exact play. The judge a user hears is :class:`tutor.judgement.voice.Voice`
    (``judgement.default_judge``), which words an Evaluation; this class is not a judge."""

    name = "simulation"

    def __init__(self, samples: int = 200, seed: int | None = 1, progress: bool = False,
                 workers: int | None = None, early_stop: bool = True, exact: bool | None = None,
                 node_budget: int | None = None, nodes: int | None = None, every_game: bool = False,
                 every_zehner: bool = True, rest_games: bool = True, estimate: dict | None = None,
                 fine: bool | None = None, bounds_bias: bool | None = None, second: float = 0.0) -> None:
        self.samples = samples
        self.seed = seed
        self.progress = progress
        self.workers = workers if workers is not None else min(2, os.cpu_count() or 1)
        self.early_stop = early_stop
        self.exact = exact_available() if exact is None else exact and exact_available()
        self.node_budget = node_budget      # nodes a decisive probe may search (default: from ``nodes``)
        self.nodes = nodes or NODES_PER_EVALUATION   # the decisive probes' nodes in all
        # every game the contracts listed rest on gets the passes, not only those a call that
        # could be the best rests on (``tutor eval``: each contract's chance is the evidence)
        self.every_game = every_game
        # every Zehner above the standing bid decisive in the hand's kinds (else only the calls'
        # numbers and the Zehner above each, the others left to the narrowing probes)
        self.every_zehner = every_zehner
        # the games no competitive call rests on get the passes with the nodes the others
        # leave (``tutor eval``: each contract's chance is the evidence; the voice: no)
        self.rest_games = rest_games
        # the solver's estimate of the deals it did not answer (solver.estimate's arguments)
        self.estimate = estimate or (ESTIMATE_EVAL if self.nodes // max(1, samples) >= EVAL_FROM else ESTIMATE)
        # the finer estimate where it decides the answer (_fine_wanted): the voice's (its estimate
        # by kind); eval's estimate is the finer one already
        self.fine = self.estimate == ESTIMATE if fine is None else fine
        # the estimate's bias from every deal's proved bounds (_bounds_bias): eval's, whose chances
        # are the evidence (the voice keeps the median over the deals known to within a Zehner)
        self.bounds_bias = rest_games if bounds_bias is None else bounds_bias
        # eval's open deals by kind search up to KIND_NODES_EVAL (the voice: KIND_NODES)
        self.eval_kinds = self.bounds_bias and self.estimate == ESTIMATE
        # eval's open deals are split (_split_open) after a sixth of a deal's share of the nodes
        # where that is less than SPLIT_FROM (at 0.6M nodes a deal: 100,000; the voice: SPLIT_FROM)
        self.split_from = min(SPLIT_FROM, self.nodes // max(1, samples) // SPLIT_SHARE) \
            if self.bounds_bias and SPLIT_FROM is not None else None
        # the count's Ace announcements in an open suit or the team's own valued by the auction
        # after them as one in the opponents' suit is (:func:`_bid_out_ace`): the voice asks it where
        # the hand has a sure game of its own (voice.ACE_OWN_GAME)
        self.aces_after: frozenset = frozenset()
        # ... and the hand's bids valued by the auction after them beside such an announcement (the
        # same measure for both: voice._own_game_ace)
        self.bid_out: frozenset = frozenset()
        # Matsch calls the answer keeps whatever share of the deals makes them (_answerable): the voice's
        # proof of a Matsch on every deal (voice.BEST_OVER_SURE, MATSCH_KEPT_SHARE); empty otherwise
        self.matsch_kept: frozenset = frozenset()
        # eval's long open deals made less often than the answered ones, where its open deals take
        # the voice's estimate (below EVAL_FROM nodes a deal: SPLIT_MADE_EVAL)
        self.split_made = SPLIT_MADE_EVAL if self.bounds_bias and self.estimate != ESTIMATE_EVAL else 1.0
        self.marks: set | None = None
        # eval's second pass (:meth:`_second`): at most this many times the evaluation's nodes more
        # for the contracts whose open deals lie near their number (``tutor eval``: EVAL_SECOND)
        self.second = second

    def evaluate(self, hand: Hand, s, readings: Sequence, standing: Standing | None = None) -> Evaluation:
        seat, rules = s.seat, s.rules
        team = team_of(seat)
        # the other seats hold what their calls promised and none of what their forts denied
        # (where no deal can honour the denials with this hand, the promises alone: said)
        if DEAL_DENIALS:
            dealer, honoured = honouring({seat: hand}, s.promised, s.denied)
            unheld = [] if honoured else ["fort"]
        else:
            dealer, unheld = Dealer({seat: hand}, s.promised), []
        double = _double_fit(s, standing)
        # what the calls show beyond their promises, the double last (_count_reads)
        fits, read, more = _honoured(dealer, _count_reads(s) + [("double", double)] * (double is not None), self.seed)
        unheld += more
        missed: list = []    # deals that keep to the promises alone (no fitting one in FIT_TRIES)
        pick = _count_pick(hand, s, readings, standing)   # the count's call, asked once (an Ace, a Hilfe)
        calls = _playable(_candidate_calls(s, readings), dealer, s) + _aces(hand, s, readings, standing, pick,
                                                                          self.aces_after)
        plays = _plays(s, calls, self.every_zehner)
        index = {(p.strain, p.declarer): i for i, p in enumerate(plays)}
        partie = None if standing is None else (standing.score.get("AC", 0), standing.score.get("BD", 0),
                                                standing.target)
        if partie is not None:
            plays = _with_partie_targets(plays, calls, s, team, partie)
            index = {(p.strain, p.declarer): i for i, p in enumerate(plays)}
        # the calls valued by the auction after them, deal by deal (_continued)
        misread = _misread(s, calls, hand, readings)
        continued = _continued(s, calls, standing, misread, self.aces_after, self.bid_out)
        # the count's Hilfe weighed by the auction after it, beside its value as the contract played
        hilfe = _weighed_hilfe(pick, continued)
        after = _Rest(s, continued, standing, misread, [hilfe] if hilfe is not None else []) \
            if continued or hilfe is not None else None
        self._only = after.only if after is not None else {}
        widens = _widens(s, calls)     # bids the deals may value by the auction after them later (CONTESTED_ALL)
        tie = TIE_STOP and _contest(s) == "open"     # the deals may stop on a tie (_tied)
        own = len(plays)     # the hand's games and the standing contract's; after them the others' contracts
        rng = random.Random(self.seed)
        # (the position the pool's workers walk the endings from: ENDINGS_IN_WORKERS)
        forked = {"forked": _Forked(s, standing)} if ENDINGS_IN_WORKERS else {}
        pool = _Pool(self.workers, self.node_budget or self.nodes, self.estimate, self.eval_kinds, **forked) \
            if plays or after else None
        if after is not None:
            after.pool = pool
        judged: list[list[Judged]] = []
        live: set[int] = set()
        dealt: list = []
        deals: list = []
        stopped = False
        try:
            while len(judged) < self.samples:
                n = min(BATCH, self.samples - len(judged))
                batch = [_deal(dealer, rng, fits, missed) for _ in range(n)]
                dealt += batch
                deals += [[sorted(_index(c) for c in d[x]) for x in SEATS] for d in batch]
                if after is not None:
                    plays = after.add(batch, deals[-n:], plays, index, own, team, partie)
                    pool.only = after.only
                if pool and self.exact and not self.node_budget:
                    # the first pass of the probes asks every game of the new deals at once: the
                    # playout is asked only where the solver did not answer (Judged.points)
                    first = dict.fromkeys(range(len(plays)), PROBED)
                    # (the first batch's open deals played out at once: which games are worth the
                    # passes is judged on their values; later batches are played out after the passes)
                    judged += pool.run(deals[-n:], plays, self.exact, first, self._first_budget(len(deals), plays),
                                       guess_open=len(deals) <= BATCH)
                else:
                    judged += pool.run(deals[-n:], plays, self.exact) if pool else [[] for _ in batch]
                while True:
                    if pool:
                        # the solver for the games a call that could be the best rests on, then
                        # the card points to one Zehner where such calls rest on several games
                        live |= set(range(len(plays))) if self.every_game else \
                            _live(calls, judged, plays, index, s, team, rules, partie, after)
                        if after is not None:
                            live |= after.live(plays)
                        judged, budget = self._probe(pool, deals, plays, live)
                        if CHEAP_REST and self.fine and not self.rest_games and not self.every_game:
                            # the games no competitive call rests on: the cheap estimate, from the second batch on
                            pool.cheap = set(range(len(plays))) - live if len(deals) > BATCH else set()
                        judged = pool.run(deals, plays, self.exact, {}, 0)     # the deals still open played out
                        refine = frozenset(i for i in _contenders(calls, judged, plays, index, s, team, rules, partie, after)
                                           if i in live)
                        if refine:
                            # the narrowing probes, within what the decisive ones left of the nodes
                            # (no decisive probe again: the passes gave each deal what the nodes allowed)
                            judged = pool.run(deals, plays, self.exact, dict.fromkeys(refine, REFINED), 0,
                                              refine_budget=self._refine_budget(judged, len(deals), len(refine), budget))
                        rest = set(range(len(plays))) - live
                        if rest and self.rest_games and self.exact and not self.node_budget:
                            # eval's evidence: the games no competitive call rests on get the passes
                            # too, with what the decisive ones and the narrowing left of the nodes
                            judged, _ = self._probe(pool, deals, plays, rest)
                            judged = pool.run(deals, plays, self.exact, {}, 0)
                        if self.fine and self.exact:
                            # the finer estimate of the open deals near a competing call's mark
                            want = _fine_wanted(calls, judged, plays, index, s, team, rules, partie, after)
                            if want:
                                judged = pool.run(deals, plays, self.exact, {}, 0, fine=want)
                            if self.marks is not None:   # (benchmarks/bench_estimate.py: the marks it was asked at)
                                placed = _points(judged, plays, self.bounds_bias, self.split_from, self.split_made)
                                self.marks |= _fine_marks(calls, placed, index, s, team, rules, partie, after)
                    results = _points(judged, plays, self.bounds_bias, self.split_from, self.split_made)
                    # the bids within reach of the best valued by the auction after them too, on
                    # every deal so far, and the games asked again (CONTESTED_ALL)
                    wide = _widened(calls, _call_values(
                        _answerable(calls, results, index, s, team, rules, partie, hand, standing),
                        results, index, s, team, rules, partie, after), after, s) if pool and widens else []
                    if not wide:
                        break
                    if after is None:
                        after = _Rest(s, [], standing, misread)
                        after.pool = pool
                    plays = after.extend(wide, dealt, deals, plays, index, own, team, partie)
                    pool.only = self._only = after.only
                    # the new games' first pass on every deal so far, as a batch's
                    judged = pool.run(deals, plays, self.exact, dict.fromkeys(range(len(plays)), PROBED),
                                      self._first_budget(len(deals), plays), guess_open=False) \
                        if self.exact and not self.node_budget else pool.run(deals, plays, self.exact)
                self._show(len(judged))
                if self.early_stop and len(judged) >= MIN_SAMPLES and len(judged) < self.samples:
                    # (STOP_ANSWERABLE: the calls the answer can be, as _conclude keeps them)
                    asked = _answerable(calls, results, index, s, team, rules, partie, hand, standing) \
                        if STOP_ANSWERABLE else calls
                    values = _call_values(asked, results, index, s, team, rules, partie, after)
                    searched = [not any(j.estimated for i, j in enumerate(row) if i in live) for row in judged]
                    if (_clear(values) or (tie and _tied(values, self.samples))) \
                            and not _contradicted(values, searched):
                        stopped = True
                        break
        finally:
            carried = {}
            if pool is not None:
                if self.second and CARRY_SECOND and pool.tables:
                    # the tables the decision's stopped probes left, by deal and game: eval's second
                    # pass goes on from them (_second) instead of searching that part again
                    kids, pids = pool.ids(pool.keys(deals, self.exact), plays)
                    at = {(k, p): (d, i) for d, k in enumerate(kids) for i, p in enumerate(pids)}
                    carried = {at[kp]: t for kp, t in pool.tables.items() if kp in at}
                pool.close()
            self._show(None)
        context = {"hand": hand, "s": s, "standing": standing, "calls": calls, "plays": plays, "index": index,
                   "partie": partie, "after": after, "live": live, "own": own, "dealt": dealt, "deals": deals,
                   "stopped": stopped, "unheld": unheld, "missed": len(missed), "read": read,
                   "hilfe": str(pick.call) if _is_hilfe(pick) else None}
        return self._second(self._conclude(context, judged), carried)

    def _second(self, ev: Evaluation, carried: dict | None = None) -> Evaluation:
        """eval's second pass: the contracts eval lists whose open deals the estimate is expected
        to call wrong at their number on SECOND_SHARE of the deals or more (SECOND_WRONG by the
        estimate's distance from it: the wrong deals lie near the number) get up to ``second``
        times the evaluation's nodes more (its share for the deals dealt), the contract with the
        most expected wrong first; their open deals within SECOND_NEAR card points of the number
        are asked again in passes of growing budgets, the cheapest first (:meth:`finish`,
        ``cheapest_first``), from the tables the decision's stopped probes left (``carried``).
        Nodes, never the clock: the same question, the same answer. Without such a contract:
        ``ev`` itself."""
        context = getattr(ev, "context", None)
        if not self.second or context is None or not self.exact or self.node_budget or not ev.judged \
                or not ev.estimated:
            return ev
        s = context["s"]
        rules = s.rules
        asked = []
        for c in ev.contracts:
            value, strain = c["contract"].split(" ", 1)
            asked.append((strain, ev.seat, _need(int(value), rules)))
        high = s.auction.high
        if not asked and ev.standing is not None and high is not None and high.call.value is not None \
                and high.call.strain:      # a seat that can only double or konter: the standing contract
            asked.append((high.call.strain, high.seat, _need(high.call.value, rules)))
        near = []
        for strain, declarer, target in asked:
            if (strain, declarer) not in ev.games:
                continue
            i = ev.games.index((strain, declarer))
            x = _at_least(target, is_misere(strain))
            # the deals the estimate is expected to call wrong at the number (SECOND_WRONG)
            n = sum(SECOND_WRONG[min(len(SECOND_WRONG) - 1, abs((j.points if j.guess is None else j.guess) - x) // 5)]
                    for row in ev.judged for j in [row[i]] if j.probed and j.estimated and j.lo < x <= j.hi)
            if n >= SECOND_SHARE * ev.samples:
                near.append((-n, len(near), (strain, declarer, target)))
        if not near:
            return ev
        nodes = int(self.second * self.nodes * ev.samples // max(1, self.samples))
        return self.finish(ev, [t for _n, _k, t in sorted(near)], nodes, cheapest_first=True, carried=carried)

    def _conclude(self, context: dict, judged: list[list[Judged]]) -> Evaluation:
        """The Evaluation of what the solver proved of the deals (``judged``): the card points
        placed, each call valued, the contracts listed, the best call (``context``: the
        question and its games, as :meth:`evaluate` set them)."""
        hand, s, standing, calls, plays, index = (context[k] for k in ("hand", "s", "standing", "calls", "plays",
                                                                        "index"))
        partie, after, live, own, dealt = (context[k] for k in ("partie", "after", "live", "own", "dealt"))
        seat, rules = s.seat, s.rules
        team = team_of(seat)
        high = s.auction.high
        results = _points(judged, plays, self.bounds_bias, self.split_from, self.split_made)
        # a deal is estimated where a search the decision rests on stopped (a game no
        # competitive call rests on is only asked briefly: Evaluation.unprobed)
        flags = [any(j.estimated for i, j in enumerate(row) if i in live) for row in judged]
        # a Matsch the deals do not make (nearly) always is no call the hand can play, unless the
        # Partie is lost whatever else the hand calls (_long_shots)
        calls = _answerable(calls, results, index, s, team, rules, partie, hand, standing,
                            getattr(self, "matsch_kept", frozenset()))
        doubled_calls: set = set()
        values = _call_values(calls, results, index, s, team, rules, partie, after, doubled_calls)
        ev = Evaluation(len(results), seat=seat, stopped_early=context["stopped"], exact=self.exact,
                        estimated=sum(flags) if self.exact else len(results), deals=dealt,
                        nodes=sum(j.nodes for row in judged for j in row),
                        searched=[self.exact and not f for f in flags])
        ev.unheld = context["unheld"]
        ev.misfit = context["missed"]
        ev.double_read = "double" in context["read"]
        if "double" in context["read"] or "double_tops" in context["read"]:
            ev.fought = fought_over(hand, s, dealt)
        ev.games = [(p.strain, p.declarer) for p in plays]
        ev.points = results
        ev.opened = [[j.estimated for j in row] for row in judged]
        ev.judged, ev.plays = judged, list(plays)
        ev.fine = sum(j.fine for row in judged for j in row)
        ev.bounds_bias = self.bounds_bias
        ev.split_from = self.split_from
        ev.split_made = self.split_made
        ev.doubled = sorted(doubled_calls)
        if after is not None:
            ev.continued = [name for name in after.by_name if name in values]
            # (as the values count them: the hand's bid doubled where the opponent who bid over it
            # doubles it instead, DOUBLE_OVER)
            ev.endings = {name: after.by_name[name].played(results, team, rules, partie) for name in ev.continued}
            ev.over_doubled = {name: k for name in ev.continued
                               if (k := after.by_name[name].over_doubled(results, team, rules, partie))}
            ev.misread = [name for name in ev.continued if name in after.misread]
            if "fort" in after and partie is not None:
                ev.after_fort = after.summary("fort", results, team, rules, partie)
            if context.get("hilfe") is not None:
                ev.hilfe_after = after.weigh(context["hilfe"], results, ev.games, team, partie)
                if ev.hilfe_after is not None:
                    ev.hilfe_after["estimated"] = mostly_estimated(ev.estimated, ev.samples)
        ev.contracts = _contracts(plays[:own], results, index, s, team, rules, calls,
                                  {i for i in range(len(plays)) if i in live or not any(row[i].estimated for row in judged)}
                                  if self.exact else set(),
                                  [sum(row[i].estimated for row in judged) if self.exact else len(judged)
                                   for i in range(len(plays))])
        ev.unprobed = [(p.strain, p.declarer) for i, p in enumerate(plays)
                       if i not in live and (not self.exact or any(row[i].estimated for row in judged))]
        if high is not None and high.call.value is not None and high.call.strain:
            col = _column(results, index, high.call.strain, high.seat)
            need = TOTAL_POINTS if high.call.value == rules.matsch_bid else high.call.value
            misere = is_misere(high.call.strain)
            ev.standing = sum((TOTAL_POINTS - cp if misere else cp) >= need for cp in col) / len(col)
            i = index.get((high.call.strain, high.seat))
            if i is not None and self.exact:
                ev.standing_open = _open_at(judged, i, need, misere)
        if self.exact:
            for c in ev.contracts:
                value, strain = c["contract"].split(" ", 1)
                ev.open_at[c["contract"]] = _open_at(judged, index[(strain, seat)], _need(int(value), rules),
                                                     is_misere(strain))
        ev.values = values
        ev.calls = [{"call": name, "expected": round(sum(v) / len(v), 1)} for name, v in values.items()]
        if ev.calls:
            ev.recommended = max(ev.calls, key=lambda c: c["expected"])["call"]
            ev.equal = _equal(values, ev.recommended)
        ev.context = context
        return ev

    def proved(self, ev: Evaluation, bounds: dict) -> Evaluation:
        """``ev`` with the card points exact play proved elsewhere (``bounds``: (deal, game index)
        -> (lo, hi), the declaring team's card points; the voice asks a Hilfe's higher bid on the
        deals its numbers fail, voice._near_proved) kept as the decision's searches keep theirs,
        and its numbers placed again. No bound given: ``ev`` itself."""
        context = getattr(ev, "context", None)
        if context is None or not bounds or not ev.judged:
            return ev
        plays = context["plays"]
        judged = [list(row) for row in ev.judged]
        for (d, i), (lo, hi) in bounds.items():
            j = judged[d][i]
            lo, hi = max(j.lo, lo), min(j.hi, hi)
            misere = is_misere(plays[i].strain)
            judged[d][i] = replace(j, lo=lo, hi=hi,
                                   estimated=any(lo < _at_least(t, misere) <= hi for t in plays[i].decisive))
        out = self._conclude(context, judged)
        for name in ("finished", "finish_asked"):
            if hasattr(ev, name):
                setattr(out, name, getattr(ev, name))
        return out

    def finish(self, ev: Evaluation, targets: Sequence[tuple[str, str, int]], nodes: int,
               cheapest_first: bool = False, carried: dict | None = None) -> Evaluation:
        """``ev`` with the deals left open at ``targets`` (kind, declarer, credited target: the
        contracts a learner reads a chance of, the most read first) asked again, with up to
        ``nodes`` more nodes in all, and its numbers placed again. The decision's searches stop
        where its budget says, but the deals they leave open lie at the contract's number (far
        from it either answer is quick): there the estimate errs, and the chance the words print
        errs with it (QA s36 Q5: P110 "62 %" where exact play makes 44 %). Here the deals open at
        a printed target are asked again in passes of growing budgets, in each the deals whose
        estimate lies nearest the target first (those the estimate most likely gets wrong), as
        far as ``nodes`` reach; what was proved is kept, the rest stays estimated. Fixed by the nodes, never by the clock: the same question, the same answer.
        ``cheapest_first`` (eval's second pass, :meth:`_second`): passes of growing budgets from
        FINISH_ESCALATE times the least a deal was given, each pass over every deal still open
        in the order above, SECOND_GROUP deals at a time, up to SECOND_PROBE nodes a probe (the
        cheap deals of every target answered before any deal gets the deepest search).
        ``carried``: (deal, game index) -> the solver's table the decision's stopped probes left
        there (CARRY_TABLES): a deal asked again goes on from it."""
        context = getattr(ev, "context", None)
        if context is None or not self.exact or nodes <= 0 or not ev.judged:
            return ev
        plays, deals = context["plays"], context["deals"]
        judged = [list(row) for row in ev.judged]
        wanted: dict[int, list[int]] = {}
        for strain, declarer, target in targets:
            i = ev.games.index((strain, declarer)) if (strain, declarer) in ev.games else None
            if i is not None and target not in wanted.setdefault(i, []):
                wanted[i].append(target)
        own = {i: Play(plays[i].strain, plays[i].declarer, tuple(sorted(ts)), far_first=FINISH_FAR_FIRST)
               for i, ts in wanted.items()}
        games = sorted(own)
        finishing = [own[i] for i in games]

        def open_at(j: Judged, play: Play) -> list[int]:
            misere = is_misere(play.strain)
            guess = j.points if j.guess is None else j.guess
            # (eval's second pass: only where the estimate lies near enough the number to be wrong)
            return [t for t in play.decisive if j.probed and j.estimated and j.lo < _at_least(t, misere) <= j.hi
                    and (not cheapest_first or abs(guess - _at_least(t, misere)) <= SECOND_NEAR)]

        asks = {(d, k): open_at(judged[d][i], finishing[k]) for d in range(len(judged)) for k, i in enumerate(games)}
        asks = {dk: ts for dk, ts in asks.items() if ts}
        if not asks:
            return ev
        pool = _Pool(self.workers, ("finish", self.nodes), self.estimate, self.eval_kinds)
        try:
            keys = pool.keys(deals, self.exact)
            kids, pids = pool.ids(keys, finishing)
            for d, key in enumerate(kids):
                for k, i in enumerate(games):
                    j = judged[d][i]
                    # the deal as the decision left it, open only where a printed target is
                    # (with a guess: the pool plays out no deal of these games for a bias not used here)
                    pool.judged[(key, pids[k])] = replace(
                        j, estimated=(d, k) in asks, nodes=0, decisive_nodes=0,
                        guess=j.points if j.guess is None else j.guess,
                        tried=j.tried if (d, k) in asks else NODE_BUDGET)
                    if carried and (d, k) in asks and (d, i) in carried:
                        pool._carry((key, pids[k]), carried[(d, i)])
            stages = dict.fromkeys(range(len(finishing)), PROBED)

            def near(dk) -> tuple[int, int, int]:
                """The deal's estimate nearest a printed target first (the most read: the
                recommended call's number, listed first), then the order dealt."""
                d, k = dk
                j = judged[d][games[k]]
                misere = is_misere(finishing[k].strain)
                guess = j.points if j.guess is None else j.guess
                if cheapest_first:     # (eval's second pass: the contracts in the order given, most wrong first)
                    first = min(asks[dk], key=lambda t: rank[(finishing[k].strain, finishing[k].declarer, t)])
                    return (rank[(finishing[k].strain, finishing[k].declarer, first)],
                            abs(guess - _at_least(first, misere)), d)
                return (min(abs(guess - _at_least(t, misere)) for t in asks[dk]), k, d)

            rank = {t: n for n, t in enumerate(targets)}
            order = list(dict.fromkeys(d for d, _k in sorted(asks, key=near)))
            left = nodes
            passes = FINISH_PASSES or cheapest_first
            most = max if not cheapest_first else min
            floor = FINISH_ESCALATE * max(1, most(j.tried for (d, k) in asks for j in [judged[d][games[k]]]))
            cap, size = (SECOND_PROBE, SECOND_GROUP) if cheapest_first else (FINISH_PROBE, FINISH_GROUP)
            if not passes:
                # the deals in that order FINISH_GROUP at a time (not the workers: the same answer
                # with any), each probe with up to FINISH_PROBE nodes or what is left shared by the
                # group's probes, at least FINISH_ESCALATE times the decision's last budget; after
                # each group what it searched is counted (a probe far from the value is quick)
                for g in range(0, len(order), FINISH_GROUP):
                    group = order[g:g + FINISH_GROUP]
                    probes = sum(_probes_left(j, p) for d in group for p in finishing
                                 for j in [pool.at(keys[d], p)] if j.estimated)
                    budget = min(FINISH_PROBE, left // max(1, probes))
                    if budget < floor:
                        break
                    before = sum(pool.at(keys[d], p).nodes for d in group for p in finishing)
                    pool.run(deals, finishing, self.exact, stages, budget, set(group), guess_open=False)
                    left -= sum(pool.at(keys[d], p).nodes for d in group for p in finishing) - before
            budget = floor
            while passes and budget <= cap and left > 0:
                # passes as the decision's (the voice's: measured, not kept; eval's second pass):
                # the first with FINISH_ESCALATE times the last nodes a probe, each further one
                # FINISH_ESCALATE times as many
                waiting = [d for d in order if any(_open(pool.at(keys[d], p), budget) for p in finishing)]
                g = 0
                while g < len(waiting):
                    group = waiting[g:g + size]
                    while True:
                        probes = sum(_probes_left(j, p) for d in group for p in finishing
                                     for j in [pool.at(keys[d], p)] if _open(j, budget))
                        # (eval's second pass: a group that does not fit shrinks, the nearest kept)
                        if budget * probes <= left or not cheapest_first or len(group) == 1:
                            break
                        group = group[:-1]
                    if budget * probes > left:
                        break
                    g += len(group)
                    before = sum(pool.at(keys[d], p).nodes for d in group for p in finishing)
                    pool.run(deals, finishing, self.exact, stages, budget, set(group), guess_open=False)
                    left -= sum(pool.at(keys[d], p).nodes for d in group for p in finishing) - before
                budget *= FINISH_ESCALATE
            current = [[pool.at(key, p) for p in finishing] for key in keys]
        finally:
            pool.close()
        for d in range(len(judged)):
            for k, i in enumerate(games):
                new = current[d][k]
                if not new.nodes:
                    continue
                j = judged[d][i]
                lo, hi = max(j.lo, new.lo), min(j.hi, new.hi)
                misere = is_misere(plays[i].strain)
                # (eval's second pass: the placing of the deals still open (_split_open: the long
                # open deals, the long answered ones) reads the decision's budgets, as SPLIT_FROM and
                # SPLIT_MADE_EVAL were measured; the pass's deeper searches would make most open
                # deals "long" and the deals it answered, mostly made, the share they are split at)
                placed_as_decided = cheapest_first and SECOND_AS_DECIDED
                judged[d][i] = replace(j, lo=lo, hi=hi, nodes=j.nodes + new.nodes,
                                       decisive_nodes=j.decisive_nodes + (0 if placed_as_decided else new.decisive_nodes),
                                       tried=j.tried if placed_as_decided else max(j.tried, new.tried),
                                       estimated=any(lo < _at_least(t, misere) <= hi for t in plays[i].decisive))
        out = self._conclude(context, judged)
        out.finished = sum(1 for (d, k) in asks if not current[d][k].estimated)
        out.finish_asked = len(asks)
        return out

    def _probe(self, pool, deals, plays, live) -> tuple[list[list[Judged]], int]:
        """Ask the decisive probes of the ``live`` games on every deal, in passes: the
        first with FIRST_PROBE nodes a probe (fewer where the evaluation's nodes do not
        reach that for every deal and game), each further one with ESCALATE times as many
        for the deals still open, in the order dealt, as far as the nodes of the deals
        dealt so far (their share of ``nodes``) reach, up to NODE_BUDGET a probe
        (``node_budget``: one pass with that many). Fixed by the samples and the nodes,
        never by the clock: the same seed, the same numbers. A deal's probes in a game stop
        at twice their budget a probe, and the last may take one more: a pass counts its
        budget once for each target a deal and game still has open, three times at most
        (:func:`_probes_left`; a double's game, one target, once), so the passes never spend
        more than the nodes. Returns the deals judged and the last pass's nodes a probe."""
        stages = dict.fromkeys(live, PROBED)
        if self.node_budget or not live:
            budget = self.node_budget or NODE_BUDGET
            return pool.run(deals, plays, self.exact, stages, budget), budget
        allowed = self.nodes * len(deals) // max(1, self.samples)
        budget = self._first_budget(len(deals), plays)
        # the first pass asks every game (the ones no competitive call rests on too: their
        # easy deals are answered at once, and the contracts eval lists rest on them)
        judged = pool.run(deals, plays, self.exact, dict.fromkeys(range(len(plays)), PROBED), budget, guess_open=False)
        allow = None
        while True:
            judged = pool.run(deals, plays, self.exact, stages, budget, allow, guess_open=False)
            spent = sum(j.nodes for row in judged for j in row)
            nxt = budget * ESCALATE
            waiting = [(d, i) for d, row in enumerate(judged) for i in sorted(live)
                       if row[i].estimated and row[i].tried < nxt]
            left = allowed - spent
            allow = set()
            cost = Counter()
            for d, i in waiting:
                cost[d] += nxt * _probes_left(judged[d][i], plays[i])
            for d in sorted(cost):    # the deals in the order dealt, each with all its open games
                if cost[d] > left:
                    break
                left -= cost[d]
                allow.add(d)
            if not allow or nxt > NODE_BUDGET:
                return self._last_pass(pool, deals, plays, live, judged, allowed), budget
            budget = nxt

    def _first_budget(self, dealt: int, plays) -> int:
        """The first pass's nodes a probe: FIRST_PROBE, fewer where the nodes of the deals
        dealt so far do not reach that for every deal and game (a deal's probes in a game
        may search three times their budget, a game of one target once)."""
        allowed = self.nodes * dealt // max(1, self.samples)
        # a game asked only on some deals (the contract an auction reaches after a call,
        # _Rest.only) counts for those deals alone
        only = getattr(self, "_only", None) or {}
        probes = sum(min(3, len(p.decisive)) * (min(dealt, len(only[p])) / max(1, dealt) if p in only else 1)
                     for p in plays)
        return max(1, min(FIRST_PROBE, allowed // max(1, round(dealt * probes))))

    def _last_pass(self, pool, deals, plays, live, judged, allowed: int) -> list[list[Judged]]:
        """The nodes the passes left (they count each deal at its probes left times its
        budget, most take far less), shared evenly by the probes still open: each deal and
        game is asked again where its share is more than it had."""
        spent = sum(j.nodes for row in judged for j in row)
        waiting = [(d, i) for d, row in enumerate(judged) for i in live if row[i].estimated]
        if not waiting or allowed <= spent:
            return judged
        probes = sum(_probes_left(judged[d][i], plays[i]) for d, i in waiting)
        share = min(NODE_BUDGET, (allowed - spent) // probes)
        allow = {d for d, i in waiting if judged[d][i].tried < share}
        if not allow:
            return judged
        return pool.run(deals, plays, self.exact, dict.fromkeys(live, PROBED), share, allow, guess_open=False)

    def _refine_budget(self, judged, dealt: int, games: int, budget: int) -> int:
        """The nodes a narrowing probe may search: at most REFINE_BUDGET (and the last
        decisive pass's), and with the evaluation's nodes (``nodes``) no more than what the
        decisive probes left of the share of the deals dealt so far, spread over their
        games to narrow (a deal's narrowing asks at most three times its budget a probe)."""
        cap = min(REFINE_BUDGET, budget)
        if self.node_budget:
            return cap
        spent = sum(j.nodes for row in judged for j in row)
        left = self.nodes * dealt // max(1, self.samples) - spent
        return max(0, min(cap, left // (3 * max(1, dealt * games))))

    def _show(self, done: int | None) -> None:
        if not (self.progress and sys.stderr.isatty()):
            return
        if done is None:
            sys.stderr.write("\r" + " " * 60 + "\r")
        else:
            width = 30
            filled = width * done // self.samples
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.samples} deals")
        sys.stderr.flush()


# -- the auction after a call (QA s32 Q18, Q39; issue 26) --------------------------------------
# Some calls are valued by the auction after them rather than as the contract they leave
# (docs/interpretations.md, "the model behind the call values"): on each deal the other seats
# (and the hand itself, where it still calls) bid on as the count bids (practice's robots with
# --judge count; a seat not in turn doubles or konters where the rules offer it, DOUBLES_AFTER),
# and the contract they reach
# is valued on that deal like any other game, its card points judged by the solver (the
# hand's own game where it answers the contract's targets, else a Play of its own, asked only
# on the deals where it is the contract); where all four say fort the cards are dealt anew (0).
# - With the Partie's score, where a game can end the Partie (base.can_end): a fort after
#   which the others still bid (Q18: a first-seat fort at AC 1500 : BD 1990 was "+0", a new
#   deal, where B, C and D bid on and BD need 10 points). Here the seats bid with the score, and
#   a seat whose team would win the Partie by making the lowest bid does not let the cards be
#   dealt anew (its fort would end the auction with nothing bid): it bids the lowest bid in its
#   longest suit.
# - A fort with nothing bid, after which the others still bid (FIRST_FORT; QA s39 F4.4, s40 F7:
#   it was 0, as if all four said fort, and eval printed "fort +0.0"): without the score too.
# - In a contested auction (the opponents hold the standing bid and the hand's team has a
#   suit of its own): a raise in the team's suit after which an opponent can still bid, and
#   fort after which a seat still bids (Q39: C with nothing after "80 Eichel, 90 Schellen" was
#   told 120 Eichel, valued as the final contract against fort valued as B's 90 Schellen
#   played, where D may bid over the 120 and A may bid on after the fort).
# - Where the team holds the standing bid and the partner still bids: a number that shows no
#   cards whose read this hand does not fit (:func:`fits_own_read`: the partner reads it as a
#   hand whose count raises that high, and the count does not bid it with this hand). The partner
#   bids on by that read in the auction after it, and what that costs is on the deals, instead
#   of such numbers being left out unvalued (session 38: beispiel-gen-05's A, 130 Rosen, made
#   on 398 of 400 deals by exact play, where C lets it stand on 98 of 100, was left out for
#   the count's 100; after A's 110 Rosen C bids 140 on 47 of the 100: the read's cost).
# - An Ace announcement in the opponents' suit ("I hold the Ace of your suit", a Fünfer at a
#   table with the Ansageregeln) after which a seat still bids: the partner bids on by what it
#   shows, and an opponent may double it right after it, leaving the hand to play the
#   opponents' trump suit, or bid over it (QA s38 F4: J5's 85 Rosen on Rosen A 8 "they will bid
#   on", not valued at all; exact play of the auction after it -243 a deal, 140 Schellen -4).
#   Announcements in another suit are left out of the calls judged, as before.
# - The hand's double, where the declarer's side may konter after it (DOUBLE_KONTER; open point 8
#   of session 40: J5's printed dopple, -290, left out D's konter, exact play -437): the declarer
#   and his partner konter as the count does on their own hands, and the contract is valued
#   doubled or kontered; a konter of a contract they then fail brings the double no more than
#   the double alone (as an opponent's double of a contract our team makes brings it no more
#   than the contract undoubled: a call is not bought by the robots' mistakes).
# Elsewhere a bid is the final contract and fort the standing contract as it stands.
AFTER_CALLS = 40     # calls at most in one deal's auction after the call (a guard; the auction ends far sooner)
# the seats not in turn double and konter in the auction after a call where the rules offer it (the
# Verband's window: right after the bid, before the next player calls), as the count does on their
# own hands and as practice's robots are asked (QA s37 Q1: C's 110 Eichel on a singleton King over
# B's "we want your suit" was valued +49 by a continuation in which B, asked only at his turn, bid
# 120 over it; asked right after the 110, as the robot B was, the count doubles: exact play 0/16)
DOUBLES_AFTER = True
CONTESTED = True     # the contested auction's raises and fort bid out (False: valued as before, the Partie's fort alone)
# In a contested auction the hand's other bids too (a number in Obenabe, Undenufe, a Misère, an
# open suit or the opponents' suit; not the Matsch, not an Ace announcement: its own rule) after
# which an opponent can still bid are valued by the auction after them, as fort and the team's
# raises are there, wherever they come within CONTESTED_REACH board points of the best call on the
# deals judged so far (each such bid's value as the final contract first; a bid valued so is
# valued by the auction after it on every deal, the earlier ones too, and the best call is asked
# again: :meth:`Simulation.evaluate`). The deals then compare the calls that can be the answer by
# one measure: QA s43 F16's valuation point (C's Hilfe 80 Eichel, bid out, was compared with 100
# Undenufe as the final contract, "287 less", where by the auction after both the gap is about
# 137). Bids further below keep their value as the final contract: the auction after each call
# costs the count's calls for every seat on every deal, and an erweitert position offers some 40
# numbers (session 44: every one bid out, OH1's bid 3.9 -> 20 s of CPU). CONTESTED_REACH None:
# every such bid from the start. Off: they are valued as the final contract (before session 44).
CONTESTED_ALL = True
CONTESTED_REACH: "int | None" = 100
# The same where the opponents hold the standing bid but the hand's team owns no suit yet (the
# second seat's overcall, a defender's first bid) or the table has no Ansageregeln (frei): fort
# and the hand's bids after which an opponent can still bid were valued as the standing or the
# final contract, though the opponents, holding the bid, can still outbid or double (QA s44 F21:
# RV1D's 90 Schilten at a frei table, -3 as the final contract, -258 by the auction after it, 153
# +- 40 below 100 Rosen by exact play; SO5's 70 Schellen, 55 +- 29 below 80). Fort is valued by
# the auction after it and the bids by CONTESTED_ALL's reach. Off: as before session 45.
CONTESTED_OPEN = True
# The opponents who bid over the hand's bid where they could double it instead (the double still
# open to the seat that bids: the Verband's window, right after the bid) double it where that pays
# them more: over the deals on which an opponent bids over the hand's bid, the hand's bid doubled is
# valued against the contract the bidding reaches, and where the double is worse for the hand's team
# over those deals, it is their value (as the deals on which the bid stands undoubled are doubled
# where that pays the opponents; :meth:`Continuation.values`). The rules text leaves the opponents
# the double ("Den Gegnern bleibt jederzeit das Doppeln"); the count's robots bid their Hilfe or a
# raise over a push (a Zehner in their suit) that they fail to beat where its double would win them
# more (session 47: fuenfer-13's 90 Eichel, made 0 of 24, doubled -297.8 against fort -249.1). Off:
# the bid over it counts (before session 48).
DOUBLE_OVER = True
FIRST_FORT = True    # a fort with nothing bid yet, after which a seat still bids, bid out (False: 0, dealt anew;
                     # measured in session 41, on since session 42: docs/interpretations)


@dataclass(frozen=True)
class Ending:
    """How one deal's auction ends after the hand's call: the contract (None: all four said
    fort, the cards are dealt anew) and its multiplier."""

    contract: "Contract | None"
    multiplier: int = 1
    # an opponent bid over the hand's own bid while he could double it (:data:`DOUBLE_OVER`)
    over: bool = False


# The deals' auctions after a call share their states (the first seat after the call sees the
# same auction on every deal, the next one of a few): each state's reader is kept, with what it
# has read (its Situation per seat, its legal calls read), and a deal walks from state to state,
# the count asked on its hands alone. The same calls and endings as a fresh reader played call by
# call (a reader's state is the auction's alone); the auctions after the calls cost about half.
ENDING_STATES = True

# The auctions after the calls on a batch's deals are walked by the pool's workers, each its share
# of the deals (in order, the states shared among its deals), while the main process waits: the
# workers sit idle while the main process walks them otherwise, a quarter to a half of its CPU in
# ``tutor bid`` (0.2-0.55 s, judge, session 46), and its serial time is the command's wall time.
# The same endings (a deal's ending is its hands' alone, test_simulation_endings); a worker makes
# each call's Continuation from the position its pool was forked with (:class:`_Forked`).
ENDINGS_IN_WORKERS = True


class _Forked:
    """The evaluation's position and standing, which its pool's workers are forked with
    (``workers.Pool(given=...)``): each worker makes each call's Continuation from it once.
    The pool's own: nothing of it stays in the process that evaluates (before, session 46, a
    module global there held the last position until the next evaluation)."""

    __slots__ = ("s", "standing", "conts")

    def __init__(self, s, standing) -> None:
        self.s, self.standing = s, standing
        self.conts: dict = {}      # (in a worker) call -> its Continuation

    def continuation(self, call) -> "Continuation":
        cont = self.conts.get(call)
        if cont is None:
            cont = self.conts[call] = Continuation(self.s, call, self.standing)
        return cont


def _endings_job(job) -> "list[list[Ending]] | None":
    """In a worker: for each deal of a share of a batch, its ending after each call (None: the
    worker's pool was forked without the position: the main process walks them)."""
    calls, hands = job
    from tutor.judgement.workers import given

    forked = given()
    if not isinstance(forked, _Forked):
        return None
    conts = [forked.continuation(call) for call in calls]
    return [[c.ending(h) for c in conts] for h in hands]


class _State:
    """One auction after the call: its reader (never played on again) and the states after
    each call made in it so far."""

    __slots__ = ("reader", "after", "_doublers")

    def __init__(self, reader) -> None:
        self.reader = reader
        self.after: dict = {}
        self._doublers = None


class _Walk:
    """A deal's way through the shared states: the Reader's calls that :meth:`Continuation.ending`
    uses (``auction``, ``legal_readings``, ``situation``, ``play``)."""

    __slots__ = ("state",)

    def __init__(self, state: _State) -> None:
        self.state = state

    @property
    def auction(self):
        return self.state.reader.auction

    def legal_readings(self, seat=None):
        return self.state.reader.legal_readings(seat)

    def situation(self, seat=None):
        return self.state.reader.situation(seat)

    def doublers(self) -> set:
        """The seats not in turn the rules offer a double or konter now (:func:`_doublers`, once a state)."""
        st = self.state
        if st._doublers is None:
            st._doublers = _doublers(st.reader.auction)
        return st._doublers

    def play(self, call, seat=None) -> None:
        st = self.state
        nxt = st.after.get((call, seat))
        if nxt is None:
            r = st.reader.copy()
            r.play(call, seat)
            nxt = st.after[(call, seat)] = _State(r)
        self.state = nxt


def _doublers(a) -> set:
    """The seats not in turn to which auction ``a`` offers a double or konter now."""
    from tutor.auction import DOUBLE, REDOUBLE

    return {x for x, c in a.legal_calls() if c.kind in (DOUBLE, REDOUBLE) and x != a.next_seat}


class Continuation:
    """The auction after one of the hand's calls, deal by deal (see above)."""

    def __init__(self, s, call, standing: "Standing | None" = None) -> None:
        from tutor.conventions import replay

        self.rules, self.standing, self.seat, self.call = s.rules, standing, s.seat, call
        reader = replay(s.auction, s.rules)
        reader.play(call, s.seat)
        self.reader = reader
        # the hand's own bid: where the others let it stand undoubled, the opponents double it
        # when that pays them over these deals (values), as a bid valued as the final contract
        self.own = Contract(call.strain, call.value, s.seat) if call.kind == "bid" else None
        self.endings: list[Ending] = []
        self.columns: list[int | None] = []  # per deal: the column of its contract's game (None: dealt anew)
        self.own_column: "int | None" = None  # the column of the hand's own bid's game (DOUBLE_OVER)
        self._states = _State(reader)         # the auctions after the call the deals reached (ENDING_STATES)

    def ending(self, hands: dict) -> Ending:
        """The contract this deal's auction reaches after the call (:class:`Ending`)."""
        from tutor.conventions import truthful_readings
        from tutor.judgement.count import COUNT

        r = _Walk(self._states) if ENDING_STATES else self.reader.copy()
        lowest = self.rules.lowest_bid
        asked: set[tuple[int, str]] = set()
        over = False
        for _ in range(AFTER_CALLS):
            if DOUBLES_AFTER and self._doubled(r, hands, asked):
                continue
            seat = r.auction.next_seat
            if seat is None:
                break
            readings = r.legal_readings(seat)
            hand = hands[seat]
            pick = COUNT.choose(hand, r.situation(seat), truthful_readings(readings, hand), self.standing).pick
            call = pick.call if pick is not None else next(x.call for x in readings if x.kind == "fort")
            if DOUBLE_OVER and self.own is not None and call.kind == "bid" and not over \
                    and team_of(seat) != team_of(self.seat) and self._own_high(r.auction) \
                    and any(x.call.kind == "double" for x in readings):
                over = True    # the opponent bids over the hand's bid where he could double it
            if call.kind == "fort" and r.auction.high is None and self.standing is not None \
                    and self.standing.wins_if_made(team_of(seat), lowest):
                after = r.auction.play(call, seat)
                if after.next_seat is None and after.high is None:
                    # the last fort would deal the cards anew: a team that wins the Partie by
                    # making the lowest bid bids it, in its longest suit (the first of equals)
                    suit = max(SUITS_ONLY, key=lambda x: (hand.length(_suit(x)), -SUITS_ONLY.index(x)))
                    call = next((x.call for x in readings if x.call.kind == "bid" and x.call.value == lowest
                                 and x.call.strain == suit), call)
            r.play(call, seat)
        high = r.auction.high
        if high is None or high.call.value is None:
            return Ending(None)
        return Ending(Contract(high.call.strain, high.call.value, high.seat), r.auction.multiplier, over)

    def _own_high(self, a) -> bool:
        """The hand's own bid is the standing bid of auction ``a``."""
        high = a.high
        return high is not None and high.seat == self.seat and high.call == self.call

    def _doubled(self, r, hands: dict, asked: set) -> bool:
        """The doubles and konters the rules offer now to a seat not in turn (the Verband's
        window: each opponent of the bidder right after the bid, until the next player calls;
        the konter right after the double), each such seat asked once per call, the declarer's
        side first, as practice's robots are asked (practice.session): the count on its own
        hand. True where one doubled or kontered (played on ``r``)."""
        from tutor.auction import DOUBLE, REDOUBLE
        from tutor.conventions import truthful_readings
        from tutor.judgement.count import COUNT

        a = r.auction
        seats = r.doublers() if ENDING_STATES else _doublers(a)
        if not seats:
            return False
        start = SEATS.index(a.high.seat) if a.high is not None else 0
        n = len(a)
        for x in SEATS[start:] + SEATS[:start]:
            if x not in seats or (n, x) in asked:
                continue
            asked.add((n, x))
            readings = r.legal_readings(x)
            pick = COUNT.choose(hands[x], r.situation(x), truthful_readings(readings, hands[x]), self.standing).pick
            if pick is not None and pick.call.kind in (DOUBLE, REDOUBLE):
                r.play(pick.call, x)
                return True
        return False

    def values(self, results, team: str, rules, partie) -> list[int]:
        return self._values(results, team, rules, partie)[0]

    def over_doubled(self, results, team: str, rules, partie) -> int:
        """On how many deals the hand's bid is valued doubled by the opponent who bid over it
        (:data:`DOUBLE_OVER`; 0 where doubling it instead would not pay the opponents)."""
        return len(self._values(results, team, rules, partie)[1])

    def played(self, results, team: str, rules, partie) -> "list[Ending]":
        """Each deal's ending as the values count it: where the opponent who bid over the hand's
        bid doubles it instead (:data:`DOUBLE_OVER`), the hand's bid doubled (``over`` kept)."""
        doubled = set(self._values(results, team, rules, partie)[1])
        return [Ending(self.own, 2, True) if d in doubled else e for d, e in enumerate(self.endings)]

    def _values(self, results, team: str, rules, partie) -> "tuple[list[int], list[int]]":
        """The call's value on each deal: the contract reached, on that deal, for the hand's
        team (with the Partie), or 0 where the cards are dealt anew. Where the hand's own bid
        stands undoubled the opponents double it when the doubled contract is worse for the
        hand's team on average over those deals (the count's robots double by their own hand
        alone; the defenders also hear that the bid stood on nothing they were shown). An
        opponent's double of a contract the hand's team makes brings it no more than the
        contract undoubled: the count's doubler doubles made contracts, and a call must not be
        bought by the robots' mistakes (session 38 for the numbers the partner would misread;
        session 39 for every call so valued: beispiel-gen-10's 130 Schellen, doubled and
        kontered on 31 of 50 deals where it is made, was valued +526 against +284 undoubled).
        Where an opponent bid over the hand's bid while he could double it, the opponents double
        it instead when that is worse for the hand's team over those deals (:data:`DOUBLE_OVER`).
        With the values, the deals on which that double counts."""
        out = []
        stood, over = [], []
        for d, row in enumerate(results):
            e, col = self.endings[d], self.columns[d]
            if e.contract is None:
                out.append(0)
            else:
                v = _board(e.contract, row[col], team, rules, e.multiplier >= 2, e.multiplier >= 4, partie)
                if e.multiplier >= 2 and team_of(e.contract.declarer) == team:
                    v = min(v, _board(e.contract, row[col], team, rules, False, False, partie))
                elif e.multiplier >= 4:
                    # the opponents' konter of a contract they fail brings our double no more than the
                    # double alone: their mistake buys no call either
                    v = min(v, _board(e.contract, row[col], team, rules, True, False, partie))
                out.append(v)
                if e.contract == self.own and e.multiplier == 1:
                    stood.append(d)
                elif e.over and self.own_column is not None:
                    over.append(d)
        if stood and rules.doubling:
            doubled = {d: _board(self.own, results[d][self.columns[d]], team, rules, True, False, partie) for d in stood}
            if sum(doubled.values()) < sum(out[d] for d in stood):
                for d in stood:
                    out[d] = doubled[d]
        if over and rules.doubling:
            # the opponents who bid over the hand's bid double it instead where that pays them more
            # over these deals (DOUBLE_OVER)
            doubled = {d: _board(self.own, results[d][self.own_column], team, rules, True, False, partie) for d in over}
            if sum(doubled.values()) < sum(out[d] for d in over):
                for d in over:
                    out[d] = doubled[d]
                return out, over
        return out, []

    def summary(self, results, team: str, rules, partie) -> dict:
        """In how many deals the auction after the call ends the Partie lost or won for the
        hand's team, lets it go on, or deals the cards anew (the voice's line for fort)."""
        out = {"lost": 0, "won": 0, "on": 0, "anew": 0}
        for d, row in enumerate(results):
            e, col = self.endings[d], self.columns[d]
            if e.contract is None:
                out["anew"] += 1
                continue
            _g, over, winner = _ending(e.contract, row[col], rules, e.multiplier >= 2, e.multiplier >= 4, partie)
            out["on" if not over else "won" if winner == team else "lost" if winner is not None else "on"] += 1
        return out


def _fort_call(s):
    return next(call for seat, call in s.auction.legal_calls(s.seat) if call.kind == "fort")


class AfterFort(Continuation):
    """The others' auction after the hand's fort, with the score (see above)."""

    def __init__(self, s, standing: Standing) -> None:
        super().__init__(s, _fort_call(s), standing)

    @staticmethod
    def applies(s, calls, standing: "Standing | None") -> bool:
        """The hand may say fort, the others still bid after it, and with the score a game
        can end the Partie."""
        if standing is None or not any(r.call.kind == "fort" for r in calls):
            return False
        from tutor.judgement.base import can_end

        if not can_end(standing, s.rules):
            return False
        return s.auction.play(_fort_call(s), s.seat).next_seat is not None


def _contested(s) -> bool:
    """The opponents hold the standing bid and the hand's team has a suit of its own."""
    high = s.auction.high
    return high is not None and team_of(high.seat) != team_of(s.seat) \
        and any(s.owner(_suit(x)) == "own" for x in SUITS_ONLY)


def _contest(s) -> "str | None":
    """How the auction is contested (:data:`CONTESTED`): "own", the opponents hold the standing
    bid and the hand's team has a suit of its own at a table with the Ansageregeln (the team's
    raises and fort bid out, the other bids by :data:`CONTESTED_ALL`); "open", the opponents hold
    it and the team owns no suit yet or the table has no Ansageregeln (fort bid out, every bid by
    :data:`CONTESTED_ALL`: :data:`CONTESTED_OPEN`); None."""
    if not CONTESTED:
        return None
    high = s.auction.high
    if high is None or team_of(high.seat) == team_of(s.seat):
        return None
    if s.rules.conventions and _contested(s):
        return "own"
    return "open" if CONTESTED_OPEN and CONTESTED_ALL else None


# The hand's own number in Obenabe, Undenufe or a Misère read by its partner as another seat's is
# read (:func:`trumpless_read`: the count reaches it and bids it, the count's whole call), not by
# the count's reach alone (False: the reach alone, as before session 44). One test for the read;
# measured in session 44: benchmarks/README.md, "The reads' walk"
OWN_READ_WHOLE = True


def fits_own_read(reading, hand: Hand, s, readings) -> bool:
    """``hand`` fits what the tutor reads from its own call ``reading`` (one of ``readings``,
    the hand's calls there, among which the count picks its raise) when another seat
    makes it (:func:`_count_reads`): a number that shows no cards at a table with the
    Ansageregeln (a raise in the team's suit, a number above 120, a number in Obenabe,
    Undenufe or a Misère) is read as a hand whose count raises to it or higher there
    (count.raise_reaches; in Obenabe, Undenufe or a Misère the read of another seat's number,
    :func:`trumpless_read`: the count there reaches it and bids it with the hand, OWN_READ_WHOLE).
    Other calls: True (their promises are the reading's, checked before)."""
    from tutor.judgement.count import raise_reaches, trumpless_reaches

    call = reading.call
    if not s.rules.conventions or read_kind(reading, call, s.rules) != "raise" or s.last_word:
        return True
    if call.strain not in SUITS_ONLY:
        if OWN_READ_WHOLE:
            return trumpless_read(hand, s, readings, call.strain, call.value)
        return trumpless_reaches(hand, s, call.strain, call.value)
    return raise_reaches(hand, s, readings, call.strain, call.value)


def partner_reads(s) -> bool:
    """The partner reads the hand's number now and may bid on it: conventions, the team holds
    the standing bid, the partner is not out."""
    high = s.auction.high
    return bool(s.rules.conventions) and high is not None and team_of(high.seat) == team_of(s.seat) \
        and s.partner not in s.auction.out


MISREAD_BID_OUT = True   # a number the partner misreads is valued by the auction after it (see above)
ACE_BID_OUT = True       # an Ace announcement in the opponents' suit is valued by the auction after it (see above)
DOUBLE_KONTER = True     # the hand's double valued by what follows it, the declarer's side's konter (see above;
                         # measured in session 41, on since session 42: docs/interpretations)

# Near the Partie's end a bid is valued by the auction after it where an opponent can still call and
# the score lets the opponents' Matsch win them the Partie made or not (QA s46 F26's SC4, s47 F28):
# nobody bids over a Matsch, and failed, their team still writes its card points, which reach the
# target first. An opening (session 39: valued as if nobody bid after it) counted "100 Eichel" at AC
# 1500 : BD 1990 as if B let it stand, where B's count bids the Matsch (count.PARTIE_MATSCH) and BD
# win the Partie on every deal; only A's own Matsch keeps it. The trigger is the count's own test
# (count.matsch_wins_either_way) with PARTIE_AFTER_POINTS card points for the opponents' failed
# Matsch; whether they bid it is the count's, seat by seat, on each deal. Off: as before session 47.
PARTIE_AFTER = True
PARTIE_AFTER_POINTS = TOTAL_POINTS // 4   # a failed Matsch's team takes this many card points or more (SC4c's
                                          # exact deals: 66-157; SE6's: 45-92)


def _partie_matsch_after(r, s, standing: "Standing | None") -> bool:
    """``r`` is a bid of the hand (not the Matsch) after which an opponent can still call, at a
    score where that opponent's Matsch wins the opponents the Partie made or not (:data:`PARTIE_AFTER`)."""
    if not PARTIE_AFTER or standing is None or r.call.kind != "bid" or _is_matsch(r, s.rules):
        return False
    after = s.auction.play(r.call, s.seat)
    if after.next_seat is None:
        return False
    from types import SimpleNamespace

    from tutor.judgement.count import matsch_wins_either_way

    return any(o not in after.out and matsch_wins_either_way(SimpleNamespace(rules=s.rules, seat=o), standing,
                                                             PARTIE_AFTER_POINTS)
               for o in opponents_of(s.seat))


def _continued(s, calls, standing: "Standing | None", misread: "set[str] | frozenset" = frozenset(),
               aces: "set[str] | frozenset" = frozenset(), also: "set[str] | frozenset" = frozenset()) -> list:
    """The calls valued by the auction after them (see above; ``misread``: the numbers the
    partner would misread, :func:`_misread`; ``aces``: Ace announcements so valued in any suit,
    :func:`_bid_out_ace`; ``also``: the hand's bids so valued beside them, Simulation.bid_out)."""
    out = []
    rules, a = s.rules, s.auction
    contest = _contest(s)
    for r in calls:
        c = r.call
        if c.kind == "fort":
            if AfterFort.applies(s, calls, standing) or (contest and a.play(c, s.seat).next_seat is not None) \
                    or (FIRST_FORT and a.high is None and a.play(c, s.seat).next_seat is not None):
                out.append(r)
        elif contest == "own" and c.kind == "bid" and c.strain in SUITS_ONLY and not _is_matsch(r, rules) \
                and s.owner(_suit(c.strain)) == "own":
            after = a.play(c, s.seat)
            if after.next_seat is not None and any(o not in after.out for o in opponents_of(s.seat)):
                out.append(r)
        elif contest and CONTESTED_ALL and CONTESTED_REACH is None and _wide(r, s):
            out.append(r)
        elif str(c) in misread:
            out.append(r)
        elif c.kind == "bid" and str(c) in also and a.play(c, s.seat).next_seat is not None:
            out.append(r)
        elif c.kind == "double" and _kontered_after(c, s):
            out.append(r)
        elif r.kind == "ace" and _bid_out_ace(r, s, aces):
            out.append(r)
        elif _partie_matsch_after(r, s, standing):
            out.append(r)
    return out


def _wide(r, s) -> bool:
    """``r`` is a bid of the hand in a contested auction that :func:`_continued`'s raises leave
    out (a number in another strain than the team's suit; not the Matsch, not an Ace
    announcement) after which an opponent can still bid: valued by the auction after it where
    it comes within reach of the best call (:data:`CONTESTED_ALL`)."""
    c = r.call
    if c.kind != "bid" or r.kind == "ace" or _is_matsch(r, s.rules) \
            or (_contest(s) == "own" and c.strain in SUITS_ONLY and s.owner(_suit(c.strain)) == "own"):
        return False
    after = s.auction.play(c, s.seat)
    return after.next_seat is not None and any(o not in after.out for o in opponents_of(s.seat))


def _widens(s, calls) -> bool:
    """Some of ``calls`` may come to be valued by the auction after them as they come within
    reach of the best (:data:`CONTESTED_ALL`: a contested auction, a bid :func:`_wide` takes)."""
    return bool(CONTESTED_ALL and CONTESTED_REACH is not None and _contest(s)
                and any(_wide(r, s) for r in calls))


def _widened(calls, values: dict, after, s) -> list:
    """The bids of ``calls`` valued as the final contract that come within CONTESTED_REACH of
    the best call's value (``values``: each call's value on the deals judged so far) and
    that the auction after them values in a contested auction (:func:`_wide`; empty where
    :data:`CONTESTED_ALL` is off or the auction is not contested)."""
    if not values or not _widens(s, calls):
        return []
    best = max(_mean(v) for v in values.values())
    return [r for r in calls if str(r.call) in values and (after is None or str(r.call) not in after)
            and _mean(values[str(r.call)]) >= best - CONTESTED_REACH and _wide(r, s)]


def _kontered_after(call, s) -> bool:
    """The hand's double ``call`` after which the declarer's side may konter (:data:`DOUBLE_KONTER`):
    valued by what follows it, the konter where the count gives it."""
    if not DOUBLE_KONTER:
        return False
    after = s.auction.play(call, s.seat)
    return any(c.kind == "redouble" for _seat, c in after.legal_calls())


def _bid_out_ace(r, s, aces: "set[str] | frozenset" = frozenset()) -> bool:
    """``r`` is an Ace announcement in the opponents' suit ("I hold the Ace of your suit"), or
    one named in ``aces`` (an open suit or the team's own, where the voice asks it:
    Simulation.aces_after), after which a seat still bids (:data:`ACE_BID_OUT`): valued by the
    auction after it."""
    return ACE_BID_OUT and r.kind == "ace" and r.call.strain in SUITS_ONLY \
        and (s.owner(_suit(r.call.strain)) == "opponents" or str(r.call) in aces) \
        and s.auction.play(r.call, s.seat).next_seat is not None


_ASK = object()     # _aces: the count's call not yet asked


def _count_pick(hand: Hand, s, readings, standing: "Standing | None"):
    """The count's call here (its reading; None: fort or silence), asked only where the hand
    may announce an Ace or give a Hilfe: the two information calls the deals weigh as the count
    makes them (:func:`_aces`, :func:`_weighed_hilfe`)."""
    if not any(r.kind in ("ace", "hilfe") for r in readings):
        return None
    from tutor.judgement.count import COUNT

    return COUNT.choose(hand, s, readings, standing).pick


def _aces(hand: Hand, s, readings, standing: "Standing | None", pick=_ASK,
          aces: "set[str] | frozenset" = frozenset()) -> list:
    """The count's call where it is an Ace announcement valued by the auction after it
    (:func:`_bid_out_ace`): the deals weigh the count's announcement (the voice lets it yield
    where it brings clearly less than their best call), and pick none the count does not make
    (the other calls judged leave Ace announcements out, :func:`_candidate_calls`; session 39:
    valuing every one had the deals pick doppeln-gen-05's 75 Schilten, unsettled by exact
    play, and moved verpasst-gen-10's fort by the extra game's budget). ``pick``: the count's
    call where it was asked already (:func:`_count_pick`); ``aces``: announcements in an open suit
    or the team's own valued so too (:func:`_bid_out_ace`)."""
    if not ACE_BID_OUT or not any(r.kind == "ace" for r in readings):
        return []
    if pick is _ASK:
        pick = _count_pick(hand, s, readings, standing)
    return [pick] if pick is not None and _bid_out_ace(pick, s, aces) else []


# The count's Hilfe is weighed by the auction after it (the partner and the opponents bidding
# on as the count bids, :class:`Continuation`), beside its value as the contract played: the
# voice gives the Hilfe where the deals value it among the best calls, and otherwise weighs it
# so (Evaluation.hilfe_after): where that leaves the partner nothing to decide, a higher bid
# (voice._unused_hilfe, QA s36 Q1), else what the Hilfe brings so (its words). A Hilfe already
# valued by the auction after it (a contested auction, :func:`_continued`) is weighed by that
# auction. Otherwise a deal whose auction after the Hilfe ends in a game the deals do not play
# (an opponent bidding over it in a strain of his own) is not counted (HILFE_GAMES off: no game
# is added for it, so the calls' numbers are those of before; session 40 moved this from the
# voice, which redid the auction after the Hilfe on the deals it was handed). HILFE_GAMES on
# (those games solved too, no deal dropped), measured in session 40 on 33 Hilfe positions (30
# drills, P102, H3, lesson 12; voice's default budget): no call moves; the Hilfe's value by the
# auction after it drops where deals were dropped (hilfe-19 +169 -> +143, hilfe-gen-01 +289 ->
# +273: an opponent's bid over the Hilfe is a bad deal for it), the other calls' figures move by
# the budget on 12; nodes on the 8 positions with dropped deals 184.1M -> 209.6M (+14 %, one
# +42 %): not kept, a cost for no call.
HILFE_AFTER = True
HILFE_GAMES = False
# QA s45 F25 (NA1: C `Eichel:U7 Schellen:AK8 Rosen:K76 Schilten:8` after `50 Eichel, fort`): the
# auction after the Hilfe 60 Eichel ends in a game the deals did not play on 19 of 100 deals (D bids
# over it in a suit of his own on 17, A bids Schilten on 2), so the Hilfe was not weighed at all and
# its information line ("here the conventions decide") kept it beside 110 Eichel, which exact play
# makes on 23 of 24 deals, 130.9 +- 42.2 over the Hilfe by the auction after it (D's games are bad
# deals for the Hilfe). HILFE_UNPLAYED: a deal whose auction after the Hilfe ends in a game other
# than the hand's and the standing contract's (which every deal plays) is judged in that game on
# that deal too, as a continued call's contract is (an opponent's or the partner's game in another
# strain is an extra game, asked only on the deals that reach it: looked up by strain and declarer
# it could be one not asked on this deal), so no deal is dropped; a deal that ends in the hand's or
# the standing contract's game is valued in it as before (HILFE_GAMES, which also adds a second
# game of that strain and declarer for the contract's number, moved hilfe-gen-08's 130 Eichel back
# to the Hilfe in session 46). Off: as before session 46.
HILFE_UNPLAYED = True


def _is_hilfe(pick) -> bool:
    return HILFE_AFTER and pick is not None and pick is not _ASK and pick.kind == "hilfe"


def _weighed_hilfe(pick, continued) -> "object | None":
    """The count's Hilfe (``pick``, :func:`_count_pick`) where it is weighed aside, not
    already among the calls valued by the auction after them (``continued``)."""
    if not _is_hilfe(pick) or any(str(r.call) == str(pick.call) for r in continued):
        return None
    return pick


def _misread(s, calls, hand: Hand | None, readings: Sequence | None) -> set[str]:
    """The hand's numbers among ``calls`` the partner would misread (:func:`fits_own_read`)
    and bid on by, where he still bids after them (:func:`partner_reads`): valued by the
    auction after them (see above). Empty without ``hand``."""
    if not MISREAD_BID_OUT or hand is None or not partner_reads(s):
        return set()
    a = s.auction
    return {str(r.call) for r in calls if r.call.kind == "bid" and not _is_matsch(r, s.rules)
            and not fits_own_read(r, hand, s, readings if readings is not None else calls)
            and a.play(r.call, s.seat).next_seat is not None}


class _Rest:
    """The calls valued by the auction after them, and the games their contracts are judged
    in (``only``: each extra Play and the deals, as the pool's card tuples, it is asked on)."""

    def __init__(self, s, calls, standing: "Standing | None", misread: "set[str]" = frozenset(),
                 aside: Sequence = ()) -> None:
        self.by_name = {str(r.call): Continuation(s, r.call, standing) for r in calls}
        self.misread = misread     # the numbers the partner would misread (:func:`_misread`; the words say so)
        # the calls weighed by the auction after them beside their value as the contract played
        # (the count's Hilfe: :func:`_weighed_hilfe`); not among the calls' values
        self.aside = {str(r.call): Continuation(s, r.call, standing) for r in aside}
        self.rules = s.rules
        self.s, self.standing = s, standing
        self.only: dict[Play, set] = {}
        # the evaluation's pool (its workers forked with the position where ENDINGS_IN_WORKERS)
        self.pool: "_Pool | None" = None

    def __contains__(self, name: str) -> bool:
        return name in self.by_name

    def add(self, batch, cards, plays: list, index: dict, own: int, team: str, partie) -> list:
        """The endings of a new batch of deals (``batch``: {seat: Hand}; ``cards``: the pool's
        card indices) for every call: each contract reached is judged in the hand's (or the
        standing contract's) game where that game asks every target that decides it (its
        number, and where the Partie's outcome changes: :func:`_partie_targets`), else in a
        game of its own appended to ``plays``; returns ``plays``."""
        return self._add([*((c, False) for c in self.by_name.values()), *((c, True) for c in self.aside.values())],
                         batch, cards, plays, index, own, team, partie)

    def extend(self, calls, batch, cards, plays: list, index: dict, own: int, team: str, partie) -> list:
        """``calls`` valued by the auction after them too, on every deal judged so far
        (``batch``, ``cards``: all of them, in order; :data:`CONTESTED_ALL`); returns ``plays``."""
        new = [Continuation(self.s, r.call, self.standing) for r in calls]
        for r, cont in zip(calls, new):
            self.by_name[str(r.call)] = cont
        return self._add([(c, False) for c in new], batch, cards, plays, index, own, team, partie)

    def _endings(self, conts, batch) -> list[list["Ending"]]:
        """Each deal's ending after each of ``conts``, walked by the pool's workers where there
        are (:data:`ENDINGS_IN_WORKERS`), else here."""
        from tutor.judgement.workers import Pool

        pool = self.pool
        # (forked workers only: a pool that runs its jobs in this process gains nothing by it)
        if not ENDINGS_IN_WORKERS or pool is None or not isinstance(pool.pool, Pool) or pool.forked is None \
                or len(batch) < 2:
            return [[c.ending(hands) for c in conts] for hands in batch]
        size = -(-len(batch) // pool.workers)
        calls = [c.call for c in conts]
        shares = [batch[i:i + size] for i in range(0, len(batch), size)]
        parts = pool.pool.map(_endings_job, [(calls, share) for share in shares], chunksize=1)
        return [row for part, share in zip(parts, shares)
                for row in (part if part is not None else [[c.ending(h) for c in conts] for h in share])]

    def _add(self, conts, batch, cards, plays: list, index: dict, own: int, team: str, partie) -> list:
        endings = self._endings([cont for cont, _aside in conts], batch)
        for cont, _aside in conts:
            if cont.own is not None:
                # the hand's own bid's game, asked on every deal (DOUBLE_OVER: its double valued)
                i = index.get((cont.own.strain, cont.own.declarer))
                cont.own_column = i if i is not None and i < own else None
        for k, hands in enumerate(batch):
            key = tuple(map(tuple, cards[k]))
            for (cont, aside), e in zip(conts, endings[k]):
                cont.endings.append(e)
                if e.contract is None or (aside and not HILFE_GAMES and not (
                        HILFE_UNPLAYED and all((p.strain, p.declarer) != (e.contract.strain, e.contract.declarer)
                                               for p in plays[:own]))):
                    cont.columns.append(None)     # (the aside's: valued in the game of its strain and declarer)
                    continue
                c = e.contract
                targets = tuple(sorted(_partie_targets(c, e.multiplier, team, self.rules, partie)))
                i = index.get((c.strain, c.declarer))
                if i is not None and i < own and set(targets) <= set(plays[i].decisive):
                    cont.columns.append(i)
                    continue
                play = Play(c.strain, c.declarer, targets)
                if play in plays[:own]:
                    cont.columns.append(plays.index(play))
                    continue
                if play not in plays:
                    plays.append(play)
                self.only.setdefault(play, set()).add(key)
                cont.columns.append(plays.index(play))
        return plays

    def live(self, plays) -> set[int]:
        """The columns of the extra games: the solver is asked about them."""
        return {plays.index(p) for p in self.only}

    def values(self, name: str, results, team: str, rules, partie) -> list[int]:
        return self.by_name[name].values(results, team, rules, partie)

    def summary(self, name: str, results, team: str, rules, partie) -> dict:
        return self.by_name[name].summary(results, team, rules, partie)

    def weigh(self, name: str, results, games, team: str, partie) -> dict | None:
        """The call ``name`` (valued by the auction after it, or weighed aside) by the auction
        after it on these deals (``results``; ``games``: their games' kind and declarer): its
        value on each deal (``values``) and their mean (``value``), the contract the auction
        ends in most often (``end``, None: dealt anew) and on how many deals (``ended``), on
        how many it stops at the call itself (``stood``), on how many in a contract of the
        hand's team (``ours``). A deal whose auction ends in a game the deals did not play is
        not valued: the values are those of the other deals (``played``, their indices).
        None: not weighed, or more than a tenth of the deals end in games not played."""
        cont = self.by_name.get(name) or self.aside.get(name)
        n = len(results)
        if cont is None or len(cont.endings) != n:
            return None
        placed = name in self.by_name or HILFE_GAMES
        played, columns = [], []
        for d, e in enumerate(cont.endings):
            col = cont.columns[d] if placed or e.contract is None or cont.columns[d] is not None else \
                next((i for i, g in enumerate(games) if g == (e.contract.strain, e.contract.declarer)), -1)
            if col == -1:
                continue          # a game the deals did not play: this deal is not valued
            played.append(d)
            columns.append(col)
        if 10 * len(played) < 9 * n:
            return None
        import copy

        counted = copy.copy(cont)
        counted.endings, counted.columns = [cont.endings[d] for d in played], columns
        values = counted.values([results[d] for d in played], team, self.rules, partie)
        # the endings as the values count them (the hand's bid doubled where the opponent who bid
        # over it doubles it instead: DOUBLE_OVER)
        endings = list(cont.endings)
        for d, e in zip(played, counted.played([results[d] for d in played], team, self.rules, partie)):
            endings[d] = e
        end, ended = Counter(e.contract for e in endings).most_common(1)[0]
        stood = sum(1 for e in endings if e.contract == cont.own)
        ours = sum(1 for e in endings if e.contract is not None and team_of(e.contract.declarer) == team)
        return {"call": name, "values": values, "value": sum(values) / len(values), "end": end, "ended": ended,
                "stood": stood, "ours": ours, "played": played}


def _with_partie_targets(plays: list, calls, s, team: str, partie) -> list:
    """The games with, among their decisive targets, the card points where the Partie's
    outcome changes for the contracts the calls value in them (the hand's bids, undoubled and
    doubled; the standing contract as it stands, doubled and kontered): with the score a
    contract's value jumps by the Partie's target there (BD at 1990 win with their tenth card
    point: A's 80 Eichel is a lost Partie at 147 and a game that goes on at 148), which the
    Zehner alone would leave to the estimate. A Matsch alone keeps its one target."""
    rules, high = s.rules, s.auction.high
    extra: dict[tuple[str, str], set[int]] = {}
    for r in calls:
        c = r.call
        if c.kind == "bid" and c.value is not None and c.strain:
            for mult in ((1, 2) if rules.doubling else (1,)):
                extra.setdefault((c.strain, s.seat), set()).update(
                    _partie_targets(Contract(c.strain, c.value, s.seat), mult, team, rules, partie))
    if high is not None and high.call.value is not None and high.call.strain:
        standing = Contract(high.call.strain, high.call.value, high.seat)
        for mult in {s.auction.multiplier, *((2, 4) if rules.doubling else ())}:
            extra.setdefault((high.call.strain, high.seat), set()).update(
                _partie_targets(standing, mult, team, rules, partie))
    out = []
    for p in plays:
        more = extra.get((p.strain, p.declarer), set()) - set(p.decisive)
        if not more or p.decisive == (TOTAL_POINTS,) and not p.refine:
            out.append(p)
            continue
        decisive = tuple(sorted(set(p.decisive) | more))
        out.append(Play(p.strain, p.declarer, decisive, tuple(t for t in p.refine if t not in decisive)))
    return out


def _partie_targets(c: "Contract", multiplier: int, team: str, rules, partie) -> set[int]:
    """The targets (credited card points) that decide contract ``c`` on a deal for the
    Partie: every count of the declaring team's card points at which the Partie's outcome
    changes (over or not, and who wins), and its number (made or failed) where the Partie
    goes on on either side of it (where it is over, the number changes nothing)."""
    need = _need(c.value, rules)
    misere = is_misere(c.strain)
    if partie is None:
        return {need}
    out, prev, states = set(), None, {}
    for own in range(TOTAL_POINTS + 1):
        if own in IMPOSSIBLE:
            continue
        _g, over, winner = _ending(c, own, rules, multiplier >= 2, multiplier >= 4, partie)
        credited = TOTAL_POINTS - own if misere else own
        states[credited] = over
        if prev is not None and (over, winner) != prev:
            out.add(TOTAL_POINTS + 1 - own if misere else own)
        prev = (over, winner)
    if not states.get(need, True) or not states.get(need - 1, states.get(need - 2, True)):
        out.add(need)
    return {t for t in out if 0 < t <= TOTAL_POINTS} or {need}


# At a table without the Ansageregeln (rules.conventions off) the calls promise no cards, so
# the dealer knows nothing of them; but a number still says what its bidder means to make
# ("Die Punktzahl ... nennt das Ziel"), and the tutor reads the partner's number as what his
# own count trusts with a third of the rest expected from this hand (docs/interpretations.md;
# the count's ``partner_own``). The deals keep to that reading: the partner's hand is one with
# which the count reaches his number in his suit at such a table (count._plain_counts), drawn
# by rejection from the dealer's fitting deals (deterministic: the same seed, the same deals).
FIT_TRIES = 2000     # deals tried for one that fits the partner's number; then the last is taken

# What a call shows beyond its promises (docs/interpretations.md, "What the count reads from
# a call"): the partner's number above is one read of three. Some calls promise no cards in
# the conventions' table, yet the tutor reads them by its own count: a number at a table
# without the Ansageregeln says what its bidder trusts (every seat's, not only the partner's:
# the count's ``_plain``); a Zehner in the opponents' suit ("Wir wollen eure Farbe selbst",
# no further information) is made with the hands the count makes it with (the count's
# ``_want``); a double with the hands the count doubles with (:func:`_double_fit`). The deals
# keep to these readings for every seat but the hand's, each seat read from its own point of
# view at its call, drawn by rejection as above (FIT_TRIES a deal).


def _count_reads(s) -> list:
    """What the other seats' calls show beyond their promises, read by the count, as tests
    on a deal: [(what, test)], ``what`` the key of the line that says where the deals
    cannot honour it (base.UNHELD; the double, "double", is :func:`_double_fit`'s, added
    last by the callers). Each seat's call is read in the situation of its call (what was
    said before it, the legal calls there):

    - at a table without the Ansageregeln, each other seat's highest number in each strain
      (the Matsch apart): his count reaches it there as the count bids it
      (count.plain_reaches: his own count and a third of the rest with the suit's Puur or
      control; in a suit his partner bid before him, his own count beside the one his
      partner's number says) ("number");
    - with the Ansageregeln, each other seat's highest number that shows no cards in each
      strain: a raise in his team's suit or a number above 120 in a suit, his count raises
      to it or higher there (count.raise_reaches, the count's raise rule); a number in
      Obenabe, Undenufe or a Misère (no Ansagen agreed for them), his count in that strain
      reaches it (count.trumpless_reaches); a number at the last word (the three others out),
      the count bids that strain there at it or higher (count._last_word) ("raise");
    - a Zehner in the opponents' suit ("we want your suit"): the count makes it with his
      hand (count._want: against a Nell opening, the missing Puur with WANT_LENGTH cards)
      ("want");
    - the common Hilfe (table rule ``hilfe: common``: it promises only the suit, "ohne
      Angabe der Kartenzahl"): the count gives a Hilfe with his hand (count._hilfe: he
      holds his partner's other top trump); which of the two Zehner is not read ("hilfe");
    - a Matsch: the count bids it with his hand (count._matsch) ("matsch");
    - a konter: the count konters with his hand (count._konter, the score apart) ("konter").

    Empty: nothing beyond the promises."""
    from tutor.conventions import Reader
    from tutor.judgement.count import (_hilfe, _konter, _last_word, _matsch, _partner_bids, _want, plain_reaches,
                                       raise_reaches, trumpless_reaches)

    reads: list = []
    plain = not s.rules.conventions
    reader = Reader(s.rules)
    numbers: dict = {}     # (seat, strain) -> (value, his situation, his partner's number before it)
    raises: dict = {}      # (seat, strain) -> (value, his situation, his legal calls there)
    for e in s.auction.entries:
        before = reader.situation(e.seat)
        reading = reader.read(e.call, e.seat)
        legal = reader.legal_readings(e.seat) if not plain and e.seat != s.seat and reading.kind in NEEDS_LEGAL \
            else None
        reader.play(e.call, e.seat)
        if e.seat == s.seat:
            continue
        v, strain = e.call.value, e.call.strain
        kind = read_kind(reading, e.call, s.rules)
        if kind == "number":
            numbers[e.seat, strain] = (v, before, _partner_bids(before).get(strain))
        elif kind == "want":
            reads.append(("want", _want_test(e.seat, before, reading, _want)))
        elif kind == "raise":
            raises[e.seat, strain] = (v, before, legal)
        elif kind == "hilfe":
            reads.append(("hilfe", _picks_test(e.seat, before, legal, _hilfe)))
        elif kind == "matsch":
            reads.append(("matsch", _matsch_test(e.seat, before, reading, _matsch)))
        elif kind == "konter":
            reads.append(("konter", _picks_test(e.seat, before, [reading], _konter)))
    for (seat, strain), (v, before, partner) in numbers.items():
        reads.append(("number", _number_test(seat, before, strain, v, partner, plain_reaches)))
    for (seat, strain), (v, before, legal) in raises.items():
        if strain not in SUITS_ONLY:     # Obenabe, Undenufe, a Misère
            reads.append(("raise", _trumpless_test(seat, before, legal, strain, v, trumpless_reaches)))
        elif before.last_word:           # the three others out: the count bids as without the Ansageregeln
            reads.append(("raise", _last_word_test(seat, before, legal, strain, v, _last_word)))
        else:
            reads.append(("raise", _raise_test(seat, before, legal, strain, v, raise_reaches)))
    return reads


NEEDS_LEGAL = ("raise", "confidence", "hilfe")   # reads that ask the count among the seat's legal calls


def read_kind(reading, call, rules) -> str | None:
    """Under which key of ``base.UNHELD`` :func:`_count_reads` reads a call of another seat
    beyond its promises (None: not read): a number at a table without the Ansageregeln, a
    raise or a number that shows no cards, a Zehner in the opponents' suit, the common Hilfe,
    a Matsch, a konter."""
    v, strain = call.value, call.strain
    if not rules.conventions and v is not None and strain and v != rules.matsch_bid:
        return "number"
    if reading.kind in ("raise", "confidence") and v is not None and strain:
        return "raise"
    return {"want": "want", "matsch": "matsch", "redouble": "konter",
            "hilfe": "hilfe" if rules.hilfe != "verband" else None}.get(reading.kind)


def _number_test(seat, before, strain, value, partner, reaches):
    """The count at a table without the Ansageregeln reaches the seat's ``value`` in ``strain``
    with his hand (count.plain_reaches), with its length part (``fits.length``,
    :func:`_length_test`) where ``strain`` is a suit (:data:`NUMBER_LENGTH`), its top part
    (``fits.tops``, :func:`_top_part`) where it is Obenabe or Undenufe (:data:`NUMBER_TOPS`), its
    low part (``fits.tops`` with ``fits.part`` "low", :func:`_low_part`) where it is a Misère
    (:data:`NUMBER_LOW`)."""
    fits = _toward(lambda deal: reaches(deal[seat], before, strain, value, partner), seat, before, strain, value)
    from tutor.judgement.count import OWN_LENGTH, TRUMPLESS, contract_count, is_misere, kind_of

    def reach(hand) -> int:
        return contract_count(hand, before, strain).expected

    def whole(hand) -> bool:
        return reaches(hand, before, strain, value, partner)

    if strain in SUITS_ONLY:
        fits.length = _length_test(seat, _suit(strain), OWN_LENGTH)
    elif strain in TRUMPLESS:     # Obenabe, Undenufe: NUMBER_TOPS
        fits.tops = lambda dealer: _top_part(dealer, seat, kind_of(strain), reach, whole)
    elif is_misere(strain):       # a Misère's count is a charge, not runs: NUMBER_LOW
        fits.tops, fits.part = (lambda dealer: _low_part(dealer, seat, strain, reach, whole)), "low"
    return fits


def _length_test(seat, suit, n):
    """The seat holds at least ``n`` cards of ``suit``: the part of the count's reading of a
    number in a suit at a table without the Ansageregeln that every hand of that length keeps
    (:data:`NUMBER_LENGTH`)."""
    return _one_seat(lambda deal: deal[seat].length(suit) >= n, seat)


def _toward(fits, seat, before, strain, value, reach=None):
    """``fits`` (a read's test of one seat's number) with what the walk climbs on where the
    dealer's deals seldom pass it (READ_WALK, :func:`_walk_deal`): ``fits.toward(hand)``, how far
    the seat's count with ``hand`` reaches beyond ``value`` in ``strain`` (below 0: short of it),
    by ``reach(hand)`` where given (the count's own reach of the read), else the count of a
    contract in ``strain`` (count.contract_count: the hand's sure points and tricks)."""
    if reach is None:
        from tutor.judgement.count import contract_count

        def reach(hand) -> int:
            return contract_count(hand, before, strain).expected
    fits.walk_seat = seat
    fits.toward = lambda hand: reach(hand) - value
    return fits


def _raise_test(seat, before, legal, strain, value, reaches):
    """The count raises to ``value`` or higher in ``strain`` with the seat's hand
    (count.raise_reaches), a test of one seat's hand with its pre-filter (:class:`_Prefilter`):
    the suit is dealt first, and once its cards are dealt the rule is monotone in the side
    cards (a side Ace or a King behind it only adds; the trumps, and with them the trump
    row, its compete and ceiling, are those dealt). Only the lay-down (all 157) can be lost
    by a card more, and it needs the seat's trumps to draw the opponents': where they do,
    the larger hand passes (count.draws_trumps)."""
    from tutor.cards import SUIT_OF
    from tutor.judgement.count import draws_trumps, raise_target

    suit = SUIT_OF[strain]
    partner = before.known(before.partner, suit)

    def holds(hand) -> bool:
        return reaches(hand, before, legal, strain, value) or draws_trumps(hand, suit, partner)

    def fits(deal) -> bool:
        return reaches(deal[seat], before, legal, strain, value)

    fits.seat, fits.holds, fits.first = seat, holds, suit
    fits.bound = lambda dealer: _raise_possible(dealer, seat, suit, lambda hand: reaches(hand, before, legal, strain,
                                                                                        value))
    return _toward(fits, seat, before, strain, value, lambda hand: raise_target(hand, before, legal, suit)[1])


def _may_hold(dealer, seat: str):
    """The test of a card ``seat`` may hold in ``dealer``'s deals: unseen, no rank his own calls
    rule out, none another dealt seat's calls promise (the reads' bounds ask it)."""
    unseen = set(dealer.unseen)

    def may(card) -> bool:
        return card in unseen and card.rank not in dealer.needs[seat][card.suit].lacks \
            and not any(card.rank in dealer.needs[x][card.suit].has for x in dealer.seats if x != seat)
    return may


def _raise_possible(dealer, seat, suit, reaches) -> bool:
    """Some hand ``dealer`` may give ``seat`` is one with which the count raises to his number in
    ``suit`` (``reaches``, the read's own rule, count.raise_reaches), asked of the strongest hands
    he may hold (RAISE_POSSIBLE): for each number of trumps, the highest trumps he may hold (the
    trump row only grows with a higher trump), beside, for each way to share the other cards among
    the side suits, the highest cards of each he may hold (a side Ace, a King beside it, only
    add). Cards he may hold: unseen, not promised to another dealt seat, no rank his own calls
    rule out; each hand asked keeps to his promises and lengths (Dealer.holds), and where none can
    be built so the read is tried as before (True)."""
    from tutor.cards import ORDER, SUITS, Card
    from tutor.play.dealer import splits

    if seat not in dealer.seats:
        return True
    may = _may_hold(dealer, seat)

    size, needs = dealer.size, dealer.needs[seat]
    trumps = [Card(suit, r) for r in ORDER["trump"] if may(Card(suit, r))]
    sides = [x for x in SUITS if x != suit]
    tops = [[Card(x, r) for r in ORDER["plain"] if may(Card(x, r))] for x in sides]
    built = False
    for k in range(min(len(trumps), needs[suit].length[1], size), needs[suit].length[0] - 1, -1):
        caps = [min(len(t), needs[x].length[1]) for t, x in zip(tops, sides)]
        for parts in splits(size - k, len(sides), caps):
            if any(n < needs[x].length[0] for n, x in zip(parts, sides)):
                continue
            hand = Hand(frozenset(trumps[:k] + [c for t, n in zip(tops, parts) for c in t[:n]]))
            if not dealer.holds(seat, hand):
                continue
            built = True
            if reaches(hand):
                return True
    return not built


def _last_word_test(seat, before, legal, strain, value, last_word):
    """The seat had the last word (the three others out: ``Situation.last_word``), where the
    count bids as without the Ansageregeln (count._last_word: its own count and a third of
    the rest, else the number it would open with): with the seat's hand it bids ``strain``
    at ``value`` or higher."""
    def fits(deal) -> bool:
        r = last_word(deal[seat], before, legal, [])
        return r is not None and r.call.strain == strain and r.call.value >= value
    return _toward(fits, seat, before, strain, value)


def _trumpless_test(seat, before, legal, strain, value, reaches):
    """The count, in the seat's place at his call (``before``, his legal calls ``legal``), bids
    ``strain`` (Obenabe, Undenufe, a Misère) at ``value`` or higher with the seat's hand: its
    count there trusts the number (count.trumpless_reaches) and no call the count puts first
    takes its place (count.choose: the Matsch, the double, the Hilfe before a trumpless
    number; an opening, Hilfe or raise within 20 of it, count._trumpless). A hand whose count
    reaches the number but with which the count gives its partner the Hilfe (QA s35 Q6: C's
    Eichel A K O U B beside A's Nell opening reaches 110 Obenabe, and the count bids 120
    Eichel with it) never makes the call. The walk's measure (``toward``) is the count's
    reach, less TRUMPLESS_ELSEWHERE where the count picks a call in another strain or leaves
    a number it reaches. No pre-filter: its runs would allow one in Obenabe and Undenufe, but
    asked of the larger hands it cost more than it saved (benchmarks/README.md)."""
    from tutor.judgement.count import trumpless_reach

    def reach(hand) -> int:
        return trumpless_reach(hand, before, strain)[1]

    def pick(hand):
        return _count_call(hand, before, legal)

    def fits(deal) -> bool:
        return trumpless_read(deal[seat], before, legal, strain, value, reaches)

    def toward(hand) -> int:
        short, p = reach(hand) - value, pick(hand)
        if p is not None and p.call.strain == strain or p is None and short < 0:
            return short
        return short - TRUMPLESS_ELSEWHERE

    fits = _toward(fits, seat, before, strain, value)
    fits.toward = toward
    fits.possible = lambda dealer: _trumpless_possible(dealer, seat, strain, value, reach)
    return fits


def _count_call(hand, before, legal):
    """The count's whole call with ``hand`` in a seat's place (``before``, his legal calls
    ``legal``, those the hand keeps the promises of), without the score: a Reading or None."""
    from tutor.conventions import truthful_readings
    from tutor.judgement.count import COUNT

    return COUNT.choose(hand, before, truthful_readings(legal, hand)).pick


def trumpless_read(hand, before, legal, strain, value, reaches=None) -> bool:
    """What a number in Obenabe, Undenufe or a Misère that shows no cards says of its bidder's
    hand, as the tutor reads it wherever it is made (another seat's number, :func:`_trumpless_test`;
    the hand's own, as its partner would read it, :func:`fits_own_read`): the count in the
    bidder's place (``before``, his legal calls ``legal``) trusts the number there
    (``reaches``, default count.trumpless_reaches, cheap, asked first) and bids ``strain`` at
    ``value`` or higher with ``hand`` (its whole call: no Hilfe, opening or raise put first,
    count.choose). docs/interpretations.md: the bidder's own count, read whole."""
    if reaches is None:
        from tutor.judgement.count import trumpless_reaches as reaches
    if not reaches(hand, before, strain, value):
        return False
    p = _count_call(hand, before, legal)
    return p is not None and p.call.strain == strain and (p.call.value or 0) >= value


def _trumpless_possible(dealer, seat, strain, value, reach) -> bool:
    """Some hand ``dealer`` may give ``seat`` has a count in ``strain`` (Obenabe or Undenufe)
    that reaches ``value`` (``reach``: count.trumpless_reach's, a sum over the hand's runs from
    the top of each suit, QA s43 F15): the cards the seat may hold (unseen, not promised to
    another dealt seat, no rank his own calls rule out) run from the top of each suit down to
    the first he cannot hold; the count only grows with a run's length, so the hands to ask
    are those of the longest runs (every way to share out the hand's cards among the four
    runs), filled with other cards he may hold. A Misère: :func:`_misere_possible`. A hand that
    cannot be filled so: True (the read is tried as before)."""
    from tutor.judgement.count import is_misere, kind_of

    if seat not in dealer.seats:
        return True
    may = _may_hold(dealer, seat)

    if is_misere(strain):
        return _misere_possible(dealer, seat, strain, value, reach, may) if MISERE_POSSIBLE else True

    best = _strongest_runs(dealer, seat, kind_of(strain), reach, may, enough=value)
    return best is None or best[0] >= value


def _strongest_runs(dealer, seat, kind, reach, may=None, enough=None):
    """(the highest ``reach``, the hand, its cards in runs) of the hands ``dealer`` may give
    ``seat`` (``may``: :func:`_may_hold`), where ``reach`` is a count in ``kind`` ('obenabe' or
    'undenufe') that sums the hand's runs from the top of each suit (count.trumpless_reach,
    count.trumpless_defence) and grows with a run's length: the cards he may hold run from the top
    of each suit down to the first he cannot hold, and every way to share out his cards among the
    four runs is asked, filled with other cards he may hold (the first to reach ``enough``, where
    given, ends the search). None where a share asked cannot be filled so (his hand is not bounded
    here: the read is tried as before)."""
    from tutor.cards import ORDER, SUITS, Card
    from tutor.play.dealer import splits

    may = may or _may_hold(dealer, seat)
    runs = []
    for suit in SUITS:
        run = []
        for rank in ORDER[kind]:
            if not may(Card(suit, rank)):
                break
            run.append(Card(suit, rank))
        runs.append(run)
    in_runs = {c for run in runs for c in run}
    others = [c for c in dealer.unseen if may(c) and c not in in_runs]
    best = None
    for parts in splits(min(dealer.size, len(in_runs)), len(runs), [len(r) for r in runs]):
        cards = [c for run, k in zip(runs, parts) for c in run[:k]]
        if len(cards) + len(others) < dealer.size:
            return None
        hand = Hand(frozenset(cards + others[:dealer.size - len(cards)]))
        got = reach(hand)
        if best is None or got > best[0]:
            best = (got, hand, cards)
        if enough is not None and got >= enough:
            break
    return best


# A Misère number no hand the dealer may give its bidder reaches by the count is dropped as an
# Obenabe or Undenufe number is (READ_POSSIBLE; :func:`_misere_possible`). False: a Misère number is
# always tried (and left out where the deals seldom pass it), as before session 44.
MISERE_POSSIBLE = True


def _misere_possible(dealer, seat, strain, value, reach, may) -> bool:
    """Some hand ``dealer`` may give ``seat`` (``may``: a card he may hold) has a Misère count
    in ``strain`` that reaches ``value``: the least charged hand he may hold
    (:func:`_least_charged`) asked of the count (``reach``). A Misère number above what any
    hand's count reaches (157 less the partner's share, count.MISERE_PARTNER) is never reached.
    True where his hand is not bounded (the read is tried as before)."""
    held = _least_charged(dealer, seat, strain, may)
    return held is None or reach(Hand(frozenset(held))) >= value


def _least_charged(dealer, seat, strain, may) -> "tuple | None":
    """The cards of the least charged Misère hand in ``strain`` that ``dealer`` may give ``seat``
    (``may``: a card he may hold). The count (count.misere) charges each card that may win a
    trick against the Misère (count.misere_danger, judged by its suit's holding alone) beyond
    the count.MISERE_DISCARDS most valuable, so the best hand is found suit by suit: every
    holding of each suit he may hold (his promised cards in it, his promised length), kept per
    number of cards and its most valuable such charges at the least charge of the others; the
    four suits joined to the seat's number of cards. None where his hand is not bounded so (a
    promised card he cannot hold, no hand of his length)."""
    from itertools import combinations

    from tutor.cards import ORDER, SUITS, Card
    from tutor.judgement.count import FALL_PER_TRICK, MISERE_DISCARDS, kind_of, misere_danger

    kind, free_ = kind_of(strain), MISERE_DISCARDS
    # (cards, the free_ largest charges) -> (charge of all, cards)
    states: dict = {(0,) + (0,) * free_: (0, ())}
    for suit in SUITS:
        need = dealer.needs[seat][suit]
        cards = [Card(suit, r) for r in ORDER[kind] if may(Card(suit, r))]
        must = [c for c in cards if c.rank in need.has]
        if len(must) < len(need.has):
            return None                # a promised card he cannot hold: the read is tried as before
        free = [c for c in cards if c.rank not in need.has]
        best: dict = {}
        for k in range(max(need.length[0], len(must)), min(need.length[1], dealer.size, len(cards)) + 1):
            for more in combinations(free, k - len(must)):
                held = must + list(more)
                charges = sorted((v + FALL_PER_TRICK for v, _ in misere_danger(Hand(frozenset(held)), kind)),
                                 reverse=True) + [0] * free_
                key = (k,) + tuple(charges[:free_])
                total = sum(charges)
                if key not in best or total < best[key][0]:
                    best[key] = (total, tuple(held))
        joined: dict = {}
        for (n, *top), (total, held) in states.items():
            for (k, *more_top), (more, cards_) in best.items():
                if n + k > dealer.size:
                    continue
                key = (n + k,) + tuple(sorted(top + more_top, reverse=True)[:free_])
                if key not in joined or total + more < joined[key][0]:
                    joined[key] = (total + more, held + cards_)
        states = joined
    full = [(total - sum(key[1:]), held) for key, (total, held) in states.items() if key[0] == dealer.size]
    if not full:
        return None                    # no hand of his length: the read is tried as before
    return min(full, key=lambda x: x[0])[1]


# The walk's measure for a trumpless read (:func:`_trumpless_test`) where the count picks another
# strain's call with the hand (the Hilfe, an opening) or none though its count reaches the number:
# further from the read than any hand whose count falls short in the strain alone, so the climb
# leaves such hands (a swap toward a higher trumpless count never buys the Hilfe's Puur).
TRUMPLESS_ELSEWHERE = 157


def _want_test(seat, before, reading, want):
    """The count makes the Zehner in the opponents' suit with the seat's hand (count._want:
    against a Nell opening, the missing Puur and WANT_LENGTH cards). ``fits.needs``: the card the
    rule needs in the seat's hand, None where it needs one no hand has (against a Puur opening
    the count never makes the call): where no deal can give it him, the read is dropped
    (:func:`_possible`)."""
    from tutor.cards import NELL, PUUR, Card
    from tutor.judgement.count import WANT_LENGTH

    suit = _suit(reading.call.strain)
    opener = before.opened.get(suit)
    fits = _one_seat(lambda deal: want(deal[seat], before, [reading], []) is not None, seat)
    fits.needs = Card(suit, PUUR) if opener is not None and opener.top == NELL else None
    fits.needs_length = WANT_LENGTH
    return fits


def _possible(dealer, test) -> bool:
    """A read some deal of ``dealer`` could pass: False where the count's rule needs a card in
    the bidder's hand (``test.needs``, None: a card no hand has) that the dealer never gives him
    (the hand's own, another seat's promise, one his calls deny), or more cards of its suit
    than he can hold. The rules give the call
    nothing beyond its promise there (the want Zehner: "ohne weitere Auskunft"), so the deals
    keep to the promises as the rules read it, and no line says the bid is unread: the count's
    own reading of it is one no hand can hold (QA s42 F4). A number in Obenabe or Undenufe
    (``test.possible``): no hand the dealer may give its bidder has a count there that reaches
    it, the rules leaving those strains' Ansagen to the table (QA s43 F15: C's 80 Obenabe
    against D's three Aces, whose runs from the top are at most the Schellen Ace)."""
    possible = getattr(test, "possible", None)
    if possible is not None:
        return possible(dealer)        # a trumpless number (:func:`_trumpless_possible`)
    if not hasattr(test, "needs"):
        return True
    card, seat = test.needs, test.walk_seat
    if card is None or card not in dealer.unseen or seat not in dealer.seats:
        return False
    if card.rank in dealer.needs[seat][card.suit].lacks:
        return False
    if any(card.rank in dealer.needs[x][card.suit].has for x in dealer.seats if x != seat):
        return False
    # the length the rule needs (``test.needs_length``): the suit's unseen cards less what the
    # other dealt seats' calls promise of it, within what the seat's own calls allow
    unseen = sum(1 for c in dealer.unseen if c.suit == card.suit)
    room = min(dealer.needs[seat][card.suit].length[1],
               unseen - sum(dealer.needs[x][card.suit].length[0] for x in dealer.seats if x != seat))
    return room >= getattr(test, "needs_length", 0)


def _one_seat(fits, seat):
    """``fits``, a test of ``seat``'s hand alone, named so (the walk asks it again only when that
    hand changed: :class:`_Walked`)."""
    fits.walk_seat = seat
    return fits


def _picks_test(seat, before, readings, picker):
    """The count's ``picker`` (count._hilfe, _matsch, _konter) makes a call of ``readings``
    with the seat's hand (the Matsch and the konter: that very call; the common Hilfe: one of
    its two Zehner)."""
    return _one_seat(lambda deal: picker(deal[seat], before, readings, []) is not None, seat)


def _matsch_test(seat, before, reading, matsch):
    """The count bids the Matsch ``reading`` with the seat's hand (count._matsch: "Wer den Matsch
    ansagt, hat beim Bieten erkannt, dass alle Karten, die es dafür braucht, bei seinem Team
    liegen"), with the walk's measure where the dealer's deals seldom give him such a hand: his
    count of that contract toward its 157 (QA s43 F17: C's 157 Obenabe after "fort, fort"
    against D's Eichel Ace is a lay-down only void in Eichel, a hand rejection never draws)."""
    fits = _picks_test(seat, before, [reading], matsch)
    return _toward(fits, seat, before, reading.call.strain, reading.call.value)


def _double_fit(s, standing=None):
    """The test a deal's doubler must pass: where an opponent doubled the hand's team, his
    hand is one with which the count doubles there (count's double rule: the opponents
    double when it pays them, and the double tells what they hold: the trumps over the
    declarer, tricks the declaring team cannot ruff). Without it the deals gave the doubler
    a random hand, and a minimum Puur-fifth opener was told to konter into a double that
    exact play shows failing (QA). None: nothing to test (no double, or one by our team)."""
    doubler = s.auction.doubled_by
    if doubler is None or doubler == s.seat or team_of(doubler) == team_of(s.seat):
        return None
    from tutor.auction import Auction
    from tutor.cards import SUIT_OF
    from tutor.conventions import read_call
    from tutor.judgement.count import TRUMPLESS, _double, _judge_double

    at = max(i for i, e in enumerate(s.auction.entries) if e.seat == doubler and e.call.kind == "double")
    entry = s.auction.entries[at]
    them = _situation_of(s, doubler)
    reading = read_call(them, entry.call)
    # the double in turn: the doubler could have bid instead, and the count's double rule then
    # bids on where his team holds trump control in its own suit (count._double, Holding.contest);
    # out of turn the double alone. The count's rule itself, with the calls the doubler had.
    before = Auction(s.auction.spec)
    for e in s.auction.entries[:at]:
        before = before.play(e.call, e.seat)
    readings = [reading]
    if before.next_seat == doubler:
        readings.append(read_call(them, s.auction.spec.parse_call("fort")))

    def doubles(hand) -> bool:
        return _double(hand, them, readings, [], standing) is not None

    def may_double(hand) -> bool:
        # the pre-filter's necessary condition: the double without the bid-on exception, which is
        # monotone in the hand (a card more may give the control that takes the double away)
        return _judge_double(hand, them, [reading], [], standing) is not None

    def fits(deal) -> bool:
        return doubles(deal[doubler])

    # a test of one seat's hand: the dealer's tries can be cut short by its pre-filter (_Prefilter),
    # the trump dealt first (the count's double rests mostly on the doubler's trumps)
    fits.seat, fits.holds, fits.first = doubler, may_double, SUIT_OF.get(s.auction.high.call.strain)
    fits.walk_seat = doubler
    strain = s.auction.high.call.strain
    if strain in TRUMPLESS:        # Obenabe, Undenufe (a Misère's double the count does not judge)
        fits.tops = lambda dealer: _double_tops(dealer, doubler, them, strain, may_double)
    return fits


def _double_tops(dealer, doubler, them, strain, may_double):
    """The top part of a double of an Obenabe or Undenufe number (:data:`DOUBLE_TOPS`): where no
    hand ``dealer`` may give the doubler doubles by the count (its defence there is his runs from
    the top of each suit, count.trumpless_defence; the strongest such hands do not double), the
    test that his count against the number reaches the strongest any hand he may hold reaches
    (:func:`_top_part`). None where the count's whole reading is possible, where he may hold no
    such run, or where his hand is not bounded (the double is read whole, as before)."""
    from tutor.judgement.count import kind_of, trumpless_defence

    kind = kind_of(strain)
    return _top_part(dealer, doubler, kind, lambda hand: trumpless_defence(hand, them, kind).expected, may_double)


def _top_part(dealer, seat, kind, reach, whole):
    """The test that ``seat``'s ``reach`` (a count in ``kind``, 'obenabe' or 'undenufe', that sums
    his runs from the top of each suit) comes to the strongest any hand ``dealer`` may give him
    comes to (:func:`_strongest_runs`), where the read's whole rule (``whole``, asked of that
    strongest hand) fails even there; ``.cards``: that hand's runs. None where the whole read may
    hold, where he may hold no such run, or where his hand is not bounded."""
    if seat not in dealer.seats:
        return None
    best = _strongest_runs(dealer, seat, kind, reach)
    if best is None or not best[2] or whole(best[1]):
        return None
    value = best[0]
    test = _one_seat(lambda deal: reach(deal[seat]) >= value, seat)
    test.cards = best[2]
    return test


def _low_part(dealer, seat, strain, reach, whole):
    """The test that ``seat``'s Misère count in ``strain`` (``reach``, count.misere: 157 less the
    partner's share less a charge for each of his cards that may take a trick beyond the two most
    valuable) comes to the count of the least charged hand ``dealer`` may give him
    (:func:`_least_charged`), where the read's whole rule (``whole``, asked of that hand) fails
    even there (:data:`NUMBER_LOW`). None where the whole read may hold or his hand is not
    bounded."""
    if seat not in dealer.seats:
        return None
    held = _least_charged(dealer, seat, strain, _may_hold(dealer, seat))
    if held is None:
        return None
    least = Hand(frozenset(held))
    if whole(least):
        return None
    value = reach(least)
    return _one_seat(lambda deal: reach(deal[seat]) >= value, seat)


def fought_over(hand, s, deals) -> "dict | None":
    """The cards a trumpless number and the double of it fight over (QA s43 KE2, s44 F20): where
    the doubled contract is the partner's Obenabe or Undenufe number that no hand he may hold
    reaches by the count (his strongest runs from the top, :func:`_strongest_runs`, fall short of
    it: the read is dropped, READ_POSSIBLE) and the deals read the opponent's double, the cards of
    those runs the doubler holds on every one of ``deals``: {"seat", "call", "doubler", "runs",
    "held"} (runs and held: lists of cards). None elsewhere. The deals give such cards to the
    double, the call they can read; the line that says so (voice) names them."""
    from tutor.conventions import Reader
    from tutor.judgement.count import TRUMPLESS, contract_count, kind_of

    high, doubler = s.auction.high, s.auction.doubled_by
    if high is None or doubler is None or not deals or high.seat != s.partner or high.call.value is None \
            or high.call.strain not in TRUMPLESS or team_of(doubler) == team_of(s.seat):
        return None
    strain, reader, before = high.call.strain, Reader(s.rules), None
    for e in s.auction.entries:
        if e is high:
            before = reader.situation(e.seat)
            break
        reader.play(e.call, e.seat)
    if before is None:
        return None
    dealer, _honoured_ = honouring({s.seat: hand}, s.promised, s.denied)
    best = _strongest_runs(dealer, high.seat, kind_of(strain), lambda h: contract_count(h, before, strain).expected)
    if best is None or not best[2] or best[0] >= high.call.value:
        return None
    held = [c for c in best[2] if all(d[doubler].has(c.suit, c.rank) for d in deals)]
    if not held:
        return None
    return {"seat": high.seat, "call": str(high.call), "doubler": doubler, "runs": best[2], "held": held}


DOUBLE_TRIES = 400   # deals tried for one whose doubler doubles by the count; none: the double is no test

# The double's pre-filter (QA Q12's position: 12 of 2,000 tries give B a hand the count doubles
# with, a try a full deal and the count's double rule): each try is cut short after the first
# suit whose deal already leaves the doubler no doubling hand (_Prefilter). Off, the same deals
# (each try has its own random state either way), only slower: benchmarks/README.md.
PREFILTER = True


class _Prefilter:
    """A necessary condition of a test of one seat's hand (``holds``: the count's double
    rule, :func:`_double_fit`), asked by the dealer after each suit but the last: the seat's
    cards so far together with every unseen card of the suits still to be dealt. The rule
    is monotone in the hand: a card more never takes a double away (count.defence only adds
    Aces, Kings behind them and guarded trumps, a trump more guards more and leaves the
    declaring team fewer trumps to ruff with, and the double's Partie tests go the same way
    with a higher count; tests/test_simulation_double.py checks it on random hands), so where
    even that hand does not double, no completion of the deal does. It is the rule itself
    (count._judge_double: the double before count._double's preference for bidding on, which
    only takes doubles away), asked of a larger hand, not a second copy of it. Its answers are kept per suit and cards
    so far: after the first tries a lookup."""

    def __init__(self, dealer, seat: str, holds) -> None:
        self.at = dealer.seats.index(seat)
        self.holds = holds
        suits = [x.suit for x in dealer.suits]
        self.rest = [[c for c in dealer.unseen if c.suit in suits[i + 1:]] for i in range(len(suits))]
        self.last = len(suits) - 1
        self.memo: dict = {}

    def __call__(self, i: int, cards) -> bool:
        if i >= self.last:
            return True       # the whole hand: the test itself decides
        mine = cards[self.at]
        key = (i, frozenset(mine))
        ok = self.memo.get(key)
        if ok is None:
            ok = self.memo[key] = self.holds(Hand(mine + self.rest[i]))
        return ok


def _staged(dealer, fits):
    """For a test of one seat's hand (``fits.holds``): the dealer that deals ``fits.first``
    (the doubled contract's trump) first, and the pre-filter (an always-yes check where
    PREFILTER is off: the same deals), made once per dealer and test."""
    made = getattr(fits, "staged", None)
    if made is None or made[0] is not dealer:
        first = dealer.dealing_first(fits.first) if fits.first is not None else dealer
        check = _Prefilter(first, fits.seat, fits.holds) if fits.seat in first.seats else None
        made = fits.staged = (dealer, first, check)
    return made[1], (made[2] if PREFILTER and made[2] is not None else _always)


def _prefilter(dealer, fits):
    """The pre-filter of ``fits`` for ``dealer`` (:func:`_staged`)."""
    return _staged(dealer, fits)[1]


def _always(_i, _cards) -> bool:
    return True


def _try(dealer, rng: random.Random, fits) -> dict | None:
    """One try of a test on one seat's hand (``fits.holds``): a deal cut short by the
    pre-filter where it can tell already (Dealer.deal's ``check``: the next try is the same
    with the pre-filter or without it, PREFILTER); the deal where it passes the test, else None."""
    first, check = _staged(dealer, fits)
    deal = first.deal(rng, check)
    return deal if deal is not None and fits(deal) else None


def _fits_some(dealer, fits, rng: random.Random) -> bool:
    """Some deal of DOUBLE_TRIES from ``dealer`` passes ``fits``."""
    if getattr(fits, "holds", None) is not None:
        return any(_try(dealer, rng, fits) is not None for _ in range(DOUBLE_TRIES))
    return any(fits(dealer.deal(rng)) for _ in range(DOUBLE_TRIES))


READ_PASSES = 5     # a read is kept where this many deals of FIT_TRIES pass it (about one in 400 tries)


def _read_holds(dealer, fits, seed) -> bool:
    """Deals from ``dealer`` pass ``fits`` often enough to be drawn by rejection: some of
    the first DOUBLE_TRIES (:func:`_fits_some`), and READ_PASSES of FIT_TRIES (a deal then
    costs about 400 tries at most on average, and one where none of FIT_TRIES fits is rare:
    e^-5). The same seed, the same answer."""
    if not _fits_some(dealer, fits, random.Random(seed)):
        return False
    rng, passes = random.Random(seed), 0
    if getattr(fits, "holds", None) is not None:     # one seat's test: the pre-filter's tries (_try)
        def passed() -> bool:
            return _try(dealer, rng, fits) is not None
    else:
        def passed() -> bool:
            return bool(fits(dealer.deal(rng)))
    for _ in range(FIT_TRIES):
        passes += passed()
        if passes >= READ_PASSES:
            return True
    return False


def _honoured(dealer, reads, seed) -> tuple:
    """(one test of the ``reads`` (:func:`_count_reads`) the deals of ``dealer`` pass
    together, None for none; what they read; what could not be read): each read in turn is
    kept where the deals pass it with those kept before it often enough
    (:func:`_read_holds`), else left out: the count rarely or never makes that call with a
    hand these deals give its bidder, beside the others, and the evidence says so
    (base.UNHELD)."""
    kept, read, unheld, climbs = [], [], [], []
    for what, test in reads:
        if READ_POSSIBLE and not _possible(dealer, test):
            continue          # the count's reading of the call cannot hold: the rules' (its promise alone)
        part = getattr(test, "part", "tops")
        tops = test.tops(dealer) if getattr(test, "tops", None) is not None \
            and (DOUBLE_TOPS if what == "double" else NUMBER_LOW if part == "low" else NUMBER_TOPS) else None
        if tops is not None:
            # no hand he may hold doubles (or bids) the trumpless number by the count: its top part
            # (DOUBLE_TOPS, NUMBER_TOPS), or a Misère number's low part (NUMBER_LOW)
            if _read_holds(dealer, _both(*kept, tops), seed):
                kept.append(tops)
                read.append(f"{what}_{part}")
                unheld.append(f"{what}_{part}")
            elif what not in unheld:
                unheld.append(what)
            continue
        if _read_holds(dealer, _both(*kept, test), seed):
            kept.append(test)
            read.append(what)
        elif RAISE_POSSIBLE and getattr(test, "bound", None) is not None and not test.bound(dealer):
            continue          # no hand he may hold reaches it: the rules' reading, as above (RAISE_POSSIBLE)
        elif READ_WALK and getattr(test, "toward", None) is not None \
                and _walk_holds(dealer, _Walked(kept + [test], climbs + [test]), seed):
            # too rare for rejection, but the walk reaches it (READ_WALK)
            kept.append(test)
            climbs.append(test)
            read.append(what)
        elif NUMBER_LENGTH and getattr(test, "length", None) is not None \
                and _read_holds(dealer, _both(*kept, test.length), seed):
            # the number's length part (NUMBER_LENGTH): the deals keep to it, and say so
            kept.append(test.length)
            read.append(what + "_length")
            if what + "_length" not in unheld:
                unheld.append(what + "_length")
        elif what not in unheld:
            unheld.append(what)
    return (_Walked(kept, climbs) if climbs else _both(*kept)), read, unheld


def read_deals(dealer, s, count: int, seed: int | None = None) -> tuple[list, list[str], int]:
    """``count`` deals from ``dealer`` that keep to what the calls show beyond their
    promises in ``s`` (:func:`_count_reads`, as the simulation deals them; ``tutor deal``),
    what could not be read (base.UNHELD) and how many deals keep to the promises alone."""
    double = _double_fit(s)
    fits, _read, unheld = _honoured(dealer, _count_reads(s) + [("double", double)] * (double is not None), seed)
    rng, missed = random.Random(seed), []     # without reads the dealer's own deals (Dealer.deals)
    return [_deal(dealer, rng, fits, missed) for _ in range(count)], unheld, len(missed)


def _both(*tests):
    """One test from several (None where none is given)."""
    tests = [t for t in tests if t is not None]
    if not tests:
        return None
    return tests[0] if len(tests) == 1 else (lambda deal: all(t(deal) for t in tests))


# A read too rare for rejection (fewer than READ_PASSES of FIT_TRIES deals pass it: a 130 whose
# bidder's count seldom reaches it) left the deals to give its bidder any hand, weaker by his
# count than his number shows (open 9; QA s41 F2). With READ_WALK the dealer's deal is walked
# to one that honours it instead: the climb swaps unseen cards between the bidder and another
# seat, keeping every promise and denial (Dealer.holds), as long as no read the deal passed is
# lost and the bidder's count comes no further from his number (``fits.toward``), until every
# read holds; then the walk swaps cards between any two dealt seats, each swap kept where every
# read still holds (a symmetric proposal kept only inside the reads: the fitting deals' uniform
# measure is the walk's stationary one, so its deals approach the rejection's the longer it
# walks; benchmarks/README.md, "The reads' walk"). A deal that no climb reaches in CLIMB_STARTS
# keeps to the promises alone (``missed``, as a rejection that found none); a read that the
# climbs reach on fewer than WALK_HOLDS of CLIMB_STARTS deals is left out as before.
READ_WALK = True     # on since session 43 (docs/interpretations.md: the trumpless read is the count's whole choice)
# A read no deal can pass because the count's rule for the call needs a card the bidder cannot
# hold (the want Zehner against a Puur opening, or with the missing Puur in this hand) is dropped,
# not left out with the line that hands the call to the count (_possible; QA s42 F4).
READ_POSSIBLE = True
# A raise in the team's own suit (or a number above 120 in a suit) that no hand the dealer may give
# its bidder reaches by the count's raise rule (:func:`_raise_possible`, asked only where rejection
# finds too few) is dropped as a trumpless number no hand reaches is (READ_POSSIBLE): the rules give
# a raise no cards, so it keeps its promise alone and the deals decide (QA s43 DV1: D with Schellen A
# K B and four Aces against A's 130 Schellen). False: left out (and walked) as before session 45.
RAISE_POSSIBLE = True
# A number in a suit at a table without the Ansageregeln that its bidder's count seldom or never
# reaches with a hand the deals give him (this hand holds his Puur and Nell: the count bids a
# suit without its Puur only on three cards whose own count reaches the lowest bid, which no hand
# then holds) keeps the part of the count's reading every hand of that length keeps: he holds at
# least count.OWN_LENGTH cards of the suit ("number_length", said in the evidence), instead of any
# hand, singletons included (QA s44 F18: FR3, C with Eichel U 9 over A's 70 Eichel bid 80 Eichel;
# exact play with A holding three Eichel or more: 120 Eichel, 40 more on every deal).
# False: such a number is left out and its bidder dealt any hand, as before session 45.
NUMBER_LENGTH = True
# A double of an Obenabe or Undenufe number that no hand the dealer may give the doubler doubles by
# the count (its defence there is the doubler's runs from the top of each suit, count.trumpless_defence;
# this hand holds the cards his runs would need) keeps the part of the count's reading the hands
# nearest to it keep: the doubler's runs reach the strongest any hand he may hold reaches (the top
# cards of ours he may hold: :func:`_double_tops`), said in the evidence ("double_tops"), instead of
# any hand (QA s44 F20: DT7, C with Eichel A K, Rosen A O and the Schellen and Schilten Kings behind
# A's 100 Obenabe doubled by B: B any hand, 100 Obenabe made 34 of 48, konter 83 +- 27 above saying
# nothing; B holding the two Aces C lacks, made 4 of 24, konter 133 +- 31 below).
# False: such a double is left out and the doubler dealt any hand, as before session 46.
DOUBLE_TOPS = True
# A number in Obenabe or Undenufe at a table without the Ansageregeln (a table rule: the Verband's
# rules without them, with the extended kinds) that no hand the dealer may give its bidder reaches by
# the count (his runs from the top of each suit; this hand holds the cards under which they would go
# on) keeps its top part in the same way: his runs reach the strongest any hand he may hold reaches
# ("number_tops", said in the evidence), the trumpless counterpart of NUMBER_LENGTH (a suit number's
# length part), instead of any hand. A Misère number keeps its low part instead (NUMBER_LOW: its count is
# a charge, not runs). False: left out whole, as before session 46.
NUMBER_TOPS = True
# A Misère number at a table without the Ansageregeln that no hand the dealer may give its bidder
# reaches by the count (count.misere: 157 less the partner's share, 70, less a charge for each card
# beyond the two most valuable that may take a trick; no hand's count passes 87, so a 90 is never
# reached) keeps its low part (QA s47 F30, session 48): his count comes to that of the least charged
# hand he may hold (:func:`_least_charged`, :func:`_low_part`), said in the evidence ("number_low"),
# instead of any hand. A player reads a Misère number as cards that take no trick, and the least
# charged hands are the nearest the count's reading by its own measure, as the strongest runs are
# for an Obenabe number. Exact play on the tutor's deals (docs/interpretations.md, "A Misère number
# there"): a partner's doubled 90 or 100 Misère is made more often on them than with the bidder any
# hand. The number stays unread whole for the voice (voice._unread_bids, as "number_length").
# False: left out whole, as before session 48.
NUMBER_LOW = True
CLIMB_STEPS = 1500    # proposals of one climb at most ...
CLIMB_STALL = 200     # ... and a climb given up after this many without a step closer
CLIMB_STARTS = 4      # climbs, each from a new deal of the dealer, before a deal is given up
WALK_HOLDS = 2        # climbs of CLIMB_STARTS that must reach the reads for the walk to keep them
WALK_STEPS = 50       # proposals of the walk inside the reads from one deal to the next
WALK_CHAIN = 10       # deals of one chain: the walk goes on from the previous deal, a climb every WALK_CHAIN deals


class _Walked:
    """The reads a deal must pass (``tests``), some of them too rare for rejection
    (``climbs``: each with ``walk_seat`` and ``toward``): dealt by :func:`_walk_deal`. A test
    of one seat's hand (``walk_seat``) is asked again only when that hand changed."""

    def __init__(self, tests, climbs) -> None:
        self.tests, self.climbs = list(tests), list(climbs)
        # the reads rejection honours: a climb starts from a deal that passes them (:func:`_deal`)
        self.base = _both(*(t for t in self.tests if not any(t is c for c in self.climbs)))
        self.memo: dict = {}
        self.last: "tuple | None" = None    # (the dealer, the chain's last deal, its deals since the climb)

    def _ask(self, test, deal, toward: bool = False):
        seat = getattr(test, "walk_seat", None)
        if seat is None:
            return test(deal)
        key = (id(test), toward, deal[seat].cards)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > 50_000:
                self.memo.clear()
            found = self.memo[key] = test.toward(deal[seat]) if toward else bool(test(deal))
        return found

    def __call__(self, deal) -> bool:
        return all(self._ask(t, deal) for t in self.tests)

    def score(self, deal) -> tuple[int, int]:
        """(the climbs' reads the deal passes, how far short their seats are of their numbers):
        the climb keeps a swap that lowers neither."""
        return (sum(1 for t in self.climbs if self._ask(t, deal)),
                sum(min(0, self._ask(t, deal, True)) for t in self.climbs))

    def kept(self, deal) -> bool:
        """The deal passes the reads rejection honours (``base``)."""
        return all(self._ask(t, deal) for t in self.tests if not any(t is c for c in self.climbs))


def _order(card) -> tuple[str, str]:
    """The walk's order of a hand's cards (its draws the same whatever a set's order)."""
    return card.suit.value, card.rank.value


def _swap(dealer, deal: dict, a: str, b: str, rng: random.Random) -> "dict | None":
    """``deal`` with one random card of ``a`` and one of ``b`` swapped, None where a hand then
    breaks what its seat's calls promise or deny (Dealer.holds)."""
    ha, hb = deal[a], deal[b]
    give = rng.choice(sorted(ha.cards, key=_order))
    take = rng.choice(sorted(hb.cards, key=_order))
    na, nb = Hand((ha.cards - {give}) | {take}), Hand((hb.cards - {take}) | {give})
    suits = {give.suit, take.suit}
    if not (dealer.holds(a, na, suits) and dealer.holds(b, nb, suits)):
        return None
    out = dict(deal)
    out[a], out[b] = na, nb
    return out


def _climb(dealer, rng: random.Random, deal: dict, fits: _Walked) -> "dict | None":
    """From ``deal`` (the dealer's) toward one that passes ``fits`` (:class:`_Walked`): swaps
    between a climbing read's seat and another dealt seat, kept where :meth:`_Walked.score`
    does not drop; the deal once every read holds, None after CLIMB_STEPS proposals."""
    score = fits.score(deal)
    full = len(fits.climbs)
    keep = fits.kept(deal)      # (a start that missed the others' reads need not keep them)
    since = 0
    for _ in range(CLIMB_STEPS):
        if score[0] == full and fits(deal):
            return deal
        since += 1
        if since > CLIMB_STALL:
            return None
        a = fits.climbs[rng.randrange(len(fits.climbs))].walk_seat
        b = rng.choice([x for x in dealer.seats if x != a])
        moved = _swap(dealer, deal, a, b, rng)
        if moved is None:
            continue
        new = fits.score(moved)
        if new >= score and (not keep or fits.kept(moved)):
            if new > score:
                since = 0
            deal, score = moved, new
    return deal if score[0] == full and fits(deal) else None


def _walk(dealer, rng: random.Random, deal: dict, fits: _Walked) -> dict:
    """WALK_STEPS proposals from ``deal`` (which passes ``fits``): a random card of each of two
    random dealt seats swapped, kept where both hands keep to their calls and every read still
    holds."""
    seats = dealer.seats
    for _ in range(WALK_STEPS):
        a, b = rng.sample(seats, 2)
        moved = _swap(dealer, deal, a, b, rng)
        if moved is not None and fits(moved):
            deal = moved
    return deal


def _walk_deal(dealer, rng: random.Random, fits: _Walked, missed: "list | None" = None) -> dict:
    """A deal that passes ``fits`` (:class:`_Walked`): climbed from a deal of the dealer, then
    walked inside the reads; the dealer's last deal where CLIMB_STARTS climbs all fail (counted
    in ``missed``: it keeps to the promises alone)."""
    last = fits.last
    if last is not None and last[0] is dealer and last[2] < WALK_CHAIN:
        # the chain goes on from the previous deal, WALK_STEPS further (a climb every WALK_CHAIN deals)
        deal = _walk(dealer, rng, last[1], fits)
        fits.last = (dealer, deal, last[2] + 1)
        return deal
    for _ in range(CLIMB_STARTS):
        start = _deal(dealer, rng, fits.base)
        found = _climb(dealer, rng, start, fits)
        if found is not None:
            deal = _walk(dealer, rng, found, fits)
            fits.last = (dealer, deal, 1)
            return deal
    if missed is not None:
        missed.append(start)
    return start


def _walk_holds(dealer, fits: _Walked, seed) -> bool:
    """The climb reaches ``fits`` from WALK_HOLDS of CLIMB_STARTS deals of the dealer (the same
    seed, the same answer)."""
    rng, reached = random.Random(seed), 0
    for i in range(CLIMB_STARTS):
        if reached + CLIMB_STARTS - i < WALK_HOLDS:
            return False
        reached += _climb(dealer, rng, _deal(dealer, rng, fits.base), fits) is not None
    return reached >= WALK_HOLDS


def _situation_of(s, seat: str):
    """``s`` (a position's Situation) as seen from ``seat``."""
    from tutor.conventions import Situation

    return Situation(s.rules, s.auction, seat, s.opened, s.zehner, s.promised, s.denied)


def _deal(dealer, rng: random.Random, fits=None, missed: "list | None" = None) -> dict:
    """A deal from ``dealer`` that passes ``fits`` (:func:`_count_reads`, :func:`_double_fit`,
    together :func:`_honoured`; None: any), the last of FIT_TRIES tried where none does (counted in ``missed``: the
    evidence says how many deals keep to the promises alone); by the walk where a read is too
    rare for rejection (:func:`_walk_deal`)."""
    if fits is None:
        return dealer.deal(rng)
    if isinstance(fits, _Walked):
        return _walk_deal(dealer, rng, fits, missed)
    if getattr(fits, "holds", None) is not None:
        # a test of one seat's hand: the pre-filter may cut a try short (_try)
        for _ in range(FIT_TRIES - 1):
            deal = _try(dealer, rng, fits)
            if deal is not None:
                return deal
        deal = _staged(dealer, fits)[0].deal(rng, _always)     # the last try, whole
        if not fits(deal) and missed is not None:
            missed.append(deal)
        return deal
    deal = dealer.deal(rng)
    for _ in range(FIT_TRIES - 1):
        if fits(deal):
            return deal
        deal = dealer.deal(rng)
    if not fits(deal) and missed is not None:
        missed.append(deal)
    return deal


def _suit(strain: str):
    from tutor.cards import Suit

    return Suit(strain)


def _index(card) -> int:
    i = _DECK_INDEX.get(card)
    if i is None:
        # (not setdefault(card, DECK.index(card)): that searched the deck on every call, a tenth
        # of a second of the main process's CPU an evaluation)
        from tutor.cards import DECK

        i = _DECK_INDEX[card] = DECK.index(card)
    return i


_DECK_INDEX: dict = {}


def _candidate_calls(s, readings) -> list:
    """The calls judged: every call offered (fort, every bid, double, konter)."""
    seen, out = set(), []
    for r in readings:
        key = str(r.call)
        if key in seen or r.kind in ("unconventional", "ace"):
            continue   # an Ass-Ansage is information, not a contract the caller wants to play
        if r.kind == "confidence" and s.rules.conventions and r.call.strain in SUITS_ONLY \
                and s.owner(_suit(r.call.strain)) != "own" and not getattr(s, "last_word", False):
            continue   # above 120 only in the team's own suit: a new suit is shown lower (but the last word shows nothing)
        v = r.call.value
        if r.call.kind == "bid" and not (v == s.rules.matsch_bid or r.kind == "ace" or v % 10 == 0):
            continue
        seen.add(key)
        out.append(r)
    return out


def _is_matsch(r, rules) -> bool:
    return r.call.kind == "bid" and r.call.value == rules.matsch_bid


def _playable(calls, dealer, s) -> list:
    """The calls without a Matsch the hand cannot play: one in a suit whose Puur an
    opponent is known to hold (the Puur takes a trick whenever it falls)."""
    from tutor.cards import PUUR

    def hopeless(r) -> bool:
        if not _is_matsch(r, s.rules) or r.call.strain not in SUITS_ONLY:
            return False
        suit = _suit(r.call.strain)
        return any(PUUR in dealer.needs[o][suit].has for o in opponents_of(s.seat) if o in dealer.needs)

    return [r for r in calls if not hopeless(r)]


def _need(value: int, rules) -> int:
    """The credited card points a bid needs: the number, or all 157 for the Matsch."""
    return TOTAL_POINTS if value == rules.matsch_bid else value


def _plays(s, calls, every_zehner: bool = True) -> list[Play]:
    """The games every deal is judged in: each kind the hand's calls would declare (its
    seat leading), at the targets of those calls and (``every_zehner``) every Zehner above
    the standing bid (the contracts ``eval`` lists; else only the Zehner of each call and
    the one above it, which the answer's evidence names), and the standing contract at its
    own number; each narrowed to one Zehner below that too (a Matsch alone is asked only
    whether it is made)."""
    rules = s.rules
    zehner = tuple(v for v in rules.bid_values if v % 10 == 0 and v != rules.matsch_bid)
    above = {v for v in zehner if v > (s.standing_value or 0)}
    asked: dict[tuple[str, str], set[int]] = {}
    matsch_only: dict[tuple[str, str], bool] = {}
    for r in calls:
        if r.call.kind == "bid" and r.call.value is not None and r.call.strain:
            key = (r.call.strain, s.seat)
            asked.setdefault(key, set()).add(_need(r.call.value, rules))
            matsch_only[key] = matsch_only.get(key, True) and _is_matsch(r, rules)
            if not every_zehner and not _is_matsch(r, rules):
                here = r.call.value + (-r.call.value) % 10
                asked[key] |= {v for v in (here, here + 10) if v in above}
    for key, only in matsch_only.items():
        if not only and every_zehner:
            asked[key] |= above
    high = s.auction.high
    if high is not None and high.call.value is not None and high.call.strain:
        key = (high.call.strain, high.seat)
        asked.setdefault(key, set()).add(_need(high.call.value, rules))
        matsch_only[key] = False
    return [Play(strain, declarer, tuple(sorted(targets)),
                 () if matsch_only[(strain, declarer)] else tuple(v for v in zehner if v not in targets))
            for (strain, declarer), targets in asked.items()]


# The rules: "Wer den Matsch ansagt, hat beim Bieten erkannt, dass alle Karten, die es dafür
# braucht, bei seinem Team liegen." A Matsch is a call for a team that knows it takes every
# trick; the deals stand in for that knowledge where it makes in this share of them at least
# (a Matsch lost only to a 5-0 trump split makes in about 97 of 100). One made by
# double-dummy luck on a few deals (a Puur with two small trumps, a suit of one card) is no
# call the hand can play, whatever its average says.
MATSCH_SURE = 0.8


def _not_sure(r, results, index, s, long_shots: bool = False) -> bool:
    """A Matsch call that fewer than :data:`MATSCH_SURE` of the sampled deals make (with
    ``long_shots``, :func:`_long_shots`: that no deal makes)."""
    if not _is_matsch(r, s.rules) or not results:
        return False
    col = _column(results, index, r.call.strain, s.seat)
    if col is None:
        return False
    misere = is_misere(r.call.strain)
    made = sum(1 for cp in col if (TOTAL_POINTS - cp if misere else cp) >= TOTAL_POINTS)
    return made == 0 if long_shots else made < MATSCH_SURE * len(col)


def _answerable(calls, results, index, s, team: str, rules, partie, hand, standing, kept=frozenset()) -> list:
    """The calls the evaluation can answer with on these deals: a Matsch the deals do not make
    (nearly) always is no call the hand can play, unless the Partie is lost whatever else the
    hand calls (:func:`_long_shots`) or the score lets a failed Matsch win the Partie (QA s35 Q8,
    :func:`_wins_failing`); of such long shots only the likeliest (:func:`_likeliest_matsch`).
    ``kept``: Matsch calls the voice keeps whatever their share (exact play settled them on every
    deal and they are made on most: voice.BEST_OVER_SURE, ``Simulation.matsch_kept``)."""
    shots = _long_shots(standing, team, rules, hand, s)
    won = {r.call.strain for r in calls if _wins_failing(r, results, index, s, team, rules, partie)}
    calls = [r for r in calls if str(r.call) in kept
             or not _not_sure(r, results, index, s, r.call.strain in shots | won)]
    if shots or won:
        calls = _likeliest_matsch(calls, results, index, s)
    return calls


def _likeliest_matsch(calls, results, index, s) -> list:
    """The calls with, of the Matsch calls the deals make less often than MATSCH_SURE, only the
    one they make most often (the first of equals): a long shot in the hand's best strain, not
    one in every suit some deal happens to make."""
    def made(r) -> int:
        col = _column(results, index, r.call.strain, s.seat) or []
        misere = is_misere(r.call.strain)
        return sum(1 for cp in col if (TOTAL_POINTS - cp if misere else cp) >= TOTAL_POINTS)

    shots = [r for r in calls if _is_matsch(r, s.rules) and made(r) < MATSCH_SURE * len(results)]
    if len(shots) < 2:
        return calls
    keep = max(shots, key=made)
    return [r for r in calls if r not in shots or r is keep]


def _wins_failing(r, results, index, s, team: str, rules, partie) -> bool:
    """A Matsch call that, failed, still wins the hand's team the Partie on some deal (its board
    value there the Partie's target): at such a score the Matsch is worth calling whether or not
    the team takes every trick, since nobody can bid over it (QA s35 Q8: at AC 1000 : BD 1950 B
    over A's 80 Eichel with `Schellen:9A87 Rosen:O8 Schilten:AB7`; BD win the Partie with any 50
    card points, whoever plays, and exact play gives them 70 or more in Schellen on 20 of 20
    deals, against 5 of 20 after fort: the Matsch, failed, wins the Partie, and no other call
    keeps the contract). Offered as a long shot (:func:`_long_shots`), valued by the Partie."""
    if partie is None or not _is_matsch(r, rules) or not results:
        return False
    col = _column(results, index, r.call.strain, s.seat)
    if col is None:
        return False
    c = Contract(r.call.strain, r.call.value, s.seat)
    misere = is_misere(r.call.strain)
    return any(_board(c, cp, team, rules, False, False, partie) == partie[2]
               for cp in set(col) if (TOTAL_POINTS - cp if misere else cp) < TOTAL_POINTS)


def _long_shots(standing: "Standing | None", team: str, rules, hand=None, s=None) -> set[str]:
    """The suits in which a Matsch is a long shot worth offering: the Partie is lost unless the
    hand's team takes it back (any bid the opponents make wins them the Partie:
    Standing.wins_if_made at the lowest bid), and the team is known to hold the suit's Puur (the
    hand, or the partner's calls; a Puur with an opponent takes a trick whenever it falls, and a
    Matsch made only where the partner happens to hold it is double-dummy luck the team cannot
    see). There a Matsch is offered wherever some deal makes it, valued by its chance like any
    call (QA s32 Q18: at AC 1500 : BD 1990 a Matsch that exact play makes on about 30 % of the
    deals is the only call that keeps the Partie open), not only where the deals make it
    nearly always. Without ``hand`` and ``s``: every suit, where the Partie is so lost."""
    if standing is None or not standing.wins_if_made(other(team), rules.lowest_bid):
        return set()
    if hand is None or s is None:
        return set(SUITS_ONLY)
    from tutor.cards import PUUR

    return {x for x in SUITS_ONLY if hand.has(_suit(x), PUUR) or PUUR in s.known(s.partner, _suit(x)).has}


@lru_cache(maxsize=200_000)
def _board(c: Contract, card_points: int, team: str, rules, doubled: bool = False,
           redoubled: bool = False, partie: tuple[int, int, int] | None = None) -> int:
    """The value of contract ``c`` on one deal for ``team``: its points on the board minus
    the opponents'. With the Partie's score (``partie``: AC, BD, target) a game after which
    the Partie is over is worth the Partie: its target won, or lost (0 for a draw)."""
    g, over, winner = _ending(c, card_points, rules, doubled, redoubled, partie)
    diff = g.board[team] - g.board[other(team)]
    if not over:
        return diff
    target = partie[2]
    return 0 if winner is None else target if winner == team else -target


def _ending(c: Contract, card_points: int, rules, doubled: bool = False, redoubled: bool = False,
            partie: tuple[int, int, int] | None = None):
    """Contract ``c`` played on one deal (the declaring team's ``card_points``): the game's
    score, whether the Partie is over after it (never without ``partie``), and its winner
    (None: a draw, or not over)."""
    from tutor.partie import ending, ueberbiet

    g = score_game(c.value, c.declarer, card_points, double=doubled or redoubled,
                   redouble=redoubled, misere=is_misere(c.strain), rules=rules)
    if partie is None:
        return g, False, None
    before = {"AC": partie[0], "BD": partie[1]}
    total = {t: before[t] + g.board[t] for t in before}
    target = partie[2]
    if ueberbiet(rules, total, g.team, g.made, doubled or redoubled, target):
        total = {t: v - c.value for t, v in total.items()}
    over, winner = ending(rules, total, g.team, g.made, target)
    return g, over, winner if over else None


def _column(results, index, strain: str, declarer: str) -> list[int] | None:
    i = index.get((strain, declarer))
    return None if i is None else [row[i] for row in results]


def _values(c: Contract, results, index, team, rules, mult: int = 1, partie=None) -> list[int] | None:
    col = _column(results, index, c.strain, c.declarer)
    if col is None:
        return None
    # one score a card count (a contract's 100 deals take some 60 counts: the scoring is a
    # tenth of the voice's CPU on an extended table's position otherwise)
    board: dict[int, int] = {}
    for cp in set(col):
        board[cp] = _board(c, cp, team, rules, mult >= 2, mult >= 4, partie)
    return [board[cp] for cp in col]


def _mean(v: Sequence[float]) -> float:
    return sum(v) / len(v)


def _call_values(calls, results, index, s, team, rules, partie=None, after=None,
                 doubled_out: "set | None" = None) -> dict[str, list[int]]:
    """Each call's board value on each deal (docs/interpretations.md, "the model behind the call
    values"); ``after``: a :class:`_Rest`, the calls valued by the auction after them;
    ``doubled_out``: gets the bids valued doubled (the opponents double them)."""
    high = s.auction.high
    out: dict[str, list[int]] = {}
    for r in calls:
        call = r.call
        if after is not None and str(call) in after:
            v = after.values(str(call), results, team, rules, partie)
        elif call.kind == "bid" and call.value is not None and call.strain:
            c = Contract(call.strain, call.value, s.seat)
            v = _values(c, results, index, team, rules, 1, partie)
            if v is not None and rules.doubling:
                # the opponents double when that pays them on these deals
                doubled = _values(c, results, index, team, rules, 2, partie)
                if _mean(doubled) < _mean(v):
                    v = doubled
                    if doubled_out is not None:
                        doubled_out.add(str(call))
        elif call.kind in ("double", "redouble") and high is not None:
            v = _values(Contract(high.call.strain, high.call.value, high.seat), results, index, team,
                        rules, 2 if call.kind == "double" else 4, partie)
        elif call.kind == "fort":
            if high is None:
                final = [0] * len(results)      # nobody bids: the cards are dealt anew
            else:
                final = _values(Contract(high.call.strain, high.call.value, high.seat), results, index,
                                team, rules, s.auction.multiplier, partie)
            v = final
        else:
            continue
        if v is not None:
            out[str(call)] = v
    if not any(r.kind == "fort" for r in calls) and high is not None:
        # not in turn: saying nothing lets the standing contract be played as it is
        nothing = _values(Contract(high.call.strain, high.call.value, high.seat), results, index,
                          team, rules, s.auction.multiplier, partie)
        if nothing is not None:
            out[NOTHING] = nothing
    return out


def _play_of(r, s) -> tuple[str, str] | None:
    """The game a call's value rests on: a bid's own, else (fort, double, konter, saying
    nothing: ``r`` None) the standing contract (None: no game, fort with nothing bid is 0)."""
    if r is not None and r.call.kind == "bid" and r.call.strain:
        return (r.call.strain, s.seat)
    high = s.auction.high
    if high is None or not high.call.strain:
        return None
    return (high.call.strain, high.seat)


HOPELESS = 100.0   # board points: a call this far below the best, on the playout's card points, is not asked of the solver


def _live(calls, judged, plays, index, s, team, rules, partie, after=None) -> set[int]:
    """The plays the solver is asked about: those a call rests on whose value (on the
    card points known so far: the playout's, or proved) comes within HOPELESS board
    points of the best call's, and every Matsch alone (one cheap probe)."""
    out = {i for i, p in enumerate(plays) if p.decisive == (TOTAL_POINTS,)}
    if not judged:
        return out
    points = [[j.points for j in row] for row in judged]
    values = _call_values(calls, points, index, s, team, rules, partie, after)
    if not values:
        return out
    means = {name: _mean(v) for name, v in values.items()}
    top = max(means.values())
    by_name = {str(r.call): r for r in calls}
    for name, m in means.items():
        if m >= top - HOPELESS:
            game = _play_of(by_name.get(name), s)
            if game in index:
                out.add(index[game])
    return out


def _contenders(calls, judged, plays, index, s, team, rules, partie, after=None) -> frozenset:
    """The plays whose card points are worth narrowing to one Zehner: those of the calls
    that could still be the best one given the bounds proved (their highest possible mean
    value reaches the best call's lowest), when they rest on more than one game (calls in
    one game differ only by made or failed, which the decisive probes answer exactly)."""
    if not judged or not plays:
        return frozenset()
    low = [[_inside(j.lo, j.lo, j.hi) for j in row] for row in judged]
    high = [[_inside(j.hi, j.lo, j.hi) for j in row] for row in judged]
    mid = [[j.points for j in row] for row in judged]
    at_low = _call_values(calls, low, index, s, team, rules, partie, after)
    at_high = _call_values(calls, high, index, s, team, rules, partie, after)
    at_mid = _call_values(calls, mid, index, s, team, rules, partie, after)
    if not at_mid:
        return frozenset()
    best = max(at_mid, key=lambda name: _mean(at_mid[name]))

    def bounds(name):
        a, b = at_low[name], at_high[name]
        return _mean([min(x, y) for x, y in zip(a, b)]), _mean([max(x, y) for x, y in zip(a, b)])

    floor = bounds(best)[0]
    by_name = {str(r.call): r for r in calls}
    games = set()
    for name in at_mid:
        if bounds(name)[1] >= floor:
            r = by_name.get(name)
            games.add(_play_of(r, s))
    if len(games) < 2:
        return frozenset()
    return frozenset(index[g] for g in games if g is not None and g in index)


def _gap(best: list[int], other_: list[int]) -> tuple[float, float]:
    """The mean lead of ``best`` over ``other_`` on the same deals, and its standard error."""
    d = [a - b for a, b in zip(best, other_)]
    n = len(d)
    mean = _mean(d)
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    return mean, math.sqrt(var / n)


TIE_POINTS = 10.0  # two calls whose difference is known to within this many board points are tied: stop
# The best two calls tie where their difference lies within chance (Z_EQUAL standard errors) and
# would still lie within it on all the deals asked for at the same mean (its standard error
# shrinking as one over the root of the deals): more deals cannot separate them, so the deals
# stop and the answer says what they show (the voice: equally good, or "cannot rank for sure").
# Asked where the opponents hold the standing bid and the team owns no suit yet or the table is
# frei (_contest "open", CONTESTED_OPEN), where every call is valued by the auction after it and
# their values lie close, so the clear stop seldom came (beispiel-02: 70 Schellen 25 +- 33 ahead
# of fort at 50 deals). Not yet where the team owns a suit ("own"): there the voice's own rules
# read the figures at 100 deals (QA s44 FA4: at a tie stop at 50 deals dopple, 100 and 110 Eichel
# are equal and the voice picks 100 Eichel, at 100 deals dopple, tests/test_hilfe_own_trumpless).
# False: as before session 45.
TIE_STOP = True


def _clear(values: dict[str, list[int]]) -> bool:
    """The answer is clear: the best call leads the second by more than Z_CLEAR standard
    errors, or their difference is known so closely (Z_EQUAL standard errors under
    TIE_POINTS board points) that more deals would not tell them apart (equally good)."""
    if len(values) < 2:
        return True
    ranked = sorted(values.values(), key=_mean, reverse=True)
    mean, se = _gap(ranked[0], ranked[1])
    return mean > Z_CLEAR * se or Z_EQUAL * se < TIE_POINTS if se > 0 else True




EXACT_DEALS = 3   # deals searched exactly that can contradict the estimated ones (at least)


def _tied(values: dict[str, list[int]], samples: int) -> bool:
    """The best two calls are within chance of each other and would stay so on ``samples``
    deals (:data:`TIE_STOP`)."""
    if not TIE_STOP or len(values) < 2:
        return False
    ranked = sorted(values.values(), key=_mean, reverse=True)
    mean, se = _gap(ranked[0], ranked[1])
    return se > 0 and mean <= Z_EQUAL * se * math.sqrt(len(ranked[0]) / max(samples, len(ranked[0])))


def _contradicted(values: dict[str, list[int]], searched: Sequence[bool]) -> str | None:
    """The call the deals searched exactly prefer where it is not the best over all deals,
    and most deals are estimated (their play the playout's): None where they agree, or
    where too few were searched exactly to say (under EXACT_DEALS)."""
    n = sum(searched)
    if not values or n < EXACT_DEALS or 2 * n >= len(searched):
        return None
    best = max(values, key=lambda name: _mean(values[name]))
    exact = {name: [x for x, ok in zip(v, searched) if ok] for name, v in values.items()}
    top = max(exact, key=lambda name: _mean(exact[name]))
    return None if top == best or _mean(exact[top]) <= _mean(exact[best]) else top


def _equal(values: dict[str, list[int]], best: str) -> list[str]:
    """The calls as good as the best (the best first): :func:`tutor.judgement.base.equal_calls`,
    the one rule the voice words too (within Z_EQUAL standard errors of the best on the same
    deals and within EQUAL_POINTS board points of it)."""
    return equal_calls(values, best)


def _open_at(judged: list[list[Judged]], i: int, need: int, misere: bool) -> int:
    """In how many deals game ``i``'s searches left the credited target ``need`` open (the
    deal's points there are the estimate's: a chance at that number rests on them)."""
    x = _at_least(need, misere)
    return sum(1 for row in judged if row[i].estimated and row[i].lo < x <= row[i].hi)


def _contracts(plays, results, index, s, team, rules, calls, live=None, estimated=None) -> list[dict]:
    """The contracts the hand's seat would declare, in each kind judged: each Zehner above
    the standing bid up to the highest, and the Matsch where it is a call. ``searched``: the
    solver was asked about the contract's game (``live``: the games asked; None: all);
    ``estimated`` (per game, None: none): in how many deals its search left the answer to the
    estimate; ``exact``: searched, and at most half of its deals estimated (as the
    Evaluation's own ``exact``: QA s33 Q21 read ``exact`` on a contract with 98 of its 100
    deals estimated)."""
    standing = s.standing_value or 0
    numbers = [v for v in rules.bid_values if v > standing and v % 10 == 0 and v != rules.matsch_bid]
    matsch = {r.call.strain for r in calls if _is_matsch(r, rules)}
    out = []
    for p in plays:
        if p.declarer != s.seat:
            continue
        col = _column(results, index, p.strain, p.declarer)
        credited = [TOTAL_POINTS - cp if is_misere(p.strain) else cp for cp in col]
        bids = any(t != TOTAL_POINTS for t in p.decisive)      # not a Matsch alone
        values = (numbers if bids else []) + ([rules.matsch_bid] if p.strain in matsch else [])
        for value in values:
            need = _need(value, rules)
            c = Contract(p.strain, value, s.seat)
            boards = [_board(c, cp, team, rules) for cp in col]
            made = sum(x >= need for x in credited)
            game = index[(p.strain, p.declarer)]
            searched = live is None or game in live
            opened = estimated[game] if estimated is not None else 0
            out.append({"contract": str(c), "p_make": round(made / len(col), 2), "made": made,
                        "expected": round(_mean(boards), 1), "searched": searched, "estimated": opened,
                        "exact": searched and not mostly_estimated(opened, len(col))})
    return out


def evaluate(hand: "Hand | str", auction="", rules=None, seat: str | None = None,
             simulation: Simulation | None = None, standing: Standing | None = None) -> Evaluation:
    """The simulation's numbers for ``hand`` at ``seat`` (default: the seat in turn) after
    ``auction``: every contract, every call, the recommended call."""
    from tutor.conventions import position

    hand, reader, seat, _readings, truthful = position(hand, auction, rules, seat)
    return (simulation or Simulation()).evaluate(hand, reader.situation(seat), truthful, standing)
