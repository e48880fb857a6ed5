"""The count (tutor.judgement): each failure of the issue as a hand of our own.

Every expectation is derived from the rules of play (which cards take which tricks), not
from the engine's output; where a whole deal is given, tests/test_judgement_play.py
plays it out with the solver.
"""
import pytest

from tutor import conventions as cv
from tutor import judgement
from tutor.cards import Hand, Suit
from tutor.i18n import M
from tutor.rules import load

ERW = load("erweitert")
PLAIN = load("frei")          # the Verband without its Ansageregeln


# -- lay-down ----------------------------------------------------------------------------
@pytest.mark.parametrize("hand,trump,expected", [
    # five trumps from the Puur down: the four the opponents may hold (B 8 7 6) fall under
    # U 9 A K; the Ober is then high too, and the side cards are runs from the Ace
    ("Eichel:U9AKO Rosen:AK Schilten:AK", Suit.EICHEL, True),
    # the Puur alone draws the one trump the opponents may hold: the Nell must fall
    ("Eichel:UAKOB876 Schilten:A", Suit.EICHEL, True),
    # ... but a King beside it loses to the Ace
    ("Eichel:UAKOB876 Schilten:K", Suit.EICHEL, False),
    # U 9 above Ace, King, Ober out: one opponent with A K O keeps a trump after two rounds
    ("Eichel:U9B876 Schilten:AKO", Suit.EICHEL, False),
    # four trumps from the top with five out: one opponent may hold all five
    ("Eichel:U9AK Rosen:AKO Schilten:AK", Suit.EICHEL, False),
    # a side suit with a gap (Ace, Ober) loses the Ober to the King
    ("Eichel:U9AKOB Rosen:AO Schilten:A", Suit.EICHEL, False),
    # Obenabe: every suit a run from the Ace; Undenufe: from the Six
    ("Eichel:AKO Rosen:AKO Schellen:AK Schilten:A", "obenabe", True),
    ("Eichel:AKO Rosen:AKO Schellen:AK Schilten:K", "obenabe", False),
    ("Eichel:678 Rosen:678 Schellen:67 Schilten:6", "undenufe", True),
    ("Eichel:678 Rosen:678 Schellen:67 Schilten:6", "obenabe", False),
])
def test_lay_down(hand, trump, expected):
    assert judgement.lay_down(Hand.parse(hand), trump) is expected


def test_the_partners_promised_length_leaves_fewer_trumps_to_draw():
    # U 9 A K with five trumps out is no lay-down; with three of them promised by the
    # partner the opponents hold two at most, and they fall
    from tutor.conventions import Promise

    hand = Hand.parse("Eichel:U9AK Rosen:AKO Schilten:AK")
    assert not judgement.lay_down(hand, Suit.EICHEL)
    assert judgement.lay_down(hand, Suit.EICHEL, Promise(Suit.EICHEL, length=(3, 9)))


def test_the_misere_count():
    # Obenabe Misère: the Eichel King has one card above it out (the Ace): it is ducked
    # under the Ace; every card has a higher card out: 157 - 70 (partner) = 87. The Ace
    # in its place has none above it and could take a trick, but the hand gets rid of
    # two such cards for nothing (exact play: tests/test_judgement_play.py): 87 again;
    # with three Aces the third costs its 11 and 10 falling in: 66
    c = judgement.misere(Hand.parse("Eichel:K76 Rosen:987 Schellen:87 Schilten:7"), "obenabe")
    assert c.sure == 157 - 70
    c = judgement.misere(Hand.parse("Eichel:A76 Rosen:987 Schellen:87 Schilten:7"), "obenabe")
    assert c.sure == 157 - 70
    c = judgement.misere(Hand.parse("Eichel:A76 Rosen:A87 Schellen:A7 Schilten:7"), "obenabe")
    assert c.sure == 157 - 70 - (11 + 10)


def test_a_lay_down_with_five_trumps_is_bid_as_matsch_not_opened():
    # the old rule asked for six trumps with Puur and Nell and opened this at 100
    assert cv.advise("Eichel:U9AKO Rosen:AK Schilten:AK").call == "157 Eichel"


