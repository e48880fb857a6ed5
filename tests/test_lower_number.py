"""The lower of equally good numbers (voice._lower_number, QA s34 Q13). By the rules a contract
is made when the declaring team reaches the number it bid ("Ein Team schreibt bei Erfolg
genau die gebotene Zahl"), so a lower number in the same strain is made on every deal a
higher one is. Where the deals call several numbers of one strain equally good and value a
lower one more, the tutor names that lower one: of those below the chosen number, in its
strain, that show the number only (a raise, a number that shows no cards), the one valued
most, the lowest at equal value; none where no lower one is valued more. The values here
are given, not computed: this is the rule that reads them."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from tutor.judgement.voice import _lower_number


def readings(**kinds):
    """Readings of the calls named (``n80_obenabe_misere="confidence"`` is 80 Obenabe Misère)."""
    return [SimpleNamespace(call=name[1:].replace("_", " ").title().replace("Misere", "Misère"), kind=kind)
            for name, kind in kinds.items()]


MISERE = readings(n50_obenabe_misere="confidence", n60_obenabe_misere="confidence", n70_obenabe_misere="confidence",
                  n80_obenabe_misere="confidence", n90_obenabe_misere="confidence")
EQUAL = ["50 Obenabe Misère", "60 Obenabe Misère", "70 Obenabe Misère", "80 Obenabe Misère", "90 Obenabe Misère"]


def test_the_lower_number_the_deals_value_most():
    # Q13: 80 Obenabe Misère +49, the equally good 50 +63: the tutor names the 50
    by_call = {"50 Obenabe Misère": 63, "60 Obenabe Misère": 55, "70 Obenabe Misère": 58, "80 Obenabe Misère": 49}
    assert _lower_number("80 Obenabe Misère", EQUAL[:4], MISERE, by_call) == "50 Obenabe Misère"


def test_at_equal_value_the_lowest_number():
    by_call = {"50 Obenabe Misère": 60, "60 Obenabe Misère": 63, "70 Obenabe Misère": 63, "80 Obenabe Misère": 49}
    assert _lower_number("80 Obenabe Misère", EQUAL[:4], MISERE, by_call) == "60 Obenabe Misère"


def test_no_lower_number_valued_more_is_none():
    # valued less, or the same: the chosen number stands
    by_call = {"50 Obenabe Misère": 40, "60 Obenabe Misère": 49, "70 Obenabe Misère": 48, "80 Obenabe Misère": 49}
    assert _lower_number("80 Obenabe Misère", EQUAL[:4], MISERE, by_call) is None


def test_a_higher_number_is_not_lower():
    by_call = {"80 Obenabe Misère": 49, "90 Obenabe Misère": 70}
    assert _lower_number("80 Obenabe Misère", EQUAL, MISERE, by_call) is None


def test_only_the_equally_good_bids():
    # 50 is valued more but is not among the equally good bids: not named
    by_call = {"50 Obenabe Misère": 63, "70 Obenabe Misère": 58, "80 Obenabe Misère": 49}
    assert _lower_number("80 Obenabe Misère", ["70 Obenabe Misère", "80 Obenabe Misère"], MISERE, by_call) \
        == "70 Obenabe Misère"


def test_only_the_same_strain():
    calls = readings(n50_obenabe="confidence", n50_obenabe_misere="confidence", n80_obenabe_misere="confidence")
    by_call = {"50 Obenabe": 90, "50 Obenabe Misère": 60, "80 Obenabe Misère": 49}
    equal = ["50 Obenabe", "50 Obenabe Misère", "80 Obenabe Misère"]
    assert _lower_number("80 Obenabe Misère", equal, calls, by_call) == "50 Obenabe Misère"
    assert _lower_number("80 Obenabe Misère", ["50 Obenabe", "80 Obenabe Misère"], calls, by_call) is None


@pytest.mark.parametrize("lower_kind", ["opening", "hilfe", "ace"])
def test_a_lower_call_that_shows_cards_is_not_a_lower_number(lower_kind):
    # an opening or a Hilfe says what the hand holds: its number is not a free choice
    calls = [SimpleNamespace(call="70 Eichel", kind=lower_kind), SimpleNamespace(call="90 Eichel", kind="raise")]
    by_call = {"70 Eichel": 80, "90 Eichel": 40}
    assert _lower_number("90 Eichel", ["70 Eichel", "90 Eichel"], calls, by_call) is None
    calls[0].kind = "raise"
    assert _lower_number("90 Eichel", ["70 Eichel", "90 Eichel"], calls, by_call) == "70 Eichel"


@pytest.mark.parametrize("kind", ["opening", "hilfe"])
def test_a_chosen_call_that_shows_cards_has_no_lower_number(kind):
    calls = [SimpleNamespace(call="70 Eichel", kind="raise"), SimpleNamespace(call="90 Eichel", kind=kind)]
    assert _lower_number("90 Eichel", ["70 Eichel", "90 Eichel"], calls, {"70 Eichel": 80, "90 Eichel": 40}) is None


def test_a_call_without_a_number_or_a_value_has_none():
    calls = [SimpleNamespace(call="70 Eichel", kind="raise"), SimpleNamespace(call="fort", kind="raise")]
    assert _lower_number("fort", ["70 Eichel", "fort"], calls, {"70 Eichel": 80, "fort": 40}) is None
    calls = [SimpleNamespace(call="70 Eichel", kind="raise"), SimpleNamespace(call="90 Eichel", kind="raise")]
    assert _lower_number("90 Eichel", ["70 Eichel", "90 Eichel"], calls, {"70 Eichel": 80}) is None
    # a lower bid the deals did not value is not named
    assert _lower_number("90 Eichel", ["70 Eichel", "90 Eichel"], calls, {"90 Eichel": 40}) is None
