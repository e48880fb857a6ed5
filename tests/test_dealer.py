"""The dealer (tutor.play.dealer): deals that fit the auction, uniform where free."""
import json
import random
from collections import Counter
from math import comb

import pytest
from click.testing import CliRunner

from tutor import conventions
from tutor.cards import DECK, Card, Hand, Suit
from tutor.cli import main
from tutor.play.dealer import DealError, Dealer, everyone, for_auction

A_HAND = Hand.parse("Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7")
AUCTION = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen"
# chi-square bounds at p = 0.001 (generous: a fair dealer fails one test in a thousand)
CHI2_001 = {2: 13.82, 3: 16.27, 4: 18.47}


def chi2(observed, expected):
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected))


def test_every_deal_is_the_whole_deck_with_the_own_hand_fixed():
    for d in for_auction(A_HAND, AUCTION, seat="A").deals(200, seed=1):
        cards = [c for h in d.values() for c in h]
        assert len(cards) == 36 and set(cards) == set(DECK)
        assert d["A"] == A_HAND and all(len(h) == 9 for h in d.values())


def test_every_deal_satisfies_every_promise():
    known = conventions.explain(AUCTION).known
    for d in for_auction(A_HAND, AUCTION, seat="A").deals(300, seed=2):
        for seat, promises in known.items():
            assert all(p.satisfied_by(d[seat]) for p in promises), (seat, d[seat])


def test_tight_promises_are_met_without_retrying():
    # B: the Schellen Nell with exactly three more, no Puur (70 Schellen); D: the Rosen
    # Ace; C: the Eichel Nell with two more or more. Counted by hand for B's suit:
    # A holds one Schellen, so 8 are unseen; B's four are the Nell and 3 of the 6 that
    # are neither Puur nor Nell; his other 5 cards come from the 19 unseen non-Schellen.
    only_b = Dealer({"A": A_HAND}, {"B": conventions.explain("60 Eichel, 70 Schellen").known["B"]})
    assert only_b.count == comb(6, 3) * comb(19, 5) * comb(18, 9)


def test_without_promises_every_deal_of_the_unseen_cards_counts():
    # 36 cards to four seats, nine each: 36! / (9!)^4 deals; with A's hand fixed, the 27
    # unseen cards to three seats: 27! / (9!)^3
    assert everyone().count == comb(36, 9) * comb(27, 9) * comb(18, 9)
    assert Dealer({"A": A_HAND}).count == comb(27, 9) * comb(18, 9)
    assert Dealer({"A": A_HAND}, {"B": []}).count == comb(27, 9) * comb(18, 9)


def test_the_same_seed_gives_the_same_deals():
    d = for_auction(A_HAND, AUCTION, seat="A")
    assert d.deals(5, seed=3) == d.deals(5, seed=3) != d.deals(5, seed=4)


def test_unconstrained_cards_are_dealt_uniformly():
    # A's hand fixed, nothing else known: each unseen card goes to B, C or D with 1/3 each,
    # and B's number of Eichel is hypergeometric (6 Eichel among the 27 unseen cards).
    n = 1500
    deals = Dealer({"A": A_HAND}).deals(n, seed=5)
    for card in (Card.parse("Eichel A"), Card.parse("Rosen 6"), Card.parse("Schilten U")):
        seats = Counter(next(s for s in "BCD" if card in d[s]) for d in deals)
        assert chi2([seats[s] for s in "BCD"], [n / 3] * 3) < CHI2_001[2], (card, seats)
    lengths = Counter(min(d["B"].length(Suit.EICHEL), 4) for d in deals)
    p = [comb(6, k) * comb(21, 9 - k) / comb(27, 9) for k in range(4)]
    p.append(1 - sum(p))
    assert chi2([lengths[k] for k in range(5)], [n * x for x in p]) < CHI2_001[4], lengths


def test_a_fresh_deal_gives_each_seat_nine_cards_uniformly():
    n = 1200
    rng = random.Random(6)
    seats = Counter(next(s for s in "ABCD" if Card.parse("Eichel U") in d[s])
                    for d in (everyone().deal(rng) for _ in range(n)))
    assert chi2([seats[s] for s in "ABCD"], [n / 4] * 4) < CHI2_001[3]


def test_within_the_promises_the_deals_are_uniform():
    # D promised the Rosen Ace (95 Rosen): the other unseen Rosen cards are free. A holds
    # Rosen O and 9, so Rosen K, U, B, 8, 7, 6 are unseen; the King goes to B, C or D with
    # chances in proportion to the free places: D has 8 left beside his Ace, B and C 9.
    # (C's and B's promises are in other suits and do not change that.)
    n = 1500
    d = Dealer({"A": A_HAND}, {"D": conventions.explain(AUCTION).known["D"]})
    deals = d.deals(n, seed=7)
    king = Counter(next(s for s in "BCD" if Card.parse("Rosen K") in x[s]) for x in deals)
    expected = [n * 9 / 26, n * 9 / 26, n * 8 / 26]
    assert chi2([king[s] for s in "BCD"], expected) < CHI2_001[2], king


@pytest.mark.parametrize("known,message", [
    ({"B": [conventions.Promise(Suit.SCHILTEN, frozenset({Card.parse("Schilten A").rank}))]},
     "promised Schilten A, but it is in A's hand"),
    ({"B": [conventions.Promise(Suit.EICHEL, length=(7, 9))]}, "only 6 are unseen"),
    ({"B": [conventions.Promise(Suit.EICHEL, length=(5, 9)), conventions.Promise(Suit.ROSEN, length=(5, 9))]},
     "promise 10 cards"),
])
def test_impossible_promises_are_reported(known, message):
    with pytest.raises(DealError) as e:
        Dealer({"A": A_HAND}, known)
    assert message in str(e.value)


def test_promises_that_only_fail_together_are_reported():
    # B holds the Eichel Ace and King, but at most one Eichel
    ace, king = Card.parse("Eichel A").rank, Card.parse("Eichel K").rank
    known = {"B": [conventions.Promise(Suit.EICHEL, frozenset({ace, king}), length=(0, 1))]}
    with pytest.raises(DealError, match="no deal fits"):
        Dealer({"A": A_HAND}, known)


# -- tutor deal ---------------------------------------------------------------------------
def deal_cli(*args):
    return CliRunner().invoke(main, ["deal", *args])


def test_deal_json_is_a_list_of_seats_to_hands():
    r = deal_cli("--hand", str(A_HAND), "--auction", AUCTION, "--seat", "A", "--count", "3",
                 "--seed", "3", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert len(data) == 3 and all(set(d) == set("ABCD") for d in data)
    assert all(Hand.parse(d["A"]) == A_HAND for d in data)
    again = deal_cli("--hand", str(A_HAND), "--auction", AUCTION, "--seat", "A", "--count", "3",
                     "--seed", "3", "--json")
    assert again.output == r.output


def test_deal_names_the_promise_the_hand_contradicts():
    # D is in turn; the hand given holds A's promised Puur
    r = deal_cli("--hand", str(A_HAND), "--auction", "60 Eichel, 70 Schellen, 90 Eichel", "--lang", "en")
    assert r.exit_code == 2
    assert r.output.strip() == "tutor: A's calls promised Eichel U, but it is in D's hand"
