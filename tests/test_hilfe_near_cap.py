"""QA s43 F11 (H3): the count's Hilfe beside a higher bid of its suit whose numbers lead it by more
than chance but no more than 20 board points, where the estimate errs low on the deals the decision's
searches leave open (voice.NEAR_PROOF, voice._near_proved; docs/interpretations.md "A Hilfe that
leaves the partner nothing to decide yields to the higher bid"). The rules: the bid number is the
target and what the team writes ("Ein Team schreibt bei Erfolg genau die gebotene Zahl. Darum lohnt
es sich, so hoch zu bieten, wie es das Blatt hergibt"); the Hilfe in the partner's suit over an
opponent's bid is the upper of the two smallest Zehner above it ("der obere «zu dritt oder mehr»").
The expected call comes from exact play of the position (tests/exact_play.py, judged: the simulation with a huge node
budget judges every fitting deal with the solver to the end), every call valued by the auction after
it: the partner and the opponents bidding on, each contract reached solved."""
from __future__ import annotations

import pytest

import exact_play

H3 = ("Eichel:9K8 Schellen:A7 Rosen:86 Schilten:KO", "60 Eichel, 65 Rosen")


@pytest.mark.needs_core
def test_the_hilfe_yields_to_a_higher_bid_of_its_suit_that_exact_play_makes_and_values_above_it():
    # C holds the Eichel 9 K 8 (the Nell third: the Hilfe 80 Eichel over B's 65 Rosen), the Schellen Ace and
    # the Schilten K O. On 24 fitting deals, every call valued by the auction after it and every deal solved,
    # a higher Eichel bid is made on every deal and brings more than the Hilfe by more than chance alone
    # allows (two standard errors of the paired difference); the tutor bids such a bid
    hand, auction = H3
    ev = exact_play.judged(hand, auction, "C")
    assert "80 Eichel" in ev.continued       # the Hilfe valued by the auction after it, as the bids
    ahead = exact_play.ahead_of(ev, "80 Eichel", ("100 Eichel", "110 Eichel", "120 Eichel", "130 Eichel"),
                                made_everywhere=True)
    exact_play.advises_one_of(ahead, hand, auction, "C", "The Hilfe, 80 Eichel, tells A what this hand holds so that "
                              "he can decide how high to go, but here that brings clearly less than bidding at once")
