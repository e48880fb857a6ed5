"""``tutor review``: what a played game teaches.

A game file of ``tutor play`` (:mod:`tutor.play.game`) with its ``auction:`` is reviewed
in three parts:

- **the calls**: every call of every seat, how the conventions read it, whether it was
  conventional and true to that seat's hand, the tutor's call for that hand there and why
  (:func:`tutor.practice.review.review_call`);
- **the exact value**: the declaring team's card points with best play on both sides
  from the first card on (the solver), beside the points it took;
- **the cards** (with ``tricks:``): every card that cost its side points against
  double-dummy play. Before each card the value of the position is what the declaring
  team ends with when everybody plays perfectly from there (the points it took so far
  and the solver's value of the rest); a card of the side that wants many points costs
  what the value falls, a card of the other side what it rises. So the declaring team's
  losses minus the defenders' add up to the exact value minus the points the declaring
  team took (in a Misère the sides' wishes swap, and the sum is its negative).

The solver answers at trick boundaries; within a trick the value is the best of the
cards still to come in it, each answered by the solver at the next boundary ("does the
declaring team reach T?", a zero-window probe of a few milliseconds).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tutor.cards import Card, Hand
from tutor.errors import TutorError
from tutor.i18n import M, Mn, Number, _
from tutor.play.deal import Deal
from tutor.play.rules import LAST_TRICK, SEATS, legal, points, seats_from, taker, team_of, trick_points


@dataclass(frozen=True)
class CardReview:
    """A card that cost its side points: the trick (1-based), who, the card, the cards
    that kept the value, and what its side lost."""

    trick: int
    seat: str
    card: Card
    best: tuple[Card, ...]
    lost: int

    def to_json(self) -> dict:
        return {"trick": self.trick, "seat": self.seat, "card": str(self.card),
                "best": [str(c) for c in self.best], "lost": self.lost}


@dataclass(frozen=True)
class GameReview:
    game: Any                       # the PlayedGame
    calls: tuple = ()               # CallReview per call of the auction
    exact: int | None = None        # the declaring team's card points, double dummy
    taken: int | None = None        # ... and what it took (the tricks given)
    cards: tuple[CardReview, ...] = ()
    tricks_reviewed: int = 0
    illegal: Any = None             # the first card against the rules of play (the replay stops)

    @property
    def declaring_team(self) -> str | None:
        return team_of(self.game.declarer) if self.game.declarer else None

    def to_json(self, lang: str = "de") -> dict:
        g = self.game
        return {"calls": [{"index": c.index, "seat": c.seat, "call": c.call, "kind": c.kind,
                           "conventional": c.conventional, "truthful": c.truthful, "tutor": c.tutor,
                           "meaning": c.meaning.text(lang) if c.meaning is not None else None,
                           "why": c.why_text(lang)} for c in self.calls],
                "contract": str(g.contract) if g.contract is not None else None,
                "declarer": g.declarer, "exact": self.exact, "taken": self.taken,
                "cards": [c.to_json() for c in self.cards],
                **({"error": self.illegal.to_json()} if self.illegal is not None else {})}

    def lines(self, lang: str = "de") -> list[str]:
        out: list[str] = [_("The auction:", lang)] if self.calls else []
        for c in self.calls:
            out += call_lines(c, lang)
        return out + self.end_lines(lang)

    def end_lines(self, lang: str = "de") -> list[str]:
        """The lines after the calls': the exact value, the cards that cost points."""
        g = self.game
        out: list[str] = []
        if g.contract is not None and self.exact is not None:
            team = self.declaring_team
            out.append(_("{contract} by {declarer}: with best play on both sides {team} take {exact} card "
                         "points, {made}.", lang, contract=str(g.contract), declarer=g.declarer, team=team,
                         exact=self.exact, made=_("made", lang) if _made(g, self.exact) else _("missed", lang)))
        if self.taken is not None and self.tricks_reviewed:
            team = self.declaring_team
            out.append(_("{team} took {taken} in the {n} tricks played.", lang, team=team, taken=self.taken,
                         n=self.tricks_reviewed))
            if not self.cards:
                out.append(_("No card cost points against double-dummy play.", lang))
            else:
                out.append(_("The cards that cost points against double-dummy play:", lang))
                for c in self.cards:
                    out.append("  " + _("trick {trick}, {seat}: {card} cost {side} {lost} (best: {best})", lang,
                                        trick=c.trick, seat=c.seat, card=str(c.card),
                                        side=team_of(c.seat), lost=c.lost,
                                        best=", ".join(str(x) for x in c.best)))
                lost = {t: sum(c.lost for c in self.cards if team_of(c.seat) == t) for t in ("AC", "BD")}
                out.append(_("Lost: AC {ac}, BD {bd}.", lang, ac=lost["AC"], bd=lost["BD"]))
        if self.illegal is not None:
            out.append(_("The review stops before {illegal}.", lang, illegal=self.illegal.text(lang)))
        return out


