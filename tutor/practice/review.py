"""Reviews: of a practice deal's end (:func:`deal_result`) and of the calls of an auction
(:func:`review_call`).

A call is reviewed against the tutor's advice for the hand at that point (the default
judgement, :mod:`tutor.practice.robots`):

- ``same``: the tutor makes the same call;
- ``acceptable``: another call the conventions offer this hand (conventional, and every
  promise it makes true to the hand), but not the tutor's (or one the judge finds as
  good as its own, ``Advice.equal``);
- ``hinted`` (practice only): the tutor's call, made after the learner asked the tutor
  for it (``hint``): not his own find, so not ``same``;
- ``worse``: a call that follows no convention, or promises what the hand does not hold
  (or lets pass the double or konter the tutor makes); or, where the tutor's deals value
  the call, one they find below their best by more than chance: the voice's one rule of
  "equally good" (:func:`tutor.judgement.base.equal_calls`, the evidence's ``equal``),
  with what it costs on average (:func:`cost`). A fort that lets 90 stand where the deals
  make 130 in 98 of 100 is not "acceptable" because it follows a convention (QA of issue
  26, Q27 and Q44: 40 and 187 board points).

The reasons are the tutor's, in words: what the hand holds against the call, and why the
tutor calls what it calls. ``why`` keeps them all (``tutor review``, ``tutor practice --full``,
the JSON); ``brief`` is practice's review in short (QA s33 Q10/Q11): what the call gives up by
the deals or what it promises that the hand does not hold, and the tutor's call with its
meaning.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutor.auction import typed, typed_in
from tutor.conventions import INFORMATION
from tutor.i18n import M, Msg, _, semicolon
from tutor.judgement.base import NOTHING   # the deals' name for letting a double or konter pass
from tutor.scoring import team_of

SAME, ACCEPTABLE, WORSE = "same", "acceptable", "worse"
HINTED = "hinted"   # the tutor's call, made after the learner asked for it (practice's hint)

VERDICT: dict[str, Msg] = {
    SAME: M("same as the tutor"),
    ACCEPTABLE: M("acceptable"),
    WORSE: M("worse"),
    HINTED: M("taken from the hint"),
}


@dataclass(frozen=True)
class CallReview:
    """One call reviewed: where (``index``, 1-based in the auction; for a double or konter
    let pass, where it would have stood), who, the call (None: let pass), how the
    conventions read it, conventional? truthful? the tutor's call there and why."""

    index: int
    seat: str
    call: str | None
    kind: str | None
    conventional: bool
    truthful: bool
    tutor: str | None
    verdict: str
    why: tuple = ()          # messages and texts: the hand against the call, the tutor's reasons in full
    meaning: Any = None      # the Reading
    silent: bool = False     # out of turn: the tutor's "no call" is to say nothing, not fort
    cost: int | None = None  # board points the call gives up on average by the deals (worse by them)
    brief: tuple = ()        # the why in short: what the call gives up or promises untrue, the tutor's call

    def why_text(self, lang: str = "de") -> str:
        return _sentences(self.why, lang)

    def brief_text(self, lang: str = "de") -> str:
        """The why as practice's review shows it (QA s33 Q10/Q11: the whole reasoning, 100-150
        words of figures and the count's lines, buried the point): what the call gives up by the
        deals, or what it promises and the hand does not hold, and the tutor's call with its
        meaning; nothing for the tutor's own call. :meth:`why_text` keeps everything."""
        return _sentences(self.brief, lang)

    def to_json(self, lang: str = "de") -> dict:
        return {"index": self.index, "seat": self.seat, "yours": self.call, "tutor": self.tutor,
                "verdict": self.verdict, "brief": self.brief_text(lang), "why": self.why_text(lang),
                "cost": self.cost}


def _sentences(parts, lang: str) -> str:
    from tutor.conventions import _sentence

    return " ".join(_sentence(x.text(lang) if hasattr(x, "text") else str(x)) for x in parts)




