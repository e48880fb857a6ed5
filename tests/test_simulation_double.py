"""The simulation deals an opponent who doubled the hand's team a hand he would double
with (QA Q12, Q44; issue 26).

The rules text gives the double a reason: "Ein Gegner, der das Gebot für zu hoch hält,
sagt «ich dopple»", and the declaring side konters "wenn er das Ziel weiterhin für
erreichbar hält". A double promises no cards in the conventions' table, so the dealer gave
the doubler any hand the auction allows, and A with a minimum Puur-fifth opening and one
side Ace was told to konter B's double of his 100 Eichel, judged on deals where B held
nothing. Now the doubler's hand is one with which the count (the tutor's own double rule)
doubles there; where the count never doubles with the hands the auction allows him, the
double tests nothing and the evidence says so (docs/interpretations.md). The expected
values come from exact play (tests/exact_play.py) on the deals, never from the count."""
import random

import pytest

from tutor.cards import NELL, SUITS, Hand, Rank, Suit
from tutor.conventions import position
from tutor.judgement import simulation as S
from tutor.judgement.base import UNHELD
from tutor.play.dealer import Dealer, honouring
from tutor.rules import load

from exact_play import advice, made

pytestmark = pytest.mark.skipif(not S.exact_available(), reason="needs the compiled solver core")

VERBAND = load("verband")
A_HAND = "Eichel:UKO76 Schellen:A8 Rosen:7 Schilten:6"
# A's 130 (a number that shows no cards): since the double wants the count to leave the declaring
# team a trick below its bid (count.DOUBLE_MARGIN) the count doubles the Puur-fifth's 100 with 2 of
# 4,000 random hands (the read then tests nothing), 130 with some 500
AUCTION = "130 Eichel, B: dopple"


def situation(hand: str, auction: str, seat: str):
    h, reader, seat, _r, _t = position(hand, auction, VERBAND, seat)
    return h, reader.situation(seat)


def doubled_deals(n: int, seed: int = 3) -> list[dict]:
    hand, s = situation(A_HAND, AUCTION, "A")
    dealer, fits, rng, missed = Dealer({"A": hand}, s.promised, denied=s.denied), S._double_fit(s), \
        random.Random(seed), []
    deals = [S._deal(dealer, rng, fits, missed) for _ in range(n)]
    assert not missed     # every deal fits the double: none kept to the promises alone
    return deals


def test_the_doubler_holds_what_made_him_double():
    # against A's 130 B and D need 28 of the 157 to beat it, and B doubles only with a trick to
    # spare: one Ace with what falls in (21) is not enough. On the deals B holds two Aces, or one
    # beside the Nell of Eichel guarded by two more trumps (A holds the Puur: the Nell takes a trick)
    for d in doubled_deals(20):
        assert doubles_130(d["B"]), d["B"]


def doubles_130(b: Hand) -> bool:
    """Two Aces, or one beside the Nell of Eichel with two more trumps."""
    eichel = Suit("Eichel")
    aces = sum(b.has(x, Rank.ASS) for x in SUITS)
    return aces >= 2 or (aces == 1 and b.has(eichel, NELL) and b.length(eichel) >= 3)


def test_the_double_is_information_by_exact_play():
    # exact play on deals where B's hand doubles makes A's 130 Eichel less often than on
    # deals of the auction without the double (where B holds anything)
    _hand, s = situation(A_HAND, "130 Eichel", "B")
    plain = Dealer({"A": Hand.parse(A_HAND)}, s.promised)
    rng = random.Random(3)

    def made_in(deals):
        return sum(made(d, "Eichel", 130, "A") for d in deals)

    assert made_in(doubled_deals(12)) < made_in([plain.deal(rng) for _ in range(12)])


def test_a_double_by_the_partner_or_no_double_tests_nothing():
    _h, s = situation("Eichel:97 Schellen:AK Rosen:AK Schilten:A76", "60 Eichel", "B")
    assert S._double_fit(s) is None
    from tutor.conventions import replay

    s = replay("60 Eichel, B: dopple", VERBAND).situation("D")
    assert S._double_fit(s) is None     # our own team's double: the konter is theirs to judge
    assert S._double_fit(replay("60 Eichel, B: dopple", VERBAND).situation("C")) is not None


