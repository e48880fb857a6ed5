"""Drills generated from random deals (``tutor drills new``).

For a topic, deals are made with a seeded ``random.Random`` and bid out by the encoder
(``tutor.conventions.advise``; now and then one of the other calls the convention offers
the hand, so the auctions vary). Where an auction reaches the topic's situation (a Hilfe
drill: the partner opened and the hand holds the other top card, and so on) a drill is
taken from it. Every answer is the engine's, and every drill is checked the way ``tutor
drills check`` checks it before it is kept. No file gives its answers away: a drill is
skipped when its answer would make up more than half of the file, when «fort» and «nein»
would make up more than 60 %, or when it shows the same situation as the drill before it
(``tutor.course.balance.Balance``). Same seed, same drills.
"""
from __future__ import annotations

import json
import random
from typing import Callable, Iterator

from tutor.errors import TutorError
from tutor.i18n import M, Mn
from tutor.scoring import SEATS, partner_of, team_of

WANDER = 0.3          # how often a player takes another offered call than the recommended one
MAX_TRIES = 400       # deals tried per drill before giving up


class Deal:
    """A random deal and its auction as the encoder bids it, step by step."""

    def __init__(self, rng: random.Random, rules) -> None:
        from tutor.play.dealer import everyone

        self.rng = rng
        self.rules = rules
        self.hands = everyone().deal(rng)   # the simulation's dealer, nothing known yet
        self.reader = None   # the live auction of the last steps()

    def steps(self, wander: float = WANDER, max_calls: int = 14) -> Iterator[tuple]:
        """(reader, seat, hand, advice) before each call; the call is then played. Each
        reader is a snapshot of that moment (the auction goes on in another)."""
        from tutor import conventions

        reader = self.reader = conventions.Reader(self.rules)
        for _ in range(max_calls):
            a = reader.auction
            if a.over:
                return
            seat = a.next_seat
            advice = conventions.advise(self.hands[seat], a, self.rules)
            snapshot = conventions.replay(a, self.rules)
            # the auction goes on from a copy of this point, which shares what advise
            # worked out there (the seat's Situation, the legal calls' readings)
            reader = self.reader = snapshot.copy()
            yield snapshot, seat, self.hands[seat], advice
            pick = advice.recommended
            others = [o for o in advice.options if o.kind not in ("double", "redouble")]
            if others and self.rng.random() < wander:
                pick = self.rng.choice(others)
            if pick is None:
                return
            reader.play(pick.call, pick.seat)

    def auction_text(self, reader) -> str:
        return str(reader.auction)


def _join(prefix: str, call: str) -> str:
    return f"{prefix}, {call}" if prefix else call


def _standing(reader) -> int | None:
    bid = reader.auction.high_bid
    return None if bid is None else bid.value


# -- drill builders: every answer comes from the engine ----------------------------------------
def bid_drill(hand, auction: str, rules) -> dict | None:
    from tutor import conventions

    advice = conventions.advise(hand, auction, rules)
    if advice.call is None:
        return None
    return {"type": "bid", "hand": str(hand), "auction": auction, "answer": advice.call}


def explain_drill(auction: str, rules, ask: int | None = None, promises: bool = True) -> dict:
    from tutor import conventions

    e = conventions.explain(auction, rules)
    n = ask or len(e.calls)
    r = e.calls[n - 1]
    d = {"type": "explain", "auction": auction}
    if ask is not None and ask != len(e.calls):
        d["ask"] = ask
    d["answer"] = r.kind
    if promises and r.promises:
        d["promises"] = [p.to_json() for p in r.promises]
    return d


def check_drill(hand, auction: str, call: str, rules, question: str = "best") -> dict:
    """A check drill keyed as ``tutor drills check`` reads it: by default "is this the
    right call", yes only for the call the tutor recommends (or one as good); ``question``
    ``legal`` asks only whether the call is allowed, ``truthful`` whether it is allowed and
    true to the hand (drills.CHECK_QUESTIONS)."""
    from tutor.course import drills

    d = {"type": "check", "hand": str(hand), "auction": auction, "call": call}
    if question != "best":
        d["question"] = question
    d["answer"], _ = drills.engine_for().check_question(str(hand), auction, call, rules, "de", question)
    return d


