"""Each convention and each interpretation of the issue, through decode and encode."""
import pytest

from tutor import conventions as cv
from tutor.rules import load


def kinds(auction, rules=None):
    return [r.kind for r in cv.explain(auction, rules).calls]


def last(auction, rules=None):
    return cv.explain(auction, rules).calls[-1].to_json()


def promise(suit, has=(), lacks=(), length=(0, 9)):
    return {"suit": suit, "has": list(has), "lacks": list(lacks), "length": list(length)}


# -- openings ---------------------------------------------------------------------------
@pytest.mark.parametrize("number,top,length", [
    (50, "9", [3, 3]), (60, "U", [3, 3]), (70, "9", [4, 4]), (80, "U", [4, 4]),
    (90, "9", [5, 5]), (100, "U", [5, 5]), (110, "9", [6, 9]), (120, "U", [6, 9]),
])
def test_the_puur_row_and_the_nell_row(number, top, length):
    r = last(f"{number} Rosen")
    assert r["kind"] == "opening"
    lacks = ["U"] if top == "9" else []
    assert r["promises"] == [promise("Rosen", [top], lacks, length)]


def test_puur_and_nell_open_on_the_puur_row():
    hand = "Rosen:U96 Eichel:K6 Schellen:K7 Schilten:87"
    assert cv.advise(hand).call == "60 Rosen"
    assert not cv.check(hand, "", "50 Rosen").truthful     # the Nell row excludes the Puur


def test_seven_cards_still_open_at_120_or_110():
    assert cv.advise("Rosen:U9876KO Eichel:K Schellen:K").call == "120 Rosen"
    assert cv.advise("Rosen:9876KOA Eichel:K Schellen:K").call == "110 Rosen"


def test_an_opening_only_at_its_exact_number_else_missed():
    hand = "Rosen:U87 Eichel:K6 Schellen:K7 Schilten:87"    # Puur zu dritt = 60
    advice = cv.advise(hand, "70 Schellen")
    assert advice.call == "fort"
    assert "verpasst" in advice.text("de") and "missed" in advice.text("en")
    v = cv.check(hand, "70 Schellen", "80 Rosen")            # 80 would say Puur zu viert
    assert v.legal and v.conventional and not v.truthful and v.recommended == "fort"


def test_a_fuenfer_names_a_suit_without_opening_it():
    assert kinds("50 Eichel, 55 Rosen, 60 Rosen") == ["opening", "ace", "opening"]


def test_no_ace_before_the_first_bid():
    # "zwei Ansagen, die auf ein Gebot antworten, das schon gefallen ist"
    r = last("55 Rosen")
    assert r["kind"] == "unconventional" and r["promises"] == []


def test_the_suit_belongs_to_the_opening_team_even_when_the_opponents_bid_it():
    assert kinds("60 Eichel, 70 Eichel, 80 Eichel, 100 Eichel") == ["opening", "want", "hilfe", "want"]


# -- the Hilfe ---------------------------------------------------------------------------
def test_hilfe_lower_and_upper():
    assert last("60 Eichel, fort, 70 Eichel")["promises"] == [promise("Eichel", ["9"], [], [2, 2])]
    assert last("60 Eichel, fort, 80 Eichel")["promises"] == [promise("Eichel", ["9"], [], [3, 9])]


def test_hilfe_moves_up_over_an_intervening_bid():
    r = last("60 Eichel, 70 Schellen, 80 Eichel")
    assert r["kind"] == "hilfe" and r["promises"][0]["length"] == [2, 2]
    r = last("60 Eichel, 75 Schellen, 90 Eichel")
    assert r["kind"] == "hilfe" and r["promises"][0]["length"] == [3, 9]


def test_after_a_nell_opening_the_hilfe_shows_the_puur():
    assert last("50 Rosen, fort, 60 Rosen")["promises"] == [promise("Rosen", ["U"], [], [2, 2])]


