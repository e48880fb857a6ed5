"""What the commands answer, as data: one builder per answer behind both the command
line's ``--json`` (``tutor.commands``) and the web API (``tutor.web``), so the two give
the same shape from the same code, and the same one-line errors (``--hand: ...``).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from tutor.errors import IllegalCallError, ParseError, TutorError
from tutor.i18n import M


def option(name: str, parse: Callable, text: str):
    """``parse(text)``, an error naming the option it came from (``--hand: ...``)."""
    try:
        return parse(text)
    except TutorError as e:
        raise e.at(f"{name}: ") from None


def inputs(hand: str, auction: str, rules):
    """The hand and the auction of ``--hand`` and ``--auction``."""
    from tutor.auction import Auction
    from tutor.cards import Hand

    return (option("--hand", Hand.parse, hand),
            option("--auction", lambda t: Auction.parse(t, rules=rules), auction))


# -- the engine -----------------------------------------------------------------------------
def explanation(auction: str, rules, next_calls: bool = False):
    """``tutor explain``: the Explanation and (with ``next_calls``) every legal next call read."""
    from tutor import conventions

    reader = conventions.replay(auction, rules)   # the AUCTION argument: errors name the call
    e = conventions.Explanation(tuple(reader.readings), reader.auction)
    return e, (conventions.next_readings(reader) if next_calls else [])


def explain_json(auction: str, rules, lang: str, next_calls: bool = False) -> dict[str, Any]:
    e, upcoming = explanation(auction, rules, next_calls)
    data = e.to_json(lang)
    if next_calls:
        data["next_calls"] = [r.to_json(lang) for r in upcoming]
    return data


def advice(hand: str, auction: str, seat: str | None, rules, judge=None, standing=None):
    """``tutor bid``: the Advice for the hand here."""
    from tutor import conventions

    return conventions.advise(*inputs(hand, auction, rules), rules, seat, judge=judge,
                              standing=standing)


def bid_json(hand: str, auction: str, seat: str | None, rules, lang: str, **judging) -> dict[str, Any]:
    return advice(hand, auction, seat, rules, **judging).to_json(lang)


def verdict(hand: str | None, auction: str, call: str, seat: str | None, rules, judge=None, standing=None):
    """``tutor check``: the Verdict on the call (an illegal call is a verdict, not an error)."""
    from tutor import conventions
    from tutor.auction import sidi_barrani_spec, split_seat

    if hand is None:
        raise TutorError(M("check needs --hand: whether a call is true depends on the hand"))
    hand_value, auction_value = inputs(hand, auction, rules)
    spec = sidi_barrani_spec(rules)
    try:   # unreadable is an input error; well formed but illegal is check's answer
        option("--call", lambda t: spec.parse_call(split_seat(t, spec)[1]), call)
    except IllegalCallError:
        pass
    return conventions.check(hand_value, auction_value, call, rules, seat, judge=judge, standing=standing)


def check_json(hand: str | None, auction: str, call: str, seat: str | None, rules, lang: str,
               **judging) -> dict[str, Any]:
    return verdict(hand, auction, call, seat, rules, **judging).to_json(lang)


# -- the Tafel ------------------------------------------------------------------------------
def tafel_json(stored, created: bool = False, removed=None) -> dict[str, Any]:
    """A stored Partie as ``tutor tafel new|add|show|undo --json`` print it."""
    data: dict[str, Any] = {"partie": stored.id}
    if created:
        data["created"] = stored.created
    if removed is not None:
        data["removed"] = removed.to_dict()
    data.update(stored.partie.to_json())
    return data


def tafel_game(data: Mapping[str, Any], partie, where: str = "tafel add",
               label: Callable[[str], str] = lambda k: k):
    """A game for the board from the fields of ``tutor tafel add`` (``contract``,
    ``declarer``, ``card_points``, ``double``, ``redouble``, ``weis``, ``stoeck`` or
    ``fort``); seats may be given as the players' names of ``partie``."""
    from tutor.partie import Game, parse_team
    from tutor.text import clip, is_number, parse_int

    data = dict(data)
    if data.get("declarer") is not None:
        data["declarer"] = partie.seat_of(str(data["declarer"]), label("declarer"))
    weis = data.get("weis")
    if isinstance(weis, (Mapping, list)):   # team -> points or seat -> cards (or such pairs)
        shown: dict[str, Any] = {}
        for key, value in (weis.items() if isinstance(weis, Mapping) else weis):
            where_key = f"{label('weis')} {clip(key, 20)}={clip(value, 20)}"   # quoted cut: the line keeps its reason
            if isinstance(value, int) or is_number(str(value)) or \
                    str(key).strip().upper() in ("AC", "CA", "BD", "DB"):
                if not isinstance(value, int):
                    parse_int(str(value), where_key)   # a team's Weis is a number
                k = parse_team(key, where_key)
            else:
                k = partie.seat_of(str(key), where_key)
            if k in shown:
                raise ParseError(M("{where}: {key} given twice", where=label("weis"), key=k))
            shown[k] = value
        data["weis"] = shown
    stoeck = data.get("stoeck")
    if isinstance(stoeck, str) and stoeck.strip():
        s = stoeck.strip()
        data["stoeck"] = s if s.upper() in ("AC", "CA", "BD", "DB") else partie.seat_of(s, label("stoeck"))
    if not data.get("fort"):
        for key in ("contract", "declarer", "card_points"):
            if data.get(key) is None:
                raise ParseError(M("{where}: {field} is missing (or {fort} for four forts)", where=where,
                                   field=label(key), fort=label("fort")))
    return Game.from_dict(data, partie.rules, where, label=label)
