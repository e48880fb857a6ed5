"""A number whose read is too rare for rejection is dealt by the walk (READ_WALK; open 9,
QA s41 F2).

The rules: "Über 120 sagen die Zahlen bis 150 nur, was das Team sich zutraut", and a number
in Obenabe or Undenufe carries no Ansage ("welche Höhe eine Ansage für Obenabe oder Undenufe
trägt" is the table's to agree): the tutor reads it as what the bidder's count trusts
(docs/interpretations.md, "What the count reads from a call"). Where the dealer's deals give
the bidder such a hand on fewer than 5 of 2,000 tries, the deals used to leave the read out
and give him any hand; with READ_WALK (on since session 43) they are walked to hands that honour
it. A number in Obenabe, Undenufe or a Misère is read as the count bids it in the bidder's place,
not by its count in the strain alone (QA s35 Q6: a hand that gives the Hilfe first). A read the
count's rule can never make with any hand the dealer allows (READ_POSSIBLE: the want Zehner
against a Puur opening, "ohne weitere Auskunft") is dropped: the deals keep to the call's
promise, as the rules read it, and the count does not take the decision (QA s42 F4). The
expected values are counted by hand from the rules' card values or come from exact play."""

import random

import pytest

from tutor.cards import SUITS, Hand, Rank, Suit
from tutor.conventions import position
from tutor.judgement import simulation as S
from tutor.play.dealer import honouring
from tutor.rules import load
from given_deals import read_and_unread

ERWEITERT = load("erweitert")
VERBAND = load("verband")
EICHEL = Suit("Eichel")
UNDENUFE = (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.BANNER, Rank.UNDER, Rank.OBER, Rank.KOENIG,
            Rank.ASS)

# QA s41 F2: A holds Eichel A K O U B; B bid 110 Undenufe, C the Hilfe 120 Eichel (the Nell with
# exactly two), B 130 Undenufe; A may double
F2_HAND = "Eichel:AKOUB Schellen:K Rosen:KB Schilten:6"
F2 = "100 Eichel, 110 Undenufe, 120 Eichel, fort, fort, 130 Undenufe"


@pytest.fixture
def walk(monkeypatch):
    monkeypatch.setattr(S, "READ_WALK", True)


@pytest.fixture
def no_walk(monkeypatch):
    monkeypatch.setattr(S, "READ_WALK", False)


def _dealt(hand, auction, rules, seat, n, seed=5):
    h, reader, seat, _r, _t = position(hand, auction, rules, seat)
    s = reader.situation(seat)
    dealer, _ok = honouring({seat: h}, s.promised, s.denied)
    fits, read, unheld = S._honoured(dealer, S._count_reads(s), seed)
    rng, missed = random.Random(seed), []
    return dealer, [S._deal(dealer, rng, fits, missed) for _ in range(n)], read, unheld, missed


def _runs(hand: Hand) -> int:
    """The cards of the hand that run unbroken from the Six of their suit (Undenufe's top)."""
    out = 0
    for suit in SUITS:
        for r in UNDENUFE:
            if not hand.has(suit, r):
                break
            out += 1
    return out


def test_without_the_walk_the_130_undenufe_is_left_out(no_walk):
    _d, deals, read, unheld, _m = _dealt(F2_HAND, F2, ERWEITERT, "A", 20)
    assert read == [] and unheld == ["raise"]
    # any hand: B seldom holds even five cards from the Six
    assert sum(_runs(d["B"]) >= 8 for d in deals) == 0


def test_the_walk_deals_b_a_hand_that_trusts_130_undenufe(walk):
    # B's count in Undenufe is his sure points plus 10 a trick for every card that runs from
    # the Six (the Six counts 11, the Eight 8, the Banner 10, Under 2, Ober 3). A holds the
    # Schellen King, the Rosen King and Banner and the Schilten Six; C holds the Eichel Nell:
    # B's runs are at most Schellen 6-O, Eichel 6-8 and Rosen 6-9. Seven such cards count at
    # most Schellen 6-B and the Eichel and Rosen Six, 29 + 11 + 11 + 70 = 121: below 130, so
    # every deal that honours the read gives B eight of them or more.
    dealer, deals, read, unheld, missed = _dealt(F2_HAND, F2, ERWEITERT, "A", 40)
    assert read == ["raise"] and unheld == [] and not missed
    assert all(_runs(d["B"]) >= 8 for d in deals)
    for d in deals:
        # every promise and denial kept, A's own cards A's, every card once
        assert str(d["A"]) == str(Hand.parse(F2_HAND))
        assert d["C"].has(EICHEL, Rank.NINE) and d["C"].length(EICHEL) == 2
        assert all(dealer.holds(x, d[x]) for x in dealer.seats)
        assert len(set().union(*(d[x].cards for x in "ABCD"))) == 36
    # the same seed, the same deals
    assert [str(d["B"]) for d in deals] == [str(d["B"]) for d in _dealt(F2_HAND, F2, ERWEITERT, "A", 40)[1]]


