"""Game files and their replay: ``tutor play`` and ``tafel add --played``.

Expected values come from the rules (sidi-barrani.txt and its worked example in
/work/shared/rules/worked-example.yaml, copied to tutor/data/), not from the program."""
import json
import textwrap
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tutor.cli import main
from tutor.errors import IllegalPlayError, ParseError, TutorError
from tutor import worked_example
from tutor.play import game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "worked-example.yaml"
# The rules' own record of the worked example: hands, the play trick by trick, the board.
RECORD = yaml.safe_load((ROOT / "tutor" / "data" / "worked-example.yaml").read_text(encoding="utf-8"))


def run(*args, input=None):
    result = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def write(tmp_path, text, name="game.yaml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def example_with(**changes):
    """The example file's text with some of its lines replaced ({old line: new line}), and
    without its auction (which would give the contract the changes take away)."""
    text = "\n".join(line for line in EXAMPLE.read_text(encoding="utf-8").splitlines()
                     if not line.startswith("auction:")) + "\n"
    for old, new in changes.values():
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


# -- the worked example ------------------------------------------------------------------

@pytest.mark.parametrize("source", ["examples file", "converter"])
def test_the_worked_example_replays_card_by_card(source):
    g = game.load(EXAMPLE) if source == "examples file" else worked_example.as_game()
    r = game.replay(g)
    assert r.legal and r.complete and len(r.tricks) == 9 == len(RECORD["play"])
    taken = {"AC": 0, "BD": 0}
    for t, rec in zip(r.tricks, RECORD["play"]):
        assert t.leader == rec["lead"]
        assert [str(c) for c in t.cards] == rec["cards"]
        assert (t.winner, t.points) == (rec["winner"], rec["points"]), t.n
        taken["AC" if rec["winner"] in "AC" else "BD"] += rec["points"]
        assert dict(t.total) == taken
    assert r.tricks[-1].last and RECORD["play"][-1]["points"] == 7 + 5   # the 5 for the last trick
    assert dict(r.points) == RECORD["card_points"] == {"AC": 113, "BD": 44}
    assert r.stoeck is None                     # König at D, Ober at C: split, no Stöck
    assert r.weis_points == {"AC": 0, "BD": 0}  # "Niemand hat einen Weis"
    assert r.row.points == RECORD["board"] == {"AC": 313, "BD": 44}
    assert r.row.score.made and r.row.score.target_points == 200


def test_the_examples_file_is_the_worked_example():
    a, b = game.load(EXAMPLE), worked_example.as_game()
    for key in ("hands", "trump", "leader", "tricks", "contract", "declarer", "double", "redouble"):
        assert getattr(a, key) == getattr(b, key), key
    hands = {s: {suit: [str(r) for r in ranks] for suit, ranks in h.items()}
             for s, h in RECORD["hands"].items()}
    assert {s: a.hands[s].to_dict() for s in "ABCD"} == hands


def test_dumps_and_loads_round_trip():
    g = worked_example.as_game()
    back = game.loads(game.dumps(g), source="x.yaml")
    assert (back.hands, back.trump, back.leader, back.tricks, back.contract, back.declarer,
            back.double, back.vorhand) == (g.hands, g.trump, g.leader, g.tricks, g.contract,
                                           g.declarer, g.double, g.vorhand)


def test_without_the_double_the_board_is_213_to_44(tmp_path):
    p = write(tmp_path, example_with(d=("double: true ", "double: false")))
    assert game.replay(game.load(p)).row.points == RECORD["board_without_double"]


# -- play through click ------------------------------------------------------------------

def test_play_json_contract():
    r = run("play", EXAMPLE, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["tricks"] == [{"leader": t["lead"], "cards": t["cards"], "winner": t["winner"],
                               "points": t["points"]} for t in RECORD["play"]]
    assert data["points"] == {"AC": 113, "BD": 44} and data["legal"] is True and "error" not in data
    assert data["result"] == {"made": True, "target_points": 200, "board": {"AC": 313, "BD": 44}}


def test_play_text_trick_by_trick():
    r = run("play", EXAMPLE, "--lang", "en")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == "100 Eichel, declarer A, doubled; A leads"
    assert lines[1].startswith("Trick 1: A Eichel U, B Eichel 7, C Eichel O, D Eichel K ")
    assert lines[1].endswith("-> A takes 27  (AC 27 : BD 0)")
    assert "Weis: none" in lines[2]
    assert lines[-4].endswith("-> A takes 7 + 5 for the last trick = 12  (AC 113 : BD 44)")
    assert lines[-3:] == ["Card points: AC 113 : BD 44", "100 Eichel: made, 200 target points for AC",
                          "Board: AC 313 : BD 44"]
    de = run("play", EXAMPLE).stdout
    assert "Stich 9:" in de and "5 für den letzten Stich" in de and "Tafel: AC 313 : BD 44" in de


def test_play_reads_standard_input():
    r = run("play", "-", "--json", input=EXAMPLE.read_text(encoding="utf-8"))
    assert r.exit_code == 0 and json.loads(r.stdout)["points"] == {"AC": 113, "BD": 44}


# -- illegal cards -------------------------------------------------------------------------

# In trick 3 (C leads Schilten 8) B still holds Schilten 6 and Schilten B; playing Schellen 9
# there breaks the rule to follow suit (B holds no trump, so no trumping either).
REVOKE = dict(t3=("  - Schilten 8, Schilten 9, Schilten A, Schilten 6",
                  "  - Schilten 8, Schilten 9, Schilten A, Schellen 9"),
              t9=("  - Schellen O, Eichel 8, Schellen 9, Schellen K",
                  "  - Schellen O, Eichel 8, Schilten 6, Schellen K"))


def test_an_illegal_card_is_named_with_its_rule(tmp_path):
    p = write(tmp_path, example_with(**REVOKE))
    r = game.replay(game.load(p))
    assert not r.legal and len(r.tricks) == 2
    assert r.illegal.to_json() == {"trick": 3, "seat": "B", "card": "Schellen 9", "rule": "follow_suit"}
    with pytest.raises(IllegalPlayError):
        r.entry()


def test_play_exits_1_at_an_illegal_card(tmp_path):
    p = write(tmp_path, example_with(**REVOKE))
    r = run("play", p, "--lang", "en")
    assert r.exit_code == 1
    assert r.stdout.count("Trick ") == 2 and "Board" not in r.stdout
    err = r.stderr.strip().splitlines()
    assert len(err) == 1 and f"{p}:" in err[0] and "trick 3, B: Schellen 9 is not allowed" in err[0]
    assert "follow suit" in err[0]
    j = run("play", p, "--json")
    assert j.exit_code == 1
    data = json.loads(j.stdout)
    assert data["legal"] is False and len(data["tricks"]) == 2
    assert data["error"] == {"trick": 3, "seat": "B", "card": "Schellen 9", "rule": "follow_suit"}


SMALL = """\
    trump: Eichel
    leader: A
    hands:
      A: {a}
      B: {b}
      C: {c}
      D: {d}
    tricks:
      - {trick}
"""


@pytest.mark.parametrize("hands, trick, error", [
    # C cannot follow Rosen, a trump lies in the trick, C holds a Schellen: no undertrumping
    (("Rosen:A", "Eichel:9", "Eichel:6", "Rosen:K"), None, None),
    (("Rosen:A7", "Eichel:9 Schellen:6", "Eichel:6 Schellen:A", "Rosen:K6"),
     "Rosen A, Eichel 9, Eichel 6, Rosen K", {"seat": "C", "card": "Eichel 6", "rule": "undertrump"}),
    # trump led, B holds a trump besides the Rosen
    (("Eichel:A7", "Eichel:6 Rosen:6", "Rosen:AK", "Schellen:AK"),
     "Eichel A, Rosen 6, Rosen A, Schellen A", {"seat": "B", "card": "Rosen 6", "rule": "follow_trump"}),
    # ... but the Puur alone need not follow
    (("Eichel:A7", "Eichel:U Rosen:6", "Rosen:AK", "Schellen:AK"),
     "Eichel A, Rosen 6, Rosen A, Schellen A", None),
])
def test_legal_and_illegal_cards_in_a_game_file(tmp_path, hands, trick, error):
    if trick is None:       # one card each: every card is legal
        trick = "Rosen A, Eichel 9, Eichel 6, Rosen K"
    a, b, c, d = hands
    p = write(tmp_path, SMALL.format(a=a, b=b, c=c, d=d, trick=trick))
    r = game.replay(game.load(p))
    if error is None:
        assert r.legal and len(r.tricks) == 1
    else:
        assert r.illegal.to_json() == {"trick": 1, **error}


def test_endgame_in_obenabe_counts_the_eight_and_the_last_trick(tmp_path):
    p = write(tmp_path, """\
        trump: Obenabe
        leader: B
        hands: {A: "Rosen:8", B: "Rosen:9", C: "Rosen:A", D: "Eichel:A"}
        tricks: [[Rosen 9, Rosen A, Eichel A, Rosen 8]]
    """)
    r = game.replay(game.load(p))
    # C's Ace takes (Obenabe: Ace high, Eichel A is not the suit led); 8 + 11 + 11 + 5
    assert r.tricks[0].winner == "C" and r.points == {"AC": 35, "BD": 0}
    assert r.row is None     # no contract: no board


def test_undenufe_the_six_takes(tmp_path):
    p = write(tmp_path, """\
        trump: undenufe
        leader: A
        hands: {A: "Rosen:A7", B: "Rosen:6 Eichel:K", C: "Rosen:K8", D: "Schellen:6 Eichel:A"}
        tricks: [[Rosen A, Rosen 6, Rosen K, Schellen 6]]
    """)
    r = game.replay(game.load(p))
    assert r.complete is False and r.tricks[0].winner == "B"
    assert r.points == {"AC": 0, "BD": 0 + 11 + 4 + 11}     # no 5: the game is not over


def test_weis_and_stoeck_as_the_table_rules_count_them(tmp_path):
    p = write(tmp_path, """\
        trump: Eichel
        leader: A
        hands:
          A: "Eichel:KO Rosen:6"
          B: "Rosen:789"
          C: "Eichel:6 Rosen:AK"
          D: "Schellen:AKO"
        tricks:
          - Eichel K, Rosen 7, Eichel 6, Schellen A
          - Eichel O, Rosen 8, Rosen A, Schellen K
    """)
    r = game.replay(game.load(p))
    # B's Rosen 7 8 9 is a Dreiblatt (20); D's Schellen O K A one too: the higher top
    # card writes, and D's team BD writes both (40). A's König and Ober of the trump are
    # Stöck (20) once the second is played, in trick 2.
    assert r.weis_points == {"AC": 0, "BD": 40}
    assert r.stoeck == ("A", "AC", 2)
    text = run("play", p, "--lang", "en").stdout
    assert "Weis: BD 40" in text and "Stöck: A (AC) 20" in text
    no = write(tmp_path, "rules: {profile: verband, weis: false, stoeck: false}\n"
               + p.read_text(encoding="utf-8"), "no.yaml")
    r = game.replay(game.load(no))
    assert r.weis_points == {"AC": 0, "BD": 0} and r.stoeck is None


# -- bad files ---------------------------------------------------------------------------

def bad(result, *words):
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("change, words", [
    ({"x": ("  A: Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7", "  A: Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK")},
     ["game.yaml:12:", "same size", "A 8"]),
    ({"x": ("  B: Eichel:7 Schellen:B976", "  B: Eichel:U Schellen:B976")}, ["game.yaml:12:", "Eichel U", "A and B"]),
    ({"x": ("trump: Eichel ", "trump: Herz Ass")}, ["game.yaml:21:", "unknown trump"]),
    ({"x": ("trump: Eichel ", "trump: Rosen ")}, ["game.yaml:21:", "contract 100 Eichel"]),
    ({"x": ("  - Rosen 9, Rosen B, Rosen 6, Rosen A", "  - Rosen 9, Rosen B, Rosen 6, Rosen K")},
     ["game.yaml:34:", "trick 7", "Rosen K", "already played in trick 6"]),
    ({"x": ("  - Eichel U, Eichel 7, Eichel O, Eichel K", "  - Eichel U, Eichel 7, Eichel K, Eichel O")},
     ["game.yaml:", "trick 1", "Eichel K is not in C's hand", "D holds it"]),
    ({"x": ("  - Eichel U, Eichel 7, Eichel O, Eichel K", "  - Eichel U, Eichel 7, Eichel O")},
     ["game.yaml:", "trick 1: four cards, separated by commas, the lead first (this one has 3)"]),
    ({"x": ("  - Eichel U, Eichel 7, Eichel O, Eichel K", "  - Eichel U Eichel 7 Eichel O Eichel K")},
     ["game.yaml:", "trick 1: four cards, separated by commas, the lead first (this one has 1)"]),
    ({"x": ("  - Eichel U, Eichel 7, Eichel O, Eichel K", "  - Eichel U, Eichel 7, Eichel Q, Eichel K")},
     ["game.yaml:", "trick 1", "Eichel Q"]),
    ({"x": ("leader: A ", "leader: E ")}, ["game.yaml:", "unknown seat"]),
    ({"x": ("vorhand: A", "vorhand: A\nsurprise: 1")}, ["game.yaml:", "unknown key 'surprise'"]),
    ({"x": ("declarer: A ", "declarer: A\ndeclarer: B")}, ["game.yaml:", "'declarer' given twice"]),
    ({"x": ("tricks: ", "tricks: [oops\n")}, ["game.yaml:", "not valid YAML"]),
    ({"x": ("contract: 100 Eichel ", "contract: 100 Obenabe ")}, ["game.yaml:", "contract"]),
])
def test_bad_game_files_exit_2_with_one_line(tmp_path, change, words):
    p = write(tmp_path, example_with(**change))
    bad(run("play", p, "--lang", "en"), *words)
    bad(run("play", p, "--json", "--lang", "en"), *words)


@pytest.mark.parametrize("text, words", [
    ("", ["game.yaml", "mapping"]),
    ("- a list\n", ["game.yaml", "mapping"]),
    ("trump: Eichel\nleader: A\n", ["hands"]),
    ("trump: Eichel\nleader: A\nhands: {A: 'Rosen:A', B: 'Rosen:K', C: 'Rosen:O'}\n", ["D is missing"]),
    ("trump: Eichel\nleader: A\nhands: {A: 'Rosen:A', B: 'Rosen:K', C: 'Rosen:O', D: 'Rosen:U'}\n"
     "tricks: [[Rosen A, Rosen K, Rosen O, Rosen U], [Rosen A, Rosen K, Rosen O, Rosen U]]\n",
     ["2 tricks, but the hands hold 1"]),
    ("leader: A\nhands: {A: 'Rosen:A', B: 'Rosen:K', C: 'Rosen:O', D: 'Rosen:U'}\n", ["trump is missing"]),
    ("trump: Eichel\nhands: {A: 'Rosen:A', B: 'Rosen:K', C: 'Rosen:O', D: 'Rosen:U'}\n", ["leader"]),
    ("trump: Obenabe Misère\nleader: A\nhands: {A: 'Rosen:A', B: 'Rosen:K', C: 'Rosen:O', D: 'Rosen:U'}\n",
     ["Misère"]),
    ("trump: Eichel\nleader: A\ndouble: true\nhands: {A: 'Rosen:A', B: 'Rosen:K', C: 'Rosen:O', D: 'Rosen:U'}\n",
     ["double without a contract"]),
    # a card no hand of the game holds (one card a hand: 32 of the 36 are not dealt)
    ("trump: Eichel\nleader: A\nhands: {A: 'Rosen:A', B: 'Rosen:K', C: 'Rosen:O', D: 'Rosen:U'}\n"
     "tricks: [[Rosen A, Rosen K, Rosen B, Rosen U]]\n",
     ["trick 1: Rosen B is not in C's hand (nor in any other; A led this trick)"]),
    # an empty trick line: said as such, not as "(None)"
    ("trump: Eichel\nleader: A\nhands: {A: 'Rosen:A6', B: 'Rosen:K7', C: 'Rosen:O8', D: 'Rosen:U9'}\n"
     "tricks:\n  - Rosen A, Rosen K, Rosen O, Rosen U\n  -\n",
     ["game.yaml:6:", "trick 2: four cards, separated by commas, the lead first"]),
])
def test_more_bad_game_files(tmp_path, text, words):
    bad(run("play", write(tmp_path, text), "--lang", "en"), *words)


def test_a_missing_file_exits_2(tmp_path):
    bad(run("play", tmp_path / "nope.yaml", "--lang", "en"), "nope.yaml")


def test_loads_raises_parse_error_naming_the_place():
    with pytest.raises(ParseError, match=r"^g\.yaml:2: hands: unknown seat 'E'"):
        game.loads("trump: Eichel\nhands: {E: 'Rosen:A'}\n", source="g.yaml")


# -- the board -----------------------------------------------------------------------------

def test_tafel_add_takes_a_played_game(tmp_path, monkeypatch):
    monkeypatch.delenv("TUTOR_DB", raising=False)
    db = tmp_path / "t.sqlite3"
    assert run("tafel", "new", "--db", db).exit_code == 0
    r = run("tafel", "add", "--played", EXAMPLE, "--db", db, "--json")
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)["games"][0]
    assert (row["contract"], row["declarer"], row["card_points"], row["double"]) == ("100 Eichel", "A", 113, True)
    assert row["points"] == RECORD["board"]
    bad(run("tafel", "add", "--played", EXAMPLE, "--card-points", "113", "--db", db), "--card-points")
    bad(run("tafel", "add", "--played", write(tmp_path, example_with(**REVOKE)), "--db", db,
            "--lang", "en"),
        "trick 3", "Schellen 9")
    shown = json.loads(run("tafel", "show", "--json", "--db", db).stdout)
    assert len(shown["games"]) == 1       # the refused games left the board as it was


def test_tafel_add_needs_a_finished_game_with_a_contract(tmp_path, monkeypatch):
    monkeypatch.delenv("TUTOR_DB", raising=False)
    db = tmp_path / "t.sqlite3"
    run("tafel", "new", "--db", db)
    no_contract = example_with(c=("contract: 100 Eichel ", "#"), d=("declarer: A ", "#"),
                               x=("double: true ", "#"))
    bad(run("tafel", "add", "--played", write(tmp_path, no_contract), "--db", db, "--lang", "en"),
        "no contract")


# -- speed: the bidding paths load nothing of card play --------------------------------------

def test_the_bidding_commands_import_nothing_of_card_play():
    import subprocess
    import sys

    code = textwrap.dedent("""\
        import sys
        from tutor.cli import main
        for argv in (["check", "--count", "--hand", "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8",
                      "--auction", "60 Eichel, 70 Schellen", "--call", "90 Eichel"],
                     ["bid", "--count", "--hand", "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"],
                     ["explain", "60 Eichel, 70 Schellen"]):
            try:
                main(argv)
            except SystemExit:
                pass
        print("LOADED", sorted(m for m in sys.modules if m.startswith("tutor.play")))
        """)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert "LOADED []" in out.stdout, out.stdout + out.stderr


def test_the_rules_of_play_load_no_yaml():
    import subprocess
    import sys

    code = "import sys, tutor.play.rules; print(sorted(m for m in ('yaml', 'jinja2', 'click') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("text, words", [
    ("a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi")), ["refused", "values"]),
    ("hands: " + "[" * 60 + "]" * 60 + "\n", ["refused", "nested"]),
])
def test_hostile_game_files_are_refused_in_one_line(tmp_path, text, words):
    bad(run("play", write(tmp_path, text), "--lang", "en"), *words)


