"""Hostile input (issue 12): every input ends in one clear line naming it (exit 2),
quickly, in bounded memory, in the user's language. Each test writes the input the
robustness run found, runs it through the command line and checks the one line."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from tutor import files
from tutor.cli import main
import waiting

HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
# Vorhand with the Nell and two more Eichel opens the Nell row: "Nell zu dritt", 50
GOOD_DRILL = f'  - {{id: a, type: bid, hand: "{HAND}", auction: "", answer: 50 Eichel}}\n'

# An "alias bomb": nine lists, each of nine aliases to the one before: 9**9 (387 million)
# strings when expanded, in a few hundred bytes.
BOMB = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n' + "".join(
    f"{n}: &{n} [" + ",".join([f"*{p}"] * 9) + "]\n" for p, n in zip("abcdefgh", "bcdefghi"))


def run(*args, input=None, env=None):
    return CliRunner().invoke(main, list(args), input=input, env=env)


def refused(r, *words: str, lines: int = 1, code: int = 2) -> str:
    """The command failed with exit code 2 and no traceback; the message is the first
    of at most ``lines`` lines (the drill tools add their summary line), and it holds
    ``words``. (A drill file that reads but whose drills fail the check exits 1, as
    ``drills check`` documents: ``code=1``.)"""
    assert r.exit_code == code, (r.exit_code, r.output)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    out = r.output.strip().splitlines()
    assert 1 <= len(out) <= lines, out
    for w in words:
        assert w in out[0], (w, out[0])
    return out[0]


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


# -- YAML: characters outside Unicode, nesting, aliases, NUL, keys ----------------------
OUTSIDE = '"\\U00110000"'     # the escape of a code point beyond U+10FFFF


def test_character_outside_unicode_in_a_rules_file(tmp_path):
    f = write(tmp_path, "r.yaml", f"profile: {OUTSIDE}\n")
    refused(run("bid", "--hand", HAND, "--rules", f), "r.yaml Zeile 1", "kein gültiges YAML")


def test_character_outside_unicode_in_a_match_file(tmp_path):
    f = write(tmp_path, "m.yaml", f"games: [{OUTSIDE}]\n")
    refused(run("match", f, "--lang", "en"), "m.yaml line 1", "not valid YAML")


def test_character_outside_unicode_in_a_lesson_header(tmp_path):
    (tmp_path / "les").mkdir()
    write(tmp_path / "les", "01-x.md", f"---\nid: x\ntitle: {OUTSIDE}\norder: 1\ndrills: []\n"
                                       "key_rule: k\n---\nText\n")
    # the header's third line is the file's fourth
    refused(run("lessons", "--lessons", str(tmp_path / "les")), "01-x.md:3", "kein gültiges YAML")


@pytest.mark.parametrize("command, depth", [("match", 300), ("rules", 500), ("drills", 990)])
def test_deep_nesting_is_refused_with_the_limit(tmp_path, command, depth):
    nest = "[" * depth + "]" * depth
    if command == "match":
        f = write(tmp_path, "deep.yaml", f"games: {nest}\n")
        r = run("match", f)
    elif command == "rules":
        f = write(tmp_path, "deep.yaml", f"profile: {nest}\n")
        r = run("rules", f)
    else:
        f = write(tmp_path, "deep.yaml", f"drills: {nest}\n")
        r = run("drills", "check", f)
    refused(r, "deep.yaml", f"tiefer als {files.MAX_DEPTH} Ebenen", lines=2)


@pytest.mark.parametrize("command", ["rules", "drills"])
def test_nesting_past_the_scanner_s_own_limit_is_refused_in_the_same_words(tmp_path, command):
    # 100,000 "[" met libyaml's scanner limit (1,000) before the tool's: "not valid YAML: exceeded
    # maximum nesting depth", where 990 said "nested deeper than 50 levels" (polish s41)
    f = write(tmp_path, "deep.yaml", "[" * 100_000 + "\n")
    r = run("rules", f) if command == "rules" else run("drills", "check", f)
    refused(r, "deep.yaml", f"tiefer als {files.MAX_DEPTH} Ebenen", lines=2)


@pytest.mark.parametrize("command", ["rules", "drills"])
def test_a_number_too_long_to_read_is_refused_in_the_tool_s_words(tmp_path, command):
    # a number of 5,000 digits: Python's limit of 4,300, said as "not valid YAML: Exceeds the
    # limit ... use sys.set_int_max_str_digits() to increase the limit" (polish s41)
    f = write(tmp_path, "long.yaml", "match_target: " + "1" * 5000 + "\n")
    r = run("rules", f, "--lang", "en") if command == "rules" else run("drills", "check", f, "--lang", "en")
    line = refused(r, "long.yaml", f"refused: a number of more than {sys.get_int_max_str_digits():,} digits",
                   lines=2)
    assert "sys." not in line


def test_nesting_up_to_the_limit_is_read(tmp_path):
    ok = "[" * (files.MAX_DEPTH - 1) + "]" * (files.MAX_DEPTH - 1)
    assert files.load_yaml(f"a: {ok}", "x") is not None


def test_alias_bomb_in_a_drill_file(tmp_path):
    f = write(tmp_path, "bomb.yaml", BOMB + "drills: []\n")
    line = refused(run("drills", "check", f, "--lang", "en"), lines=2)
    assert "bomb.yaml:" in line and f"more than {files.MAX_NODES:,} values" in line


def test_alias_bomb_as_a_rules_profile_is_a_short_line(tmp_path):
    f = write(tmp_path, "r.yaml", BOMB.replace("\ni: &i", "\nprofile: &i"))
    # line n repeats 9**n strings: line 6 (531,441) is the first over the limit
    line = refused(run("rules", f), "r.yaml Zeile 6", "abgelehnt")
    assert len(line) < 300


def test_alias_bomb_runs_in_bounded_memory(tmp_path):
    """In a process that may not take more than 1 GB of address space the bomb ends in
    the one line, not in a MemoryError (it used to take 4.4 GB and 48 s)."""
    f = write(tmp_path, "bomb.yaml", BOMB + "drills: []\n")
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30));"
            "resource.setrlimit(resource.RLIMIT_CPU, (20, 20));"
            "from tutor.cli import main; main(sys.argv[1:])")
    r = subprocess.run([sys.executable, "-c", code, "drills", "check", f, "--lang", "en"],
                       capture_output=True, text=True, env={**os.environ, "TUTOR_DB": str(tmp_path / "db")})
    assert r.returncode == 2, r.stderr[-500:]
    assert "more than 100,000 values" in r.stderr and "Traceback" not in r.stderr


def test_aliases_within_the_limit_are_read():
    data = files.load_yaml("base: &b {hilfe: common}\nx: *b\ny: *b\n", "x")
    assert data["x"] == data["y"] == {"hilfe": "common"}


PLAIN_DOCUMENTS = [
    "drills:\n  - id: a\n    type: bid\n    answer: '90 Eichel'\n    accept: [fort, 80 Eichel]\n",
    "a: 1\na: 2\nb: {c: [x, {d: e}], c: 3}\n",            # keys written twice
    "1: x\n'1': y\n~: z\n1.5: w\n",                       # numbers and null as keys
    "a: 0x1F\nb: 1_000\nc: 1:30\nd: .inf\ne: yes\nf: No\ng: ~\nh: 1e3\ni: '12'\n",
    "a: |\n  text\n  more\nb: >\n  folded\n  line\n",
    "- - - 1\n  - 2\n- []\n- {}\n",
    "",
    "---\n",
]


@pytest.mark.parametrize("text", PLAIN_DOCUMENTS + [
    "a: &x [1]\nb: *x\n", "a: !!str 1\n", "true: 1\n", "- 2001-12-14\n"])
def test_a_document_read_in_one_pass_is_what_pyyaml_builds(text):
    """A plain document is built from the events of the one walk that checks the limits,
    not composed again: the same values (of the same types) as PyYAML's safe loader, the
    same line for every place, the same keys written twice; anchors, tags and the like
    go PyYAML's own way."""
    import yaml

    data, lines, twice = files.load_yaml_lines(text, "x")
    node = yaml.compose(text, Loader=files.loader_class())
    expected = yaml.load(text, Loader=files.loader_class())
    assert repr(data) == repr(expected)
    want_lines: dict = {}
    want_twice: list = []
    if node is not None:
        files._walk_lines(node, (), want_lines, want_twice)
    assert (lines, twice) == (want_lines, want_twice)


