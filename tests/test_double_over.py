"""The push against opponents who double it (simulation.DOUBLE_OVER, session 48; docs/interpretations.md,
"The push: a Zehner in the opponents' suit instead of fort"): in the auction after the hand's bid, an
opponent who bids over it while the double of it is still open to him ("Den Gegnern bleibt jederzeit
das Doppeln"; the Verband's window: right after the bid, until the next player calls) doubles it
instead where that pays the opponents more over those deals. Before, the count's robots bid their
Hilfe or a raise over a push they fail to beat, and the push was valued by the contract they reached,
past what they make: fuenfer-13's 90 Eichel was the tutor's answer, made on 0 of 75 deals."""
from __future__ import annotations

import pytest

import exact_play
from tutor.cards import Hand
from tutor.conventions import position
from tutor.judgement import simulation as S
from tutor.rules import load
from tutor.scoring import score_game

# fuenfer-13: D after «60 Eichel, fort, 80 Eichel» (A and C with Puur and Nell of Eichel; B out)
F13 = ("Eichel:K8 Schellen:A76 Rosen:O7 Schilten:K8", "60 Eichel, fort, 80 Eichel")


def _continuation(call: str = "90 Eichel"):
    _h, reader, seat, _r, truthful = position(*F13, load("verband"), None)
    s = reader.situation(seat)
    r = next(x for x in truthful if str(x.call) == call)
    return S.Continuation(s, r.call), s


def _board(value, declarer, points, double=False):
    g = score_game(value, declarer, points, double=double, redouble=False, misere=False, rules=load("verband"))
    return g.board["BD"] - g.board["AC"]


# a fitting deal (exact_play.deals, seed 3) on which A bids 100 Eichel over D's 90 Eichel
DEAL = {"A": "Eichel:AU6 Schellen:KO8 Rosen:AU9", "B": "Eichel:O Schellen:U9 Rosen:KB6 Schilten:AO9",
        "C": "Eichel:B97 Schellen:B Rosen:8 Schilten:UB76", "D": F13[0]}


def _hands():
    return {x: Hand.parse(h) for x, h in DEAL.items()}


def test_the_opponent_who_bids_over_the_push_is_marked_where_he_could_double_it(monkeypatch):
    # right after D's 90 Eichel the double is open to A and C; A, in turn, bids 100 Eichel instead
    cont, s = _continuation()
    e = cont.ending(_hands())
    assert e.contract == S.Contract("Eichel", 100, "A") and e.multiplier == 1
    assert e.over
    # fort is no bid: nothing to double
    fort, _s = _continuation("fort")
    assert not fort.ending(_hands()).over
    # off: not marked (before session 48)
    monkeypatch.setattr(S, "DOUBLE_OVER", False)
    cont, s = _continuation()
    assert not cont.ending(_hands()).over


def test_the_opponents_double_the_push_instead_of_bidding_over_it_where_that_pays_them_more(monkeypatch):
    # two deals on which A bids 100 Eichel over D's 90 Eichel and makes it; D's 90 Eichel (column 0) makes
    # 30 card points: doubled it is worse for BD than A's 100 Eichel made, so the deals count it doubled
    cont, _s = _continuation()
    a100 = S.Contract("Eichel", 100, "A")
    cont.endings = [S.Ending(a100, 1, True), S.Ending(a100, 1, True), S.Ending(a100, 1, False)]
    cont.columns = [1, 1, 1]
    cont.own_column = 0
    rules = load("verband")
    results = [[30, 127], [30, 127], [30, 127]]
    values = cont.values(results, "BD", rules, None)
    doubled, over = _board(90, "D", 30, double=True), _board(100, "A", 127)
    assert doubled < over
    assert values == [doubled, doubled, over]
    assert cont.over_doubled(results, "BD", rules, None) == 2
    # what the words read as the contract played on each deal: D's 90 Eichel doubled there
    own = S.Contract("Eichel", 90, "D")
    assert cont.played(results, "BD", rules, None) == [S.Ending(own, 2, True), S.Ending(own, 2, True),
                                                        S.Ending(a100, 1, False)]
    # where D makes his 90 Eichel the double would cost them: A's bid over it counts
    results = [[100, 57], [100, 57], [30, 127]]
    assert cont.values(results, "BD", rules, None) == [_board(100, "A", 57), _board(100, "A", 57), over]
    assert cont.over_doubled(results, "BD", rules, None) == 0
    assert cont.played(results, "BD", rules, None) == cont.endings


@pytest.mark.needs_core
def test_fuenfer_13_says_fort_where_exact_play_puts_fort_ahead_of_the_push():
    # Exact play (24 fitting deals, every deal solved to the end, 0 estimated; every call valued by the
    # auction after it, the count bidding on for every seat): the opponent who bids 100 Eichel over D's
    # 90 Eichel (made on none of the deals) doubles it instead, and fort leads the push by more than
    # chance allows (seed 42: fort -249.1, 90 Eichel 48.7 +- 3.4 behind, A bidding over it on 24 of 24).
    # Before session 48 the tutor said 90 Eichel here (made 0 of 75 of its deals).
    hand, auction = F13
    ev = exact_play.judged(hand, auction, "D")
    assert ev.over_doubled.get("90 Eichel")
    ahead = exact_play.ahead_of(ev, "90 Eichel", ("fort",))
    exact_play.advises_one_of(ahead, hand, auction, "D", "fort: D lets the bid stand")
