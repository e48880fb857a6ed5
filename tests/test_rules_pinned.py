"""Rules that a change to the engine must not silently break (issue 12, "Tests that pin
every rule"). Each expected value is worked out here from sidi-barrani.txt, quoted where
it matters, not taken from the program's output."""
import json

import pytest
from click.testing import CliRunner

from tutor import conventions as cv
from tutor import rules as rules_mod
from tutor.auction import Auction
from tutor.cli import main
from tutor.errors import IllegalCallError, RulesError, TutorError
from tutor.partie import Game, Partie, next_seat, team_of

VERBAND = rules_mod.PROFILES["verband"]
ERWEITERT = rules_mod.PROFILES["erweitert"]
C_HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def table(**changes):
    return rules_mod.from_mapping({"profile": changes.pop("profile", "verband"), **changes})


def g(contract, declarer, cp, **kw):
    return {"contract": contract, "declarer": declarer, "card_points": cp, **kw}


def play(rules, *games, dealer="D"):
    p = Partie(rules, dealer=dealer)
    for data in games:
        p = p.add(Game.from_dict(data, p.rules) if isinstance(data, dict) else data)
    return p


def rules_file(tmp_path, text):
    path = tmp_path / "tisch.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# -- the turn -----------------------------------------------------------------------------
# "Wer fort sagt, bleibt für dieses Bieten draussen"; the turn goes round in playing order.

def test_the_turn_skips_two_players_in_a_row_who_are_out():
    # B and C said fort (out); D bids, A overbids: the next player who is still in is D
    a = Auction.parse("60 Eichel, fort, fort, 70 Schellen, 80 Eichel")
    assert a.out == ("B", "C")
    assert a.next_seat == "D"
    # and after D, A again (B and C skipped once more)
    assert a.play("90 Schellen").next_seat == "A"


def test_the_turn_skips_three_players_who_are_out_back_to_the_bidder_never():
    # A bids, B C D fort: the bidding has ended, nobody is in turn
    a = Auction.parse("60 Eichel, fort, fort, fort")
    assert a.over and a.next_seat is None


# -- the end of a Partie --------------------------------------------------------------------
# "Stehen am Ende beide Teams am Ziel oder darüber, gewinnt die höhere Endpunktzahl":
# a team *at* the target has reached it.

EXACT = (g("150 Eichel", "A", 152), g("60 Eichel", "A", 138))
# game 1: AC 152 + 150 = 302, BD 5; game 2: AC 138 + 60 = 198 -> 500, BD 19 -> 24


@pytest.mark.parametrize("end_rule", ["plain", "bonus", "ueberbiet"])
def test_a_team_landing_exactly_on_the_target_wins(end_rule):
    p = play(table(match_target=500, end_rule=end_rule), *EXACT)
    assert p.totals == {"AC": 500, "BD": 24}
    assert p.over and p.winner == "AC" and p.result.after == 2


def test_one_point_below_the_target_the_partie_goes_on():
    p = play(table(match_target=501), *EXACT)
    assert p.totals == {"AC": 500, "BD": 24} and not p.over and p.winner is None


def test_ueberbiet_applies_exactly_at_the_target():
    # "Erreicht das führende Team das Ziel und liegt vorn, verfehlt aber sein Gebot, und die
    # Gegner haben es nicht gedoppelt, so wird ... beiden Teams die gebotene Punktzahl abgezogen"
    # game 1: AC 307, BD 0; game 2: A misses 100 with 93: AC 93 -> 400, BD 64 + 100 -> 164
    p = play(table(match_target=400, end_rule="ueberbiet"), g("150 Eichel", "A", 157),
             g("100 Eichel", "A", 93))
    assert p.rows[-1].points == {"AC": 93, "BD": 164}
    assert p.rows[-1].adjustment == {"AC": -100, "BD": -100}
    assert p.totals == {"AC": 300, "BD": 64} and not p.over


def test_ueberbiet_not_applied_when_the_declaring_team_is_behind():
    # game 1: AC 120 + 60 = 180, BD 37; game 2: B misses 150 with 140 and a Weis of 100:
    # BD 37 + 140 + 100 = 277 (over 200, but behind), AC 180 + 17 + 150 = 347.
    rules = table(match_target=200, end_rule="ueberbiet")
    p = play(rules, g("60 Eichel", "A", 120), g("150 Schellen", "B", 140, weis={"BD": 100}))
    assert p.rows[-1].adjustment == {"AC": 0, "BD": 0}
    assert p.totals == {"AC": 347, "BD": 277}
    assert p.over and p.winner == "AC"


