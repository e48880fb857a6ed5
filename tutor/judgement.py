"""Judgement: what a team can take, and which call the encoder picks.

The conventions (``tutor.conventions``) say what each call promises; which of the calls
a hand makes true is best is a judgement. This module holds all of it in one place, so
a later simulation can replace the counting without touching the conventions.

The seed's way of counting, as A and D reason in the worked example:

- **Trump control**: the team holds Puur and Nell (the hand, or what the partner's calls
  promised) and at least six trumps between them. Then the team pulls the opponents'
  trumps and takes the trump suit's 62 points and the last trick's 5.
- **Sure side tricks**: an Ace, and a King behind the own Ace, each count their card
  points (Ace 11, King 4). In a suit the opponents opened with four cards or more the
  King is not counted.
- **What falls into a trick**: every sure side trick brings what the other three play
  into it, counted as ``FALL_PER_TRICK`` (10) points. This is the part of the count the
  player does not know: A counts 82 sure points and 20 for what falls in, 102 in all,
  and so bids 100 but not 110.
- **The defenders' count** (for a double): their own Aces and the King behind them,
  the partner's announced Aces, and one more trick in a suit where the partner showed
  four or more cards and the team holds the Ace; each trick with ``FALL_PER_TRICK`` for
  what falls in. The opponents of the defenders are expected to take the rest of 157.
  D counts 66 and so gives A and C 91: below their 100, he doubles.
- **Ass-Ansage**: only when the opponents have shown Puur and Nell of one suit with six
  cards or more and one of them is still in the bidding: then they surely bid on.
- **Matsch**: trump control and the highest trumps, as many as the opponents can hold
  (so every trump of theirs falls to one of the team's), every side card of the hand part
  of a run from the Ace down, and the opponents have shown nothing.
- **Konter**: the declarer konters only when his sure count alone (without what falls
  in) reaches the contract; his partner leaves the decision to him.

The encoder prefers, in this order: konter, double, Matsch, Hilfe, an opening, a raise
in the own team's suit, a Zehner in the opponents' suit, an Ass-Ansage, fort.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from tutor.cards import NELL, PUUR, SUITS, TOTAL_POINTS, LAST_TRICK, VALUE, Hand, Rank, Suit
from tutor.scoring import opponents_of

FALL_PER_TRICK = 10        # points the other three play into a sure trick
CONTROL_LENGTH = 6         # trumps the team needs (with Puur and Nell) to pull the opponents'
TRUMP_POINTS = sum(VALUE["trump"].values())   # 62
WANT_LENGTH = 4            # a Zehner in the opponents' suit wants their missing top card and 4 cards

Line = tuple[str, str]     # (German, English)


@dataclass
class Count:
    """An estimate of card points with the lines that explain it."""

    sure: int = 0
    tricks: int = 0            # sure side tricks, each with FALL_PER_TRICK falling in
    control: bool = False
    lines: list[Line] = field(default_factory=list)

    @property
    def expected(self) -> int:
        return self.sure + FALL_PER_TRICK * self.tricks


def _suit_of(strain: str | None) -> Suit | None:
    try:
        return Suit(strain) if strain else None
    except ValueError:
        return None


def offence(hand: Hand, s, trump: Suit) -> Count:
    """What the hand's team can count on with ``trump`` as trump (s: a Situation)."""
    c = Count()
    mine = s.known(s.partner, trump)
    puur = hand.has(trump, PUUR) or PUUR in mine.has
    nell = hand.has(trump, NELL) or NELL in mine.has
    length = hand.length(trump) + mine.length[0]
    c.control = puur and nell and length >= CONTROL_LENGTH
    if c.control:
        c.sure += TRUMP_POINTS + LAST_TRICK
        c.lines.append((f"Trumpf {trump}: Puur und Nell im Team und mindestens {length} Trümpfe: "
                        f"die {TRUMP_POINTS} Trumpfpunkte und {LAST_TRICK} für den letzten Stich",
                        f"trump {trump}: Puur and Nell in the team with at least {length} trumps: "
                        f"the {TRUMP_POINTS} trump points and {LAST_TRICK} for the last trick"))
    elif hand.has(trump, PUUR):
        c.sure += VALUE["trump"][PUUR]
        c.lines.append((f"Trumpf {trump}: der Puur holt sicher einen Stich (20), aber ohne Puur und "
                        f"Nell mit {CONTROL_LENGTH} Trümpfen im Team fehlt die Kontrolle",
                        f"trump {trump}: the Puur takes a trick (20), but without Puur and Nell and "
                        f"{CONTROL_LENGTH} trumps in the team there is no control"))
    else:
        c.lines.append((f"Trumpf {trump}: keine Kontrolle (Puur und Nell mit {CONTROL_LENGTH} Trümpfen im Team)",
                        f"trump {trump}: no control (Puur and Nell with {CONTROL_LENGTH} trumps in the team)"))
    for suit in SUITS:
        if suit == trump or not hand.has(suit, Rank.ASS):
            continue
        points, tricks, names = 11, 1, ["Ass"]
        opp_long = any(s.known(o, suit).length[0] >= 4 for o in opponents_of(s.seat))
        if hand.has(suit, Rank.KOENIG) and not opp_long:
            points, tricks, names = 15, 2, ["Ass", "König"]
        c.sure += points
        c.tricks += tricks
        c.lines.append((f"{suit}: {' und '.join(names)}, {tricks} sichere{'r' if tricks == 1 else ''} Stich{'e' if tricks > 1 else ''}: {points}",
                        f"{suit}: {' and '.join('Ace' if n == 'Ass' else 'King' for n in names)}, {tricks} sure trick{'s' if tricks > 1 else ''}: {points}"))
    c.lines.append((f"sicher: {c.sure}; dazu {FALL_PER_TRICK} je sicheren Nebenstich für die Karten der "
                    f"anderen: {FALL_PER_TRICK * c.tricks}; zusammen {c.expected}",
                    f"sure: {c.sure}; plus {FALL_PER_TRICK} per sure side trick for the others' cards: "
                    f"{FALL_PER_TRICK * c.tricks}; together {c.expected}"))
    return c


