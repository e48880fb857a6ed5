"""A number that shows no cards at a table with the Ansageregeln is dealt as a hand whose
count reaches it (issue 26; s33's list of calls still dealt as random).

The rules give these numbers no cards: "Wer später in derselben Farbe erhöht, steigert bloss
die Zahl. Die Auskunft über Puur, Nell und Hilfe stammt aus den ersten Geboten", "Über 120
sagen die Zahlen bis 150 nur, was das Team sich zutraut", and Obenabe and Undenufe carry no
Ansagen unless the table agrees some. But a number still names the target the team means
to make ("Sie nennt das Ziel"; "Darum nimmt A die höchste Zahl, der er traut"). The tutor
reads it as it reads a number at a table without the Ansageregeln (docs/interpretations.md,
"What the count reads from a call"): its bidder holds a hand with which the count, in his
place at his call, raises to that number or higher (count.raise_call, the count's raise
rule), in Obenabe, Undenufe or a Misère trusts it (count.trumpless_reach). The expected
values below are counted by hand from the promises and the count's documented rule (trump
control with Puur and Nell and six trumps: the 62 trump points and 5 for the last trick; a
side Ace 11 with 10 for what falls in, Ace and King 15 with two tricks), or come from exact
play."""
import random

import pytest

from tutor.cards import Hand, Rank, Suit
from tutor.conventions import position
from tutor.judgement import simulation as S
from tutor.judgement.base import UNHELD, unheld_lines
from tutor.play.dealer import Dealer, honouring
from tutor.rules import load
from given_deals import dealt, prefilter_kept, read_and_unread, simulated_deals

VERBAND, ERWEITERT = load("verband"), load("erweitert")
EICHEL, SCHELLEN, ROSEN, SCHILTEN = (Suit(x) for x in ("Eichel", "Schellen", "Rosen", "Schilten"))
ACE, KING = Rank.ASS, Rank.KOENIG

# C after A's 60 Eichel (the Puur with exactly three), B's 70 Rosen (the Nell zu viert), C's
# own Hilfe 90 (the Nell with three or more), D's fort, A's raise to 110 and B's fort. C holds
# the Eichel Nell and Ace, the Schellen King, the Rosen Ace. (B is still in when A raises: with
# both opponents out the count's trump control counts 100, not 67, count.alone_count.)
RAISE_C = "Eichel:9A7 Schellen:K6 Rosen:A86 Schilten:O"
RAISE = "60 Eichel, 70 Rosen, 90 Eichel, fort, 110 Eichel, fort"


def _holds_the_three(hand: Hand) -> bool:
    return hand.has(SCHELLEN, ACE) and hand.has(SCHILTEN, ACE) and hand.has(SCHILTEN, KING)


def test_a_raise_is_dealt_as_a_hand_whose_count_reaches_it():
    # A's count: Puur and Nell with 3 + 3 trumps or more is trump control, 62 + 5 = 67; 110
    # wants 43 more from his side cards. The side Aces not in C's hand are the Schellen and
    # the Schilten Ace (C holds the Rosen Ace), and the only King that can sit behind an Ace
    # of A's is the Schilten King (C holds the Schellen King). Two Aces bring 2 x (11 + 10)
    # = 42, one short; Schilten Ace and King alone 15 + 20 = 35. Only both Aces with the
    # Schilten King, 35 + 21 = 56, reach 110 (no lay-down: the Eichel Ace, above A's Puur
    # row's other trumps, is C's). So on every deal A holds exactly those three cards.
    deals, read, unheld = simulated_deals(RAISE_C, RAISE, VERBAND, "C", 40, seed=3)
    assert read == ["raise"] and unheld == []
    for d in deals:
        assert _holds_the_three(d["A"]), d["A"]
        assert d["A"].length(EICHEL) == 3 and d["A"].has(EICHEL, Rank.UNDER)


