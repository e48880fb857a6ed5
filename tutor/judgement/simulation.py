"""The simulation: judgement backed by deals that fit the auction.

For a hand at a point of the auction, :class:`Simulation` deals the 27 unseen cards
many times so that every seat holds what its calls promised (:mod:`tutor.play.dealer`),
plays every deal out in every trump kind the hand's team could choose
(:mod:`tutor.play.playout`, the estimate; all contracts are judged on the same deals),
and scores each contract on the board by the table rules (:func:`tutor.scoring.score_game`):

- **contracts**: each trump kind × each Zehner still open up to the Matsch, the hand's
  seat declaring: how often it is made (``p_make``) and the expected board value for
  the hand's team (its points on the board minus the opponents'), undoubled;
- **calls**: each call the conventions offer the hand (fort, every bid on a Zehner, the
  Matsch, double, konter; not the Ass-Ansage, which is information) valued as the
  contract it leaves to be played: a bid as the final contract (doubled, where the table
  doubles, when that is worse for the hand's team on average), fort as the standing
  contract (0 without one), a double or konter as the standing contract doubled or
  kontered;
- **recommended**: the call of the highest expected value.

Sampling runs in batches and stops early when the best call leads the second by more
than three standard errors of their difference on the same deals; both cores play the
deals (``workers``). The same seed gives the same numbers.

Weis and Stöck are left out (the text: "Wer bietet, rechnet allein mit Kartenpunkten").
"""
from __future__ import annotations

import math
from functools import lru_cache
import os
import random
import sys
from dataclasses import dataclass, field
from typing import Sequence

from tutor.cards import TOTAL_POINTS, Hand
from tutor.i18n import M, Mn, Msg, _, join
from tutor.judgement.base import Judgement, Standing
from tutor.judgement.count import COUNT, is_misere
from tutor.play.dealer import Dealer
from tutor.scoring import SEATS, other, partner_of, score_game, team_of

BATCH = 25          # deals per batch (and per early-stopping check)
MIN_SAMPLES = 50    # never stop before this many deals
Z_CLEAR = 3.0       # the best call leads the second by this many standard errors: stop
SUITS_ONLY = ("Eichel", "Schellen", "Rosen", "Schilten")
EXTENDED = SUITS_ONLY + ("Obenabe", "Undenufe", "Obenabe Misère", "Undenufe Misère")
NOTHING = "nothing"   # a seat not in turn that neither doubles nor konters


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
    # each call's board value on every deal (the same deals, in order; not in to_json): the
    # sampling error behind "equally good" (tutor.judgement.voice.equal_calls)
    values: dict[str, list[int]] = field(default_factory=dict, repr=False)

    def to_json(self) -> dict:
        return {"samples": self.samples, "contracts": self.contracts, "calls": self.calls,
                "recommended": self.recommended}

    def contract(self, text: str) -> dict | None:
        return next((c for c in self.contracts if c["contract"] == text), None)


def strains(rules) -> tuple[str, ...]:
    return EXTENDED if rules.trumps == "extended" else SUITS_ONLY


# -- playing the deals out (in worker processes) ---------------------------------------------
def _play_all(job: tuple[list[list[list[int]]], list[tuple[str, str]]]) -> list[list[int]]:
    """For each deal (hands as card indices) and each (strain, declarer): the declaring
    team's card points in its own tricks."""
    from tutor.cards import DECK
    from tutor.play.playout import play_out
    from tutor.play.rules import parse_strain

    deals, plays = job
    kinds = [(parse_strain(strain), misere, declarer) for strain, declarer in plays
             for misere in [parse_strain(strain)[1]]]
    endgame = exact_endgame()
    out = []
    for deal in deals:
        hands = [[DECK[i] for i in h] for h in deal]
        row = []
        for (trump, _), misere, declarer in kinds:
            pts = play_out(hands, trump, declarer, misere, exact_from=endgame)
            row.append(pts[team_of(declarer)])
        out.append(row)
    return out


ENDGAME = 5   # the last tricks solved exactly where the compiled solver core is built


def exact_endgame() -> int | None:
    """How many cards a hand the playout leaves to the exact solver (None: the policy
    plays to the end, as without the compiled core the reference is too slow)."""
    from tutor.play import solver

    return ENDGAME if solver.ENGINE == "c" else None


