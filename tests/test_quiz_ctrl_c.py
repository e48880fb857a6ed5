"""Ctrl-C in the quiz ends it as every command ends (README: one line, exit 130, what was
stored stays stored): the quiz first says what it kept, then the program's line (QA s32 Q38:
the quiz alone ended without the line)."""
from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _as_from_a_terminal():
    # a program started from a terminal gets Ctrl-C by default; a test run started in the
    # background of a script would hand on SIGINT ignored
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_in_the_quiz_says_what_was_kept_then_the_one_line(tmp_path):
    env = {**os.environ, "TUTOR_DB": str(tmp_path / "q.sqlite3"), "TUTOR_LANG": "en"}
    p = subprocess.Popen([sys.executable, "-m", "tutor", "quiz", str(ROOT / "exercises" / "hilfe.yaml")],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         preexec_fn=_as_from_a_terminal)
    # wait for the first task to be asked (its bytes on the output), not for a time
    seen = b""
    while b"1/" not in seen:
        ready, _, _ = select.select([p.stdout], [], [], 120)
        assert ready, "the quiz asked nothing"
        chunk = os.read(p.stdout.fileno(), 4096)
        assert chunk, "the quiz ended before asking"
        seen += chunk
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130
    assert "Stopped. 0 answers saved." in (seen + out).decode()
    assert err.decode().strip().splitlines() == ["tutor: interrupted (Ctrl-C)"]
