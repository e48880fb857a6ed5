"""Small things that cost trust (issue 11), through the CLI."""
from __future__ import annotations

import os
import sqlite3
import sys

import pytest

from conftest import ROOT, write
import waiting


def test_tafel_add_refuses_stoeck_for_both_teams(run, tmp_path):
    db = tmp_path / "t.db"
    run("tafel", "new", "--db", db)
    res = run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113",
              "--stoeck", "AC", "--stoeck", "BD", "--db", db)
    assert res.exit_code == 2 and "König und Ober des Trumpfs hält nur ein Team" in res.output
    assert "Noch kein Spiel" in run("tafel", "show", "--db", db).output      # nothing written
    # A and C are one team: their Stöck (20) counts once; made 100: 113 + 100 + 20
    res = run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113",
              "--stoeck", "A", "--stoeck", "C", "--db", db, "--json")
    assert res.exit_code == 0 and '"board": {"AC": 233, "BD": 44}' in res.output


def test_tafel_new_while_a_partie_is_open_says_so_and_a_partie_can_be_removed(run, tmp_path):
    db = tmp_path / "t.db"
    run("tafel", "new", "--db", db)
    res = run("tafel", "new", "--db", db)
    assert res.exit_code == 0
    assert "Partie 1 ist noch offen (0 Spiele) und bleibt gespeichert" in res.output
    assert "Partie 2" in run("tafel", "list", "--db", db).output
    refused = run("tafel", "remove", "--partie", "2", "--db", db)
    assert refused.exit_code == 2 and "mit --yes wird sie entfernt" in refused.output
    res = run("tafel", "remove", "--partie", "2", "--yes", "--db", db)
    assert res.exit_code == 0 and "Partie 2 entfernt" in res.output
    listed = run("tafel", "list", "--db", db).output
    assert "Partie 1" in listed and "Partie 2" not in listed
    forced = run("tafel", "new", "--force", "--db", db)
    assert "noch offen" not in forced.output


def test_another_programs_database_is_refused_and_left_unchanged(run, tmp_path):
    other = tmp_path / "kunden.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE kunden (id INTEGER)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    for args in (("tafel", "list"), ("quiz", ROOT / "exercises" / "hilfe.yaml"), ("lessons",)):
        res = run(*args, "--db", other, input="")
        assert res.exit_code == 2, res.output
        assert "ist die Datenbank eines anderen Programms (Tabellen: kunden)" in res.output
    assert other.read_bytes() == before


def test_table_rules_in_the_learners_words():
    """The bundled table-rule drills name their rules as words, not as raw keys."""
    from tutor.course import drills, quiz

    shown = set()
    for item in drills.verified([ROOT / "exercises" / "tischregeln.yaml", ROOT / "exercises" / "tischregeln-gen.yaml"]):
        text, _ = quiz.question(item, "de")
        line = next((x for x in text.splitlines() if x.startswith("Tischregeln:")), None)
        if line:
            shown.add(line)
            assert not any(k in line for k in ("fort_final", "double_window", "matsch_target", "hilfe:")), line
    assert "Tischregeln: «fort» gilt nicht endgültig: wer fort gesagt hat, darf später wieder bieten" in shown


def test_a_matsch_is_named_matsch_and_no_257_equals_257(run, tmp_path):
    f = write(tmp_path, "m.yaml", """\
        drills:
          - id: m
            type: score
            rules: erweitert
            contract: "157 Eichel"
            declarer: A
            card_points: 157
            answer: {AC: 414, BD: 0}
        """)
    out = run("quiz", f, "--db", tmp_path / "p.db", input="0 0\n").output
    assert "A spielt Matsch Eichel" in out and "157 Eichel" not in out
    assert "257 = 257" not in out and "auf dem Spiel stehen 257 Zielpunkte" in out


def test_one_drill_is_one_aufgabe(run, tmp_path):
    f = write(tmp_path, "one.yaml", """\
        drills:
          - {id: t, type: trick, trump: Eichel, trick: "Rosen A, Eichel 9, Rosen K, Rosen 6", answer: B}
        """)
    assert "1 Datei, 1 Aufgabe: alle in Ordnung." in run("drills", "check", f).output


def test_the_tafel_heads_name_the_players_and_the_schneider_is_a_row(run, tmp_path):
    # target 1000, Schneider worth 500: AC make three Matsches (157 + 157 target points each,
    # the first doubled: 157 + 314), BD write nothing and stay under half the target
    f = write(tmp_path, "s.yaml", """\
        rules: {profile: verband, match_target: 1000, schneider: 500}
        teams: {AC: "Anna+Beat", BD: "Cla+Dani"}
        games:
          - {contract: "157 Eichel", declarer: A, card_points: 157, double: true}
          - {contract: "157 Rosen", declarer: C, card_points: 157}
          - {contract: "157 Schellen", declarer: A, card_points: 157}
        """)
    lines = run("match", f).output.splitlines()
    head = next(x for x in lines if x.startswith("#"))
    assert "Anna+Beat" in head and "Cla+Dani" in head and "Total Anna+Beat" in head
    row = next(x for x in lines if "Schneider: BD (Cla+Dani)" in x)
    assert row.split("|")[1].split() == ["+500", "0"] and row.split("|")[2].split() == ["1599", "0"]
    html = run("match", f, "--json").output
    assert '"AC": 1599' in html


