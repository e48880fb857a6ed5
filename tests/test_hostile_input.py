"""Hostile input, round three (issue 23): the dealer and the decoder's promised cards,
deal files and card tables, numbers, catalogs and the command line. Each class of input
is driven at random (hypothesis) with inputs that succeed beside those that must fail:
no input ends in a traceback, a hang or a silently wrong answer."""
import os
import random
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings, strategies as st

from tutor import conventions as cv
from tutor.auction import Auction
from tutor.cards import DECK, SUITS, Hand, Rank, Suit
from tutor.cli import main
from tutor.play.dealer import DealError, for_auction
from tutor.rules import load
import waiting

VERBAND = load("verband")


def run(*args, input=None, env=None):
    return CliRunner().invoke(main, list(args), input=input, env=env)


# -- the decoder: a card promised once (issues 22 and 23) ------------------------------------
def test_a_second_ace_announcement_in_a_suit_promises_no_card():
    # B's 65 Rosen is the next Fünfer above 60: B holds the Rosen Ace. C's 75 Rosen is the
    # next Fünfer above 65 in the same suit, but the Ace is already B's: it cannot be C's too
    e = cv.explain("60 Eichel, 65 Rosen, 75 Rosen")
    b, c = e.calls[1], e.calls[2]
    assert (b.kind, b.promises) == ("ace", (cv.Promise(Suit.ROSEN, frozenset({Rank.ASS}), length=(1, 9)),))
    assert (c.kind, c.promises) == ("unconventional", ())
    assert e.known["C"] == [] and [str(p.suit) for p in e.known["B"]] == ["Rosen"]
    assert "B has already shown the Ace of Rosen" in c.text("en")


def test_the_partner_cannot_show_the_ace_again_either():
    # B shows the Rosen Ace, D (his partner) calls the next Fünfer in Rosen again
    e = cv.explain("60 Eichel, 65 Rosen, fort, 75 Rosen")
    assert e.calls[3].kind == "unconventional" and e.known["D"] == []
    # another suit's Ace is still an Ass-Ansage
    e = cv.explain("60 Eichel, 65 Rosen, fort, 75 Schilten")
    assert e.calls[3].kind == "ace"


def holders(e) -> dict:
    """Every card some call promised, with the seats that promised it."""
    out: dict = {}
    for seat, promises in e.known.items():
        for p in promises:
            for r in p.has:
                out.setdefault((p.suit, r), set()).add(seat)
    return out


def fuenfer_heavy_auction(rng: random.Random, rules, steps: int) -> Auction:
    """A random legal auction that often calls the next Fünfer, in few suits, so that Ass-
    Ansagen meet in one suit (by one team and by both)."""
    a = Auction.parse("", rules=rules)
    suits = rng.sample([s.value for s in SUITS], 2)
    for _ in range(steps):
        calls = a.legal_calls()
        if not calls:
            break
        bids = [(s, c) for s, c in calls if c.is_bid]
        fuenfer = [(s, c) for s, c in bids[:16] if c.value is not None and c.value % 10 == 5
                   and c.strain in suits]
        zehner = [(s, c) for s, c in bids[:8] if c.strain in suits]
        others = [(s, c) for s, c in calls if not c.is_bid]
        x = rng.random()
        pool = fuenfer if fuenfer and x < 0.5 else zehner if zehner and x < 0.75 else others or bids
        seat, call = rng.choice(pool)
        a = a.play(call, seat)
    return a


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), steps=st.integers(1, 12))
def test_no_card_is_promised_at_two_seats_and_the_dealer_never_crashes(seed, steps):
    rng = random.Random(seed)
    a = fuenfer_heavy_auction(rng, VERBAND, steps)
    e = cv.explain(a, VERBAND)
    for card, seats in holders(e).items():
        assert len(seats) == 1, (str(a), card, seats)
    seat = a.next_seat or "A"
    # a hand for the seat from the cards no other seat was promised: the deals must fit
    promised = {(s, r) for (s, r) in holders(e) if seat not in holders(e)[(s, r)]}
    free = [c for c in DECK if (c.suit, c.rank) not in promised]
    rng.shuffle(free)
    try:
        dealer = for_auction(Hand(free[:9]), a, seat, VERBAND)
    except DealError:
        return   # lengths the hand leaves no room for: one line, not a crash
    for d in dealer.deals(3, seed=seed):
        for (suit, rank), seats in holders(e).items():
            (holder,) = seats
            if holder != seat:
                assert d[holder].has(suit, rank)


def test_deal_eval_and_bid_simulate_read_the_auction_of_the_issue():
    hand = "Eichel:K86 Rosen:O97 Schellen:A76"
    auction = "60 Eichel, 65 Rosen, 75 Rosen"
    r = run("deal", "--hand", hand, "--auction", auction, "--count", "3", "--json")
    assert r.exit_code == 0, r.output
    import json

    deals = json.loads(r.output)
    # every deal gives B the Rosen Ace (his Ass-Ansage); C's second one promised nothing
    assert all(Hand.parse(d["B"]).has(Suit.ROSEN, Rank.ASS) for d in deals)
    for args in (["eval", "--samples", "4"], ["bid", "--simulate", "--samples", "4"]):
        r = run(*args, "--hand", hand, "--auction", auction, "--lang", "en")
        assert r.exit_code == 0, r.output
        assert "Traceback" not in r.output