def test_no_schneider_points_without_a_schneider():
    # AC 302 : BD 5, then BD 157 + 150 -> 312, then AC 157 + 150 -> 609. BD's 312 is more
    # than half of 500: no Schneider, nobody writes the 500 agreed for one.
    rules = table(match_target=500, schneider=500)
    p = play(rules, g("150 Eichel", "A", 152), g("150 Schellen", "B", 157), g("150 Eichel", "A", 157))
    assert p.totals == {"AC": 609, "BD": 312}
    assert p.over and p.winner == "AC" and p.schneider is None
    assert p.result.board == {"AC": 609, "BD": 312} and p.result.schneider_points == 0


@pytest.mark.parametrize("dealer", ["A", "B", "C", "D"])
@pytest.mark.parametrize("winner_declares", ["A", "B"])
def test_the_next_partie_gives_the_losers_vorhand_from_any_dealer(dealer, winner_declares):
    # "Zur neuen Partie wird so gegeben, dass die Verlierer Vorhand erhalten": the dealing
    # goes on in turn, one seat further where that would give the winners Vorhand.
    p = play(table(match_target=300), g("150 Eichel" if winner_declares == "A" else "150 Schellen",
                                         winner_declares, 157), dealer=dealer)
    winners = team_of(winner_declares)
    loser = "BD" if winners == "AC" else "AC"
    assert p.over and p.winner == winners
    in_turn = next_seat(dealer)                      # who would deal game 2
    expected = in_turn if team_of(next_seat(in_turn)) == loser else next_seat(in_turn)
    assert p.following_dealer == expected
    assert team_of(next_seat(p.following_dealer)) == loser
    assert p.to_json()["next"] == {"dealer": expected, "vorhand": next_seat(expected), "partie": "next"}
    assert p.next_partie().next_vorhand == next_seat(expected)


def test_while_the_partie_is_open_next_names_this_partie_in_turn():
    p = play(VERBAND, g("100 Eichel", "A", 113))
    assert p.to_json()["next"] == {"dealer": "A", "vorhand": "B", "partie": "this"}


def test_undo_over_several_games_a_fort_and_the_end():
    rules = table(match_target=500)
    games = [Game.from_dict(x, rules) for x in
             (g("150 Eichel", "A", 152), {"fort": True}, g("100 Schellen", "B", 100), g("150 Eichel", "C", 157))]
    steps = [Partie(rules)]
    for game in games:
        steps.append(steps[-1].add(game))
    end = steps[-1]
    # 302:5, fort (the same dealer again), BD 100+100 -> 205, AC 57 -> 359, AC 307 -> 666
    assert end.totals == {"AC": 666, "BD": 205} and end.over and end.winner == "AC"
    back = end
    for expected in reversed(steps[:-1]):
        back = back.undo()
        assert back == expected
        assert back.totals == expected.totals and back.next_dealer == expected.next_dealer
        assert not back.over
    assert [s.next_dealer for s in steps] == ["D", "A", "A", "B", "C"]
    # after undoing the last game the Partie takes another game again
    assert end.undo().add(games[-1]) == end


# -- the check command follows the table rules ----------------------------------------------

def test_check_reads_the_extended_variants_obenabe(tmp_path):
    # "Zusätzlich zu den Farben stehen Obenabe und Undenufe zur Wahl"
    r = run("check", "--hand", C_HAND, "--auction", "60 Eichel, 70 Schellen", "--call", "90 Obenabe",
            "--rules", "erweitert", "--json")
    data = json.loads(r.output)
    assert data["legal"] is True and data["truthful"] is True
    r = run("check", "--hand", C_HAND, "--auction", "60 Eichel, 70 Schellen", "--call", "90 Obenabe", "--json")
    assert r.exit_code == 1 and json.loads(r.output)["legal"] is False


def test_check_reads_a_common_hilfe_without_a_count(tmp_path):
    # "Verbreitet sind dafür zehn oder zwanzig Punkte mehr, ohne Angabe der Kartenzahl":
    # C's 80 with three Eichel is true there; with the Verband's reading it says Nell zu zweit.
    common = rules_file(tmp_path, "hilfe: common\n")
    args = ("check", "--hand", C_HAND, "--auction", "60 Eichel, 70 Schellen", "--call", "80 Eichel", "--json")
    data = json.loads(run(*args, "--rules", common).output)
    assert (data["legal"], data["conventional"], data["truthful"]) == (True, True, True)
    data = json.loads(run(*args).output)
    assert (data["legal"], data["conventional"], data["truthful"]) == (True, True, False)