def test_keys_written_twice_are_found_with_their_lines():
    _, lines, twice = files.load_yaml_lines("a: 1\nb:\n  c: 2\n  c: 3\na: 4\n", "x")
    assert twice == [(("b", "c"), 4), (("a",), 5)]
    assert lines[("b", "c")] == 4 and lines[("a",)] == 5 and lines[("b",)] == 2


def test_alias_inside_itself_is_refused():
    with pytest.raises(files.ParseError, match="repeats a value inside itself"):
        files.load_yaml("a: &a [1, *a]\n", "x")


def test_nul_byte_is_one_line(tmp_path):
    f = write(tmp_path, "nul.yaml", "title: x\x00\ndrills: []\n")
    line = refused(run("drills", "check", f, "--lang", "en"), lines=2)
    assert "nul.yaml:1" in line and "NUL byte" in line


@pytest.mark.parametrize("key", ["2020-01-01", "[1]"])
def test_rules_mapping_with_a_key_that_is_no_word(tmp_path, key):
    f = write(tmp_path, "k.yaml", f"rules: {{{key}: 2}}\ndrills:\n{GOOD_DRILL}")
    for args in (["drills", "check", f, "--json"], ["sheet", f], ["quiz", f]):
        line = refused(run(*args, "--lang", "en", input=""), lines=2)
        assert "k.yaml:1" in line and "a key is a word or a number" in line


