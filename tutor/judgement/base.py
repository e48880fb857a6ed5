"""The judgement's interface: what a judge is asked (a hand, the auction's situation, the
readings of the calls, the Partie's score) and what it answers (a :class:`Judgement`).

Every judge (:mod:`tutor.judgement.count`, :mod:`tutor.judgement.simulation`) implements
:class:`Judge`; the conventions and the commands see the judges only through it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Protocol, Sequence

from tutor.cards import TOTAL_POINTS, Hand
from tutor.i18n import M, Mn, Msg, _, both, join
from tutor.scoring import other, team_of

Line = Msg                 # a reason: a catalog message, shown in the user's language


# -- the interface ------------------------------------------------------------------------
@dataclass(frozen=True)
class Standing:
    """The Partie's score before this game: the teams' totals and the Partie's target."""

    score: Mapping[str, int]
    target: int = 2000
    #: the board's players of each team ("Beat+Dani"), where the score comes from a board with
    #: names: the line names them beside the seats (QA s42 F10: with Beat as Vorhand, ``bid
    #: --tafel`` said "AC 785 : BD 0" where the board the learner had just read says "Anna+Cla 0 :
    #: Beat+Dani 785"); no part of the question (not compared, not in the position's key)
    teams: Mapping[str, str] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, partie) -> "Standing | None":
        """The score a :class:`tutor.partie.Partie` stands at before its next game (None
        once it is over): what ``bid --tafel``, the table session and the phone give the advice."""
        if partie.over:
            return None
        names = dict(partie.names)
        teams = {t: f"{names.get(t[0], t[0])}+{names.get(t[1], t[1])}" for t in ("AC", "BD")} if names else {}
        return cls(dict(partie.totals), partie.rules.match_target, teams)

    @classmethod
    def for_auction(cls, partie) -> "Standing | None":
        """The score of :meth:`of` as an auction written "from Vorhand on" reads it: its A is
        the board's Vorhand of the next game, so where that is the board's B or D, the
        auction's team AC is the board's BD and the totals change sides (QA s33 Q12: with
        Dani as Vorhand, ``bid --tafel`` gave Dani's team the other team's 1992)."""
        standing = cls.of(partie)
        if standing is None or team_of(partie.next_vorhand) == "AC":
            return standing
        swapped = {"AC": "BD", "BD": "AC"}
        return cls({t: standing.score.get(swapped[t], 0) for t in ("AC", "BD")}, standing.target,
                   {t: standing.teams[swapped[t]] for t in ("AC", "BD") if swapped[t] in standing.teams})

    def wins_if_made(self, team: str, bid: int) -> bool:
        """Making ``bid`` wins ``team`` the Partie, doubled or not: even with the fewest
        card points that make it (the bid itself, so at least twice the bid on the board)
        the team reaches the target and ends ahead of the other (who take the rest)."""
        mine, theirs = self.score.get(team, 0), self.score.get(other(team), 0)
        least = mine + 2 * bid
        return least >= self.target and least > theirs + TOTAL_POINTS - bid

    def loses_if_failed(self, team: str, bid: int, multiplier: int = 2) -> bool:
        """Failing ``bid`` (its target points times ``multiplier``) loses ``team`` the
        Partie, however few points it fails by: the opponents, with the target points and
        at least the card points the bid leaves them (157 - bid + 1), reach the target and
        end ahead of the team (which takes at most bid - 1). Then a konter costs nothing."""
        mine, theirs = self.score.get(team, 0), self.score.get(other(team), 0)
        least = theirs + multiplier * bid + TOTAL_POINTS - bid + 1
        return least >= self.target and least > mine + bid - 1

    def wins_if_failed(self, team: str, bid: int, points: int, multiplier: int = 2) -> bool:
        """Failing ``bid`` doubled (its target points times ``multiplier`` to the opponents)
        with ``points`` card points (fewer than the bid) still wins ``team`` the Partie: it
        reaches the target and ends ahead of the opponents, who write the target points and
        the rest of the 157. Then a double changes nothing: the Partie is the team's, made or
        failed (QA F6: BD at 1960 of 2000 fail 95 with 66 and still win)."""
        points = min(points, bid - 1)
        mine, theirs = self.score.get(team, 0), self.score.get(other(team), 0)
        least = mine + points
        return least >= self.target and least > theirs + multiplier * bid + TOTAL_POINTS - points

    def text(self, lang: str = "de") -> str:
        if self.teams:
            return _("AC ({ac_team}) {ac} : BD ({bd_team}) {bd}, target {target}", lang,
                     ac_team=self.teams.get("AC", "A+C"), ac=self.score.get("AC", 0),
                     bd_team=self.teams.get("BD", "B+D"), bd=self.score.get("BD", 0), target=self.target)
        return _("AC {ac} : BD {bd}, target {target}", lang, ac=self.score.get("AC", 0),
                 bd=self.score.get("BD", 0), target=self.target)


