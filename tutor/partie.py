"""The Partie: games on the board (Tafel), totals, the end of a Partie, dealer rotation.

A :class:`Partie` is an immutable value: table rules, the players' names, who dealt the
first game, and the games in order. Everything else (each game's points, the running
totals, who deals next, whether the Partie is over, who won, who is Schneider) is
computed from those, so taking back the last game (:meth:`Partie.undo`) is exact.

The seats ``A B C D`` are the four players in playing order; ``AC`` and ``BD`` are the
teams. Dealing passes in playing order; the player after the dealer is Vorhand and
opens the bidding; the declarer plays the first card. After four forts the same player
deals again (Verband) or the next one (table rule ``four_forts_dealer: next``).

The end (sidi-barrani.txt, "Partieende" and "Bekannte Schlussvarianten") is settled after
a whole game, never in the middle of one:

- ``plain``: a team at or over the target ends the Partie; both over: the higher total.
- ``bonus``: the Partie ends only when a team at or over the target is ahead and made
  its own bid in that game; otherwise it goes on.
- ``ueberbiet``: as plain, but when the declaring team, after the normal scoring, is at
  or over the target and ahead and missed its undoubled bid, the bid is taken off both
  teams and the Partie stays open.

A team below half the target at the end is Schneider; the winners write the agreed
``schneider`` points. The next Partie is dealt so that the losers get Vorhand.

The match file (``load/loads/dump/dumps``) is YAML::

    rules: {profile: verband, match_target: 1500, end_rule: ueberbiet}   # or: verband
    teams: {AC: "Anna+Beat", BD: "Cla+Dani"}                            # optional
    dealer: D                                                           # optional
    games:
      - {contract: "100 Eichel", declarer: A, card_points: 113, double: true}
      - {contract: "80 Schellen", declarer: D, card_points: 70, weis: {AC: 50}, stoeck: BD}
      - {fort: true}                                                    # four forts
"""
from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Mapping

from tutor import rules as rules_mod
from tutor import weis as weis_mod
from tutor.cards import Hand, Suit
from tutor.errors import ParseError, RulesError, TutorError
from tutor.rules import TableRules
from tutor.scoring import (SEATS, TEAMS, GameScore, check_card_points, check_one_weis_team,
                           check_weis_points, next_seat, other, score_game, team_of)
from tutor.i18n import M, Msg, join
from tutor.text import MAX_NAME, parse_int, player_name, printable

DEFAULT_DEALER = "D"  # so that A is Vorhand of the first game, as in the notation
TRUMPLESS = ("Obenabe", "Undenufe")


def _game_at(n: int) -> M:
    return M("game {n}: ", n=n)


# The places an error names: a message (the default ones), or a key of the match file, a
# command-line option, a file and line, which read the same in every language.
def parse_seat(text: Any, where: object = M("seat")) -> str:
    s = str(text).strip().upper()
    if s not in SEATS:
        raise TutorError(M("{where}: unknown seat {text!r} (A, B, C or D)", where=where, text=text))
    return s


def parse_team(text: Any, where: object = M("team")) -> str:
    """``AC`` or ``BD`` (also ``CA``, ``DB``); a seat stands for its team."""
    t = "".join(sorted(str(text).strip().upper()))
    if t in SEATS:
        return team_of(t)
    if t not in TEAMS:
        raise TutorError(M("{where}: unknown team {text!r} (AC or BD)", where=where, text=text))
    return t