def test_the_puur_alone_with_eight_trumps_is_a_matsch():
    assert cv.advise("Eichel:UAKOB876 Schilten:A").call == "157 Eichel"
    assert cv.advise("Eichel:UAKOB876 Schilten:K").call == "120 Eichel"


def test_matsch_over_the_opponents_bid():
    # what the others hold does not matter to a hand whose every card takes a trick
    # (C takes over his partner's Rosen: as declarer he leads)
    assert cv.advise("Eichel:U9AKO Rosen:AK Schilten:AK", "60 Rosen, 70 Schellen").call == "157 Eichel"


# -- konter -------------------------------------------------------------------------------
def test_the_declarer_konters_when_all_nine_tricks_are_sure():
    hand = "Eichel:U9AKO Rosen:AK Schilten:AK"
    advice = cv.advise(hand, "120 Eichel, B: dopple", seat="A")
    assert advice.call == "konter"
    assert "157" in advice.text("en")


def test_the_declarers_partner_konters_on_his_own_count():
    # A showed the Puur zu dritt; C holds the Nell with four trumps (seven in the team,
    # control: 62 and the last trick) and Aces and Kings for 41 more: 108 sure for 60.
    c = "Eichel:9AKO Rosen:AK Schilten:AK Schellen:A"
    assert cv.advise(c, "60 Eichel, B: dopple", seat="C").call == "konter"


def test_the_worked_example_c_does_not_konter_by_his_own_count():
    # C: Nell zu dritt with A's Puur: control, 67 sure, no side Ace: 67 of 100
    advice = cv.advise("Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8",
                       "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple", seat="C")
    assert advice.call is None and "67" in advice.text("en")


def test_a_konter_is_free_when_failing_loses_the_partie_anyway():
    # C's count is 67 of 100 (no konter, above). At AC 1000 : BD 1900 on 2000, A and C
    # failing 100 doubled gives B and D the 200 and at least 58 card points: 2158, the
    # Partie lost whatever the konter; made, the konter doubles what A and C write
    auction = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple"
    c = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
    standing = judgement.Standing({"AC": 1000, "BD": 1900}, 2000)
    advice = cv.advise(c, auction, seat="C", standing=standing)
    assert advice.call == "konter" and "Partie" in advice.text("en")
    # at BD 1740 failing gives B and D at least 1998: short of the target, no free konter
    assert cv.advise(c, auction, seat="C", standing=judgement.Standing({"AC": 1000, "BD": 1740})).call is None
    # at BD 1742 they reach 2000 and lead: free
    assert cv.advise(c, auction, seat="C", standing=judgement.Standing({"AC": 1000, "BD": 1742})).call == "konter"
    # ... and at AC 2100 making it wins the Partie already: the konter gains nothing
    assert cv.advise(c, auction, seat="C", standing=judgement.Standing({"AC": 2100, "BD": 1742})).call is None


# -- double -------------------------------------------------------------------------------
def test_the_defender_with_the_missing_puur_and_length_doubles():
    # A opened 70 Eichel: Nell zu viert, without the Puur. B holds the Puur with three
    # more trumps (A cannot pull them), Schellen Ace and King, the Rosen Ace.
    b = "Eichel:UAKB Schellen:AK Rosen:A Schilten:76"
    advice = cv.advise(b, "70 Eichel")
    assert advice.call == "dopple"


def test_a_defender_with_the_puur_and_nothing_else_still_wants_the_suit():
    b = "Eichel:UK87 Schellen:987 Rosen:76"
    assert cv.advise(b, "70 Eichel").call == "80 Eichel"


