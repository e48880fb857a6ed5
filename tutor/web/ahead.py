"""The Practice tab of ``tutor serve`` computes ahead, as ``tutor practice`` does at a terminal.

The server answers each request in a worker thread (it cannot fork from them), and each
request replays the deal (:mod:`tutor.web.practice`): a learner's tap waited for his own
advice and up to three robots' calls, each a whole ``tutor bid`` (0.2-1.7 s of one core
idle). Here **one background process per server** (:class:`Worker`: a fresh interpreter,
started the first time the Practice tab asks, at nice 10) computes, for the deal the page
shows now, what the learner's next tap will need: the plan of :mod:`tutor.practice.ahead`
(his advice, the robots' calls after his likely calls, the exact value where such a call
ends the bidding, and where the page plays the cards the robots' first cards, both teams'
best contracts); during the play (a card job) the robots' answers to each card he may play
and the review of the tricks finished (:func:`tutor.practice.cardplay.card_plan`), which a
tap adopts where they are done and never waits for (:class:`CardsView`).

**The same answers.** An answer is adopted only whole, for the very question (the voice's
memo: hand, auction, seat, rules, score, seed, deals, nodes), and the voice's answer to a
question is a function of the question (:mod:`tutor.judgement.voice`): the robots call the
same calls with or without the process, whatever the learner taps when. The answers a
request computes itself are sent to the process, so that its replay of the deal costs
nothing.

**Waiting for it.** A request tells the process the learner's tap on the deal it computes
for; where the process computes the answer the request needs, or follows that very tap
(the same questions in the same order), the request waits for it instead of computing it
twice; where it follows another tap, the request computes itself and the process turns to
the best contracts. A request waits no longer than the process shows signs of life: a
stopped or dead process is noticed within :data:`STALL` seconds, and the request computes.

**Bounded.** One process per server and one job at a time: each state the page shows
replaces the job (the newest wins: nothing queues, so hostile or abandoned pages cannot
pile up work); a job is a bounded plan (:data:`tutor.practice.ahead.BRANCHES` calls), ends
after :data:`JOB_CPU` seconds of CPU, and waits without CPU for the learner once done. The
answers kept on each side are bounded (:data:`KEPT`), and so is what waits to be sent
(:data:`OUTBOX`). :meth:`Worker.close` ends the process when the server stops; if the
server dies, Linux ends it (PR_SET_PDEATHSIG), elsewhere it ends at its next message.
"""
from __future__ import annotations

import atexit
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import weakref
from collections import OrderedDict, deque

from tutor.practice.ahead import BEST, EXACT, NICE, START, Client, Stats, adopt, portable, stalled
from tutor.practice.cardplay import CARDS, REVIEW, kept_answers   # the deals' plays' answers, bounded as the server's

JOB_CPU = 120.0     # CPU seconds a job may spend (its plan is bounded anyway: 11-31 s at load 13)
KEPT = 512          # answers kept by the server (memo or deal's label -> answer), and by the process
OUTBOX = 256        # messages waiting to be sent to the process (answers beyond it are dropped)
STALL = 10.0        # seconds without news and without CPU from the process: it is stopped, or gone
RESTARTS = 3        # process starts within RESTART_SECONDS at most (a process that keeps dying)
RESTART_SECONDS = 60.0
ANSWERS_SENT = 100_000   # the solver's answers one job may bring (a request's new ones: a few hundred)


def _special(label) -> bool:
    """The deal's exact value or best contracts, as the server keeps them: (deal, label)."""
    return isinstance(label, tuple) and len(label) == 2 and isinstance(label[1], tuple) and label[1] \
        and label[1][0] in (EXACT, BEST, START)


_WORKERS: "weakref.WeakSet[Worker]" = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for w in list(_WORKERS):
        w.close()


