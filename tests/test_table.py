"""`tutor table`: the session at the table, through a pipe and a pseudo-terminal.

The expected lines come from the rules text: 60 is the Puur row with three cards, 70 the
Nell row with four; with Eichel A O 9 and A's opening in Eichel, C holds the Nell with
three cards, the upper of the two smallest Zehner above 70: 90 Eichel (Hilfe). The worked
example's game, 100 Eichel by A doubled with 113 card points, writes 313 : 44.
"""
from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor.companion.session import Session
from tutor.errors import TutorError

HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"
ROOT = Path(__file__).resolve().parent.parent


# Against a hang only, never a measure of speed (benchmarks/ measure it): a command is killed
# only when it hangs (tests/waiting.py: nothing runnable and no CPU at STALL looks in a row, or a loop).
from waiting import LOOK, Watch, as_at_a_terminal, run  # noqa: E402


def table(*args: str, input: str, db: Path | None = None, columns: int | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("TUTOR_DB", "COLUMNS")}
    if db is not None:
        env["TUTOR_DB"] = str(db)
    if columns:
        env["COLUMNS"] = str(columns)
    return run([sys.executable, "-m", "tutor", "table", *args], input, env)


def flat(text: str) -> str:
    """The output with its wrapping undone (lines joined, indents gone)."""
    return " ".join(text.split())


def test_pipe_each_call_one_short_line_and_the_advice_at_my_turn():
    r = table("--hand", HAND, "--seat", "C", input="60ei\n70 sche\n")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "A 60 Eichel: Eröffnung, Puur zu dritt." in lines
    assert "B 70 Schellen: Eröffnung, Nell zu viert." in lines
    assert lines[-1] == "→ Du: 90 Eichel (Hilfe, Nell zu dritt oder mehr)"
    assert r.stderr == ""


def test_pipe_english_and_short_forms():
    r = table("--hand", HAND, "--seat", "C", "--lang", "en", input="60 auf Eichel\n70 Sche\n")
    assert "A 60 Eichel: opening, Puur with three cards." in r.stdout
    assert "B 70 Schellen: opening, Nell with four cards." in r.stdout
    assert "You: 90 Eichel (Hilfe (support), Nell with three cards or more)" in flat(r.stdout)


def test_every_line_fits_60_columns_and_no_word_is_cut():
    r = table("--hand", HAND, "--seat", "C", input="60ei\n70 sche\n?\nnext\n")
    words = set()
    for line in r.stdout.splitlines():
        assert len(line) <= 60, line
        words.update(line.split())
    # the full reasoning's words arrive whole: 'Nell-Reihe' and '(50/70/90/110):' unbroken
    assert "Nell-Reihe" in words and "(50/70/90/110):" in words
    assert "Zehner" in words


def test_wraps_at_a_narrower_terminal_width_through_the_session():
    from io import StringIO

    from tutor.companion.terminal import Table

    out = StringIO()
    t = Table(Session(HAND, "C"), out, columns=32)
    for line in ("60ei", "70 sche", "?"):
        t.handle(line)
    text = out.getvalue()
    assert all(len(x) <= 32 for x in text.splitlines())
    joined = " ".join(text.split())
    assert "Hilfe in Eichel, der Farbe von A" in joined


def test_question_mark_gives_the_full_reasoning_and_next_the_open_conventional_calls():
    r = table("--hand", HAND, "--seat", "C", input="60ei\n70 sche\n?\nnext\n")
    out = r.stdout
    assert "Empfehlung für C: 90 Eichel." in out
    nxt = out[out.index("* C 90 Eichel"):].splitlines()
    calls = [x for x in out.splitlines() if x[:2] in ("* ", "+ ", "  ") and x[2:4] in ("C ", "A ")]
    # not every legal call: no 85 or 130, no raise above the lowest per suit
    assert not any(" 85 " in x or " 130 " in x or "110 Eichel" in x for x in calls)
    assert "* C 90 Eichel: Hilfe, Nell zu dritt oder mehr." in nxt[0]
    assert "  C 80 Eichel: Hilfe, Nell zu zweit." in out          # open, but not true to this hand
    assert "+ C 80 Schellen: Wir wollen eure Farbe." in out      # fits: it promises nothing
    assert "  C fort." in out or "+ C fort." in out
    assert len(calls) < 30


def test_undo_takes_back_the_last_call():
    r = table("--hand", HAND, "--seat", "C", input="60ei\n70 sche\nundo\n80 ro\n")
    assert "Zurückgenommen: B 70 Schellen: Eröffnung, Nell zu viert." in r.stdout
    assert "B 80 Rosen: Eröffnung, Puur zu viert." in r.stdout


