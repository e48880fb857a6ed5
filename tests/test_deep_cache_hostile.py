"""Hostile kept files of ``tutor drills check --deep`` (its cache under $XDG_CACHE_HOME): a file
that is no result of ours is not used, whatever it holds, and the check neither fails with a
traceback nor waits, nor writes what such a file holds into the drill files (``--write``).

The simulation is the stand-in of test_deep_check (it counts the drills it is asked about)."""
from __future__ import annotations

import json
import os

import pytest

from test_deep_check import _file, simulated  # noqa: F401  (the fixture)


def _deep(run, path, cache, *more):
    res = run("drills", "check", path, "--deep", "--cache", cache, *more, "--lang", "en")
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output
    return res


FOREIGN = {
    "no best": {"format": 2, "evidence": {}},
    "best a number": {"format": 2, "evidence": {"best": 5}},
    "compared a list": {"format": 2, "evidence": {"samples": 100, "seed": 1, "nodes": 1, "deals": 100, "estimated": 0,
                                                  "best": ["157 Eichel"], "compared": [1, 2]}},
    "figures as text": {"format": 2, "evidence": {"samples": "100", "seed": 1, "nodes": 1, "deals": 100,
                                                  "estimated": 0, "best": ["157 Eichel"], "compared": {}}},
    "calls of no game": {"format": 2, "evidence": {"samples": 100, "seed": 1, "nodes": 1, "deals": 100,
                                                   "estimated": 0, "best": ["999 Foo"], "compared": {"999 Foo": 1}}},
}


@pytest.mark.parametrize("name", sorted(FOREIGN))
def test_a_kept_file_of_another_shape_is_simulated_anew_not_used(run, tmp_path, simulated, name):
    # before: a KeyError or TypeError traceback, "evidence: unknown suit 'Foo'" (exit 2), or, for the
    # right keys of the wrong types, "all fine" from figures nobody simulated
    path, cache = _file(tmp_path, n=2), tmp_path / "cache"
    assert _deep(run, path, cache).exit_code == 0 and simulated == ["d0", "d1"]
    for kept in cache.glob("*.json"):
        kept.write_text(json.dumps(FOREIGN[name]), encoding="utf-8")
    res = _deep(run, path, cache)
    assert res.exit_code == 0, res.output
    assert simulated == ["d0", "d1"] * 2 and "2 simulated, 0 from the cache" in res.output
    assert all(json.loads(k.read_text(encoding="utf-8"))["evidence"]["best"] == ["157 Eichel"]
               for k in cache.glob("*.json"))       # written anew


def test_a_foreign_kept_file_is_not_written_into_the_drill_file(run, tmp_path, simulated):
    path, cache = _file(tmp_path, n=1), tmp_path / "cache"
    _deep(run, path, cache)
    (kept,) = cache.glob("*.json")
    forged = {"samples": 7, "seed": 7, "nodes": 7, "deals": 7, "estimated": 0, "best": ["157 Eichel"],
              "compared": {"157 Eichel": "+999"}}
    kept.write_text(json.dumps({"format": 2, "evidence": forged}), encoding="utf-8")
    assert _deep(run, path, cache, "--write").exit_code == 0
    assert "999" not in path.read_text(encoding="utf-8") and "samples: 7" not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("content", ["nested", "huge"])
def test_a_deeply_nested_or_huge_kept_file_is_simulated_anew(run, tmp_path, simulated, content):
    path, cache = _file(tmp_path, n=1), tmp_path / "cache"
    _deep(run, path, cache)
    (kept,) = cache.glob("*.json")
    if content == "nested":       # json.loads: RecursionError, a traceback before
        kept.write_text('{"format": 2, "evidence": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    else:                         # 2 MB of spaces around a good result: read whole before
        good = kept.read_text(encoding="utf-8")
        kept.write_text(" " * (2 << 20) + good, encoding="utf-8")
    res = _deep(run, path, cache)
    assert res.exit_code == 0 and "1 simulated, 0 from the cache" in res.output, res.output
    assert kept.stat().st_size < 10_000


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_or_a_folder_in_a_kept_file_s_place_neither_waits_nor_fails(run, tmp_path, simulated):
    # before: the check waited forever on the FIFO (reading it, then writing it as a stream)
    import signal

    path, cache = _file(tmp_path, n=2), tmp_path / "cache"
    _deep(run, path, cache)
    first, second = sorted(cache.glob("*.json"))
    first.unlink()
    first.mkdir()
    second.unlink()
    os.mkfifo(second)
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("the check waits on the FIFO"))
    signal.alarm(60)
    try:
        res = _deep(run, path, cache)
    finally:
        signal.alarm(0)
    assert res.exit_code == 0 and "2 simulated" in res.output and "cannot write to " in res.output, res.output


@pytest.mark.parametrize("only", ["", ",", " , "])
def test_an_empty_only_is_one_line_not_all_fine(run, tmp_path, simulated, only):
    # before: "0 judgement drills ... all fine", exit 0, where the learner named no drill at all
    res = run("drills", "check", _file(tmp_path), "--deep", "--only", only, "--lang", "en")
    assert res.exit_code == 2 and "--only: name the judgement drills to check" in res.output, res.output
    assert len(res.output.strip().splitlines()) == 1 and simulated == []


def test_twenty_thousand_unknown_ids_are_named_in_a_short_line(run, tmp_path, simulated):
    # before: every id named, a line of 180,000 characters
    ids = ",".join(f"x{i}" for i in range(20_000))
    res = run("drills", "check", _file(tmp_path), "--deep", "--only", ids, "--lang", "en")
    assert res.exit_code == 2 and "--only: no judgement drill x0, x1, " in res.output and ", ... in these files" in res.output
    assert len(res.output) < 300 and simulated == []
