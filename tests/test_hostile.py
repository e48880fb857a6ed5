"""Hostile input (issue 12): every input ends in one clear line naming it (exit 2),
quickly, in bounded memory, in the user's language. Each test writes the input the
robustness run found, runs it through the command line and checks the one line."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from tutor import files
from tutor.cli import main

HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
GOOD_DRILL = f'  - {{id: a, type: bid, hand: "{HAND}", auction: "", answer: fort}}\n'

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


def test_a_file_over_the_size_limit_is_refused(tmp_path):
    f = tmp_path / "big.yaml"
    f.write_text("# " + "x" * files.MAX_FILE_BYTES + "\ndrills: []\n")
    refused(run("drills", "check", str(f), "--lang", "en"), "big.yaml",
            f"larger than {files.MAX_FILE_BYTES:,} bytes", lines=2)


def test_not_utf8_names_the_line(tmp_path):
    f = tmp_path / "latin.yaml"
    f.write_bytes(b"title: x\nnote: \xe4\ndrills: []\n")
    refused(run("drills", "check", str(f)), "latin.yaml:2", "kein UTF-8", lines=2)