def test_bad_input_is_one_line_and_the_session_goes_on():
    r = table("--hand", HAND, "--seat", "C", input="60ei\n55 ei\nC: 70 sche\nxyz\n70 sche\n")
    assert r.returncode == 0
    bad = [x for x in flat(r.stdout).split("! ")[1:]]
    assert len(bad) == 3
    assert "55 Eichel überbietet 60 Eichel nicht" in bad[0]
    assert "B ist an der Reihe, nicht C" in bad[1]
    assert "B 70 Schellen: Eröffnung, Nell zu viert." in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_warns_when_my_own_call_contradicts_my_hand():
    r = table("--hand", HAND, "--seat", "C", input="60ei\n70 sche\n80 ei\n")
    # 80 over 70 is the lower Zehner: Nell zu zweit, and C holds three Eichel (A O 9);
    # the warning says what the hand holds against the promise, as `tutor check` does
    assert "! Dein Blatt passt nicht dazu: in Eichel hältst du A O 9: 3 Karten, nicht genau 2." in flat(r.stdout)
    assert "! Empfohlen war 90 Eichel." in r.stdout


def test_warns_when_a_call_promises_a_card_i_hold():
    # C holds the Schellen Under: A's 60 Schellen (Puur zu dritt) cannot be A's
    r = table("--hand", HAND, "--seat", "C", "--lang", "en", input="60 sche\n")
    assert "! A cannot hold the Schellen Puur: you hold it." in flat(r.stdout)
    assert "! Was the call meant for another seat (a fort left out)?" in flat(r.stdout)


def test_the_dealer_moves_on_and_seats_stay_the_table_s():
    s = Session(HAND, "C", dealer="A")        # B is Vorhand, C calls second
    assert s.turn == "B"
    assert s.line(s.play("60 ei")) == "B 60 Eichel: Eröffnung, Puur zu dritt."
    assert s.turn == "C"
    assert s.advice_line() is not None
    s.new(HAND)
    assert (s.dealer, s.vorhand, s.turn) == ("B", "C", "C")
    with pytest.raises(TutorError) as e:
        s.play("D: 60 ei")
    assert "C ist an der Reihe, nicht D" in e.value.text("de")


def test_the_advice_s_possessives_and_the_score_name_the_table_s_seats():
    # QA s43 F12: with B as Vorhand the engine's C is the table's D, and "C's first call in Eichel"
    # (D's own raise) and "Our 80 Rosen (A's bid)" kept the engine's letters: a seat before "'s"
    # was left alone with French's elided "C'est"
    s = Session(HAND, "D", dealer="A")
    turned = s._seats_in
    assert turned("C's first call in Eichel, the team's own suit") == "D's first call in Eichel, the team's own suit"
    assert turned("Our 80 Rosen (A's bid) is made") == "Our 80 Rosen (B's bid) is made"
    assert turned("C’s bid") == "D’s bid"
    assert turned("C'est la plupart des donnes") == "C'est la plupart des donnes"
    assert turned("As the count bids, A doubles") == "As the count bids, B doubles"
    assert turned("AC 100 : BD 50") == "BD 100 : AC 50"
    # German names the seat after "von", where the letter stands alone
    assert turned("Dieses Blatt passt nicht zum eigenen früheren 60 Eichel von C") == \
        "Dieses Blatt passt nicht zum eigenen früheren 60 Eichel von D"


def test_double_without_a_seat_is_the_one_who_may():
    s = Session(HAND, "C")
    for c in ("60 Eichel", "70 Schellen", "90 Eichel", "95 Rosen", "100 Eichel"):
        s.play(c)
    assert s.play("dopple").seat == "B"        # B is in turn and an opponent of A
    assert s.state()["declarer"] == "A" and s.state()["multiplier"] == 2
    assert s.play("konter").seat in ("A", "C")  # only A's side may konter
    assert s.state()["multiplier"] == 4


def test_card_points_without_a_tafel_show_the_board_numbers():
    r = table("--hand", HAND, "--seat", "C",
              input="60ei\n70 sche\n90ei\n95 ro\n100 ei\nD: dopple\n113\n")
    assert "Das Bieten ist beendet: A spielt 100 Eichel, gedoppelt" in " ".join(r.stdout.split())
    assert "Auf die Tafel: AC 313, BD 44." in r.stdout