def test_the_partie_score_makes_doubling_a_leading_team_free():
    # D holds the Rosen Ace and King: 35 for the defence, A and C are left 122 for
    # their 100, no double. At AC 1850 : BD 1200 on 2000, A and C win the Partie by
    # making 100, doubled or not: the double costs nothing.
    d = "Eichel:KB Schellen:O8 Rosen:AK7 Schilten:U9"
    auction = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel"
    assert cv.advise(d, auction, seat="D").call is None
    standing = judgement.Standing({"AC": 1850, "BD": 1200}, 2000)
    advice = cv.advise(d, auction, seat="D", standing=standing)
    assert advice.call == "dopple" and "Partie" in advice.text("en")
    # the other way round BD lead: AC making 100 does not end it, no free double
    behind = judgement.Standing({"AC": 1200, "BD": 1850}, 2000)
    assert cv.advise(d, auction, seat="D", standing=behind).call is None
    # AC 1850 : BD 1900: making 100 gives AC at least 2050 and BD at most 1957: free
    assert cv.advise(d, auction, seat="D", standing=judgement.Standing({"AC": 1850, "BD": 1900})).call == "dopple"
    # AC 1850 : BD 2000: BD could end ahead (2057 against 2050): the double is not free
    assert cv.advise(d, auction, seat="D", standing=judgement.Standing({"AC": 1850, "BD": 2000})).call is None


def test_a_team_that_wins_by_making_its_bid_does_not_konter():
    hand = "Eichel:U9AKO Rosen:AK Schilten:AK"
    standing = judgement.Standing({"AC": 1900, "BD": 1000}, 2000)
    assert cv.advise(hand, "120 Eichel, B: dopple", seat="A", standing=standing).call is None


# -- extended variant ---------------------------------------------------------------------
def test_a_lay_down_obenabe_is_a_matsch_obenabe():
    assert cv.advise("Eichel:AKO Rosen:AKO Schellen:AK Schilten:A", rules=ERW).call == "157 Obenabe"


def test_a_lay_down_undenufe_is_a_matsch_undenufe():
    assert cv.advise("Eichel:678 Rosen:678 Schellen:67 Schilten:6", rules=ERW).call == "157 Undenufe"


def test_a_strong_obenabe_hand_without_an_opening_bids_obenabe():
    # six cards in runs from the Ace (44 points and six tricks): no Puur, no Nell
    advice = cv.advise("Eichel:AKO Rosen:AK Schellen:A Schilten:876", rules=ERW)
    assert advice.call is not None and advice.call.endswith("Obenabe")
    assert int(advice.call.split()[0]) >= 80


def test_the_verband_table_never_bids_obenabe():
    assert cv.advise("Eichel:AKO Rosen:AK Schellen:A Schilten:876").call == "fort"


def test_low_cards_without_sixes_propose_a_misere():
    # no card of this hand can win a trick in Obenabe while higher cards are out
    advice = cv.advise("Eichel:987 Rosen:987 Schellen:87 Schilten:7", rules=ERW)
    assert advice.call is not None and advice.call.endswith("Obenabe Misère")