# -- contracts ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Contract:
    """What was played: the bid, the trump (a suit, or Obenabe/Undenufe) and Misère.

    ``Contract.parse("100 Eichel")``, ``"157 Rosen"`` = ``"Matsch Rosen"``,
    ``"90 Obenabe"``, ``"90 Undenufe Misère"`` (the last two in the extended variant).
    The text is read by the engine's ``tutor.auction.Call.parse``.
    """

    bid: int
    strain: "Suit | str"
    misere: bool = False

    @classmethod
    def parse(cls, text: str, rules: "TableRules | str | None" = None) -> "Contract":
        from tutor.auction import Call, sidi_barrani_spec

        rules = rules_mod.load(rules)
        t = " ".join(str(text).split())
        spec = sidi_barrani_spec(rules)
        try:
            call = Call.parse(t, spec)
        except TutorError as e:
            raise e.at(M("contract {text!r}: ", text=t)) from None
        if not call.is_bid:
            raise ParseError(M("contract {t!r}: a contract is a bid such as '100 Eichel' (four forts: --fort, or {{fort: true}} in a match file)", t=t))
        strain_text = str(call.strain)
        base, _, misere = strain_text.partition(" ")
        strain: Suit | str = base if base in TRUMPLESS else Suit.parse(base)
        return cls(int(call.level), strain, bool(misere))

    @property
    def trump(self) -> Suit | None:
        return self.strain if isinstance(self.strain, Suit) else None

    @property
    def kind(self) -> "Suit | str":
        """What :mod:`tutor.weis` and :mod:`tutor.scoring` take as ``trump``."""
        return self.strain if isinstance(self.strain, Suit) else self.strain.lower()

    def __str__(self) -> str:
        return f"{self.bid} {self.strain}" + (" Misère" if self.misere else "")

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


# -- one game ----------------------------------------------------------------------------

GAME_KEYS = ("contract", "declarer", "card_points", "double", "redouble", "weis", "stoeck", "fort")
_KEY_ALIASES = {"dopple": "double", "konter": "redouble", "stöck": "stoeck"}


def _label(key: str) -> str:
    return key


