"""The count: what a team can take, and which call is best, counted by hand.

The conventions (``tutor.conventions``) say what each call promises; which of the calls
a hand makes true is best is a judgement. One interface, two engines:

- :class:`Judge` is the interface: ``choose(hand, situation, readings, standing)``
  returns a :class:`Judgement` (the call picked, the reasons, and for an engine that has
  them the numbers behind it as ``evidence``). ``None`` as the pick means "nothing better
  than fort" (the conventions then explain the fort).
- :data:`COUNT` (this module) counts by hand, as A and D reason in the worked example:
  instant, the default of ``bid``, ``check``, the quiz and the drills.
- ``tutor.judgement.simulation.Simulation`` deals the unseen cards to fit the auction and plays
  them out (``bid --simulate``, ``eval``).

The dependency runs one way: ``tutor.conventions`` imports this module, never the other
way round; a :class:`Judge` sees the conventions' ``Situation`` and ``Reading`` values
only through their attributes.

The count:

- **Trump control**: the team holds Puur and Nell (the hand, or what the partner's calls
  promised) and at least six trumps between them, or the hand's top trumps alone draw
  every trump the opponents may hold (:func:`draws_trumps`: U 9 A K with four out). Then
  the team pulls the opponents' trumps and takes the trump suit's 62 points and the last
  trick's 5. The other holdings are rows of the same table, :data:`TRUMP_HOLDINGS`:
  Puur and Nell with five trumps count 57 (an opponent may keep a trump that takes a
  trick) and go on against the opponents' bid up to 100 whatever the side cards
  (``COMPETE_FIVE``, exact play: the QA's D6); the Puur without six trumps and the Nell
  beside it counts its 20.
- **Sure side tricks**: an Ace, and a King behind the own Ace, each count their card
  points (Ace 11, King 4). In a suit the opponents opened with four cards or more the
  King is not counted.
- **What falls into a trick**: every sure side trick brings what the other three play
  into it, counted as ``FALL_PER_TRICK`` (10) points. This is the part of the count the
  player does not know: A counts 82 sure points and 20 for what falls in, 102 in all,
  and so bids 100 but not 110.
- **Lay-down** (:func:`lay_down`): every card of the hand takes a trick when the hand
  leads from the top: its trumps above the highest trump the opponents may hold are at
  least as many as the trumps they may hold (so theirs fall under ours), and every other
  card is part of a run from the top of its suit. Then the team takes all 157.
- **The defenders' count** (for a double): their own Aces and the King behind them,
  the partner's announced Aces, and one more trick in a suit where the partner showed
  four or more cards and the team holds the Ace; their trumps over the declarer's
  (:func:`guarded_trumps`: the Puur always, it need not follow trump; another trump when
  the hand holds below it a small card for each higher trump out and one more, ``GUARD``:
  9 A K 8 behind the declarer's Puur zu fünft take two tricks); each trick with
  ``FALL_PER_TRICK`` for what falls in. The declaring team's ruffing power: when it showed
  Puur and Nell, the trumps it keeps after drawing ours (its shown length less one per
  trump of ours, ``SPARE_PER_TRUMP``: double dummy it ruffs before it draws; exact play
  gives D's K 8 / A K 7 / A K / 7 6 against A's Puur zu dritt and C's Nell zu zweit 43
  points, not the 56 that two per trump counted) ruff the defenders' second-round tricks
  (the King behind the Ace, the trick behind the partner's length). Against a team that
  showed trump control (Puur and Nell with six trumps or more) the side suits are ruffed
  from the first round: the defenders' Aces bring only their own 11 (nothing falls on
  them), and no King or second-round trick counts (exact play: against A's and C's seven
  trumps, D's three Aces and Kings take 22 points on average, not 77). Against a team that
  showed the Puur with three trumps or more (``LONG_TRUMPS``: every Puur-row opening) the
  second round is ruffed too (exact play: B's Aces and Kings against A's 80 Eichel, and
  against A's 60 Eichel, made on 20 of 24 fitting deals where the count doubled). Both are rows of
  :data:`DECLARER_RUFFS`; against trump control the defenders' side Aces take no sure trick at all
  (``Ruffs.aces``: it ruffs from the first round and discards its losers on its long trumps; on
  random deals the count's doubles of such a team were made on 26 of 33). A double on side tricks
  alone wants the count to leave the declaring side a trick below its bid (``DOUBLE_MARGIN``, the
  konter's margin turned round; on random deals such doubles with less were made on 13 of 17);
  a trump over the declarer's is sure, and a count with one doubles without the margin. A Zehner
  above the openings (120) shows no cards, only what the team trusts itself to make, and the count
  bids that high on trump control; read so, the defenders' side Aces take no sure trick either
  (``CONFIDENCE_CONTROL``; on practice's robots' auctions the double of such numbers cost the
  doubling team 245.8 a deal, 30 of 34 auctions worse; the voice's answers it moves through the
  simulation's continuations were settled by exact play, docs/interpretations.md). The declaring side
  is expected to take the rest of 157. D in the worked example counts 0 against A's and C's
  control and gives A and C 157: no double (exact play on the real deal: A and C take 150, B and
  D 7, less than one of D's two Aces; until session 38 the count said 22). Against Obenabe or
  Undenufe the defenders count in that game's order (:func:`trumpless_defence`): each card of a run
  from the top of a suit is a sure trick (in Undenufe the Six tops the suit and the Ace is its lowest
  card), nothing else (QA s40 F1). Where the double's only ground is the Partie (the opponents win it by
  making their bid, doubled or not), a bid of ours that the count trusts comes first: it takes the
  contract away, where the double wins only if they fail (``OWN_BID_FIRST``, QA s40 F3).
- **Ass-Ansage**: only when the opponents have shown Puur and Nell of one suit with six
  cards or more and one of them is still in the bidding: then they surely bid on. (Whether
  a Fünfer is an Ass-Ansage at all, with the partner out or the team still expecting to play
  its own suit, is the rule table's: ``tutor.conventions.Situation.no_ace``.)
- **Matsch**: a lay-down in a suit (or, in the extended variant, Obenabe or Undenufe);
  also when the side suits run from the top and only a bad trump split beats it (one
  opponent holding more trumps than the hand has above them: :func:`split_risk`, 0.3 %
  for a 5-0 against U 9 A K) and that chance is below the break-even of the Matsch
  against the highest bid (:func:`matsch_risk_worth`: 2 % at 157, 19 % at 257).
- **Konter**: the declarer or his partner konters when the contract is certain (a
  lay-down in his hand: every trick, 157; or his sure count alone reaches the contract),
  or when his count with what falls into the sure tricks reaches the contract by a trick
  (``KONTER_MARGIN``: A's 102 on 100 in the worked example is "zu unsicher"); with
  control the sure tricks include the trumps of the team's longer trump hand beyond the
  most the opponents hold (``Count.long_tricks``: the Puur zu viert beside the Nell zu
  zweit, 4 against 3, takes a trick after their trumps are out; the worked example's 3 and
  3 take none); or when it
  is free: failing the doubled contract loses the Partie anyway
  (:meth:`Standing.loses_if_failed`). The partner counts his hand with what the
  declarer's calls promised.
- **Extended variant**: Obenabe and Undenufe count their runs from the top (each card
  of a run a sure trick with its value and ``FALL_PER_TRICK``); a Misère counts the
  cards that may win a trick against the team beyond the two the hand discards or ducks
  for nothing (``MISERE_DISCARDS``), and ``MISERE_PARTNER`` for the partner's cards:
  calibrated on solved deals (docs/interpretations.md, "The Misère against exact play").
- **Without the Ansageregeln**: the numbers say nothing, so the partner is expected to
  hold his share (``PARTNER_SHARE``: a third of the 27 unseen cards): of the trumps
  (``(9 - n) // 3``, also where the hand's top trumps draw the rest: U 9 A K) and, in a suit whose Puur the hand holds or that it controls, of the
  points the hand does not count. The hand bids the highest number this reaches, in such
  a suit, or in any strain where its own count reaches the lowest bid without a share
  (Obenabe, Undenufe and the Misère at an extended table). Exact play on deals
  that fit makes these numbers on two deals in three or more (tests/test_judgement_play.py).
  The partner's number there says his own count (:func:`partner_own`: his count and a
  third of the rest reach it), and a hand behind it adds its own count in his strain
  (tests/test_count_frei.py: exact play on deals where his hand is one the count opens with);
  with the Nell and not the Puur there, the Puur is his (the count bids a suit at this table
  on its Puur), with a third of the other trumps: the hand counts the team's trump row, less
  the Puur's 20 his number counted (:func:`_partner_suit_trumps`, QA s37 Q3).
- **The Partie's score** (:class:`Standing`): a team that wins the Partie by making its
  bid, doubled or not (the leading team that needs few points), gains nothing from a
  high number or a konter; against it the
  double costs nothing and wins double when the bid fails, so the defenders double,
  unless the team wins the Partie even failing, with the card points the defenders'
  count leaves it (:meth:`Standing.wins_if_failed`): then the double changes nothing.

- **Raise**: in the own team's suit, the highest Zehner the count reaches: with
  control, or on quick tricks beside the team's Puur (the partner's promise counts: fort
  is final, and a strong hand behind its partner's 60 must not let it stand). Where that
  Zehner is a Hilfe the hand cannot give (the opponents' bid moved the Hilfe up to it),
  the next Zehner, within a trick of the count. Puur and Nell with five trumps bid no
  higher than 110 where a lower Zehner is open (``CEILING_FIVE``, the row's ``ceiling``:
  an opponent may keep a trump and ruff; exact play's best with many side tricks).
  **Trump control bids on** over the opponents' bid: Puur and Nell with six trumps or more
  in the team bid at least the lowest Zehner above it, up to 150 (``CONTEST_CONTROL``, the row's
  ``contest``: the text's D announces his Ace "sicher, dass A und C mit ihren mindestens
  sechs Eichel weiterbieten", and its A bids the lowest Zehner; exact play makes it on
  nearly every fitting deal), and over the opponents' 150 the Matsch (``CONTEST_MATSCH``,
  :func:`_contest_matsch`: exact play, QA s38 F1). **Puur and Nell with seven trumps or more** count 120
  (``SEVEN_POINTS``: the opponents hold two trumps at most, and the team's other trumps
  ruff their side winners, a trump may be played on any trick). Six trumps stay at 62 + 5, as the
  worked example's A counts them (docs/interpretations.md), except **with both opponents out**
  (a final fort each) over the team's own bid: then its control counts 100 for the trumps
  (``OUT_CONTROL``, :func:`alone_count`: exact play makes 100 there on every fitting deal).
  **The opener bids again** over the opponents' bid in the suit he opened where the partner
  has shown nothing in it: his count and a third of what it does not count for the partner
  (``PARTNER_SHARE``, as without the Ansageregeln), where that reaches the lowest Zehner above
  their bid, bid that Zehner (:func:`rebid_zehner`; QA s36 P34: 76 + 27 for 80 Rosen, made on
  14 of 16 fitting deals, where fort left the opponents theirs). **So does the opener's partner**
  where he has shown nothing in the suit yet (``COMPETE_RAISE``): his count and a third of the rest
  for the opener reach the lowest raise open to him (QA s39 F2b K5: 100 Eichel, 166 a deal above
  fort by exact play).

The encoder prefers, in this order: konter, Matsch (314 or more on the board beats what
a double brings; or where the score makes it win the Partie made or not, ``PARTIE_MATSCH``),
double, Hilfe, Obenabe/Undenufe/Misère, an opening, a raise in the own
team's suit, a Zehner in the opponents' suit, an Ass-Ansage, fort. At a table without
the Ansageregeln: konter, Matsch, double, a plain number, fort.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
import functools
from math import comb
from typing import Sequence

from tutor.cards import NELL, ORDER, PUUR, SUIT_OF, SUITS, TOTAL_POINTS, LAST_TRICK, VALUE, Hand, Rank, Suit
from tutor.i18n import M, Mn, Msg
from tutor.scoring import opponents_of, score_game, team_of
from tutor.judgement.base import Judgement, Line, Standing

FALL_PER_TRICK = 10        # points the other three play into a sure trick
CONTROL_LENGTH = 6         # trumps the team needs (with Puur and Nell) to pull the opponents'
TRUMP_POINTS = sum(VALUE["trump"].values())   # 62
WANT_LENGTH = 4            # a Zehner in the opponents' suit wants their missing top card and 4 cards
MISERE_PARTNER = 70        # points a Misère expects the partner's unknown cards to take (exact play)
MISERE_DISCARDS = 2        # cards that might take a trick that a Misère hand gets rid of for nothing
TRUMPLESS = ("Obenabe", "Undenufe")
GUARD = 2                  # a defender's trump is a trick with a small card per higher trump out, and one more
SPARE_PER_TRUMP = 1        # the declaring team's trumps each of ours takes (exact play: it ruffs before drawing)
KONTER_MARGIN = 10         # a konter wants the count a trick above the doubled bid
DOUBLE_MARGIN = 10         # a double on side tricks wants the count to leave the declarer a trick below his bid (exact play)
FAILED_MATSCH_LOSS = 20    # a Matsch beaten by the one trump left out: that trick, about 20
PARTNER_SHARE = 3          # without the Ansageregeln the partner holds a third of the unseen cards
FIVE_TRUMPS = 5            # Puur and Nell with five trumps: the four out mostly fall under them
FIVE_TRUMPS_SHORT = 10     # ... less about a trick for the trump an opponent keeps on a 3-1 or 4-0 split
COMPETE_FIVE = 100         # ... and against the opponents' bid the team goes on up to 100 on them alone (exact play)
CEILING_FIVE = 110         # ... and bids no higher Zehner than 110 where a lower one is open, however many side tricks
DOUBLED_TRUMPS = True      # ... and its konter counts the trumps the double may hold, all four out in one hand (exact play)
CONTEST_CONTROL = 150      # trump control bids on over the opponents' bid at the lowest Zehner, up to 150 (exact play)
CONTEST_MATSCH = True      # ... and over their 150 with the Matsch, the call above it (QA s38 F1, exact play)
OUT_CONTROL = 100          # ... and with both opponents out (fort, final) its trumps count 100, not 67 (exact play)
SEVEN_TRUMPS = 7           # Puur and Nell with seven trumps or more: the opponents hold two at most ...
SEVEN_POINTS = 120         # ... the team ruffs their side winners: 120 with nothing else (exact play)
OWN_LENGTH = 3             # a suit without its Puur is bid on the hand's count only with three cards (an opening's)
THIN_SHARE = 2             # at the last word, the Puur with a small card or alone: half the partner's share (exact play)
LONG_TRUMPS = 3            # a declaring team that showed the Puur (zu dritt or longer) ruffs our second round (exact play)
CONFIDENCE_CONTROL = True  # a number above the openings (120) read as trump control by the defenders' double (s40;
                           # on since s41: the voice's answers it moves settled by exact play)
OWN_BID_FIRST = True       # the Partie's double gives way to a bid of ours the count trusts (QA s40 F3)
TRUMPLESS_DEFENCE = True   # the defence against Obenabe/Undenufe counts tricks in the game's own order (QA s40 F1)
MATSCH_LEADS = True        # ... and against their Matsch counts nothing: it leads every trick (QA s43 F17, the rules' Matsch)
COMPETE_RAISE = True       # the opener's partner bids the opener's suit over the opponents' bid as the opener does (QA s39 F2b)
COMPETE_WIDE = 40          # ... also where count and share come within this of the lowest raise (practice's robots, s40-s42)
COMPETE_WIDE_UP_TO = 120   # ... for a lowest raise up to the openings' 120 only (s42: the five-trump 130s, exact play)
PARTNER_ACE = True         # the partner's standing Ass-Ansage, both opponents out, raised as the opponents' bid (QA s42 F5)


@dataclass(frozen=True)
class Ruffs:
    """A row of :data:`DECLARER_RUFFS`: against a declaring team that showed ``top`` and at
    least ``length`` trumps, do the other cards fall on our Aces (``falls``), and is a second
    round of a side suit ours (``second``)? ``line``: the reason, or None."""

    top: frozenset
    length: int
    falls: bool
    second: bool
    line: "Msg | None"
    aces: bool = True     # do our side Aces take a sure trick at all?


# What the declaring team's shown trumps do to the defenders' side tricks; the first row
# that fits. Calibrated on exact play (docs/interpretations.md, "Double").
DECLARER_RUFFS: tuple[Ruffs, ...] = (
    # trump control: it draws ours, ruffs our side suits from the first round and discards its
    # losers on its long trumps: our Aces take no sure trick (exact play: on random deals the count's
    # doubles of such a team's contract were made on 25 of 32; docs/interpretations.md, "Double")
    Ruffs(frozenset({PUUR, NELL}), CONTROL_LENGTH, False, False,
          M("trump {trump}: {seat} and partner showed Puur and Nell with {length} trumps: they draw ours, ruff our "
            "side suits from the first round and discard their losers on their long trumps, so our Aces take no "
            "sure trick and no second round is ours"), aces=False),
    # Puur and Nell with fewer: the trumps they keep after drawing ours ruff (SPARE_PER_TRUMP)
    Ruffs(frozenset({PUUR, NELL}), 0, True, True, None),
    # the Puur with three trumps or more (every Puur-row opening): the trump hand ruffs the second round
    Ruffs(frozenset({PUUR}), LONG_TRUMPS, True, False,
          M("trump {trump}: {seat} and partner showed the Puur with {length} trumps: their long trumps ruff the "
            "second round of our side suits, so no King behind the Ace and no trick behind the partner's length "
            "is ours")),
    Ruffs(frozenset(), 0, True, True, None),
)


@dataclass(frozen=True)
class Holding:
    """A row of the trump table (:data:`TRUMP_HOLDINGS`): what the team's trumps count for
    when it holds ``top`` (the hand's, or promised by the partner's calls) and at least
    ``length`` trumps. ``compete``: against the opponents' standing bid the team goes on up
    to this Zehner whatever its side cards (0: the count alone decides). ``contest``: against
    the opponents' standing bid the team bids at least the lowest Zehner above it, where that
    is no higher than this, whatever its side cards (0: none). ``ceiling``: the
    highest Zehner the team bids where a lower one is open, whatever the count (0: none).
    ``line``: the reason, with {trump}, {length} (the team's trumps), {points}, {need} (CONTROL_LENGTH)."""

    top: frozenset
    length: int
    points: int
    control: bool
    compete: int
    line: Msg
    ceiling: int = 0
    contest: int = 0
    why_ceiling: "Msg | None" = None   # why the team bids no higher than ``ceiling``: {n}, {ceiling}, {expected}
    #: points the row leaves out for the trumps an opponent keeps, and whether a konter counts instead the
    #: strongest trumps a double may hold (:func:`doubled_trumps`): without control all of them may sit in
    #: the doubler's hand
    short: int = 0
    doubled: bool = False


# The team's trumps, the first row that fits. Calibrated on exact play (docs/interpretations.md,
# "Puur and Nell with five trumps"). With fewer trumps only the Puur's trick is counted: the
# Nell's 14 are the team's too, but counted they make the count overshoot exact play (frei,
# U 9 with Aces and Kings: exact play's best number is 100, the count bids 110, with 14 more 120).
_CONTROL_LINE = M("trump {trump}: Puur and Nell in the team with at least {length} trumps: the {trump_points} trump "
                  "points and {last} for the last trick")
# The rows with ``contest`` count the top trumps the team holds (the hand's, and what the partner's calls
# promised), whether or not its calls have shown them: exact play does not ask what was said.
# Calibrated on exact play (docs/interpretations.md, "Trump control bids on").
TRUMP_HOLDINGS: tuple[Holding, ...] = (
    Holding(frozenset({PUUR, NELL}), SEVEN_TRUMPS, SEVEN_POINTS, True, 0,
            M("trump {trump}: Puur and Nell in the team with {length} trumps: the opponents hold two at most, which "
              "fall in the first rounds, and the team's other trumps ruff their side winners (a trump may be played "
              "on any trick): {points} with nothing else"), contest=CONTEST_CONTROL),
    Holding(frozenset({PUUR, NELL}), CONTROL_LENGTH, TRUMP_POINTS + LAST_TRICK, True, 0, _CONTROL_LINE,
            contest=CONTEST_CONTROL),
    Holding(frozenset({PUUR, NELL}), FIVE_TRUMPS, TRUMP_POINTS + LAST_TRICK - FIVE_TRUMPS_SHORT, False, COMPETE_FIVE,
            M("trump {trump}: Puur and Nell in the team with {length} trumps: the four trumps out fall under them "
              "unless an opponent keeps one, and that one may take a trick: the {trump_points} trump points and "
              "{last} for the last trick, less {short}: {points}"), CEILING_FIVE, short=FIVE_TRUMPS_SHORT,
            doubled=DOUBLED_TRUMPS,
            why_ceiling=M("Puur and Nell with {n} trumps in the team: an opponent may keep a trump and ruff a side "
                          "trick, and above {ceiling} each Zehner is made less often than it pays (made, the team "
                          "writes the number; failed, the opponents write it): the team bids {ceiling}, not the "
                          "{expected} it counts.")),
    Holding(frozenset({PUUR, NELL}), 0, VALUE["trump"][PUUR], False, 0,
            M("trump {trump}: Puur and Nell, but only {length} trumps in the team, fewer than {need}: the opponents "
              "keep trumps, no control; counted: the Puur's trick ({points})")),
    Holding(frozenset({PUUR}), 0, VALUE["trump"][PUUR], False, 0,
            M("trump {trump}: the Puur takes a trick ({points}), but without the Nell the opponents keep trumps: "
              "no control")),
    Holding(frozenset(), 0, 0, False, 0,
            M("trump {trump}: no control: the team does not hold both Puur and Nell (control needs both, with "
              "{need} trumps in the team)")),
)


def holding(top: "set | frozenset", length: int) -> Holding:
    """The row of :data:`TRUMP_HOLDINGS` for the team's top trumps and length."""
    return next(h for h in TRUMP_HOLDINGS if h.top <= top and length >= h.length)



class CountJudge:
    """The count: instant, by the rules of thumb in this module's docstring."""

    name = "count"

    def choose(self, hand: Hand, s, readings, standing: Standing | None = None) -> Judgement:
        lines: list[Line] = []
        pickers = ((_konter, _matsch, _partie_matsch, _double, _last_word, *OWN_BIDS, _ace)
                   if s.rules.conventions else (_konter, _matsch, _partie_matsch, _double, _plain))
        for picker in pickers:
            pick = picker(hand, s, readings, lines, standing)
            if pick is not None:
                return Judgement(pick, lines)
        return Judgement(None, lines)


COUNT = CountJudge()


def choose(hand: Hand, s, readings: Sequence, standing: Standing | None = None) -> Judgement:
    """The count's choice (the default judge)."""
    return COUNT.choose(hand, s, readings, standing)


# -- counting -----------------------------------------------------------------------------
@dataclass
class Count:
    """An estimate of card points with the lines that explain it."""

    sure: int = 0
    tricks: int = 0            # sure side tricks, each with FALL_PER_TRICK falling in
    control: bool = False
    lay_down: bool = False     # every trick is the team's: 157
    compete: int = 0           # against the opponents' bid the team goes on up to this Zehner (Holding.compete)
    ceiling: int = 0           # the highest Zehner the team bids where a lower one is open (Holding.ceiling)
    contest: int = 0           # against the opponents' bid the lowest Zehner above it, up to this (Holding.contest)
    row: "Holding | None" = None   # the trump row that counted the trumps (None: the hand's top trumps draw theirs)
    long_tricks: int = 0       # with control: the long trump hand's trumps beyond the opponents' (the konter's)
    chances: int = 0           # the defence's side Aces that take no sure trick against control (DECLARER_RUFFS)
    trump_tricks: int = 0      # the defence's trumps that take a trick over the declarer's (guarded_trumps)
    lines: list[Line] = field(default_factory=list)

    @property
    def expected(self) -> int:
        return TOTAL_POINTS if self.lay_down else min(TOTAL_POINTS, self.sure + FALL_PER_TRICK * self.tricks)


def _suit_of(strain: str | None) -> Suit | None:
    return SUIT_OF.get(strain) if strain else None


def kind_of(strain: "str | Suit") -> "Suit | str":
    """A suit, or 'obenabe'/'undenufe' for a trumpless strain (Misère included)."""
    if isinstance(strain, Suit):
        return strain
    suit = _suit_of(strain)
    return suit if suit is not None else strain.split()[0].lower()


def is_misere(strain: str | None) -> bool:
    return bool(strain) and strain.endswith("Misère")


def _run_from_top(hand: Hand, suit: Suit, order: Sequence[Rank]) -> int:
    """How many cards of ``suit`` the hand holds in an unbroken run from the top of ``order``."""
    n = 0
    for r in order:
        if not hand.has(suit, r):
            break
        n += 1
    return n


def _partner_known(s, suit: Suit):
    return s.known(s.partner, suit) if s is not None else None


def draws_trumps(hand: Hand, trump: Suit, partner=None, share: int = 0) -> bool:
    """Leading its top trumps, the hand pulls every trump the opponents may hold: its
    trumps ranked above the highest trump they may hold are at least as many as the
    trumps they may hold (``partner``: what the partner's calls promised in ``trump``;
    ``share``: the trumps he is expected to hold where his calls show none)."""
    most, above, _ = _trumps_to_draw(hand, trump, partner, share)
    return above >= most


def _trumps_to_draw(hand: Hand, trump: Suit, partner=None, share: int = 0) -> tuple[int, int, int]:
    """(the trumps the opponents may hold at most, the hand's trumps ranked above the
    highest of them, the partner's promised or expected length) in a ``trump`` contract."""
    order = ORDER["trump"]
    partner_has = set(partner.has) if partner is not None else set()
    partner_len = max(partner.length[0] if partner is not None else 0, share)
    theirs = [r for r in order if not hand.has(trump, r) and r not in partner_has]
    most = min(len(theirs), 9 - hand.length(trump) - partner_len)
    if most <= 0:
        return 0, 0, partner_len
    top = order.index(theirs[0])
    return most, sum(1 for r in order[:top] if hand.has(trump, r)), partner_len


def split_risk(hand: Hand, trump: Suit, partner=None) -> float:
    """The chance that the hand's top trumps do not draw the opponents' trumps: that one
    opponent holds more of the trumps out than the hand has trumps above them (he keeps
    one and ruffs: a 5-0 split against Puur, Nell, Ace, King). 0 when they always fall.
    The unseen cards are 27, less the partner's promised trumps; either opponent's nine
    hold ``j`` of the ``most`` trumps out with C(most, j) C(unseen - most, 9 - j) / C(unseen, 9)."""
    most, above, partner_len = _trumps_to_draw(hand, trump, partner)
    if above >= most:
        return 0.0
    unseen = 27 - partner_len
    one = sum(comb(most, j) * comb(unseen - most, 9 - j) for j in range(above + 1, min(most, 9) + 1))
    return min(1.0, 2 * one / comb(unseen, 9))


def matsch_risk_worth(rules) -> float:
    """The highest chance of failing at which a Matsch still beats the highest bid
    below it, on the board: made, the team writes the Matsch's target points and 157;
    the highest bid made, that bid and about 157; failed (the opponents' last trump
    takes one trick, about ``FAILED_MATSCH_LOSS``), the opponents write the target
    points and that trick. Break-even: fail × (win - loss) = win - alternative."""
    win = rules.matsch_target + TOTAL_POINTS
    alternative = rules.highest_bid + TOTAL_POINTS
    loss = (TOTAL_POINTS - FAILED_MATSCH_LOSS) - (rules.matsch_target + FAILED_MATSCH_LOSS)
    return max(0.0, (win - alternative) / (win - loss))


def lay_down(hand: Hand, kind: "Suit | str", partner=None) -> bool:
    """Every card of the hand takes a trick when the hand leads from the top (in a suit
    contract after pulling the opponents' trumps): the team takes all 157."""
    return _lays_down(hand, kind, lambda: partner)


def _lays_down(hand: Hand, kind: "Suit | str", partner_of) -> bool:
    """:func:`lay_down`, the partner's promises in the trump asked of ``partner_of()``
    only when they matter: the side suits are tested first (asked of every hand, they
    rarely all run from the top)."""
    return _sides_run(hand, kind) and (not isinstance(kind, Suit) or draws_trumps(hand, kind, partner_of()))


def _sides_run(hand: Hand, kind: "Suit | str") -> bool:
    """Every suit but the trump runs from the top (trumpless: every suit, in its order)."""
    if isinstance(kind, Suit):
        sides = [x for x in SUITS if x != kind]
        order = ORDER["plain"]
    else:
        sides, order = list(SUITS), ORDER[kind]
    return all(_run_from_top(hand, x, order) == hand.length(x) for x in sides)


def offence(hand: Hand, s, trump: Suit, partner_share: int = 0) -> Count:
    """What the hand's team can count on with ``trump`` as trump (s: a Situation).
    ``partner_share``: trumps the partner is expected to hold beyond his promises."""
    c = Count()
    mine = s.known(s.partner, trump)
    puur = hand.has(trump, PUUR) or PUUR in mine.has
    nell = hand.has(trump, NELL) or NELL in mine.has
    length = hand.length(trump) + max(mine.length[0], partner_share)
    c.lay_down = lay_down(hand, trump, mine)
    draws = draws_trumps(hand, trump, mine, partner_share)
    # the hand's top trumps, or the ones the partner's calls promised
    row = holding({r for r, held in ((PUUR, puur), (NELL, nell)) if held}, length)
    c.control = row.control or draws
    if draws and not row.control:
        c.sure += TRUMP_POINTS + LAST_TRICK
        c.lines.append(M("trump {trump}: the hand's top trumps draw every trump the opponents may hold: "
                         "the {points} trump points and {last} for the last trick",
                         trump=trump.value, points=TRUMP_POINTS, last=LAST_TRICK))
    else:
        c.sure += row.points
        c.compete = row.compete
        c.ceiling = row.ceiling
        c.contest = row.contest
        c.row = row
        c.lines.append(row.line(trump=trump.value, length=length, points=row.points, need=CONTROL_LENGTH,
                                trump_points=TRUMP_POINTS, last=LAST_TRICK, short=FIVE_TRUMPS_SHORT))
    if c.control:
        # the trumps of the team's longer trump hand beyond the most the opponents hold take a
        # trick each after theirs are out, the others' side cards falling in (the konter counts them)
        most = _trumps_to_draw(hand, trump, mine, partner_share)[0]
        c.long_tricks = max(0, max(hand.length(trump), mine.length[0], partner_share) - most)
    points, tricks, lines, _cards = side_tricks(hand, s, trump)
    c.sure += points
    c.tricks += tricks
    c.lines.extend(lines)
    c.lines.append(M("sure: {sure}; plus {fall} per sure side trick for the others' cards: {falls}; "
                     "together {total}", sure=c.sure, fall=FALL_PER_TRICK, falls=FALL_PER_TRICK * c.tricks,
                     total=c.sure + FALL_PER_TRICK * c.tricks))
    if c.lay_down:
        c.lines.append(_LAY_DOWN_LINE)
    return c


_LAY_DOWN_LINE = M("every card of the hand takes a trick when it leads from the top: all 157 points")

PER_HAND_KEPT = 4096    # counts remembered per function (cleared past it)


def side_tricks(hand: Hand, s, trump: Suit) -> tuple[int, int, list, list]:
    """(points, sure tricks, lines, the cards named) of the hand's side Aces with ``trump`` as
    trump, as :func:`offence` counts them: an Ace 11 and a trick, with the King beside it 15 and
    two, unless an opponent has shown four cards of the suit. The partner's count of his own
    bid counts none of them (:func:`_partner_konter`)."""
    points = tricks = 0
    lines, cards = [], []
    for suit in SUITS:
        if suit == trump or not hand.has(suit, Rank.ASS):
            continue
        p, t, line = 11, 1, M("{suit}: Ace, 1 sure trick: {points}")
        opp_long = any(s.known(o, suit).length[0] >= 4 for o in opponents_of(s.seat))
        if hand.has(suit, Rank.KOENIG) and not opp_long:
            p, t, line = 15, 2, M("{suit}: Ace and King, 2 sure tricks: {points}")
        points += p
        tricks += t
        lines.append(line(suit=suit.value, points=p))
        cards.append(cards_named(suit, (Rank.ASS, Rank.KOENIG)[:t]))
    return points, tricks, lines, cards


def _per_hand(f):
    """``f(hand, kind)``, a count that depends on the hand's cards alone, remembered by them:
    the auctions after the calls (simulation.Continuation) ask the same hand's Obenabe, Undenufe
    and Misère counts again in every call's auction (OH1: some 80,000 times for 4,600 auctions).
    Each caller gets a copy with its own lines; the same numbers and lines as asking again."""
    memo: dict = {}

    @functools.wraps(f)
    def counted(hand: Hand, kind) -> "Count":
        key = (hand.cards, kind)
        c = memo.get(key)
        if c is None:
            if len(memo) >= PER_HAND_KEPT:
                memo.clear()
            c = memo[key] = f(hand, kind)
        return replace(c, lines=list(c.lines))

    return counted


@_per_hand
def trumpless(hand: Hand, kind: str) -> Count:
    """Obenabe or Undenufe: each card of a run from the top of its suit is a sure trick."""
    c = Count()
    order, values = ORDER[kind], VALUE[kind]
    name = kind.capitalize()
    for suit in SUITS:
        run = _run_from_top(hand, suit, order)
        if not run:
            continue
        pts = sum(values[r] for r in order[:run])
        c.sure += pts
        c.tricks += run
        ranks = "".join(r.value for r in order[:run])
        c.lines.append(Mn("{name}, {suit}: {ranks}, the suit's strongest card, {n} sure trick: {points}",
                          "{name}, {suit}: {ranks}, the suit's {n} strongest cards, {n} sure tricks: {points}", run,
                          name=name, suit=suit.value, ranks=ranks, points=pts))
    c.lay_down = lay_down(hand, kind)
    c.lines.append(M("{name}: sure {sure}, plus {fall} per trick: {expected}", name=name, sure=c.sure,
                     fall=FALL_PER_TRICK, expected=c.expected))
    if c.lay_down:
        c.lines.append(_LAY_DOWN_LINE)
    return c


def misere_danger(hand: Hand, kind: str) -> list[tuple[int, str]]:
    """The cards of ``hand`` that may win a trick against a Misère in ``kind`` (Obenabe or
    Undenufe), as (value, "suit rank"), the most valuable first (:func:`misere`): a card with
    fewer cards of its suit above it outside the hand than cards of the hand above it plus
    one. Each suit's cards are judged by that suit's holding alone."""
    order, values = ORDER[kind], VALUE[kind]
    danger = []
    for suit in SUITS:
        held = [r for r in order if hand.has(suit, r)]
        for i, r in enumerate(held):
            above_out = sum(1 for x in order[:order.index(r)] if not hand.has(suit, x))
            if above_out < i + 1:
                danger.append((values[r], f"{suit} {r.value}"))
    danger.sort(key=lambda d: -d[0])
    return danger


@_per_hand
def misere(hand: Hand, kind: str) -> Count:
    """Obenabe or Undenufe Misère: the team is credited what the opponents take. A card
    may win a trick against the team when fewer cards of its suit rank above it, outside
    the hand, than cards of the hand rank above it plus one (the top card of a suit; a
    card under the hand's own top card is ducked). The hand gets rid of two such cards
    for nothing (``MISERE_DISCARDS``: it discards them when it cannot follow, or the
    others take the trick), the most valuable first; each further one costs its value and
    ``FALL_PER_TRICK``; the partner's cards cost ``MISERE_PARTNER``. Calibrated on solved
    deals (docs/interpretations.md): with two such cards or fewer exact play makes 80 on
    more than half of the deals, whatever they are; every card of the hand a winner
    (A K O, A K, A K, A K in Obenabe) gives the opponents nothing."""
    danger = misere_danger(hand, kind)
    taken = MISERE_PARTNER + sum(v + FALL_PER_TRICK for v, _ in danger[MISERE_DISCARDS:])
    c = Count(sure=max(0, TOTAL_POINTS - taken))
    name = f"{kind.capitalize()} Misère"
    # in words a learner follows: what the team takes, what the opponents take, and that a Misère
    # credits the opponents' points to the team (QA s35 P57: "the team is credited about 87")
    if danger:
        c.lines.append(M("{name}: cards that might take a trick: {cards}; the hand gets rid of {free} of them for "
                         "nothing; with about {partner} points for the tricks the partner's cards take, our team "
                         "takes about {taken} and the opponents about {sure}, which a Misère credits to our team",
                         name=name, cards=", ".join(d for _, d in danger), free=min(MISERE_DISCARDS, len(danger)),
                         partner=MISERE_PARTNER, taken=TOTAL_POINTS - c.sure, sure=c.sure))
    else:
        c.lines.append(M("{name}: cards that might take a trick: {cards}; with about {partner} points for the tricks "
                         "the partner's cards take, the opponents take about {sure}, which a Misère credits to our "
                         "team", name=name, cards=M("none"), partner=MISERE_PARTNER, sure=c.sure))
    return c


def contract_count(hand: Hand, s, strain: str) -> Count:
    """The count for a contract in ``strain`` (a suit, Obenabe, Undenufe, a Misère)."""
    kind = kind_of(strain)
    if isinstance(kind, Suit):
        return offence(hand, s, kind)
    return misere(hand, kind) if is_misere(strain) else trumpless(hand, kind)


def defence(hand: Hand, s, trump: Suit | None) -> Count:
    """What the hand's team takes against the opponents' contract in ``trump``."""
    high = s.auction.high
    if TRUMPLESS_DEFENCE and trump is None and high is not None and kind_of(high.call.strain) in ORDER:
        return trumpless_defence(hand, s, kind_of(high.call.strain))
    c = Count()
    partner = s.partner
    theirs = [s.known(o, trump) for o in opponents_of(s.seat)] if trump is not None else []
    shown = set().union(*(p.has for p in theirs)) if theirs else set()
    length = sum(p.length[0] for p in theirs)
    # what the declaring team's shown trumps leave our side tricks (DECLARER_RUFFS)
    ruffs = next(r for r in DECLARER_RUFFS if r.top <= shown and length >= r.length)
    trusted = (CONFIDENCE_CONTROL and trump is not None and high is not None and ruffs.aces
               and high.call.value > s.rules.opening_max
               and (high.call.value % 10 == 0 or high.call.value == s.rules.matsch_bid))   # not a Fünfer
    if trusted:
        # above the openings the number shows no cards, only what the team trusts itself to make, and
        # the count bids that high on trump control (Holding.contest) or a count that reaches it
        ruffs = DECLARER_RUFFS[0]
    second_round = 0    # tricks that need both declaring hands to follow a second time
    for suit in SUITS:
        if suit == trump:
            continue
        mine_ace = hand.has(suit, Rank.ASS)
        their = s.known(partner, suit)
        if not ruffs.aces:   # no sure trick, but a chance (the Partie's free double, _judge_double)
            c.chances += mine_ace or Rank.ASS in their.has
            continue
        if mine_ace:
            c.sure += 11
            c.tricks += 1 if ruffs.falls else 0
            c.lines.append(M("{suit}: our own Ace (11)", suit=suit.value))
            if hand.has(suit, Rank.KOENIG) and ruffs.second:
                c.sure += 4
                c.tricks += 1
                second_round += 1
                c.lines.append(M("{suit}: the King behind the Ace (4)", suit=suit.value))
        elif Rank.ASS in their.has:
            c.sure += 11
            c.tricks += 1 if ruffs.falls else 0
            c.lines.append(M("{suit}: the Ace {partner} announced (11)", suit=suit.value, partner=partner))
        if (mine_ace or Rank.ASS in their.has) and their.length[0] >= 4 and ruffs.second:
            c.tricks += 1
            second_round += 1
            c.lines.append(M("{suit}: {partner} showed {n} cards, another trick behind the Ace",
                             suit=suit.value, partner=partner, n=their.length[0]))
    if trump is not None:
        held = guarded_trumps(hand, trump)
        c.trump_tricks = len(held)
        if held:
            c.sure += sum(VALUE["trump"][r] for r in held)
            c.tricks += len(held)
            c.lines.append(Mn("trump {trump}: {cards} over the declarer's trumps, guarded by {length} trumps: "
                              "{n} trick", "trump {trump}: {cards} over the declarer's trumps, guarded by "
                              "{length} trumps: {n} tricks", len(held), trump=trump.value,
                              cards=cards_named(trump, held), length=hand.length(trump)))
        elif {PUUR, NELL} <= shown and hand.length(trump):
            ours = [r for r in ORDER["trump"] if hand.has(trump, r)]
            c.lines.append(Mn("trump {trump}: Puur and Nell are with the opponents; our {cards} takes no trick in the "
                              "count: to stay over theirs the {top} needs {need} trumps in the hand, not {n}",
                              "trump {trump}: Puur and Nell are with the opponents; our {cards} take no trick in the "
                              "count: to stay over theirs the {top} needs {need} trumps in the hand, not {n}", len(ours),
                              trump=trump.value, cards=cards_named(trump, ours), top=cards_named(trump, ours[:1]),
                              need=guard_length(hand, trump, ours[0]), n=len(ours)))
        if trusted:
            c.lines.append(M("trump {trump}: {seat} and partner bid {value}, above the openings' {top}: the number "
                             "shows no cards, only what they trust themselves to make, and a team bids that high on "
                             "trump control; read so, they ruff our side suits from the first round and our Aces take "
                             "no sure trick", trump=trump.value, seat=high.seat, value=high.call.value,
                             top=s.rules.opening_max))
        elif ruffs.line is not None:
            c.lines.append(ruffs.line(trump=trump.value, seat=s.auction.high.seat, length=length))
        # the declaring team's ruffing power: the trumps it has left after drawing ours
        spare = max(0, length - SPARE_PER_TRUMP * hand.length(trump)) if {PUUR, NELL} <= shown else 0
        ruffed = min(spare, second_round)
        if ruffed:
            c.sure -= 4 * min(ruffed, sum(1 for x in SUITS if x != trump and hand.has(x, Rank.ASS)
                                          and hand.has(x, Rank.KOENIG)))
            c.tricks -= ruffed
            c.lines.append(Mn("trump {trump}: {seat} and partner showed Puur and Nell with {length} trumps; after "
                              "drawing ours they keep {spare} to ruff: {n} trick in the second round is theirs",
                              "trump {trump}: {seat} and partner showed Puur and Nell with {length} trumps; after "
                              "drawing ours they keep {spare} to ruff: {n} tricks in the second round are theirs",
                              ruffed, trump=trump.value, seat=s.auction.high.seat, length=length, spare=spare))
    if c.chances:   # QA s39 F4.5: "0" read as if the Aces were worth nothing
        c.lines.append(Mn("our team is sure of {sure} + {fall} × {tricks} = {expected}; our side Ace is a chance, not "
                          "a sure trick: the opponents may take up to {rest}",
                          "our team is sure of {sure} + {fall} × {tricks} = {expected}; our {n} side Aces are "
                          "chances, none of them a sure trick: the opponents may take up to {rest}", c.chances,
                          sure=c.sure, fall=FALL_PER_TRICK, tricks=c.tricks, expected=c.expected,
                          rest=TOTAL_POINTS - c.expected))
        return c
    c.lines.append(M("our team takes about {sure} + {fall} × {tricks} = {expected}, leaving the opponents "
                     "{rest}", sure=c.sure, fall=FALL_PER_TRICK, tricks=c.tricks, expected=c.expected,
                     rest=TOTAL_POINTS - c.expected))
    return c


def trumpless_defence(hand: Hand, s, kind: str) -> Count:
    """What the hand's team takes against the opponents' Obenabe or Undenufe (QA s40 F1): no trump
    ruffs, so a card takes a trick by the game's own order, not the trump game's. Each card of a run
    from the top of its suit is a sure trick (in Undenufe the Six is the top card and the Ace the
    lowest); the cards below the run are not counted even where the cards out would fall under it:
    the declarer leads, runs his own suits and makes us discard them (practice's robots, erweitert:
    D's Eichel A K O U 9 7 against C's 100 Obenabe, doubled, made). The partner's announced Ace is a
    sure trick in Obenabe only (in Undenufe it is the suit's lowest card)."""
    c = Count()
    order, values = ORDER[kind], VALUE[kind]
    name = kind.capitalize()
    high = s.auction.high
    if MATSCH_LEADS and high is not None and high.call.value == s.rules.matsch_bid:
        tops = [cards_named(suit, [r for r in order if hand.has(suit, r)][:_run_from_top(hand, suit, order)])
                for suit in SUITS if _run_from_top(hand, suit, order)]
        n = sum(_run_from_top(hand, suit, order) for suit in SUITS)
        c.lines.append(Mn("Against {name} Matsch our {cards} from the top takes no sure trick: a Matsch is bid with "
                          "every card it needs in the team (\"alle Karten, die es dafür braucht, bei seinem Team\"), "
                          "so it wins and leads every trick and never leads a suit whose top card is ours.",
                          "Against {name} Matsch our {cards} from the top take no sure trick: a Matsch is bid with "
                          "every card it needs in the team (\"alle Karten, die es dafür braucht, bei seinem Team\"), "
                          "so it wins and leads every trick and never leads a suit whose top card is ours.", n,
                          name=name, cards=", ".join(tops)) if tops else
                       M("Against {name} Matsch nothing of ours takes a sure trick: a Matsch is bid with every card it "
                         "needs in the team (\"alle Karten, die es dafür braucht, bei seinem Team\"), so it wins and "
                         "leads every trick.", name=name))
        c.lines.append(M("our team takes about {sure} + {fall} × {tricks} = {expected}, leaving the opponents "
                         "{rest}", sure=0, fall=FALL_PER_TRICK, tricks=0, expected=0, rest=TOTAL_POINTS))
        return c
    for suit in SUITS:
        run = _run_from_top(hand, suit, order)
        if run:
            held = [r for r in order if hand.has(suit, r)][:run]
            pts = sum(values[r] for r in held)
            c.sure += pts
            c.tricks += run
            c.lines.append(Mn("{name}, {suit}: {cards} from the top, {n} sure trick: {points}",
                              "{name}, {suit}: {cards} from the top, {n} sure tricks: {points}", run,
                              name=name, suit=suit.value, cards=cards_named(suit, held), points=pts))
        elif order[0] == Rank.ASS and Rank.ASS in s.known(s.partner, suit).has:
            c.sure += values[Rank.ASS]
            c.tricks += 1
            c.lines.append(M("{suit}: the Ace {partner} announced (11)", suit=suit.value, partner=s.partner))
    c.lines.append(M("our team takes about {sure} + {fall} × {tricks} = {expected}, leaving the opponents "
                     "{rest}", sure=c.sure, fall=FALL_PER_TRICK, tricks=c.tricks, expected=c.expected,
                     rest=TOTAL_POINTS - c.expected))
    return c


def guard_length(hand: Hand, trump: Suit, rank: Rank) -> int:
    """The trumps the hand needs for its highest trump ``rank`` to take a trick over the
    declarer's (:func:`guarded_trumps`): a card for each higher trump out, and ``GUARD``."""
    order = ORDER["trump"]
    return sum(1 for x in order[:order.index(rank)] if not hand.has(trump, x)) + GUARD


def cards_named(suit: Suit, ranks) -> str:
    """Cards of one suit as a reason names them: the suit, then the ranks, as the review names a
    card ("Eichel A", "Schilten A K 8"), never a rank's letter alone, which reads as a seat (the
    Ace's A, the Banner's B: "trump Eichel: A take a trick", QA s38)."""
    return " ".join([suit.value, *(r.value for r in ranks)])


def guarded_trumps(hand: Hand, trump: Suit) -> list[Rank]:
    """The defender's trumps that take a trick: the Puur always (it need not follow
    trump); another when the hand holds, below it, a card for each higher trump out and
    one more (``GUARD``): the declarer's top trumps fall on our small ones, and it stays
    over his."""
    return _guarded({r for r in ORDER["trump"] if hand.has(trump, r)})


def _guarded(ranks: "set | frozenset") -> list[Rank]:
    """The trumps of a defender holding ``ranks`` of the trump suit that take a trick (:func:`guarded_trumps`)."""
    order = ORDER["trump"]
    held = [r for r in order if r in ranks]
    n = len(held)
    out = []
    for i, r in enumerate(held):
        above_out = sum(1 for x in order[:order.index(r)] if x not in ranks)
        if r == PUUR or n >= above_out + i + GUARD:
            out.append(r)
    return out


def doubled_trumps(hand: Hand, s, trump: Suit, c: "Count") -> tuple[int, "Line | None"]:
    """(the points a konter counts less, the line why) where the team's trump row keeps no control
    (``Holding.doubled``: Puur and Nell with five trumps): the double may hold every trump out in one
    hand, the strongest the hand and the partner's promises leave (with five in the team the four out:
    after the Puur and Nell two stay with him). Each of them that takes a trick over ours as the count's
    own defence counts its trumps (:func:`guarded_trumps`: a card below it for each higher trump out and
    one more) costs its value and what falls in; the row has left out ``Holding.short`` already. C2
    (`Eichel:97 Schellen:6 Rosen:AK7 Schilten:AK8` behind A's 110, five trumps): the count 127; the
    strongest four its hand and A's Puur leave, Eichel A K O B (the Ace guarded), 11 more: 116. Exact
    play against B's Eichel A K B 8 makes the 110 on 7 of 24 deals, the 100 on 21 (docs/interpretations.md)."""
    row = c.row
    if row is None or not row.doubled:
        return 0, None
    mine = s.known(s.partner, trump)
    length = hand.length(trump) + mine.length[0]
    free = [r for r in ORDER["trump"] if not hand.has(trump, r) and r not in mine.has]
    theirs = free[:max(0, len(ORDER["trump"]) - length)]
    taken = _guarded(frozenset(theirs))
    points = sum(VALUE["trump"][r] for r in taken) + FALL_PER_TRICK * len(taken)
    short = max(0, points - row.short)
    if not short:
        return 0, None
    return short, Mn("trump {trump}: the double may hold all {n} trumps out, {cards}: the {top} takes a trick over "
                     "ours, {points} with what falls in, {short} more than the count leaves out for them: {expected}",
                     "trump {trump}: the double may hold all {n} trumps out, {cards}: the {top} take tricks over "
                     "ours, {points} with what falls in, {short} more than the count leaves out for them: {expected}",
                     len(taken), trump=trump.value, n=len(theirs), cards=cards_named(trump, theirs),
                     top=cards_named(trump, taken), points=points, short=short,
                     expected=c.expected - short)


# -- choosing -------------------------------------------------------------------------------
def _first(readings: Sequence, kind: str, suit: "Suit | str | None" = None, value: int | None = None):
    strain = suit.value if isinstance(suit, Suit) else suit
    for r in readings:
        if r.kind == kind and (strain is None or r.call.strain == strain) \
                and (value is None or r.call.value == value):
            return r
    return None


def _hilfe(hand, s, readings, lines, standing=None):
    """The Verband's Hilfe is decided by its promises (only one of the two fits the hand).
    The common style promises only the suit: give it with the partner's other top card, the
    upper Zehner where the team holds five trumps or more, the opening's and the hand's
    (``FIVE_TRUMPS``: Puur and Nell with five trumps count 57, the four out fall under them),
    else the lower. Lesson 12's C (the Nell zu zweit behind A's Puur zu dritt): exact play makes
    80 on 56 of 56 fitting deals, and 80 Eichel brings 9.6 +- 4.7 a deal more than 70 (the
    auction after each call as the count bids it); with the Nell zu zweit and other side cards
    80 brings ten more on every one of 32 fitting deals (two hands), with the Nell alone (four
    team trumps) 70 is worth 16.9 +- 10.3 more (docs/interpretations.md; until session 42 the
    count gave the upper with three cards in the hand only)."""
    hilfen = [r for r in readings if r.kind == "hilfe"]
    if not hilfen or s.rules.hilfe == "verband":
        return hilfen[0] if hilfen else None
    suit = _suit_of(hilfen[0].call.strain)
    top = s.opened[suit].top
    wanted = {PUUR: NELL, NELL: PUUR}.get(top)
    if not (hand.has(suit, wanted) if wanted else hand.has(suit, PUUR) or hand.has(suit, NELL)):
        return None
    low, high = sorted(hilfen, key=lambda r: r.call.value)[0], max(hilfen, key=lambda r: r.call.value)
    team = hand.length(suit) + s.known(s.opened[suit].opener, suit).length[0]
    lines.append(M("Hilfe without a count (table rule): with the other top trump, twenty more where the team "
                   "holds {n} trumps or more (the opening's and the hand's), else ten.", n=FIVE_TRUMPS))
    return high if team >= FIVE_TRUMPS else low


def opening_preference(hand, suit: Suit) -> tuple[int, bool]:
    """Which of the hand's openings the count makes: the longest suit, at equal length the
    Puur before the Nell (higher is preferred). ``Situation.opening_of`` asks it too."""
    return hand.length(suit), hand.has(suit, PUUR)


def _opening(hand, s, readings, lines, standing=None):
    openings = [r for r in readings if r.kind == "opening"]
    if not openings:
        return None
    best = max(openings, key=lambda r: (*opening_preference(hand, _suit_of(r.call.strain)), r.call.value))
    if len(openings) > 1:
        lines.append(M("Of the possible openings ({calls}) this one shows the longest suit, at equal "
                       "length the Puur before the Nell.", calls=", ".join(str(r.call) for r in openings)))
    return best


def _last_word(hand, s, readings, lines, standing=None):
    """Nobody bids after this seat (``Situation.last_word``: the three others are out), so the
    number shows the partner nothing he could use, as at a table without the Ansageregeln: the
    count bids as it bids there (:func:`_plain`: the highest number its count with the partner's
    third of the rest reaches, in the strain where it reaches highest); where that finds no
    strain, the number the hand would open with (``Situation.opening_of``). QA s34 Q6 R21: D
    with the Puur third after "fort, fort, fort" opened 60 Eichel; exact play on 36 fitting
    deals: 70 Eichel +133, 80 +130, 60 +124, 90 +122."""
    if not getattr(s, "last_word", False):
        return None
    above = s.standing_value
    best = None
    for strain, c, share in _plain_counts(hand, s):
        if thin_puur(hand, _suit_of(strain)):
            share //= THIN_SHARE
        limit = min(c.expected + share, s.rules.highest_bid)
        r = _highest(readings, "confidence", strain, limit, above)
        if r is not None and (best is None or (r.call.value, c.expected) > (best[0].call.value, best[1].expected)):
            best = (r, c, share)
    if best is not None:
        r, c, share = best
        lines.extend(c.lines)
        if thin_puur(hand, _suit_of(r.call.strain)):
            lines.append(M("{suit}: the Puur without a trump above the Eight beside it: the opponents hold the Nell "
                           "and the other high trumps, and exact play on such hands at the last word makes 60 best; "
                           "the partner's share counts half.", suit=r.call.strain))
        lines.append(M("Nobody bids after this call (the three others have said fort and are out): as at a table "
                       "without the Ansageregeln the number only says what the team means to make, and the partner "
                       "is expected to hold a third of what the hand does not count, about {share}: {own} + {share} "
                       "= {total}, so {call}.", share=share, own=c.expected, total=c.expected + share,
                       call=str(r.call)))
        return r
    call = s.opening_of(hand)
    pick = None if call is None else next((r for r in readings if str(r.call) == str(call)), None)
    if pick is not None:
        lines.append(M("Nobody bids after this call (the three others have said fort and are out): the number only "
                       "says what the team means to make, and the count bids what the hand would open with, "
                       "{call}.", call=str(call)))
    return pick


def thin_puur(hand, suit: "Suit | None") -> bool:
    """The hand holds the Puur of ``suit`` with fewer than three trumps and no other trump above
    the Eight (U 7, U 6, the Puur alone): at the last word the partner's share counts half
    (``THIN_SHARE``; docs/interpretations.md, "The last word")."""
    if suit is None or not hand.has(suit, PUUR) or hand.length(suit) >= OWN_LENGTH:
        return False
    return not any(hand.has(suit, r) for r in ORDER["trump"][1:ORDER["trump"].index(Rank.EIGHT)])


def _team_suits(s) -> list[Suit]:
    return [suit for suit in SUITS if s.owner(suit) == "own"]


# The count's verdicts on the standing contract, which the deals can contradict: where the
# voice finds the standing contract made on the other side of half its deals, it says so in
# one line instead of printing the count's reasons as if they held (QA s32 Q41: "Then C and
# partner stay at 94, below their 100: double." under "C and partner make their 100 Eichel
# in 59 of 100 deals"; issue 26: "where count and evidence disagree, say so in one line").
STAY_BELOW = M("Then {seat} and partner stay at {theirs}, below their {value}: double.")
TAKE_ENOUGH = M("Then {seat} and partner take about {theirs}, enough for their {value}: no double.")
NEAR_BELOW = M("Then {seat} and partner take about {theirs}, less than a trick ({margin}) below their {value}: too "
               "close to risk twice the target points, no double.")
SURE_REACH = M("The sure {sure} alone reach {value}: konter.")
FALL_REACH = M("With what falls into the sure tricks the count reaches {expected}, a trick above {value}: konter.")
#: a verdict's message id -> (does it foresee the standing contract made?, the placeholder that
#: holds the card points it gives the declaring team)
FORESEES = {STAY_BELOW.msgid: (False, "theirs"), TAKE_ENOUGH.msgid: (True, "theirs"),
            SURE_REACH.msgid: (True, "sure"), FALL_REACH.msgid: (True, "expected")}


def _konter(hand, s, readings, lines, standing=None):
    """Konter when the contract is certain (a lay-down in either hand of the declaring
    team: all 157), or when the count with what falls into its sure tricks reaches the
    bid by a trick (``KONTER_MARGIN``: the double says the opponents hold something), or
    when it is free (failing loses the Partie anyway, kontered or not)."""
    r = _first(readings, "redouble")
    if r is None:
        return None
    high = s.auction.high
    value, strain = high.call.value, high.call.strain
    if value is None or strain is None:
        return None
    team = team_of(high.seat)
    if standing is not None and standing.wins_if_made(team, value):
        lines.append(M("Making {call} wins the Partie ({standing}), doubled or kontered: the konter gains "
                       "nothing, no konter.", call=str(high.call), standing=standing))
        return None
    if standing is not None and standing.loses_if_failed(team, value):
        lines.append(M("Failing {call} doubled loses the Partie ({standing}) anyway: the konter costs "
                       "nothing and doubles what the team writes when it makes it: konter.",
                       call=str(high.call), standing=standing))
        return r
    c = contract_count(hand, s, strain)
    lines.extend(c.lines)
    if c.lay_down and not is_misere(strain):
        lines.append(M("All nine tricks are sure: the team takes all 157 points, so the {value}: konter.",
                       value=value))
        return r
    suit = _suit_of(strain)
    short, why = doubled_trumps(hand, s, suit, c) if suit is not None else (0, None)
    if why is not None:
        lines.append(why)
    if c.sure - short >= value:
        lines.append(SURE_REACH(sure=c.sure - short, value=value))
        return r
    expected = min(TOTAL_POINTS, c.expected + FALL_PER_TRICK * c.long_tricks) - short
    if c.long_tricks:
        lines.append(Mn("trump {trump}: the team's longer trump hand holds {n} trump more than the opponents can "
                        "hold: after theirs are out it takes a trick, with {fall} for what falls in: {expected}",
                        "trump {trump}: the team's longer trump hand holds {n} trumps more than the opponents can "
                        "hold: after theirs are out each takes a trick, with {fall} for what falls in: {expected}",
                        c.long_tricks, trump=strain, n=c.long_tricks, fall=FALL_PER_TRICK, expected=expected))
    if expected >= value + KONTER_MARGIN:
        lines.append(FALL_REACH(expected=expected, value=value))
        return r
    if PARTNER_KONTER and c.control and _partner_konter(hand, s, strain, value, expected, lines):
        return r
    lines.append(M("The count reaches {expected} of {value}, not a trick above it: too uncertain for four "
                   "times the target points, no konter.", expected=expected, value=value))
    return None


def partner_number(s, strain: str) -> "int | None":
    """The partner's standing bid in ``strain`` where it reads as his own count with what this
    hand's calls promised (QA s43 F14), else None: a number that shows no cards ("Wer später in
    derselben Farbe erhöht, steigert bloss die Zahl": a bid of a suit he has bid before, or a
    number above the openings), in a suit where this hand's calls promised a top trump (its
    Hilfe or its opening, which his count counts: :func:`offence`), above the lowest Zehner
    open at his call and above the row's ``compete`` (where the trump row alone bids on,
    :func:`contest_zehner`, :func:`rebid_zehner`, ``COMPETE_FIVE``, the number shows the row,
    not a count). The count bids such a number where its count reaches it (:func:`raise_target`),
    and the simulation reads it so (:func:`raise_reaches`)."""
    high = s.auction.high
    suit = _suit_of(strain)
    if high is None or high.seat != s.partner or suit is None:
        return None
    value = high.call.value
    if value is None or value % 10 or value >= s.rules.matsch_bid or value <= COMPETE_FIVE:
        return None
    if not {PUUR, NELL} & s.known(s.seat, suit).has:
        return None
    entries = s.auction.entries
    at = next((i for i in range(len(entries) - 1, -1, -1) if entries[i] is high), None)
    if at is None:
        return None
    before = [e.call.value for e in entries[:at] if e.call.value is not None]
    again = any(e.seat == s.partner and e.call.strain == strain and e.call.value is not None for e in entries[:at])
    if not (again or value > s.rules.opening_max):
        return None
    lowest = s.rules.lowest_zehner(before[-1] if before else None)
    return value if value > lowest else None


def _partner_konter(hand, s, strain: str, value: int, own: int, lines) -> bool:
    """Konter the partner's number where it is his own count (:func:`partner_number`) and what
    this hand holds that his count leaves out, its side Aces (:func:`side_tricks`: his count
    counts his own side cards and the trumps our calls promised, none of ours), comes to a trick
    or more (``KONTER_MARGIN``) with what falls into them: the team then counts a trick above the
    number. QA s43 F14 (KH2): C with the Nell zu dritt and Rosen A K, Schilten A K behind A's 150
    Eichel, doubled: exact play makes it on every fitting deal, konter +300 a deal. Where the hand
    holds nothing his count leaves out, it leaves the konter to him, as the text's C does ("C
    überlässt ihm den Entscheid, denn A hat die Zahl gesetzt"). And only where the hand's own count
    with the partner's promises (``own``) comes within ``PARTNER_SHORT`` (two tricks) of the number:
    the rest is the partner's side cards, which his number vouches for but a double may hold. With
    C's count far below (one side Ace or one Ace and King beside the Hilfe, A's 150), exact play
    against the strongest double B's Nell zu viert allows makes the 150 on 7 and 0 of 24 deals
    (docs/interpretations.md). Only with the team's trump control (Puur and Nell with six trumps
    or more, ``_konter``'s caller): with five, B's double may hold four trumps with the Ace and
    King (C's A K, A K behind A's 110: made on 7 of 24 such deals, which the count's own konter,
    127 of 110, does not see either; docs/interpretations.md). ``PARTNER_KONTER``."""
    shown = partner_number(s, strain)
    if shown is None:
        return False
    suit = _suit_of(strain)
    points, tricks, _lines, cards = side_tricks(hand, s, suit)
    extra = points + FALL_PER_TRICK * tricks
    if extra < KONTER_MARGIN:
        lines.append(M("{partner}'s {call} is his own count, made with the trumps our calls promised; this hand "
                       "holds no side Ace that his count leaves out, so it leaves the konter to {partner}, who set "
                       "the number.", partner=s.partner, call=str(s.auction.high.call)))
        return False
    if own + PARTNER_SHORT < value:
        lines.append(M("{partner}'s {call} is his own count, and our side Aces come on top of it, but our own count "
                       "reaches only {own} of {value}, more than two tricks below: the rest rests on {partner}'s side "
                       "cards, which the double may hold: no konter.", partner=s.partner,
                       call=str(s.auction.high.call), own=own, value=value))
        return False
    lines.append(Mn("{partner}'s {call} is his own count, made with the trumps our calls promised and none of our "
                    "side cards; our {cards} comes on top of it, {extra} with what falls in: the team takes about "
                    "{points} card points, a trick or more above {value}: konter.",
                    "{partner}'s {call} is his own count, made with the trumps our calls promised and none of our "
                    "side cards; our {cards} come on top of it, {extra} with what falls in: the team takes about "
                    "{points} card points, a trick or more above {value}: konter.", tricks, partner=s.partner,
                    call=str(s.auction.high.call), cards=", ".join(cards), extra=extra,
                    points=min(TOTAL_POINTS, shown + extra), value=value))
    return True


#: the partner's number read as his count, what this hand's side Aces add on top (:func:`_partner_konter`)
PARTNER_KONTER = True

#: ... where the hand's own count comes within two tricks of the number (exact play, the strongest double)
PARTNER_SHORT = 20


def _double(hand, s, readings, lines, standing=None):
    """The double (:func:`_judge_double`), unless the hand's team holds trump control in its own
    suit and bids on over the opponents' bid (``Holding.contest``): the worked example's A
    raises over D's 95 Rosen rather than double it (QA s35 P30: exact play makes A's 140
    Eichel on 24 of 24 fitting deals, D's 110 Schellen, doubled, 15 of 24)."""
    said: list = []
    r, ground = _double_ground(hand, s, readings, said, standing)
    if r is not None and any(x.kind == "fort" for x in readings):   # in turn: the hand may bid instead
        high = s.auction.high
        if OWN_BID_FIRST and ground == ON_PARTIE:
            # the Partie's double (they win by making it, doubled or not): a bid of ours that the count
            # trusts takes the contract away from them instead, where the double only wins if they fail
            # (QA s40 F3: B's 100 Schellen made on 12 of 12 against A's 80 Eichel made on 12 of 12)
            scratch: list = []
            own = next((pick for picker in OWN_BIDS
                        if (pick := picker(hand, s, readings, scratch, standing)) is not None), None)
            if own is not None:
                lines.append(M("If {seat} and partner make their {value} they win the Partie ({standing}); the "
                               "double wins only if they fail, while {call}, a bid the count trusts, takes the "
                               "contract away from them: no double.", seat=high.seat, value=high.call.value,
                               standing=standing, call=str(own.call)))
                return None
        for suit in _team_suits(s):
            if suit.value != high.call.strain and contest_zehner(offence(hand, s, suit), s):
                lines.append(M("{suit}: the team holds Puur and Nell with {n} trumps or more and bids on over "
                               "{bid} rather than double it: its own contract brings more.",
                               suit=suit.value, n=CONTROL_LENGTH, bid=str(high.call)))
                return None
    lines.extend(said)
    return r


ON_CARDS = "cards"      # a double's ground: the count leaves the declaring team below its bid
ON_PARTIE = "partie"    # ... the Partie: they win it by making their bid, doubled or not


def _judge_double(hand, s, readings, lines, standing=None):
    """The count's double of the standing bid (the reading, None: no double), before
    :func:`_double`'s preference for a bid of ours."""
    return _double_ground(hand, s, readings, lines, standing)[0]


def _double_ground(hand, s, readings, lines, standing=None):
    """(the double, its ground: :data:`ON_CARDS` or :data:`ON_PARTIE`), (None, None) where the
    count does not double; its reasons go to ``lines``."""
    r = _first(readings, "double")
    if r is None:
        return None, None
    high = s.auction.high
    value = high.call.value
    trump = _suit_of(high.call.strain)
    silent = not any(x.kind == "fort" for x in readings)   # out of turn: "say nothing" needs its reasons
    if is_misere(high.call.strain):
        if silent:
            lines.append(M("The count does not judge a double of a Misère: no double."))
        return None, None
    c = defence(hand, s, trump)
    theirs = TOTAL_POINTS - c.expected
    team = team_of(high.seat)
    # the end rules (sidi-barrani.txt, "Bekannte Schlussvarianten"; tutor.partie): under the Bonus rule
    # a Partie ends only on the team's own bid made, so failing wins it nothing; under the Überbiet
    # rule a failed bid undoubled is taken off both teams and the Partie stays open, doubled it is
    # scored as usual: there the double is what would hand them the Partie
    end_rule = getattr(s.rules, "end_rule", "plain")
    if standing is not None and end_rule != "bonus" and standing.wins_if_failed(team, value, theirs):
        if silent:
            lines.extend(c.lines)
        points = min(theirs, value - 1)
        if end_rule == "ueberbiet":
            lines.append(M("{seat} and partner win the Partie ({standing}) if they fail their {value} doubled: "
                           "with the {points} card points the count leaves them they reach the target and stay "
                           "ahead. Undoubled, the Überbiet rule takes a failed bid off both teams and the Partie "
                           "stays open. The double would hand them the Partie: no double.", seat=high.seat,
                           standing=standing, value=value, points=points))
        else:
            lines.append(M("{seat} and partner win the Partie ({standing}) even if they fail their {value}: with "
                           "the {points} card points the count leaves them when they fail they reach the target "
                           "and stay ahead, doubled or not. The double changes nothing: no double.", seat=high.seat,
                           standing=standing, value=value, points=points))
        return None, None
    # the side tricks want a trick of margin (DOUBLE_MARGIN); a trump over the declarer's is sure
    margin = 0 if c.trump_tricks else DOUBLE_MARGIN
    if theirs + margin <= value and theirs < value:
        lines.extend(c.lines)
        lines.append(STAY_BELOW(seat=high.seat, theirs=theirs, value=value))
        return r, ON_CARDS
    if standing is not None and standing.wins_if_made(team, value) and (c.expected > 0 or c.chances):
        lines.extend(c.lines)
        lines.append(M("If {seat} and partner make their {value} they win the Partie ({standing}), doubled "
                       "or not; if they fail, our team writes twice the target points: double.",
                       seat=high.seat, value=value, standing=standing))
        return r, ON_PARTIE
    if silent:
        lines.extend(c.lines)
        lines.append(TAKE_ENOUGH(seat=high.seat, theirs=theirs, value=value) if theirs >= value or not margin else
                     NEAR_BELOW(seat=high.seat, theirs=theirs, value=value, margin=DOUBLE_MARGIN))
    return None, None


def _matsch(hand, s, readings, lines, standing=None):
    matsch: dict = {}   # the first Matsch reading per strain, as _first finds it
    for r in readings:
        if r.kind == "matsch":
            matsch.setdefault(r.call.strain, r)
    if not matsch:
        return None
    strains = [suit.value for suit in _team_suits(s) + [x for x in SUITS if s.owner(x) != "own"]]
    if s.rules.trumps == "extended":
        strains += list(TRUMPLESS)
    for strain in strains:
        r = matsch.get(strain)
        if r is None:
            continue
        kind = kind_of(strain)
        if not _lays_down(hand, kind, lambda: _partner_known(s, kind)):
            if not isinstance(kind, Suit) or not _sides_run(hand, kind):
                continue
            risk, worth = split_risk(hand, kind, _partner_known(s, kind)), matsch_risk_worth(s.rules)
            if risk > worth:
                continue
            lines.append(M("Every side card is sure from the top, and the hand's trumps draw the opponents' "
                           "unless one of them holds more trumps than the hand has above them ({risk} of deals): below the {worth} at "
                           "which the Matsch stops paying against {highest}: Matsch.",
                           risk=_percent(risk), worth=_percent(worth), highest=s.rules.highest_bid))
            return r
        if isinstance(kind, Suit):
            lines.append(M("Every card it takes is with the team: the hand's trumps above the highest the "
                           "opponents can hold are as many as their trumps at most, so theirs fall under ours, "
                           "and every side card is sure from the top: Matsch."))
        else:
            lines.append(M("{strain}: every card is part of a run from the top, each takes a trick: Matsch.",
                           strain=strain))
        return r
    return _contest_matsch(hand, s, matsch, lines)


def matsch_wins_either_way(s, standing: Standing, points: int) -> bool:
    """At the score ``standing``, a Matsch this seat declares wins its team the Partie made or
    failed, doubled or not: made, with the 157 card points; failed, with ``points`` (the count's
    card points for the team). Scored as the table scores a game (:func:`tutor.scoring.score_game`)
    and ended as the Partie ends (:func:`tutor.partie.ending`, the Überbiet rule)."""
    from tutor.partie import ending, ueberbiet

    rules, team = s.rules, team_of(s.seat)
    doubles = (False, True) if rules.doubling else (False,)
    # failed: at most 155 card points (no card counts 1, so no team takes 156: scoring refuses it)
    for cp in (TOTAL_POINTS, min(points, TOTAL_POINTS - 2)):
        for doubled in doubles:
            g = score_game(rules.matsch_bid, s.seat, cp, double=doubled, rules=rules)
            total = {t: standing.score.get(t, 0) + g.board[t] for t in ("AC", "BD")}
            if ueberbiet(rules, total, g.team, g.made, doubled, standing.target):
                total = {t: v - rules.matsch_bid for t, v in total.items()}
            over, winner = ending(rules, total, g.team, g.made, standing.target)
            if not (over and winner == team):
                return False
    return True


def _partie_matsch(hand, s, readings, lines, standing=None):
    """The Matsch where the score makes it win the Partie made or not (QA s46 F26; ``PARTIE_MATSCH``):
    nothing bids over it ("Das höchste Gebot heisst Matsch"), and failed, the team still writes the
    card points it takes ("Verfehlt es ihn, schreibt es seine Kartenpunkte"), which at this score
    reach the target ahead of the opponents, doubled or not. The team's card points: the hand's count
    in the strain and a third of what it does not count for the partner (``PARTNER_SHARE``); a sixth
    where the partner is still to call (``FAILED_MATSCH_SHARE``: he sees the cards the third only
    guesses at, and "made or not" must hold on nearly every deal, not on average). QA s46
    SC4B (B at AC 1500 : BD 1990 after A's 100 Eichel: the deals' 157 Rosen, the count's fort) and
    SC4c (A's 140 Eichel, valued by the auctions after it, where B's count let it stand: B's Matsch wins
    BD the Partie on 24 of 24 exact deals). None where that does not apply."""
    if not PARTIE_MATSCH or standing is None:
        return None
    matsch: dict = {}
    for r in readings:
        if r.kind == "matsch" and not is_misere(r.call.strain):
            matsch.setdefault(r.call.strain, r)
    if not matsch:
        return None
    # the partner still to call sees the cards the share only guesses at: the hand leaves the Matsch to him
    # unless it is nearly sure without his average (FAILED_MATSCH_SHARE); out, the average decides
    share = PARTNER_SHARE if s.partner in s.auction.out else FAILED_MATSCH_SHARE
    best = None
    for strain, r in matsch.items():
        c = contract_count(hand, s, strain)
        own = failed_matsch_count(hand, s, strain, c)
        points = own + (TOTAL_POINTS - own) // share
        # the most card points; of equal counts the team's suit, then an open one, then the hand's longest
        # trumps, then the most of its top five trumps (Puur, Nell, Ace, King, Ober)
        kind = kind_of(strain)
        trumps = isinstance(kind, Suit)
        rank = (points, {"own": 2, "open": 1}.get(s.owner(kind), 0) if trumps else 1,
                hand.length(kind) if trumps else 0,
                sum(hand.has(kind, t) for t in TOP_TRUMPS) if trumps else 0)
        if (best is None or rank > best[0]) and matsch_wins_either_way(s, standing, points):
            best = (rank, c, own, r)
    if best is None:
        return None
    (points, *_), c, own, r = best
    lines.extend(c.lines)
    if own < c.expected:
        lines.append(M("failed, the Matsch has no trump control in {trump}: the opponents' trumps ruff the side "
                       "tricks, so only the trumps count: {own}", trump=kind_of(r.call.strain).value, own=own))
    part = (M("{own} and a third of the rest for {partner}", own=own, partner=s.partner) if share == PARTNER_SHARE
            else M("{own} and a sixth of the rest for {partner}, half his usual third: he is still to call and sees "
                   "his cards, so the hand bids it only where the points come on nearly every deal",
                   own=own, partner=s.partner))
    lines.append(M("At this score ({standing}) the Matsch wins the Partie made or not: nobody can bid over it, and "
                   "failed, the team still writes the card points it takes, about {points} by the count ({part}), "
                   "which reach the target ahead of the opponents, doubled or not: {call}.",
                   standing=standing, points=points, part=part, call=str(r.call)))
    return r


#: the top five trumps in their order ("Puur (der Under) 20, Nell (die Neun) 14, Ass 11, König 4, Ober 3")
TOP_TRUMPS = (PUUR, NELL, Rank.ASS, Rank.KOENIG, Rank.OBER)


def failed_matsch_count(hand: Hand, s, strain: str, c: "Count | None" = None) -> int:
    """The hand's count of the card points its team takes in a failed Matsch in ``strain``
    (:func:`_partie_matsch`): the contract's count where the team holds trump control or the strain
    is trumpless; without control only its trumps count. In a trump game every player may ruff
    instead of following ("nach den Regeln des Schiebers"), and the opponents, who hold the top
    trumps, ruff the side Aces the contract's count trusts: q18's deal 3 (B `Schellen:B9 Rosen:76
    Schilten:AK986`, C `Schellen:OU76`): the count's 35 in Schellen are the Schilten Ace and King,
    and exact play leaves B and D fewer than 10 card points there, 80 or more in Schilten
    (``FAILED_MATSCH_TRUMPS``)."""
    c = c if c is not None else contract_count(hand, s, strain)
    kind = kind_of(strain)
    if not FAILED_MATSCH_TRUMPS or not isinstance(kind, Suit) or c.control or c.lay_down:
        return c.expected
    points, tricks, _lines, _cards = side_tricks(hand, s, kind)
    return max(0, c.expected - points - FALL_PER_TRICK * tricks)


#: a failed Matsch without trump control counts only the trumps (:func:`failed_matsch_count`)
FAILED_MATSCH_TRUMPS = True


#: the count bids the Matsch where the score makes it win the Partie made or not (:func:`_partie_matsch`)
PARTIE_MATSCH = True

#: the failed Matsch's card points for a partner still to call in :func:`_partie_matsch`: a sixth of what the
#: hand does not count, half the usual third (``PARTNER_SHARE``): he sees the cards the third only guesses at,
#: and "made or not" must hold on nearly every deal, not on average. Exact play (session 48), SC4B's B with
#: nothing (own 0) after A's 100 Eichel: B and D's card points in Schellen on 24 fitting deals reach the third's
#: 52 on 17 only, the sixth's 26 on 23; at AC 1500 : BD 1950 (a failed Matsch wins with 50) the count's 157
#: Schellen lost to fort by 401.8 +- 187.3 on the Partie (24 deals, 0 estimated, each call valued by the
#: auction after it: after B's fort D's count, with his own cards and a third for B, bids his Matsch)
FAILED_MATSCH_SHARE = 2 * PARTNER_SHARE


def _contest_matsch(hand, s, matsch: dict, lines):
    """Trump control bids on over the opponents' bid (``Holding.contest``, :func:`contest_zehner`),
    and over their highest Zehner, where no Zehner is left, with the Matsch (``CONTEST_MATSCH``,
    QA s38 F1: "as high as their cards allow"). A Matsch failed with most of the card points costs
    the team little (with p of them the opponents write 157 + 157 - p against its p), made it
    brings 314. Exact play on the real deals of four positions where the hand bids 150 over such a
    team (48 fitting deals each, seed 1, every contract solved): the Matsch brings that team +135.6
    +- 35.3 a deal over the count's earlier answer (double or fort) after A8's 150 Rosen, +99.4
    +- 28.7 after K1's 150 Schellen, +51.7 +- 22.8 after beispiel-gen-08's 150 Rosen, -19.9
    +- 25.5 after C9's 150 Schilten (docs/interpretations.md, "Trump control bids on"). None where
    that does not apply."""
    high = s.auction.high
    if not CONTEST_MATSCH or high is None or team_of(high.seat) == team_of(s.seat) \
            or s.two_zehner()[0] <= s.rules.highest_bid:
        return None
    for suit in _team_suits(s):
        r = matsch.get(suit.value)
        if r is None or suit.value == high.call.strain or not offence(hand, s, suit).contest:
            continue
        lines.append(M("Puur and Nell with {n} trumps or more in the team bid on over the opponents' {bid}, and "
                       "above it only the Matsch is left: failed with most of the card points it costs little, "
                       "made it brings {points} on the board, while fort, final, leaves the opponents their "
                       "contract: Matsch.", n=CONTROL_LENGTH, bid=str(high.call),
                       points=s.rules.matsch_target + TOTAL_POINTS))
        return r
    return None


def _percent(x: float) -> str:
    return f"{x:.1%}" if x < 0.1 else f"{x:.0%}"


def _highest(readings, kind: str, strain: str, limit: int, above: int | None = None):
    """The reading of ``kind`` in ``strain`` with the highest number up to ``limit``."""
    fits = [r for r in readings if r.kind == kind and r.call.strain == strain
            and r.call.value is not None and r.call.value <= limit
            and (above is None or r.call.value > above)]
    return max(fits, key=lambda r: r.call.value, default=None)


def _trumpless(hand, s, readings, lines, standing=None):
    """Extended variant: Obenabe, Undenufe or a Misère when its count reaches a Zehner
    and beats what the suits give the hand (no opening, or one 20 points lower)."""
    if s.rules.trumps != "extended":
        return None
    best = None
    for strain in ("Obenabe", "Undenufe", "Obenabe Misère", "Undenufe Misère"):
        c, limit = trumpless_reach(hand, s, strain)
        r = _highest(readings, "confidence", strain, limit - limit % 10)
        if r is not None and (best is None or r.call.value > best[0].call.value):
            best = (r, c)
    if best is None:
        return None
    r, c = best
    suits = [x for x in readings if x.kind in ("opening", "hilfe", "raise")]
    if suits and r.call.value < max(x.call.value for x in suits) + 20:
        return None
    lines.extend(c.lines)
    lines.append(M("{strain}: the highest Zehner the count trusts is {value}; with a trump suit the hand "
                   "would not get as far.", strain=r.call.strain, value=r.call.value))
    return r


def raise_target(hand, s, readings, suit: Suit) -> tuple[Count, int, int]:
    """(the count in ``suit``, its reach, the highest Zehner it trusts there) as the count
    raises (:func:`raise_call`): with control, or on quick tricks beside the team's Puur
    (the partner's promises count), against the opponents' bid up to the trump row's
    ``compete`` and at least to the lowest Zehner above it within its ``contest``, no higher
    than its ``ceiling`` where a lower Zehner is open (``readings``: the seat's legal calls)."""
    high = s.auction.high
    # against the opponents' bid, or the partner's Ass-Ansage that would stand (partner_ace_stands)
    ace = partner_ace_stands(s)
    theirs = high is not None and (team_of(high.seat) != team_of(s.seat) or ace)
    c = offence(hand, s, suit)   # with control, or on quick tricks beside the team's Puur
    # against the opponents' bid the team's trumps alone may carry it on (Holding.compete,
    # Holding.contest); over the team's own bid, with both opponents out, its control
    # counts more (alone_count)
    reach = (max(c.expected, c.compete, contest_zehner(c, s), rebid_zehner(c, s, suit, readings, hand),
                 alone_count(c, s) if ace else 0) if theirs
             else max(c.expected, alone_count(c, s)))
    limit = min(reach, s.rules.highest_bid)
    target = limit - limit % 10
    if c.ceiling and target > c.ceiling:
        # above the row's ceiling only where no lower Zehner is open (Holding.ceiling)
        open_ = [x.call.value for x in readings if x.kind in ("raise", "confidence")
                 and x.call.strain == suit.value and x.call.value is not None and x.call.value % 10 == 0]
        target = max(c.ceiling, min(open_, default=target))
    return c, reach, target


def contest_zehner(c: Count, s) -> int:
    """The lowest Zehner above the opponents' standing bid where the team's trump row bids on
    to it whatever its side cards (``Holding.contest``: trump control, which the opponents'
    Ass-Ansage counts on, "sicher, dass A und C mit ihren
    mindestens sechs Eichel weiterbieten"); 0 where it does not."""
    lowest = s.two_zehner()[0]
    return lowest if c.contest and lowest <= c.contest else 0


def rebid_share(c: Count, s, suit: Suit) -> int:
    """What the opener expects from the partner where the opponents hold the standing bid over
    the suit this hand opened and the partner has shown nothing in it (no Hilfe): a third of what
    the hand does not count (``PARTNER_SHARE``, as at a table without the Ansageregeln,
    :func:`_plain`); 0 where that does not apply (:func:`rebid_zehner`)."""
    o = s.opened.get(suit)
    if o is None or c.lay_down or not COMPETE_RAISE and o.opener != s.seat:
        return 0
    # the opener, where the partner has shown nothing in the suit; the partner of the opener,
    # where this hand has shown nothing in it yet (the opener's unknown cards are his share)
    other = {s.seat: s.partner, s.partner: s.seat}.get(o.opener)
    shown = s.known(other, suit) if other is not None else None
    if shown is None or shown.has or shown.length[0]:
        return 0
    return (TOTAL_POINTS - c.expected) // PARTNER_SHARE


def rebid_zehner(c: Count, s, suit: Suit, readings=None, hand=None) -> int:
    """The lowest Zehner above the opponents' standing bid where the opener bids again in the
    suit he opened (:func:`rebid_share`: the partner has shown nothing in it), when his count and
    the partner's share reach it or come within the wide margin (:func:`rebid_ground`); 0 where not."""
    lowest, why = rebid_ground(c, s, suit, readings, hand)
    return lowest if why in ("reach", "wide") else 0


def rebid_ground(c: Count, s, suit: Suit, readings=None, hand=None) -> tuple[int, str]:
    """(the lowest Zehner above the opponents' standing bid in the suit the team opened, why the
    opener bids it again or not): "reach" where his count and the partner's share reach it,
    "wide" where they come within the wide margin, "ace" where they come that close but the hand's
    Ace announcement comes first, "short" where they stay further below, "" where the rebid does
    not apply (the partner has shown cards in the suit, or no raise is left). One ground for the
    rebid (:func:`rebid_zehner`) and for the fort's line (:func:`_no_rebid`).

    "Wer später in derselben Farbe erhöht, steigert bloss die Zahl": the rebid shows no cards, it
    says what the team trusts itself to make, and fort leaves the opponents a contract they make on
    most deals. The lowest Zehner, as the text's A bids it ("der kleinste Zehner über der 95 von D")
    and as trump control bids on (:func:`contest_zehner`): exact play makes it more often than a
    higher one pays where the partner's fort has denied the Hilfe. QA s36 P34: A with the Puur zu
    dritt, Eichel A, Schilten A K after `60 Rosen, 70 Schellen, fort, fort` counted 76 and said
    fort; exact play makes 80 Rosen on 14 of 16 fitting deals at either table
    (docs/interpretations.md, "The opener bids again"). Up to 120 (``COMPETE_WIDE_UP_TO``) the team
    bids it already when count and share come within ``COMPETE_WIDE`` of it: on practice's deals,
    every seat the count, the changed auctions' contracts solved on their real deals, bidding on
    brought more than fort; above 120, where the five-trump 130s over 120 or 125 were worth no more
    than fort by exact play, it wants the number itself; and not where ``hand`` has an Ace
    announcement the conventions give (:func:`_ace`: the opponents hold trump control and bid on, so
    the Ace is the information the partner needs, lesson 7's A with their Schellen Ace after `60
    Eichel, 70 Schellen, 75 Rosen, 90 Schellen`)."""
    share = rebid_share(c, s, suit)
    lowest = s.two_zehner()[0] if readings is None else min(
        (x.call.value for x in readings if x.kind in ("raise", "confidence") and x.call.strain == suit.value
         and x.call.value is not None and x.call.value % 10 == 0), default=0)
    if not (share and lowest):
        return lowest, ""
    if c.expected + share >= lowest:
        return lowest, "reach"
    if c.expected + share + wide_margin(lowest) < lowest:
        return lowest, "short"
    informs = hand is not None and readings is not None and _ace(hand, s, readings, []) is not None
    return lowest, "ace" if informs else "wide"


def wide_margin(lowest: int) -> int:
    """How far below the lowest raise ``lowest`` count and share may stay for the rebid:
    ``COMPETE_WIDE`` up to ``COMPETE_WIDE_UP_TO``, none above."""
    return COMPETE_WIDE if lowest <= COMPETE_WIDE_UP_TO else 0


def alone_count(c: Count, s) -> int:
    """The count with the team's trump control (Puur and Nell with six trumps, the row
    with ``contest``) where both opponents are out, their fort final: the trumps count
    ``OUT_CONTROL``, not the row's 62 + 5, beside the same side tricks; 0 where that does not
    apply. The opponents' forts deny every opening and Hilfe they could have bid, so the side
    cards the count does not see lie with the partner more often than not: exact play after
    the Puur zu dritt's opening and the partner's Hilfe (the Nell zu dritt or more), the opponents
    out, makes 100 on every fitting deal whatever the side cards (docs/interpretations.md,
    "Trump control with the opponents out")."""
    out = s.rules.fort_final and all(o in s.auction.out for o in opponents_of(s.seat))
    if not (out and c.contest and c.row is not None and c.row.points < OUT_CONTROL):
        return 0
    return c.expected + OUT_CONTROL - c.row.points


def raise_call(hand, s, readings, suit: Suit):
    """The count's raise in ``suit`` (:func:`_raise`, one suit): (the reading of the highest
    Zehner it trusts there, its count, its reach, whether it is the next Zehner above a Hilfe
    the hand cannot give), None where ``readings`` hold no such call. The simulation reads
    another seat's raise by it (``simulation._count_reads``: his count reaches his number)."""
    c, reach, target = raise_target(hand, s, readings, suit)
    r = _first(readings, "raise", suit, target) or _first(readings, "confidence", suit, target)
    blocked = False
    if r is None and (s.standing_value is None or target > s.standing_value):
        # the count's Zehner is a Hilfe the hand cannot give (it promises the top trump the
        # hand lacks): fort would be final, so the hand bids the next Zehner, a trick above
        r = _first(readings, "raise", suit, target + 10) or _first(readings, "confidence", suit, target + 10)
        blocked = r is not None
    return None if r is None else (r, c, reach, blocked)


def raise_reaches(hand, s, readings, strain: str, value: int) -> bool:
    """The count raises to ``value`` or higher in ``strain`` with ``hand`` (:func:`raise_call`;
    ``readings``: the seat's legal calls there)."""
    suit = _suit_of(strain)
    found = raise_call(hand, s, readings, suit) if suit is not None else None
    return found is not None and found[0].call.value >= value


def trumpless_reach(hand, s, strain: str) -> tuple[Count, int]:
    """(the hand's count in Obenabe, Undenufe or a Misère, the highest number it trusts
    there): its own count, nothing from the partner (:func:`_trumpless`)."""
    c = contract_count(hand, s, strain)
    return c, min(c.expected, s.rules.highest_bid)


def trumpless_reaches(hand, s, strain: str, value: int) -> bool:
    """The count trusts ``value`` or more in ``strain`` (Obenabe, Undenufe, a Misère) with
    ``hand`` (:func:`trumpless_reach`). The simulation reads another seat's number there by it
    at a table with the Ansageregeln, where they agree no Ansagen for these strains."""
    return trumpless_reach(hand, s, strain)[1] >= value


def _raise(hand, s, readings, lines, standing=None):
    best = None
    for suit in _team_suits(s):
        found = raise_call(hand, s, readings, suit)
        if found is not None and (best is None or found[2] > best[2]):
            best = found
    high = s.auction.high
    if best is None:
        _no_rebid(hand, s, readings, lines)
        return None
    r, c, reach, blocked = best
    suit_of_call = _suit_of(r.call.strain)
    lines.extend(c.lines)
    if blocked:
        lines.append(M("The count's Zehner, {value}, is the Hilfe that promises the other top trump, which the hand "
                       "does not hold; fort would be final and leave the team's suit to the opponents: the hand "
                       "bids the next Zehner, {next}, within a trick of its {expected}.",
                       value=r.call.value - 10, next=r.call.value, expected=c.expected))
    contest = contest_zehner(c, s) if high is not None and team_of(high.seat) != team_of(s.seat) else 0
    contested = bool(contest) and r.call.value == reach == contest > max(c.expected, c.compete)
    rebid = not contested and r.call.value == reach > c.expected and rebid_zehner(c, s, suit_of_call, readings, hand) == reach
    ace_stands = r.call.value > c.expected and partner_ace_stands(s)
    if ace_stands:
        # the partner's Ass-Ansage would stand: the hand bids on as over the opponents' bid
        _partner_ace_line(c, s, suit_of_call, r.call.value, rebid, lines)
    elif contested:
        lines.append(M("Puur and Nell with {n} trumps or more in the team bid on over the opponents' {bid} at the "
                       "lowest Zehner, {contest}, whatever the side cards (an Ass-Ansage counts on it: the "
                       "announcer is \"sure that they bid on\"): exact play makes it on nearly every deal that "
                       "fits, while fort, final, leaves the opponents their contract.",
                       n=CONTROL_LENGTH, bid=str(high.call), contest=contest))
    elif reach > c.expected and alone_count(c, s) == reach:
        lines.append(M("Both opponents are out, their forts denying every opening and Hilfe they could have "
                       "bid: with Puur and Nell and {n} trumps the team counts {points} for its trumps, not "
                       "{row} (exact play makes {points} on every fitting deal, whatever the side cards): {reach}.",
                       n=CONTROL_LENGTH, points=OUT_CONTROL, row=c.row.points, reach=reach))
    elif rebid and c.expected + rebid_share(c, s, suit_of_call) < reach:
        # count and share come within COMPETE_WIDE of the lowest Zehner, not up to it
        share = rebid_share(c, s, suit_of_call)
        whose = M("{partner} opened", partner=s.partner) if s.opened[suit_of_call].opener == s.partner \
            else M("this hand opened")
        lines.append(M("The opponents bid over {suit}, which {whose}, and {partner} is expected to hold a third of what "
                       "the hand does not count, about {share}: {own} + {share} = {total}, within {wide} of {value}, "
                       "the lowest raise above their {bid}. A team bids on at that number when its count comes that "
                       "close: fort would leave the opponents their contract, and on practice's deals bidding on "
                       "brought more than fort.", suit=r.call.strain, whose=whose, partner=s.partner, share=share,
                       own=c.expected, total=c.expected + share, wide=COMPETE_WIDE, value=r.call.value,
                       bid=str(high.call)))
    elif rebid and s.opened[suit_of_call].opener == s.partner:
        share = rebid_share(c, s, suit_of_call)
        lines.append(M("The opponents bid over {suit}, which {partner} opened: his opening showed only its top trump "
                       "and length, and {partner} is expected to hold a third of what the hand does not count, about "
                       "{share}: {own} + {share} = {total}, enough for {value}, the lowest raise above their {bid}. "
                       "Fort would leave the opponents their contract.", suit=r.call.strain, partner=s.partner,
                       share=share, own=c.expected, total=c.expected + share, value=r.call.value,
                       bid=str(high.call)))
    elif rebid:
        share = rebid_share(c, s, suit_of_call)
        lines.append(M("The opponents bid over {suit}, which this hand opened, and {partner} has shown nothing in "
                       "it: a later number in the suit only raises the number, and {partner} is expected to hold a "
                       "third of what the hand does not count, about {share}: {own} + {share} = {total}, enough for "
                       "the lowest Zehner above their {bid}. Fort would leave the opponents their contract.",
                       suit=r.call.strain, partner=s.partner, share=share, own=c.expected, total=c.expected + share,
                       bid=str(high.call)))
    elif reach > c.expected:
        lines.append(M("Puur and Nell with {n} trumps in the team go on against the opponents' {bid} up to {compete} "
                       "whatever the side cards: exact play makes {compete} on seven deals in ten or more even "
                       "without a side Ace, and fort leaves the opponents their contract.",
                       n=FIVE_TRUMPS, bid=str(high.call), compete=c.compete))
    capped = bool(c.ceiling) and r.call.value == c.ceiling and min(c.expected, s.rules.highest_bid) >= c.ceiling + 10
    if capped:
        lines.append(c.row.why_ceiling(n=c.row.length, ceiling=c.ceiling, expected=c.expected))
    team = team_of(s.seat)
    if standing is not None:
        low = min((x for x in readings if x.kind in ("raise", "confidence") and x.call.strain == r.call.strain
                   and x.call.value is not None and x.call.value % 10 == 0
                   and standing.wins_if_made(team, x.call.value)),
                  key=lambda x: x.call.value, default=None)
        if low is not None and low.call.value < r.call.value:
            lines.append(M("{value} already wins the Partie ({standing}): a higher bid gains nothing and is "
                           "only harder to make.", value=low.call.value, standing=standing))
            return low
    if capped or contested or rebid or ace_stands:   # the line above says why this Zehner
        return r
    if r.call.value + 10 <= s.rules.highest_bid:
        lines.append(M("The team writes the number it bid: the highest Zehner it trusts is {value}; {more} "
                       "would be too much.", value=r.call.value, more=r.call.value + 10))
    else:   # above the highest Zehner the ladder goes on with the Matsch alone
        lines.append(M("The team writes the number it bid: the highest Zehner it trusts is {value}; the Matsch "
                       "({matsch}) would be too much.", value=r.call.value, matsch=s.rules.matsch_bid))
    return r


def _partner_ace_line(c: Count, s, suit: Suit, value: int, rebid: bool, lines) -> None:
    """Why the hand bids ``value`` in ``suit`` over the partner's standing Ass-Ansage
    (:func:`partner_ace_stands`): the partner's share where the rebid reaches it (or comes within
    the wide margin), else the team's trump row (``compete``)."""
    bid, partner = str(s.auction.high.call), s.partner
    lines.append(M("{partner}'s {bid} announced his Ace, and both opponents are out: fort would end the bidding "
                   "and leave the team to play the {bid}, a contract nobody meant. So {seat} bids on in {suit} as "
                   "over an opponents' bid.", partner=partner, bid=bid, seat=s.seat, suit=suit.value))
    share = rebid_share(c, s, suit) if rebid else 0
    if not share:
        lines.append(M("The team's trumps carry {value} whatever the side cards: {row}.", value=value,
                       row=c.row.line(trump=suit.value, length=c.row.length, points=c.row.points,
                                      need=CONTROL_LENGTH, trump_points=TRUMP_POINTS, last=LAST_TRICK,
                                      short=FIVE_TRUMPS_SHORT)))
    elif c.expected + share >= value:
        lines.append(M("{partner} is expected to hold a third of what the hand does not count, about {share}: "
                       "{own} + {share} = {total}, enough for {value}, the lowest Zehner above the {bid}.",
                       partner=partner, share=share, own=c.expected, total=c.expected + share, value=value,
                       bid=bid))
    else:
        lines.append(M("{partner} is expected to hold a third of what the hand does not count, about {share}: "
                       "{own} + {share} = {total}, within {wide} of {value}, the lowest Zehner above the {bid}: a "
                       "team bids on at that number when its count comes that close.", partner=partner,
                       share=share, own=c.expected, total=c.expected + share, wide=wide_margin(value),
                       value=value, bid=bid))


def _no_rebid(hand, s, readings, lines) -> None:
    """Where the opener leaves the suit he opened to the opponents' bid (:func:`rebid_zehner` does
    not reach), the count's reason, so that his fort is not explained as a hand's that never opened
    (in turn only: out of turn the hand may only double). His partner's fort keeps the conventions'
    reasons."""
    high = s.auction.high
    if high is None or team_of(high.seat) == team_of(s.seat) or not any(x.kind == "fort" for x in readings):
        return      # out of turn: the hand may only double
    for suit in _team_suits(s):
        c = offence(hand, s, suit)
        share = rebid_share(c, s, suit)
        if share and s.opened[suit].opener == s.partner:
            return      # the partner's fort keeps the conventions' reasons (the Hilfe he cannot give)
        lowest, why = rebid_ground(c, s, suit, readings, hand)
        wide = wide_margin(lowest)
        if why == "ace":
            # within the wide margin, but the hand's Ace announcement comes first
            lines.append(M("{suit}, which this hand opened: its count {own} and about {share} for what {partner} may "
                           "hold make {total}, within {wide} of {lowest}, the lowest Zehner above the opponents' "
                           "{bid}; but they bid on over it, so the hand gives {partner} the information instead of "
                           "the number.", suit=suit.value, own=c.expected, share=share, partner=s.partner,
                           total=c.expected + share, wide=wide, lowest=lowest, bid=str(high.call)))
            return
        if why == "short" and wide:
            lines.append(M("{suit}, which this hand opened: its count {own} and about {share} for what {partner} may "
                           "hold (a third of what the hand does not count) make {total}, more than {wide} below "
                           "{lowest}, the lowest Zehner above the opponents' {bid}: fort.", suit=suit.value,
                           own=c.expected, share=share, partner=s.partner, total=c.expected + share, wide=wide,
                           lowest=lowest, bid=str(high.call)))
            return
        if why == "short":
            lines.append(M("{suit}, which this hand opened: its count {own} and about {share} for what {partner} may "
                           "hold (a third of what the hand does not count) make {total}, below {lowest}, the lowest "
                           "Zehner above the opponents' {bid}: fort.", suit=suit.value, own=c.expected, share=share,
                           partner=s.partner, total=c.expected + share, lowest=lowest, bid=str(high.call)))
            return


def _plain(hand, s, readings, lines, standing=None):
    """A table without the Ansageregeln: the partner's calls show no cards, so he is
    expected to hold his share (``PARTNER_SHARE``: a third) of the trumps, and, in a suit
    whose Puur the hand holds or that it controls, of the points the hand does not count.
    The hand bids the highest number that count reaches, in the strain where it reaches
    highest: such a suit, or any strain where the hand's own count reaches the lowest bid
    without a share (a suit without its Puur, where the opponents hold the top trumps; at
    an extended table Obenabe, Undenufe and the Misère: exact play makes Obenabe's count
    with what falls in, not more, and the Misère's count holds the partner's cards)."""
    best = None
    for strain, c, share in _plain_counts(hand, s):
        limit = min(c.expected + share, s.rules.highest_bid)
        r = _highest(readings, "confidence", strain, limit)
        if r is not None and (best is None or (r.call.value, c.expected) > (best[0].call.value, best[1].expected)):
            best = (r, c, share)
    if best is None:
        standing = s.standing_value
        lines.append(M("Without the Ansageregeln the number only says what the team means to make, and the "
                       "count finds no suit where it trusts even the lowest bid, {lowest}: fort.",
                       lowest=s.rules.lowest_bid) if standing is None else
                     M("Without the Ansageregeln the number only says what the team means to make, and the "
                       "count finds no suit where it trusts a bid above {standing}: fort.", standing=standing))
        return None
    r, c, share = best
    lines.extend(c.lines)
    partner_bid = _partner_bids(s).get(r.call.strain)
    said, mine, shown = partner_count(s, r.call.strain, partner_bid) if partner_bid is not None else (None, None, 0)
    if partner_bid is not None and share == said and mine is None:
        lines.append(M("{partner} bid {value} {strain}: at a table without the Ansageregeln that says his own count "
                       "is at least {share} (with a third of the rest expected from this hand); with this hand's "
                       "{own}: {share} + {own} = {total}.", partner=s.partner, value=partner_bid,
                       strain=r.call.strain, share=share, own=c.expected, total=c.expected + share))
    elif partner_bid is not None and share == said:
        lines.append(M("{partner} bid {value} {strain} over this hand's {mine}: at a table without the Ansageregeln "
                       "that says his own count and the {shown} this hand's {mine} showed reach {value}, so his own "
                       "is at least {share}; with this hand's {own}: {share} + {own} = {total}.", partner=s.partner,
                       value=partner_bid, strain=r.call.strain, mine=mine, shown=shown, share=share,
                       own=c.expected, total=c.expected + share))
    elif share:
        lines.append(M("Without the Ansageregeln the partner's calls show no cards: he is expected to hold a "
                       "third of what the hand does not count, about {share}: {own} + {share} = {total}.",
                       share=share, own=c.expected, total=c.expected + share))
    lines.append(M("Without the Ansageregeln the number only says what the team means to make: the highest "
                   "the count trusts is {value} (the partner holds his share of the trumps).", value=r.call.value)
                 if isinstance(kind_of(r.call.strain), Suit) and partner_bid is None else
                 M("Without the Ansageregeln the number only says what the team means to make: the highest "
                   "the count trusts is {value}.", value=r.call.value))
    return r


def partner_own(value: int) -> int:
    """The least count of his own with which a partner bids ``value`` at a table without
    the Ansageregeln, where a bid is the bidder's count and a third of the rest
    (``PARTNER_SHARE``, :func:`_plain`): own + (157 - own) / 3 = value."""
    return max(0, (PARTNER_SHARE * value - TOTAL_POINTS) // (PARTNER_SHARE - 1))


def partner_count(s, strain: str, value: int) -> "tuple[int, int | None, int]":
    """(the least own count the partner's ``value`` in ``strain`` shows at a table without the
    Ansageregeln, this hand's highest number in ``strain`` before it or None, the own count that
    number showed). A number there is its bidder's own count and what he expects from his
    partner (:func:`plain_count`, the count that bid it): a third of the rest where the partner
    has not bid the strain (:func:`partner_own`), else the own count the partner's number there
    showed. So a raise over this hand's own number shows his own count as the raise less what
    that number showed: C's 90 Eichel over A's 70 (A's 26) shows 64 of C's own, not the 56 a 90
    shows alone (QA s37 Q3, N10). The simulation deals his number by the same rule
    (``simulation._count_reads``, :func:`plain_reaches`)."""
    shown: dict = {}     # seat -> the own count his highest number in the strain showed
    mine = None
    for e in s.auction.entries:
        v = e.call.value
        if e.call.strain != strain or v is None or v == s.rules.matsch_bid or e.seat not in (s.seat, s.partner):
            continue
        other = s.partner if e.seat == s.seat else s.seat
        said = partner_own(v) if other not in shown else max(0, v - shown[other])
        if e.seat == s.partner and v == value:
            return said, mine, shown.get(s.seat, 0)
        shown[e.seat] = said
        if e.seat == s.seat:
            mine = v
    return partner_own(value), None, 0


def _partner_bids(s) -> dict[str, int]:
    """The partner's highest bid per strain in this auction (his number at a table without
    the Ansageregeln: what his count trusts, with a third of the rest from this hand)."""
    out: dict[str, int] = {}
    for e in s.auction.entries:
        v, strain = e.call.value, e.call.strain
        if e.seat == s.partner and v is not None and strain and v != s.rules.matsch_bid:
            out[strain] = max(v, out.get(strain, 0))
    return out


def plain_share(hand, s, suit: Suit) -> tuple[Count, int]:
    """At a table without the Ansageregeln, the hand's count in ``suit`` where the partner
    has not bid it, and what it expects the partner to add: a third of the rest
    (``PARTNER_SHARE``) with the suit's Puur or control, nothing where it lays down or
    lacks both. The simulation deals a partner's number by the same rule."""
    c = offence(hand, s, suit, partner_share=(9 - hand.length(suit)) // PARTNER_SHARE)
    if not c.lay_down and (hand.has(suit, PUUR) or c.control):
        return c, (TOTAL_POINTS - c.expected) // PARTNER_SHARE
    return c, 0


def _plain_counts(hand, s):
    """(strain, the hand's count, what the partner adds) for each strain the hand may bid
    at a table without the Ansageregeln (:func:`_plain`): in a strain the partner bid, his
    own count his number says (:func:`partner_own`) beside this hand's own count (the hand
    plays his suit as his partner: its trumps and side tricks add to his); elsewhere his
    expected share."""
    partner = _partner_bids(s)
    strains = [suit.value for suit in SUITS]
    if s.rules.trumps == "extended":
        strains += ["Obenabe", "Undenufe", "Obenabe Misère", "Undenufe Misère"]
    for strain in strains:
        found = plain_count(hand, s, strain, partner.get(strain))
        if found is not None:
            yield (strain, *found)


def plain_count(hand, s, strain: str, partner: "int | None" = None) -> "tuple[Count, int] | None":
    """(the hand's count, what the partner adds) in ``strain`` at a table without the
    Ansageregeln (:func:`_plain_counts`, one strain), ``partner`` the partner's highest
    number in it so far (None: he has not bid it); None where the count would not bid the
    strain at all. The simulation deals every other seat's number by it
    (``simulation._count_reads``)."""
    suit = _suit_of(strain)
    if suit is None:     # Obenabe, Undenufe, a Misère: the hand's own count, no share
        c = contract_count(hand, s, strain)
        return (c, 0) if c.lay_down or c.expected >= s.rules.lowest_bid else None
    if partner is not None:
        c = offence(hand, s, suit)
        if not c.lay_down:
            _partner_suit_trumps(hand, s, suit, c, partner)
        return c, 0 if c.lay_down else partner_count(s, strain, partner)[0]
    if hand.length(suit) < OWN_LENGTH and any(
            hand.length(x) >= OWN_LENGTH for x in SUITS if x.value in _partner_bids(s)):
        return None     # a short suit of its own is not bid over the partner's suit the hand fits
    c, share = plain_share(hand, s, suit)
    if c.lay_down or hand.has(suit, PUUR) or c.control \
            or (c.expected >= s.rules.lowest_bid and hand.length(suit) >= OWN_LENGTH):
        return c, share
    return None


def _partner_suit_trumps(hand, s, suit: Suit, c: Count, value: int) -> None:
    """At a table without the Ansageregeln, in the suit the partner bid (his ``value`` shows his
    own count there, :func:`partner_own`), what the hand's trumps add beside his.

    Where the hand holds the Nell and not the Puur, the Puur is the partner's: the count bids a
    suit at this table on its Puur (:func:`plain_count`: without it only on three cards whose
    own count reaches the lowest bid, which the Nell in this hand all but rules out). He holds
    the Puur and his third of the other trumps the hand does not hold (``PARTNER_SHARE``), so
    the team's trump row is Puur and Nell with the hand's trumps and his; his number counted
    the Puur's trick (20), the hand adds the rest of the row (Puur and Nell with five trumps:
    57 - 20). QA s37 Q3: C with Eichel 9 K, Schellen A, Schilten A behind A's 70 Eichel counted
    42 and said fort over B's 80 Rosen; exact play on the deals the simulation draws makes 100
    Eichel on 16 of 16 (docs/interpretations.md).

    Elsewhere the hand's trumps that take a trick over whatever the opponents hold
    (:func:`guarded_trumps`, the defence's rule: a card below for each higher trump out, and one
    more) count with their points and 10 each for what falls in, where the trump row has not
    counted them (it counts the Puur's 20 without control, all 62 with it). QA s36 Q4: C with
    Schilten 9 A K 7 behind the partner's 70 Schilten counted nothing for them and bid 100
    Eichel on Eichel U 8."""
    if c.row is None or c.row.control:
        return
    n = hand.length(suit)
    if hand.has(suit, NELL) and not hand.has(suit, PUUR):
        theirs = 1 + (9 - n - 1) // PARTNER_SHARE
        row = holding({PUUR, NELL}, n + theirs)
        full = row.points - VALUE["trump"][PUUR]
        gain = full
        if row.ceiling:   # Puur and Nell with five trumps: not above the row's ceiling (Holding.ceiling)
            gain = min(gain, row.ceiling - c.expected - partner_count(s, suit.value, value)[0])
        if gain > 0:
            c.sure += gain
            c.control = c.control or row.control
            c.row = row
            c.lines.pop()    # the total, written again below
            said = dict(trump=suit.value, partner=s.partner, value=value, theirs=theirs, n=n, length=n + theirs,
                        row=row.points, puur=VALUE["trump"][PUUR], gain=gain, ceiling=row.ceiling)
            c.lines[0] = (M("trump {trump}: at this table the count bids a suit on its Puur, so {partner}'s {value} "
                            "{trump} holds the Puur, with about {theirs} trumps in all: with the Nell and {n} trumps in "
                            "this hand the team holds Puur and Nell with {length} trumps, {row} for its trumps; his "
                            "number counted the Puur's {puur}, this hand adds {gain}", **said) if gain == full else
                          M("trump {trump}: at this table the count bids a suit on its Puur, so {partner}'s {value} "
                            "{trump} holds the Puur, with about {theirs} trumps in all: with the Nell and {n} trumps in "
                            "this hand the team holds Puur and Nell with {length} trumps, {row} for its trumps; but "
                            "with five trumps an opponent may keep one and ruff, and the team bids no higher than "
                            "{ceiling} on them: this hand adds {gain}", **said))
            c.lines.append(M("sure: {sure}; plus {fall} per sure side trick for the others' cards: {falls}; "
                             "together {total}", sure=c.sure, fall=FALL_PER_TRICK, falls=FALL_PER_TRICK * c.tricks,
                             total=c.expected))
            return
    held = [r for r in guarded_trumps(hand, suit) if not (r == PUUR and PUUR in c.row.top)]
    if held:
        c.sure += sum(VALUE["trump"][r] for r in held)
        c.tricks += len(held)
        c.lines.pop()    # the total, written again below
        c.lines.append(Mn("trump {trump}: {cards} takes a trick over the opponents' trumps, guarded by {length} "
                              "trumps: {n} trick", "trump {trump}: {cards} take a trick over the opponents' trumps, "
                              "guarded by {length} trumps: {n} tricks", len(held), trump=suit.value,
                              cards=cards_named(suit, held), length=hand.length(suit)))
        c.lines.append(M("sure: {sure}; plus {fall} per sure side trick for the others' cards: {falls}; "
                         "together {total}", sure=c.sure, fall=FALL_PER_TRICK, falls=FALL_PER_TRICK * c.tricks,
                         total=c.expected))


def plain_reaches(hand, s, strain: str, value: int, partner: "int | None" = None) -> bool:
    """The count at a table without the Ansageregeln bids ``value`` or more in ``strain``
    with ``hand`` (:func:`_plain`: the highest number its count and the partner's share
    reach, all 157 where it lays down)."""
    found = plain_count(hand, s, strain, partner)
    if found is None:
        return False
    c, share = found
    return c.lay_down or min(c.expected + share, s.rules.highest_bid) >= value


def _want(hand, s, readings, lines, standing=None):
    for r in readings:
        if r.kind != "want":
            continue
        suit = _suit_of(r.call.strain)
        opener = s.opened[suit]
        missing = PUUR if opener.top == NELL else None
        if missing and hand.has(suit, missing) and hand.length(suit) >= WANT_LENGTH:
            lines.append(M("The opponents opened {suit} with the Nell; {seat} holds the Puur and {n} cards: "
                           "\"we want your suit\".", suit=suit.value, seat=s.seat, n=hand.length(suit)))
            return r
    return None


def _ace(hand, s, readings, lines, standing=None):
    aces = [r for r in readings if r.kind == "ace"]
    if not aces:
        return None
    bidding_on = [o for o in opponents_of(s.seat) if o not in s.auction.out]
    if not bidding_on:
        return None
    fit = [suit for suit in SUITS
           if {PUUR, NELL} <= set().union(*(s.known(o, suit).has for o in opponents_of(s.seat)))
           and sum(s.known(o, suit).length[0] for o in opponents_of(s.seat)) >= CONTROL_LENGTH]
    if not fit or not bidding_on:
        return None
    best = max(aces, key=lambda r: sum(VALUE["plain"][x] for x in hand.suit(_suit_of(r.call.strain))))
    lines.append(M("The opponents hold Puur and Nell of {suit} with at least {n} cards: they will bid on. "
                   "So the Ace can be shown without being left to play.", suit=fit[0].value, n=CONTROL_LENGTH))
    return best


def partner_ace_stands(s) -> bool:
    """The standing bid is the partner's Ass-Ansage (a Fünfer that promised its Ace) and both
    opponents are out (their forts final): the hand's fort ends the bidding and leaves the team
    the announcer's Fünfer to play, a contract nobody meant (the Ace is "eine Auskunft an den
    Partner", announced by a player who no longer expects to play). Then the hand raises in its
    team's suit as over the opponents' bid (``PARTNER_ACE``; :func:`raise_target`: the partner's
    share, the trump rows' ``compete``, the wide margin). Where an opponent is still in, he may
    bid over the Fünfer himself (the worked example's B after A's fort, with A and C's trump
    control behind: exact play, fort; docs/interpretations.md, "The partner's standing Ass-Ansage")."""
    high = s.auction.high
    if not PARTNER_ACE or high is None or high.seat != s.partner or high.call.value is None \
            or high.call.value % 10 != 5:
        return False
    suit = _suit_of(high.call.strain)
    return suit is not None and Rank.ASS in s.known(s.partner, suit).has \
        and all(o in s.auction.out for o in opponents_of(s.seat))


# the calls a hand makes on its own cards, in the encoder's order (Count.choose): the Partie's
# double gives way to the first of them the count trusts (_double, OWN_BID_FIRST)
OWN_BIDS = (_hilfe, _trumpless, _opening, _raise, _want)