def test_a_double_the_count_never_makes_is_no_test_and_the_evidence_says_so():
    # the worked example: D doubles A's 100 Eichel after A and C showed Puur and Nell with six
    # trumps; against such control the count never doubles with the hands the auction leaves
    # D (his Aces take no sure trick), so the deals give him any hand, and say it
    sim = S.Simulation(samples=10, seed=1, exact=False, workers=1)
    ev = S.evaluate("Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7",
                    "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple", VERBAND, "A", sim)
    assert ev.unheld == ["double"] and ev.to_json()["unheld"] == ["double"]
    from tutor.judgement.base import unheld_lines

    assert unheld_lines(ev.unheld) == [UNHELD["double"]]
    # where the double is read, nothing is said
    ev = S.evaluate(A_HAND, AUCTION, VERBAND, "A", sim)
    assert ev.unheld == [] and ev.misfit == 0 and all(doubles_130(d["B"]) for d in ev.deals)


def test_the_konter_guard_stays_and_says_the_deals_read_the_double():
    # Q12: where the deals' best is the konter and the count does not konter, the count's call
    # stands (the rules' worked example: A "verzichtet" on the konter of a 100 he made his
    # count for); where the deals read the double, the line says what they assumed
    from types import SimpleNamespace

    from tutor import conventions
    from tutor.judgement import voice

    h, reader, seat, _r, truthful = conventions.position(A_HAND, AUCTION, seat="A")
    values = {"konter": [466] * 20, "nothing": [282] * 20}
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=20, contracts=[], standing=None, stopped_early=False,
                         seat=seat, unprobed=[], unheld=[], misfit=0, double_read=True)
    ev.contract = lambda text: None
    ev.to_json = lambda: {}
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, None)
    assert j.pick is None or j.pick.call.kind != "redouble"
    assert voice.KONTER_READ_LINE in j.lines and voice.KONTER_LINE not in j.lines


@pytest.mark.needs_core
def test_the_konter_guard_yields_where_even_the_doubler_s_longest_trumps_cannot_beat_the_contract():
    # QA s33 Q30: A opened 60 Eichel with the Puur third, C gave the Hilfe 70 Eichel (the Nell
    # second: rules line 37), D doubled. Five trumps with the two top ones: by exact play C
    # makes 70 on every fitting deal, also where D holds four Eichel or more, the most a
    # doubler can hold over them; the guard ("konter only where the count is sure") gave up
    # the konter there. The expected call comes from exact play, not from the voice's numbers
    import exact_play
    from tutor import conventions
    from tutor.judgement import voice

    hand, auction = "Eichel:U76 Schellen:K8 Rosen:O76 Schilten:8", "60 Eichel, fort, 70 Eichel, D: dopple"
    fitting = exact_play.deals(hand, auction, "A", n=2000, seed=3)
    longest = [d for d in fitting if d["D"].length(Suit("Eichel")) >= 4][:8]
    assert len(longest) == 8
    assert all(exact_play.made(d, "Eichel", 70, "C") for d in longest)
    advice = conventions.advise(hand, auction, seat="A", judge=voice.default_judge())
    assert advice.call == "konter"
    assert voice.KONTER_LINE not in advice.lines and voice.KONTER_READ_LINE not in advice.lines


# QA s44 F20 (DT7): C holds Eichel A K, Rosen A O and the Schellen and Schilten Kings behind A's 100
# Obenabe, doubled by B. Against Obenabe the count's defence is a doubler's runs from the top of each
# suit (count.trumpless_defence: each card of a run a sure trick, 10 falling in); with C's cards B's
# runs can only be the Schellen Ace and the Schilten Ace (the Kings under them are C's, so are the
# Eichel and Rosen Aces): 11 + 11 + 2 x 10 = 42 at most, leaving A and C 115 of 157, above their
# 100, so no hand B may hold doubles by the count. The deals keep the double's top part instead
# (simulation.DOUBLE_TOPS): B holds the strongest runs he may hold, both Aces
ERWEITERT = load("erweitert")
DT7_HAND = "Eichel:AK8 Schellen:K Rosen:AO7 Schilten:K8"
DT7 = "100 Obenabe, B: dopple"


