"""``tutor table``: the session in a terminal, or reading a pipe one line at a time.

Each line is a call as it comes (``60ei``, ``70 sche``, ``60 auf Rosen``, ``D: dopple``)
or a word: ``?`` the full reasoning, ``next`` the open conventional calls, ``undo``,
``new [HAND]`` the next game, ``tafel`` the board, ``help``, ``end``. After the auction a
line of card points (``113``, or ``113 weis AC=50 stöck BD``), or ``played FILE`` (a game
file of ``tutor play``: its cards give the card points, Weis and Stöck), writes the game
on the Tafel (with ``--partie``) or shows what it would write. Every line printed is wrapped at
the terminal's width (60 columns in a pipe), never inside a word.
"""
from __future__ import annotations

import importlib
import shutil
import sys
import textwrap
from typing import Callable, Iterable, Iterator, TextIO

from tutor.cards import SUITS
from tutor.companion.session import Session
from tutor.errors import TutorError
from tutor.i18n import M, Mn, Msg, Number, _, join
from tutor.text import MAX_INPUT, one_line, printable, read_line

SUIT_NAMES = tuple(x.value for x in SUITS)

# The words the loop takes, in English, German and French (any of them, whatever --lang).
WORDS = {
    "why": ("?", "warum", "why", "pourquoi"),
    "next": ("next", "nächste", "naechste", "??", "suivantes"),
    "undo": ("undo", "zurück", "zurueck", "annuler"),
    "new": ("new", "neu", "nouvelle"),
    "end": ("end", "ende", "quit", "exit", "q", "fin"),
    "tafel": ("tafel", "board", "tableau"),
    "help": ("help", "h", "hilfe?", "aide"),
    "hand": ("hand", "blatt", "main"),
    "played": ("played", "gespielt", "joué", "joue"),
    "review": ("review", "besprechung", "revue"),
}
COMMAND = {w: key for key, words in WORDS.items() for w in words}


def width(stream: TextIO) -> int:
    """The terminal's width, 60 when the output is no terminal."""
    try:
        if stream.isatty():
            return max(20, shutil.get_terminal_size((60, 24)).columns)
    except (AttributeError, ValueError, OSError):
        pass
    return 60