def test_a_game_file_that_is_no_regular_file(tmp_path):
    bad(run("play", tmp_path, "--lang", "en"))


# -- whole games of every kind ---------------------------------------------------------------

def _played_out(seed, trump_text, contract=None, rules=None, hands=None):
    """A random deal (or ``hands``) played out by always taking the first legal card;
    as a game file."""
    import random

    from tutor.cards import DECK, Hand
    from tutor.play.rules import Trump, legal, seats_from, winner

    rng = random.Random(seed)
    cards = list(DECK)
    rng.shuffle(cards)
    if hands is None:
        hands = {s: Hand(cards[i * 9:(i + 1) * 9]) for i, s in enumerate("ABCD")}
    else:
        hands = {s: Hand.parse(h) for s, h in hands.items()}
    trump = Trump.parse(trump_text)
    left = {s: list(hands[s]) for s in "ABCD"}
    leader, tricks = "A", []
    for _ in range(9):
        trick = []
        for seat in seats_from(leader):
            card = legal(left[seat], trick, trump)[0]
            left[seat].remove(card)
            trick.append(card)
        tricks.append(trick)
        leader = seats_from(leader)[winner(trick, trump)]
    text = "" if rules is None else f"rules: {rules}\n"
    text += "hands:\n" + "".join(f"  {s}: {hands[s]}\n" for s in "ABCD")
    text += (f"contract: {contract}\ndeclarer: A\n" if contract else f"trump: {trump_text}\n") + "leader: A\n"
    text += "tricks:\n" + "".join("  - " + ", ".join(map(str, t)) + "\n" for t in tricks)
    return text


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("trump", ["Eichel", "Schellen", "Rosen", "Schilten", "Obenabe", "Undenufe"])
def test_a_whole_game_of_every_kind_holds_157(seed, trump):
    r = game.replay(game.loads(_played_out(seed, trump), source="g.yaml"))
    assert r.complete and len(r.tricks) == 9
    assert r.points["AC"] + r.points["BD"] == 157
    assert sum(t.points for t in r.tricks) == 157 and r.tricks[-1].last
    assert all(t.leader == prev.winner for prev, t in zip(r.tricks, r.tricks[1:]))