#: the voice's score line (said before the first value it explains) and, at a table whose
#: Schneider brings points, that the values leave it out; check says them before its price line
SCORE_CHANGES = M("The score ({standing}) changes the values below: a game after which the Partie is over counts "
                  "as the whole Partie, +{target} for our team if it wins the Partie and -{target} if it loses it "
                  "(0 for a draw); any other game counts its board points, as without a score.")
SCHNEIDER_LEFT_OUT = M("A Schneider is open for {teams}, under half the target ({half}): if the Partie ends with them "
                       "under it, the winners get {schneider} more at the settlement. These values leave it out: they "
                       "count the Partie alone.")
#: the hand's own Weis at a score (QA s47 F32): the values count card and target points alone ("Wer
#: bietet, rechnet allein mit Kartenpunkten"), while Weis points "werden sofort auf die Tafel geschrieben
#: und zählen für die Partie: der Weis nach dem ersten Stich"; where a game can end the Partie, a Weis
#: can end it sooner, so the answer says which of the hand's are not in the values (:func:`weis_left_out`)
WEIS_LEFT_OUT = M("These values leave out this hand's Weis ({weis}), whose points count for the Partie: the team "
                  "with the best Weis writes them after the first trick, whatever the contract.")
#: ... and its Stöck, König and Ober of a suit: 20 for the Partie ("die Stöck, sobald die zweite der beiden Karten
#: gespielt ist"), always written, where that suit is trump
STOECK_LEFT_OUT = Mn("These values leave out this hand's Stöck, König and Ober of {suits}: 20 points for the Partie, "
                     "written as soon as both are played, where {suits} is trump.",
                     "These values leave out this hand's Stöck, König and Ober of {suits}: 20 points for the Partie, "
                     "written as soon as both are played, where one of them is trump.", 1)
SCORE_LINES = (SCORE_CHANGES.msgid, SCHNEIDER_LEFT_OUT.msgid, WEIS_LEFT_OUT.msgid, STOECK_LEFT_OUT.msgid)


def weis_left_out(hand: "Hand | None", rules) -> "list[Msg]":
    """The lines that the values at a score leave out the Weis ``hand`` holds (:data:`WEIS_LEFT_OUT`),
    where the table plays with Weis and the hand holds one (tutor.weis.find), and its Stöck
    (:data:`STOECK_LEFT_OUT`), where the table plays with them and the hand holds König and Ober of a
    suit (tutor.weis.stoeck); else none."""
    if hand is None:
        return []
    from tutor.cards import SUITS
    from tutor.weis import find, stoeck

    lines = []
    found = find(hand, rules.long_weis) if rules.weis else ()
    if found:
        lines.append(WEIS_LEFT_OUT(weis=both([w.said for w in found])))
    suits = [suit for suit in SUITS if stoeck(hand, suit)] if rules.stoeck else []
    if suits:
        lines.append(Msg(STOECK_LEFT_OUT.msgid, STOECK_LEFT_OUT.plural, len(suits),
                         {"suits": both([str(x) for x in suits])}))
    return lines


def can_end(standing: Standing, rules) -> bool:
    """Some game at this score can end the Partie: a team reaches the target with the most
    one game writes (a Matsch, kontered where the table konters, and every card point; Weis
    and Stöck are left out, as the simulation's values leave them out). Where none can, the
    score changes no call's value and the answer does not speak of it (QA of issue 26, F13)."""
    from tutor.scoring import score_game

    most = score_game(rules.matsch_bid, "A", TOTAL_POINTS, double=rules.doubling,
                      redouble=rules.doubling and rules.kontern, rules=rules).board["AC"]
    return any(standing.score.get(t, 0) + most >= standing.target for t in ("AC", "BD"))