def test_the_game_goes_on_the_open_partie_and_shows_in_tafel_show(tmp_path):
    db = tmp_path / "t.sqlite3"
    new = subprocess.run([sys.executable, "-m", "tutor", "tafel", "new", "--db", str(db)],
                         capture_output=True, text=True, cwd=ROOT)
    assert new.returncode == 0, new.stderr
    r = table("--hand", HAND, "--seat", "C", "--partie", "--db", str(db),
              input="60ei\n70 sche\n90ei\n95 ro\n100 ei\nD: dopple\n113\nnew " + HAND + "\n"
                    "fort\nfort\nfort\nfort\n")
    assert r.returncode == 0, r.stderr
    assert "Tafel, Partie 1, Spiel 1 (100 Eichel): AC 313 : BD 44." in r.stdout
    assert "A gibt, B ist Vorhand." in r.stdout           # the dealer moved on
    assert "Tafel, Partie 1, Spiel 2 (alle fort): AC 313 : BD 44." in r.stdout
    show = subprocess.run([sys.executable, "-m", "tutor", "tafel", "show", "--json", "--db", str(db)],
                          capture_output=True, text=True, cwd=ROOT)
    data = json.loads(show.stdout)
    assert data["board"] == {"AC": 313, "BD": 44}
    g = data["games"][0]
    assert (g["contract"], g["declarer"], g["double"], g["card_points"]) == ("100 Eichel", "A", True, 113)
    assert data["games"][1]["fort"] is True


def test_undo_after_writing_takes_the_game_off_the_tafel(tmp_path):
    db = tmp_path / "t.sqlite3"
    subprocess.run([sys.executable, "-m", "tutor", "tafel", "new", "--db", str(db)], cwd=ROOT,
                   capture_output=True)
    r = table("--hand", HAND, "--seat", "C", "--partie", "1", "--db", str(db),
              input="60ei\n70 sche\n90ei\n95 ro\n100 ei\nD: dopple\n113 weis AC=50\nundo\n")
    assert "AC 363 : BD 44" in r.stdout
    assert "Spiel 1 von der Tafel genommen: AC 0 : BD 0." in r.stdout


def test_card_points_errors_are_one_line():
    r = table("--hand", HAND, "--seat", "C", "--lang", "en",
              input="60ei\nfort\nfort\nfort\n200\nxx\n")
    bad = [x for x in flat(r.stdout).split("! ") if x.startswith("Not taken")]
    assert len(bad) == 2
    assert "200" in bad[0] and "157" in bad[0]


def test_a_bad_hand_or_partie_is_a_one_line_error(tmp_path):
    r = table("--hand", "Eichel:AO9", "--seat", "C", input="")
    assert r.returncode == 2
    assert r.stderr.strip() == "tutor: --hand: ein Blatt hat genau 9 Karten, dieses hat 3"
    r = table("--hand", HAND, "--seat", "C", "--partie", "--db", str(tmp_path / "x.sqlite3"), input="")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


def _read_until(fd: int, needle: bytes, pid: int) -> bytes:
    """The output up to ``needle``, or all of it up to the end (or a hang of ``pid``)."""
    buf = b""
    watch = Watch(pid)
    while needle not in buf:
        ready, _, _ = select.select([fd], [], [], LOOK)
        if not ready:
            if watch.hung():
                break
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        buf += chunk
    return buf


def _child(*env: tuple[str, str]) -> None:
    """In the forked child: the tutor in the pseudo-terminal (Ctrl-C as a user's, even
    when the tests run where SIGINT is ignored or blocked)."""
    as_at_a_terminal()
    for k, v in env:
        os.environ[k] = v
    os.environ.pop("TUTOR_DB", None)
    os.chdir(ROOT)
    os.execv(sys.executable, [sys.executable, "-m", "tutor", "table", "--hand", HAND, "--seat", "C"])


def _wait(pid: int) -> int:
    """The child's exit code; killed and failed when it hangs (:class:`Watch`)."""
    watch, next_look = Watch(pid), time.monotonic() + LOOK
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.WIFEXITED(status), f"ended by signal {os.WTERMSIG(status)}"
            return os.WEXITSTATUS(status)
        time.sleep(0.05)
        if time.monotonic() >= next_look:
            next_look = time.monotonic() + LOOK
            if watch.hung():
                break
    try:
        state = [x for x in open(f"/proc/{pid}/status").read().splitlines() if x.startswith(("State", "Sig"))]
    except OSError:
        state = "gone"
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    raise AssertionError(f"tutor table did not end: {state}")


def test_in_a_pseudo_terminal_with_a_prompt_and_the_terminal_width():
    pid, fd = pty.fork()
    if pid == 0:  # the child: the tutor in a 40-column terminal
        _child(("COLUMNS", "40"))
    try:
        out = _read_until(fd, b"> ", pid)
        assert b"Dein Blatt (C)" in out
        os.write(fd, b"60ei\n")
        out = _read_until(fd, b"> ", pid)
        assert b"A 60 Eichel: Er\xc3\xb6ffnung, Puur zu dritt." in out
        os.write(fd, b"70 sche\n")
        out = _read_until(fd, b"> ", pid)
        assert b"Du: 90 Eichel" in out
        os.write(fd, b"?\n")
        out = _read_until(fd, b"> ", pid).decode()
        lines = [x for x in out.replace("\r", "").splitlines() if x and not x.startswith("?")]
        assert lines and all(len(x) <= 40 for x in lines), lines
        os.write(fd, b"end\n")
        _read_until(fd, b"\x00", pid)
        assert _wait(pid) == 0
    finally:
        os.close(fd)


