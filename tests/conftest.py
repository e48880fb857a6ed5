"""Shared helpers: small drill files written by the tests themselves, and the CLI."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from tutor.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True, scope="session")
def _own_data_folder(tmp_path_factory):
    """The user's data folder (where the quiz, the Tafel and practice keep their database by
    default) and cache folder (where ``drills check --deep`` keeps its results) are folders of
    the test session's own: a test that runs a command without --db, $TUTOR_DB or --cache
    never writes into the home of the machine that runs the suite."""
    import os

    before = {name: os.environ.get(name) for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME")}
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache-home"))
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


# -- the compiled solver core (tutor.play._solver) ---------------------------------------------
# The package installs and the suite runs where the core is not built (no C compiler): the
# solver then runs its pure-Python reference, some 200-300 times slower per node, and a
# full deal takes it minutes to hours. A test that needs exact values of full deals is
# marked ``@pytest.mark.needs_core`` and skipped there with this reason; a test of what a
# user sees without the core takes the fixture ``no_core``, which hides a built core for
# the test, so that it runs in CI, where the core is built.
NEEDS_CORE = ("needs the compiled solver core (tutor.play._solver), not built here: exact values of "
              "full deals take the pure-Python reference minutes to hours")


def pytest_configure(config):
    config.addinivalue_line("markers", "needs_core: " + NEEDS_CORE)


def have_core() -> bool:
    from tutor.play import solver

    return solver._core is not None


def pytest_runtest_setup(item):
    if item.get_closest_marker("needs_core") is not None and not have_core():
        pytest.skip(NEEDS_CORE)


@pytest.fixture
def no_core(monkeypatch):
    """The test runs as where the core is not built: the solver's engine is the reference
    (``tutor.play.solver._core`` None, ENGINE "python"), with no answer kept from before."""
    from tutor.play import solver

    monkeypatch.setattr(solver, "_core", None)
    monkeypatch.setattr(solver, "ENGINE", "python")
    solver.forget_answers()
    yield
    solver.forget_answers()


@pytest.fixture
def forget_voice():
    """The voice's remembered answers forgotten before and after the test: a test that changes
    what the voice judges by (a switch, its number of deals, with monkeypatch) neither reads an
    answer given before the change nor leaves one given with it to the next test."""
    from tutor.judgement import voice

    voice.forget()
    yield
    voice.forget()


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Each test reads auctions and hands afresh: no test passes on what an earlier one
    left in the engine's caches, and mutation testing sees every function a test reaches."""
    from tutor import cards, conventions

    cards.clear_caches()
    conventions.clear_caches()
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# The drills of the issue, answered from the rules text (sidi-barrani.txt), not from the
# engine: C's Hilfe over 70 is the upper Zehner (Nell zu dritt); 80 would promise
# "Nell zu zweit", which C's three Eichel do not fit; the worked example's board is
# 313:44 doubled.
ISSUE_DRILLS = textwrap.dedent("""\
    title: Die Hilfe
    lesson: hilfe
    rules: verband
    drills:
      - id: hilfe-01
        type: bid
        hand: "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
        auction: "60 Eichel, 70 Schellen"
        answer: "90 Eichel"
        accept: ["fort"]
        note: "Nell zu dritt: the upper of the two Zehner over 70."
      - id: hilfe-02
        type: explain
        auction: "60 Eichel, 70 Schellen, 90 Eichel"
        ask: 3
        answer: hilfe
      - id: check-01
        type: check
        hand: "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
        auction: "60 Eichel, 70 Schellen"
        call: "80 Eichel"
        answer: false
      - id: tafel-01
        type: score
        contract: "100 Eichel"
        declarer: A
        card_points: 113
        double: true
        answer: {AC: 313, BD: 44}
    """)


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


@pytest.fixture
def issue_file(tmp_path) -> Path:
    return write(tmp_path, "hilfe.yaml", ISSUE_DRILLS)


@pytest.fixture
def run():
    def _run(*args, input=None, env=None):
        runner = CliRunner()
        return runner.invoke(main, [str(a) for a in args], input=input, env=env or {},
                             catch_exceptions=False)
    return _run
