"""The ``tutor`` command: a thin click layer over the library.

Each subcommand lives in a module under ``tutor.commands`` and is imported only when
it runs, so ``tutor check`` loads no templating or YAML machinery. Every error the
library raises as a :class:`~tutor.errors.TutorError` becomes a one-line message and
exit code 2, never a traceback; Ctrl-C is one line and exit code 130; a closed
standard output (``| head``) ends the command quietly with exit code 141 (128 + SIGPIPE).
"""
from __future__ import annotations

import atexit
import errno
import gc
import importlib
import os
import signal
import sys

# A Ctrl-C while the program starts (importing click and the catalogs) is noted here and
# answered once this module is loaded, with the same one line and exit 130 as anywhere
# else (Python's default would print a KeyboardInterrupt traceback).
_EARLY_CTRL_C: list = []
_STARTING = True
try:
    _BEFORE = signal.signal(signal.SIGINT, lambda signum, frame: _EARLY_CTRL_C.append(signum))
except ValueError:   # imported outside the main thread: nothing to guard
    _STARTING = False

import click  # noqa: E402

from tutor.i18n import LANGS, M, Msg  # noqa: E402

# The cycle collector's first threshold while a command runs (Python's default: 700).
GC_THRESHOLD = 20_000

# The exit code when whoever reads the output stops reading (`tutor ... | head -1`): what a
# shell reports for a program killed by SIGPIPE (128 + 13), so it is never taken for a
# command's own answer (`tutor play`: 1 is an illegal card; 2 is bad input).
EXIT_CLOSED_OUTPUT = 141

# The errors of writing the output that are not the reader's going away: a full disk
# (`> /dev/full`), a full quota, a file too large, an I/O error.
OUTPUT_ERRORS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO")
                          if hasattr(errno, name))

# name -> ("module:attribute" of the click command, imported on first use; its short line
# in `tutor --help`, a catalog message).
COMMANDS: dict[str, tuple[str, Msg]] = {
    "explain": ("tutor.commands.engine:explain", M("Read an auction: what every call promises.")),
    "bid": ("tutor.commands.engine:bid", M("The calls the convention offers a hand, and the best one.")),
    "check": ("tutor.commands.engine:check", M("Is this call legal, conventional and true to the hand?")),
    "score": ("tutor.commands.engine:score", M("Write one game on the board (Tafel).")),
    "rules": ("tutor.commands.engine:rules", M("Show the table rules of a profile or file.")),
    "play": ("tutor.commands.play:play", M("Replay a recorded game: every card legal? who takes each trick, how many points?")),
    "demo": ("tutor.commands.engine:demo", M("The worked example of the rules, call by call.")),
    "tafel": ("tutor.commands.tafel:tafel", M("The board of a Partie at the table: new, add, show, undo, export.")),
    "match": ("tutor.commands.tafel:match", M("Settle a recorded Partie from a match file.")),
    "weis": ("tutor.commands.tafel:weis", M("The Weis and Stöck of a hand.")),
    "games": ("tutor.commands.games:games_command", M("The bidding games and their auction rules.")),
    "auction": ("tutor.commands.games:auction_command", M("Referee an auction of any game: legal? over? who plays with whom?")),
    "solve": ("tutor.commands.solve:solve", M("Perfect play on a deal: the card points of both teams, the best cards.")),
    "lessons": ("tutor.commands.course:lessons_cmd", M("The course: the lessons in order, with your progress.")),
    "lesson": ("tutor.commands.course:lesson_cmd", M("Show one lesson in the terminal.")),
    "quiz": ("tutor.commands.course:quiz_cmd", M("Practise drills in the terminal (or --review what is due).")),
    "sheet": ("tutor.commands.course:sheet_cmd", M("A printable HTML worksheet from drill files or a lesson.")),
    "table": ("tutor.commands.table:table", M("Follow a game at the table call by call, with advice at your turn.")),
    "serve": ("tutor.commands.table:serve", M("The table companion and the Tafel as a web page (for phones).")),
    "drills": ("tutor.commands.course:drills_group", M("Drill files: check, new (generate), schema.")),
    "deal": ("tutor.commands.judge:deal", M("Deals of the unseen cards that fit an auction.")),
    "eval": ("tutor.commands.judge:eval_command", M("Judge a hand by simulation: every contract and call.")),
    "practice": ("tutor.commands.practice:practice", M("Bid whole deals against three robots; then the deal's value and a review.")),
    "review": ("tutor.commands.practice:review", M("Review a played game: every call, the exact value, the cards that cost points.")),
}


