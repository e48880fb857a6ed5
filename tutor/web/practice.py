"""The phone page's Practice tab: bid a whole deal against three robots, tap by tap.

Stateless, like the table's API: each request names the deal (``seed``, ``seat``,
``rules``) and the learner's decisions so far (``moves``: the calls, comma-separated;
``-`` lets an out-of-turn double or konter pass; ``hinted``: which of them he made after the
Hint button, 0-based); the server replays them with the
robots (:class:`tutor.practice.session.Practice`) and answers the deal's view, or at the
end of the bidding (``/api/practice/result``) the deal's end as ``tutor practice --json``
prints it, with its lines of text.

While the learner looks at the deal, the server's one background process computes what his
next tap will need (:mod:`tutor.web.ahead`: the same answers, computed earlier).

After the bidding the learner may play the cards (``tutor practice --play``): ``cards``
names his cards so far (comma-separated, ``ro8,Rosen 7``); the server replays them with the
robots' (:class:`tutor.practice.cardplay.CardPlay`), keeping the solver's answers of the
last few deals' play (:func:`tutor.practice.cardplay.kept_answers`: bounded), so a replay
asks the solver only what is new.
"""
from __future__ import annotations

import re

from tutor.errors import TutorError
from tutor.i18n import M, Mp, Msg, _

MAX_MOVES = 60
_PLAYS = None   # an OrderedDict of the kept answers, once the page plays
_LOCK = __import__("threading").Lock()

# The tab's own words, in every language (the page's language button picks one).
TEXTS: dict[str, Msg] = {
    "tab": Mp("phone page", "Practice"), "new_deal": Mp("phone page", "New deal"),
    "undo": Mp("phone page", "Undo"), "no": Mp("phone page", "No"), "why": Mp("phone page", "Why?"),
    "result": Mp("phone page", "Show the deal"), "your_hand": Mp("phone page", "Your hand"),
    "seat": Mp("phone page", "Seat"),
    "full": Mp("phone page", "The whole reasoning"), "short": Mp("phone page", "In short"),
    "hint": Mp("phone page", "Hint"),
    "play": Mp("phone page", "Play the cards"), "trick": Mp("phone page", "Trick"),
    "your_card": Mp("phone page", "Your card"),
}


def _practice(query, rules, lang: str, ahead=None):
    """The deal after the learner's moves, replayed; with ``ahead`` (the server's
    :class:`tutor.web.ahead.Worker`) the answers its process computed are taken from it."""
    from tutor.practice.session import Practice
    from tutor.practice.value import require_core

    require_core("practice")   # the deal's end needs the core: refused before the first call

    seed = query.get("seed") or "1"
    judge = query.get("judge") or None
    moves = query.get("moves") or ""
    items = moves.split(",") if moves else []
    if len(items) > MAX_MOVES:
        raise TutorError(M("at most {n} calls", n=MAX_MOVES))
    p = Practice(seed, query.get("seat") or "C", rules, lang, judge, start=False)
    later = _next_seed(query.get("next"))
    if ahead is not None:
        from tutor.practice.ahead import Judge
        from tutor.web.ahead import View

        # the voice's answers are computed ahead (the process asks the very same voice); the
        # count's calls are instant, and with either judge the process computes the exact
        # value, the play's start and the best contracts (s39 note: the count got none)
        voice = p.judge if hasattr(p.judge, "memo") else None
        p.ahead = View(ahead, (p.seed, p.seat, p.rules, judge), tuple(items), voice, later,
                       plays=bool(query.get("play")))
        if voice is not None:
            p.judge = Judge(p.judge, p.ahead)
    hinted = _marks(query.get("hinted"), len(items))
    p.web_moves = tuple(items)   # as the page sent them (the play's background job replays them)
    p.start()
    p.replay(items, hinted)
    return p


def _marks(text: str | None, moves: int) -> set[int]:
    """``hinted``: the learner's moves (0-based, comma-separated) made after the Hint button,
    which the review marks as taken from the hint."""
    if not text:
        return set()
    from tutor.text import parse_int

    marks = text.split(",")
    if len(marks) > MAX_MOVES:
        raise TutorError(M("at most {n} calls", n=MAX_MOVES))
    return {parse_int(m, "hinted") for m in marks if m.strip()}


def _next_seed(text: str | None) -> int | None:
    """``next``: the seed of the deal the page will deal next ("New deal"), whose robots'
    calls up to the learner's first turn are computed ahead once this deal's work is done."""
    if text is None or text == "":
        return None
    from tutor.text import parse_int

    return parse_int(text, "next")   # digits only, at most 9: within a seed's range


