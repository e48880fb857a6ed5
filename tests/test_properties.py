"""Properties over random deals and random legal auctions: the encoder, the decoder and
the explanation agree, and no input causes a traceback."""
import random

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from tutor import conventions as cv
from tutor.auction import Auction
from tutor.cards import deal
from tutor.cli import main
from tutor.rules import load

SEATS = "ABCD"
PROFILES = [load("verband"), load("erweitert"), load("verband").replace(fort_final=False),
            load("verband").replace(hilfe="common")]


def random_auction(rng: random.Random, rules, steps: int) -> Auction:
    """A random legal auction: mostly low raises and forts, sometimes doubles."""
    a = Auction.parse("", rules=rules)
    for _ in range(steps):
        calls = a.legal_calls()
        if not calls:
            break
        bids = [(s, c) for s, c in calls if c.is_bid]
        others = [(s, c) for s, c in calls if not c.is_bid]
        pool = bids[:12] if bids and rng.random() < 0.55 else others or bids
        seat, call = rng.choice(pool)
        a = a.play(call, seat)
    return a


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 14), profile=st.sampled_from(range(len(PROFILES))))
def test_recommended_calls_are_legal_and_true_to_the_hand(seed, steps, profile):
    rng = random.Random(seed)
    rules = PROFILES[profile]
    hands = dict(zip(SEATS, deal(rng)))
    a = random_auction(rng, rules, steps)
    seat = a.next_seat
    if seat is None:
        return
    advice = cv.advise(hands[seat], a, rules)
    rec = advice.recommended
    assert rec is not None
    assert a.is_legal(rec.call, rec.seat)
    for p in rec.promises:
        assert p.satisfied_by(hands[seat]), (str(a), str(hands[seat]), str(rec.call))
    # the decoder reads the recommended call the same way when someone makes it
    after = cv.explain(a.play(rec.call, rec.seat), rules).calls[-1]
    assert (after.kind, after.promises) == (rec.kind, rec.promises)
    # every option offered is legal and true as well
    for o in advice.options:
        assert a.is_legal(o.call, o.seat) and all(p.satisfied_by(hands[seat]) for p in o.promises)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 25), profile=st.sampled_from(range(len(PROFILES))))
def test_explain_never_fails_on_a_legal_auction(seed, steps, profile):
    rules = PROFILES[profile]
    a = random_auction(random.Random(seed), rules, steps)
    e = cv.explain(str(a), rules)
    assert len(e.calls) == len(a.entries)
    assert {r.kind for r in e.calls} <= set(cv.KINDS)
    data = e.to_json("en")
    for r in e.calls:
        assert r.text("de") and r.text("en")
    # the state follows from the calls themselves: the last bid stands, a double doubles
    # the target points and a konter doubles them again
    bids = [x for x in a.entries if x.call.is_bid]
    kinds = [x.call.kind for x in a.entries]
    state = data["state"]
    assert state["multiplier"] == (4 if "redouble" in kinds else 2 if "double" in kinds else 1)
    if state["over"] and bids:
        assert (state["declarer"], state["contract"]) == (bids[-1].seat, str(bids[-1].call))
        assert state["next"] is None
    elif state["over"]:
        assert kinds == ["fort"] * 4 and state["contract"] is None     # four forts, no game
    else:
        assert state["next"] in SEATS and state["declarer"] is None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 10))
def test_a_recommended_call_always_checks_ok(seed, steps):
    rng = random.Random(seed)
    hands = dict(zip(SEATS, deal(rng)))
    a = random_auction(rng, None, steps)
    if a.next_seat is None:
        return
    advice = cv.advise(hands[a.next_seat], a)
    v = cv.check(hands[a.next_seat], a, advice.recommended.call)
    assert v.ok


text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=80, deadline=None)
@given(hand=text, auction=text, call=text, command=st.sampled_from(["explain", "bid", "check"]))
def test_random_strings_never_cause_a_traceback(hand, auction, call, command):
    args = {"explain": ["explain", auction, "--next"],
            "bid": ["bid", "--hand", hand, "--auction", auction],
            "check": ["check", "--hand", hand, "--auction", auction, "--call", call]}[command]
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