def c_reads(hand: str, auction: str, n: int, seed: int = 1):
    """The deals the simulation reads for C's call at the erweitert table (deals, unheld, missed)."""
    h, reader, seat, _r, _t = position(hand, auction, ERWEITERT, "C")
    s = reader.situation(seat)
    dealer, _ok = honouring({seat: h}, s.promised, s.denied)
    return S.read_deals(dealer, s, n, seed)


def dt7_deals(n: int, seed: int = 1):
    return c_reads(DT7_HAND, DT7, n, seed)


def twin_guard(hand: str, auction: str, n: int):
    """The konter guard's trumpless twin at C's call after B's double: the tutor's ``n`` deals (seed 1),
    which keep the double's top part (no hand of B's doubles by the count), and the default judge's
    advice asked afresh (exact_play.advice: nothing the voice remembers)."""
    deals, unheld, _missed = c_reads(hand, auction, n)
    assert unheld == ["double_tops"]
    return deals, advice(hand, auction, "C", ERWEITERT)


def test_a_trumpless_double_no_hand_makes_keeps_its_top_cards_and_says_so():
    deals, unheld, missed = dt7_deals(12)
    assert unheld == ["double_tops"] and missed == 0
    assert all(d["B"].has(Suit("Schellen"), Rank.ASS) and d["B"].has(Suit("Schilten"), Rank.ASS) for d in deals)
    from tutor.judgement.base import unheld_lines

    assert unheld_lines(unheld) == [UNHELD["double_tops"]]
    assert "runs from the top" in UNHELD["double_tops"].text("en")
    for lang in ("de", "fr"):
        assert UNHELD["double_tops"].text(lang) != UNHELD["double_tops"].text("en")


def test_without_the_top_part_the_trumpless_double_is_left_out(monkeypatch):
    monkeypatch.setattr(S, "DOUBLE_TOPS", False)
    deals, unheld, _missed = dt7_deals(12)
    assert unheld == ["double"]
    assert any(not (d["B"].has(Suit("Schellen"), Rank.ASS) and d["B"].has(Suit("Schilten"), Rank.ASS)) for d in deals)


def test_a_trumpless_double_some_hand_makes_is_read_whole():
    # C without the Kings: B may hold Schellen A K O and Schilten A K, whose runs leave A and C below
    # 100 by the count, so the count's own reading of the double holds and no top part is asked
    h, reader, seat, _r, _t = position("Eichel:AK8 Schellen:7 Rosen:AO7 Schilten:98", DT7, ERWEITERT, "C")
    s = reader.situation(seat)
    dealer, _ok = honouring({seat: h}, s.promised, s.denied)
    assert S._double_fit(s).tops(dealer) is None


@pytest.mark.needs_core
def test_exact_play_says_nothing_against_the_trumpless_double_s_top_cards():
    # exact play on the deals that keep the double's top part (session 46, every deal solved,
    # /tmp/reads46): A's 100 Obenabe is made on 34 of 100 (seed 1; seed 46: 6 of 24), the konter
    # 64.0 +- 19.0 below saying nothing (a konter pays only where the contract is made on more than
    # half). Before, B was dealt any hand: made on 34 of 48, konter 83 +- 27 above, and the tutor
    # said nothing beside "the deals favour konter". Now the deals and the count agree
    from tutor.judgement import voice

    deals, _unheld, _missed = dt7_deals(12)
    assert sum(made(d, "Obenabe", 100, "A") for d in deals) < 6
    given = advice(DT7_HAND, DT7, "C", ERWEITERT)
    assert given.call is None                          # say nothing ...
    assert given.evidence["chosen_by"] == "deals"      # ... by the deals, not kept to the count against them
    texts = [x.text("en") for x in given.lines]
    assert voice.KONTER_LINE.text("en") not in texts and UNHELD["double_tops"].text("en") in texts


