"""Tarneeb (tarneeb.txt): cards, the auction, the rule-of-thumb advice, check, scoring,
the match end and the table rules. Every expected number is worked out from the text."""
from __future__ import annotations

import random

import pytest

from tutor import tarneeb as t
from tutor.errors import IllegalCallError, ParseError, RulesError, TutorError

STRONG = "S:AKQJ52 H:K4 D:A73 C:96"      # 2 Aces + 6 spades (3 beyond the third) = 5
VOID = "S:KQJ652 H:KQ43 D:J97"            # no Ace, 6 spades = 3, a void in clubs = 1 -> 4
FIVE = "H:KQJ32 S:KQ4 D:KJ5 C:Q7"         # no Ace, 5 hearts = 2 -> 2
HUGE = "S:A H:A D:A C:AKQJT98765"         # 4 Aces + 10 clubs (7 beyond) = 11


# -- cards ---------------------------------------------------------------------------
def test_deck_has_52_cards_and_hands_13():
    assert len(t.DECK) == 52 == len(set(t.DECK))
    hands = t.deal(random.Random(1))
    assert [len(h) for h in hands] == [13] * 4
    assert set().union(*(h.cards for h in hands)) == set(t.DECK)


def test_hand_notation_round_trips_and_accepts_symbols_and_ten():
    h = t.Hand.parse(STRONG)
    assert str(h) == STRONG and eval(repr(h), {"Hand": t.Hand}) == h
    assert t.Hand.parse("♠AKQJ52 ♥K4 ♦A73 ♣96") == h == t.Hand.parse("♠:AKQJ52 ♥:K4 ♦:A73 ♣:96")
    assert t.Hand.parse(h.pretty()) == h
    assert t.Hand.parse("Pik:AKQJ52 Herz:K4 Karo:A73 Kreuz:96") == h
    assert t.Hand.parse("S:A1098765432 H:AK D:A").has(t.Suit.SPADES, t.Rank.TEN)
    assert t.Hand.parse(VOID + " C:-") == t.Hand.parse(VOID)
    assert t.Hand.parse(VOID).pretty() == "♠KQJ652 ♥KQ43 ♦J97 ♣-"


@pytest.mark.parametrize("text, message", [
    ("S:AKQJ52 H:K4 D:A73 C:9", "13 cards"),
    ("S:AKQJ52 H:K4 D:A73 C:99", "twice"),
    ("S:AKQJ52 H:K4 D:A73 X:96", "unknown suit"),
    ("S:AKQJ5Z H:K4 D:A73 C:96", "unknown rank"),
    ("", "empty"),
])
def test_bad_hands_are_named(text, message):
    with pytest.raises(ParseError, match=message):
        t.Hand.parse(text)


# -- the auction -----------------------------------------------------------------------
def test_three_passes_after_a_bid_end_the_auction_the_winner_names_trump():
    a = t.parse_auction("7, 8, pass, pass, pass")
    assert a.over and a.declarer == "B" and a.contract == "8"
    assert t.explain(a).sides == [["B", "D"], ["A", "C"]]


def test_four_passes_annul_the_deal_three_do_not():
    assert t.parse_auction("pass, pass, pass, pass").annulled
    a = t.parse_auction("pass, pass, pass")
    assert not a.over and a.next_seat == "D"


def test_a_pass_is_final():
    a = t.parse_auction("7, pass, 8, pass")
    assert a.next_seat == "A"                         # B passed, skipped
    with pytest.raises(IllegalCallError, match="turn"):
        t.parse_auction("7, pass, 8, pass, B: 9")


@pytest.mark.parametrize("text, message", [
    ("7, 7", "does not overbid"), ("6", "not a bid"), ("14", "not a bid"),
])
def test_bids_run_7_to_13_each_higher(text, message):
    with pytest.raises(IllegalCallError, match=message):
        t.parse_auction(text)


