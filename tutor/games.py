"""The bidding games of the rules folder as one table of data.

``bietspiele.txt`` describes what the Jass bidding games share (one auction: each bid
above the last, fort, the end after a bid when the others have said fort) and what each
fixes for itself: lowest bid and smallest step, whether a bid names a suit, when a fort
is final, what else ends the auction, who plays with whom, the Matsch, who leads, what
the bid binds. ``tarneeb.txt`` adds Tarneeb. Every game here is a row of :data:`GAMES`;
its auction is an :class:`~tutor.auction.AuctionSpec` built from the row, so all games
share the one :class:`~tutor.auction.Auction` (Sidi-Barrani's spec comes from its table
rules, Tarneeb's from its own).

Where a text names a rule but not its detail, the row says so in ``notes`` (shown by
``tutor games`` and ``tutor auction``) instead of inventing the detail. ``limit`` is the
tutor's own end of the ladder where the text names no highest bid.

Texts are pairs ``(German, English)``; :func:`say` picks one.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Mapping

from tutor.auction import (BID, DOUBLE, FORT, REDOUBLE, WORD, Auction, AuctionSpec,
                           describe_ladder, parse_sidi_strain, typed_in)
from tutor.errors import TutorError
from tutor.i18n import M, _, both, semicolon

Text = M   # a text of the games' rules: a catalog message


def say(text: Text, lang: str = "de") -> str:
    return text.text(lang)


# What ends an auction, in the text's words.
END_FORTS: Text = M("after a bid the other players have said fort (or are out)")
END_ALL_FORT: Text = M("if everybody says fort, the cards are dealt anew")
END_DOUBLE: Text = M("a double ends the bidding")
END_PANDUR: Text = M("the call 'Pandur mit' ends the bidding")

SIDES: dict[str, Text] = {
    "teams": M("fixed teams before the bidding (A and C against B and D)"),
    "alone": M("the highest bidder alone against all the others"),
    "card": M("the highest bidder names a card; whoever holds it is his partner"),
    "card_optional": M("the highest bidder may ask for a card; whoever holds it is his partner"),
}

FORT_FINAL: dict[str, Text] = {
    "always": M("a fort is final"),
    "never": M("a player who said fort may bid again later"),
    "after_bid": M("a fort is final only once somebody has bid"),
}


@dataclass(frozen=True)
class Passing:
    """How a game's texts name the call that leaves the auction (:attr:`Game.passing`): the
    Jass "fort", Tarneeb's "pass". ``note``: a call's note for it (None: the fort's, by the
    table's ``fort_final``); ``all_out``: added to that note when everybody left ({note});
    ``annulled``: the state of an auction that everybody left; ``ended``: how an auction ended
    by it after a bid; ``rule``: ``tutor games``' line on it (None: the fort's, by ``fort_final``)."""

    note: "Text | None"
    all_out: Text
    annulled: Text
    ended: Text
    rule: "Text | None"


FORT_CALL = Passing(None, M("{note}; all fort: deal anew"),
                    M("Everybody said fort: no game, the cards are dealt anew."),
                    M("after the bid the others said fort"), None)
# Tarneeb's pass is no Jass fort (issue 26 leftover: each pass read "fort: out ..."): final, and
# four passes annul the deal ("the next player deals")
TARNEEB_PASS = Passing(M("pass: out for this auction"), M("{note}; all four passed: the deal is annulled"),
                       M("All four passed: the deal is annulled, the next player deals."),
                       M("after the bid the others passed"), M("pass: a pass is final"))

NOT_NAMED_BOARD: Text = M("What goes on the board each game settles for itself; the text of the bidding games does not say.")
NOT_NAMED_TOP: Text = M("The text names no highest bid; the tutor accepts numbers up to {limit} (its own limit, not the text's).")


@dataclass(frozen=True)
class Game:
    """One row of the table: a bidding game's auction rules and what follows from the bid."""

    id: str
    name: str
    seats: int
    lowest: int
    step: int
    limit: int                          # the last number on the ladder
    top_named: bool                     # the text names the highest bid
    names_suit: bool                    # a bid names the trump suit with the number
    fort_final: str                     # always | never | after_bid
    sides: str                          # teams | alone | card | card_optional
    doubling: bool                      # the auction knows a double (which ends it)
    ends: tuple[Text, ...]
    leads: Text
    binds: Text
    failure: Text
    matsch: Text
    words: tuple[str, ...] = ()         # bids above every number, lowest first
    closing: tuple[str, ...] = ()       # bids that end the auction as soon as made
    aliases: Mapping[str, str] = field(default_factory=dict)
    dealer_sits_out: bool = False
    table_note: "Text | None" = None    # a remark on the lowest bid and step
    notes: tuple[Text, ...] = ()        # rules the text names without their detail
    passing: Passing = FORT_CALL        # the words for the call that leaves the auction
    source: str = "bietspiele.txt"

    @property
    def ladder(self) -> tuple[int | str, ...]:
        return tuple(range(self.lowest, self.limit + 1, self.step)) + self.words

    def spec(self, rules=None) -> AuctionSpec:
        """The game's auction. Sidi-Barrani's and Tarneeb's depend on their table rules."""
        if self.id == "sidi-barrani":
            from tutor.auction import sidi_barrani_spec

            return sidi_barrani_spec(rules)
        if self.id == "tarneeb":
            from tutor import tarneeb

            return tarneeb.auction_spec(tarneeb.load_rules(rules))
        return _jass_spec(self.id)

    def all_notes(self, rules=None) -> tuple[Text, ...]:
        notes = list(self.notes)
        if not self.top_named:
            notes.append(M(NOT_NAMED_TOP.msgid, limit=self.limit))
        return tuple(notes)

    def seat_names(self) -> tuple[str, ...]:
        return tuple("ABCDEFGH"[: self.seats])

    def to_json(self, lang: str = "de", rules=None) -> dict:
        spec = self.spec(rules)
        numbers = [x for x in spec.ladder if isinstance(x, int)]
        return {
            "id": self.id, "name": self.name, "seats": list(spec.seat_names),
            "lowest_bid": numbers[0], "step": numbers[1] - numbers[0],
            "highest_bid": (spec.ladder[-1] if self.top_named else None),
            "words": [x for x in spec.ladder if isinstance(x, str)],
            "names_suit": self.names_suit, "fort_final": spec.fort_final,
            "sides": self.sides, "doubling": spec.doubling,
            "dealer_sits_out": self.dealer_sits_out,
            "ends": [say(t, lang) for t in self.ends],
            "leads": say(self.leads, lang), "binds": say(self.binds, lang),
            "failure": say(self.failure, lang), "matsch": say(self.matsch, lang),
            "notes": [say(t, lang) for t in self.all_notes(rules)],
            "source": self.source,
        }


