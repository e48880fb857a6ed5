"""The phone's card play (`/api/practice/play`, tutor serve's Practice tab with "Play the cards"):
the CPU seconds of each request of a learner at C who says fort (the count bidding) and taps
the first card he may play, in process (starlette's TestClient on 127.0.0.1), then the end
(`/api/practice/result` with the cards: the review and both teams' best contracts).

    nice -n 10 .venv/bin/python benchmarks/bench_cardplay_web.py SEED
"""
import sys
import tempfile
import time

from starlette.testclient import TestClient
from tutor.web.app import Settings, create_app
seed = int(sys.argv[1])
with TestClient(create_app(Settings(db=tempfile.mktemp(suffix=".sqlite3"), ahead=False)), base_url="http://127.0.0.1:8000") as c:
    base = {"seed": seed, "seat": "C", "judge": "count", "lang": "en"}
    moves = []
    v = c.get("/api/practice", params={**base, "moves": ""}).json()
    while not v["over"]:
        moves.append("fort" if v["waiting"] == "turn" else "-")
        v = c.get("/api/practice", params={**base, "moves": ",".join(moves)}).json()
    base["moves"] = ",".join(moves)
    cards, cpu = [], []
    while True:
        t = time.process_time()
        v = c.get("/api/practice/play", params={**base, "cards": ",".join(cards)}).json()
        cpu.append(round(time.process_time() - t, 2))
        if v.get("over") or "error" in v: break
        cards.append(v["legal"][0])
    t = time.process_time()
    r = c.get("/api/practice/result", params={**base, "cards": ",".join(cards)}).json()
    end = round(time.process_time() - t, 2)
    print(seed, "play taps CPU s:", cpu, "end (review + best contracts):", end, "taken", r["play"]["taken"], "exact", r["play"]["exact"])