def test_a_bid_names_no_suit():
    with pytest.raises(ParseError, match="names no suit"):
        t.parse_auction("8 Pik")
    with pytest.raises(ParseError, match="call 2"):
        t.parse_auction("7, acht")


def test_sonne_overcalls_a_suit_bid_of_the_same_number_by_table_rule():
    rules = t.load_rules({"sonne": True})
    a = t.parse_auction("8, 8 Sonne", rules)
    assert str(a.high_bid) == "8 Sonne" and a.high.seat == "B"
    with pytest.raises(IllegalCallError, match="does not overbid"):
        t.parse_auction("8 Sonne, 8", rules)
    assert str(t.parse_auction("8 Sonne, 9", rules).high_bid) == "9"
    with pytest.raises(IllegalCallError, match="without Sonne"):
        t.parse_auction("8, 8 Sonne")


def test_the_shared_auction_is_used_not_a_copy():
    from tutor.auction import Auction

    assert type(t.parse_auction("7")) is Auction


# -- the rule of thumb ------------------------------------------------------------------
def test_rule_of_thumb_aces_and_trumps_beyond_the_third():
    e = t.estimate(t.Hand.parse(STRONG))
    assert e.trump is t.Suit.SPADES and len(e.aces) == 2 and e.length_tricks == 3
    assert e.void_trick == 0 and e.own == 5 and e.side == 8


def test_rule_of_thumb_six_trumps_with_a_void_make_four():
    e = t.estimate(t.Hand.parse(VOID))
    assert e.trump is t.Suit.SPADES and e.length_tricks == 3 and e.void_trick == 1 and e.own == 4


def test_rule_of_thumb_five_trumps_make_two():
    e = t.estimate(t.Hand.parse(FIVE))
    assert e.trump is t.Suit.HEARTS and e.own == 2


def test_trump_is_the_longest_suit_and_ties_go_to_the_higher_cards():
    assert t.best_trump(t.Hand.parse("S:K432 H:A543 D:K54 C:Q6")) is t.Suit.HEARTS
    assert t.best_trump(t.Hand.parse("S:A432 H:K543 D:K54 C:Q6")) is t.Suit.SPADES


def test_advice_bids_the_count_and_names_trump():
    a = t.advise(STRONG)
    assert (a.seat, str(a.call), a.kind) == ("A", "8", "bid")
    assert a.to_json()["trump"] == "S"
    assert any("Ass" in r or "Asse" in r for r in a.reasons("de"))
    assert any("partner" in r.lower() for r in a.reasons("en"))


def test_advice_passes_below_seven():
    assert str(t.advise(FIVE).call) == "pass"          # 2 + 3 = 5


def test_advice_overbids_an_opponent_only_with_a_higher_count():
    assert str(t.advise(STRONG, "7").call) == "8"      # B over A's 7
    assert str(t.advise(STRONG, "7, 8").call) == "pass"  # C: 8 does not overbid 8
    assert str(t.advise(HUGE, "7, 12").call) == "13"   # 11 + 3 = 14, at most 13


def test_advice_does_not_overbid_the_partner():
    assert str(t.advise(HUGE, "8, pass").call) == "pass"   # C, partner A holds 8


def test_advice_partner_share_is_a_table_rule():
    assert str(t.advise(STRONG, "", {"partner_tricks": 2}).call) == "7"
    assert str(t.advise(STRONG, "", {"partner_tricks": 1}).call) == "pass"


def test_advice_refuses_a_seat_out_of_turn_and_a_finished_auction():
    with pytest.raises(IllegalCallError, match="turn"):
        t.advise(STRONG, "7", seat="C")
    with pytest.raises(IllegalCallError, match="over"):
        t.advise(STRONG, "7, pass, pass, pass")


# -- check ----------------------------------------------------------------------------------
def test_check_a_bid_backed_by_the_count():
    v = t.check(STRONG, "7", "8")
    assert (v.ok, v.legal, v.truthful, v.recommended) == (True, True, True, True)


