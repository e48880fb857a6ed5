"""``tutor deal`` and ``tutor eval``: the dealer and the simulation, a thin layer over
:mod:`tutor.play.dealer` and :mod:`tutor.judgement.simulation`."""
from __future__ import annotations

import click

from tutor.commands.common import SEAT, SEED, NumberType, common_options, emit_json
from tutor.commands.engine import SCORE_HELP, _rules_and_standing, score_options
from tutor.i18n import M

TOP_CALLS = 6   # calls listed in the text (with fort, double, konter); --all lists every one


def _hand_and_auction(hand: str, auction: str, rules):
    from tutor.answers import inputs

    return inputs(hand, auction, rules)


@click.command("deal")
@click.option("--hand", required=True, help="The player's own hand, fixed in every deal.")
@click.option("--auction", default="", help="The calls so far: every deal fits what they promised.")
@click.option("--seat", type=SEAT, default=None, help="The hand's seat (default: the seat in turn).")
@click.option("--count", type=NumberType(1, 10000), default=5, show_default=True,
              help="How many deals.")
@click.option("--seed", type=SEED, default=None, help="The random seed (the same seed, the same deals).")
@common_options
def deal(hand, auction, seat, count, seed, as_json, lang, rules_spec):
    """Deals of the unseen cards that fit the auction, HAND fixed at its seat.

    Example: tutor deal --hand "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7" --auction "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen" --count 5 --seed 3
    """
    from tutor.conventions import replay
    from tutor.judgement.base import UNHELD, unheld_lines
    from tutor.judgement.simulation import read_deals
    from tutor.play.dealer import for_auction
    from tutor.rules import load

    rules = load(rules_spec)
    hand_value, auction_value = _hand_and_auction(hand, auction, rules)
    dealer, honoured = for_auction(hand_value, auction_value, seat, rules, with_denied=True)
    # what the calls show beyond their promises, as the simulation reads it (simulation._count_reads:
    # a number that shows no cards, a Zehner in the opponents' suit, the common Hilfe, a Matsch,
    # a double, a konter)
    situation = replay(auction_value, rules).situation((seat or auction_value.next_seat).upper())
    deals, unheld, misfit = read_deals(dealer, situation, count, seed)
    if not honoured:
        click.echo(UNHELD["fort"].text(lang), err=True)
    for line in unheld_lines(unheld, misfit, count):
        click.echo(line.text(lang), err=True)
    if as_json:
        emit_json([{s: str(h) for s, h in d.items()} for d in deals])
        return
    width = len(str(count))
    for n, d in enumerate(deals, start=1):
        click.echo(f"{n:>{width}}. " + "  ".join(f"{s}: {h}" for s, h in d.items()))


