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


# QA s44 SO5: B over A's 60 Schellen with A K 8 of A's trump, Eichel A K O and the Schilten A; B's team
# owns no suit yet (verband). QA s44 RV1D: D at a frei table (no Ansageregeln) after 70 Eichel, fort,
# 80 Eichel, with B 9 7 of Rosen and B 9 8 of Schilten.
SO5 = ("Eichel:AKO Schellen:AK8 Rosen:K7 Schilten:A", "60 Schellen")
RV1D = ("Eichel:6 Schellen:86 Rosen:B97 Schilten:B98", "70 Eichel, fort, 80 Eichel")


def test_the_opponents_standing_bid_is_contested_without_a_suit_of_our_own_and_at_a_frei_table(monkeypatch):
    # QA s44 F21: where the opponents hold the standing bid the hand's calls are valued by the auction
    # after them (they can still outbid or double), whether or not the hand's team owns a suit yet and
    # whatever the table's rules; the team's own raises only where it owns a suit (with the Ansageregeln)
    verband, erweitert, frei = load("verband"), load("erweitert"), load("frei")
    for (hand, auction), rules, kind in [(SO5, verband, "open"), (RV1D, frei, "open"), (UH1, erweitert, "own")]:
        _h, reader, seat, _r, truthful = position(hand, auction, rules, None)
        s = reader.situation(seat)
        assert S._contest(s) == kind, (hand, auction)
        calls = S._candidate_calls(s, truthful)
        # fort is valued by the auction after it, the bids within reach of the best too
        assert "fort" in {str(r.call) for r in S._continued(s, calls, None)}
        assert S._widens(s, calls)
    _h, reader, seat, _r, truthful = position(*SO5, verband, None)
    s = reader.situation(seat)
    wide = {str(r.call) for r in S._candidate_calls(s, truthful) if S._wide(r, s)}
    assert {"70 Schellen", "80 Schellen"} <= wide      # the Zehner in the opponents' suit
    # an opening, and a team that holds the standing bid: not contested
    for hand, auction, rules in [("Eichel:U97 Schellen:K8 Rosen:O7 Schilten:B6", "", verband),
                                 ("Eichel:U9 Schellen:AK7 Rosen:A8 Schilten:K7", "70 Eichel, fort", frei)]:
        _h, reader, seat, _r, _t = position(hand, auction, rules, None)
        assert S._contest(reader.situation(seat)) is None
    # off: as before session 45
    monkeypatch.setattr(S, "CONTESTED_OPEN", False)
    _h, reader, seat, _r, _t = position(*SO5, verband, None)
    assert S._contest(reader.situation(seat)) is None


@pytest.mark.needs_core
def test_the_second_seats_zehner_in_the_opponents_suit_is_bid_as_exact_play_by_the_auction_after_it_ranks_it():
    # Exact play (24 fitting deals, seed 42, 0 estimated; every call valued by the auction after it, the
    # count bidding on for every seat, every contract reached solved; session 45, judge):
    #   80 Schellen +71.0 +- 25.6 (best), 90 Schellen 22.5 +- 30.7 behind (within chance),
    #   70 Schellen 54.7 +- 29.1 behind (A or C bid 100 Schellen over it on 14 of 24), fort 66.0 +- 35.5
    #   behind, dopple 154.1 +- 31.4 behind (A makes 60 Schellen doubled on 22 of 24).
    # Valued as the final contract (before session 45) the lowest Zehner led: 70 Schellen.
    from tutor import conventions
    V.forget()
    advice = conventions.advise(*SO5, "verband", judge=V.default_judge())
    assert advice.call in ("80 Schellen", "90 Schellen"), advice.call


@pytest.mark.needs_core
def test_a_defenders_first_bid_at_a_frei_table_is_valued_by_the_auction_after_it():
    # Exact play as above (24 deals, seed 42, 0 estimated, every call by the auction after it):
    #   100 Rosen -104.4 +- 41.9 (best); within two standard errors of it 110 Rosen (5.3 +- 38.3 behind),
    #   120 Rosen, 110, 120, 100 and 130 Schilten; 90 Schilten 153.4 +- 40.5 behind (-257.8: AC double
    #   it or bid over it; as the final contract it is +4.2, made 11/24, within chance of the best
    #   final contract), fort 145.7 +- 42.7 behind, dopple 194.3 +- 41.8 behind.
    # Before session 45 every bid was valued as the final contract here and bid said 90 Schilten.
    # Redone under simulation.DOUBLE_OVER (session 48; the opponent who bids over a bid where he could
    # double it doubles instead where that pays): the same figures (90 Schilten -258.1), and two more
    # samples put the answer's 110 Schilten at the top: the voice's own 50 deals (its seed) all solved,
    # 110 Schilten -151.6 best, 100 Rosen 59.7 +- 39.6 behind; 48 deals, seed 3: 120 Schilten -164.7
    # best, 110 Schilten 0.7 +- 40.4 behind, 100 Rosen 50.0 +- 38.5 behind (seed 42's 24 deals are the
    # sample that ranks 100 Rosen first; over the 122 deals 110 Schilten leads it by about 31)
    from tutor import conventions
    within = {"100 Rosen", "110 Rosen", "120 Rosen", "110 Schilten", "120 Schilten", "100 Schilten", "130 Schilten"}
    hand, reader, seat, _r, truthful = position(*RV1D, load("frei"), None)
    s = reader.situation(seat)
    V.forget()
    ev = V.evaluated(hand, s, truthful, None, 100, V.seed_of(V.position_key(hand, s, None)), None, 2)
    assert "fort" in ev.continued
    advice = conventions.advise(*RV1D, "frei", judge=V.default_judge())
    assert advice.call in within, advice.call


def test_the_deals_stop_on_a_tie_that_more_deals_cannot_separate(monkeypatch):
    # TIE_STOP: the best two calls tie where their paired difference lies within chance (EQUAL_SE
    # standard errors) and would still lie within it on all the deals asked for at the same mean
    # (the standard error falling as one over the root of the deals)
    import math
    n = 50

    def pair(lead: float, spread: float) -> dict[str, list[float]]:
        # two calls on the same n deals: the second's difference to the first alternates +-spread
        # around -lead, so the paired lead is ``lead`` with a standard error spread / sqrt(n - 1)
        first = [100.0] * n
        second = [100.0 - lead + (spread if k % 2 else -spread) for k in range(n)]
        return {"a": first, "b": second}

    se = 100 / math.sqrt(n - 1)                       # about 14.3
    assert S._tied(pair(15, 100), 100)                # 15 <= 2 x 14.3 x sqrt(50/100) = 20.2: more deals cannot separate them
    assert not S._tied(pair(25, 100), 100)            # within chance now (25 < 28.6), but 100 deals could separate them
    assert not S._tied(pair(15, 100), 1000)           # 1000 deals could
    assert S._tied(pair(2 * se - 1, 100), n)          # all the deals asked for are judged: within chance is a tie
    monkeypatch.setattr(S, "TIE_STOP", False)
    assert not S._tied(pair(15, 100), 100)
