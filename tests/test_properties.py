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
    assert data["state"] == a.state()
    for r in e.calls:
        assert r.text("de") and r.text("en")


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