#: where most deals are estimated: "made in 96 of 100" can be far from exact play (the QA of
#: issue 26 saw 70 Eichel made in 96 of 100 deals, all estimated, where exact play made 38 of 50)
MOSTLY_ESTIMATED = M("That is most of the deals: these numbers are mostly estimates and can be far from what "
                     "best play would give.")


def mostly_estimated(k: int, n: int) -> bool:
    """More than half of the ``n`` deals were left to the estimate (:data:`MOSTLY_ESTIMATED`)."""
    return 2 * k > n


def estimated_line(k: int, n: int, call: str | None = None, own: int | None = None) -> Msg:
    """How many of the ``n`` deals the solver left to the estimate: the voice's answer and a
    drill's stored evidence say it in the same words (and, where that is most of them, that
    the numbers rest mostly on the estimate). In a learner's words, not the solver's (QA s32
    Q39: "not solved within this answer's share of the solver's work" read as jargon in
    practice's review): a deal too long to play out exactly has its result estimated.

    ``call`` and ``own`` (:func:`estimated_of`): where none of the deals' values of the
    answer's ``call`` rests on the estimate, the line says so: the estimates are the other
    calls' (README's first example: a sure Matsch whose 23 estimated deals of 50 were the
    first-seat fort's auctions, played by the others, read as if the Matsch were unsure); where
    some of them do but fewer than all ``k``, it names how many (README's worked position: 100
    Eichel's own value estimated on 36 of 50 deals, on all 50 counting every call it is compared
    with: "every deal estimated" overstated the answer's own)."""
    if call is not None and own is not None and 0 < own < k:
        line = M("{k} of the {n} deals were too long to play out exactly for this answer, {own} of them for {call} "
                 "itself: their results are estimated.", k=k, n=n, own=own, call=call_words(call))
        return join(line, " ", MOSTLY_ESTIMATED) if mostly_estimated(k, n) else line
    if call is not None and own == 0 and k:
        return Mn("{k} of the {n} deals was too long to play out exactly for the other calls (not for {call}): its "
                  "result is estimated.",
                  "{k} of the {n} deals were too long to play out exactly for the other calls (not for {call}): their "
                  "results are estimated.", k, k=k, n=n, call=call_words(call))
    line = Mn("{k} of the {n} deals was too long to play out exactly for this answer: its result is estimated.",
              "{k} of the {n} deals were too long to play out exactly for this answer: their results are "
              "estimated.", k, k=k, n=n)
    return join(line, " ", MOSTLY_ESTIMATED) if mostly_estimated(k, n) else line


def estimated_of(ev, call: str, seat: str) -> int | None:
    """On how many deals ``call``'s value (of ``seat``'s) rests on an estimate: on each deal the
    game it is played in, the one its auction ends in where the deals value it by the auction
    after it (``ev.endings``), else a bid's own; None where that cannot be told (a call that
    is no bid and has no auction after it, or an Evaluation without its games)."""
    opened, games = getattr(ev, "opened", None), getattr(ev, "games", None)
    if not opened or not games:
        return None
    where = {tuple(g): i for i, g in enumerate(games)}
    endings = (getattr(ev, "endings", None) or {}).get(call)
    if endings is not None:
        if len(endings) != len(opened):
            return None
        played = [None if e.contract is None else where.get((e.contract.strain, e.contract.declarer))
                  for e in endings]
        if any(i is None for i, e in zip(played, endings) if e.contract is not None):
            return None
        return sum(1 for row, i in zip(opened, played) if i is not None and row[i])
    parts = call.split(" ", 1)
    if len(parts) != 2 or not parts[0].isdigit() or (parts[1], seat) not in where:
        return None
    i = where[(parts[1], seat)]
    return sum(1 for row in opened if row[i])


#: the equally good calls (:func:`equal_calls`): within this many standard errors of the best
#: call's mean on the same deals ...
EQUAL_SE = 2.0
#: ... and this many board points on average: a call far below the best is not "as good" however
#: spread its deals are (a Matsch made or failed by 314 points hides a 60-point loss in 10 deals)
EQUAL_POINTS = 20