# The konter guard's trumpless twin: C holds three Aces and A's 70 Obenabe is doubled by B, whose runs
# can only be the Rosen Ace and King (C holds the other Aces and the Rosen Ober under them): no hand
# of his doubles by the count, so every deal gives him those two (DOUBLE_TOPS)
R0_HAND = "Eichel:AUB Schellen:AU9 Rosen:O Schilten:AO"
R0 = "70 Obenabe, B: dopple"


@pytest.mark.needs_core
def test_the_konter_guard_yields_where_the_contract_is_made_against_the_doubler_s_strongest_runs():
    # exact play on the tutor's own deals (session 46, 50 deals, 0 estimated, /tmp/reads46): the 70
    # Obenabe is made on all 50, the konter 140 above saying nothing on every deal; the guard ("the
    # tutor konters only where the count is sure", the count 63 of 70) kept silence. As the guard
    # yields where even the doubler's longest trumps cannot beat a suit contract (Q30), it yields
    # where his strongest runs, on every deal, cannot beat this one
    from tutor.judgement import voice

    deals, given = twin_guard(R0_HAND, R0, 8)
    assert all(d["B"].has(Suit("Rosen"), Rank.ASS) and d["B"].has(Suit("Rosen"), Rank.KOENIG) for d in deals)
    assert all(made(d, "Obenabe", 70, "A") for d in deals)
    assert given.call == "konter"
    texts = [x.text("en") for x in given.lines]
    assert voice.KONTER_LINE.text("en") not in texts and voice.KONTER_TOPS_LINE.text("en") not in texts


# QA s46 DT15: C holds three Aces and the Schellen King, so B's runs can only be the Schilten Ace (no
# hand of his doubles by the count: DOUBLE_TOPS). A double of an Obenabe number rests also on the
# length behind the Aces, which takes the tricks once the top cards are out: the guard reads it on
# the third of the deals where B holds the most Schilten (voice.KONTER_TOPS_LENGTH)
DT15_HAND = "Eichel:A8 Schellen:AK Rosen:A7 Schilten:K87"
DT15 = "100 Obenabe, B: dopple"


@pytest.mark.needs_core
def test_the_twin_guard_yields_where_the_konter_leads_also_against_the_doubler_s_length():
    # exact play on the tutor's deals (session 47, /tmp/reads47, 150 deals, every deal solved): the 100
    # is made on 125, the konter 133 +- 12 above saying nothing; on the 50 where B holds the most
    # Schilten, made on 36, the konter 88 +- 26 above: what his double can show does not turn it. The
    # konter pays where the doubled contract is made on more than half the deals (doubled 2, kontered
    # 4 times its number, made or failed): so on the third of these deals where B is longest
    from tutor.judgement import voice

    deals, given = twin_guard(DT15_HAND, DT15, 48)
    schilten = Suit("Schilten")
    assert all(d["B"].has(schilten, Rank.ASS) for d in deals)
    longest = sorted(deals, key=lambda d: -d["B"].length(schilten))[:16]
    assert 2 * sum(made(d, "Obenabe", 100, "A") for d in longest) > len(longest)
    assert given.call == "konter"
    texts = [x.text("en") for x in given.lines]
    assert voice.KONTER_TOPS_LINE.text("en") not in texts
    assert any("where he holds the most cards in Schilten" in x for x in texts)


def test_the_twin_guard_holds_where_the_doubler_s_length_turns_the_konter():
    # the same deals' numbers, the konter ahead beyond chance on all of them but behind on the third
    # where B holds the most Schilten (the contract failed on each of those): his double may rest on
    # that length, so the count's silence stands with the guard's line; the same numbers with the
    # failures among his shortest Schilten instead: the konter
    from types import SimpleNamespace

    from tutor import conventions
    from tutor.judgement import voice

    h, reader, seat, _r, truthful = conventions.position(DT15_HAND, DT15, ERWEITERT, seat="C")
    s = reader.situation(seat)
    deals, _unheld, _missed = c_reads(DT15_HAND, DT15, 48)
    schilten = Suit("Schilten")
    by_length = sorted(range(48), key=lambda d: -deals[d]["B"].length(schilten))

    def judged(failed):
        points = [[40 if d in failed else 120] for d in range(48)]
        values = {"konter": [-800 if d in failed else 800 for d in range(48)],
                  "nothing": [-400 if d in failed else 400 for d in range(48)]}
        calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
        ev = SimpleNamespace(calls=calls, values=values, samples=48, contracts=[], standing=None,
                             stopped_early=False, seat=seat, unprobed=[], unheld=["double_tops"], misfit=0,
                             double_read=False, deals=deals, games=[("Obenabe", "A")], points=points)
        ev.contract = lambda text: None
        ev.to_json = lambda: {}
        return voice.judge_by(ev, h, s, truthful, None)

    longest = judged(set(by_length[:16]))
    assert longest.pick is None or longest.pick.call.kind != "redouble"
    assert voice.KONTER_TOPS_LINE in longest.lines
    shortest = judged(set(by_length[-16:]))
    assert shortest.pick is not None and shortest.pick.call.kind == "redouble"


