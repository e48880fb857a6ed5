"""At a table without the Ansageregeln (the ``frei`` profile) the simulation deals every
other seat a hand that fits his number (QA finding F7; QA s33 Q5; issue 26).

The rules: a bid names a number and a trump suit, and the number names the target ("Sie
nennt das Ziel"); at a table that does not use the Ansageregeln it shows no cards. What a
number says there is the tutor's reading (docs/interpretations.md, "What the count reads
from a call"): its bidder bids what his own count trusts, his own points with a third of
the rest expected from his partner, and in a suit his partner bid before him his own count
beside the one his partner's number says. So on every deal the simulation judges, each
other seat's hand (the opponents' too) is one with which the count at that table, in his
place at his call, reaches his number in that strain (count._plain_counts, the count's
own table of what it trusts). Before, only the partner's number was read, and an
opponent's opening 70 was dealt any hand: a Yarborough was told to "sacrifice" 80 Rosen
over it (Q5)."""
import random
from collections import Counter

import pytest

from tutor.cards import Hand, Rank, Suit
from tutor.conventions import position
from tutor.judgement import count
from tutor.judgement import simulation as S
from tutor.judgement.base import UNHELD
from tutor.play.dealer import Dealer
from tutor.rules import load
from given_deals import simulated_deals

FREI = load("frei")
C_HAND = "Eichel:O8 Schellen:AK6 Rosen:B97 Schilten:K"
Q5_HAND = "Eichel:K8 Schellen:O76 Rosen:B9 Schilten:86"     # QA s33 Q5: B's Yarborough


def trusted(hand, strain: str, auction: str = "", seat: str = "A") -> int:
    """What the count at a frei table trusts ``hand`` at ``seat`` to make in ``strain``
    after ``auction`` (0: it would not bid it): its own count and, with the suit's Puur or
    control, a third of the rest, or beside the partner's number in a suit he bid
    (count._plain_counts), or all 157 where it lays down."""
    _h, reader, seat, _r, _t = position(hand, auction, FREI, seat)
    for name, c, share in count._plain_counts(hand, reader.situation(seat)):
        if name == strain:
            return 157 if c.lay_down else min(c.expected + share, FREI.highest_bid)
    return 0


def dealt(hand: str, auction: str, seat: str, n: int = 30, seed: int = 5) -> tuple[list[dict], list, list]:
    """``n`` deals as the simulation draws them, what they read and what they could not."""
    return simulated_deals(hand, auction, FREI, seat, n, seed)


def test_the_partners_number_is_dealt_as_a_hand_that_trusts_it():
    # A opened 70 Schellen, B fort: C to call. On every deal A's hand is one the count at
    # this table would bid 70 Schellen or more with.
    deals, read, _u = dealt(C_HAND, "70 Schellen, fort", "C")
    assert read == ["number"]
    for d in deals:
        assert trusted(d["A"], "Schellen") >= 70, d["A"]


def test_an_opponents_number_is_dealt_the_same_way():
    # QA s33 Q5: A opened 70 Eichel and B, with a Yarborough, is to call. A's hand is one the
    # count opens 70 Eichel or more with, on every deal; before, A was any hand (the QA's
    # `tutor deal` gave him a single Eichel)
    deals, read, unheld = dealt(Q5_HAND, "70 Eichel", "B", n=60)
    assert read == ["number"] and unheld == []
    for d in deals:
        assert trusted(d["A"], "Eichel") >= 70, d["A"]


