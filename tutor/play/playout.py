"""A fast playout: the simulation's estimate of what a deal gives with good play.

The exact solver (``tutor.play.solver``) takes seconds on a full deal; the simulation
needs hundreds of deals per decision within seconds. So each sampled deal is played out
once by a double-dummy playing policy (every player sees all four hands, as the solver
does) with the rules of play from :mod:`tutor.play.rules`:

- **on lead**: with a trump suit, the team that holds the highest trump left draws the
  opponents' trumps with it; then a card that is the highest left in its suit and
  cannot be ruffed is cashed (the one with the most points); otherwise a low card,
  towards a suit where the partner holds the highest card if there is one, else from
  the longest suit;
- **following**: when the partner's card holds the trick against everyone still to
  play, the card with the most points goes onto it ("schmieren"); else the cheapest card
  that wins and cannot be beaten by an opponent still to play; else the cheapest card;
- **Misère** (everyone wants as few points as possible): the highest card that does not
  take the trick, else the lowest; on lead the lowest card of the suit with the most
  higher cards out.

Where the compiled solver core is built, the last five tricks are solved exactly instead
(a five-card endgame takes about a millisecond), so only the first four follow the
policy. Its error against the exact solver (mean difference in card points, how often make or
fail agrees) is measured in ``benchmarks/bench_playout.py``; figures in
benchmarks/README.md.
"""
from __future__ import annotations

from typing import Sequence

from tutor.cards import Card
from tutor.play.rules import SEATS, Trump, legal, points, strength, team_of

_ORDER = {s: i for i, s in enumerate(SEATS)}


def play_out(hands: Sequence[Sequence[Card]], trump: Trump, leader: str = "A",
             misere: bool = False, exact_from: int | None = None,
             declarer: str | None = None) -> dict[str, int]:
    """Card points per team ("AC", "BD") when the deal is played out by the policy.
    ``hands``: the four hands in seat order A B C D. With ``exact_from`` the last tricks,
    from that many cards a hand on, are solved exactly (``tutor.play.solver``) for the
    declaring team (``declarer``, default the leader)."""
    left = [list(h) for h in hands]
    taken = {"AC": 0, "BD": 0}
    lead = _ORDER[leader]
    n_tricks = len(left[0])
    for t in range(n_tricks):
        if exact_from is not None and n_tricks - t <= exact_from:
            from tutor.cards import Hand
            from tutor.play.deal import Deal
            from tutor.play.solver import solve

            end = solve(Deal(tuple(Hand(h) for h in left), trump, SEATS[lead],
                             declarer or leader, misere), best=False)
            for team in taken:
                taken[team] += end.points[team]
            return taken
        trick: list[Card] = []
        order = [(lead + i) % 4 for i in range(4)]
        for pos, seat in enumerate(order):
            options = legal(left[seat], trick, trump)
            card = options[0] if len(options) == 1 else _choose(
                left, seat, order[pos + 1:], trick, options, trump, misere)
            left[seat].remove(card)
            trick.append(card)
        lead_suit = trick[0].suit
        win = max(range(4), key=lambda i: strength(trick[i], trump, lead_suit))
        winner_seat = order[win]
        taken[team_of(SEATS[winner_seat])] += sum(points(c, trump) for c in trick) + (5 if t == n_tricks - 1 else 0)
        lead = winner_seat
    return taken


def _team(seat: int) -> int:
    return seat % 2


def _beats_all(card: Card, trick: list[Card], later: Sequence[int], left, trump: Trump,
               team: int) -> bool:
    """``card``, played now, would keep the trick against every opponent still to play."""
    return _holds(trick + [card], len(trick), later, left, trump, team)


