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