# -- a card table's suits (item 5) -------------------------------------------------------------
ENDGAME = {"A": "Eichel:8 Schellen:8 Rosen:O9", "B": "Schellen:B9 Rosen:B8",
           "C": "Eichel:A Schellen:KU Rosen:6", "D": "Schellen:AO Rosen:AK"}
GAME = open("examples/worked-example.yaml", encoding="utf-8").read()

odd_values = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                       st.text(max_size=8), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                       st.lists(st.one_of(st.none(), st.integers(0, 20), st.text(max_size=3),
                                          st.lists(st.integers(), max_size=2)), max_size=4))


def card_table(hand: str) -> dict:
    """``Eichel:8 Schellen:8`` as the card table ``{Eichel: ['8'], Schellen: ['8']}``."""
    return {part.split(":")[0]: list(part.split(":")[1]) for part in hand.split()}


def test_a_card_table_hand_is_read_as_the_hand_notation(tmp_path):
    import yaml

    deal = {"trump": "Eichel", "leader": "A", "declarer": "A",
            "hands": {s: card_table(h) for s, h in ENDGAME.items()}}
    f = tmp_path / "d.yaml"
    f.write_text(yaml.safe_dump(deal), encoding="utf-8")
    # the same deal as examples/endgame.yaml: the same perfect play for both spellings
    import json

    a, b = run("solve", str(f), "--json"), run("solve", "examples/endgame.yaml", "--json")
    assert a.exit_code == 0 and b.exit_code == 0, (a.output, b.output)
    ja, jb = json.loads(a.output), json.loads(b.output)
    assert (ja["points"], ja["best"]) == (jb["points"], jb["best"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=odd_values)
@example(value=["U", 8, 6])
@example(value="U86")
@example(value=None)
@example(value=5)
def test_a_card_table_suit_that_is_not_a_list_of_ranks_is_one_line(tmp_path, value):
    import yaml

    deal = {"trump": "Eichel", "leader": "A", "hands": {s: card_table(h) for s, h in ENDGAME.items()}}
    deal["hands"]["A"]["Eichel"] = value
    f = tmp_path / "d.yaml"
    f.write_text(yaml.safe_dump(deal), encoding="utf-8")
    r = run("solve", str(f), "--lang", "en")
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert r.exit_code in (0, 2), r.output
    if r.exit_code == 2:
        assert len(r.output.strip().splitlines()) == 1, r.output
    if value == ["8"] or value == "8":
        assert r.exit_code == 0    # the right card, as a list or as text
    # the same hand in a game file, for play and tafel add --played
    game = GAME.replace("  A: Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7",
                        "  A: {Eichel: " + yaml.safe_dump(value, default_flow_style=True).replace("\n...", "").strip()
                        + ", Schellen: [8], Rosen: [O, 9], Schilten: [A, K, 7]}")
    g = tmp_path / "g.yaml"
    g.write_text(game, encoding="utf-8")
    env = {"TUTOR_DB": str(tmp_path / "t.db")}
    assert run("tafel", "new", env=env).exit_code == 0
    for args in (["play", str(g)], ["tafel", "add", "--played", str(g)]):
        r = run(*args, "--lang", "en", env=env)
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, value, r.exception)
        if value in (["U", 8, 6], "U86", ["U", "8", "6"]):
            assert r.exit_code == 0, r.output


# -- given twice (item 6) -------------------------------------------------------------------------
@pytest.mark.parametrize("text,key", [
    ("trump: Eichel\nleader: A\ntrump: Rosen\nhands: {A: 'Eichel:A', B: 'Eichel:6', C: 'Rosen:A', D: 'Rosen:6'}\n", "trump"),
    ("trump: Eichel\nleader: A\nhands: {A: 'Eichel:A', B: 'Eichel:6', C: 'Rosen:A', D: 'Rosen:6', A: 'Rosen:K'}\n", "A"),
    ("trump: Eichel\nleader: A\nleader: B\nhands: {A: 'Eichel:A', B: 'Eichel:6', C: 'Rosen:A', D: 'Rosen:6'}\n", "leader"),
])
def test_a_deal_file_with_a_key_given_twice_is_refused(tmp_path, text, key):
    f = tmp_path / "d.yaml"
    f.write_text(text, encoding="utf-8")
    r = run("solve", str(f), "--lang", "en")
    assert r.exit_code == 2 and r.output.strip().endswith(f"'{key}' given twice"), r.output
    once = "\n".join(line for i, line in enumerate(text.splitlines()) if i != 2) + "\n"
    if key != "A":
        f.write_text(once, encoding="utf-8")
        assert run("solve", str(f)).exit_code == 0