def test_check_a_bid_above_the_count():
    v = t.check(STRONG, "7", "9")
    assert (v.ok, v.legal, v.truthful, v.recommended) == (False, True, False, False)
    assert "8" in v.text("en")


def test_check_an_illegal_call():
    v = t.check(STRONG, "8", "7")
    assert not v.ok and not v.legal
    assert "not allowed" in v.text("en")


def test_check_a_pass_is_ok_but_not_what_the_tutor_advises():
    v = t.check(STRONG, "", "pass")
    assert v.ok and not v.recommended


# -- explain ---------------------------------------------------------------------------------
def test_explain_kinds():
    assert [r.kind for r in t.explain("7, 8, pass, pass, pass").calls] == ["bid", "bid", "pass", "pass", "end"]
    assert [r.kind for r in t.explain("pass, pass, pass, pass").calls][-1] == "annul"
    assert t.explain("8, 8 Sonne", {"sonne": True}).calls[1].kind == "sonne"
    j = t.explain("7, 8, pass, pass, pass").to_json("en")
    assert j["state"]["declarer"] == "B" and j["state"]["over"] is True
    assert j["calls"][1]["seat"] == "B" and "8 of the 13 tricks" in j["calls"][1]["text"]


# -- scoring ------------------------------------------------------------------------------------
def test_made_scores_the_tricks_taken_not_the_bid():
    s = t.score_hand(8, 9)
    assert (s.made, s.bidders, s.defenders) == (True, 9, 4)


def test_set_loses_the_bid():
    s = t.score_hand(9, 8)
    assert (s.made, s.bidders, s.defenders) == (False, -9, 5)


def test_defenders_always_score_their_tricks():
    assert t.score_hand(7, 3).defenders == 10
    assert t.score_hand(7, 7).defenders == 6


def test_thirteen_bid_and_made_earns_the_bonus():
    assert t.score_hand(13, 13).bidders == 16
    assert t.score_hand(13, 13, {"bonus13": "double"}).bidders == 26
    assert t.score_hand(13, 12).bidders == -13


def test_thirteen_without_a_bid_of_13_is_only_13_unless_kabsh():
    assert t.score_hand(8, 13).bidders == 13
    assert t.score_hand(8, 13, "saudi").bidders == 16
    assert t.score_hand(8, 13, {"kabsh": True, "bonus13": "double"}).bidders == 16
    s = t.score_hand(7, 0, "saudi")
    assert (s.bidders, s.defenders, s.bonus) == (-7, 16, "kabsh-defenders")


@pytest.mark.parametrize("bid, tricks", [(6, 6), (14, 13), (8, -1), (8, 14), ("x", 8)])
def test_bad_score_input(bid, tricks):
    with pytest.raises(TutorError):
        t.score_hand(bid, tricks)


# -- the match --------------------------------------------------------------------------------------
def test_match_ends_when_a_partnership_reaches_the_target():
    m = t.Match.start(None, 38, 36).add("AC", t.score_hand(8, 9))
    assert m.score == {"AC": 47, "BD": 40} and m.winner == "AC"
    with pytest.raises(TutorError, match="over"):
        m.add("BD", t.score_hand(7, 7))


def test_match_both_over_the_higher_score_wins():
    m = t.Match.start(None, 35, 38).add("AC", t.score_hand(7, 7))     # 42 : 44
    assert m.score == {"AC": 42, "BD": 44} and m.winner == "BD"


def test_match_tie_over_the_target_means_another_hand():
    m = t.Match.start(None, 38, 39).add("AC", t.score_hand(7, 7))     # 45 : 45
    assert m.score == {"AC": 45, "BD": 45} and m.winner is None and not m.over
    assert "another hand" in m.status("en")


def test_match_target_is_a_table_rule_and_scores_go_negative():
    m = t.Match.start("tarneeb-31", 25, 3).add("BD", t.score_hand(8, 7))
    assert m.score == {"AC": 31, "BD": -5} and m.winner == "AC"
    assert t.Match.start("tarneeb-61").target == 61
    assert t.Match.start().target == 41


