"""One way to type: the same call and hand notation in every command and in the quiz.

The expected readings come from the notation (tutor/cards.py's docstring): ``ro`` is
Rosen, ``ei`` Eichel, ``sche`` Schellen; ♥ is Rosen, ♣ Eichel, ♦ Schellen, ♠ Schilten
(the French-suited mapping)."""
from __future__ import annotations

import json

import pytest

from conftest import FIXTURES, write

SPELLINGS = ["60ro", "60 ro", "60 Rosen", "60 auf Rosen", "60Rosen", "60 ♥", "60♥"]


@pytest.mark.parametrize("call", SPELLINGS)
def test_every_spelling_of_a_call_in_an_auction(run, call):
    res = run("explain", call, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["calls"][0]["call"] == "60 Rosen"


def test_two_glued_calls_in_one_auction(run):
    res = run("explain", "60ei, 70 sche", "--json")
    assert [c["call"] for c in json.loads(res.output)["calls"]] == ["60 Eichel", "70 Schellen"]


@pytest.mark.parametrize("call", SPELLINGS)
def test_every_spelling_in_check_and_score(run, call):
    hand = "Rosen:U86 Eichel:AK7 Schellen:O9 Schilten:B"
    res = run("check", "--hand", hand, "--call", call, "--json")
    assert json.loads(res.output)["legal"] is True
    res = run("score", "--contract", call, "--declarer", "A", "--card-points", "60", "--json")
    assert json.loads(res.output)["target_points"] == 60


SYMBOL_HAND = "♥9K7 ♣U8 ♦AO6 ♠B"
WORD_HAND = "Rosen:K97 Eichel:U8 Schellen:AO6 Schilten:B"


def test_suit_symbols_in_a_hand_read_as_the_words(run):
    by_symbol = run("bid", "--hand", SYMBOL_HAND, "--json")
    by_word = run("bid", "--hand", WORD_HAND, "--json")
    assert by_symbol.exit_code == 0, by_symbol.output
    assert json.loads(by_symbol.output)["call"] == json.loads(by_word.output)["call"]
    # Rosen: K 9 7, the Nell without the Puur, three cards: the Nell row's 50
    assert json.loads(by_symbol.output)["call"] == "50 Rosen"


def test_symbols_in_weis_and_a_symbol_beside_a_colon(run):
    res = run("weis", "--hand", "♥AKO ♣U8 ♦AO6 ♠B", "--json")
    assert res.exit_code == 0, res.output
    res = run("bid", "--hand", "♥:9K7 ♣U8 Schellen:AO6 ♠B", "--json")
    assert json.loads(res.output)["call"] == "50 Rosen"


def test_the_game_option_before_or_after_the_subcommand(run):
    before = run("--game", "tarneeb", "explain", "7, pass", "--json")
    after = run("explain", "7, pass", "--game", "tarneeb", "--json")
    glued = run("explain", "--game=tarneeb", "7, pass", "--json")
    assert before.exit_code == after.exit_code == glued.exit_code == 0
    assert before.output == after.output == glued.output
    assert json.loads(before.output)["calls"][1]["call"] == "pass"


def test_a_tarneeb_sonne_bid_is_scored(run, tmp_path):
    rules = write(tmp_path, "sonne.yaml", "sonne: true\n")
    res = run("score", "--game", "tarneeb", "--bid", "8 Sonne", "--tricks", "9", "--rules", rules, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["made"] is True
    res = run("score", "--game", "tarneeb", "--bid", "8", "--tricks", "7", "--json")
    assert json.loads(res.output)["made"] is False


@pytest.mark.parametrize("answer", ["90ei", "90 ei", "90 Eichel", "90 auf Eichel", "90♣", "90 ♣"])
def test_the_same_spellings_as_quiz_answers(run, tmp_path, answer):
    f = write(tmp_path, "b.yaml", """\
        drills:
          - id: b
            type: bid
            hand: "♣AO9 ♦KU ♥U6 ♠O8"
            auction: "60ei, 70 sche"
            answer: "90 auf Eichel"
        """)
    res = run("quiz", f, "--db", tmp_path / "p.db", "--lessons", FIXTURES / "lessons", "--json",
              input=answer + "\n")
    assert json.loads(res.output.strip().splitlines()[-1])["correct"] == 1, res.output
