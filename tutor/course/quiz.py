"""The quiz: drills asked one by one in the terminal, answers judged by the engine, and
each learner's progress with a Leitner schedule.

A session (:class:`Quiz`) asks verified drills (``tutor.course.drills.verified``): it shows the
hand, the auction with seats and the question, and never the convention the answer is
about. One line is one answer:

- ``bid``: a call in the notation, forgiving (``90 ei``, ``fort``, ``pass``);
- ``explain``: the kind's name (``hilfe``) or the number of the option;
- ``check``: ``ja``/``nein`` (also ``yes``/``no``);
- ``score``: the two board numbers ``AC BD`` (``313 44``).

``hilfe?``/``help`` (or ``?``) shows what can be typed and asks again; ``tipp`` (``hint``,
``indice``) gives a first step towards the answer and asks again (neither is an answer);
``warum`` shows the full reasoning of the last drill, ``ende`` stops. At the end of a
session the missed drills are listed and asked once more, and ``tutor quiz --review``
named. End of input or Ctrl-C end the session cleanly; every answer is already stored,
each in its own transaction (:class:`Progress`).

The schedule (Leitner boxes): a missed drill goes to box 0 and is due again at once; a
right answer moves it one box up and it is due after that box's interval (1, 3, 7, 16,
35 days); an acceptable answer (an ``accept:`` call) keeps it in its box (at least 1).
"""
from __future__ import annotations

import datetime as dt
import os
import random
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from tutor.errors import TutorError
from tutor.i18n import LANGS, M, Msg, both, catalog, either, ngettext
from tutor.text import is_number, parse_int, printable

CORRECT, ACCEPTABLE, WRONG = "correct", "acceptable", "wrong"
INTERVALS = {1: 1, 2: 3, 3: 7, 4: 16, 5: 35}   # box -> days until due again
TOP_BOX = max(INTERVALS)

# -- the learner's progress -------------------------------------------------------------


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0)


def _stamp(t: dt.datetime) -> str:
    return t.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


MAX_LEARNER = 40


def default_learner() -> str:
    """$TUTOR_LEARNER (blank counts as unset), else the login name."""
    name = (os.environ.get("TUTOR_LEARNER") or "").strip()
    if name:
        return name
    try:
        import getpass

        return getpass.getuser() or "learner"
    except Exception:  # no user name on this system
        return "learner"


def learner_name(value: Any) -> str:
    """The learner a command (``--learner``) or the web page (``learner``) names, by one
    rule: none or a blank name is the default learner (:func:`default_learner`), else the
    name without its surrounding blanks, of letters, digits, space and . @ + - at most
    :data:`MAX_LEARNER` long (one line naming it otherwise). A blank ``--learner "   "``
    once kept answers under a name of three spaces, where the page took the default."""
    if value is None or str(value).strip() == "":
        return default_learner()
    name = str(value).strip()
    if len(name) > MAX_LEARNER or not re.fullmatch(r"[\w .@+-]+", name):
        raise TutorError(M("learner {name!r}: letters, digits, space and . @ + - only, at most {n}",
                           name=name[:MAX_LEARNER], n=MAX_LEARNER))
    return name


def next_box(box: int, outcome: str) -> int:
    """The Leitner step: missed -> 0, right -> one up (at most the top box),
    acceptable -> stays (at least 1)."""
    if outcome == WRONG:
        return 0
    if outcome == CORRECT:
        return min(box + 1, TOP_BOX)
    return max(box, 1)


def due_after(box: int, when: dt.datetime) -> dt.datetime:
    return when + dt.timedelta(days=INTERVALS.get(box, 0))