def _bieter(id: str, name: str, seats: int, lowest: int, step: int, sides: str,
            extra_notes: tuple[Text, ...] = (), table_note: "Text | None" = None) -> Game:
    against = {"alone": M("the König against the other players"),
               "card": M("the König and the holder of the named card against the others")}[sides]
    return Game(
        id=id, name=name, seats=seats, lowest=lowest, step=step, limit=5000, top_named=False,
        names_suit=False, fort_final="after_bid", sides=sides, doubling=False,
        ends=(END_FORTS, END_ALL_FORT),
        leads=M("the König leads the first card in the first game"),
        binds=M("the whole Partie. The König collects his points over several games and wins as soon "
                "as they reach his bid, before the Bauernpartei has 1000 ({sides})", sides=against),
        failure=M("if the Bauernpartei reaches 1000 first, the König has lost; what then goes on the board the text does not say"),
        matsch=M("not named for the Bieter in the text"),
        table_note=table_note,
        notes=(M("A bid names only the points; the König chooses the kind of game afterwards. Which kinds he may choose the text does not say."),
               M("Whether the Bieter doubles the text does not say; the tutor offers no double."),
               NOT_NAMED_BOARD) + extra_notes,
    )


_CARD_NOTE: Text = M("Which card the König names, and when, the text does not say; the auction does not show the partner (sides: null).")