def test_a_seat_written_twice_in_two_cases_is_refused(tmp_path):
    f = tmp_path / "d.yaml"
    f.write_text("trump: Eichel\nleader: A\nhands: {A: 'Eichel:A', B: 'Eichel:6', C: 'Rosen:A', "
                 "D: 'Rosen:6', a: 'Rosen:K'}\n", encoding="utf-8")
    r = run("solve", str(f), "--lang", "en")
    assert r.exit_code == 2 and "A given twice" in r.output


def test_a_team_given_twice_in_the_score_is_refused():
    hand = "Eichel:UA9 Rosen:K876 Schellen:A7"
    r = run("bid", "--hand", hand, "--auction", "60 Eichel", "--score", "AC=1850,BD=1200,AC=0", "--lang", "en")
    assert r.exit_code == 2 and r.output.strip() == "tutor: --score: AC=0: AC given twice"
    r = run("bid", "--hand", hand, "--auction", "60 Eichel", "--score", "AC=1850,bd=1200,BD=0", "--lang", "en")
    assert r.exit_code == 2 and "BD given twice" in r.output
    assert run("bid", "--hand", hand, "--auction", "60 Eichel", "--score", "AC=0,BD=1200").exit_code == 0


@pytest.mark.parametrize("command", [["bid", "--count"], ["check", "--count", "--call", "fort"],
                                     ["eval", "--samples", "1"]])
def test_a_score_the_tutor_cannot_mean_is_one_line(command, tmp_path):
    """A Partie at its target is over (the rules: the team that reaches it wins), so no
    score of a game to come has a team there; --score and --tafel cannot both give it; a
    question about the board never makes one (QA: check --tafel created an empty database)."""
    hand = "Eichel:UA9 Rosen:K876 Schellen:A7 Schilten:6"
    base = [*command, "--hand", hand, "--auction", "60 Eichel", "--lang", "en"]
    r = run(*base, "--score", "AC=2100,BD=2050")
    assert r.exit_code == 2 and r.output.strip() == \
        "tutor: --score: AC has 2100, the Partie's target is 2000: this Partie is over"
    r = run(*base, "--score", "AC=1000,BD=1200", "--tafel")
    assert r.exit_code == 2 and "give one of them" in r.output
    db = tmp_path / "none.sqlite3"
    r = run(*base, "--db", str(db))                 # a board named and not read: a forgotten --tafel
    assert r.exit_code == 2 and r.output.strip() == "tutor: --db names the board that --tafel reads: give --tafel too"
    r = run(*base, "--tafel", "--db", str(db))
    assert r.exit_code == 2 and r.output.strip() == f"tutor: --tafel: no Tafel at {db}: start one with tutor tafel new"
    assert not db.exists()


# -- numbers (the last round's 5,000 digits) -----------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(digits=st.integers(1, 6000), command=st.sampled_from(["explain", "bid", "check", "auction"]))
def test_a_number_of_any_length_in_an_auction_is_read_or_refused_in_one_line(digits, command):
    number = "1" + "0" * (digits - 1)
    auction = f"60 Eichel, {number} Eichel"
    args = {"explain": ["explain", auction], "auction": ["auction", auction],
            "bid": ["bid", "--hand", "Eichel:UA9 Rosen:K876 Schellen:A7", "--auction", auction],
            "check": ["check", "--hand", "Eichel:UA9 Rosen:K876 Schellen:A7", "--auction", "60 Eichel",
                      "--call", f"{number} Eichel"]}[command]
    r = run(*args, "--lang", "en")
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    if digits == 3 and command in ("explain", "auction"):    # 100 Eichel: a bid
        assert r.exit_code == 0, r.output
    elif digits > 3:                                         # 1,000 and more: no bid
        # refused without echoing the number: a check's answer (its verdict, the recommended
        # call and its reasons) is a few short lines, a 6,000-digit echo would not be
        assert r.exit_code in (1, 2) and len(r.output) < 800, r.output
        if digits > 9 and command != "check":
            assert "at most 9 digits" in r.output


@pytest.mark.parametrize("answer", ["AC " + "9" * 5000 + " BD 0", "9" * 5000 + " 0", "AC 157 BD 0"])
def test_a_score_answer_of_5000_digits_is_an_unreadable_answer(tmp_path, answer):
    f = tmp_path / "s.yaml"
    f.write_text("title: t\ndrills:\n  - {id: s-01, type: score, contract: 60 Eichel, declarer: A, "
                 "card_points: 157, answer: {AC: 217, BD: 0}}\n", encoding="utf-8")
    r = run("quiz", str(f), "--lang", "en", input=answer + "\n", env={"TUTOR_DB": str(tmp_path / "t.db")})
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output


# -- the command line: --lang before the command, a full disk, bytes that are not UTF-8 -----------
def test_an_unknown_language_before_the_command_is_one_line():
    r = run("--lang", "xx", "explain", "60 Eichel")
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1, r.output
    assert "'xx'" in r.output and "--lang" in r.output


def tutor_process(*args, stdin=None, stdout=subprocess.PIPE, env=None):
    return waiting.run([sys.executable, "-m", "tutor", *args], stdin, {**os.environ, **(env or {})},
                       cwd=None, text=False, stdout=stdout)   # killed only when it hangs


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["rules", "verband"], ["explain", "60 Eichel", "--lang", "fr"], ["--help"],
                                  ["sheet", "exercises/bieten.yaml"]])