@dataclass(frozen=True)
class Game:
    """One entry on the board: a game played, or four forts (``contract`` None).

    ``card_points`` are the points in the declaring team's tricks with the 5 for the last
    trick (in a Misère too: there they count for the other side). Weis is either the
    points the table settled (``weis``: team -> points, one team only) or the cards the
    players showed (``weis_cards``: seat -> cards), which the Partie settles by the
    best-Weis rule. ``stoeck``: the team that held König and Ober of the trump.
    """

    contract: Contract | None = None
    declarer: str | None = None
    card_points: int | None = None
    double: bool = False
    redouble: bool = False
    weis: tuple[tuple[str, int], ...] = ()
    weis_cards: tuple[tuple[str, Hand], ...] = ()
    stoeck: tuple[str, ...] = ()

    @property
    def fort(self) -> bool:
        return self.contract is None

    @property
    def team(self) -> str | None:
        return team_of(self.declarer) if self.declarer else None

    @classmethod
    def four_forts(cls) -> "Game":
        return cls()

    @classmethod
    def from_dict(cls, data: Any, rules: "TableRules | None" = None, where: object = M("game"),
                  label: Callable[[str], str] = _label) -> "Game":
        """A game from its match-file mapping; every error names ``where`` (a place, or a
        message) and the key (``label`` renames keys for messages, e.g. to options)."""
        rules = rules_mod.load(rules)
        if not isinstance(data, Mapping):
            raise ParseError(M("{where}: a game is a mapping like {{contract: '100 Eichel', declarer: A, card_points: 113}}, not {data!r}", where=where, data=data))
        data = dict(data)
        for key in list(data):
            canonical = _KEY_ALIASES.get(str(key).lower(), str(key).lower())
            if canonical not in GAME_KEYS:
                raise ParseError(M("{where}: unknown key {key!r} (known: {known})", where=where, key=key, known=', '.join(GAME_KEYS)))
            if canonical != key:
                if canonical in data:
                    raise ParseError(M("{where}: {key!r} and {canonical!r} say the same", where=where, key=key, canonical=canonical))
                data[canonical] = data.pop(key)

        def flag(key: str) -> bool:
            value = data.get(key, False)
            if not isinstance(value, bool):
                raise ParseError(M("{where}: {label} {value!r}: write true or false", where=where, label=label(key), value=value))
            return value

        if flag("fort"):
            extra = [k for k in data if k != "fort"]
            if extra:
                raise ParseError(M("{where}: four forts is no game: {label} does not belong", where=where, label=label(extra[0])))
            return cls()
        for key in ("contract", "declarer", "card_points"):
            if data.get(key) is None:
                raise ParseError(M("{where}: {label} is missing", where=where, label=label(key)))
        try:
            contract = Contract.parse(str(data["contract"]), rules)
        except TutorError as e:
            raise e.at(join(where, ": ")) from None
        declarer = parse_seat(data["declarer"], join(where, ": ", label("declarer")))
        cp = data["card_points"]
        try:
            check_card_points(cp)
        except TutorError as e:
            kind = ParseError if isinstance(cp, bool) or not isinstance(cp, int) else TutorError
            raise kind(join(where, ": ", label("card_points"), " ", e)) from None
        double, redouble = flag("double"), flag("redouble")
        if redouble and not double:
            raise TutorError(join(where, ": ", label('redouble'), ": ", M("a konter needs a double first")))
        if double and not rules.doubling:
            raise RulesError(join(where, ": ", label('double'), ": ", M("this table plays without doubling")))
        if redouble and not rules.kontern:
            raise RulesError(join(where, ": ", label('redouble'), ": ", M("this table plays without kontern")))
        weis_points, weis_cards = _read_weis(data.get("weis"), rules, join(where, ": ", label("weis")))
        stoeck = _read_stoeck(data.get("stoeck"), join(where, ": ", label("stoeck")))
        if (weis_points or weis_cards) and not rules.weis:
            raise RulesError(join(where, ": ", label('weis'), ": ", M("this table plays without Weis")))
        if stoeck and not rules.stoeck:
            raise RulesError(join(where, ": ", label('stoeck'), ": ", M("this table plays without Stöck")))
        if stoeck and contract.trump is None:
            raise RulesError(M("{where}: {label}: no Stöck in {strain}, there is no trump suit", where=where, label=label('stoeck'), strain=contract.strain))
        return cls(contract, declarer, cp, double, redouble, weis_points, weis_cards, stoeck)

    def to_dict(self) -> dict[str, Any]:
        if self.fort:
            return {"fort": True}
        d: dict[str, Any] = {"contract": str(self.contract), "declarer": self.declarer,
                             "card_points": self.card_points}
        if self.double:
            d["double"] = True
        if self.redouble:
            d["redouble"] = True
        if self.weis:
            d["weis"] = dict(self.weis)
        if self.weis_cards:
            d["weis"] = {s: str(h) for s, h in self.weis_cards}
        if self.stoeck:
            d["stoeck"] = self.stoeck[0]
        return d


def _read_weis(value: Any, rules: TableRules, where: object):
    """``{AC: 50}`` (points the table settled) or ``{A: "Eichel:678", C: ...}`` (cards)."""
    if value is None or value == {}:
        return (), ()
    if not isinstance(value, Mapping):
        raise ParseError(M("{where}: write team=points (AC=50) or seat=cards (A=Eichel:678), not {value!r}", where=where, value=value))
    points: dict[str, int] = {}
    cards: dict[str, Hand] = {}
    for key, v in value.items():
        k = str(key).strip().upper()
        if k in SEATS and isinstance(v, str) and not re.fullmatch(r"\s*[0-9]+\s*", v):
            hand = weis_mod.parse_hand(v, join(where, " ", k))
            if not weis_mod.find(hand, rules.long_weis):
                raise TutorError(M("{where} {k}: {hand} holds no Weis", where=where, k=k, hand=hand))
            cards[k] = hand
            continue
        team = parse_team(key, where)
        if isinstance(v, str) and re.fullmatch(r"\s*[0-9]+\s*", v):
            v = parse_int(v, join(where, " ", str(key)))
        if isinstance(v, bool) or not isinstance(v, int):
            raise ParseError(M("{where} {key}: {v!r} is no number of points", where=where, key=key, v=v))
        if team in points:
            raise ParseError(M("{where}: {team} given twice", where=where, team=team))
        if v == 0:
            continue
        try:
            points[team] = check_weis_points(team, v)
        except TutorError as e:
            raise TutorError(join(where, " ", e)) from None
    if points and cards:
        raise ParseError(M("{where}: give Weis either as points per team or as cards per seat, not both", where=where))
    try:
        check_one_weis_team(points)
    except TutorError as e:
        raise TutorError(join(where, ": ", e)) from None
    seen: dict[Any, str] = {}
    for seat, hand in cards.items():
        for c in hand:
            if c in seen:
                raise TutorError(M("{where}: {c} shown by {seen} and {seat}", where=where, c=c, seen=seen[c], seat=seat))
            seen[c] = seat
    return tuple(sorted(points.items())), tuple(sorted(cards.items()))


