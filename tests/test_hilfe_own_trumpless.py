"""QA s43 F16: the count's Hilfe beside the hand's own game in Obenabe or Undenufe at an extended
table (voice._own_games, voice._checked_lead; docs/interpretations.md "A Hilfe yields to the hand's
own game in another suit"). The rules: the last call is the contract ("Die zuletzt angesagte Farbe
ist Trumpf", "wer die letzte Ansage gemacht hat, ist der Spielübernehmer"), the opponents may bid
on over any call but the last, and the table agrees what a number in Obenabe or Undenufe carries
("Vor der Partie abmachen": "welche Höhe eine Ansage für Obenabe oder Undenufe trägt"; ours: the
number only). The expected call comes from exact play of the position (tests/exact_play.py, judged: the simulation
with a huge node budget judges every fitting deal with the solver to the end), every call valued
by the auction after it: the partner and the opponents bidding on, each contract reached solved."""
from __future__ import annotations

import pytest

import exact_play

UH1 = ("Eichel:97 Schellen:67 Rosen:678 Schilten:6A", "60 Eichel, 70 Schellen")


@pytest.mark.needs_core
def test_a_hilfe_yields_to_the_hand_s_undenufe_game_that_exact_play_values_above_it_by_the_auction_after_both(
        monkeypatch):
    # C holds the Nell doubleton of A's Eichel (the Hilfe 80 Eichel) and six sure Undenufe tricks (6 and 7
    # of Schellen and Rosen, the Schilten 6, the Rosen 8 behind them). B's 70 Schellen shows the opponents'
    # suit: they bid on over either call. On 24 fitting deals, every call valued by the auction after it
    # and every deal solved, an Undenufe number brings more than the Hilfe by more than chance alone
    # allows (two standard errors of the paired difference); the tutor bids such a number
    from tutor.judgement import simulation

    if not hasattr(simulation, "CONTESTED_ALL"):
        pytest.skip("the hand's trumpless numbers are valued by the auction after them with simulation.CONTESTED_ALL")
    monkeypatch.setattr(simulation, "CONTESTED_ALL", True)
    hand, auction = UH1
    ev = exact_play.judged(hand, auction, "C", "erweitert")
    assert "80 Eichel" in ev.continued
    undenufe = ("90 Undenufe", "100 Undenufe", "110 Undenufe")
    assert set(undenufe) <= set(ev.continued)        # valued as the Hilfe is, by the auction after it
    ahead = exact_play.ahead_of(ev, "80 Eichel", undenufe)
    exact_play.advises_one_of(ahead, hand, auction, "C", "The Hilfe, 80 Eichel, tells A that this hand helps in his "
                              "suit, but this hand has a game of its own, {call}", "erweitert")


@pytest.mark.needs_core
def test_a_hilfe_yields_to_the_double_of_the_opponents_ace_announcement_that_exact_play_values_above_it():
    # QA s44 F19 (FA4): B's Fünfer 65 Eichel in A's suit shows the Eichel Ace ("Ich halte das Ass dieser
    # Farbe"); A's opening holds the Puur, C the Nell. The rules: "Das Doppeln beendet das Bieten, gespielt
    # wird das zuletzt genannte Gebot", and the announcer is warned: "Darum sagt ein Ass an, wer sicher ist,
    # dass danach weitergeboten wird". On 24 fitting deals, every deal solved, the double (B's side may
    # konter) brings more than the Hilfe valued by the auction after it by more than chance alone allows;
    # the tutor doubles
    hand, auction = "Eichel:97 Schellen:AK Rosen:K86 Schilten:O7", "60 Eichel, 65 Eichel"
    ev = exact_play.judged(hand, auction, "C")
    assert "70 Eichel" in ev.continued
    assert exact_play.ahead_of(ev, "70 Eichel", ["dopple"])
    advice = exact_play.advice(hand, auction, "C")
    assert advice.call == "dopple", advice.call
