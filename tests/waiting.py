"""Waiting for an event in a test without a wall clock deciding (not a test file: helpers).

A test waits for what it waits for (a process's exit, a response, a change of the page) and
is failed only when the work behind that event *hangs*, never because the machine is busy:
on two cores shared by many jobs, a robot that took 20 s idle takes minutes (s39: a phone
test timed out at load 21). Speed is measured by benchmarks/, not here.

A wait is taken for hung when the processes that do the work (a command and its children; or
this test process, its server threads and their children) were seen idle at STALL looks in a
row, one look every LOOK seconds of the waiting test's own running (PAGE_LOOK in a browser): no thread runnable (state R,
running or waiting for a core) or in the disk's wait (D), and together no more CPU than an
idle server and browser use (QUIET) since the first of those looks; or when they used more
than CPU_CEILING seconds of CPU during the wait (a loop). Looks, not the wall clock: a test
stopped with its work (SIGSTOP while the suite runs, a machine at load 30) looks at nothing
meanwhile and judges nothing. Measured idle: `tutor serve`'s application in a thread with a
headless Chromium on the Practice tab used 6 ticks (0.06 s) of CPU in 20 s, this process 3 of
them; a computing robot is runnable throughout.
"""
from __future__ import annotations

import contextlib
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STALL = 20            # looks in a row that see the work idle: a hang
LOOK = 1.0            # seconds a wait goes on between two looks
QUIET = 0.5           # seconds of CPU over those looks that still count as idle
CPU_CEILING = 600     # seconds of CPU for one wait: more is a loop
TICK = os.sysconf("SC_CLK_TCK")


