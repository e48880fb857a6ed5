"""One measure for every call in a contested auction (simulation.CONTESTED_ALL, session 44; QA s43
F16's valuation point): where the opponents hold the standing bid and the hand's team has a suit of
its own, the deals valued fort and the team's raises (the Hilfe among them) by the auction after
them, but a number in Obenabe or Undenufe as the final contract, as if the opponents could not bid
over it. Now such a bid, where it comes within reach of the best call, is valued by the auction
after it too."""
from __future__ import annotations

import pytest

from tutor.conventions import position
from tutor.judgement import simulation as S
from tutor.judgement import voice as V
from tutor.rules import load

# QA s43 UH1: C with the Nell doubleton to A's Eichel and six sure Undenufe tricks, after A's 60
# Eichel and B's 70 Schellen (erweitert: Obenabe and Undenufe are bid)
UH1 = ("Eichel:97 Schellen:67 Rosen:678 Schilten:6A", "60 Eichel, 70 Schellen")


def _mean(xs) -> float:
    return sum(xs) / len(xs)


@pytest.mark.needs_core
def test_the_hands_undenufe_number_is_valued_by_the_auction_after_it_as_the_hilfe_is():
    # Exact play (24 fitting deals, seed 42, every deal solved to the end, 0 estimated; the count
    # bidding on for every seat after each call, every contract reached solved):
    # - 100 Undenufe as the final contract: +201.7 +- 7.6, made on 24 of 24;
    # - 100 Undenufe by the auction after it: +41.1 +- 47.2; BD bid over it in Schellen on 9 of the
    #   24 deals (120-150 Schellen) and make most of them;
    # - the Hilfe 80 Eichel by the auction after it: -127.3 +- 41.9.
    # Before session 44 the tutor valued 100 Undenufe as the final contract (+211 on bid's deals)
    # beside the Hilfe bid out, and printed the Hilfe "287 less than 100 Undenufe".
    hand, reader, seat, _r, truthful = position(*UH1, load("erweitert"), None)
    s = reader.situation(seat)
    assert S._contested(s)
    V.forget()
    # `tutor bid`'s own deals (the position's seed)
    ev = V.evaluated(hand, s, truthful, None, 100, V.seed_of(V.position_key(hand, s, None)), None, 2)
    assert "100 Undenufe" in ev.continued and "80 Eichel" in ev.continued
    # the opponents outbid it on some deals, as in exact play (9 of 24: a share of 0.19-0.57 within
    # two standard errors)
    theirs = sum(1 for e in ev.endings["100 Undenufe"]
                 if e.contract is not None and e.contract.declarer in ("B", "D")) / ev.samples
    assert 0.15 <= theirs <= 0.6
    # its value is exact play's by the auction after it (within 2.5 standard errors: -77..+159),
    # not the final contract's (+201.7): the test rests on that 43-point margin (bid's deals: -7)
    assert 41.1 - 2.5 * 47.2 <= _mean(ev.values["100 Undenufe"]) <= 41.1 + 2.5 * 47.2
    # and the Hilfe stays well below it, as in exact play
    assert _mean(ev.values["80 Eichel"]) < _mean(ev.values["100 Undenufe"])


def test_only_a_contested_auction_widens_the_calls_valued_by_the_auction_after_them():
    # an opening (nothing bid) and a team holding the standing bid: the rule does not apply, and
    # the evaluation asks nothing more there (issue 26's speed: the timing positions are such)
    verband, erweitert = load("verband"), load("erweitert")
    for hand, auction, rules in [("Eichel:U97 Schellen:K8 Rosen:O7 Schilten:B6", "", verband),
                                 ("Eichel:97 Schellen:67 Rosen:678 Schilten:6A", "60 Eichel, fort", erweitert)]:
        _h, reader, seat, _r, truthful = position(hand, auction, rules, None)
        s = reader.situation(seat)
        assert not S._widens(s, S._candidate_calls(s, truthful))
    # UH1 is contested, and its Undenufe numbers are bids the rule may widen; its Matsch is not
    _h, reader, seat, _r, truthful = position(*UH1, erweitert, None)
    s = reader.situation(seat)
    calls = S._candidate_calls(s, truthful)
    assert S._widens(s, calls)
    wide = {str(r.call) for r in calls if S._wide(r, s)}
    assert {"100 Undenufe", "110 Undenufe"} <= wide
    assert not any(S._is_matsch(r, s.rules) for r in calls if str(r.call) in wide)
    assert "80 Eichel" not in wide          # the Hilfe: a raise in the team's suit, bid out already
