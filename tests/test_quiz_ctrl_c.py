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

import waiting

ROOT = Path(__file__).resolve().parent.parent



@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_in_the_quiz_says_what_was_kept_then_the_one_line(tmp_path):
    env = {**os.environ, "TUTOR_DB": str(tmp_path / "q.sqlite3"), "TUTOR_LANG": "en"}
    p = subprocess.Popen([sys.executable, "-m", "tutor", "quiz", str(ROOT / "exercises" / "hilfe.yaml")],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         preexec_fn=waiting.as_at_a_terminal)
    # wait for the first task to be asked (its bytes on the output), not for a time
    seen = b""
    while b"1/" not in seen:
        waiting.until_true(lambda s: select.select([p.stdout], [], [], s)[0], "the quiz's first task", pid=p.pid)
        chunk = os.read(p.stdout.fileno(), 4096)
        assert chunk, "the quiz ended before asking"
        seen += chunk
    p.send_signal(signal.SIGINT)
    done = waiting.finish(p)              # killed only when it hangs
    out, err = done.stdout, done.stderr
    assert p.returncode == 130
    assert "Stopped. 0 answers saved." in (seen + out).decode()
    assert err.decode().strip().splitlines() == ["tutor: interrupted (Ctrl-C)"]