def score_drill(contract: str, declarer: str, card_points: int, rules, *, double=False,
                redouble=False, weis=None, stoeck=None, auction: str | None = None) -> dict:
    from tutor.course import drills

    d: dict = {"type": "score"}
    if auction:
        d["auction"] = auction
    else:
        d.update(contract=contract, declarer=declarer)
    d["card_points"] = card_points
    if double and not auction:
        d["double"] = True
    if redouble and not auction:
        d["redouble"] = True
    if weis:
        d["weis"] = weis
    if stoeck:
        d["stoeck"] = stoeck
    board, _ = drills.engine_for().score(d, rules, "de")
    d["answer"] = {k: board[k] for k in ("AC", "BD")}
    return d


def _possible(points: int) -> int:
    """No trick counts 1, so neither side can have 1 card point: 1 becomes 0, 156 becomes 155."""
    from tutor.scoring import IMPOSSIBLE_CARD_POINTS

    return points - 1 if points in IMPOSSIBLE_CARD_POINTS else points


def _random_points(rng: random.Random, bid: int) -> int:
    """Card points near the bid, so that made and missed both come up."""
    need = min(bid, 157)
    return _possible(max(0, min(157, need + rng.choice([-1, 0, 1, 3, -4, 6, -9, 12, -15, 20]))))


def _random_contract(rng: random.Random, rules, low: int = 50, high: int = 150) -> str:
    from tutor.cards import SUITS

    values = [v for v in rules.bid_values if low <= v <= high]
    return f"{rng.choice(values)} {rng.choice(SUITS).value}"


# -- the topics --------------------------------------------------------------------------------
def trick_drill(trump: str, cards, leader: str, question: str, last: bool = False) -> dict:
    """A trick drill; the answer from the rules of play (``tutor.play.rules``)."""
    from tutor.course import drills

    d: dict = {"type": "trick", "trump": trump}
    if leader != "A":
        d["leader"] = leader
    d["trick"] = ", ".join(str(c) for c in cards)
    if question != "winner":
        d["question"] = question
    if last:
        d["last"] = True
    d["answer"], _ = drills.engine_for().trick(d, "de")
    return d


def value_drill(trump: str, hand) -> dict:
    from tutor.course import drills

    d: dict = {"type": "value", "trump": trump, "cards": str(hand)}
    d["answer"], _ = drills.engine_for().value(d, "de")
    return d


def _played_trick(rng, d: Deal, trump):
    """(leader, a trick as it comes in play: every seat plays a legal card of its hand)."""
    from tutor.play import rules as play

    leader = rng.choice(SEATS)
    t = play.Trump(trump)
    trick: list = []
    for seat in play.seats_from(leader):
        trick.append(rng.choice(play.legal(d.hands[seat], trick, t)))
    return leader, trick


def _spielregeln(rng, rules, roll):
    """The rules of play: who takes a trick (tricks as they come in play)."""
    from tutor.cards import SUITS

    trump = rng.choice(SUITS)
    leader, trick = _played_trick(rng, Deal(rng, rules), trump)
    return trick_drill(trump.value, trick, leader, "winner")


def _kartenwerte(rng, rules, roll):
    """The card values: what a trick counts, and what a hand's cards count in a trump
    kind; tricks as they come in play (the seats follow suit when they can)."""
    from tutor.cards import SUITS

    d = Deal(rng, rules)
    trump = rng.choice(SUITS)
    if roll < 0.4:
        return value_drill(trump.value, d.hands[rng.choice(SEATS)])
    leader, trick = _played_trick(rng, d, trump)
    return trick_drill(trump.value, trick, leader, "points", last=rng.random() < 0.2)


