"""A practised deal is kept where the quiz and the Tafel keep theirs (QA s32 Q42: four deals
played without --db were kept nowhere, and ``practice --stats`` said 0)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tutor.cli import main


def run(args, input=None):
    return CliRunner().invoke(main, args, input=input, catch_exceptions=False)


@pytest.mark.needs_core
@pytest.mark.parametrize("where", ["TUTOR_DB", "XDG_DATA_HOME"])
def test_a_deal_practised_without_db_is_in_the_default_database(tmp_path, monkeypatch, where):
    monkeypatch.delenv("TUTOR_DB", raising=False)
    if where == "TUTOR_DB":
        monkeypatch.setenv("TUTOR_DB", str(tmp_path / "t.sqlite3"))
    else:   # the user's data folder: tutor/tutor.sqlite3 in it, made on first use
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert json.loads(run(["practice", "--stats", "--json", "--learner", "ann"]).stdout)["deals"] == 0
    out = run(["practice", "--seed", "3", "--lang", "en", "--learner", "ann", "--judge", "count"],
              input="fort\n" * 20)
    assert out.exit_code == 0, out.output
    stats = json.loads(run(["practice", "--stats", "--json", "--learner", "ann"]).stdout)
    assert stats["deals"] == 1
    # the same file the quiz and the Tafel open by default
    kept = tmp_path / "t.sqlite3" if where == "TUTOR_DB" else tmp_path / "data" / "tutor" / "tutor.sqlite3"
    assert kept.is_file()


@pytest.mark.needs_core
def test_a_keep_retried_by_the_phone_counts_its_deal_once(tmp_path, monkeypatch):
    # s38: POST /api/practice/keep recorded the deal again on every call, so a page retrying
    # after a lost answer counted one deal twice. The page names each deal it deals
    # (deal_id, made when the deal starts): kept again under it, it stays one deal, as last
    # kept (an undo at the end changed it); a new id (the same seed dealt again on purpose),
    # another learner, a keep without an id and the terminal's deals each count
    from starlette.testclient import TestClient

    from tutor.web.app import Settings, create_app

    monkeypatch.delenv("TUTOR_DB", raising=False)
    db = str(tmp_path / "t.sqlite3")
    app = create_app(Settings(db=db))
    token = {"X-Tutor-Token": app.state.settings.token}
    # deal 1 by the count: A opens 70 Schilten, B says fort, C's fort ends it (README)
    deal = {"seed": 1, "seat": "C", "judge": "count", "moves": "fort", "learner": "ann", "deal_id": "d41d8cd98f00"}

    def stats(learner):
        return json.loads(run(["practice", "--stats", "--json", "--db", db, "--learner", learner]).stdout)

    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        def keep(**change):
            r = c.post("/api/practice/keep?lang=en", json={**deal, **change}, headers=token)
            assert r.status_code == 200 and r.json()["kept"], r.text
            return r.json()

        for _ in range(3):
            r = keep()
            assert r["stats"]["deals"] == 1 and r["line"].startswith("Practice: 1 whole deal;")
            assert r["kept_for"] == "Kept for ann."
        assert stats("ann")["hinted"] == 0
        r = keep(hinted="0")   # the same deal, its call now marked as taken from the hint
        assert (r["stats"]["deals"], r["stats"]["hinted"], r["stats"]["same"]) == (1, 1, 0)
        assert keep(deal_id="e3b0c44298fc")["stats"]["deals"] == 2   # dealt again: another deal
        assert keep(learner="bob")["stats"]["deals"] == 1
        assert keep(deal_id=None)["stats"]["deals"] == 3   # a client without ids: each keep counts
    assert (stats("ann")["deals"], stats("bob")["deals"]) == (3, 1)
    for _ in range(2):
        out = run(["practice", "--seed", "1", "--lang", "en", "--learner", "ann", "--judge", "count", "--db", db],
                  input="fort\n")
        assert out.exit_code == 0, out.output
    assert stats("ann")["deals"] == 5


@pytest.mark.needs_core
def test_a_keep_without_a_learner_is_refused_in_one_line_not_kept_under_the_server_s_login(tmp_path, monkeypatch):
    # s38: a keep with an empty learner was kept under the login name of whoever started the
    # server: on a shared server every phone's deals under one name. The page sends the Quiz
    # tab's name; the server keeps nothing without one
    from starlette.testclient import TestClient

    from tutor.web.app import Settings, create_app

    monkeypatch.delenv("TUTOR_DB", raising=False)
    monkeypatch.setenv("TUTOR_LEARNER", "server-login")
    db = str(tmp_path / "t.sqlite3")
    app = create_app(Settings(db=db))
    token = {"X-Tutor-Token": app.state.settings.token}
    deal = {"seed": 1, "seat": "C", "judge": "count", "moves": "fort"}
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        for learner in ({}, {"learner": ""}, {"learner": "   "}, {"learner": None}):
            r = c.post("/api/practice/keep?lang=en", json={**deal, **learner}, headers=token)
            assert r.status_code == 400, learner
            assert r.json()["error"] == "learner: no name given (a deal is kept under the learner's name)"
        for learner in (True, ["ann"], {"n": 1}, 1.5):   # polish s39: true was kept under the name "True"
            r = c.post("/api/practice/keep?lang=en", json={**deal, "learner": learner}, headers=token)
            assert r.status_code == 400 and r.json()["error"] == "learner: a text or a whole number", learner
        # a number that is not whole (1e300 is one to JSON): the line said "a text or a number" of it
        r = c.post("/api/practice/keep?lang=en", json={**deal, "learner": "ann", "seed": 1e300}, headers=token)
        assert r.status_code == 400 and r.json()["error"] == "seed: a text or a whole number"
        for bad in ("x" * 65, "a b", 7, "../x"):
            r = c.post("/api/practice/keep?lang=en", json={**deal, "learner": "ann", "deal_id": bad}, headers=token)
            assert r.status_code == 400 and r.json()["error"].startswith("deal_id: "), bad
    for name in ("server-login", "True"):
        assert json.loads(run(["practice", "--stats", "--json", "--db", db, "--learner", name]).stdout)["deals"] == 0


def test_a_database_of_version_5_keeps_its_practice_deals_when_migrated(tmp_path):
    # migration 6 adds the page's deal id to practice_deal: an s38 database's deals stay,
    # each counted as before
    import sqlite3

    from tutor import store
    from tutor.practice import progress

    db = tmp_path / "old.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                 "applied TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)")
    for version, name, sql in store.migrations():
        if version <= 5:
            conn.executescript(sql)
            conn.execute("INSERT INTO schema_version (version, name) VALUES (?, ?)", (version, name))
    conn.executemany("INSERT INTO practice_deal (learner, seed, seat, rules, contract, declarer, board, best, "
                     "calls, same, worse, result) VALUES ('ann', 1, 'C', 'verband', '70 Schilten', 'A', ?, 314, "
                     "1, 1, 0, '{}')", [(148,), (148,)])
    conn.commit()
    conn.close()
    s = progress.stats(str(db), "ann")
    assert (s.deals, s.board, s.calls) == (2, 296, 2)


def test_stats_before_any_deal_say_so_in_one_line(tmp_path):
    # a new user's first `practice --stats` (s47) read "ann: 0 deals practised; your teams wrote 0,
    # their best contracts 0; of 0 calls 0 the tutor's, 0 acceptable, 0 worse."; the quiz says it so
    db = str(tmp_path / "t.sqlite3")
    for lang, said in (("en", "Nothing practised yet by ann in this database: tutor practice deals one."),
                       ("de", "Noch nichts geübt von ann in dieser Datenbank: tutor practice teilt ein Spiel aus."),
                       ("fr", "Rien encore pratiqué par ann dans cette base de données : tutor practice distribue "
                              "une donne.")):
        out = run(["practice", "--stats", "--db", db, "--learner", "ann", "--lang", lang])
        assert out.exit_code == 0 and out.stdout == said + "\n", out.stdout
    assert json.loads(run(["practice", "--stats", "--json", "--db", db, "--learner", "ann"]).stdout)["deals"] == 0
