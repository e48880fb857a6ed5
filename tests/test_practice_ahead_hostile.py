"""The background process of ``tutor practice`` stopped (SIGSTOP, a debugger) while the program
waits for its answer: the program computes the answer itself instead of waiting forever (it
hung at the robots' next call before, s37), and the stopped process is ended."""
from __future__ import annotations

import os
import signal
import time

import pytest

from test_practice_ahead import SAMPLES, fresh, gone, until  # noqa: F401  (fresh: the fixture)

pytestmark = [pytest.mark.needs_core,
              pytest.mark.skipif(not hasattr(os, "fork") or not os.path.exists("/proc/self/stat"),
                                 reason="computing ahead forks; a stopped process is seen in /proc")]


def test_a_stopped_background_process_is_not_waited_for(fresh, monkeypatch):
    from tutor.judgement import voice
    from tutor.practice.session import Practice

    monkeypatch.setattr(voice, "SAMPLES", SAMPLES)
    p = Practice(seed=3, seat="C", lang="en", ahead=True)
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("the program waits for the stopped process"))
    try:
        p.think()
        pid = p.ahead._holder[0][0]
        time.sleep(0.5)           # it has begun the learner's advice and the robots' calls after fort
        os.kill(pid, signal.SIGSTOP)
        signal.alarm(600)         # against a hang only: the answers are computed here, niced tests at load 25
        p.call("fort")
        signal.alarm(0)
        assert p.ahead.stats.here >= 1
        assert until(lambda: gone(pid), pid=pid)
    finally:
        signal.alarm(0)
        p.close()
