"""The deep check's cache keys the compiled solver core by the source it was built from, not
by the built file's bytes: those hold the build folder's path, so every clone, worktree and
CI run simulated the whole course again (course s37). A core built from another source, or
from none known, is still keyed by its bytes."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tutor.course import evidence
from tutor.play import solver


@pytest.mark.needs_core
def test_the_core_says_the_source_it_was_built_from():
    source = Path(solver.__file__).parent / "_solver.c"
    assert solver._core.SOURCE == hashlib.sha256(source.read_bytes()).hexdigest()


@pytest.mark.needs_core
def test_the_core_in_use_is_keyed_by_its_source_and_interface_not_its_bytes():
    core = Path(solver._core.__file__)
    named = evidence._core_named(core, b"the bytes of a build in /some/other/folder")
    assert named == f"core {solver.CORE_ABI} {solver._core.SOURCE}".encode()
    assert evidence._core_named(core, core.read_bytes()) == named
    # another built file (not the core in use) is taken by its bytes
    other = core.with_name("_other" + core.suffix)
    assert evidence._core_named(other, b"bytes") == b"bytes"


@pytest.mark.needs_core
def test_a_core_built_from_another_source_is_keyed_by_its_bytes(monkeypatch):
    core = Path(solver._core.__file__)
    monkeypatch.setattr(solver._core, "SOURCE", "0" * 64, raising=False)
    assert evidence._core_named(core, b"its bytes") == b"its bytes"
    monkeypatch.delattr(solver._core, "SOURCE")           # built before the core said it
    assert evidence._core_named(core, b"its bytes") == b"its bytes"


def test_without_a_core_the_digest_is_of_the_sources(monkeypatch):
    monkeypatch.setattr(solver, "_core", None)
    assert evidence._core_named(Path("/x/_solver.so"), b"bytes") == b"bytes"
    assert len(evidence.engine_version()) == 64