@pytest.mark.needs_core
def test_exact_play_b_makes_the_walked_130_undenufe(walk):
    # exact play of 130 Undenufe by B (B leads) on 12 walked and 12 unread deals: the walked
    # hands make it on every deal (all 157 on each); by the promises alone on 5 of 12
    from exact_play import made

    read, unread, names = read_and_unread(F2_HAND, F2, ERWEITERT, "A")
    assert names == ["raise"]
    assert sum(made(d, "Undenufe", 130, "B") for d in read) == 12
    assert sum(made(d, "Undenufe", 130, "B") for d in unread) <= 8


def test_a_trumpless_number_no_hand_reaches_is_read_as_the_rules_read_it():
    # B's 90 Obenabe over a hand with the Eichel, Schellen and Rosen Aces and the Schilten King
    # and Ober: B's runs from the Ace are at most the Schilten Ace, 11 + 10 = 21, so no hand
    # the count could bid 90 Obenabe with exists. The rules leave the trumpless Ansagen to the
    # table: the number keeps its promise alone (none), the read is dropped (QA s43 F15), and no
    # line says the deals cannot read it
    _d, _deals, read, unheld, _m = _dealt("Eichel:AK Schellen:A6 Rosen:A Schilten:KO87", "fort, 90 Obenabe",
                                          ERWEITERT, "C", 5)
    assert read == [] and unheld == []


def test_a_misere_number_no_hand_reaches_is_read_as_the_rules_read_it():
    # the count credits a Misère with what the opponents take: 157 less the partner's share
    # (count.MISERE_PARTNER, 70: calibrated by exact play) and less each card beyond two that
    # may win a trick, so no hand's Misère count passes 87 (docs/interpretations, "The Misère
    # against exact play"). B's 90 Obenabe Misère is a number no hand reaches: like an Obenabe
    # number no hand reaches (QA s43 F15), it keeps its promise alone (none), the read is
    # dropped, and no line says the deals cannot read it
    _d, _deals, read, unheld, _m = _dealt("Eichel:67 Schellen:678 Rosen:6 Schilten:678", "fort, 90 Obenabe Misère",
                                          ERWEITERT, "C", 5)
    assert read == [] and unheld == []


def test_a_misere_number_a_hand_reaches_is_read():
    # the same hand of Sixes, Sevens and Eights after B's 80 Obenabe Misère: B may still hold
    # Eichel B 9 8, Rosen B 9 8 7 and Schellen B 9, where each card has more cards of its suit
    # above it outside his hand than his own above it (no card that may win a trick: the count's
    # 87 >= 80): some hand reaches the number, and it is read
    from tutor.judgement.count import trumpless_reaches

    _d, deals, read, unheld, _m = _dealt("Eichel:67 Schellen:678 Rosen:6 Schilten:678", "fort, 80 Obenabe Misère",
                                         ERWEITERT, "C", 5)
    assert read == ["raise"] and unheld == []
    h, reader, _seat, _r, _t = position("Eichel:67 Schellen:678 Rosen:6 Schilten:678", "fort", ERWEITERT, "B")
    assert trumpless_reaches(Hand.parse("Eichel:B98 Rosen:B987 Schellen:B9"), reader.situation("B"),
                             "Obenabe Misère", 80)


