"""The course's commands: lessons, lesson, quiz, sheet, drills (check, new, schema).

Thin: the logic is in ``tutor.course.lessons``, ``tutor.course.quiz``, ``tutor.course.sheets`` and
``tutor.course.drills``. A drill file whose answer key disagrees with the engine, or that is
broken, is reported line by line with exit code 1 (unreadable YAML: 2), by ``drills
check`` and in the same words by ``quiz`` and ``sheet``, which refuse it.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from tutor.commands.helptext import help_lang_option

from tutor.i18n import M, Mn, _, ngettext
from tutor.commands.common import (NUMBER, NumberType, PathType, emit_json, json_option, lang_option, learner_option,
                                   read_table_rules_option, write_or_echo)

TOPICS = ("spielregeln", "kartenwerte", "bieten", "eroeffnung", "hilfe", "fuenfer",
          "gegnerfarbe", "verpasst", "matsch", "doppeln", "tafel", "tischregeln", "beispiel")


def db_option(f):
    return click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
                        help="The progress database (default: tutor.sqlite3 in the user's data "
                             "folder, or $TUTOR_DB).")(f)


def lessons_option(f):
    return click.option("--lessons", "lessons_path", type=PathType(file_okay=False), default=None,
                        help="The lessons folder (default: lessons/ of the tutor's repository).")(f)


def default_rules_option(f):
    return click.option("--rules", "rules_spec", default=None, metavar="PROFILE|FILE",
                        help="Table rules for drill files that name none (default: verband).")(f)


def _game() -> str:
    """The game of the command line (``tutor --game tarneeb lessons``): its course."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None and not (isinstance(ctx.obj, dict) and "game" in ctx.obj):
        ctx = ctx.parent
    return ctx.obj["game"] if ctx is not None else "sidi-barrani"


def _lessons(path, required: bool, lang: str = "de"):
    """The lessons of the game's course (``--game``), in order, in ``lang`` where they are
    translated (``tutor.course.translations``)."""
    from tutor.course import lessons, translations
    from tutor.errors import TutorError

    try:
        course = translations.course_in(lessons.load_all(path, _game()), lang)
        if not course and required:
            raise TutorError(M("no course for the game {game} in {folder} (courses: {known})",
                               game=_game(), folder=lessons.lessons_dir(path),
                               known=", ".join(lessons.courses(path))))
        return course
    except TutorError:
        if required or path is not None:
            raise
        return []


def _german_notice(command: str, course, lang: str) -> None:
    """In another language than German, one line on stderr when lessons of the course have
    no translation yet (lessons/fr/; English has none): they are shown in German (a
    worksheet marks them on the paper, the quiz marks a German note)."""
    if lang == "de":
        return
    from tutor.course import translations

    missing = [x for x in course if not translations.translated(x, lang)]
    if missing and len(missing) == len(course):
        click.echo(_("(tutor {command}: the lessons are not translated into this language yet: they are shown in German)",
                     lang, command=command), err=True)
    elif missing:
        click.echo(_("(tutor {command}: some lessons are not translated yet: they are shown in German)",
                     lang, command=command), err=True)


def _find(path, course, key):
    """A lesson of the game's course by id, number or start of its id; else any course's
    lesson by its exact id (``tutor lesson tarneeb``)."""
    from tutor.course import lessons
    from tutor.errors import TutorError

    try:
        return lessons.find(course, key)
    except TutorError:
        for lesson in lessons.load_all(path, None):
            if lesson.id == key.strip().lower():
                return lesson
        raise


def _report(problems, unreadable=(), lang: str = "de") -> None:
    """Every problem as ``file:line: id: message``, the message in ``lang``."""
    from tutor.text import printable

    for e in unreadable:
        click.echo(printable(f"tutor: {e.text(lang)}"), err=True)
    for p in problems:
        click.echo(printable(p.text(lang)), err=True)


def _verified(paths, lang, rules_spec, lessons_list=()):
    """The checked drills of ``paths`` or exit 1 (2 for an unreadable file) with every
    problem, as ``drills check`` reports them."""
    from tutor.course import drills

    checked, problems, unreadable = drills.check_paths(paths, lang, default_rules=rules_spec)
    if unreadable or problems:
        _refuse(problems, unreadable, lang)
    return _with_topics(checked, lessons_list)


def _refuse(problems, unreadable, lang: str) -> None:
    """Report every problem and exit 1 (2 for an unreadable file): the drills are not used."""
    _report(problems, unreadable, lang)
    n = len(problems) + len(unreadable)
    click.echo(ngettext("tutor: {n} problem in the drills: they are not used as they are "
                        "(tutor drills check).",
                        "tutor: {n} problems in the drills: they are not used as they are "
                        "(tutor drills check).", n, lang), err=True)
    sys.exit(2 if unreadable else 1)