def cost(advice, call: str | None, tutor: str | None = None, tutor_kind: str | None = None):
    """What ``call`` (None: letting a double or konter pass) gives up by the tutor's deals
    (:func:`tutor.judgement.base.cost` of the advice's evidence, against the tutor's call
    ``tutor`` where the tutor keeps to the count against them; ``tutor_kind`` its reading's
    kind), None where they do not value it or find it as good as their best."""
    from tutor.judgement.base import cost as by_deals

    return by_deals(getattr(advice, "evidence", None), NOTHING if call is None else call, tutor, tutor_kind)


def review_call(hand, reading, advice, index: int, offered: tuple = ()) -> CallReview:
    """Review one call (``reading``; None for a double or konter let pass) made with
    ``hand`` against the tutor's ``advice`` at that point."""
    tutor = advice.call if advice is not None else None
    # the tutor's "no call": fort where the seat is in turn, else saying nothing
    silent = advice is not None and not any(o.kind == "fort" for o in advice.options)
    reasons = list(advice.lines[1:] if advice is not None and advice.recommended is not None
                   else advice.lines if advice is not None else [])
    if reading is None:
        seat = advice.seat
        same = tutor is None or advice.recommended.kind not in ("double", "redouble")
        if same:
            return CallReview(index, seat, None, None, True, True, None, SAME, (), silent=silent)
        lost = cost(advice, None)
        as_good = lost is None and NOTHING in (getattr(advice, "equal", ()) or ())
        said = advice.recommended
        head = [_TutorSays(TUTOR_CALLS, tutor, said), AS_GOOD] if as_good else \
            [*([lost.line()] if lost is not None else []), _TutorSays(TUTOR_WOULD, tutor, said)]
        return CallReview(index, seat, None, None, True, True, tutor, ACCEPTABLE if as_good else WORSE,
                          tuple(head + reasons), silent=silent, cost=lost.points if lost is not None else None,
                          brief=tuple(head))
    conventional = reading.kind != "unconventional"
    broken = [p for p in reading.promises if not p.satisfied_by(hand)]
    truthful = not broken
    call = str(reading.call)
    if tutor is None and reading.kind == "fort":
        tutor = call   # nothing better than fort: the tutor says fort too
    why: list = []
    if not conventional:
        why.append(M("{call} follows no convention.", call=typed(call)))
    promised = M("{call} promises: {meaning}", call=typed(call), meaning=_Headline(reading))
    if broken:   # what the call promises (a Hilfe's meaning, QA s33 Q11), then what the hand holds
        why += [promised, _Mismatch(broken, hand)]
    elif reading.kind in INFORMATION and call != tutor:
        # QA s40 F7.6: a Hilfe or an Ace announcement true to the hand but not the tutor's call
        # says first what its number tells the partner, as check says a call's meaning first (a
        # learner's 120 Rosen may be meant as a raise where it is the upper Hilfe)
        why.append(promised)
    equal = tuple(getattr(advice, "equal", ()) or ())
    # the tutor's call with what it means, in one sentence ("The tutor calls fort: C lets the
    # bid stand ..."), or that it would say nothing
    said = advice.recommended if advice is not None else None
    lost = None if call == tutor else cost(advice, call, tutor, getattr(said, "kind", None))
    quiet = tutor is None and silent
    tutor_says = M("The tutor would say nothing here.") if quiet else _TutorSays(TUTOR_CALLS, tutor or "fort", said)
    # what the deals know where they value the learner's call or the tutor's not at all (an
    # Ass-Ansage recommended without a figure: QA s35 P31)
    from tutor.judgement.base import unvalued

    evidence = getattr(advice, "evidence", None)
    mine = unvalued(evidence, call, reading.kind) if lost is None else None
    # (said in the price's line where the deals price the call against their best instead)
    theirs = unvalued(evidence, tutor, said.kind) \
        if said is not None and tutor != call and getattr(lost, "unvalued", None) is None else None
    if call == tutor:
        verdict = SAME
    elif lost is not None:   # the deals value it, below their best by more than chance
        verdict = WORSE
        why += [lost.line(), *_tutor_priced(advice, tutor, lost), tutor_says]
    elif call in equal and conventional and truthful:   # the judge finds it as good as its own
        verdict = ACCEPTABLE
        why += [tutor_says, AS_GOOD]
    elif conventional and truthful:
        verdict = ACCEPTABLE
        why.append(M("Conventional and true to the hand, but the tutor would say nothing here.") if quiet else
                   _TutorSays(CONVENTIONAL_BUT, tutor or "fort", said))
        why += _both_priced(advice, call, NOTHING if quiet else tutor or "fort")
    else:
        verdict = WORSE
        why.append(tutor_says)
    if verdict != SAME and mine is not None:
        why.append(mine)
    # in short: the verdict's reasons and the tutor's call with what it means; the tutor's own
    # call needs none (its reasons stay in why), and the tutor's call the deals do not value
    # what they know (the whole reasoning says it in the voice's words)
    brief = [] if verdict == SAME else list(why) + ([theirs] if mine is None and theirs is not None else [])
    why += reasons
    return CallReview(index, reading.seat, call, reading.kind, conventional, truthful, tutor,
                      verdict, tuple(why), reading, silent, None if lost is None else lost.points, tuple(brief))