@pytest.mark.needs_core
def test_exact_play_doubles_an_obenabe_number_no_hand_reaches():
    # QA s43 F15: D, the last seat, holds the Eichel, Rosen and Schilten Aces and the Schellen
    # King after "fort, fort, 80 Obenabe": C's runs from the top are at most the Schellen Ace
    # (11 + 10 = 21), no hand C could bid 80 Obenabe with by the count. The deals keep to the
    # promise alone (none) and decide; exact play on them: C's 80 Obenabe fails on nearly every
    # deal, so the double ("the target points double") gains where fort gives the failure single
    from exact_play import made
    from tutor import conventions
    from tutor.judgement import voice

    hand, auction = "Eichel:A7 Schellen:K6 Rosen:A8 Schilten:AO7", "fort, fort, 80 Obenabe"
    _d, deals, read, unheld, _m = _dealt(hand, auction, ERWEITERT, "D", 8, seed=1)
    assert read == [] and unheld == []
    assert sum(made(d, "Obenabe", 80, "C") for d in deals) <= 1
    voice._CACHE.clear()
    advice = conventions.advise(hand, auction, ERWEITERT, seat="D", judge=voice.default_judge())
    assert advice.call == "dopple"
    assert not any("cannot read" in x.text("en") for x in advice.lines)


def test_a_trumpless_number_is_read_as_the_count_bids_it_not_as_its_reach():
    # QA s35 Q6: A opened 50 Eichel (the Nell third), B 100 Rosen, C 110 Obenabe. A hand whose
    # Obenabe runs reach 110 but that holds the Eichel Puur gives A the Hilfe ("Hat der Partner
    # mit dem Nell eröffnet, gilt dasselbe für den Puur"), which the count bids before any
    # Obenabe: the read does not deal it to C. Runs counted by hand, each card its value and 10
    # ("Ass 11, König 4, Ober 3, Under 2, Banner 10"): Eichel A K O U B 80 and Schilten A K 35;
    # Eichel A K 35, Schilten A K O 48 and Rosen A K 35 = 118, without the Puur
    hand, auction = "Eichel:987 Schellen:AOB Rosen:O Schilten:UB", "50 Eichel, 100 Rosen, 110 Obenabe, fort"
    h, reader, seat, _r, _t = position(hand, auction, ERWEITERT, "A")
    (what, test), = S._count_reads(reader.situation(seat))
    assert what == "raise"
    assert not test({"C": Hand.parse("Eichel:AKOUB Schilten:AK86")})
    assert test({"C": Hand.parse("Eichel:AK Schilten:AKO98 Rosen:AK")})
    assert not test({"C": Hand.parse("Eichel:AK Schilten:AKO98 Rosen:K7")})   # no Rosen Ace: 83, short


@pytest.mark.needs_core
def test_a_matsch_in_obenabe_is_walked_to_a_lay_down():
    # QA s43 F17: C bid 157 Obenabe after "fort, fort"; D holds the Eichel Ace. "Wer den Matsch
    # ansagt, hat beim Bieten erkannt, dass alle Karten, die es dafür braucht, bei seinem Team
    # liegen": with D's Eichel Ace out, C's Matsch is a hand void in Eichel whose every card runs
    # from the Ace of its suit (he leads every trick from the top). Rejection never draws one
    # (the read was left out and the deals' double costs nothing on them); the walk gives C such
    # a hand, exact play makes the Matsch on each, and the double, which only doubles the 257
    # C writes, gives way to fort
    from exact_play import made
    from tutor import conventions
    from tutor.judgement import voice

    obenabe = (Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.UNDER, Rank.BANNER, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
               Rank.SIX)
    hand, auction = "Eichel:A876 Schellen:76 Rosen:76 Schilten:6", "fort, fort, 157 Obenabe"
    _d, deals, read, unheld, missed = _dealt(hand, auction, ERWEITERT, "D", 8, seed=1)
    assert read == ["matsch"] and unheld == [] and missed == []
    for d in deals:
        c = d["C"]
        assert c.length(EICHEL) == 0, str(c)
        for suit in SUITS:
            held = [r for r in obenabe if c.has(suit, r)]
            assert held == list(obenabe[:len(held)]), str(c)
    assert all(made(d, "Obenabe", 157, "C") for d in deals)
    voice._CACHE.clear()
    advice = conventions.advise(hand, auction, ERWEITERT, seat="D", judge=voice.default_judge())
    assert advice.call == "fort"