def test_ctrl_c_ends_cleanly():
    """Ctrl-C (the SIGINT a terminal sends) while the tutor waits for the next call: one
    line, exit 130 (as every command, README), no traceback."""
    env = {k: v for k, v in os.environ.items() if k != "TUTOR_DB"}
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "table", "--hand", HAND, "--seat", "C"],
                            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=as_at_a_terminal)
    try:
        proc.stdin.write(b"60ei\n")
        proc.stdin.flush()
        first = b""
        while b"A 60 Eichel" not in first:        # the call answered: it waits for the next
            line = proc.stdout.readline()
            assert line, first
            first += line
        proc.send_signal(signal.SIGINT)
        watch = Watch(proc.pid)
        while True:
            try:
                out, err = proc.communicate(timeout=LOOK)
                break
            except subprocess.TimeoutExpired:
                assert not watch.hung(), "tutor table did not end after Ctrl-C"
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert err.decode().strip() == "tutor: abgebrochen (Ctrl-C)"



def test_a_played_game_file_gives_the_card_points(tmp_path):
    # the worked example as played (examples/worked-example.yaml): A and C take 113 with
    # 100 Eichel doubled, so the board is 313 : 44, as the rules' example writes it
    db = tmp_path / "t.sqlite3"
    subprocess.run([sys.executable, "-m", "tutor", "tafel", "new", "--db", str(db)], cwd=ROOT,
                   capture_output=True)
    r = table("--hand", HAND, "--seat", "C", "--partie", "--db", str(db),
              input="60ei\n70 sche\n90ei\n95 ro\n100 ei\nD: dopple\nplayed examples/worked-example.yaml\n")
    assert "Gespielt (examples/worked-example.yaml): 113 Kartenpunkte für AC." in flat(r.stdout)
    assert "Tafel, Partie 1, Spiel 1 (100 Eichel): AC 313 : BD 44." in flat(r.stdout)


def test_a_game_file_of_another_contract_is_refused():
    r = table("--hand", HAND, "--seat", "C", "--lang", "en",
              input="60ei\nfort\nfort\nfort\nplayed examples/worked-example.yaml\nplayed nowhere.yaml\n")
    bad = [x.strip() for x in flat(r.stdout).split("! ") if x.startswith("Not taken")]
    assert bad[0] == ("Not taken: examples/worked-example.yaml: the file plays 100 Eichel by A, "
                      "the auction 60 Eichel by A")
    assert bad[1].startswith("Not taken: ") and "nowhere.yaml" in bad[1]
    assert len(bad) == 2


# -- the board's dealer: the terminal and the phone keep the same Partie ------------------------
# Five games at one table, as typed (calls without seats land on the seat in turn, so a
# wrong dealer puts every call on the wrong seat), and what happens after each auction.
PARTIE_GAMES = [
    (["60ei", "70 sche", "90ei", "95 ro", "100 ei", "dopple"], ("write", {"card_points": 113})),
    (["fort", "fort", "fort", "fort"], ("fort",)),
    (["60 ei", "fort", "fort", "fort"], ("write, then undo", {"card_points": 80})),
    (["70 ro", "fort", "fort", "fort"], ("left off",)),
    (["80 sche", "fort", "fort", "fort"], ("write", {"card_points": 100, "weis": {"BD": 50}})),
]


def _terminal_input() -> str:
    lines: list[str] = []
    for n, (calls, (what, *result)) in enumerate(PARTIE_GAMES):
        if n:
            lines.append(f"new {HAND}")
            if PARTIE_GAMES[n - 1][1][0] in ("write, then undo", "left off"):
                lines.append(f"new {HAND}")      # the game is not on the board: new again
        lines += calls
        if what.startswith("write"):
            r = result[0]
            weis = "".join(f" weis {t}={p}" for t, p in r.get("weis", {}).items())
            lines.append(f"{r['card_points']}{weis}")
        if what == "write, then undo":
            lines.append("undo")
    return "\n".join(lines) + "\n"