def test_a_jump_and_later_zehner_in_the_own_suit_are_raises():
    assert kinds("60 Eichel, fort, 90 Eichel") == ["opening", "fort", "raise"]
    assert kinds("60 Eichel, fort, 70 Eichel, fort, 80 Eichel, 90 Eichel") == \
        ["opening", "fort", "hilfe", "fort", "raise", "raise"]


def test_the_encoder_gives_the_hilfe_that_fits():
    two = "Eichel:96 Schellen:AK7 Rosen:K87 Schilten:7"
    three = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
    assert cv.advise(two, "60 Eichel, fort").call == "70 Eichel"
    assert cv.advise(three, "60 Eichel, fort").call == "80 Eichel"
    assert cv.advise(three, "60 Eichel, 70 Schellen").call == "90 Eichel"


def test_common_hilfe_style_says_no_count():
    common = load("verband").replace(hilfe="common")
    r = last("60 Eichel, fort, 80 Eichel", common)
    assert r["kind"] == "hilfe" and r["promises"] == [promise("Eichel", [], [], [1, 9])]


# -- the Fünfer -----------------------------------------------------------------------
def test_only_the_next_fuenfer_is_an_ace():
    assert kinds("60 Eichel, 65 Rosen") == ["opening", "ace"]
    assert kinds("60 Eichel, 75 Rosen") == ["opening", "unconventional"]
    assert last("60 Eichel, 65 Rosen")["promises"] == [promise("Rosen", ["A"], [], [1, 9])]


def test_after_a_fuenfer_the_ace_is_ten_above():
    assert kinds("60 Eichel, 85 Rosen, 95 Schilten") == ["opening", "unconventional", "ace"]


def test_an_ace_in_the_opponents_suit_and_none_in_the_own():
    r = last("60 Eichel, 65 Eichel")
    assert r["kind"] == "ace" and "eurer Farbe" in r["text"]
    assert kinds("60 Eichel, fort, 65 Eichel") == ["opening", "fort", "unconventional"]


def test_an_ace_is_shown_when_the_bidding_surely_goes_on():
    d = "Eichel:KB Schellen:AO Rosen:AK7 Schilten:U9"
    assert cv.advise(d, "60 Eichel, 70 Schellen, 90 Eichel").call == "95 Rosen"
    assert cv.advise(d, "60 Eichel, fort, fort").call == "fort"   # no fit shown: the 65 could be left to play


# -- other calls --------------------------------------------------------------------------
def test_zehner_in_the_opponents_suit_wants_it():
    assert last("60 Eichel, 70 Eichel")["kind"] == "want"
    puur4 = "Rosen:U876 Eichel:K6 Schellen:K7 Schilten:8"
    assert cv.advise(puur4, "50 Rosen").call == "60 Rosen"


def test_above_120_numbers_only_say_confidence_and_157_is_matsch():
    assert kinds("120 Eichel, 125 Rosen, 130 Schellen, 150 Eichel, 157 Eichel") == \
        ["opening", "confidence", "confidence", "confidence", "matsch"]
    assert last("130 Rosen")["promises"] == []


def test_fort_double_and_konter_kinds():
    assert kinds("60 Eichel, fort, 70 Eichel, B: dopple") == ["opening", "fort", "hilfe", "double"]
    assert kinds("60 Eichel, B: dopple, A: konter") == ["opening", "double", "redouble"]


def test_without_the_ansageregeln_numbers_say_nothing():
    off = load("verband").replace(conventions=False)
    assert last("60 Eichel", off)["promises"] == []


def test_what_the_table_knows_combines_every_call_of_a_seat():
    e = cv.explain("60 Eichel, 65 Rosen, 70 Eichel, 75 Schilten, 80 Eichel, 85 Schilten")
    assert [r.kind for r in e.calls] == ["opening", "ace", "hilfe", "ace", "raise", "ace"]
    known = e.to_json()["known"]
    assert known["C"] == [promise("Eichel", ["9"], [], [2, 2])]
    assert known["A"] == [promise("Eichel", ["U"], [], [3, 3])]
    assert known["B"] == [promise("Rosen", ["A"], [], [1, 9]), promise("Schilten", ["A"], [], [1, 9])]


