"""The rule by which the count's Hilfe yields to a bid the hand can make now (voice._unused_hilfe,
docs/interpretations.md "A Hilfe that leaves the partner nothing to decide yields to the higher
bid" and "A Hilfe yields to the hand's own game in another suit"), on given figures: the deals'
values of each call deal by deal and the Hilfe valued by the auction after it. The rule as the
interpretation states it: a bid of the Hilfe's suit above it, made on 95 % of the deals or more
(SURE_SHARE), is bid where (a) it leads the Hilfe so valued by more than chance alone allows
(two standard errors of the difference, deal by deal) and more than 20 board points, or (b) the
auction after the Hilfe ends, on 95 % of the deals the team keeps the contract on (and it keeps
it on nine in ten or more), in one higher number of the same game by the same declarer, and the
bid leads by anything (a lower number is made on every deal a higher one is); failing that, an
opening in another suit by measure (a). Each test sits at one edge of that statement. The deals'
exact play is not asked: no deal here is estimated (tests/test_voice.py asks it on real hands)."""
from __future__ import annotations

from types import SimpleNamespace

from tutor.judgement import voice
from tutor.judgement.simulation import Contract

N = 20
SEAT = "C"


def evaluation(values: dict[str, list[float]], made: dict[str, int]) -> SimpleNamespace:
    """The deals' figures: each call's value deal by deal, and on how many of the N deals the
    hand makes each bid (the first ones)."""
    ev = SimpleNamespace(samples=N, values=values, judged=None,
                         calls=[{"call": c, "expected": sum(v) / N} for c, v in values.items()])
    ev.made = lambda c: None if c not in made else [d < made[c] for d in range(N)]
    return ev


def after(value: float, end: Contract | None = None, ended: int = 0, ours: int = N, call: str = "90 Schilten",
          spread: float = 0.0) -> dict:
    """The Hilfe valued by the auction after it: ``value`` on every deal (``spread``: plus and minus
    that much on alternate deals), ending at ``end`` on ``ended`` deals, in the team's contract on ``ours``."""
    values = [value + (spread if d % 2 else -spread) for d in range(N)]
    return {"call": call, "values": values, "value": value, "played": list(range(N)), "end": end, "ended": ended,
            "stood": 0, "ours": ours, "estimated": False}


S = SimpleNamespace(seat=SEAT)


def flat(v: float) -> list[float]:
    return [v] * N


def test_a_sure_higher_bid_clearly_ahead_is_bid():
    ev = evaluation({"90 Schilten": flat(200), "140 Schilten": flat(250)}, {"140 Schilten": N})
    found = voice._unused_hilfe(ev, S, after(229), ["140 Schilten"])
    assert found is not None and found["call"] == "140 Schilten" and found["made"] == N and not found["fixed"]
    assert found["lead"] == 21


def test_a_lead_of_twenty_is_not_clearly_ahead():
    # "more than 20 board points": 20 exactly is within what the rule calls equal
    ev = evaluation({"90 Schilten": flat(200), "140 Schilten": flat(250)}, {"140 Schilten": N})
    assert voice._unused_hilfe(ev, S, after(230), ["140 Schilten"]) is None


def test_a_lead_within_chance_is_not_clearly_ahead():
    # a lead of 30 where the deal by deal difference swings by 100: chance alone allows 2 * 100 /
    # sqrt(20) (about 45)
    ev = evaluation({"90 Schilten": flat(200), "140 Schilten": flat(250)}, {"140 Schilten": N})
    assert voice._unused_hilfe(ev, S, after(220, spread=100), ["140 Schilten"]) is None
    # the same lead with a small swing is clearly ahead
    assert voice._unused_hilfe(ev, S, after(220, spread=5), ["140 Schilten"])["call"] == "140 Schilten"


def test_made_on_95_percent_of_the_deals_is_sure_and_one_deal_fewer_is_not():
    values = {"90 Schilten": flat(200), "140 Schilten": flat(250)}
    assert voice._unused_hilfe(evaluation(values, {"140 Schilten": 19}), S, after(200), ["140 Schilten"]) is not None
    assert voice._unused_hilfe(evaluation(values, {"140 Schilten": 18}), S, after(200), ["140 Schilten"]) is None


def test_only_higher_bids_of_the_hilfe_s_suit_take_its_place():
    # a lower number of the suit, the Hilfe's own number and another suit's number (no opening)
    # are no higher bid of the suit
    values = {"80 Schilten": flat(300), "90 Schilten": flat(300), "100 Eichel": flat(300)}
    ev = evaluation(values, {c: N for c in values})
    assert voice._unused_hilfe(ev, S, after(200), list(values)) is None


def test_the_first_sure_bid_of_the_equal_calls_is_taken_before_a_better_mean():
    values = {"90 Schilten": flat(200), "110 Schilten": flat(240), "140 Schilten": flat(260)}
    ev = evaluation(values, {"110 Schilten": N, "140 Schilten": N})
    assert voice._unused_hilfe(ev, S, after(200), ["110 Schilten"])["call"] == "110 Schilten"
    # without an equal call among them, the likeliest (the best mean) first
    assert voice._unused_hilfe(ev, S, after(200), [])["call"] == "140 Schilten"
    # a higher bid not made on nearly every deal is passed over for the next
    ev = evaluation(values, {"110 Schilten": N, "140 Schilten": 10})
    assert voice._unused_hilfe(ev, S, after(200), [])["call"] == "110 Schilten"