def test_output_to_a_full_disk_is_one_line(args):
    with open("/dev/full", "wb") as full:
        r = tutor_process(*args, stdout=full)
    err = r.stderr.decode()
    assert r.returncode == 2 and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and ("No space" in err or "espace" in err)


def test_bytes_that_are_not_utf8_are_unreadable_answers_and_calls(tmp_path):
    env = {"TUTOR_DB": str(tmp_path / "t.db"), "PYTHONIOENCODING": "utf-8:surrogateescape"}
    r = tutor_process("quiz", "exercises/beispiel.yaml", "--count", "2", "--lang", "en",
                      stdin=b"\xff\xfe\n\xc3(\n", env=env)
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    assert b"\xed\xb3" not in r.stdout        # no surrogate written out
    r = tutor_process("explain", "60 Eichel, \udcff".encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape"),
                      env=env)
    assert r.returncode == 2 and r.stderr.decode().count("\n") == 1, r.stderr


# -- catalogs (item 7) ------------------------------------------------------------------------------
@pytest.fixture
def locale_copy(tmp_path, monkeypatch):
    import shutil

    from tutor import i18n

    target = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, target)
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(target))
    saved = dict(i18n._catalogs)
    i18n._catalogs.clear()
    yield target
    i18n._catalogs.clear()
    i18n._catalogs.update(saved)


def _tamper(path, how: str) -> None:
    if how == "missing":
        path.unlink()
    elif how == "garbage":
        path.write_bytes(b"garbage")
    elif how == "truncated":
        path.write_bytes(path.read_bytes()[:40])
    elif how == "magic":
        path.write_bytes(b"\xde\x12\x04\x95" + b"\x00" * 12)
    elif how == "not utf-8":
        path.write_bytes(b"\xff\xfe" + path.read_bytes())


@pytest.mark.parametrize("mo", ["ok", "missing", "garbage", "truncated", "magic"])
@pytest.mark.parametrize("po", ["ok", "missing", "garbage", "not utf-8"])
def test_a_damaged_catalog_falls_back_with_one_line(locale_copy, mo, po):
    import time

    from tutor import i18n

    lc = locale_copy / "de" / "LC_MESSAGES"
    run("explain", "60 Eichel")            # compiles the .mo beside the .po when missing
    i18n._catalogs.clear()
    if mo != "ok":
        _tamper(lc / "tutor.mo", mo)
    if po != "ok":
        _tamper(lc / "tutor.po", po)
    now = time.time()
    if (lc / "tutor.mo").exists():          # the compiled catalog is the current one
        os.utime(lc / "tutor.mo", (now + 10, now + 10))
    r = CliRunner(mix_stderr=False).invoke(main, ["explain", "60 Eichel"]) if "mix_stderr" in \
        CliRunner.__init__.__code__.co_varnames else CliRunner().invoke(main, ["explain", "60 Eichel"])
    assert r.exit_code == 0 and r.exception is None, r.output
    out = r.stdout
    german = "Eröffnung in Eichel" in out
    english = "opening in Eichel" in out
    assert german or english
    # German whenever one of the two catalogs can be read
    assert german == (mo == "ok" or po == "ok"), (mo, po, out)
    err = [line for line in r.stderr.splitlines() if "catalog" in line]
    # one line when a catalog that was there could not be read (the current one is read
    # first: the .mo, or the .po when there is no .mo), none when the first one read
    assert len(err) == (0 if mo == "ok" or (mo == "missing" and po == "ok") else 1), r.stderr
    assert all(line.startswith("tutor: the de catalog cannot be read") for line in err)


def test_a_translation_whose_placeholders_were_changed_shows_the_english_text(locale_copy):
    from tutor import i18n

    po = locale_copy / "de" / "LC_MESSAGES" / "tutor.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "Am Zug: {seat}."', 'msgstr "Am Zug: {platz}."'), encoding="utf-8")
    mo = po.with_suffix(".mo")
    if mo.exists():
        mo.unlink()
    i18n._catalogs.clear()
    r = run("explain", "60 Eichel")
    assert r.exit_code == 0 and "Next to call: B." in r.output, r.output


# -- French words as input (issue 22) -------------------------------------------------------------
@pytest.mark.parametrize("french,swiss", [
    ("60 cœur", "60 Rosen"), ("60 coeur", "60 Rosen"), ("50 trèfle", "50 Eichel"), ("50 trefle", "50 Eichel"),
    ("70 pique", "70 Schilten"), ("80 carreau", "80 Schellen"),
    ("60 cœur, B: contre", "60 Rosen, B: dopple"), ("60 cœur, B: contre, A: surcontre", "60 Rosen, B: dopple, A: konter"),
])
def test_french_suit_names_and_doubles_are_read_as_the_swiss_calls(french, swiss):
    assert cv.explain(french).to_json("fr") == cv.explain(swiss).to_json("fr")
    a, b = run("explain", "--lang", "fr", french), run("explain", "--lang", "fr", swiss)
    assert a.exit_code == 0 and a.output == b.output