def test_a_raise_is_read_beside_the_partners_number():
    # C raised his partner A's 70 Eichel to 80: in C's place at his call the count plays A's
    # suit as his partner, its own count beside the one A's 70 says (count.partner_own: the
    # least own count with which a third of the rest reaches 70, (3 * 70 - 157) // 2 = 26),
    # so C's own count is 54 or more. B holds no Eichel and no Ace, which leaves both their
    # counts room
    hand = "Schellen:876 Rosen:876 Schilten:976"
    deals, read, unheld = dealt(hand, "70 Eichel, fort, 80 Eichel", "B")
    assert read == ["number", "number"] and unheld == []
    assert count.partner_own(70) == 26
    for d in deals:
        assert trusted(d["A"], "Eichel") >= 70, d["A"]
        assert trusted(d["C"], "Eichel", "70 Eichel, fort", "C") >= 80, d["C"]
    # without A's number C's own count would have to reach 80 by itself, which it does not on
    # every such deal: the reading is his, beside his partner's
    assert any(trusted(d["C"], "Eichel", "fort, fort", "C") < 80 for d in deals)


def test_without_his_number_a_seat_is_any_hand():
    # the same seats, A said fort: nothing is known of his hand, and random hands include
    # ones the count would not bid 70 Schellen with
    deals, read, _u = dealt(C_HAND, "fort, fort", "C")
    assert read == []
    assert any(trusted(d["A"], "Schellen") < 70 for d in deals)


def test_the_deals_are_the_rejection_samplers():
    # among the deals that honour A's 70 Eichel each is as likely as any other: A's Eichel
    # length agrees within chance with an independent sampler (the 27 unseen cards shuffled
    # and dealt, kept where A's count reaches 70; chi-square, p = 0.001)
    deals, _r, _u = dealt(Q5_HAND, "70 Eichel", "B", n=600, seed=11)
    hand = Hand.parse(Q5_HAND)
    unseen = [c for c in Dealer().unseen if not hand.has(c.suit, c.rank)]
    rng, kept = random.Random(12), []
    while len(kept) < 600:
        rng.shuffle(unseen)
        a = Hand(unseen[:9])
        if trusted(a, "Eichel") >= 70:
            kept.append(a)
    eichel = Suit("Eichel")
    x = Counter(min(max(d["A"].length(eichel), 2), 5) for d in deals)
    y = Counter(min(max(a.length(eichel), 2), 5) for a in kept)
    cells = sorted(set(x) | set(y))
    stat = sum((x[c] - y[c]) ** 2 / (x[c] + y[c]) for c in cells if x[c] + y[c])
    assert stat < 16.27, (x, y)     # chi-square with 3 degrees of freedom at p = 0.001


def test_a_number_the_count_never_reaches_keeps_its_length_and_the_evidence_says_so():
    # D holds Puur, Nell and Ace of Eichel with three more: the count never gives A the 120
    # Eichel he bid (the two top trumps are D's, and his count in Eichel stays far below). What
    # every hand that bids a suit without its Puur keeps is its length, three cards
    # (count.OWN_LENGTH): the deals give A the three Eichel left, and the evidence says so
    # (S.NUMBER_LENGTH; QA s44 F18)
    hand, auction = "Eichel:U9AK86 Schellen:A Rosen:A Schilten:A", "120 Eichel, fort, fort"
    deals, read, unheld = dealt(hand, auction, "D", n=5)
    assert read == ["number_length"] and unheld == ["number_length"]
    eichel = Suit("Eichel")
    for d in deals:
        assert {r.value for r in d["A"].suit(eichel)} == {"O", "B", "7"}, d["A"]
    assert UNHELD["number_length"].text("en").startswith("A number in a suit at this table")
    assert "at least three cards of its suit" in UNHELD["number_length"].text("en")


def test_without_its_length_part_such_a_number_is_left_out(monkeypatch):
    # before session 45 (S.NUMBER_LENGTH off) the number was left out whole and A dealt any hand
    monkeypatch.setattr(S, "NUMBER_LENGTH", False)
    _d, read, unheld = dealt("Eichel:U9AK86 Schellen:A Rosen:A Schilten:A", "120 Eichel, fort, fort", "D", n=5)
    assert read == [] and unheld == ["number"]
    assert UNHELD["number"].text("en").startswith("A number at this table")