def test_an_illegal_call_is_neither_conventional_nor_truthful_in_the_json():
    r = run("check", "--hand", C_HAND, "--auction", "60 Eichel, 70 Schellen", "--call", "70 Eichel", "--json")
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert data["ok"] is False
    assert (data["legal"], data["conventional"], data["truthful"]) == (False, False, False)


def test_check_a_double_without_a_seat_is_the_seat_in_turn():
    # after 60 Eichel (A) and 70 Schellen (B), C is in turn and may double B's 70
    r = run("check", "--hand", C_HAND, "--auction", "60 Eichel, 70 Schellen", "--call", "dopple", "--json")
    data = json.loads(r.output)
    assert data["legal"] is True
    assert "C doppelt 70 Schellen von B" in data["text"]
    # after 60 Eichel, B is in turn and doubles A's 60
    v = cv.check(C_HAND, "60 Eichel", "dopple")
    assert v.legal and v.reading.seat == "B" and v.reading.kind == "double"
    # the partner of the bidder in turn cannot: after 60 Eichel, fort, C would double his own side
    v = cv.check(C_HAND, "60 Eichel, fort", "dopple")
    assert not v.legal and "own side" in v.text("en")


def test_the_options_are_conventional_and_each_free_raise_only_once():
    # A after 60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen: 100, 110 and 120 Eichel are all
    # raises in the own suit ("steigert bloss die Zahl"): offered once, at 100.
    a_hand = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"
    advice = cv.advise(a_hand, "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen")
    kinds = [o.kind for o in advice.options]
    assert "unconventional" not in kinds and "confidence" not in kinds
    raises = [str(o.call) for o in advice.options if o.kind == "raise"]
    assert raises == ["100 Eichel"]
    # B's hand after A's 60: many Fünfer are legal and true, only the next one (65) shows an Ace
    b_hand = "Eichel:7 Schellen:B9 Rosen:AB86 Schilten:AB"
    options = [str(o.call) for o in cv.advise(b_hand, "60 Eichel").options]
    assert "65 Rosen" in options and "65 Schilten" in options
    assert not any(o.endswith(("Rosen", "Schilten")) and o.split()[0] in ("75", "85", "95")
                   for o in options)


# -- what the table knows ----------------------------------------------------------------------

def test_a_later_promise_narrows_never_widens_or_replaces():
    # B shows the Rosen Ace (65, a suit nobody opened); D opens Rosen with 80 (Puur zu
    # viert); B's Hilfe over 80 is 90 (the lower of 90/100): the Nell zu zweit. Together:
    # B holds Ace and Nell and exactly two Rosen.
    e = cv.explain("60 Eichel, 65 Rosen, fort, 80 Rosen, fort, 90 Rosen")
    assert [r.kind for r in e.calls] == ["opening", "ace", "fort", "opening", "fort", "hilfe"]
    known = e.to_json()["known"]["B"]
    assert known == [{"suit": "Rosen", "has": ["A", "9"], "lacks": [], "length": [2, 2]}]


def test_two_promises_keep_both_bounds_of_the_length():
    merged = cv.combine([cv.Promise.from_json({"suit": "Rosen", "length": [3, 9]}),
                         cv.Promise.from_json({"suit": "Rosen", "has": ["U"], "length": [1, 4]}),
                         cv.Promise.from_json({"suit": "Rosen", "lacks": ["9"], "length": [0, 9]})])
    assert [p.to_json() for p in merged] == [{"suit": "Rosen", "has": ["U"], "lacks": ["9"], "length": [3, 4]}]


@pytest.mark.parametrize("hand, standing, top, count, number", [
    ("Rosen:U876KOB Eichel:7 Schellen:7", "120 Eichel", "Puur", "zu siebt", 120),
    ("Rosen:9876KOBA Eichel:7", "120 Eichel", "Nell", "zu acht", 110),
])
def test_a_missed_opening_with_seven_cards_or_more(hand, standing, top, count, number):
    # "Die Eröffnung beginnt bei drei Karten und reicht bis 120": seven or eight cards
    # still open on the row's last number, which is not above the standing 120.
    advice = cv.advise(hand, standing)
    assert advice.call == "fort"
    assert f"Die Eröffnung in Rosen ist verpasst: {top} {count} hiesse {number}" in advice.text("de")


