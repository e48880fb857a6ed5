"""The phone page's Practice tab computes ahead (``tutor.web.ahead``): the same calls, sooner,
with one bounded background process per server.

What a learner on the phone relies on: the robots call what ``tutor bid`` advises their
hands at the same point of the auction, with or without the server's background process,
however fast he taps; the deal's end is the same; his tap is answered from what the process
computed while he looked at the deal. What the server's owner relies on: one process per
server however many pages ask, none left when the server stops or dies, and a stopped or
killed process never makes a request hang. Every request goes to 127.0.0.1.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from test_practice_ahead import CEILING, gone, until   # the same helpers as the terminal's
from tutor.cli import main

pytestmark = pytest.mark.needs_core

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = 20       # deals a question (the same question, the same answer at any number)


def children(pid: int) -> list[int]:
    out = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            out += [int(c) for c in f.read().split()]
    return out


def settled(w) -> bool:
    """The background process has computed all it can for the page shown (or has none)."""
    with w.cond:
        return not w.alive or w.job is None or (w.begun == w.job and w.idle)


@pytest.fixture
def fresh(monkeypatch, forget_voice):
    from tutor.judgement import voice

    # fewer deals a question: a quicker test; the server's voice is sent to the process, so
    # it asks the very same questions
    monkeypatch.setattr(voice, "SAMPLES", SAMPLES)


def client(tmp_path, ahead: bool = True):
    from starlette.testclient import TestClient

    from tutor.web.app import Settings, create_app

    app = create_app(Settings(db=str(tmp_path / "t.sqlite3"), ahead=ahead))
    return app, TestClient(app, base_url="http://127.0.0.1:8000")


def thought_out(c, params: dict, w) -> list[str]:
    """The page's requests for the deal of ``params``: fort, and no double or konter, each
    after the learner thought (until the background process ``w``, if any, has computed all
    it can), to the bidding's end; his moves."""
    moves: list[str] = []
    view = c.get("/api/practice", params=params).json()
    while not view["over"]:
        if w is not None:
            assert until(lambda: settled(w))
        moves.append("fort" if view["waiting"] == "turn" else "-")
        view = c.get("/api/practice", params={**params, "moves": ",".join(moves)}).json()
    return moves


def tap_through(c, app, seed: int, think: bool):
    """The page's requests for deal ``seed`` at C: fort, and no double or konter; thinking
    (until the background process has computed all it can) or tapping at once. The calls,
    the deal's end, and the server's answers computed by its requests after the first view."""
    params = {"seed": seed, "seat": "C", "lang": "en"}
    moves: list[str] = []
    view = c.get("/api/practice", params=params).json()
    w = app.state.ahead
    here = w.stats.here if w is not None else 0
    while not view["over"]:
        if think and w is not None:
            assert until(lambda: settled(w))
        moves.append("fort" if view["waiting"] == "turn" else "-")
        view = c.get("/api/practice", params={**params, "moves": ",".join(moves)}).json()
        assert "error" not in view, view
    if think and w is not None:
        assert until(lambda: settled(w))
    result = c.get("/api/practice/result", params={**params, "moves": ",".join(moves)}).json()
    assert "error" not in result, result
    return view["calls"], result, (w.stats.here - here if w is not None else None)


def test_the_phone_s_robots_call_what_tutor_bid_advises_with_the_background_process(fresh, tmp_path):
    from tutor.judgement import voice
    from tutor.practice.session import hands_of

    app, c = client(tmp_path)
    with c:
        calls, result, here = tap_through(c, app, 3, think=True)
        assert here == 0          # after the first view every answer came from the background process
        assert app.state.ahead.stats.taken + app.state.ahead.stats.waited > 0
    app.state.ahead.close()
    hands = hands_of(3)
    robots = [(i, x) for i, x in enumerate(calls) if not x["learner"] and x["call"] is not None]
    assert robots
    for i, x in robots:
        voice.forget()
        auction = ", ".join(result["auction"][:sum(1 for y in calls[:i] if y["call"] is not None)])
        out = CliRunner().invoke(main, ["bid", "--hand", str(hands[x["seat"]]), "--auction", auction, "--seat",
                                        x["seat"], "--samples", str(SAMPLES), "--json"], catch_exceptions=False)
        assert out.exit_code == 0, out.output
        assert (json.loads(out.stdout)["call"] or "fort") == x["call"], (x["seat"], auction)


