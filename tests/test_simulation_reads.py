"""The common Hilfe, a Matsch and a konter by another seat are dealt as hands the count makes
them with (issue 26; s33's list of calls still dealt as random).

The rules: the common Hilfe is "zehn oder zwanzig Punkte mehr, ohne Angabe der Kartenzahl"
(it promises the suit alone); "Wer den Matsch ansagt, hat beim Bieten erkannt, dass alle
Karten, die es dafür braucht, bei seinem Team liegen"; the declarer's side konters "wenn er
das Ziel weiterhin für erreichbar hält". What the tutor reads from each is its own count's
rule for making it (docs/interpretations.md, "What the count reads from a call"): the
common Hilfe with the partner's other top trump (its length not read: the text says the
number shows none), the Matsch with every trick sure, the konter with a certain contract
or the count a trick above it. The expected values are counted by hand from the promises
and those rules, or come from exact play."""

import pytest

from tutor.cards import Hand, Rank, Suit
from tutor.conventions import position, replay
from tutor.judgement import simulation as S
from tutor.judgement.base import UNHELD, unheld_lines
from tutor.play.dealer import Dealer
from tutor.rules import load
from given_deals import read_and_unread, simulated_deals

VERBAND = load("verband")
COMMON = load({"hilfe": "common"})
EICHEL, ROSEN = Suit("Eichel"), Suit("Rosen")
NELL = Rank.NINE

# A's 60 Eichel (the Puur with exactly three), C's common Hilfe 80 Eichel: A to call
A_HAND = "Eichel:U86 Schellen:A7 Rosen:K76 Schilten:A"
HILFE = "60 Eichel, fort, 80 Eichel, fort"


def test_the_common_hilfe_is_dealt_with_the_partners_other_top_trump():
    # A opened with the Puur, so the count gives the Hilfe with the Nell: C holds the Eichel
    # Nell on every deal. The common Hilfe names no length ("ohne Angabe der Kartenzahl"),
    # so C's 80 (the upper Zehner) is not read as three cards: some deals give him two.
    deals, read, unheld = simulated_deals(A_HAND, HILFE, COMMON, "A", 60, seed=3)
    assert read == ["hilfe"] and unheld == []
    assert all(d["C"].has(EICHEL, NELL) for d in deals)
    assert any(d["C"].length(EICHEL) == 2 for d in deals)


def test_without_the_read_the_common_hilfe_is_any_hand_with_the_suit():
    # by the promise alone (one Eichel or more) C holds the Nell on about a third of the
    # deals: the Nell is one of the six Eichel A does not hold, and C holds 2.5 of them on
    # average (six of 27 unseen cards, nine for C, at least one)
    h, reader, seat, _r, _t = position(A_HAND, HILFE, COMMON, "A")
    plain = Dealer({seat: h}, reader.situation(seat).promised).deals(200, seed=3)
    assert all(d["C"].length(EICHEL) >= 1 for d in plain)
    assert sum(d["C"].has(EICHEL, NELL) for d in plain) < 120


def test_the_verbands_hilfe_is_its_promise_and_no_read():
    # the Verband's Hilfe promises the Nell with three or more: the dealer deals it, nothing
    # is read beyond it
    _d, read, unheld = simulated_deals(A_HAND, HILFE, VERBAND, "A", 3)
    assert read == [] and unheld == []


@pytest.mark.needs_core
def test_exact_play_the_read_common_hilfe_carries_information():
    # exact play of 100 Eichel by C (C leads; what A's raise would ask) on read and unread
    # deals (12 each, seed 1 + i): with the Nell beside A's Puur the team draws the trumps
    # and makes it on every read deal; by the promise alone on half (6 of 12; 80 itself: 12
    # against 10)
    from exact_play import made

    read, unread, names = read_and_unread(A_HAND, HILFE, COMMON, "A")
    assert names == ["hilfe"]
    on_read = sum(made(d, "Eichel", 100, "C") for d in read)
    on_unread = sum(made(d, "Eichel", 100, "C") for d in unread)
    assert on_read == 12
    assert on_unread <= 8


def _reads(auction: str, seat: str, rules=VERBAND):
    return S._count_reads(replay(auction, rules).situation(seat))


def test_a_matsch_is_read_as_every_trick_sure():
    # D's 157 Rosen after A's 120 Eichel: the count bids the Matsch where every card of
    # the hand takes a trick. U 9 A K O of Rosen draw the four Rosen out (Banner, 8, 7, 6:
    # five trumps above them), and Eichel A, Schellen A K, Schilten A run from the top: the
    # read holds. With the Schilten 6 for the Schilten Ace it does not (the 6 takes no
    # trick). The test reads D's hand alone.
    (what, test), = _reads("120 Eichel, fort, fort, 157 Rosen", "A")
    assert what == "matsch"
    assert test({"D": Hand.parse("Eichel:A Schellen:AK Rosen:U9AKO Schilten:A")})
    assert not test({"D": Hand.parse("Eichel:A Schellen:AK Rosen:U9AKO Schilten:6")})


def test_a_matsch_the_deals_cannot_give_is_left_out_and_said():
    # matsch-09: A holds Eichel 8 7, Schellen A K 7, Rosen A K 6, Schilten O. D's Matsch in
    # Rosen by the count needs every card of his a trick; A's Rosen Ace and King sit above
    # any Rosen of D's but the Puur and the Nell, so D's trumps cannot draw A's, and no deal
    # gives D a Matsch hand: the read is left out, and the line says so
    _d, read, unheld = simulated_deals("Eichel:87 Schellen:AK7 Rosen:AK6 Schilten:O",
                                       "120 Eichel, fort, fort, 157 Rosen", VERBAND, "A", 3)
    assert read == [] and unheld == ["matsch"]
    assert unheld_lines(unheld) == [UNHELD["matsch"]]
    for lang in ("de", "fr"):
        assert UNHELD["matsch"].text(lang) != UNHELD["matsch"].text("en")


def test_a_konter_is_read_as_the_count_konters():
    # A's 60 Eichel, doubled by B, kontered by A (D's deals): the count konters a contract
    # every trick of which is sure. U 9 A K O Banner of Eichel draw the three Eichel out
    # (8, 7, 6), and Schellen A K and Rosen A run from the top: konter. The Puur with two
    # small Eichel, the Schellen Ace and small cards count 20 for the Puur and 21 for the
    # Ace, 41, far from a trick above 60: no konter. The test reads A's hand alone.
    (what, test), = _reads("60 Eichel, B: dopple, A: konter", "D")
    assert what == "konter"
    assert test({"A": Hand.parse("Eichel:U9AKOB Schellen:AK Rosen:A")})
    assert not test({"A": Hand.parse("Eichel:U76 Schellen:A8 Rosen:76 Schilten:86")})