def defence(hand: Hand, s, trump: Suit | None) -> Count:
    """What the hand's team takes against the opponents' contract in ``trump``."""
    c = Count()
    partner = s.partner
    for suit in SUITS:
        if suit == trump:
            continue
        mine_ace = hand.has(suit, Rank.ASS)
        their = s.known(partner, suit)
        if mine_ace:
            c.sure += 11
            c.tricks += 1
            c.lines.append((f"{suit}: das eigene Ass (11)", f"{suit}: our own Ace (11)"))
            if hand.has(suit, Rank.KOENIG):
                c.sure += 4
                c.tricks += 1
                c.lines.append((f"{suit}: der König hinter dem Ass (4)", f"{suit}: the King behind the Ace (4)"))
        elif Rank.ASS in their.has:
            c.sure += 11
            c.tricks += 1
            c.lines.append((f"{suit}: das Ass, das {partner} angesagt hat (11)",
                            f"{suit}: the Ace {partner} announced (11)"))
        if (mine_ace or Rank.ASS in their.has) and their.length[0] >= 4:
            c.tricks += 1
            c.lines.append((f"{suit}: {partner} hat {their.length[0]} Karten gezeigt, hinter dem Ass ein weiterer Stich",
                            f"{suit}: {partner} showed {their.length[0]} cards, another trick behind the Ace"))
    if trump is not None:
        theirs = [s.known(o, trump) for o in opponents_of(s.seat)]
        shown = set().union(*(p.has for p in theirs))
        if hand.has(trump, PUUR) and PUUR not in shown:
            c.sure += VALUE["trump"][PUUR]
            c.tricks += 1
            c.lines.append((f"Trumpf {trump}: der eigene Puur (20)", f"trump {trump}: our own Puur (20)"))
        elif {PUUR, NELL} <= shown:
            c.lines.append((f"Trumpf {trump}: Puur und Nell liegen beim Gegner, die eigenen Trümpfe sind verloren",
                            f"trump {trump}: Puur and Nell are with the opponents, our own trumps are lost"))
    c.lines.append((f"das eigene Team holt rund {c.sure} + {FALL_PER_TRICK} × {c.tricks} = {c.expected}, "
                    f"dem Gegner bleiben {TOTAL_POINTS - c.expected}",
                    f"our team takes about {c.sure} + {FALL_PER_TRICK} × {c.tricks} = {c.expected}, "
                    f"leaving the opponents {TOTAL_POINTS - c.expected}"))
    return c