def test_the_same_deal_with_and_without_the_process_however_fast_the_learner_taps(fresh, tmp_path):
    from tutor.judgement import voice

    app, c = client(tmp_path, ahead=False)
    with c:
        plain = tap_through(c, app, 1, think=False)[:2]
    for think in (True, False):
        voice.forget()
        app, c = client(tmp_path)
        with c:
            assert tap_through(c, app, 1, think=think)[:2] == plain
        app.state.ahead.close()


def test_the_next_deal_s_first_calls_are_computed_while_the_learner_reads_the_end(fresh, tmp_path):
    # the page names the deal it will deal next ("New deal"): once this deal's work is done,
    # the process bids the next deal up to the learner's first turn; the new deal's first view
    # then computes nothing, and its robots call as a plain server's do
    from tutor.judgement import voice

    app, c = client(tmp_path)
    w = app.state.ahead
    params = {"seed": 3, "seat": "C", "lang": "en", "next": 4}
    with c:
        view = c.get("/api/practice", params=params).json()
        moves: list[str] = []
        while not view["over"]:
            moves.append("fort" if view["waiting"] == "turn" else "-")
            view = c.get("/api/practice", params={**params, "moves": ",".join(moves)}).json()
        assert until(lambda: settled(w))
        here = w.stats.here
        first = c.get("/api/practice", params={"seed": 4, "seat": "C", "lang": "en", "next": 5}).json()
        assert w.stats.here == here and first["calls"]
        assert c.get("/api/practice", params={**params, "next": "x"}).json()["error"].startswith("next")
    w.close()
    voice.forget()
    app, c = client(tmp_path, ahead=False)
    with c:
        assert c.get("/api/practice", params={"seed": 4, "seat": "C", "lang": "en"}).json()["calls"] == first["calls"]


def test_one_process_per_server_the_newest_page_s_job_and_none_left_when_it_stops(fresh, tmp_path):
    app, c = client(tmp_path)
    w = app.state.ahead
    with c:
        for seed in (1, 2, 3, 4):          # four pages, four deals: one process, the last deal's job
            assert "error" not in c.get("/api/practice", params={"seed": seed, "seat": "C"}).json()
        pid = w.proc.pid
        assert [k for k in children(os.getpid()) if k == pid] == [pid]
        assert w.job is not None and w.job[0][0] == 4 and w.starts and len(w.starts) == 1
        assert len(w.outbox) <= 4          # orders not yet sent: the newest job and what it needs
    w.close()
    assert until(lambda: gone(pid), pid=pid)


def test_a_stopped_or_killed_process_never_makes_a_tap_wait(fresh, tmp_path, monkeypatch):
    from tutor.web import ahead

    monkeypatch.setattr(ahead, "STALL", 1.0)
    app, c = client(tmp_path)
    w = app.state.ahead
    params = {"seed": 3, "seat": "C"}
    with c:
        assert "error" not in c.get("/api/practice", params=params).json()
        pid = w.proc.pid
        os.kill(pid, signal.SIGSTOP)       # it has the learner's advice and the robots' calls to compute
        try:
            view = c.get("/api/practice", params={**params, "moves": "fort"}).json()
            assert "error" not in view
            assert until(lambda: gone(pid), pid=pid)   # ended; the next page's job starts another
            c.get("/api/practice", params={**params, "moves": "fort"})
            assert w.proc is not None and w.proc.pid != pid
            os.kill(w.proc.pid, signal.SIGKILL)
            again = c.get("/api/practice", params={**params, "moves": "fort"}).json()
            assert again["calls"] == view["calls"]
        finally:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    w.close()


SERVE = """
import sys, socket, uvicorn
from tutor.web import server
from tutor.web.app import Settings, create_app
app = create_app(Settings(db=sys.argv[1]))
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
print(port, flush=True)
uvicorn.Server(server.config(app, "127.0.0.1", port)).run(sockets=[s])
"""


