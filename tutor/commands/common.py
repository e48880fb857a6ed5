"""Options and output helpers shared by the commands."""
from __future__ import annotations

import os
from typing import Any, Callable

import click

from tutor.i18n import LANGS


def json_option(f: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")(f)


# The commands whose own texts are not in the catalogs yet: with --lang fr their errors are
# French (the catalogs), the rest of what they write German, and they say so once.
NOT_YET_FRENCH = frozenset({"course"})


def _remember_lang(ctx: click.Context, param, value):
    ctx.meta["tutor.lang"] = value   # the group's error handler speaks it too
    from tutor.i18n import _, use

    use(value)                       # the catalog messages (errors, texts) speak it
    words = ctx.command_path.split()
    command = words[1] if len(words) > 1 else ""
    if value == "fr" and command in NOT_YET_FRENCH:
        click.echo(_("(tutor {command}: not yet translated into French; its texts are shown in German)",
                     command=command), err=True)
        return "de"
    return value


def _default_lang() -> str:
    """A command's language when it has no --lang of its own: the one given before the
    command (``tutor --lang fr explain ...``), else $TUTOR_LANG, else German."""
    from tutor.i18n import env_lang

    ctx = click.get_current_context(silent=True)
    return (ctx.meta.get("tutor.help_lang") if ctx is not None else None) or env_lang()


def lang_option(f: Callable) -> Callable:
    return click.option("--lang", type=click.Choice(LANGS), default=_default_lang,
                        callback=_remember_lang, is_eager=True,
                        help="Language of the explanations and messages: de, en or fr (default: $TUTOR_LANG, else de).")(f)


def check_rules_option(game: str, spec: str) -> None:
    """Read the table rules ``--rules`` names for ``game`` (Sidi-Barrani's or Tarneeb's; the
    other games have none in the tutor): an error names the option, ``--rules: ...``."""
    from tutor.errors import TutorError

    try:
        if game == "sidi-barrani":
            from tutor.rules import load

            load(spec)
        elif game == "tarneeb":
            from tutor.tarneeb import load_rules

            load_rules(spec)
    except TutorError as e:
        raise e.at("--rules: ") from None


def _read_rules(ctx: click.Context, param, value, game: "str | None"):
    if value is None or ctx.resilient_parsing:
        return value
    if game is None:   # the command line's game (``tutor --game tarneeb bid ...``)
        game = ctx.obj.get("game", "sidi-barrani") if isinstance(ctx.obj, dict) else "sidi-barrani"
    check_rules_option(game, value)
    return value


def read_rules_option(ctx: click.Context, param, value):
    """A ``--rules`` option's callback: the table rules it names are read here, for the game
    of the command line (``--game``), so that every command says what is wrong with them in
    the same way, naming the option as ``--hand``'s errors name ``--hand``: ``--rules: ...``.
    The option keeps its text (the commands read it again where they use it: a profile's name
    is a lookup, a file is read within the limits of tutor.files). Games without table rules
    in the tutor are left to the commands (``tutor games`` says so)."""
    return _read_rules(ctx, param, value, None)


def read_table_rules_option(ctx: click.Context, param, value):
    """As :func:`read_rules_option`, for the commands of Sidi-Barrani alone (practice, table,
    serve, tafel, weis, play, review, match, drills new)."""
    return _read_rules(ctx, param, value, "sidi-barrani")


def rules_option(f: Callable, read: "Callable | None" = read_rules_option) -> Callable:
    return click.option("--rules", "rules_spec", default="verband", show_default=True,
                        metavar="PROFILE|FILE", callback=read,
                        help="Table rules: a profile (verband, erweitert, frei) or a YAML file.")(f)


def table_rules_option(f: Callable) -> Callable:
    """--rules of a command of Sidi-Barrani alone."""
    return rules_option(f, read_table_rules_option)


def common_options(f: Callable) -> Callable:
    """--json, --lang and --rules, which every command takes."""
    return json_option(lang_option(rules_option(f)))


def any_game_options(f: Callable) -> Callable:
    """--json, --lang and --rules of a command that names its game itself (``tutor games
    GAME``, ``tutor auction --game``): its --rules is read by the game it names."""
    return json_option(lang_option(rules_option(f, read=None)))


def emit_json(data: Any) -> None:
    import json   # here, not at the top: only --json needs it (a fast path's start)

    click.echo(json.dumps(data, ensure_ascii=False))


class SeatType(click.ParamType):
    """A seat letter, any case, written back in capitals: A, B, C or D."""

    name = "seat"

    def __init__(self, seats: str = "ABCD") -> None:
        self.seats = seats

    def convert(self, value, param, ctx):
        v = str(value).strip().upper()
        if len(v) != 1 or v not in self.seats:
            from tutor.errors import ParseError
            from tutor.i18n import M
            from tutor.text import printable

            what = param.opts[0] if param is not None and param.opts else "seat"
            raise ParseError(M("{name}: unknown seat {seat!r} ({seats})", name=what, seat=printable(str(value)),
                               seats=", ".join(self.seats)))
        return v


SEAT = SeatType()


class NumberType(click.ParamType):
    """A whole number in the digits 0-9 (click's INTEGER also takes '٣'), from ``low`` to
    ``high``: anything else is the one-line error of :func:`tutor.text.parse_int`."""

    name = "integer"

    def __init__(self, low: "int | None" = None, high: "int | None" = None, *,
                 signed: bool = True) -> None:
        self.low, self.high, self.signed = low, high, signed

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        from tutor.text import parse_int

        what = param.opts[0] if param is not None and param.opts else "number"
        return parse_int(value, what, low=self.low, high=self.high, signed=self.signed)


NUMBER = NumberType()
SEED = NumberType(0, 2 ** 32 - 1)   # a random seed: the voice's own seeds (voice.seed_of, a drill's evidence) have 32 bits


class DecimalType(click.ParamType):
    """A number like 2 or 0.5 in the digits 0-9 (click's FLOAT also takes '٣'), above
    ``low`` when given."""

    name = "number"

    def __init__(self, low: "float | None" = None) -> None:
        self.low = low

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        import re

        from tutor.errors import ParseError
        from tutor.i18n import M
        from tutor.text import printable

        what = param.opts[0] if param is not None and param.opts else "number"
        t = str(value).strip()
        # a minus sign is read so that "-1" is told it is too small, not "not a number"
        if not re.fullmatch(r"-?([0-9]{1,9}(\.[0-9]{1,9})?|\.[0-9]{1,9})", t) or (
                t.startswith("-") and self.low is None):
            shown = printable(repr(t))
            raise ParseError(M("{what}: {shown} is not a number (write the digits 0-9, e.g. 2.5)",
                               what=what, shown=shown))
        n = float(t)
        if self.low is not None and n <= self.low:
            raise ParseError(M("{what}: {text} must be more than {low}", what=what, text=t, low=f"{self.low:g}"))
        return n


class PathType(click.Path):
    """click's Path, but an empty path ("") is one line naming the argument or option (exit
    2): ``Path("")`` is the current folder, and ``tutor quiz ""`` walked every folder below
    it (60 s in /tmp) where the user had named nothing."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and value == "":
            from tutor.errors import ParseError
            from tutor.i18n import M

            if param is None:
                what = "PATH"
            elif isinstance(param, click.Option):
                what = max(param.opts, key=len)          # --output, not -o
            else:
                what = param.human_readable_name         # FILES, PATH
            raise ParseError(M("{what}: the path is empty: name a file or folder", what=what)
                             if self.dir_okay and self.file_okay else
                             M("{what}: the path is empty: name a folder", what=what) if self.dir_okay else
                             M("{what}: the path is empty: name a file", what=what))
        if (isinstance(param, click.Argument) and not self.dir_okay and isinstance(value, str)
                and os.path.isdir(value)):
            # a file argument is read: a folder gets the reader's own words (tutor.files), in
            # the user's language, not click's English "is a directory" naming the program
            from tutor.errors import ParseError
            from tutor.i18n import M

            raise ParseError(M("{p}: cannot read: a folder", p=value))
        return super().convert(value, param, ctx)


def write_or_echo(output, text: str) -> bool:
    """Write ``text`` to the file ``output``, or to standard output when it is None.
    Returns whether a file was written; an unwritable file is a one-line TutorError."""
    if output is None:
        click.echo(text, nl=False)
        return False
    from tutor.files import write_file

    write_file(output, text)
    return True


class LearnerType(click.ParamType):
    """A learner's name as the web page takes it (:func:`tutor.course.quiz.learner_name`):
    blank is the default learner, anything but letters, digits, space and . @ + - one line."""

    name = "name"

    def convert(self, value, param, ctx):
        from tutor.course.quiz import learner_name

        return learner_name(value)


def learner_option(f: Callable) -> Callable:
    return click.option("--learner", type=LearnerType(), default=None,
                        help="Whose progress (default: $TUTOR_LEARNER or the login name).")(f)