def _bieten(rng, rules, roll):
    """The bidding lesson knows the numbers, the steps, the order and «fort», not yet what
    a number shows: is a call allowed (``question: legal``)? A call that keeps the rules
    (the next numbers over the standing bid, by the seat in turn), one by a seat not in turn
    (out after its fort, or not next), one after the bidding has ended, or one that breaks
    the rules of the numbers (not higher, off the steps, not a number of the ladder)."""
    from tutor.cards import SUITS

    d = Deal(rng, rules)
    suit = rng.choice(SUITS).value
    if 0.55 <= roll < 0.7:       # the bidding is over: nobody may bid
        for _ in d.steps(wander=0.1, max_calls=40):
            pass
        a = d.reader.auction
        if not a.over or a.declarer is None or a.ended_by != "forts":
            return None
        seat = rng.choice(SEATS)
        higher = [x for x in rules.bid_values if x > a.high_bid.value]
        if not higher:     # the Matsch stands: there is no higher bid to ask about
            return None
        return check_drill(d.hands[seat], str(a), f"{seat}: {higher[0]} {suit}", rules, "legal")
    steps = list(_take(d.steps(), rng.randint(1, 5)))
    if not steps:
        return None
    reader, seat, hand, advice = steps[-1]
    v = _standing(reader)
    above = [x for x in rules.bid_values if x > (v or 0)]
    if roll < 0.4 and above:     # a call that keeps the rules
        number = above[0] + rng.choice([0, 5, 10])
        if number not in rules.bid_values:
            return None
        return check_drill(hand, d.auction_text(reader), f"{number} {suit}", rules, "legal")
    if roll < 0.55 and above:    # a seat not in turn: whose turn is it?
        others = [x for x in SEATS if x != seat]
        other = rng.choice(others)
        return check_drill(d.hands[other], d.auction_text(reader), f"{other}: {above[0]} {suit}", rules,
                           "legal")
    if v is None:
        number = rng.choice([rules.lowest_bid - 5, rules.lowest_bid - 10, rules.lowest_bid + 2])
    elif roll < 0.8:
        number = rng.choice([x for x in rules.bid_values if x <= v][-3:] + [v + rng.choice([1, 2, 3, 4, 6, 7])])
    else:
        number = rng.choice([rules.highest_bid + 5, rules.highest_bid + 10, 200])
    if number in rules.bid_values and number > (v or 0):
        return None
    return check_drill(hand, d.auction_text(reader), f"{number} {suit}", rules, "legal")


def _eroeffnung(rng, rules, roll):
    from tutor.cards import NELL, PUUR, SUITS
    from tutor.conventions import opening_number

    d = Deal(rng, rules)
    for reader, seat, hand, advice in d.steps():
        rec = advice.recommended
        if rec is None or rec.kind != "opening":
            continue
        auction = d.auction_text(reader)
        if roll < 0.5:
            return bid_drill(hand, auction, rules)
        if roll < 0.75:
            return explain_drill(_join(auction, str(rec.call)), rules)
        s = rec.call.strain
        suit = next(x for x in SUITS if x.value == s)
        n = hand.length(suit)
        top = rng.choice([PUUR, NELL])
        number = opening_number(top, max(3, n + rng.choice([-1, 0, 0, 1])))
        v = _standing(reader) or 0
        if number <= v:
            return None
        return check_drill(hand, auction, f"{number} {s}", rules)
    return None


def _verpasst(rng, rules, roll):
    from tutor.cards import NELL, PUUR, SUITS
    from tutor.conventions import opening_number

    d = Deal(rng, rules)
    for reader, seat, hand, advice in d.steps():
        v = _standing(reader)
        if v is None:
            continue
        missed = []
        for s in SUITS:
            if s in reader.opened or hand.length(s) < 3:
                continue
            top = PUUR if hand.has(s, PUUR) else NELL if hand.has(s, NELL) else None
            if top is not None and opening_number(top, hand.length(s)) <= v:
                missed.append(s)
        if not missed:
            continue
        auction = d.auction_text(reader)
        if roll < 0.6:
            return bid_drill(hand, auction, rules)
        s = rng.choice(missed)
        above = [x for x in rules.bid_values if x > v and x % 10 == 0 and x <= rules.opening_max]
        if not above:
            return None
        return check_drill(hand, auction, f"{above[0]} {s.value}", rules)
    return None