def call_lines(c, lang: str = "de") -> list[str]:
    """One call's review as ``tutor review`` prints it (:meth:`GameReview.lines`)."""
    from tutor.auction import typed, typed_in
    from tutor.conventions import kind_label
    from tutor.practice.review import SAME

    yes, no = _("yes", lang), _("no", lang)
    out = [f"{c.index:>2}. {c.seat}  {typed_in(c.call, lang):<12} [{kind_label(c.kind, lang)}] {c.meaning.text(lang)}"]
    flags = _("conventional: {conventional}, true to the hand: {true}", lang,
              conventional=yes if c.conventional else no, true=yes if c.truthful else no)
    if c.verdict == SAME:
        tutor = _("the tutor calls the same.", lang)
    else:
        tutor = _("the tutor would say nothing.", lang) if c.tutor is None and c.silent \
            else _("the tutor calls {call}.", lang, call=typed(c.tutor or "fort"))
    # French sets a space before ";" (docs/french.md; QA s37 Q5: "oui; le tuteur")
    out.append("    " + _("{flags}; {tutor}", lang, flags=flags, tutor=tutor))
    if c.verdict != SAME:
        why = c.why_text(lang)
        if why:
            out.append("    " + why)
    return out


def _made(game, points: int) -> bool:
    from tutor.cards import TOTAL_POINTS

    c = game.contract
    credited = TOTAL_POINTS - points if c.misere else points
    return credited >= (TOTAL_POINTS if c.bid == game.rules.matsch_bid else c.bid)


# -- the calls ---------------------------------------------------------------------------------
def review_calls(game, judge=None, each=None, ahead: bool = False) -> tuple:
    """Every call of the game's auction reviewed against the tutor's advice; ``each(call)``
    is told each call's review as soon as it is known (``tutor review`` prints it then).
    With ``ahead`` a background process (:mod:`tutor.practice.ahead`) answers every second
    call while this one answers the others: the same answers, on both cores."""
    from tutor.auction import Auction
    from tutor.conventions import replay
    from tutor.practice.review import review_call
    from tutor.practice.robots import advice

    if game.auction is None:
        return ()
    from tutor.practice.robots import default_judge

    judge = default_judge(judge) if judge is None or isinstance(judge, str) else judge
    positions = []
    so_far = Auction(game.auction.spec)
    for e in game.auction.entries:
        positions.append((game.hands[e.seat], so_far, e.seat))
        so_far = so_far.play(e.call, e.seat)
    helper = None
    if ahead and hasattr(judge, "memo") and len(positions) > 1:
        from tutor.practice import ahead as computing

        helper = computing.Ahead(alone=False)
        judge = computing.Judge(judge, helper)
        helper.start("review", computing.review_plan(positions, game.rules, judge))
    out = []
    try:
        for i, (e, (hand, at, seat)) in enumerate(zip(game.auction.entries, positions), start=1):
            if helper is not None:
                helper.expecting = i % 2 == 0   # the background process's calls: 2, 4, 6 ...
            try:
                a = advice(hand, at, game.rules, seat, judge)
            except TutorError:
                a = None
            reading = replay(at, game.rules).read(e.call, e.seat)
            out.append(review_call(hand, reading, a, i))
            if each is not None:
                each(out[-1])
    finally:
        if helper is not None:
            helper.close()
    return tuple(out)


