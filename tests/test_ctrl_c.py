"""Ctrl-C while the simulation's worker processes work: the pool ends at once, whatever a
worker is doing (issue 26's CI hang).

``multiprocessing.Pool.terminate()``, which the simulation used before, waits on what a
worker holds: the job queue's read lock, the results pipe's write lock, and a thread that
reads the rest of a result from a worker it has just killed. A Ctrl-C in a land run left
``tutor eval`` running 120 s later. These tests put a worker in each of those states (amid
sending a result larger than a pipe holds, as a carried solver table is; amid a job that does
not end; idle, waiting for its next job) at the very moment of the Ctrl-C, reached by the
work done (the first bytes of the result have arrived), not by waiting some time. A ceiling
(CEILING seconds) only keeps a broken build from hanging the suite."""
from __future__ import annotations

import multiprocessing.connection
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tutor.judgement import workers
from tutor.judgement.workers import Pool, WorkerDied
import waiting

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the pool forks")

ROOT = Path(__file__).resolve().parents[1]
CEILING = 60                 # seconds: against a hang only, never a measure
BIG = 32 << 20               # a result twice the largest carried table (simulation.TABLE_BYTES), far over a pipe's 64 KB


def big_result(_job) -> bytes:
    return bytes(BIG)


def endless(_job) -> None:
    """No end, but within CEILING seconds of its worker's CPU: a worker left behind by a test
    that died (or by a broken pool) ends by itself (waiting.own_ceiling)."""
    waiting.own_ceiling(CEILING)
    while True:
        pass


def fails(job) -> None:
    raise ValueError(f"job {job} failed")


def twice(job: int) -> int:
    return 2 * job


def big_or_endless(job: int):
    """Job 0 (the first worker's): a result larger than a pipe holds; job 1: no end."""
    return big_result(job) if job == 0 else endless(job)


def collected(pid: int) -> bool:
    """The worker has ended and been collected (no zombie left): it is no child of ours any more."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


_WAIT = multiprocessing.connection.wait


class Hang(Exception):
    pass


@pytest.fixture(autouse=True)
def ceiling():
    """A test that still runs after CEILING seconds fails (instead of hanging the suite): the
    wall clock, since a worker here computes without end by design (no CPU guard fits)."""
    with waiting.ceiling(CEILING, signal.ITIMER_REAL, Hang):
        yield


def _readable(conn) -> bool:
    """Bytes have arrived on ``conn`` (waited for up to the ceiling)."""
    return bool(_WAIT([conn], CEILING))


def ctrl_c_when(ready, monkeypatch):
    """The pool's wait for results answers with a Ctrl-C (KeyboardInterrupt, as Python raises it
    on SIGINT) as soon as ``ready(connections)`` holds: the state of the workers it waits
    for, not a time."""
    def wait(conns, timeout=None):
        assert ready(conns), "the workers did not reach the state the test asks for"
        raise KeyboardInterrupt

    monkeypatch.setattr(multiprocessing.connection, "wait", wait)


def test_the_pool_maps_in_order_and_ends_its_workers():
    pool = Pool(2)
    pids = pool.pids
    assert len(pids) == 2
    assert pool.map(twice, range(40)) == [2 * i for i in range(40)]
    assert pool.map(twice, []) == []
    pool.terminate()
    assert all(collected(pid) for pid in pids)
    pool.terminate()          # again: nothing left to do
    with pytest.raises(ValueError):
        pool.map(twice, [1])


def test_ctrl_c_while_a_worker_sends_a_result_larger_than_a_pipe(monkeypatch):
    # worker 1 is blocked writing a 32 MB result nobody reads any more; worker 2 computes
    # without end; the Ctrl-C comes once the result's first bytes are in the pipe
    pool = Pool(2)
    pids = pool.pids

    ctrl_c_when(lambda conns: _readable(conns[0]), monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        pool.map(big_or_endless, [0, 1])
    assert all(collected(pid) for pid in pids)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes' states from /proc")
def test_a_real_ctrl_c_to_the_process_group_while_a_worker_sends_a_large_result():
    # as at a terminal: SIGINT to the program and its workers, once the first worker's large
    # result is on its way; the program answers it, no worker prints anything, none is left
    code = textwrap.dedent("""\
        import multiprocessing.connection, os, signal, sys
        sys.path.insert(0, "tests")
        from test_ctrl_c import CEILING, _readable, big_or_endless
        from tutor.judgement.workers import Pool

        signal.signal(signal.SIGINT, signal.default_int_handler)
        real_wait = multiprocessing.connection.wait

        def wait(conns, timeout=None):
            assert _readable(conns[0])
            os.killpg(0, signal.SIGINT)
            return real_wait(conns, CEILING)    # interrupted by the Ctrl-C

        multiprocessing.connection.wait = wait
        pool = Pool(2)
        print(*pool.pids, flush=True)
        try:
            pool.map(big_or_endless, [0, 1])
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=CEILING,
                         cwd=ROOT, start_new_session=True, preexec_fn=waiting.as_at_a_terminal)
    assert out.returncode == 0 and not out.stderr, out.stderr
    pids, said = out.stdout.splitlines()
    assert said == "interrupted"
    for pid in map(int, pids.split()):
        assert _state(pid) in ("gone", "Z"), pid


