"""One practice deal: the learner bids one seat, three robots the others.

    >>> p = Practice(seed=7, seat="C", lang="en")
    >>> p.waiting                       # the robots have called up to the learner's turn
    'turn'
    >>> step = p.call("fort")           # the learner's call; the robots answer
    >>> p.over or p.waiting in ("turn", "option")
    True

The deal comes from the seed (the same seed, the same four hands). Seats are the
engine's: A is Vorhand, A and C play together, B and D. The robots bid with the tutor's
default judgement (:func:`tutor.practice.robots.advice`). Out of turn a seat may double
(right after an opponent's bid, before the next player calls) or konter (right after the
double): the robots do when their advice says so, and the learner is asked (``waiting ==
"option"``: ``dopple``/``konter``, or an empty line for nothing).

:meth:`Practice.result` is the deal's end: the four hands, the contract and its exact
value, the board, each team's best contract and the review of the learner's calls
(:mod:`tutor.practice.value`, :mod:`tutor.practice.review`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tutor.auction import DOUBLE, REDOUBLE, split_seat, typed, typed_in
from tutor.cards import Hand, deal as deal_cards
from tutor.conventions import Reader, Reading
from tutor.errors import TutorError
from tutor.i18n import M, _
from tutor.rules import load as load_rules
from tutor.scoring import SEATS, partner_of, team_of

#: what the learner types to let an out-of-turn double or konter pass
DECLINE = ("", "-", "no", "nein", "non", "n", "weiter", "next", "fort", "pass", "passe")
MAX_SEED = 2 ** 63


def hands_of(seed: int) -> dict[str, Hand]:
    """The four hands of the deal ``seed`` (a fair shuffle of the 36 cards)."""
    return dict(zip(SEATS, deal_cards(random.Random(seed))))


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 10 ** 6)


@dataclass(frozen=True)
class Step:
    """One decision: who, the call made (None: an out-of-turn double or konter let pass; a
    robot's only where a konter was open), the reading, whether the learner made it, and for
    the learner the tutor's advice there."""

    seat: str
    reading: Reading | None
    learner: bool
    advice: Any = None          # tutor.conventions.Advice, for the learner's decisions
    before: int = 0             # the calls made before this decision
    offered: tuple = ()         # for a decline: the call kinds that were open (double/redouble)
    hinted: bool = False        # the learner asked for the tutor's call (hint) before making this one


class Practice:
    """A deal being bid; the same object serves the terminal and the web."""

    def __init__(self, seed: int | None = None, seat: str = "C", rules=None, lang: str = "de",
                 judge: str | None = None, ahead: bool = False, start: bool = True) -> None:
        from tutor.text import parse_int

        if seed is None:
            seed = new_seed()
        if isinstance(seed, str):
            seed = parse_int(seed, "--seed")
        if not 0 <= seed < MAX_SEED:
            raise TutorError(M("--seed {seed}: a whole number from 0 to {top}", seed=seed, top=MAX_SEED - 1))
        seat = str(seat).strip().upper()
        if seat not in SEATS:
            raise TutorError(M("--seat {seat!r}: a seat is A, B, C or D", seat=seat))
        from tutor.practice.robots import JUDGES, default_judge

        if judge is not None and judge not in JUDGES:
            raise TutorError(M("--judge {judge!r}: simulation or count", judge=judge))
        self.seed, self.seat, self.lang = seed, seat, lang
        self.judge = default_judge(judge)
        self.rules = load_rules(rules)
        self.hands = hands_of(seed)
        self.steps: list[Step] = []
        # computing ahead while the learner thinks (tutor.practice.ahead): the voice's answers
        # (the count's calls are instant), and with either judge the exact value, the play's
        # start and the best contracts; the same answers, computed earlier
        self.ahead = None
        if ahead:
            from tutor.practice import ahead as computing

            self.ahead = computing.Ahead()
            if hasattr(self.judge, "memo"):
                self.judge = computing.Judge(self.judge, self.ahead)
        self.reader = Reader(self.rules)
        self._asked: set[tuple[int, str]] = set()
        # the decisions (by the steps made before them) at which the learner asked for the hint;
        # kept through undo: he has seen the tutor's call there
        self.hints: set[int] = set()
        # told each new step as it is made (the terminal shows each robot's call as it comes)
        self.on_step = None
        # the next deal's seed (tutor practice --count): its first calls are computed ahead too
        self.next_seed = None
        if start:
            self._restart(0)

    def start(self) -> list[Step]:
        """The robots' calls up to the learner's first turn (made at once unless the Practice
        was made with ``start=False``, which lets the terminal show the hand first)."""
        return self._restart(0) if not self.steps and not self.auction.entries else []

    # -- state ----------------------------------------------------------------------------
    @property
    def hand(self) -> Hand:
        return self.hands[self.seat]

    @property
    def auction(self):
        return self.reader.auction

    @property
    def over(self) -> bool:
        return self.waiting is None

    def _restart(self, keep: int) -> list[Step]:
        """Replay the first ``keep`` steps, then let the robots call up to the learner."""
        self.steps = self.steps[:keep]
        self.reader = Reader(self.rules)
        self._asked: set[tuple[int, str]] = set()
        for s in self.steps:
            if s.reading is not None:
                self.reader.play(s.reading.call, s.reading.seat)
            else:
                self._asked.add((s.before, s.seat))
        return self._advance()

    def _out_of_turn(self) -> list[str]:
        """The seats that may double or konter now without being in turn, in the order
        they are asked (the declarer before his partner)."""
        a = self.auction
        turn = a.next_seat
        seats = {s for s, c in a.legal_calls() if c.kind in (DOUBLE, REDOUBLE) and s != turn}
        start = SEATS.index(a.high.seat) if a.high is not None else 0
        order = SEATS[start:] + SEATS[:start]
        return [s for s in order if s in seats]

    def _pending(self) -> tuple[str, str] | None:
        n = len(self.auction)
        for s in self._out_of_turn():
            if (n, s) not in self._asked:
                return "option", s
        turn = self.auction.next_seat
        return None if turn is None else ("turn", turn)

    @property
    def waiting(self) -> str | None:
        """``turn`` (the learner's call), ``option`` (the learner may double or konter out
        of turn) or None (the bidding is over)."""
        p = self._pending()
        return None if p is None else p[0]

    def _advance(self) -> list[Step]:
        """The robots call until the learner is asked or the bidding is over."""
        from tutor.practice.robots import advice

        made: list[Step] = []
        while True:
            p = self._pending()
            if p is None or p[1] == self.seat:
                return made
            kind, seat = p
            n = len(self.auction)
            rec = advice(self.hands[seat], self.auction, self.rules, seat, self.judge).recommended
            if kind == "option":
                self._asked.add((n, seat))
                if rec is None or rec.kind not in ("double", "redouble"):
                    offered = tuple(c.kind for s, c in self.auction.legal_calls(seat))
                    if offered == (REDOUBLE,):   # after a double: his silence is heard (QA s39 F4.2)
                        step = Step(seat, None, False, before=n, offered=offered)
                        self.steps.append(step)
                        made.append(step)
                        self._shown(step)
                    continue
            if rec is None:   # nothing better than fort
                call = self.auction.spec.parse_call("fort")
            else:
                call = rec.call
            reading = self.reader.play(call, seat)
            step = Step(seat, reading, False, before=n)
            self.steps.append(step)
            made.append(step)
            self._shown(step)

    # -- the learner ----------------------------------------------------------------------
    def replay(self, moves, hinted=frozenset()) -> None:
        """The learner's decisions ``moves`` one by one, as the phone's page names them (a
        call, or ``-`` to let a double or konter pass; ``hinted``: the indexes made after the
        hint); one line where one is refused or comes after the bidding's end, naming the
        move (``call 3 ('x'): the bidding is over``)."""
        from tutor.text import clip

        for i, item in enumerate(moves):
            where = M("call {number} ({call!r}): ", number=i + 1, call=clip(item.strip()))
            if self.over:
                raise TutorError(M("the bidding is over")).at(where)
            if item.strip() == "-" and self.waiting != "option":   # polish s39: not an empty call
                raise TutorError(M("- lets a double or konter pass; at your turn give a call or fort")).at(where)
            self.call("" if item.strip() == "-" else item, hinted=i in hinted, where=where)

    def call(self, text: str, hinted: bool | None = None, where=None) -> list[Step]:
        """The learner's call (``60ei``, ``fort``, ``dopple``; at an out-of-turn chance an
        empty line lets it pass); then the robots call. Returns the steps made, the
        learner's first. An unreadable or illegal call raises and changes nothing.
        ``hinted``: made after the hint (default: whether :meth:`hint` was asked here);
        ``where``: what a refusal starts with (default: the call, quoted)."""
        from tutor.practice.robots import advice

        p = self._pending()
        if p is None:
            raise TutorError(M("the bidding is over"))
        kind, seat = p
        n = len(self.auction)
        at = self.auction
        spec = at.spec
        text = text.strip()
        hinted = len(self.steps) in self.hints if hinted is None else bool(hinted)
        if kind == "option" and text.lower() in DECLINE:
            self._chosen("")
            before = advice(self.hand, at, self.rules, self.seat, self.judge)
            self._asked.add((n, seat))
            offered = tuple(c.kind for s, c in self.auction.legal_calls(seat))
            step = Step(seat, None, True, before, n, offered, hinted)
            self.steps.append(step)
            self._shown(step)
            return [step, *self._advance()]
        try:
            prefix, body = split_seat(text, spec)
            if prefix is not None and prefix != self.seat:
                raise TutorError(M("you bid for {seat}, not for {other}", seat=self.seat, other=prefix))
            call = spec.parse_call(body)
            if kind == "option" and call.kind not in (DOUBLE, REDOUBLE):
                raise TutorError(M("it is {turn}'s turn: you may only double or konter now "
                                   "(an empty line: nothing)", turn=self.auction.next_seat or "-"))
            reading = self.reader.play(call, seat)
        except TutorError as e:
            from tutor.text import printable

            if where is not None:
                raise e.at(where) from None
            # a quoted call before its error: French sets a space before the colon (polish s39)
            raise e.at(M("{text}: ", text=printable(repr(text if len(text) <= 60 else text[:60] + "…")))) from None
        # the tutor's advice at the learner's turn (his call's review), asked once the call
        # is known to be legal: computing ahead follows that call from here
        self._chosen(str(call))
        try:
            before = advice(self.hand, at, self.rules, self.seat, self.judge)
        except BaseException:
            self._restart(len(self.steps))
            raise
        step = Step(seat, reading, True, before, n, hinted=hinted)
        self.steps.append(step)
        self._shown(step)
        return [step, *self._advance()]

    # -- computing ahead (tutor.practice.ahead) ----------------------------------------------
    def think(self) -> None:
        """The learner is asked: compute ahead what his likely calls will need (nothing
        without ``ahead``; the same state, the process already at it is kept)."""
        if self.ahead is not None and not self.over:
            from tutor.practice.ahead import practice_plan

            self.ahead.start((self.seed, len(self.steps), len(self.auction), self.waiting), practice_plan(self))

    def _shown(self, step: Step) -> None:
        if self.on_step is not None:
            self.on_step(step)

    def _chosen(self, call: str) -> None:
        if self.ahead is not None:
            self.ahead.chosen(call)

    def exact(self, strain: str, declarer: str) -> int:
        """The contract's exact card points (:func:`tutor.practice.value.exact`), computed
        ahead where it was."""
        from tutor.practice import value
        from tutor.practice.ahead import EXACT

        found = self.ahead.take((EXACT, strain, declarer)) if self.ahead is not None else None
        return found if found is not None else value.exact(self.hands, strain, declarer)

    def best(self, known: dict | None = None) -> dict:
        """Each team's best contract (:func:`tutor.practice.value.best_contracts`),
        computed ahead where it was."""
        from tutor.practice import value
        from tutor.practice.ahead import BEST

        found = self.ahead.take((BEST,)) if self.ahead is not None else None
        if found is not None:
            return value.with_known(found, self.hands, self.rules, known)
        return value.best_contracts(self.hands, self.rules, known)

    def close(self) -> None:
        """End the computing ahead (its background process), if any."""
        if self.ahead is not None:
            self.ahead.close()

    def undo(self) -> bool:
        """Take back the learner's last decision (and the robots' calls after it)."""
        mine = [i for i, s in enumerate(self.steps) if s.learner]
        if not mine:
            return False
        self._restart(mine[-1])
        return True

    # -- words ----------------------------------------------------------------------------
    def summary(self, reading: Reading) -> str:
        """A call's kind and promise in a few words (as ``tutor table`` shows them)."""
        from tutor.companion.session import Session

        return Session(None, seat=self.seat, dealer="D", rules=self.rules, lang=self.lang).summary(reading)

    def line(self, step: Step) -> str:
        """``B 70 Schellen: opening, Nell with four cards``; a pass of an out-of-turn chance."""
        if step.reading is None:
            if step.offered == (REDOUBLE,):   # after a double: only a konter was open
                return _("{seat}: no konter", self.lang, seat=step.seat)
            return _("{seat}: no double, no konter", self.lang, seat=step.seat)
        r = step.reading
        if r.kind == "fort":
            return f"{step.seat} {r.call}."   # fort
        return _("{seat} {call}: {summary}.", self.lang, seat=step.seat, call=typed(r.call), summary=self.summary(r))

    def why(self, step: Step) -> str:
        """A decision in full, as the table reads it: the call with what it shows, and what
        it denies (a fort: the openings and Hilfen the seat would have called instead)."""
        r = step.reading
        if r is None:
            return self.line(step)
        return " ".join(x for x in (r.said(self.lang), r.denial(self.lang)) if x)

    def hint(self) -> str:
        """The tutor's call for the learner now, in a line (his advice: the call his review
        will compare his own with; computed ahead where it was)."""
        from tutor.practice.robots import advice

        if self.over:
            raise TutorError(M("the bidding is over"))
        rec = advice(self.hand, self.auction, self.rules, self.seat, self.judge).recommended
        self.hints.add(len(self.steps))   # his next call is not his own find (the review says so)
        lang = self.lang
        if self.waiting == "option" and (rec is None or rec.kind not in (DOUBLE, REDOUBLE)):
            return _("The tutor would let it pass.", lang)
        if rec is None or rec.kind == "fort":
            return _("The tutor would say fort.", lang)
        return _("The tutor would call {call}: {summary}.", lang, call=typed(rec.call), summary=self.summary(rec))

    def last_robot(self) -> Step | None:
        return next((s for s in reversed(self.steps) if not s.learner and s.reading), None)

    def prompt(self) -> str:
        if self.waiting == "option":
            kinds = {c.kind for s, c in self.auction.legal_calls(self.seat)}
            word = typed_in("dopple" if DOUBLE in kinds else "konter", self.lang)
            return _("{seat}: {word}? (Enter: no)", self.lang, seat=self.seat, word=word)
        return _("{seat}, your call:", self.lang, seat=self.seat)

    @property
    def calls(self) -> list[str]:
        """The auction as the issue's JSON has it: ``["60 Eichel", "fort", "D: dopple"]``."""
        a = self.auction
        return [a.format_entry(e) for e in a.entries]

    def result(self, best: bool = True, play=None):
        """The deal's end (see :mod:`tutor.practice.review`); ``play``: its cards as played
        (:class:`tutor.practice.cardplay.PlayResult`), where they were."""
        from tutor.practice.review import deal_result

        if not self.over:
            raise TutorError(M("the bidding is not over yet"))
        return deal_result(self, best=best, play=play)

    def cards(self, max_nodes: "int | None" = -1, known: "dict | None" = None, exact: "int | None" = None):
        """The contract's cards after the bidding (:class:`tutor.practice.cardplay.CardPlay`):
        the learner plays his seat, the robots the three others; None where everybody said
        fort. ``max_nodes``: each robot card's budget (default
        :data:`tutor.practice.cardplay.ROBOT_NODES`); ``known``: see
        :class:`~tutor.practice.cardplay.CardPlay`; ``exact``: the contract's exact value
        where known (the phone's background process gets it from the server)."""
        from tutor.partie import Contract
        from tutor.practice.cardplay import ROBOT_NODES, CardPlay

        if not self.over:
            raise TutorError(M("the bidding is not over yet"))
        a = self.auction
        if a.declarer is None:
            return None
        call = a.high_bid
        return CardPlay(self.hands, call.strain, a.declarer, self.seat, self.rules,
                        Contract.parse(str(call), self.rules), a.multiplier >= 2, a.multiplier == 4,
                        max_nodes=ROBOT_NODES if max_nodes == -1 else max_nodes,
                        exact=self.exact(call.strain, a.declarer) if exact is None else exact, known=known)

    def to_json(self) -> dict[str, Any]:
        """The deal so far, for the web page."""
        return {"seed": self.seed, "seat": self.seat, "hand": str(self.hand), "rules": self.rules.name,
                "calls": [{"seat": s.seat, "call": str(s.reading.call) if s.reading else None,
                           "learner": s.learner, "line": self.line(s),
                           "text": s.reading.text(self.lang) if s.reading else "", "why": self.why(s)}
                          for s in self.steps],
                "waiting": self.waiting, "prompt": None if self.over else self.prompt(),
                "legal": [str(c) for s, c in self.auction.legal_calls(self.seat)] if not self.over else []}


def team_seats(seat: str) -> tuple[str, str]:
    return (seat, partner_of(seat)) if seat in "AB" else (partner_of(seat), seat)


__all__ = ["Practice", "Step", "hands_of", "new_seed", "team_of", "team_seats"]
