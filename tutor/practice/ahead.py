"""Computing ahead while the learner thinks (``tutor practice``), and on both cores (``tutor review``).

A robot's call is a whole ``tutor bid`` (the simulation: 0.2-1.7 s of one core idle), and a
learner's call is followed by up to three robots' calls and the tutor's advice for his own
next call. While the learner reads and thinks, nothing is computed. Here one background
process (a fork of the program) computes, in the order they are likely needed:

1. the tutor's advice for the learner's call now (his call's review needs it);
2. the robots' calls after the learner's most likely call (the tutor's call, then fort,
   then the other calls the conventions offer him, :data:`BRANCHES` at most), each up to
   his next turn, and where the bidding ends there, the contract's exact value;
3. after the first such branch, each team's best contract (the deal's end needs them, and
   they do not depend on the auction).

**The same answers.** The voice's answer to a question depends on the question alone: its
seed comes from the position and its work is a budget of solver nodes, not of time
(:mod:`tutor.judgement.voice`). So an answer computed ahead in the other process is the
answer this process would compute, and the robots call the same calls with or without
computing ahead, fast or slow, whatever the learner types when (tests). An answer is
adopted only whole, for the very question (the voice's memo: hand, auction, seat, rules,
score, seed, deals, nodes); anything else is computed here as before.

**Waiting for it.** The program tells the background process the learner's call as soon as
it is typed. Where the program needs an answer the process is computing, or will compute
because it follows that very call (the same questions in the same order as the program), it
waits for it rather than computing it twice; where the process follows another call, it is
ended at once (its work is of no use) and the program computes as it would without it; where
the program must compute an answer itself while the process does a job every branch needs
(the best contracts), the process finishes that job and stops.

``tutor review`` uses the same process another way (:func:`review_plan`): it answers every
second call of the auction while the program answers the others and prints each call's
review as soon as it is known.

**Ending it.** The background process ignores Ctrl-C (the terminal sends it to every
process of the group): the program answers it and ends the process (SIGKILL: it holds
nothing that needs a clean-up, writes no file, prints nothing). It is ended on every exit
of the practice loop, when the object is garbage or the interpreter ends, and (Linux) when
the program dies without ending it; elsewhere it ends at its next message to the gone
program.
"""
from __future__ import annotations

import os
import signal
import weakref
from dataclasses import dataclass, field

BRANCHES = 4         # the learner's likely calls followed ahead at each turn
# the background process's niceness: on a busy machine the processes of one terminal session
# share its CPU (Linux's autogroups), and the program's own work (what the learner waits for
# now) comes first; on an idle machine each has a core and it changes nothing (measured:
# benchmarks/README, "Practice and review at a learner's pace")
NICE = 10

# the labels of what the background process computes besides the voice's answers
EXACT, BEST = "exact", "best"
START = "play start"   # the solver's answers of the robots' cards before the learner's first card (--play)
NEXT = "next deal"    # the branch of the next deal's first calls


@dataclass
class Stats:
    """What computing ahead saved: answers taken whole from the background process, answers
    waited for while it finished them, and answers computed here."""

    taken: int = 0
    waited: int = 0
    here: int = 0
    ended: int = 0           # background processes ended because their work was of no use
    labels: list = field(default_factory=list)   # (label kind, how) in order, for the benchmark

    def note(self, label, how: str) -> None:
        self.labels.append((label[0] if isinstance(label, tuple) and label and isinstance(label[0], str)
                            and label[0] in (EXACT, BEST) else "voice", how))


class _Drop(Exception):
    """In the background process: the branch being followed is not the learner's call."""


# -- a voice's answer, carried between processes ---------------------------------------------------
def portable(j):
    """A Judgement without its Reading (which holds the rule table's functions): the pick's
    call and kind, and the rest as it is."""
    pick = None if j.pick is None else (str(j.pick.call), j.pick.kind)
    return (pick, list(j.lines), j.evidence, tuple(j.equal), tuple(j.named), j.reasoned)


def rebuilt(p, readings):
    """The Judgement of :func:`portable` ``p`` with its pick among this process's
    ``readings`` (None where none is the pick: the answer is then computed here)."""
    from tutor.judgement.base import Judgement

    pick, lines, evidence, equal, named, reasoned = p
    reading = None
    if pick is not None:
        reading = next((r for r in readings if (str(r.call), r.kind) == pick), None)
        if reading is None:
            return None
    return Judgement(reading, list(lines), evidence, tuple(equal), tuple(named), reasoned)