GAMES: dict[str, Game] = {g.id: g for g in (
    Game(
        id="sidi-barrani", name="Sidi-Barrani", seats=4, lowest=50, step=5, limit=150,
        top_named=True, names_suit=True, fort_final="always", sides="teams", doubling=True,
        ends=(END_FORTS, END_DOUBLE, END_ALL_FORT),
        leads=M("the highest bidder leads the first card"),
        binds=M("one game; only the card points count toward the bid"),
        failure=M("the other side writes the target points"),
        matsch=M("the Matsch is the highest bid, called with 157, all points of a game"),
        table_note=M("the Jassverband's recommendation; table rules: --rules"),
        notes=(M("Every detail is in the lessons (tutor lessons); lowest bid, step, fort and doubling "
                 "follow the table rules (--rules)."),),
        source="sidi-barrani.txt, bietspiele.txt",
    ),
    Game(
        id="bolschewik", name="Bolschewik", seats=4, lowest=90, step=5, limit=1000,
        top_named=False, names_suit=True, fort_final="always", sides="teams", doubling=True,
        ends=(END_FORTS, END_DOUBLE, END_ALL_FORT),
        leads=M("the highest bidder leads the first card"),
        binds=M("one game: if the declarer reaches the number, the points go to his side"),
        failure=M("the points go to the other side"),
        matsch=M("not named for the Bolschewik in the text"),
        notes=(M("The text does not give the number of players; the tutor reads 'the three other players' and the fixed teams as four players, A and C against B and D."),
               M("A double ends the bidding. Who may double until when, and whether there is a konter, the text does not say; the tutor lets an opponent double the standing bid until the next player has bid or said fort (as the Verband does for Sidi-Barrani), without konter."),
               M("A bid names points and a suit; whether trumpless kinds (Obenabe, Undenufe) count too the text does not say: the tutor takes the four suits."),
               M("What counts toward the bid (card points, Weis) the text does not say."),
               NOT_NAMED_BOARD),
    ),
    _bieter("bieter-3", "Bieter zu dritt", 3, 600, 10, "alone"),
    _bieter("bieter-3-innerschweiz", "Bieter zu dritt (Innerschweiz)", 3, 500, 5, "alone",
            table_note=M("in Central Switzerland")),
    _bieter("bieter-4", "Bieter zu viert", 4, 350, 10, "alone"),
    _bieter("bieter-5", "Bieter zu fünft", 5, 600, 10, "card", extra_notes=(_CARD_NOTE,)),
    Game(
        id="palette", name="Palette", seats=4, lowest=110, step=1, limit=1000, top_named=False,
        names_suit=False, fort_final="always", sides="card_optional", doubling=False,
        ends=(END_FORTS, END_ALL_FORT),
        leads=M("who leads the text does not say for the Palette"),
        binds=M("what the bid binds in the Palette the text does not say"),
        failure=M("the text does not say"),
        matsch=M("'Matsch mit Partner' can be overbid only by 'Matsch alleine'"),
        words=("Matsch mit Partner", "Matsch alleine"),
        aliases={"matsch": "Matsch mit Partner"},
        notes=(M("The text does not give the number of players; the tutor reads 'the three other players' as four."),
               M("The highest bidder may ask for a card; whoever holds it becomes his partner. The auction does not show the partner (sides: null), except after 'Matsch alleine', which the tutor reads as playing without a partner."),
               M("'Matsch' alone stands for 'Matsch mit Partner'; both Matsch bids rank above every number. What they bring on the board the text does not say."),
               NOT_NAMED_BOARD),
    ),
    Game(
        id="pandur", name="Pandur", seats=3, lowest=100, step=10, limit=1000, top_named=False,
        names_suit=False, fort_final="always", sides="alone", doubling=False,
        ends=(END_FORTS, END_PANDUR, END_ALL_FORT),
        leads=M("the highest bidder leads the first card"),
        binds=M("one game; card points and Weis together count toward the bid"),
        failure=M("the points go to the other side and to the dealer, who sits out"),
        matsch=M("not named for the Pandur in the text; 'Pandur mit' ends the bidding"),
        words=("Pandur mit",), closing=("Pandur mit",), dealer_sits_out=True,
        notes=(M("The highest bidder plays alone against the two others, and the dealer sits out: three players bid, A B C (the dealer not counted)."),
               M("What 'Pandur mit' announces the text does not say, only that it ends the bidding. The tutor reads it as a bid above every number: whoever says it takes the game."),
               M("A bid names only the points; the highest bidder chooses the kind of game afterwards."),
               NOT_NAMED_BOARD),
    ),
    Game(
        id="tarneeb", name="Tarneeb", seats=4, lowest=7, step=1, limit=13, top_named=True,
        names_suit=False, fort_final="always", sides="teams", doubling=False,
        ends=(M("the bidding ends when after a bid three players in a row have passed (a pass is final)"),
              M("if all four pass, the deal is annulled and the next player deals")),
        leads=M("the highest bidder names the trump suit and leads to the first trick"),
        binds=M("one hand (13 tricks): made, the partnership scores the tricks it actually took"),
        failure=M("set, the partnership subtracts its bid; the defenders always score their tricks"),
        matsch=M("13 tricks bid and made: a bonus of 16 or double the bid (table rule)"),
        table_note=M("tricks of 13, without a suit"),
        notes=(M("Sonne (no trump, overcalls a suit bid of the same number) and Kabsh (all 13 tricks without a bid of 13) are table rules (--rules); Tarneeb 400 the text describes in a way that cannot be scored: 120 card points in a deck, 400 as the target."),),
        source="tarneeb.txt", passing=TARNEEB_PASS,
    ),
)}

