"""Hostile input to whole-deal practice's card play (``tutor practice --play`` and the phone's
``/api/practice/play`` and ``/result``): every bad line or request is one line naming what and
where (the terminal asks again; the server answers 400), nothing kept is lost, no traceback,
no unbounded memory.

The expected refusals follow from the rules of play (sidi-barrani.txt: follow suit, a trump
led is followed with a trump) on deal 11 (seat C, ``90 Rosen, fort``, the robots judged by the
count), whose hands the server shows: C holds Eichel:B98 Schellen:AU6 Rosen:87 Schilten:9
and A's 130 Rosen is led with the Rosen U, B following with the Rosen B.
"""
from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from tutor.cli import main
from tutor.text import MAX_INPUT, read_line
from test_web_hostile import one_line   # 400, one line of JSON, no traceback
import waiting

ROOT = Path(__file__).resolve().parents[1]
BASE = {"seed": 11, "seat": "C", "moves": "90 Rosen,fort", "judge": "count", "lang": "en"}


# -- reading a line: bounded ----------------------------------------------------------------------
class Endless(io.TextIOBase):
    """A stream whose first line never ends within ``length`` characters (then a newline and
    ``after``); it records the largest piece it was asked for."""

    def __init__(self, length: int, after: str = "") -> None:
        self.left, self.after, self.asked = length, after, 0

    def readline(self, size: int = -1) -> str:
        self.asked = max(self.asked, size if size >= 0 else self.left + 1)
        if self.left:
            n = self.left if size < 0 else min(size, self.left)
            self.left -= n
            return "x" * n
        head, newline, self.after = self.after.partition("\n")   # one line a call, as a file reads
        return head + newline


def test_an_endless_line_is_read_in_bounded_pieces_and_said_too_long():
    stream = Endless(10 ** 9, after="\nro 7\n")
    line = read_line(stream)
    assert len(line) == MAX_INPUT + 1            # more than the limit: the caller says "too long"
    assert stream.asked <= 1 << 16                # never the whole line at once
    assert read_line(stream) == "ro 7"            # the next line is read whole
    assert read_line(stream) is None              # the end of the input


def test_a_line_of_the_limit_is_kept_and_bytes_that_were_not_utf8_are_shown_as_replacement():
    assert read_line(io.StringIO("x" * MAX_INPUT + "\nnext\n")) == "x" * MAX_INPUT
    assert read_line(io.StringIO("ro \udcff\udcfe\n")) == "ro \ufffd\ufffd"   # sys.stdin's surrogateescape
    assert read_line(io.StringIO("ende\r\n")) == "ende"


def run(args, input=None):
    return CliRunner().invoke(main, args, input=input, catch_exceptions=False)


@pytest.mark.needs_core
def test_at_the_card_prompt_an_endless_line_is_refused_once_and_the_play_goes_on(tmp_path):
    db = str(tmp_path / "p.db")
    long = "y" * (50 * MAX_INPUT)
    out = run(["practice", "--seed", "11", "--judge", "count", "--lang", "en", "--play", "--db", db,
               "--learner", "ann"], input=f"90ro\n{long}\nfort\n{long}\nro 7\n")
    assert out.exit_code == 0, out.output
    too_long = "! Not taken: the line is too long: at most 1,000 characters are read"
    assert out.output.count(too_long) == 2       # once in the bidding, once at the card
    assert "y" * (MAX_INPUT + 1) not in out.output   # the echo of the line is cut too
    assert "The play stopped in trick 2" in out.stdout   # "ro 7" was played after it
    stats = json.loads(run(["practice", "--stats", "--json", "--db", db, "--learner", "ann"]).stdout)
    assert stats["deals"] == 1


