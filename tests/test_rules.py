import pytest

from tutor import rules
from tutor.errors import RulesError


def test_profiles():
    v, e = rules.load("verband"), rules.load("erweitert")
    assert v.fort_final and v.hilfe == "verband" and v.matsch_target == 157 and v.lowest_bid == 50
    assert e.trumps == "extended" and not e.weis and not e.stoeck and e.matsch_target == 257
    assert e.double_window == "first_lead"
    assert rules.load(None) == v


def test_the_frei_profile_is_the_verband_without_its_ansageregeln():
    # "Die Ansageregeln: ob die hier beschriebenen gelten" is one of the table's choices
    f = rules.load("frei")
    assert not f.conventions
    assert f.replace(conventions=True, name="verband") == rules.load("verband")


def test_bid_numbers_run_in_steps_then_matsch():
    assert rules.load().bid_values == tuple(range(50, 151, 5)) + (157,)


def test_a_yaml_file_overrides_a_profile(tmp_path):
    f = tmp_path / "tisch.yaml"
    f.write_text("profile: verband\nfort_final: false\nmatch_target: 1500\n")
    r = rules.load(str(f))
    assert not r.fort_final and r.match_target == 1500 and r.hilfe == "verband"


@pytest.mark.parametrize("text,message", [
    ("fort_finall: false\n", "unknown table rule 'fort_finall'"),
    ("hilfe: gross\n", "'hilfe': 'gross' is not one of verband, common"),
    ("fort_final: 3\n", "'fort_final': 3 is not true or false"),
    ("profile: schieber\n", "unknown profile 'schieber'"),
    ("- a\n- b\n", "expected a mapping"),
    ("a: [\n", "not valid YAML"),
])
def test_a_wrong_key_or_value_is_a_clear_error(tmp_path, text, message):
    f = tmp_path / "bad.yaml"
    f.write_text(text)
    with pytest.raises(RulesError, match=message):
        rules.load(str(f))


def test_unknown_profile_name():
    with pytest.raises(RulesError, match="neither a profile"):
        rules.load("nirgends")


def test_a_profile_that_is_not_a_name_is_a_clear_error():
    with pytest.raises(RulesError, match="unknown profile"):
        rules.from_mapping({"profile": [1]})
    with pytest.raises(RulesError, match="unknown table rule"):
        rules.from_mapping({1: 2})