class Progress:
    """One learner's answers and schedule in the tutor's database (``tutor.store``)."""

    def __init__(self, conn, learner: str | None = None,
                 clock: Callable[[], dt.datetime] = utcnow) -> None:
        self.conn = conn
        self.learner = learner or default_learner()
        self.clock = clock

    @classmethod
    def open(cls, path=None, learner: str | None = None,
             clock: Callable[[], dt.datetime] = utcnow, make: bool = True) -> "Progress":
        """``make=False`` for a question (``lessons``, ``quiz --review``): where ``path``
        names no database yet (:func:`tutor.store.absent`: a first use, or a mistyped --db)
        the answers are read from an empty one kept in memory, and no file is left behind."""
        from tutor import store

        if not make and store.absent(path):
            return cls(store.connect(":memory:"), learner, clock)
        return cls(store.connect(path), learner, clock)

    def close(self) -> None:
        self.conn.close()

    def record(self, source: str, drill: str, topic: str | None, given: str, outcome: str,
               when: dt.datetime | None = None, *, path: str | None = None,
               convention: str | None = None) -> tuple[int, str]:
        """Store one answer and move the drill in the schedule, in one transaction.
        ``path``: where the file was read (for ``--review``); ``convention``: what the
        drill practises (:func:`convention_of`). Returns the drill's new box and when it
        is due."""
        from tutor import store

        if outcome not in (CORRECT, ACCEPTABLE, WRONG):
            raise ValueError(f"unknown outcome {outcome!r}")
        when = when or self.clock()
        with store.transaction(self.conn):
            self.conn.execute(
                "INSERT INTO quiz_answer (learner, source, drill, topic, given, outcome, answered_at,"
                " convention) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (self.learner, source, drill, topic, given, outcome, _stamp(when), convention))
            row = self.conn.execute(
                "SELECT box FROM quiz_schedule WHERE learner = ? AND source = ? AND drill = ?",
                (self.learner, source, drill)).fetchone()
            box = next_box(row["box"] if row else 0, outcome)
            due = _stamp(when if box == 0 else due_after(box, when))
            self.conn.execute(
                "INSERT INTO quiz_schedule (learner, source, drill, topic, box, due, last_outcome, answers,"
                " path, convention) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
                " ON CONFLICT (learner, source, drill) DO UPDATE SET topic = excluded.topic,"
                " box = excluded.box, due = excluded.due, last_outcome = excluded.last_outcome,"
                " answers = answers + 1, path = coalesce(excluded.path, path),"
                " convention = coalesce(excluded.convention, convention)",
                (self.learner, source, drill, topic, box, due, outcome, path, convention))
        return box, due

    def due(self, sources: Iterable[str] | None = None,
            when: dt.datetime | None = None) -> list[tuple[str, str]]:
        """(source, drill) of every drill due now, the longest overdue first."""
        rows = self.conn.execute(
            "SELECT source, drill FROM quiz_schedule WHERE learner = ? AND due <= ?"
            " ORDER BY due, source, rowid", (self.learner, _stamp(when or self.clock()))).fetchall()
        wanted = None if sources is None else set(sources)
        return [(r["source"], r["drill"]) for r in rows if wanted is None or r["source"] in wanted]

    def paths(self) -> dict[str, str]:
        """Where each drill file was last read (file name -> path), for ``--review``."""
        rows = self.conn.execute("SELECT source, path FROM quiz_schedule WHERE learner = ?"
                                 " AND path IS NOT NULL ORDER BY due", (self.learner,))
        return {r["source"]: r["path"] for r in rows}

    def by_convention(self) -> dict[str, dict]:
        """For each convention practised (:func:`convention_of`): how many drills were
        answered and how many of them right the last time."""
        rows = self.conn.execute(
            "SELECT convention, COUNT(*) AS seen, SUM(last_outcome = 'correct') AS right"
            " FROM quiz_schedule WHERE learner = ? AND convention IS NOT NULL GROUP BY convention",
            (self.learner,))
        return {r["convention"]: {"seen": r["seen"], "right": r["right"] or 0} for r in rows}

    def topics_seen(self) -> set[str]:
        """The topics (lessons) of which this learner has answered a drill."""
        rows = self.conn.execute("SELECT DISTINCT topic FROM quiz_answer WHERE learner = ?",
                                 (self.learner,))
        return {r["topic"] for r in rows if r["topic"]}

    def schedule(self) -> dict[tuple[str, str], dict]:
        rows = self.conn.execute("SELECT * FROM quiz_schedule WHERE learner = ?", (self.learner,))
        return {(r["source"], r["drill"]): dict(r) for r in rows}

    def history(self, source: str, drill: str) -> list[dict]:
        rows = self.conn.execute(
            "SELECT given, outcome, answered_at FROM quiz_answer WHERE learner = ? AND source = ?"
            " AND drill = ? ORDER BY id", (self.learner, source, drill))
        return [dict(r) for r in rows]

    def stats(self, keys: Iterable[tuple[str, str]], when: dt.datetime | None = None) -> dict:
        """For a set of drills: how many there are, answered at least once, answered
        right the last time, and due now."""
        keys = list(keys)
        sched = self.schedule()
        now = _stamp(when or self.clock())
        seen = [sched[k] for k in keys if k in sched]
        return {"drills": len(keys), "seen": len(seen),
                "right": sum(1 for s in seen if s["last_outcome"] == CORRECT),
                "due": sum(1 for s in seen if s["due"] <= now)}


def source_of(path: str) -> str:
    """How the database names a drill file. A file of the bundled course (``exercises/``
    beside the tutor's ``lessons/``) by its name (``hilfe.yaml``), not its path, so that a
    moved or re-cloned checkout keeps the learner's progress (migration 0005 renamed what
    older versions stored under the resolved path); any other file by its name marked as
    the learner's own (``own:hilfe.yaml``), so that it keeps its progress when moved too,
    but never counts as, or reschedules, the course's drill of the same id. A drill is
    that name and its id."""
    from pathlib import Path, PurePath

    name = PurePath(str(path).replace("\\", "/")).name or str(path)
    real = _path_of(str(path))
    if real is None or Path(real).parent == _bundled_exercises():
        return name
    return OWN + name


OWN = "own:"   # how the database marks a drill file that is not the bundled course's


def _bundled_exercises():
    from tutor.course.lessons import default_dir

    return default_dir().parent / "exercises"


def _path_of(name: str) -> str | None:
    from pathlib import Path

    try:
        return str(Path(name).resolve())
    except (OSError, ValueError):
        return None


# -- what a drill practises: its convention, for the statistics of `tutor lessons` --------
# The kinds of calls (tutor.conventions.KINDS) and the play's parts; a bid's kind after an
# opponent's bid has its own line ("Hilfe nach Zwischengebot").
CONVENTION_PARTS: dict[str, Msg] = {
    "board": M("the board"), "play": M("tricks and card values"),
}
CONVENTION_CONTEXT: dict[str, Msg] = {
    "intervened": M("{kind} after an intervening bid"),
    "over": M("{kind} over the opponents' bid"),
}


def convention_of(item) -> str | None:
    """What a drill practises, as a key of the statistics: the kind of the call it is
    about (``hilfe``), with ``+intervened`` when an opponent bid after the own side's last
    bid, or ``+over`` when only the opponents had bid; ``board`` for a score drill, ``play``
    for tricks and card values; None for the other games."""
    from tutor.course import drills

    d, engine = item.drill, item.engine
    if getattr(engine, "game", None) != drills.GAME:
        return None
    if d.type == "score":
        return "board"
    if d.type in drills.PLAY_TYPES:
        return "play"
    try:
        entries = drills.entries_of(engine, d.auction, d.rules)
        if d.type == "explain":
            kind = str(item.solution.answer)
            seat = entries[item.solution.ask - 1][0]
            before = entries[: item.solution.ask - 1]
        else:
            from tutor import conventions

            call = str(item.solution.answer) if d.type == "bid" else str(d.get("call"))
            pre = re.match(r"\s*([A-Za-z])\s*:", call)
            seat = pre.group(1).upper() if pre else item.solution.seat
            reading = conventions.check(d.hand, d.auction or "", call, d.rules).reading
            if reading is None:
                return None
            kind, before = reading.kind, entries
    except (TutorError, IndexError, AttributeError):
        return None
    if kind in ("fort", "double", "redouble") or seat is None:
        return kind
    from tutor.scoring import partner_of

    ours = (seat, partner_of(seat))
    bids = [s for s, c in before if c[:1].isdigit()]
    own = max((i for i, s in enumerate(bids) if s in ours), default=None)
    theirs = [i for i, s in enumerate(bids) if s not in ours]
    if own is not None and any(i > own for i in theirs):
        return kind + "+intervened"
    if own is None and theirs:
        return kind + "+over"
    return kind


def convention_label(key: str, lang: str = "de") -> str:
    """A convention's key (:func:`convention_of`) as a learner reads it."""
    from tutor.conventions import kind_label

    kind, _, context = key.partition("+")
    name = CONVENTION_PARTS[kind].text(lang) if kind in CONVENTION_PARTS else kind_label(kind, lang)
    return CONVENTION_CONTEXT[context](kind=name).text(lang) if context in CONVENTION_CONTEXT else name


def convention_order(key: str) -> tuple:
    from tutor.conventions import KINDS

    kind, _, context = key.partition("+")
    order = list(KINDS) + list(CONVENTION_PARTS)
    return (order.index(kind) if kind in order else len(order), ("", "over", "intervened").index(context)
            if context in ("", "over", "intervened") else 3, key)


# -- questions and answers -----------------------------------------------------------------
# The quiz's texts, from the catalogs (tutor/locale): MESSAGES[lang][key] is the text with
# its placeholders, filled in where it is shown.
TEXTS: dict[str, Msg] = {
    "number": M("Drill {i}/{n}"),
    "rules": M("Table rules: {name}"),
    "game": M("Game: {name} (not Sidi-Barrani)"),
    "your_hand": M("Your hand ({seat}):"),
    "auction": M("The auction so far:"),
    "auction_full": M("The auction:"),
    "no_calls": M("(no call yet)"),
    "q_bid": M("You sit {seat} and it is your turn. What do you call?"),
    "p_bid": M("Your call (number and suit, or fort): "),
    "p_call": M("Your call: "),
    "q_explain": M("What does {seat} show with '{call}' (call {ask})?"),
    "p_explain": M("Your choice (number or name): "),
    "q_check": M("{seat} calls '{call}'. Is that right with this hand?"),
    "q_check_legal": M("{seat} calls '{call}'. Is that call allowed here?"),
    "q_check_true": M("{seat} calls '{call}'. Is that call allowed, and does the hand hold what it promises?"),
    "p_check": M("yes or no: "),
    "q_score": M("{declarer} plays {contract}{mult}; {team} take {points} card points.{extra}"),
    "q_score2": M("What do {teams} write on the board?"),
    "p_score": M("The two numbers ({teams}): "),
    "doubled": M(", doubled"), "redoubled": M(", doubled and redoubled"),
    "weis": M(" Weis: {weis}."), "stoeck": M(" Stöck: {teams}."),
    "right": M("Right."),
    "acceptable": M("Acceptable. Recommended: {answer}."),
    "wrong": M("Wrong. The answer: {answer}."),
    "why": M("Why: {text}"),
    "note": M("Note: {note}"),
    "note_german": M("Note (in German): {note}"),
    "unreadable": M("Cannot read that: {error}"),
    "unreadable_wrong": M("Cannot read that ({error}): counts as wrong."),
    "no_last": M("No drill answered yet."),
    "key_rule": M("Remember ({title}): {rule}"),
    "key_rule_german": M("Remember ({title}, in German): {rule}"),
    "new_lesson": M("New: lesson {order}, {title}"),
    "lesson_rule": M("Key rule: {rule}"),
    "p_lesson": M("Enter: on to its drills "),
    "missed_topics": M("Missed in: {topics}"),
    "acceptable_count": M("Acceptable: {n}"),
    "score": M("Score: {correct}/{answered} correct"),
    "yes": M("yes"), "no": M("no"),
    "nothing_due": M("Nothing due: every drill practised is on schedule."),
    "nothing_practised": M("Nothing practised yet by {learner} in this database: tutor quiz starts the course."),
    "remind": M("{what} Also: 'hint' gives a first step, 'why' shows the reasoning of the last "
                "drill, 'end' stops."),
    "help": M("{what}\n'hint' gives a first step (no answer), 'why' shows the reasoning of the "
              "last drill, 'end' stops. Asked again:"),
    "missed_list": M("Missed: drill {numbers}. Once more, each of them:"),
    "again_number": M("Drill {i}/{n}, once more"),
    "again_score": M("Second try: {correct}/{answered} correct"),
    "review": M("What you missed comes back first: tutor quiz --review"),
    "remind_wrong": M("{what} '{text}' counts as wrong."),
    "r_bid": M("A call is asked here: a number and a suit (90 Eichel, 90ei), fort, dopple or konter."),
    "r_call": M("A call is asked here."),
    "r_explain": M("What the call shows is asked here: one of the options, by number or name ({options})."),
    "r_check": M("Yes or no is asked here."),
    "r_score": M("The two numbers for the board are asked here ({teams}), e.g. 313 44."),
    "r_winner": M("The seat that takes the trick is asked here: A, B, C or D."),
    "r_points": M("A number is asked here: the points."),
}


# A first step towards the answer ('tipp'): what to look at first, never the answer itself.
HINTS: dict[str, Msg] = {
    "open": M("First step: which suit can you open? Look in each suit for the Puur or the Nell, "
              "and count the cards of that suit."),
    "partner": M("First step: your partner {seat} bid {suit} ('{call}'). What do you hold in "
                 "{suit}: the other top card (Puur or Nell), and how many cards with it?"),
    "partner_ace": M("First step: your partner {seat} showed the Ace of {suit} with '{call}'. Which "
                     "suit does your team own, and what can you show of it?"),
    "opponents": M("First step: the opponents' last bid was {seat}'s '{call}'. What does it "
                   "show, and what can you show of your own hand above it?"),
    "own": M("First step: what have you shown already with '{call}', and what has your "
             "partner said since?"),
    "explain": M("First step: who said '{call}', and what had that player's partner said "
                 "before? Is it the partner's suit, a suit of its own or the opponents' suit, "
                 "and how far above the running bid: a Zehner, or a Fünfer?"),
    "check": M("First step: what would you call yourself with this hand? Then compare it "
               "with '{call}'."),
    # a check drill that asks only whether the call is allowed, or allowed and true
    "check_legal": M("First step: may {seat} say '{call}' now? Is the bidding still open? A bid "
                     "comes in turn and lies at least 5 above the running one; a double comes from "
                     "an opponent right after the bid, before the next player speaks; a konter "
                     "right after the double."),
    "check_truthful": M("First step: what does '{call}' promise (which cards, how many of the "
                        "suit)? Then look whether the hand holds it."),
    "score": M("First step: is the contract made? The card points (with the 5 for the last "
               "trick) must reach the number bid; Weis and Stöck are written as they are."),
    "trick": M("First step: is there a trump ({trump}) in the trick? Then the highest trump "
               "takes it, else the highest card of the suit led."),
    "trick_obenabe": M("First step: without trumps (Obenabe) the highest card of the suit led "
                       "takes the trick."),
    "trick_undenufe": M("First step: without trumps (Undenufe) the lowest card of the suit led "
                        "takes the trick."),
    "points": M("First step: count card by card. In trumps ({trump}) the Puur (the Under) "
                "counts 20 and the Nell (the Nine) 14; else Ace 11, Banner 10, King 4, Ober 3, "
                "Under 2."),
    "points_trumpless": M("First step: count card by card, with the values of {trump}."),
    "other": M("First step: {what}"),
}


class _Messages(Mapping):
    """``MESSAGES[lang][key]``: the quiz's texts in ``lang``, placeholders not filled in."""

    def __init__(self) -> None:
        self._made: dict[str, dict[str, str]] = {}

    def __getitem__(self, lang: str) -> dict[str, str]:
        if lang not in LANGS:
            raise KeyError(lang)
        if lang not in self._made:
            cat = catalog(lang)
            self._made[lang] = {key: cat.gettext(m.msgid) for key, m in TEXTS.items()}
        return self._made[lang]

    def __iter__(self):
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)


