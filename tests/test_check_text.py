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