# -- score ---------------------------------------------------------------------------------------

def score(*args):
    return run("score", *args)


def test_score_text_made_doubled():
    # the worked example: 113 card points for 100, doubled: 200 target points; 313 : 44
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113, "--double")
    assert r.exit_code == 0
    assert r.output == ("100 Eichel von A: 113 Kartenpunkte, geholt; 200 Zielpunkte.\n"
                        "Tafel: AC 313 : BD 44\n")


def test_score_text_missed_in_english():
    # "etwa bei 96 Kartenpunkten": missed, the opponents write 61 + 200
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 96, "--double", "--lang", "en")
    assert r.output == ("100 Eichel by A: 96 card points, missed; 200 target points.\n"
                        "Board: AC 96 : BD 261\n")


def test_a_konter_needs_the_double():
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113, "--redouble")
    assert r.exit_code == 2 and "ein Konter verlangt zuerst ein Doppel" in r.output
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113, "--double", "--redouble", "--json")
    assert json.loads(r.output) == {"made": True, "target_points": 400, "board": {"AC": 513, "BD": 44}}


def test_no_konter_at_a_table_without_kontern(tmp_path):
    path = rules_file(tmp_path, "kontern: false\n")
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113, "--double", "--redouble",
              "--rules", path)
    assert r.exit_code == 2 and "an diesem Tisch wird nicht gekontert" in r.output
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113, "--double", "--rules", path,
              "--json")
    assert json.loads(r.output)["target_points"] == 200
    with pytest.raises(IllegalCallError, match="without kontern"):
        Auction.parse("60 Eichel, B: dopple, A: konter", rules=table(kontern=False))
    with pytest.raises(RulesError, match="without kontern"):
        Game.from_dict(g("100 Eichel", "A", 113, double=True, redouble=True), table(kontern=False))


@pytest.mark.parametrize("extra, message", [
    (["--weis", "AC=50"], "an diesem Tisch zählt kein Weis"),
    (["--stoeck", "AC"], "an diesem Tisch zählen keine Stöck"),
])
def test_no_weis_or_stoeck_at_the_extended_variants_table(extra, message):
    # "Weis und Stöck lässt diese Variante weg"
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113, *extra, "--rules", "erweitert")
    assert r.exit_code == 2 and message in r.output


def test_a_weis_of_zero_for_one_team_and_fifty_for_the_other():
    # AC writes no Weis; BD's 50 goes on the board: AC 113 + 100, BD 44 + 50
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113,
              "--weis", "AC=0", "--weis", "BD=50", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["board"] == {"AC": 213, "BD": 94}


def test_zero_card_points_are_a_missed_game():
    # the opponents took every trick: 157 card points and the 100 target points
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 0, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"made": False, "target_points": 100, "board": {"AC": 0, "BD": 257}}


def test_misere_text_shows_the_points_credited():
    # "Beim Misère werden die Stiche der Gegenseite gutgeschrieben": A's side took 30 in
    # its tricks and is credited the opponents' 127; 127 reaches 100.
    r = score("--contract", "100 Obenabe Misère", "--declarer", "A", "--card-points", 30, "--rules", "erweitert")
    assert r.exit_code == 0
    assert r.output == ("100 Obenabe Misère von A: 127 Kartenpunkte, geholt; 100 Zielpunkte.\n"
                        "Tafel: AC 227 : BD 30\n")


# -- the German texts -------------------------------------------------------------------------

def test_the_upper_hilfes_headline():
    # "der untere «zu zweit», der obere «zu dritt oder mehr»"
    upper = cv.explain("60 Eichel, 70 Schellen, 90 Eichel").calls[2]
    assert upper.headline("de").endswith("90 Eichel ist der obere: Nell zu dritt oder mehr")
    assert "die beiden kleinsten Zehner über 70 sind 80 und 90" in upper.headline("de")
    lower = cv.explain("60 Eichel, 70 Schellen, 80 Eichel").calls[2]
    assert lower.headline("de").endswith("80 Eichel ist der untere: Nell zu zweit")