MESSAGES: Mapping[str, dict[str, str]] = _Messages()
# the words the quiz reads, in every language (folded: no accents, ä as ae)
YES = {"ja", "j", "yes", "y", "true", "richtig", "stimmt", "wahr", "oui", "o", "vrai"}
NO = {"nein", "n", "no", "false", "falsch", "nicht", "non", "faux"}
WHY = {"warum", "why", "wieso", "pourquoi"}
# (not "hilfe" or "aide": they name the Hilfe, an answer of explain drills)
HELP = {"help", "?", "hilfe!", "hilfe?", "h", "hilf", "-h", "--help", "??", "hä", "hae", "aide?",
        "aide!", "befehle", "commandes", "commands"}
# "hilfe" and "aide" ask for help too, wherever they are no answer to the drill (they are
# one where a call's kind is asked: the Hilfe)
HELP_UNLESS_AN_ANSWER = {"hilfe", "aide"}
HINT = {"tipp", "tip", "hint", "indice", "astuce"}
STOP = {"ende", "end", "quit", "exit", "stop", "q", "fin"}


class AnswerError(TutorError):
    """An answer the quiz cannot read (asked again in a terminal)."""


def _fold(text: str) -> str:
    t = text.strip().lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    return "".join(c for c in unicodedata.normalize("NFKD", t) if not unicodedata.combining(c))


