"""Exact play for the count's tests: deal the unseen cards to fit the auction
(tutor.play.dealer) and solve each deal double dummy (tutor.play.solver). The expected
call of a test comes from these chances, never from the count itself."""
from __future__ import annotations

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