@pytest.mark.parametrize("number, text", [
    (110, "Eröffnung in Rosen, Nell-Reihe (50/70/90/110): Nell zu sechst oder mehr"),
    (120, "Eröffnung in Rosen, Puur-Reihe (60/80/100/120): Puur zu sechst oder mehr"),
    (100, "Eröffnung in Rosen, Puur-Reihe (60/80/100/120): Puur zu fünft."),
])
def test_or_more_at_110_and_120_only(number, text):
    assert cv.explain(f"{number} Rosen").calls[0].text("de").startswith(text)


def test_fort_with_re_entry_says_the_player_may_bid_again():
    # "Anderswo ist der Wiedereinstieg üblich: Wer «fort» gesagt hat, darf in einer
    # späteren Runde wieder bieten."
    reentry = VERBAND.replace(fort_final=False)
    fort = cv.explain("60 Eichel, fort", reentry).calls[1].text("de")
    assert "darf später wieder bieten" in fort and "draussen" not in fort
    fort = cv.explain("60 Eichel, fort").calls[1].text("de")
    assert "bleibt für dieses Bieten draussen" in fort and "wieder" not in fort


def test_the_reason_a_fuenfer_in_the_own_suit_is_no_ace():
    # "In der Farbe des eigenen Teams wird auf Zehnern erhöht. Das Ass der eigenen
    # Trumpffarbe bleibt ungesagt"
    r = cv.explain("60 Eichel, 70 Schellen, 75 Eichel").calls[2]
    assert r.kind == "unconventional" and r.promises == ()
    assert "eigenen Teamfarbe" in r.text("de") and "auf Zehnern erhöht" in r.text("de")
    assert "das Ass bleibt ungesagt" in r.text("de")


# -- seats and teams, Weis points -------------------------------------------------------------
# "Je zwei Spieler bilden ein Team, die Partner sitzen sich über Kreuz gegenüber": A and C
# against B and D (A, B, C, D in playing order).

@pytest.mark.parametrize("seat, partner, opponents, team", [
    ("A", "C", ("B", "D"), "AC"), ("B", "D", ("A", "C"), "BD"),
    ("C", "A", ("B", "D"), "AC"), ("D", "B", ("A", "C"), "BD"),
])
def test_partners_sit_across_the_table(seat, partner, opponents, team):
    from tutor import scoring

    assert scoring.partner_of(seat) == partner and scoring.partner_of(seat.lower()) == partner
    assert scoring.opponents_of(seat) == opponents
    assert scoring.team_of(seat) == team and scoring.other(team) != team
    assert scoring.parse_team(team[::-1]) == team


@pytest.mark.parametrize("points", [0, 20, 40, 50, 70, 100, 150, 200, 370])
def test_weis_points_a_team_can_write(points):
    from tutor.scoring import check_weis_points

    assert check_weis_points("AC", points) == points


@pytest.mark.parametrize("points", [10, 30, 25, -20, 5, True, "50", 50.0])
def test_weis_points_no_weis_adds_up_to(points):
    # the smallest Weis is 20 (Dreiblatt), the next 50: no sum of Weis makes 10 or 30
    from tutor.scoring import check_weis_points

    with pytest.raises(TutorError):
        check_weis_points("AC", points)


def test_only_one_team_writes_weis():
    from tutor.scoring import check_one_weis_team, score_game

    check_one_weis_team(["AC"])
    check_one_weis_team([])
    with pytest.raises(TutorError):
        check_one_weis_team(["AC", "BD"])
    with pytest.raises(TutorError):
        score_game(100, "A", 113, weis={"AC": 20, "BD": 50})
    with pytest.raises(TutorError):
        score_game(100, "A", 113, stoeck=["AC", "BD"])
    # the Weis and the Stöck go on the board, never toward the bid: 96 misses 100
    s = score_game(100, "A", 96, weis={"AC": 50}, stoeck=["AC"])
    assert not s.made and s.board == {"AC": 96 + 50 + 20, "BD": 61 + 100}


def test_a_table_without_doubling_names_doubling_not_kontern(tmp_path):
    path = rules_file(tmp_path, "doubling: false\n")
    for extra in (["--double"], ["--double", "--redouble"]):
        r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113, *extra, "--rules", path)
        assert r.exit_code == 2 and "an diesem Tisch wird nicht gedoppelt" in r.output
        r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113, *extra, "--rules", path,
                  "--lang", "en")
        assert r.exit_code == 2 and "this table plays without doubling" in r.output