def test_the_process_ends_when_tutor_serve_stops_or_dies(tmp_path):
    from test_web_serve import get, start, stop

    def practice(url: str) -> None:
        assert get(url + "api/practice/texts") == 200   # (it listens)
        with urllib.request.urlopen(url + "api/practice?seed=3&seat=C&judge=", timeout=CEILING) as r:
            assert "hand" in json.loads(r.read())

    def process_of(pid: int) -> int:
        assert until(lambda: children(pid), pid=pid)
        return children(pid)[0]

    proc = start(tmp_path, "--port", "0")          # Ctrl-C: the server stops and ends it
    try:
        url = proc.stdout.readline().split()[1]
        assert url.startswith("http://127.0.0.1:")
        practice(url)
        pid = process_of(proc.pid)
        stop(proc)
        assert until(lambda: gone(pid), pid=pid)
    finally:
        proc.kill()
        proc.wait()
    proc = subprocess.Popen([sys.executable, "-c", SERVE, str(tmp_path / "t.sqlite3")], stdout=subprocess.PIPE,
                            text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:                                           # killed: Linux ends it with the server
        practice(f"http://127.0.0.1:{int(proc.stdout.readline())}/")
        pid = process_of(proc.pid)
        proc.kill()
        proc.wait(CEILING)
        assert until(lambda: gone(pid), pid=pid)
    finally:
        proc.kill()
        proc.wait()


def test_the_phone_s_cards_are_the_same_and_come_from_the_process_where_the_learner_thought(tmp_path):
    # s38: the phone computed nothing ahead for the cards (a tap waited up to 5.7 s of CPU).
    # While the learner looks at his cards, the process plays the robots' answers to each card
    # he may play (tutor.practice.cardplay.card_plan) and the review of the tricks finished;
    # his tap adopts them: the same tricks, costs and end as without the process, and each
    # tap after he thought (until the process had done all it could) answered from it
    def played(ahead: bool):
        app, c = client(tmp_path / ("a" if ahead else "b"), ahead)
        with c:
            base = {"seed": 11, "seat": "C", "judge": "count", "lang": "en"}
            moves: list[str] = []
            v = c.get("/api/practice", params=base).json()
            while not v["over"]:
                moves.append("fort" if v["waiting"] == "turn" else "-")
                v = c.get("/api/practice", params={**base, "moves": ",".join(moves)}).json()
            base["moves"] = ",".join(moves)
            w = app.state.ahead
            cards: list[str] = []
            views, taken = [], []
            while True:
                v = c.get("/api/practice/play", params={**base, "cards": ",".join(cards)}).json()
                assert "error" not in v, v
                views.append(v)
                if v["over"]:
                    break
                if w is not None:
                    assert until(lambda: settled(w))
                    taken.append(card_answers(w))
                cards.append(v["legal"][-1])
            end = c.get("/api/practice/result", params={**base, "cards": ",".join(cards)}).json()
            if w is not None:
                taken.append(card_answers(w))
        if w is not None:
            w.close()   # no process left for the tests after this one
        return views, end["play"], end["lines"], taken

    def card_answers(w) -> tuple[int, int]:
        """The robots' answers to his cards the requests took from the process, and those
        they computed (the exact value's, which the count's deal also asks, left out)."""
        from tutor.practice.ahead import BEST, EXACT

        hows = [how for kind, how in w.stats.labels if kind not in (EXACT, BEST)]
        return hows.count("taken"), hows.count("here")

    plain, plain_end, plain_lines, _ = played(False)
    thought, end, lines, taken = played(True)
    assert thought == plain and end == plain_end and lines == plain_lines
    # each request replays his cards so far, each one's answers taken from the process, none
    # computed by the request (9 + 8 + ... + 1 of the play's requests and the end's 9)
    assert taken[-1][0] - taken[0][0] == sum(range(1, 10)) + 9 and taken[-1][1] == taken[0][1]


def test_the_play_s_first_cards_are_computed_with_the_call_that_ends_the_bidding(fresh, tmp_path):
    # s38: the play's first view waited for the robots' first cards (5.7 s of CPU on deal 5).
    # Where the page plays the cards (play=1), the process follows the learner's likely call
    # that ends the bidding to the contract's exact value and then the robots' cards before
    # his first one; the first view adopts them: the same cards as without the process
    from tutor.practice.ahead import START
    from tutor.web.practice import _PLAYS

    def first_view(ahead: bool):
        _PLAYS.clear() if _PLAYS is not None else None   # nothing kept from the other run
        app, c = client(tmp_path / ("a" if ahead else "b"), ahead)
        with c:
            params = {"seed": 3, "seat": "C", "lang": "en", "play": "1"}
            w = app.state.ahead
            moves = thought_out(c, params, w)
            starts = [] if w is None else [label for label in w.done if isinstance(label[1], tuple)
                                            and label[1][:1] == (START,)]
            taken = w.stats.taken if w is not None else 0
            play = c.get("/api/practice/play", params={**params, "moves": ",".join(moves), "cards": ""}).json()
        if w is not None:
            taken = w.stats.taken - taken
            w.close()
        return play, starts, taken

    plain, _, _ = first_view(False)
    assert "error" not in plain and plain["declarer"] is not None
    ahead, starts, taken = first_view(True)
    assert ahead == plain
    # each of his likely calls that ends the bidding got its start (here fort and 130 Schellen)
    # and the first view took it, with the contract's exact value
    assert (plain["contract"], plain["declarer"], 1) in [s[1][1:] for s in starts] and taken == 2


def test_with_the_count_the_phone_computes_the_exact_value_the_play_s_start_and_the_best_contracts_ahead(tmp_path):
    # s39 note: with `judge=count` the phone computed nothing ahead (its calls are instant, but
    # the contract's exact value, the robots' first cards and both teams' best contracts are
    # the solver's: 1-6 s of CPU at the last call and at the end). Now as with the voice: the
    # process follows the learner's likely calls; after he thought, the first view of the
    # play and the deal's end take them from it, and everything is as without the process
    from tutor.practice.ahead import BEST, EXACT, START
    from tutor.web import practice

    def dealt(ahead: bool):
        practice._PLAYS = None   # nothing kept from the other run
        app, c = client(tmp_path / ("a" if ahead else "b"), ahead)
        with c:
            params = {"seed": 3, "seat": "C", "lang": "en", "play": "1", "judge": "count"}
            w = app.state.ahead
            moves = thought_out(c, params, w)
            if w is not None:
                assert until(lambda: settled(w))
                before = (w.stats.taken, w.stats.here)
                labels = {label[1][0] for label in w.done if isinstance(label, tuple) and len(label) == 2
                          and isinstance(label[1], tuple) and label[1]}
            play = c.get("/api/practice/play", params={**params, "moves": ",".join(moves), "cards": ""}).json()
            end = c.get("/api/practice/result", params={**params, "moves": ",".join(moves)}).json()
        if w is None:
            return play, end, None, None
        w.close()
        return play, end, labels, (w.stats.taken - before[0], w.stats.here - before[1])

    plain, plain_end, _, _ = dealt(False)
    assert "error" not in plain and plain["declarer"] is not None and "error" not in plain_end
    play, end, labels, (taken, here) = dealt(True)
    assert play == plain and end == plain_end
    assert {EXACT, START, BEST} <= labels
    # the play's first view: its start and the exact value; the end: the exact value and
    # the best contracts; none computed by the requests
    assert taken == 4 and here == 0


def test_a_learner_who_tapped_fast_finds_the_exact_value_computed_while_he_read_the_auction(tmp_path):
    # where the learner's last call was not followed ahead (he tapped before the process got
    # there, or called what it did not follow), the deal's first view after the bidding gave
    # the process only the best contracts, and "Show the deal" computed the exact value (1-7 s
    # of CPU on a full deal). Now the process computes it first: after he read the auction,
    # the end takes both and computes neither; the end is the same as without the process
    from tutor.practice.ahead import BEST, EXACT

    def ended(ahead: bool):
        app, c = client(tmp_path / ("a" if ahead else "b"), ahead)
        with c:
            params = {"seed": 11, "seat": "C", "lang": "en", "judge": "count", "moves": "90 Rosen,fort"}
            assert c.get("/api/practice", params=params).json()["over"]   # his two taps at once
            w = app.state.ahead
            if w is not None:
                assert until(lambda: settled(w))
                before = len(w.stats.labels)
            end = c.get("/api/practice/result", params=params).json()
        if w is None:
            return end, None
        w.close()
        return end, w.stats.labels[before:]

    plain, _ = ended(False)
    end, labels = ended(True)
    assert "error" not in plain and end == plain
    assert sorted(labels) == sorted([(EXACT, "taken"), (BEST, "taken")])
