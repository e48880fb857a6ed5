"""`tutor serve` as a user starts it: the address (with the secret and a QR code when it
listens beyond 127.0.0.1), answering, and a clean stop on Ctrl-C."""
from __future__ import annotations

import io
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.error import HTTPError

import waiting

ROOT = Path(__file__).resolve().parent.parent


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def start(tmp_path, *args: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "TUTOR_DB"}
    env["TUTOR_DB"] = str(tmp_path / "t.sqlite3")
    return subprocess.Popen([sys.executable, "-m", "tutor", "serve", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=waiting.as_at_a_terminal)



def get(url: str, opener=None) -> int:
    """The status of ``url``, asked again while the server starts, for as long as its start
    goes on (tests/waiting.py: no wall clock decides on a busy machine)."""
    def within(seconds):
        end = time.monotonic() + seconds
        while True:
            try:
                with (opener or urllib.request.build_opener()).open(url, timeout=seconds) as r:
                    return r.status
            except HTTPError as e:
                return e.code
            except OSError:
                if time.monotonic() > end:
                    raise TimeoutError from None
                time.sleep(0.1)
    return waiting.until(within, url)


def stop(proc: subprocess.Popen) -> tuple[str, str]:
    proc.send_signal(signal.SIGINT)
    try:
        done = waiting.finish(proc)          # killed when it hangs
    except AssertionError as e:
        raise AssertionError(f"serve did not stop on Ctrl-C ({e})") from None
    return done.stdout, done.stderr


def test_serve_answers_on_127_0_0_1_and_stops_cleanly_on_ctrl_c(tmp_path):
    port = free_port()
    proc = start(tmp_path, "--port", str(port))
    try:
        first = proc.stdout.readline()
        assert first.strip() == f"Tutor: http://127.0.0.1:{port}/  (Ctrl-C stoppt.)"
        assert get(f"http://127.0.0.1:{port}/api/explain?auction=60%20Eichel") == 200
        assert get(f"http://127.0.0.1:{port}/") == 200
    finally:
        out, err = stop(proc)
    assert proc.returncode == 0
    assert "Tutor: gestoppt." in out
    assert "Traceback" not in err


def test_serve_beyond_this_machine_prints_the_secret_and_a_qr_code(tmp_path):
    host = "127.0.0.2"          # another address than 127.0.0.1: the secret is required
    port = free_port(host)
    proc = start(tmp_path, "--host", host, "--port", str(port), "--lang", "en")
    try:
        first = proc.stdout.readline().strip()
        m = re.fullmatch(rf"Tutor: (http://{re.escape(host)}:{port}/\?key=([\w-]+))  \(Ctrl-C stops\.\)", first)
        assert m, first
        url, key = m.group(1), m.group(2)
        assert len(key) >= 16
        assert proc.stdout.readline().strip() == "For the phones at the table:"
        qr = [proc.stdout.readline() for _ in range(8)]
        assert all(set(line.strip()) <= set("█▀▄ ") for line in qr) and any("█" in x for x in qr)
        assert get(f"http://{host}:{port}/api/explain") == 403
        assert get(f"http://{host}:{port}/") == 403
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        assert get(url, browser) == 200            # the printed address opens the page ...
        assert get(f"http://{host}:{port}/api/tafel/view", browser) == 200   # ... and, by its cookie, the API
        assert get(f"http://{host}:{port}/api/explain?key={key}") == 200
    finally:
        out, err = stop(proc)
    assert proc.returncode == 0 and "Traceback" not in err


def test_port_0_prints_the_port_it_got(tmp_path):
    proc = start(tmp_path, "--port", "0", "--lang", "en")
    try:
        first = proc.stdout.readline().strip()
        m = re.fullmatch(r"Tutor: http://127\.0\.0\.1:(\d+)/  \(Ctrl-C stops\.\)", first)
        assert m, first
        port = int(m.group(1))
        assert port > 0
        assert get(f"http://127.0.0.1:{port}/api/explain?auction=60%20Eichel") == 200
    finally:
        out, err = stop(proc)
    assert proc.returncode == 0 and not err.strip()


def test_a_busy_port_is_one_line(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = waiting.run([sys.executable, "-m", "tutor", "serve", "--port", str(port), "--lang", "en"])
    assert r.returncode == 2
    assert re.fullmatch(rf"tutor: cannot listen on 127\.0\.0\.1:{port}: .+ \(another --port\?\)", r.stderr.strip())


def test_an_empty_host_is_one_line_not_every_address_of_the_machine(tmp_path, monkeypatch):
    # polish s48: `serve --host ""` bound "" (every address of the machine) and printed the
    # secret: the phones' 0.0.0.0 is to be said, never implied by a blank. No socket is opened
    # here: a listen would fail the test instead of listening
    from click.testing import CliRunner

    from tutor.cli import main
    from tutor.commands import table

    def never(host, port):
        raise AssertionError(f"serve listened on {host!r}:{port}")

    monkeypatch.setattr(table, "_listen", never)
    for blank in ("", "  "):
        r = CliRunner().invoke(main, ["serve", "--host", blank, "--port", "0", "--db", str(tmp_path / "t.db"),
                                      "--lang", "en"])
        assert r.exit_code == 2 and r.output.strip() == (
            "tutor: --host: empty: write 127.0.0.1 (this machine) or 0.0.0.0 (the phones at the table)"), r.output


def test_a_database_that_is_not_the_tutor_s_is_one_line_before_the_page_serves(tmp_path):
    # as practice and quiz say it: the page answered every Tafel request with the error instead
    other = tmp_path / "notes.txt"
    other.write_text("not a database, another program's file\n" * 100)
    before = other.read_bytes()
    for db, said in ((other, f"{other} is not a tutor database: "),
                     (tmp_path / "no" / "such.sqlite3", f"cannot open the database {tmp_path / 'no' / 'such.sqlite3'}: ")):
        r = waiting.run([sys.executable, "-m", "tutor", "serve", "--port", "0", "--db", str(db), "--lang", "en"])
        assert r.returncode == 2 and not r.stdout, (r.stdout, r.stderr)
        assert r.stderr.startswith("tutor: " + said) and r.stderr.count("\n") == 1, r.stderr
    assert other.read_bytes() == before          # the other program's file left as it was


def test_serve_on_ipv6_loopback_prints_a_reachable_bracketed_address(tmp_path):
    port = free_port("::1") if socket.has_ipv6 else None
    if port is None:
        import pytest
        pytest.skip("no IPv6 on this machine")
    proc = start(tmp_path, "--host", "::1", "--port", str(port), "--lang", "en")
    try:
        first = proc.stdout.readline().strip()
        assert first == f"Tutor: http://[::1]:{port}/  (Ctrl-C stops.)"
        assert get(f"http://[::1]:{port}/api/explain?auction=60%20Eichel") == 200
    finally:
        out, err = stop(proc)
    assert proc.returncode == 0 and "Traceback" not in err


def machine_addresses() -> set[str]:
    """This machine's addresses as `ip` lists them (an oracle beside the tutor's own
    reading of the interfaces)."""
    import shutil

    if shutil.which("ip") is None:
        import pytest
        pytest.skip("no ip command to list this machine's addresses")
    out = subprocess.run(["ip", "-o", "addr", "show", "up"], capture_output=True, text=True).stdout
    return {line.split()[3].split("/")[0] for line in out.splitlines() if len(line.split()) > 3}


def test_serve_on_every_address_prints_the_machine_s_network_address_not_its_host_name(tmp_path):
    """The printed address (and the QR code) is one of the machine's network addresses, not
    a host name that may resolve to 127.0.0.1; the test reads it and does not connect to it."""
    import ipaddress

    import segno

    known = machine_addresses()
    port = free_port()
    proc = start(tmp_path, "--host", "0.0.0.0", "--port", str(port), "--lang", "en")
    try:
        first = proc.stdout.readline().strip()
        m = re.fullmatch(rf"Tutor: (http://([0-9.]+):{port}/\?key=[\w-]+)  \(Ctrl-C stops\.\)", first)
        if m is None:       # a machine without a network address says so, and names this machine
            assert first.startswith("Tutor: http://127.0.0.1:")
            assert not [a for a in known if not ipaddress.ip_address(a).is_loopback
                        and not ipaddress.ip_address(a).is_link_local and ":" not in a]
            return
        url, address = m.group(1), m.group(2)
        assert not ipaddress.ip_address(address).is_loopback
        assert address in known, (address, known)
        lines = []
        while True:
            line = proc.stdout.readline()
            if line.strip() == "For the phones at the table:":
                break
            lines.append(line.strip())
        assert all(x.startswith("also: http://") for x in lines)
        expected = io.StringIO()
        segno.make(url, error="m").terminal(out=expected, compact=True)
        want = expected.getvalue().splitlines()
        qr = [proc.stdout.readline().rstrip("\n") for _ in want]
    finally:
        stop(proc)
    assert [x.strip() for x in qr] == [x.strip() for x in want]     # the QR code holds that address


def test_the_address_chosen_among_the_interfaces():
    from tutor.web.address import hosts

    found = [("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("wlan0", "192.168.1.23"), ("lo", "::1"),
             ("wlan0", "fe80::1"), ("wlan0", "2001:db8::5"), ("eth1", "203.0.113.9")]
    assert hosts("0.0.0.0", found) == ["192.168.1.23", "203.0.113.9", "172.17.0.1"]
    assert hosts("::", found) == ["192.168.1.23", "203.0.113.9", "[2001:db8::5]", "172.17.0.1"]
    assert hosts("0.0.0.0", [("lo", "127.0.0.1"), ("host", "127.0.1.1")]) == []   # the host name's loopback
    assert hosts("::1") == ["[::1]"] and hosts("127.0.0.1") == ["127.0.0.1"] and hosts("localhost") == ["localhost"]
    assert hosts("192.168.1.23") == ["192.168.1.23"] and hosts("fd00::2") == ["[fd00::2]"]