def _phone(db: Path) -> None:
    """The phone page's flow through the web API (tutor/web/static/app.js): the dealer of
    each new game from the Tafel's view, the calls through /api/table, the result form."""
    from starlette.testclient import TestClient

    from tutor.web.app import Settings, create_app

    app = create_app(Settings(db=str(db)))
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        token = {"X-Tutor-Token": app.state.settings.token}

        def post(path: str, body: dict) -> dict:
            r = c.post(path, content=json.dumps(body), headers=token)
            assert r.status_code == 200, r.text
            return r.json()

        post("/api/tafel/new", {})
        for calls, (what, *result) in PARTIE_GAMES:
            board = c.get("/api/tafel/view").json()
            dealer = board["next"]["dealer"]
            view = c.get("/api/table", params={"hand": HAND, "seat": "C", "dealer": dealer,
                                               "calls": ",".join(calls)}).json()
            st = view["state"]
            if what == "fort":
                assert not st["contract"]
                post("/api/tafel/games", {"fort": True})
            elif what.startswith("write"):
                post("/api/tafel/games", {"contract": st["contract"], "declarer": st["declarer"],
                                          "double": st["multiplier"] >= 2, "redouble": st["multiplier"] == 4,
                                          **result[0]})
            if what == "write, then undo":
                post("/api/tafel/undo", {})


def _board(db: Path) -> dict:
    from tutor.tafel import Tafel

    with Tafel.open(str(db)) as t:
        return t.stored().partie.to_json()


def test_a_partie_kept_in_the_terminal_and_on_the_phone_is_the_same_board(tmp_path):
    """The blocker of issue 25: after four forts the same dealer deals again (Verband:
    four_forts_dealer same), after a game taken back or left off the board the board's
    dealer deals again; the session follows the board, as the phone does."""
    from tutor.tafel import Tafel

    term_db, phone_db = tmp_path / "terminal.sqlite3", tmp_path / "phone.sqlite3"
    with Tafel.open(str(term_db)) as t:
        t.new()
    r = table("--hand", HAND, "--seat", "C", "--partie", "--db", str(term_db), "--lang", "en",
              input=_terminal_input())
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "Not taken" not in r.stdout, r.stdout
    _phone(phone_db)
    term, phone = _board(term_db), _board(phone_db)
    # from the rules: D deals the first game (A Vorhand, A declares 100 Eichel); A deals the
    # second (four forts), and again the third and every one after until a game is on the
    # board: B, Vorhand, opens 80 Schellen and plays it
    rows = [(g["dealer"], g.get("declarer"), g.get("contract")) for g in term["games"]]
    assert rows == [("D", "A", "100 Eichel"), ("A", None, None), ("A", "B", "80 Schellen")]
    assert term["games"][0]["total"] == {"AC": 313, "BD": 44}
    assert term == phone


def test_without_a_tafel_four_forts_leave_the_dealer_as_the_rules_say():
    # Verband: after four forts the same dealer deals again; table rule next: the next one
    for rules, dealer in (("verband", "D"), ({"profile": "verband", "four_forts_dealer": "next"}, "A")):
        s = Session(HAND, "C", dealer="D", rules=rules)
        for _ in range(4):
            s.play("fort")
        s.new(HAND)
        assert s.dealer == dealer
    s = Session(HAND, "C", dealer="D")
    s.play("60 ei")
    s.new(HAND)
    assert s.dealer == "A"


def test_new_asks_before_leaving_a_game_off_the_tafel_and_dealer_must_be_the_board_s(tmp_path):
    db = tmp_path / "t.sqlite3"
    from tutor.tafel import Tafel

    with Tafel.open(str(db)) as t:
        t.new()
    r = table("--hand", HAND, "--seat", "C", "--partie", "--db", str(db), "--lang", "en",
              input=f"60 ei\nfort\nfort\nfort\nnew {HAND}\nnew {HAND}\n")
    out = flat(r.stdout)
    assert "! This game is not on the Tafel yet: write its card points first" in out
    assert out.count("D deals, A is Vorhand.") == 2      # left off: the board's dealer again
    r = table("--hand", HAND, "--seat", "C", "--partie", "--db", str(db), "--dealer", "B", input="")
    assert r.returncode == 2
    assert "--dealer B" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def _run(*lines: str, columns: int = 60, lang: str = "en", db: "Path | None" = None, partie=False):
    """The session in this process: what it prints for ``lines``."""
    from io import StringIO

    from tutor.companion.terminal import Table

    out = StringIO()
    t = Table(Session(HAND, "C", lang=lang), out, str(db) if db else None, partie, columns=columns)
    t.start()
    for line in lines:
        assert t.handle(line) is True
    return t, out.getvalue()