def tree(pid: int, skip: int | None = None) -> tuple[int, bool]:
    """The CPU ticks of ``pid`` and its descendants (with the children they reaped), and
    whether a thread of theirs is runnable (R) or in the disk's wait (D); the thread
    ``skip`` (the one that looks) is not asked."""
    ticks, busy, todo = 0, False, [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/stat", "rb") as fh:
                data = fh.read()
            fields = data[data.rfind(b")") + 2:].split()
            ticks += sum(int(x) for x in fields[11:15])
            for task in os.listdir(f"/proc/{p}/task"):
                if int(task) != skip and not busy:
                    with open(f"/proc/{p}/task/{task}/stat", "rb") as fh:
                        state = fh.read()
                    busy = state[state.rfind(b")") + 2:][:1] in (b"R", b"D")
                with open(f"/proc/{p}/task/{task}/children") as fh:
                    todo += [int(c) for c in fh.read().split()]
        except (OSError, ValueError, IndexError):
            continue
    return ticks, busy


class Watch:
    """Tells whether the work of ``pid`` (default: this process and its children) hangs;
    ask :meth:`hung` every LOOK seconds."""

    def __init__(self, pid: int | None = None) -> None:
        self.pid = os.getpid() if pid is None else pid
        self.skip = threading.get_native_id() if pid is None else None
        self.start = self.mark = tree(self.pid, self.skip)[0]
        self.idle = 0

    def hung(self) -> bool:
        ticks, busy = tree(self.pid, self.skip)
        if busy or ticks - self.mark > QUIET * TICK:
            self.idle, self.mark = 0, ticks       # working: the idle looks count again from here
        else:
            self.idle += 1
        return self.idle >= STALL or ticks - self.start > CPU_CEILING * TICK


def _timeouts() -> tuple[type[BaseException], ...]:
    kinds: list[type[BaseException]] = [subprocess.TimeoutExpired, TimeoutError]
    if "playwright.sync_api" in sys.modules:
        kinds.append(sys.modules["playwright.sync_api"].TimeoutError)
    return tuple(kinds)


def until(step, what: str, pid: int | None = None, every: float | None = None):
    """``step(seconds)`` waits at most that long (``every``, default LOOK) for the event and
    returns what it brings, or raises a timeout; it is asked again while the work goes on
    (:class:`Watch`, one look a step), and an AssertionError naming ``what`` ends the wait
    when the work hangs."""
    watch, kinds = Watch(pid), _timeouts()
    while True:
        try:
            return step(every or LOOK)
        except kinds:
            if watch.hung():
                raise AssertionError(f"{what}: hung (nothing runnable and less than {QUIET} s of CPU at {STALL} "
                                     f"looks {LOOK} s apart, or over {CPU_CEILING} s of CPU)") from None


def until_true(check, what: str, pid: int | None = None):
    """``check(seconds)`` waits at most that long and says whether the event came (as
    ``Lock.acquire(timeout=...)`` or ``Event.wait``); asked again while the work goes on."""
    def step(seconds):
        if not check(seconds):
            raise TimeoutError
        return True
    return until(step, what, pid)


def until_holds(condition, what: str, pid: int | None = None, every: float = 0.02):
    """Waits until ``condition()`` is true, looked at every ``every`` seconds."""
    def check(seconds):
        end = time.monotonic() + seconds
        while not condition():
            if time.monotonic() >= end:
                return False
            time.sleep(every)
        return True
    return until_true(check, what, pid)


def joined(thread: threading.Thread, what: str) -> None:
    """``thread.join()``, for as long as its work goes on."""
    until_true(lambda s: (thread.join(s), not thread.is_alive())[1], what)


# A browser's answer to one question can take a second on a loaded machine: its waits look
# every PAGE_LOOK seconds (a hang is then STALL such looks, some 100 s), so that no slice ends
# before the browser could answer at all.
PAGE_LOOK = 5.0


def page_until(page, condition: str, arg=None, what: str | None = None):
    """``page.wait_for_function(condition)``, for as long as the server computes."""
    return until(lambda s: page.wait_for_function(condition, arg=arg, timeout=s * 1000), what or condition,
                 every=PAGE_LOOK)


def selector(page, css: str, state: str = "visible"):
    """``page.wait_for_selector(css)``, for as long as the server computes."""
    return until(lambda s: page.wait_for_selector(css, state=state, timeout=s * 1000), css, every=PAGE_LOOK)


def run(argv: list, input=None, env=None, *, cwd=ROOT, text: bool = True, check: bool = False,
        **popen) -> subprocess.CompletedProcess:
    """``subprocess.run(argv, capture_output=True)`` (``popen`` may name other streams), the
    command killed only when it hangs; no input given: the command reads an empty one."""
    streams = {"stdin": subprocess.PIPE if input is not None else subprocess.DEVNULL,
               "stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **popen}
    proc = subprocess.Popen(argv, text=text, env=env, cwd=cwd, **streams)
    return finish(proc, input, check=check)


def finish(proc: subprocess.Popen, input=None, check: bool = False) -> subprocess.CompletedProcess:
    """``proc.communicate(input)``, killed only when it hangs (:class:`Watch`)."""
    if input is not None and proc.stdin is not None:
        # handed over by a thread of its own: communicate() given the input and a timeout writes
        # the rest of it on no retry (CPython: a retry without input registers no stdin), and a
        # command then waits for input forever (a 200 KB line at nice 19: "hung" in 20 looks)
        stdin, proc.stdin = proc.stdin, None

        def feed():
            try:
                stdin.write(input)
            except OSError:           # the command ended or closed its input: what it read stays read
                pass
            finally:
                try:
                    stdin.close()
                except OSError:
                    pass
        threading.Thread(target=feed, daemon=True).start()

    def step(seconds):
        return proc.communicate(timeout=seconds)

    try:
        out, err = until(step, " ".join(map(str, proc.args[1:5])), pid=proc.pid)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    if check:
        done.check_returncode()
    return done


def as_at_a_terminal() -> None:
    """``preexec_fn`` of a child a test sends Ctrl-C (SIGINT): it starts as from a terminal,
    where the signal reaches a program, whatever the test run was handed on. A background
    job's SIGINT ignored survives exec, and so does a blocked one (some CI runners; a test run
    started with it blocked, session 46: the signal stays pending, the child answers nothing
    and its test failed as if the program had not ended on Ctrl-C)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def ceiling(seconds: float, timer: int = signal.ITIMER_VIRTUAL, error: type = AssertionError):
    """Fails the block (``error``) once it has run ``seconds``: by default seconds of this
    process's CPU (ITIMER_VIRTUAL: the machine's load does not move it), a guard against a
    hang of work done in this process; ITIMER_REAL counts the wall clock."""
    signum = {signal.ITIMER_VIRTUAL: signal.SIGVTALRM, signal.ITIMER_REAL: signal.SIGALRM,
              signal.ITIMER_PROF: signal.SIGPROF}[timer]

    def hang(*_):
        raise error(f"still running after {seconds} s" + (" of CPU" if timer != signal.ITIMER_REAL else ""))

    before = signal.signal(signum, hang)
    signal.setitimer(timer, seconds)
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(signum, before)


def own_ceiling(seconds: float) -> None:
    """This process ends once it has spent ``seconds`` more of CPU (RLIMIT_CPU: SIGXCPU, and a
    second later SIGKILL): for a child of a test that computes without end by design, so that it
    cannot outlive its test whatever ends the test (session 46: an endless pool worker of
    test_ctrl_c, its test process gone, ran 1 h 52 min). Within its test it never reaches it: a
    test's own ceiling of the wall clock is no more than its child's CPU can spend meanwhile."""
    use = resource.getrusage(resource.RUSAGE_SELF)
    soft = int(use.ru_utime + use.ru_stime + seconds) + 1
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard - 1)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 1 if hard == resource.RLIM_INFINITY else hard))


def _state(pid: int) -> bytes:
    with open(f"/proc/{pid}/stat", "rb") as fh:
        data = fh.read()
    return data[data.rfind(b")") + 2:][:1]


@contextlib.contextmanager
def hang_fails(error: type = AssertionError):
    """Fails the block (``error``, raised by SIGALRM's handler) when the work of this process and
    its children hangs (:class:`Watch`), never because the machine is busy: the wall-clock alarm
    for a wait in the compiled core, which calls no Python meanwhile but checks for signals (as
    for Ctrl-C). A thread could not look (the core holds the interpreter's lock), so a process
    forked for it does, one look every LOOK seconds, and none while this process is stopped
    (SIGSTOP: as a thread of its own would not look); it sends SIGALRM at a hang. The block is
    given its pid (a child of this process: not the work)."""
    parent = os.getpid()

    def hung(*_):
        raise error(f"hung: this process and its children idle at {STALL} looks {LOOK} s apart "
                    f"(nothing runnable and less than {QUIET} s of CPU), or over {CPU_CEILING} s of CPU")

    before = signal.signal(signal.SIGALRM, hung)
    pid = os.fork()
    if pid == 0:
        try:
            watch = Watch(parent)
            watch.skip = os.getpid()            # its own looks are not the work
            while os.getppid() == parent:
                time.sleep(LOOK)
                if _state(parent) in (b"T", b"t"):
                    continue
                if watch.hung():
                    os.kill(parent, signal.SIGALRM)
                    break
        finally:
            os._exit(0)
    try:
        yield pid
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        signal.signal(signal.SIGALRM, before)