class Worker(Client):
    """The server's background process and what it sent (see the module). Thread-safe:
    every request thread uses it through a :class:`View`."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.proc: subprocess.Popen | None = None
        self.conn = None
        self.starts: deque = deque()            # when the process was started (RESTARTS)
        self.starting = False
        self.closed = False
        self.outbox: deque = deque()
        self.done: OrderedDict = OrderedDict()  # memo -> portable answer; (deal, label) -> value
        self.failed: OrderedDict = OrderedDict()
        self.job = None                         # (deal, moves, next seed) the process computes for
        self.begun = None                       # the job it has begun (the same three)
        self.flight = None                      # the label it computes now
        self.branch = None                      # the learner's call it follows (None: a job all need)
        self.told = None                        # the learner's call told to the process
        self.teller = None                      # ... by this View (its request)
        self.acked = False                      # ... and read by the process
        self.idle = False                       # it has done its job and waits for the learner
        self.news = time.monotonic()            # the last message from it
        self.stats = Stats()
        _WORKERS.add(self)

    # -- the process ------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self.conn is not None

    def _ensure(self) -> bool:
        """Start the process where none runs (under ``cond``); False where it cannot be."""
        if self.closed:
            return False
        end = time.monotonic() + 30
        while self.starting and time.monotonic() < end:   # another request starts it
            self.cond.wait(1)
        if self.conn is not None:
            return True
        now = time.monotonic()
        while self.starts and now - self.starts[0] > RESTART_SECONDS:
            self.starts.popleft()
        if len(self.starts) >= RESTARTS:
            return False
        self.starts.append(now)
        self.starting = True
        # the thread that starts the process reads its messages and lives as long as it: Linux
        # ends a process whose parent *thread* ends (PR_SET_PDEATHSIG), so not a request's
        threading.Thread(target=self._reader, name="tutor-ahead", daemon=True).start()
        end = now + 30
        while self.starting and time.monotonic() < end:
            self.cond.wait(1)
        return self.conn is not None

    def _reader(self) -> None:
        from multiprocessing.connection import Connection

        proc = conn = mine = theirs = None
        try:
            mine, theirs = socket.socketpair()
            root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
            proc = subprocess.Popen(
                [sys.executable, "-c", "import sys; from tutor.web.ahead import main; main(int(sys.argv[1]))",
                 str(theirs.fileno())],
                pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, env=env, close_fds=True)
            theirs.close()
            conn = Connection(mine.detach())
            with self.cond:
                if self.closed:
                    raise OSError("closed")
                self.proc, self.conn = proc, conn
                self.news = time.monotonic()
            threading.Thread(target=self._writer, args=(conn,), name="tutor-ahead-out", daemon=True).start()
        except OSError:
            if proc is not None:
                proc.kill()
                proc.wait()
            for end in (mine, theirs, conn):
                if end is not None:
                    end.close()
            return
        finally:
            with self.cond:
                self.starting = False
                self.cond.notify_all()
        try:
            while True:
                msg = conn.recv()
                with self.cond:
                    self._received(msg)
                    self.cond.notify_all()
        except (EOFError, OSError, ValueError, TypeError):
            pass
        finally:
            with self.cond:
                if self.conn is conn:
                    self.conn = self.proc = None
                    self.job = self.begun = self.flight = self.branch = self.told = self.teller = None
                    self.acked = self.idle = False
                    self.outbox.clear()
                self.cond.notify_all()
            try:
                conn.close()
            except OSError:
                pass
            proc.kill()
            proc.wait()

    def _writer(self, conn) -> None:
        while True:
            with self.cond:
                while not self.outbox and self.conn is conn:
                    self.cond.wait()
                if self.conn is not conn:
                    return
                msg = self.outbox.popleft()
            try:
                conn.send(msg)
            except (OSError, ValueError):
                return

    def _send(self, msg) -> None:
        """Queue ``msg`` for the process (under ``cond``): answers beyond OUTBOX are dropped
        (they only spare the process some work), its orders never."""
        if self.conn is None:
            return
        if msg[0] == "known" and len(self.outbox) >= OUTBOX:
            return
        if msg[0] == "job":   # a job not yet sent is replaced, and what was told of it
            kept = [m for m in self.outbox if m[0] == "known"]
            self.outbox.clear()
            self.outbox.extend(kept)
        self.outbox.append(msg)
        self.cond.notify_all()

    def _received(self, msg) -> bool:
        self.news = time.monotonic()
        if msg[0] == "begin":
            self.begun, self.branch, self.flight, self.idle = msg[1], None, None, False
        elif not super()._received(msg) and msg[1] == self.job:   # its job is over: the call
            self.job = self.told = self.teller = None                  # told belonged to it
            self.acked = False
        return True

    def _keep(self, store: dict, label, value) -> None:
        store[label] = value
        store.move_to_end(label)
        while len(store) > KEPT:
            store.popitem(last=False)

    def _special(self, label) -> bool:
        return _special(label)

    def _label(self, label):
        """The exact value and the best contracts are the deal's; the voice's memo names its
        question."""
        deal = self.begun[0] if self.begun is not None else None
        return (deal, label) if isinstance(label, tuple) and label and label[0] in (EXACT, BEST, START, CARDS, REVIEW) \
            else label

    def close(self) -> None:
        """End the process (the server stops); idempotent."""
        with self.cond:
            self.closed = True
            proc, conn = self.proc, self.conn
            self.conn = self.proc = None
            self.cond.notify_all()
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass
        if proc is not None:
            proc.kill()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                pass

    # -- what the requests ask ------------------------------------------------------------------
    def submit(self, view: "View", over: bool, exact=None) -> None:
        """The page shows ``view``'s deal after its moves: compute what the next tap needs
        (the bidding over: the contract's exact value ``exact``, the label of it, and the best
        contracts, where not known). The answers the request computed itself go first (the
        process's replay then costs nothing)."""
        job = (view.deal, view.moves, view.later)
        with self.cond:
            best = (view.deal, (BEST,)) not in self.done
            unknown = exact is not None and (view.deal, exact) not in self.done
            if over and not best and not unknown and view.later is None:
                return
            if self.job == job and self.alive:
                return
            if not self._ensure():
                return
            for memo, p in view.mine:
                self._send(("known", memo, p))
            self._send(("job", view.deal, view.moves, over, view.judge, view.later, best,
                        {"plays": view.plays, "exact": unknown}))
            self.job = job
            self.told = self.teller = None
            self.acked = False

    def adopt_all(self, view: "CardsView", play) -> None:
        """Every answer of the solver the process sent for ``view``'s deal and contract (the
        play's end: its review asks them), kept in ``play``'s line."""
        with self.cond:
            found = [v for label, v in self.done.items()
                     if isinstance(label, tuple) and len(label) == 2 and label[0] == view.deal
                     and isinstance(label[1], tuple) and label[1][:1] in ((CARDS,), (REVIEW,)) and isinstance(v, dict)]
        for v in found:
            play.line.known.update(v)

    def submit_cards(self, view: "CardsView") -> None:
        """The page shows the play after the learner's ``view.cards``: compute the robots'
        answers to each card he may play next (and the review of the tricks finished), as
        :func:`tutor.practice.cardplay.card_plan` does at a terminal."""
        job = (view.deal, view.moves, None, view.cards)
        with self.cond:
            if self.job == job and self.alive:
                return
            if not self._ensure():
                return
            # with the solver's answers the request found and the contract's exact value: the
            # process's replay of the cards so far then asks nothing
            self._send(("job", view.deal, view.moves, True, view.judge, None, False,
                        {"cards": view.cards, "answers": view.answers, "exact": view.exact}))
            self.job = job
            self.told = self.teller = None
            self.acked = False

    def chosen(self, view: "View", call: str) -> None:
        """The learner tapped ``call`` at the state of the job: the process follows it, or
        turns to the best contracts where it follows another call."""
        with self.cond:
            if not self.alive or self.job is None or self.job[0] != view.deal:
                return
            if self.begun == self.job and self.branch is not None and self.branch != call:
                self.stats.ended += 1
                self._send(("alone",))
                return
            self._send(("chosen", call))
            self.told, self.teller, self.acked = call, view, False

    def _coming(self, label, view) -> bool:
        """:meth:`Client._follows`, where the learner's call was told by this very request."""
        return self.flight == label or (view is self.teller and self._follows(label))

    def _stalled(self) -> bool:
        """No news for STALL seconds: is the process stopped, a zombie, or asleep without
        computing since the last look (:func:`tutor.practice.ahead.stalled`)?"""
        proc = self.proc
        if proc is None:
            return True
        verdict, self._cpu_seen = stalled(proc.pid, getattr(self, "_cpu_seen", None))
        return verdict

    def take(self, label, view):
        """The process's answer for ``label`` (waiting while it is coming), or None: then the
        request computes it (and tells a process following its call to turn to the rest)."""
        waited = False
        with self.cond:
            while True:
                if label in self.done:
                    self.done.move_to_end(label)
                    self.stats.taken += not waited
                    self.stats.waited += waited
                    self.stats.note(label[1] if _special(label) else label, "waited" if waited else "taken")
                    return self.done[label]
                if label in self.failed or not self.alive or not self._coming(label, view):
                    if self.alive and self.teller is view and self.told is not None:
                        self._send(("alone",))
                        self.told = self.teller = None
                    self.stats.here += 1
                    self.stats.note(label[1] if _special(label) else label, "here")
                    return None
                waited = True
                self.cond.wait(STALL)
                if time.monotonic() - self.news >= STALL and self._stalled():
                    # a stopped or stuck process: ended (the next job starts another)
                    self.stats.ended += 1
                    if self.proc is not None:
                        self.proc.kill()
                    self.conn = None
                    self.flight = self.told = self.teller = self.job = self.begun = None


class CardsView:
    """The background process as one request of the play sees it: ``deal`` = (seed, seat,
    rules, judge), ``moves`` the calls, ``cards`` the learner's cards the request replays;
    ``judge`` the voice the process replays the bidding with (None: the count)."""

    def __init__(self, worker: Worker, deal: tuple, moves: tuple, cards: tuple, judge=None) -> None:
        self.worker, self.deal, self.moves, self.cards, self.judge = worker, deal, tuple(moves), tuple(cards), judge
        self.answers: dict = {}   # the solver's answers the request found (sent with its job)
        self.exact = None         # the contract's exact value

    def adopt(self, play, k: int, label) -> None:
        """Before the learner's card number ``k`` (0-based) of the replay: the solver's
        answers the process found for ``label`` (the robots' after that card), kept in
        ``play``'s line. Not waited for: where the process has not finished them the request
        computes them itself, at once (the process runs niced: on a busy machine waiting for
        it took longer than computing, 50.7 s against 10.7 s at load 30), and a process at
        this very card turns from its branches to the rest of its plan."""
        w = self.worker
        with w.cond:
            found = w.done.get((self.deal, label))
            job = w.job
            if found is None and job is not None and len(job) == 4 and job[:2] == (self.deal, self.moves) \
                    and k == len(job[3]) and self.cards[:k] == job[3] and w.alive:
                w._send(("alone",))
            w.stats.note(label, "taken" if found is not None else "here")
            if found is not None:
                w.stats.taken += 1
            else:
                w.stats.here += 1
        if isinstance(found, dict):
            play.line.known.update(found)


class View:
    """The background process as one request of the Practice tab sees it (the interface of
    :class:`tutor.practice.ahead.Ahead` that :class:`tutor.practice.session.Practice` and
    :class:`tutor.practice.ahead.Judge` use): ``deal`` = (seed, seat, rules, judge),
    ``moves`` the learner's decisions the request replays, ``judge`` the voice (None: the
    count, whose calls the process makes itself)."""

    def __init__(self, worker: Worker, deal: tuple, moves: tuple, judge, later: int | None = None,
                 plays: bool = False) -> None:
        self.worker, self.deal, self.moves = worker, deal, tuple(moves)
        self.plays = plays        # the page plays the cards after the bidding (its start computed ahead)
        self.judge = judge        # the voice the request asks (the process asks the very same)
        self.later = later        # the seed of the page's next deal (its start is computed last)
        self.mine: list = []      # (memo, portable answer) computed by this request
        self._asked = 0           # the learner's decisions replayed so far
        self._here = None

    running = True

    def before(self, memo, readings) -> None:
        from tutor.judgement import voice

        self._here = None
        if voice.remembered(memo) is not None:
            return
        if not adopt(self.worker.take(memo, self), memo, readings):
            self._here = memo

    def after(self, memo, j) -> None:
        if self._here == memo:
            try:
                import pickle

                p = portable(j)
                pickle.dumps(p)
            except Exception:  # noqa: BLE001  (an answer that cannot travel: the process computes it)
                return
            self.mine.append((memo, p))
        self._here = None

    def take(self, label):
        return self.worker.take((self.deal, label), self)

    def chosen(self, call: str) -> None:
        """The learner's decision number ``_asked`` of the replay: told to the process where
        it is the one after the job's state."""
        k = self._asked
        self._asked += 1
        job = self.worker.job
        if job is not None and job[0] == self.deal and k == len(job[1]) and self.moves[:k] == job[1]:
            self.worker.chosen(self, call)

    def start(self, state, plan) -> None:   # Practice.think: the page submits its job instead
        pass

    def end(self) -> None:
        pass

    close = end


# -- the process -------------------------------------------------------------------------------
def main(fd: int) -> None:
    """The background process: jobs from the server, answers back (see the module)."""
    from multiprocessing.connection import Connection

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from tutor.practice.ahead import _die_with_parent

    _die_with_parent()
    if os.getppid() == 1:   # the server died before the line above
        return
    try:
        os.nice(NICE)
    except OSError:
        pass
    conn = Connection(fd)
    w = _Process(conn)
    try:
        w.serve()
    except (EOFError, OSError):
        pass


class _Job(Exception):
    """In the background process: the job under way ends (a new one came, or its CPU is spent)."""


def _process_class():
    from tutor.practice.ahead import Ahead, _Drop

    class Process(Ahead):
        """The background process's side of :class:`tutor.practice.ahead.Ahead`, serving job
        after job: a new job ends the one under way at its next check (:class:`_Job`)."""

        def __init__(self, conn) -> None:
            super().__init__()
            self._end.detach()
            self._conn = conn
            self.known: OrderedDict = OrderedDict()   # memo -> portable answer the server sent
            self.pending = None
            self.cpu_end = None
            self._adopted = None

        def _read(self, msg) -> None:
            kind = msg[0]
            if kind == "known":
                self.known[msg[1]] = msg[2]
                while len(self.known) > KEPT:
                    self.known.popitem(last=False)
            elif kind == "job":   # what follows (the learner's call) is the new job's
                self.pending = msg[1:]
                self._chosen, self.alone = None, False
            elif kind == "chosen":
                self._chosen = msg[1]
                self._send(("ack",))
            elif kind == "alone":
                self.alone = True

        def _check(self, wait: bool = False) -> None:
            try:
                while self._conn.poll(None if wait and self._chosen is None and not self.alone
                                      and self.pending is None else 0):
                    self._read(self._conn.recv())
                    wait = False
            except (EOFError, OSError):
                os._exit(0)
            if self.pending is not None or (self.cpu_end is not None and time.process_time() > self.cpu_end):
                raise _Job
            if self.branch is not None and (self.alone or self._chosen is not None and self.branch != self._chosen):
                raise _Drop

        def before(self, memo, readings) -> None:
            from tutor.judgement import voice

            self._check()
            self._adopted = memo
            if voice.remembered(memo) is not None:
                return
            if adopt(self.known.pop(memo, None), memo, readings):
                return
            self._adopted = None
            self._send(("start", memo))

        def after(self, memo, j) -> None:
            if self._adopted != memo:   # computed here: the server's
                super().after(memo, j)
            self._adopted = None

        def _send(self, msg) -> None:
            try:
                self._conn.send(msg)
            except (OSError, ValueError):   # the server is gone
                os._exit(0)

        def serve(self) -> None:
            while True:
                while self.pending is None:
                    try:
                        self._read(self._conn.recv())
                    except (EOFError, OSError):
                        return
                deal, moves, over, judge, later, best, *more = self.pending
                extra = more[0] if more and isinstance(more[0], dict) else {}
                cards = extra.get("cards")
                self.pending = None
                self.done, self.branch = {}, None
                self.cpu_end = time.process_time() + JOB_CPU
                key = (deal, moves, later) if cards is None else (deal, moves, later, cards)
                self._send(("begin", key))
                try:
                    if cards is None:
                        self.job(deal, moves, over, judge, later, best, bool(extra.get("plays")),
                                 bool(extra.get("exact")))
                    else:
                        self.cards_job(deal, moves, judge, cards, extra.get("answers"), extra.get("exact"))
                except (_Job, _Drop):
                    pass
                except Exception:  # noqa: BLE001  (a job that fails: the requests compute)
                    if os.environ.get("TUTOR_AHEAD_DEBUG"):
                        import traceback

                        traceback.print_exc()
                self._send(("over", key))

        def job(self, deal, moves, over, judge, later, best, plays=False, exact=False) -> None:
            """Replay the deal (its answers known), then the plan of the learner's turn; the
            bidding over: the contract's exact value (``exact``: not known; the play's first
            view and the deal's end need it) and the best contracts (where not known), then
            the next deal's start."""
            from tutor.errors import TutorError
            from tutor.practice import value
            from tutor.practice.ahead import NEXT, Judge, practice_plan
            from tutor.practice.session import Practice

            seed, seat, rules, _name = deal
            p = Practice(seed, seat, rules, "en", "count", start=False)
            if judge is not None:
                p.judge = Judge(judge, self)   # the request's own voice: the same questions
            p.next_seed = later
            p.plays = plays                # the page plays the cards: the play's start too
            self.follow(None)
            try:
                p.start()
                p.replay(moves)
            except TutorError:   # a move the request refused too, or one after the bidding's end
                return
            if not p.over:
                practice_plan(p)(self)
                return
            a = p.auction
            if exact and a.declarer is not None:   # the learner's last call was not followed ahead
                label = (EXACT, a.high_bid.strain, a.declarer)
                self.give(label, lambda: value.exact(p.hands, label[1], label[2]))
            if best:
                self.give((BEST,), lambda: value.best_contracts(p.hands, p.rules, {}))
            if later is not None and self.follow(NEXT):
                q = Practice(later, seat, rules, "en", "count", start=False)
                q.judge = p.judge
                try:
                    q.start()
                except TutorError:
                    pass

        def cards_job(self, deal, moves, judge, cards, answers, exact) -> None:
            """Replay the deal's bidding and the learner's cards (with the robots' answers kept
            from this deal's earlier jobs), then the plan of his next card
            (:func:`tutor.practice.cardplay.card_plan`)."""
            from collections import OrderedDict as Kept

            from tutor.errors import TutorError
            from tutor.practice.ahead import Judge
            from tutor.practice.cardplay import card_plan
            from tutor.practice.session import Practice

            seed, seat, rules, name, _contract = deal
            p = Practice(seed, seat, rules, "en", name, start=False)
            if judge is not None:
                p.judge = Judge(judge, self)   # the request's own voice: the same questions
            self.follow(None)
            try:
                p.start()
                p.replay(moves)
                if not p.over or p.auction.declarer is None:
                    return
                a = p.auction
                plays = getattr(self, "plays", None)
                if plays is None:
                    plays = self.plays = Kept()
                key = (deal, str(a.high_bid), a.declarer, a.multiplier)
                known = kept_answers(plays, key)
                if isinstance(answers, dict) and len(answers) <= ANSWERS_SENT:
                    known.update(answers)
                cp = p.cards(known=known, exact=exact if isinstance(exact, int) else None)
                cp.robots()
                for card in cards:
                    if cp.over:
                        return
                    cp.play(card)
                    cp.robots()
            except TutorError:
                return
            if not cp.over:
                card_plan(cp)(self)

    return Process


def _Process(conn):
    return _process_class()(conn)
