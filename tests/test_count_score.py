"""The count and the Partie's score (``--score``, ``--tafel``): the rules text's "Partieende"
and "Bekannte Schlussvarianten" decide, by arithmetic on the board, whether a double or a
konter can change who wins the Partie."""
from tutor import conventions as cv
from tutor.judgement.base import Standing

# The worked example up to D's Ass-Ansage: A may double D's 95 Rosen or raise his own Eichel.
A = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"
AUCTION = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen"


def test_no_double_where_the_leading_team_wins_the_partie_even_failing():
    # QA F6. BD at 1960 of 2000: failing 95 doubled with 66 card points BD write 2026, AC
    # 1000 + 190 + 91 = 1281: the Partie ends, BD ahead ("entscheidet die Abrechnung nach dem
    # letzten Spiel"). Made, BD win it too. The double cannot change the Partie, so A does
    # not give up his own contract for it
    assert 1960 + 66 >= 2000 and 1960 + 66 > 1000 + 2 * 95 + 157 - 66
    advice = cv.advise(A, AUCTION, seat="A", standing=Standing({"AC": 1000, "BD": 1960}))
    assert advice.call != "dopple"
    assert "Partie" in advice.text("en") and "changes nothing" in advice.text("en")
    # BD at 1850: failing with at most 94 card points BD stay below 2000 (1944), the Partie
    # goes on, and the failed double's 190 are AC's: the double is no longer useless
    assert 1850 + 94 < 2000
    assert "changes nothing" not in cv.advise(A, AUCTION, seat="A",
                                              standing=Standing({"AC": 1000, "BD": 1850})).text("en")


def test_winning_even_failing_needs_the_target_and_the_lead():
    s = Standing({"AC": 1000, "BD": 1960}, 2000)
    assert s.wins_if_failed("BD", 95, 66)
    assert not s.wins_if_failed("BD", 95, 39)          # 1999: short of the target
    assert s.wins_if_failed("BD", 95, 200)             # failing means 94 at most: 2054
    assert not Standing({"AC": 1900, "BD": 1960}).wins_if_failed("BD", 95, 66)   # AC 2181 lead
    # the konter's multiplier: four times the target points to the opponents
    assert not Standing({"AC": 1740, "BD": 1960}).wins_if_failed("BD", 95, 66, multiplier=4)
    assert Standing({"AC": 1740, "BD": 1960}).wins_if_failed("BD", 95, 66, multiplier=2)