def _read_stoeck(value: Any, where: object) -> tuple[str, ...]:
    if value is None or value is False or value == [] or value == "":
        return ()
    items = value if isinstance(value, (list, tuple)) else [value]
    teams = sorted({parse_team(v, where) for v in items})
    if len(teams) > 1:
        raise TutorError(M("{where}: only one team can hold König and Ober of the trump", where=where))
    return tuple(teams)


# -- the board ---------------------------------------------------------------------------

def _zero() -> dict[str, int]:
    return {"AC": 0, "BD": 0}


@dataclass(frozen=True)
class Row:
    """One line of the board, computed: who dealt, what the game wrote, the totals."""

    n: int
    game: Game
    dealer: str
    vorhand: str
    score: GameScore | None
    weis: weis_mod.Settlement | None
    points: dict[str, int]
    adjustment: dict[str, int]
    total: dict[str, int]
    open_by_ueberbiet: bool = False

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"n": self.n, "dealer": self.dealer, "vorhand": self.vorhand,
                             "fort": self.game.fort}
        if not self.game.fort:
            g, s = self.game, self.score
            d.update({"contract": str(g.contract), "declarer": g.declarer, "team": g.team,
                      "card_points": g.card_points, "double": g.double, "redouble": g.redouble,
                      "misere": g.contract.misere, "made": s.made,
                      "target_points": s.target_points,
                      "weis": {t: s.weis.get(t, 0) for t in TEAMS},
                      "stoeck": list(s.stoeck)})
            if self.weis is not None:
                d["weis_shown"] = self.weis.to_json()
        d.update({"points": dict(self.points), "adjustment": dict(self.adjustment),
                  "total": dict(self.total)})
        if self.open_by_ueberbiet:
            d["ueberbiet"] = True
        return d


@dataclass(frozen=True)
class Result:
    """The settlement of the Partie (or that it is still open)."""

    over: bool
    winner: str | None
    schneider: str | None
    board: dict[str, int]
    after: int | None = None
    schneider_points: int = 0

    @property
    def loser(self) -> str | None:
        return other(self.winner) if self.winner else None



def ueberbiet(rules: TableRules, total: Mapping[str, int], team: str, made: bool, doubled: bool,
              target: int | None = None) -> bool:
    """The Überbiet-Schlussregel applies: the leading declaring team reached the target
    with ``total`` but failed its bid undoubled, so both teams lose the bid again."""
    target = rules.match_target if target is None else target
    return (rules.end_rule == "ueberbiet" and not made and not doubled
            and total[team] >= target and total[team] > total[other(team)])


def ending(rules: TableRules, total: Mapping[str, int], team: str, made: bool,
           target: int | None = None) -> tuple[bool, str | None]:
    """After a game that ``team`` declared (and made or not) the totals are ``total``: is
    the Partie over, and who won it (None: a draw)? (The text's "Partieende" and the end
    rules the table agreed.)"""
    target = rules.match_target if target is None else target
    ahead = "AC" if total["AC"] > total["BD"] else "BD" if total["BD"] > total["AC"] else None
    if rules.end_rule == "bonus":
        if not (ahead and total[ahead] >= target and team == ahead and made):
            return False, None
    elif max(total.values()) < target:
        return False, None
    if ahead is None:
        return rules.tie == "draw", None
    return True, ahead


