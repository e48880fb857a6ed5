"""The simulation's worker processes: a small fork pool whose clean-up cannot wait on a worker.

``multiprocessing.Pool`` did this before, and a Ctrl-C during ``tutor eval`` could leave the
program running (twice in a test run under load, 120 s after the Ctrl-C). Its clean-up
(``terminate``) waits on things a worker can hold: the job queue's read lock (an idle worker
holds it while it waits for a job), the results queue's write lock and the pipe behind it (a
worker sending a result, with a carried solver table some hundreds of KB up to 16 MB, more
than a pipe holds, waits for the reader), and it joins the thread that reads the results,
which waits forever on the rest of a result whose sender it has just killed (the main
process keeps the pipe's write end open, so no end of file ever comes). Any of them makes
the clean-up wait for good.

Here nothing is shared with a worker but its own two pipes: one for its jobs, one for its
results, read and written by the calling thread alone (no lock, no thread). A job goes only
to an idle worker, which reads it whole while the caller writes it; a result is read as soon
as it is ready. Ending the pool kills the workers (SIGKILL: a worker holds nothing that
needs a clean-up; it writes no file) and collects them: nothing a worker holds or does can
make it wait, whether the pool ends after its last job or amid one (a Ctrl-C, an error). A
worker ignores Ctrl-C (the terminal sends it to every process of the group): the process that
made the pool answers it and ends the pool. A worker whose pool is gone without being ended
(its maker killed) finds its job pipe closed and ends.
"""
from __future__ import annotations

import os
import signal
import traceback
import weakref

from tutor.i18n import M


class WorkerDied(ChildProcessError):
    """A worker ended while it had a job (killed from outside, out of memory, a crash). Its
    message is a catalog message: the command line's one line for an OSError
    (``cli.output_failed``) says it in the user's language (:meth:`text`)."""

    def text(self, lang: "str | None" = None) -> str:
        m = self.args[0] if self.args else ""
        return m.text(lang) if hasattr(m, "text") else str(m)


class Pool:
    """``workers`` forked processes that run ``map`` jobs one at a time each, the results in
    the order of the jobs (as ``multiprocessing.Pool.map`` with ``chunksize=1``). ``given``:
    what the workers are forked with for their jobs to read (:func:`given`), as the pool's
    own: nothing of it stays in the process that makes the pool."""

    def __init__(self, workers: int, given=None) -> None:
        if not hasattr(os, "fork"):
            raise OSError("no fork on this system: the simulation runs in one process")
        from multiprocessing.connection import Pipe

        self._workers: list[_Worker] = []
        # ended when the pool is ended, or when it is garbage or the interpreter ends (a
        # Ctrl-C between making the pool and the ``try`` that ends it)
        self._end = weakref.finalize(self, _end, self._workers, os.getpid())
        # a Ctrl-C (SIGINT to the process group) from the fork to the worker's ignoring it
        # stays pending in the worker, which then ignores it
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            for _ in range(workers):
                jobs_in, jobs_out = Pipe(duplex=False)
                results_in, results_out = Pipe(duplex=False)
                pid = os.fork()
                if pid == 0:        # the worker: never returns
                    _work(jobs_in, results_out, [jobs_out, results_in, *self._workers], mask, given)
                self._workers.append(_Worker(pid, jobs_out, results_in))
                jobs_in.close()
                results_out.close()
        except BaseException:
            self.terminate()
            raise
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)

    @property
    def pids(self) -> list[int]:
        return [w.pid for w in self._workers]

    def map(self, fn, jobs, chunksize: int = 1) -> list:
        """``[fn(job) for job in jobs]``, computed by the workers. An exception in a job is
        raised here (with the worker's traceback as a note); any exception, a Ctrl-C too,
        ends the pool first (a worker may be amid a job whose result nobody will read)."""
        from multiprocessing.connection import wait

        if not self._end.alive:
            raise ValueError("the pool is ended")
        jobs = list(jobs)
        out = [None] * len(jobs)
        todo = iter(enumerate(jobs))
        busy: dict = {}          # a busy worker's results pipe -> (worker, the job's index)
        try:
            for w in self._workers:
                self._give(w, fn, todo, busy)
            while busy:
                for conn in wait(list(busy)):
                    w, i = busy.pop(conn)
                    try:
                        ok, value = conn.recv()
                    except (EOFError, OSError):
                        raise WorkerDied(M("a worker of the simulation (process {pid}) ended amid a job",
                                           pid=w.pid))
                    if not ok:
                        raise value
                    out[i] = value
                    self._give(w, fn, todo, busy)
        except BaseException:
            self.terminate()
            raise
        return out

    @staticmethod
    def _give(w: "_Worker", fn, todo, busy: dict) -> None:
        job = next(todo, None)
        if job is None:
            return
        try:
            w.jobs.send((fn, job[1]))       # the worker is idle: it reads the job whole
        except OSError:
            raise WorkerDied(M("a worker of the simulation (process {pid}) ended", pid=w.pid)) from None
        busy[w.results] = (w, job[0])

    def terminate(self) -> None:
        """End the workers now (SIGKILL), whatever they are doing, and collect them; waits for
        nothing a worker holds. Idempotent."""
        self._end()

    def join(self) -> None:
        """Nothing to wait for: :meth:`terminate` has collected the workers
        (``multiprocessing.Pool``'s interface)."""


class _Worker:
    __slots__ = ("pid", "jobs", "results")

    def __init__(self, pid: int, jobs, results) -> None:
        self.pid, self.jobs, self.results = pid, jobs, results


def _end(workers: list[_Worker], owner: int) -> None:
    """Kill every worker, then collect them (no zombie) and close the pipes. A second Ctrl-C
    waits until this is done (no worker left running half way); a process forked from the
    owner (a worker, whose copy of a pool may become garbage) touches nothing."""
    if os.getpid() != owner:
        return
    ended = list(workers)
    workers.clear()
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        for w in ended:
            try:
                os.kill(w.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for w in ended:
            try:
                os.waitpid(w.pid, 0)     # returns at once: a killed process ends at once
            except ChildProcessError:    # collected by someone else (SIGCHLD ignored)
                pass
            w.jobs.close()
            w.results.close()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


_GIVEN = None     # in a worker: what its pool was made with (``Pool(given=...)``); elsewhere None


def given():
    """In a worker: what its pool was made with (``Pool(workers, given)``); None in any other process."""
    return _GIVEN


def _work(jobs, results, parents: list, mask, forked_with=None) -> None:
    """A worker's life: the jobs as they come, until its job pipe ends. Leaves by
    ``os._exit`` (never runs its maker's exit functions, never flushes its maker's output)."""
    global _GIVEN
    _GIVEN = forked_with
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for c in parents:     # the pool's ends of the pipes: a worker's job pipe ends when the pool's end closes
            if isinstance(c, _Worker):
                c.jobs.close()
                c.results.close()
            else:
                c.close()
        while True:
            try:
                fn, job = jobs.recv()
            except EOFError:
                break
            try:
                answer = (True, fn(job))
            except BaseException as e:  # noqa: BLE001  (sent to the pool, raised there)
                e.add_note("in a worker of the simulation:\n" + "".join(traceback.format_exception(e)).rstrip())
                answer = (False, e)
            try:
                results.send(answer)
            except (OSError, ValueError):   # the pool is gone
                break
            except Exception as e:          # noqa: BLE001  (an answer that cannot be pickled)
                results.send((False, RuntimeError(f"{type(e).__name__}: {e}")))
            answer = None
    except BaseException:  # noqa: BLE001
        code = 1
    finally:
        os._exit(code)
