"""One game at a real table, followed call by call: the :class:`Session`.

The player gives his hand once and his seat; then the calls of the auction as they come.
After each call the session says in one short line who called and what the call promises
(from the rule table of :mod:`tutor.conventions`), warns when something does not fit,
and, when the player may call, recommends his call with a few words of reason. At the end
of the auction it turns the card points into the game for the board (Tafel).

Seats are the table's places A, B, C, D, fixed for the whole Partie as on the Tafel
(A and C play together, B and D). The dealer moves on by one place each game, and the
player after him is Vorhand, the first to call. The engine counts seats from Vorhand
(its A is always Vorhand), so the session turns its seats into the table's and back.

    >>> s = Session("Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8", seat="C", lang="en")
    >>> s.line(s.play("60 Eichel"))
    'A 60 Eichel: opening, Puur with three cards.'
    >>> s.line(s.play("70 Schellen"))
    'B 70 Schellen: opening, Nell with four cards.'
    >>> s.advice_line()
    'You: 90 Eichel (Hilfe (support), Nell with three cards or more)'
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tutor.auction import DOUBLE, REDOUBLE, Call, sidi_barrani_spec, split_seat, typed
from tutor.cards import Hand, Rank
from tutor.conventions import (CARD, COUNT_OR_MORE, COUNT_WORD, MAX_LENGTH, Advice, Mismatch, Reader, Reading,
                               advise, kind_label, next_readings, offered, state_line)
from tutor.errors import TutorError
from tutor.i18n import M, Mp, Msg, _, both, join
from tutor.partie import Game, Partie, next_seat, parse_seat, team_of
from tutor.rules import TableRules, load as load_rules
from tutor.scoring import SEATS, turn_seats

# A card in the short line of a call ("Puur zu dritt"): its name alone, the Under and the
# Nine as the Puur and the Nell.
SHORT: dict[Rank, Msg] = {
    Rank.UNDER: Mp("card, short", "Puur"), Rank.NINE: Mp("card, short", "Nell"),
    Rank.ASS: Mp("card, short", "Ace"), Rank.KOENIG: Mp("card, short", "King"),
    Rank.OBER: Mp("card, short", "Ober"), Rank.BANNER: Mp("card, short", "Banner (ten)"),
    Rank.EIGHT: Mp("card, short", "Eight"), Rank.SEVEN: Mp("card, short", "Seven"),
    Rank.SIX: Mp("card, short", "Six"),
}


# The game's keys as the session's card points line writes them (in messages)
LABEL: dict[str, Any] = {"card_points": M("card points"), "weis": "weis", "stoeck": "stöck"}


class _InSeats(Msg):
    """A message whose seat letters are the table's (a session's engine seats turned)."""

    __slots__ = ("inner", "turn")

    def __init__(self, inner: object, turn) -> None:
        super().__init__("")
        self.inner, self.turn = inner, turn

    def text(self, lang: "str | None" = None) -> str:
        shown = self.inner.text(lang) if callable(getattr(self.inner, "text", None)) else str(self.inner)
        return self.turn(shown)


@dataclass(frozen=True)
class Event:
    """One call typed into the session: who made it (a table seat), how the conventions
    read it (the engine's reading, in the engine's seats) and what did not fit."""

    seat: str
    reading: Reading
    warnings: tuple[Msg, ...] = ()


class Session:
    """A game followed call by call; the same object serves the terminal and the web."""

    def __init__(self, hand: "Hand | str | None", seat: str = "C", dealer: str = "D",
                 rules: "TableRules | str | None" = None, lang: str = "de", judge=None) -> None:
        self.judge = judge   # who recommends (tutor.judgement.default_judge; None: the count)
        self.standing = None  # the Partie's score the advice knows (a judgement.Standing; the Tafel's)
        self.rules = load_rules(rules)
        self.spec = sidi_barrani_spec(self.rules)
        self.seat = parse_seat(seat, "--seat")
        self.dealer = parse_seat(dealer, "--dealer")
        self.lang = lang
        self.hand = self._hand(hand)
        self._start()

    def _start(self) -> None:
        self.reader = Reader(self.rules)
        self.events: list[Event] = []

    @staticmethod
    def _hand(hand: "Hand | str | None", where: object = "--hand") -> Hand | None:
        if hand is None or isinstance(hand, Hand):
            return hand
        try:
            return Hand.parse(hand)
        except TutorError as e:
            raise e.at(join(where, ": ")) from None

    # -- seats: the table's and the engine's ----------------------------------------------
    @property
    def vorhand(self) -> str:
        return next_seat(self.dealer)

    def _shift(self) -> int:
        return SEATS.index(self.vorhand)

    def table_seat(self, engine_seat: str) -> str:
        return SEATS[(SEATS.index(engine_seat) + self._shift()) % 4]

    def engine_seat(self, table_seat: str) -> str:
        return SEATS[(SEATS.index(table_seat) - self._shift()) % 4]

    def _seats_in(self, text: str) -> str:
        """The engine's text with its seat letters, and its team names, turned into the
        table's (a shift by one or three seats makes the engine's AC the table's BD)."""
        if not self._shift():
            return text
        return turn_seats(text, self.table_seat, self._team)

    def _team(self, team: str) -> str:
        """The other side's name for a team, the table's for the engine's or back: the
        engine's A is the table's Vorhand, so with Vorhand B or D the engine's AC is the
        table's BD (a shift by one or three seats swaps the teams)."""
        return {"AC": "BD", "BD": "AC"}[team] if self._shift() % 2 else team

    def _engine_standing(self):
        """The Partie's score as the engine counts its teams."""
        st = self.standing
        return st and replace(st, score={self._team(t): v for t, v in st.score.items()},
                              teams={self._team(t): v for t, v in st.teams.items()})

    @property
    def me(self) -> str:
        """The player's seat as the engine counts it."""
        return self.engine_seat(self.seat)

    # -- the auction -------------------------------------------------------------------------
    @property
    def auction(self):
        return self.reader.auction

    @property
    def turn(self) -> str | None:
        """The table seat in turn, None when the bidding is over."""
        nxt = self.auction.next_seat
        return None if nxt is None else self.table_seat(nxt)

    @property
    def over(self) -> bool:
        return self.auction.over

    @property
    def declarer(self) -> str | None:
        d = self.auction.declarer
        return None if d is None else self.table_seat(d)

    def state(self) -> dict[str, Any]:
        s = self.auction.state()
        s["next"] = self.turn
        s["declarer"] = self.declarer
        return s

    def parse(self, text: str) -> tuple[str | None, Call]:
        """A typed call: the shared call parser; ``C: 90 Eichel`` names the table seat.
        A double or konter without a seat is the seat in turn's when it may, else the
        first seat (from the player on) that may."""
        try:
            prefix, body = split_seat(text, self.spec)
            call = self.spec.parse_call(body)
        except TutorError as e:
            raise self._error(e, text) from None
        seat = self.engine_seat(prefix) if prefix else None
        if seat is None and call.kind in (DOUBLE, REDOUBLE):
            able = [s for s, c in self.auction.legal_calls() if c.kind == call.kind]
            order = [self.auction.next_seat, self.me, *(self.engine_seat(x) for x in SEATS)]
            seat = next((s for s in order if s in able), self.auction.next_seat)
        return seat, call

    def _error(self, e: TutorError, text: str) -> TutorError:
        return type(e)(join(repr(text.strip()), ": ", _InSeats(e.message, self._seats_in)))

    def play(self, text: str) -> Event:
        """Play one typed call; an unreadable or illegal call raises and changes nothing."""
        seat, call = self.parse(text)
        mine = (seat or self.auction.next_seat) == self.me
        before = self.advice() if mine and self.hand is not None else None
        try:
            reading = self.reader.play(call, seat)
        except TutorError as e:
            raise self._error(e, text) from None
        event = Event(self.table_seat(reading.seat), reading,
                      tuple(self._warnings(reading, before)))
        self.events.append(event)
        return event

    def undo(self) -> Event | None:
        """Take back the last call; None when there is none."""
        if not self.events:
            return None
        last = self.events.pop()
        reader = Reader(self.rules)
        for e in self.events:
            reader.play(e.reading.call, e.reading.seat)
        self.reader = reader
        return last

    def new(self, hand: "Hand | str | None", dealer: str | None = None) -> None:
        """The next game: a new hand, dealt by ``dealer`` (the board's next dealer, which
        a session on a Tafel passes), or else by :meth:`following_dealer`."""
        new_hand = self._hand(hand, M("the next hand"))
        self.dealer = parse_seat(dealer, "--dealer") if dealer else self.following_dealer()
        self.hand = new_hand
        self._start()

    def following_dealer(self) -> str:
        """Who deals after this game when no board is kept: as a Partie's board goes on
        (:attr:`tutor.partie.Partie.next_dealer`: after four forts the same dealer deals
        again where the table rules say so); after any other game, the next player."""
        games = (Game.four_forts(),) if self.over and self.auction.annulled else ()
        return Partie(self.rules, games, {}, self.dealer).next_dealer if games else next_seat(self.dealer)

    # -- what a call says ----------------------------------------------------------------
    def short(self, reading: Reading, seat: str | None = None) -> str:
        """``A 60 Eichel: Eröffnung, Puur zu dritt.``: who, the call, its kind, its promise."""
        seat = seat or self.table_seat(reading.seat)
        what = self.summary(reading)
        if reading.kind == "fort":
            return f"{seat} {reading.call}."
        return _("{seat} {call}: {what}.", self.lang, seat=seat, call=typed(reading.call), what=what)

    def line(self, event: Event) -> str:
        return self.short(event.reading, event.seat)

    def summary(self, reading: Reading) -> str:
        """The kind and the promises in a few words: ``Hilfe, Nell zu dritt oder mehr``."""
        lang = self.lang
        parts = [kind_label(reading.kind, lang)]
        if reading.kind in ("double", "redouble"):
            parts.append(f"×{4 if reading.kind == 'redouble' else 2}")
        for p in reading.promises:
            ranks = sorted(p.has, key=lambda r: -r.natural)
            lo, hi = p.length
            if lo == hi:
                count = COUNT_WORD[lo]
            elif hi >= MAX_LENGTH and lo > len(p.has):
                count = COUNT_OR_MORE[lo]
            else:
                count = None
            if count is not None:
                cards = " + ".join(SHORT[r].text(lang) for r in ranks) if ranks else _("cards", lang)
                text = _("{cards} {count}", lang, cards=cards, count=count)
            else:
                text = _("holds {card}", lang, card=both(CARD[r] for r in ranks)) if ranks \
                    else _("cards", lang)
            if reading.call.strain != p.suit.value:
                text = _("{suit}: {what}", lang, suit=p.suit.value, what=text)
            parts.append(text)
        return ", ".join(parts)

    def text(self, reading: Reading) -> str:
        """The full reading, in the table's seats."""
        return self._seats_in(reading.text(self.lang))

    def _warnings(self, reading: Reading, before: Advice | None) -> list[Msg]:
        out: list[Msg] = []
        hand = self.hand
        if hand is None:
            return out
        who = self.table_seat(reading.seat)
        if reading.seat == self.me:
            broken = [p for p in reading.promises if not p.satisfied_by(hand)]
            if broken:   # what the hand holds against each promise, as check says it
                out.append(M("Your hand does not fit it: {mismatch}.", mismatch=Mismatch(broken, hand)))
            if before is not None and before.call is not None and not before.accepts(str(reading.call)):
                out.append(M("The recommendation was {call}.", call=before.call))
            return out
        for p in reading.promises:
            mine = sorted(p.has & {c.rank for c in hand if c.suit == p.suit}, key=lambda r: -r.natural)
            room = 9 - hand.length(p.suit)
            for r in mine:
                out.append(M("{seat} cannot hold the {suit} {card}: you hold it.", seat=who,
                             suit=p.suit.value, card=SHORT[r]))
            if p.length[0] > room:
                out.append(M("{seat} cannot hold {n} {suit}: you have {mine} yourself.", seat=who,
                             n=p.length[0], suit=p.suit.value, mine=hand.length(p.suit)))
        if out:
            out.append(M("Was the call meant for another seat (a fort left out)?"))
        return out

    def warnings(self, event: Event) -> list[str]:
        return [w.text(self.lang) for w in event.warnings]

    # -- the player's call -----------------------------------------------------------------
    def may_call(self) -> bool:
        return bool(self.auction.legal_calls(self.me))

    def advice(self) -> Advice | None:
        """The engine's advice for the player's seat, when he may call (in turn, or a
        double or konter out of turn); None without a hand or when he has no call."""
        if self.hand is None or not self.may_call():
            return None
        return advise(self.hand, self.auction, self.rules, self.me, judge=self.judge,
                      standing=self._engine_standing())

    def advice_line(self) -> str | None:
        """``Du: 90 Eichel (Hilfe, Nell zu dritt oder mehr)``; None when the player has
        nothing to say (not his turn and no double to make)."""
        a = self.advice()
        if a is None:
            return None
        if a.recommended is None:
            if self.auction.next_seat != self.me:
                return None
            return _("You: say nothing", self.lang)
        r = a.recommended
        if r.kind == "fort":
            return _("You: fort (? says why)", self.lang)
        return _("You: {call} ({summary})", self.lang, call=typed(r.call), summary=self.summary(r))

    def why(self) -> list[str]:
        """The full reasoning: the last call read in full, then the advice and its reasons."""
        lines = []
        if self.events:
            e = self.events[-1]
            lines.append(e.reading.said(self.lang, self.text(e.reading), seat=e.seat))
        a = self.advice()
        if a is not None:
            lines.append(_("Recommended for {seat}: {call}.", self.lang, seat=self.seat, call=a.call)
                         if a.call else _("Recommended for {seat}: say nothing.", self.lang, seat=self.seat))
            lines += [self._seats_in(x) for x in a.reasons(self.lang)]
        if not lines:
            lines.append(self.state_line())
        return lines

    def open_calls(self) -> list[Reading]:
        """The conventional calls open now (not every legal one): openings, Hilfen, the
        Ass-Ansage, the lowest raise and «want» per suit, fort, dopple, konter."""
        if self.over and not self.auction.legal_calls():
            return []
        return offered(next_readings(self.reader))

    def legal_calls(self) -> list[tuple[str, Call]]:
        """Every legal next call with its table seat (the bid pad enables these)."""
        return [(self.table_seat(s), c) for s, c in self.auction.legal_calls()]

    def state_line(self) -> str:
        return state_line(self.state(), self.lang)

    # -- the end of the auction: the game on the board ---------------------------------------
    def game(self, card_points: Any = None, weis: Any = None, stoeck: str | None = None,
             partie: "Partie | None" = None) -> Game:
        """The game for the Tafel, in table seats: the contract, declarer, double and
        konter from the auction, the card points (the declaring team's), the Weis and the
        Stöck from the player, read as ``tutor tafel add`` reads them (Weis as team=points
        or seat=cards, seats also by the players' names of ``partie``)."""
        from tutor.answers import tafel_game

        a = self.auction
        if not a.over:
            raise TutorError(M("the bidding is not over yet: no game to write"))
        if a.annulled:
            return Game.four_forts()
        data: dict[str, Any] = {"contract": a.contract, "declarer": self.declarer,
                                "card_points": card_points}
        if a.multiplier >= 2:
            data["double"] = True
        if a.multiplier == 4:
            data["redouble"] = True
        if weis:
            data["weis"] = weis
        if stoeck:
            data["stoeck"] = stoeck
        return tafel_game(data, partie or Partie(self.rules), M("game"), label=lambda k: LABEL.get(k, k))

    def played(self, path: str) -> Game:
        """The game for the Tafel from a game file of ``tutor play`` (its cards replayed:
        the card points, Weis and Stöck as played). A file without a contract takes the
        auction's; one with a contract must name the auction's."""
        import dataclasses

        from tutor.partie import Contract
        from tutor.play import game as game_mod

        a = self.auction
        if not a.over or a.annulled:
            raise TutorError(M("a game file goes with a contract: the bidding has none (yet)"))
        played = game_mod.load(path, rules=self.rules)
        contract = Contract.parse(a.contract, self.rules)
        if played.contract is None:
            played = dataclasses.replace(played, contract=contract, declarer=self.declarer,
                                         double=a.multiplier >= 2, redouble=a.multiplier == 4)
        elif (str(played.contract), played.declarer) != (str(contract), self.declarer):
            raise TutorError(M("{path}: the file plays {contract} by {declarer}, the auction {auction} by "
                               "{by}", path=path, contract=str(played.contract), declarer=played.declarer,
                               auction=str(contract), by=self.declarer))
        return game_mod.replay(played).entry()

    def score(self, game: Game) -> dict[str, int]:
        """What ``game`` writes on the board: points per team."""
        row = Partie(self.rules, (), {}, self.dealer).add(game).rows[-1]
        return dict(row.points)

    def declaring_team(self) -> str | None:
        return team_of(self.declarer) if self.declarer else None

    # -- the whole view, for the web page -------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        a = self.advice()
        lang = self.lang
        return {
            "hand": str(self.hand) if self.hand else None, "seat": self.seat,
            "dealer": self.dealer, "vorhand": self.vorhand, "rules": self.rules.name, "lang": lang,
            "calls": [{"seat": e.seat, "call": str(e.reading.call), "kind": e.reading.kind,
                       "short": self.short(e.reading, e.seat), "text": self.text(e.reading),
                       "warnings": self.warnings(e)} for e in self.events],
            "state": self.state(), "state_line": self.state_line(),
            "advice": None if a is None else {
                "call": a.call, "kind": a.recommended.kind if a.recommended else None,
                "equally_good": list(a.equal) if len(a.equal) > 1 else [],
                "line": self.advice_line(),
                "reasons": [self._seats_in(x) for x in a.reasons(lang)]},
            "next": [{"seat": self.table_seat(r.seat), "call": str(r.call), "kind": r.kind,
                      "short": self.short(r)} for r in self.open_calls()],
            "legal": [{"seat": s, "call": str(c)} for s, c in self.legal_calls()],
            "score": None if self.standing is None else {**self.standing.score, "target": self.standing.target},
        }