@dataclass(frozen=True)
class Partie:
    rules: TableRules = rules_mod.DEFAULT
    games: tuple[Game, ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    dealer: str = DEFAULT_DEALER  # who deals the first game

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", canonical_rules(rules_mod.load(self.rules)))
        object.__setattr__(self, "games", tuple(self.games))
        if isinstance(self.names, Mapping):
            object.__setattr__(self, "names", tuple(sorted(self.names.items())))
        if self.dealer not in SEATS:
            raise TutorError(M("dealer: unknown seat {dealer!r} (A, B, C or D)", dealer=self.dealer))

    def outcome(self) -> Msg:
        """How an ended Partie ended, in a few words ("AC won 313 to 44", "a draw at 2010")."""
        r = self.result
        return (M("{team} won {points} to {other}", team=self.team_name(r.winner), points=r.board[r.winner],
                  other=r.board[other(r.winner)]) if r.winner else M("a draw at {points}", points=r.board["AC"]))

    # -- changes -------------------------------------------------------------------------
    def add(self, game: Game) -> "Partie":
        """The Partie with ``game`` written; an error if the Partie is over or the game
        does not fit the table (the Partie itself stays as it was)."""
        if self.over:
            raise TutorError(M("the Partie is over after game {n} ({how}): "
                               "start the next one with tutor tafel new", n=self.result.after, how=self.outcome()))
        new = dataclasses.replace(self, games=self.games + (game,))
        new._ledger  # validates the new game in its place
        return new

    def undo(self) -> "Partie":
        if not self.games:
            raise TutorError(M("nothing to take back: no game on the board yet"))
        return dataclasses.replace(self, games=self.games[:-1])

    def next_partie(self, dealer: str | None = None) -> "Partie":
        """An empty Partie for the same table, dealt so that the losers get Vorhand."""
        return dataclasses.replace(self, games=(), dealer=dealer or self.following_dealer)

    # -- the computed board --------------------------------------------------------------
    @cached_property
    def _ledger(self) -> tuple[tuple[Row, ...], Result, str]:
        rows: list[Row] = []
        total = _zero()
        dealer = self.dealer
        result: Result | None = None
        for n, game in enumerate(self.games, 1):
            if result is not None:
                raise TutorError(join(_game_at(n), M("the Partie was already over after game {after}",
                                                     after=result.after)))
            vorhand = next_seat(dealer)
            try:
                row = self._row(n, game, dealer, vorhand, total)
            except TutorError as e:
                raise e.at(_game_at(n)) from None
            rows.append(row)
            total = row.total
            if not game.fort and not row.open_by_ueberbiet:
                result = self._decide(row)
            if game.fort and self.rules.four_forts_dealer == "same":
                pass
            else:
                dealer = next_seat(dealer)
        if result is None:
            result = Result(False, None, None, dict(total))
        return tuple(rows), result, dealer

    def _row(self, n: int, game: Game, dealer: str, vorhand: str, before: dict[str, int]) -> Row:
        if game.fort:
            return Row(n, game, dealer, vorhand, None, None, _zero(), _zero(), dict(before))
        rules = self.rules
        settlement = None
        weis_points = dict(game.weis)
        if game.weis_cards:
            declared = {s: weis_mod.find(h, rules.long_weis) for s, h in game.weis_cards}
            first = vorhand if rules.weis_order == "vorhand" else game.declarer
            settlement = weis_mod.settle(declared, game.contract.kind, first)
            weis_points = {t: p for t, p in settlement.points.items() if p}
        score = score_game(game.contract.bid, game.declarer, game.card_points,
                           double=game.double, redouble=game.redouble,
                           misere=game.contract.misere, weis=weis_points,
                           stoeck=game.stoeck, rules=rules)
        points = {t: score.board[t] for t in TEAMS}
        total = {t: before[t] + points[t] for t in TEAMS}
        adjustment = _zero()
        reopened = ueberbiet(rules, total, game.team, score.made, game.double)
        if reopened:
            adjustment = {t: -game.contract.bid for t in TEAMS}
            total = {t: total[t] + adjustment[t] for t in TEAMS}
        return Row(n, game, dealer, vorhand, score, settlement, points, adjustment, total, reopened)

    def _decide(self, row: Row) -> Result | None:
        rules, total = self.rules, row.total
        target = rules.match_target
        over, ahead = ending(rules, total, row.game.team, row.score.made)
        if not over:
            return None
        if ahead is None:
            return Result(True, None, None, dict(total), row.n)
        loser = other(ahead)
        schneider = loser if 2 * total[loser] < target else None
        board = dict(total)
        bonus = rules.schneider if schneider else 0
        board[ahead] += bonus
        return Result(True, ahead, schneider, board, row.n, bonus)

    @property
    def rows(self) -> tuple[Row, ...]:
        return self._ledger[0]

    @property
    def result(self) -> Result:
        return self._ledger[1]

    @property
    def over(self) -> bool:
        return self.result.over

    @property
    def winner(self) -> str | None:
        return self.result.winner

    @property
    def schneider(self) -> str | None:
        return self.result.schneider

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.rows[-1].total) if self.rows else _zero()

    @property
    def next_dealer(self) -> str:
        """Who deals the next game (after the last game: as the rotation goes on)."""
        return self._ledger[2]

    @property
    def next_vorhand(self) -> str:
        return next_seat(self.next_dealer)

    @property
    def following_dealer(self) -> str:
        """Who deals the first game of the next Partie: the losers get Vorhand."""
        dealer = self.next_dealer
        loser = self.result.loser
        if self.over and loser and team_of(next_seat(dealer)) != loser:
            dealer = next_seat(dealer)
        return dealer

    # -- names ---------------------------------------------------------------------------
    def name(self, seat: str) -> str:
        return dict(self.names).get(seat, seat)

    def team_name(self, team: str) -> str:
        names = dict(self.names)
        if not names:
            return team
        return f"{team} ({names.get(team[0], team[0])}+{names.get(team[1], team[1])})"

    def seat_of(self, text: str, where: object = M("seat")) -> str:
        """A seat letter or a player's name."""
        t = str(text).strip()
        if t.upper() in SEATS:
            return t.upper()
        for seat, name in self.names:
            if name.lower() == t.lower():
                return seat
        known = ", ".join(f"{n} ({s})" for s, n in self.names)
        tail = f", {known})" if known else ")"
        raise TutorError(M("{where}: unknown player {text!r} (A, B, C, D{tail}", where=where, text=text, tail=tail))

    # -- output --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        r = self.result
        return {"board": dict(r.board), "over": r.over, "winner": r.winner,
                "schneider": r.schneider, "games": [row.to_json() for row in self.rows],
                "target": self.rules.match_target, "end_rule": self.rules.end_rule,
                "schneider_points": r.schneider_points, "decided_after": r.after,
                "rules": rules_spec(self.rules), "teams": teams_json(self),
                "next": ({"dealer": self.following_dealer, "vorhand": next_seat(self.following_dealer),
                          "partie": "next"} if r.over else
                         {"dealer": self.next_dealer, "vorhand": self.next_vorhand, "partie": "this"})}