def _next_fuenfer(reader, rules) -> int | None:
    v = _standing(reader)
    n = rules.lowest_bid if v is None else v + 1
    while n % 10 != 5:
        n += 1
    return n if n <= rules.highest_bid else None


def _fuenfer(rng, rules, roll):
    from tutor.cards import SUITS, Rank

    d = Deal(rng, rules)
    steps = list(_take(d.steps(), rng.randint(1, 5)))
    if not steps:
        return None
    reader, seat, hand, advice = steps[-1]
    if advice.recommended is not None and advice.recommended.kind == "ace" and rng.random() < 0.7:
        return bid_drill(hand, d.auction_text(reader), rules)
    f = _next_fuenfer(reader, rules)
    if f is None or _standing(reader) is None:
        return None
    auction = d.auction_text(reader)
    if roll < 0.55:
        number = f if rng.random() < 0.65 else f + 10
        if number > rules.highest_bid:
            return None
        return explain_drill(_join(auction, f"{number} {rng.choice(SUITS).value}"), rules)
    aces = [s for s in SUITS if hand.has(s, Rank.ASS)]
    suit = rng.choice(aces) if aces and rng.random() < 0.6 else rng.choice(SUITS)
    # the right call (the Ace shown only by a player sure the bidding goes on), or only
    # whether the hand holds what the Fünfer promises
    return check_drill(hand, auction, f"{f} {suit.value}", rules, rng.choice(["best", "truthful"]))


def _hilfe(rng, rules, roll):
    from tutor.conventions import OTHER_TOP

    d = Deal(rng, rules)
    for reader, seat, hand, advice in d.steps():
        for suit, o in reader.opened.items():
            if o.opener != partner_of(seat) or o.top is None:
                continue
            if suit in reader.zehner.get(seat, frozenset()):
                continue
            if not hand.has(suit, OTHER_TOP[o.top]):
                continue
            auction = d.auction_text(reader)
            rec = advice.recommended
            if roll < 0.5:
                return bid_drill(hand, auction, rules)
            low, high = reader.situation(seat).two_zehner()
            if roll < 0.75 and rec is not None and rec.kind == "hilfe":
                return explain_drill(_join(auction, str(rec.call)), rules)
            return check_drill(hand, auction, f"{rng.choice([low, high])} {suit.value}", rules)
    return None


def _gegnerfarbe(rng, rules, roll):
    from tutor.cards import Rank

    d = Deal(rng, rules)
    for reader, seat, hand, advice in d.steps():
        theirs = [s for s, o in reader.opened.items() if seat not in o.team]
        v = _standing(reader)
        if not theirs or v is None:
            continue
        s = rng.choice(theirs)
        auction = d.auction_text(reader)
        f = _next_fuenfer(reader, rules)
        zehner = [x for x in rules.bid_values if x > v and x % 10 == 0 and x <= rules.opening_max]
        if roll < 0.35 and zehner:
            return explain_drill(_join(auction, f"{zehner[0]} {s.value}"), rules)
        if roll < 0.65 and f is not None:
            return explain_drill(_join(auction, f"{f} {s.value}"), rules)
        if f is not None:
            if not hand.has(s, Rank.ASS) and rng.random() < 0.5:
                continue
            return check_drill(hand, auction, f"{f} {s.value}", rules, rng.choice(["best", "truthful"]))
    return None