def equal_calls(values: Mapping[str, Sequence[float]], best: str) -> list[str]:
    """The calls the deals cannot tell apart from ``best``, ``best`` first, then by mean:
    each call whose mean board value on the same deals lies within :data:`EQUAL_SE` standard
    errors of the best one's (the error of their difference, deal by deal) and within
    :data:`EQUAL_POINTS` of it. One rule for the simulation's list (``Evaluation.equal``) and
    the voice's words."""
    top = values.get(best)
    if not top:
        return [best]
    out = [best]
    for name, v in sorted(values.items(), key=lambda kv: -sum(kv[1]) / max(1, len(kv[1]))):
        if name == best or len(v) != len(top):
            continue
        mean, chance = paired_lead(top, v)
        if mean <= chance and mean <= EQUAL_POINTS:
            out.append(name)
    return out


#: what the deals could not honour (``Evaluation.unheld``), each said in one line: the deals
#: then keep to the calls' promises alone there (docs/interpretations.md, "What a fort denies"),
#: and say which way that leans: the hands they give the caller are ones his count would not
#: make the call with, weaker by its measure (QA s35 P4, P9: "made in 0 of 100" and a konter
#: made 50 of 50 beside a caveat that read as "these figures are unreliable")
UNHELD: dict[str, Msg] = {
    "fort": M("What the forts deny cannot all hold beside this hand: these deals keep only to what the calls "
              "promise."),
    "double": M("The doubler seldom or never holds a hand the count doubles with in the deals tried: these deals "
                "give him any hand the auction allows, weaker by the count than his double shows, so the figures "
                "lean against his side."),
    # simulation.DOUBLE_TOPS: a double of an Obenabe or Undenufe number no hand the doubler may hold makes
    "double_tops": M("The doubler holds no hand the count doubles this number with beside our cards (his sure "
                     "tricks against it are his runs from the top of each suit, and ours cut them short): these "
                     "deals give him the strongest runs from the top he may hold and otherwise any hand the "
                     "auction allows, weaker by the count than his double shows, so the figures lean against his "
                     "side."),
    "want": M("The bidder of the Zehner in the opponents' suit seldom or never holds a hand the count makes it "
              "with (the count makes it only against a Nell opening, with the missing Puur and four cards or more) "
              "in the deals tried: these deals give him any hand the auction allows, weaker by the count than his call shows, so the figures "
              "lean against his side."),
    "number": M("A number at this table is one its bidder's count seldom or never reaches in the deals tried: "
                "these deals give him any hand the auction allows there, weaker by the count than his number shows, "
                "so the figures lean against his side."),
    # three: count.OWN_LENGTH, the length the count bids a suit on without its Puur (simulation.NUMBER_LENGTH)
    "number_length": M("A number in a suit at this table is one its bidder's count seldom or never reaches in the "
                       "deals tried: these deals give him at least three cards of its suit (the count bids no "
                       "shorter suit without its Puur) and otherwise any hand the auction allows, weaker by the "
                       "count than his number shows, so the figures lean against his side."),
    # simulation.NUMBER_TOPS: the trumpless counterpart of number_length
    "number_tops": M("A number in Obenabe or Undenufe at this table is one its bidder's count cannot reach beside "
                     "our cards (his sure tricks there are his runs from the top of each suit, and ours cut them "
                     "short): these deals give him the strongest runs from the top he may hold and otherwise any "
                     "hand the auction allows, weaker by the count than his number shows, so the figures lean "
                     "against his side."),
    # simulation.NUMBER_LOW: a Misère number's counterpart of number_tops
    "number_low": M("A Misère number at this table is one its bidder's count cannot reach with any hand he may hold "
                    "beside our cards (the count charges each of his cards that may take a trick): these deals give "
                    "him cards charged no more than the least charged hand he may hold and otherwise any hand the "
                    "auction allows, weaker by the count than his number shows, so the figures lean against his "
                    "side."),
    "raise": M("A number that shows no cards (a raise in the team's own suit, a number above 120, a number in "
               "Obenabe, Undenufe or a Misère) is one its bidder's count seldom or never reaches in the deals "
               "tried: these deals give him any hand the auction allows there, weaker by the count than his number "
               "shows, so the figures lean against his side."),
    "hilfe": M("The bidder of the Hilfe seldom or never holds a hand the count gives it with (the partner's other "
               "top trump) in the deals tried: these deals give him any hand the auction allows, weaker by the count "
               "than his Hilfe shows, so the figures lean against his side."),
    "matsch": M("The bidder of the Matsch seldom or never holds a hand the count bids it with (every trick sure) in "
                "the deals tried: these deals give him any hand the auction allows, weaker by the count than his "
                "Matsch shows, so the figures lean against his side."),
    "konter": M("The konter's bidder seldom or never holds a hand the count konters with in the deals tried: these "
                "deals give him any hand the auction allows, weaker by the count than his konter shows, so the "
                "figures lean against his side."),
}