@pytest.mark.parametrize("seed", range(4))
def test_a_misere_credits_the_declaring_team_with_the_other_sides_points(seed):
    text = _played_out(seed, "Obenabe", contract="90 Obenabe Misère", rules="erweitert")
    r = game.replay(game.loads(text, source="g.yaml"))
    own = r.points["AC"]                        # A declared: team AC
    credited = 157 - own                        # the tricks count for the other side
    made = credited >= 90
    assert r.row.score.made is made
    assert r.row.points == {"AC": credited + (90 if made else 0), "BD": own + (0 if made else 90)}


def test_demo_plays_the_worked_example_trick_by_trick():
    r = run("demo", "--lang", "en")
    assert r.exit_code == 0
    assert r.stdout.count("\nTrick ") == 9 and "Card points: AC 113 : BD 44" in r.stdout
    data = json.loads(run("demo", "--json").stdout)
    assert data["tricks"] == [{"leader": t["lead"], "cards": t["cards"], "winner": t["winner"],
                               "points": t["points"]} for t in RECORD["play"]]
    assert data["card_points"] == RECORD["card_points"]



def test_a_damaged_game_file_is_one_error_never_a_crash():
    """Every way of cutting a line out of the example, or a character out of a line, reads
    as a game or as one TutorError: never another exception."""
    from tutor.errors import TutorError

    text = EXAMPLE.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    variants = ["".join(lines[:i] + lines[i + 1:]) for i in range(len(lines))]
    variants += [text[:i] + text[i + 1:] for i in range(0, len(text), 7)]
    for v in variants:
        try:
            game.replay(game.loads(v, source="v.yaml"))
        except TutorError:
            pass