def _both_priced(advice, call: str, tutor: str) -> list:
    """Where the deals value both the learner's acceptable call and the tutor's, their figures
    (QA s40 F7.1: "dopple: acceptable ... the tutor would say nothing here" said nothing of
    the deals' +316 for the double against +186 for saying nothing)."""
    evidence = getattr(advice, "evidence", None) or {}
    by_call = {c["call"]: c["expected"] for c in evidence.get("calls") or ()}
    n = int(evidence.get("samples") or 0)
    if call not in by_call or tutor not in by_call or call == tutor or not n:
        return []
    from tutor.i18n import Mn
    from tutor.judgement.base import call_words

    return [Mn("By the deals, {call} brings {value:+.0f}, {tutor} {tutor_value:+.0f}, over the same {n} deal.",
               "By the deals, {call} brings {value:+.0f}, {tutor} {tutor_value:+.0f}, over the same {n} deals.",
               n, call=call_words(call), value=round(by_call[call]), tutor=call_words(tutor),
               tutor_value=round(by_call[tutor]), n=n)]


def _tutor_priced(advice, tutor: str | None, lost) -> list:
    """Where the deals price the learner's call against their best and the tutor calls
    another call they value as well (as good by chance only), that call's figure too: the
    review names the call it prices (QA s38 F5.3: "100 Rosen +199 ... The tutor calls 90
    Rosen"). A tutor's call outside their equally good ones gets its figure alone (never "as
    good"); where it is above the learner's the cost itself is measured against it
    (:class:`TutorCost`) and nothing more is said here."""
    from tutor.judgement.base import TutorCost, call_words

    evidence = getattr(advice, "evidence", None) or {}
    by_call = {c["call"]: c["expected"] for c in evidence.get("calls") or ()}
    if tutor is None or tutor == lost.best or tutor not in by_call or isinstance(lost, TutorCost):
        return []

    if tutor not in (evidence.get("equal") or ()):   # not as good by the deals: its figure alone
        return [M("By the same deals the tutor's {call} brings {value:+.0f}.", call=call_words(tutor),
                  value=round(by_call[tutor]))]
    return [M("By the same deals the tutor's {call} brings {value:+.0f}: as good as {best}, by chance only.",
              call=call_words(tutor), value=round(by_call[tutor]), best=call_words(lost.best))]


# A Misère's declaring team wants few card points: the ones that count for it are the others'
MISERE_MADE = M("With best play on both sides {team} take {points} card points, so {credited} count for them: "
                "made.")
MISERE_MISSED = M("With best play on both sides {team} take {points} card points, so {credited} count for them: "
                  "missed.")


def _tutor_word(r: CallReview, lang: str) -> str:
    """The tutor's call in the review's short line: its call, or where it has none, fort in
    turn and out of turn its silence (QA s37 Q5: not Python's None)."""
    if r.tutor is not None:
        return typed_in(r.tutor, lang)
    return _("no double, no konter", lang) if r.silent else "fort"


# The tutor's call and its meaning in one sentence (each with the call alone where the tutor
# has no reading of it), and the verdict of a call as good as the tutor's.
TUTOR_CALLS = (M("The tutor calls {call}: {meaning}."), M("The tutor calls {call}."))
TUTOR_WOULD = (M("The tutor would {call} here: {meaning}."), M("The tutor would {call} here."))
CONVENTIONAL_BUT = (M("Conventional and true to the hand, but the tutor calls {call}: {meaning}."),
                    M("Conventional and true to the hand, but the tutor calls {call}."))