def _texts(lang: str) -> dict:
    return {key: text.text(lang) for key, text in TEXTS.items()}


def state(query, rules, lang: str, ahead=None) -> dict:
    """The deal so far: the hand, every call with its line, what the learner is asked (and
    the background process set to what his next tap needs)."""
    p = _practice(query, rules, lang, ahead)
    if p.ahead is not None:
        from tutor.practice.ahead import EXACT

        a = p.auction
        ahead.submit(p.ahead, p.over, (EXACT, a.high_bid.strain, a.declarer) if p.over and a.declarer else None)
    return {**p.to_json(), "over": p.over, "texts": _texts(lang)}


def hint(query, rules, lang: str, ahead=None) -> dict:
    """The tutor's call for the learner now, in a line (``tutor practice``'s ``hint``)."""
    p = _practice(query, rules, lang, ahead)
    return {"hint": p.hint()}


def _play(p, query, ahead=None):
    """The contract's cards after the learner's ``cards`` (each replayed with the robots'
    up to his next turn); None without ``cards`` (the page did not play them). With
    ``ahead`` (the server's :class:`tutor.web.ahead.Worker`) the solver's answers its
    process found while the learner thought are adopted (the same cards, sooner), and the
    play's state is left to it as its next job."""
    global _PLAYS
    from collections import OrderedDict

    from tutor.practice.cardplay import kept_answers

    text = query.get("cards")
    if text is None:
        return None
    items = [c for c in text.split(",") if c.strip()] if text else []
    if len(items) > 9:
        raise TutorError(M("at most {n} cards", n=9))
    if not p.over:
        raise TutorError(M("the bidding is not over yet"))
    if p.auction.declarer is None:
        raise TutorError(M("everybody said fort: there are no cards to play"))
    key = (p.seed, p.seat, p.rules.name, str(p.auction.high_bid), p.auction.declarer, p.auction.multiplier)
    with _LOCK:   # the request threads share the kept answers
        if _PLAYS is None:
            _PLAYS = OrderedDict()
        known = kept_answers(_PLAYS, key)
        before = set(known)
    cp = p.cards(known=known)
    view = None
    if ahead is not None:
        from tutor.practice.ahead import start_label
        from tutor.web.ahead import CardsView

        with ahead.cond:   # the robots' first cards, computed with the call that ended the bidding
            start = ahead.done.get(((p.seed, p.seat, p.rules, query.get("judge") or None), start_label(p.auction)))
            if isinstance(start, dict) and not cp.played:
                ahead.stats.taken += 1
                ahead.stats.note(start_label(p.auction), "taken")
        if isinstance(start, dict):
            cp.line.known.update(start)

        inner = getattr(p.judge, "inner", p.judge)
        # the deal with its contract: the solver's answers hold for this contract only
        view = CardsView(ahead, (p.seed, p.seat, p.rules, query.get("judge") or None, key[3:]), p.web_moves,
                         tuple(items), inner if hasattr(inner, "memo") else None)
    cp.robots()
    for n, item in enumerate(items, 1):
        if cp.over:
            raise TutorError(M("the play is over"))
        try:
            card = cp.check(item)
        except TutorError as e:
            raise e.at(M("card {n}: ", n=n)) from None
        if view is not None:   # his card: the robots' answers the process found after it
            from tutor.practice.cardplay import CARDS

            view.adopt(cp, n - 1, (CARDS, cp.position, str(card)))
        cp.play(str(card))
        cp.robots()
    if view is not None:
        if cp.over:   # the review's answers it found (the tricks finished, his last card's branch)
            ahead.adopt_all(view, cp)
        else:
            view.answers = {k: v for k, v in list(known.items()) if k not in before}
            view.exact = cp._exact
            ahead.submit_cards(view)
    return cp


