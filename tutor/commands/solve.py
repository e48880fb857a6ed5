"""``tutor solve``: perfect play on a deal file (the double-dummy solver)."""
from __future__ import annotations

import click

from tutor.cards import TOTAL_POINTS
from tutor.commands.common import DecimalType, NumberType, PathType, emit_json, json_option, lang_option
from tutor.i18n import M

ENGINES = ("auto", "c", "python")   # tutor.play.solver.ENGINES, without importing it for --help


def _version(ctx: click.Context, param, value) -> None:
    if not value or ctx.resilient_parsing:
        return
    from tutor.play import solver

    if solver.ENGINE == "c":
        click.echo("tutor solve: engine c (the compiled core tutor.play._solver); "
                   "--engine python runs the reference")
    else:
        click.echo("tutor solve: engine python (the reference; the compiled core is not built here)")
    ctx.exit(0)


def _text(sol, deal, lang: str) -> str:
    from tutor.play.rules import SEATS

    from tutor.i18n import M, Number, _, ngettext

    team = sol.declaring_team
    other = "BD" if team == "AC" else "AC"
    lines = [ngettext("Trump {trump}, {leader} leads, {n} card a hand; declaring team {team}",
                      "Trump {trump}, {leader} leads, {n} cards a hand; declaring team {team}", deal.size, lang,
                      trump=f"{deal.trump}{' Misère' if deal.misere else ''}", leader=deal.leader,
                      team=team)]
    if sol.target is None:
        lines.append(_("Perfect play: {team} {points}, {other} {theirs} (the 5 for the last trick included)",
                       lang, team=team, points=sol.points[team], other=other, theirs=sol.points[other]))
    else:
        yes = M("yes") if sol.reached else M("no")
        bound = sol.points[team]
        if deal.misere:
            how = M("at most {n}", n=bound) if sol.reached else M("at least {n}", n=bound)
            lines.append(_("Does {team} keep its points to {target} or fewer? {yes} ({how})", lang, team=team,
                           target=sol.target, yes=yes, how=how))
        else:
            how = M("at least {n}", n=bound) if sol.reached else M("at most {n}", n=bound)
            lines.append(_("Does {team} reach {target} points? {yes} ({how})", lang, team=team,
                           target=sol.target, yes=yes, how=how))
    mover = deal.leader if deal.leader in SEATS else "?"
    cards = ", ".join(str(c) for c in sol.best)
    lines.append(ngettext("Best card for {seat}: {cards}", "Best cards for {seat}: {cards}", len(sol.best), lang,
                          seat=mover, cards=cards))
    lines.append(ngettext("(engine {engine}, {nodes} node, {seconds} s)", "(engine {engine}, {nodes} nodes, {seconds} s)",
                          sol.nodes, lang, engine=sol.engine, nodes=Number(sol.nodes), seconds=f"{sol.seconds:.2f}"))
    return "\n".join(lines)


@click.command("solve")
@click.argument("file", metavar="FILE", type=PathType(dir_okay=False, allow_dash=True))
@click.option("--target", type=NumberType(0, TOTAL_POINTS), metavar="N",
              help="Only ask whether the declaring team reaches N points (Misère: keeps to N or "
                   "fewer); cheaper than the exact value.")
@click.option("--engine", type=click.Choice(ENGINES), default="auto", show_default=True,
              help="c: the compiled core; python: the reference; auto: c where it is built.")
@click.option("--max-seconds", type=DecimalType(0), metavar="S",
              help="Stop the search after S seconds.")
@click.option("--max-nodes", type=NumberType(1), metavar="N",
              help="Stop the search after N nodes.")
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Say which engine runs here, and exit.")
@json_option
@lang_option
def solve(file: str, target: int | None, engine: str, max_seconds: float | None,
          max_nodes: int | None, as_json: bool, lang: str) -> None:
    """Perfect play on the deal in FILE: the card points each team takes when all four
    play perfectly, seeing all the cards, and the best cards for the player to lead.

    A deal file: trump (a suit, Obenabe or Undenufe), leader, hands (A B C D, the same
    number of cards each, 1 to 9), optionally declarer and misere."""
    from tutor.play import deal as deals
    from tutor.play import solver

    if file == "-":
        from tutor.files import read_stdin

        d = deals.loads(read_stdin(), "<stdin>")
    else:
        d = deals.load(file)
    import os

    try:
        # the exact value of a large deal on two cores where there are two (the same answers)
        sol = solver.solve(d, target=target, engine=engine, max_nodes=max_nodes,
                           max_seconds=max_seconds, workers=2 if (os.cpu_count() or 1) >= 2 else 1)
    except KeyboardInterrupt:
        from tutor.i18n import _

        click.echo("tutor: solve: " + _("interrupted (Ctrl-C)", lang), err=True)
        raise click.exceptions.Exit(130)
    if as_json:
        emit_json(sol.to_json())
    else:
        click.echo(_text(sol, d, lang))


# -- help: catalog messages, shown in the language of --help (tutor.commands.helptext) --------
HELP: dict[str, dict] = {
    "solve": {
        "short": M("Perfect play on a deal: the card points of both teams, the best cards."),
        "help": (
            M("Perfect play on the deal in FILE: the card points each team takes when all four "
              "play perfectly, seeing all the cards, and the best cards for the player to lead."),
            M("A deal file: trump (a suit, Obenabe or Undenufe), leader, hands (A B C D, the "
              "same number of cards each, 1 to 9), optionally declarer and misere."),
            M("How long, on the project's machine (one core of a 2-core AMD EPYC; 20 random deals a kind, "
              "benchmarks/README.md), CPU time at the median, in brackets the 90th percentile: six cards a "
              "hand or fewer, milliseconds; a full nine-card deal in a trump suit, 0.7 to 2 s for the exact "
              "value (4.5 to 10 s and more) and 15 to 50 ms for --target 79 (0.6 to 1.5 s; a target next to "
              "the deal's value costs more); Obenabe and Undenufe, 0.03 s (0.1 to 0.2 s) and 1 ms. Two "
              "free cores give the exact value of a full deal some 1.3 to 1.6 times sooner. --max-seconds "
              "bounds it."),
        ),
        "options": {
            "target": M("Only ask whether the declaring team reaches N points (Misère: keeps "
                        "to N or fewer); cheaper than the exact value."),
            "engine": M("c: the compiled core; python: the reference; auto: c where it is "
                        "built."),
            "max_seconds": M("Stop the search after S seconds."),
            "max_nodes": M("Stop the search after N nodes."),
            "version": M("Say which engine runs here, and exit."),
        },
        "examples": [
            "tutor solve examples/endgame.yaml",
            "tutor solve examples/endgame.yaml --target 40 --json",
        ],
    },
}