class _Pool:
    """Both cores: a fork pool when there is more than one worker, else in-process."""

    def __init__(self, workers: int) -> None:
        self.pool = None
        if workers > 1:
            import multiprocessing as mp

            try:
                self.pool = mp.get_context("fork").Pool(workers)
            except (OSError, ValueError):
                self.pool = None
        self.workers = workers if self.pool else 1

    def run(self, deals, plays) -> list[list[int]]:
        if self.pool is None or len(deals) < 2:
            return _play_all((deals, plays))
        k = self.workers
        chunks = [deals[i::k] for i in range(k)]
        parts = self.pool.map(_play_all, [(c, plays) for c in chunks])
        out: list[list[int]] = [None] * len(deals)   # type: ignore[list-item]
        for i, part in enumerate(parts):
            for j, row in enumerate(part):
                out[i + j * k] = row
        return out

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()


# -- the simulation ------------------------------------------------------------------------
class Simulation:
    """The judge that simulates (``bid --simulate``, ``eval``)."""

    name = "simulation"

    def __init__(self, samples: int = 200, seed: int | None = 1, progress: bool = False,
                 workers: int | None = None, early_stop: bool = True) -> None:
        self.samples = samples
        self.seed = seed
        self.progress = progress
        self.workers = workers if workers is not None else min(2, os.cpu_count() or 1)
        self.early_stop = early_stop

    # the Judge interface
    def choose(self, hand: Hand, s, readings, standing: Standing | None = None) -> Judgement:
        ev = self.evaluate(hand, s, readings, standing)
        count = COUNT.choose(hand, s, readings, standing)
        by_call = {c["call"]: c for c in ev.calls}
        pick = next((r for r in readings if str(r.call) == ev.recommended), None)
        lines = _evidence_lines(ev, pick, s)
        fort = next((r for r in readings if r.kind == "fort"), None)
        count_call = str(count.pick.call) if count.pick is not None else (str(fort.call) if fort else NOTHING)
        if count_call != ev.recommended:
            cv = by_call.get(count_call)
            said = join(_say(count_call), f" ({cv['expected']:+.1f})") if cv else _say(count_call)
            lines.append(M("The count without simulation recommends {call}; the simulation prefers {better}.",
                           call=said, better=_say(ev.recommended)))
            lines.extend(M("count: {line}", line=line) for line in count.lines)
        return Judgement(pick, lines, ev.to_json())

    def evaluate(self, hand: Hand, s, readings: Sequence, standing: Standing | None = None) -> Evaluation:
        seat, rules = s.seat, s.rules
        team = team_of(seat)
        dealer = Dealer({seat: hand}, s.promised)
        high = s.auction.high
        kinds = strains(rules)
        plays: list[tuple[str, str]] = [(k, seat) for k in kinds]
        if high is not None and high.call.strain and (high.call.strain, high.seat) not in plays:
            plays.append((high.call.strain, high.seat))
        index = {p: i for i, p in enumerate(plays)}
        calls = _candidate_calls(s, readings)
        rng = random.Random(self.seed)
        pool = _Pool(self.workers)
        results: list[list[int]] = []
        stopped = False
        try:
            while len(results) < self.samples:
                n = min(BATCH, self.samples - len(results))
                deals = [[sorted(_index(c) for c in d[x]) for x in SEATS]
                         for d in (dealer.deal(rng) for _ in range(n))]
                results += pool.run(deals, plays)
                self._show(len(results))
                if self.early_stop and len(results) >= MIN_SAMPLES and len(results) < self.samples:
                    values = _call_values(calls, results, index, s, team, rules)
                    if _clear(values):
                        stopped = True
                        break
        finally:
            pool.close()
            self._show(None)
        values = _call_values(calls, results, index, s, team, rules)
        ev = Evaluation(len(results), seat=seat, stopped_early=stopped, values=values)
        ev.contracts = _contracts(kinds, results, index, s, team, rules)
        if high is not None and high.call.value is not None and high.call.strain:
            col = _column(results, index, high.call.strain, high.seat)
            need = TOTAL_POINTS if high.call.value == rules.matsch_bid else high.call.value
            misere = is_misere(high.call.strain)
            ev.standing = sum((TOTAL_POINTS - cp if misere else cp) >= need for cp in col) / len(col)
        ev.calls = [{"call": name, "expected": round(sum(v) / len(v), 1)} for name, v in values.items()]
        if ev.calls:
            ev.recommended = max(ev.calls, key=lambda c: c["expected"])["call"]
        return ev

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


def _suit(strain: str):
    from tutor.cards import Suit

    return Suit(strain)


