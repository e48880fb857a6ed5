"""The commands of the other games, through the real `tutor` group: games, auction, and
the --game branch of bid/explain/check/score (dispatch)."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from tutor.cli import main

STRONG = "S:AKQJ52 H:K4 D:A73 C:96"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def as_json(result) -> object:
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# -- tutor games ------------------------------------------------------------------------
def test_games_lists_every_game_with_its_auction_rules():
    r = run("games")
    assert r.exit_code == 0
    for gid in ("sidi-barrani", "bolschewik", "bieter-3", "bieter-3-innerschweiz", "bieter-4",
                "bieter-5", "palette", "pandur", "tarneeb"):
        assert gid in r.output
    assert "tiefstes Gebot 600, Steigerung 10" in r.output


def test_games_json_has_the_table():
    data = {g["id"]: g for g in as_json(run("games", "--json"))}
    assert data["palette"]["lowest_bid"] == 110 and data["palette"]["step"] == 1
    assert data["palette"]["words"] == ["Matsch mit Partner", "Matsch alleine"]
    assert data["bieter-3"]["fort_final"] == "after_bid" and data["bieter-3"]["seats"] == ["A", "B", "C"]
    assert data["pandur"]["dealer_sits_out"] is True
    assert data["sidi-barrani"]["highest_bid"] == 157 and data["bolschewik"]["highest_bid"] is None
    assert data["tarneeb"]["lowest_bid"] == 7 and data["tarneeb"]["highest_bid"] == 13


def test_games_one_game_in_english():
    r = run("games", "pandur", "--lang", "en")
    assert r.exit_code == 0 and "Pandur mit" in r.output and "dealer" in r.output
    assert "bieter-3" not in r.output


def test_games_unknown_game_exits_2():
    r = run("games", "skat", "--lang", "en")
    assert r.exit_code == 2 and "unknown game" in r.output
    r = run("games", "skat")  # German by default
    assert r.exit_code == 2 and "unbekanntes Spiel 'skat'" in r.output


# -- tutor auction ------------------------------------------------------------------------
def test_auction_json_contract_bieter_3():
    assert as_json(run("auction", "--game", "bieter-3", "600, 610, fort, 620, fort", "--json")) == {
        "over": True, "next": None, "high_bid": "620", "declarer": "A", "sides": [["A"], ["B", "C"]]}


def test_auction_json_contract_pandur_mit():
    assert as_json(run("auction", "--game", "pandur", "100, 110, Pandur mit", "--json")) == {
        "over": True, "next": None, "high_bid": "Pandur mit", "declarer": "C", "sides": [["C"], ["A", "B"]]}


def test_auction_json_while_running():
    assert as_json(run("auction", "--game", "bieter-3", "fort, 600", "--json")) == {
        "over": False, "next": "C", "high_bid": "600", "declarer": None, "sides": None}


def test_auction_words_may_come_unquoted():
    data = as_json(run("auction", "--game", "pandur", "100,", "Pandur", "mit", "--json"))
    assert data["declarer"] == "B"


def test_auction_text_says_who_is_koenig_and_what_the_text_leaves_open():
    r = run("auction", "--game", "bieter-3", "600, 610, fort, 620, fort")
    assert r.exit_code == 0
    assert "König: A mit 620" in r.output and "1000" in r.output
    assert "nennt der Text nicht" in r.output


def test_auction_full_json_has_calls_and_notes():
    data = as_json(run("auction", "--game", "palette", "110, Matsch", "--json", "--full"))
    assert [c["call"] for c in data["calls"]] == ["110", "Matsch mit Partner"]
    assert data["next_calls"]["calls"] == ["Matsch alleine", "fort"]
    assert any("Matsch" in n for n in data["notes"])


@pytest.mark.parametrize("game, text, where", [
    ("bieter-3", "600, 605", "Ansage 2"),
    ("bieter-3", "600, 610, fort, 620, fort, 630", "Ansage 6"),
    ("palette", "110, Matsch, 500", "Ansage 3"),
    ("pandur", "100, zehn", "Ansage 2"),
    ("bolschewik", "90", "Ansage 1"),
])
def test_auction_illegal_or_unreadable_exits_2_naming_the_call(game, text, where):
    r = run("auction", "--game", game, text)
    assert r.exit_code == 2 and where in r.output and "Traceback" not in r.output


def test_auction_falls_back_to_the_group_game():
    assert as_json(run("--game", "tarneeb", "auction", "7, 8, pass, pass, pass", "--json")) == {
        "over": True, "next": None, "high_bid": "8", "declarer": "B", "sides": [["B", "D"], ["A", "C"]]}


def test_a_tarneeb_pass_is_explained_as_a_pass_not_as_a_jass_fort():
    """tarneeb.txt: "oder man passt. Wer einmal gepasst hat, darf nicht mehr bieten" and "Wenn alle
    vier Spieler passen, wird die Runde annulliert": each pass is a pass that keeps its caller out;
    "fort" is Sidi-Barrani's word and its "deal anew" not Tarneeb's annulled round."""
    text = run("--game", "tarneeb", "auction", "7, pass, 8, pass, pass", "--lang", "en").output
    passes = [line for line in text.splitlines() if re.match(r"\s+\d+\. [A-D]  pass ", line)]
    assert len(passes) == 3, text
    assert all("pass: out for this auction" in line for line in passes), text
    assert "fort" not in text, text
    text = run("--game", "tarneeb", "auction", "pass, pass, pass, pass", "--lang", "en").output
    assert "all four passed: the deal is annulled" in text and "fort" not in text, text
    for lang, word in (("de", "Pass: draussen"), ("fr", "passe : sorti")):
        text = run("--game", "tarneeb", "auction", "7, pass", "--lang", lang).output
        assert word in text and "fort" not in text, text
    # Sidi-Barrani's fort keeps its own word
    assert "fort: out for this auction" in run("auction", "60 Eichel, fort", "--lang", "en").output


def test_auction_default_game_is_sidi_barrani():
    data = as_json(run("auction", "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple", "--json"))
    assert data["declarer"] == "A" and data["sides"] == [["A", "C"], ["B", "D"]]
    # the double's seat is named once: in its column, not again in the call
    text = run("auction", "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple", "--lang", "en").output
    assert "   6. D  dopple " in text and "D: dopple " not in text.splitlines()[6], text


def test_auction_rules_only_for_games_that_have_table_rules():
    r = run("auction", "--game", "pandur", "--rules", "erweitert", "100", "--lang", "en")
    assert r.exit_code == 2 and "no table rules" in r.output
    r = run("auction", "--game", "pandur", "--rules", "erweitert", "100")
    assert r.exit_code == 2 and "Pandur hat im Tutor keine Tischregeln" in r.output
    data = as_json(run("auction", "--game", "tarneeb", "--rules", "saudi", "7", "--json"))
    assert data["next"] == "B"


# -- tutor --game tarneeb ... ------------------------------------------------------------
def test_tarneeb_bid():
    r = run("--game", "tarneeb", "bid", "--hand", STRONG)
    assert r.exit_code == 0 and r.output.startswith("A: 8") and "Pik" in r.output
    data = as_json(run("--game", "tarneeb", "bid", "--hand", STRONG, "--json", "--lang", "en"))
    assert (data["call"], data["trump"], data["estimate"]["own"]) == ("8", "S", 5)


def test_tarneeb_explain():
    data = as_json(run("--game", "tarneeb", "explain", "7, 8, pass, pass, pass", "--json"))
    assert [c["kind"] for c in data["calls"]] == ["bid", "bid", "pass", "pass", "end"]
    assert data["state"]["declarer"] == "B" and data["state"]["contract"] == "8"
    r = run("--game", "tarneeb", "explain", "7, 8", "--next")
    assert r.exit_code == 0 and "13" in r.output


def test_tarneeb_check_exit_codes():
    r = run("--game", "tarneeb", "check", "--hand", STRONG, "--auction", "7", "--call", "8")
    assert r.exit_code == 0
    r = run("--game", "tarneeb", "check", "--hand", STRONG, "--auction", "7", "--call", "9", "--json")
    assert r.exit_code == 1
    assert json.loads(r.output)["truthful"] is False


def test_tarneeb_score_json_contract():
    assert as_json(run("--game", "tarneeb", "score", "--bid", "8", "--tricks", "9", "--json")) == {
        "made": True, "bidders": 9, "defenders": 4}
    assert as_json(run("--game", "tarneeb", "score", "--bid", "9", "--tricks", "8", "--json")) == {
        "made": False, "bidders": -9, "defenders": 5}
    assert as_json(run("--game", "tarneeb", "score", "--rules", "saudi", "--bid", "9", "--tricks", "13",
                       "--json")) == {"made": True, "bidders": 16, "defenders": 0}


@pytest.mark.parametrize("args, message", [
    (("score", "--tricks", "9"), "--bid"),
    (("score", "--bid", "6", "--tricks", "6"), "bid"),
    (("score", "--bid", "8", "--tricks", "9", "--contract", "100 Eichel"), "Sidi-Barrani"),
    (("bid", "--hand", "S:AK"), "genau 13 Karten"),
    (("bid", "--hand", STRONG, "--auction", "7, 7"), "Ansage 2"),
    (("score", "--rules", "tarneeb-400", "--bid", "8", "--tricks", "9"), "400"),
])
def test_tarneeb_bad_input_exits_2(args, message):
    r = run("--game", "tarneeb", *args)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


def test_jass_games_referee_through_explain_and_refuse_bid():
    r = run("--game", "pandur", "explain", "100, 110, Pandur mit", "--json")
    assert as_json(r)["declarer"] == "C"
    r = run("--game", "pandur", "bid", "--hand", "Eichel:A", "--lang", "en")
    assert r.exit_code == 2 and "no 'bid'" in r.output
    r = run("--game", "bieter-3", "check", "--hand", "Eichel:A", "--auction", "600", "--call", "605",
            "--lang", "en")
    assert r.exit_code == 1 and "not a bid" in r.output
    r = run("--game", "bieter-3", "check", "--hand", "Eichel:A", "--auction", "600", "--call", "605")
    assert r.exit_code == 1 and "605 ist nicht erlaubt: 605 ist im Bieter zu dritt kein Gebot" in r.output


def test_unknown_group_game_exits_2():
    r = run("--game", "skat", "bid", "--hand", STRONG, "--lang", "en")
    assert r.exit_code == 2 and "unknown game" in r.output


def test_tarneeb_commands_import_no_yaml_or_jinja2():
    import subprocess
    import sys

    code = ("import sys\n"
            "from tutor.cli import main\n"
            "for args in (['--game', 'tarneeb', 'bid', '--hand', 'S:AKQJ52 H:K4 D:A73 C:96'],\n"
            "             ['--game', 'tarneeb', 'score', '--bid', '8', '--tricks', '9'],\n"
            "             ['auction', '--game', 'bieter-3', '600, fort, fort']):\n"
            "    try:\n"
            "        main(args, standalone_mode=False)\n"
            "    except SystemExit:\n"
            "        pass\n"
            "print('LOADED', sorted(m for m in ('yaml', 'jinja2') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "LOADED []" in out.stdout


def test_tarneeb_explain_names_each_call_s_kind_in_the_language_asked():
    # issue 26 audit: the kind column showed the bare key ("bid", "pass") under --lang de and fr;
    # Sidi-Barrani's explain shows the kind's name in brackets, in the language asked
    for lang, bid, passed in (("de", "[Gebot", "[Pass (draussen)]"), ("fr", "[enchère", "[passe (sorti)]"),
                              ("en", "[bid (", "[pass (out)]")):
        text = run("--game", "tarneeb", "explain", "7, pass, 8", "--lang", lang).output
        lines = text.splitlines()
        assert bid in lines[0] and passed in lines[1], text
        # the call as typed, then the kind's name: no bare key after the call's column
        assert not any(re.match(r"\s*\d+\. [A-D]  \S+\s+(bid|pass|end)\s", line) for line in lines), text


def test_a_french_auction_and_explanation_show_a_double_as_the_learner_types_it():
    # docs/french.md: a French learner types « contre » / « surcontre » (read as dopple /
    # konter); `auction` and `explain` list the calls in that word (s37: "B  dopple" under
    # --lang fr); German and English keep dopple / konter, and --json the calls' own words
    calls = "60 Rosen, B: contre, A: surcontre"
    fr = run("auction", calls, "--lang", "fr").output.splitlines()
    assert fr[0] == "Sidi-Barrani: 60 Rosen, B: contre, A: surcontre", fr
    assert fr[2].startswith("   2. B  contre ") and fr[3].startswith("   3. A  surcontre "), fr
    assert not any("dopple" in x or "konter" in x for x in fr), fr
    for lang in ("de", "en"):
        out = run("auction", calls, "--lang", lang).output.splitlines()
        assert out[0] == "Sidi-Barrani: 60 Rosen, B: dopple, A: konter" and out[2].startswith("   2. B  dopple "), out
    explained = run("explain", calls, "--lang", "fr").output.splitlines()
    assert explained[1].startswith(" 2. B  contre ") and explained[2].startswith(" 3. A  surcontre "), explained
    upcoming = run("explain", "60 Rosen", "--next", "--lang", "fr").output
    assert "  B: contre " in upcoming and "dopple" not in upcoming, upcoming
    data = as_json(run("auction", calls, "--lang", "fr", "--json", "--full"))
    assert [c["call"] for c in data["calls"]] == ["60 Rosen", "dopple", "konter"]
