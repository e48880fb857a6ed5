"""The cards of a practice deal: the learner plays his seat, three robots the others.

After the bidding of ``tutor practice --play`` the contract is played out: the declarer
leads, the learner plays the cards of his own seat (the Jass has no dummy: his partner
plays his own cards, as a robot) and the robots play the solver's cards, seeing all four
hands as the solver does (double dummy): where a card's trick starts, one of the cards
that keep the position's exact value (:meth:`tutor.play.solver.solve`'s best cards), and
inside a trick the first card that keeps it, the cheapest first (each one "does the
declaring team still reach the value?", the review's zero-window questions). Every rule
of play comes from :mod:`tutor.play.rules` (a card against them is refused in one line
naming the rule).

Each robot card's questions together get at most :data:`ROBOT_NODES` of the solver's
nodes; where they run out (a full deal the solver finds hard), that card is the playing
policy's (:mod:`tutor.play.playout`, the simulation's), and :attr:`CardPlay.by_policy`
says which.

At the end :meth:`CardPlay.review` gives every card of the learner with the value of the
position before and after it and what it cost, from :func:`tutor.practice.game.card_values`
(what ``tutor review`` reads a game file's cards with: one source), with the solver's
answers the robots already asked (the same :class:`tutor.practice.game._Line`).

    >>> from tutor.cards import Hand
    >>> hands = {"A": Hand.parse("Eichel:A", size=None), "B": Hand.parse("Eichel:6", size=None),
    ...          "C": Hand.parse("Eichel:K", size=None), "D": Hand.parse("Rosen:A", size=None)}
    >>> p = CardPlay(hands, "Eichel", "A", seat="C")
    >>> [f"{s} {c}" for s, c in p.robots()]
    ['A Eichel A', 'B Eichel 6']
    >>> p.play("ei k") and p.robots() and p.over
    True
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from tutor.cards import TOTAL_POINTS, Card, Hand
from tutor.errors import TutorError
from tutor.i18n import M, _
from tutor.play.rules import (SEATS, illegal_reason, legal, parse_strain, points, seats_from, taker, team_of,
                              trick_points)

#: the solver's nodes one robot card may ask for (all its questions together); beyond them
#: the card is the playing policy's. Measured in benchmarks/README.md ("Card play in
#: practice"): the first trick's cards of a full deal need the most.
ROBOT_NODES = 100_000_000
#: the solver's nodes the end's review may search for one trick's cards (answers kept from
#: the robots' cards free); beyond them that trick's cards are "not valued". The costliest
#: whole review of bench_cardplay's 24 deals took 4.2 s of CPU (session 39)
REVIEW_NODES = 300_000_000


@dataclass(frozen=True)
class Played:
    """A card on the table: the trick (1-based), who, the card, and for a robot whether
    the solver chose it (False: the playing policy, its budget spent)."""

    trick: int
    seat: str
    card: Card
    exact: bool = True


class CardPlay:
    """A contract being played (see the module). ``hands``: the four hands as dealt;
    ``strain``: the contract's trump kind as the auction writes it (``Eichel``,
    ``Undenufe Misère``); ``seat``: the learner's (None: four robots); ``exact``: the
    declaring team's card points with best play from the first card, where known (the
    robots' first card then asks the solver one zero-window question, not a whole solve);
    ``known``: the solver's answers kept from an earlier play of the same deal and contract
    (:attr:`tutor.practice.game._Line.known`; the phone's page replays the cards at each tap)."""

    def __init__(self, hands: dict, strain: str, declarer: str, seat: str | None = "C", rules=None,
                 contract=None, double: bool = False, redouble: bool = False,
                 max_nodes: int | None = ROBOT_NODES, exact: int | None = None, known: dict | None = None) -> None:
        from tutor.play.game import PlayedGame
        from tutor.practice.game import _Line
        from tutor.rules import load as load_rules

        trump, _misere = parse_strain(strain)
        self.rules = load_rules(rules)
        if contract is None:   # a contract the robots play for (the number does not change a card)
            from tutor.partie import Contract

            contract = Contract.parse(f"{self.rules.bid_values[0]} {strain}", self.rules)
        self.game = PlayedGame(hands={s: Hand(hands[s]) for s in SEATS}, trump=trump, leader=declarer,
                               contract=contract, declarer=declarer, double=double, redouble=redouble,
                               rules=self.rules, source="<practice>")
        self.seat = seat
        self.line = _Line(self.game, max_nodes)
        if known is not None:   # the answers of an earlier play of this contract (the phone's replays)
            self.line.known = known
        self.left = {s: frozenset(hands[s]) for s in SEATS}
        self.tricks: list[tuple[Card, ...]] = []
        self.table: tuple[Card, ...] = ()
        self.leader = declarer
        self.taken = 0                       # the declaring team's card points so far
        self.points = {"AC": 0, "BD": 0}     # both teams' so far
        self.played: list[Played] = []
        self._value: int | None = None       # the position's value now, where known
        self._was = None                     # else (the value before the last card, its side maximizes)
        self._exact = exact                  # the first lead's value, where known
        self.review_nodes = REVIEW_NODES     # the end's review: a trick's budget (None: none)
        if exact is not None:   # the contract's exact value (practice has it): the first lead's value
            self.line.know(self._hands(), declarer, exact)

    # -- state ----------------------------------------------------------------------------
    @property
    def trump(self):
        return self.game.trump

    @property
    def over(self) -> bool:
        return len(self.tricks) == self.game.size

    @property
    def to_play(self) -> str | None:
        return None if self.over else seats_from(self.leader)[len(self.table)]

    @property
    def trick_number(self) -> int:
        return len(self.tricks) + 1

    @property
    def position(self) -> tuple[str, ...]:
        """The cards played so far, in order (with the deal: the position)."""
        return tuple(str(p.card) for p in self.played)

    @property
    def by_policy(self) -> list[Played]:
        return [p for p in self.played if not p.exact]

    def legal(self, seat: str | None = None) -> list[Card]:
        """The cards ``seat`` (default: the one to play) may play now, in the hand's order."""
        return legal(Hand(self.left[seat or self.to_play]), self.table, self.trump)

    def hand(self, seat: str | None = None) -> Hand:
        return Hand(self.left[seat or self.seat])

    def copy(self) -> "CardPlay":
        """The same play, to go on with apart (the same line: the solver's answers shared)."""
        import copy

        c = copy.copy(self)
        c.left, c.tricks, c.played, c.points = dict(self.left), list(self.tricks), list(self.played), dict(self.points)
        return c

    # -- playing ----------------------------------------------------------------------------
    def check(self, text: str) -> Card:
        """The learner's card ``text`` if he may play it now; else one line (see :meth:`play`)."""
        seat = self.to_play
        if seat is None:
            raise TutorError(M("the play is over"))
        if seat != self.seat:
            raise TutorError(M("it is {seat}'s card, not yours", seat=seat))
        card = Card.parse(text)   # its line quotes the text (clipped) once: "cannot read card 'x' ..."
        rule = illegal_reason(card, self.left[seat], self.table, self.trump)
        if rule is not None and rule.key == "not_in_hand":   # his own hand: said to him, with what it holds
            raise TutorError(M("{card} is not in your hand ({hand})", card=str(card), hand=str(self.hand(seat))))
        if rule is not None:
            raise TutorError(M("{card} is not allowed: {rule}", card=str(card), rule=rule))
        return card

    def play(self, text: str) -> Played:
        """The learner's card (``ei u``, ``Eichel U``); a card he cannot play raises one line
        (unreadable, not his, or the rule of play it breaks) and changes nothing."""
        card = self.check(text)
        if not self.table:   # the value before his lead (the robots' cards after it start from it)
            from tutor.play.solver import SearchStopped

            try:
                with self.line.deciding():
                    self._value = self.line.boundary(self._hands(), self.leader, self.taken, value=self._first())[0]
            except SearchStopped:
                self._value = None
        return self._put(card, exact=True, robot=False)

    def undo(self) -> bool:
        """Take back the learner's last card (and the robots' after it): the play replayed
        from the first card with his cards before it (the robots' the same: the same
        answers, known already). False where he has played none."""
        mine = [str(p.card) for p in self.played if p.seat == self.seat]
        if not mine:
            return False
        self.left = {s: frozenset(self.game.hands[s]) for s in SEATS}
        self.tricks, self.table, self.leader, self.taken = [], (), self.game.leader, 0
        self.points, self.played, self._value, self._was = {"AC": 0, "BD": 0}, [], None, None
        self.robots()
        for card in mine[:-1]:
            self.play(card)
            self.robots()
        return True

    def robots(self, until=None) -> list[tuple[str, Card]]:
        """The robots' cards up to the learner's turn or the end (``until(seat, card)``
        told each one as it is played); (seat, card) each."""
        made = []
        while not self.over and self.to_play != self.seat:
            seat = self.to_play
            card, exact = self._choose(seat)
            self._put(card, exact, robot=True)
            made.append((seat, card))
            if until is not None:
                until(seat, card)
        return made

    def _choose(self, seat: str) -> tuple[Card, bool]:
        """The robot's card: one that keeps the position's value (the cheapest of them
        where several do), or the policy's where the budget runs out."""
        from tutor.play.solver import SearchStopped

        options = self.legal(seat)
        if len(options) == 1:
            return options[0], True
        line = self.line
        try:
            with line.deciding():   # the same questions, charged the same, whatever is kept
                if not self.table:
                    value, best = line.boundary(self._hands(), self.leader, self.taken, best=True, value=self._first())
                    self._value = value
                    return min(best, key=self._cheap), True
                v = self._now()
                h, k = self._hands(), self.trick_number
                from tutor.practice.game import _keeps

                for c in sorted(options, key=self._cheap):
                    if _keeps(line, h, seat, c, self.leader, self.table, self.taken, k, v):
                        return c, True
                raise AssertionError("no card keeps the value")   # minimax: one always does
        except SearchStopped:
            return self._policy(seat, options), False

    def _first(self) -> int | None:
        """The value at this trick's lead as the play knows it by itself: the contract's
        exact value at the first lead, else none (each robot's card then asks the same
        questions whatever the line keeps from elsewhere)."""
        return self._exact - self.taken if self._exact is not None and not self.tricks else None

    def _now(self) -> int:
        """The value of the position inside a trick (kept from the card before, else found
        by bisection)."""
        if self._value is None:
            h, k, line = self._hands(), self.trick_number, self.line
            args = (h, self.leader, self.table, self.taken, k)
            if self._was is None:
                self._value = line.value(*args, 0, TOTAL_POINTS)
            else:   # the card before kept the value or gave some of it up: asked first whether it kept it
                v, up = self._was
                self._value = line.settle(*args, v, below=up)
        return self._value

    def _cheap(self, card: Card):
        from tutor.cards import DECK

        return (points(card, self.trump), DECK.index(card))

    def _policy(self, seat: str, options: list[Card]) -> Card:
        from tutor.play.playout import _choose

        i = SEATS.index(seat)
        order = [SEATS.index(s) for s in seats_from(self.leader)]
        later = order[len(self.table) + 1:]
        left = [sorted(self.left[s], key=self._cheap) for s in SEATS]
        return _choose(left, i, later, list(self.table), options, self.trump, self.game.misere)

    def _hands(self) -> dict:
        return dict(self.left)

    def _put(self, card: Card, exact: bool, robot: bool) -> Played:
        seat = self.to_play
        k = self.trick_number
        before = self._value
        self.left[seat] = self.left[seat] - {card}
        self.table = self.table + (card,)
        p = Played(k, seat, card, exact)
        self.played.append(p)
        if len(self.table) == 4:
            self.tricks.append(self.table)
            _lead, _cards, win, pts = self.trick(k - 1)
            self.points[team_of(win)] += pts
            if team_of(win) == self.line.team:
                self.taken += pts
            self.table, self.leader, self._value, self._was = (), win, None, None
        elif not (robot and exact and before is not None):
            # a robot's exact card keeps the value; after another card it is found when needed
            self._value = None
            self._was = None if before is None else (before, self.line.maximizes(seat))
        return p

    def trick(self, n: int) -> tuple[str, tuple[Card, ...], str, int]:
        """(leader, cards, winner, points) of finished trick ``n`` (0-based): the one place
        the play reads who took a trick and what it was worth."""
        cards = self.tricks[n]
        lead = self.played[4 * n].seat
        win = taker(lead, cards, self.trump)
        return lead, cards, win, trick_points(cards, self.trump, last=n + 1 == self.game.size)

    @property
    def last_trick(self) -> tuple[str, tuple[Card, ...], str, int] | None:
        """(leader, cards, winner, points) of the last finished trick."""
        return self.trick(len(self.tricks) - 1) if self.tricks else None

    # -- the end ----------------------------------------------------------------------------
    def finished(self):
        """The deal as a played game (:class:`tutor.play.game.PlayedGame`, its tricks so far)."""
        import dataclasses

        return dataclasses.replace(self.game, tricks=tuple(self.tricks))

    def review(self, seat: str | None = None):
        """Each card of ``seat`` (default the learner's; "" every seat) with its values
        (:class:`tutor.practice.game.CardValue`), and the exact value from the first card:
        (exact, the declaring team's points taken, the cards)."""
        from tutor.play.game import replay
        from tutor.practice.game import card_values

        game = self.finished()
        line = self.line
        budget, line.max_nodes = line.max_nodes, self.review_nodes   # a trick's questions within REVIEW_NODES
        try:
            exact, taken, values, _n = card_values(game, replay(game), line)
        finally:   # the robots' cards keep theirs (the line goes on where the review was of tricks so far)
            line.max_nodes = budget
        seat = self.seat if seat is None else seat
        return exact, taken, tuple(v for v in values if not seat or v.seat == seat)


@dataclass(frozen=True)
class PlayResult:
    """The cards of a practice deal at its end: the tricks (each as (leader, cards)), what
    each team took, the learner's cards with their values (:class:`tutor.practice.game.CardValue`),
    the exact value from the first card, and the robot cards the policy chose. ``stopped``:
    the play ended before the last trick (the input ended): tricks only, nothing reviewed."""

    seat: str
    declarer: str
    tricks: tuple
    points: dict
    exact: int | None = None
    taken: int | None = None
    cards: tuple = ()
    by_policy: tuple = ()
    board: dict | None = None       # what the cards as played write (Weis and Stöck left out)
    made: bool | None = None
    stopped: bool = False
    misere: bool = False            # the declaring team's points count for the others
    seen: tuple = ()                # per card of ``cards``: where it cost, the others' cards in its suit then
    policy: tuple = ()              # the values of the robot cards of ``by_policy`` (CardValue each)

    def to_json(self) -> dict:
        return {"tricks": [{"leader": lead, "cards": [str(c) for c in cards]} for lead, cards in self.tricks],
                "points": dict(self.points), "exact": self.exact, "taken": self.taken,
                "board": dict(self.board) if self.board is not None else None, "made": self.made,
                "cards": [{"trick": v.trick, "card": str(v.card), "before": v.before, "after": v.after,
                           "lost": v.lost, "best": [str(c) for c in v.best],
                           **({"seen": {s: str(h) for s, h in self.seen[i].items()}}
                              if i < len(self.seen) and self.seen[i] else {})}
                          for i, v in enumerate(self.cards)],
                "policy": [{"trick": p.trick, "seat": p.seat, "card": str(p.card),
                            **({"before": v.before, "after": v.after, "lost": v.lost, "best": [str(c) for c in v.best]}
                               if v is not None else {})}
                           for p, v in zip(self.by_policy, self._policy_values())],
                "stopped": self.stopped}

    def _policy_values(self) -> list:
        """Per card of ``by_policy``: its value (CardValue), or None where not reviewed."""
        by = {(v.trick, v.seat): v for v in self.policy}
        return [by.get((p.trick, p.seat)) for p in self.by_policy]

    def _in_order(self) -> list:
        """The learner's cards (index into ``cards``) and the policy's robot cards that moved
        the value (index None), as (CardValue, index) in the order they were played."""
        leaders = [lead for lead, _cards in self.tricks]
        shown = [(v, i) for i, v in enumerate(self.cards)] + [(v, None) for v in self.policy if v.lost]
        return sorted(shown, key=lambda x: (x[0].trick, seats_from(leaders[x[0].trick - 1]).index(x[0].seat)))

    def lines(self, lang: str = "de") -> list[str]:
        """The learner's cards at the deal's end: what the play took and wrote, each of his
        cards with the value before and after it and its cost (the review's), each robot
        card the policy chose that cost its side priced where it was played (QA s39 F4.1:
        else the value moved by itself between his cards), and which robot cards the policy
        chose."""
        team = team_of(self.declarer)
        if self.stopped:
            return [_("The play stopped in trick {trick}: your cards are not reviewed.", lang,
                      trick=len(self.tricks) + 1)]
        mine = team_of(self.seat)
        if self.misere:   # what counts for the declaring team are the others' points (QA s38 F5.4)
            key = M("As played {team} took {taken} card points, so {credited} count for them: made; on the board "
                    "AC {ac} : BD {bd}.") if self.made else \
                M("As played {team} took {taken} card points, so {credited} count for them: missed; on the board "
                  "AC {ac} : BD {bd}.")
        else:
            key = M("As played {team} took {taken} card points: made; on the board AC {ac} : BD {bd}.") if self.made \
                else M("As played {team} took {taken} card points: missed; on the board AC {ac} : BD {bd}.")
        out = [key(team=team, taken=self.points[team], credited=TOTAL_POINTS - self.points[team], ac=self.board["AC"],
                   bd=self.board["BD"]).text(lang)]
        out.append(_("Your cards (the value: what {team} take with best play from there on):", lang, team=team))
        for v, i in self._in_order():
            card = str(v.card) if i is not None else \
                _("{seat} {card}, the playing policy's card", lang, seat=v.seat, card=str(v.card))
            side = mine if i is not None else team_of(v.seat)
            if v.lost is None:   # the review's budget ran out in its trick: no value, said so
                out.append("  " + _("trick {trick}: {card}: not valued (the solver's budget for the review ran "
                                    "out in this trick)", lang, trick=v.trick, card=card))
            elif v.lost > 0:
                out.append("  " + _("trick {trick}: {card}, {before} -> {after}: cost {side} {lost} (best: {best})",
                                    lang, trick=v.trick, card=card, before=v.before, after=v.after,
                                    side=side, lost=v.lost, best=", ".join(str(c) for c in v.best)))
                seen = self.seen[i] if i is not None and i < len(self.seen) else None
                if seen:   # what the best card needed sight of: the others' cards in that suit then
                    held = [_("{seat}: {ranks}", lang, seat=s, ranks=_ranks(h)) for s, h in seen.items()]
                    out.append("    " + _("seen double dummy, {suit} then: {held}", lang, suit=v.card.suit.value,
                                          held=", ".join(held)))
            else:
                out.append("  " + _("trick {trick}: {card}, {before} -> {after}: best play", lang,
                                    trick=v.trick, card=card, before=v.before, after=v.after))
        lost = sum(v.lost or 0 for v in self.cards)
        if lost:
            out.append(_("Your cards cost {side} {lost} card points against double-dummy play.", lang, side=mine,
                         lost=lost))
        elif any(v.lost is None for v in self.cards):
            out.append(_("Each of your cards that was valued kept the value.", lang))
        else:
            out.append(_("Each of your cards kept the value: double-dummy play.", lang))
        if self.by_policy:
            out.append(_("The solver's budget left these robot cards to the playing policy: {cards}.", lang,
                         cards=", ".join(f"{p.trick}. {p.seat} {p.card}" for p in self.by_policy)))
        return out


def _ranks(hand: Hand) -> str:
    """A hand's cards of one suit as its ranks ("A 9 6"), "-" for none."""
    return " ".join(str(c).split(" ", 1)[1] for c in hand) or "-"


def result(play: CardPlay, bid: int | None = None) -> PlayResult:
    """The play at its end (or where it stopped); ``bid``: the contract's number, for the
    board of the cards as played."""
    tricks = [play.trick(n)[:2] for n in range(len(play.tricks))]
    if not play.over:
        return PlayResult(play.seat, play.game.declarer, tuple(tricks), dict(play.points), stopped=True)
    exact, taken, every = play.review("")   # every seat's cards: the learner's, and the policy's robot cards
    values = tuple(v for v in every if v.seat == play.seat) if play.seat else every
    policy = {(p.trick, p.seat) for p in play.by_policy}
    board = made = None
    if bid is not None:
        from tutor.scoring import score_game

        g = play.game
        team = team_of(g.declarer)
        r = score_game(bid, g.declarer, play.points[team], double=g.double, redouble=g.redouble,
                       misere=g.misere, rules=play.rules)
        board, made = dict(r.board), r.made
    return PlayResult(play.seat, play.game.declarer, tuple(tricks), dict(play.points), exact, taken, values,
                      tuple(play.by_policy), board, made, misere=play.game.misere,
                      seen=tuple(_seen(play, v) if (v.lost or 0) > 0 else None for v in values),
                      policy=tuple(v for v in every if (v.trick, v.seat) in policy))


def _seen(play: CardPlay, v) -> dict:
    """The other hands' cards in the suit of the learner's costly card ``v``, as they were
    when he played it: what double-dummy play saw and he did not (QA s38: "say when the best
    card needs sight of the hidden hands")."""
    at = next(i for i, p in enumerate(play.played) if p.trick == v.trick and p.seat == v.seat)
    gone = {p.card for p in play.played[:at]}
    return {s: Hand([c for c in play.game.hands[s] if c.suit == v.card.suit and c not in gone])
            for s in SEATS if s != v.seat}


# -- computing ahead while the learner thinks -----------------------------------------------------
CARDS = "cards"     # the label of the robots' answers to one of the learner's cards, computed ahead
REVIEW = "review"   # ... of the review's answers for the tricks finished so far


def card_plan(play: CardPlay):
    """The background process's plan (:class:`tutor.practice.ahead.Ahead` at a terminal,
    :mod:`tutor.web.ahead`'s process on the phone) at the learner's card, on its copy of
    ``play``: for each card he may play (the hand's order), the robots' cards after it up to
    his next card (and where that ends the play, the review of his cards), sent as the
    solver's answers they asked (new in that branch), a branch given up where he chose
    another card; then the review of the tricks finished so far (what the end asks whatever
    he plays); then, once he has chosen, his card where it was not followed yet. The program
    adopts them (:func:`take_ahead`), and its robots then find every answer known: the same
    cards (their budget is charged alike, :class:`tutor.practice.game._Line`), without the
    wait."""
    def plan(ahead) -> None:
        from tutor.practice.ahead import _Drop

        line = play.line
        n = play.position
        done: set = set()

        def branch(card: str) -> None:
            if card in done or not ahead.follow(card):
                return
            before = set(line.known)
            try:
                sim = play.copy()
                sim.play(card)
                sim.robots()
                if sim.over:   # his last card: the end's review too
                    sim.review()
            except _Drop:
                ahead.branch = None
                return
            found = {k: v for k, v in line.known.items() if k not in before}
            ahead.give((CARDS, n, card), lambda: found)
            done.add(card)

        cards = [str(c) for c in play.legal()]
        for card in cards:
            if ahead.learner() is not None or ahead.alone:
                break
            branch(card)
        ahead.follow(None)
        if play.tricks and (REVIEW, n) not in ahead.done:
            before = set(line.known)
            play.review("")
            found = {k: v for k, v in line.known.items() if k not in before}
            ahead.give((REVIEW, n), lambda: found)
        chosen = ahead.learner(wait=True)
        if chosen in cards and not ahead.alone:
            branch(chosen)
    return plan


# -- the phone's replays: the solver's answers kept between requests ------------------------------
KEEP_PLAYS = 8   # the solver's answers of this many deals' play kept between the page's requests
# ... and at most this many answers a deal (a whole play and its review asks 160-550, deals 1-6
# and 11 of seat C): past it the least recently used are dropped first, so a client that sends
# new card sequences forever finds the oldest asked again (the robots' cards are the same with
# or without them), and the line being played keeps its own
KEEP_ANSWERS = 20_000


def kept_answers(plays: dict, key) -> dict:
    """The solver's answers kept in ``plays`` for the deal and contract ``key`` (a new dict
    where none are), now the newest of at most :data:`KEEP_PLAYS` deals. Of a deal's answers
    at most :data:`KEEP_ANSWERS` are kept, the least recently used dropped first (a
    :class:`tutor.practice.game._Line` moves each answer it reads or finds to the end):
    the answers of the line the learner plays now, which each request replays, stay, and
    his review finds them as it would without the cap (session 40 dropped the whole store
    at the cap, the line's answers with it). The phone's server (:mod:`tutor.web.practice`)
    and its background process keep them alike."""
    known = plays.pop(key, None)
    if known is None:
        known = {}
    elif len(known) > KEEP_ANSWERS:
        for q in list(islice(known, len(known) - KEEP_ANSWERS)):
            known.pop(q, None)
    plays[key] = known
    while len(plays) > KEEP_PLAYS:
        plays.popitem(last=False)
    return known


def take_ahead(play: CardPlay, ahead, card: Card) -> None:
    """Before the learner's ``card`` is played: tell the background process (a branch of
    another card ends it) and adopt the solver's answers it found (waiting where it
    computes this card's branch now); nothing where it has none."""
    ahead.chosen(str(card))
    ahead.take((CARDS, play.position, str(card)))
    adopt(play, ahead.done)


def adopt(play: CardPlay, done: dict) -> None:
    """The solver's answers the background process sent (``done``: label -> answers), kept
    in the play's line (before the end's review too)."""
    for label, found in list(done.items()):
        if isinstance(label, tuple) and label[:1] in ((CARDS,), (REVIEW,)) and isinstance(found, dict):
            play.line.known.update(found)


__all__ = ["CARDS", "KEEP_ANSWERS", "KEEP_PLAYS", "REVIEW", "CardPlay", "Played", "PlayResult", "REVIEW_NODES", "ROBOT_NODES", "adopt", "card_plan", "kept_answers", "result", "take_ahead"]