# QA s44 F18, FR3: C holds the Puur and the Nell of the partner's suit, so no hand the dealer
# gives A reaches his 70 Eichel by the count (it bids a suit without its Puur only on three cards
# whose own count reaches the lowest bid)
FR3 = ("Eichel:U9 Schellen:AK7 Rosen:A8 Schilten:K7", "70 Eichel, fort")


def test_the_partners_number_over_his_top_trumps_keeps_his_length():
    deals, read, unheld = dealt(*FR3, "C", n=30)
    assert read == ["number_length"] and unheld == ["number_length"]
    eichel = Suit("Eichel")
    assert all(d["A"].length(eichel) >= count.OWN_LENGTH for d in deals)
    # ... and no more than that: A is otherwise any hand (some deals give him the shortest such holding)
    assert any(d["A"].length(eichel) == count.OWN_LENGTH for d in deals)


@pytest.mark.needs_core
def test_over_the_partners_number_the_tutor_bids_what_exact_play_makes():
    # exact play with A holding at least three Eichel, B and D any hands (QA s44, 24 deals, every
    # one solved): C's Eichel takes 122-157 card points on each, so 80-120 Eichel are made on all
    # 24 and 120 Eichel brings 40 more than 80 on every deal (110: 10 less than 120 on every deal;
    # 130: made on 22, 11.7 +- 15.0 less). Here on six of the tutor's own deals: 120 made on each.
    # Before (A dealt any hand, singletons included) the tutor bid 80 Eichel.
    from exact_play import made

    deals, _read, _u = dealt(*FR3, "C", n=6, seed=7)
    assert all(made(d, "Eichel", 120, "C") for d in deals)
    import json

    from click.testing import CliRunner

    from tutor.cli import main

    out = CliRunner().invoke(main, ["bid", "--rules", "frei", "--hand", FR3[0], "--auction", FR3[1], "--seat", "C",
                                    "--json", "--lang", "en"], catch_exceptions=False)
    call = json.loads(out.output)["call"]
    assert call in ("110 Eichel", "120 Eichel", "130 Eichel"), call


def test_tutor_deal_deals_them_as_the_simulation_does():
    # the QA checked Q5 with `tutor deal`, which gave A a single Eichel: it deals the same
    # reading now
    import json

    from click.testing import CliRunner

    from tutor.cli import main

    out = CliRunner().invoke(main, ["deal", "--rules", "frei", "--hand", Q5_HAND, "--auction", "70 Eichel",
                                    "--count", "12", "--seed", "1", "--json"])
    assert out.exit_code == 0, out.output
    deals = json.loads(out.stdout)
    assert len(deals) == 12
    assert all(trusted(Hand.parse(d["A"]), "Eichel") >= 70 for d in deals)


def test_a_table_with_the_ansageregeln_reads_no_numbers():
    # there the calls' conventional meanings constrain the deal (the dealer's promises); the
    # count's reading of a plain number is not added
    _h, reader, seat, _r, _t = position(C_HAND, "70 Schellen, fort", load("verband"), "C")
    assert S._count_reads(reader.situation(seat)) == []


@pytest.mark.needs_core
def test_the_opponents_number_is_information_by_exact_play():
    # exact play (the solver, tests/exact_play.py) makes A's 70 Eichel more often on the
    # deals where his count reaches 70 than on deals of the same auction where he is any
    # hand: the read deals are the ones the number tells of. B holds the Eichel Ace and
    # three side Aces against it (exact play, seed 3: 10 of 12 against 6 of 12)
    from exact_play import made

    hand = "Eichel:A8 Schellen:AK7 Rosen:AK Schilten:86"
    read, _r, _u = dealt(hand, "70 Eichel", "B", n=12, seed=3)
    rng, plain = random.Random(3), Dealer({"B": Hand.parse(hand)})
    free = [plain.deal(rng) for _ in range(12)]

    def made_in(deals):
        return sum(made(d, "Eichel", 70, "A") for d in deals)

    assert made_in(read) > made_in(free) + 2


