"""``tutor deal`` and ``tutor eval``: the dealer and the simulation, a thin layer over
:mod:`tutor.play.dealer` and :mod:`tutor.play.simulate`."""
from __future__ import annotations

import click

from tutor.commands.common import SEAT, common_options, emit_json


def _hand_and_auction(hand: str, auction: str, rules):
    from tutor.commands.engine import _inputs

    return _inputs(hand, auction, rules)


@click.command("deal")
@click.option("--hand", required=True, help="The player's own hand, fixed in every deal.")
@click.option("--auction", default="", help="The calls so far: every deal fits what they promised.")
@click.option("--seat", type=SEAT, default=None, help="The hand's seat (default: the seat in turn).")
@click.option("--count", type=click.IntRange(1, 10000), default=5, show_default=True,
              help="How many deals.")
@click.option("--seed", type=int, default=None, help="The random seed (the same seed, the same deals).")
@common_options
def deal(hand, auction, seat, count, seed, as_json, lang, rules_spec):
    """Deals of the unseen cards that fit the auction, HAND fixed at its seat.

    Example: tutor deal --hand "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7" --auction "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen" --count 5 --seed 3
    """
    from tutor.play.dealer import for_auction
    from tutor.rules import load

    rules = load(rules_spec)
    hand_value, auction_value = _hand_and_auction(hand, auction, rules)
    deals = for_auction(hand_value, auction_value, seat, rules).deals(count, seed)
    if as_json:
        emit_json([{s: str(h) for s, h in d.items()} for d in deals])
        return
    width = len(str(count))
    for n, d in enumerate(deals, start=1):
        click.echo(f"{n:>{width}}. " + "  ".join(f"{s}: {h}" for s, h in d.items()))