from tutor.commands.helptext import Localized  # noqa: E402  (small, click only)

HELP: dict[str, dict] = {
    "tutor": {
        "help": (M("A tutor for the bidding conventions of Sidi-Barrani."),
                 M("Every command shows its help with --help, in German, in English with --lang en "
                   "or in French with --lang fr (or TUTOR_LANG=en, TUTOR_LANG=fr). --game goes "
                   "before or after the command.")),
        "options": {"game": M("The bidding game (see `tutor games`)."),
                    "version": M("Show the version and exit."),
                    "help_lang": M("Language of the help, texts and messages of every command (default: $TUTOR_LANG, else German).")},
        "examples": ['tutor explain "60 Eichel, 70 Schellen, 90 Eichel"', "tutor quiz",
                     "tutor explain --help --lang fr"],
    },
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        from tutor.commands.helptext import localize

        module, _, attr = COMMANDS[name][0].partition(":")
        mod = importlib.import_module(module)
        return values_given(localize(getattr(mod, attr), getattr(mod, "HELP", None), name))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        from tutor.commands.helptext import lang_in

        from tutor.text import unicode_text

        ctx.meta["tutor.help_lang"] = lang_in(args)
        # bytes that are not UTF-8 (kept by Python as surrogates) read as U+FFFD: they
        # cannot reach the output or the database as text that fails to encode
        args = [unicode_text(a) for a in args]
        try:   # `tutor --help`, `tutor --version` write here
            return super().parse_args(ctx, hoist_game(args, self))
        except KeyboardInterrupt:
            given = [a.split("=", 1)[1] if a.startswith("--lang=") else b
                     for a, b in zip(args, args[1:] + [""]) if a == "--lang" or a.startswith("--lang=")]
            self._ctrl_c_outside(given[-1] if given and given[-1] in LANGS else None)
            raise
        except BrokenPipeError:
            closed_output(ctx)
        except click.exceptions.NoArgsIsHelpError as e:
            # `tutor` alone: its help, as `tutor tafel` alone gives its own, not the help
            # squashed into one error line (QA s33 Q23)
            click.echo(e.ctx.get_help())
            ctx.exit(0)
        except click.UsageError as e:
            # the group's own options (`tutor --lang xx explain`): one line, as below
            usage_error(ctx, e)
        except OSError as e:
            output_failed(ctx, e)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.help_texts = {**HELP["tutor"], "commands": {name: COMMANDS[name][1] for name in COMMANDS}}
        Localized.format_help(self, ctx, formatter)

    def __call__(self, *args, **kwargs):
        """The program itself (``tutor ...``, ``python -m tutor``; a test's CliRunner calls
        ``main``): a Ctrl-C that lands outside the command (as it finishes, while the
        interpreter ends) is the same one line and exit code 130 as one inside it."""
        self.program = True
        try:
            return self.main(*args, **kwargs)
        except KeyboardInterrupt:
            interrupted()
        finally:
            end_on_ctrl_c()

    def _ctrl_c_outside(self, lang: str | None) -> None:
        """A Ctrl-C that lands outside the command's own ``try`` (while the arguments are
        read, or in its clean-up): the program's one line, in the command's language, and
        exit 130. Left to click it would print "Aborted!" and exit 1. A test's in-process
        run (CliRunner) keeps click's behaviour."""
        if getattr(self, "program", False):
            _INTERRUPTED["lang"] = lang or _INTERRUPTED["lang"]
            interrupted()

    def invoke(self, ctx: click.Context):
        try:
            result = self._invoke(ctx)
            if sys.stdout is not None:
                sys.stdout.flush()   # a closed pipe shows here, not at the interpreter's exit
            return result
        except KeyboardInterrupt:    # in the command's clean-up, before the guard was set
            self._ctrl_c_outside(_lang_of(ctx))
            raise
        except BrokenPipeError:   # also from a handler's own output (a help page below)
            closed_output(ctx)
        except OSError as e:
            output_failed(ctx, e)

    def _invoke(self, ctx: click.Context):
        from tutor.errors import TutorError
        from tutor.i18n import current, use
        from tutor.text import one_line

        library_lang = current()
        collector = gc.get_threshold()
        # A command builds many small objects that live to its end (a worksheet: the
        # drills, their readings and texts); at Python's default (a collection every 700
        # new containers) the cycle collector walked them again and again, a fifth of a
        # 1,000-drill worksheet's CPU time. Garbage without cycles is freed at once anyway.
        gc.set_threshold(GC_THRESHOLD, *collector[1:])
        try:
            result = super().invoke(ctx)
            if getattr(self, "program", False):
                # the command is done: from here a Ctrl-C only ends it sooner (one line, 130,
                # in the command's language). Set inside this ``try``, so a Ctrl-C just
                # before is still the command's.
                _INTERRUPTED["lang"] = _lang_of(ctx)
                end_on_ctrl_c()
            return result
        except TutorError as e:
            click.echo(one_line(f"tutor: {e.text(ctx.meta.get('tutor.lang', 'de'))}"), err=True)
            ctx.exit(2)
        except KeyboardInterrupt:
            # Ctrl-C anywhere: one line and exit 130, as `tutor solve` does (no traceback,
            # no click "Aborted!"); what was stored is stored, each change its own transaction
            _INTERRUPTED["lang"] = _lang_of(ctx)
            click.echo(_after_caret() + _interrupted_line(), err=True)
            _INTERRUPTED["said"] = True
            _INTERRUPTED["exit"] = getattr(self, "program", False)   # (_exit_130_after_ctrl_c)
            ctx.exit(130)
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.ctx.get_help())   # `tutor tafel` alone: its help, not an error
            ctx.exit(0)
        except click.UsageError as e:
            if e.message == "Missing command." and e.ctx is not None:
                click.echo(e.ctx.get_help())   # `tutor --lang fr` alone: the help, in French
                ctx.exit(0)
            usage_error(ctx, e)
        finally:
            use(library_lang)   # a program that runs the command in-process keeps its own
            gc.set_threshold(*collector)