def test_a_hand_may_name_the_french_suits():
    assert Hand.parse("cœur:UA9 trèfle:K876 pique:A7") == Hand.parse("Rosen:UA9 Eichel:K876 Schilten:A7")
    r = run("check", "--lang", "fr", "--hand", "cœur:UA9 trèfle:K876 pique:A7", "--auction", "", "--call", "60 cœur")
    assert r.exit_code == 0 and r.output.startswith("Juste"), r.output


# -- the fast paths' values and catalogs (issue 25) ------------------------------------------------
def test_the_lazy_catalog_answers_as_the_standard_librarys():
    import gettext
    import io

    from babel.messages.pofile import read_po

    from tutor import i18n

    for lang in ("de", "fr"):
        data = open(i18n.mo_file(lang), "rb").read() if os.path.exists(i18n.mo_file(lang)) else None
        if data is None:
            i18n._catalogs.pop(lang, None)
            i18n.catalog(lang)
            data = open(i18n.mo_file(lang), "rb").read()
        ours, std = i18n.MoCatalog(data), gettext.GNUTranslations(io.BytesIO(data))
        with open(i18n.po_file(lang), "rb") as f:
            po = read_po(f)
        checked = 0
        for m in po:
            if not m.id:
                continue
            if isinstance(m.id, tuple):
                for n in (0, 1, 2, 5):
                    if m.context:
                        assert ours.npgettext(m.context, *m.id, n) == std.npgettext(m.context, *m.id, n)
                    else:
                        assert ours.ngettext(*m.id, n) == std.ngettext(*m.id, n)
            elif m.context:
                assert ours.pgettext(m.context, m.id) == std.pgettext(m.context, m.id)
            else:
                assert ours.gettext(m.id) == std.gettext(m.id)
            checked += 1
        assert checked > 1000
        assert ours.gettext("no such message") == "no such message"
        assert ours.ngettext("one", "many", 2) == "many"


def test_values_compare_hash_order_and_stay_frozen():
    import copy
    import pickle

    from tutor.auction import Call
    from tutor.values import FrozenError

    a, b = Hand.parse("Eichel:U86 Rosen:O9", size=None), Hand.parse("Rosen:O9 Eichel:U86", size=None)
    assert a == b and hash(a) == hash(b) and a != Hand.parse("Eichel:U8", size=None)
    assert sorted(DECK, reverse=True)[0] == DECK[-1] and min(DECK) == DECK[0]   # the deck's order
    assert Call.parse("60 Eichel") == Call.parse("60 auf Eichel") and Call.parse("60 Eichel") != Call.parse("60 Rosen")
    p = cv.Promise(Suit.ROSEN, frozenset({Rank.ASS}))
    for value in (a, DECK[5], Call.parse("60 Eichel"), p):
        assert pickle.loads(pickle.dumps(value)) == value and copy.deepcopy(value) == value
        with pytest.raises(FrozenError):
            value.__setattr__("x", 1)
        with pytest.raises(AttributeError):
            del value.x
    assert p != (Suit.ROSEN, frozenset({Rank.ASS}))   # only values of the same class are equal


def test_calls_pickled_in_one_process_are_found_in_another():
    # a worker started by spawn runs with another string hash: a call (or an auction's
    # entry) it receives must hash as the calls it makes itself
    import subprocess

    make = ("import pickle, sys; from tutor.auction import Call, Entry; "
            "sys.stdout.buffer.write(pickle.dumps([Call.parse('60 Eichel'), Entry('B', Call.parse('fort'))]))")
    check = ("import pickle, sys; from tutor.auction import Call, Entry; "
             "call, entry = pickle.loads(sys.stdin.buffer.read()); "
             "assert call in {Call.parse('60 Eichel')} and hash(call) == hash(Call.parse('60 Eichel')); "
             "assert entry in {Entry('B', Call.parse('fort'))}")
    env = {**os.environ, "PYTHONHASHSEED": "1"}
    made = subprocess.run([sys.executable, "-c", make], capture_output=True, env=env, check=True)
    done = subprocess.run([sys.executable, "-c", check], input=made.stdout, capture_output=True,
                          env={**env, "PYTHONHASHSEED": "2"})
    assert done.returncode == 0, done.stderr.decode()


# -- every command, every option: any text ends in an answer or one line ------------------------
INTERESTING = ["", " ", "60 Eichel", "60 Eichel, 65 Rosen, 75 Rosen", "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8",
               "9" * 5000, "²", "٣", "-1", "0", "1e9", "AC=1850,BD=1200", "AC=1,AC=2", "AC=" + "9" * 40,
               "60 cœur, B: contre", "\x1b]0;x\x07", "a" * 3000, "Eichel:" + "A" * 50, "D: dopple", "157 Rosen",
               "verband", "erweitert", "/dev/zero", "/nonexistent.yaml", "{1: a}", "\ufffd", "A", "Z", "AC", "fort"]
arg = st.one_of(st.sampled_from(INTERESTING), st.text(max_size=30))