def _with_topics(checked, lessons_list):
    """Drills of a file without ``lesson:`` take the topic of the lesson that lists it."""
    import dataclasses

    from tutor.course import lessons

    listed = lessons.topic_of_files(lessons_list)
    files: dict[int, object] = {}     # each file looked up once, not once per drill
    out = []
    for c in checked:
        f = files.get(id(c.file))
        if f is None:
            f = c.file
            if f.lesson is None and f.path:
                topic = listed.get(str(Path(f.path).resolve()))
                if topic:
                    f = dataclasses.replace(f, lesson=topic)
            files[id(c.file)] = f
        out.append(c if f is c.file else dataclasses.replace(c, file=f))
    return out


# -- lessons ----------------------------------------------------------------------------
@click.command("lessons")
@lessons_option
@db_option
@learner_option
@json_option
@lang_option
def lessons_cmd(lessons_path, db_path, learner, as_json, lang):
    """The course: every lesson in order, with this learner's progress.

    Example: tutor lessons
    """
    from tutor.course import drills, lessons, quiz

    course = _lessons(lessons_path, required=True, lang=lang)
    _german_notice("lessons", course, lang)
    progress = quiz.Progress.open(db_path, learner, make=False)   # a question makes no database
    rows = []
    try:
        for lesson in course:
            keys = []
            for p in lessons.drill_files(lesson):
                try:
                    f = drills.load(p)
                except Exception:  # a broken file shows as 0 drills here; drills check names it
                    continue
                keys += [(quiz.source_of(str(p)), d.id) for d in f.drills]
            rows.append((lesson, progress.stats(keys)))
        conventions = progress.by_convention()
    finally:
        progress.close()
    if as_json:
        emit_json([{"id": x.id, "title": x.title, "order": x.order, "drills": s["drills"],
                    "seen": s["seen"], "right": s["right"], "due": s["due"]} for x, s in rows])
        return
    click.echo(ngettext("The course: {n} lesson", "The course: {n} lessons", len(rows), lang, n=len(rows)))
    from tutor.text import printable

    width = max(len(printable(x.title)) for x, _ in rows)
    for x, s in rows:
        status = ngettext("{count} drill, practised {seen}, right {right}, due {due}",
                          "{count} drills, practised {seen}, right {right}, due {due}", s["drills"], lang,
                          count=f"{s['drills']:>3}", seen=s["seen"], right=s["right"], due=s["due"])
        click.echo(f"{x.order:>3}. {printable(x.title):<{width}}  {x.id:<12} {status}")
    if conventions:   # what each convention's drills came to (issue 22)
        click.echo(_("By convention (right the last time / practised):", lang))
        for key in sorted(conventions, key=quiz.convention_order):
            c = conventions[key]
            click.echo(f"  {quiz.convention_label(key, lang)} {c['right']}/{c['seen']}")
    for game, n in lessons.courses(lessons_path).items():
        if game != _game():   # each game has its course: name the others
            click.echo(NEXT_TEXTS["other"](n, game=game).text(lang))
    click.echo(next_lesson_text(rows, lang, _game()))
    from tutor.practice.progress import stats_line

    practised = stats_line(db_path, progress.learner, lang)
    if practised:   # whole deals of tutor practice (issue 24)
        click.echo(practised)


# What `tutor lessons` says comes next, and why: one table of catalog messages.
NEXT_TEXTS: dict = {
    "next": M("Next: lesson {order}, {title}: {why}. Read: tutor lesson {id}; practise: tutor quiz"),
    "next_game": M("Next: lesson {order}, {title}: {why}. Read: tutor lesson {id}; practise: tutor "
                   "--game {game} quiz"),
    "other": lambda n, game: Mn("Another course: {game}, {n} lesson: tutor --game {game} lessons",
                                "Another course: {game}, {n} lessons: tutor --game {game} lessons",
                                n, game=game),
    "start": M("you have practised nothing yet, and the course starts here"),
    "due": lambda n: Mn("{n} of its drills is due again", "{n} of its drills are due again", n),
    "new": M("you have not practised {n} of its {m} drills yet, and it is the first lesson of "
             "the course where that is so"),
    "wrong": M("you answered {n} of its drills wrong the last time"),
    "done": M("Every lesson practised and answered right the last time. Review what falls due: "
              "tutor quiz --review"),
}


