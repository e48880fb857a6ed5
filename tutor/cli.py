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
    "games": ("tutor.commands.games:games_command", "The bidding games of the rules folder and their auction rules."),
    "auction": ("tutor.commands.games:auction_command", "Referee an auction of any game: legal? over? who plays with whom?"),
    "solve": ("tutor.commands.solve:solve", "Perfect play on a deal: the card points of both teams, the best cards."),
    "lessons": ("tutor.commands.course:lessons_cmd", "The course: the lessons in order, with your progress."),
    "lesson": ("tutor.commands.course:lesson_cmd", "Show one lesson in the terminal."),
    "quiz": ("tutor.commands.course:quiz_cmd", "Practise drills in the terminal (or --review what is due)."),
    "sheet": ("tutor.commands.course:sheet_cmd", "A printable HTML worksheet from drill files or a lesson."),
    "table": ("tutor.commands.table:table", "Follow a game at the table call by call, with advice at your turn."),
    "drills": ("tutor.commands.course:drills_group", "Drill files: check, new (generate), schema."),
    "deal": ("tutor.commands.judge:deal", "Deals of the unseen cards that fit an auction."),
    "eval": ("tutor.commands.judge:eval_command", "Judge a hand by simulation: every contract and call."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, _, attr = COMMANDS[name][0].partition(":")
        return getattr(importlib.import_module(module), attr)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_game(args, self))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context):
        from tutor.errors import TutorError
        from tutor.text import one_line

        try:
            return super().invoke(ctx)
        except TutorError as e:
            click.echo(one_line(f"tutor: {e.text(ctx.meta.get('tutor.lang', 'de'))}"), err=True)
            ctx.exit(2)
        except click.UsageError as e:
            # one line, like every other input error, instead of click's usage block
            where = e.ctx.command_path if e.ctx is not None else "tutor"
            click.echo(one_line(f"{where}: {e.format_message()} (see '{where} --help')"), err=True)
            ctx.exit(2)


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
@click.version_option(package_name="tutor")
@click.pass_context
def main(ctx: click.Context, game: str) -> None:
    """A tutor for the bidding conventions of Sidi-Barrani."""
    ctx.ensure_object(dict)
    ctx.obj["game"] = game


if __name__ == "__main__":
    main(sys.argv[1:])