@dataclass
class Style:
    """How the terminal shows things: ANSI colour, suit symbols."""

    color: bool = False
    symbols: bool = False

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.color else text

    def paint(self, text: str, fg: str) -> str:
        codes = {"red": 31, "green": 32, "yellow": 33, "blue": 34, "dim": 2}
        return f"\x1b[{codes[fg]}m{text}\x1b[0m" if self.color else text


def terminal_style(stream) -> Style:
    """Colour and symbols only on a terminal, and no colour with NO_COLOR set."""
    tty = bool(getattr(stream, "isatty", lambda: False)())
    enc = (getattr(stream, "encoding", None) or "").lower()
    return Style(color=tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb",
                 symbols=tty and "utf" in enc)


def _suit_label(name: str, style: Style) -> str:
    try:
        from tutor.cards import Suit

        suit = Suit.parse(name)
    except TutorError:
        return f"{name:<9}"
    label = f"{suit.symbol} {suit.value:<9}" if style.symbols else f"{suit.value:<9}"
    return style.paint(label, "red") if suit.red and style.color else label


def hand_lines(engine, hand: str, style: Style, lang: str = "de") -> list[str]:
    from tutor.course import drills

    rows = drills.hand_rows(engine, hand, lang)
    return [f"  {_suit_label(suit, style)} {' '.join(ranks) or '—'}" for suit, ranks in rows]


def auction_lines(entries: Sequence[tuple[str, str]], seats: Sequence[str], *, turn: str | None = None,
                  mark: int | None = None, style: Style = Style(), width: int = 14,
                  lang: str = "de") -> list[str]:
    """The auction as a table by seat: one column per seat, one row per round; ``turn``
    adds a ``?`` where the next call goes, ``mark`` (1-based) highlights a call. A double
    or konter is shown by the word the learner types in ``lang`` (French « contre »)."""
    cells: list[list[str]] = []
    row: list[str] = []
    col = -1
    items = [(s, call_words(c, lang)) for s, c in entries] + ([(turn, "?")] if turn else [])
    for n, (seat, call) in enumerate(items, start=1):
        i = seats.index(seat) if seat in seats else 0
        if i <= col:
            cells.append(row)
            row, col = [], -1
        row += [""] * (i - col - 1)
        text = call
        if mark == n:
            text = f"*{call}*"
        row.append(text)
        col = i
    if row:
        cells.append(row)
    lines = ["  " + "".join(f"{s:<{width}}" for s in seats).rstrip()]
    for r in cells:
        text = "".join(f"{c:<{width}}" for c in r).rstrip()
        if mark is not None and style.color:
            text = re.sub(r"\*([^*]+)\*", lambda m: style.bold(m.group(1)) + "  ", text)
        lines.append("  " + text)
    return lines


@dataclass
class Given:
    """A learner's answer, read: its canonical value and how to show it."""

    value: Any
    shown: str


def parse_answer(item, text: str, lang: str = "de") -> Given:
    """Read one answer line for ``item`` (a ``tutor.course.drills.Checked``)."""
    from tutor.course import drills

    d, engine, rules = item.drill, item.engine, item.drill.rules
    t = text.strip()
    if not t:
        raise AnswerError(M("empty answer"))
    if d.type == "bid":
        try:
            call = drills._normalize(engine, t, rules, "call")
        except TutorError as e:
            raise AnswerError(e.reason) from None
        # recorded as the learner typed it in his language (French « contre », « surcontre »),
        # judged by its own word
        from tutor.auction import typed_in

        return Given(call, typed_in(call, lang))
    if d.type == "explain":
        options = drills.choices(engine, d.auction, item.solution.ask, rules)
        if is_number(t):
            n = parse_int(t, M("answer"), error=AnswerError)
            if 1 <= n <= len(options):
                return Given(options[n - 1], drills.kind_label(engine, options[n - 1], lang))
            raise AnswerError(M("{n} is not one of the options 1..{last}", n=n, last=len(options)))
        key = _fold(t)
        names = {}
        for kind in options:
            for name in (kind, *(drills.kind_label(engine, kind, x) for x in LANGS)):
                names.setdefault(_fold(name), kind)
        if key in names:
            kind = names[key]
        else:
            hits = {k for n, k in names.items() if n.startswith(key)}
            if len(hits) != 1:
                raise AnswerError(M("{text!r} is not one of the options", text=t) if not hits else
                                  M("{text!r} could be {kinds}", text=t, kinds=either(sorted(hits))))
            kind = hits.pop()
        return Given(kind, drills.kind_label(engine, kind, lang))
    if d.type == "check":
        key = _fold(t)
        if key in YES:
            return Given(True, MESSAGES[lang]["yes"])
        if key in NO:
            return Given(False, MESSAGES[lang]["no"])
        raise AnswerError(M("{text!r}: answer yes or no", text=t))
    if d.type in drills.PLAY_TYPES:
        return _play_answer(item, t, lang)
    if d.type == "score":
        teams = drills.teams_of(engine, d.answer)
        # a team by its key (AC, bidders) or by its word in the learner's language (Bieter)
        names = {**{x.upper(): x for x in teams},
                 **{drills.team_label(engine, x, lang).upper(): x for x in teams}}
        named = dict(re.findall(r"([^\W\d_]{2,})\s*[:=]?\s*([+-]?[0-9]+)", t))
        named = {names.get(k.upper(), k.upper()): parse_int(v, M("answer"), signed=True, error=AnswerError)
                 for k, v in named.items()}
        if named and set(named) == set(teams):
            board = {team: named[team] for team in teams}
        else:
            # the numbers in the teams' order; a minus before a number (a set Tarneeb bid)
            plain = re.sub(r"(?<=\d)-(?=\d)", " ", t)       # 313-44: two numbers
            numbers = [parse_int(x, M("answer"), signed=True, error=AnswerError)
                       for x in re.findall(r"(?<![\w+-])[+-]?[0-9]+", plain)]
            words = "|".join(re.escape(w) for w in names)
            if len(numbers) != len(teams) or re.search(r"[^0-9\s:,;/+-]", re.sub(r"\b(" + words + r")\b", "", plain, flags=re.I)):
                example = getattr(engine, "score_example", " ".join(str(157 * i) for i in range(len(teams))))
                raise AnswerError(M("{text!r}: write the {n} numbers {teams}, e.g. {example}", text=t,
                                    n=len(teams), teams=" ".join(drills.team_label(engine, x, lang) for x in teams),
                                    example=example))
            board = dict(zip(teams, numbers))
        return Given(board, drills.board_text(engine, board, lang))
    raise AnswerError(M("unknown drill type {type!r}", type=d.type))