def values_given(command: click.Command) -> click.Command:
    """``command`` (and a group's commands) made to refuse an option whose value is the next
    option: click takes ``--hand --auction "60 Eichel"`` as the hand "--auction" and then says
    "unexpected extra arguments: 60 Eichel", and ``--seat --lang en`` as the seat "--lang". Now
    "option '--hand' needs a value", as where the value is missing at the end."""
    if getattr(command, "_values_given", False):
        return command
    command._values_given = True
    for sub in getattr(command, "commands", {}).values():
        values_given(sub)
    parse = command.parse_args

    def parse_args(ctx: click.Context, args: list[str]) -> list[str]:
        # (an option whose value may be left out, table's --partie, takes none here)
        takes = {o for p in command.params if isinstance(p, click.Option) and not p.is_flag and not p.count
                 and not getattr(p, "_flag_needs_value", False) for o in p.opts}
        names = {o for p in command.params for o in (*p.opts, *p.secondary_opts)} | set(ctx.help_option_names)
        for a, b in zip(args, args[1:]):
            if a == "--":
                break
            if a in takes and b in names:
                raise click.BadOptionUsage(a, f"Option {a!r} requires an argument.", ctx=ctx)
        return parse(ctx, args)

    command.parse_args = parse_args
    return command


def usage_error(ctx: click.Context, e: click.UsageError) -> None:
    """One line, like every other input error, instead of click's usage block; exit 2."""
    from tutor.text import one_line

    where = e.ctx.command_path if e.ctx is not None else "tutor"
    lang = _lang_of(ctx)
    from tutor.i18n import _

    click.echo(one_line(_("{where}: {text} (see '{where} --help')", lang, where=where, text=_usage_text(e, lang))),
               err=True)
    ctx.exit(2)