@click.command("eval")
@click.option("--hand", required=True, help="The hand to judge.")
@click.option("--auction", default="", help="The calls so far, from Vorhand on.")
@click.option("--seat", type=SEAT, default=None, help="The hand's seat (default: the seat in turn).")
@click.option("--samples", type=NumberType(1, 5000), default=200, show_default=True,
              help="How many deals at most (sampling stops early when the answer is clear).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="The random seed.")
@score_options
@click.option("--all", "show_all", is_flag=True,
              help="List every contract and call (default: contracts made in some deal, the best calls).")
@click.option("--thorough", is_flag=True,
              help="Give the solver ten times the work: fewer deals left to the estimate, about ten times slower.")
@common_options
def eval_command(hand, auction, seat, samples, seed, score_text, use_tafel, db_path, show_all, thorough, as_json,
                 lang, rules_spec):
    """Judge HAND by simulation: every contract's chance and value, every call's value.

    Example: tutor eval --hand "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7" --auction "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen" --samples 200 --seed 1
    """
    from tutor.judgement.simulation import EVAL_NODES, EVAL_SECOND, NOTHING, THOROUGH, Simulation, evaluate

    rules, standing = _rules_and_standing(rules_spec, score_text, use_tafel, db_path)
    hand_value, auction_value = _hand_and_auction(hand, auction, rules)
    sim = Simulation(samples=samples, seed=seed, progress=not as_json,
                     nodes=EVAL_NODES * THOROUGH if thorough else EVAL_NODES, second=EVAL_SECOND)
    ev = evaluate(hand_value, auction_value, rules, seat, sim, standing)
    if as_json:
        emit_json(ev.to_json())
        return
    from tutor.i18n import _, ngettext

    click.echo(ngettext("{seat}: {n} deal that fits the auction (stopped early: the answer is clear)",
                        "{seat}: {n} deals that fit the auction (stopped early: the answer is clear)",
                        ev.samples, lang, seat=ev.seat) if ev.stopped_early
               else ngettext("{seat}: {n} deal that fits the auction", "{seat}: {n} deals that fit the auction",
                             ev.samples, lang, seat=ev.seat))
    click.echo()
    from tutor.judgement.voice import can_end

    scored = standing is not None and can_end(standing, rules)   # the score changes some value
    if not scored:
        click.echo(_("Contracts (made in percent of the deals, expected value):", lang))
    else:   # the contracts are the game alone; the calls below are valued with the score (QA of issue 26, F11)
        click.echo(_("Contracts (made in percent of the deals, expected board value of the game alone, without "
                     "the Partie's score):", lang))
    # a seat that can only double, konter or say nothing (the bidding is over for it: "Das
    # Doppeln beendet das Bieten") plays no contract of its own: the standing one alone
    bids = any(c["call"] not in ("fort", "dopple", "konter", NOTHING) for c in ev.calls)
    contracts = ev.contracts if bids else []
    by_strain: dict[str, list[dict]] = {}
    for c in contracts:
        by_strain.setdefault(c["contract"].split(" ", 1)[1], []).append(c)
    for strain, rows in by_strain.items():
        shown = [r for r in rows if show_all or r["p_make"] > 0]
        if not shown:
            shown = rows[:1]
        cells = "  ".join(f"{r['contract'].split()[0]}: {round(100 * r['p_make']):>3} % {r['expected']:+7.1f}"
                          for r in shown)
        click.echo(f"  {strain:<16} {cells}")
    high = auction_value.high
    if not contracts and ev.standing is not None and high is not None:   # a double or konter
        click.echo(_("  {call} by {seat} (the standing contract): made in {pct} percent of the deals", lang,
                     call=str(high.call), seat=high.seat, pct=round(100 * ev.standing)))
    from tutor.judgement.base import unheld_lines

    for line in unheld_lines(ev.unheld, ev.misfit, ev.samples):
        click.echo("  " + line.text(lang))
    if ev.estimated:
        click.echo(ngettext("  {k} of the {n} deals was not solved within eval's share of the solver's work: its "
                            "play is estimated.",
                            "  {k} of the {n} deals were not solved within eval's share of the solver's work: "
                            "their play is estimated.", ev.estimated, lang, k=ev.estimated, n=ev.samples))
        from tutor.judgement.base import MOSTLY_ESTIMATED, mostly_estimated

        if mostly_estimated(ev.estimated, ev.samples):
            click.echo("  " + MOSTLY_ESTIMATED.text(lang))
            if not thorough:
                click.echo("  " + _("(--thorough gives the solver ten times the work: fewer deals estimated, about ten "
                                    "times slower.)", lang))
    click.echo()
    if not scored:
        click.echo(_("Calls (expected board value, our team minus the opponents):", lang))
    else:
        click.echo(_("Calls (expected value with the Partie's score {score}: a game after which the Partie is "
                     "over counts +{target} if our team wins the Partie, -{target} if it loses it, 0 for a draw; "
                     "any other game its board value, our team minus the opponents):",
                     lang, score=standing.text(lang), target=standing.target))
        from tutor.judgement.base import weis_left_out

        for line in weis_left_out(hand_value, rules):   # QA s47 F32: the hand's own Weis is not in them
            click.echo("  " + line.text(lang))
    ranked = sorted(ev.calls, key=lambda c: -c["expected"])
    shown = ranked if show_all else [c for i, c in enumerate(ranked)
                                     if i < TOP_CALLS or c["call"] in ("fort", "dopple", "konter", NOTHING)]

    def said(call: str) -> str:     # the evaluation's name for passing, in the user's words
        return _("say nothing", lang) if call == NOTHING else call

    for c in shown:
        mark = "*" if c["call"] == ev.recommended else " "
        click.echo(f" {mark} {said(c['call']):<18} {c['expected']:+7.1f}")
    rec = ev.recommended
    click.echo()
    click.echo(_("Recommended: {call}", lang, call=said(rec)) if rec else _("No call to judge.", lang))
    equal = [c for c in ev.equal if c != rec]
    if rec and equal:
        click.echo(_("Equally good within chance: {calls}", lang, calls=", ".join(map(said, equal))))


# -- help: catalog messages, shown in the language of --help (tutor.commands.helptext) --------
HELP: dict[str, dict] = {
    "deal": {
        "short": M("Deals of the unseen cards that fit an auction."),
        "help": M("Deals of the unseen cards that fit everything the auction promised, the own "
                  "HAND fixed at its seat."),
        "options": {
            "hand": M("The player's own hand, fixed in every deal."),
            "auction": M("The calls so far: every deal fits what they promised."),
            "seat": M("The hand's seat (default: the seat in turn)."),
            "count": M("How many deals."),
        },
        "examples": [
            "tutor deal --hand \"Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7\" --auction \"60 Eichel, 70 Schellen\" --count 5 --seed 3",
        ],
    },
    "eval": {
        "short": M("Judge a hand by simulation: every contract and call."),
        "help": M("Judges HAND by simulation: every contract's chance and value, every call's "
                  "value."),
        "options": {
            "hand": M("The hand to judge."),
            "auction": M("The calls so far, from Vorhand on."),
            "seat": M("The hand's seat (default: the seat in turn)."),
            "samples": M("How many deals at most (sampling stops early when the answer is "
                         "clear)."),
            **SCORE_HELP,
            "show_all": M("List every contract and call (default: contracts made in some deal, "
                          "the best calls)."),
            "thorough": M("Give the solver ten times the work: fewer deals left to the estimate, about "
                          "ten times slower."),
        },
        "examples": [
            "tutor eval --hand \"Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7\" --auction \"60 Eichel, 70 Schellen\" --samples 200 --seed 1",
        ],
    },
}