def test_weis_and_stoeck_reach_the_board(tmp_path, monkeypatch):
    # A holds Rosen 6 7 8 9 (a Vierblatt, 50) and König and Ober of the trump (Stöck, 20);
    # no other hand holds three in a row or four of a kind.
    hands = {"A": "Eichel:KO6 Schellen:A Rosen:9876 Schilten:A",
             "B": "Eichel:AB8 Schellen:KU8 Rosen:AO Schilten:6",
             "C": "Eichel:U7 Schellen:OB7 Rosen:KB Schilten:U8",
             "D": "Eichel:9 Schellen:96 Rosen:U Schilten:KOB97"}
    text = _played_out(0, "Eichel", contract="60 Eichel", hands=hands)
    r = game.replay(game.loads(text, source="g.yaml"))
    cp = r.points["AC"]
    made = cp >= 60
    assert r.weis_points == {"AC": 50, "BD": 0} and r.stoeck[:2] == ("A", "AC")
    assert r.row.points == {"AC": cp + (60 if made else 0) + 50 + 20,
                            "BD": 157 - cp + (0 if made else 60)}
    monkeypatch.delenv("TUTOR_DB", raising=False)
    db = tmp_path / "t.sqlite3"
    run("tafel", "new", "--db", db)
    p = write(tmp_path, text)
    row = json.loads(run("tafel", "add", "--played", p, "--db", db, "--json").stdout)["games"][0]
    assert row["weis"] == {"AC": 50, "BD": 0} and row["stoeck"] == ["AC"]
    assert row["points"] == r.row.points