def test_reads_rejection_honours_are_dealt_as_before(monkeypatch):
    # doppeln-07's 130 Eichel by C passes rejection (about 1 try in 40): the same deals either way
    monkeypatch.setattr(S, "READ_WALK", False)
    off = _dealt("Eichel:K7 Schellen:AK8 Rosen:AK6 Schilten:O", "120 Eichel, fort, 130 Eichel", VERBAND, "D", 10)
    monkeypatch.setattr(S, "READ_WALK", True)
    on = _dealt("Eichel:K7 Schellen:AK8 Rosen:AK6 Schilten:O", "120 Eichel, fort, 130 Eichel", VERBAND, "D", 10)
    assert off[2] == on[2] == ["raise"]
    assert [{x: str(d[x]) for x in "ABCD"} for d in off[1]] == [{x: str(d[x]) for x in "ABCD"} for d in on[1]]


def test_the_walk_deals_as_rejection_does_where_both_can():
    # C's 120 Eichel raise after A's 60 Eichel and D's double (A to konter): rejection honours it
    # (about 1 deal in 40). Forced through the walk, C's hand comes out as rejection deals it
    # within chance: the Aces C holds and his count's reach, 300 deals each
    h, reader, seat, _r, _t = position("Eichel:U86 Schellen:AK Rosen:A7 Schilten:K6",
                                       "60 Eichel, fort, 120 Eichel, D: dopple", VERBAND, "A")
    s = reader.situation(seat)
    dealer, _ok = honouring({seat: h}, s.promised, s.denied)
    (what, test), = S._count_reads(s)
    assert what == "raise" and test.walk_seat == "C"
    rng = random.Random(5)
    rejected = [S._deal(dealer, rng, test) for _ in range(300)]
    rng = random.Random(5)
    walked = [S._walk_deal(dealer, rng, S._Walked([test], [test])) for _ in range(300)]
    assert all(test(d) for d in rejected + walked)

    def mean_se(xs):
        m = sum(xs) / len(xs)
        return m, (sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs)) ** 0.5

    for measure in (lambda hand: sum(hand.has(x, Rank.ASS) for x in SUITS), test.toward):
        (a, sa), (b, sb) = mean_se([measure(d["C"]) for d in rejected]), mean_se([measure(d["C"]) for d in walked])
        assert abs(a - b) < 3 * (sa ** 2 + sb ** 2) ** 0.5


# QA s42 F4: A holds the Eichel Puur; C's 80 Eichel is the Hilfe (the Nell, three or more); D bids
# 90 Eichel, "we want your suit". The count makes that Zehner only against a Nell opening with the
# missing Puur: no hand of D's can, and D holds at most 9 - 3 - 3 = 3 Eichel
F4_HAND = "Eichel:U86 Schellen:AK Rosen:K7 Schilten:O6"
F4 = "60 Eichel, fort, 80 Eichel, 90 Eichel"


def test_a_want_zehner_no_hand_can_make_is_read_as_the_rules_read_it(monkeypatch):
    _d, deals, read, unheld, _m = _dealt(F4_HAND, F4, VERBAND, "A", 10)
    assert read == [] and unheld == []
    assert all(d["D"].length(EICHEL) <= 3 for d in deals)
    monkeypatch.setattr(S, "READ_POSSIBLE", False)
    assert _dealt(F4_HAND, F4, VERBAND, "A", 1)[3] == ["want"]


def test_a_want_zehner_some_hand_can_make_is_still_read():
    # over a Nell opening (50 Rosen: the Nell with exactly three) with the Rosen Puur unseen, B's
    # 60 Rosen is read: B holds the Puur and four Rosen or more on every deal
    _d, deals, read, unheld, _m = _dealt("Eichel:8 Schellen:AK7 Rosen:A7 Schilten:AKO", "50 Rosen, 60 Rosen",
                                         VERBAND, "C", 10)
    assert read == ["want"] and unheld == []
    assert all(d["B"].has(Suit("Rosen"), Rank.UNDER) and d["B"].length(Suit("Rosen")) >= 4 for d in deals)


def test_a_want_zehner_the_hand_itself_makes_impossible_is_not_read():
    # the same Nell opening with the Rosen Puur in C's own hand, or with three Rosen in C's hand (A's
    # three and C's three leave three: B cannot hold four): no hand of B's makes the call by the count
    for hand in ("Eichel:8 Schellen:AK7 Rosen:U7 Schilten:AKO", "Eichel:8 Schellen:AK Rosen:A87 Schilten:AKO"):
        _d, _deals, read, unheld, _m = _dealt(hand, "50 Rosen, 60 Rosen", VERBAND, "C", 3)
        assert read == [] and unheld == [], hand