GAME_IDS: tuple[str, ...] = tuple(GAMES)


def get(game_id: str | None) -> Game:
    """The game with this id (None: Sidi-Barrani); a clear error for an unknown one."""
    key = (game_id or "sidi-barrani").strip().lower()
    if key not in GAMES:
        raise TutorError(M("unknown game {game_id!r} (games: {known})", game_id=game_id, known=', '.join(GAMES)))
    return GAMES[key]


@lru_cache(maxsize=None)
def _jass_spec(game_id: str) -> AuctionSpec:
    """The auction of a Jass bidding game other than Sidi-Barrani, from its row."""
    from tutor.cards import SUITS

    g = GAMES[game_id]
    return AuctionSpec(
        name=g.name, ladder=g.ladder, seats=g.seats,
        strains=tuple(s.value for s in SUITS) if g.names_suit else None,
        parse_strain=parse_sidi_strain if g.names_suit else None,
        fort_final=g.fort_final,
        teams=((0, 2), (1, 3)) if g.sides == "teams" else None,
        doubling=g.doubling, redoubling=False,
        closing_bids=g.closing,
        aliases=dict(g.aliases),
    )


# -- refereeing an auction ---------------------------------------------------------
@dataclass(frozen=True)
class Referee:
    """An auction of one game, read call by call: what each call does and where it ends."""

    game: Game
    auction: Auction
    notes: tuple[tuple[str, str, Text], ...]   # (seat, call, what it does) per call
    rules: object = None

    @property
    def sides(self) -> list[list[str]] | None:
        """Who plays with whom, declarer's side first; None while the auction does not
        settle it (before its end in the König games; a partner named by a card)."""
        return sides_of(self.game, self.auction)

    @property
    def partner(self) -> dict | None:
        g, a = self.game, self.auction
        if g.sides == "card" and a.declarer:
            return {"by": "card", "known": False}
        if g.sides == "card_optional" and a.declarer:
            alone = str(a.high_bid) == "Matsch alleine"
            return {"by": "card", "known": alone, "alone": alone}
        return None

    @property
    def leads(self) -> str | None:
        """The seat that leads the first card, where the text says who it is."""
        if not self.auction.declarer or self.game.id == "palette":
            return None
        return self.auction.declarer

    def next_calls(self) -> dict | None:
        a = self.auction
        legal = a.legal_calls()
        if not legal:
            return None
        bids = [c for s, c in legal if c.kind == BID]
        nums = [c for c in bids if isinstance(c.level, int)]
        others = [f"{s}: {c}" if c.kind in (DOUBLE, REDOUBLE) else str(c)
                  for s, c in legal if c.kind != BID or not isinstance(c.level, int)]
        return {"seat": a.next_seat, "lowest_bid": (str(nums[0].level) if nums else None),
                "highest_bid": (str(nums[-1].level) if nums else None),
                "calls": others}

    def to_json(self, lang: str = "de") -> dict:
        a = self.auction
        return {
            "game": self.game.id, "auction": str(a),
            "over": a.over, "next": a.next_seat,
            "high_bid": (str(a.high_bid) if a.high_bid is not None else None),
            "declarer": a.declarer, "sides": self.sides,
            "ended_by": a.ended_by, "annulled": a.annulled, "out": list(a.out),
            "multiplier": a.multiplier, "partner": self.partner, "leads": self.leads,
            "calls": [{"seat": s, "call": c, "note": say(n, lang)} for s, c, n in self.notes],
            "next_calls": self.next_calls(),
            "binds": say(self.game.binds, lang) if a.declarer else None,
            "notes": [say(t, lang) for t in self.game.all_notes(self.rules)],
        }

    def text(self, lang: str = "de") -> str:
        g, a = self.game, self.auction
        # a double and a konter as the user types them in his language (French: contre,
        # surcontre); --json keeps the calls' own words, for programs
        shown = ", ".join(f"{e.seat}: {typed_in(e.call, lang)}" if e.call.kind in (DOUBLE, REDOUBLE)
                          else str(e.call) for e in a.entries)
        lines = [f"{g.name}: {shown}" if len(a) else f"{g.name}: " + _("(no call yet)", lang)]
        for i, (seat, call, note) in enumerate(self.notes, start=1):
            lines.append(f"  {i:>2}. {seat}  {typed_in(call, lang):<20} {say(note, lang)}")
        lines.append(_state_text(self, lang))
        notes = g.all_notes(self.rules)
        if notes:
            lines.append(_("Not in the text, or not in detail:", lang))
            lines += [f"  - {say(t, lang)}" for t in notes]
        return "\n".join(lines)