def test_the_deal_after_five_tricks_is_the_endgame_of_the_solver_example():
    from tutor.play import deal

    r = game.replay(game.load(EXAMPLE))
    endgame = deal.load(ROOT / "examples" / "endgame.yaml")   # written from the rules' tables
    after = r.deal_after(5)
    assert (after.hands, after.trump, after.leader) == (endgame.hands, endgame.trump, endgame.leader)
    assert r.deal_after(0) == game.load(EXAMPLE).deal and after.size == 4
    # A, C took 30 of the last four tricks' 74 points (the endgame file says so too)
    assert r.points["AC"] - r.tricks[4].total["AC"] == 30
    assert sum(t.points for t in r.tricks[5:]) == 74
    with pytest.raises(TutorError):
        r.deal_after(9)


def test_a_game_without_a_contract_heads_its_replay_with_the_trump(tmp_path):
    # as `tutor solve` heads its answer ("Trump Eichel, A leads, ..."): a capital, in every language
    p = write(tmp_path, "trump: Obenabe\nleader: B\nhands: {A: 'Rosen:A', B: 'Rosen:K', C: 'Rosen:O', D: 'Rosen:U'}\n")
    for lang, head in (("en", "Trump Obenabe; B leads"), ("de", "Trumpf Obenabe; B spielt aus"),
                       ("fr", "Atout Obenabe ; B entame")):
        r = run("play", p, "--lang", lang)
        assert r.exit_code == 0 and r.output.splitlines()[0] == head, r.output


