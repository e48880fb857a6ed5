#!/usr/bin/env python3
"""Bootstrap: `python3 go.py` runs the tutor on the bundled material, `python3 go.py test`
runs the test suite. Either creates the virtual environment `.venv` and installs the
package into it when they are missing, so a fresh machine needs only Python 3.11+:
`python3 go.py` installs what the tutor (the quiz) needs, `python3 go.py test` adds the
test tools (pytest, Babel, Playwright ...: the package's `test` extra)."""
from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"             # the tutor and what it needs
TEST_STAMP = VENV / ".installed-test"   # and the test tools


def install_command(test: bool) -> list[str]:
    """pip's command line: the tutor (editable), with the ``test`` extra for the tests."""
    target = f"{ROOT}[test]" if test else str(ROOT)
    return [str(PY), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-e", target]


def ensure_env(test: bool = False) -> None:
    if not PY.exists():
        print("go.py: creating .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    # reinstall when the metadata or the compiled solver core changed (the core is built
    # into the source tree by the editable install)
    spec = max((ROOT / name).stat().st_mtime
               for name in ("pyproject.toml", "setup.py", "tutor/play/_solver.c")
               if (ROOT / name).exists())
    stamp = TEST_STAMP if test else STAMP
    if not stamp.exists() or stamp.stat().st_mtime < spec:
        print("go.py: installing tutor" + (" and its test tools" if test else "") + " into .venv ...",
              file=sys.stderr)
        subprocess.run(install_command(test), check=True)
        stamp.touch()
        if test:
            STAMP.touch()   # the test install holds the tutor too


def main(argv: list[str]) -> int:
    ensure_env(test=argv[:1] == ["test"])
    if argv[:1] == ["test"]:
        return subprocess.call([str(PY), "-m", "pytest", *argv[1:]], cwd=ROOT)
    # The tutor runs in the folder the user is in: relative paths (a drill file, -o
    # blatt.html) are his; the bundled course is found from the package.
    if argv:
        return subprocess.call([str(PY), "-m", "tutor", *argv])
    # The main job on the bundled material.
    return subprocess.call([str(PY), "-m", "tutor", "quiz"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