def _matsch(rng, rules, roll):
    from tutor.cards import SUITS

    if roll < 0.4:
        contract = f"{rules.matsch_bid} {rng.choice(SUITS).value}"
        points = rules.matsch_bid if rng.random() < 0.5 else _possible(rng.randint(120, 156))
        return score_drill(contract, rng.choice(SEATS), min(points, 157), rules,
                           double=rng.random() < 0.3)
    d = Deal(rng, rules)
    steps = list(_take(d.steps(wander=0.1), rng.randint(2, 6)))
    if not steps:
        return None
    reader = steps[-1][0]
    v = _standing(reader) or 0
    high = [x for x in rules.bid_values if x > max(v, rules.opening_max)]
    if not high:
        return None
    number = rules.matsch_bid if rng.random() < 0.3 else rng.choice(high[:-1] or high)
    return explain_drill(_join(d.auction_text(reader), f"{number} {rng.choice(SUITS).value}"), rules)


def _doppeln(rng, rules, roll):
    if roll < 0.35:
        contract = _random_contract(rng, rules, 60, 150)
        red = rng.random() < 0.35
        return score_drill(contract, rng.choice(SEATS), _random_points(rng, int(contract.split()[0])),
                           rules, double=True, redouble=red)
    d = Deal(rng, rules)
    after_bid = [st for st in d.steps() if st[0].auction.entries and st[0].auction.entries[-1].call.is_bid]
    if not after_bid:
        return None
    reader, seat, hand, advice = rng.choice(after_bid)
    high = reader.auction.high
    auction = d.auction_text(reader)
    defenders = [s for s in SEATS if s not in (high.seat, partner_of(high.seat))]
    doubler = rng.choice(defenders)
    doubled = _join(auction, f"{doubler}: dopple")
    # whether to double or konter is a judgement (the simulation's): the drills ask whether
    # the call is allowed, by whom and when
    if roll < 0.4:
        konter = rng.choice([high.seat, partner_of(high.seat), rng.choice(defenders)])
        return check_drill(d.hands[konter], doubled, f"{konter}: konter", rules, "legal")
    if roll < 0.85:
        # the window: right after the bid (open) or after the next player has called (closed)
        if rng.random() < 0.5 and advice.recommended is not None:
            auction = _join(auction, str(advice.recommended.call)) if advice.recommended.kind != "double" else auction
        return check_drill(d.hands[doubler], auction, f"{doubler}: dopple", rules, "legal")
    return score_drill("", "", _random_points(rng, high.call.value), rules, auction=doubled)


def _tafel(rng, rules, roll):
    contract = _random_contract(rng, rules, 50, 150)
    weis = None
    if rules.weis and rng.random() < 0.35:
        weis = {rng.choice(["AC", "BD"]): rng.choice([20, 50, 100, 70])}
    stoeck = rng.choice(["AC", "BD"]) if rules.stoeck and rng.random() < 0.3 else None
    return score_drill(contract, rng.choice(SEATS), _random_points(rng, int(contract.split()[0])),
                       rules, double=rng.random() < 0.2, weis=weis, stoeck=stoeck)


# table-rule variants for the Tischregeln drills: (rules as written in the drill, what to ask)
TISCH_VARIANTS = ("erweitert", {"hilfe": "common"}, {"double_window": "first_lead"},
                  {"matsch_target": 257}, {"fort_final": False})