def test_the_simulation_judges_such_deals():
    ev = S.evaluate(Q5_HAND, "70 Eichel", FREI, "B",
                    S.Simulation(samples=8, workers=1, early_stop=False, exact=False))
    assert len(ev.deals) == 8 and ev.unheld == [] and ev.misfit == 0
    assert all(trusted(d["A"], "Eichel") >= 70 for d in ev.deals)


def test_a_number_read_by_its_length_alone_is_still_one_the_deals_cannot_read_whole():
    # the deals give A his three Eichel but not the rest of what a 70 Eichel shows: where their
    # best call would take the contract from him in another strain, the count decides, as where
    # they cannot read his number at all (voice._unread_line)
    from types import SimpleNamespace

    from tutor.judgement import voice

    _h, reader, seat, _r, _t = position(*FR3, FREI, "C")
    unread = voice._unread_bids(SimpleNamespace(unheld=["number_length"]), reader.situation(seat))
    assert [(e.seat, str(e.call)) for e in unread] == [("A", "70 Eichel")]


# A table without the Ansageregeln that plays the extended kinds (a table rule: the Verband's rules
# without them, "jede davon auch als Misère"): a number in Obenabe says what its bidder's count
# trusts there, his runs from the top of each suit. C holds Eichel A K, Rosen A O and the Schellen
# and Schilten Kings, so A's runs can be the Schellen and Schilten Aces alone (11 + 11 + 2 x 10 = 42),
# never his 80: no hand the dealer may give him reaches it. The deals keep the number's top part
# (S.NUMBER_TOPS): A holds the strongest runs he may hold, both Aces, as a suit number keeps its length
FREI_EXTENDED = FREI.replace(trumps="extended")
TOPS = ("Eichel:AK8 Schellen:K Rosen:AO7 Schilten:K8", "80 Obenabe, fort")


def test_a_trumpless_number_the_count_never_reaches_keeps_its_top_cards_and_says_so():
    deals, read, unheld = simulated_deals(*TOPS, FREI_EXTENDED, "C", 12)
    assert read == ["number_tops"] and unheld == ["number_tops"]
    assert all(d["A"].has(Suit("Schellen"), Rank.ASS) and d["A"].has(Suit("Schilten"), Rank.ASS) for d in deals)
    assert UNHELD["number_tops"].text("en").startswith("A number in Obenabe or Undenufe at this table")
    for lang in ("de", "fr"):
        assert UNHELD["number_tops"].text(lang) != UNHELD["number_tops"].text("en")


def test_without_its_top_part_such_a_trumpless_number_is_left_out(monkeypatch):
    monkeypatch.setattr(S, "NUMBER_TOPS", False)
    deals, read, unheld = simulated_deals(*TOPS, FREI_EXTENDED, "C", 12)
    assert read == [] and unheld == ["number"]
    assert any(not (d["A"].has(Suit("Schellen"), Rank.ASS) and d["A"].has(Suit("Schilten"), Rank.ASS))
               for d in deals)


def test_a_trumpless_number_some_hand_reaches_is_read_whole():
    # without the Schilten King C leaves A the Schilten run from the Ace: his count may reach 80
    _deals, read, unheld = simulated_deals("Eichel:AK8 Schellen:K Rosen:AO7 Schilten:98", TOPS[1], FREI_EXTENDED,
                                           "C", 3)
    assert "number_tops" not in read + unheld


@pytest.mark.needs_core
def test_over_the_trumpless_number_s_top_cards_the_tutor_bids_on_as_exact_play_does():
    # exact play on the deals that keep the top part (session 46, every deal solved, /tmp/reads46:
    # seed 46, 24 deals): C's 140 Obenabe is made on all 24, fort 59.7 +- 0.9 below it; before (A any
    # hand) the tutor said fort. Here C's 120 Obenabe on six of the tutor's own deals: made on each
    from exact_play import made

    deals, _read, _u = simulated_deals(*TOPS, FREI_EXTENDED, "C", 6, seed=7)
    assert all(made(d, "Obenabe", 120, "C") for d in deals)
    from tutor import conventions
    from tutor.judgement import voice

    voice._CACHE.clear()
    voice._EVALUATIONS.clear()
    advice = conventions.advise(TOPS[0], TOPS[1], FREI_EXTENDED, seat="C", judge=voice.default_judge())
    assert advice.call is not None and advice.call.endswith(" Obenabe") and int(advice.call.split()[0]) >= 120


