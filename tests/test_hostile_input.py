"""Hostile input, round three (issue 23): the dealer and the decoder's promised cards,
deal files and card tables, numbers, catalogs and the command line. Each class of input
is driven at random (hypothesis) with inputs that succeed beside those that must fail:
no input ends in a traceback, a hang or a silently wrong answer."""
import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from tutor import conventions as cv
from tutor.auction import Auction
from tutor.cards import DECK, SUITS, Hand, Rank, Suit
from tutor.cli import main
from tutor.errors import TutorError
from tutor.play.dealer import DealError, for_auction
from tutor.rules import load

VERBAND = load("verband")


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


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
