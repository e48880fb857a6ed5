"""Game files and their replay (``tutor play``, ``tutor tafel add --played``).

A game file (YAML) records one game as it was played: the four hands as dealt, the trump
kind, who led, and the cards in the order played, trick by trick; optionally the contract
and what goes with it. The replay (:func:`replay`) checks every card against the rules of
play (:mod:`tutor.play.rules`), says who takes each trick and what it counts, counts the
Weis and Stöck as the table rules do (:mod:`tutor.weis`) and writes the game on the board
through the existing scoring (:mod:`tutor.partie`, :mod:`tutor.scoring`)::

    rules: verband                 # optional: table rules, a profile or a file (Weis, Stöck, doubling)
    hands:                         # the four hands as dealt, in hand notation
      A: Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7
      B: Eichel:7 Schellen:B976 Rosen:B8 Schilten:B6
      C: Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8
      D: Eichel:KB Schellen:AO Rosen:AK7 Schilten:U9
    contract: 100 Eichel           # optional: the bid played, as `tafel add --contract` writes it
    declarer: A                    # with a contract: who made the last bid
    double: true                   # optional: doubled (or dopple: true), redouble: true for a konter (or konter: true)
    trump: Eichel                  # a suit, Obenabe or Undenufe; not needed when the contract names it
    leader: A                      # who plays the first card (default: the declarer)
    tricks:                        # one trick a line, the cards in the order played, the lead first
      - Eichel U, Eichel 7, Eichel O, Eichel K
      - [Eichel 6, Schellen 6, Eichel 9, Eichel B]    # a YAML list does as well

Optional too: ``vorhand`` (who opened the bidding; it breaks a tie of equal Weis, default
the leader) and ``weis`` (the Weis the players showed, cards per seat ``{A: "Eichel:678"}``
or settled points per team ``{AC: 50}``, ``{}`` for none; left out, every player shows
every Weis his hand holds). The Stöck count for the player who holds König and Ober of
the trump, once he has played the second of them.

A file that cannot be read (YAML, a missing or unknown key, hands of different sizes, a
card twice, an unknown trump, a card played from a hand that does not hold it) is a
:class:`~tutor.errors.ParseError` naming the file and the line. A card that breaks a rule
of play is no error of the file: the replay stops there and names the card and the rule
(:attr:`Replay.illegal`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from tutor.cards import HAND_SIZE, Card, Hand, Rank
from tutor.errors import IllegalPlayError, ParseError, TutorError
from tutor.play.deal import Deal, DealError
from tutor.scoring import other
from tutor.play.rules import (NOT_IN_HAND, SEATS, TEAMS, Rule, Trump, illegal_reason,
                              parse_strain, seats_from, team_of, trick_points, winner)
from tutor.i18n import M, Mn, _, join, ngettext

KEYS = ("rules", "hands", "auction", "contract", "declarer", "double", "redouble", "trump", "leader",
        "vorhand", "weis", "tricks")


@dataclass(frozen=True)
class PlayedGame:
    """One game as a game file records it (see the module's documentation).

    ``weis`` None: every player shows every Weis of his hand; otherwise what the file
    says, ``("cards", ((seat, Hand), ...))`` or ``("points", ((team, points), ...))``."""

    hands: Mapping[str, Hand]
    trump: Trump
    leader: str
    tricks: tuple[tuple[Card, ...], ...] = ()
    contract: Any = None            # a tutor.partie.Contract
    declarer: str | None = None
    double: bool = False
    redouble: bool = False
    vorhand: str | None = None
    weis: tuple | None = None
    rules: Any = None               # a tutor.rules.TableRules (None: the default)
    auction: Any = None             # a tutor.auction.Auction, its seats counted from Vorhand (A), or None
    source: str = "<game>"
    lines: Mapping[tuple, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def size(self) -> int:
        """Cards in each hand: the number of tricks in the whole game."""
        return len(self.hands["A"])

    @property
    def misere(self) -> bool:
        return bool(self.contract is not None and self.contract.misere)

    @property
    def deal(self) -> Deal:
        """The deal before the first card (for the solver: ``tutor.play.solver``)."""
        return Deal(tuple(self.hands[s] for s in SEATS), self.trump, self.leader,
                    self.declarer, self.misere)

    def where(self, *path: Any) -> str:
        """``file:line`` of the deepest part of ``path`` the file has a line for."""
        return _where(self.source, self.lines, path)


def _where(source: str, lines: Mapping[tuple, int], path: Sequence[Any]) -> str:
    for n in range(len(path), -1, -1):
        line = lines.get(tuple(path[:n]))
        if line:
            return f"{source}:{line}"
    return source


# -- reading -----------------------------------------------------------------------------

def _fail(where: object, message: M) -> ParseError:
    return ParseError(join(where, ": ", message))


def loads(text: str, source: str = "<game>", rules: Any = None,
          base_dir: Path | None = None) -> PlayedGame:
    """A game from game-file text; ``rules`` (if given) replaces the file's ``rules``."""
    from tutor.files import load_yaml_lines
    from tutor.partie import _KEY_ALIASES, Contract, parse_seat, read_rules, _read_weis
    from tutor.rules import load as load_rules

    data, lines, twice = load_yaml_lines(text, source)

    def at(*path: Any) -> str:
        return _where(source, lines, path)

    if twice:
        path, line = twice[0]
        raise ParseError(M("{source}:{line}: {path!r} given twice", source=source, line=line, path=path[-1]))
    if not isinstance(data, Mapping):
        raise _fail(source, M("a game file is a mapping with the keys hands, trump or contract, leader and tricks (see `tutor play --help`)"))
    said = {}   # a key written as the answers say it (konter: redouble), as a match file takes it
    for key in data:
        canonical = _KEY_ALIASES.get(key, key) if isinstance(key, str) else key
        if canonical not in KEYS:
            raise _fail(at(key), M("unknown key {key!r} (known: {known})", key=key, known=', '.join(KEYS)))
        if canonical != key:
            if canonical in data:
                raise ParseError(M("{where}: {key!r} and {canonical!r} say the same", where=at(key), key=key,
                                   canonical=canonical))
            said[canonical] = key
    if said:
        written = {w: c for c, w in said.items()}
        data = {written.get(k, k): v for k, v in data.items()}
        lines = {**lines, **{(c,): lines[(w,)] for c, w in said.items() if (w,) in lines}}

    def name(key: str) -> str:   # a key in a message as the file writes it
        return said.get(key, key)

    table = (read_rules(rules, "--rules") if rules is not None
             else read_rules(data["rules"], f"{at('rules')}: rules", base_dir)
             if data.get("rules") is not None else load_rules(None))

    hands = _read_hands(data.get("hands"), at)

    def seat(key: str) -> str | None:
        if data.get(key) is None:
            return None
        return parse_seat(data[key], f"{at(key)}: {key}")

    def flag(key: str) -> bool:
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise _fail(at(key), M("{key} {value!r}: write true or false", key=name(key), value=value))
        return value

    shift = SEATS.index(seat("vorhand") or "A")   # the auction's seats count from Vorhand
    auction = _read_auction(data, table, at, shift)
    contract = None
    if data.get("contract") is None and auction is not None and auction.declarer is not None:
        contract = Contract.parse(auction.contract, table)   # the contract the auction ends in
        data = {**data, "declarer": data.get("declarer") or table_seat(auction.declarer, shift),
                "double": data.get("double") or auction.multiplier >= 2,
                "redouble": data.get("redouble") or auction.multiplier == 4}
    elif data.get("contract") is not None:
        try:
            contract = Contract.parse(str(data["contract"]), table)
        except TutorError as e:
            raise e.at(f"{at('contract')}: ") from None
    declarer, leader, vorhand = seat("declarer"), seat("leader"), seat("vorhand")
    double, redouble = flag("double"), flag("redouble")
    if contract is None:
        for key, value in (("declarer", declarer), ("double", double), ("redouble", redouble)):
            if value:
                raise _fail(at(key), M("{key} without a contract: write the contract too (contract: 100 Eichel)",
                                      key=name(key)))
    elif declarer is None:
        raise _fail(at("contract"), M("with a contract, write the declarer too (declarer: A)"))
    if redouble and not double:
        raise _fail(at("redouble"), M("a konter needs a double first (double: true)"))
    for key, allowed in (("double", table.doubling), ("redouble", table.kontern)):
        if flag(key) and not allowed:
            raise _fail(at(key), M("{key}: this table plays without it (rules: {name})", key=name(key),
                                  name=table.name))

    if auction is not None:
        _check_auction(auction, contract, declarer, double, redouble, shift, at)
    trump = _read_trump(data, contract, at)
    leader = leader or declarer
    if leader is None:
        raise _fail(source, M("who plays the first card? write leader: A (or a contract and its declarer)"))
    try:   # four hands of one size, 1 to 9 cards, no card twice: what a deal is
        Deal(tuple(hands[s] for s in SEATS), trump, leader)
    except DealError as e:
        raise e.at(join(at("hands"), ": ")) from None

    weis = None
    if "weis" in data:
        points, cards = _read_weis(data["weis"] if data["weis"] is not None else {}, table,
                                   f"{at('weis')}: weis")
        for s, shown in cards:
            missing = [c for c in shown if c not in hands[s]]
            if missing:
                raise _fail(at("weis", s), M("weis {s}: {missing} is not in {s}'s hand", s=s, missing=missing[0]))
        weis = ("cards", cards) if cards else ("points", points)

    tricks = _read_tricks(data.get("tricks"), len(hands["A"]), at)
    return PlayedGame(hands=hands, trump=trump, leader=leader, tricks=tricks, contract=contract,
                      declarer=declarer, double=double, redouble=redouble, vorhand=vorhand,
                      weis=weis, rules=table, auction=auction, source=source, lines=lines)


def table_seat(engine: str, shift: int) -> str:
    """The table's seat of the auction's ``engine`` seat (the auction counts A from Vorhand,
    the table's Vorhand is ``SEATS[shift]``)."""
    return SEATS[(SEATS.index(engine) + shift) % 4]


def engine_seat(seat: str, shift: int) -> str:
    return SEATS[(SEATS.index(seat) - shift) % 4]


def _read_auction(data: Mapping, table, at, shift: int = 0):
    """The ``auction:`` key: the calls from Vorhand on, as ``tutor explain`` takes them:
    one text (``60 Eichel, 70 Schellen, D: dopple``) or a list (``[60 Eichel, fort]``).
    The auction kept counts its seats from Vorhand (A, as the engine does); a seat named
    in a call (``D: dopple``) is the table's."""
    from tutor.auction import Auction, sidi_barrani_spec, split_calls, split_seat

    value = data.get("auction")
    if value is None:
        return None
    if isinstance(value, list):
        if not all(isinstance(x, (str, int)) for x in value):
            raise _fail(at("auction"), M("auction: the calls as text, e.g. auction: 60 Eichel, 70 Schellen, fort"))
        text = ", ".join(str(x) for x in value)
    elif isinstance(value, str):
        text = value
    else:
        raise _fail(at("auction"), M("auction: the calls as text, e.g. auction: 60 Eichel, 70 Schellen, fort"))
    try:
        if shift:
            spec = sidi_barrani_spec(table)
            items = []
            for item in split_calls(text):
                named, body = split_seat(item, spec)
                items.append(f"{engine_seat(named, shift)}: {body}" if named else body)
            text = ", ".join(items)
        auction = Auction.parse(text, rules=table)
    except TutorError as e:
        raise e.at(join(at("auction"), ": auction: ")) from None
    if not auction.over:
        raise _fail(at("auction"), M("auction: the bidding is not over after {calls} (next: {seat})",
                                     calls=len(auction), seat=auction.next_seat))
    return auction


def _check_auction(auction, contract, declarer, double, redouble, shift, at) -> None:
    """The auction and the contract the file names must agree."""
    if auction.declarer is None:
        if contract is not None:
            raise _fail(at("auction"), M("auction: everybody said fort, but the file plays {contract}",
                                         contract=str(contract)))
        return
    said = (auction.contract, table_seat(auction.declarer, shift), auction.multiplier >= 2,
            auction.multiplier == 4)
    if (str(contract), declarer, double, redouble) != said:
        how = {1: "", 2: " (dopple)", 4: " (konter)"}[auction.multiplier]
        raise _fail(at("auction"), M("auction: it ends in {contract} by {declarer}{how}, the file plays "
                                     "{file} by {by}", contract=auction.contract,
                                     declarer=table_seat(auction.declarer, shift),
                                     how=how, file=str(contract), by=declarer))


def load(path: "str | Path", rules: Any = None) -> PlayedGame:
    """A game from a game file (read within the limits of :mod:`tutor.files`)."""
    from tutor.files import read_text

    return loads(read_text(path), source=str(path), rules=rules, base_dir=Path(path).parent)


def _tricks(n: int) -> M:
    return Mn("{n} trick", "{n} tricks", n)


def _cards(n: int) -> M:
    return Mn("{n} card", "{n} cards", n)


def _read_hands(value: Any, at) -> dict[str, Hand]:
    if not isinstance(value, Mapping):
        raise _fail(at("hands"), M("hands: the four hands, e.g. hands: {{A: 'Eichel:U86 ...', B: ..., C: ..., D: ...}}"))
    hands: dict[str, Hand] = {}
    for key, text in value.items():
        s = str(key).strip().upper()
        if s not in SEATS:
            raise _fail(at("hands", key), M("hands: unknown seat {key!r} (A, B, C, D)", key=key))
        if s in hands:
            raise _fail(at("hands", key), M("hands: {s} given twice", s=s))
        try:
            if isinstance(text, Mapping):        # the worked example's {Eichel: [U, 8, 6], ...}
                hands[s] = Hand.from_dict(dict(text), size=None)
            elif isinstance(text, str):
                hands[s] = Hand.parse(text, size=None)
            else:
                raise ParseError(M("write the hand as text, e.g. 'Eichel:U86 Rosen:O9', not {text!r}", text=text))
        except ParseError as e:
            raise e.at(join(at("hands", key), ": ", M("hand {seat}: ", seat=s))) from None
    missing = [s for s in SEATS if s not in hands]
    if missing:
        raise _fail(at("hands"), M("hands: the hand of {seats} is missing (four hands A, B, C, D)", seats=', '.join(missing)))
    return hands


def _read_trump(data: Mapping, contract, at) -> Trump:
    trump = None
    if data.get("trump") is not None:
        try:
            trump, misere = parse_strain(str(data["trump"]))
        except ParseError as e:
            raise e.at(join(at("trump"), ": ", M("trump: "))) from None
        if misere:
            raise _fail(at("trump"), M("trump: Misère is the goal of a contract, not a kind of play (write contract: 90 Obenabe Misère, or trump: Obenabe)"))
    if contract is not None:
        played, _misere = parse_strain(str(contract.strain))
        if trump is not None and trump != played:
            raise _fail(at("trump"), M("trump {trump} but the contract {contract} plays {played}", trump=trump, contract=contract, played=played))
        trump = played
    if trump is None:
        raise _fail(at(), M("the trump is missing: write trump: Eichel (or Obenabe, Undenufe) or a contract"))
    return trump


def _read_tricks(value: Any, size: int, at) -> tuple[tuple[Card, ...], ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise _fail(at("tricks"), M("tricks: a list, one trick a line starting with '- '"))
    if len(value) > size:
        raise _fail(at("tricks", size), M("tricks: {tricks}, but the hands hold {cards} each", tricks=_tricks(len(value)), cards=_cards(size)))
    seen: dict[Card, int] = {}
    tricks = []
    for n, item in enumerate(value, 1):
        where = at("tricks", n - 1)
        texts = item.split(",") if isinstance(item, str) else item
        if not isinstance(texts, list):
            raise _fail(where, M("trick {n}: four cards, separated by commas, the lead first", n=n))
        if len(texts) != 4:
            raise _fail(where, M("trick {n}: four cards, separated by commas, the lead first (this one has {got})",
                                 n=n, got=len(texts)))
        cards = []
        for i, text in enumerate(texts):
            w = at("tricks", n - 1, i)
            try:
                card = Card.parse(str(text))
            except ParseError as e:
                raise e.at(join(w, ": ", M("trick {n}: ", n=n))) from None
            if card in seen:
                raise _fail(w, M("trick {n}: {card} was already played in trick {seen}", n=n, card=card, seen=seen[card]))
            seen[card] = n
            cards.append(card)
        tricks.append(tuple(cards))
    return tuple(tricks)


# -- writing -----------------------------------------------------------------------------

def dumps(game: PlayedGame) -> str:
    """The game as game-file text (``loads`` reads it back)."""
    from tutor.partie import rules_spec

    out = []
    spec = rules_spec(game.rules) if game.rules is not None else "verband"
    if spec != "verband":
        out.append(f"rules: {_flow(spec)}")
    out.append("hands:")
    out += [f"  {s}: {game.hands[s]}" for s in SEATS]
    if game.auction is not None:
        a, shift = game.auction, SEATS.index(game.vorhand or "A")
        out.append("auction: [" + ", ".join(
            _flow(f"{table_seat(e.seat, shift)}: {e.call}" if a.format_entry(e) != str(e.call) else str(e.call))
            for e in a.entries) + "]")
    if game.contract is not None:
        out += [f"contract: {game.contract}", f"declarer: {game.declarer}"]
        if game.double:
            out.append("double: true")
        if game.redouble:
            out.append("redouble: true")
    out.append(f"trump: {game.trump}")
    out.append(f"leader: {game.leader}")
    if game.vorhand is not None:
        out.append(f"vorhand: {game.vorhand}")
    if game.weis is not None:
        kind, items = game.weis
        out.append("weis: {" + ", ".join(f"{k}: {v if kind == 'points' else _flow(str(v))}"
                                         for k, v in items) + "}")
    out.append("tricks:" if game.tricks else "tricks: []")
    out += ["  - " + ", ".join(str(c) for c in t) for t in game.tricks]
    return "\n".join(out) + "\n"


def _flow(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


# -- the replay --------------------------------------------------------------------------

@dataclass(frozen=True)
class Trick:
    """One trick of the replay: who led, the cards in the order played, who took it, what
    it counts (with the 5 for the last trick) and the running card points."""

    n: int
    leader: str
    cards: tuple[Card, ...]
    winner: str
    points: int
    last: bool
    total: Mapping[str, int]

    @property
    def seats(self) -> tuple[str, ...]:
        return seats_from(self.leader)[:len(self.cards)]

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [str(c) for c in self.cards],
                "winner": self.winner, "points": self.points}


@dataclass(frozen=True)
class Illegal:
    """The first card that breaks a rule of play: in which trick, by whom, which rule."""

    trick: int
    seat: str
    card: Card
    rule: Rule
    where: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat, "card": str(self.card), "rule": self.rule.key}

    def text(self, lang: "str | None" = None) -> str:
        return _("trick {trick}, {seat}: {card} is not allowed: {rule}", lang, trick=self.trick,
                 seat=self.seat, card=self.card, rule=self.rule)


@dataclass(frozen=True)
class Replay:
    """A game replayed: the tricks up to the end (or to the first illegal card), the card
    points, Weis and Stöck, and with a contract the game on the board."""

    game: PlayedGame
    tricks: tuple[Trick, ...]
    points: Mapping[str, int]
    illegal: Illegal | None = None
    stoeck: tuple[str, str, int] | None = None    # (seat, team, the trick that completed it)
    weis: Any = None                               # tutor.weis.Settlement, or None
    weis_points: Mapping[str, int] = field(default_factory=lambda: {"AC": 0, "BD": 0})
    row: Any = None                                # tutor.partie.Row: the game on the board

    @property
    def legal(self) -> bool:
        return self.illegal is None

    @property
    def complete(self) -> bool:
        return self.legal and len(self.tricks) == self.game.size

    def deal_after(self, n: int) -> Deal:
        """The deal after the first ``n`` tricks of the replay (0 <= n < the tricks
        replayed): the cards left, led by the winner of trick ``n``."""
        g = self.game
        if not 0 <= n <= len(self.tricks) or n >= g.size:
            raise TutorError(Mn("no deal after {n} trick: the replay has {replayed} of {size}",
                                "no deal after {n} tricks: the replay has {replayed} of {size}", n,
                                replayed=len(self.tricks), size=g.size))
        played = {c for t in self.tricks[:n] for c in t.cards}
        leader = self.tricks[n - 1].winner if n else g.leader
        return Deal(tuple(Hand(set(g.hands[s]) - played) for s in SEATS), g.trump, leader,
                    g.declarer, g.misere)

    def entry(self):
        """The game as a :class:`tutor.partie.Game` for the board (a complete game with a
        contract), or a TutorError saying what is missing."""
        g = self.game
        if not self.legal:
            raise IllegalPlayError(join(self.illegal.where, ": ", self.illegal), illegal=self.illegal)
        if g.contract is None:
            raise _fail(g.source, M("no contract: write contract and declarer into the game file"))
        if g.size != HAND_SIZE or len(self.tricks) != g.size:
            raise _fail(g.source, M("the game is not over: {n_tricks} of {hand_size} tricks (hands of {cards})", n_tricks=len(self.tricks), hand_size=HAND_SIZE, cards=_cards(g.size)))
        from tutor.partie import Game

        weis_points: tuple = ()
        weis_cards: tuple = ()
        if g.rules.weis:
            if g.weis is None:
                weis_cards = _shown(g)
            elif g.weis[0] == "cards":
                weis_cards = g.weis[1]
            else:
                weis_points = g.weis[1]
        return Game(g.contract, g.declarer, self.points[team_of(g.declarer)], g.double,
                    g.redouble, weis_points, weis_cards,
                    (self.stoeck[1],) if self.stoeck else ())

    def to_json(self) -> dict[str, Any]:
        g = self.game
        d: dict[str, Any] = {"tricks": [t.to_json() for t in self.tricks],
                             "points": dict(self.points), "legal": self.legal}
        if self.illegal is not None:
            d["error"] = self.illegal.to_json()
        d.update({"trump": str(g.trump), "leader": g.leader, "complete": self.complete,
                  "weis": dict(self.weis_points),
                  "stoeck": self.stoeck[1] if self.stoeck else None,
                  "contract": str(g.contract) if g.contract is not None else None,
                  "declarer": g.declarer})
        if self.row is not None:
            s = self.row.score
            d["result"] = {"made": s.made, "target_points": s.target_points,
                           "board": dict(self.row.points)}
        return d


def _shown(game: PlayedGame) -> tuple[tuple[str, Hand], ...]:
    """Every Weis of every hand, as the cards each player shows."""
    from tutor import weis as weis_mod

    shown = []
    for s in SEATS:
        found = weis_mod.find(game.hands[s], game.rules.long_weis)
        if found:
            shown.append((s, Hand({c for w in found for c in w.cards})))
    return tuple(shown)


def _trump_kind(trump: Trump):
    return trump.suit if trump.suit is not None else trump.trumpless


def replay(game: PlayedGame) -> Replay:
    """Play the game's cards by the rules of play; stop at the first illegal card.

    A card its player does not hold (any more) is an error of the file
    (:class:`~tutor.errors.ParseError`), not an illegal play."""
    trump = game.trump
    left = {s: set(game.hands[s]) for s in SEATS}
    holder = {c: s for s in SEATS for c in game.hands[s]}
    total = {"AC": 0, "BD": 0}
    tricks: list[Trick] = []
    illegal = None
    stoeck_seat = _stoeck_holder(game)
    stoeck = None
    leader = game.leader
    for n, cards in enumerate(game.tricks, 1):
        order = seats_from(leader)
        for i, (seat, card) in enumerate(zip(order, cards)):
            rule = illegal_reason(card, left[seat], cards[:i], trump)
            if rule is NOT_IN_HAND:
                where = game.where("tricks", n - 1, i)
                if card not in holder:
                    raise _fail(where, M("trick {n}: {card} is not in {seat}'s hand (nor in any other; {leader} led this trick)", n=n, card=card, seat=seat, leader=leader))
                raise _fail(where, M("trick {n}: {card} is not in {seat}'s hand ({holder} holds it; {leader} led this trick)", n=n, card=card, seat=seat, holder=holder[card], leader=leader))
            if rule is not None:
                illegal = Illegal(n, seat, card, rule, game.where("tricks", n - 1, i))
                break
            left[seat].discard(card)
        if illegal is not None:
            break
        won = order[winner(cards, trump)]
        last = n == game.size
        points = trick_points(cards, trump, last)
        total[team_of(won)] += points
        tricks.append(Trick(n, leader, tuple(cards), won, points, last, dict(total)))
        if stoeck_seat and stoeck is None and not (_stoeck_cards(trump) & left[stoeck_seat]):
            stoeck = (stoeck_seat, team_of(stoeck_seat), n)
        leader = won
    result = Replay(game, tuple(tricks), total, illegal, stoeck)
    weis, weis_points = _weis(game)
    result = dataclasses.replace(result, weis=weis, weis_points=weis_points)
    if result.complete and game.contract is not None and game.size == HAND_SIZE:
        from tutor.partie import Partie

        vorhand = game.vorhand or game.leader
        dealer = SEATS[(SEATS.index(vorhand) - 1) % 4]
        try:
            row = Partie(game.rules, (), (), dealer).add(result.entry()).rows[0]
        except TutorError as e:
            raise e.at(f"{game.source}: ") from None
        result = dataclasses.replace(result, row=row, weis=row.weis or weis,
                                     weis_points={t: row.score.weis.get(t, 0) for t in TEAMS})
    return result


def _stoeck_cards(trump: Trump) -> set[Card]:
    return {Card(trump.suit, Rank.KOENIG), Card(trump.suit, Rank.OBER)} if trump.suit else set()


def _stoeck_holder(game: PlayedGame) -> str | None:
    """The seat that holds König and Ober of the trump, when the table counts Stöck."""
    both = _stoeck_cards(game.trump)
    if not both or not game.rules.stoeck:
        return None
    return next((s for s in SEATS if both <= set(game.hands[s])), None)


def _weis(game: PlayedGame):
    """(settlement or None, points per team) of the Weis shown, as the table counts it."""
    from tutor import weis as weis_mod

    zero = {"AC": 0, "BD": 0}
    if not game.rules.weis:
        return None, zero
    if game.weis is not None and game.weis[0] == "points":
        return None, {**zero, **dict(game.weis[1])}
    shown = _shown(game) if game.weis is None else game.weis[1]
    if not shown:
        return None, zero
    declared = {s: weis_mod.find(h, game.rules.long_weis) for s, h in shown}
    vorhand = game.vorhand or game.leader
    first = vorhand if game.rules.weis_order == "vorhand" else game.leader
    settlement = weis_mod.settle(declared, _trump_kind(game.trump), first)
    return settlement, {**zero, **{t: p for t, p in settlement.points.items()}}


__all__ = ["PlayedGame", "Trick", "Illegal", "Replay", "load", "loads", "dumps", "replay",
           "KEYS"]


# -- the replay as text ------------------------------------------------------------------

def _board(points: Mapping[str, int]) -> str:
    return f"AC {points['AC']} : BD {points['BD']}"


def lines(result: Replay, lang: str = "de", header: bool = True, board: bool = True) -> list[str]:
    """The replay trick by trick, as ``tutor play`` prints it (without the illegal card,
    which goes to the error line); without ``header`` the first line (contract, leader),
    without ``board`` the last two (made or missed, the board)."""
    g = result.game
    out = []
    if header:
        out.append(_header(g, lang))
    played = [", ".join(f"{s} {c}" for s, c in zip(t.seats, t.cards)) for t in result.tricks]
    width = max((len(p) for p in played), default=0)
    for t, p in zip(result.tricks, played):
        if t.last:
            pts = _("{cards} + 5 for the last trick = {points}", lang, cards=t.points - 5, points=t.points)
        else:
            pts = str(t.points)
        out.append(_("Trick {n}: {cards}  -> {winner} takes {points}  ({board})", lang, n=t.n,
                     cards=p.ljust(width), winner=t.winner, points=pts, board=_board(t.total)))
        if t.n == 1:
            out += [f"   {x}" for x in _weis_lines(result, lang)]
        if result.stoeck and result.stoeck[2] == t.n:
            seat, team, _trick = result.stoeck
            out.append("   " + _("Stöck: {seat} ({team}) 20, {trump} King and Ober", lang,
                                      seat=seat, team=team, trump=g.trump))
    if result.illegal is not None:
        return out
    if result.complete:
        out.append(_("Card points: {board}", lang, board=_board(result.points)))
    else:
        out.append(ngettext("Card points: {board} (after {played} of {n} trick)",
                            "Card points: {board} (after {played} of {n} tricks)", g.size, lang,
                            board=_board(result.points), played=len(result.tricks)))
    if result.row is not None and board:
        s = result.row.score
        said = dict(contract=g.contract, points=s.target_points, team=s.team if s.made else other(s.team))
        out.append(_("{contract}: made, {points} target points for {team}", lang, **said) if s.made
                   else _("{contract}: missed, {points} target points for {team}", lang, **said))
        out.append(_("Board: {board}", lang, board=_board(result.row.points)))
    return out


def _header(g: PlayedGame, lang: str) -> str:
    """The contract (or the trump) and who leads."""
    if g.contract is None:
        return _("Trump {trump}; {leader} leads", lang, trump=g.trump, leader=g.leader)
    how = [f"{g.contract}", _("declarer {seat}", lang, seat=g.declarer)]
    if g.redouble:
        how.append(_("doubled and redoubled (konter)", lang))
    elif g.double:
        how.append(_("doubled", lang))
    return _("{contract}; {leader} leads", lang, contract=", ".join(how), leader=g.leader)


def _weis_lines(result: Replay, lang: str) -> list[str]:
    if not result.game.rules.weis:
        return []
    s = result.weis
    if s is None or s.team is None:
        written = {t: p for t, p in result.weis_points.items() if p}
        if not written:
            return [_("Weis: none", lang)]
        return [f"Weis: {t} {p}" for t, p in written.items()]
    shown = [f"{seat} {w}" for seat, ws in s.declared.items() if team_of(seat) == s.team for w in ws]
    return [f"Weis: {s.team} {s.points[s.team]} (" + "; ".join(shown) + ")"]