def unheld_lines(unheld, misfit: int = 0, n: int = 0) -> list[Msg]:
    """The lines for what the deals could not honour (empty: they honour everything):
    ``unheld`` for all of them, ``misfit`` of the ``n`` deals for some."""
    lines = [UNHELD[x] for x in unheld or () if x in UNHELD]
    if misfit:
        lines.append(Mn("{k} of the {n} deals does not fit what the calls show beyond their promises (the "
                        "hands the count makes them with: a number that shows no cards, a Zehner in the "
                        "opponents' suit, a Hilfe, a Matsch, a double, a konter): it keeps to the promises alone.",
                        "{k} of the {n} deals do not fit what the calls show beyond their promises (the "
                        "hands the count makes them with: a number that shows no cards, a Zehner in the "
                        "opponents' suit, a Hilfe, a Matsch, a double, a konter): they keep to the promises "
                        "alone.", misfit, k=misfit, n=n))
    return lines


def paired_lead(top: Sequence[float], v: Sequence[float]) -> tuple[float, float]:
    """What the deals compare (:func:`equal_calls`; the voice says both figures): the best
    call's mean lead over another on the same deals (``top`` and ``v``, deal by deal), and
    the lead chance alone allows, :data:`EQUAL_SE` standard errors of that difference."""
    import math

    d = [a - b for a, b in zip(top, v)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    return mean, EQUAL_SE * math.sqrt(var / n)


# -- what a call gives up by the deals (practice's verdict, check's answer) -------------------
NOTHING = "nothing"  # a seat not in turn that neither doubles nor konters: the deals' name for it


def call_words(call: str | None) -> "str | Msg":
    """A call as the answer's words name it: a double or konter by the word the user types
    in his language (French « contre », « surcontre »: :func:`tutor.auction.typed`)."""
    from tutor.auction import typed

    if call in (None, NOTHING):
        return M("saying nothing")
    return typed(call)


@dataclass(frozen=True)
class Cost:
    """What a call gives up by the deals: its mean board value, the deals' best call
    and its mean, over ``samples`` deals (``points``: best minus the call, rounded)."""

    call: str
    value: float
    best: str
    best_value: float
    samples: int
    #: the tutor's call where the deals do not value it (an Ace announcement, a Hilfe): the
    #: price is against their best, which is not the tutor's call, and the line says so
    unvalued: str | None = None
    unvalued_kind: str | None = None

    @property
    def points(self) -> int:
        return round(self.best_value - self.value)

    def line(self) -> Msg:
        gap = self._gap()
        if self.unvalued is None:
            return gap
        # QA s43's practice deal 7044: "fort: worse (tutor: 105 Schilten) By the deals, fort gives
        # up 229 board points ...: it brings -239, 110 Obenabe -10": priced against a call the
        # tutor does not recommend, without a word why
        words = dict(best=call_words(self.best), tutor=call_words(self.unvalued), call=call_words(self.call))
        why = UNVALUED_TUTOR_INFORMATION(**words) if self.unvalued_kind in ("hilfe", "ace") else \
            UNVALUED_TUTOR(**words)
        return join(gap, " ", why)

    def _gap(self) -> Msg:
        if self.best_value - self.value <= EQUAL_POINTS:
            # within the points equally good calls may differ by: not among them because chance
            # alone does not explain the gap (QA s36 Q3: "gives up 4 board points" beside calls as
            # far on average named equally good, whose gaps swing)
            return Mn("By the deals, {call} gives up {points} board points on average: it brings {value:+.0f}, "
                      "{best} {best_value:+.0f}, over the same {n} deal: a small gap, but more than chance "
                      "explains.",
                      "By the deals, {call} gives up {points} board points on average: it brings {value:+.0f}, "
                      "{best} {best_value:+.0f}, over the same {n} deals: a small gap, but more than chance "
                      "explains.",
                      self.samples, call=call_words(self.call), points=self.points, value=round(self.value),
                      best=call_words(self.best), best_value=round(self.best_value), n=self.samples)
        return Mn("By the deals, {call} gives up {points} board points on average: it brings {value:+.0f}, "
                  "{best} {best_value:+.0f}, over the same {n} deal, more than chance explains.",
                  "By the deals, {call} gives up {points} board points on average: it brings {value:+.0f}, "
                  "{best} {best_value:+.0f}, over the same {n} deals, more than chance explains.",
                  self.samples, call=call_words(self.call), points=self.points, value=round(self.value),
                  best=call_words(self.best), best_value=round(self.best_value), n=self.samples)


@dataclass(frozen=True)
class TutorCost:
    """What a call gives up against the tutor's call, where the deals value that call but do
    not find it as good as their best (the tutor keeps to the count there): practice's verdict
    and check's answer name the tutor's call, so its figure is the one the learner reads (QA s42's
    practice deal 4343: "100 Undenufe gives up 141 board points", measured against the deals'
    dopple +98, beside the tutor's fort +51, which "as good as dopple, by chance only" called
    equal where the deals put it 47 below). The deals' best is named after it."""

    call: str
    value: float
    tutor: str
    tutor_value: float
    best: str
    best_value: float
    samples: int
    by_count: bool

    @property
    def points(self) -> int:
        return round(self.tutor_value - self.value)

    def line(self) -> Msg:
        gap = Mn("By the deals, {call} gives up {points} board points on average against the tutor's {tutor}: it "
                 "brings {value:+.0f}, {tutor} {tutor_value:+.0f}, over the same {n} deal.",
                 "By the deals, {call} gives up {points} board points on average against the tutor's {tutor}: it "
                 "brings {value:+.0f}, {tutor} {tutor_value:+.0f}, over the same {n} deals.",
                 self.samples, call=call_words(self.call), points=self.points, value=round(self.value),
                 tutor=call_words(self.tutor), tutor_value=round(self.tutor_value), n=self.samples)
        best = dict(best=call_words(self.best), best_value=round(self.best_value))
        top = M("Their best, {best} ({best_value:+.0f}), is not the tutor's call: the tutor keeps to the count "
                "here.", **best) if self.by_count else M("Their best is {best} ({best_value:+.0f}).", **best)
        return join(gap, " ", top)


#: where the tutor's call is one the deals do not value, the price against their best says so
UNVALUED_TUTOR_INFORMATION = M("Their best, {best}, is not the tutor's call: the tutor's {tutor} tells the partner "
                               "what the hand holds, which the deals cannot value, so they do not price {call} "
                               "against it.")
UNVALUED_TUTOR = M("Their best, {best}, is not the tutor's call: the deals do not value the tutor's {tutor}, so "
                   "they do not price {call} against it.")


def _against_tutor(evidence: dict, tutor: str | None, lost: Cost,
                   tutor_kind: str | None = None) -> "Cost | TutorCost":
    """``lost`` (the call's cost against the deals' best) measured against the tutor's call
    instead (:class:`TutorCost`) where the deals value the tutor's call above the learner's
    but outside their equally good calls; where they do not value the tutor's call at all,
    ``lost`` naming it (:attr:`Cost.unvalued`); else ``lost`` as it is."""
    by_call = {c["call"]: c["expected"] for c in evidence.get("calls") or ()}
    if tutor is not None and tutor != lost.best and tutor != lost.call and tutor not in by_call:
        return replace(lost, unvalued=tutor, unvalued_kind=tutor_kind)
    if tutor is None or tutor == lost.best or tutor not in by_call or tutor in (evidence.get("equal") or ()) \
            or by_call[tutor] <= lost.value:
        return lost
    return TutorCost(lost.call, lost.value, tutor, by_call[tutor], lost.best, lost.best_value, lost.samples,
                     evidence.get("chosen_by") == "count")


def cost(evidence: dict | None, call: str, tutor: str | None = None,
         tutor_kind: str | None = None) -> "Cost | TutorCost | None":
    """What ``call`` (the deals' name: ``nothing`` for letting a double or konter pass)
    gives up by the deals of ``evidence`` (an answer's, ``voice.judge_by``), where they
    value it and find it below their best by more than chance: not among the evidence's
    ``equal``, the one rule of equally good (:func:`equal_calls`: within two standard
    errors of the best on the same deals, and within ``EQUAL_POINTS``). None where the deals do not
    value the call (the count's advice, an Ass-Ansage, a Fünfer) or find it as good as their
    best: practice's verdict and check's answer ask this one rule, not a second threshold.
    Priced against ``tutor`` (the tutor's call) instead where the deals value that call above
    ``call`` but outside their equal calls (:class:`TutorCost`); where they do not value the
    tutor's call (``tutor_kind``: its reading's kind, ``ace`` or ``hilfe`` for information),
    the line says their best is not the tutor's call."""
    evidence = evidence or {}
    by_call = {c["call"]: c["expected"] for c in evidence.get("calls") or ()}
    equal = list(evidence.get("equal") or ())
    if call not in by_call or not equal or call in equal or equal[0] not in by_call:
        return None
    best = equal[0]
    if by_call[best] <= by_call[call]:
        return None
    return _against_tutor(evidence, tutor, Cost(call, by_call[call], best, by_call[best],
                                                int(evidence.get("samples") or 0)), tutor_kind)


# A call the deals do not value (QA s35 P31, Q8): what is known, in one line, instead of no
# figure at all. The deals value calls as the contracts they leave to be played; a Hilfe or an
# Ass-Ansage is information for the partner; other calls are simply not among those they play.
UNVALUED_INFORMATION = M("The deals do not value {call}: it tells the partner what the hand holds, and they value "
                         "each call only as the contract it leaves to be played; of the calls they value, {best} "
                         "does best, {value:+.0f} board points on average over {n} deals.")
UNVALUED = M("The deals do not value {call}: it is not among the calls they play out ({calls}); of these, {best} "
             "does best, {value:+.0f} board points on average over {n} deals.")
UNVALUED_LISTED = 6    # the calls the line names one by one; more are counted
# Where the conventions offer fort alone and nobody has bid (QA s39 F4.4, four Aces and no
# opening), the deals play no game: "fort does best, +0 on average over 75 deals" was no figure.
FORT_ALONE = M("The deals give {call} no figure: they value the calls the conventions offer, here fort alone, "
               "and a fort with nothing bid is counted as 0, as if all four said fort: what the others bid after "
               "it is not played out.")


def unvalued(evidence: dict | None, call: str, kind: str | None = None) -> Msg | None:
    """One line on ``call`` where the deals of ``evidence`` value calls but not this one
    (None where they value it, or value none: the count's advice): the best call they value
    with its figure, and why they cannot value a Hilfe or an Ass-Ansage (``kind`` ``hilfe``
    or ``ace``), or which calls they do value."""
    evidence = evidence or {}
    by_call = {c["call"]: c["expected"] for c in evidence.get("calls") or ()}
    if not by_call or call in by_call or call is None:
        return None
    if list(by_call) == ["fort"] and not evidence.get("contracts") and not evidence.get("fort_bid_out"):
        return FORT_ALONE(call=call)   # no game on any deal: no figure to give
    best = max(by_call, key=lambda c: by_call[c])
    n = int(evidence.get("samples") or 0)
    if kind in ("hilfe", "ace"):
        return UNVALUED_INFORMATION(call=call, best=call_words(best), value=round(by_call[best]), n=n)
    names = [call_words(c) for c in by_call]
    listed = both(names) if len(names) <= UNVALUED_LISTED else \
        Mn("{n} call", "{n} calls", len(names), n=len(names))
    return UNVALUED(call=call, calls=listed, best=call_words(best), value=round(by_call[best]), n=n)


@dataclass
class Judgement:
    """What a judge picked (a Reading, or None: nothing better than fort), why, the
    numbers behind it where the engine has them, and the calls it finds equally good
    (the pick's among them; empty where the engine cannot tell), and the calls its words
    name (the equally good ones, the best other call, the count's), which the options list
    then shows with their meaning (QA of issue 26, Q11, Q30)."""

    pick: Any
    lines: list[Line] = field(default_factory=list)
    evidence: dict | None = None
    equal: tuple[str, ...] = ()
    named: tuple[str, ...] = ()    # every call the words name (the options list shows each)
    # whether ``lines`` give a reason for the pick (None: every line is one, as the count's);
    # the voice's lines may be evidence alone (QA s32 Q4: a fort by the deals, with the count
    # agreeing and giving no line, was told with no reason at all)
    reasoned: bool | None = None


class Judge(Protocol):
    name: str

    def choose(self, hand: Hand, s: Any, readings: Sequence[Any],
               standing: Standing | None = None) -> Judgement: ...