@pytest.mark.needs_core
def test_exact_play_doubles_the_want_zehner_the_deals_now_judge():
    # exact play on 8 deals that keep to the promises (seed 41, 0 estimated, the count bidding on
    # after each call): A's double of D's 90 Eichel beats the count's 100 Eichel by more than three
    # standard errors (12 deals: dopple +313.7, 100 Eichel 62.8 +- 5.1 below); the voice doubles
    from tutor import conventions
    from tutor.judgement import voice

    sim = S.Simulation(samples=8, seed=41, nodes=10**12, node_budget=10**12, every_game=True, early_stop=False,
                       workers=1)
    h, reader, seat, _r, truthful = position(F4_HAND, F4, VERBAND, "A")
    ev = sim.evaluate(h, reader.situation(seat), truthful)
    assert ev.estimated == 0 and ev.unheld == []
    lead = [a - b for a, b in zip(ev.values["dopple"], ev.values["100 Eichel"])]
    mean = sum(lead) / len(lead)
    se = (sum((x - mean) ** 2 for x in lead) / (len(lead) - 1) / len(lead)) ** 0.5
    assert mean > 3 * se
    assert max(ev.values, key=lambda c: sum(ev.values[c])) == "dopple"
    voice._CACHE.clear()
    assert conventions.advise(F4_HAND, F4, VERBAND, judge=voice.default_judge()).call == "dopple"


# QA s43 DV1: D holds Schellen A K B and the three other Aces after A's 60 Schellen (the Puur with
# exactly two more), C's 80 Schellen (the Hilfe: the Nell) and A's 130 Schellen. A's raise shows no
# cards ("steigert bloss die Zahl"); the tutor reads it by the count's raise rule, which with three
# trumps against D's Ace and King reaches no 130 with any side cards A may hold (the strongest, the
# Schellen O U 8 beside six side cards from the top, raises to 100)
DV1_HAND = "Schellen:AKB Eichel:A8 Rosen:AK Schilten:A8"
DV1 = "60 Schellen, fort, 80 Schellen, fort, 130 Schellen"


def test_a_raise_no_hand_reaches_is_read_as_the_rules_read_it():
    dealer, _deals, read, unheld, _m = _dealt(DV1_HAND, DV1, VERBAND, "D", 5)
    assert dealer.needs["A"][Suit("Schellen")].length == (3, 3)
    assert read == [] and unheld == []


def test_a_raise_some_hand_reaches_is_read():
    _d, _deals, read, unheld, _m = _dealt(DV1_HAND, "60 Schellen, fort, 80 Schellen, fort, 100 Schellen", VERBAND,
                                          "D", 5)
    assert read == ["raise"] and unheld == []


def test_without_the_bound_the_raise_is_left_out(monkeypatch):
    monkeypatch.setattr(S, "RAISE_POSSIBLE", False)
    _d, _deals, read, unheld, _m = _dealt(DV1_HAND, DV1, VERBAND, "D", 5)
    assert read == [] and unheld == ["raise"]


@pytest.mark.needs_core
def test_exact_play_doubles_a_raise_no_hand_reaches():
    # exact play (session 45, 24 deals each, every one solved): 130 Schellen by A fails on all 24
    # deals that keep to the promises, and on all 24 where A holds the strongest hand the count
    # reads (a raise to 100): the double gains 130 on every deal. Before, the read was left out
    # and the count decided: say nothing ("the deals cannot read A's 130 Schellen")
    from exact_play import made
    from tutor import conventions
    from tutor.judgement import voice

    _d, deals, _read, _u, _m = _dealt(DV1_HAND, DV1, VERBAND, "D", 6, seed=2)
    assert not any(made(d, "Schellen", 130, "A") for d in deals)
    voice._CACHE.clear()
    advice = conventions.advise(DV1_HAND, DV1, VERBAND, seat="D", judge=voice.default_judge())
    assert advice.call == "dopple"
    assert not any("cannot read" in x.text("en") for x in advice.lines)
