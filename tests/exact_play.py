"""Exact play for the tests: deal the unseen cards to fit the auction (tutor.play.dealer)
and solve each deal double dummy (tutor.play.solver); or judge a whole position by the
simulation with a huge node budget (:func:`judged`: exact play of a position). The expected
call of a test comes from these chances and values, never from the count or the voice."""
from __future__ import annotations

import functools

from tutor.cards import TOTAL_POINTS, Hand
from tutor.play import dealer, solver
from tutor.play.deal import Deal
from tutor.scoring import SEATS, team_of


def deals(hand: str, auction: str = "", seat: str | None = None, n: int = 24, seed: int = 1,
          rules=None) -> list[dict[str, Hand]]:
    """``n`` deals of the unseen cards that fit what the auction promised."""
    return dealer.for_auction(Hand.parse(hand), auction, seat, rules).deals(n, seed)


def made(hands: dict[str, Hand], strain: str, target: int, declarer: str) -> bool:
    """Does the declarer's team reach ``target`` card points with ``strain`` as trump, the
    declarer leading, everyone playing perfectly? In a Misère the team is credited what
    the opponents take ("die Stiche der Gegenseite gutgeschrieben"): it reaches ``target``
    when it takes at most 157 - target itself."""
    deal = Deal(tuple(hands[s] for s in SEATS), strain, leader=declarer, declarer=declarer)
    own = TOTAL_POINTS - target if deal.misere else target
    return bool(solver.solve(deal, target=own, best=False, max_nodes=2_000_000_000).reached)


def chance(hand: str, auction: str, seat: str | None, strain: str, target: int, declarer: str,
           n: int = 24, seed: int = 1, rules=None) -> float:
    """How often the contract is made on ``n`` fitting deals."""
    found = deals(hand, auction, seat, n, seed, rules)
    return sum(made(h, strain, target, declarer) for h in found) / len(found)


def points(hands: dict[str, Hand], strain: str, declarer: str) -> int:
    """The declaring team's card points under perfect play (a Misère: the points its
    opponents leave it, the least it can be held to)."""
    deal = Deal(tuple(hands[s] for s in SEATS), strain, leader=declarer, declarer=declarer)
    return solver.solve(deal, best=False, max_nodes=2_000_000_000).points[team_of(declarer)]


def chances(hand: str, auction: str, seat: str | None, strain: str, targets, declarer: str,
            n: int = 24, seed: int = 1, rules=None) -> dict[int, float]:
    """How often each of ``targets`` is made on ``n`` fitting deals (a suit or trumpless
    contract, not a Misère): one bracket of yes/no probes a deal answers them all."""
    found = deals(hand, auction, seat, n, seed, rules)
    made = dict.fromkeys(targets, 0)
    for h in found:
        deal = Deal(tuple(h[s] for s in SEATS), strain, leader=declarer, declarer=declarer)
        assert not deal.misere
        b = solver.bracket(deal, targets, max_nodes=4_000_000_000)
        for t in made:   # each target once, however often it was named
            answer = b.answer(t)
            assert answer is not None, "the search ran out of its nodes"
            made[t] += answer
    return {t: m / len(found) for t, m in made.items()}


@functools.lru_cache(maxsize=16)
def _points_of(hand: str, auction: str, seat: str, strain: str, n: int, seed: int) -> tuple[int, ...]:
    """The declaring team's card points on each of ``n`` fitting deals (kept: a test asking the same
    deals again, in this process, solves nothing twice)."""
    return tuple(points(h, strain, seat) for h in deals(hand, auction, seat, n=n, seed=seed))


def bid_values(hand: str, auction: str, seat: str, strain: str, bids, n: int = 40, seed: int = 1):
    """Each bid in ``strain`` (the hand's seat declaring and leading) valued on ``n`` deals that
    fit the auction, every game solved exactly: its board value for the hand's team, deal by
    deal, by the rules' scoring (docs/interpretations, the model behind the call values: the
    bid as the final contract, doubled where the table doubles and the double, over all the
    deals, is worse for the hand's team)."""
    from tutor.rules import load
    from tutor.scoring import score_game, team_of

    rules = load("verband")
    team = team_of(seat)
    cps = _points_of(hand, auction, seat, strain, n, seed)

    def board(bid, cp, double):
        g = score_game(bid, seat, cp, double=double, rules=rules)
        return g.board[team] - sum(v for t, v in g.board.items() if t != team)
    values = {}
    for bid in bids:
        plain, doubled = ([board(bid, cp, d) for cp in cps] for d in (False, True))
        values[f"{bid} {strain}"] = doubled if sum(doubled) < sum(plain) else plain
    return values