def teams_json(partie: Partie) -> dict[str, str] | None:
    if not partie.names:
        return None
    n = dict(partie.names)
    return {t: f"{n.get(t[0], t[0])}+{n.get(t[1], t[1])}" for t in TEAMS}


def parse_teams(value: Any, where: object = M("teams")) -> dict[str, str]:
    """``"Anna+Beat:Cla+Dani"`` (team AC first: A Anna, C Beat; then BD: B Cla, D Dani)
    or a mapping ``{AC: "Anna+Beat", BD: "Cla+Dani"}``: seat -> name."""
    if isinstance(value, Mapping):
        parts = {}
        for k, v in value.items():
            team = parse_team(k, where)
            if team in parts or str(k).strip().upper() in SEATS:
                raise ParseError(M("{where}: write {{AC: 'Anna+Beat', BD: 'Cla+Dani'}}", where=where))
            parts[team] = str(v)
        if set(parts) != set(TEAMS):
            raise ParseError(M("{where}: name both teams, AC and BD", where=where))
        pairs = [parts["AC"], parts["BD"]]
    else:
        pairs = str(value).split(":")
        if len(pairs) != 2:
            raise ParseError(M("{where}: write the two teams as 'Anna+Beat:Cla+Dani' (first team AC: A and C, then BD: B and D)", where=where))
    names: dict[str, str] = {}
    for team, pair in zip(TEAMS, pairs):
        two = [p.strip() for p in pair.split("+")]
        if len(two) != 2 or not all(two):
            raise ParseError(M("{where}: {pair!r}: a team is two names joined by '+'", where=where,
                               pair=printable(pair.strip()[:2 * MAX_NAME])))
        two = [player_name(p, where) for p in two]
        names[team[0]], names[team[1]] = two
    lowered = [n.lower() for n in names.values()]
    if len(set(lowered)) != 4:
        raise ParseError(M("{where}: every player needs a name of his own", where=where))
    for seat, name in names.items():
        if name.upper() in SEATS and name.upper() != seat:
            raise ParseError(M("{where}: the name {name!r} is the letter of another seat", where=where, name=name))
        # --declarer reads a name before a team, --stoeck and --weis a team before a name: a
        # player named "BD" made BD's Stöck the other team's where his game was his own
        if "".join(sorted(name.upper())) in TEAMS:
            raise ParseError(M("{where}: the name {name!r} reads as a team (AC or BD): choose another name",
                               where=where, name=name))
    return dict(sorted(names.items()))