def next_lesson_text(rows, lang: str, game: str = "sidi-barrani") -> str:
    """Which lesson comes next and why: the first with drills due again, else the first
    with drills not yet practised, else the first with drills missed the last time."""
    from tutor.text import printable

    def next_text(x, why) -> str:
        if game != "sidi-barrani":
            return NEXT_TEXTS["next_game"](order=x.order, title=printable(x.title), id=x.id, why=why,
                                           game=game).text(lang)
        return NEXT_TEXTS["next"](order=x.order, title=printable(x.title), id=x.id, why=why).text(lang)

    rows = [(x, s) for x, s in rows if s["drills"]]
    if rows and not any(s["seen"] for _, s in rows):
        return next_text(rows[0][0], NEXT_TEXTS["start"])
    for pick, why in ((lambda s: s["due"], lambda s: NEXT_TEXTS["due"](s["due"])),
                      (lambda s: s["drills"] - s["seen"], lambda s: NEXT_TEXTS["new"](
                          n=s["drills"] - s["seen"], m=s["drills"])),
                      (lambda s: s["seen"] - s["right"], lambda s: NEXT_TEXTS["wrong"](
                          n=s["seen"] - s["right"]))):
        for x, s in rows:
            if pick(s) > 0:
                return next_text(x, why(s))
    return NEXT_TEXTS["done"].text(lang)


@click.command("lesson")
@click.argument("lesson_id")
@lessons_option
@lang_option
def lesson_cmd(lesson_id, lessons_path, lang):
    """Show one lesson (by id or number) in the terminal.

    Example: tutor lesson hilfe
    """
    from tutor.course import lessons, quiz
    from tutor.text import printable

    course = _lessons(lessons_path, required=True, lang=lang)
    from tutor.course import translations

    lesson = translations.lesson_in(_find(lessons_path, course, lesson_id), lang)
    _german_notice("lesson", [lesson], lang)
    out = sys.stdout
    style = quiz.terminal_style(out)
    width = None
    if style.color:
        import shutil

        width = min(shutil.get_terminal_size((88, 24)).columns, 100)
    click.echo(lessons.render_terminal(lesson, color=style.color, width=width, lang=lang), nl=False)
    files = lessons.drill_files(lesson)
    if files:
        root = Path(lesson.root or ".")
        shown = [str(p.relative_to(root)) if p.is_relative_to(root) else str(p) for p in files]
        click.echo()
        click.echo(_("Practise: tutor quiz {files}", lang, files=printable(" ".join(shown))))
        click.echo(_("Key rule: {rule}", lang, rule=printable(lesson.key_rule)))


# -- quiz -------------------------------------------------------------------------------
def _course_files(course) -> list[str]:
    from tutor.course import lessons

    files: list[str] = []
    for lesson in course:
        for p in lessons.drill_files(lesson):
            if p.exists() and str(p) not in files:
                files.append(str(p))
    if not files:
        from tutor.course.lessons import default_dir

        bundled = default_dir().parent / "exercises"
        if bundled.is_dir():
            files.append(str(bundled))
    return files


@click.command("quiz")
@click.argument("files", nargs=-1, type=PathType())
@click.option("--review", is_flag=True, help="The drills due again for this learner (missed ones at once).")
@click.option("--shuffle", is_flag=True, help="Ask the drills in random order (default: file order).")
@click.option("--seed", type=NUMBER, default=None, help="Seed for --shuffle.")
@click.option("--count", type=NumberType(1), default=None,
              help="Ask at most this many drills (default: all; 10 for the course without files).")