class Table:
    """The loop: reads lines, drives a :class:`Session`, prints short wrapped lines."""

    def __init__(self, session: Session, out: TextIO, db: str | None = None,
                 partie: int | None | bool = False, columns: int | None = None) -> None:
        self.s = session
        self.out = out
        self.db = db
        self.partie = partie          # False: no Tafel; None: the newest Partie; N: that one
        self.columns = columns or width(out)
        self.written: tuple[int, int] | None = None   # (Partie id, number of games) once written
        self.shown: dict | None = None                 # the game shown without a Tafel
        self.played_path: str | None = None            # the game file of `played`, for `review`
        self.asked = False                             # new was refused once: a second new goes

    @property
    def lang(self) -> str:
        return self.s.lang

    # -- output ------------------------------------------------------------------------------
    def say(self, text: str, indent: str = "") -> None:
        for paragraph in text.split("\n"):
            lines = textwrap.wrap(paragraph, width=self.columns, initial_indent=indent,
                                  subsequent_indent=" " * len(indent) + "  ", break_long_words=True,
                                  break_on_hyphens=False) or [""]
            for line in lines:
                self.out.write(line + "\n")
        self.out.flush()

    def error(self, e: "TutorError | Msg | str") -> None:
        """A session error: one ``! ...`` line (wrapped), at most MAX_LINE characters."""
        text = e.text(self.lang) if callable(getattr(e, "text", None)) else str(e)
        self.say(one_line(_("Not taken: {error}", self.lang, error=text)), "! ")

    # -- the flow ----------------------------------------------------------------------------
    def start(self) -> None:
        s = self.s
        if s.hand is not None:
            self.say(_("Your hand ({seat}): {hand}", self.lang, seat=s.seat, hand=str(s.hand)))
        self.say(_("{dealer} deals, {vorhand} is Vorhand.", self.lang, dealer=s.dealer, vorhand=s.vorhand))
        if self.partie is not False:
            s.standing = self.standing()
            if s.standing is not None and s.hand is not None:
                self.say(_("The advice knows the Partie's score: AC {ac} : BD {bd}, {target} to win.", self.lang,
                           ac=s.standing.score["AC"], bd=s.standing.score["BD"], target=s.standing.target))
        self.after()

    def standing(self):
        """The score of the Partie on the Tafel, for the advice (as ``tutor bid --tafel``):
        a double that costs nothing against a team one game from winning, a free konter."""
        from tutor.judgement import Standing
        from tutor.tafel import Tafel

        with Tafel.open(self.db) as t:
            return Standing.of(t.stored(self.partie).partie)

    def after(self) -> None:
        """What follows a change: the advice, or the end of the auction."""
        s = self.s
        if s.over:
            self.say(s.state_line())
            if s.auction.annulled:
                self.write_game(None)
            elif self.written is None:
                team = s.declaring_team()
                self.say(_("Card points of {team}? (113, 113 weis AC=50 …, or played FILE)", self.lang,
                           team=team))
        line = s.advice_line()
        if line:
            self.say(line, "→ ")

    def handle(self, line: str) -> bool:
        """One line of input; False when the session ends."""
        text = line.strip()
        if not text:
            return True
        if len(text) > MAX_INPUT:
            self.error(M("the line is too long: at most {limit} characters are read",
                         limit=Number(MAX_INPUT)))
            return True
        word, _sep, rest = text.partition(" ")
        takes_rest = WORDS["new"] + WORDS["played"]
        cmd = COMMAND.get(word.lower()) if (not rest or word.lower() in takes_rest) else None
        if cmd == "end":
            return False
        asked, self.asked = self.asked, False
        try:
            if cmd == "why":
                for x in self.s.why():
                    self.say(x)
            elif cmd == "next":
                self.show_next()
            elif cmd == "undo":
                self.undo()
            elif cmd == "new":
                self.new(rest, again=asked)
            elif cmd == "tafel":
                self.show_tafel()
            elif cmd == "help":
                self.say(_("Calls like 60ei, 70 sche, D: dopple. ? why, next the open calls, undo, new HAND, "
                           "tafel, end.", self.lang))
            elif cmd == "hand":
                self.say(str(self.s.hand))
            elif cmd == "played":
                self.played(rest.strip())
            elif cmd == "review":
                self.review()
            elif self.s.over and text[:1].isdigit():
                self.card_points(text)
            else:
                self.call(text)
        except TutorError as e:
            self.error(e)
        except (Exception, RecursionError) as e:   # noqa: BLE001 - a defect must not end the game
            # a defect of the tutor, not of the line: one line, and the session goes on with
            # everything typed before (each step changes the state only once it has worked)
            self.error(M("{line}: an error in the tutor ({error}); the game so far is kept",
                         line=printable(repr(text[:60])), error=f"{type(e).__name__}: {e}"))
        return True

    def call(self, text: str) -> None:
        event = self.s.play(text)
        self.say(self.s.line(event))
        for w in self.s.warnings(event):
            self.say(w, "! ")
        self.after()

    def show_next(self) -> None:
        s = self.s
        readings = s.open_calls()
        if not readings:
            self.say(_("No call open any more.", self.lang))
            return
        advice = s.advice()
        best = advice.call if advice else None
        fits = {(str(r.call), r.seat) for r in advice.options} if advice else set()
        # one line per seat, bid and meaning: "A 60 (every suit): opening, Puur with three cards."
        groups: dict[tuple, list] = {}
        for r in readings:
            mark = ("*" if str(r.call) == best and r.seat == s.me else
                    "+" if (str(r.call), r.seat) in fits and r.seat == s.me else " ")
            c = r.call
            key = ((r.seat, c.level, s.summary(r), mark) if c.kind == "bid" and c.strain in SUIT_NAMES
                   else (r.seat, str(c), mark))
            groups.setdefault(key, []).append(r)
        for key, group in groups.items():
            mark, r = key[-1], group[0]
            if len(group) == 1:
                self.say(s.short(r), f"{mark} ")
                continue
            strains = [g.call.strain for g in group]
            where = (_("in any suit", self.lang) if len(strains) == len(SUIT_NAMES)
                     else "/".join(strains))
            self.say(_("{seat} {call}: {what}.", self.lang, seat=s.table_seat(r.seat),
                       call=f"{r.call.level} {where}", what=s.summary(r)), f"{mark} ")
        if advice is not None:
            self.say(_("* the recommendation, + fits your hand", self.lang))

    def undo(self) -> None:
        if self.written is not None:
            self.take_back_game()
            return
        self.shown = None
        event = self.s.undo()
        if event is None:
            self.say(_("Nothing to take back.", self.lang))
            return
        self.say(_("Taken back: {call}", self.lang, call=self.s.line(event)))
        self.after()

    def new(self, hand: str, again: bool = False) -> None:
        """The next game. With a Tafel its dealer is the board's (after four forts, an
        ``undo`` of a written game or a game left off, as the board says); a finished game
        whose card points are not written is left off only when ``new`` comes twice."""
        hand = hand.strip()
        if not hand:
            raise TutorError(M("new needs the next hand: new Eichel:AO9 Schellen:KU ..."))
        s = self.s
        s._hand(hand, M("the next hand"))          # a bad hand changes nothing
        if self.partie is not False and s.over and self.written is None and not again:
            self.asked = True
            self.say(_("This game is not on the Tafel yet: write its card points first (113, 113 weis "
                       "AC=50 …), or type new again to leave it off (then {dealer} deals again, as the "
                       "board says).", self.lang, dealer=s.dealer), "! ")
            return
        if self.partie is False:
            s.new(hand)
        else:
            board = self.board_for_next_game()
            if board.rules != s.rules:   # the next Partie of the Tafel plays other rules
                self.s = s = Session(None, s.seat, board.next_dealer, board.rules, s.lang, s.judge)
            s.new(hand, board.next_dealer)
        self.written = self.shown = None
        self.played_path = None
        self.say("—" * min(self.columns, 20))
        self.start()

    # -- the Tafel ---------------------------------------------------------------------------
    def card_points(self, text: str) -> None:
        if self.written is not None:
            raise TutorError(M("this game is on the Tafel already (undo takes it back)"))
        self.write_game(parse_points(text))

    def played(self, path: str) -> None:
        if not path:
            raise TutorError(M("played needs the game file: played FILE"))
        if self.written is not None:
            raise TutorError(M("this game is on the Tafel already (undo takes it back)"))
        game = self.s.played(path)
        self.played_path = path
        self.say(_("Played ({path}): {points} card points for {team}.", self.lang, path=printable(path),
                   points=game.card_points, team=game.team))
        self.write_game(None, game)

    def review(self) -> None:
        """``review``: the game given by ``played FILE`` reviewed (tutor review): every
        call, the contract's exact value, the cards that cost points (issue 24)."""
        from tutor.practice.game import review_at_table, table_lines

        path = self.played_path
        if path is None:
            raise TutorError(M("review needs the played cards first: played FILE"))
        for line in table_lines(self.s, review_at_table(self.s, path), self.lang):
            self.say(line)

    def write_game(self, result: "dict | None", game=None) -> None:
        """The game on the board: ``result`` is what the card points line says (the card
        points, Weis and Stöck, as ``tutor tafel add`` takes them), ``game`` a game
        already made (from a game file); four forts need neither."""
        from tutor.partie import Partie

        s = self.s
        if self.partie is False:
            game = game or s.game(**(result or {}), partie=Partie(s.rules))
            if game.fort:
                return
            score = s.score(game)
            self.shown = score
            self.say(_("On the board: AC {ac}, BD {bd}.", self.lang, ac=score["AC"], bd=score["BD"]))
            return
        from tutor.tafel import Tafel

        with Tafel.open(self.db) as t:
            board = t.stored(self.partie).partie
            if board.next_dealer != s.dealer and not board.over:
                raise TutorError(M("on the Tafel {board} deals the next game, not {dealer} (a game was "
                                   "written or taken back elsewhere): new HAND follows the board",
                                   board=board.next_dealer, dealer=s.dealer))
            game = game or s.game(**(result or {}), partie=board)   # Weis by the players' names too
            stored = t.add(game, self.partie)
        self.written = (stored.id, len(stored.partie.games))
        board = stored.partie.result.board
        what = _("four forts", self.lang) if game.fort else f"{game.contract}"
        self.say(_("Tafel, Partie {partie}, game {n} ({what}): AC {ac} : BD {bd}.", self.lang,
                   partie=stored.id, n=len(stored.partie.games), what=what, ac=board["AC"], bd=board["BD"]))
        p = stored.partie
        if p.over:   # who won it too, as the refusal to write on it says (QA s42 F7)
            self.say(_("The Partie is over after game {n} ({how}): the next game goes on a new Partie.", self.lang,
                       n=p.result.after, how=p.outcome()))
        self.say(_("Next game: new HAND.", self.lang))

    def take_back_game(self) -> None:
        from tutor.tafel import Tafel

        pid, n = self.written
        with Tafel.open(self.db) as t:
            stored = t.stored(pid)
            if len(stored.partie.games) != n:
                raise TutorError(Mn("Partie {partie} has changed since (now {n} game): take the game back "
                                    "with tutor tafel undo",
                                    "Partie {partie} has changed since (now {n} games): take the game back "
                                    "with tutor tafel undo", len(stored.partie.games), partie=pid))
            stored, _game = t.undo(pid)
        self.written = None
        board = stored.partie.result.board
        self.say(_("Game {n} taken off the board: AC {ac} : BD {bd}.", self.lang, n=n, ac=board["AC"],
                   bd=board["BD"]))

    def board_for_next_game(self):
        """The Partie the next game goes on: the session's; once it is over, the Tafel's
        open newest Partie, or a new one (rules, names and dealer follow on from the last,
        as ``tutor tafel new`` starts it)."""
        from tutor.tafel import Tafel

        with Tafel.open(self.db) as t:
            stored = t.stored(self.partie)
            if stored.partie.over:
                newest = t.stored()
                old, stored = stored.id, (newest if newest.id != stored.id and not newest.partie.over
                                          else t.new())
                self.say(_("Partie {old} is over: the next game goes on Partie {new}.", self.lang,
                           old=old, new=stored.id))
        self.partie = stored.id
        return stored.partie

    def show_tafel(self) -> None:
        if self.partie is False:
            raise TutorError(M("no Tafel in this session (start it with --partie)"))
        from tutor.tafel import Tafel, board_text

        with Tafel.open(self.db) as t:
            stored = t.stored(self.partie or None)
        title = f"Partie {stored.id}"
        table = [printable(text) for text, _kind in board_text(stored.partie, self.lang, title)]
        if all(len(line) <= self.columns for line in table):
            for line in table:   # the board of tutor tafel show, where it fits
                self.out.write(line + "\n")
            self.out.flush()
            return
        for line in compact_board(stored.partie, self.lang, title):
            self.say(printable(line))