def _play_answer(item, t: str, lang: str) -> Given:
    """A trick or value drill's answer: a seat (or one of the trick's cards, read as the
    seat that played it), or a number of points."""
    from tutor.course import drills

    d = item.drill

    def refuse(key: str) -> AnswerError:
        return AnswerError(drills.PLAY_TEXTS[key](text=t))

    if d.type == "trick" and d.get("question", "winner") == "winner":
        seat = t.strip().upper().removesuffix(":")
        if seat in ("A", "B", "C", "D"):
            return Given(seat, seat)
        try:
            from tutor.cards import Card

            card = Card.parse(t)
            _, cards, seats = drills._trick_of(d.fields)
            if card in cards:
                who = seats[cards.index(card)]
                return Given(who, who)
        except TutorError:
            pass
        raise refuse("not_a_seat")
    if re.fullmatch(r"\d{1,4}", t.strip()):
        return Given(int(t), t.strip())
    raise refuse("not_a_number")


def known_word(item, text: str) -> bool:
    """Is ``text`` a word the quiz knows, but of another kind than this drill asks for
    (``dopple`` where a kind is asked, ``hilfe`` where a call is asked, ``help``)?"""
    from tutor.course import drills

    key = _fold(text)
    if key in HELP or key in YES or key in NO:
        return True
    engine = item.engine
    kinds = set(getattr(engine, "kinds", ()))
    labels = {_fold(drills.kind_label(engine, k, lang)) for k in kinds for lang in LANGS}
    if key in {_fold(k) for k in kinds} | labels:
        return True
    try:
        drills._normalize(engine, text, item.drill.rules, "call")
        return True
    except TutorError:
        return False


def reminder(item, lang: str) -> str:
    """What can be typed at this drill's prompt."""
    from tutor.course import drills

    m, d = MESSAGES[lang], item.drill
    if d.type == "bid":
        return m["r_bid" if item.engine.game == drills.GAME else "r_call"]
    if d.type == "explain":
        options = drills.choices(item.engine, d.auction, item.solution.ask, d.rules)
        shown = ", ".join(f"{i} {drills.kind_label(item.engine, k, lang)}" for i, k in enumerate(options, 1))
        return m["r_explain"].format(options=shown)
    if d.type == "check":
        return m["r_check"]
    if d.type == "score":
        return m["r_score"].format(teams=" ".join(drills.team_label(item.engine, t, lang)
                                                  for t in drills.teams_of(item.engine, d.answer)))
    if d.type == "trick" and d.get("question", "winner") == "winner":
        return m["r_winner"]
    return m["r_points"]


def hint(item, lang: str = "de") -> str:
    """A first step towards the drill's answer (the ``tipp`` word): what to look at
    first, from the position alone (the auction, the question), never from the key."""
    from tutor.course import drills

    d, engine = item.drill, item.engine
    h = lambda key, **kw: HINTS[key](**kw).text(lang)
    if engine.game != drills.GAME:
        own = engine.hint(d.fields, lang) if hasattr(engine, "hint") else None
        return own or h("other", what=reminder(item, lang))
    if d.type in ("bid", "check"):
        call = d.get("call") or ""
        pre = re.match(r"\s*([A-Za-z])\s*:\s*(.+)", str(call))
        if d.type == "check":
            question = d.get("question")
            if question in ("legal", "truthful"):
                seat = pre.group(1).upper() if pre else item.solution.seat
                return h("check_" + question, call=call_words(pre.group(2) if pre else call, lang), seat=seat)
            return h("check", call=call_words(pre.group(2) if pre else call, lang))
        from tutor.scoring import partner_of

        seat = item.solution.seat
        bids = [(i, s, c) for i, (s, c) in enumerate(drills.entries_of(engine, d.auction, d.rules), 1)
                if c[:1].isdigit()]
        if not bids:
            return h("open")
        last_own = [(i, s, c) for i, s, c in bids if s in (seat, partner_of(seat))]
        if last_own and last_own[-1][1] == seat:
            return h("own", call=last_own[-1][2])
        if last_own:
            i, s, c = last_own[-1]
            suit = c.partition(" ")[2]
            if _kind_of_call(engine, d.auction, i, d.rules) == "ace":   # the rule table's reading
                return h("partner_ace", seat=s, call=c, suit=suit)
            return h("partner", seat=s, call=c, suit=suit)
        _, s, c = bids[-1]
        return h("opponents", seat=s, call=c)
    if d.type == "explain":
        entries = drills.entries_of(engine, d.auction, d.rules)
        return h("explain", call=call_words(entries[item.solution.ask - 1][1], lang))
    if d.type == "score":
        return h("score")
    from tutor.play.rules import Trump

    trump = Trump.parse(str(d.get("trump")))
    if d.type == "trick" and d.get("question", "winner") == "winner":
        if trump.suit is None:
            return h("trick_" + trump.trumpless)
        return h("trick", trump=str(trump))
    return h("points" if trump.suit is not None else "points_trumpless", trump=str(trump))


def _kind_of_call(engine, auction: str, ask: int, rules) -> str | None:
    """The kind of call ``ask`` of ``auction`` as the conventions' decoder reads it (the
    engine's ``explain``; None where the engine or the auction cannot say)."""
    try:
        return engine.explain(auction, ask, rules, "en")[0]
    except TutorError:
        return None


def own_call_text(item, given: Given, lang: str) -> str | None:
    """After a wrong call in a bid drill: what the learner's call would have promised and
    where the hand contradicts it (the engine's ``own_call``), or None."""
    d, engine = item.drill, item.engine
    if d.type != "bid" or given.value is None or not hasattr(engine, "own_call"):
        return None
    try:
        return engine.own_call(d.hand, d.auction, str(given.value), d.rules, lang)
    except TutorError:
        return None


def judge(item, given: Given) -> str:
    sol = item.solution
    if given.value == sol.answer:
        return CORRECT
    if item.drill.type == "bid" and as_good(item, given.value):
        return CORRECT
    if item.drill.type == "bid" and given.value in sol.accept:
        return ACCEPTABLE
    return WRONG