# -- the cards ---------------------------------------------------------------------------------
class _Line:
    """The double-dummy values along the game's line of play (see the module).

    The solver's answers are kept per question (the cards left, who leads, what is asked),
    each with the nodes it cost, so a later question about the same position costs nothing:
    whole-deal practice's robots choose their cards with the same line the review of the
    deal then reads (:mod:`tutor.practice.cardplay`). ``max_nodes`` bounds the solver's
    nodes of each question since :attr:`nodes` was last set to 0 (None: no bound, as
    ``tutor review`` asks); a question the bound stops raises
    :class:`tutor.play.solver.SearchStopped`.

    Inside :meth:`deciding` (a robot's card) the bound is reproducible: each question the
    card asks is charged the nodes it costs from an empty table (the core's own part of its
    table: the same nodes in every process, whatever it solved before), whether it is
    solved now or its answer is kept from elsewhere (an earlier play of the deal, the
    background process), and the card asks the same questions whatever is kept; so a card
    is the solver's or the playing policy's by the position alone, and a learner replaying
    a deal sees the same cards."""

    def __init__(self, game, max_nodes: int | None = None) -> None:
        self.game = game
        self.trump = game.trump
        self.declarer = game.declarer or game.leader
        self.team = team_of(self.declarer)
        self.misere = game.misere
        self.size = game.size
        self.probes = 0
        self.nodes = 0
        self.max_nodes = max_nodes
        # (kind, the cards left, leader, what is asked) -> (the solver's answer, its nodes);
        # kinds: "v" the value (and the best cards where asked), "b" the best cards at a known
        # value, "r" does the declaring team reach a number; ("k", cards, leader) -> a value
        # known from elsewhere (practice's exact value of the contract)
        self.known: dict = {}
        self.strict = False
        self._charged: set = set()

    def maximizes(self, seat: str) -> bool:
        """Does ``seat``'s side want the declaring team's points high?"""
        return (team_of(seat) == self.team) != self.misere

    def deal(self, hands: dict, leader: str) -> Deal:
        return Deal(tuple(Hand(hands[s]) for s in SEATS), self.trump, leader, self.declarer, self.misere)

    @contextmanager
    def deciding(self):
        """One robot card's (or the learner's lead value's) questions, under the bound
        charged as the class says: :attr:`nodes` counts them from 0."""
        self.nodes, self.strict, self._charged = 0, True, set()
        try:
            yield self
        finally:
            self.strict = False

    def _ask(self, q: tuple, hands: dict, leader: str, **kw):
        """The answer to question ``q`` (see :attr:`known`), solved where not kept."""
        from tutor.play.solver import OWN_TABLE_PART, SearchStopped, solve

        entry = self._kept(q)
        if self.strict and q in self._charged:
            return entry[0]
        if entry is None:
            budget = None if self.max_nodes is None else max(1, self.max_nodes - self.nodes)
            s = solve(self.deal(hands, leader), max_nodes=budget, options=OWN_TABLE_PART, **kw)
            if q[0] == "v":
                answer = (s.points[self.team], tuple(s.best) if kw.get("best") else None)
            elif q[0] == "b":
                answer = tuple(s.best)
            else:   # in a Misère the solver's question is "at most": reach need = not at most need - 1
                self.probes += 1
                answer = (not s.reached) if self.misere else bool(s.reached)
            entry = self.known[q] = (answer, s.nodes)
            if not self.strict:
                self.nodes += s.nodes
        if self.strict:   # charged what it costs from an empty table, solved now or kept
            self._charged.add(q)
            self.nodes += entry[1]
            if self.max_nodes is not None and self.nodes >= self.max_nodes:
                raise SearchStopped(Mn("search stopped after {nodes} node / {seconds:.1f} s (raise the limit, or ask a "
                                       "--target)", "search stopped after {nodes} nodes / {seconds:.1f} s (raise the "
                                       "limit, or ask a --target)", self.nodes, nodes=Number(self.nodes), seconds=0.0))
        return entry[0]

    def _kept(self, q: tuple):
        """The kept answer to ``q`` (None: none), now the last of :attr:`known` (the most
        recently used: the phone's store, :func:`tutor.practice.cardplay.kept_answers`,
        drops the least recently used first, so the line being played keeps its answers)."""
        entry = self.known.pop(q, None)
        if entry is not None:
            self.known[q] = entry
        return entry

    def _value_known(self, cards: tuple, leader: str) -> int | None:
        for q in (("k", cards, leader), ("v", cards, leader, True), ("v", cards, leader, False)):
            entry = self._kept(q)
            if entry is not None:
                return entry if q[0] == "k" else entry[0][0]
        return None

    def boundary(self, hands: dict, leader: str, taken: int, best: bool = False, value: int | None = None):
        """(value, best cards) at a trick boundary: the points taken and the solver's value.
        Where the value is known already (``value``, or kept), the best cards are the
        leader's cards that decide "does the declaring team reach it?" his way (one
        zero-window probe, cheaper than solving again). Inside :meth:`deciding` only
        ``value`` and :meth:`know`'s value count as known (the same questions whatever is
        kept)."""
        if not hands[leader]:
            return taken, ()
        cards = tuple(hands[s] for s in SEATS)
        v = value if value is not None else self._kept(("k", cards, leader))   # know(): the same in every run
        if v is None and not self.strict:
            v = self._value_known(cards, leader)
            if best and v is not None and ("v", cards, leader, True) in self.known:
                return taken + v, self.known["v", cards, leader, True][0][1]
        if v is None:
            v, found = self._ask(("v", cards, leader, best), hands, leader, best=best)
            return taken + v, found or ()
        if not best:
            return taken + v, ()
        # the question the leader answers his way exactly with the cards that keep v:
        # his side's own v (in a Misère "at most v"), else one more than v for the
        # declaring team (in a Misère: at most one less)
        ask = v if team_of(leader) == self.team else v - 1 if self.misere else v + 1
        if 0 <= ask <= sum(points(c, self.trump) for h in hands.values() for c in h) + LAST_TRICK \
                and not (self.misere and ask == v - 1 and v == 0):
            found = self._ask(("b", cards, leader, ask), hands, leader, target=ask, best=True)
        else:
            found = self._ask(("v", cards, leader, True), hands, leader, best=True)[1]
        return taken + v, found

    def know(self, hands: dict, leader: str, value: int) -> None:
        """Keep ``value`` (the declaring team's points from here, found elsewhere: practice's
        exact value of the contract) for this boundary."""
        key = ("k", tuple(hands[s] for s in SEATS), leader)
        if self._kept(key) is None:
            self.known[key] = value

    def reaches(self, hands: dict, leader: str, taken: int, goal: int) -> bool:
        """Does the value at this boundary reach ``goal``?"""
        need = goal - taken
        if need <= 0:
            return True
        if not hands[leader]:
            return False
        cards = tuple(hands[s] for s in SEATS)
        if not self.strict:
            solved = self._value_known(cards, leader)
            if solved is not None:   # the exact value of this boundary is known
                return solved >= need
        if self.misere:
            return self._ask(("r", cards, leader, need), hands, leader, target=need - 1, best=False)
        return self._ask(("r", cards, leader, need), hands, leader, target=need, best=False)

    def test(self, hands: dict, leader: str, table: tuple, taken: int, k: int, goal: int) -> bool:
        """Does the value of the position (``table``: the cards of trick ``k`` so far,
        ``hands`` without them) reach ``goal``?"""
        order = seats_from(leader)
        if len(table) == 4:
            win = taker(leader, table, self.trump)
            pts = trick_points(table, self.trump, last=k == self.size)
            return self.reaches(hands, win, taken + (pts if team_of(win) == self.team else 0), goal)
        seat = order[len(table)]
        options = legal(Hand(hands[seat]), list(table), self.trump)   # the hand's order: the same questions in every process
        results = (self.test({**hands, seat: hands[seat] - {c}}, leader, table + (c,), taken, k, goal)
                   for c in options)
        return any(results) if self.maximizes(seat) else all(results)

    def settle(self, hands, leader, table, taken, k, v: int, below: bool) -> int:
        """The exact value of a position known to be at most ``v`` (``below``) or at least
        ``v``: ``v`` where it reaches (or does not pass) it, else by bisection beyond it. The
        value after a card from the one before it (a card of the side that wants many points
        can only lower it), and the value before a card from the one after it."""
        from tutor.cards import TOTAL_POINTS

        if below:
            return v if self.test(hands, leader, table, taken, k, v) else self.value(hands, leader, table, taken, k,
                                                                                      0, v - 1)
        if not self.test(hands, leader, table, taken, k, v + 1):
            return v
        return self.value(hands, leader, table, taken, k, v + 1, TOTAL_POINTS)

    def value(self, hands, leader, table, taken, k, low: int, high: int) -> int:
        """The exact value of a position known to lie in [low, high], by bisection."""
        while low < high:
            mid = (low + high + 1) // 2
            if self.test(hands, leader, table, taken, k, mid):
                low = mid
            else:
                high = mid - 1
        return low


