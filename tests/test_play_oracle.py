"""A second, independent reading of the rules of play (issue 8, "Rules of play"), written
here from the issue's text alone, without tutor.play.rules: the legal cards, who takes a
trick, the card points. The rules module and both solver engines must agree with it on
random positions and small endgames of every trump kind and Misère. (test_solver.py holds
the solver against a plain minimax that asks tutor.play.rules for the legal cards; this
oracle checks that reading too.)"""
from __future__ import annotations

import random

import pytest

from tutor.cards import Card, Hand
from tutor.play import solver
from tutor.play.deal import Deal
from tutor.play.rules import Trump, legal

SUITS = ("Eichel", "Schellen", "Rosen", "Schilten")
KINDS = SUITS + ("Obenabe", "Undenufe")
RANKS = ("6", "7", "8", "9", "B", "U", "O", "K", "A")
# Values: in trump Puur 20, Nell 14, Ass 11, Banner 10, König 4, Ober 3; in the other suits
# Ass 11, Banner 10, König 4, Ober 3, Under 2; Obenabe the same with the Eight worth 8;
# Undenufe the Six 11, the Eight 8, the Ace nothing.
PLAIN = {"A": 11, "B": 10, "K": 4, "O": 3, "U": 2}
IN_TRUMP = {"U": 20, "9": 14, "A": 11, "B": 10, "K": 4, "O": 3}
UNDENUFE_VALUE = {**PLAIN, "6": 11, "8": 8, "A": 0}
# The order, lowest first: trump U above 9 above A K O B 8 7 6 (sidi-barrani.txt); a
# plain suit and Obenabe A K O U B 9 8 7 6 from the top; Undenufe the other way round.
TRUMP_ORDER = ("6", "7", "8", "B", "O", "K", "A", "9", "U")
DOWN = ("A", "K", "O", "U", "B", "9", "8", "7", "6")    # Undenufe, lowest first
needs_core = pytest.mark.skipif(solver._core is None, reason="the compiled core is not built here")


def value(card: tuple[str, str], kind: str) -> int:
    suit, rank = card
    if kind == "Obenabe":
        return 8 if rank == "8" else PLAIN.get(rank, 0)
    if kind == "Undenufe":
        return UNDENUFE_VALUE.get(rank, 0)
    return IN_TRUMP.get(rank, 0) if suit == kind else PLAIN.get(rank, 0)


def takes(card: tuple[str, str], led: str, kind: str) -> int:
    """How strongly ``card`` holds a trick led in ``led`` (-1: it cannot take it)."""
    suit, rank = card
    if suit == kind:
        return 100 + TRUMP_ORDER.index(rank)
    if suit != led:
        return -1
    return (DOWN if kind == "Undenufe" else RANKS).index(rank)


def allowed(hand: list, trick: list, kind: str) -> set:
    if not trick:
        return set(hand)                                   # the leader plays any card
    led = trick[0][0]
    same = [c for c in hand if c[0] == led]
    if kind not in SUITS:
        return set(same or hand)                           # without trump: follow suit
    trumps = [c for c in hand if c[0] == kind]
    if led == kind:                                        # trump led: trump, unless the
        return set(hand) if trumps in ([], [(kind, "U")]) else set(trumps)   # Puur alone
    may = same + trumps if same else list(hand)            # follow, or trump at any time
    laid = [TRUMP_ORDER.index(c[1]) for c in trick if c[0] == kind]
    if laid and len(trumps) < len(hand):                   # no undertrumping unless only trumps
        may = [c for c in may if c[0] != kind or TRUMP_ORDER.index(c[1]) > max(laid)]
    return set(may)


def perfect(hands: list[list], leader: int, kind: str, team: int, misere: bool) -> int:
    """The declaring team's (seats with ``seat % 2 == team``) points under perfect play."""
    def play(seat: int, trick: list) -> int:
        if len(trick) == 4:
            led = trick[0][1][0]
            won = max(trick, key=lambda t: takes(t[1], led, kind))[0]
            last = not hands[0]
            points = sum(value(c, kind) for _, c in trick) + (5 if last else 0)
            return (points if won % 2 == team else 0) + (0 if last else play(won, []))
        results = []
        for card in sorted(allowed(hands[seat], [c for _, c in trick], kind)):
            hands[seat].remove(card)
            results.append(play((seat + 1) % 4, trick + [(seat, card)]))
            hands[seat].append(card)
        return max(results) if (seat % 2 == team) != misere else min(results)
    return play(leader, [])


def text(cards) -> str:
    return " ".join(f"{s}:{''.join(r for t, r in cards if t == s)}" for s in SUITS
                    if any(t == s for t, _ in cards))


def dealt(rng: random.Random, size: int) -> list[list]:
    deck = [(s, r) for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    return [deck[k * size:(k + 1) * size] for k in range(4)]


def test_the_legal_cards_agree_with_the_second_reading():
    rng = random.Random(8)
    seen_undertrump_ban = 0
    for i in range(3000):
        kind = KINDS[i % 6]
        size = rng.randint(1, 9)
        deck = [(s, r) for s in SUITS for r in RANKS]
        rng.shuffle(deck)
        hand, trick = deck[:size], deck[size:size + rng.randint(0, 3)]
        if rng.random() < 0.5 and kind in SUITS:           # put trumps into the trick often
            trick = [c if j == 0 else (kind, c[1]) for j, c in enumerate(trick)]
            trick = list(dict.fromkeys(trick))
            hand = [c for c in hand if c not in trick]
            if not hand:
                continue
        want = allowed(hand, trick, kind)
        got = legal(Hand.parse(text(hand), size=None), [Card.parse(f"{s} {r}") for s, r in trick],
                    Trump.parse(kind))
        assert {(c.suit.value, c.rank.value) for c in got} == want, (kind, hand, trick)
        seen_undertrump_ban += kind in SUITS and want < set(hand) and any(c[0] == kind for c in trick)
    assert seen_undertrump_ban > 100       # the positions reach the rules that restrict


@pytest.mark.parametrize("engine", ["python", pytest.param("c", marks=needs_core)])
@pytest.mark.parametrize("size, count", [(1, 60), (2, 120), (3, 36)])
def test_the_solver_agrees_with_plain_minimax_on_the_second_reading(engine, size, count):
    rng = random.Random(size)
    for i in range(count):
        kind, misere = KINDS[i % 6], i % 12 >= 6
        hands = dealt(rng, size)
        leader, declarer = rng.randrange(4), rng.randrange(4)
        deal = Deal(tuple(Hand.parse(text(h), size=None) for h in hands), Trump.parse(kind),
                    "ABCD"[leader], "ABCD"[declarer], misere)
        want = perfect([list(h) for h in hands], leader, kind, declarer % 2, misere)
        assert solver.solve(deal, engine=engine).points[deal.declaring_team] == want, deal