# the fast commands and their options that take a value (the simulation's are driven above)
COMMAND_OPTIONS = {
    "explain": (["--rules"], 1), "bid": (["--hand", "--auction", "--seat", "--score", "--rules"], 0),
    "check": (["--hand", "--auction", "--call", "--seat", "--score", "--rules"], 0),
    "score": (["--contract", "--declarer", "--card-points", "--weis", "--stoeck", "--rules"], 0),
    "weis": (["--hand", "--trump", "--rules"], 0), "auction": (["--game", "--rules"], 1),
    "rules": ([], 1), "lesson": ([], 1), "games": (["--rules"], 0), "deal": (["--hand", "--auction", "--seat", "--count"], 0),
}


@settings(max_examples=250, deadline=None)
@given(command=st.sampled_from(sorted(COMMAND_OPTIONS)), data=st.data())
def test_any_option_value_of_any_command_ends_in_an_answer_or_one_line(command, data):
    options, positional = COMMAND_OPTIONS[command]
    args = [command]
    if command in ("bid", "check"):
        args.append("--count")
    for name in options:
        if data.draw(st.booleans(), label=f"give {name}"):
            args += [name, data.draw(arg, label=name)]
    if command == "deal" and "--count" not in args:
        args += ["--count", "2"]
    args += [data.draw(arg, label="argument") for _ in range(positional)]
    args += ["--lang", data.draw(st.sampled_from(["de", "en", "fr"]), label="lang")]
    r = run(*args, input="")
    shown = [a[:80] for a in args]
    assert r.exception is None or isinstance(r.exception, SystemExit), (shown, repr(r.exception))
    assert r.exit_code in (0, 1, 2), (shown, r.exit_code, r.output[:500])
    if r.exit_code == 2:
        lines = r.output.strip().splitlines()
        assert len(lines) >= 1 and len(lines[-1]) <= 2000, (shown, r.output[:500])


@pytest.mark.parametrize("rules", ["{1: a}", "{null: a}", "{1.5: a}", "{true: a}", "{[1]: a}", "{profile: {1: a}}",
                                   "{hilfe: {1: 2}}", "{lowest_bid: " + "9" * 5000 + "}"])
@pytest.mark.parametrize("where", ["file", "drill"])
def test_a_drill_files_rules_mapping_with_odd_keys_is_a_problem_not_a_traceback(tmp_path, rules, where):
    drill = '  - {id: x-01, type: bid, hand: "Eichel:KOU87 Schellen:A9 Rosen:B9", auction: "fort, 60 Schilten", answer: "100 Eichel"'
    text = ("title: t\n" + (f"rules: {rules}\n" if where == "file" else "") + "drills:\n" + drill
            + (f", rules: {rules}" if where == "drill" else "") + "}\n")
    f = tmp_path / "d.yaml"
    f.write_text(text, encoding="utf-8")
    env = {"TUTOR_DB": str(tmp_path / "t.db")}
    for args in (["drills", "check", str(f)], ["quiz", str(f)], ["sheet", str(f), "-o", str(tmp_path / "s.html")]):
        r = run(*args, "--lang", "en", input="100 Eichel\n", env=env)
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
        assert r.exit_code in (1, 2) and "Traceback" not in r.output, (args, r.output)


def test_after_a_double_the_seats_that_may_konter_are_named():
    """After D's dopple of A's 100 Eichel nobody is in turn, but A and C, the bidding team,
    may still konter (the rules: the konter answers a double, by the team that made the
    bid): bid without --seat asks for the seat and names them, and check's example of a
    konter without its seat names the bidder, not the doubler."""
    hand = "Eichel:UAK Schellen:A6 Rosen:K8 Schilten:AK"
    auction = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple"
    r = run("bid", "--count", "--hand", hand, "--auction", auction, "--lang", "en")
    assert r.exit_code == 2 and r.output.strip() == \
        "tutor: nobody is in turn; A or C may still double or konter: name the hand's seat with --seat"
    assert run("bid", "--count", "--hand", hand, "--auction", auction, "--seat", "A").exit_code == 0
    r = run("check", "--hand", hand, "--auction", auction, "--call", "konter", "--lang", "en")
    assert r.exit_code == 1 and "(e.g. 'A: konter')" in r.output


# -- the database's path (session 43's pass over --tafel and practice) -------------------------
@pytest.mark.parametrize("args", [["tafel", "show"], ["tafel", "add", "--fort"], ["tafel", "undo"], ["tafel", "list"],
                                  ["tafel", "export", "-"], ["practice", "--stats"],
                                  ["bid", "--count", "--hand", "Eichel:U9AK8 Schellen:A7 Rosen:A Schilten:6",
                                   "--tafel"]])