@dataclass(frozen=True)
class CardValue:
    """One card of the line of play with the value of the position before and after it
    (the declaring team's card points with perfect play from there, see the module) and
    what its side lost by it; ``best``: where it lost, the cards that kept the value. None
    (before, after, lost): not valued, the review's budget ran out in its trick (practice)."""

    trick: int
    seat: str
    card: Card
    before: int | None
    after: int | None
    lost: int | None
    best: tuple[Card, ...] = ()

    def review(self) -> CardReview:
        return CardReview(self.trick, self.seat, self.card, self.best, self.lost)


def review_cards(game, replayed, line: "_Line | None" = None) -> tuple[int, int, tuple[CardReview, ...], int]:
    """(exact value, points taken, the costly cards, tricks reviewed) of a replayed game."""
    exact, taken, values, n = card_values(game, replayed, line)
    return exact, taken, tuple(v.review() for v in values if v.lost > 0), n


def card_values(game, replayed, line: "_Line | None" = None) -> tuple[int, int, tuple[CardValue, ...], int]:
    """(exact value, points taken, every card with its values, tricks reviewed) of a
    replayed game; ``line``: a :class:`_Line` of this game whose answers are known already
    (practice's robots asked it), else a new one. Where the line has a budget (``max_nodes``,
    practice's end), each trick's questions within it; a trick they do not settle has its
    cards without values (None: "not valued"), the others are exact. Without it (``tutor
    review``) every question is answered. The budget counts the nodes the trick's questions
    search now (answers kept from the robots' cards are free): charged as the robots' are
    (every question at its cost, :meth:`_Line.deciding`), the review took 44-250 % more CPU
    (bench_cardplay seeds 5, 10, 1, session 39), as it could no longer answer a question from
    a value kept at its boundary; so at the budget's very edge a trick may be valued in one run and
    not in another."""
    from tutor.play.solver import SearchStopped

    line = line if line is not None else _Line(game)
    hands = {s: frozenset(game.hands[s]) for s in SEATS}
    leader = game.leader
    taken = 0
    out: list[CardValue] = []
    tricks = replayed.tricks
    for t in tricks:
        k = t.n
        after_hands = dict(hands)
        order = seats_from(leader)
        states = []
        for i, card in enumerate(t.cards):
            states.append((dict(after_hands), tuple(t.cards[:i])))
            after_hands[order[i]] = after_hands[order[i]] - {card}
        win = t.winner
        new_taken = taken + (t.points if team_of(win) == line.team else 0)
        line.nodes = 0   # each trick its own budget (where the line has one)
        try:
            out.extend(_trick_values(line, game, t, hands, leader, taken, order, states, after_hands, win, new_taken))
        except SearchStopped:   # not settled within the budget: its cards not valued
            out.extend(CardValue(k, order[i], card, None, None, None) for i, card in enumerate(t.cards))
        hands, leader, taken = after_hands, win, new_taken
    exact = out[0].before if out and out[0].before is not None else \
        line.boundary({s: frozenset(game.hands[s]) for s in SEATS}, game.leader, 0)[0]
    return exact, taken, tuple(out), len(tricks)