@click.option("--explain", "always_explain", is_flag=True, help="Show the full reasoning after right answers too.")
@db_option
@learner_option
@lessons_option
@default_rules_option
@json_option
@lang_option
def quiz_cmd(files, review, shuffle, seed, count, always_explain, db_path, learner, lessons_path,
             rules_spec, as_json, lang):
    """Practise drills: one question at a time, the engine's reasoning after each answer.

    \b
    Examples:
      tutor quiz exercises/hilfe.yaml
      tutor quiz --review
      printf '90 Eichel\\nhilfe\\n' | tutor quiz exercises/hilfe.yaml --json
    Without FILES: the course's drills in lesson order, the due ones first.
    Answers: a call (90 ei, fort), a kind or its number, ja/nein, the two board numbers.
    """
    from tutor.course import quiz

    course = _lessons(lessons_path, required=False, lang=lang)
    if not files and not review:
        _german_notice("quiz", course, lang)
    # --review asks what is due: on a database not made yet nothing is, and none is made
    progress = quiz.Progress.open(db_path, learner, make=not review)
    try:
        course_quiz = not files and not review
        # the course is read whole, but only the drills this session asks are recomputed
        # with the engine (_course_items); any problem in reading it: the full check
        readings = _course_readings(course) if course_quiz else None
        items = _unchecked(readings, course) if readings is not None else \
            _quiz_items(files, review, course, progress, lang, rules_spec)
        if course_quiz:
            # the course: what is due first, then what this learner has not answered yet
            sched = progress.schedule()
            due = {k for k in progress.due()}
            key = lambda c: (quiz.source_of(c.file.name), c.drill.id)
            items = [c for c in items if key(c) in due] + [c for c in items if key(c) not in sched]
            count = count or 10
        items = quiz.order(items, shuffle, seed)
        if count:
            items = items[:count]
        if readings is not None:
            items = _check_chosen(items, readings, lang, rules_spec)
        if not items:
            # --review of a learner with no answers here (a new learner, a mistyped --db or
            # learner): "every drill practised is on schedule" said nothing of why
            if review and not progress.schedule():
                from tutor.text import printable

                click.echo(quiz.MESSAGES[lang]["nothing_practised"].format(learner=printable(progress.learner)))
            else:
                click.echo(quiz.MESSAGES[lang]["nothing_due"])
            # one line: a score of no questions ("0/0 correct") said nothing the line did not
            if as_json:
                emit_json(quiz.Result().to_json())
            return
        from tutor.text import printable, read_line, unicode_text

        stdin = sys.stdin
        stdout = sys.stdout
        interactive = bool(getattr(stdin, "isatty", lambda: False)())
        style = quiz.terminal_style(stdout)

        def read(prompt: str):
            # bytes that are not UTF-8 are an unreadable answer, shown as U+FFFD, not
            # surrogates that fail at the output or the database
            if interactive:
                try:
                    return unicode_text(input(prompt))
                except EOFError:
                    click.echo()
                    return None
                except UnicodeDecodeError:
                    return "\ufffd"
            click.echo(prompt, nl=False)
            line = read_line(stdin)   # at most MAX_INPUT characters: an endless line's rest is dropped
            if line is None:
                click.echo()
                return None
            click.echo(printable(line))
            return line

        width = None
        if style.color:
            import shutil

            width = min(shutil.get_terminal_size((88, 24)).columns, 100)
        session = quiz.Quiz(items, read=read, echo=lambda s: click.echo(s, color=style.color),
                            lang=lang, progress=progress, lessons={x.id: x for x in course},
                            style=style, interactive=interactive, explain=always_explain,
                            introduce=not files and not review, width=width)
        result = session.run()
    finally:
        progress.close()
    if as_json:
        emit_json(result.to_json())
    if result.interrupted:
        # the quiz said what it kept; the program's one Ctrl-C line and exit 130, as every
        # command ends on Ctrl-C (QA s32 Q38: the quiz alone ended without it)
        raise KeyboardInterrupt


def _course_readings(course):
    """The course's drill files read and checked against the schema, by file name; None
    when one cannot be read or breaks the schema (then the full check reports it all)."""
    from tutor.course import drills
    from tutor.errors import ParseError

    readings = {}
    for p in drills.collect(_course_files(course)):
        try:
            reading = drills.read_path(p)
        except ParseError:
            return None
        if reading.problems or reading.file is None:
            return None
        readings[reading.file.name] = reading
    return readings


def _unchecked(readings, course):
    """Every drill of the readings, not yet recomputed by the engine (``solution`` None)."""
    from tutor.course import drills

    items = [drills.Checked(r.file, d, None, None) for r in readings.values() for d in r.file.drills]
    return _with_topics(items, course)


def _check_chosen(items, readings, lang, rules_spec):
    """The drills of this session recomputed with the engine, in their order: the course
    is checked lazily, a drill when a session asks it. A drill the engine does not agree
    with stops the quiz as the full check would (exit 1)."""
    from tutor.course import drills

    asked: dict[str, set] = {}
    for c in items:
        asked.setdefault(c.file.name, set()).add(c.drill.id)
    checked: dict[tuple, object] = {}
    problems = []
    for name, ids in asked.items():
        good, bad = drills.check_reading(readings[name], lang, default_rules=rules_spec, only=ids)
        problems += bad
        checked.update({(name, g.drill.id): g for g in good})
    if problems:
        _refuse(problems, (), lang)
    import dataclasses

    # each drill as checked, with the file as the session knows it (its lesson's topic)
    return [dataclasses.replace(checked[(c.file.name, c.drill.id)], file=c.file) for c in items]


