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