def _trick_values(line, game, t, hands, leader, taken, order, states, after_hands, win, new_taken) -> list:
    """The values of trick ``t``'s cards (see :func:`card_values`)."""
    k = t.n
    out = []
    start, _best = line.boundary(hands, leader, taken)
    end, _best = line.boundary(after_hands, win, new_taken) if k < game.size else (new_taken, ())
    # backwards through the trick: value before card i from the value after it
    before = [None, None, None, None]
    nxt = end
    for i in range(len(t.cards) - 1, 0, -1):
        h, table = states[i]
        # a card of the side that wants many points cannot raise the value: before >= after
        v = line.settle(h, leader, table, taken, k, nxt, below=not line.maximizes(order[i]))
        before[i] = v
        nxt = v
    before[0] = start
    values = before + [end]
    for i, card in enumerate(t.cards):
        seat = order[i]
        v0, v1 = values[i], values[i + 1]
        lost = v0 - v1 if line.maximizes(seat) else v1 - v0
        best: tuple = ()
        if lost > 0:
            if i == 0:
                best = line.boundary(hands, leader, taken, best=True, value=start - taken)[1]
            else:
                h, table = states[i]
                best = tuple(c for c in legal(h[seat], list(table), line.trump)
                             if _keeps(line, h, seat, c, leader, table, taken, k, v0))
            best = tuple(sorted(best, key=_card_key))
        out.append(CardValue(k, seat, card, v0, v1, lost, best))
    return out