def test_the_tafel_html_uses_the_sheets_typography(run, tmp_path):
    db = tmp_path / "t.db"
    run("tafel", "new", "--teams", "Anna+Beat:Cla+Dani", "--db", db)
    page = run("tafel", "show", "--html", "--db", db).output
    assert '"DejaVu Sans", "Liberation Sans", Arial, sans-serif' in page
    assert "<th>Anna+Beat</th>" in page


def test_bid_for_a_seat_out_of_turn_says_what_it_can_do(run):
    hand = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
    res = run("bid", "--hand", hand, "--auction", "60 Eichel", "--seat", "D")
    assert res.output.startswith("D ist nicht an der Reihe, B ist es: D kann hier nur doppeln oder kontern.")
    res = run("bid", "--hand", hand, "--auction", "60 Eichel", "--seat", "A", "--lang", "en")
    assert res.exit_code == 2
    assert "A is not in turn, B is: out of turn a player can only double or konter" in res.output


def test_ctrl_c_ends_any_command_with_one_line_and_exit_130(run, monkeypatch):
    from tutor import conventions

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(conventions, "replay", interrupted)
    res = run("explain", "60 Eichel")
    assert res.exit_code == 130
    assert res.output.strip() == "tutor: abgebrochen (Ctrl-C)" and "Traceback" not in res.output
    assert run("explain", "60 Eichel", "--lang", "en").output.strip() == "tutor: interrupted (Ctrl-C)"


def test_ctrl_c_in_the_quiz_keeps_the_answers_and_exits_130(issue_file, tmp_path):
    import sys

    script = ("import sys\nfrom tutor.course import quiz\norig = quiz.Quiz.__init__\n"
              "def init(self, *a, **k):\n    orig(self, *a, **k)\n    lines = iter(['90 Eichel'])\n"
              "    def read(p):\n        for x in lines:\n            return x\n        raise KeyboardInterrupt\n"
              "    self.read = read\nquiz.Quiz.__init__ = init\nfrom tutor.cli import main\n"
              "main(sys.argv[1:], prog_name='tutor')\n")
    p = waiting.run([sys.executable, "-c", script, "quiz", str(issue_file), "--db", str(tmp_path / "p.db")],
                    env={"TUTOR_LANG": "de", "PATH": ""}, cwd=None)   # killed only when it hangs
    assert p.returncode == 130, p.stderr
    assert "Abgebrochen: 1 Antwort gespeichert." in p.stdout and "Traceback" not in p.stderr


def test_shipped_texts_point_to_no_file_the_user_lacks(run):
    for args in (("games",), ("games", "--lang", "en"), ("--help",), ("demo", "--help"),
                 ("games", "sidi-barrani")):
        out = run(*args).output
        assert ".txt" not in out and "rules folder" not in out, args


# A Ctrl-C can land in the few instructions after the command's work and before the program
# guards its end (the command's clean-up, the arguments' reading). The program then still
# says its one line and exits 130, never click's "Aborted!" with exit 1. The signal's moment
# is reproduced exactly: the Ctrl-C is raised by the step it would interrupt.
_CTRL_C_AT = """
import gc, sys
import tutor.cli as cli
where = sys.argv[1]
if where == "clean-up":   # the command's clean-up puts back the collector's threshold
    real = gc.set_threshold
    calls = []
    def threshold(*a):
        calls.append(a)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*a)
    gc.set_threshold = threshold
else:                     # while the command line is read
    def hoist(*a):
        raise KeyboardInterrupt
    cli.hoist_game = hoist
sys.argv = ["tutor", *sys.argv[2:]]
cli.main(prog_name="tutor")
"""


@pytest.mark.parametrize("where", ["clean-up", "arguments"])
@pytest.mark.parametrize("args", [["explain", "60 Eichel"], ["check", "--hand", "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8",
                                                              "--auction", "", "--call", "60 Eichel", "--count"]])
def test_ctrl_c_between_the_command_and_its_end_is_one_line_and_130(where, args):
    done = waiting.run([sys.executable, "-c", _CTRL_C_AT, where, *args, "--lang", "en"], cwd=None)
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert done.stderr.strip().splitlines() == ["tutor: interrupted (Ctrl-C)"]
    assert "Aborted" not in done.stderr and "Traceback" not in done.stderr


def test_ctrl_c_while_the_program_starts_is_one_line_and_130():
    """A Ctrl-C as the program loads (here: the moment click is imported, before any
    command exists) is the same one line and exit 130, not a KeyboardInterrupt traceback.
    The signal is sent by the import itself, so its moment is exact."""
    code = ("import os, signal, sys, importlib.abc\n"
            "class Hook(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'click':\n"
            "            sys.meta_path.remove(self)\n"
            "            os.kill(os.getpid(), signal.SIGINT)\n"
            "        return None\n"
            "sys.meta_path.insert(0, Hook())\n"
            "sys.argv = ['tutor', 'explain', '60 Eichel']\n"
            "import tutor.cli\n"
            "tutor.cli.main(prog_name='tutor')\n")
    done = waiting.run([sys.executable, "-c", code], env={**os.environ, "TUTOR_LANG": "en"}, cwd=None,
                       preexec_fn=waiting.as_at_a_terminal)
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert done.stderr.strip().splitlines() == ["tutor: interrupted (Ctrl-C)"]
    assert done.stdout == ""
