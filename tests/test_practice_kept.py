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
    # after a lost answer counted one deal twice. The same request (learner, deal, calls, hints,
    # cards) is one deal; another learner, or other calls on the same seed, are others; the
    # terminal counts each deal it plays (a learner may practise a seed again)
    from starlette.testclient import TestClient

    from tutor.web.app import Settings, create_app

    monkeypatch.delenv("TUTOR_DB", raising=False)
    db = str(tmp_path / "t.sqlite3")
    app = create_app(Settings(db=db))
    token = {"X-Tutor-Token": app.state.settings.token}
    # deal 1 by the count: A opens 70 Schilten, B says fort, C's fort ends it (README)
    deal = {"seed": 1, "seat": "C", "judge": "count", "moves": "fort", "learner": "ann"}

    def deals(learner):
        return json.loads(run(["practice", "--stats", "--json", "--db", db, "--learner", learner]).stdout)["deals"]

    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        for _ in range(3):
            r = c.post("/api/practice/keep?lang=en", json=deal, headers=token)
            assert r.status_code == 200 and r.json()["kept"], r.text
            assert r.json()["stats"]["deals"] == 1 and r.json()["line"].startswith("Practice: 1 whole deal;")
        assert c.post("/api/practice/keep?lang=en", json={**deal, "moves": " fort "}, headers=token).json()[
            "stats"]["deals"] == 1   # the same call, spaced otherwise
        assert c.post("/api/practice/keep?lang=en", json={**deal, "hinted": "0"}, headers=token).json()[
            "stats"]["deals"] == 2   # the call made after the hint: another review, another deal
        assert c.post("/api/practice/keep?lang=en", json={**deal, "learner": "bob"}, headers=token).json()[
            "stats"]["deals"] == 1
    assert (deals("ann"), deals("bob")) == (2, 1)
    for _ in range(2):
        out = run(["practice", "--seed", "1", "--lang", "en", "--learner", "ann", "--judge", "count", "--db", db],
                  input="fort\n")
        assert out.exit_code == 0, out.output
    assert deals("ann") == 4


def test_a_database_of_version_5_keeps_its_practice_deals_when_migrated(tmp_path):
    # migration 6 adds the keep's request to practice_deal: the deals kept before stay, each
    # counted
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