ONE_CARD = """\
    trump: Eichel
    leader: A
    hands: {A: "Eichel:A", B: "Eichel:6", C: "Schellen:6", D: "Rosen:6"}
"""
TWO_CARDS = """\
    trump: Eichel
    leader: A
    hands: {A: "Eichel:A Rosen:6", B: "Eichel:6 Rosen:7", C: "Schellen:6 Rosen:8", D: "Rosen:9 Schilten:6"}
"""


@pytest.mark.parametrize("lang, one_of_one, one_of_two", [
    ("en", "(after 0 of 1 trick)", "(after 1 of 2 tricks)"),
    ("de", "(nach 0 von 1 Stich)", "(nach 1 von 2 Stichen)"),
    # French agrees with the tricks played ("0 levée", "1 levée", "2 levées"): a label
    # that needs no agreement
    ("fr", "(levées jouées : 0 sur 1)", "(levées jouées : 1 sur 2)"),
])
def test_an_unfinished_replay_counts_its_tricks_in_the_right_number(tmp_path, lang, one_of_one, one_of_two):
    r = run("play", write(tmp_path, ONE_CARD + "    tricks: []\n", "one.yaml"), "--lang", lang)
    assert r.exit_code == 0 and r.output.splitlines()[-1].endswith(one_of_one), r.output
    r = run("play", write(tmp_path, TWO_CARDS + "    tricks: [[Eichel A, Eichel 6, Schellen 6, Rosen 9]]\n"), "--lang", lang)
    assert r.exit_code == 0 and r.output.splitlines()[-1].endswith(one_of_two), r.output