def _keeps(line: _Line, hands, seat, card, leader, table, taken, k, v) -> bool:
    """Does ``card`` keep the value ``v`` of the position?"""
    child = {**hands, seat: hands[seat] - {card}}
    if line.maximizes(seat):
        return line.test(child, leader, table + (card,), taken, k, v)
    return not line.test(child, leader, table + (card,), taken, k, v + 1)


def _card_key(card: Card):
    from tutor.cards import DECK

    return DECK.index(card)


# -- the whole review --------------------------------------------------------------------------
def review(game, judge=None, each=None, ahead: bool = False) -> GameReview:
    """Review a PlayedGame (see the module); ``judge``: the judge the calls are compared
    with (default: the tutor's default, :func:`tutor.practice.robots.default_judge`). A
    game whose Vorhand is not A is reviewed in the auction's seats and shown in its own.
    ``each`` and ``ahead``: see :func:`review_calls`."""
    import dataclasses

    if game.auction is not None and game.vorhand not in (None, "A"):
        turn = SeatTurn(game.vorhand)
        e = turn.engine_seat
        engine = dataclasses.replace(game, hands={e(s): h for s, h in game.hands.items()}, leader=e(game.leader),
                                     declarer=e(game.declarer) if game.declarer else None, vorhand=None,
                                     weis=None)
        told = None if each is None else (lambda c: each(_turned_call(c, turn)))
        return in_table_seats(_review(engine, judge, told, ahead), turn)
    return _review(game, judge, each, ahead)


def _review(game, judge=None, each=None, ahead: bool = False) -> GameReview:
    from tutor.play import game as game_mod

    if game.contract is None and game.auction is None:
        raise TutorError(M("{source}: nothing to review: give the auction (auction: 60 Eichel, ...) or the "
                           "contract", source=game.source))
    if game.contract is not None:   # the cards are solved from the first one on: refused up front
        from tutor.practice.value import require_core

        require_core("review")
        # the game's own faults before any call's review is shown
        replayed = game_mod.replay(game)
        if game.size != 9:
            raise TutorError(M("{source}: a review needs the whole deal (nine cards a hand)", source=game.source))
    calls = review_calls(game, judge, each, ahead)
    if game.contract is None:   # everybody said fort: the calls only
        return GameReview(game, calls)
    exact, taken, cards, n = review_cards(game, replayed)
    return GameReview(game, calls, exact, taken if n else None, cards, n, replayed.illegal)


