"""The hand-made mutants (tests/core_mutants.py, tests/count_mutants.py) still apply to the
code as it is: each mutant's text occurs exactly once in the source it mutates. A text that
occurs twice or not at all is skipped as "not found" by the mutation run, so the fault it
stands for goes untested without anyone noticing (three of the core's and four of the
count's did, until 2026-12-06). When this fails, write the named mutant again for the new
code: the same fault, one unique site."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _core_mutants():
    import core_mutants   # tests/ is on the path; the module runs nothing on import

    return core_mutants.MUTANTS


@pytest.mark.parametrize("name,old,new", [pytest.param(*m, id=m[0]) for m in _core_mutants()])
def test_each_core_mutant_has_one_site(name, old, new):
    source = (ROOT / "tutor" / "play" / "_solver.c").read_text(encoding="utf-8")
    assert source.count(old) == 1, f"{name!r}: its text occurs {source.count(old)} times in _solver.c"
    assert old != new


def _count_mutants():
    import count_mutants   # its mutants run only as a script

    return count_mutants.MUTANTS


@pytest.mark.parametrize("name,old,new", [pytest.param(*m, id=m[0]) for m in _count_mutants()])
def test_each_count_mutant_has_one_site(name, old, new):
    import count_mutants

    source = (ROOT / count_mutants.P).read_text(encoding="utf-8")
    assert source.count(old) == 1, f"{name!r}: its text occurs {source.count(old)} times in {count_mutants.P}"
    assert old != new


def test_a_core_mutant_may_take_three_times_the_unmutated_run(monkeypatch):
    """core_mutants' timeout follows the unmutated core's run on the same load (three times it,
    at least 150 s): the 258 s that run took at load 13 give 774 s, where the fixed 400 s of
    before left a mutant that only slows the search 1.5 times; an idle 40 s run gives 150 s."""
    import core_mutants

    monkeypatch.setattr(core_mutants, "FIXED_TIMEOUT", None)
    assert core_mutants.mutant_timeout(258) == 774
    assert core_mutants.mutant_timeout(75) == 225
    assert core_mutants.mutant_timeout(40) == 150
    monkeypatch.setattr(core_mutants, "FIXED_TIMEOUT", 500)   # CORE_MUTANTS_TIMEOUT=500
    assert core_mutants.mutant_timeout(258) == 500
