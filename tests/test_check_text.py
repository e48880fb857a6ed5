"""check's words (QA of issue 26): a wrong double hears why the hand should say nothing,
as a wrong bid hears why another is recommended; a call as good as the recommended one is
not followed by the recommended call's reasons, which may argue against it."""
from __future__ import annotations

from tutor import conventions
from tutor.i18n import M
from tutor.judgement import Judgement

D_HAND = "Eichel:KB Schellen:O8 Rosen:AK7 Schilten:U9"
D_AUCTION = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel"
C_HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"


def test_a_wrong_double_hears_why_the_hand_says_nothing():
    # the worked example: A and C hold Puur and Nell with six Eichel and make their 100 (113
    # card points in the rules' play): D's double only doubles what his team loses
    v = conventions.check(D_HAND, D_AUCTION, "D: dopple")
    assert v.ok and not v.best and v.recommended is None
    text = v.text("en")
    assert "Recommended: say nothing." in text and "no double" in text


def test_an_equally_good_call_gets_no_reasons_against_it():
    class Tie:
        name = "tie"

        def choose(self, hand, s, readings, standing=None):
            pick = next(r for r in readings if str(r.call) == "90 Eichel")
            return Judgement(pick, [M("100 Eichel would be too much")], None, ("90 Eichel", "100 Eichel"))

    text = conventions.check(C_HAND, "60 Eichel, 70 Schellen", "100 Eichel", judge=Tie()).text("en")
    assert "As good as the recommended 90 Eichel: over the deals the difference between them is within chance." \
        in text
    assert "too much" not in text


def test_the_reason_a_call_is_wrong_is_not_repeated_as_the_recommendation_s():
    # QA s33 Q13: after "60 Eichel, fort, fort" B's fort is final, so D's Fünfer 65 Rosen cannot
    # be an Ace announcement (rules: it is information for the partner's next bid); the answer
    # says so once, as why 65 Rosen is wrong, not a second time as the reason for fort
    text = conventions.check("Eichel:87 Schellen:K6 Rosen:A76 Schilten:O8", "60 Eichel, fort, fort",
                             "65 Rosen").text("en")
    assert "65 Rosen follows no convention: B is out of this bidding (his fort is final)" in text
    assert text.count("B is out of this bidding (his fort is final)") == 1
    # fort's meaning names the call itself: it follows the recommendation's colon, the call said once
    assert text.endswith("Recommended: fort: D lets the bid stand and is out for this auction."), text
    assert text.count("fort: D") == 1


class Deals:
    """A judge whose deals valued these calls (the voice's evidence: each call's mean board
    value over the deals) and picked ``pick``."""

    name = "deals"

    def __init__(self, pick: str, values: dict, samples: int = 50) -> None:
        self.pick, self.values, self.samples = pick, values, samples

    def choose(self, hand, s, readings, standing=None):
        best = max(self.values, key=self.values.get)
        evidence = {"calls": [{"call": c, "expected": v} for c, v in self.values.items()],
                    "samples": self.samples, "equal": [best]}
        pick = next(r for r in readings if str(r.call) == self.pick)
        return Judgement(pick, [], evidence, (best,))


D_BEFORE = "60 Eichel, 70 Schellen, 90 Eichel"


def test_a_legal_call_the_deals_do_not_value_hears_what_they_do_know():
    # QA s35 Q8: check of an Ace announcement (85 Schellen there; the worked example's D's 95
    # Rosen here) gave no figure and no word why; the deals value calls as contracts played
    deals = Deals("fort", {"fort": -35.4, "dopple": -61.0, "100 Rosen": -80.2})
    v = conventions.check(D_HAND, D_BEFORE, "95 Rosen", judge=deals)
    assert v.ok and not v.best
    text = v.text("en")
    assert ("The deals do not value 95 Rosen: it tells the partner what the hand holds, and they value each call "
            "only as the contract it leaves to be played; of the calls they value, fort does best, -35 board "
            "points on average over 50 deals.") in text
    # a call the deals value gets its figure instead (the rule of cost), never this line
    text = conventions.check(D_HAND, D_BEFORE, "D: dopple", judge=deals).text("en")
    assert "do not value" not in text and "By the deals, dopple gives up 26 board points" in text
    # without deals (the count) nothing is said of figures
    assert "do not value" not in conventions.check(D_HAND, D_BEFORE, "95 Rosen").text("en")


def test_the_tutor_s_call_the_deals_do_not_value_is_said_in_practice_s_short_review():
    # QA s35 P31: the tutor recommended an Ace announcement with no figure; the short review
    # (practice) now says what the deals know
    from tutor.cards import Hand
    from tutor.conventions import replay
    from tutor.practice.review import review_call
    from tutor.practice.robots import advice

    r = replay(D_BEFORE)
    deals = Deals("95 Rosen", {"fort": -35.4, "dopple": -61.0, "100 Rosen": -80.2})
    a = advice(Hand.parse(D_HAND), r.auction, r.rules, "D", deals)
    review = review_call(Hand.parse(D_HAND), r.read(r.auction.spec.parse_call("fort"), "D"), a, 4)
    assert review.verdict == "acceptable" and review.tutor == "95 Rosen"
    assert "The deals do not value 95 Rosen" in review.brief_text("en")
    assert "of the calls they value, fort does best, -35 board points" in review.brief_text("en")