def test_rules_mapping_with_a_number_key_names_the_rule(tmp_path):
    f = write(tmp_path, "k.yaml", f"rules: {{1: 2}}\ndrills:\n{GOOD_DRILL}")
    line = refused(run("sheet", f), lines=2, code=1)
    assert "k.yaml:1" in line and "unbekannte Tischregel 1" in line


# -- files that never end -------------------------------------------------------------
def test_rules_dev_zero_in_a_drill_file(tmp_path):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    f = write(tmp_path, "z.yaml", f"rules: /dev/zero\ndrills:\n{GOOD_DRILL}")
    line = refused(run("drills", "check", f), lines=2, code=1)
    assert "z.yaml:1" in line and "/dev/zero" in line and "keine gewöhnliche Datei" in line
    refused(run("bid", "--hand", HAND, "--rules", "/dev/zero", "--lang", "en"),
            "/dev/zero", "not a regular file")


def test_a_fifo_is_refused_without_waiting(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    refused(run("drills", "check", str(fifo)), "f.yaml", "keine gewöhnliche Datei", lines=2)


def test_a_folder_is_refused_as_a_folder(tmp_path):
    # a folder opens (O_RDONLY) on Linux; reading it as a file was a traceback
    # (IsADirectoryError) in every command that reads a file by name
    folder = tmp_path / "d.yaml"
    folder.mkdir()
    refused(run("solve", str(folder), "--lang", "en"), "d.yaml", "cannot read: a folder")
    refused(run("solve", str(folder), "--json", "--lang", "en"), "d.yaml", "cannot read: a folder")
    refused(run("bid", "--hand", HAND, "--rules", str(folder), "--lang", "en"),
            "d.yaml", "cannot read: a folder")
    with pytest.raises(files.ParseError, match="a folder"):
        files.read_text(folder)


def test_a_file_over_the_size_limit_is_refused(tmp_path):
    f = tmp_path / "big.yaml"
    f.write_text("# " + "x" * files.MAX_FILE_BYTES + "\ndrills: []\n")
    refused(run("drills", "check", str(f), "--lang", "en"), "big.yaml",
            f"larger than {files.MAX_FILE_BYTES:,} bytes", lines=2)


def test_not_utf8_names_the_line(tmp_path):
    f = tmp_path / "latin.yaml"
    f.write_bytes(b"title: x\nnote: \xe4\ndrills: []\n")
    refused(run("drills", "check", str(f)), "latin.yaml:2", "kein UTF-8", lines=2)


# -- numbers: only the digits 0-9 ------------------------------------------------------
@pytest.mark.parametrize("digit", ["²", "٣"])
def test_unicode_digits_in_every_numeric_option(tmp_path, digit):
    env = {"TUTOR_DB": str(tmp_path / "t.db")}
    score = ["score", "--contract", "100 Eichel", "--declarer", "A"]
    cases = [
        (score + ["--card-points", digit], "--card-points"),
        (score + ["--card-points", "100", "--weis", f"AC={digit}"], "--weis"),
        (["--game", "tarneeb", "score", "--bid", "7", "--tricks", digit], "--tricks"),
        (["drills", "new", "--count", digit], "--count"),
        (["drills", "new", "--seed", digit], "--seed"),
        (["quiz", "exercises/hilfe.yaml", "--count", digit], "--count"),
        (["tafel", "show", "--partie", digit], "--partie"),
        (["tafel", "new", "--set", f"match_target={digit}"], "match_target"),
    ]
    for args, name in cases:
        line = refused(run(*args, "--lang", "en", env=env))
        assert name in line and digit in line, line
    # a lesson number: the lesson is not found (no lesson has the id '²'), one line
    refused(run("lesson", digit, "--lang", "en"), f"no lesson '{digit}'")


def test_ascii_numbers_still_read(tmp_path):
    r = run("score", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113",
            "--weis", "AC=50", "--json")
    assert r.exit_code == 0, r.output
    # made: the declarers write card points + Weis + the bid (113 + 50 + 100), the
    # defenders their card points (157 - 113)
    assert json.loads(r.output)["board"] == {"AC": 263, "BD": 44}


def test_quiz_answer_in_unicode_digits_is_not_read_as_a_number(tmp_path):
    """An explain drill answered ² or ٣ (not an option number) and a score drill answered
    '٣٠٠ ٤٤': both are unreadable answers, the quiz goes on and ends normally."""
    f = write(tmp_path, "q.yaml", textwrap.dedent("""\
        drills:
          - {id: e, type: explain, auction: "60 Eichel, 70 Schellen", answer: opening}
          - {id: s, type: score, contract: "100 Eichel", declarer: A, card_points: 113,
             answer: {AC: 213, BD: 44}}
        """))
    r = run("quiz", f, "--lang", "en", "--db", str(tmp_path / "q.db"), input="²\n٣٠٠ ٤٤\n")
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output and r.output.count("counts as wrong") == 2, r.output
    assert "0/2" in r.output


# -- table rules: a bounded ladder, a linear auction --------------------------------------
def test_a_ladder_of_a_billion_bids_is_refused(tmp_path):
    f = write(tmp_path, "r.yaml", "lowest_bid: 0\nstep: 1\nhighest_bid: 4000\nmatsch_bid: 4001\n")
    line = refused(run("bid", "--hand", HAND, "--rules", f, "--lang", "en"), "r.yaml")
    assert "0 to 4000 in steps of 1 are 4001 bids, more than 1000" in line
    f = write(tmp_path, "b.yaml", "lowest_bid: 0\nstep: 1\nhighest_bid: 1000000000\n")
    refused(run("bid", "--hand", HAND, "--rules", f, "--lang", "en"), "b.yaml",
            "1000000000 is more than 1,000,000")


def test_tafel_new_does_not_store_an_unbounded_ladder(tmp_path):
    env = {"TUTOR_DB": str(tmp_path / "t.db")}
    r = run("tafel", "new", "--set", "step=1", "--set", "highest_bid=10000",
            "--set", "matsch_bid=10001", "--lang", "en", env=env)
    refused(r, "--set", "9951 bids, more than 1000")
    # nothing stored, not even the database: show says there is no board there
    assert "no Tafel at" in run("tafel", "show", "--lang", "en", env=env).output
    assert not (tmp_path / "t.db").exists()


def test_an_old_partie_with_an_unbounded_ladder_is_one_line_on_every_add(tmp_path):
    """A Partie stored before the bound (its rules written straight into the database)
    is refused when read back, with one line, and the board stays readable otherwise."""
    import sqlite3

    db = tmp_path / "t.db"
    env = {"TUTOR_DB": str(db)}
    assert run("tafel", "new", env=env).exit_code == 0
    conn = sqlite3.connect(db)
    rules = json.loads(conn.execute("SELECT rules FROM tafel_partie").fetchone()[0])
    rules.update(lowest_bid=0, step=1, highest_bid=999_999, matsch_bid=1_000_000)
    conn.execute("UPDATE tafel_partie SET rules = ?", (json.dumps(rules),))
    conn.commit()
    conn.close()
    add = ["tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113"]
    for _ in range(2):
        refused(run(*add, "--lang", "en", env=env), "stored Partie 1: rules", "more than 1000")
    # a new Partie starts afresh (with the default rules, not the old one's), and the
    # old one stays as it was
    r = run("tafel", "new", "--json", env=env)
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["partie"] == 2
    assert run(*add, env=env).exit_code == 0
    refused(run("tafel", "show", "--partie", "1", env=env), "gespeicherte Partie 1: rules")


def test_tafel_list_shows_every_partie_and_marks_an_unreadable_one_in_one_line(tmp_path):
    """Three Partien, the second changed outside the tutor (its rules row is not JSON):
    the list still shows the first and the third, and the second in one line saying it
    cannot be read; the JSON list names it with the reason."""
    import sqlite3

    db = tmp_path / "t.db"
    env = {"TUTOR_DB": str(db)}
    for _ in range(3):
        assert run("tafel", "new", "--force", env=env).exit_code == 0
    add = ["tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113"]
    assert run(*add, "--partie", "3", env=env).exit_code == 0
    conn = sqlite3.connect(db)
    conn.execute("UPDATE tafel_partie SET rules = ? WHERE id = 2", ("kaputt {",))
    conn.commit()
    conn.close()
    r = run("tafel", "list", "--lang", "en", env=env)
    assert r.exit_code == 0, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("Partie 1 ") and "0 games" in lines[0]
    assert lines[1].startswith("Partie 2  cannot be read: stored Partie 2: rules")
    # 100 Eichel made with 113: AC writes 113 + 100 (the target points), BD 157 - 113
    assert lines[2].startswith("Partie 3 ") and "1 game " in lines[2] and "AC 213 : BD 44" in lines[2]
    de = run("tafel", "list", env=env).output.splitlines()
    assert de[1].startswith("Partie 2  nicht lesbar: gespeicherte Partie 2: rules")
    listed = json.loads(run("tafel", "list", "--json", "--lang", "en", env=env).output)
    assert [p["partie"] for p in listed] == [1, 2, 3]
    assert "error" in listed[1] and "stored Partie 2" in listed[1]["error"]
    assert listed[2]["board"] == {"AC": 213, "BD": 44}


def test_a_long_auction_reads_at_a_step_of_one():
    """800 calls (a bid one higher, then two forts, with re-entry) read to the end."""
    from tutor.auction import Auction
    from tutor.rules import load

    rules = load({"step": 1, "fort_final": False, "highest_bid": 1000, "matsch_bid": 1001})
    calls = []
    for i in range(800):
        calls.append(f"{50 + i // 3} Eichel" if i % 3 == 0 else "fort")
    a = Auction.parse(", ".join(calls), rules)
    assert len(a) == 800 and len(a.entries) == 800
    assert str(a.high_bid) == f"{50 + 799 // 3} Eichel" and not a.over
    # a branch from an earlier auction does not change the later one
    early = Auction.parse(", ".join(calls[:4]), rules)
    later = early.play("fort")
    other = early.play(f"{52} Eichel")
    assert [str(e.call) for e in later.entries][-1] == "fort"
    assert [str(e.call) for e in other.entries][-1] == "52 Eichel"
    assert len(early.entries) == 4


# -- the database: tampered, damaged, full ----------------------------------------------
def _board_with_games(db: Path, games: int = 3) -> dict:
    env = {"TUTOR_DB": str(db)}
    assert run("tafel", "new", env=env).exit_code == 0
    for _ in range(games):
        r = run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113", env=env)
        assert r.exit_code == 0, r.output
    return env


def test_a_game_row_that_is_not_json(tmp_path):
    import sqlite3

    env = _board_with_games(tmp_path / "t.db")
    conn = sqlite3.connect(tmp_path / "t.db")
    conn.execute("UPDATE tafel_game SET game = 'not json' WHERE seq = 2")
    conn.commit()
    conn.close()
    for args in (["tafel", "show"], ["tafel", "add", "--contract", "100 Eichel", "--declarer", "B",
                                     "--card-points", "100"], ["tafel", "export"]):
        refused(run(*args, "--lang", "en", env=env), "stored Partie 1, game 2", "changed outside the tutor")


def test_a_damaged_page_of_the_database(tmp_path):
    import sqlite3

    db = tmp_path / "t.db"
    env = _board_with_games(db, games=5)
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'tafel_game'").fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    data[(page - 1) * size:page * size] = b"\x07" * size      # the games' table: garbage
    db.write_bytes(bytes(data))
    line = refused(run("tafel", "show", "--lang", "en", env=env), str(db))
    assert "damaged" in line or "not a tutor database" in line


def test_a_full_disk_during_the_quiz_keeps_the_answers_before(tmp_path):
    """The quiz under a file size limit (the disk fills up after some answers): one line
    naming the database, exit 2, and every answer the quiz confirmed is stored."""
    import sqlite3

    db = tmp_path / "q.db"
    env = {**os.environ, "TUTOR_DB": str(db)}
    # the quiz creates the database (``lessons``, a question, makes none); stopped at once, no answer
    assert run("quiz", "exercises/hilfe.yaml", "--lang", "en", input="", env={"TUTOR_DB": str(db)}).exit_code == 0
    assert db.exists()
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (60000, 60000));"
            "from tutor.cli import main; main(sys.argv[1:])")
    r = subprocess.run([sys.executable, "-c", code, "quiz", "exercises/hilfe.yaml", "exercises/bieten.yaml",
                        "--lang", "en"], input="90 Eichel\n" * 30, capture_output=True, text=True, env=env,
                       cwd=Path(__file__).resolve().parent.parent)
    assert r.returncode == 2, r.stderr[-800:]
    err = r.stderr.strip().splitlines()
    assert len(err) == 1 and str(db) in err[0] and "what was saved before is kept" in err[0], err
    confirmed = sum(r.stdout.count(w) for w in ("Right.", "Wrong.", "Acceptable"))
    stored = sqlite3.connect(db).execute("SELECT count(*) FROM quiz_answer").fetchone()[0]
    assert stored == confirmed >= 1, (stored, confirmed, r.stdout[-500:])