# -- without the Ansageregeln ---------------------------------------------------------------
def test_the_profile_without_the_ansageregeln_is_one_word_everywhere(tmp_path, monkeypatch):
    # "frei" on the command line, in the table session and on the web page gives the
    # advice of the library's table without the Ansageregeln
    import json

    from click.testing import CliRunner
    from starlette.testclient import TestClient

    from tutor.cli import main
    from tutor.companion.session import Session
    from tutor.web.app import Settings, create_app

    hand = "Eichel:UB8 Schellen:A7 Rosen:AK Schilten:K6"
    expected = cv.advise(hand, rules=PLAIN).call
    assert expected != cv.advise(hand).call            # the Verband's table opens 60 Eichel
    r = CliRunner().invoke(main, ["bid", "--count", "--rules", "frei", "--hand", hand, "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["call"] == expected
    assert Session(hand, "A", dealer="D", rules="frei").advice().call == expected
    monkeypatch.delenv("TUTOR_DB", raising=False)
    app = create_app(Settings(db=str(tmp_path / "t.sqlite3")))
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        data = c.get("/api/bid", params={"hand": hand, "rules": "frei", "count": "1"}).json()
    assert data["call"] == expected


def test_a_table_without_conventions_bids_a_plain_number():
    # without the Ansageregeln a number shows no cards: any step of 5 is a bid, and the
    # reasons count the partner's share instead of citing what his calls promised
    # (whether the number is made: tests/test_judgement_play.py, by exact play)
    advice = cv.advise("Eichel:U9AKO Rosen:A Schilten:A76", rules=PLAIN)
    value = int(advice.call.split()[0])
    assert advice.call.endswith(" Eichel") and PLAIN.lowest_bid <= value <= PLAIN.highest_bid
    assert "[confidence (the number only)]" in _bid_text("Eichel:U9AKO Rosen:A Schilten:A76", rules="frei")
    text = advice.text("en")
    assert "a third of what the hand does not count" in text and "Hilfe" not in text


# -- the interface ------------------------------------------------------------------------
def test_a_judge_picks_and_the_conventions_explain():
    class Silent:
        name = "silent"

        def choose(self, hand, s, readings, standing=None):
            return judgement.Judgement(None, [M("nothing")], {"samples": 0})   # reasons: messages

    advice = cv.advise("Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7", "60 Eichel, 70 Schellen", judge=Silent())
    assert advice.call == "fort" and advice.to_json("en")["evidence"] == {"samples": 0}
    assert "evidence" not in cv.advise("Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7").to_json()


def test_judgement_does_not_import_the_conventions():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(judgement))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | \
        {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert "tutor.conventions" not in imported


# -- the command --------------------------------------------------------------------------
D_HAND = "Eichel:KB Schellen:O8 Rosen:AK7 Schilten:U9"
D_AUCTION = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel"


def _bid(*args, env=None):
    import json

    from click.testing import CliRunner

    from tutor.cli import main

    r = CliRunner().invoke(main, ["bid", "--hand", D_HAND, "--auction", D_AUCTION, "--seat", "D",
                                  "--json", *args], env=env)
    return r.exit_code, (json.loads(r.output) if r.exit_code == 0 else r.output)


def test_bid_with_the_score_doubles_the_leading_team():
    assert _bid()[1]["call"] is None
    assert _bid("--score", "AC=1850,BD=1200")[1]["call"] == "dopple"
    code, out = _bid("--score", "AC=1850")
    assert code == 2 and "AC=1850,BD=1200" in out and "Traceback" not in out


def _check(*args, env=None):
    import json

    from click.testing import CliRunner

    from tutor.cli import main

    r = CliRunner().invoke(main, ["check", "--hand", D_HAND, "--auction", D_AUCTION, "--call", "D: dopple",
                                  "--json", *args], env=env)
    return r.exit_code, (json.loads(r.output) if r.exit_code == 0 else r.output)


def test_check_knows_the_score_as_bid_does():
    """The same double as above: without the score not the recommendation; with AC one game
    from the Partie (1850 + 100 made reaches 2000 either way) the double costs nothing and is
    what check recommends, as bid does. A score with one team is bad input, exit 2."""
    assert _check()[1]["best"] is False
    code, out = _check("--score", "AC=1850,BD=1200")
    assert code == 0 and out["best"] is True and out["recommended"] == "dopple"
    code, out = _check("--score", "AC=1850")
    assert code == 2 and "AC=1850,BD=1200" in out and "Traceback" not in out


def test_bid_and_check_take_the_score_from_the_partie_at_the_table(tmp_path):
    from click.testing import CliRunner

    from tutor.cli import main

    env = {"TUTOR_DB": str(tmp_path / "t.db")}
    runner = CliRunner()
    assert runner.invoke(main, ["tafel", "new", "--set", "match_target=800"], env=env).exit_code == 0
    # two games made by A: 157 + 157 (Matsch) each time, 628 for AC
    for _ in range(2):
        r = runner.invoke(main, ["tafel", "add", "--contract", "157 Eichel", "--declarer", "A",
                                 "--card-points", "157"], env=env)
        assert r.exit_code == 0, r.output
    assert _bid("--tafel", env=env)[1]["call"] == "dopple"    # 628 + 200 >= 800
    code, out = _check("--tafel", env=env)
    assert code == 0 and out["best"] is True


def test_tafel_gives_the_score_to_the_auction_s_seats_when_b_or_d_is_vorhand(tmp_path):
    """An auction is written from Vorhand on: its A is the board's Vorhand of the next game.
    Where that is the board's D, the auction's team AC is the board's BD (QA s33 Q12: the
    board's AC score went to the auction's A, and the defenders were told not to double
    because "A and partner win the Partie anyway", with the other team's score)."""
    import json

    from click.testing import CliRunner

    from tutor.cli import main

    env = {"TUTOR_DB": str(tmp_path / "t.db")}
    runner = CliRunner()
    assert runner.invoke(main, ["tafel", "new", "--set", "match_target=950"], env=env).exit_code == 0
    for _ in range(3):   # three Matsch by the board's A: 3 x 314 = 942 for the board's AC
        r = runner.invoke(main, ["tafel", "add", "--contract", "157 Eichel", "--declarer", "A",
                                 "--card-points", "157"], env=env)
        assert r.exit_code == 0, r.output
    shown = json.loads(runner.invoke(main, ["tafel", "show", "--json"], env=env).output)
    # dealt by D, A, B: C deals the fourth game, D (the player after the dealer) is Vorhand
    assert shown["board"] == {"AC": 942, "BD": 0} and shown["next"]["vorhand"] == "D"
    ask = ["bid", "--count", "--seat", "D", "--hand", D_HAND, "--auction", D_AUCTION, "--lang", "en"]
    rules = tmp_path / "r.yaml"
    rules.write_text("match_target: 950\n")
    # the auction's A and C are the board's D and B, at 0; its D is the board's C, at 942
    tafel = runner.invoke(main, [*ask, "--tafel"], env=env).output
    assert "A and partner win the Partie" not in tafel
    assert tafel == runner.invoke(main, [*ask, "--rules", str(rules), "--score", "AC=0,BD=942"]).output
    # the board's score as it stands would tell D that A's team wins anyway
    unturned = runner.invoke(main, [*ask, "--rules", str(rules), "--score", "AC=942,BD=0"]).output
    assert "A and partner win the Partie (AC 942 : BD 0, target 950)" in unturned


def test_tafel_names_the_board_s_players_beside_the_auction_s_teams(tmp_path):
    """QA s42 F10: with the board's D as Vorhand the auction's AC is the board's BD, and the
    score read the right way round still said "AC 0 : BD 942" where the board the learner
    had just read says "Anna+Cla 942 : Beat+Dani 0": the players' names go beside the seats."""
    from click.testing import CliRunner

    from tutor.cli import main

    env = {"TUTOR_DB": str(tmp_path / "t.db")}
    runner = CliRunner()
    assert runner.invoke(main, ["tafel", "new", "--set", "match_target=950", "--teams", "Anna+Cla:Beat+Dani"],
                         env=env).exit_code == 0
    for _ in range(3):   # three Matsch by the board's A (Anna): 942 for Anna+Cla; Dani is Vorhand next
        assert runner.invoke(main, ["tafel", "add", "--contract", "157 Eichel", "--declarer", "A",
                                    "--card-points", "157"], env=env).exit_code == 0
    # the auction's A is Dani, its B Anna: B's 60 Eichel wins the board's Anna+Cla the Partie
    out = runner.invoke(main, ["bid", "--count", "--hand", D_HAND, "--auction", "fort, 60 Eichel", "--tafel",
                               "--lang", "en"], env=env).output
    assert "B and partner win the Partie (AC (Beat+Dani) 0 : BD (Anna+Cla) 942, target 950)" in out, out
    # the same score typed with --score has no names to give
    rules = tmp_path / "r.yaml"
    rules.write_text("match_target: 950\n")
    typed = runner.invoke(main, ["bid", "--count", "--hand", D_HAND, "--auction", "fort, 60 Eichel", "--rules",
                                 str(rules), "--score", "AC=0,BD=942", "--lang", "en"]).output
    assert "(AC 0 : BD 942, target 950)" in typed


def test_the_table_session_turns_the_names_with_the_score():
    """The table session asks the engine in the auction's seats (its A is the table's
    Vorhand) and turns the answer's seats back: the names travel with the score."""
    from tutor.companion.session import Session
    from tutor.judgement import Standing

    s = Session("Eichel:U9AK8 Schellen:A7 Rosen:A Schilten:6", seat="B", dealer="A")   # B is Vorhand
    s.standing = Standing({"AC": 0, "BD": 785}, 1000, {"AC": "Anna+Cla", "BD": "Beat+Dani"})
    engine = s._engine_standing()
    assert engine.score == {"AC": 785, "BD": 0}
    assert engine.text("en") == "AC (Beat+Dani) 785 : BD (Anna+Cla) 0, target 1000"
    assert s._seats_in(engine.text("en")) == "BD (Beat+Dani) 785 : AC (Anna+Cla) 0, target 1000"


def test_tafel_takes_the_partie_s_rules_unless_rules_is_given(tmp_path):
    """A question about the board plays by the board's rules (a frei table: the numbers carry
    no convention); `--rules verband` typed out asks the Verband's conventions anyway (QA:
    it was taken for the default and silently replaced)."""
    from click.testing import CliRunner

    from tutor.cli import main

    env = {"TUTOR_DB": str(tmp_path / "t.db")}
    runner = CliRunner()
    assert runner.invoke(main, ["tafel", "new", "--rules", "frei"], env=env).exit_code == 0
    ask = ["bid", "--count", "--hand", "Eichel:U9AKO Rosen:A Schilten:A76", "--tafel", "--lang", "en"]
    frei = runner.invoke(main, ask, env=env)
    assert frei.exit_code == 0 and "without the Ansageregeln" in frei.output
    verband = runner.invoke(main, [*ask, "--rules", "verband"], env=env)
    assert verband.exit_code == 0 and "Puur row" in verband.output
    assert "without the Ansageregeln" not in verband.output


# -- the texts --------------------------------------------------------------------------------
def _bid_text(hand, auction="", rules="verband", seat=None, lang="en"):
    from click.testing import CliRunner

    from tutor.cli import main

    args = ["bid", "--hand", hand, "--auction", auction, "--rules", rules, "--lang", lang]
    r = CliRunner().invoke(main, args + (["--seat", seat] if seat else []))
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize("hand,rules", [
    ("Eichel:AKO Rosen:AK Schellen:A Schilten:876", "erweitert"),      # 100 Obenabe
    ("Eichel:987 Rosen:987 Schellen:87 Schilten:7", "erweitert"),      # 110 Obenabe Misère
    ("Eichel:U9AKO Rosen:A Schilten:A76", "frei"),                     # 105 Eichel
])
def test_a_number_below_120_is_not_labelled_above_120(hand, rules):
    # a number that shows no cards in Obenabe, Undenufe, a Misère or at a table without
    # the Ansageregeln is below 120 here: its label says what it is, the number only
    for lang, wrong in (("en", "above 120"), ("de", "über 120"), ("fr", "au-dessus de 120")):
        out = _bid_text(hand, rules=rules, lang=lang)
        assert wrong not in out
    assert "[confidence (the number only)]" in _bid_text(hand, rules=rules)


def test_a_fort_without_the_ansageregeln_cites_no_convention():
    advice = cv.advise("Eichel:K87 Rosen:O9 Schilten:B76 Schellen:8", "60 Rosen, 70 Schellen", rules=PLAIN)
    assert advice.call == "fort"
    text = advice.text("en")
    for convention in ("opening", "Hilfe", "Ace announcement", "Puur or Nell with three"):
        assert convention not in text
    assert "Ansageregeln" in text and "above 70" in text


def test_say_nothing_gives_its_reasons():
    # D, out of turn, holds the Rosen Ace and King; A and C showed Puur and Nell with six
    # trumps: they draw D's trumps, ruff his side suits from the first round and discard their
    # losers on their long trumps, so the Ace takes no sure trick (exact play: the count's doubles
    # of such a team's contract are made on most deals, docs/interpretations.md "Double"); A and
    # C are left 157, enough for their 100
    advice = cv.advise(D_HAND, D_AUCTION, seat="D")
    assert advice.call is None
    text = advice.text("en")
    assert "Say nothing" in text and "157" in text and "no double" in text
    assert "ruff our side suits from the first round" in text and "no sure trick" in text