# -- check ----------------------------------------------------------------------------------
def test_check_answers_illegal_and_unconventional_calls():
    hand = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
    v = cv.check(hand, "60 Eichel, 70 Schellen", "70 Eichel")
    assert not v.legal and not v.ok and "does not overbid" in v.text("en")
    v = cv.check(hand, "60 Eichel, 70 Schellen", "85 Schilten")
    assert v.legal and not v.conventional
    v = cv.check(hand, "60 Eichel, 70 Schellen", "90 Eichel")
    assert v.ok and v.recommended == "90 Eichel"


# -- judgement ------------------------------------------------------------------------------
def test_raise_to_the_highest_zehner_the_team_trusts():
    a = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"
    advice = cv.advise(a, "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen")
    assert advice.call == "100 Eichel" and "102" in advice.text("de")
    # without D's 95 the same count still says 100, the highest Zehner it trusts
    assert cv.advise(a, "60 Eichel, 70 Schellen, 90 Eichel, fort").call == "100 Eichel"


def test_matsch_when_every_trick_is_the_teams():
    hand = "Eichel:U9AKOB Rosen:AK Schilten:A"
    assert cv.advise(hand).call == "157 Eichel"


def test_common_hilfe_is_given_with_the_other_top_card():
    common = load("verband").replace(hilfe="common")
    assert cv.advise("Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8", "60 Eichel, fort", common).call == "80 Eichel"
    assert cv.advise("Eichel:96 Schellen:AK7 Rosen:K87 Schilten:7", "60 Eichel, fort", common).call == "70 Eichel"
    assert cv.advise("Eichel:86 Schellen:AK7 Rosen:K97 Schilten:7", "60 Eichel, fort", common).call == "fort"


def test_no_ace_when_the_opponents_with_the_fit_are_out():
    # A and C showed Puur and Nell with six Eichel, but both said fort: only D's own
    # partner is left to bid, so an Ace shown by D might be left as the contract.
    d = "Eichel:KB Schellen:AO Rosen:AK7 Schilten:U9"
    auction = "60 Eichel, 70 Schellen, 90 Eichel, 100 Schellen, fort, 110 Schellen, fort"
    assert cv.check(d, auction, "115 Rosen").ok          # true and conventional ...
    assert cv.advise(d, auction).call == "fort"          # ... but not advised


def test_check_says_why_a_call_is_illegal_in_the_learners_language():
    hand = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
    v = cv.check(hand, "60 Eichel, 70 Schellen", "65 Rosen")
    assert "65 Rosen überbietet 70 Schellen nicht" in v.text("de")
    assert "65 Rosen does not overbid 70 Schellen" in v.text("en")
    v = cv.check(hand, "60 Eichel, 70 Schellen", "63 Rosen")
    assert "63 ist im Sidi-Barrani kein Gebot" in v.text("de")


def test_texts_for_a_first_fuenfer_and_the_upper_hilfe_in_english():
    assert "before the first bid a Fünfer shows no Ace" in cv.explain("55 Eichel").calls[0].text("en")
    assert "the Nell with three cards or more" in cv.explain("60 Eichel, 70 Schellen, 90 Eichel").calls[2].text("en")


def test_no_matsch_while_the_opponents_may_hold_a_trump_above_ours():
    # Puur, Nell and six trumps, but Ace, König and Ober of trump are out: one opponent
    # with all three takes a trick after two rounds of trumps.
    assert cv.advise("Eichel:U9B876 Schilten:AKO").call == "120 Eichel"


def test_fort_explains_a_hilfe_that_would_fall_above_120():
    advice = cv.advise("Eichel:U87 Schellen:KU Rosen:U6 Schilten:O8", "110 Eichel, 115 Rosen")
    assert advice.call == "fort" and "Die Hilfe in Eichel wäre 130, über 120" in advice.text("de")
    assert "Nell zu dritt hiesse 50" in cv.advise("Eichel:7 Schellen:B97 Rosen:B86 Schilten:B6", "60 Eichel").text()