def _choose(left, seat: int, later: Sequence[int], trick: list[Card], options: list[Card],
            trump: Trump, misere: bool) -> Card:
    team = _team(seat)
    if misere:
        return _avoid(left, seat, later, trick, options, trump)
    if not trick:
        return _lead(left, seat, options, trump)
    lead = trick[0].suit
    best_i = max(range(len(trick)), key=lambda i: strength(trick[i], trump, lead))
    best = strength(trick[best_i], trump, lead)
    # seats of the cards on the table: the ones before ``seat`` in playing order
    on_table = [(seat - len(trick) + i) % 4 for i in range(len(trick))]
    partner_holds = _team(on_table[best_i]) == team
    if partner_holds and _holds(trick, best_i, later, left, trump, team):
        # schmieren: the most points onto the partner's trick, trumps kept if possible
        return max(options, key=lambda c: (c.suit != trump.suit, points(c, trump),
                                           -strength(c, trump, c.suit)))
    winners = [c for c in options if strength(c, trump, lead) > best
               and _beats_all(c, trick, later, left, trump, team)]
    if winners:
        return min(winners, key=lambda c: (strength(c, trump, lead) >= 10, points(c, trump),
                                           strength(c, trump, lead)))
    return min(options, key=lambda c: (points(c, trump), c.suit == trump.suit, strength(c, trump, c.suit)))


def _holds(trick: list[Card], best_i: int, later: Sequence[int], left, trump: Trump, team: int) -> bool:
    """The card at ``best_i`` keeps the trick against every opponent still to play."""
    lead = trick[0].suit
    best = strength(trick[best_i], trump, lead)
    for seat in later:
        if _team(seat) == team:
            continue
        for c in legal(left[seat], trick, trump):
            if strength(c, trump, lead) > best:
                return False
    return True


def _highest_left(left, suit, trump: Trump) -> tuple[int, int] | None:
    """(seat, strength) of the highest card of ``suit`` still in a hand."""
    top = None
    for s in range(4):
        for c in left[s]:
            if c.suit == suit:
                v = strength(c, trump, suit)
                if top is None or v > top[1]:
                    top = (s, v)
    return top


def _lead(left, seat: int, options: list[Card], trump: Trump) -> Card:
    team = _team(seat)
    t = trump.suit
    if t is not None:
        opp_trumps = any(c.suit == t for s in range(4) if _team(s) != team for c in left[s])
        mine = [c for c in options if c.suit == t]
        if opp_trumps and mine:
            top = _highest_left(left, t, trump)
            if top[0] == seat:
                return max(mine, key=lambda c: strength(c, trump, t))
            if _team(top[0]) == team:
                return min(mine, key=lambda c: strength(c, trump, t))
    # cash a sure winner that no opponent can ruff
    cash = []
    for c in options:
        top = _highest_left(left, c.suit, trump)
        if top[0] != seat or strength(c, trump, c.suit) != top[1]:
            continue
        ruff = t is not None and c.suit != t and any(
            not any(x.suit == c.suit for x in left[s]) and any(x.suit == t for x in left[s])
            for s in range(4) if _team(s) != team)
        if not ruff:
            cash.append(c)
    if cash:
        return max(cash, key=lambda c: (points(c, trump), strength(c, trump, c.suit)))
    partner = (seat + 2) % 4
    towards = [c for c in options if (_highest_left(left, c.suit, trump) or (None,))[0] == partner]
    pool = towards or options
    length = {c.suit: sum(1 for x in options if x.suit == c.suit) for c in pool}
    return min(pool, key=lambda c: (c.suit == t, points(c, trump), -length[c.suit],
                                    strength(c, trump, c.suit)))


def _avoid(left, seat: int, later: Sequence[int], trick: list[Card], options: list[Card],
           trump: Trump) -> Card:
    """Misère: take as few points as possible."""
    if not trick:
        def out_above(c: Card) -> int:
            v = strength(c, trump, c.suit)
            return sum(1 for s in range(4) if s != seat for x in left[s]
                       if x.suit == c.suit and strength(x, trump, c.suit) > v)
        return max(options, key=lambda c: (out_above(c) > 0, out_above(c), -points(c, trump)))
    lead = trick[0].suit
    best = max(strength(c, trump, lead) for c in trick)
    losers = [c for c in options if strength(c, trump, lead) < best]
    if losers:
        return max(losers, key=lambda c: (strength(c, trump, c.suit), points(c, trump)))
    if later:
        return min(options, key=lambda c: strength(c, trump, lead))
    return max(options, key=lambda c: (points(c, trump), strength(c, trump, lead)))