def adopt(p, memo, readings) -> bool:
    """Remember the portable answer ``p`` (:func:`portable`) as this process's voice's answer
    to ``memo``; False where there is none, or its pick is none of ``readings`` (then the
    answer is computed here)."""
    from tutor.judgement import voice

    j = rebuilt(p, readings) if p is not None else None
    if j is None:
        return False
    voice.remember(memo, j)
    return True


class Client:
    """The program's side of a background process's messages (:class:`Ahead`, a fork at each
    turn; :class:`tutor.web.ahead.Worker`, one process per server): what it computes now
    (``flight``), the learner's call it follows (``branch``), whether it has read the call
    told (``acked``) or waits for the learner (``idle``), and its answers (``done``; ``failed``:
    those that could not travel)."""

    flight = branch = told = None
    acked = idle = False

    def _label(self, label):
        """The label an answer is kept under (the server's worker: the deal's exact value)."""
        return label

    def _keep(self, store: dict, label, value) -> None:
        store[label] = value

    def _special(self, label) -> bool:
        """``label`` is the exact value or the best contracts (no voice's answer)."""
        return isinstance(label, tuple) and bool(label) and label[0] in (EXACT, BEST, START)

    def _received(self, msg) -> bool:
        """Note one message of the process; False for its last ("over": the caller ends it
        or turns to its next job)."""
        kind = msg[0]
        if kind == "start":
            self.flight = self._label(msg[1])
        elif kind == "branch":
            self.branch = msg[1]
        elif kind == "ack":
            self.acked = True
        elif kind == "idle":
            self.idle = True
        elif kind in ("done", "fail"):
            label = self._label(msg[1])
            self._keep(self.done if kind == "done" else self.failed, label, msg[2] if kind == "done" else True)
            if self.flight == label:
                self.flight = None
        elif kind == "over":
            self.flight = self.branch = None
            return False
        return True

    def _follows(self, label) -> bool:
        """Will the process answer ``label`` soon, having been told the learner's call? It
        computes it now, or it follows that call (the same questions in the same order as the
        program), or it has not yet read the call while it answers a question of the voice
        (then it turns to his call)."""
        if self.flight == label:
            return True
        if self.told is None:
            return False
        if self.acked:
            return True
        return self.flight is None or not self._special(self.flight)


class Judge:
    """The voice, through an :class:`Ahead`: in the program, an answer the background process
    computed is adopted before the voice is asked (which then finds it remembered); in the
    background process, each answer is sent to the program as it is found."""

    def __init__(self, inner, ahead: "Ahead") -> None:
        self.inner, self.ahead = inner, ahead
        self.name = inner.name

    def choose(self, hand, s, readings, standing=None):
        memo = self.inner.memo(hand, s, standing)
        self.ahead.before(memo, readings)
        j = self.inner.choose(hand, s, readings, standing)
        self.ahead.after(memo, j)
        return j


def _kill(holder: list, owner: int) -> None:
    """End the background process in ``holder`` (SIGKILL) and collect it; from the owner only."""
    if os.getpid() != owner or not holder:
        return
    pid, conn = holder.pop()
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
        conn.close()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


# while the program waits for the background process, it looks every STALL_CHECK seconds
# whether the process was stopped (SIGSTOP, a debugger): a stopped process never answers, and
# the program waited for it forever (s37: practice hung at the robots' next call, review too)
STALL_CHECK = 1.0


def stalled(pid: int, seen: "int | None" = None) -> "tuple[bool, int | None]":
    """Linux: will process ``pid`` never answer? It is stopped or traced (state T or t), a
    zombie or gone (Z, X), or, where ``seen`` is its CPU ticks at an earlier look, asleep and
    has not computed since (runnable is computing: on a busy machine a niced process may wait
    long for a core). With its CPU ticks now, for the next look; (False, None) where /proc
    cannot be read (elsewhere than Linux): trust it. The one check of both background
    processes: :func:`_waited` (a fork's, every STALL_CHECK s, ``seen`` None: the state alone)
    and :meth:`tutor.web.ahead.Worker.take` (the server's, after its STALL s without news)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            data = fh.read()
        fields = data[data.rfind(b")") + 2:].split()   # the command name in parentheses may hold anything
        state, cpu = fields[0], int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return False, None
    if state in (b"T", b"t", b"Z", b"X"):
        return True, cpu
    return state != b"R" and seen == cpu, cpu


def _waited(ahead, conn) -> bool:
    """``conn.poll(None)`` for ``ahead``'s background process: True when a message (or its end)
    is there; False where the process is found stopped: then it is ended, and the program
    computes what it waited for itself."""
    while not conn.poll(STALL_CHECK):
        if stalled(ahead._holder[0][0])[0]:
            ahead._end_now()
            return False
    return True


def _die_with_parent() -> None:
    """Linux: this process gets SIGKILL when the program that forked it dies."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