@pytest.mark.parametrize("lang, message", [
    ("en", "tricks: 2 tricks, but the hands hold 1 card each"),
    ("de", "tricks: 2 Stiche, aber die Blätter haben je 1 Karte"),
    ("fr", "tricks : 2 levées, mais les mains ont 1 carte chacune"),
])
def test_too_many_tricks_for_one_card_hands_is_said_in_the_singular(tmp_path, lang, message):
    text = ONE_CARD + "    tricks: [[Eichel A, Eichel 6, Schellen 6, Rosen 6], [Eichel A, Eichel 6, Schellen 6, Rosen 6]]\n"
    r = run("play", write(tmp_path, text), "--lang", lang)
    assert r.exit_code == 2 and message in r.output, r.output


def test_errors_about_one_trick_or_one_card_are_singular():
    g = game.loads(textwrap.dedent(TWO_CARDS + "    tricks: [[Eichel A, Eichel 6, Schellen 6, Rosen 9]]\n"))
    with pytest.raises(TutorError) as e:
        game.replay(g).deal_after(2)
    assert e.value.text("en") == "no deal after 2 tricks: the replay has 1 of 2"
    one = game.loads(textwrap.dedent(ONE_CARD + "    contract: 60 Eichel\n    declarer: A\n"
                                     "    tricks: [[Eichel A, Eichel 6, Schellen 6, Rosen 6]]\n"))
    with pytest.raises(TutorError) as e:
        game.replay(one).deal_after(1)
    assert e.value.text("en") == "no deal after 1 trick: the replay has 1 of 1"
    assert e.value.text("de") == "kein Spiel nach 1 Stich: der Nachlauf hat 1 von 1"
    with pytest.raises(TutorError) as e:
        game.replay(one).entry()
    assert e.value.text("en").endswith("the game is not over: 1 of 9 tricks (hands of 1 card)")