# The answers the conventions give by the hand alone: another call is not as good, however the
# deals value it (an opening's number, a Hilfe and an Ass-Ansage say what the hand holds).
CONVENTIONAL = ("opening", "hilfe", "ace")


def as_good(item, call) -> bool:
    """Whether the tutor's voice (the simulation, :func:`tutor.judgement.default_judge`)
    finds ``call`` as good as a Sidi-Barrani bid drill's answer: both among the calls the
    deals cannot tell apart, where the answer rests on judgement (not on a convention's
    own call). Asked only of an answer that is not the key; the position's judgement is
    remembered (the same drill again is free)."""
    from tutor.course import drills

    d = item.drill
    if call is None or getattr(item.engine, "game", None) != drills.GAME or not d.hand:
        return False
    from tutor import conventions
    from tutor.judgement import default_judge

    key = str(item.solution.answer)
    try:
        reading = conventions.check(d.hand, d.auction or "", key, d.rules).reading
        if reading is None or reading.kind in CONVENTIONAL:
            return False
        advice = conventions.advise(d.hand, d.auction or "", d.rules, judge=default_judge())
    except TutorError:
        return False
    return advice.accepts(key) and advice.accepts(str(call))


def show_answer(item, lang: str) -> str:
    from tutor.course import drills

    d, sol = item.drill, item.solution
    if d.type == "explain":
        return drills.kind_label(item.engine, sol.answer, lang)   # never the id (ace) in a text
    if d.type == "check":
        return MESSAGES[lang]["yes" if sol.answer else "no"]
    if d.type == "score":
        return drills.board_text(item.engine, sol.answer, lang)
    return str(sol.answer)


def question(item, lang: str = "de", style: Style = Style(), number: tuple[int, int] | None = None) -> tuple[str, str]:
    """(the question's text, the prompt). The text shows what a player at the table
    sees and nothing of the answer: no drill id, title or note."""
    from tutor.course import drills

    m = MESSAGES[lang]
    d, engine, rules, sol = item.drill, item.engine, item.drill.rules, item.solution
    seats = tuple(getattr(engine, "seats", ("A", "B", "C", "D")))
    out: list[str] = []
    if number:
        out.append(style.bold(m["number"].format(i=number[0], n=number[1])))
    if engine.game != drills.GAME:
        out.append(m["game"].format(name=game_name(engine.game)))
    if item.rules_text(lang):
        out.append(m["rules"].format(name=item.rules_text(lang)))
    if d.type in ("bid", "check"):
        pre = re.match(r"\s*([A-Za-z])\s*:", str(d.get("call") or ""))
        out.append(m["your_hand"].format(seat=pre.group(1).upper() if pre else sol.seat))
        out += hand_lines(engine, d.hand, style, lang)
        entries = drills.entries_of(engine, d.auction, rules)
        out.append(m["auction"])
        if d.type == "bid":
            out += auction_lines(entries, seats, turn=sol.seat, style=style, lang=lang)
            out.append(ask(item, lang))
            return "\n".join(out), m["p_bid" if engine.game == drills.GAME else "p_call"]
        if not entries:
            out.append("  " + m["no_calls"])
        else:
            out += auction_lines(entries, seats, style=style, lang=lang)
        out.append(ask(item, lang))
        return "\n".join(out), m["p_check"]
    if d.type in drills.PLAY_TYPES:
        lines, prompt = play_question(item, lang, style)
        return "\n".join(out + lines), prompt
    if d.type == "explain":
        entries = drills.entries_of(engine, d.auction, rules)[: sol.ask]
        out.append(m["auction"])
        out += auction_lines(entries, seats, mark=sol.ask, style=style, lang=lang)
        seat, call = entries[sol.ask - 1]
        out.append(m["q_explain"].format(seat=seat, call=call_words(call, lang), ask=sol.ask))
        options = drills.choices(engine, d.auction, sol.ask, rules)
        labels = [f"{i}) {drills.kind_label(engine, k, lang)}" for i, k in enumerate(options, start=1)]
        line = " "
        for label in labels:
            if len(line) + len(label) > 76:
                out.append(line.rstrip())
                line = " "
            line += " " + label + "  "
        out.append(line.rstrip())
        return "\n".join(out), m["p_explain"]
    if d.type == "score":
        f = d.fields
        teams = drills.teams_of(engine, d.answer)
        if f.get("auction"):
            entries = drills.entries_of(engine, f["auction"], rules)
            out.append(m["auction_full"])
            out += auction_lines(entries, seats, style=style, lang=lang)
        out.append(ask(item, lang))
        return "\n".join(out), m["p_score"].format(teams=" ".join(drills.team_label(engine, t, lang) for t in teams))
    raise TutorError(M("unknown drill type {type!r}", type=d.type))


def ask(item, lang: str = "de") -> str:
    """The question proper of a bid, check or score drill: the last lines of
    :func:`question`, without the hand and the auction shown above them (a worksheet
    draws those itself)."""
    from tutor.course import drills

    m = MESSAGES[lang]
    d, engine, rules, sol = item.drill, item.engine, item.drill.rules, item.solution
    if d.type == "bid":
        return m["q_bid"].format(seat=sol.seat)
    if d.type == "check":
        call = d.get("call")
        seat = sol.seat
        pre = re.match(r"\s*([A-Za-z])\s*:\s*(.+)", call)
        if pre:
            seat, call = pre.group(1).upper(), pre.group(2)
        which = {"legal": "q_check_legal", "truthful": "q_check_true"}.get(d.get("question"), "q_check")
        return m[which].format(seat=seat, call=call_words(call, lang))
    if d.type != "score":
        raise TutorError(M("unknown drill type {type!r}", type=d.type))
    f = d.fields
    teams = drills.teams_of(engine, d.answer)
    last = m["q_score2"].format(teams=both([drills.team_label(engine, t, lang) for t in teams]).text(lang))
    if engine.game != drills.GAME:
        if hasattr(engine, "score_question"):
            return engine.score_question(f, lang) + "\n" + last
        # another game without its own words: its fields are listed
        given = {k: v for k, v in f.items() if k not in ("id", "type", "answer", "note", "rules")}
        return ", ".join(f"{k}: {v}" for k, v in given.items()) + ".\n" + last
    seats = tuple(getattr(engine, "seats", ("A", "B", "C", "D")))
    declarer, contract, mult = _contract_of(item)
    contract = drills.matsch_words(contract, rules, lang)
    team = _team_words(declarer, seats, lang)
    extra = ""
    if f.get("weis"):
        extra += m["weis"].format(weis=", ".join(f"{k} {v}" for k, v in f["weis"].items()))
    if f.get("stoeck"):
        st = f["stoeck"]
        extra += m["stoeck"].format(teams=", ".join([st] if isinstance(st, str) else st))
    mult_text = {1: "", 2: m["doubled"], 4: m["redoubled"]}[mult]
    return m["q_score"].format(declarer=declarer, contract=contract, mult=mult_text,
                               team=team, points=f["card_points"], extra=extra) + "\n" + last