# -- the match file ----------------------------------------------------------------------

def rules_spec(rules: TableRules) -> "str | dict[str, Any]":
    """The rules as the match file writes them: a profile name, or the profile and the
    keys that differ from it."""
    base = rules.name.split("+")[0]
    if base not in rules_mod.PROFILES:
        base = min(rules_mod.PROFILES, key=lambda p: len(_diff(rules, rules_mod.PROFILES[p])))
    diff = _diff(rules, rules_mod.PROFILES[base])
    return {"profile": base, **diff} if diff else base


def canonical_rules(rules: TableRules) -> TableRules:
    """The same rules named by their profile ("verband", or "verband+custom" when they
    differ from it), so that equal rules compare equal wherever they were read."""
    spec = rules_spec(rules)
    name = spec if isinstance(spec, str) else f"{spec['profile']}+custom"
    return rules if rules.name == name else rules.replace(name=name)


def _diff(rules: TableRules, base: TableRules) -> dict[str, Any]:
    return {k: getattr(rules, k) for k in rules_mod.FIELDS
            if k != "name" and getattr(rules, k) != getattr(base, k)}


def read_rules(spec: Any, where: object, base_dir: Path | None = None) -> TableRules:
    if isinstance(spec, TableRules):
        return spec
    if isinstance(spec, Mapping):
        if not isinstance(spec.get("profile", ""), str):
            raise RulesError(M("{where}: profile {spec!r}: write a profile name ({known})", where=where, spec=spec['profile'], known=', '.join(rules_mod.PROFILES)))
        return rules_mod.from_mapping(spec, where=where)
    if isinstance(spec, str):
        if spec in rules_mod.PROFILES:
            return rules_mod.PROFILES[spec]
        if base_dir is not None and not Path(spec).is_absolute() and (base_dir / spec).exists():
            spec = str(base_dir / spec)
        try:
            return rules_mod.load(spec)
        except RulesError as e:
            raise e.at(join(where, ": ")) from None
    raise RulesError(M("{where}: write a profile name ({known}) or a mapping of table rules", where=where, known=', '.join(rules_mod.PROFILES)))


class _Located(dict):
    line: int = 0