def _boss_side_suits(hand: Hand, trump: Suit) -> bool:
    """Every side card of the hand is part of a run from the Ace down (A, A K, A K O ...)."""
    order = (Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.UNDER, Rank.BANNER, Rank.NINE,
             Rank.EIGHT, Rank.SEVEN, Rank.SIX)
    for suit in SUITS:
        if suit == trump:
            continue
        held = hand.suit(suit)
        if held and tuple(held) != order[: len(held)]:
            return False
    return True


def _first(readings: Sequence, kind: str, suit: Suit | None = None, value: int | None = None):
    for r in readings:
        if r.kind == kind and (suit is None or r.call.strain == suit.value) \
                and (value is None or r.call.value == value):
            return r
    return None


def choose(hand: Hand, s, readings: Sequence):
    """Pick the call for ``hand`` from ``readings`` (the legal conventional calls the hand
    makes true). Returns (reading or None, German reasons, English reasons)."""
    lines: list[Line] = []
    pick = (_konter(hand, s, readings, lines) or _double(hand, s, readings, lines)
            or _matsch(hand, s, readings, lines) or _hilfe(hand, s, readings, lines)
            or _opening(hand, readings, lines) or _raise(hand, s, readings, lines)
            or _want(hand, s, readings, lines) or _ace(hand, s, readings, lines))
    if pick is None:
        pick = _first(readings, "fort")
        _why_fort(hand, s, lines)
        if pick is None and any(r.kind in ("double", "redouble") for r in readings):
            lines.insert(0, ("Nichts sagen: das lohnt sich hier nicht.", "Say nothing: it does not pay here."))
    if pick is not None:
        lines.insert(0, (pick.text("de"), pick.text("en")))
    return pick, [de for de, _ in lines], [en for _, en in lines]


def _hilfe(hand, s, readings, lines):
    """The Verband's Hilfe is decided by its promises (only one of the two fits the hand).
    The common style promises only the suit: give it with the partner's other top card,
    the upper Zehner with three cards or more."""
    hilfen = [r for r in readings if r.kind == "hilfe"]
    if not hilfen or s.rules.hilfe == "verband":
        return hilfen[0] if hilfen else None
    suit = _suit_of(hilfen[0].call.strain)
    top = s.opened[suit].top
    wanted = {PUUR: NELL, NELL: PUUR}.get(top)
    if not (hand.has(suit, wanted) if wanted else hand.has(suit, PUUR) or hand.has(suit, NELL)):
        return None
    low, high = sorted(hilfen, key=lambda r: r.call.value)[0], max(hilfen, key=lambda r: r.call.value)
    lines.append(("Hilfe ohne Kartenzahl (Tischregel): mit dem anderen hohen Trumpf, "
                  "zwanzig mehr mit drei Karten oder mehr, sonst zehn.",
                  "Hilfe without a count (table rule): with the other top trump, twenty more "
                  "with three cards or more, else ten."))
    return high if hand.length(suit) >= 3 else low


def _opening(hand, readings, lines):
    openings = [r for r in readings if r.kind == "opening"]
    if not openings:
        return None
    best = max(openings, key=lambda r: (hand.length(_suit_of(r.call.strain)),
                                        hand.has(_suit_of(r.call.strain), PUUR),
                                        r.call.value))
    if len(openings) > 1:
        lines.append((f"Von den möglichen Eröffnungen ({', '.join(str(r.call) for r in openings)}) "
                      "zeigt diese die längste Farbe, bei gleicher Länge den Puur vor dem Nell.",
                      f"Of the possible openings ({', '.join(str(r.call) for r in openings)}) "
                      "this one shows the longest suit, at equal length the Puur before the Nell."))
    return best