def test_a_question_makes_no_database_where_there_is_none(args, tmp_path):
    # a mistyped --db left a new 70 KB database behind and answered "no Partie on the board yet"
    # (or "0 deals practised") of the board the player meant; an empty file was turned into a
    # database likewise. A question reads a database, it never makes one
    missing, empty = tmp_path / "typo.db", tmp_path / "empty.db"
    empty.write_bytes(b"")
    for db in (missing, empty):
        r = run(*args, "--db", str(db), "--lang", "en")
        if args == ["practice", "--stats"]:   # nothing practised there, and the answer says so
            assert r.exit_code == 0 and r.output.startswith("Nothing practised yet by "), r.output
        else:
            assert r.exit_code == 2 and r.output.strip().endswith(
                f"no Tafel at {db}: start one with tutor tafel new"), r.output
    assert not missing.exists() and empty.read_bytes() == b""
    # tafel new (and import) make it
    assert run("tafel", "new", "--db", str(missing), "--lang", "en").exit_code == 0 and missing.stat().st_size



@pytest.mark.parametrize("args,answer", [(["lessons"], "practised 0, right 0, due 0"),
                                         (["quiz", "--review", "--learner", "ana"],
                                          "Nothing practised yet by ana in this database: tutor quiz starts the course.")])
def test_the_course_asked_on_a_mistyped_db_makes_no_database(args, answer, tmp_path):
    # lessons and quiz --review read the learner's answers: on a mistyped --db they made a new
    # database (and migrated an empty file into one) as the tafel commands did; --review said
    # "every drill practised is on schedule" where nothing was practised (a hint of the typo now)
    missing, empty = tmp_path / "typo.db", tmp_path / "empty.db"
    empty.write_bytes(b"")
    for db in (missing, empty):
        r = run(*args, "--db", str(db), "--lang", "en", input="")
        assert r.exit_code == 0 and answer in r.output, r.output
    assert not missing.exists() and empty.read_bytes() == b""


@pytest.mark.parametrize("args", [["tafel", "show"], ["practice", "--stats"],
                                  ["bid", "--count", "--hand", "Eichel:U9AK8 Schellen:A7 Rosen:A Schilten:6",
                                   "--tafel"]])
def test_an_empty_db_or_a_folder_as_the_database_is_one_line_that_says_which(args, tmp_path):
    # sqlite's "unable to open database file" named the current folder for --db "" (Path("") is ".")
    # and said nothing of why for a folder in TUTOR_DB
    empty = run(*args, "--db", "", "--lang", "en")
    assert empty.exit_code == 2 and empty.output.strip() == "tutor: --db: no file named: give the database's file"
    folder = run(*args, "--lang", "en", env={"TUTOR_DB": str(tmp_path)})
    assert folder.exit_code == 2, folder.output
    assert folder.output.strip() == f"tutor: cannot open the database {tmp_path}: it is a folder, not a file"


LEGAL_DRILL = """\
    title: Bieten
    rules: verband
    drills:
      - id: legal-01
        type: check
        hand: "Eichel:K6 Schellen:O87 Rosen:UB7 Schilten:B"
        auction: "60 Eichel"
        call: "60 Rosen"
        question: legal
        answer: false
"""


def test_a_blank_learner_is_the_default_learner_as_on_the_web_page(tmp_path, monkeypatch):
    # polish s45: `--learner "   "` kept the answers under a name of three spaces, where the web
    # page (learner_of) strips a blank name to the default learner; one rule serves both now
    from conftest import write
    from tutor.web.quiz import learner_of

    import sqlite3

    monkeypatch.setenv("TUTOR_LEARNER", "ana")
    drills, db = write(tmp_path, "legal.yaml", LEGAL_DRILL), tmp_path / "q.db"
    for blank in ("   ", "", "\t"):
        r = run("quiz", str(drills), "--learner", blank, "--db", str(db), "--lang", "en", input="nein\n")
        assert r.exit_code == 0, r.output
    with sqlite3.connect(db) as conn:
        kept = [row[0] for row in conn.execute("SELECT learner FROM quiz_answer")]
    assert kept == ["ana"] * 3 and learner_of("   ") == "ana"
    # a name the page refuses is refused here too, in one line, before a database is made
    for bad, shown in (("a'b", "\"a'b\""), ("x" * 41, repr("x" * 40))):
        fresh = tmp_path / "fresh.db"
        for args in (["quiz", str(drills)], ["lessons"], ["practice", "--stats"]):
            r = run(*args, "--learner", bad, "--db", str(fresh), "--lang", "en", input="")
            assert r.exit_code == 2 and r.output.strip() == (
                f"tutor: learner {shown}: letters, digits, space and . @ + - only, at most 40"), r.output
        assert not fresh.exists()
    # a blank $TUTOR_LEARNER is unset: the login name, never a name of blanks
    monkeypatch.setenv("TUTOR_LEARNER", "  ")
    assert learner_of(None).strip() and learner_of(None) == learner_of("")


# -- the --rules option and empty paths (polish s48) -------------------------------------------
HAND9 = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"
RULES_COMMANDS = [
    ["explain", "60 Eichel"], ["bid", "--count", "--hand", HAND9], ["check", "--hand", HAND9, "--call", "60 Eichel"],
    ["eval", "--hand", HAND9], ["deal", "--hand", HAND9], ["score", "--contract", "60 Eichel", "--declarer", "A",
                                                           "--card-points", "100"],
    ["games"], ["auction", "60 Eichel"], ["practice"], ["table", "--hand", HAND9, "--seat", "A"], ["tafel", "new"],
    ["weis", "--hand", HAND9], ["drills", "new", "--topic", "hilfe", "--count", "1"],
    ["play", "examples/worked-example.yaml"], ["review", "examples/worked-example.yaml"],
    ["match", "examples/partie.yaml"]]


