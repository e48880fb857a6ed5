"""The README's examples print what the README says they print.

The convention (all engineers write to it): a fenced block opened with ```console holds
lines ``$ tutor ...``, each followed by exactly what the command prints (standard output,
then standard error). ``...`` stands for any text, as doctest's ELLIPSIS (timings, paths,
long tables). ```sh blocks and plain ``` blocks are not run.

A fenced block opened with ```http holds requests of ``tutor serve``'s JSON API, each
``GET /api/...`` or ``POST /api/... {body}`` on a line, followed by the JSON it answers
(white space folded; ``...`` as above). They are sent in process to the app on 127.0.0.1
(starlette's TestClient, a fresh database per block, computing ahead off), a write with
the page's token as the page sends it.

Each block runs in a fresh folder that mirrors the repository root (its files and folders
linked, so ``exercises/`` and ``lessons/`` are there and a written ``-o blatt.html`` lands
in the temporary folder, not in the repository), with a fresh ``TUTOR_DB`` shared by the
block's commands (``tafel new`` then ``tafel add``), ``TUTOR_LEARNER=readme``,
``TUTOR_LANG`` unset, ``COLUMNS=80``, ``NO_COLOR=1``. A plain ``tutor ...`` line runs in
process through click's CliRunner; a line with a pipe or a redirection runs in a shell
with the installed ``tutor`` first on the PATH.
"""
from __future__ import annotations

import os
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from tutor.cli import main
import waiting

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SHELL_CHARS = re.compile(r"[|<>;&`$(]")


@dataclass
class Example:
    line: int          # where the command stands in the README (1-based)
    command: str       # without the leading "$ "
    want: str          # what it prints


