"""Printable worksheets: verified drills as one self-contained HTML file.

The page (``tutor/templates/sheet.html`` with ``sheet.css`` and the Swiss suit symbols
``suits.svg`` inlined; nothing is loaded from the network) has a title, the numbered
exercises (the hand as a diagram with the suits in order, the auction as a table by
seat, room for the answer) and, after a page break, the answer key with the engine's
explanations. A4, print CSS, and no exercise box split across two pages.

Jinja2 renders it with autoescaping and ``StrictUndefined``: the text of a drill (a
note, a title) is always escaped, so it cannot inject markup.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from tutor.i18n import M, Mp, Msg

SUIT_ICONS = {"Eichel": "eichel", "Schellen": "schellen", "Rosen": "rosen", "Schilten": "schilten"}

# The exercises' kinds as a worksheet heads them (a heading: its own context in the catalogs)
TYPE_LABELS: dict[str, Msg] = {
    "bid": Mp("worksheet", "Bidding"), "explain": Mp("worksheet", "Reading a call"),
    "check": Mp("worksheet", "Checking"), "score": Mp("worksheet", "Board"),
    "trick": Mp("worksheet", "Trick"), "value": Mp("worksheet", "Card values"),
}


@dataclass
class Cell:
    text: str
    cls: str = ""


def auction_rows(entries: Sequence[tuple[str, str]], seats: Sequence[str], *,
                 turn: str | None = None, mark: int | None = None, lang: str = "de") -> list[list[Cell]]:
    """The auction as rows by seat (one column per seat; a call out of turn, such as a
    double, goes in its seat's column). ``turn`` adds a ``?`` cell, ``mark`` highlights
    the call asked about (1-based). A double or konter is shown by the word the learner
    types in ``lang`` (French « contre », « surcontre »)."""
    from tutor.course.quiz import call_words

    rows: list[list[Cell]] = []
    row: list[Cell] = []
    col = -1
    items = [(s, call_words(c, lang)) for s, c in entries] + ([(turn, "?")] if turn else [])
    for n, (seat, call) in enumerate(items, start=1):
        i = seats.index(seat) if seat in seats else 0
        if i <= col:
            rows.append(row + [Cell("")] * (len(seats) - len(row)))
            row, col = [], -1
        row += [Cell("")] * (i - col - 1)
        cls = "asked" if mark == n else ("turn" if turn and n == len(items) else "")
        row.append(Cell(call, cls))
        col = i
    if row:
        rows.append(row + [Cell("")] * (len(seats) - len(row)))
    return rows


NUMBERS_UP_TO = 40   # sheets of at most this many drills show the simulation's numbers


def _why(item, lang: str, numbers: bool = True) -> str:
    """The engine's reasons, with the simulation's numbers where the answer rests on
    judgement (a second or two each, so only on sheets of up to NUMBERS_UP_TO drills)."""
    if not numbers or item.drill.get("evidence"):   # a drill's stored evidence is in its text
        return item.solution.text
    from tutor.course.evidence import numbers

    extra = numbers(item, lang)
    return f"{item.solution.text} {extra}" if extra else item.solution.text


class _Box:
    """An exercise, a suit row or a card as the template reads it: attributes (Jinja finds
    an attribute at once, a dictionary's key only after failing to find one)."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)


def first_sentence(text: str, limit: int = 220) -> str:
    """The first sentence of the engine's reasons (a compact key's one line of why)."""
    import re

    text = " ".join(text.split())
    m = re.match(r"(.+?[.!?])(?=\s+[A-ZÀ-ÖØ-Þ0-9«(]|$)", text)
    line = m.group(1) if m else text
    return line if len(line) <= limit else line[: limit - 1].rsplit(" ", 1)[0] + " …"


def _lines(text: str) -> list[str]:
    return [x for x in text.splitlines() if x.strip()]


def _exercise(item, number: int, lang: str, numbers: bool = True, labels: "dict | None" = None,
              lessons_dir: "str | None" = None) -> _Box:
    from tutor.course import drills, quiz

    d, sol, engine, rules = item.drill, item.solution, item.engine, item.drill.rules
    seats = tuple(getattr(engine, "seats", ("A", "B", "C", "D")))
    labels = {} if labels is None else labels    # the types' and kinds' labels in ``lang``, made once
    label = labels.get(d.type)
    if label is None:
        label = labels[d.type] = TYPE_LABELS[d.type].text(lang)
    ex: dict[str, Any] = {
        "number": number, "id": d.id, "type": d.type, "type_label": label,
        "ref": f"{item.file.name.rsplit('/', 1)[-1]} · {d.id}", "seats": seats,
        "hand": None, "seat": sol.seat, "auction": None, "choices": [], "teams": [],
        "answer": quiz.show_answer(item, lang), "why": _why(item, lang, numbers), "note": d.note or "",
        "note_german": False, "short": "", "short_german": False,
        "rules_name": None, "trick": None, "cards_label": None, "trump": None,
    }
    from tutor.course import translations

    note, done = translations.note_in(d.note, lang, lessons_dir)
    ex["note"], ex["note_german"] = note or "", not done
    # the compact key's one line of why: the drill's note (written for this drill), else
    # the first sentence of the engine's reasons
    ex["short"], ex["short_german"] = ((note, not done) if note else
                                       (first_sentence(sol.text), False))
    if not note and d.type == "check" and sol.answer is False and hasattr(engine, "check_fault"):
        # a "no": what the call breaks, not what it would mean (that D holds an Ace he lacks)
        fault = engine.check_fault(d.hand, d.auction, d.get("call"), d.rules, lang)
        if fault:
            ex["short"] = first_sentence(fault)
    ex["rules_name"] = item.rules_text(lang)
    ex["game"] = (quiz.MESSAGES[lang]["game"].format(name=quiz.game_name(engine.game))
                  if getattr(engine, "game", drills.GAME) != drills.GAME else None)
    if d.hand:
        ex["hand"] = [_Box(name=suit, ranks=" ".join(ranks), icon=SUIT_ICONS.get(suit))
                      for suit, ranks in drills.hand_rows(engine, d.hand, lang)]
    # the question proper (quiz.ask): the hand and the auction are drawn as diagrams
    if d.type == "bid":
        ex["auction"] = auction_rows(drills.entries_of(engine, d.auction, rules), seats, turn=sol.seat, lang=lang)
        ex["question"] = _lines(quiz.ask(item, lang))[-1]
    elif d.type == "check":
        ex["auction"] = auction_rows(drills.entries_of(engine, d.auction, rules), seats, lang=lang)
        ex["question"] = _lines(quiz.ask(item, lang))[-1]
    elif d.type == "explain":
        entries = drills.entries_of(engine, d.auction, rules)[: sol.ask]
        ex["auction"] = auction_rows(entries, seats, mark=sol.ask, lang=lang)
        seat, call = entries[sol.ask - 1]
        ex["question"] = quiz.MESSAGES[lang]["q_explain"].format(seat=seat, call=quiz.call_words(call, lang),
                                                                 ask=sol.ask)
        kinds = drills.choices(engine, d.auction, sol.ask, rules)
        key = ("choices", getattr(engine, "game", None), kinds)
        if key not in labels:
            labels[key] = [drills.kind_label(engine, k, lang) for k in kinds]
        ex["choices"] = list(labels[key])
    elif d.type in drills.PLAY_TYPES:
        play_lines, _ = quiz.play_question(item, lang)
        ex["question"] = play_lines[-1]
        ex["trump"] = play_lines[0]
        if d.type == "trick":
            trump, cards, order = drills._trick_of(d.fields)
            ex["trick"] = [_Box(seat=seat, name=c.suit.value, icon=SUIT_ICONS.get(c.suit.value),
                                rank=c.rank.value) for seat, c in zip(order, cards)]
            ex["cards_label"] = play_lines[1]
        else:
            from tutor.cards import SUITS

            h = drills._value_hand(d.get("cards"))
            ex["hand"] = [_Box(name=st.value, ranks=" ".join(r.value for r in h.suit(st)),
                               icon=SUIT_ICONS.get(st.value)) for st in SUITS if h.length(st)]
            ex["cards_label"] = play_lines[1]
    elif d.type == "score":
        if d.get("auction"):
            ex["auction"] = auction_rows(drills.entries_of(engine, d.get("auction"), rules), seats, lang=lang)
        ex["question"] = " ".join([x for x in _lines(quiz.ask(item, lang)) if not x.startswith("  ")][-2:])
        ex["teams"] = [drills.team_label(engine, t, lang) for t in drills.teams_of(engine, d.answer)]
    else:
        quiz.question(item, lang)    # an unknown type: its error, as before
    return _Box(**ex)


def by_lesson(items: Sequence, course: Sequence = ()) -> list:
    """The drills in the order of the course: by their lesson's place (drills of no
    lesson of the course last), within a lesson in the order given."""
    place = {x.id: i for i, x in enumerate(course)}
    return [it for _, it in sorted(enumerate(items),
                                   key=lambda p: (place.get(p[1].topic, len(place)), p[0]))]


def render(items: Sequence, *, title: str | None = None, lang: str = "de",
           exercises: bool = True, answers: bool = True, lesson=None,
           avoid_breaks: bool = True, course: Sequence = (), compiled: "str | None" = None,
           full_key: bool = False, ids: bool = False) -> str:
    """The worksheet for verified drills (``tutor.course.drills.Checked``) in the order given,
    one heading per lesson of ``course`` (the lessons, ``tutor.course.lessons.Lesson``; a drill
    of no lesson there is headed by its file's title). ``lesson`` puts its text first, in
    ``lang`` where it is translated (``tutor.course.translations``; else marked German).
    The answer key is compact (the answer, one line of why) unless ``full_key`` (the
    engine's whole reasons, the simulation's numbers and the note); ``ids`` adds each
    drill's file and id to the key.
    ``avoid_breaks=False`` lets boxes split (only to show that the print CSS matters);
    ``compiled``: the folder of the compiled templates (default ``tutor/__pycache__``)."""
    import jinja2
    from markupsafe import Markup

    from tutor.course import translations

    lesson_german = lesson is not None and not translations.translated(lesson, lang)
    lessons_dir = translations.folder_of(course)
    course = translations.course_in(course, lang)
    lesson = translations.lesson_in(lesson, lang) if lesson is not None else None

    lessons_by_id = {x.id: x for x in course}
    items = by_lesson(items, course)
    groups: list[dict] = []
    by_key: dict[str, dict] = {}
    labels: dict = {}
    for n, item in enumerate(items, start=1):
        found = lessons_by_id.get(item.topic)
        key = f"lesson:{found.id}" if found else f"file:{item.file.name}"
        if key not in by_key:
            heading = (M("Lesson {order}: {title}", order=found.order, title=found.title).text(lang)
                       if found else item.file.display_title)
            by_key[key] = {"title": heading, "exercises": []}
            groups.append(by_key[key])
        by_key[key]["exercises"].append(_exercise(item, n, lang, full_key and len(items) <= NUMBERS_UP_TO,
                                                  labels, lessons_dir))
    if title is None:
        if lesson is not None:
            title = lesson.title
        elif len(groups) == 1:
            title = groups[0]["title"]
        else:
            title = Mp("worksheet", "Worksheet").text(lang)
    lesson_html = None
    if lesson is not None:
        from tutor.course.lessons import tie_french, to_html

        body = lesson.body.lstrip()
        first, _, rest = body.partition("\n")
        if first.strip().lstrip("#").strip() == lesson.title and first.startswith("# "):
            body = rest
        lesson_html = Markup(to_html(tie_french(body) if lang == "fr" else body))
    from tutor import i18n

    env = jinja2.Environment(loader=jinja2.PackageLoader("tutor", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True, bytecode_cache=_compiled_templates(compiled))
    # the template's words come from the catalogs, in the sheet's language (escaped as any text)
    words: dict[tuple, str] = {}      # the template's constant words, each translated once

    def word(context, msgid, params):
        if params:
            return i18n.pgettext(context, msgid, lang, **params) if context else i18n._(msgid, lang, **params)
        found = words.get((context, msgid))
        if found is None:
            found = words[context, msgid] = i18n.pgettext(context, msgid, lang) if context else i18n._(msgid, lang)
        return found

    env.globals.update(_=lambda msgid, **kw: word(None, msgid, kw),
                       pgettext=lambda context, msgid, **kw: word(context, msgid, kw))
    return env.get_template("sheet.html").render(
        title=title, lang=lang, groups=groups, exercises=exercises,
        answers=answers, lesson_html=lesson_html, avoid_breaks=avoid_breaks,
        lesson_german=lesson_german, full_key=full_key, ids=ids)


def _compiled_templates(folder: "str | None" = None):
    """Jinja's compiled templates kept for the next run beside Python's own compiled
    modules (``tutor/__pycache__``, keyed by the template's text and the Python version):
    compiling the worksheet's template costs some 12 ms a run. A folder that cannot be
    written (an installed, read-only package) or a broken file: compiled as before."""
    import os

    import jinja2

    class Cache(jinja2.FileSystemBytecodeCache):
        def load_bytecode(self, bucket) -> None:
            try:
                super().load_bytecode(bucket)
            except Exception:
                bucket.reset()

        def dump_bytecode(self, bucket) -> None:
            try:
                os.makedirs(self.directory, exist_ok=True)
                super().dump_bytecode(bucket)
            except OSError:
                pass

    from pathlib import Path

    return Cache(folder or str(Path(__file__).resolve().parent / "__pycache__"), "jinja-%s.cache")