def test_a_hilfe_whose_auction_ends_in_one_higher_number_yields_to_a_lower_sure_number_by_any_lead():
    # (b): the bidding ends at 150 Schilten, C's, on 19 of the 20 deals, all the team's: the Hilfe
    # is the count's way to 150, and 140, made on every deal, brings a little more
    values = {"90 Schilten": flat(200), "140 Schilten": flat(250)}
    ev = evaluation(values, {"140 Schilten": N})
    end = Contract("Schilten", 150, SEAT)
    found = voice._unused_hilfe(ev, S, after(249.5, end, ended=19), ["140 Schilten"])
    assert found is not None and found["fixed"] and found["call"] == "140 Schilten" and 0 < found["lead"] < 1
    # no lead at all: nothing to gain
    assert voice._unused_hilfe(ev, S, after(250, end, ended=19), ["140 Schilten"]) is None


def test_the_hilfe_s_auction_decides_nothing_only_where_it_ends_in_one_higher_number_of_the_hand_s_game():
    values = {"90 Schilten": flat(200), "140 Schilten": flat(250)}
    ev = evaluation(values, {"140 Schilten": N})

    def fixed(end, ended=19, ours=N):
        found = voice._unused_hilfe(ev, S, after(245, end, ended=ended, ours=ours), ["140 Schilten"])
        return found is not None and found["fixed"]

    assert fixed(Contract("Schilten", 150, SEAT))
    assert not fixed(Contract("Schilten", 150, SEAT), ended=18)            # under 95 % of the team's deals
    assert fixed(Contract("Schilten", 150, SEAT), ended=18, ours=18)       # 18 of the 18 the team keeps: 9 in 10
    assert not fixed(Contract("Schilten", 150, SEAT), ended=17, ours=17)   # the team keeps it on under 9 in 10
    assert not fixed(Contract("Schilten", 140, SEAT))                      # the same number: no higher one
    assert not fixed(Contract("Schilten", 150, "A"))                       # the partner's game
    assert not fixed(Contract("Eichel", 150, SEAT))                        # another game
    assert not fixed(None, ended=19)                                       # dealt anew


def test_the_hand_s_own_opening_in_another_suit_takes_the_hilfe_s_place_by_the_same_measure():
    values = {"60 Rosen": flat(150), "100 Eichel": flat(230), "80 Rosen": flat(160)}
    hilfe = after(150, call="60 Rosen")
    ev = evaluation(values, {"100 Eichel": N, "80 Rosen": N})
    found = voice._unused_hilfe(ev, S, hilfe, ["100 Eichel"], own=["100 Eichel"])
    assert found is not None and found["own"] and found["call"] == "100 Eichel" and found["lead"] == 80
    # not an opening the conventions give: no place taken
    assert voice._unused_hilfe(ev, S, hilfe, ["100 Eichel"], own=[]) is None
    # an opening in the Hilfe's own suit is a higher bid of it, not another game
    assert voice._unused_hilfe(evaluation({"60 Rosen": flat(150), "100 Rosen": flat(230)}, {"100 Rosen": N}), S,
                               hilfe, [], own=["100 Rosen"])["call"] == "100 Rosen"
    # within 20 of the Hilfe, or not made on nearly every deal: the Hilfe stays
    assert voice._unused_hilfe(ev, S, after(210, call="60 Rosen"), [], own=["100 Eichel"]) is None
    assert voice._unused_hilfe(ev, S, after(209, call="60 Rosen"), [], own=["100 Eichel"])["call"] == "100 Eichel"
    assert voice._unused_hilfe(evaluation(values, {"100 Eichel": 18}), S, hilfe, [], own=["100 Eichel"]) is None
    assert voice._unused_hilfe(evaluation(values, {"100 Eichel": 19}), S, hilfe, [], own=["100 Eichel"]) is not None


def test_the_own_opening_is_tried_where_a_sure_higher_bid_of_the_suit_is_not_ahead():
    # 80 Rosen is sure but only 10 over the Hilfe: the opening 100 Eichel, 80 over it, is the call
    values = {"60 Rosen": flat(150), "80 Rosen": flat(160), "100 Eichel": flat(230)}
    ev = evaluation(values, {"80 Rosen": N, "100 Eichel": N})
    found = voice._unused_hilfe(ev, S, after(150, call="60 Rosen"), ["100 Eichel"], own=["100 Eichel"])
    assert found["call"] == "100 Eichel" and found["own"]
    # of two openings, the equally good one first, else the better mean
    values["100 Schellen"] = flat(240)
    ev = evaluation(values, {"80 Rosen": N, "100 Eichel": N, "100 Schellen": N})
    own = ["100 Eichel", "100 Schellen"]
    assert voice._unused_hilfe(ev, S, after(150, call="60 Rosen"), ["100 Eichel"], own=own)["call"] == "100 Eichel"
    assert voice._unused_hilfe(ev, S, after(150, call="60 Rosen"), [], own=own)["call"] == "100 Schellen"