def compact_board(partie, lang: str, title: str) -> list[str]:
    """The board for a narrow terminal: one paragraph per game (the session wraps it),
    the same cells and words as the table of ``tutor tafel show``."""
    from tutor.tafel import board_table

    t = board_table(partie, lang)
    L, heads = t["labels"], t["heads"]
    out = [" · ".join((title, f"{L['rules']} {t['rules']}", f"{L['target']} {t['target']}",
                       f"{L['end_rule']}: {t['end_rule']}")),
           f"AC = {t['teams']['AC']}    BD = {t['teams']['BD']}"]
    for r in t["rows"]:
        parts = [f"{r['dealer']} {L['dealer']}: {r['contract']}" if r["n"] else r["contract"]]
        if r["card_points"]:
            parts.append(f"{r['card_points']} {L['card_points']}")
        for key in ("weis", "stoeck"):
            if r[key] not in ("", "–"):
                parts.append(f"{L[key]} {r[key]}")
        if r["result"]:
            parts.append(r["result"])
        parts.append(f"{heads['AC']} {r['AC']}, {heads['BD']} {r['BD']}")
        parts.append(f"{L['total']} {r['total_AC']} : {r['total_BD']}")
        out.append((f"{r['n']}. " if r["n"] else "") + " · ".join(parts))
    return out + list(t["footer"])


