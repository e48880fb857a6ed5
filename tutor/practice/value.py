"""What a deal is worth, double dummy: the exact value of a contract and the best contract
of each team, by the exact solver (:mod:`tutor.play.solver`).

- :func:`exact`: the card points the declaring team takes when all four play perfectly,
  seeing all the cards, the declarer leading (the issue's ``card_points``).
- :func:`best_contracts`: for each team, the contract that writes it the most on the
  board: every trump kind the table plays, either partner declaring (the declarer leads,
  so who declares matters), each bid at the highest number the team makes. The board
  grows with the card points and with the number bid, and the highest number a team
  makes grows with its card points, so the best contract is the one with the most card
  points (credited: in a Misère the opponents' tricks). The search asks the solver "does
  this contract reach more than the best so far?" (a few milliseconds) and solves exactly
  only the contracts that do.

The board counts the card points and the target points; Weis and Stöck, which never count
toward a bid, are left out.
"""
from __future__ import annotations

from dataclasses import dataclass

from tutor.cards import TOTAL_POINTS, Hand
from tutor.errors import TutorError
from tutor.i18n import M
from tutor.play.deal import Deal
from tutor.rules import TableRules, load as load_rules
from tutor.scoring import SEATS, score_game, team_of

TEAM_SEATS = {"AC": ("A", "C"), "BD": ("B", "D")}


# Without the compiled core the reference solver answers, some 200 to 300 times slower: a
# question it cannot settle within these nodes (a few seconds) is a full deal that would
# take it minutes to hours, and practice says in one line that it needs the core.
REFERENCE_NODES = 100_000

# What needs the core whatever the deal: whole-deal practice (the contract's value and both
# teams' best contracts, a dozen full-deal searches) and the review of a played game (a
# search at every trick boundary from the first card on) are refused before they start,
# not after the learner has bid a deal or at the end of a wait.
NEEDS_CORE = {
    "practice": M("whole-deal practice needs the compiled solver core, and it is not built here: install a C "
                  "compiler and reinstall tutor (README: the solver's two engines)"),
    "review": M("a game review needs the compiled solver core, and it is not built here: install a C "
                "compiler and reinstall tutor (README: the solver's two engines)"),
}


def have_core() -> bool:
    """Is the compiled solver core built here (:data:`tutor.play.solver.ENGINE` ``"c"``)?"""
    from tutor.play import solver

    return solver.ENGINE == "c"   # as the simulation asks it (simulation.exact_available)


def require_core(what: str) -> None:
    """Raise the one line of :data:`NEEDS_CORE` ``[what]`` where the core is not built."""
    if not have_core():
        raise TutorError(NEEDS_CORE[what])


def _bracket(deal: Deal, targets):
    """The solver's answers for ``deal`` (:func:`tutor.play.solver.bracket`); without the
    compiled core within REFERENCE_NODES, else one line instead of seeming to hang."""
    from tutor.play import solver

    if have_core():
        return solver.bracket(deal, targets)
    b = solver.bracket(deal, targets, max_nodes=REFERENCE_NODES)
    if b.stopped:
        raise TutorError(M("this deal is too large for the reference solver: its exact value needs the compiled "
                           "solver core, and it is not built here: install a C compiler and reinstall tutor "
                           "(README: the solver's two engines)"))
    return b


def _deal(hands, strain: str, declarer: str) -> Deal:
    return Deal(tuple(hands[s] if isinstance(hands, dict) else hands[i] for i, s in enumerate(SEATS)),
                strain, declarer, declarer)


def exact(hands, strain: str, declarer: str) -> int:
    """The declaring team's card points (its own tricks, the 5 of the last included) with
    best play on both sides, the declarer leading; a Misère's declaring team wants few.
    With the core, the solver's exact value (:func:`tutor.play.solver.exact_value`: its
    descent and bisection, with the table and the answers of this deal's earlier probes,
    and the value kept for the next question), not a bracket over every number of points
    (30 to 84 probes a full deal; benchmarks/README.md, round eight of issue 21). Without
    the core, the reference within REFERENCE_NODES."""
    from tutor.play import solver

    deal = _deal(hands, strain, declarer)
    if have_core():
        v = solver.exact_value(deal)
        if v is not None:
            return v
    b = _bracket(deal, range(0, TOTAL_POINTS + 2))
    if b.lo == b.hi:
        return b.lo
    return solver.solve(deal, best=False).points[team_of(declarer)]   # not reached: a budget


def credited(points: int, strain: str) -> int:
    """The card points that count for the declaring team: a Misère's are the opponents'."""
    return TOTAL_POINTS - points if strain.endswith("Misère") else points