def _tischregeln(rng, rules, roll):
    from tutor import rules as rules_mod
    from tutor.cards import SUITS

    spec = rng.choice(TISCH_VARIANTS)
    r = rules_mod.load(spec)
    if spec in ("erweitert",) or spec == {"matsch_target": 257}:
        contract = f"{r.matsch_bid} {rng.choice(SUITS).value}" if rng.random() < 0.7 \
            else _random_contract(rng, r, 80, 150)
        value = int(contract.split()[0])
        points = 157 if value == r.matsch_bid and rng.random() < 0.5 else _random_points(rng, value)
        drill = score_drill(contract, rng.choice(SEATS), points, r, double=rng.random() < 0.3)
    elif spec == {"hilfe": "common"}:
        drill = _hilfe(rng, r, 0.6)
        if drill is None or drill["type"] != "explain":
            d = Deal(rng, r)
            for reader, seat, hand, advice in d.steps():
                rec = advice.recommended
                if rec is not None and rec.kind == "hilfe":
                    drill = explain_drill(_join(d.auction_text(reader), str(rec.call)), r)
                    break
            else:
                return None
    elif spec == {"double_window": "first_lead"}:
        # the bidding has ended with three forts: at this table a defender may still double
        d = Deal(rng, r)
        for _ in d.steps(wander=0.1, max_calls=40):
            pass
        a = d.reader.auction
        if not a.over or a.declarer is None or a.ended_by != "forts":
            return None
        high = a.high
        doubler = rng.choice([s for s in SEATS if s not in (high.seat, partner_of(high.seat))])
        drill = check_drill(d.hands[doubler], str(a), f"{doubler}: dopple", r, "legal")
    else:  # fort is not final: a player who said fort bids again
        d = Deal(rng, r)
        found = None
        for reader, seat, hand, advice in d.steps(max_calls=10):
            said_fort = any(e.seat == seat and e.call.kind == "fort" for e in reader.auction.entries)
            if said_fort and reader.auction.high is not None:
                found = (reader, seat, hand, advice)
                break
        if found is None:
            return None
        reader, seat, hand, advice = found
        drill = bid_drill(hand, d.auction_text(reader), r)
    if drill is None:
        return None
    return {"rules": spec, **drill}


def _beispiel(rng, rules, roll):
    """Auctions shaped like the worked example: both teams open, a Hilfe follows."""
    d = Deal(rng, rules)
    points = [(reader.auction, seat, hand, advice) for reader, seat, hand, advice in d.steps(wander=0.15)]
    last = d.reader
    if last is None:
        return None
    readings = last.readings
    openers = {r.seat for r in readings if r.kind == "opening"}
    teams = {team_of(s) for s in openers}
    if len(teams) < 2 or not any(r.kind == "hilfe" for r in readings):
        return None
    auction = str(last.auction)
    if roll < 0.4:
        interesting = [i for i, r in enumerate(readings, start=1) if r.kind != "fort"]
        return explain_drill(auction, rules, ask=rng.choice(interesting))
    if roll < 0.8:
        calls = [p for p in points if p[3].recommended is not None and p[3].recommended.kind != "fort"]
        a, seat, hand, advice = rng.choice(calls if calls and rng.random() < 0.8 else points)
        return bid_drill(hand, str(a), rules)
    if last.auction.over and last.auction.declarer:
        contract = last.auction.contract
        return score_drill("", "", _random_points(rng, int(contract.split()[0])), rules, auction=auction)
    return None


TOPICS: dict[str, Callable] = {
    "spielregeln": _spielregeln, "kartenwerte": _kartenwerte, "bieten": _bieten, "eroeffnung": _eroeffnung,
    "verpasst": _verpasst, "fuenfer": _fuenfer, "hilfe": _hilfe, "gegnerfarbe": _gegnerfarbe,
    "matsch": _matsch, "doppeln": _doppeln, "tafel": _tafel, "tischregeln": _tischregeln,
    "beispiel": _beispiel,
}
TITLES = {
    "spielregeln": "Das Spiel: Stiche (generiert)",
    "kartenwerte": "Karten, Werte und Ränge (generiert)", "bieten": "Das Bieten (generiert)",
    "eroeffnung": "Die Eröffnung (generiert)", "verpasst": "Die verpasste Eröffnung (generiert)",
    "fuenfer": "Der Fünfer (generiert)", "hilfe": "Die Hilfe (generiert)",
    "gegnerfarbe": "Die Farbe der Gegner (generiert)", "matsch": "Über 120 und der Matsch (generiert)",
    "doppeln": "Doppeln und Kontern (generiert)", "tafel": "Die Tafel (generiert)",
    "tischregeln": "Tischregeln (generiert)", "beispiel": "Spiele wie das Beispiel (generiert)",
}