# -- properties that can fail (issue 12) ------------------------------------------------------
from tutor.partie import Contract, Game, Partie  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 25), profile=st.sampled_from(range(len(PROFILES))))
def test_the_next_player_is_never_out_and_follows_in_turn(seed, steps, profile):
    rules = PROFILES[profile]
    a = Auction.parse("", rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        calls = [(s, c) for s, c in a.legal_calls() if c.kind in ("bid", "fort")]
        if not calls or a.over:
            break
        seat, call = rng.choice(calls[:8] + calls[-1:])
        a = a.play(call, seat)
        if rules.fort_final:
            # "wer draussen ist, bleibt draussen": every fort is final
            forts = {e.seat for e in a.entries if e.call.kind == "fort"}
            assert set(a.out) == forts
        else:
            assert a.out == ()
        if a.next_seat is not None:
            assert a.next_seat not in a.out
            # the next player is the first one after the caller, in playing order, who is not out
            order = [SEATS[(SEATS.index(seat) + i) % 4] for i in range(1, 4)]
            assert a.next_seat == next(s for s in order if s not in a.out)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 25), profile=st.sampled_from(range(len(PROFILES))))
def test_what_the_table_knows_is_the_intersection_of_each_seats_promises(seed, steps, profile):
    rules = PROFILES[profile]
    rng = random.Random(seed)
    a = random_auction(rng, rules, steps)
    e = cv.explain(a, rules)
    hands = list(deal(rng)) + list(deal(rng))
    for seat in SEATS:
        own = [p for r in e.calls if r.seat == seat for p in r.promises]
        known = e.known[seat]
        assert len({p.suit for p in known}) == len(known)         # one promise per suit
        assert {p.suit for p in known} == {p.suit for p in own}
        for p in known:
            same = [q for q in own if q.suit == p.suit]
            assert p.has == frozenset().union(*(q.has for q in same))
            assert p.lacks == frozenset().union(*(q.lacks for q in same))
            assert p.length == (max(q.length[0] for q in same), min(q.length[1] for q in same))
        # a hand fits what the table knows exactly when it fits every call the seat made
        for hand in hands:
            assert all(p.satisfied_by(hand) for p in known) == all(p.satisfied_by(hand) for p in own)


def random_game(rng: random.Random, rules) -> Game:
    if rng.random() < 0.1:
        return Game.four_forts()
    suits = ["Eichel", "Schellen", "Rosen", "Schilten"]
    strains = suits + (["Obenabe", "Undenufe", "Obenabe Misère"] if rules.trumps == "extended" else [])
    contract = Contract.parse(f"{rng.choice(rules.bid_values)} {rng.choice(strains)}", rules)
    cp = rng.choice([c for c in range(158) if c not in (1, 156)])
    double = rules.doubling and rng.random() < 0.3
    redouble = double and rules.kontern and rng.random() < 0.3
    weis = ((rng.choice(["AC", "BD"]), rng.choice([20, 50, 100, 150])),) if rules.weis and rng.random() < 0.3 else ()
    stoeck = ((rng.choice(["AC", "BD"]),) if rules.stoeck and contract.trump is not None
              and rng.random() < 0.2 else ())
    return Game(contract, rng.choice(SEATS), cp, double, redouble, weis, (), stoeck)


def expected_points(game: Game, rules) -> dict:
    """One game on the board, from the rules text: the card points to each side (in a
    Misère the tricks count for the other side), the target points (the bid, the Matsch's
    157 or 257, doubled and doubled again) to the declarers if they reach the bid, else to
    the opponents; Weis and 20 for the Stöck on top."""
    team = "AC" if game.declarer in "AC" else "BD"
    opp = "BD" if team == "AC" else "AC"
    credited = 157 - game.card_points if game.contract.misere else game.card_points
    matsch = game.contract.bid == 157
    target = (rules.matsch_target if matsch else game.contract.bid) \
        * (2 if game.double else 1) * (2 if game.redouble else 1)
    made = credited >= (157 if matsch else game.contract.bid)
    points = {team: credited + (target if made else 0), opp: 157 - credited + (0 if made else target)}
    for t, w in game.weis:
        points[t] += w
    for t in game.stoeck:
        points[t] += 20
    return points


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), n=st.integers(1, 12), profile=st.sampled_from(range(len(PROFILES))))
def test_the_board_totals_are_the_sum_of_the_games(seed, n, profile):
    rng = random.Random(seed)
    rules = PROFILES[profile].replace(match_target=rng.choice([1000, 1500, 2000, 5000]),
                                      end_rule=rng.choice(["plain", "bonus", "ueberbiet"]))
    p = Partie(rules)
    for _ in range(n):
        if p.over:
            break
        p = p.add(random_game(rng, rules))
    total = {"AC": 0, "BD": 0}
    for row in p.rows:
        expected = {"AC": 0, "BD": 0} if row.game.fort else expected_points(row.game, rules)
        assert row.points == expected
        assert sum(row.points.values()) == sum(expected.values())
        for t in total:
            total[t] += row.points[t] + row.adjustment[t]
        assert row.total == total
    assert p.totals == total
    # a Partie is over only once a team is at the target
    if p.over:
        assert max(p.totals.values()) >= rules.match_target
        assert p.winner is None or p.totals[p.winner] > p.totals["BD" if p.winner == "AC" else "AC"]


