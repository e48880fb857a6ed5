"""The count's words where a strong player's QA found them wrong (issue 26): each text says
what the hand holds and what the count does with it, in the rules' own terms (Puur = the
trump Under, Nell = the trump Nine; the Hilfe is the two smallest Zehner, line 37; "Wer
später in derselben Farbe erhöht, steigert bloss die Zahl", line 39)."""
from tutor import conventions as cv
from tutor.judgement.simulation import Evaluation
from tutor.judgement.voice import evidence_lines
from tutor.rules import load


def words(advice) -> str:
    return advice.text("en")


def test_a_defender_s_trumps_under_puur_and_nell_are_named_not_lost():
    # A (60 Schilten, the Puur zu dritt) and C (80 Schilten, the Nell zu dritt) hold Puur and
    # Nell; D holds the Schilten A K 8: three trumps, counted for no trick, but not "lost"
    d = "Schilten:AK8 Rosen:AK Schellen:AK Eichel:76"
    text = words(cv.advise(d, "60 Schilten, fort, 80 Schilten, fort, 100 Schilten", seat="D"))
    assert "our own trumps are lost" not in text
    assert "our Schilten A K 8 take no trick in the count" in text
    # the Ace stays over the Puur and the Nell with a small trump for each and one more: 4 cards
    assert "the Schilten A needs 4 trumps in the hand, not 3" in text


def test_a_trump_card_in_a_reason_is_named_with_its_suit_not_read_as_a_seat():
    # QA s38: "trump Eichel: A take a trick over the opponents' trumps" (the Ace, read as seat A);
    # the review names a card by suit and rank ("Eichel A"), and so does the count
    text = words(cv.advise("Eichel:UA87 Schellen:K7 Rosen:8 Schilten:O6", "70 Eichel, 80 Rosen, 90 Eichel, 100 Rosen",
                           rules=load("frei")))
    assert "trump Eichel: Eichel A takes a trick over the opponents' trumps, guarded by 4 trumps: 1 trick." in text, text
    assert ": A take" not in text


def test_a_defender_without_trumps_hears_nothing_of_his_trumps():
    d = "Rosen:AK8 Schellen:AK7 Eichel:876"
    text = words(cv.advise(d, "60 Schilten, fort, 80 Schilten, fort, 100 Schilten", seat="D"))
    assert "trumps are lost" not in text and "Puur and Nell are with the opponents" not in text


def test_puur_and_nell_with_too_few_trumps_are_named_as_held():
    # frei: Schilten U 9 are the Puur and the Nell of Schilten; with two cards and the
    # partner's expected two the team has four trumps: no control, but not "without Puur and Nell"
    text = words(cv.advise("Schilten:U9 Rosen:AK7 Schellen:AK Eichel:76", "", rules=load("frei")))
    assert "without Puur and Nell" not in text
    assert "trump Schilten: Puur and Nell, but only 4 trumps in the team, fewer than 6" in text


def test_puur_and_nell_with_five_trumps_are_counted_as_such():
    # A's Puur zu dritt and C's Hilfe 80 (the Nell zu zweit): five trumps in the team
    text = words(cv.advise("Eichel:U86 Rosen:AK7 Schilten:AO6", "60 Eichel, 70 Schellen, 80 Eichel, 90 Schellen"))
    assert "trump Eichel: Puur and Nell in the team with 5 trumps" in text
    assert "without Puur and Nell" not in text


def _situation(auction: str, seat: str):
    return cv.replay(auction).situation(seat)


def _evaluation(seat: str) -> Evaluation:
    ev = Evaluation(samples=50, seat=seat, standing=0.42)
    ev.calls = [{"call": "fort", "expected": -1.0}, {"call": "110 Eichel", "expected": -130.0}]
    return ev


def test_the_standing_bid_of_the_own_team_is_ours_to_the_partner():
    # C is A's partner: A's 100 Eichel is "our" contract, not "A and partner's"
    auction = "60 Eichel, 70 Schellen, 80 Eichel, 90 Schellen, 100 Eichel, fort"
    lines = [m.text("en") for m in evidence_lines(_evaluation("C"), "fort", _situation(auction, "C"), {})]
    assert "Our 100 Eichel (A's bid) is made in 21 of 50 deals that fit the auction." in lines
    assert not any("A and partner" in x for x in lines)
    # an opponent hears whose contract it is
    lines = [m.text("en") for m in evidence_lines(_evaluation("D"), "fort",
                                                  _situation("60 Eichel, 70 Schellen, 80 Eichel, 90 Schellen, "
                                                             "100 Eichel", "D"), {})]
    assert "A and partner make their 100 Eichel in 21 of 50 deals that fit the auction." in lines


def test_a_first_call_in_the_team_s_suit_is_new_information():
    # D's first call in Schellen (B's suit) above the Hilfe's 80 and 90: no Hilfe, a number
    calls = cv.explain("60 Eichel, 70 Schellen, fort, 100 Schellen, 110 Eichel, 120 Schellen").calls
    first = calls[3].text("en")
    assert "no new information" not in first
    assert "D's first call in Schellen" in first and "no Hilfe (that is 80 or 90)" in first
    assert calls[3].kind == "raise" and calls[3].promises == ()
    # B's later call in his own suit raises the number only (line 39)
    assert "raises the number only, no new information" in calls[5].text("en")


def test_above_the_highest_zehner_the_next_bid_is_the_matsch_not_160():
    # the bids run in Zehner up to 150, then the Matsch (157): nothing is called 160 (rules:
    # highest_bid 150, matsch_bid 157); QA s33 Q9 read "150; 160 would be too much"
    text = words(cv.advise("Eichel:U Schellen:AK Rosen:AK Schilten:AK86", "110 Eichel, fort"))
    assert "the highest Zehner it trusts is 150; the Matsch (157) would be too much" in text
    assert "160" not in text