def _take(it, n: int):
    for i, x in enumerate(it):
        if i >= n:
            return
        yield x


def _with_evidence(d, rules, engine):
    """``d`` with the simulation's evidence where its key rests on judgement, ``d`` itself
    where it does not (or the simulation cannot answer: no core, no deal), None where the
    simulation does not share the key."""
    from tutor.course import drills, evidence as ev

    if not ev.needs_evidence(d, rules):
        return d
    new = ev.fresh(d, rules)
    if new is None:
        return d
    normalize = lambda text: drills._normalize(engine, text, rules, "evidence")
    if not ev.key_agrees(d, new, ev.call_ok(d, rules), normalize):
        return None
    fields = {**d.fields, "evidence": {k: new[k] for k in ev.FIELDS if k in new}}
    return drills.Drill(d.id, d.type, fields, rules=rules)


def _key(drill: dict) -> str:
    return json.dumps({k: v for k, v in drill.items() if k != "answer"}, sort_keys=True, default=str)


def generate(topic: str, count: int, *, seed: int | None = None, rules=None,
             progress: Callable[[int], None] | None = None, evidence: bool = False):
    """``count`` drills for ``topic`` as a ``tutor.course.drills.DrillFile``; reproducible with
    ``seed``. ``progress(done)`` is called after each drill. ``evidence``: a drill whose key
    rests on judgement (:func:`tutor.course.evidence.judged`) is kept only where the
    simulation shares its key, and carries the simulation's evidence (seconds a drill)."""
    from tutor.course import syllabus as course, drills
    from tutor.course.balance import Balance
    from tutor import rules as rules_mod

    if topic not in TOPICS:
        raise TutorError(M("unknown topic {topic!r} (topics: {topics})", topic=topic, topics=", ".join(TOPICS)))
    r = rules_mod.load(rules)
    rng = random.Random(seed)
    make = TOPICS[topic]
    engine = drills.engine_for()
    seen: set[str] = set()
    out: list[drills.Drill] = []
    tries = 0
    header = drills.DrillFile(path=None, drills=(), title=TITLES[topic], lesson=topic,
                              rules=rules if isinstance(rules, (str, dict)) else r.name)
    balance = Balance(count)   # no answer given away: not one answer, not fort and nein
    while len(out) < count:
        tries += 1
        if tries > MAX_TRIES * count:
            raise TutorError(Mn("could not find {n} {topic} drill in {deals} deals (found {found})",
                                "could not find {n} {topic} drills in {deals} deals (found {found})",
                                count, topic=topic, deals=tries - 1, found=len(out)))
        fails = tries - len(out)
        roll = (len(out) * 0.6180339887 + 0.1) % 1 if fails % 40 else rng.random()
        fields = make(rng, r, roll)
        if fields is None or _key(fields) in seen or not balance.fits(fields):
            continue
        drill_id = f"{topic}-gen-{len(out) + 1:02d}"
        fields = {"id": drill_id, **fields}
        drill_rules = rules_mod.load(fields["rules"]) if "rules" in fields else r
        d = drills.Drill(drill_id, fields["type"], fields, rules=drill_rules)
        try:
            solution = drills.solve(header, d, engine, drill_rules)
        except TutorError:
            continue   # e.g. a bid drill where the engine recommends no call
        if course.too_early(drills.Checked(header, d, solution, engine), course.PLACE):
            continue   # it needs a later lesson than this topic's: not a drill of this lesson
        if evidence and engine.game == drills.GAME:
            d = _with_evidence(d, drill_rules, engine)
            if d is None:
                continue   # the simulation does not share the count's key: no drill
        seen.add(_key(fields))
        balance.add(fields)
        out.append(d)
        if progress:
            progress(len(out))
    import dataclasses

    return dataclasses.replace(header, drills=tuple(out))