def between(hands: dict[str, Hand], strain: str, declarer: str, targets) -> tuple[int, int]:
    """The declaring team's card points under perfect play as bounds (lowest, highest): one
    bracket of yes/no probes at ``targets`` (cheaper than :func:`points` where a value lies between
    two targets), exact where a target is the value."""
    deal = Deal(tuple(hands[s] for s in SEATS), strain, leader=declarer, declarer=declarer)
    asked = sorted(set(targets))
    b = solver.bracket(deal, asked, max_nodes=4_000_000_000)
    assert all(b.answer(t) is not None for t in asked), "the search ran out of its nodes"
    low = max([t for t in asked if b.answer(t)], default=0)
    high = min([t - 1 for t in asked if not b.answer(t)], default=TOTAL_POINTS)
    return low, TOTAL_POINTS - 2 if high == TOTAL_POINTS - 1 else high   # 156 is no team's points (the other 1)


# -- a position judged by exact play, and the tutor's advice held against it -------------------

def judged(hand: str, auction: str, seat: str, rules=None, n: int = 24, seed: int = 1, bid_out=(),
           standing=None):
    """The position judged by exact play: the simulation with a huge node budget judges every one
    of ``n`` fitting deals with the solver to the end (none estimated), every call valued by the
    auction after it (``every_game``: the partner and the opponents bidding on, each contract
    reached solved, where the simulation values a call so); ``bid_out``: the hand's calls valued
    by the auction after them besides (``Simulation.bid_out``); ``standing``: the Partie's score
    (a ``base.Standing``: the calls valued by the Partie, as ``--score`` values them)."""
    from tutor.judgement.simulation import Simulation, evaluate

    sim = Simulation(samples=n, seed=seed, nodes=10 ** 12, node_budget=10 ** 12, every_game=True,
                     early_stop=False)
    if bid_out:
        sim.bid_out = frozenset(bid_out)
    ev = evaluate(hand, auction, rules, seat, simulation=sim, standing=standing)
    assert ev.estimated == 0, f"{ev.estimated} deals estimated: not exact play"
    return ev


def ahead_of(ev, below: str, calls, made_everywhere: bool = False) -> set[str]:
    """Those of ``calls`` that bring more than ``below`` on the judged deals by more than chance
    alone allows (two standard errors of the paired difference, base.paired_lead); with
    ``made_everywhere`` only those made on every deal."""
    from tutor.judgement.base import paired_lead

    ahead = set()
    for call in calls:
        lead, margin = paired_lead(ev.values[call], ev.values[below])
        if lead > margin and (not made_everywhere or all(ev.made(call))):
            ahead.add(call)
    return ahead


def advice(hand: str, auction: str, seat: str, rules=None, judge: str = "default_judge"):
    """The tutor's advice asked afresh (nothing the voice remembers from an earlier test):
    ``judge`` names the voice's judge (``default_judge``: bid's; ``table_judge``: the table's)."""
    from tutor import conventions
    from tutor.judgement import voice

    voice.forget()
    return conventions.advise(hand, auction, rules, seat=seat, judge=getattr(voice, judge)())


def says(advice, start: str) -> None:
    """One of the advice's lines (in English) begins with ``start``."""
    text = [x.text("en") for x in advice.lines]
    assert any(x.startswith(start) for x in text), text


def advises_one_of(ahead: set[str], hand: str, auction: str, seat: str, line: str, rules=None):
    """The tutor's advice is one of the calls exact play puts ahead (``ahead``, not empty), and one
    of its lines begins with ``line`` (``{call}`` in it: the call advised); the advice."""
    assert ahead, "exact play puts no call ahead"
    given = advice(hand, auction, seat, rules)
    assert given.call in ahead, (given.call, ahead)
    says(given, line.format(call=given.call))
    return given
