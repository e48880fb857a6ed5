"""The stored board: transactions, crashes, two processes at once, undo, import/export."""
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tutor import rules as rules_mod
from tutor.errors import TutorError
from tutor.partie import Game, dumps, loads
from tutor.tafel import Tafel
import waiting

ROOT = Path(__file__).resolve().parent.parent
LONG = rules_mod.from_mapping({"profile": "verband", "match_target": 1_000_000})
NAMES = {"A": "Anna", "B": "Cla", "C": "Beat", "D": "Dani"}


def game(contract="100 Eichel", declarer="A", cp=113, **kw):
    return Game.from_dict({"contract": contract, "declarer": declarer, "card_points": cp, **kw})


@pytest.fixture
def db(tmp_path):
    return tmp_path / "tutor.sqlite3"


def games_in(db_path, partie_id=None):
    with Tafel.open(db_path) as t:
        return t.partie(partie_id).games


def test_a_partie_survives_closing_the_database(db):
    with Tafel.open(db) as t:
        t.new(names=NAMES)
        t.add(game(double=True))
        t.add(game("80 Schellen", "D", 70, weis={"AC": 50}, stoeck="BD"))
    with Tafel.open(db) as t:
        p = t.partie()
    assert p.totals == {"AC": 530, "BD": 134}
    assert dict(p.names) == NAMES