def test_the_played_game_s_header_is_one_sentence_in_each_language():
    """The header was built of two pieces ("..., contré" + "; " + "A entame"), so French lost
    its space before the semicolon (docs/french.md: "un espace avant ; et :")."""
    heads = {lang: run("play", EXAMPLE, "--lang", lang).output.splitlines()[0]
             for lang in ("en", "de", "fr")}
    assert heads == {"en": "100 Eichel, declarer A, doubled; A leads",
                     "de": "100 Eichel, Spielübernehmer A, gedoppelt; A spielt aus",
                     "fr": "100 Eichel, preneur A, contré ; A entame"}


# -- the calls' own words as keys (QA s38 F5: every answer says dopple and konter) --------------
def test_a_game_file_takes_konter_and_dopple_as_the_answers_say_them(tmp_path):
    """The worked example doubled and, with ``konter: true``, redoubled: the rules' "A oder C
    könnten kontern und die Zielpunkte auf 400 heben" (sidi-barrani.txt) with 113 card points."""
    konter = write(tmp_path, example_with(d=("double: true ", "dopple: true\nkonter: true ")))
    g = game.load(konter)
    assert (g.double, g.redouble) == (True, True)
    assert game.replay(g).row.points == {"AC": 400 + 113, "BD": 44}
    plain = write(tmp_path, example_with(d=("double: true ", "double: true\nredouble: true ")), "plain.yaml")
    assert game.replay(game.load(plain)).row.points == {"AC": 513, "BD": 44}


@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_the_help_s_game_file_names_dopple_and_konter_beside_double_and_redouble(lang):
    """s39 note: ``tutor play --help`` showed only ``redouble:`` for the konter; the keys a
    file takes (the test above) are named in every language."""
    out = run("play", "--help", "--lang", lang).output
    line = next(x for x in out.splitlines() if x.strip().startswith("dopple: true"))
    assert all(key in line for key in ("double: true", "konter: true", "redouble: true")), line


@pytest.mark.parametrize("change, words", [
    (("double: true ", "double: true\nkonter: true\nredouble: true "), ["game.yaml:21:", "'konter' and 'redouble' say the same"]),
    (("double: true ", "double: true\ndopple: true "), ["game.yaml:21:", "'dopple' and 'double' say the same"]),
    (("double: true ", "konter: true "), ["game.yaml:20:", "a konter needs a double first"]),
    (("double: true ", "dopple: ja "), ["game.yaml:20:", "dopple 'ja': write true or false"]),
])
def test_konter_and_redouble_at_once_or_wrong_is_one_line_at_its_line(tmp_path, change, words):
    bad(run("play", write(tmp_path, example_with(d=change)), "--lang", "en"), *words)


def test_a_match_file_s_game_takes_dopple_as_it_takes_konter():
    from tutor.partie import Game

    g = Game.from_dict({"contract": "100 Eichel", "declarer": "A", "card_points": 113, "dopple": True, "konter": True})
    assert (g.double, g.redouble) == (True, True)
    with pytest.raises(ParseError, match="'dopple' and 'double' say the same"):
        Game.from_dict({"contract": "100 Eichel", "declarer": "A", "card_points": 113, "dopple": True, "double": True})
