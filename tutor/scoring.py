"""Writing one game on the board ("Tafel").

Card points (the tricks plus 5 for the last) decide the bid. The target points
("Zielpunkte") are the bid, doubled by a double and again by a konter; a Matsch carries
157 target points, or 257 by table rule, and needs all 157 card points.

- Made: the declaring team writes its card points plus the target points, the other
  team its card points.
- Missed: the declaring team writes its card points, the other team its card points
  plus the target points.
- Misère (extended variant): the tricks count for the other side, so the declaring
  team is credited the opponents' card points and wants as few points as possible.
- Weis and Stöck go on the board for the Partie but never count toward the bid.

Card values and tricks are the rules of play: :mod:`tutor.play.rules`. Every kind of
game holds 152 in the cards and 5 for the last trick, 157.
"""
from __future__ import annotations

import re
from typing import Callable, Iterable, Mapping

from tutor.cards import TOTAL_POINTS
from tutor.errors import TutorError
from tutor.rules import TableRules, load as load_rules
from tutor.i18n import M
from tutor.values import Value

SEATS = ("A", "B", "C", "D")
TEAMS = ("AC", "BD")
STOECK_POINTS = 20


#: a seat letter, or a team (AC, BD), standing alone in a text: not inside a word and not
#: French's elided "C'est", but with the English possessive, "C's first call" (QA s43 F12: the
#: table's advice named D's own raise "C's first call in Eichel", the engine's seat)
_SEAT_IN_TEXT = re.compile(r"(?<![\w'’])(AC|BD|[ABCD])(?=['’]s\b|(?![\w'’]))")


def turn_seats(text: str, seat: Callable[[str], str], team: "Callable[[str], str] | None" = None) -> str:
    """``text`` with each seat letter standing alone turned by ``seat`` and each team by
    ``team`` (None: teams left as they are): an engine's text in a table's seats."""
    return _SEAT_IN_TEXT.sub(lambda m: seat(m.group(1)) if len(m.group(1)) == 1 else
                             team(m.group(1)) if team is not None else m.group(1), text)


def team_of(seat: str) -> str:
    s = seat.strip().upper()
    if s not in SEATS:
        raise TutorError(M("unknown seat {seat!r} (A, B, C or D)", seat=seat))
    return "AC" if s in "AC" else "BD"


def partner_of(seat: str) -> str:
    """The partner across the table: A and C, B and D."""
    return {"A": "C", "C": "A", "B": "D", "D": "B"}[seat.strip().upper()]


def next_seat(seat: str) -> str:
    """The seat after ``seat`` in playing order: A, B, C, D, A, ..."""
    return SEATS[(SEATS.index(seat) + 1) % len(SEATS)]


def seats_from(first: str) -> tuple[str, ...]:
    """The four seats in playing order, starting with ``first``."""
    i = SEATS.index(first)
    return SEATS[i:] + SEATS[:i]


def opponents_of(seat: str) -> tuple[str, str]:
    return ("B", "D") if team_of(seat) == "AC" else ("A", "C")


def other(team: str) -> str:
    return "BD" if team == "AC" else "AC"


def parse_team(text: str) -> str:
    t = "".join(sorted(text.strip().upper()))
    if t not in TEAMS:
        raise TutorError(M("unknown team {text!r} (AC or BD)", text=text))
    return t


class GameScore(Value):
    """One game's result on the board."""

    FIELDS = ("bid", "declarer", "card_points", "multiplier", "made", "target_points", "board",
              "weis", "stoeck")
    bid: int
    declarer: str
    card_points: int            # the declaring team's card points, as credited
    multiplier: int
    made: bool
    target_points: int
    board: dict[str, int]
    weis: dict[str, int]
    stoeck: tuple[str, ...]

    def __init__(self, bid: int, declarer: str, card_points: int, multiplier: int, made: bool,
                 target_points: int, board: dict[str, int], weis: "dict[str, int] | None" = None,
                 stoeck: tuple[str, ...] = ()) -> None:
        self.__dict__.update(bid=bid, declarer=declarer, card_points=card_points, multiplier=multiplier,
                             made=made, target_points=target_points, board=board,
                             weis={} if weis is None else weis, stoeck=stoeck)

    @property
    def team(self) -> str:
        return team_of(self.declarer)

    def to_json(self) -> dict:
        return {"made": self.made, "target_points": self.target_points,
                "board": dict(self.board)}