def reaches(hands, strain: str, declarer: str, goal: int) -> bool:
    """Does the declaring team, with best play on both sides, get ``goal`` credited card
    points or more? (one zero-window probe of the solver, or none where the answers kept
    for the deal decide it)"""
    if goal <= 0:
        return True
    if goal > TOTAL_POINTS:
        return False
    deal = _deal(hands, strain, declarer)
    if deal.misere:   # credited >= goal: own points at most 157 - goal
        return bool(_bracket(deal, [TOTAL_POINTS - goal]).reached[TOTAL_POINTS - goal])
    return bool(_bracket(deal, [goal]).reached[goal])


def highest_bid(points: int, rules: TableRules) -> int | None:
    """The highest number of the table's ladder that ``points`` credited card points make
    (the Matsch only with all 157), None below the lowest bid. Where the table plays the
    Verband's reading (``conventions``), a Fünfer is an Ace announcement ("Zehner eröffnen und
    helfen, Fünfer zeigen ein Ass"), not a contract anyone bids to play: the highest Zehner
    (QA s38 F5.5: "Best contract: 125 Rosen")."""
    made = [b for b in rules.bid_values if (TOTAL_POINTS if b == rules.matsch_bid else b) <= points
            and (b == rules.matsch_bid or b % 10 == 0 or not rules.conventions)]
    return max(made) if made else None


@dataclass(frozen=True)
class Best:
    """A team's best contract on a deal: the bid, who declares, the credited card points
    it takes double dummy and what the team writes on the board (None: no bid is made)."""

    team: str
    contract: str | None
    declarer: str | None
    card_points: int
    board: int | None

    def to_json(self) -> dict:
        return {"contract": self.contract, "declarer": self.declarer,
                "card_points": self.card_points, "board": self.board}


def strains(rules: TableRules) -> tuple[str, ...]:
    from tutor.auction import sidi_barrani_spec

    return tuple(sidi_barrani_spec(rules).strains)


def _order(hands, options):
    """Options with the longest trump (and the declarer holding the most of it) first, so
    the first exact value is a high one and the others are settled by one probe each."""
    def length(option):
        strain, seat = option
        team = TEAM_SEATS[team_of(seat)]
        suit = strain.split()[0]
        mine = [c for s in team for c in hands[s] if c.suit.value == suit]
        own = [c for c in hands[seat] if c.suit.value == suit]
        return (-len(mine), -len(own))
    return sorted(options, key=length)


def best_contract(hands: dict[str, Hand], team: str, rules=None, known: dict | None = None) -> Best:
    """``team``'s best contract (see the module); ``known`` gives exact values already
    solved, by (strain, declarer) (the contract played, say)."""
    rules = load_rules(rules)
    known = dict(known or {})
    options = _order(hands, [(s, seat) for s in strains(rules) for seat in TEAM_SEATS[team]])
    best_points, best_option = -1, None
    for option, points in known.items():
        if option in options and credited(points, option[0]) > best_points:
            best_points, best_option = credited(points, option[0]), option
    for option in options:
        if option in known and option != best_option:
            continue
        if option == best_option:
            continue
        strain, seat = option
        if reaches(hands, strain, seat, best_points + 1):
            best_points, best_option = credited(exact(hands, strain, seat), strain), option
    return _best(team, best_option, best_points, rules)


def _best(team: str, option, points: int, rules: TableRules) -> Best:
    """The Best of ``team`` declaring ``option`` (strain, seat) with ``points`` credited."""
    strain, seat = option
    bid = highest_bid(points, rules)
    if bid is None:
        return Best(team, None, None, points, None)
    own = TOTAL_POINTS - points if strain.endswith("Misère") else points
    board = score_game(bid, seat, own, misere=strain.endswith("Misère"), rules=rules).board[team]
    return Best(team, f"{bid} {strain}", seat, points, board)


def best_contracts(hands: dict[str, Hand], rules=None, known: dict | None = None) -> dict[str, Best]:
    """Each team's best contract: ``{"AC": Best, "BD": Best}``."""
    return {team: best_contract(hands, team, rules, known) for team in TEAM_SEATS}


def with_known(best: dict[str, Best], hands: dict[str, Hand], rules=None,
               known: dict | None = None) -> dict[str, Best]:
    """``best_contracts(hands, rules, known)`` from ``best = best_contracts(hands, rules)``
    (computed before the contract played was known, :mod:`tutor.practice.ahead`): the
    search with ``known`` starts from the known contracts, the first of them with the most
    credited points, and takes another only with more; so it finds the same points, and
    where a known contract ties the best, that contract."""
    rules = load_rules(rules)
    out = dict(best)
    for team in TEAM_SEATS:
        options = _order(hands, [(s, seat) for s in strains(rules) for seat in TEAM_SEATS[team]])
        top, option = -1, None
        for o, points in (known or {}).items():
            if o in options and credited(points, o[0]) > top:
                top, option = credited(points, o[0]), o
        if option is not None and team in out and top == out[team].card_points:
            out[team] = _best(team, option, top, rules)
    return out
