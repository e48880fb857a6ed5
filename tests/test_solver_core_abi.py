"""A compiled core built from an older source than tutor/play/solver.py.

An editable install keeps the core it built last; when _solver.c changes and nobody
rebuilds, the old core took other arguments than solver.py passes, and ``tutor bid`` died
with "TypeError: function takes exactly 14 arguments (17 given)". solver.py now checks the
core's interface version (its ``ABI``) when it loads the core: on a mismatch the reference
answers, and one line on stderr says the core is out of date and how to rebuild it."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tutor import i18n
from tutor.play import solver
from tests.conftest import ROOT
import waiting


@pytest.fixture
def fresh_note(monkeypatch):
    monkeypatch.setattr(solver, "_stale_said", False)


@pytest.mark.needs_core
def test_the_core_of_this_source_is_used(fresh_note, capsys):
    assert solver._load_core() is solver._core
    assert solver._core.ABI == solver.CORE_ABI
    assert capsys.readouterr().err == ""


@pytest.mark.needs_core
@pytest.mark.parametrize("lang, words", [("en", "out of date"), ("de", "veraltet"), ("fr", "périmé")])
def test_a_core_of_another_interface_is_left_unused_with_one_line(fresh_note, capsys, monkeypatch, lang, words):
    monkeypatch.setattr(solver, "CORE_ABI", solver.CORE_ABI + 1)   # solver.py newer than the core
    old = i18n.use(lang)
    try:
        assert solver._load_core() is None
        assert solver._load_core() is None          # asked again: said once
    finally:
        i18n.use(old)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
    assert "go.py" in err                           # how to rebuild it


@pytest.mark.needs_core
def test_a_core_without_a_version_is_out_of_date(fresh_note, capsys, monkeypatch):
    """A core built before the version existed has no ``ABI`` at all (the case of the bug)."""
    monkeypatch.delattr(solver._core, "ABI")
    old = i18n.use("en")
    try:
        assert solver._load_core() is None
    finally:
        i18n.use(old)
    assert "out of date" in capsys.readouterr().err


def _run(code: str, lang: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TUTOR_LANG": lang}
    return waiting.run([sys.executable, "-c", code], env=env, cwd=ROOT)   # killed only when it hangs


# the core as an older build would be: its interface version not solver.py's
STALE = "import tutor.play._solver as c; c.ABI = -1\n"


@pytest.mark.needs_core
def test_tutor_solve_with_an_out_of_date_core_answers_by_the_reference():
    """The same points and best cards as with the core (the two engines agree), from the
    reference, and the one line says why."""
    solve = "from tutor.cli import main\nmain(['solve', 'examples/endgame.yaml', '--json'], prog_name='tutor')"
    good, stale = _run(solve, "en"), _run(STALE + solve, "en")
    assert good.returncode == 0 and good.stderr == ""
    assert stale.returncode == 0, stale.stderr
    a, b = json.loads(good.stdout), json.loads(stale.stdout)
    assert (a["engine"], b["engine"]) == ("c", "python")
    assert (a["points"], a["best"]) == (b["points"], b["best"])
    assert stale.stderr.count("\n") == 1 and "out of date" in stale.stderr and "Traceback" not in stale.stderr


@pytest.mark.needs_core
def test_tutor_bid_with_an_out_of_date_core_says_so_once_in_its_language():
    """The reported failure: ``tutor bid`` with an older core died with a TypeError from
    ``_core.solve``. Now it answers (by the count, as without the core) and says why."""
    out = _run(STALE + "from tutor.cli import main\n"
               "main(['bid', '--hand', 'Eichel:AKOU9 Schellen:A Rosen:A Schilten:AK'], prog_name='tutor')", "fr")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr and "TypeError" not in out.stderr
    lines = [line for line in out.stderr.splitlines() if "périmé" in line]
    assert len(lines) == 1, out.stderr
    assert out.stdout.strip()