def _team_suits(s) -> list[Suit]:
    return [suit for suit in SUITS if s.owner(suit) == "own"]


def _konter(hand, s, readings, lines):
    r = _first(readings, "redouble")
    if r is None:
        return None
    high = s.auction.high
    trump = _suit_of(high.call.strain)
    if s.seat != high.seat:
        lines.append((f"{high.seat} hat die Zahl gesetzt: den Entscheid über den Konter überlässt {s.seat} ihm.",
                      f"{high.seat} set the number: {s.seat} leaves the konter to him."))
        return None
    if trump is None:
        return None
    c = offence(hand, s, trump)
    lines.extend(c.lines)
    if c.sure >= high.call.value:
        lines.append((f"Schon die sicheren {c.sure} reichen für {high.call.value}: kontern.",
                      f"The sure {c.sure} alone reach {high.call.value}: konter."))
        return r
    lines.append((f"Sicher sind nur {c.sure} von {high.call.value}: für die vierfachen Zielpunkte zu unsicher, kein Konter.",
                  f"Only {c.sure} of {high.call.value} are sure: too uncertain for four times the target points, no konter."))
    return None


def _double(hand, s, readings, lines):
    r = _first(readings, "double")
    if r is None:
        return None
    high = s.auction.high
    c = defence(hand, s, _suit_of(high.call.strain))
    theirs = TOTAL_POINTS - c.expected
    if theirs < high.call.value:
        lines.extend(c.lines)
        lines.append((f"Dann bleiben {high.seat} und Partner bei {theirs}, unter ihren {high.call.value}: doppeln.",
                      f"Then {high.seat} and partner stay at {theirs}, below their {high.call.value}: double."))
        return r
    return None


def _top_trumps_held(hand: Hand, s, trump: Suit) -> bool:
    """The team holds the highest trumps, as many as the opponents can hold at most, so
    every trump of theirs falls to one of ours (the hand, and the partner's promises)."""
    partner = s.known(s.partner, trump)
    theirs = 9 - hand.length(trump) - partner.length[0]
    order = (PUUR, NELL, Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.BANNER, Rank.EIGHT,
             Rank.SEVEN, Rank.SIX)
    return all(hand.has(trump, r) or r in partner.has for r in order[:max(theirs, 0)])


def _matsch(hand, s, readings, lines):
    for suit in _team_suits(s) + [x for x in SUITS if s.owner(x) == "open"]:
        r = _first(readings, "matsch", suit)
        if r is None:
            continue
        c = offence(hand, s, suit)
        opponents_shown = any(p.has or p.length[0] >= 3 for o in opponents_of(s.seat)
                              for p in s.promised.get(o, ()))
        if c.control and _top_trumps_held(hand, s, suit) and _boss_side_suits(hand, suit) \
                and not opponents_shown:
            lines.append(("Alle Karten, die es braucht, liegen beim Team: die höchsten Trümpfe, so viele "
                          "wie die Gegner höchstens haben, jede Nebenkarte von oben her sicher, und die Gegner "
                          "haben nichts gezeigt: Matsch.",
                          "Every card it takes is with the team: the highest trumps, as many as the opponents "
                          "can hold, every side card sure from the top, and the opponents have shown nothing: "
                          "Matsch."))
            return r
    return None


def _raise(hand, s, readings, lines):
    best = None
    for suit in _team_suits(s):
        c = offence(hand, s, suit)
        if not c.control:
            continue
        limit = min(c.expected, s.rules.highest_bid)
        target = limit - limit % 10
        r = _first(readings, "raise", suit, target) or _first(readings, "confidence", suit, target)
        if r is not None and (best is None or c.expected > best[1].expected):
            best = (r, c)
    if best is None:
        return None
    r, c = best
    lines.extend(c.lines)
    lines.append((f"Geschrieben wird die gebotene Zahl: der höchste Zehner, dem das Team traut, ist {r.call.value}; "
                  f"{r.call.value + 10} wäre zu viel.",
                  f"The team writes the number it bid: the highest Zehner it trusts is {r.call.value}; "
                  f"{r.call.value + 10} would be too much."))
    return r