def test_ctrl_c_while_a_worker_waits_for_its_next_job(monkeypatch):
    # one job for two workers: the other worker waits in its read for a job that never comes
    # (in multiprocessing.Pool it held the job queue's read lock that terminate() takes)
    pool = Pool(2)
    pids = pool.pids
    ctrl_c_when(lambda conns: len(conns) == 1, monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        pool.map(endless, [0])
    assert all(collected(pid) for pid in pids)


def test_an_error_in_a_job_is_raised_with_the_worker_s_traceback_and_ends_the_pool():
    pool = Pool(2)
    pids = pool.pids
    with pytest.raises(ValueError, match="job 3 failed") as e:
        pool.map(fails, [3])
    assert any("in a worker of the simulation" in n and "fails" in n for n in getattr(e.value, "__notes__", []))
    assert all(collected(pid) for pid in pids)


def test_a_worker_killed_amid_a_job_is_an_error_not_a_hang(monkeypatch):
    pool = Pool(2)
    pids = pool.pids
    real_wait = multiprocessing.connection.wait

    def wait(conns, timeout=None):
        for pid in pids:
            os.kill(pid, signal.SIGKILL)       # as the system's out-of-memory killer would
        return real_wait(conns, CEILING)

    monkeypatch.setattr(multiprocessing.connection, "wait", wait)
    with pytest.raises(WorkerDied):
        pool.map(endless, [0, 1])
    assert all(collected(pid) for pid in pids)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the workers' signal dispositions from /proc")
def test_the_workers_ignore_ctrl_c():
    # the terminal sends SIGINT to every process of the group: the workers leave it to the
    # process that made the pool (no KeyboardInterrupt traceback from each)
    pool = Pool(2)
    try:
        assert pool.map(twice, [1, 2]) == [2, 4]       # each worker has done a job: it is set up
        for pid in pool.pids:
            status = Path(f"/proc/{pid}/status").read_text()
            ignored = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")), 16)
            assert ignored & (1 << (signal.SIGINT - 1)), pid
    finally:
        pool.terminate()


def test_a_pool_never_ended_ends_with_the_program():
    # a Ctrl-C between making the pool and the ``try`` that ends it: the workers end with the
    # program (its exit, or their job pipe's end), no process is left behind
    code = textwrap.dedent("""\
        import sys
        from tutor.judgement.workers import Pool
        pool = Pool(2)
        print(*pool.pids, flush=True)
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=CEILING, cwd=ROOT)
    assert out.returncode == 0 and not out.stderr, out.stderr
    for pid in map(int, out.stdout.split()):
        assert _state(pid) in ("gone", "Z"), pid      # collected, or a zombie of whoever inherited it


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes' states from /proc")
def test_the_workers_of_a_program_killed_outright_end_by_themselves():
    # the program ends without its exit functions (os._exit, as SIGKILL would): each worker
    # finds its job pipe closed and ends; waited for up to the ceiling, a hang's bound
    import time

    code = textwrap.dedent("""\
        import os
        from tutor.judgement.workers import Pool
        pool = Pool(2)
        print(*pool.pids, flush=True)
        os._exit(0)
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=CEILING, cwd=ROOT)
    assert out.returncode == 0 and not out.stderr, out.stderr
    pids = [int(p) for p in out.stdout.split()]
    start = time.monotonic()
    while any(_state(pid) not in ("gone", "Z") for pid in pids) and time.monotonic() - start < CEILING:
        time.sleep(0.05)
    assert all(_state(pid) in ("gone", "Z") for pid in pids)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def test_workers_module_is_what_the_simulation_uses():
    from tutor.judgement import simulation

    pool = simulation._Pool(2)
    try:
        assert isinstance(pool.pool, workers.Pool)
    finally:
        pool.close()


def test_ctrl_c_inside_an_exec_of_a_string_is_still_exit_130(tmp_path):
    # a KeyboardInterrupt that passes through exec() of a string (dataclasses and namedtuple
    # make their methods so: a Ctrl-C while a module is imported) is taken by CPython for
    # unhandled, and a program run as `python -m` then ends killed by SIGINT at its exit (-2
    # to a caller, not 130), although the command answered it with its line (seen in a land
    # run: test_ctrl_c_as_the_command_finishes_is_never_a_traceback)
    (tmp_path / "interrupted_in_exec.py").write_text(textwrap.dedent("""\
        from tutor import conventions
        def replay(*a, **k):
            exec("raise KeyboardInterrupt")
        conventions.replay = replay
        from tutor.cli import main
        main(["explain", "60 Eichel", "--lang", "en"], prog_name="tutor")
        """))
    done = subprocess.run([sys.executable, "-m", "interrupted_in_exec"], capture_output=True, text=True,
                          timeout=CEILING, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert done.stderr.strip().splitlines() == ["tutor: interrupted (Ctrl-C)"]


def test_ctrl_c_into_a_pipe_or_a_file_is_one_line_without_an_empty_one(tmp_path):
    # QA of issue 26, Q25: the README promises one line; the line break that ends a terminal's
    # echoed "^C" is for a terminal only, not for standard error sent to a file or a pipe
    (tmp_path / "interrupted_here.py").write_text(textwrap.dedent("""\
        from tutor import conventions
        def replay(*a, **k):
            raise KeyboardInterrupt
        conventions.replay = replay
        from tutor.cli import main
        main(["explain", "60 Eichel", "--lang", "en"], prog_name="tutor")
        """))
    done = subprocess.run([sys.executable, "-m", "interrupted_here"], capture_output=True, text=True,
                          timeout=CEILING, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert done.stderr == "tutor: interrupted (Ctrl-C)\n"


def test_a_worker_s_end_is_one_line_in_the_user_s_language(monkeypatch):
    # the pool's "worker ended" line was English only (the note of session 31): it is a catalog
    # message, said in the command's language, exit 2
    from click.testing import CliRunner

    from tutor import answers
    from tutor.cli import main
    from tutor.i18n import M, _

    def died(*a, **k):
        raise WorkerDied(M("a worker of the simulation (process {pid}) ended amid a job", pid=4242))

    monkeypatch.setattr(answers, "verdict", died)
    for lang in ("de", "fr", "en"):
        r = CliRunner().invoke(main, ["check", "--hand", "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8",
                                      "--auction", "60 Eichel", "--call", "fort", "--lang", lang])
        assert r.exit_code == 2, r.output
        want = "tutor: " + _("a worker of the simulation (process {pid}) ended amid a job", lang, pid=4242)
        assert r.stderr.strip() == want
        assert lang == "en" or "a worker of the simulation" not in want   # translated