def _quiz_items(files, review, course, progress, lang, rules_spec):
    from tutor.course import drills, quiz

    if files:
        items = _verified(files, lang, rules_spec, course)
        if any(Path(f).is_dir() for f in files):
            # a folder holds every game's drills: the quiz asks the game's own (tutor --game
            # tarneeb quiz exercises/); a file named on its own is asked whatever its game
            named = {str(Path(f).resolve()) for f in files if not Path(f).is_dir()}
            items = [c for c in items if c.file.game == _game() or str(Path(c.file.name).resolve()) in named]
        if review:
            due = progress.due()
            order = {k: i for i, k in enumerate(due)}
            key = lambda c: (quiz.source_of(c.file.name), c.drill.id)
            items = sorted((c for c in items if key(c) in order), key=lambda c: order[key(c)])
        return items
    if review:
        # a drill is its file's name and id: the file is where it was last read, else the
        # course's file of that name (a moved or re-cloned checkout)
        due = progress.due()
        seen = progress.paths()
        in_course = {p.name: str(p) for p in drills.collect(_course_files(course))}
        by_source: dict[str, dict] = {}
        for source in dict.fromkeys(s for s, _ in due):
            path = seen.get(source)
            if not path or not Path(path).is_file():
                path = in_course.get(source)
            if path is None:
                click.echo(_("tutor: {source} is missing, skipped", lang, source=source), err=True)
                continue
            checked, problems, unreadable = drills.check_paths([path], lang, default_rules=rules_spec)
            if problems or unreadable:
                _report(problems, unreadable, lang)
                click.echo(_("tutor: {source} has problems, skipped", lang, source=source), err=True)
                continue
            by_source[source] = {c.drill.id: c for c in _with_topics(checked, course)}
        return [by_source[s][d] for s, d in due if s in by_source and d in by_source[s]]
    return _verified(_course_files(course), lang, rules_spec, course)


# -- sheet ------------------------------------------------------------------------------
@click.command("sheet")
@click.argument("sources", nargs=-1, type=PathType())
@click.option("-o", "--output", type=PathType(dir_okay=False), default=None,
              help="The HTML file to write (default: standard output).")
@click.option("--lesson", "lesson_id", default=None, help="A lesson: its text first, then its drills.")
@click.option("--no-answers", is_flag=True, help="Leave the answer key out.")
@click.option("--answers-only", is_flag=True, help="Print just the answer key.")
@click.option("--title", default=None, help="The sheet's title (default: the file's or lesson's).")
@click.option("--full-key", is_flag=True, help="The engine's whole reasoning in the answer key "
              "(default: the answer and one line of why).")
@click.option("--ids", is_flag=True, help="Each drill's file and id in the answer key.")
@lessons_option
@default_rules_option
@lang_option
def sheet_cmd(sources, output, lesson_id, no_answers, answers_only, title, full_key, ids, lessons_path,
              rules_spec, lang):
    """A printable worksheet (one self-contained HTML file) from drill files or a lesson.

    \b
    Examples:
      tutor sheet exercises/*.yaml -o blatt.html
      tutor sheet hilfe -o hilfe.html          # the lesson and its drills
      tutor sheet exercises/tafel.yaml --answers-only -o loesungen.html
    """
    from tutor.course import lessons, sheets
    from tutor.errors import TutorError

    if no_answers and answers_only:
        raise TutorError(M("--no-answers and --answers-only exclude each other"))
    course = _lessons(lessons_path, required=lesson_id is not None)
    paths: list[str] = []
    lesson = None
    for s in sources:
        if Path(s).exists():
            paths.append(s)
        elif course and not s.endswith((".yaml", ".yml")):
            found = _find(lessons_path, course, s)
            lesson = lesson or found
            paths += [str(p) for p in lessons.drill_files(found)]
        else:
            raise TutorError(M("{source}: no such drill file, folder or lesson", source=s))
    if lesson_id:
        lesson = _find(lessons_path, course, lesson_id)
        paths += [str(p) for p in lessons.drill_files(lesson)]
    if not paths:
        raise TutorError(M("sheet needs drill files or a lesson (e.g. tutor sheet exercises/hilfe.yaml)"))
    items = _verified(paths, lang, rules_spec, course)
    html = sheets.render(items, title=title, lang=lang, exercises=not answers_only,
                         answers=not no_answers, lesson=lesson if len(sources) <= 1 or lesson_id else None,
                         course=course, full_key=full_key, ids=ids)
    if not write_or_echo(output, html):
        return
    n = len(items)
    click.echo(ngettext("{output}: {n} drill", "{output}: {n} drills", n, lang, output=output), err=True)


# -- drills -----------------------------------------------------------------------------
@click.group("drills")
@help_lang_option
def drills_group():
    """Drill files: check them against the engine, generate new ones, the schema."""


@drills_group.command("check")
@click.argument("paths", nargs=-1, required=True, type=PathType())
@default_rules_option
@click.option("--deep", is_flag=True, help="Also run the simulation again for every judgement drill.")
@click.option("--nodes", type=NumberType(1, 10 ** 10), default=None,
              help="--deep: the node budget of the exact probes (default: each drill's evidence).")
@click.option("--write", "write", is_flag=True,
              help="--deep: store the fresh evidence where the answer key agrees with it.")
@click.option("--only", "only", multiple=True, metavar="ID",
              help="--deep: only these judgement drills (ids, repeated or separated by commas).")