def test_an_impossible_weis_names_the_team():
    r = score("--contract", "100 Eichel", "--declarer", "A", "--card-points", 113, "--weis", "BD=30")
    assert r.exit_code == 2 and "BD=30" in r.output


def test_the_matsch_needs_all_157_whatever_number_the_table_bids_it_with():
    # "Das höchste Gebot heisst Matsch ...: alle Punkte eines Spiels, 152 aus den Karten und 5
    # für den letzten Stich": a table that bids it as 160 still needs the 157 card points
    from tutor.scoring import score_game

    rules = table(matsch_bid=160)
    made = score_game(160, "B", 157, rules=rules)
    assert made.made and made.board == {"AC": 0, "BD": 157 + 157}
    missed = score_game(160, "B", 152, rules=rules)
    assert not missed.made and missed.board == {"AC": 5 + 157, "BD": 152}


def test_the_game_score_keeps_what_was_played():
    from tutor.scoring import score_game

    s = score_game(100, "d", 70, double=True, weis={"AC": 50}, stoeck=["BD"])
    assert (s.bid, s.declarer, s.team, s.multiplier, s.card_points) == (100, "D", "BD", 2, 70)
    assert s.weis == {"AC": 50} and s.stoeck == ("BD",)
    row = play(VERBAND, g("80 Rosen", "D", 70, weis={"AC": 50}, stoeck="BD")).to_json()["games"][0]
    assert row["stoeck"] == ["BD"] and row["weis"] == {"AC": 50, "BD": 0}


# -- the ladder of bids, as the refusal of a number off it names it ---------------------------
# "Der Verband empfiehlt 50 als tiefstes Gebot ... Jedes weitere Gebot liegt mindestens 5
# Punkte über dem vorherigen"; the numbers run to 150, then the Matsch with 157.

def test_a_number_off_the_ladder_names_the_ladder():
    r = run("explain", "63 Eichel")
    assert r.exit_code == 2
    assert "63 ist im Sidi-Barrani kein Gebot (Gebote: 50, 55, 60, ... 150, 157)" in r.output


@pytest.mark.parametrize("ladder, text", [
    (tuple(range(50, 151, 5)) + (157,), "50, 55, 60, ... 150, 157"),
    (tuple(range(60, 151, 10)) + (157,), "60, 70, 80, ... 150, 157"),
    (tuple(range(50, 151, 15)) + (157,), "50, 65, 80, ... 140, 157"),
    ((140, 150, 157), "140, 150, 157"),
    ((7, 8, 9, 10, 11, 12, 13), "7, 8, 9, ... 13"),
    ((100, 110, 120, 130, "Matsch"), "100, 110, 120, ... 130, Matsch"),
    ((1, 2, "Matsch mit Partner", "Matsch alleine"), "1, 2, Matsch mit Partner, Matsch alleine"),
])
def test_the_ladder_is_described_by_its_first_numbers_its_last_and_the_rest(ladder, text):
    from tutor.auction import describe_ladder

    assert describe_ladder(ladder) == text


# -- what check reads and recommends follows the rules and the seat ------------------------------

def test_the_lower_verband_hilfe_is_the_other_top_card_with_exactly_two():
    # "Die 70 heisst: Ich halte das Nell zu zweit": over 70 the lower Zehner is 80
    two = "Eichel:A9 Schellen:KUO Rosen:U6 Schilten:O8"
    v = cv.check(two, "60 Eichel, 70 Schellen", "80 Eichel")
    assert v.ok and v.reading.kind == "hilfe"
    assert [p.to_json() for p in v.reading.promises] == [
        {"suit": "Eichel", "has": ["9"], "lacks": [], "length": [2, 2]}]
    assert not cv.check(two, "60 Eichel, 70 Schellen", "90 Eichel").truthful


def test_the_common_hilfe_needs_a_card_in_the_suit():
    # "In Eichel halte ich auch etwas": at least one Eichel, nothing more about the count
    common = VERBAND.replace(hilfe="common")
    one = "Eichel:9 Schellen:KUOA Rosen:U6 Schilten:O8"
    void = "Schellen:KUOA9 Rosen:U6 Schilten:O8"
    assert cv.check(one, "60 Eichel, 70 Schellen", "80 Eichel", common).truthful
    assert not cv.check(void, "60 Eichel, 70 Schellen", "80 Eichel", common).truthful


