"""At a table without the Ansageregeln (the ``frei`` profile) the simulation deals the
partner a hand that fits his number (QA finding F7, issue 26).

The rules: a bid names a number and a trump suit, and the number names the target ("Sie
nennt das Ziel"); at a table that does not use the Ansageregeln it shows no cards. What
the partner's number says there is the tutor's reading (docs/interpretations.md, "the
partner's number counts"): he bids what his own count trusts, his own points with a third
of the rest expected from his partner. So on every deal the simulation judges, the
partner's hand is one with which the count at that table reaches his number in his suit
(count._plain_counts, the count's own table of what it trusts); before, the dealer dealt
him any hand (the calls promise no cards), and C got 80 Rosen over his partner's 70
Schellen, as if the 70 said nothing."""
import random

from tutor.cards import Suit
from tutor.conventions import Situation, position
from tutor.judgement import count
from tutor.judgement import simulation as S
from tutor.play.dealer import Dealer
from tutor.rules import load

FREI = load("frei")
C_HAND = "Eichel:O8 Schellen:AK6 Rosen:B97 Schilten:K"


def trusted(hand, strain: str) -> int:
    """What the count at a frei table trusts ``hand`` to make as an opener in ``strain``
    (0: it would not bid it): its own count and, with the suit's Puur or control, a third
    of the rest (count._plain_counts), or all 157 where it lays down."""
    _h, reader, seat, _r, _t = position(hand, "", FREI, "A")
    for name, c, share in count._plain_counts(hand, reader.situation(seat)):
        if name == strain:
            return 157 if c.lay_down else min(c.expected + share, FREI.highest_bid)
    return 0


def deals_of(auction: str, n: int = 30) -> list[dict]:
    hand, reader, seat, _r, _t = position(C_HAND, auction, FREI, "C")
    s = reader.situation(seat)
    dealer, fits, rng = Dealer({seat: hand}, s.promised), S._plain_fit(s), random.Random(5)
    return [S._deal(dealer, rng, fits) for _ in range(n)]


def test_the_partners_number_is_dealt_as_a_hand_that_trusts_it():
    # A opened 70 Schellen, B fort: C to call. On every deal A's hand is one the count at
    # this table would bid 70 Schellen or more with.
    for d in deals_of("70 Schellen, fort"):
        assert trusted(d["A"], "Schellen") >= 70, d["A"]


def test_without_his_number_the_partner_is_any_hand():
    # the same seats, A said fort: nothing is known of his hand, and random hands include
    # ones the count would not bid 70 Schellen with
    assert any(trusted(d["A"], "Schellen") < 70 for d in deals_of("fort, fort"))


def test_a_table_with_the_ansageregeln_deals_by_the_conventions_alone():
    # there the calls' conventional meanings constrain the deal (the dealer's promises);
    # the count's reading of a plain number is not added
    _h, reader, seat, _r, _t = position(C_HAND, "70 Schellen, fort", load("verband"), "C")
    assert S._plain_fit(reader.situation(seat)) is None


def test_the_simulation_judges_such_deals():
    ev = S.evaluate(C_HAND, "70 Schellen, fort", FREI, "C",
                    S.Simulation(samples=8, workers=1, early_stop=False, exact=False))
    assert len(ev.deals) == 8
    assert all(trusted(d["A"], "Schellen") >= 70 for d in ev.deals)


def test_an_opponents_number_is_dealt_as_a_hand_that_trusts_it():
    # QA s33 Q5: B after A's 70 Eichel at a frei table. A's number says what his count trusts
    # as much as the partner's does (the same reading: "Sie nennt das Ziel"), so on every deal
    # A's hand is one the count would bid 70 Eichel or more with; before, A was any hand, and
    # B with nothing (17 card points, no Ace) was told to sacrifice at 80 Rosen
    b_hand = "Eichel:K8 Schellen:O76 Rosen:B9 Schilten:86"
    hand, reader, seat, _r, _t = position(b_hand, "70 Eichel", FREI, "B")
    s = reader.situation(seat)
    dealer, fits, rng = Dealer({seat: hand}, s.promised), S._plain_fit(s), random.Random(5)
    found = [S._deal(dealer, rng, fits) for _ in range(30)]
    assert all(trusted(d["A"], "Eichel") >= 70 for d in found)
    # and without the test, random hands include ones the count would not open 70 with
    plain = [dealer.deal(random.Random(k)) for k in range(30)]
    assert any(trusted(d["A"], "Eichel") < 70 for d in plain)


def test_a_raise_of_the_partners_suit_is_no_opening_to_test():
    # A 70 Schellen, B fort, C 90 Schellen (C raises A's suit): C's 90 is a joint number, not
    # C's own count; only A's 70 is tested (the hand is D's)
    hand, reader, seat, _r, _t = position("Eichel:K8 Schellen:O7 Rosen:B96 Schilten:86", "70 Schellen, fort, 90 Schellen",
                                          FREI, "D")
    s = reader.situation(seat)
    dealer, fits, rng = Dealer({seat: hand}, s.promised), S._plain_fit(s), random.Random(2)
    found = [S._deal(dealer, rng, fits) for _ in range(10)]
    assert all(trusted(d["A"], "Schellen") >= 70 for d in found)
