"""The phone's card play (`/api/practice/play`, tutor serve's Practice tab with "Play the cards"):
the CPU seconds of each request of a learner at C who says fort (the count bidding) and taps
the first card he may play, in process (starlette's TestClient on 127.0.0.1), then the end
(`/api/practice/result` with the cards: the review and both teams' best contracts).

    nice -n 10 .venv/bin/python benchmarks/bench_cardplay_web.py SEED [THINK]

``THINK`` (seconds): with the server's background process (tutor.web.ahead), the learner
waiting THINK seconds before each card (its card jobs compute while he thinks); also the
wall seconds of each request and how many of the process's answers the taps took.
"""
import sys
import tempfile
import time

from starlette.testclient import TestClient
from tutor.web.app import Settings, create_app
seed = int(sys.argv[1])
think = float(sys.argv[2]) if len(sys.argv) > 2 else None
app = create_app(Settings(db=tempfile.mktemp(suffix=".sqlite3"), ahead=think is not None))
with TestClient(app, base_url="http://127.0.0.1:8000") as c:
    base = {"seed": seed, "seat": "C", "judge": "count", "lang": "en"}
    moves = []
    v = c.get("/api/practice", params={**base, "moves": ""}).json()
    while not v["over"]:
        moves.append("fort" if v["waiting"] == "turn" else "-")
        v = c.get("/api/practice", params={**base, "moves": ",".join(moves)}).json()
    base["moves"] = ",".join(moves)
    cards, cpu, wall = [], [], []
    while True:
        t, w = time.process_time(), time.time()
        v = c.get("/api/practice/play", params={**base, "cards": ",".join(cards)}).json()
        cpu.append(round(time.process_time() - t, 2))
        wall.append(round(time.time() - w, 2))
        if v.get("over") or "error" in v: break
        if think:
            time.sleep(think)
        cards.append(v["legal"][0])
    t, w = time.process_time(), time.time()
    r = c.get("/api/practice/result", params={**base, "cards": ",".join(cards)}).json()
    end, endw = round(time.process_time() - t, 2), round(time.time() - w, 2)
    print(seed, "play taps CPU s:", cpu, "end (review + best contracts):", end, "taken", r["play"]["taken"], "exact", r["play"]["exact"])
    if think is not None:
        s = app.state.ahead.stats
        print(seed, f"thinking {think} s: taps wall s:", wall, "end wall", endw, "process answers taken", s.taken,
              "computed by the taps", s.here)