def test_without_the_read_the_raiser_is_any_hand_the_promises_allow():
    # the same auction dealt by the promises alone: A holds the three cards rarely (six side
    # cards of 21 unseen ones: C(18, 3) / C(21, 6), about 1.5 %)
    h, reader, seat, _r, _t = position(RAISE_C, RAISE, VERBAND, "C")
    plain = Dealer({seat: h}, reader.situation(seat).promised).deals(200, seed=3)
    assert sum(_holds_the_three(d["A"]) for d in plain) < 12


def test_a_number_the_count_never_reaches_is_read_as_the_rules_read_it():
    # doppeln-07's auction: A's 120 Eichel (the Puur with six or more), C's 130 Eichel, D to
    # call, here with the Nell (Eichel K 9), Schellen A K 8, Rosen A K 6. Without the Nell C's
    # count is at most the Puur's 20 and the Schilten Ace and King, 15 and 20 for what falls
    # (every other Ace is D's): 55, below 130. No hand C may hold keeps to the read: his raise
    # keeps its promise alone (none: "steigert bloss die Zahl"), as a trumpless number no hand
    # reaches (S.RAISE_POSSIBLE, QA s43 DV1), and no line says the deals cannot read it. (With
    # Eichel K 7, as in the drill, C may hold the Nell: seven trumps or more with Puur and Nell
    # count 120, and his 130 is read.)
    _deals, read, unheld = simulated_deals("Eichel:K9 Schellen:AK8 Rosen:AK6 Schilten:O", "120 Eichel, fort, 130 Eichel",
                                           VERBAND, "D", 5)
    assert read == [] and unheld == []


def test_without_the_bound_such_a_number_is_left_out_and_said(monkeypatch):
    # before session 45 (S.RAISE_POSSIBLE off) the read was left out, with its line
    monkeypatch.setattr(S, "RAISE_POSSIBLE", False)
    _deals, read, unheld = simulated_deals("Eichel:K9 Schellen:AK8 Rosen:AK6 Schilten:O", "120 Eichel, fort, 130 Eichel",
                                           VERBAND, "D", 5)
    assert read == [] and unheld == ["raise"]
    assert unheld_lines(unheld) == [UNHELD["raise"]]
    assert "a number above 120" in UNHELD["raise"].text("en")
    for lang in ("de", "fr"):
        assert UNHELD["raise"].text(lang) != UNHELD["raise"].text("en")


def test_an_obenabe_number_at_an_extended_table_is_dealt_as_a_hand_that_trusts_it():
    # erweitert: no Ansagen for Obenabe. A's 90 Obenabe: his own Obenabe count, each card
    # of a run from the top a sure trick with its value and 10 for what falls in, reaches
    # 90. C holds no Ace, so by hand one Ace brings at most one run: the longest A can hold
    # is Schilten A K O U Banner (C holds the 9), 11 + 4 + 3 + 2 + 10 + 5 x 10 = 80, short
    # of 90. So A holds two Aces or more on every deal; by the promises alone (any nine of
    # the 27 unseen cards, four Aces among them) on fewer than half.
    deals, read, unheld = simulated_deals("Eichel:K7 Schellen:O76 Rosen:K8 Schilten:97", "90 Obenabe, fort",
                                          ERWEITERT, "C", 40, seed=3)
    assert read == ["raise"] and unheld == []
    aces = [sum(d["A"].has(x, ACE) for x in (EICHEL, SCHELLEN, ROSEN, SCHILTEN)) for d in deals]
    assert min(aces) >= 2, aces
    h, reader, seat, _r, _t = position("Eichel:K7 Schellen:O76 Rosen:K8 Schilten:97", "90 Obenabe, fort", ERWEITERT, "C")
    plain = Dealer({seat: h}, reader.situation(seat).promised).deals(200, seed=3)
    assert sum(sum(d["A"].has(x, ACE) for x in (EICHEL, SCHELLEN, ROSEN, SCHILTEN)) >= 2 for d in plain) < 100


