"""`tutor serve` bounds the work of requests that compute the judgement (tutor.web.app.Gate):
a hostile or runaway client asking for many voices at once (each seconds of CPU) gets 503
with one line once the places are taken, while the other requests are answered; nothing is
lost (the request is answered again once a place is free). 127.0.0.1 only; the judgement's
work is stood in for by a call that waits for the test (its length is what is bounded)."""
from __future__ import annotations

import threading
import time

import pytest
from starlette.testclient import TestClient

from tutor import answers
from tutor.web.app import Settings, create_app
from waiting import joined, page_until, until_holds, until_true

HAND = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"


@pytest.fixture
def slow_bid(monkeypatch):
    """answers.bid_json waits until ``release`` is set (``started`` counts the calls begun)."""
    release = threading.Event()
    started = threading.Semaphore(0)
    real = answers.bid_json

    def slow(*args, **kwargs):
        started.release()
        release.wait(60)
        return real(*args, **{**kwargs, "judge": None})   # the count: the answer itself is not the point

    monkeypatch.setattr(answers, "bid_json", slow)
    return release, started


def _client(tmp_path, **limits):
    return TestClient(create_app(Settings(db=str(tmp_path / "t.sqlite3"), ahead=False, **limits)),
                      base_url="http://127.0.0.1:8000")


def _in_thread(fn):
    out: dict = {}
    t = threading.Thread(target=lambda: out.setdefault("r", fn()), daemon=True)
    t.start()
    return t, out


def test_beyond_the_places_a_judgement_is_refused_with_one_line_and_the_rest_is_answered(tmp_path, slow_bid):
    release, started = slow_bid
    params = {"hand": HAND, "lang": "en"}
    with _client(tmp_path, slots=1, waiting=0) as c:
        first, got = _in_thread(lambda: c.get("/api/bid", params=params))
        until_true(lambda s: started.acquire(timeout=s), "the first request")   # the first computes
        busy = c.get("/api/bid", params=params)
        assert busy.status_code == 503 and busy.headers["retry-after"] == "5"
        assert busy.json() == {"error": "the server is busy computing other answers: try again in a moment"}
        fr = c.get("/api/bid", params={**params, "lang": "fr"})
        assert fr.status_code == 503 and fr.json()["error"] == "le serveur calcule d'autres réponses : réessaie dans un instant"
        # what computes no judgement is answered meanwhile: the count, an explanation, the quiz
        assert c.get("/api/bid", params={**params, "count": "1"}).status_code == 200
        assert c.get("/api/explain", params={"auction": "60 Eichel"}).status_code == 200
        assert c.get("/api/quiz").status_code == 200
        assert c.get("/api/practice", params={"seed": 1, "seat": "C", "judge": "count"}).status_code == 200
        release.set()
        joined(first, "the first request")
        assert got["r"].status_code == 200 and got["r"].json()["call"]
        again = c.get("/api/bid", params=params)     # nothing lost: the same request, answered
        assert again.status_code == 200 and again.json() == got["r"].json()
        assert c.app.state.gate.admitted == 0 and c.app.state.gate.refused == 2


def test_a_request_waits_for_a_place_and_is_refused_when_none_frees_in_time(tmp_path, slow_bid):
    release, started = slow_bid
    params = {"hand": HAND, "lang": "en"}
    with _client(tmp_path, slots=1, waiting=1, wait_seconds=1.0) as c:
        first, got = _in_thread(lambda: c.get("/api/bid", params=params))
        until_true(lambda s: started.acquire(timeout=s), "the first request")
        t0 = time.monotonic()
        late = c.get("/api/bid", params=params)       # waits its second, then gives up
        assert late.status_code == 503 and time.monotonic() - t0 >= 1.0
        second, got2 = _in_thread(lambda: c.get("/api/bid", params=params))
        until_holds(lambda: c.app.state.gate.admitted >= 2, "the second request")   # it waits for the place
        third = c.get("/api/bid", params=params)      # and no third may wait: refused at once
        assert third.status_code == 503
        release.set()
        joined(first, "the first request")
        joined(second, "the second request")
        assert got["r"].status_code == 200 and got2["r"].status_code == 200
        assert c.app.state.gate.admitted == 0