def test_the_tafel_shares_the_database_and_its_versioned_schema(db):
    with Tafel.open(db) as t:
        t.new()
        versions = {r[0] for r in t.conn.execute("SELECT version FROM schema_version")}
        tables = {r[0] for r in t.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {1, 3} <= versions
    assert {"meta", "tafel_partie", "tafel_game"} <= tables


def test_undo_takes_back_exactly_the_last_entry(db):
    with Tafel.open(db) as t:
        t.new()
        t.add(game(double=True))
        before = t.partie()
        t.add(game("80 Schellen", "D", 70, weis={"AC": 50}))
        _, removed = t.undo()
        assert removed == game("80 Schellen", "D", 70, weis={"AC": 50})
        assert t.partie() == before
        t.undo()
        with pytest.raises(TutorError, match="nothing to take back"):
            t.undo()


def test_no_partie_yet(db):
    with Tafel.open(db) as t:
        with pytest.raises(TutorError, match="tutor tafel new"):
            t.partie()
        t.new()
        with pytest.raises(TutorError, match="no Partie 7"):
            t.partie(7)


def test_an_aborted_transaction_writes_nothing(db, monkeypatch):
    import tutor.tafel as tafel_mod

    with Tafel.open(db) as t:
        t.new()
        t.add(game())
        original = tafel_mod._insert_game

        def insert_then_fail(*args):
            original(*args)
            raise RuntimeError("power cut")

        monkeypatch.setattr(tafel_mod, "_insert_game", insert_then_fail)
        with pytest.raises(RuntimeError):
            t.add(game("60 Rosen", "B", 80))
        assert len(t.partie().games) == 1
    assert len(games_in(db)) == 1


def test_a_game_that_does_not_fit_leaves_the_board_untouched(db):
    with Tafel.open(db) as t:
        t.new(rules_mod.from_mapping({"profile": "verband", "match_target": 300}))
        t.add(game("150 Eichel", "A", 152))
        with pytest.raises(TutorError, match="over after game 1"):
            t.add(game())
    assert len(games_in(db)) == 1


CHILD_PAUSED = textwrap.dedent("""
    import sys, time
    import tutor.tafel as tafel_mod
    from tutor.partie import Game
    original = tafel_mod._insert_game
    def slow(*args):
        original(*args)
        print("inside", flush=True)   # the row is written, the transaction not committed
        time.sleep(60)
    tafel_mod._insert_game = slow
    t = tafel_mod.Tafel.open(sys.argv[1])
    t.add(Game.from_dict({"contract": "60 Rosen", "declarer": "B", "card_points": 80}))
""")


def test_killing_the_process_in_the_middle_of_an_entry_keeps_the_board(db):
    with Tafel.open(db) as t:
        t.new(names=NAMES)
        t.add(game(double=True))
        before = t.partie()
    child = subprocess.Popen([sys.executable, "-c", CHILD_PAUSED, str(db)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "inside"
        # while it sits in its transaction, a reader still sees the committed board
        import sqlite3
        reader = sqlite3.connect(db)
        assert reader.execute("SELECT count(*) FROM tafel_game").fetchone()[0] == 1
        reader.close()
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=30)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    with Tafel.open(db) as t:
        assert t.partie() == before
        t.add(game("60 Rosen", "B", 80))  # the lock is gone, the board goes on
        assert len(t.partie().games) == 2


def test_killing_the_command_at_any_moment_never_breaks_the_board(db):
    with Tafel.open(db) as t:
        t.new(LONG)
    rng = random.Random(4)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(12):
        n = len(games_in(db))
        proc = subprocess.Popen([sys.executable, "-m", "tutor", "tafel", "add", "--db", str(db),
                                 "--contract", "60 Eichel", "--declarer", "A",
                                 "--card-points", "80"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.03, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        with Tafel.open(db) as t:
            p = t.partie()
            seqs = [r[0] for r in t.conn.execute("SELECT seq FROM tafel_game ORDER BY seq")]
        assert len(p.games) in (n, n + 1)
        assert seqs == list(range(1, len(p.games) + 1))
        assert p.totals == {"AC": 140 * len(p.games), "BD": 77 * len(p.games)}


CHILD_ADDER = textwrap.dedent("""
    import sys
    from tutor.tafel import Tafel
    from tutor.partie import Game
    db, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with Tafel.open(db) as t:
        for i in range(count):
            t.add(Game.from_dict({"contract": "60 Eichel", "declarer": who, "card_points": 80}))
""")


def test_two_processes_adding_at_once_lose_nothing(db):
    with Tafel.open(db) as t:
        t.new(LONG)
    procs = [subprocess.Popen([sys.executable, "-c", CHILD_ADDER, str(db), seat, "15"], cwd=ROOT,
                              stderr=subprocess.PIPE, text=True)
             for seat in ("A", "B", "C", "D")]
    for proc in procs:
        err = waiting.finish(proc).stderr     # killed only when it hangs
        assert proc.returncode == 0, err
    with Tafel.open(db) as t:
        p = t.partie()
        seqs = [r[0] for r in t.conn.execute("SELECT seq FROM tafel_game ORDER BY seq")]
    assert len(p.games) == 60 and seqs == list(range(1, 61))
    assert sorted(g.declarer for g in p.games) == sorted("ABCD" * 15)


def test_two_commands_adding_at_once_lose_nothing(db):
    with Tafel.open(db) as t:
        t.new(LONG)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-m", "tutor", "tafel", "add", "--db", str(db),
                               "--contract", f"{60 + 5 * i} Rosen", "--declarer", "B",
                               "--card-points", "100"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
             for i in range(8)]
    for proc in procs:
        err = waiting.finish(proc).stderr     # killed only when it hangs
        assert proc.returncode == 0, err
    contracts = sorted(str(g.contract) for g in games_in(db))
    assert contracts == sorted(f"{60 + 5 * i} Rosen" for i in range(8))


def test_export_and_import_round_trip(db):
    with Tafel.open(db) as t:
        t.new(rules_mod.from_mapping({"profile": "verband", "match_target": 1500,
                                      "end_rule": "ueberbiet"}), NAMES, "B")
        t.add(game(double=True))
        t.add(Game.four_forts())
        t.add(game("80 Rosen", "C", 100, weis={"A": "Eichel:678", "B": "Schellen:9BU"}))
        original = t.partie()
        text = dumps(original)
        imported = t.import_partie(loads(text))
        assert imported.id == 2 and t.current_id() == 2
        assert t.partie(2) == original
        assert dumps(t.partie(2)) == text


def test_the_next_partie_follows_on_losers_get_vorhand(db):
    short = rules_mod.from_mapping({"profile": "verband", "match_target": 500})
    with Tafel.open(db) as t:
        t.new(short, NAMES)
        t.add(game("150 Eichel", "A", 152))   # D deals
        t.add(game("150 Eichel", "A", 150))   # A deals; AC win
        assert t.partie().winner == "AC"
        second = t.new()                        # same rules and players
    assert second.id == 2
    assert second.partie.rules.match_target == 500
    assert dict(second.partie.names) == NAMES
    assert second.partie.dealer == "C" and second.partie.next_vorhand == "D"  # BD lost: D is Vorhand


def test_a_stored_partie_keeps_its_own_rules(db):
    with Tafel.open(db) as t:
        t.new(rules_mod.PROFILES["erweitert"])
        t.add(Game.from_dict({"contract": "90 Undenufe Misère", "declarer": "A", "card_points": 50},
                             t.partie().rules))
    with Tafel.open(db) as t:
        p = t.partie()
        row = json.loads(t.conn.execute("SELECT rules FROM tafel_partie").fetchone()[0])
    assert row["profile"] == "erweitert" and row["matsch_target"] == 257 and row["weis"] is False
    assert p.rules.trumps == "extended" and p.totals == {"AC": 107 + 90, "BD": 50}


def test_a_stored_partie_keeps_its_rules_when_a_profile_changes(db, monkeypatch):
    with Tafel.open(db) as t:
        t.new()
        t.add(game("157 Eichel", "A", 157))
    changed = dict(rules_mod.PROFILES, verband=rules_mod.PROFILES["verband"].replace(matsch_target=257))
    monkeypatch.setattr(rules_mod, "PROFILES", changed)
    with Tafel.open(db) as t:
        assert t.partie().totals == {"AC": 314, "BD": 0}