def parse_points(text: str) -> dict:
    """``113``, ``113 weis AC=50``, ``113 weis A=Eichel:678 stöck BD``: the card points of
    the declaring team, then the Weis (team=points or seat=cards, as ``tutor tafel add
    --weis`` takes them, repeated for several) and the Stöck (a team or a seat)."""
    from tutor.scoring import check_card_points
    from tutor.text import parse_int

    words = text.replace(",", " ").split()
    head = words.pop(0)
    points = parse_int(head, M("card points"))
    try:
        check_card_points(points)
    except TutorError as e:
        raise e.at(join(M("card points"), " ")) from None
    weis: list[tuple[str, str]] = []
    stoeck = None
    while words:
        key = words.pop(0).lower()
        if key not in WEIS_WORDS + STOECK_WORDS:
            raise TutorError(M("{word}: after the card points come weis TEAM=POINTS (or SEAT=CARDS) "
                               "and stöck TEAM", word=_quoted(key)))
        if not words:
            raise TutorError(M("{word} needs a value (weis AC=50, weis A=Eichel:678, stöck BD)",
                               word=_quoted(key)))
        value = words.pop(0)
        if key in WEIS_WORDS:
            team, eq, shown = value.partition("=")
            if not eq or not team or not shown:
                raise TutorError(M("weis {value}: write TEAM=POINTS (weis AC=50) or SEAT=CARDS "
                                   "(weis A=Eichel:678)", value=_quoted(value)))
            weis.append((team, shown))
        else:
            if stoeck is not None:
                raise TutorError(M("stöck given twice: König and Ober of the trump are held by one team"))
            stoeck = value
    return {"card_points": points, "weis": weis or None, "stoeck": stoeck}