AS_GOOD = M("Yours is as good: the deals tell them apart by chance only.")


class _TutorSays(Msg):
    """The tutor's call with what it means, as one sentence in the language shown: the
    reading's headline after the call, without the call where the headline starts with it
    (fort's "fort: C lets the bid stand ..." reads "The tutor calls fort: C lets the bid
    stand ...", not "The tutor calls fort. fort: C lets ...")."""

    __slots__ = ("forms", "call", "reading")

    def __init__(self, forms, call, reading) -> None:
        super().__init__("")
        self.forms, self.call, self.reading = forms, call, reading

    def text(self, lang: "str | None" = None) -> str:
        from tutor.i18n import current

        lang = lang or current()
        with_meaning, alone = self.forms
        if self.reading is None:
            return alone(call=typed(self.call)).text(lang)
        meaning = self.reading.meaning(lang, self.reading.headline(lang)).rstrip(". ")
        return with_meaning(call=typed(self.call), meaning=meaning).text(lang)


class _Headline(Msg):
    """A call's meaning in one phrase (its reading's headline), in the language shown."""

    __slots__ = ("reading",)

    def __init__(self, reading) -> None:
        super().__init__("")
        self.reading = reading

    def text(self, lang: "str | None" = None) -> str:
        from tutor.i18n import current

        return self.reading.headline(lang or current())


class _Mismatch(Msg):
    """What a hand holds against the promises it breaks, in the language shown."""

    __slots__ = ("promises", "hand")

    def __init__(self, promises, hand) -> None:
        super().__init__("")
        self.promises, self.hand = tuple(promises), hand

    def text(self, lang: "str | None" = None) -> str:
        from tutor.i18n import current

        lang = lang or current()
        return _("The hand does not fit it: {mismatch}.", lang,
                 mismatch=semicolon(lang).join(p.mismatch(self.hand, lang) for p in self.promises))


# -- the end of a practice deal ---------------------------------------------------------------
@dataclass(frozen=True)
class DealResult:
    """A practice deal at its end (the issue's JSON: :meth:`to_json`)."""

    seed: int
    seat: str
    hands: dict
    auction: list
    contract: str | None
    declarer: str | None
    double: bool
    redouble: bool
    card_points: int | None
    made: bool | None
    board: dict
    best: dict = field(default_factory=dict)
    review: tuple = ()
    rules: Any = None
    decisions: int = 0      # the learner's calls and chances to double or konter (0: none in this deal)
    play: Any = None        # the cards as played (tutor.practice.cardplay.PlayResult), with --play

    @property
    def team(self) -> str:
        return team_of(self.seat)

    def to_json(self, lang: str = "de") -> dict:
        return {"seed": self.seed, "deal": {s: str(h) for s, h in self.hands.items()},
                "auction": list(self.auction), "contract": self.contract, "declarer": self.declarer,
                "double": self.double, "redouble": self.redouble, "card_points": self.card_points,
                "board": dict(self.board), "best": {t: b.to_json() for t, b in self.best.items()},
                "review": [r.to_json(lang) for r in self.review],
                **({"play": self.play.to_json()} if self.play is not None else {})}

    def lines(self, lang: str = "de", full: bool = False) -> list[str]:
        """The deal's end as the terminal shows it; each call's why in short, or with
        ``full`` the tutor's whole reasoning (``tutor practice --full``)."""
        out = [_("The four hands:", lang)]
        for s, h in self.hands.items():
            line = _("{seat}: {hand} (you)", lang, seat=s, hand=h) if s == self.seat else \
                _("{seat}: {hand}", lang, seat=s, hand=h)
            out.append("  " + line)
        if self.contract is None:
            out.append(_("Everybody said fort: no game.", lang))
        else:
            how = {1: "", 2: ", " + _("doubled", lang), 4: ", " + _("doubled and redoubled (konter)", lang)}
            m = 4 if self.redouble else 2 if self.double else 1
            out.append(_("Contract: {contract} by {declarer}{how}.", lang, contract=self.contract,
                         declarer=self.declarer, how=how[m]))
            from tutor.cards import TOTAL_POINTS

            if self.contract.endswith("Misère"):   # the points that count are the opponents' (QA s38 F5.4)
                key = MISERE_MADE if self.made else MISERE_MISSED
            else:
                key = M("With best play on both sides {team} take {points} card points: made.") if self.made \
                    else M("With best play on both sides {team} take {points} card points: missed.")
            out.append(key(team=team_of(self.declarer), points=self.card_points,
                           credited=TOTAL_POINTS - self.card_points).text(lang))
        out.append(_("Board: AC {ac} : BD {bd}", lang, ac=self.board["AC"], bd=self.board["BD"]))
        if self.review:
            out.append(_("Your calls:", lang))
            for r in self.review:
                yours = typed_in(r.call, lang) if r.call else _("no double, no konter", lang)
                verdict = VERDICT[r.verdict].text(lang)
                out.append("  " + (_("{index}. {call}: {verdict}", lang, index=r.index, call=yours, verdict=verdict)
                                   if r.verdict == SAME else
                                   _("{index}. {call}: {verdict} (tutor: {tutor})", lang, index=r.index, call=yours,
                                     verdict=verdict, tutor=_tutor_word(r, lang))))
                why = r.why_text(lang) if full else r.brief_text(lang)
                if why:
                    out.append(f"     {why}")
        elif not self.decisions:   # QA s33 Q11: the review's silence read as a missing section
            out.append(_("You had no call in this deal: the bidding ended before your turn.", lang))
        else:
            out.append(_("Your calls: none to review; you let each chance to double or konter pass, "
                         "as the tutor would.", lang))
        if self.play is not None:
            out += self.play.lines(lang)
        return out + best_lines(self.best, lang)


