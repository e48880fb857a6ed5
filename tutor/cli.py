"""The ``tutor`` command: a thin click layer over the library.

Each subcommand lives in a module under ``tutor.commands`` and is imported only when
it runs, so ``tutor check`` loads no templating or YAML machinery. Every error the
library raises as a :class:`~tutor.errors.TutorError` becomes a one-line message and
exit code 2, never a traceback.
"""
from __future__ import annotations

import importlib
import sys

import click

# name -> "module:attribute" of the click command; imported on first use.
COMMANDS: dict[str, tuple[str, str]] = {
    "explain": ("tutor.commands.engine:explain", "Read an auction: what every call promises."),
    "bid": ("tutor.commands.engine:bid", "The calls the convention offers a hand, and the best one."),
    "check": ("tutor.commands.engine:check", "Is this call legal, conventional and true to the hand?"),
    "score": ("tutor.commands.engine:score", "Write one game on the board (Tafel)."),
    "rules": ("tutor.commands.engine:rules", "Show the table rules of a profile or file."),
    "play": ("tutor.commands.play:play", "Replay a recorded game: every card legal? who takes each trick, how many points?"),
    "demo": ("tutor.commands.engine:demo", "The worked example of the rules, call by call."),
    "tafel": ("tutor.commands.tafel:tafel", "The board of a Partie at the table: new, add, show, undo, export."),
    "match": ("tutor.commands.tafel:match", "Settle a recorded Partie from a match file."),
    "weis": ("tutor.commands.tafel:weis", "The Weis and Stöck of a hand."),
    "games": ("tutor.commands.games:games_command", "The bidding games and their auction rules."),
    "auction": ("tutor.commands.games:auction_command", "Referee an auction of any game: legal? over? who plays with whom?"),
    "solve": ("tutor.commands.solve:solve", "Perfect play on a deal: the card points of both teams, the best cards."),
    "lessons": ("tutor.commands.course:lessons_cmd", "The course: the lessons in order, with your progress."),
    "lesson": ("tutor.commands.course:lesson_cmd", "Show one lesson in the terminal."),
    "quiz": ("tutor.commands.course:quiz_cmd", "Practise drills in the terminal (or --review what is due)."),
    "sheet": ("tutor.commands.course:sheet_cmd", "A printable HTML worksheet from drill files or a lesson."),
    "table": ("tutor.commands.table:table", "Follow a game at the table call by call, with advice at your turn."),
    "serve": ("tutor.commands.table:serve", "The table companion and the Tafel as a web page (for phones)."),
    "drills": ("tutor.commands.course:drills_group", "Drill files: check, new (generate), schema."),
    "deal": ("tutor.commands.judge:deal", "Deals of the unseen cards that fit an auction."),
    "eval": ("tutor.commands.judge:eval_command", "Judge a hand by simulation: every contract and call."),
}


from tutor.commands.helptext import Localized  # noqa: E402  (small, click only)

# The short line of each command in `tutor --help`, German and English.
SHORT: dict[str, dict[str, str]] = {
    "explain": {"de": "Ansagen lesen: was jede Ansage verspricht.", "en": COMMANDS["explain"][1]},
    "bid": {"de": "Die Ansagen, die die Regeln einem Blatt bieten, und die beste.", "en": COMMANDS["bid"][1]},
    "check": {"de": "Ist diese Ansage erlaubt, regelkonform und passend zum Blatt?", "en": COMMANDS["check"][1]},
    "score": {"de": "Ein Spiel auf die Tafel schreiben.", "en": COMMANDS["score"][1]},
    "rules": {"de": "Die Tischregeln eines Profils oder einer Datei.", "en": COMMANDS["rules"][1]},
    "play": {"de": "Ein gespieltes Spiel nachspielen: jede Karte erlaubt? Wer sticht, wie viele Punkte?",
             "en": COMMANDS["play"][1]},
    "demo": {"de": "Das Beispiel der Regeln, Ansage für Ansage.", "en": COMMANDS["demo"][1]},
    "tafel": {"de": "Die Tafel einer Partie am Tisch: new, add, show, undo, export.", "en": COMMANDS["tafel"][1]},
    "match": {"de": "Eine aufgeschriebene Partie aus einer Partiedatei abrechnen.", "en": COMMANDS["match"][1]},
    "weis": {"de": "Weis und Stöck eines Blatts.", "en": COMMANDS["weis"][1]},
    "games": {"de": "Die Bietspiele und ihre Regeln des Bietens.", "en": COMMANDS["games"][1]},
    "auction": {"de": "Die Ansagen eines Bietspiels prüfen: erlaubt? vorbei? wer mit wem?",
                "en": COMMANDS["auction"][1]},
    "solve": {"de": "Bestes Spiel auf eine Verteilung: die Kartenpunkte beider Teams, die besten Karten.",
              "en": COMMANDS["solve"][1]},
    "lessons": {"de": "Der Kurs: die Lektionen der Reihe nach, mit deinem Stand.", "en": COMMANDS["lessons"][1]},
    "lesson": {"de": "Eine Lektion im Terminal zeigen.", "en": COMMANDS["lesson"][1]},
    "quiz": {"de": "Aufgaben im Terminal üben (oder mit --review, was fällig ist).", "en": COMMANDS["quiz"][1]},
    "sheet": {"de": "Ein druckbares Übungsblatt (HTML) aus Aufgabendateien oder einer Lektion.",
              "en": COMMANDS["sheet"][1]},
    "drills": {"de": "Aufgabendateien: prüfen, erzeugen, das Schema.", "en": COMMANDS["drills"][1]},
    "deal": {"de": "Verteilungen der unbekannten Karten, die zu den Ansagen passen.", "en": COMMANDS["deal"][1]},
    "eval": {"de": "Ein Blatt durch Simulation beurteilen: jedes Spiel und jede Ansage.", "en": COMMANDS["eval"][1]},
    "table": {"de": "Ein Spiel am Tisch Ansage für Ansage verfolgen, mit Rat, wenn du dran bist.",
              "en": COMMANDS["table"][1]},
    "serve": {"de": "Der Begleiter am Tisch und die Tafel als Webseite (für Handys).",
              "en": COMMANDS["serve"][1]},
}

