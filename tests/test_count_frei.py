"""At a table without the Ansageregeln (the `frei` profile) the partner's number counts
(issue 26): it says what his hand trusts, and a hand behind it raises it with what it
adds, instead of bidding a suit of its own or saying fort.

What the partner's number says at such a table is the tutor's reading (docs/
interpretations.md, "The judgement"): he bids what his own count reaches with a third of
the rest expected from his partner. So the partner's hands of these tests are random
hands the count opens with exactly his number (nothing else is known of them), and the
expected calls come from exact play on those deals (the solver, double dummy)."""
import pytest

from exact_play import deals, made
from tutor import conventions as cv
from tutor.rules import load

pytestmark = pytest.mark.needs_core

FREI = load("frei")
AUCTION = "85 Eichel, fort"      # A opens 85 Eichel, B says fort; C to call


def partner_bid(hand: str, n: int = 24, seed: int = 1) -> list[dict]:
    """``n`` deals around C's ``hand`` in which A's cards are a hand the count opens with
    85 Eichel at this table (random otherwise)."""
    found = [h for h in deals(hand, AUCTION, "C", n=4000, seed=seed, rules=FREI)
             if cv.advise(h["A"], "", FREI).call == "85 Eichel"]
    assert len(found) >= n, len(found)
    return found[:n]


@pytest.mark.parametrize("hand", [
    "Eichel:9A Schellen:AK7 Rosen:AK8 Schilten:6",    # the Nell and Ace of his trump, two Ace-Kings
    "Eichel:A96 Schellen:AK7 Rosen:A8 Schilten:6",    # three Aces, one of them in his trump
])
def test_a_hand_behind_its_partners_number_raises_it(hand):
    # the count said fort (the partner's number ignored) or bid a suit of one card of its
    # own (90 Schilten with Schilten:6); exact play makes the raise in the partner's suit
    # on at least two deals in three (these hands: 23 and 24 of 24)
    call = cv.advise(hand, AUCTION, FREI).call
    assert call.endswith(" Eichel"), call
    value = int(call.split()[0])
    assert value > 85
    found = partner_bid(hand)
    assert sum(made(h, "Eichel", value, "C") for h in found) >= 16


def test_a_hand_that_adds_little_lets_the_partners_number_stand():
    # two Kings and nothing in trump: exact play makes 90 Eichel on 13 of 24 deals, not
    # two in three: fort
    hand = "Eichel:76 Schellen:K87 Rosen:O8 Schilten:K6"
    found = partner_bid(hand)
    assert sum(made(h, "Eichel", 90, "C") for h in found) < 16
    assert cv.advise(hand, AUCTION, FREI).call == "fort"


def test_the_reasons_name_the_partners_number():
    advice = cv.advise("Eichel:9A Schellen:AK7 Rosen:AK8 Schilten:6", AUCTION, FREI)
    text = advice.text("en")
    assert "A bid 85 Eichel: at a table without the Ansageregeln that says his own count is at least 49" in text
    assert "the partner holds his share of the trumps" not in text


def test_a_hand_that_fits_its_partners_suit_does_not_switch_to_a_short_suit():
    # QA s36 Q4: C with Schilten 9 A K 7 behind A's 70 Schilten counted nothing for his trumps
    # (no Puur, so no trump row) and bid 100 Eichel on Eichel U 8, a two-card trump. A short
    # suit of its own is not bid over the partner's suit the hand holds three or more of, and
    # there the hand's guarded trumps (the Nell and the Ace with four) take their tricks. On
    # the deals the simulation draws (A's hand one whose count reaches 70 Schilten, the
    # reading of a number at this table), exact play makes the count's Schilten on every
    # deal, 100 Eichel on fewer (the QA's: 157 Schilten 16 of 16)
    from given_deals import read_and_unread

    hand, auction = "Schilten:9AK7 Eichel:U8 Schellen:A6 Rosen:7", "70 Schilten, fort"
    call = cv.advise(hand, auction, FREI).call
    assert call is not None and call.endswith(" Schilten"), call
    value = int(call.split()[0])
    assert value > 70
    found, _unread, read = read_and_unread(hand, auction, FREI, "C", n=16)
    assert read == ["number"] and len(found) == 16
    ours = sum(made(h, "Schilten", value, "C") for h in found)
    eichel = sum(made(h, "Eichel", 100, "C") for h in found)
    assert ours == 16, ours
    # made, the team writes its number, failed, the opponents do
    assert (2 * ours - 16) * value > (2 * eichel - 16) * 100, (ours, eichel)


def test_the_nell_behind_the_partners_number_counts_his_puur():
    # QA s37 Q3 (N11): C with the Nell zu zweit (Eichel 9 K) and two side Aces behind A's 70
    # Eichel counted 42 for his hand and 26 for A's number and said fort over B's 80 Rosen. At
    # this table the count bids a suit on its Puur, so A's number holds it (every deal the
    # simulation draws here gives A the Puur): the team holds Puur and Nell. On those deals exact
    # play makes C's Eichel on (nearly) every one, where fort leaves B's 80 Rosen (the QA's 16
    # deals: 100 Eichel 16 of 16; B's 80 Rosen 16 of 16)
    from given_deals import read_and_unread

    hand, auction = "Eichel:9K Schellen:A76 Rosen:7 Schilten:AO8", "70 Eichel, 80 Rosen"
    call = cv.advise(hand, auction, FREI).call
    assert call is not None and call.endswith(" Eichel"), call
    value = int(call.split()[0])
    assert value > 80
    found, _unread, read = read_and_unread(hand, auction, FREI, "C", n=16)
    assert "number" in read and len(found) == 16
    ours = sum(made(h, "Eichel", value, "C") for h in found)
    theirs = sum(made(h, "Rosen", 80, "B") for h in found)
    assert ours >= 15, ours
    # made, the team writes its number, failed, the opponents do; fort leaves B's 80 Rosen
    assert (2 * ours - 16) * value > -(2 * theirs - 16) * 80, (ours, theirs)


def test_the_opener_reads_his_partners_raise_over_his_own_number():
    # QA s37 Q3 (N10): A opened 70 Eichel (the Puur zu viert and the Ace), C raised to 90 over
    # B's 80 Rosen, D bid 100 Rosen. C's number is his own count and what he expected from A,
    # which A's 70 said (26 of A's own): so it shows 64 of C's own, not the 56 a 90 shows alone,
    # and A's 41 with it reach 105. The count read C's 90 alone and said fort. Exact play on
    # fitting deals (16, seed 1): 105 Eichel made on 14, D's 100 Rosen on 10
    hand, auction = "Eichel:UA87 Schellen:K7 Rosen:8 Schilten:O6", "70 Eichel, 80 Rosen, 90 Eichel, 100 Rosen"
    call = cv.advise(hand, auction, FREI).call
    assert call is not None and call.endswith(" Eichel"), call
    value = int(call.split()[0])
    assert value > 100
    found = deals(hand, auction, "A", n=16, seed=1, rules=FREI)
    ours = sum(made(h, "Eichel", value, "A") for h in found)
    theirs = sum(made(h, "Rosen", 100, "D") for h in found)
    assert ours >= 12, ours
    # made, the team writes its number, failed, the opponents do; fort leaves D's 100 Rosen
    assert (2 * ours - 16) * value > -(2 * theirs - 16) * 100, (ours, theirs)