# -- fuzzing with inputs that succeed ---------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 12), command=st.sampled_from(["explain", "bid", "check"]))
def test_valid_random_inputs_succeed_through_the_cli(seed, steps, command):
    import json

    rng = random.Random(seed)
    a = random_auction(rng, None, steps)
    hand = str(deal(rng)[0])
    if command == "explain":
        r = CliRunner().invoke(main, ["explain", str(a), "--json", "--next"])
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        assert [c["call"] for c in data["calls"]] == [str(e.call) for e in a.entries]
        assert len(data["next_calls"]) == len(a.legal_calls())
        return
    if a.next_seat is None:
        return
    if command == "bid":
        r = CliRunner().invoke(main, ["bid", "--hand", hand, "--auction", str(a), "--json", "--count"])
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        assert data["seat"] == a.next_seat and a.is_legal(a.spec.parse_call(data["call"]), data["seat"])
        return
    seat, call = rng.choice(a.legal_calls())
    r = CliRunner().invoke(main, ["check", "--hand", hand, "--auction", str(a), "--call", f"{seat}: {call}",
                                  "--json", "--count"])
    assert r.exit_code in (0, 1), r.output
    data = json.loads(r.output)
    assert data["legal"] is True and r.exit_code == (0 if data["ok"] else 1)


# -- files: the bounded readers on inputs that succeed and on broken ones (issue 12) -----------
import json as _json  # noqa: E402
from pathlib import Path  # noqa: E402

from tutor import files, text as text_mod  # noqa: E402
from tutor.errors import ParseError  # noqa: E402

EXERCISES = Path(__file__).resolve().parent.parent / "exercises"


def _shipped_drills() -> list[dict]:
    """Every shipped Sidi-Barrani drill, each with the table rules it is asked under."""
    out = []
    for p in sorted(EXERCISES.glob("*.yaml")):
        data = files.load_yaml_file(p) or {}
        if data.get("game", "sidi-barrani") != "sidi-barrani":
            continue
        for d in data.get("drills", []):
            rules = d.get("rules", data.get("rules"))
            if isinstance(rules, str) and rules.endswith((".yaml", ".yml")):
                continue   # a rules file relative to its drill file
            out.append(dict(d, rules=rules) if rules is not None else d)
    return out


SIDI_DRILLS = _shipped_drills()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6)
    | st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=12),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(alphabet="abcdefgh_", min_size=1, max_size=6), inner, max_size=4),
    max_leaves=25)


@settings(max_examples=80, deadline=None)
@given(value=json_values)
def test_the_yaml_reader_reads_back_what_yaml_writes(value):
    import yaml

    doc = {"v": value}
    assert files.load_yaml(yaml.safe_dump(doc, allow_unicode=True), "x") == doc


@settings(max_examples=30, deadline=None)
@given(depth=st.integers(1, 3 * files.MAX_DEPTH), flow=st.booleans())
def test_nesting_is_read_up_to_the_limit_and_refused_beyond(depth, flow):
    if flow:
        doc = "[" * depth + "]" * depth
    else:
        doc = "".join("  " * i + "- \n" for i in range(depth - 1)) + "  " * (depth - 1) + "- x\n"
    if depth <= files.MAX_DEPTH:
        value = files.load_yaml(doc, "x")
        for _ in range(depth - 1):
            value = value[0]
        assert value in ([], ["x"])
    else:
        try:
            files.load_yaml(doc, "x")
        except ParseError as e:
            assert f"deeper than {files.MAX_DEPTH}" in str(e)
        else:
            raise AssertionError("nesting beyond the limit was read")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**9), n=st.integers(1, 6))