# -- table rules ---------------------------------------------------------------------------------------
def test_rules_profiles_mappings_and_errors():
    assert t.load_rules(None).target == 41 and t.load_rules("verband") == t.DEFAULT
    assert t.load_rules({"bonus13": 16}).bonus13 == "16"
    with pytest.raises(RulesError, match="unknown Tarneeb table rule 'trumps'"):
        t.load_rules({"trumps": "extended"})
    with pytest.raises(RulesError, match="bonus13"):
        t.load_rules({"bonus13": 20})
    with pytest.raises(RulesError, match="unknown Tarneeb rules"):
        t.load_rules("no-such-profile")


def test_rules_from_a_yaml_file(tmp_path):
    f = tmp_path / "tisch.yaml"
    f.write_text("profile: tarneeb-31\nsonne: true\n", encoding="utf-8")
    r = t.load_rules(str(f))
    assert (r.target, r.sonne) == (31, True)


def test_tarneeb_400_is_flagged_as_described():
    assert t.card_points(t.DECK) == 120            # so a 400-point contract cannot be one hand
    with pytest.raises(RulesError, match="120"):
        t.load_rules({"variant": "400"})
    with pytest.raises(RulesError, match="400"):
        t.load_rules("tarneeb-400")


# -- the drill engine -------------------------------------------------------------------------------------
def test_drill_engine_normalizes_learner_input():
    e = t.DRILL_ENGINE
    assert e.normalize_call(" Passe ") == "pass"
    assert e.normalize_call("8 sonne") == "8 Sonne"
    assert e.normalize_call("8") == "8"
    with pytest.raises(ParseError):
        e.normalize_call("acht")


def test_drill_engine_score_with_standing():
    board, text = t.DRILL_ENGINE.score({"bid": 8, "tricks": 9, "standing": {"bidders": 35, "defenders": 38}},
                                       None, "en")
    assert board == {"bidders": 44, "defenders": 42}
    assert "the bidding side wins" in text       # both over 41, 44 beats 42


# -- the drill file -------------------------------------------------------------------------------------------
def _drills():
    from pathlib import Path

    import yaml

    data = yaml.safe_load(Path(__file__).parent.parent.joinpath("exercises/tarneeb.yaml").read_text(encoding="utf-8"))
    return data


def test_drill_file_header_and_size():
    data = _drills()
    assert data["game"] == "tarneeb" and data["lesson"] == "tarneeb"
    drills = data["drills"]
    assert len(drills) >= 30 and len({d["id"] for d in drills}) == len(drills)
    assert {d["type"] for d in drills} == {"bid", "explain", "check", "score"}


@pytest.mark.parametrize("drill", _drills()["drills"], ids=lambda d: d["id"])
def test_every_drill_agrees_with_the_engine(drill):
    e = t.DRILL_ENGINE
    data = _drills()
    rules = e.load_rules(drill.get("rules", data.get("rules")))
    kind = drill["type"]
    if kind == "bid":
        call, text = e.bid(drill["hand"], drill["auction"], rules, "de")
        assert call == e.normalize_call(drill["answer"]), text
    elif kind == "explain":
        got, promises, text = e.explain(drill["auction"], drill["ask"], rules, "de")
        assert got == drill["answer"] and got in e.kinds, text
    elif kind == "check":
        ok, text = e.check_question(drill["hand"], drill["auction"], drill["call"], rules, "de",
                                    drill.get("question", "best"))
        assert ok is drill["answer"], text
    else:
        board, text = e.score(drill, rules, "de")
        assert board == drill["answer"], text


def test_drill_file_through_the_drills_code_when_present():
    drills = pytest.importorskip("tutor.course.drills")
    if not hasattr(drills, "check_paths"):
        pytest.skip("tutor.course.drills has no check_paths yet")
    from pathlib import Path

    checked, problems, unreadable = drills.check_paths([Path(__file__).parent.parent / "exercises/tarneeb.yaml"])
    assert not unreadable and not problems, "\n".join(map(str, list(unreadable) + list(problems)))
    assert len(checked) >= 30