def sides_of(game: Game, auction: Auction) -> list[list[str]] | None:
    spec = auction.spec
    names = spec.seat_names
    d = auction.declarer
    if game.sides == "teams" and spec.teams:
        teams = [[names[i] for i in t] for t in spec.teams]
        if d:
            teams.sort(key=lambda t: d not in t)
        return teams
    if not d:
        return None
    rest = [s for s in names if s != d]
    if game.sides == "alone" or (game.sides == "card_optional" and str(auction.high_bid) == "Matsch alleine"):
        return [[d], rest]
    return None


def _join(seats: list[str], lang: str) -> str:
    return both(seats).text(lang)


def _state_text(ref: Referee, lang: str) -> str:
    g, a = ref.game, ref.auction
    out: list[str] = []
    if a.annulled:
        return say(g.passing.annulled, lang)
    if not a.over:
        nxt = ref.next_calls()
        if a.high_bid is None:
            out.append(_("The bidding goes on; {seat} is to call.", lang, seat=a.next_seat))
        else:
            out.append(_("The bidding goes on: {bidder}'s {bid} stands; {seat} is to call.", lang,
                         bidder=a.high.seat, bid=a.high_bid, seat=a.next_seat))
        if nxt and nxt["lowest_bid"]:
            span = nxt["lowest_bid"] if nxt["lowest_bid"] == nxt["highest_bid"] else \
                f"{nxt['lowest_bid']} … {nxt['highest_bid']}"
            if g.names_suit:
                span = _("{bids} (with a suit)", lang, bids=span)
            out.append("  " + _("Possible: {calls}", lang, calls=", ".join([span, *nxt["calls"]])))
        elif nxt:
            out.append("  " + _("Possible: {calls}", lang, calls=", ".join(nxt["calls"])))
        return "\n".join(out)
    ended = {"forts": g.passing.ended,
             "double": M("a double ended it"),
             "closing": M("«{bid}» ended it", bid=a.high_bid),
             "word": M("a closing word ended it")}.get(a.ended_by, "")
    out.append(_("The bidding is over: {how}.", lang, how=ended))
    contract = (_("{bid} (doubled)", lang, bid=a.high_bid) if a.multiplier == 2 else
                _("{bid} (redoubled)", lang, bid=a.high_bid) if a.multiplier == 4 else a.high_bid)
    if g.id.startswith("bieter"):
        out.append(_("König: {seat} with {contract}.", lang, seat=a.declarer, contract=contract))
    else:
        out.append(_("Declarer: {seat} with {contract}.", lang, seat=a.declarer, contract=contract))
    sides = ref.sides
    if sides:
        if g.sides == "teams":
            out.append(_("{one} against {other}.", lang, one=both(sides[0]), other=both(sides[1])))
        else:
            out.append(_("{seat} plays alone against {others}.", lang, seat=a.declarer, others=both(sides[1])))
    else:
        text = say(SIDES[g.sides], lang)
        out.append(_("{sides} (not known from the auction).", lang, sides=text[0].upper() + text[1:]))
    if g.dealer_sits_out:
        out.append(_("The dealer sits out.", lang))
    out.append(_("Lead: {text}.", lang, text=g.leads))
    out.append(_("The bid binds: {text}.", lang, text=g.binds))
    out.append(_("Missed: {text}.", lang, text=g.failure))
    return "\n".join(out)