@pytest.mark.parametrize("columns", [60, 100])
def test_the_tafel_word_prints_a_board_that_fits_the_terminal(tmp_path, columns):
    from tutor.tafel import Tafel

    db = tmp_path / "t.sqlite3"
    with Tafel.open(str(db)) as t:
        t.new(names={"A": "Anna", "B": "Cla", "C": "Beat", "D": "Dani"})
    _t, out = _run("60ei", "70 sche", "90ei", "95 ro", "100 ei", "dopple", "113 weis AC=50", f"new {HAND}",
                   "fort", "fort", "fort", "fort", "tafel", columns=columns, db=db, partie=1)
    board = out[out.rindex("Partie 1 ·"):]
    assert all(len(line) <= columns for line in out.splitlines()), out
    flat_board = flat(board)
    # the worked example's game (313 : 44) with 50 Weis for AC: 363 : 44; D (Dani) deals the
    # first game, A (Anna) the second, four forts: Anna deals the third again (Verband)
    assert "1. Dani deals: Anna: 100 Eichel ×2" in flat_board
    assert "Anna+Beat 363, Cla+Dani 44" in flat_board
    assert "2. Anna deals: four forts" in flat_board
    assert "Next: Anna deals, Cla is Vorhand." in flat_board


def test_why_after_fort_names_the_call_once_and_next_at_the_start_is_short():
    _t, out = _run("fort", "?")
    assert "A fort: A does not bid" in flat(out) and "fort: fort" not in out
    _t, out = _run("next")
    shown = [x for x in out.splitlines() if x.startswith("  A ")]
    # the eight openings (50 to 120) and fort, one line each: a bid means the same in every suit
    assert len(shown) == 9, out
    assert "  A 60 in any suit: opening, Puur with three cards." in shown


def test_german_warning_about_a_card_i_hold_has_no_gendered_pronoun():
    # 50 Eichel opens on the Nell row (Nell zu dritt); C holds the Eichel Nell (das Nell: es)
    s = Session("Eichel:K96 Schellen:KU Rosen:A6 Schilten:O8", "C", lang="de")
    e = s.play("50 ei")
    assert s.warnings(e)[0] == "A kann Eichel-Nell nicht halten: die Karte hältst du selbst."


@pytest.mark.parametrize("line", ["²", "113 weis AC=²", "9" * 5000, "9" * 900, "x" * 100_000,
                                  "113 weis", "113 stöck", "113 foo bar", "113 weis AC=50 weis AC=50",
                                  "113 weis A=Eichel:²", "113 stöck BD stöck AC", "-5", "158", "1"])
def test_bad_card_points_are_one_capped_line_and_the_game_stays(line):
    t, out = _run("60ei", "fort", "fort", "fort", line)
    bad = [x for x in flat(out).split("! ")[1:] if x.startswith("Not taken")]
    assert len(bad) == 1, out
    assert len(bad[0]) <= 2100 and "an error in the tutor" not in bad[0]
    t.handle("113")
    assert "On the board: AC 173, BD 44." in t.out.getvalue()   # 60 made: 113 + 60; BD 44


# -- fuzz: random sessions of good and bad lines --------------------------------------------
JUNK = ["²", "٣", "9" * 5000, "9" * 40, "113 weis AC=²", "113 weis A=Eichel:²", "x" * 3000,
        "\x1b[2J", "60\x00ei", "C: " + "9" * 5000 + " ei", "new Eichel:A", "new " + "x" * 900,
        "played", "played /dev/null", "played /nonexistent.yaml", "played examples/partie.yaml",
        "played tests", "D: konter", "dopple", "konter", "60 Obenabe", "60 ei ei", ":", "A:",
        "E: 60 ei", "weis", "113 stöck", "113 weis AC", "-1", "+5", "157", "0", "1", "1e3",
        "undo undo", "tafel now", "? ?", "next next", "new", "hand", "help", "?", "next", "undo",
        "tafel", "113 weis AC=50", "113 weis BD=20 stöck AC", "90 weis A=Eichel:678",
        "100 weis A=Eichel:6789 weis C=Rosen:UOK", "played examples/worked-example.yaml"]


def _random_hand(rng) -> str:
    from tutor.cards import DECK, Hand

    return str(Hand(rng.sample(DECK, 9)))


def _events(t) -> list[tuple[str, str]]:
    return [(e.seat, str(e.reading.call)) for e in t.s.events]