def _usage_text(e: click.UsageError, lang: str) -> str:
    """Click's usage error in the language of the command line (click speaks English):
    the cases a user meets by its exception's own fields; any other as click words it."""
    import re

    from tutor.i18n import _, either, semicolon

    def hint(param) -> str:
        h = e.param_hint if getattr(e, "param_hint", None) is not None else (
            param.get_error_hint(e.ctx) if param is not None else None)
        return " / ".join(h) if isinstance(h, (list, tuple)) else str(h)

    if isinstance(e, click.MissingParameter):
        kind = e.param_type or (e.param.param_type_name if e.param is not None else "parameter")
        if kind == "option":
            return _("missing option {name}", lang, name=hint(e.param))
        if kind == "argument":
            return _("missing argument {name}", lang, name=hint(e.param))
        return _("missing {name}", lang, name=hint(e.param))
    if isinstance(e, click.NoSuchOption):
        text = _("no such option {name}", lang, name=repr(e.option_name))
        if e.possibilities:
            import difflib   # the likeliest first: '--hnd' is '--hand' or '--db', in that order

            def likeness(x):
                return -difflib.SequenceMatcher(None, e.option_name, x).ratio(), x
            text += semicolon(lang) + _("did you mean {names}?", lang,
                             names=either(repr(x) for x in sorted(e.possibilities, key=likeness)))
        return text
    if isinstance(e, click.BadOptionUsage) and "requires an argument" in e.message:
        return _("option {name} needs a value", lang, name=repr(e.option_name))
    if isinstance(e, click.BadParameter):
        # a choice (--lang, --judge ...): click's English inside the learner's language ("ungültiger
        # Wert für '--lang': 'explain' is not one of 'de', 'en', 'fr'.")
        choice = re.fullmatch(r"(.*) is not one of (.*)\.", e.message)
        why = _("{value} is not one of {choices}", lang, value=choice.group(1), choices=choice.group(2)) \
            if choice else e.message
        return _("invalid value for {name}: {why}", lang, name=hint(e.param), why=why)
    extra = re.fullmatch(r"Got unexpected extra arguments? \((.*)\)", e.message)
    if extra:
        return _("unexpected extra arguments: {args}", lang, args=extra.group(1))
    command = re.fullmatch(r"No such command (.*)\.", e.message)
    if command:
        return _("no such command {name}", lang, name=command.group(1))
    return e.format_message()


def output_failed(ctx: click.Context, e: OSError) -> None:
    """An OSError no command turned into its own message: one line on stderr and exit 2,
    no traceback. The output that cannot be written (`> /dev/full`, a full disk or
    quota) drops the rest of the output; any other (a file name too long to look up, a
    file that cannot be opened) names the file."""
    from tutor.i18n import _
    from tutor.text import clip, one_line

    lang = ctx.meta.get("tutor.lang") or ctx.meta.get("tutor.help_lang") or "de"
    said = getattr(e, "text", None)   # an error whose message is a catalog message (a worker's end)
    reason = (said(lang) if callable(said) else None) or e.strerror or str(e) or type(e).__name__
    if e.errno in OUTPUT_ERRORS and e.filename is None:
        drop_output()
        line = _("cannot write the output: {reason}", lang, reason=reason)
    elif e.filename is not None:
        line = _("{p}: cannot read: {value}", lang, p=clip(e.filename), value=reason)
    else:
        line = reason
    click.echo(one_line("tutor: " + line), err=True)
    ctx.exit(2)


_INTERRUPTED: dict = {"lang": None, "said": False}


def _exit_130_after_ctrl_c() -> None:
    """The program's last exit function (registered as this module loads, so it runs after
    every other): after a Ctrl-C the command answered with its line, the exit code is 130 by
    the program's own hand. Left to Python, the process ends killed by SIGINT instead (a
    caller sees -2, not 130) where the KeyboardInterrupt passed through an ``exec`` of a
    string on its way (dataclasses and namedtuple make their methods so: a Ctrl-C while a
    module is imported); CPython takes it for unhandled although the command answered it."""
    if _INTERRUPTED.get("exit"):
        for stream in (sys.stdout, sys.stderr):
            try:
                if stream is not None:
                    stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(130)


atexit.register(_exit_130_after_ctrl_c)


def _after_caret() -> str:
    """A line break before the Ctrl-C line where standard error is a terminal (it ends the
    "^C" the terminal echoed, or a progress line); nothing into a file or a pipe, where the
    line is the one line the README promises (QA of issue 26, Q25)."""
    try:
        return "\n" if sys.stderr is not None and sys.stderr.isatty() else ""
    except (OSError, ValueError, AttributeError):
        return ""