def test_a_call_below_the_recommended_one_the_count_keeps_is_priced_against_it():
    # QA s42's practice deal 4343 as check sees it (erweitert, D after "70 Undenufe Misère, 80
    # Undenufe, 90 Undenufe Misère"): the deals' best is dopple +98, the tutor keeps to the count's
    # fort +51 (outside the deals' equal calls); 100 Undenufe brings -43. check priced it against
    # dopple ("gives up 141") beside "Recommended: fort": it is priced against fort, as practice's
    # review does (one rule, base.cost), the deals' best named after it
    from tutor.rules import load

    class KeepsToTheCount:
        name = "deals"

        def choose(self, hand, s, readings, standing=None):
            values = {"fort": 50.6, "dopple": 97.9, "100 Undenufe": -43.2, "100 Obenabe": 61.8}
            evidence = {"calls": [{"call": c, "expected": v} for c, v in values.items()], "samples": 50,
                        "equal": ["dopple"], "recommended": "fort", "best_mean": "dopple", "chosen_by": "count"}
            return Judgement(None, [], evidence, ("fort",))

    text = conventions.check("Eichel:U6 Schellen:A8 Rosen:AU8 Schilten:K7",
                             "70 Undenufe Misère, 80 Undenufe, 90 Undenufe Misère", "100 Undenufe",
                             load("erweitert"), judge=KeepsToTheCount()).text("en")
    assert ("By the deals, 100 Undenufe gives up 94 board points on average against the tutor's fort: it brings "
            "-43, fort +51, over the same 50 deals. Their best, dopple (+98), is not the tutor's call: the tutor "
            "keeps to the count here.") in text, text
    assert "141" not in text


def test_a_call_priced_against_the_deals_best_says_the_tutor_s_call_is_not_among_them():
    # QA s43's practice deal 7044: "fort: worse (tutor: 105 Schilten) By the deals, fort gives up
    # 229 board points on average: it brings -239, 110 Obenabe -10": priced against a call the
    # tutor does not recommend, the tutor's Ace announcement unvalued by the deals. The price
    # line says which call it is measured against and why not the tutor's (check and practice's
    # short review alike: one rule, base.cost), and the short review does not repeat it
    from tutor.cards import Hand
    from tutor.conventions import replay
    from tutor.practice.review import review_call
    from tutor.practice.robots import advice

    deals = Deals("95 Rosen", {"fort": -35.4, "dopple": -61.0, "100 Rosen": -80.2})
    line = ("By the deals, dopple gives up 26 board points on average: it brings -61, fort -35, over the same 50 "
            "deals, more than chance explains. Their best, fort, is not the tutor's call: the tutor's 95 Rosen tells "
            "the partner what the hand holds, which the deals cannot value, so they do not price dopple against it.")
    text = conventions.check(D_HAND, D_BEFORE, "D: dopple", judge=deals).text("en")
    assert line in text and "Recommended: 95 Rosen" in text, text
    r = replay(D_BEFORE)
    a = advice(Hand.parse(D_HAND), r.auction, r.rules, "D", deals)
    review = review_call(Hand.parse(D_HAND), r.read(r.auction.spec.parse_call("dopple"), "D"), a, 4)
    assert review.verdict == "worse" and review.tutor == "95 Rosen" and review.cost == 26
    brief = review.brief_text("en")
    assert brief.startswith(line) and "The tutor calls 95 Rosen" in brief, brief
    assert "do not value" not in brief and brief.count("fort -35") == 1
    for lang in ("de", "fr"):
        assert "95 Rosen" in review.brief_text(lang) and "-61" in review.brief_text(lang)
    # a tutor's call the deals value is priced as before (QA s42's rule), without this line
    valued = Deals("fort", {"fort": -35.4, "dopple": -61.0, "100 Rosen": -80.2})
    assert "is not the tutor's call" not in conventions.check(D_HAND, D_BEFORE, "D: dopple",
                                                             judge=valued).text("en")


def test_with_a_score_the_price_follows_the_line_that_says_what_a_value_means():
    # QA s43 CK3 (B after "60 Eichel", AC 1900 : BD 1500): check said "dopple gives up 584 board
    # points ...: it brings -1978" before the voice's score line, which says that a game ending
    # the Partie counts as the whole Partie (2000): the score's line comes first, said once
    from tutor.judgement.base import Standing
    from tutor.judgement.voice import _score_line
    from tutor.rules import load

    standing = Standing({"AC": 1900, "BD": 1500})

    class AtTheScore(Deals):
        def choose(self, hand, s, readings, standing=None):
            j = super().choose(hand, s, readings, standing)
            return Judgement(j.pick, _score_line(standing, load("verband")), j.evidence, j.equal)

    deals = AtTheScore("70 Eichel", {"70 Eichel": -1394.0, "fort": -1578.0, "dopple": -1978.0}, samples=100)
    text = conventions.check("Schellen:A8 Rosen:AK7 Eichel:O6 Schilten:K8", "60 Eichel", "dopple",
                             judge=deals, standing=standing).text("en")
    score = "The score (AC 1900 : BD 1500, target 2000) changes the values below"
    price = "By the deals, dopple gives up 584 board points on average"
    assert score in text and price in text and text.index(score) < text.index(price), text
    assert text.count(score) == 1 and text.index(price) < text.index("Recommended: 70 Eichel")
    # without a score nothing moves: the price follows the call's meaning
    plain = conventions.check("Schellen:A8 Rosen:AK7 Eichel:O6 Schilten:K8", "60 Eichel", "dopple",
                              judge=Deals("70 Eichel", {"70 Eichel": -1394.0, "dopple": -1978.0})).text("en")
    assert "The score" not in plain and price in plain