@pytest.mark.parametrize("args", RULES_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_every_command_names_the_rules_option_where_its_rules_are_wrong(args, tmp_path, monkeypatch):
    # polish s48: only play, review and match said "--rules: ..."; the others said the file's
    # error without the option (as if the hand's error did not say --hand). The same line now,
    # before any work (a deal, a database, a simulation)
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    bad = tmp_path / "haus.yaml"
    bad.write_text("ansageregeln: ja\n", encoding="utf-8")
    db = tmp_path / "t.db"
    for spec, said in ((str(bad), f"{bad}: unknown table rule 'ansageregeln' (known: "),
                       ("hausregeln", "unknown rules 'hausregeln': neither a profile (verband, erweitert, frei) "
                                      "nor an existing file"),
                       # an empty one read the current folder ("--rules: .: cannot read: a folder")
                       ("", "empty: name a profile (verband, erweitert, frei) or a YAML file")):
        extra = ["--db", str(db)] if args[0] in ("practice", "tafel", "table") else []
        r = run(*args, *extra, "--rules", spec, "--lang", "en", input="")
        assert r.exit_code == 2 and r.output.startswith(f"tutor: --rules: {said}") \
            and len(r.output.strip().splitlines()) == 1, r.output
    assert not db.exists()


def test_serve_names_the_rules_option_where_its_rules_are_wrong(tmp_path):
    r = waiting.run([sys.executable, "-m", "tutor", "serve", "--port", "0", "--db", str(tmp_path / "t.db"),
                     "--rules", "hausregeln", "--lang", "en"])
    assert r.returncode == 2 and r.stderr.strip() == (
        "tutor: --rules: unknown rules 'hausregeln': neither a profile (verband, erweitert, frei) nor an existing file")


def test_the_drills_rules_option_is_found_from_the_command_s_folder_and_named_where_wrong(tmp_path, monkeypatch):
    # a drill file that names no rules takes --rules: a file named there is found where the
    # command runs (it was looked for beside the drill file: "neither a profile nor an existing
    # file" of a file that was there), and its error names the option, not the drill file's rules
    from conftest import write

    no_rules = LEGAL_DRILL.replace("    rules: verband\n", "")
    assert "rules" not in no_rules
    write(tmp_path, "drills/legal.yaml", no_rules)
    write(tmp_path, "tisch.yaml", "fort_final: true\n")
    write(tmp_path, "haus.yaml", "ansageregeln: ja\n")
    monkeypatch.chdir(tmp_path)
    assert run("drills", "check", "drills", "--rules", "tisch.yaml", "--lang", "en").exit_code == 0
    r = run("drills", "check", "drills", "--rules", "haus.yaml", "--lang", "en")
    assert r.exit_code == 1 and r.output.startswith(
        "drills/legal.yaml:1: --rules: haus.yaml: unknown table rule 'ansageregeln'"), r.output
    # a file's own rules are still found beside it, and named as the file's
    write(tmp_path, "drills/tisch.yaml", "fort_final: true\n")
    (tmp_path / "tisch.yaml").unlink()
    own = write(tmp_path, "own/own.yaml", "    rules: ../drills/tisch.yaml\n" + no_rules)
    assert run("drills", "check", str(own), "--lang", "en").exit_code == 0


EMPTY_PATHS = [(["quiz", ""], "FILES: the path is empty: name a file or folder"),
               (["sheet", ""], "SOURCES: the path is empty: name a file or folder"),
               (["drills", "check", ""], "PATHS: the path is empty: name a file or folder"),
               (["drills", "check", "exercises/hilfe.yaml", ""], "PATHS: the path is empty: name a file or folder"),
               (["play", ""], "PATH: the path is empty: name a file"),
               (["review", ""], "PATH: the path is empty: name a file"),
               (["match", ""], "PATH: the path is empty: name a file"),
               (["solve", ""], "FILE: the path is empty: name a file"),
               (["sheet", "exercises/hilfe.yaml", "-o", ""], "--output: the path is empty: name a file"),
               (["lessons", "--lessons", ""], "--lessons: the path is empty: name a folder")]


@pytest.mark.parametrize("args,said", EMPTY_PATHS, ids=lambda a: " ".join(a) if isinstance(a, list) else "")
def test_an_empty_path_is_one_line_not_the_current_folder(args, said, tmp_path, monkeypatch):
    # polish s48: Path("") is the current folder: `tutor quiz ""` walked every folder below it
    # (60 s in /tmp), `match ""` read "." as a folder, `sheet -o ""` said "Device or resource busy"
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    r = run(*args, "--db", str(tmp_path / "t.db"), "--lang", "en") if args[0] in ("quiz", "lessons") else \
        run(*args, "--lang", "en")
    assert r.exit_code == 2 and r.output.strip() == f"tutor: {said}", r.output