# QA s47 F30 (session 48): a Misère number at such a table says what its bidder's count trusts there,
# 157 less the partner's share (70) less a charge for each card beyond the two most valuable that may
# take a trick against it (count.misere): no hand's count passes 87, so no hand A may hold reaches his
# 90 Obenabe Misère, and the deals gave him any hand. A player reads a Misère number as cards that take
# no trick: the deals keep the number's low part (S.NUMBER_LOW), A's count at least that of the least
# charged hand he may hold (here 87: no card charged), as an Obenabe number keeps its top part
LOW = ("Eichel:B976 Schellen:86 Rosen:7 Schilten:98", "90 Obenabe Misère, B: dopple")


def test_a_misere_number_no_hand_reaches_keeps_its_low_part_and_says_so():
    deals, read, unheld = simulated_deals(*LOW, FREI_EXTENDED, "C", 12, seed=1)
    assert read == ["number_low"] and unheld == ["number_low"]
    assert all(count.misere(d["A"], "obenabe").expected == count.TOTAL_POINTS - count.MISERE_PARTNER for d in deals)
    assert UNHELD["number_low"].text("en").startswith("A Misère number at this table")
    for lang in ("de", "fr"):
        assert UNHELD["number_low"].text(lang) != UNHELD["number_low"].text("en")


def test_without_its_low_part_such_a_misere_number_is_left_out(monkeypatch):
    monkeypatch.setattr(S, "NUMBER_LOW", False)
    deals, read, unheld = simulated_deals(*LOW, FREI_EXTENDED, "C", 12, seed=1)
    assert read == [] and unheld == ["number"]
    assert any(count.misere(d["A"], "obenabe").expected < count.TOTAL_POINTS - count.MISERE_PARTNER for d in deals)


def test_a_misere_number_some_hand_reaches_is_read_whole():
    # an 80 is reached by a hand with no more than the two free cards that may take a trick
    _deals, read, unheld = simulated_deals(LOW[0], "80 Obenabe Misère, B: dopple", FREI_EXTENDED, "C", 3, seed=1)
    assert read == ["number"] and unheld == []


@pytest.mark.needs_core
def test_exact_play_makes_the_misere_more_often_on_its_low_part_than_with_its_bidder_any_hand(monkeypatch):
    # exact play (every deal solved) on the tutor's 24 deals, seed 1: A's doubled 90 Obenabe Misère is
    # made on 20 with the low part, on 12 with A any hand (seed 2: 17 and 13; 8 such positions x 2
    # seeds, /tmp/reads48: 237 of 384 against 197, none fewer): the reading the deals dropped was the
    # one that matters. The voice keeps the count's silence (its konter guard: the deals give B any
    # hand) and names the low part
    from exact_play import advice, made

    def made_on(low: bool) -> int:
        monkeypatch.setattr(S, "NUMBER_LOW", low)
        deals, _read, _unheld = simulated_deals(*LOW, FREI_EXTENDED, "C", 24, seed=1)
        return sum(made(d, "Obenabe Misère", 90, "A") for d in deals)

    kept, any_hand = made_on(True), made_on(False)
    assert kept > 16 and kept > any_hand
    monkeypatch.setattr(S, "NUMBER_LOW", True)
    given = advice(*LOW, "C", FREI_EXTENDED)
    texts = [x.text("en") for x in given.lines]
    assert UNHELD["number_low"].text("en") in texts and UNHELD["number"].text("en") not in texts