def review_file(path: str, rules=None, judge=None, each=None, ahead: bool = False) -> GameReview:
    from tutor.play import game as game_mod

    return review(game_mod.load(path, rules=rules), judge, each, ahead)


def review_text(text: str, source: str = "<stdin>", rules=None, judge=None, each=None,
                ahead: bool = False) -> GameReview:
    from tutor.play import game as game_mod

    return review(game_mod.loads(text, source=source, rules=rules), judge, each, ahead)


# -- at the table: `review` after `played FILE` in `tutor table` --------------------------------
def review_at_table(session, path: str, judge=None) -> GameReview:
    """The game file ``path`` played after the table session's auction, reviewed: the
    session's auction (in the engine's seats, A Vorhand) with the file's hands and tricks
    turned into the same seats; :func:`table_lines` turns the words back."""
    import dataclasses

    from tutor.partie import Contract
    from tutor.play import game as game_mod

    a = session.auction
    if not a.over or a.annulled:
        raise TutorError(M("a game file goes with a contract: the bidding has none (yet)"))
    g = game_mod.load(path, rules=session.rules)
    turn = session.engine_seat
    hands = {turn(s): h for s, h in g.hands.items()}
    declarer = a.declarer
    leader = turn(g.leader) if g.contract is not None else declarer
    g = dataclasses.replace(g, hands=hands, leader=leader, contract=Contract.parse(a.contract, session.rules),
                            declarer=declarer, double=a.multiplier >= 2, redouble=a.multiplier == 4,
                            vorhand=None, weis=None, auction=a)
    # the session's judge None is the count (tutor table --count), not the default voice
    return review(g, judge if judge is not None else getattr(session, "judge", None) or "count")


def table_lines(session, r: GameReview, lang: str) -> list[str]:
    """A review's lines in the table's seats (see :func:`in_table_seats`)."""
    return in_table_seats(r, session).lines(lang)


def in_table_seats(r: GameReview, turn) -> GameReview:
    """The review with the table's seats: ``turn`` has ``table_seat(engine_seat)`` and
    ``_seats_in(text)`` (a table session, or :class:`SeatTurn`); the seats of the calls and
    cards turned one by one (so a card's rank, "Eichel A", stays as it is), the
    conventions' texts as the table session turns them."""
    import dataclasses

    seat = turn.table_seat
    calls = tuple(_turned_call(c, turn) for c in r.calls)
    cards = tuple(dataclasses.replace(c, seat=seat(c.seat)) for c in r.cards)
    g = r.game
    game = dataclasses.replace(g, declarer=seat(g.declarer) if g.declarer else None)
    illegal = dataclasses.replace(r.illegal, seat=seat(r.illegal.seat)) if r.illegal is not None else None
    return dataclasses.replace(r, game=game, calls=calls, cards=cards, illegal=illegal)


def _turned_call(c, turn):
    """A call's review with the table's seats (see :func:`in_table_seats`)."""
    import dataclasses

    return dataclasses.replace(c, seat=turn.table_seat(c.seat),
                               meaning=_Turned(c.meaning, turn) if c.meaning is not None else None,
                               why=tuple(_Turned(w, turn) for w in c.why))


class SeatTurn:
    """The engine's seats (A Vorhand) and the table's, whose Vorhand is ``vorhand``."""

    def __init__(self, vorhand: str) -> None:
        self.shift = SEATS.index(vorhand)

    def table_seat(self, engine: str) -> str:
        return SEATS[(SEATS.index(engine) + self.shift) % 4]

    def engine_seat(self, seat: str) -> str:
        return SEATS[(SEATS.index(seat) - self.shift) % 4]

    def _seats_in(self, text: str) -> str:
        from tutor.scoring import turn_seats

        return turn_seats(text, self.table_seat)


class _Turned:
    """A text of the engine's (a reading, a reason) with its seat letters the table's."""

    def __init__(self, inner, session) -> None:
        self.inner, self.session = inner, session

    def text(self, lang: "str | None" = None) -> str:
        inner = self.inner.text(lang) if hasattr(self.inner, "text") else str(self.inner)
        return self.session._seats_in(inner)