def test_check_recommends_by_the_table_rules_and_for_the_seat_asked():
    # D doubles A's 100 out of turn (before B calls), and that is D's recommended call:
    # A's Puur zu fünft is U O B 7 6, D's 9 A K 8 sit over them
    d_hand = "Eichel:9AK8 Schellen:A76 Rosen:K7"
    before = "100 Eichel"
    v = cv.check(d_hand, before, "D: dopple")
    assert v.ok and v.recommended == "dopple"
    # at a table without doubling D has no call at all here: nothing to recommend
    v = cv.check(d_hand, before, "D: dopple", VERBAND.replace(doubling=False))
    assert not v.legal and v.recommended is None
    assert "an diesem Tisch wird nicht gedoppelt" in v.text("de")


def test_a_trump_kind_off_the_table_is_illegal_and_nothing_else():
    v = cv.check(C_HAND, "60 Eichel, 70 Schellen", "90 Obenabe")
    assert (v.legal, v.conventional, v.truthful, v.ok) == (False, False, False, False)
    assert v.recommended == "90 Eichel"
    assert "Nicht erlaubt" in v.text("de") and "Empfohlen: 90 Eichel" in v.text("de")


def test_a_promise_without_a_length_allows_any_length():
    p = cv.Promise.from_json({"suit": "Rosen", "has": ["A"]})
    assert p.length == (0, 9)


def test_double_and_konter_say_what_they_do_to_the_target_points():
    # "Das Doppeln verdoppelt allein die Zielpunkte ... Das Doppeln beendet das Bieten";
    # "Damit verdoppeln sich die Zielpunkte erneut, und danach stehen sie fest."
    e = cv.explain("60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple, A: konter")
    double, konter = e.calls[-2], e.calls[-1]
    assert double.text("de") == ("D doppelt 100 Eichel von A: die Zielpunkte verdoppeln sich, "
                                 "das Bieten ist beendet.")
    assert konter.text("de") == "A kontert: die Zielpunkte verdoppeln sich erneut und stehen fest."
    # the extended variant also doubles at the first lead, after the bidding has ended
    late = cv.explain("60 Eichel, fort, fort, fort, B: dopple", ERWEITERT).calls[-1]
    assert late.text("de") == "B doppelt 60 Eichel von A: die Zielpunkte verdoppeln sich, vor dem ersten Ausspiel."
    assert late.text("en") == "B doubles 60 Eichel by A: the target points double, before the first lead."


def test_fort_before_any_bid_bids_nothing():
    assert cv.explain("fort").calls[0].text("de") == "fort: A bietet nicht und bleibt für dieses Bieten draussen."
    assert cv.explain("60 Eichel, fort").calls[1].text("en") == \
        "fort: B lets the bid stand and is out for this auction."


@pytest.mark.parametrize("auction, why", [
    ("55 Rosen", "vor dem ersten Gebot zeigt ein Fünfer kein Ass"),
    ("60 Eichel, 75 Rosen", "nur der nächste Fünfer über dem laufenden Gebot (65) ist eine Ass-Ansage"),
    ("60 Eichel, 70 Schellen, 75 Eichel", "ein Fünfer in der eigenen Teamfarbe"),
    ("60 Eichel, 65 Rosen, 90 Rosen", None),
])
def test_why_a_call_follows_no_convention(auction, why):
    last = cv.explain(auction).calls[-1]
    if why is None:      # a Zehner of a suit only shown by an Ace: an opening? 90 is Nell zu fünft
        assert last.kind == "opening"
        return
    assert last.kind == "unconventional" and why in last.text("de")


@pytest.mark.parametrize("auction, lang, line", [
    ("60 Eichel", "de", "Am Zug: B."),
    ("60 Eichel", "en", "Next to call: B."),
    ("fort, fort, fort, fort", "de", "Alle haben «fort» gesagt: kein Spiel, es wird neu gegeben."),
    ("fort, fort, fort, fort", "en", "Everybody said fort: no game, the cards are dealt anew."),
    ("60 Eichel, fort, fort, fort", "de", "Das Bieten ist beendet: A spielt 60 Eichel (Zielpunkte ×1)."),
    ("60 Eichel, B: dopple", "de", "Das Bieten ist beendet: A spielt 60 Eichel, gedoppelt (Zielpunkte ×2)."),
    ("60 Eichel, B: dopple, C: konter", "de",
     "Das Bieten ist beendet: A spielt 60 Eichel, gekontert (Zielpunkte ×4)."),
    ("60 Eichel, B: dopple, C: konter", "en",
     "The bidding is over: A plays 60 Eichel, redoubled (target points ×4)."),
    ("60 Eichel, B: dopple", "en", "The bidding is over: A plays 60 Eichel, doubled (target points ×2)."),
])
def test_explain_ends_with_whose_turn_or_the_contract(auction, lang, line):
    # "Sagen alle vier «fort», liegt kein Gebot vor"; the double doubles the target points,
    # the konter doubles them again
    r = run("explain", auction, "--lang", lang)
    assert r.exit_code == 0 and r.output.rstrip("\n").splitlines()[-1] == line