IMPOSSIBLE_CARD_POINTS = (1, TOTAL_POINTS - 1)   # no card counts 1, the last trick 5


def check_card_points(cp) -> int:
    """The declaring team's card points, or a TutorError saying why they cannot be."""
    if isinstance(cp, bool) or not isinstance(cp, int):
        raise TutorError(M("{cp!r}: write a whole number from 0 to {total_points}", cp=cp, total_points=TOTAL_POINTS))
    if not 0 <= cp <= TOTAL_POINTS:
        raise TutorError(M("{cp}: card points run from 0 to {total_points} (the other team has the rest)", cp=cp, total_points=TOTAL_POINTS))
    if cp in IMPOSSIBLE_CARD_POINTS:
        raise TutorError(M("{cp}: impossible, no card counts 1 (the other team would have {value})", cp=cp, value=TOTAL_POINTS - cp))
    return cp


def check_weis_points(team: str, points: int) -> int:
    """Weis points a team can write: 20, 40, 50, 60, 70 ... (no Weis makes 10 or 30)."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise TutorError(M("{team}: {points!r} is no number of points", team=team, points=points))
    if points < 0 or points % 10 or points in (10, 30):
        raise TutorError(M("{team}={points}: no Weis adds up to {points} (20, 40, 50, 60, 70, ...)", team=team, points=points))
    return points


def check_one_weis_team(teams) -> None:
    if len([t for t in teams]) > 1:
        raise TutorError(M("only the team with the best Weis writes; both teams cannot have Weis points"))


def score_game(bid: int, declarer: str, card_points: int, *, double: bool = False,
               redouble: bool = False, misere: bool = False,
               weis: Mapping[str, int] | None = None, stoeck: Iterable[str] = (),
               rules: TableRules | None = None) -> GameScore:
    """Score one game. ``card_points`` are the points the declaring team took in its
    tricks (0..157); for a Misère the tricks count for the other side."""
    rules = load_rules(rules)
    team = team_of(declarer)
    try:
        check_card_points(card_points)
    except TutorError as e:
        raise e.at(M("card points ")) from None
    if bid not in rules.bid_values:
        raise TutorError(M("{bid} is not a bid at this table", bid=bid))
    if redouble and not double:
        raise TutorError(M("a konter needs a double first"))
    if (double and not rules.doubling) or (redouble and not rules.kontern):
        raise TutorError(M("this table plays without kontern") if redouble and rules.doubling
                         else M("this table plays without doubling"))
    credited = TOTAL_POINTS - card_points if misere else card_points
    multiplier = 4 if redouble else 2 if double else 1
    matsch = bid == rules.matsch_bid
    target = (rules.matsch_target if matsch else bid) * multiplier
    made = credited >= (TOTAL_POINTS if matsch else bid)
    board = {"AC": 0, "BD": 0}
    board[team], board[other(team)] = credited, TOTAL_POINTS - credited
    board[team if made else other(team)] += target
    weis = {parse_team(k): check_weis_points(parse_team(k), v) for k, v in (weis or {}).items()}
    weis = {t: v for t, v in weis.items() if v}
    if weis and not rules.weis:
        raise TutorError(M("this table plays without Weis"))
    check_one_weis_team(weis)
    stoeck = tuple(sorted({parse_team(t) for t in stoeck}))
    if len(stoeck) > 1:
        raise TutorError(M("only one team can hold König and Ober of the trump"))
    if stoeck and not rules.stoeck:
        raise TutorError(M("this table plays without Stöck"))
    for t, points in weis.items():
        board[t] += points
    for t in stoeck:
        board[t] += STOECK_POINTS
    return GameScore(bid=bid, declarer=declarer.upper(), card_points=credited,
                     multiplier=multiplier, made=made, target_points=target,
                     board=board, weis=weis, stoeck=stoeck)