# -- output files: whole or not at all, links replaced ----------------------------------
ROOT = Path(__file__).resolve().parent.parent


def test_a_failed_write_leaves_the_old_file_and_no_part(tmp_path):
    """A worksheet written where the disk is full (a file size limit of 1,000 bytes): one
    line, the file there before is unchanged, no temporary file is left."""
    out = tmp_path / "blatt.html"
    out.write_text("old")
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000));"
            "from tutor.cli import main; main(sys.argv[1:])")
    r = subprocess.run([sys.executable, "-c", code, "sheet", "exercises/hilfe.yaml", "-o", str(out),
                        "--lang", "en"], capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, "TUTOR_DB": str(tmp_path / "db")})
    assert r.returncode == 2, r.stderr[-500:]
    err = r.stderr.strip().splitlines()
    assert len(err) == 1 and "blatt.html: cannot write" in err[0], err
    assert out.read_text() == "old"
    assert sorted(x.name for x in tmp_path.iterdir() if x.name != "db") == ["blatt.html"]
    missing = tmp_path / "new.html"
    r = subprocess.run([sys.executable, "-c", code, "sheet", "exercises/hilfe.yaml", "-o", str(missing)],
                       capture_output=True, text=True, cwd=ROOT, env={**os.environ, "TUTOR_DB": str(tmp_path / "db")})
    assert r.returncode == 2 and not missing.exists()


