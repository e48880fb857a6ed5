"""A call taken from the hint is not the learner's own find (issue 26, the guide's review):
practice marks the calls made after ``hint`` (the phone's Hint button) as ``hinted``, not
``same as the tutor``, and the progress counts them apart. The tutor's call on deal 11 at C's
first turn (after A's 80 Rosen and B's fort) is fort: tests/test_practice.py's review of the
README's deal (C's 90 Rosen there: "tutor: fort")."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tutor.cli import main

pytestmark = pytest.mark.needs_core


def run(args, input=None):
    return CliRunner().invoke(main, args, input=input, catch_exceptions=False)


def test_the_tutor_s_call_made_after_the_hint_is_marked_and_not_counted_as_same(tmp_path):
    db = str(tmp_path / "p.db")
    base = ["practice", "--seed", "11", "--judge", "count", "--lang", "en", "--db", db]
    out = run([*base, "--learner", "ann"], input="hint\nfort\n" + "fort\n" * 10)
    assert out.exit_code == 0, out.output
    assert "The tutor would say fort." in out.stdout
    assert "  3. fort: taken from the hint (tutor: fort)" in out.stdout
    # the same call without the hint is the learner's own: same as the tutor
    own = run([*base, "--learner", "bob"], input="fort\n" + "fort\n" * 10)
    assert "  3. fort: same as the tutor" in own.stdout
    ann = json.loads(run(["practice", "--stats", "--json", "--db", db, "--learner", "ann"]).stdout)
    bob = json.loads(run(["practice", "--stats", "--json", "--db", db, "--learner", "bob"]).stdout)
    assert (ann["same"], ann["hinted"], ann["acceptable"]) == (bob["same"] - 1, 1, bob["acceptable"])
    # a call other than the tutor's keeps its verdict after the hint (90 Rosen: worse)
    other = run([*base, "--json", "--learner", "cy"], input="hint\n90ro\n" + "fort\n" * 10)
    assert json.loads(other.stdout)["review"][0]["verdict"] == "worse"


def test_the_phone_s_hint_marks_the_next_move_as_the_terminal_s_does(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from tutor.web.app import Settings, create_app

    monkeypatch.delenv("TUTOR_DB", raising=False)
    base = {"seed": 11, "seat": "C", "judge": "count", "lang": "en"}
    with TestClient(create_app(Settings(db=str(tmp_path / "t.sqlite3"), ahead=False)),
                    base_url="http://127.0.0.1:8000") as c:
        moves = []
        v = c.get("/api/practice", params={**base, "moves": ""}).json()
        while not v["over"]:
            moves.append("fort" if v["waiting"] == "turn" else "-")
            v = c.get("/api/practice", params={**base, "moves": ",".join(moves)}).json()
        marked = c.get("/api/practice/result", params={**base, "moves": ",".join(moves), "hinted": "0"}).json()
        plain = c.get("/api/practice/result", params={**base, "moves": ",".join(moves)}).json()
        assert marked["review"][0]["verdict"] == "hinted" and plain["review"][0]["verdict"] == "same"
        assert c.get("/api/practice", params={**base, "moves": "fort", "hinted": "x"}).status_code == 400