def test_the_practice_tab_s_judgement_passes_the_gate_its_count_replay_does_not(tmp_path):
    from tutor.web.app import _practising
    from starlette.requests import Request

    def req(path, query=""):
        return Request({"type": "http", "method": "GET", "path": path, "query_string": query.encode(),
                        "headers": []})

    assert _practising(req("/api/practice", "seed=1&seat=C"))                 # the voice's robots
    assert not _practising(req("/api/practice", "seed=1&seat=C&judge=count"))
    assert not _practising(req("/api/practice/hint", "seed=1&judge=count"))
    assert _practising(req("/api/practice/result", "seed=1&judge=count"))     # solves the deal
    assert _practising(req("/api/practice/keep"))
    assert not _practising(req("/api/practice/texts"))


def test_the_phone_keeps_the_learner_s_call_when_the_server_is_busy(tmp_path, monkeypatch):
    # the Practice tab took back the learner's last call on any error (meant for a refused
    # call, 400); a 503 (no place to compute) must keep it: the next tap or reload asks again
    from test_web_browser import CHROMIUM, Server, phone
    from tutor.web import app as web

    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    from test_web_browser import ARGS

    class Full(web.Gate):
        def enter(self):
            raise web.Busy()

    monkeypatch.delenv("TUTOR_DB", raising=False)
    with Server(tmp_path / "t.sqlite3") as server, sync_playwright() as p:
        server.app.state.gate = Full(1, 0, 0)
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            context, page = phone(b, 360, 780)
            page.goto(server.url)
            page.evaluate("""() => {
                localStorage.setItem('tutor-practice', JSON.stringify({seed: 1, seat: 'C', moves: ['fort']}));
                localStorage.setItem('tutor-table', JSON.stringify({tab: 'practice', lang: 'en'}));
            }""")
            page.reload()
            page_until(page, "() => !document.getElementById('error').hidden")
            assert page.inner_text("#error") in ("the server is busy computing other answers: try again in a moment",
                                                 "der Server berechnet gerade andere Antworten: versuche es gleich "
                                                 "noch einmal")
            kept = page.evaluate("() => JSON.parse(localStorage.getItem('tutor-practice')).moves")
            assert kept == ["fort"], kept
            context.close()
        finally:
            b.close()


def test_clients_that_leave_before_their_answer_leave_no_place_taken(tmp_path, slow_bid, monkeypatch):
    # a hostile client opens requests for the judgement and hangs up at once, again and again:
    # each place is given back (were one kept, the server would refuse every judgement after)
    import socket

    from test_web_browser import Server

    release, started = slow_bid
    monkeypatch.delenv("TUTOR_DB", raising=False)
    with Server(tmp_path / "t.sqlite3") as server:
        gate = server.app.state.gate
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        places = gate.slots + gate.waiting
        for _ in range(3 * places):
            with socket.create_connection(("127.0.0.1", port)) as s:
                s.sendall(f"GET /api/bid?hand={HAND.replace(' ', '%20')}&lang=en HTTP/1.1\r\n"
                          "Host: 127.0.0.1\r\n\r\n".encode())
        until_holds(lambda: gate.refused >= 2 * places and gate.admitted >= places,   # every request seen:
                    "the requests")                                   # the places taken, the rest refused
        release.set()
        until_holds(lambda: not gate.admitted, "the admitted requests' end")
        import urllib.error
        import urllib.request

        try:
            with urllib.request.urlopen(f"{server.url}api/bid?hand={HAND.replace(' ', '%20')}&lang=en",
                                        timeout=60) as r:
                assert r.status == 200
        except urllib.error.HTTPError as e:
            raise AssertionError((e.code, e.read()[:300], gate.admitted, gate.refused))