def test_random_drill_files_of_sound_drills_pass_the_check(tmp_path, seed, n):
    """A file of drills taken at random from the shipped ones (fresh ids, in any order)
    passes `drills check`, and `sheet` renders every drill."""
    rng = random.Random(seed)
    chosen = [dict(d, id=f"d{i}") for i, d in enumerate(rng.sample(SIDI_DRILLS, n))]
    f = tmp_path / f"r{seed}.yaml"
    f.write_text(_json.dumps({"drills": chosen}, ensure_ascii=False), encoding="utf-8")  # JSON is YAML
    r = CliRunner().invoke(main, ["drills", "check", str(f), "--json"])
    assert r.exit_code == 0, r.output
    assert _json.loads(r.output)["ok"] == n
    r = CliRunner().invoke(main, ["sheet", str(f), "-o", str(tmp_path / "s.html")])
    assert r.exit_code == 0, r.output


BREAKERS = ["\x00", "\x1b]0;x\x07", "&a [*a]", "*nope", "[" * 60, "{? [1]: 2}", '"\\U00110000"',
            "\ufeff", "\t", ": :", "- ", "!!python/object:os.system", "2020-01-01: 1", "٣", "²"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**9), cuts=st.integers(1, 4))
def test_broken_drill_files_end_in_lines_naming_the_file(tmp_path, seed, cuts):
    """A sound drill file with random pieces cut out or hostile pieces put in: exit 0, 1
    or 2, never a traceback, and every line of the report names the file (or is the
    summary)."""
    rng = random.Random(seed)
    chosen = [dict(d, id=f"d{i}") for i, d in enumerate(rng.sample(SIDI_DRILLS, 3))]
    import yaml

    doc = yaml.safe_dump({"drills": chosen}, allow_unicode=True)
    for _ in range(cuts):
        i = rng.randrange(len(doc) + 1)
        if rng.random() < 0.5:
            doc = doc[:i] + rng.choice(BREAKERS) + doc[i:]
        else:
            doc = doc[:i] + doc[i + rng.randrange(1, 20):]
    f = tmp_path / f"b{seed}.yaml"
    f.write_text(doc, encoding="utf-8")
    r = CliRunner().invoke(main, ["drills", "check", str(f), "--lang", "en"])
    assert r.exit_code in (0, 1, 2), r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "\x1b" not in r.output and "\x00" not in r.output
    for line in r.output.strip().splitlines():
        assert str(f) in line or line.startswith(("1 file", "tutor:")), line


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**9), n=st.integers(0, 8))
def test_match_files_written_by_the_tutor_read_back_through_the_cli(tmp_path, seed, n):
    from tutor.partie import dumps

    rng = random.Random(seed)
    rules = PROFILES[rng.randrange(len(PROFILES))].replace(match_target=5000)
    p = Partie(rules)
    for _ in range(n):
        p = p.add(random_game(rng, rules))
    f = tmp_path / f"m{seed}.yaml"
    f.write_text(dumps(p), encoding="utf-8")
    r = CliRunner().invoke(main, ["match", str(f), "--json"])
    assert r.exit_code == 0, r.output
    data = _json.loads(r.output)
    assert data["board"] == p.totals and len(data["games"]) == n


@settings(max_examples=100, deadline=None)
@given(n=st.integers(0, 10**9 - 1), pad=st.sampled_from(["", " ", "  "]))
def test_numbers_in_ascii_digits_read_and_others_do_not(n, pad):
    assert text_mod.parse_int(f"{pad}{n}{pad}", "x") == n
    other = str(n).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    try:
        text_mod.parse_int(other, "x")
    except ParseError as e:
        assert other in str(e)
    else:
        raise AssertionError(f"{other!r} was read as a number")


@settings(max_examples=100, deadline=None)
@given(s=st.text(max_size=40))
def test_printable_text_holds_no_control_character(s):
    out = text_mod.printable(s)
    assert not any(ord(c) < 0x20 and c not in "\t\n" or 0x7F <= ord(c) < 0xA0 for c in out)
    if not any(ord(c) < 0x20 and c not in "\t\n" or 0x7F <= ord(c) < 0xA0
               or c in "\u2028\u2029" or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069
               for c in s):
        assert out == s