def best_lines(best: dict, lang: str = "de") -> list[str]:
    """Each team's best contract, one line each."""
    out = []
    for team, b in best.items():
        if b.contract is None:
            out.append(_("Best contract for {team}: none makes (at most {points} card points).", lang,
                         team=team, points=b.card_points))
        else:
            out.append(_("Best contract for {team}: {contract} by {declarer}, {points} card points, "
                         "{board} on the board.", lang, team=team, contract=b.contract,
                         declarer=b.declarer, points=b.card_points, board=b.board))
    return out


def _hinted(r: CallReview, step) -> CallReview:
    """A call the tutor's own, made after the learner asked for the hint: ``hinted``."""
    import dataclasses

    return dataclasses.replace(r, verdict=HINTED) if r.verdict == SAME and getattr(step, "hinted", False) else r


def deal_result(practice, best: bool = True, play=None) -> DealResult:
    """The end of a practice deal: the exact value of the contract, the board, each team's
    best contract (``best``) and the review of the learner's calls."""
    from tutor.practice import value
    from tutor.scoring import score_game

    a = practice.auction
    hands = practice.hands
    known: dict = {}
    if a.declarer is None:
        contract = declarer = None
        card_points = made = None
        board = {"AC": 0, "BD": 0}
    else:
        call = a.high_bid
        declarer, contract = a.declarer, str(call)
        card_points = practice.exact(call.strain, declarer) if hasattr(practice, "exact") else \
            value.exact(hands, call.strain, declarer)
        known[(call.strain, declarer)] = card_points
        result = score_game(call.value, declarer, card_points, double=a.multiplier >= 2,
                            redouble=a.multiplier == 4, misere=call.strain.endswith("Misère"),
                            rules=practice.rules)
        made, board = result.made, dict(result.board)
    best_found = (practice.best(known) if hasattr(practice, "best") else
                  value.best_contracts(hands, practice.rules, known)) if best else {}
    review = tuple(_hinted(review_call(practice.hands[s.seat], s.reading, s.advice, s.before + 1, s.offered), s)
                   for s in practice.steps if s.learner)
    decisions = len(review)
    review = tuple(r for r in review if r.call is not None or r.verdict != SAME)
    return DealResult(practice.seed, practice.seat, dict(hands), practice.calls, contract, declarer,
                      a.multiplier >= 2, a.multiplier == 4, card_points, made, board, best_found,
                      review, practice.rules, decisions, play)