# the voice's answers a background process sent for questions its own program did not ask
# (the next deal's first calls, :func:`practice_plan`), kept for the next Ahead of this process
_CARRIED: dict = {}
CARRIED_KEPT = 64


class Ahead(Client):
    """One background process at a time computing what the program will ask next (see the
    module). :meth:`start` forks it with a plan (a function of this object, run in the
    fork); :meth:`before` / :meth:`take` adopt or wait for its answers; :meth:`chosen` tells
    it the learner's call; :meth:`end` ends it."""

    def __init__(self, alone: bool = True) -> None:
        self.owner = os.getpid()
        # where this program computes an answer itself, the process only finishes its job
        # (practice: it was following another branch); else it goes on with its plan (review)
        self.tell_alone = alone
        self.expecting = False                   # the question asked next is the process's (review)
        self._holder: list = []                  # [(pid, connection)] while a process runs
        self._end = weakref.finalize(self, _kill, self._holder, self.owner)
        self.done: dict = {}                     # label -> value, as received
        self.failed: dict = {}                   # labels whose answer could not travel
        self.flight = None                       # the label being computed now
        self.branch = None                       # the branch followed now (None: a job every branch needs)
        self.told = None                         # the learner's call, as told to the running process
        self.acked = False                       # ... and whether it has read it
        self.state = None                        # what the running process was started for
        self.idle = False                        # it has computed all it could and waits for the learner
        self.stats = Stats()
        # in the background process
        self._conn = None
        self._chosen = None
        self.alone = False      # the program computes the learner's call's answers itself

    # -- the program's side ---------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return bool(self._holder)

    def start(self, state, plan) -> None:
        """Fork the background process to run ``plan(self)`` for ``state`` (anything the
        program compares: for the same state the running process is kept)."""
        if os.getpid() != self.owner:
            return
        if self.running and state == self.state:
            return
        self.end()
        if not hasattr(os, "fork"):
            return
        from multiprocessing.connection import Pipe

        mine, theirs = Pipe(duplex=True)
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pid = os.fork()
            if pid == 0:
                self._run(theirs, mine, mask, plan)   # never returns
            theirs.close()
            self._holder.append((pid, mine))
        except OSError:
            mine.close()
            theirs.close()
            return
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        self.state = state

    def end(self) -> None:
        """End the background process now, whatever it is doing (idempotent)."""
        if self.running:
            self._drain()
            self._end_now()

    def _end_now(self) -> None:
        _kill(self._holder, self.owner)
        self.flight = self.branch = self.state = self.told = None
        self.acked = self.idle = False

    def close(self) -> None:
        self.end()
        self._end.detach()
        for label, value in self.done.items():   # what another Ahead may ask (the next deal's)
            if isinstance(label, tuple) and label and label[0] not in (EXACT, BEST):
                _CARRIED[label] = value
        while len(_CARRIED) > CARRIED_KEPT:
            _CARRIED.pop(next(iter(_CARRIED)))
        self.done = {}

    def _drain(self, wait: bool = False) -> None:
        """Read what the background process sent; with ``wait``, at least one message (or
        its end)."""
        if not self._holder:
            return
        conn = self._holder[0][1]
        while True:
            try:
                if not (_waited(self, conn) if wait else conn.poll(0)):
                    return
                msg = conn.recv()
            except (EOFError, OSError):
                self._end_now()
                return
            wait = False
            if not self._received(msg):
                self._end_now()
                return

    def _coming(self, label) -> bool:
        """Will the background process answer ``label`` soon (:meth:`Client._follows`; in a
        review, every question it is asked next)?"""
        return self.expecting or self._follows(label)

    def take(self, label):
        """The background process's answer for ``label`` (waiting while it is coming), or
        None where it has none and none is coming: then this program computes it."""
        if os.getpid() != self.owner:
            return None
        waited = False
        while True:
            self._drain()
            if label in self.done:
                self.stats.taken += not waited
                self.stats.waited += waited
                self.stats.note(label, "waited" if waited else "taken")
                return self.done[label]
            if label in self.failed or not self.running or not self._coming(label):
                if self.running and self.tell_alone:   # computed here: the process only finishes its job
                    self._tell(("alone",))
                self.stats.here += 1
                self.stats.note(label, "here")
                return None
            waited = True
            self._drain(wait=True)

    def chosen(self, branch) -> None:
        """The learner's call is ``branch``: a process following another one is ended, one
        at another job turns to it."""
        if not self.running:
            return
        self._drain()
        if self.branch is not None and self.branch != branch:
            self.stats.ended += 1
            self._end_now()
            return
        if self._tell(("chosen", branch)):
            self.told, self.acked = branch, False

    def _tell(self, msg) -> bool:
        try:
            self._holder[0][1].send(msg)
        except OSError:
            self._end_now()
            return False
        return True

    def before(self, memo, readings) -> None:
        """Before the voice answers ``memo``: in the program, adopt the background process's
        answer (the voice then finds it remembered); in the background process, say what
        is being computed (or give up the branch where the learner chose another call)."""
        from tutor.judgement import voice

        if self._conn is not None:
            self._check()
            if voice.remembered(memo) is None:
                self._send(("start", memo))
            return
        if voice.remembered(memo) is not None:
            return
        p = _CARRIED.pop(memo, None)
        if p is not None:
            self.stats.taken += 1
            self.stats.note(memo, "taken")
        elif self.running or memo in self.done:
            p = self.take(memo)
        adopt(p, memo, readings)

    def after(self, memo, j) -> None:
        if self._conn is None:
            return
        try:
            import pickle

            p = portable(j)
            pickle.dumps(p)
        except Exception:  # noqa: BLE001  (an answer that cannot travel: the program computes it)
            self._send(("fail", memo))
            return
        self._send(("done", memo, p))

    # -- the background process's side ----------------------------------------------------------
    def _run(self, conn, other, mask, plan) -> None:
        code = 0
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            _die_with_parent()
            try:   # the program's own work first where both run (one autogroup shares the CPU)
                os.nice(NICE)
            except OSError:
                pass
            other.close()
            for _pid, c in self._holder:   # an earlier process's connection: not this one's
                c.close()
            self._holder.clear()
            self._end.detach()
            self._conn = conn
            self.branch = None
            try:
                plan(self)
            except _Drop:
                pass
            self._send(("over",))
        except BaseException:  # noqa: BLE001
            code = 1
            if os.environ.get("TUTOR_AHEAD_DEBUG"):
                import traceback

                traceback.print_exc()
        finally:
            os._exit(code)

    def _send(self, msg) -> None:
        try:
            self._conn.send(msg)
        except (OSError, ValueError):   # the program is gone
            os._exit(0)

    def _check(self, wait: bool = False) -> None:
        """In the background process: read the learner's call where the program has told it
        (``wait``: wait for it); raise :class:`_Drop` where the branch followed is another."""
        try:
            while self._conn.poll(None if wait and self._chosen is None and not self.alone else 0):
                msg = self._conn.recv()
                if msg[0] == "chosen":
                    self._chosen = msg[1]
                    self._send(("ack",))
                elif msg[0] == "alone":
                    self.alone = True
                wait = False
        except (EOFError, OSError):
            os._exit(0)
        if self.branch is not None and (self.alone or self._chosen is not None and self.branch != self._chosen):
            raise _Drop

    def learner(self, wait: bool = False):
        """In the background process: the learner's call, where told (``wait``: wait for it,
        having said that nothing else is left to compute)."""
        if wait and self._chosen is None and not self.alone:
            self._send(("idle",))
        self._check(wait)
        return self._chosen

    def follow(self, branch) -> bool:
        """In the background process: start following ``branch`` (None: a job every branch
        needs); False where the learner has chosen another call already."""
        self.branch = branch
        try:
            self._check()
        except _Drop:
            self.branch = None
            return False
        self._send(("branch", branch))
        return True

    def give(self, label, compute) -> None:
        """In the background process: compute ``label`` (``compute()``) and send it."""
        self._send(("start", label))
        self._send(("done", label, compute()))