def play(query, rules, lang: str, ahead=None) -> dict:
    """The cards so far: each trick finished (who led, the cards, who took it), the trick on
    the table, the learner's hand and the cards he may play (``tutor practice --play``)."""
    from tutor.play.rules import seats_from

    p = _practice(query, rules, lang, ahead)
    cp = _play(p, {"cards": query.get("cards") or "", "judge": query.get("judge")}, ahead)
    tricks = [{"leader": lead, "cards": [str(c) for c in cards], "winner": win, "points": pts}
              for lead, cards, win, pts in map(cp.trick, range(len(cp.tricks)))]
    return {"seed": p.seed, "seat": p.seat, "contract": str(p.auction.high_bid), "declarer": p.auction.declarer,
            "tricks": tricks, "table": [{"seat": s, "card": str(c)} for s, c in
                                        zip(seats_from(cp.leader), cp.table)],
            "hand": str(cp.hand()), "legal": [str(c) for c in cp.legal()] if not cp.over else [],
            "to_play": cp.to_play, "trick": cp.trick_number if not cp.over else None, "over": cp.over,
            "points": dict(cp.points), "texts": _texts(lang)}


def result(query, rules, lang: str, ahead=None) -> dict:
    """The deal's end: the issue's JSON and the lines the terminal shows, each call's why in
    short (``lines``, ``tutor practice``) and with the tutor's whole reasoning (``full``,
    ``tutor practice --full``): the page shows the one and offers the other (``cards_from``:
    where the lines after the review of the calls start in each). With ``cards``
    (all nine of the learner's, or fewer: the play stopped) the cards as played and each of
    his cards' cost, as ``tutor practice --play`` ends."""
    from tutor.practice.review import best_lines

    p = _practice(query, rules, lang, ahead)
    if not p.over:
        raise TutorError(M("the bidding is not over yet"))
    r = p.result(play=_played(p, query, ahead))
    lines, full = r.lines(lang), r.lines(lang, full=True)
    # where the cards' lines start (the page puts its button under the calls' review, above them)
    tail = (len(r.play.lines(lang)) if r.play is not None else 0) + len(best_lines(r.best, lang))
    return {**r.to_json(lang), "lines": lines, "full": full, "cards_from": [len(lines) - tail, len(full) - tail],
            "texts": _texts(lang)}


def _played(p, query, ahead=None):
    """The play's result (:func:`tutor.practice.cardplay.result`) where ``cards`` is given."""
    from tutor.practice.cardplay import result as play_result

    cp = _play(p, query, ahead) if query.get("cards") is not None and p.auction.declarer is not None else None
    return None if cp is None else play_result(cp, p.auction.high_bid.value)


def keep(body: dict, rules, lang: str, db, ahead=None) -> dict:
    """The finished deal kept in the learner's progress, as ``tutor practice`` keeps each deal
    (``--stats``, the lessons' overview); the body names it as the page's queries do, with
    the quiz's ``learner`` (required: the page sends the Quiz tab's name) and the page's
    ``deal_id`` (made when the deal started: kept again under it, by a retry or after an
    undo, the deal counts once, as last kept). Answers the learner's practice line after it."""
    from tutor.practice import progress
    from tutor.web.quiz import learner_of

    query = {}
    for key in ("seed", "seat", "moves", "judge", "next", "cards", "hinted"):
        value = body.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise TutorError(M("{field}: a text or a whole number", field=key))
        query[key] = str(value)
    if isinstance(body.get("learner"), bool) or not isinstance(body.get("learner"), (str, int, type(None))):
        raise TutorError(M("{field}: a text or a whole number", field="learner"))   # polish s39: true kept as "True"
    if body.get("learner") is None or str(body.get("learner")).strip() == "":
        # not the server's login name: on a shared server every phone's deals would land there
        raise TutorError(M("learner: no name given (a deal is kept under the learner's name)"))
    learner = learner_of(body.get("learner"))
    deal_id = body.get("deal_id")
    if deal_id is not None and (not isinstance(deal_id, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", deal_id)):
        raise TutorError(M("deal_id: letters, digits, - and _ only, at most {n}", n=64))
    p = _practice(query, rules, lang, ahead)
    if not p.over:
        raise TutorError(M("the bidding is not over yet"))
    progress.record(db, learner, p.result(play=_played(p, query, ahead)), lang, deal_id=deal_id)
    return {"kept": True, "learner": learner, "kept_for": _("Kept for {learner}.", lang, learner=learner),
            "stats": progress.stats(db, learner).to_json(),
            "line": progress.stats_line(db, learner, lang)}


#: path -> answer(query parameters, the request's table rules, lang, ahead=the server's
#: Worker or None); tutor.web.app makes the routes (its guards, its errors), so this module
#: needs nothing of it
ENDPOINTS = {"/api/practice": state, "/api/practice/result": result, "/api/practice/hint": hint,
             "/api/practice/play": play,
             "/api/practice/texts": lambda query, rules, lang, ahead=None: _texts(lang)}