WEIS_WORDS = ("weis", "w")
STOECK_WORDS = ("stöck", "stoeck", "stock", "s")


def _quoted(text: str) -> str:
    """A word of the user's in a message: quoted, printable, not too long."""
    t = text if len(text) <= 40 else text[:37] + "..."
    return printable(repr(t))


def lines(stream: TextIO, prompt: Callable[[], str] | None) -> Iterator[str]:
    """The input lines: with a prompt on a terminal (readline editing), plain from a pipe."""
    if prompt is None:   # a line longer than MAX_INPUT is cut there (the rest skipped): no unbounded read
        while (line := read_line(stream, MAX_INPUT)) is not None:
            yield line
        return
    try:
        importlib.import_module("readline")   # for its effect: line editing and history for input()
    except ImportError:
        pass
    while True:
        try:
            yield input(prompt())
        except EOFError:
            return


def run(session: Session, stdin: TextIO | None = None, stdout: TextIO | None = None,
        db: str | None = None, partie: int | None | bool = False) -> int:
    # the streams of the moment (not of the import: a second run in one process, as a
    # test's CliRunner does, writes to its own output)
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    table = Table(session, stdout, db, partie)
    tty = stdin.isatty() and stdout.isatty()
    table.start()
    source: Iterable[str] = lines(stdin, (lambda: "> ") if tty else None)
    for line in source:   # Ctrl-C: the command line's one line and exit 130 (tutor.cli)
        if not table.handle(line):
            break
    return 0