def _interrupted_line() -> str:
    from tutor.i18n import _

    lang = _INTERRUPTED["lang"] or os.environ.get("TUTOR_LANG") or "de"
    try:
        return "tutor: " + _("interrupted (Ctrl-C)", lang)
    except Exception:   # an unknown $TUTOR_LANG: the source text
        return "tutor: interrupted (Ctrl-C)"


def _lang_of(ctx: click.Context) -> str:
    """The language the command speaks (its ``--lang``, else the group's, else $TUTOR_LANG,
    else German): also where its options could not be read (a usage error comes before the
    ``--lang`` option's default, which reads $TUTOR_LANG)."""
    from tutor.i18n import env_lang

    return ctx.meta.get("tutor.lang") or ctx.meta.get("tutor.help_lang") or env_lang()


def interrupted() -> None:
    """Ctrl-C outside a command: its one line (once) and exit code 130."""
    if not _INTERRUPTED["said"]:
        try:
            sys.stderr.write(_after_caret() + _interrupted_line() + "\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
    os._exit(130)


def end_on_ctrl_c() -> None:
    """From here to the interpreter's end a Ctrl-C ends the program at once: one line,
    exit code 130 (no traceback from a finalizer, no death by the signal)."""
    import signal

    def handler(signum, frame):
        try:
            if sys.stdout is not None:
                sys.stdout.flush()
        except (OSError, ValueError):
            pass
        interrupted()

    try:
        signal.signal(signal.SIGINT, handler)
    except ValueError:   # not the main thread: nothing to guard
        return
    if not _INTERRUPTED.get("guarded"):
        # the last exit function: from there on (the interpreter's own end, where Python puts
        # back the default handler and a Ctrl-C would kill the finished program by the
        # signal) a Ctrl-C is ignored and the finished command's exit code stands
        import atexit

        atexit.register(signal.signal, signal.SIGINT, signal.SIG_IGN)
        _INTERRUPTED["guarded"] = True


def closed_output(ctx: click.Context) -> None:
    """The reader of standard output went away (``| head``): end quietly, with no
    traceback and no message (a pipeline's reader asked for no more), and exit code 141.
    What is still buffered goes to the null device, so the interpreter's last flush does
    not fail again (the Python documentation's note on SIGPIPE)."""
    drop_output()
    ctx.exit(EXIT_CLOSED_OUTPUT)


def drop_output() -> None:
    """What is still buffered for standard output goes to the null device, so the
    interpreter's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):   # no real file behind stdout (a test's runner)
        pass


def hoist_game(args: list[str], group: "LazyGroup") -> list[str]:
    """``--game GAME`` is the group's option, but the user may write it after the
    subcommand too (``tutor explain "..." --game tarneeb``): move it to the front, unless
    the subcommand has a ``--game`` of its own (``tutor auction``). Nothing after ``--``."""
    i, n = 0, len(args)
    while i < n and args[i].startswith("-") and args[i] != "--":
        i += 2 if args[i] == "--game" else 1
    if i >= n or args[i] == "--" or args[i] not in COMMANDS:
        return args
    command = group.get_command(click.Context(group), args[i])
    if any("--game" in p.opts for p in getattr(command, "params", ())):
        return args
    head, tail, moved = args[: i + 1], [], []
    rest = iter(args[i + 1:])
    for a in rest:
        if a == "--":
            tail += [a, *rest]
            break
        if a == "--game":
            moved += [a, next(rest, "")]
        elif a.startswith("--game="):
            moved.append(a)
        else:
            tail.append(a)
    return moved + head + tail


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--game", default="sidi-barrani", show_default=True, metavar="GAME",
              help="The bidding game (see `tutor games`).")
@click.option("--lang", "help_lang", type=click.Choice(LANGS), default=None,
              help="Language of the help, texts and messages of every command (default: $TUTOR_LANG, else German).")
@click.version_option(package_name="tutor")
@click.pass_context
def main(ctx: click.Context, game: str, help_lang: str | None) -> None:
    """A tutor for the bidding conventions of Sidi-Barrani."""
    ctx.ensure_object(dict)
    ctx.obj["game"] = game


if _STARTING:   # started: Ctrl-C is as before again, until a command guards its end
    signal.signal(signal.SIGINT, signal.default_int_handler if _BEFORE is None else _BEFORE)
    if _EARLY_CTRL_C:
        interrupted()

if __name__ == "__main__":
    main(sys.argv[1:])