def _index(card) -> int:
    from tutor.cards import DECK

    return _DECK_INDEX.setdefault(card, DECK.index(card))


_DECK_INDEX: dict = {}


def _candidate_calls(s, readings) -> list:
    """The calls judged: every call offered (fort, every bid, double, konter)."""
    seen, out = set(), []
    for r in readings:
        key = str(r.call)
        if key in seen or r.kind in ("unconventional", "ace"):
            continue   # an Ass-Ansage is information, not a contract the caller wants to play
        if r.kind == "confidence" and s.rules.conventions and r.call.strain in SUITS_ONLY \
                and s.owner(_suit(r.call.strain)) != "own":
            continue   # above 120 only in the team's own suit: a new suit is shown lower
        v = r.call.value
        if r.call.kind == "bid" and not (v == s.rules.matsch_bid or r.kind == "ace" or v % 10 == 0):
            continue
        seen.add(key)
        out.append(r)
    return out


@lru_cache(maxsize=200_000)
def _board(c: Contract, card_points: int, team: str, rules, doubled: bool = False,
           redoubled: bool = False) -> int:
    """The board value of contract ``c`` for ``team``: its points minus the opponents'."""
    g = score_game(c.value, c.declarer, card_points, double=doubled or redoubled,
                   redouble=redoubled, misere=is_misere(c.strain), rules=rules)
    return g.board[team] - g.board[other(team)]


def _column(results, index, strain: str, declarer: str) -> list[int] | None:
    i = index.get((strain, declarer))
    return None if i is None else [row[i] for row in results]


def _values(c: Contract, results, index, team, rules, mult: int = 1) -> list[int] | None:
    col = _column(results, index, c.strain, c.declarer)
    if col is None:
        return None
    return [_board(c, cp, team, rules, mult >= 2, mult >= 4) for cp in col]


def _mean(v: Sequence[float]) -> float:
    return sum(v) / len(v)


def _call_values(calls, results, index, s, team, rules) -> dict[str, list[int]]:
    high = s.auction.high
    out: dict[str, list[int]] = {}
    for r in calls:
        call = r.call
        if call.kind == "bid" and call.value is not None and call.strain:
            c = Contract(call.strain, call.value, s.seat)
            v = _values(c, results, index, team, rules)
            if v is not None and rules.doubling:
                # the opponents double when that pays them on these deals
                doubled = _values(c, results, index, team, rules, 2)
                v = min(v, doubled, key=_mean)
        elif call.kind in ("double", "redouble") and high is not None:
            v = _values(Contract(high.call.strain, high.call.value, high.seat), results, index, team,
                        rules, 2 if call.kind == "double" else 4)
        elif call.kind == "fort":
            if high is None:
                final = [0] * len(results)      # nobody bids: the cards are dealt anew
            else:
                final = _values(Contract(high.call.strain, high.call.value, high.seat), results, index,
                                team, rules, s.auction.multiplier)
            v = final
        else:
            continue
        if v is not None:
            out[str(call)] = v
    if not any(r.kind == "fort" for r in calls) and high is not None:
        # not in turn: saying nothing lets the standing contract be played as it is
        nothing = _values(Contract(high.call.strain, high.call.value, high.seat), results, index,
                          team, rules, s.auction.multiplier)
        if nothing is not None:
            out[NOTHING] = nothing
    return out


def _clear(values: dict[str, list[int]]) -> bool:
    """The best call leads the second by more than Z_CLEAR standard errors."""
    if len(values) < 2:
        return True
    ranked = sorted(values.values(), key=_mean, reverse=True)
    d = [a - b for a, b in zip(ranked[0], ranked[1])]
    n = len(d)
    mean = _mean(d)
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    return mean > Z_CLEAR * math.sqrt(var / n) if var > 0 else mean > 0


def _contracts(kinds, results, index, s, team, rules) -> list[dict]:
    """Every contract the hand's seat could still declare: each kind × each Zehner above
    the standing bid up to the highest, and the Matsch."""
    standing = s.standing_value or 0
    numbers = [v for v in rules.bid_values if v > standing and (v % 10 == 0 or v == rules.matsch_bid)]
    out = []
    for strain in kinds:
        col = _column(results, index, strain, s.seat)
        if col is None:
            continue
        credited = [TOTAL_POINTS - cp if is_misere(strain) else cp for cp in col]
        for value in numbers:
            need = TOTAL_POINTS if value == rules.matsch_bid else value
            c = Contract(strain, value, s.seat)
            boards = [_board(c, cp, team, rules) for cp in col]
            out.append({"contract": str(c), "p_make": round(sum(x >= need for x in credited) / len(col), 2),
                        "expected": round(_mean(boards), 1)})
    return out