# -- Weis shown in a Partie, and the ends of a Partie once more -----------------------------------

def test_equal_weis_the_order_starts_at_vorhand_not_at_the_declarer():
    # game 1: D deals, A is Vorhand; B declares. Equal Dreiblätter, neither in trump:
    # from Vorhand A comes before B (AC writes); from the first lead B would come first.
    cards = {"A": "Eichel:678", "B": "Schellen:678"}
    p = play(VERBAND, g("80 Rosen", "B", 100, weis=cards))
    assert p.rows[0].vorhand == "A" and p.rows[0].score.weis == {"AC": 20}
    lead = play(table(weis_order="lead"), g("80 Rosen", "B", 100, weis=cards))
    assert lead.rows[0].score.weis == {"BD": 20}


def test_equal_weis_the_one_in_trump_wins():
    cards = {"A": "Eichel:678", "B": "Rosen:678"}
    p = play(VERBAND, g("80 Rosen", "C", 100, weis=cards))
    assert p.rows[0].score.weis == {"BD": 20}


def test_a_long_sequence_shown_counts_by_the_tables_long_weis_rule():
    cards = {"A": "Eichel:6789BU"}      # a Sechsblatt: 150 graded, 100 flat
    graded = play(VERBAND, g("80 Rosen", "C", 100, weis=cards))
    flat = play(table(long_weis="flat100"), g("80 Rosen", "C", 100, weis=cards))
    assert graded.rows[0].score.weis == {"AC": 150} and flat.rows[0].score.weis == {"AC": 100}


def test_ueberbiet_needs_the_declaring_team_ahead_not_level():
    # "Erreicht das führende Team das Ziel und liegt vorn": level is not ahead.
    # game 1: A makes 60 with 97: AC 157, BD 60; game 2: B makes 60 with 97: 217 : 217
    # (both over 200, level: play on); game 3: A misses 95 with 91 and a Weis of 70:
    # AC 217 + 91 + 70 = 378, BD 217 + 66 + 95 = 378 -- level, so no Überbiet, play on.
    rules = table(match_target=200, end_rule="ueberbiet")
    p = play(rules, g("60 Eichel", "A", 97), g("60 Schellen", "B", 97))
    assert p.totals == {"AC": 217, "BD": 217} and not p.over
    q = p.add(Game.from_dict(g("95 Eichel", "A", 91, weis={"AC": 70}), rules))
    assert q.rows[-1].points == {"AC": 161, "BD": 161}
    assert q.rows[-1].adjustment == {"AC": 0, "BD": 0} and q.totals == {"AC": 378, "BD": 378}
    assert not q.over
    # one Stöck more and AC is ahead: the 95 comes off both teams
    r = p.add(Game.from_dict(g("95 Eichel", "A", 91, weis={"AC": 70}, stoeck="AC"), rules))
    assert r.rows[-1].adjustment == {"AC": -95, "BD": -95} and not r.over


def test_a_draw_is_decided_after_its_game():
    p = play(table(match_target=200, tie="draw"), g("60 Eichel", "A", 97), g("60 Schellen", "B", 97))
    assert p.over and p.winner is None and p.to_json()["decided_after"] == 2


def test_each_kind_of_free_call_is_offered_once_per_suit():
    # A after 60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen: raises in the own Eichel and
    # "we want your suit" in the opponents' Schellen carry no information: the lowest of
    # each is offered (100 Eichel, 100 Schellen), not one instead of the other
    a_hand = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"
    offered = {(o.kind, str(o.call)) for o in cv.advise(a_hand, "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen").options}
    assert ("raise", "100 Eichel") in offered and ("want", "100 Schellen") in offered
    assert ("raise", "110 Eichel") not in offered and ("want", "110 Schellen") not in offered