# -- the plan of a practice deal -------------------------------------------------------------------
def likely_calls(p, advice) -> list[str]:
    """The learner's calls to follow ahead, the likeliest first: at his turn the tutor's call,
    fort, the calls the tutor finds as good, then the other calls the conventions offer his
    hand; at a chance to double or konter out of turn, the tutor's choice first ("": let it
    pass)."""
    if p.waiting == "option":
        rec = advice.recommended
        doubles = [str(r.call) for r in advice.options if r.kind in ("double", "redouble")]
        names = [str(rec.call), ""] if rec is not None and rec.kind in ("double", "redouble") else ["", *doubles]
    else:
        names = [advice.call or "fort", "fort", *advice.equal, *(str(r.call) for r in advice.options)]
    out: list[str] = []
    for n in names:
        if n not in out:
            out.append(n)
    return out[:BRANCHES]


def start_label(auction) -> tuple:
    """The label of the play's start (:data:`START`) for the contract ``auction`` ends in."""
    return (START, str(auction.high_bid), auction.declarer, auction.multiplier)


def play_start(p) -> dict:
    """The solver's answers the robots ask for their cards before the learner's first one
    (``tutor practice --play``), on the Practice ``p`` whose bidding is over."""
    cp = p.cards()
    cp.robots()
    return dict(cp.line.known)


