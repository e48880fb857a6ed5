"""A judge whose deals are given: each call's board value on each deal (the same deals for
every call), judged and worded by the default voice (tutor.judgement.voice.judge_by). The
tests of the voice's words and of practice's verdict set the figures themselves and derive
what the answer must say from them."""
from __future__ import annotations

from types import SimpleNamespace


class GivenDeals:
    name = "simulation"

    def __init__(self, values: dict[str, list[int]]):
        self.values = values

    def choose(self, hand, s, readings, standing=None):
        from tutor.judgement import voice

        n = len(next(iter(self.values.values())))
        calls = [{"call": c, "expected": sum(v) / n} for c, v in self.values.items()]
        ev = SimpleNamespace(calls=calls, values=self.values, samples=n, contracts=[], standing=None,
                             stopped_early=False, seat=s.seat, unprobed=[], contract=lambda text: None,
                             to_json=lambda: {"samples": n, "calls": calls})
        return voice.judge_by(ev, hand, s, readings, standing)


def simulated_deals(hand: str, auction: str, rules, seat: str, n: int, seed: int = 5):
    """``n`` deals as the simulation draws them for ``hand`` at ``seat``, what they read of the
    other seats' calls and what they could not (:func:`tutor.judgement.simulation._count_reads`);
    every deal honours the reads (none missed)."""
    import random

    from tutor.conventions import position
    from tutor.judgement import simulation as S
    from tutor.play.dealer import Dealer

    h, reader, seat, _r, _t = position(hand, auction, rules, seat)
    s = reader.situation(seat)
    dealer = Dealer({seat: h}, s.promised)
    fits, read, unheld = S._honoured(dealer, S._count_reads(s), seed)
    rng, missed = random.Random(seed), []
    deals = [S._deal(dealer, rng, fits, missed) for _ in range(n)]
    assert not missed
    return deals, read, unheld


def prefilter_kept(dealer, fits, tries: int = 3000, seed: int = 9) -> int:
    """Deals ``tries`` whole deals (every try dealt out, ``dealer`` dealing ``fits.first``
    first) and asserts that on each that passes ``fits`` the pre-filter
    (:class:`tutor.judgement.simulation._Prefilter`) said yes at every suit to the cards
    dealt so far: it never throws away a deal the rule keeps. Returns how many passed."""
    import random

    from tutor.judgement import simulation as S

    dealer = dealer.dealing_first(fits.first)
    check = S._Prefilter(dealer, fits.seat, fits.holds)
    rng, kept = random.Random(seed), 0
    for _ in range(tries):
        asked = []
        deal = dealer.deal(rng, lambda i, cards: asked.append((i, [list(c) for c in cards])) or True)
        if fits(deal):
            kept += 1
            assert all(check(i, cards) for i, cards in asked)
    return kept


def read_and_unread(hand: str, auction: str, rules, seat: str, n: int = 12, seed: int = 1):
    """(read, unread, what was read): ``n`` deals as the simulation draws them for ``hand``
    at ``seat``, honouring what it reads of the other seats' calls
    (:func:`tutor.judgement.simulation._count_reads`), and ``n`` deals that keep to the
    promises and the forts' denials alone, deal ``i`` of each from ``random.Random(seed + i)``:
    the two sides of an exact-play test that a read carries information."""
    import random

    from tutor.conventions import position
    from tutor.judgement import simulation as S
    from tutor.play.dealer import honouring

    h, reader, seat, _r, _t = position(hand, auction, rules, seat)
    s = reader.situation(seat)
    dealer, _ok = honouring({seat: h}, s.promised, s.denied)
    fits, read, _unheld = S._honoured(dealer, S._count_reads(s), seed)
    return ([S._deal(dealer, random.Random(seed + i), fits) for i in range(n)],
            [dealer.deal(random.Random(seed + i)) for i in range(n)], read)


def dealt(dealer, fits, n: int, prefilter: bool, seed: int = 5):
    """(deals, missed): ``n`` deals as the simulation deals them (``simulation._deal``) with
    the pre-filter switched on or off (``simulation.PREFILTER``), from ``random.Random(seed)``;
    the same seed must give the same deals either way."""
    import random

    from tutor.judgement import simulation as S

    old = S.PREFILTER
    S.PREFILTER = prefilter
    try:
        rng, missed = random.Random(seed), []
        return [S._deal(dealer, rng, fits, missed) for _ in range(n)], missed
    finally:
        S.PREFILTER = old