def _want(hand, s, readings, lines):
    for r in readings:
        if r.kind != "want":
            continue
        suit = _suit_of(r.call.strain)
        opener = s.opened[suit]
        missing = PUUR if opener.top == NELL else None
        if missing and hand.has(suit, missing) and hand.length(suit) >= WANT_LENGTH:
            lines.append((f"Der Gegner hat {suit} mit dem Nell eröffnet; den Puur und {hand.length(suit)} Karten hält {s.seat}: "
                          "«wir wollen eure Farbe».",
                          f"The opponents opened {suit} with the Nell; {s.seat} holds the Puur and {hand.length(suit)} cards: "
                          "\"we want your suit\"."))
            return r
    return None


def _ace(hand, s, readings, lines):
    aces = [r for r in readings if r.kind == "ace"]
    if not aces:
        return None
    bidding_on = [o for o in opponents_of(s.seat) if o not in s.auction.out]
    fit = [suit for suit in SUITS
           if {PUUR, NELL} <= set().union(*(s.known(o, suit).has for o in opponents_of(s.seat)))
           and sum(s.known(o, suit).length[0] for o in opponents_of(s.seat)) >= CONTROL_LENGTH]
    if not fit or not bidding_on:
        return None
    best = max(aces, key=lambda r: sum(VALUE["plain"][x] for x in hand.suit(_suit_of(r.call.strain))))
    lines.append((f"Die Gegner halten Puur und Nell in {fit[0]} mit mindestens {CONTROL_LENGTH} Karten: sie bieten sicher weiter. "
                  "Darum darf das Ass gezeigt werden, es bleibt nicht als Gebot stehen.",
                  f"The opponents hold Puur and Nell of {fit[0]} with at least {CONTROL_LENGTH} cards: they will bid on. "
                  "So the Ace can be shown without being left to play."))
    return best


def _why_fort(hand, s, lines):
    """Why nothing but fort: missed openings, no Puur or Nell, no fit."""
    from tutor.conventions import COUNT_WORD, OTHER_TOP, opening_number

    standing = s.standing_value
    for suit, opened in s.opened.items():
        other = OTHER_TOP.get(opened.top)
        if opened.opener == s.partner and other and hand.has(suit, other) \
                and suit not in s.zehner.get(s.seat, frozenset()):
            low, high = s.two_zehner()
            fitting = low if hand.length(suit) == 2 else high
            if fitting > s.rules.opening_max:
                name = "Puur" if other == PUUR else "Nell"
                lines.append((f"Die Hilfe in {suit} wäre {fitting}, über {s.rules.opening_max}: "
                              f"dort zeigen die Zahlen keine Karten mehr, der {name} bleibt ungesagt."
                              if other == PUUR else
                              f"Die Hilfe in {suit} wäre {fitting}, über {s.rules.opening_max}: "
                              f"dort zeigen die Zahlen keine Karten mehr, das {name} bleibt ungesagt.",
                              f"The Hilfe in {suit} would be {fitting}, above {s.rules.opening_max}: "
                              f"there the numbers show no cards, so the {name} goes unsaid."))
    for suit in SUITS:
        n = hand.length(suit)
        top = PUUR if hand.has(suit, PUUR) else NELL if hand.has(suit, NELL) else None
        if top is None or n < 3 or s.owner(suit) != "open":
            continue
        number = opening_number(top, n)
        if standing is not None and number <= standing:
            name = "Puur" if top == PUUR else "Nell"
            lines.append((f"Die Eröffnung in {suit} ist verpasst: {name} {COUNT_WORD['de'][n]} hiesse {number}, "
                          f"und das liegt nicht über {standing}.",
                          f"The opening in {suit} is missed: the {name} {COUNT_WORD['en'][n]} would be {number}, "
                          f"which is not above {standing}."))
    if not lines:
        lines.append(("Keine Eröffnung (Puur oder Nell zu dritt), keine Hilfe und kein Grund für eine Ass-Ansage: fort.",
                      "No opening (Puur or Nell with three cards), no Hilfe and no reason for an Ace announcement: fort."))