@pytest.mark.needs_core
def test_ctrl_c_at_the_card_prompt_is_one_line_exit_130_and_keeps_what_was_kept(tmp_path):
    """A first deal kept (its play ended with ``end``); a second run interrupted at the card
    prompt, reached by the work done (the prompt is on the screen), not by a wait."""
    db = str(tmp_path / "p.db")
    args = ["practice", "--seed", "11", "--judge", "count", "--lang", "en", "--play", "--db", db,
            "--learner", "ann"]
    assert run(args, input="90ro\nfort\nend\n").exit_code == 0
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "tutor", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env, cwd=ROOT, preexec_fn=waiting.as_at_a_terminal)
    try:
        p.stdin.write(b"90ro\nfort\n")
        p.stdin.flush()
        seen = [b""]

        def prompt(seconds):       # the robots bid and play first: waited for while they compute
            ready, _w, _x = select.select([p.stdout], [], [], seconds)
            if not ready:
                return False
            chunk = os.read(p.stdout.fileno(), 1 << 16)
            seen[0] += chunk
            return not chunk or b"your card (" in seen[0]
        waiting.until_true(prompt, "practice --play's first card", pid=p.pid)
        assert b"your card (" in seen[0], seen[0][-500:]
        p.send_signal(signal.SIGINT)   # the input stays open: an end of input would end the play too
        waiting.until(lambda s: p.wait(timeout=s), "practice --play after Ctrl-C", pid=p.pid)
        err = p.stderr.read()
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 130
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err.decode(), err.decode()
    stats = json.loads(run(["practice", "--stats", "--json", "--db", db, "--learner", "ann"]).stdout)
    assert stats["deals"] == 1



# -- the phone ------------------------------------------------------------------------------------
@pytest.fixture
def client(tmp_path, monkeypatch):
    from tutor.web.app import Settings, create_app

    monkeypatch.delenv("TUTOR_DB", raising=False)
    app = create_app(Settings(db=str(tmp_path / "t.sqlite3"), ahead=False))
    with TestClient(app, base_url="http://127.0.0.1:8000", raise_server_exceptions=False) as c:
        c.token = app.state.settings.token
        yield c


@pytest.mark.needs_core
@pytest.mark.parametrize("path", ["/api/practice/play", "/api/practice/result"])
@pytest.mark.parametrize("cards, says", [
    ("Schellen A", "card 1: Schellen A is not allowed"),       # a trump was led: he holds trumps
    ("Eichel K", "card 1: Eichel K is not in your hand"),
    ("ro 7,ro 7", "card 2: Rosen 7 is not in your hand"),      # played already
    ("ro q", "card 1: "),
    ("\x00", "card 1: "),
    ("z" * 999, "card 1: "),
    (",".join(["ro 7"] * 10), "at most 9 cards"),
    (",".join(["ro 7"] * 200), "at most 9 cards"),
])
def test_a_card_the_learner_cannot_play_is_one_line_naming_the_card(client, path, cards, says):
    assert one_line(client.get(path, params={**BASE, "cards": cards})).startswith(says)


@pytest.mark.needs_core
@pytest.mark.parametrize("path", ["/api/practice/play", "/api/practice/result"])
@pytest.mark.parametrize("state, says", [
    ({"moves": "90 Rosen"}, "the bidding is not over yet"),      # cards before the bidding ends
    ({"moves": "90 Rosen,fort,fort"}, "call 3 ('fort'): the bidding is over"),   # a forged call after its end
    ({"seed": "12"}, "call 2 ('fort'): the bidding is over"),                     # another deal's calls
])
def test_cards_of_a_forged_or_unfinished_auction_are_one_line(client, path, state, says):
    assert one_line(client.get(path, params={**BASE, **state, "cards": "ro 7"})) == says


@pytest.mark.needs_core
def test_a_kept_deal_with_cards_of_the_wrong_shape_is_refused_and_nothing_is_kept(client):
    headers = {"X-Tutor-Token": client.token}
    body = {**BASE, "learner": "ann"}
    for cards in (["ro 7"], {"c": 1}, True, "Schellen A", "ro 7,ro 7"):
        one_line(client.post("/api/practice/keep", content=json.dumps({**body, "cards": cards}), headers=headers))
    huge = json.dumps({**body, "cards": "ro 7," * 20_000})
    assert client.post("/api/practice/keep", content=huge, headers=headers).status_code == 413
    kept = client.post("/api/practice/keep", content=json.dumps({**body, "cards": "ro 7"}), headers=headers)
    assert kept.status_code == 200 and kept.json()["stats"]["deals"] == 1   # the refused ones kept nothing