@click.option("--budget", type=NumberType(1, 10 ** 7), default=None, metavar="SECONDS",
              help="--deep: start no simulation after this many seconds (run it again to go on).")
@click.option("--cache", "cache", type=PathType(file_okay=False), default=None,
              help="--deep: the folder of the kept results (default: ~/.cache/tutor/deep).")
@click.option("--no-cache", is_flag=True, help="--deep: simulate every drill again, keep nothing.")
@json_option
@lang_option
def drills_check(paths, rules_spec, deep, nodes, write, only, budget, cache, no_cache, as_json, lang):
    """Validate drill files (or folders of them) and recompute every answer with the engine.

    Exit 0 when all agree, 1 when a drill is broken or its answer disagrees (each
    reported as file:line: id: message), 2 when a file cannot be read.

    Example: tutor drills check exercises/
    """
    import time

    from tutor.course import drills
    from tutor.course import evidence as ev
    from tutor.errors import TutorError

    if (nodes or write or only or budget or cache or no_cache) and not deep:
        raise TutorError(M("--nodes, --write, --only, --budget and --cache belong to --deep"))
    if cache and no_cache:
        raise TutorError(M("--cache and --no-cache: one or the other"))
    files = drills.collect(paths)
    checked, problems, unreadable = drills.check_paths(files, lang, default_rules=rules_spec)
    done = None
    if deep:
        folder = None if no_cache else (cache or ev.cache_dir())
        ids = [i.strip() for o in only for i in o.split(",") if i.strip()] if only else None
        if only and not ids:    # --only "" or ",": it checked nothing and said "all fine"
            raise TutorError(M("--only: name the judgement drills to check, e.g. --only bieten-20,fuenfer-12"))
        start = time.monotonic()
        done = drills.deep_check(checked, nodes=nodes, write=write, progress=_deep_progress(lang),
                                 only=ids, cache=folder, budget=budget)
        problems = problems + done.problems
        seconds = round(time.monotonic() - start)
        if not done.kept:
            click.echo(_("tutor: cannot write to {folder}: the results were not kept for the next run",
                         lang, folder=folder), err=True)
    if as_json:
        out = {"files": len(files), "drills": len(checked) + len({(p.path, p.drill) for p in problems if p.drill}),
               "ok": len(checked),
               "problems": [p.to_json(lang) for p in problems]
               + [{"file": None, "line": None, "id": None, "message": e.text(lang)}
                  for e in unreadable]}
        if done is not None:
            out["deep"] = {"drills": done.total, "simulated": done.simulated, "cached": done.cached,
                           "left": [i for _f, i in done.left]}
        emit_json(out)
    else:
        _report(problems, unreadable, lang)
        if done is not None:
            click.echo(_("Deep check: {drills}: {simulated} simulated, {cached} from the cache ({seconds} s).", lang,
                         drills=Mn("{n} judgement drill", "{n} judgement drills", done.total),
                         simulated=done.simulated, cached=done.cached, seconds=seconds))
            if done.left:
                click.echo(ngettext("tutor: {n} judgement drill not checked within --budget {budget} s ({ids}): "
                                    "run the same command again to go on.",
                                    "tutor: {n} judgement drills not checked within --budget {budget} s ({ids}): "
                                    "run the same command again to go on.", len(done.left), lang,
                                    budget=budget, ids=", ".join(i for _f, i in done.left)), err=True)
        n = len(problems) + len(unreadable)
        if n:
            ok = len(checked)
            click.echo(_("{files}: {fine}, {problems}.", lang, files=_files(len(files), lang),
                         fine=Mn("{n} drill fine", "{n} drills fine", ok),
                         problems=Mn("{n} problem", "{n} problems", n)))
        elif not (done and done.left):
            click.echo(ngettext("{files}, {n} drill: all fine.", "{files}, {n} drills: all fine.",
                                len(checked), lang, files=_files(len(files), lang)))
    sys.exit(2 if unreadable else 1 if problems or (done and done.left) else 0)


def _deep_progress(lang: str):
    """``--deep``'s progress, a line a judgement drill on standard error: its id and how it
    was checked (simulated in so many seconds, from the cache, or left by the budget); on a
    terminal the line is rewritten in place."""
    import time

    tty = getattr(sys.stderr, "isatty", lambda: False)()
    last = [time.monotonic()]

    def show(done: int, total: int, drill_id: str, cached) -> None:
        now = time.monotonic()
        how = (_("from the cache", lang) if cached else _("not started: the budget is spent", lang) if cached is None
               else _("simulated in {seconds} s", lang, seconds=round(now - last[0], 1)))
        last[0] = now
        line = _("deep check {done}/{total}: {id}: {how}", lang, done=done, total=total, id=drill_id, how=how)
        sys.stderr.write(("\r\033[K" + line + ("\n" if done >= total else "")) if tty else line + "\n")
        sys.stderr.flush()

    return show