def test_output_onto_a_symlink_replaces_the_link_not_its_target(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me")
    link = tmp_path / "blatt.html"
    link.symlink_to(target)
    r = run("sheet", "exercises/hilfe.yaml", "-o", str(link))
    assert r.exit_code == 0, r.output
    assert not link.is_symlink() and "<html" in link.read_text().lower()
    assert target.read_text() == "keep me"


def test_tafel_show_html_onto_a_symlink(tmp_path):
    env = _board_with_games(tmp_path / "t.db", games=1)
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me")
    link = tmp_path / "tafel.html"
    link.symlink_to(target)
    r = run("tafel", "show", "--html", "-o", str(link), env=env)
    assert r.exit_code == 0, r.output
    assert not link.is_symlink() and target.read_text() == "keep me"


def test_output_into_a_missing_folder_is_one_line(tmp_path):
    refused(run("sheet", "exercises/hilfe.yaml", "-o", str(tmp_path / "no" / "x.html"), "--lang", "en"),
            "x.html: cannot write")


# -- terminal control characters: shown escaped ------------------------------------------
OSC = "\x1b]0;pwned\x07"          # retitles the terminal window
CSI = "\x1b[2J\x9b31m\r"          # clears the screen; C1 CSI; carriage return


def _no_controls(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text and "\r" not in text, repr(text)


def test_control_characters_in_a_drill_note_and_the_answer(tmp_path):
    f = write(tmp_path, "n.yaml", "drills:\n"
              f'  - {{id: a, type: bid, hand: "{HAND}", auction: "", answer: 50 Eichel, '
              f'note: "Note \\e]0;pwned\\a and \\e[2J \\x9b31m end"}}\n')
    r = run("quiz", str(f), "--lang", "en", "--db", str(tmp_path / "q.db"), input=f"x{OSC}\n")
    assert r.exit_code == 0, r.output
    _no_controls(r.output)
    assert "Note \\x1b]0;pwned\\x07 and \\x1b[2J \\x9b31m end" in r.output


def test_control_characters_in_a_lesson_title_key_rule_and_body(tmp_path):
    (tmp_path / "les").mkdir()
    write(tmp_path / "les", "01-x.md", '---\nid: x\ntitle: "T\\e]0;pwned\\a"\norder: 1\ndrills: []\n'
                                       f'key_rule: "k\\e[31mred"\n---\nBody {OSC} {CSI} text\n')
    r = run("lessons", "--lessons", str(tmp_path / "les"))
    assert r.exit_code == 0, r.output
    _no_controls(r.output)
    assert "T\\x1b]0;pwned\\x07" in r.output
    r = run("lesson", "x", "--lessons", str(tmp_path / "les"))
    assert r.exit_code == 0, r.output
    _no_controls(r.output)
    assert "Body \\x1b]0;pwned\\x07" in r.output


def test_control_characters_in_team_names_and_in_an_error(tmp_path):
    m = write(tmp_path, "m.yaml", 'teams: {AC: "Anna\\e]0;pwned\\a+Carl", BD: "Beat\\x9b31m+Dora"}\n'
                                  "games:\n  - {contract: 100 Eichel, declarer: A, card_points: 113}\n")
    # a name holds no control character (it would break the board's lines): refused in one
    # line, which shows the name escaped (issue 25)
    _no_controls(refused(run("match", m, "--lang", "en"), "control character"))
    env = {"TUTOR_DB": str(tmp_path / "t.db")}
    _no_controls(refused(run("tafel", "import", m, "--lang", "en", env=env), "control character"))
    # a file name with an escape, named in an error line
    line = refused(run("match", str(tmp_path / f"x{OSC}.yaml")))
    _no_controls(line)


def test_printable_keeps_text_and_escapes_controls():
    from tutor.text import printable

    assert printable("Zweimal «fort»\tund Ümlaut\n") == "Zweimal «fort»\tund Ümlaut\n"
    assert printable("a\x1b[31mb\x07\x00\x7f\x9b\u202e") == "a\\x1b[31mb\\x07\\x00\\x7f\\x9b\\u202e"


# -- Tarneeb drills against their schema ---------------------------------------------------
def test_a_tarneeb_score_drill_of_wrong_fields_is_refused_field_by_field(tmp_path):
    f = write(tmp_path, "t.yaml", "game: tarneeb\ndrills:\n"
              "  - {id: a, type: score, answer: false, ask: [1], promises: 94, accept: 160}\n")
    r = run("drills", "check", f, "--lang", "en")
    assert r.exit_code == 1, r.output
    out = r.output
    for part in ("missing field 'bid'", "missing field 'tricks'", "answer must be a mapping",
                 "unknown field 'promises'", "'ask' does not belong in a Tarneeb score drill",
                 "'accept' does not belong in a Tarneeb score drill"):
        assert part in out, (part, out)
    assert "Traceback" not in out and all(line.startswith(f) or "problem" in line
                                          for line in out.strip().splitlines())
    for args in (["sheet", f], ["quiz", f]):
        refused(run(*args, "--lang", "en", input=""), f, lines=20, code=1)


def test_a_tarneeb_check_drill_of_a_number_that_is_no_bid_runs_everywhere(tmp_path):
    """call "6" after no bid: readable, and not a Tarneeb bid (7..13), so "is it right?"
    is no: the drill is sound, and sheet and quiz run it."""
    f = write(tmp_path, "t.yaml", "game: tarneeb\ndrills:\n"
              '  - {id: a, type: check, hand: "S:AKQJ52 H:K4 D:A73 C:96", auction: "", call: "6", answer: false}\n')
    assert run("drills", "check", f).exit_code == 0
    assert run("sheet", f, "-o", str(tmp_path / "s.html")).exit_code == 0
    r = run("quiz", f, "--lang", "en", "--db", str(tmp_path / "q.db"), input="no\n")
    assert r.exit_code == 0 and "1/1" in r.output, r.output
    bad = write(tmp_path, "b.yaml", "game: tarneeb\ndrills:\n"
                '  - {id: a, type: check, hand: "S:AKQJ52 H:K4 D:A73 C:96", auction: "", call: "6", answer: true}\n')
    assert run("drills", "check", bad).exit_code == 1


def test_the_shipped_tarneeb_drills_meet_their_schema():
    r = run("drills", "check", "exercises/tarneeb.yaml")
    assert r.exit_code == 0, r.output


def test_every_numeric_option_of_every_command_reads_only_ascii_digits():
    """No command takes a number through click's INT or FLOAT (which read '٣' as 3): each
    uses the tutor's own number types, so every number is read the same way."""
    import importlib

    import click

    from tutor.cli import COMMANDS
    from tutor.commands.common import DecimalType, NumberType

    def params(cmd, path):
        for p in cmd.params:
            yield path, p
        if isinstance(cmd, click.Group):
            for name, sub in cmd.commands.items():
                yield from params(sub, f"{path} {name}")

    checked = 0
    for name, (target, _) in COMMANDS.items():
        module, _, attr = target.partition(":")
        cmd = getattr(importlib.import_module(module), attr)
        for path, p in params(cmd, name):
            assert not isinstance(p.type, (click.types.IntParamType, click.types.FloatParamType)), \
                f"tutor {path} {p.opts}: use NUMBER / DecimalType"
            checked += isinstance(p.type, (NumberType, DecimalType))
    assert checked >= 10


def test_tafel_add_weis_of_a_team_in_unicode_digits(tmp_path):
    env = _board_with_games(tmp_path / "t.db", games=0)
    line = refused(run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113",
                       "--weis", "AC=²", "--lang", "en", env=env))
    assert "--weis AC=²" in line and "not a whole number" in line


def test_a_read_only_database_during_the_quiz(tmp_path, monkeypatch):
    """The database opened read-only (SQLite's own refusal, as for a file without write
    permission): the quiz says so in one line naming the database, exit 2, and the
    answers of an earlier quiz stay."""
    import sqlite3

    from tutor import store

    db = tmp_path / "q.db"
    r = run("quiz", "exercises/hilfe.yaml", "--count", "2", "--db", str(db), input="70 Eichel\n80 Eichel\n")
    assert r.exit_code == 0, r.output
    before = sqlite3.connect(db).execute("SELECT count(*) FROM quiz_answer").fetchone()[0]
    assert before == 2
    connect = sqlite3.connect

    def read_only(path, *args, **kwargs):
        return connect(f"file:{path}?mode=ro", *args, uri=True, **kwargs)

    monkeypatch.setattr(store.sqlite3, "connect", read_only)
    r = run("quiz", "exercises/hilfe.yaml", "--count", "2", "--db", str(db), "--lang", "en",
            input="70 Eichel\n80 Eichel\n")
    monkeypatch.undo()
    assert r.exit_code == 2, r.output
    last = r.output.strip().splitlines()[-1]
    assert str(db) in last and "read-only" in last and "what was saved before is kept" in last
    assert sqlite3.connect(db).execute("SELECT count(*) FROM quiz_answer").fetchone()[0] == before


# -- a long value quoted in a message --------------------------------------------------
LONG = "Z" * 3000


@pytest.mark.parametrize("line,value,after", [
    ("contract: 100 Eichel", f"contract: 100 {LONG}", "unknown suit"),
    ("declarer: A", f"declarer: {LONG}", "(A, B, C or D)"),
    ("trump: Eichel", f"trump: {LONG}", "Obenabe, Undenufe)"),
    ("double: true", f"double: {LONG}", "write true or false"),
    ("  - Eichel U, Eichel 7, Eichel O, Eichel K", f"  - Eichel U, Eichel 7, Eichel O, Eichel {LONG}", "write e.g."),
])
def test_a_long_value_is_quoted_cut_and_the_reason_stays(tmp_path, line, value, after):
    """A value of 3,000 characters in a game file is quoted cut ('ZZZ...'), so the one line
    still says what is wrong and what may be written (before, the line ended at 2,000
    characters inside the quote)."""
    text = (Path(__file__).resolve().parent.parent / "examples" / "worked-example.yaml").read_text(encoding="utf-8")
    assert line in text
    path = write(tmp_path, "g.yaml", text.replace(line, value, 1))
    out = refused(run("play", path, "--lang", "en"), "ZZZ...'", after)
    assert len(out) < 300, len(out)


@pytest.mark.parametrize("args,words", [
    # a card in a game file's trick: "Eichel" and 200,000 spaces before a letter that is no rank
    (lambda p: ["play", p], ["trick 1: cannot read card 'Eichel      ", "...'", "(write e.g. 'Eichel U')"]),
    # a hand on the command line (an argument holds at most 128 KiB): 100,000 letters
    (lambda p: ["bid", "--hand", "x" * 100_000], ["--hand", "cannot read hand at 'xxxxx", "...'",
                                                  "(write e.g. 'Eichel:U86 Rosen:O9')"]),
])
def test_a_card_or_hand_of_a_hundred_thousand_characters_is_one_line_at_once(tmp_path, args, words):
    """A card or a hand is read in time that grows with its length, not with its square: a
    card of 100,000 spaces took minutes of CPU (a game file, a drill's trick, the phone's
    card), a hand of 16,000 letters 4.5 s (the command line, drill files). One short line
    that quotes the start of the value cut, as every quoted value."""
    text = (Path(__file__).resolve().parent.parent / "examples" / "worked-example.yaml").read_text(encoding="utf-8")
    line = "  - Eichel U, Eichel 7, Eichel O, Eichel K"
    assert line in text
    path = write(tmp_path, "g.yaml", text.replace(line, line[:-2] + " " * 200_000 + "q", 1))
    with waiting.ceiling(20):    # this process's CPU: read at once (0.1 s); before, minutes to hours
        out = refused(run(*args(path), "--lang", "en"), *words)
    assert len(out) < 300, len(out)


def test_a_quoted_value_is_cut_in_every_language():
    from tutor import i18n

    msg = i18n.M("unknown seat {seat!r} (A, B, C or D)", seat="E" * 500)
    for lang in ("en", "de", "fr"):
        text = msg.text(lang)
        assert "'" + "E" * 57 + "...'" in text and text.endswith(")"), text
    assert i18n.M("unknown seat {seat!r} (A, B, C or D)", seat="E").text("en") == "unknown seat 'E' (A, B, C or D)"


@pytest.mark.parametrize("line,words", [
    ("trump:", ["trump: null is no trump"]),
    ("trump: [Eichel, Rosen]", ["trump: [Eichel, Rosen] is no trump"]),
    ("trump: {Eichel: U}", ["trump: {Eichel: U} is no trump"]),
    ("trump: 2026-12-06", ["trump: 2026-12-06 is no trump"]),
    ("leader: [A]", ["leader: unknown seat [A] (A, B, C or D)"]),
    ("leader: yes", ["leader: unknown seat true"]),
    ("trump: [" + ", ".join(["x"] * 5000) + "]", ["trump: [x, x, x,", "...", "is no trump"]),
    ("trump: " + "[" * 30 + "x" + "]" * 30, ["trump: [[[", "...", "is no trump"]),
])
def test_a_deal_files_value_that_is_no_text_is_quoted_as_the_file_writes_it(tmp_path, line, words):
    """tutor solve (QA s36): an empty value, a list, a mapping or a date where a deal file wants
    a word was quoted in Python's words ("trump: None is no trump", "unknown seat ['A']"); now as
    YAML writes it, and a long or deep one cut short."""
    key = line.split(":")[0]
    text = (Path(__file__).resolve().parent.parent / "examples" / "endgame.yaml").read_text(encoding="utf-8")
    lines = [line if x.startswith(key + ":") else x for x in text.splitlines()]
    out = refused(run("solve", write(tmp_path, "d.yaml", "\n".join(lines) + "\n"), "--lang", "en"), *words)
    assert "None" not in out and "['" not in out and "datetime" not in out and len(out) < 200, out


@pytest.mark.parametrize("weis,words", [(f"AC={'9' * 3000}", ["99999999999999999...", "is too large"]),
                                        (f"{LONG}=50", ["ZZZ...", "(AC or BD)"])])
def test_a_long_weis_in_tafel_add_is_one_short_line(tmp_path, weis, words):
    """tafel add --weis (and the table's card-points line, read the same way) with a value of
    3,000 characters: one line that keeps its reason (the value was written out whole)."""
    db = str(tmp_path / "t.db")
    assert run("tafel", "new", "--db", db, "--lang", "en").exit_code == 0
    out = refused(run("tafel", "add", "--db", db, "--contract", "100 Eichel", "--declarer", "A",
                      "--card-points", "113", "--weis", weis, "--lang", "en"), *words)
    assert len(out) < 200, out


@pytest.mark.needs_core
@pytest.mark.parametrize("content,words", [(b"\x00garbage" * 100, "is not a tutor database"),
                                           (None, "another program's database")])
def test_practice_refuses_a_database_it_cannot_keep_the_deal_in_before_the_deal(tmp_path, content, words):
    """A --db that is no tutor database is one line before the first deal is dealt; before, the
    learner bid a whole deal and learnt at its end that it could not be kept."""
    db = tmp_path / "p.db"
    if content is not None:
        db.write_bytes(content)
    else:
        import sqlite3

        with sqlite3.connect(db) as c:
            c.execute("CREATE TABLE notes (x)")
    r = run("practice", "--db", str(db), "--judge", "count", "--seed", "1", "--lang", "en", input="fort\n" * 5)
    out = refused(r, words)
    assert "Deal 1" not in r.output, out