HELP: dict[str, dict] = {
    "tutor": {
        "de": {"help": "Ein Tutor für die Ansageregeln des Sidi-Barrani.\n\nJeder Befehl zeigt mit "
                       "--help seine Hilfe, auf Deutsch oder mit --lang en (oder TUTOR_LANG=en) auf "
                       "Englisch. --game gilt vor oder nach dem Befehl.",
               "options": {"game": "Das Bietspiel (siehe `tutor games`).", "version": "Die Version zeigen und beenden.",
                           "help_lang": "Sprache der Hilfe (Vorgabe: $TUTOR_LANG, sonst Deutsch)."},
               "examples": ['tutor explain "60 Eichel, 70 Schellen, 90 Eichel"', "tutor quiz",
                            "tutor explain --help --lang en"]},
        "en": {"help": "A tutor for the bidding conventions of Sidi-Barrani.\n\nEvery command shows "
                       "its help with --help, in German, or in English with --lang en (or "
                       "TUTOR_LANG=en). --game goes before or after the command.",
               "options": {"game": "The bidding game (see `tutor games`).", "version": "Show the version and exit.",
                           "help_lang": "Language of the help (default: $TUTOR_LANG, else German)."},
               "examples": ['tutor explain "60 Eichel, 70 Schellen, 90 Eichel"', "tutor quiz",
                            "tutor explain --help --lang en"]},
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
        return localize(getattr(mod, attr), getattr(mod, "HELP", None), name)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        from tutor.commands.helptext import lang_in

        ctx.meta["tutor.help_lang"] = lang_in(args)
        return super().parse_args(ctx, hoist_game(args, self))

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from tutor.commands.helptext import help_lang

        lang = help_lang(ctx)
        self.help_texts = {lang: {**HELP["tutor"][lang], "commands": {
            name: SHORT.get(name, {}).get(lang, COMMANDS[name][1]) for name in COMMANDS}}}
        Localized.format_help(self, ctx, formatter)

    def invoke(self, ctx: click.Context):
        from tutor.errors import TutorError
        from tutor.i18n import current, use
        from tutor.text import one_line

        library_lang = current()
        try:
            return super().invoke(ctx)
        except TutorError as e:
            click.echo(one_line(f"tutor: {e.text(ctx.meta.get('tutor.lang', 'de'))}"), err=True)
            ctx.exit(2)
        except KeyboardInterrupt:
            # Ctrl-C anywhere: one line and exit 130, as `tutor solve` does (no traceback,
            # no click "Aborted!"); what was stored is stored, each change its own transaction
            lang = ctx.meta.get("tutor.lang") or ctx.meta.get("tutor.help_lang") or "de"
            click.echo("", err=True)
            from tutor.i18n import _

            click.echo("tutor: " + _("interrupted (Ctrl-C)", lang), err=True)
            ctx.exit(130)
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.ctx.get_help())   # `tutor tafel` alone: its help, not an error
            ctx.exit(0)
        except click.UsageError as e:
            # one line, like every other input error, instead of click's usage block
            where = e.ctx.command_path if e.ctx is not None else "tutor"
            click.echo(one_line(f"{where}: {e.format_message()} (see '{where} --help')"), err=True)
            ctx.exit(2)
        finally:
            use(library_lang)   # a program that runs the command in-process keeps its own


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
@click.option("--lang", "help_lang", type=click.Choice(("de", "en")), default=None,
              help="Language of the help (default: $TUTOR_LANG, else German).")
@click.version_option(package_name="tutor")
@click.pass_context
def main(ctx: click.Context, game: str, help_lang: str | None) -> None:
    """A tutor for the bidding conventions of Sidi-Barrani."""
    ctx.ensure_object(dict)
    ctx.obj["game"] = game


if __name__ == "__main__":
    main(sys.argv[1:])
