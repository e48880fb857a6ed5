"""The worked example of sidi-barrani.txt ("Ein Spiel von Anfang bis zur Tafel").

Loaded from the package's copy of ``worked-example.yaml``: the four hands, the auction,
every trick and the board. ``show`` walks through it with the engine: each call as the
decoder reads it and as the count recommends it for the caller's hand (instant; named as
the count's), then the konter the text's A declines, with the count's reason and what the
tutor says there judging by deals as ``tutor bid`` does (``judge``; None with ``--count``:
the count alone), then the play trick by trick (replayed by :mod:`tutor.play`) and the
board. (QA s40 F5: the demo gave the count's "A does not konter" as the tutor's, where the
default voice and exact play konter: 100 Eichel made on 32 of 32 fitting deals, seed 1.)
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Callable

from tutor.cards import Card, Hand
from tutor.i18n import M

# who advises (the count at every call; the tutor's default judgement at the konter): the
# same, nothing, another call
_SAYS = {"count": (M("The count recommends the same."), M("The count would say nothing here."),
                   M("The count recommends {call}.")),
         "deals": (M("The tutor, judging by deals that fit the auction as tutor bid does, recommends the same."),
                   M("The tutor, judging by deals that fit the auction as tutor bid does, would say nothing here."),
                   M("The tutor, judging by deals that fit the auction as tutor bid does, recommends {call}."))}


@dataclass(frozen=True)
class WorkedExample:
    hands: dict[str, Hand]
    calls: tuple[tuple[str, str], ...]       # (seat, call) as the text has them
    declarer: str
    bid: int
    trump: str
    doubled: bool
    redoubled: bool
    tricks: tuple[dict, ...]
    card_points: dict[str, int]
    board: dict[str, int]
    board_without_double: dict[str, int]
    board_if_failed_at_96: dict[str, int]

    @property
    def auction(self) -> str:
        return ", ".join(f"{seat}: {call}" if call in ("dopple", "konter") else call
                         for seat, call in self.calls)


def load() -> WorkedExample:
    from tutor.files import load_yaml

    data = load_yaml(resources.files("tutor.data").joinpath("worked-example.yaml")
                     .read_text(encoding="utf-8"), "worked-example.yaml")
    c = data["contract"]
    return WorkedExample(
        hands={seat: Hand.from_dict(h) for seat, h in data["hands"].items()},
        calls=tuple((x["seat"], str(x["call"])) for x in data["auction"]),
        declarer=c["declarer"], bid=c["points"], trump=c["trump"],
        doubled=c["doubled"], redoubled=c["redoubled"],
        tricks=tuple({"lead": t["lead"], "cards": [Card.parse(x) for x in t["cards"]],
                      "winner": t["winner"], "points": t["points"]} for t in data["play"]),
        card_points=data["card_points"], board=data["board"],
        board_without_double=data["board_without_double"],
        board_if_failed_at_96=data["board_if_failed_at_96"])


def walk(lang: str = "de", judge=None) -> dict:
    """The worked example through the engine, as data: every call with how the decoder
    reads it and what the count recommends for the caller's hand, the declarer's konter by
    the count (``konter``) and, with ``judge``, by the tutor's deals (``konter_by_deals``),
    then the board."""
    from tutor import conventions
    from tutor.scoring import score_game

    ex = load()
    calls, so_far = [], []
    for seat, call in ex.calls:
        advice = conventions.advise(ex.hands[seat], ", ".join(so_far), seat=seat)
        so_far.append(f"{seat}: {call}" if call in ("dopple", "konter") else call)
        reading = conventions.explain(", ".join(so_far)).calls[-1].to_json(lang)
        calls.append({**reading, "recommended": advice.call, "reasons": list(advice.reasons(lang))})
    played = _replay()
    result = score_game(ex.bid, ex.declarer, played.points["AC"], double=ex.doubled)
    return {"hands": {s: str(h) for s, h in ex.hands.items()}, "calls": calls,
            "konter": conventions.advise(ex.hands[ex.declarer], ex.auction, seat=ex.declarer).call,
            **({"konter_by_deals": conventions.advise(ex.hands[ex.declarer], ex.auction, seat=ex.declarer,
                                                      judge=judge).call} if judge is not None else {}),
            "tricks": [t.to_json() for t in played.tricks],
            "card_points": dict(played.points), **result.to_json()}


def as_game():
    """The worked example (``tutor/data/worked-example.yaml``, its own form with the card
    tables) as a game of ``tutor play`` (:class:`tutor.play.game.PlayedGame`)."""
    from tutor.partie import Contract
    from tutor.play.game import PlayedGame
    from tutor.play.rules import Trump
    from tutor.rules import load as load_rules

    ex = load()
    rules = load_rules("verband")
    return PlayedGame(hands=dict(ex.hands), trump=Trump.parse(ex.trump), leader=ex.tricks[0]["lead"],
                      tricks=tuple(tuple(t["cards"]) for t in ex.tricks),
                      contract=Contract.parse(f"{ex.bid} {ex.trump}", rules), declarer=ex.declarer,
                      double=ex.doubled, redouble=ex.redoubled, vorhand="A", rules=rules,
                      source="worked-example.yaml")


def _replay():
    """The play of the worked example, card by card by the rules of play."""
    from tutor.play import game

    return game.replay(as_game())


def show(lang: str = "de", echo: Callable[[str], None] = print, judge=None) -> None:
    from tutor import conventions
    from tutor.play.game import lines as game_lines
    from tutor.scoring import score_game

    from tutor.i18n import _

    ex = load()
    echo(_("The worked example of the rules: one game from the deal to the board", lang))
    echo("")
    for seat in "ABCD":
        echo(f"  {seat}: {ex.hands[seat]}")
    echo("")
    so_far: list[str] = []
    for seat, call in ex.calls:
        text = ", ".join(so_far)
        advice = conventions.advise(ex.hands[seat], text, seat=seat)
        reading = conventions.explain(", ".join(so_far + [f"{seat}: {call}"])).calls[-1]
        echo(_("{seat} calls «{call}» [{kind}]", lang, seat=seat, call=call,
               kind=conventions.kind_label(reading.kind, lang)))
        echo(f"   {reading.text(lang)}")
        _advice(advice, call, "count", lang, echo)
        so_far.append(f"{seat}: {call}" if call in ("dopple", "konter") else call)
    echo("")
    # the text's A declines the konter ("für 400 Zielpunkte ist sie ihm zu unsicher"): his
    # count's reason, then the tutor's default judgement where it is asked for
    echo(_("{seat} does not konter in the rules' example.", lang, seat=ex.declarer))
    hand = ex.hands[ex.declarer]
    _advice(conventions.advise(hand, ex.auction, seat=ex.declarer), None, "count", lang, echo)
    if judge is not None:
        _advice(conventions.advise(hand, ex.auction, seat=ex.declarer, judge=judge), None, "deals", lang, echo)
    echo("")
    played = _replay()
    for line in game_lines(played, lang, header=False, board=False):
        echo(line)
    result = score_game(ex.bid, ex.declarer, played.points["AC"], double=ex.doubled)
    echo("")
    echo(_("The board: AC {ac} : BD {bd} ({target} target points)", lang, ac=result.board["AC"],
           bd=result.board["BD"], target=result.target_points))


def _advice(advice, call: "str | None", who: str, lang: str, echo: Callable[[str], None]) -> None:
    """What ``who`` (``_SAYS``) recommends where the text makes ``call`` (None: says
    nothing), with its reasons."""
    same, nothing, other = _SAYS[who]
    said = same if advice.call == call else nothing if advice.call is None else other(call=advice.call)
    echo("   " + said.text(lang))
    for line in advice.reasons(lang)[1:]:
        echo(f"     - {line}")