def practice_plan(p):
    """What the background process computes for the Practice ``p`` at the learner's turn (see
    the module), on its copy of ``p``: his advice, then his likely calls one by one, each
    branch given up where he chose another call; once he has, his call, whatever it is (the
    same questions in the same order as the program: it waits for the answers instead of
    computing them twice)."""
    def plan(ahead: Ahead) -> None:
        from tutor.errors import TutorError
        from tutor.practice import value
        from tutor.practice.robots import advice

        def branch(call) -> bool:
            if not ahead.follow(call):
                return False
            whole = False
            try:
                p.call(call)
                a = p.auction
                if p.over and a.declarer is not None:
                    label = (EXACT, a.high_bid.strain, a.declarer)
                    if label not in ahead.done:
                        ahead.give(label, lambda: value.exact(p.hands, label[1], label[2]))
                    start = start_label(a)
                    if getattr(p, "plays", False) and start not in ahead.done:   # then the robots' first cards
                        ahead.give(start, lambda: play_start(p))
                whole = True
            except (_Drop, TutorError):
                pass
            p._restart(keep)
            return whole

        def best() -> None:
            if (BEST,) not in ahead.done:
                ahead.follow(None)
                ahead.give((BEST,), lambda: value.best_contracts(p.hands, p.rules, {}))
                ahead.done[(BEST,)] = True

        def next_deal() -> None:
            """The next deal's robots' calls up to the learner's first turn (``tutor practice
            --count``): given up as soon as the learner calls. (A practice of the same class as
            ``p``: session imports this module, so this one does not import session.)"""
            if not ahead.follow(NEXT):
                return
            try:
                q = type(p)(p.next_seed, p.seat, p.rules, p.lang, start=False)
                q.judge = p.judge
                q.start()
            except (_Drop, TutorError):
                pass
            ahead.branch = None

        p.on_step = None   # nothing is shown from here
        ahead.follow(None)
        mine = advice(p.hand, p.auction, p.rules, p.seat, p.judge)
        keep = len(p.steps)
        likely = likely_calls(p, mine)
        followed: set = set()
        later = getattr(p, "next_seed", None) is not None
        while True:
            if later and len(followed) >= len(likely) and (BEST,) in ahead.done and ahead.learner() is None:
                later = False
                next_deal()
            chosen = ahead.learner(wait=len(followed) >= len(likely) and (BEST,) in ahead.done)
            if ahead.alone:
                best()
                return
            if chosen is not None:
                if chosen not in followed:
                    branch(chosen)
                best()
                return
            call = next((c for c in likely if c not in followed), None)
            if call is None:
                best()
                continue
            if branch(call):
                followed.add(call)
            elif ahead.learner() is None:   # given up for no reason: not again
                followed.add(call)
            if len(followed) == 1:
                best()
    return plan


# -- the plan of a review --------------------------------------------------------------------------
def review_plan(positions, rules, judge):
    """The background process's part of a review's calls (:func:`tutor.practice.game.review_calls`):
    the tutor's advice at every second call (the 2nd, 4th ...), in order."""
    def plan(ahead: Ahead) -> None:
        from tutor.errors import TutorError
        from tutor.practice.robots import advice

        ahead.follow(None)
        for hand, at, seat in positions[1::2]:
            try:
                advice(hand, at, rules, seat, judge)
            except TutorError:
                pass
    return plan