@pytest.mark.parametrize("seed", range(12))
def test_random_sessions_never_break_and_never_lose_what_was_typed(tmp_path, seed):
    """Random sessions, half of them on a Tafel: legal calls (with and without the seat),
    the words, card points good and bad, new hands, and hostile lines. After every line:
    no defect (no 'error in the tutor'), every line of output fits the width, a refused
    line changes nothing (the calls, the game written, the Tafel), and the Tafel holds
    exactly the games the session said it wrote."""
    import random
    from io import StringIO

    from tutor.companion.terminal import Table
    from tutor.tafel import Tafel

    rng = random.Random(seed)
    on_tafel = seed % 2 == 0
    db = tmp_path / "t.sqlite3"
    if on_tafel:
        with Tafel.open(str(db)) as tf:
            tf.new()
    out = StringIO()
    columns = rng.choice([40, 60, 100])
    t = Table(Session(_random_hand(rng), rng.choice("ABCD"), "D", lang=rng.choice(["de", "en", "fr"])),
              out, str(db), 1 if on_tafel else False, columns=columns)
    t.start()

    def games_on_tafel() -> int:
        with Tafel.open(str(db)) as tf:
            return sum(len(s.partie.games) for s in tf.all())

    taken = 0
    for _step in range(60):
        s = t.s
        roll = rng.random()
        if roll < 0.45 and s.legal_calls():
            seat, call = rng.choice(s.legal_calls())
            line = f"{seat}: {call}" if rng.random() < 0.5 else str(call)
        elif roll < 0.6 and s.over:
            line = str(rng.choice([0, 40, 80, 113, 157, rng.randint(0, 157)]))
        elif roll < 0.67:
            line = f"new {_random_hand(rng)}"
        else:
            line = rng.choice(JUNK)
        before = (_events(t), t.written, games_on_tafel() if on_tafel else None)
        start = len(out.getvalue())
        assert t.handle(line) is True
        said = out.getvalue()[start:]
        assert "an error in the tutor" not in said and "une erreur du tuteur" not in said \
            and "ein Fehler im Tutor" not in said, (line, said)
        assert all(len(x) <= columns for x in said.splitlines()), (line, said)
        if said.startswith("! ") and all(x.startswith(("! ", "  ")) for x in said.splitlines()):
            # only '! ...' lines: the line was refused, nothing changed
            assert (_events(t), t.written, games_on_tafel() if on_tafel else None) == before, (line, said)
        else:
            taken += 1
        if on_tafel and t.written is not None:
            assert games_on_tafel() == t.written[1]
    assert taken >= 15     # the sessions go somewhere: calls, games written, new hands


@pytest.mark.parametrize("partie", ["²", "9" * 30, "0", "x"])
def test_a_bad_partie_number_is_one_line(tmp_path, partie):
    r = table("--hand", HAND, "--seat", "C", "--partie", partie, "--db", str(tmp_path / "t.sqlite3"),
              "--lang", "en", input="")
    assert r.returncode == 2 and r.stdout == ""
    line = r.stderr.strip()
    assert line.startswith("tutor: --partie: ") and "\n" not in line and len(line) < 200


def test_bytes_that_are_no_utf8_are_a_call_not_read():
    r = run([sys.executable, "-m", "tutor", "table", "--hand", HAND, "--seat", "C", "--lang", "en"],
            b"60ei\n\xff\xfe ei\n70 sche\n", text=False)
    assert r.returncode == 0 and r.stderr == b""
    out = r.stdout.decode()
    assert "! Not taken: " in out and "B 70 Schellen: opening, Nell with four cards." in out


def test_french_lines_put_a_space_before_the_colon_and_fort_is_named_once():
    s = Session(HAND, "C", lang="fr")
    assert s.line(s.play("60 ei")) == "A 60 Eichel : ouverture, bour troisième."
    s.play("fort")
    assert s.why()[0].startswith("B fort : ") and "fort : fort" not in s.why()[0]


def test_after_the_partie_is_over_the_next_game_goes_on_a_new_partie(tmp_path):
    """A Partie to 300: the worked example's game (313 : 44) ends it. The next game goes
    on Partie 2, dealt so that the losers (BD) get Vorhand: A deals, B is Vorhand."""
    from tutor.rules import load
    from tutor.tafel import Tafel

    db = tmp_path / "t.sqlite3"
    with Tafel.open(str(db)) as t:
        t.new(rules=load({"profile": "verband", "match_target": 300}))
    _t, out = _run("60ei", "70 sche", "90ei", "95 ro", "100 ei", "dopple", "113", f"new {HAND}",
                   "B: 60 ei", "fort", "fort", "fort", "80", db=db, partie=1)
    text = flat(out)
    assert "Tafel, Partie 1, game 1 (100 Eichel): AC 313 : BD 44." in text
    # who won, as the rules' Abrechnung writes it: AC 313 of a Partie to 300 (QA s42 F7)
    assert "The Partie is over after game 1 (AC won 313 to 44): the next game goes on a new Partie." in text
    assert "Partie 1 is over: the next game goes on Partie 2." in text
    assert "A deals, B is Vorhand." in text
    assert "Tafel, Partie 2, game 1 (60 Eichel):" in text
    with Tafel.open(str(db)) as t:
        assert [len(s.partie.games) for s in t.all()] == [1, 1]
        assert t.stored(2).partie.rules.match_target == 300


