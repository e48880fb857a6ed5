"""The tests' hang guard (tests/waiting.py): a wait ends in a failure when the work behind it
hangs, never because the machine is busy. A sleeping command is a hang; one whose child
computes, however long it takes on a loaded machine, is not; in this process, a server thread
asleep is a hang and one that computes is not."""
from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

import waiting


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(waiting, "STALL", 1)


def test_the_guard_kills_a_command_that_sleeps_and_lets_one_that_computes_run(quick):
    with pytest.raises(AssertionError, match="hung"):
        waiting.run([sys.executable, "-c", "import time; time.sleep(600)"], "")
    busy = ("import subprocess, sys, time\n"
            "child = 'import time\\nt = time.process_time()\\nwhile time.process_time() - t < 3: pass'\n"
            "subprocess.run([sys.executable, '-c', child])\nprint('done')\n")
    assert waiting.run([sys.executable, "-c", busy], "").stdout == "done\n"   # 3 s of a child's CPU: > 2 looks


def test_the_guard_hands_over_the_input_once_and_reads_the_whole_output(quick):
    echo = "import sys, time\ntime.sleep(0)\nsys.stdout.write(sys.stdin.read() * 2)\n"
    r = waiting.run([sys.executable, "-c", echo], "ab\n" * 100_000)
    assert r.returncode == 0 and r.stdout == "ab\n" * 200_000


def test_an_event_in_this_process_is_awaited_while_its_thread_computes_and_not_when_it_sleeps(quick):
    """As a phone test waits for the server's thread in the test process (test_practice_browser)."""
    done = threading.Event()

    def compute():
        t = time.process_time()
        while time.process_time() - t < 3:   # 3 s of this thread's CPU: > 2 looks on any load
            pass
        done.set()

    def step(seconds):
        if not done.wait(seconds):
            raise TimeoutError
        return "answered"

    threading.Thread(target=compute, daemon=True).start()
    assert waiting.until(step, "the computing thread") == "answered"
    asleep = threading.Event()

    def never(seconds):   # a server thread that waits for what never comes
        asleep.wait(seconds)
        raise TimeoutError

    threading.Thread(target=lambda: asleep.wait(600), daemon=True).start()
    with pytest.raises(AssertionError, match="the sleeping thread: hung"):
        waiting.until(never, "the sleeping thread")
    asleep.set()


def test_a_hang_is_judged_by_looks_not_by_the_wall_clock(monkeypatch):
    """The suite's etiquette stops a helper's tests with SIGSTOP while the lead's suite runs,
    and a machine at load 30 leaves a niced test waiting for a core: time in which the test
    looks at nothing judges nothing. Idle looks in a row make a hang, however far apart."""
    monkeypatch.setattr(waiting, "STALL", 3)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        waiting.until_holds(lambda: not waiting.tree(child.pid)[1], "the child's start")   # asleep now
        watch = waiting.Watch(child.pid)
        assert not watch.hung()       # one idle look
        time.sleep(2)                 # the test stopped: no look
        assert not watch.hung()       # two
        assert watch.hung()           # three in a row: hung
    finally:
        child.kill()
        child.wait()