def play_question(item, lang: str, style: Style = Style()) -> tuple[list[str], str]:
    """The lines of a trick or value drill's question (the trump, the cards, the question
    proper last) and its prompt."""
    from tutor.course import drills

    d = item.drill
    tx = lambda key, **kw: drills.PLAY_TEXTS[key](**kw).text(lang)
    trump, out = str(d.get("trump")), []
    if d.type == "trick":
        trump_v, cards, seats = drills._trick_of(d.fields)
        out.append(tx("trump_line", trump=str(trump_v)))
        out.append(tx("trick_line", leader=seats[0]))
        out.append("  " + "   ".join(f"{seat}: {_card_text(c, style)}" for seat, c in zip(seats, cards)))
        if d.get("question", "winner") == "winner":
            out.append(tx("q_winner"))
            return out, tx("p_seat")
        out.append(tx("q_points_last" if d.get("last") else "q_points"))
        return out, tx("p_points")
    from tutor.cards import SUITS
    from tutor.play.rules import Trump

    hand = drills._value_hand(d.get("cards"))
    out.append(tx("trump_line", trump=str(Trump.parse(trump))))
    out.append(tx("cards_line"))
    out += [f"  {_suit_label(s.value, style)} {' '.join(r.value for r in hand.suit(s))}"
            for s in SUITS if hand.length(s)]
    out.append(tx("q_value"))
    return out, tx("p_points")


def _card_text(card, style: Style) -> str:
    """A card of a trick beside its seat: with symbols as the French-suited deck prints it,
    the Banner as 10 (``♣10``, as the phone shows it and as it is typed too): ``B: ♣B`` beside
    seat B read as a seat (QA s38 F5.6)."""
    if style.symbols:
        from tutor.cards import Rank

        text = f"{card.suit.symbol}{'10' if card.rank is Rank.BANNER else card.rank.value}"
        return style.paint(text, "red") if card.suit.red and style.color else text
    return str(card)


def game_name(game_id: str) -> str:
    try:
        from tutor import games

        return games.get(game_id).name
    except (TutorError, ImportError):
        return game_id


def call_words(call: str, lang: str) -> str:
    """A call as the question says it in ``lang``: a double or konter by the word the
    learner types (:func:`tutor.auction.typed`: in French « contre », « surcontre »)."""
    from tutor.auction import typed

    word = typed(call)
    return word if isinstance(word, str) else word.text(lang)


def _contract_of(item) -> tuple[str, str, int]:
    f = item.drill.fields
    if f.get("auction") and hasattr(item.engine, "_auction"):
        a = item.engine._auction(f["auction"], item.drill.rules)
        return a.declarer, a.contract, a.multiplier
    mult = 4 if f.get("redouble") else 2 if f.get("double") else 1
    return str(f.get("declarer", "")).upper(), f.get("contract", ""), mult


def _team_words(declarer: str, seats: Sequence[str], lang: str) -> str:
    if declarer in seats and len(seats) == 4:
        i = seats.index(declarer)
        a, b = sorted((seats[i], seats[(i + 2) % 4]))
        return both([a, b]).text(lang)
    return declarer


# -- the session ----------------------------------------------------------------------------
@dataclass
class Result:
    answered: int = 0
    correct: int = 0
    acceptable: int = 0
    missed: list[str] = field(default_factory=list)
    missed_topics: list[str] = field(default_factory=list)
    stopped: bool = False
    interrupted: bool = False   # by Ctrl-C (the command then exits 130, as every command does)

    def to_json(self) -> dict:
        return {"answered": self.answered, "correct": self.correct,
                "acceptable": self.acceptable, "missed": list(self.missed)}


@dataclass
class Lessonish:
    """What the quiz needs of a lesson: its title and key rule."""

    title: str
    key_rule: str | None