def test_a_session_started_after_the_partie_ended_goes_on_a_new_partie(tmp_path):
    """pace s41 (a Partie played through with restarts): a session left when the Partie ended
    and started again with --partie was refused ("Partie 1 is over: start a new one with
    tutor tafel new") where the session's own `new` goes on: now it goes on a new Partie as
    `tutor tafel new` would start it, dealt so that the losers get Vorhand (the rules'
    "Partieende"): BD lost the worked example's 300 Partie, so A deals and B is Vorhand. A
    Partie named by its number stays refused once over."""
    from tutor.rules import load
    from tutor.tafel import Tafel

    db = tmp_path / "t.sqlite3"
    with Tafel.open(str(db)) as t:
        t.new(rules=load({"profile": "verband", "match_target": 300}))
    first = table("--hand", HAND, "--seat", "C", "--partie", "--lang", "en", db=db,
                  input="60ei\n70 sche\n90ei\n95 ro\n100 ei\nD: dopple\n113\nend\n")
    assert first.returncode == 0 and "Tafel, Partie 1, game 1 (100 Eichel): AC 313 : BD 44." in flat(first.stdout)
    again = table("--hand", HAND, "--seat", "C", "--partie", "--lang", "en", db=db,
                  input="B: 60 ei\nfort\nfort\nfort\n80\nend\n")
    text = flat(again.stdout)
    assert again.returncode == 0 and again.stderr == "", again.stderr
    assert text.startswith("Partie 1 is over: the next game goes on Partie 2.")
    assert "A deals, B is Vorhand." in text and "Tafel, Partie 2, game 1 (60 Eichel):" in text
    with Tafel.open(str(db)) as t:
        assert [len(s.partie.games) for s in t.all()] == [1, 1]
        assert t.stored(2).partie.rules.match_target == 300   # the rules follow on
    named = table("--hand", HAND, "--seat", "C", "--partie", "1", "--lang", "en", db=db, input="")
    assert named.returncode == 2 and named.stderr.strip() == "tutor: Partie 1 is over: start a new one with tutor tafel new"


def test_a_very_long_line_from_a_pipe_is_one_line_and_the_session_goes_on():
    r = table("--hand", HAND, "--seat", "C", "--lang", "en", input="x" * 200_000 + "\n60ei\n")
    assert r.returncode == 0 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert max(len(x) for x in lines) <= 60
    assert "! Not taken: the line is too long: at most 1,000 characters are read" in flat(r.stdout)
    assert "A 60 Eichel: opening, Puur with three cards." in lines


@pytest.mark.parametrize("dealer", ["A", "B", "C", "D"])
def test_with_the_partie_the_advice_knows_the_score(tmp_path, dealer):
    """The rules' "Bekannte Schlussvarianten": a team that wins the Partie by making its
    bid loses nothing more when doubled, so the double is free. The table session with
    --partie gives the advice the board's score, as ``tutor bid --tafel`` does: the
    declaring team has two Matsch of an 800 target (628 + the 100 bid's 200 reach it) and
    bids the worked example's auction from Vorhand; its opponent with the worked example's
    D hand doubles. For every dealer (with Vorhand B or D the declaring team is BD: QA found
    the score given to the wrong team there). Without the board the same hand says nothing."""
    from io import StringIO

    from tutor.companion.terminal import Table
    from tutor.partie import Contract, Game
    from tutor.rules import load
    from tutor.scoring import SEATS
    from tutor.tafel import Tafel

    vorhand = SEATS.index(dealer) + 1

    def seat(worked_example_seat):   # the worked example's seat (A is Vorhand) at this table
        return SEATS[(SEATS.index(worked_example_seat) + vorhand) % 4]

    team = "AC" if seat("A") in "AC" else "BD"
    db = tmp_path / "t.sqlite3"
    rules = load({"match_target": 800})
    with Tafel.open(str(db)) as t:
        t.new(rules=rules, dealer=SEATS[(SEATS.index(dealer) - 2) % 4])   # two games: then dealer deals
        for _ in range(2):    # two Matsch by the declaring team: 2 x (157 + 157) = 628
            t.add(Game(Contract.parse("157 Eichel", rules), seat("A"), 157))
    calls = ["60 Eichel", "70 Schellen", "90 Eichel", "95 Rosen", "100 Eichel"]
    hand = "Eichel:KB Schellen:O8 Rosen:AK7 Schilten:U9"

    def advice(partie):
        out = StringIO()
        tb = Table(Session(hand, seat("D"), dealer, lang="en"), out, str(db), partie, columns=200)
        tb.start()
        for c in calls:
            tb.handle(c)
        return out.getvalue()

    with_board = advice(1)
    score = {"AC": 628 if team == "AC" else 0, "BD": 628 if team == "BD" else 0}
    assert f"The advice knows the Partie's score: AC {score['AC']} : BD {score['BD']}, 800 to win." in with_board
    assert with_board.rstrip().splitlines()[-1].startswith("→ You: dopple"), with_board
    assert "→ You: dopple" not in advice(False)
