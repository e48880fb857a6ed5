"""``tutor play``: a thin layer over :mod:`tutor.play.game`."""
from __future__ import annotations

import sys

import click

from tutor.commands.common import PathType, emit_json, json_option, lang_option, read_table_rules_option
from tutor.commands.helptext import Pre
from tutor.i18n import M


@click.command("play")
@click.argument("path", type=PathType(dir_okay=False, allow_dash=True))
@click.option("--rules", "rules_spec", default=None, metavar="PROFILE|FILE",
              callback=read_table_rules_option,
              help="Table rules instead of the file's own (Weis, Stöck, doubling).")
@json_option
@lang_option
def play(path, rules_spec, as_json, lang) -> None:
    """Replay a recorded game: is every card legal, who takes each trick, how many points?

    \b
    The game file (YAML; see examples/worked-example.yaml):
      hands: {A: "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7", B: ..., C: ..., D: ...}
      contract: 100 Eichel      # optional, with declarer: A
      dopple: true              # or double: true; konter: true (or redouble: true) for a konter
      trump: Eichel             # or Obenabe, Undenufe; not needed with a contract
      leader: A                 # default: the declarer
      tricks:
        - Eichel U, Eichel 7, Eichel O, Eichel K

    Exit 1 at the first card that breaks a rule of play (named with the rule), exit 2 for
    a file that cannot be read.
    """
    from tutor.play import game as game_mod

    if path == "-":
        from tutor.files import read_stdin

        g = game_mod.loads(read_stdin(), source="<stdin>", rules=rules_spec)
    else:
        g = game_mod.load(path, rules=rules_spec)
    result = game_mod.replay(g)
    if as_json:
        emit_json(result.to_json())
    else:
        for line in game_mod.lines(result, lang):
            click.echo(line)
    if result.illegal is not None:
        if not as_json:
            from tutor.text import one_line

            click.echo(one_line(f"tutor: {result.illegal.where}: {result.illegal.text(lang)}"), err=True)
        sys.exit(1)


# -- help: catalog messages, shown in the language of --help (tutor.commands.helptext) --------
HELP: dict[str, dict] = {
    "play": {
        "short": M("Replay a recorded game: every card legal? who takes each trick, how many "
                   "points?"),
        "help": (
            M("Replays a recorded game trick by trick: is every card legal, who takes each "
              "trick, how many points? Exit 1 at the first card that breaks a rule of play "
              "(named with the rule), 2 for a file that cannot be read."),
            M("The game file (YAML):"),
            Pre(M("  hands: {{A: \"Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7\", B: ..., C: ..., D: ...}}\n"
                  "  contract: 100 Eichel      # declarer: A\n"
                  "  dopple: true              # or double: true; konter: true (or redouble: true) for a konter\n"
                  "  trump: Eichel             # Obenabe, Undenufe; not needed with a contract\n"
                  "  leader: A                 # default: the declarer\n"
                  "  tricks:\n"
                  "    - Eichel U, Eichel 7, Eichel O, Eichel K")),
        ),
        "options": {
            "rules_spec": M("Table rules instead of the file's own (Weis, Stöck, doubling)."),
        },
        "examples": [
            "tutor play examples/worked-example.yaml",
        ],
    },
}