def test_the_konter_guard_s_line_says_what_the_deals_gave_a_trumpless_doubler():
    # where the deals keep the double's top part and favour the konter without making the contract on
    # nearly every deal, the count's silence stands, and the line says what the deals assumed (not
    # KONTER_LINE's "any hand")
    from types import SimpleNamespace

    from tutor import conventions
    from tutor.judgement import voice

    h, reader, seat, _r, truthful = conventions.position(DT7_HAND, DT7, ERWEITERT, seat="C")
    values = {"konter": [400] * 12 + [-400] * 8, "nothing": [200] * 12 + [-200] * 8}
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=20, contracts=[], standing=None, stopped_early=False,
                         seat=seat, unprobed=[], unheld=["double_tops"], misfit=0, double_read=False)
    ev.contract = lambda text: None
    ev.to_json = lambda: {}
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, None)
    assert j.pick is None or j.pick.call.kind != "redouble"
    assert voice.KONTER_TOPS_LINE in j.lines and voice.KONTER_LINE not in j.lines


def test_the_cards_the_partner_s_number_and_the_double_fight_over_are_named():
    # DT7: A's 100 Obenabe could rest on no more than the Schellen and Schilten Aces beside C's cards
    # (42 by the count, short of 100), and those are the cards the deals give B's double on every deal
    from types import SimpleNamespace

    from tutor.judgement import voice

    h, reader, seat, _r, _t = position(DT7_HAND, DT7, ERWEITERT, "C")
    deals, _unheld, _missed = dt7_deals(12)
    fought = S.fought_over(h, reader.situation(seat), deals)
    aces = {"Schellen A", "Schilten A"}
    assert fought["seat"] == "A" and fought["doubler"] == "B"
    assert {f"{c.suit.value} {c.rank.value}" for c in fought["runs"]} == aces
    assert {f"{c.suit.value} {c.rank.value}" for c in fought["held"]} == aces
    line = voice._fought_line(SimpleNamespace(fought=fought))[0]
    assert "Schellen A, Schilten A" in line.text("en") and line.text("de") != line.text("en")
    # KE2 (QA s43): C's Sixes leave A's 120 Undenufe no runs but the Schilten from the Six (6 7 8 9 B U:
    # 31 + 6 x 10 = 91, short of 120); B's double of it, read whole, wants 47 of his runs (157 - 120 and a
    # trick): the Schilten 6 7 8 (19 + 30) at least, which the deals give him on every deal
    hand, auction = "Eichel:67 Schellen:6 Rosen:678 Schilten:AKO", "120 Undenufe, fort, fort, fort, B: dopple"
    h, reader, seat, _r, _t = position(hand, auction, ERWEITERT, "C")
    s = reader.situation(seat)
    dealer, _ok = honouring({seat: h}, s.promised, s.denied)
    deals, unheld, _missed = S.read_deals(dealer, s, 12, 1)
    fought = S.fought_over(h, s, deals)
    assert unheld == [] and [c.rank.value for c in fought["runs"]] == ["6", "7", "8", "9", "B", "U"]
    assert {"6", "7", "8"} <= {c.rank.value for c in fought["held"]}
    # no fight where nobody doubled
    h, reader, seat, _r, _t = position(DT7_HAND, "100 Obenabe, fort", ERWEITERT, "C")
    assert S.fought_over(h, reader.situation(seat), deals) is None