def referee(game_id: str | None, text: str, rules=None) -> Referee:
    """Read ``text`` as an auction of the game; an illegal or unreadable call raises
    (ParseError / IllegalCallError) naming the call at fault."""
    game = get(game_id)
    spec = game.spec(rules)
    if game.id == "tarneeb":
        from tutor import tarneeb

        auction = tarneeb.parse_auction(text, tarneeb.load_rules(rules))
    else:
        auction = Auction.parse(text, spec=spec)
    return Referee(game, auction, tuple(_call_notes(game, auction)), rules)


def _call_notes(game: Game, auction: Auction):
    spec = auction.spec
    a = Auction(spec)
    for e in auction.entries:
        before = a
        a = a.play(e.call, e.seat)
        c = e.call
        if c.kind == BID:
            if c.level in spec.closing_bids:
                note = M("ends the bidding at once; the caller takes the game")
            elif before.high_bid is None:
                note = M("first bid")
            else:
                note = M("overbids {bid}", bid=before.high_bid)
        elif c.kind == FORT:
            if game.passing.note is not None:
                note = game.passing.note
            elif spec.fort_final == "never":
                note = M("fort (may bid again later)")
            elif spec.fort_final == "after_bid" and before.high_bid is None:
                note = M("fort, not final yet: nobody has bid")
            else:
                note = M("fort: out for this auction")
            if a.annulled:
                note = game.passing.all_out(note=note)
            elif a.over:
                note = M("{note}; the bidding is over", note=note)
        elif c.kind == DOUBLE:
            note = M("doubles {bid}; the bidding is over", bid=before.high_bid)
        elif c.kind == REDOUBLE:
            note = M("konter: the target points double again")
        elif c.kind == WORD:
            note = M("ends the bidding")
        else:  # pragma: no cover - every kind is handled above
            note = M("")
        yield e.seat, str(c), note    # the seat has its own column: "C  dopple", not "C  C: dopple"


def describe_game(game: Game, lang: str = "de", rules=None) -> str:
    """A few lines on the game's auction rules (``tutor games``)."""
    spec = game.spec(rules)
    nums = [x for x in spec.ladder if isinstance(x, int)]
    lowest, step = nums[0], nums[1] - nums[0]
    seats = " ".join(spec.seat_names)
    unnamed = _("no highest bid named", lang)   # not inside the f-string: Babel would not extract it
    top = describe_ladder(spec.ladder) if game.top_named else \
        (f"{lowest}, {lowest + step}, … ({unnamed})" + ("".join(f", {w}" for w in game.words)))
    names = (M("points and trump suit") if game.names_suit else
             M("tricks only") if game.id == "tarneeb" else M("only the points"))
    lines = [
        f"{game.id} — {game.name}",
        "  " + (_("seats: {seats}  (the dealer sits out)", lang, seats=seats) if game.dealer_sits_out
                else _("seats: {seats}", lang, seats=seats)),
        "  " + (_("lowest bid {lowest}, step {step} ({note})", lang, lowest=lowest, step=step,
                  note=game.table_note) if game.table_note
                else _("lowest bid {lowest}, step {step}", lang, lowest=lowest, step=step)),
        "  " + _("bids: {bids}", lang, bids=top),
        "  " + _("a bid names: {what}", lang, what=names),
        "  " + (say(game.passing.rule, lang) if game.passing.rule is not None
                else _("fort: {text}", lang, text=say(FORT_FINAL[spec.fort_final], lang))),
        "  " + _("ends: {text}", lang, text=semicolon(lang).join(say(t, lang) for t in game.ends)),
        "  " + _("sides: {text}", lang, text=SIDES[game.sides]),
        "  " + _("Matsch: {text}", lang, text=game.matsch),
        "  " + _("lead: {text}", lang, text=game.leads),
        "  " + _("binds: {text}", lang, text=game.binds),
        "  " + _("missed: {text}", lang, text=game.failure),
    ]
    for t in game.all_notes(rules):
        lines.append("  ! " + say(t, lang))
    return "\n".join(lines)


def drill_engine(game_id: str):
    """The drill engine (``tutor.course.drills`` DrillEngine protocol) of a game other than
    Sidi-Barrani. Tarneeb has one; the Jass bidding games have no drills."""
    game = get(game_id)
    if game.id == "tarneeb":
        from tutor.tarneeb import DRILL_ENGINE

        return DRILL_ENGINE
    if game.id == "sidi-barrani":
        raise TutorError(M("Sidi-Barrani drills are run by tutor.course.drills itself"))
    raise TutorError(M("{name}: there are no drills for this game (drills: sidi-barrani, tarneeb)", name=game.name))