class Quiz:
    """One session over checked drills.

    ``read`` returns the next input line (None at the end of input; it may raise
    KeyboardInterrupt); ``echo`` prints one block of text. ``interactive`` is True on a
    terminal: then an unreadable answer is asked again, from a pipe it counts as wrong
    so that line n stays the answer to drill n."""

    def __init__(self, items: Sequence, *, read: Callable[[str], str | None],
                 echo: Callable[[str], None], lang: str = "de", progress: Progress | None = None,
                 lessons: Mapping[str, Any] | None = None, style: Style = Style(),
                 interactive: bool = False, explain: bool = False, introduce: bool = False,
                 width: int | None = None) -> None:
        self.items = list(items)
        self.read = read
        self.echo = echo
        self.lang = lang
        self.progress = progress
        self.lessons = dict(lessons or {})
        self.style = style
        self.interactive = interactive
        self.explain = explain
        self.introduce = introduce   # the course: a lesson before its first drill
        self.width = width           # of the terminal, for a lesson's text (None: 88)
        from tutor.course import translations

        self.notes_dir = translations.folder_of(list(self.lessons.values()))   # their translations
        self.m = MESSAGES[lang]

    def _reasoning(self, item) -> str:
        from tutor.course.evidence import numbers as evidence_numbers

        text = self.m["why"].format(text=item.solution.text)
        # a judgement's numbers, when there are any (a drill's stored evidence is in its text),
        # also behind a Hilfe or an Ass-Ansage, as tutor bid gives them (QA s31 Q24)
        numbers = None if item.drill.get("evidence") else evidence_numbers(item, self.lang, information=True)
        if numbers:
            text += "\n" + numbers
        if item.drill.note:
            from tutor.course import translations

            note, done = translations.note_in(item.drill.note, self.lang, self.notes_dir)
            text += "\n" + self.m["note" if done else "note_german"].format(note=printable(note))
        return text

    def _answer(self, item, prompt: str) -> Given:
        """Read lines until one is an answer to ``item``: 'why', help and a hint are
        answered and the drill asked again; raises EOFError at the end of input or 'end'."""
        while True:
            line = self.read(prompt)
            if line is None:
                raise EOFError
            word = _fold(line)
            if not word:
                continue
            if word in WHY:
                self.echo(self._reasoning(self.last) if self.last else self.m["no_last"])
                continue
            if word in STOP:
                raise EOFError
            if word in HELP:
                self.echo(self.m["help"].format(what=reminder(item, self.lang)))
                continue
            if word in HINT:
                self.echo(self.style.paint(hint(item, self.lang), "blue"))
                continue
            try:
                return parse_answer(item, line, self.lang)
            except AnswerError as e:
                if word in HELP_UNLESS_AN_ANSWER:
                    self.echo(self.m["help"].format(what=reminder(item, self.lang)))
                    continue
                known = known_word(item, line)
                if self.interactive:
                    self.echo(self.m["remind"].format(what=reminder(item, self.lang)) if known
                              else self.m["unreadable"].format(error=e.text(self.lang)))
                    continue
                self.echo(self.m["remind_wrong"].format(what=reminder(item, self.lang), text=line.strip())
                          if known else self.m["unreadable_wrong"].format(error=e.text(self.lang)))
                return Given(None, line.strip())

    def _drill(self, item, number: tuple[int, int], again: bool = False) -> str:
        """Ask one drill, judge, store and show the answer; its outcome."""
        text, prompt = question(item, self.lang, self.style, None if again else number)
        self.echo("")
        if again:
            self.echo(self.style.bold(self.m["again_number"].format(i=number[0], n=number[1])))
        self.echo(text)
        given = self._answer(item, prompt)
        outcome = judge(item, given) if given.value is not None else WRONG
        if self.progress is not None:
            self.progress.record(source_of(item.file.name), item.drill.id, item.topic,
                                 given.shown, outcome, path=_path_of(item.file.name),
                                 convention=convention_of(item))
        self.last = item
        answer = show_answer(item, self.lang)
        if outcome == CORRECT:
            self.echo(self.style.paint(self.m["right"], "green"))
            if self.explain:
                self.echo(self._reasoning(item))
        elif outcome == ACCEPTABLE:
            self.echo(self.style.paint(self.m["acceptable"].format(answer=printable(answer)), "yellow"))
            self.echo(self._reasoning(item))
        else:
            self.echo(self.style.paint(self.m["wrong"].format(answer=printable(answer)), "red"))
            yours = own_call_text(item, given, self.lang)
            if yours:
                self.echo(yours)
            self.echo(self._reasoning(item))
        return outcome

    def _rule_message(self, lesson) -> str:
        """The "Remember" line's message: marked German, as a drill's note is, when the
        lesson has no translation into the quiz's language (English has none)."""
        from tutor.course import translations

        if getattr(lesson, "id", None) is None or translations.translated(lesson, self.lang):
            return "key_rule"
        return "key_rule_german"

    def _introduce(self, item, met: set) -> None:
        """The course: before the first drill of a lesson this learner has not practised
        yet, the lesson itself (its text, then its key rule); on a terminal the drills
        start after Enter."""
        lesson = self.lessons.get(item.topic) if item.topic else None
        if not (self.introduce and lesson is not None and item.topic not in met):
            return
        met.add(item.topic)
        self.echo("")
        self.echo(self.style.bold(self.m["new_lesson"].format(
            order=getattr(lesson, "order", ""), title=printable(lesson.title))))
        if getattr(lesson, "body", None):
            from tutor.course.lessons import render_terminal

            self.echo(render_terminal(lesson, color=self.style.color, width=self.width,
                                      lang=self.lang).rstrip())
        self.echo(self.style.bold(self.m["lesson_rule"].format(rule=printable(lesson.key_rule))))
        if self.interactive and self.read(self.m["p_lesson"]) is None:
            raise EOFError

    def run(self) -> Result:
        res = Result()
        misses_in_row: dict[str, int] = {}
        self.last = None
        n = len(self.items)
        self.echo(ngettext("Quiz: {n} drill. '?' shows what you can type, 'hint' gives a first step, "
                           "'why' the reasoning of the last drill, 'end' stops.",
                           "Quiz: {n} drills. '?' shows what you can type, 'hint' gives a first step, "
                           "'why' the reasoning of the last drill, 'end' stops.",
                           n, self.lang))
        met = self.progress.topics_seen() if self.introduce and self.progress is not None else set()
        missed: list[tuple[int, Any]] = []
        again = Result()
        try:
            for i, item in enumerate(self.items, start=1):
                self._introduce(item, met)
                outcome = self._drill(item, (i, n))
                res.answered += 1
                if outcome == CORRECT:
                    res.correct += 1
                elif outcome == ACCEPTABLE:
                    res.acceptable += 1
                else:
                    res.missed.append(item.drill.id)
                    missed.append((i, item))
                topic = item.topic
                if topic:
                    if outcome == WRONG:
                        if topic not in res.missed_topics:
                            res.missed_topics.append(topic)
                        misses_in_row[topic] = misses_in_row.get(topic, 0) + 1
                        lesson = self.lessons.get(topic)
                        if misses_in_row[topic] >= 2 and lesson is not None and getattr(lesson, "key_rule", None):
                            self.echo(self.style.bold(self.m[self._rule_message(lesson)].format(
                                title=printable(lesson.title), rule=printable(lesson.key_rule))))
                            misses_in_row[topic] = 0
                    else:
                        misses_in_row[topic] = 0
        except (EOFError, KeyboardInterrupt) as e:
            res.stopped = res.answered < n
            res.interrupted = isinstance(e, KeyboardInterrupt)
        if missed and not res.stopped and not res.interrupted:
            # the whole round answered: each missed drill once more, now that its answer and
            # reasoning were shown (stored as any answer: right now means due again later)
            self.echo("")
            self.echo(self.style.bold(self.m["missed_list"].format(
                numbers=both([str(i) for i, _ in missed]).text(self.lang))))
            try:
                for i, item in missed:
                    outcome = self._drill(item, (i, n), again=True)
                    again.answered += 1
                    again.correct += outcome == CORRECT
            except KeyboardInterrupt:
                res.interrupted = True
            except EOFError:
                pass
        self.echo("")
        if res.stopped:
            self.echo(ngettext("Stopped. {n} answer saved.", "Stopped. {n} answers saved.",
                               res.answered, self.lang))
        if res.missed_topics:
            titles = [getattr(self.lessons.get(t), "title", None) or t for t in res.missed_topics]
            self.echo(self.m["missed_topics"].format(topics=printable(", ".join(titles))))
        if again.answered:
            self.echo(self.m["again_score"].format(correct=again.correct, answered=again.answered))
        if res.missed and self.progress is not None:
            self.echo(self.m["review"])
        if res.acceptable:
            self.echo(self.m["acceptable_count"].format(n=res.acceptable))
        self.echo(self.m["score"].format(correct=res.correct, answered=res.answered))
        return res


def order(items: Sequence, shuffle: bool = False, seed: int | None = None) -> list:
    """The drills in file order, or shuffled with twins apart: a drill that shows the same
    situation as the one before it (the same hand and auction, trick or game) moves back
    behind the next one that does not (``tutor.course.balance.situation``). The bundled
    files keep their twins apart themselves."""
    from tutor.course.balance import situation

    items = list(items)
    if not shuffle:
        return items
    random.Random(seed).shuffle(items)
    out: list = []
    while items:
        last = situation(out[-1].drill.fields) if out else None
        k = next((i for i, x in enumerate(items) if situation(x.drill.fields) != last), 0)
        out.append(items.pop(k))
    return out