def _files(n: int, lang: str) -> str:
    return ngettext("{n} file", "{n} files", n, lang)


@drills_group.command("new")
@click.option("--topic", type=click.Choice(TOPICS), required=True, help="The lesson topic to practise.")
@click.option("--count", type=NumberType(1, 500), default=10, show_default=True)
@click.option("--seed", type=NUMBER, default=None, help="Seed of the random deals (same seed, same drills).")
@click.option("-o", "--output", type=PathType(dir_okay=False), default=None,
              help="The drill file to write (default: standard output).")
@click.option("--force", is_flag=True, help="Overwrite OUTPUT if it exists.")
@click.option("--rules", "rules_spec", default="verband", show_default=True, metavar="PROFILE|FILE",
              callback=read_table_rules_option,
              help="Table rules of the generated drills.")
@click.option("--evidence/--no-evidence", default=True, show_default=True,
              help="Keep a judgement drill only where the simulation shares its key, with its evidence.")
@lang_option
def drills_new(topic, count, seed, output, force, rules_spec, evidence, lang):
    """Generate drills from random deals that meet the topic's conditions.

    Example: tutor drills new --topic hilfe --count 20 --seed 7 -o exercises/hilfe-extra.yaml
    """
    from tutor.course import generator
    from tutor.course.drills import dumps, schema_ref_for
    from tutor.errors import TutorError

    if output and Path(output).exists() and not force:
        raise TutorError(M("{output} exists: choose another file or add --force", output=output))
    f = generator.generate(topic, count, seed=seed, rules=rules_spec,
                           progress=_progress_bar(count, lang), evidence=evidence)
    text = dumps(f, schema_ref_for(output) if output else None)
    if not write_or_echo(output, text):
        return
    click.echo(ngettext("{output}: {n} drill ({topic}, seed {seed})", "{output}: {n} drills ({topic}, seed {seed})",
                        len(f.drills), lang, output=output, topic=topic, seed=seed), err=True)


def _progress_bar(total: int, lang: str):
    """A progress callback that shows a bar on a terminal once generating takes more than
    a moment (half a second), and nothing otherwise."""
    import time

    stderr = sys.stderr
    if not getattr(stderr, "isatty", lambda: False)():
        return None
    start = time.monotonic()
    state: dict = {}

    def update(done: int) -> None:
        if "bar" not in state:
            if time.monotonic() - start < 0.5 or done >= total:
                return
            from rich.progress import Progress

            bar = Progress(transient=True, console=None)
            bar.start()
            state["bar"] = bar
            state["task"] = bar.add_task(_("drills", lang), total=total)
        state["bar"].update(state["task"], completed=done)
        if done >= total:
            state["bar"].stop()

    return update


@drills_group.command("schema")
@click.option("--path", "only_path", is_flag=True, help="Print the schema file's path instead of the schema.")
@help_lang_option
def drills_schema(only_path):
    """The JSON Schema of drill files (for editors: # yaml-language-server: $schema=...)."""
    from tutor.course import drills

    if only_path:
        click.echo(str(drills.schema_path()))
    else:
        click.echo(drills.schema_path().read_text(encoding="utf-8"), nl=False)