def test_obenabe_opposite_three_aces_keeps_its_promise_alone():
    # QA s33 Q29: C holds three Aces, so A's Obenabe runs start only with the Schilten Ace
    # (C holds the Schilten King): 11 + 10 = 21 at most, never 90. No hand reaches the read,
    # and the rules leave the trumpless Ansagen to the table: the deals keep to the number's
    # promise alone (none), as the rules read it, and no line says they cannot read it
    # (READ_POSSIBLE; QA s43 F15)
    _d, read, unheld = simulated_deals("Eichel:AK Schellen:A76 Rosen:AO Schilten:K8", "90 Obenabe, fort",
                                       ERWEITERT, "C", 3)
    assert read == [] and unheld == []


def test_the_raise_read_deals_the_same_with_the_forts_denials():
    # as the simulation deals them (the forts' denials in the dealer): the same reading holds
    h, reader, seat, _r, _t = position(RAISE_C, RAISE, VERBAND, "C")
    s = reader.situation(seat)
    dealer, honoured = honouring({seat: h}, s.promised, s.denied)
    assert honoured
    fits, read, unheld = S._honoured(dealer, S._count_reads(s), 7)
    assert read == ["raise"]
    rng, missed = random.Random(7), []
    for _ in range(20):
        assert _holds_the_three(S._deal(dealer, rng, fits, missed)["A"])
    assert not missed


@pytest.mark.needs_core
def test_exact_play_the_read_raise_carries_information():
    # exact play (the solver) of C's Matsch in Eichel on the deals the simulation judges,
    # read and unread (seed 1, 12 deals each): with A's 110 read, A holds the Schellen Ace
    # and the Schilten Ace and King, and the team takes all 157 on every deal; on deals that
    # keep to the promises alone, on about half
    from exact_play import made

    read, unread, _read = read_and_unread(RAISE_C, RAISE, VERBAND, "C")
    on_read = sum(made(d, "Eichel", 157, "C") for d in read)
    on_unread = sum(made(d, "Eichel", 157, "C") for d in unread)
    assert on_read == 12
    assert on_unread <= 8


@pytest.mark.needs_core
def test_exact_play_the_read_obenabe_number_carries_information():
    # exact play of A's own 90 Obenabe (A leads) on read and unread deals (12 each): made on
    # every read deal, on fewer than half of the deals that keep to the promises alone
    from exact_play import made

    hand, auction = "Eichel:K7 Schellen:O76 Rosen:K8 Schilten:97", "90 Obenabe, fort"
    read, unread, names = read_and_unread(hand, auction, ERWEITERT, "C")
    assert names == ["raise"]
    on_read = sum(made(d, "Obenabe", 90, "A") for d in read)
    on_unread = sum(made(d, "Obenabe", 90, "A") for d in unread)
    assert on_read == 12
    assert on_unread <= 6


# -- the raise's pre-filter: the same deals, cheaper ----------------------------------------
# (tests/test_double_prefilter.py checks the double's the same way)
def _raise_setting(case=(RAISE_C, RAISE, "C")):
    h, reader, seat, _r, _t = position(case[0], case[1], VERBAND, case[2])
    s = reader.situation(seat)
    dealer, _ok = honouring({seat: h}, s.promised, s.denied)
    (what, fits), = S._count_reads(s)
    assert what == "raise"
    return dealer, fits


def _dealt(n: int, prefilter: bool, seed: int = 5):
    return dealt(*_raise_setting(), n, prefilter, seed)


def test_the_same_seed_deals_the_same_raise_deals_with_or_without_the_prefilter():
    with_, missed = _dealt(8, True)
    without, missed_too = _dealt(8, False)
    assert with_ == without and missed == missed_too == []


def test_the_raise_prefilter_never_rejects_a_deal_the_raise_rule_keeps():
    # whole deals (every try dealt out) that pass the count's raise rule: at every suit the
    # pre-filter said yes to the cards dealt so far
    dealer, fits = _raise_setting()
    assert prefilter_kept(dealer, fits) >= 10


