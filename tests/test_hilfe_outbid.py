"""QA s45 F25 (NA1): the count's Hilfe whose auction ends, on more than a tenth of the deals, in a
game of the opponents' (or of the partner's in another suit) that the deals did not play out. Such a
Hilfe was not weighed by the auction after it at all, and the voice kept it with "here the conventions
decide" beside a higher bid of its suit made on nearly every deal (simulation.HILFE_UNPLAYED: such a
deal is judged in the game it ends in, so the Hilfe is valued on every deal; docs/interpretations.md "A Hilfe that
leaves the partner nothing to decide yields to the higher bid"). The rules: the bid number is the
target and what the team writes ("Ein Team schreibt bei Erfolg genau die gebotene Zahl. Darum lohnt es
sich, so hoch zu bieten, wie es das Blatt hergibt"). The expected call comes from exact play of the
position (tests/exact_play.py, judged: the simulation with a huge node budget judges every fitting deal with the solver
to the end), the Hilfe and every higher bid valued by the auction after it: the partner and the
opponents bidding on, each contract reached solved."""
from __future__ import annotations

import pytest

import exact_play

NA1 = ("Eichel:U7 Schellen:AK8 Rosen:K76 Schilten:8", "50 Eichel, fort")


@pytest.mark.needs_core
def test_a_hilfe_the_opponents_outbid_yields_to_a_higher_bid_exact_play_makes_and_values_above_it():
    # C holds the Puur second in A's Eichel (the Hilfe 60 Eichel), the Schellen A K and the Rosen K. On 24
    # fitting deals, the Hilfe and the bids valued by the auction after them and every deal solved, higher
    # Eichel bids bring more than the Hilfe by more than chance alone allows (two standard errors of the
    # paired difference): after the Hilfe D bids over it in a suit of his own, or A goes on, or the team
    # stops low; the tutor bids such a bid itself
    hand, auction = NA1
    # the Hilfe by the auction after it, as the higher bids
    ev = exact_play.judged(hand, auction, "C", bid_out={"60 Eichel"})
    assert "60 Eichel" in ev.continued
    ahead = exact_play.ahead_of(ev, "60 Eichel", [f"{n} Eichel" for n in range(80, 151, 10)])
    exact_play.advises_one_of(ahead, hand, auction, "C", "The Hilfe, 60 Eichel, tells A what this hand holds so that "
                              "he can decide how high to go, but here that brings clearly less than bidding at once")
