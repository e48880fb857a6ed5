"""The one check of both background processes (``tutor practice``'s fork, ``tutor serve``'s
worker): is the process one that will never answer? Stopped (SIGSTOP, a debugger), a
zombie, or asleep without computing since the last look; a runnable process is computing."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor.practice.ahead import stalled

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def _state(pid: int) -> str:
    data = Path(f"/proc/{pid}/stat").read_bytes()
    return data[data.rfind(b")") + 2:].split()[0].decode()


def _until(pid: int, states: str, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while _state(pid) not in states:
        assert time.monotonic() < end, _state(pid)
        time.sleep(0.05)


def test_a_stopped_sleeping_or_dead_process_is_stalled_a_computing_one_is_not():
    asleep = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    # computing without end, within a minute of its own CPU (waiting.own_ceiling): it cannot outlive the test
    busy = subprocess.Popen([sys.executable, "-c", "import resource\n"
                             "resource.setrlimit(resource.RLIMIT_CPU, (60, 61))\nwhile True: pass"])
    try:
        _until(asleep.pid, "S")
        verdict, cpu = stalled(asleep.pid)
        assert not verdict and cpu is not None      # the first look: asleep, but nothing to compare
        assert stalled(asleep.pid, cpu)[0]          # asleep, and no CPU since: it waits for nobody
        assert not stalled(asleep.pid, cpu - 1)[0]  # it computed since the last look
        os.kill(asleep.pid, signal.SIGSTOP)
        _until(asleep.pid, "Tt")
        assert stalled(asleep.pid)[0]               # stopped: at the first look
        os.kill(asleep.pid, signal.SIGCONT)
        _until(asleep.pid, "S")
        assert not stalled(asleep.pid)[0]
        # a runnable process is computing, whatever its CPU (a loaded machine's niced process
        # may wait long for a core): never stalled while its state is R
        _until(busy.pid, "R")
        cpu = stalled(busy.pid)[1]
        assert not stalled(busy.pid, cpu)[0]
        asleep.kill()                               # a zombie: dead, not yet collected
        _until(asleep.pid, "Z")
        assert stalled(asleep.pid)[0]
    finally:
        for p in (asleep, busy):
            p.kill()
            p.wait()