def test_side_cards_more_never_take_a_raise_away():
    # the monotonicity the pre-filter rests on: A's three Eichel as promised (the Puur and
    # two below the Nell), random side cards; every hand that reaches 110 still reaches it
    # (or may still lay down) with any unseen side cards added
    from tutor.cards import DECK

    dealer, fits = _raise_setting()
    rng = random.Random(4)
    seen = set(Hand.parse(RAISE_C))
    sides = [c for c in DECK if c not in seen and c.suit != EICHEL]
    low = [c for c in DECK if c not in seen and c.suit == EICHEL and c.rank not in (Rank.UNDER,)]
    puur = next(c for c in DECK if c.suit == EICHEL and c.rank == Rank.UNDER)
    reaching = 0
    for _ in range(6000):
        cards = [puur] + rng.sample(low, 2) + rng.sample(sides, 6)
        if not fits.holds(Hand(cards)):
            continue
        reaching += 1
        rest = [c for c in sides if c not in cards]
        for k in (1, 3, 9):
            assert fits.holds(Hand(cards + rng.sample(rest, k)))
    assert reaching >= 10


def test_tutor_deal_deals_the_raise_and_says_what_it_cannot_read(monkeypatch):
    # tutor deal deals as the simulation does: A holds the three cards on every deal of the
    # raise to 110; and over doppeln-07's 130 (D holding the Nell: C's count never reaches it) it
    # says in one line on stderr that the deals keep to the promises there, where such a read is
    # left out (S.RAISE_POSSIBLE off; on, it is dropped and nothing is said: above)
    from click.testing import CliRunner

    from tutor.cli import main

    out = CliRunner().invoke(main, ["deal", "--hand", RAISE_C, "--auction", RAISE, "--seat", "C", "--count", "4",
                                    "--seed", "2", "--json", "--lang", "en"])
    assert out.exit_code == 0, out.output
    import json

    for d in json.loads(out.stdout):
        assert _holds_the_three(Hand.parse(d["A"])), d["A"]
    dropped = ["deal", "--hand", "Eichel:K9 Schellen:AK8 Rosen:AK6 Schilten:O", "--auction",
               "120 Eichel, fort, 130 Eichel", "--count", "2", "--seed", "1", "--lang", "en"]
    out = CliRunner().invoke(main, dropped)
    assert out.exit_code == 0, out.output
    assert UNHELD["raise"].text("en") not in out.stderr and len(out.stdout.splitlines()) == 2
    monkeypatch.setattr(S, "RAISE_POSSIBLE", False)
    out = CliRunner().invoke(main, dropped)
    assert out.exit_code == 0, out.output
    assert UNHELD["raise"].text("en") in out.stderr and UNHELD["raise"].text("en") not in out.stdout
    assert len(out.stdout.splitlines()) == 2


# -- the last word: the three others out, the number shows no cards -------------------------
LAST = ("Eichel:K8 Schellen:AK7 Rosen:A86 Schilten:7", "fort, fort, fort, 70 Eichel", "A")


def test_a_number_at_the_last_word_is_dealt_as_the_count_bids_it_there():
    # D's 70 Eichel after three final forts stands at once and shows no cards (docs: "The
    # last word"); the count bids there as without the Ansageregeln (count._last_word). So on
    # every deal D's hand is one with which the count, in his place, bids Eichel at 70 or more
    from tutor.judgement import count

    deals, read, unheld = simulated_deals(*LAST[:2], VERBAND, LAST[2], 30, seed=3)
    assert read == ["raise"] and unheld == []
    for d in deals:
        _h, reader, _s, readings, _t = position(d["D"], "fort, fort, fort", VERBAND, "D")
        pick = count.choose(d["D"], reader.situation("D"), readings).pick
        assert pick is not None and pick.call.strain == "Eichel" and pick.call.value >= 70, (d["D"], pick)


@pytest.mark.needs_core
def test_exact_play_the_read_last_word_carries_information():
    # exact play of D's own 70 Eichel (D leads) on read and unread deals (12 each, seed 1 + i):
    # made on every read deal, on 7 of 12 unread
    from exact_play import made

    read, unread, names = read_and_unread(*LAST[:2], VERBAND, LAST[2])
    assert names == ["raise"]
    on_read = sum(made(d, "Eichel", 70, "D") for d in read)
    on_unread = sum(made(d, "Eichel", 70, "D") for d in unread)
    assert on_read == 12
    assert on_unread <= 9