def _yaml_load(text: str, source: str) -> Any:
    """The match file's document, read within the limits of :mod:`tutor.files`; every
    mapping remembers its line, and a key given twice is an error."""
    import yaml

    from tutor.files import load_yaml, loader_class

    class Loader(loader_class()):  # type: ignore[misc, valid-type]  # one per file: its errors name it
        pass

    def mapping(loader, node):
        seen = set()
        for key_node, _ in node.value:
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, (list, dict)):
                raise ParseError(M("{source} line {value}: a key is a word or a number, not a list or mapping", source=source, value=key_node.start_mark.line + 1))
            if key in seen:
                raise ParseError(M("{source} line {value}: key {key!r} given twice", source=source, value=key_node.start_mark.line + 1, key=key))
            seen.add(key)
        m = _Located(loader.construct_mapping(node, deep=True))
        m.line = node.start_mark.line + 1
        return m

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    return load_yaml(text, source, loader=Loader)


TOP_KEYS = ("rules", "teams", "dealer", "games")


def loads(text: str, source: str = "<match>", rules: Any = None,
          base_dir: Path | None = None) -> Partie:
    """A Partie from match-file text; ``rules`` (if given) replaces the file's rules."""
    data = _yaml_load(text, source)
    if data is None:
        data = _Located()
    if not isinstance(data, Mapping):
        raise ParseError(M("{source}: a match file is a mapping with the keys {known}", source=source, known=', '.join(TOP_KEYS)))

    def at(node: Any) -> object:
        line = getattr(node, "line", 0)
        return M("{where} line {line}", where=source, line=line) if line else source

    for key in data:
        if key not in TOP_KEYS:
            raise ParseError(M("{where}: unknown key {key!r} (known: {known})", where=at(data), key=key, known=', '.join(TOP_KEYS)))
    table = (read_rules(rules, "--rules") if rules is not None
             else read_rules(data.get("rules", "verband"), join(at(data), ": rules"), base_dir))
    names = parse_teams(data["teams"], join(at(data), ": teams")) if data.get("teams") else {}
    dealer = parse_seat(data.get("dealer", DEFAULT_DEALER), join(at(data), ": dealer"))
    games_data = data.get("games") or []
    if not isinstance(games_data, list):
        raise ParseError(M("{where}: games is a list, one game per line starting with '- '", where=at(data)))
    partie = Partie(table, (), names, dealer)
    for i, g in enumerate(games_data, 1):
        where = M("{where} (game {n})", where=at(g), n=i)
        game = Game.from_dict(g, table, where)   # checks the game against the table ...
        try:
            partie = partie.add(game)              # ... so only the end of the Partie refuses it here
        except TutorError as e:
            raise type(e)(join(where, ": ", e.message)) from None
    return partie


def load(path: "str | Path", rules: Any = None) -> Partie:
    from tutor.files import read_text

    p = Path(path)
    text = read_text(p)
    return loads(text, source=str(p), rules=rules, base_dir=p.parent)


_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def _flow(value: Any) -> str:
    if isinstance(value, str) and re.fullmatch(r"[A-Za-z]+", value) and value.lower() not in _YAML_WORDS:
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value), ensure_ascii=False)


def dumps(partie: Partie) -> str:
    """The match file of ``partie`` (``loads(dumps(p)) == p``)."""
    lines = ["# A Partie of Sidi-Barrani: `tutor match FILE` settles it, "
             "`tutor tafel import FILE` puts it on the board.",
             f"rules: {_flow(rules_spec(partie.rules))}"]
    if partie.names:
        lines.append(f"teams: {_flow(teams_json(partie))}")
    lines.append(f"dealer: {partie.dealer}")
    if partie.games:
        lines.append("games:")
        lines.extend(f"  - {_flow(g.to_dict())}" for g in partie.games)
    else:
        lines.append("games: []")
    return "\n".join(lines) + "\n"


def dump(partie: Partie, path: "str | Path") -> None:
    from tutor.files import write_file

    write_file(path, dumps(partie))