def _pct(p: float) -> str:
    return f"{round(100 * p)} %"


def _say(call: str | None) -> "str | Msg":
    if call in (None, NOTHING):
        return M("to say nothing")
    return call


def _evidence_lines(ev: Evaluation, pick, s) -> list[Msg]:
    """The recommendation's numbers in words."""
    lines: list[Msg] = []
    n = ev.samples
    by_call = {c["call"]: c["expected"] for c in ev.calls}
    high = s.auction.high
    if pick is not None and pick.call.kind == "bid" and pick.call.value:
        strain, value = pick.call.strain, pick.call.value
        zehner = value + (-value) % 10          # a Fünfer is judged with the Zehner above
        here = ev.contract(f"{zehner} {strain}")
        nxt = ev.contract(f"{zehner + 10} {strain}")
        if here is not None:
            if nxt:
                lines.append(Mn("{contract} makes in {pct} of {n} deal that fits the auction; {next} in "
                                "{next_pct}.",
                                "{contract} makes in {pct} of {n} deals that fit the auction; {next} in "
                                "{next_pct}.", n, contract=here["contract"], pct=_pct(here["p_make"]),
                                next=zehner + 10, next_pct=_pct(nxt["p_make"])))
            else:
                lines.append(Mn("{contract} makes in {pct} of {n} deal that fits the auction.",
                                "{contract} makes in {pct} of {n} deals that fit the auction.", n,
                                contract=here["contract"], pct=_pct(here["p_make"])))
    elif high is not None and high.call.value is not None:
        col = ev.standing
        if col is not None:
            made = _pct(col)
            lines.append(Mn("{seat} and partner make their {call} in {made} of {n} deal that fits the auction.",
                            "{seat} and partner make their {call} in {made} of {n} deals that fit the auction.",
                            n, seat=high.seat, call=str(high.call), made=made))
    ranked = sorted(ev.calls, key=lambda c: -c["expected"])
    shown = join(*sum(([", " if i else "", _say(c["call"]), f" {c['expected']:+.1f}"]
                       for i, c in enumerate(ranked[:4])), []))
    lines.append(Mn("Expected board value (our team minus the opponents, {n} deal): {calls}.",
                    "Expected board value (our team minus the opponents, {n} deals): {calls}.", n, calls=shown))
    del by_call
    return lines


def evaluate(hand: "Hand | str", auction="", rules=None, seat: str | None = None,
             simulation: Simulation | None = None, standing: Standing | None = None) -> Evaluation:
    """The simulation's numbers for ``hand`` at ``seat`` (default: the seat in turn) after
    ``auction``: every contract, every call, the recommended call."""
    from tutor.conventions import position

    hand, reader, seat, _readings, truthful = position(hand, auction, rules, seat)
    return (simulation or Simulation()).evaluate(hand, reader.situation(seat), truthful, standing)


JUDGED = ("raise", "matsch", "double", "redouble", "confidence")   # answers that rest on judgement
DRILL_SAMPLES = 100


def drill_numbers(item, lang: str = "de", samples: int = DRILL_SAMPLES) -> str | None:
    """For a Sidi-Barrani ``bid`` drill whose answer rests on judgement (a raise, a
    Matsch, a double, a konter, a number above 120): the simulation's numbers for the
    answer, in words, for the quiz's ``warum`` and the worksheet's answer key. None for
    other drills, or when the position cannot be simulated."""
    from tutor.conventions import position
    from tutor.errors import TutorError

    d = item.drill
    if d.type != "bid" or getattr(item.engine, "game", None) != "sidi-barrani" or not d.hand:
        return None
    try:
        hand, reader, seat, _readings, truthful = position(d.hand, d.auction or "", d.rules, None)
        answer = next((r for r in truthful if str(r.call) == str(item.solution.answer)), None)
        if answer is None or answer.kind not in JUDGED:
            return None
        s = reader.situation(seat)
        ev = Simulation(samples=samples, seed=1, workers=1).evaluate(hand, s, truthful)
    except (TutorError, ValueError):
        return None
    lines = _evidence_lines(ev, answer, s)
    return _("Simulation: {lines}", lang, lines=" ".join(line.text(lang) for line in lines))