def console_blocks(text: str) -> list[tuple[int, list[Example]]]:
    """Every ```console block of ``text`` as (line of the fence, its examples)."""
    blocks: list[tuple[int, list[Example]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = re.match(r"^(\s*)(`{3,}|~{3,})\s*console\s*$", lines[i])
        if not fence:
            i += 1
            continue
        indent, mark, start = fence.group(1), fence.group(2), i + 1
        body: list[tuple[int, str]] = []
        i += 1
        while i < len(lines) and lines[i].strip() != mark:
            body.append((i + 1, lines[i][len(indent):] if lines[i].startswith(indent) else lines[i]))
            i += 1
        i += 1
        examples: list[Example] = []
        for n, line in body:
            if line.startswith("$ "):
                examples.append(Example(n, line[2:].strip(), ""))
            elif examples:
                examples[-1].want += line + "\n"
        blocks.append((start, examples))
    return blocks


def ellipsis_match(want: str, got: str) -> bool:
    """doctest's ELLIPSIS: ``...`` in ``want`` matches any text (also across lines)."""
    pieces = want.split("...")
    if len(pieces) == 1:
        return want == got
    head, *middle, tail = pieces
    if not got.startswith(head) or not got.endswith(tail) or len(head) + len(tail) > len(got):
        return False
    pos, end = len(head), len(got) - len(tail)
    for piece in middle:
        pos = got.find(piece, pos, end)
        if pos < 0:
            return False
        pos += len(piece)
    return True


def tidy(text: str) -> str:
    """Line ends and trailing blanks do not count (editors strip them)."""
    return "\n".join(line.rstrip() for line in text.replace("\r\n", "\n").split("\n")).strip("\n")


def mirror_root(folder: Path) -> Path:
    """A folder whose entries link to the repository root's (not .git or .venv)."""
    folder.mkdir(parents=True, exist_ok=True)
    for entry in ROOT.iterdir():
        if entry.name in (".git", ".venv") or entry.name.startswith(".pytest"):
            continue
        (folder / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return folder


def environment(db: Path) -> dict[str, str | None]:
    return {"TUTOR_DB": str(db), "TUTOR_LEARNER": "readme", "TUTOR_LANG": None,
            "COLUMNS": "80", "NO_COLOR": "1", "LINES": "24"}


def run_example(example: Example, cwd: Path, env: dict[str, str | None]) -> str:
    """What the command prints: standard output, then standard error."""
    words = shlex.split(example.command) if not SHELL_CHARS.search(example.command) else None
    if words and words[0] == "tutor":
        result = CliRunner().invoke(main, words[1:], prog_name="tutor", env=env,
                                    catch_exceptions=False)
        return result.stdout + result.stderr
    full = {k: v for k, v in os.environ.items() if k not in env}
    full.update({k: v for k, v in env.items() if v is not None})
    full["PATH"] = str(Path(sys.executable).parent) + os.pathsep + full.get("PATH", "")
    proc = waiting.run(["bash", "-c", example.command], env=full, cwd=cwd)   # killed only when it hangs
    return proc.stdout + proc.stderr


BLOCKS = console_blocks(README.read_text(encoding="utf-8"))

# What the README shows of these commands needs the compiled solver core (conftest's
# needs_core): the judgement by exact play (bid, eval, check without --count: its deals
# played out), whole-deal practice and the review of a played game.
NEEDS_CORE = re.compile(r"\btutor (?:(?:bid|eval|check)\b(?!.*--count)|practice\b(?!.*--stats)|review\b)")


def _block(start: int, examples: list[Example]):
    core = any(NEEDS_CORE.search(e.command) for e in examples)
    return pytest.param(start, examples, id=f"README.md:{start}", marks=[pytest.mark.needs_core] if core else [])


@pytest.mark.parametrize("start, examples", [_block(s, e) for s, e in BLOCKS])
def test_readme_example(start, examples, tmp_path, monkeypatch):
    cwd = mirror_root(tmp_path / "root")
    monkeypatch.chdir(cwd)
    env = environment(tmp_path / "tutor.sqlite3")
    for example in examples:
        got = tidy(run_example(example, cwd, env))
        want = tidy(example.want)
        assert ellipsis_match(want, got), (
            f"README.md:{example.line}: $ {example.command}\n--- the README shows ---\n{want}\n"
            f"--- it prints ---\n{got}")


# -- the harness itself -------------------------------------------------------------------
def test_the_harness_reads_blocks_and_ellipsis():
    text = "a\n```console\n$ tutor x\none\n...\n$ tutor y\n```\n```sh\n$ tutor z\n```\n"
    [(start, examples)] = console_blocks(text)
    assert start == 2
    assert [(e.line, e.command, e.want) for e in examples] == [(3, "tutor x", "one\n...\n"), (6, "tutor y", "")]
    assert ellipsis_match("one\n...\n", "one\ntwo\nthree\n")
    assert not ellipsis_match("one\n...\nfour", "one\ntwo\nthree")
    assert not ellipsis_match("ab...ba", "aba")
    assert ellipsis_match("plain", "plain") and not ellipsis_match("plain", "plainer")


# -- the JSON API's examples (```http blocks) ----------------------------------------------
def http_blocks(text: str) -> list[tuple[int, list[Example]]]:
    """Every ```http block of ``text`` as (line of the fence, its requests and answers)."""
    blocks: list[tuple[int, list[Example]]] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() != "```http":
            continue
        examples: list[Example] = []
        for n in range(i + 1, len(lines)):
            if lines[n].strip() == "```":
                break
            if re.match(r"^(GET|POST) /", lines[n]):
                examples.append(Example(n + 1, lines[n].strip(), ""))
            elif examples:
                examples[-1].want += lines[n] + "\n"
        blocks.append((i + 1, examples))
    return blocks


HTTP_BLOCKS = http_blocks(README.read_text(encoding="utf-8"))


def _folded(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"([\[{])\s+|\s+([\]}])", r"\1\2", text)).strip()


@pytest.mark.parametrize("start, examples", [
    pytest.param(s, e, id=f"README.md:{s}",
                 marks=[pytest.mark.needs_core] if any("/practice/result" in x.command or "/practice/keep" in x.command
                                                       for x in e) else [])
    for s, e in HTTP_BLOCKS])
def test_readme_api_example(start, examples, tmp_path, monkeypatch):
    import json

    from starlette.testclient import TestClient

    from tutor.web.app import Settings, create_app

    monkeypatch.delenv("TUTOR_DB", raising=False)
    with TestClient(create_app(Settings(db=str(tmp_path / "t.sqlite3"), ahead=False)),
                    base_url="http://127.0.0.1:8000") as client:
        for example in examples:
            method, rest = example.command.split(" ", 1)
            target, _, body = rest.partition(" ")
            if method == "GET":
                answer = client.get(target)
            else:
                token = client.get("/api/token").json()["token"]
                answer = client.post(target, content=body.encode(), headers={
                    "X-Tutor-Token": token, "Content-Type": "application/json"})
            got = _folded(json.dumps(answer.json(), ensure_ascii=False))
            want = _folded(example.want)
            assert answer.status_code == 200 and ellipsis_match(want, got), (
                f"README.md:{example.line}: {example.command}\n--- the README shows ---\n{want}\n"
                f"--- it answers ({answer.status_code}) ---\n{got}")


def test_the_readme_has_examples_that_run():
    assert sum(len(e) for _, e in BLOCKS) >= 10
    assert sum(len(e) for _, e in HTTP_BLOCKS) >= 2