# -- help: one table of catalog messages (tutor.commands.helptext), German, English, French
HELP: dict[str, dict] = {
    'lessons': {
        "short": M('The course: the lessons in order, with your progress.'),
        "help": M('The course: every lesson in order, with your progress (drills, practised, '
                  'right the last time, due), and which lesson comes next and why.'),
        "options": {},
        "examples": ['tutor lessons', 'tutor lessons --json', 'tutor --game tarneeb lessons'],
    },
    'lesson': {
        "short": M('Show one lesson in the terminal.'),
        "help": M('Shows one lesson in the terminal, chosen by id, number or start of the id, '
                  'with its key rule and the command to practise it.'),
        "options": {},
        "examples": ['tutor lesson hilfe', 'tutor lesson 6'],
    },
    'quiz': {
        "short": M('Practise drills in the terminal (or --review what is due).'),
        "help": M('Practise drills: one question at a time, the reasoning after each answer. '
                  'Without FILES the course: what is due first, then new drills, ten at a time,'
                  " and before a lesson's first drills the lesson itself.\n\nAnswers: a call (90 ei, "
                  '90ei, fort), a kind or its number, yes/no, the two board numbers, a seat '
                  "(A..D) or points. '?' shows what can be typed, 'hint' gives a first step, 'why' "
                  "shows the reasoning of the last drill, 'end' stops. At the end the missed drills "
                  "are asked once more."),
        "options": {
            'review': M('The drills due again for you (missed ones at once).'),
            'shuffle': M('Ask the drills in random order (default: file order).'),
            'seed': M('Seed for --shuffle.'),
            'count': M('Ask at most this many drills (default: all; 10 for the course without '
                       'files).'),
            'always_explain': M('Show the full reasoning after right answers too.'),
            'rules_spec': M('Table rules for drill files that name none (default: verband).'),
        },
        "examples": ['tutor quiz',
                     'tutor quiz exercises/hilfe.yaml',
                     'tutor quiz --review',
                     "printf '90 Eichel\\nhilfe\\n' | tutor quiz exercises/hilfe.yaml --json"],
    },
    'sheet': {
        "short": M('A printable HTML worksheet from drill files or a lesson.'),
        "help": M('A printable worksheet (one self-contained HTML file, A4) from drill files or'
                  ' a lesson: the exercises in the order of the lessons, the answer key after a'
                  ' page break (the answer first, one line of why).'),
        "options": {
            'lesson_id': M('A lesson: its text first, then its drills.'),
            'no_answers': M('Leave the answer key out.'),
            'answers_only': M('Print just the answer key.'),
            'title': M("The sheet's title (default: the file's or lesson's)."),
            'full_key': M("The engine's whole reasoning in the answer key (default: the answer "
                          "and one line of why)."),
            'ids': M("Each drill's file and id in the answer key."),
            'rules_spec': M('Table rules for drill files that name none (default: verband).'),
        },
        "examples": ['tutor sheet exercises/*.yaml -o blatt.html',
                     'tutor sheet hilfe -o hilfe.html',
                     'tutor sheet exercises/tafel.yaml --answers-only -o loesungen.html'],
    },
    'drills': {
        "short": M('Drill files: check, new (generate), schema.'),
        "help": M('Drill files: check them against the engine, generate new ones, show the '
                  'schema.'),
        "options": {},
        "examples": ['tutor drills check exercises/',
                     'tutor drills new --topic hilfe --count 5 --seed 7'],
    },
    'drills check': {
        "short": M('Validate drill files and recompute every answer.'),
        "help": M('Validates drill files (or folders of them) against the schema and recomputes'
                  ' every answer with the engine. Exit 0 when all agree, 1 when a drill is '
                  'broken or its answer disagrees (each as file:line: id: message), 2 when a '
                  'file cannot be read.'),
        "options": {
            'rules_spec': M('Table rules for drill files that name none (default: verband).'),
            'deep': M("Also run the simulation again for every judgement drill (a key that rests on "
                      "judgement, not on a convention): its key and its stored evidence must agree with "
                      "it. Takes seconds a drill."),
            'nodes': M("--deep: the node budget of the exact probes (default: each drill's evidence)."),
            'write': M("--deep: store the fresh evidence in the drill where the answer key agrees with it."),
            'only': M("--deep: only these judgement drills (ids, repeated or separated by commas)."),
            'budget': M("--deep: start no simulation after this many seconds; the drills left are named, and "
                        "the same command run again goes on from the cache."),
            'cache': M("--deep: the folder where each drill's result is kept under a digest of the drill, "
                       "the rules and the engine (default: ~/.cache/tutor/deep), so a second run simulates "
                       "only what changed."),
            'no_cache': M("--deep: simulate every drill again and keep nothing."),
        },
        "examples": ['tutor drills check exercises/', 'tutor drills check my.yaml --json',
                     'tutor drills check exercises/matsch.yaml --deep',
                     'tutor drills check exercises/ --deep --budget 600'],
    },
    'drills new': {
        "short": M('Generate drills from random deals.'),
        "help": M('Generates drills for a topic from random deals; every answer is the '
                  "engine's, and no drill needs what a later lesson teaches."),
        "options": {
            'topic': M('The lesson topic to practise.'),
            'count': M('How many drills.'),
            'seed': M('Seed of the random deals (same seed, same drills).'),
            'output': M('The drill file to write (default: standard output).'),
            'force': M('Overwrite the file if it exists.'),
            'rules_spec': M('Table rules of the generated drills.'),
            'evidence': M("Keep a drill whose key rests on judgement only where the simulation shares "
                          "its key, and store the simulation's evidence in it (seconds a drill); "
                          "--no-evidence: the count's key alone."),
        },
        "examples": ['tutor drills new --topic hilfe --count 20 --seed 7 -o hilfe-extra.yaml'],
    },
    'drills schema': {
        "short": M('The JSON Schema of drill files.'),
        "help": M('The JSON Schema of drill files (for editors: # yaml-language-server: '
                  '$schema=...).'),
        "options": {
            'only_path': M("Print the schema file's path instead of the schema."),
        },
        "examples": ['tutor drills schema', 'tutor drills schema --path'],
    },
}