def test_tarneeb_errors_carry_their_german_text():
    with pytest.raises(ParseError) as e:
        t.parse_auction("7, 8 Pik")
    assert "call 2 ('8 Pik')" in str(e.value) and "names no suit" in str(e.value)
    assert e.value.text("de").startswith("Ansage 2 ('8 Pik'): ")
    assert "nennt keine Farbe" in e.value.text("de")
    with pytest.raises(RulesError) as e:
        t.load_rules({"target": 0})
    assert "Tischregel 'target'" in e.value.text("de") and "table rule 'target'" in str(e.value)
    with pytest.raises(TutorError) as e:
        t.score_hand(15, 3)
    assert e.value.text("de") == "bid 15: muss eine ganze Zahl von 7 bis 13 sein"


def test_tarneeb_through_the_cli_speaks_german_by_default():
    from click.testing import CliRunner

    from tutor.cli import main

    r = CliRunner().invoke(main, ["--game", "tarneeb", "explain", "7, 8 Pik"])
    assert r.exit_code == 2 and "tutor: Ansage 2 ('8 Pik'): '8 Pik': ein Tarneeb-Gebot nennt keine Farbe" in r.output
    r = CliRunner().invoke(main, ["--game", "tarneeb", "explain", "7, 8 Pik", "--lang", "en"])
    assert r.exit_code == 2 and "call 2 ('8 Pik')" in r.output and "names no suit" in r.output


def _score_drills(tmp_path, *drills):
    import yaml

    f = tmp_path / "score.yaml"
    f.write_text(yaml.safe_dump({"game": "tarneeb", "drills": list(drills)}, allow_unicode=True), encoding="utf-8")
    return f


@pytest.mark.parametrize("lang, typed, made, set_", [
    ("de", ("9 4", "-9 5"), "Die Bieter bieten 8 und machen 9 Stiche.", "Richtig."),
    ("fr", ("9, 4", "preneurs -9 défenseurs 5"), "Les preneurs annoncent 8 et font 9 levées.", "Juste."),
    ("en", ("bidders 9 defenders 4", "-9 5"), "The bidders bid 8 and take 9 tricks.", "Right."),
])
def test_a_score_drill_is_answered_with_the_two_numbers_in_the_learner_s_words(tmp_path, lang, typed, made, set_):
    # the rules' own examples: "Gebot 8, gemacht 9, Wertung 9" (the defenders always write
    # their tricks: 4); "Gebot 9, nur 8 gemacht, Verlust von 9 Punkten" (defenders 5)
    from click.testing import CliRunner

    from tutor.cli import main

    f = _score_drills(tmp_path, {"id": "s1", "type": "score", "bid": 8, "tricks": 9, "answer": {"bidders": 9, "defenders": 4}},
                      {"id": "s2", "type": "score", "bid": 9, "tricks": 8, "answer": {"bidders": -9, "defenders": 5}})
    r = CliRunner().invoke(main, ["--game", "tarneeb", "quiz", str(f), "--lang", lang, "--db", str(tmp_path / "p.db")],
                           input="\n".join(typed) + "\n")
    assert r.exit_code == 0, r.output
    assert made in r.output and "bid: 8" not in r.output
    assert r.output.count(set_) == 2, r.output
    assert "BIDDERS" not in r.output


def test_a_tarneeb_hand_is_shown_with_the_suits_of_the_learner_s_language():
    from tutor.course import drills

    assert [s for s, _ in drills.hand_rows(t.DRILL_ENGINE, "S:AKQJ H:AKQ D:AKQ C:AKQ", "fr")] == \
        ["Pique ♠", "Cœur ♥", "Carreau ♦", "Trèfle ♣"]
    assert [s for s, _ in drills.hand_rows(t.DRILL_ENGINE, "S:AKQJ H:AKQ D:AKQ C:AKQ", "de")][0] == "Pik ♠"
