"""``tutor practice`` and ``tutor review``: thin layers over :mod:`tutor.practice`."""
from __future__ import annotations

import sys

import click

from tutor.commands.common import NumberType, PathType, SEAT, emit_json, json_option, lang_option, learner_option, read_table_rules_option, table_rules_option
from tutor.i18n import M, _, ngettext


# -- tutor practice --------------------------------------------------------------------------
@click.command("practice")
@click.option("--seat", type=SEAT, default="C", show_default=True, help="Your seat (A is Vorhand).")
@click.option("--seed", type=NumberType(0, 2 ** 63 - 1), default=None,
              help="The deal's number: the same seed, the same deal (default: a new one).")
@click.option("--count", type=NumberType(1, 10_000), default=1, show_default=True,
              help="How many deals (with --seed: that seed and the next ones).")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
              help="The database (default: tutor.sqlite3 in the user's data folder, or $TUTOR_DB).")
@learner_option
@click.option("--stats", "show_stats", is_flag=True, help="Show the practice results kept in the database.")
@click.option("--full", "full", is_flag=True,
              help="The review gives the tutor's whole reasoning for each call (the deals' figures, the count).")
@click.option("--judge", type=click.Choice(("simulation", "count")), default="simulation", show_default=True,
              help="How the robots judge their calls: the tutor's default (the simulation) or the count (instant).")
@click.option("--play", "play", is_flag=True,
              help="Then play the cards: you your seat, the robots theirs; at the end what each of your cards cost.")
@table_rules_option
@json_option
@lang_option
def practice(seat, seed, count, db_path, learner, show_stats, full, judge, play, rules_spec, as_json, lang):
    """Bid whole deals against three robot seats, then see what the deal was worth."""
    from tutor.practice import progress
    from tutor.course.quiz import default_learner

    learner = learner or default_learner()
    if show_stats:
        s = progress.stats(db_path, learner)
        if as_json:
            emit_json(s.to_json())
        elif not s.deals:   # as the quiz says it, not "0 deals practised; your teams wrote 0, ... of 0 calls 0 ..."
            click.echo(_("Nothing practised yet by {learner} in this database: tutor practice deals one.", lang,
                         learner=learner))
        else:
            click.echo(ngettext("{learner}: {deals} deal practised; your team wrote {board}, its best contract "
                                "{best}; {calls}, {acceptable} acceptable, {worse} worse.",
                                "{learner}: {deals} deals practised; your teams wrote {board}, their best "
                                "contracts {best}; {calls}, {acceptable} acceptable, {worse} worse.",
                                s.deals, lang, learner=learner, deals=s.deals, board=s.board, best=s.best,
                                calls=progress.calls_phrase(s), acceptable=s.acceptable, worse=s.worse))
        return
    from tutor.practice.session import Practice, new_seed
    from tutor.practice.value import require_core

    require_core("practice")   # before the learner bids a deal whose end could not be shown
    from tutor import store

    store.connect(db_path).close()   # nor kept: a damaged or another program's --db, said at the end before
    first = seed if seed is not None else new_seed()
    loop = Loop(sys.stdin, as_json, lang)
    total = {"board": 0, "best": 0}
    for n in range(count):
        # at a terminal the tutor computes ahead while the learner thinks (tutor.practice.ahead:
        # the same calls, sooner); the hand is shown before the robots' first calls
        p = Practice((first + n) % (2 ** 63), seat, rules_spec, lang, judge, ahead=loop.tty, start=False)
        if n + 1 < count:
            p.next_seed = (first + n + 1) % (2 ** 63)
        try:
            result = _deal(loop, p, as_json, full, play)
        finally:
            p.close()
        if result is None:   # the input ended or the learner typed end (QA s33 Q24: it ended in silence)
            click.echo(_("Deal {seed} stopped before the end of the bidding: it is not kept.", lang, seed=p.seed),
                       err=as_json)
            return
        if as_json:
            progress.record(db_path, learner, result, lang)
            emit_json(result.to_json(lang))
            continue
        # kept where the quiz and the Tafel keep theirs, so that --stats finds it (QA s32 Q42:
        # a new user's deals were kept nowhere unless he had given --db)
        progress.record(db_path, learner, result, lang)
        team = result.team
        best = result.best.get(team)
        total["board"] += result.board[team]
        total["best"] += (best.board or 0) if best is not None else 0
        if count > 1:
            click.echo(_("Deal {n} of {count}: {team} wrote {board}, the best contracts {best} "
                         "(so far {total} of {total_best}).", lang, n=n + 1, count=count, team=team,
                         board=result.board[team], best=(best.board or 0) if best else 0,
                         total=total["board"], total_best=total["best"]))
        if n + 1 < count:
            click.echo()


def _deal(loop, p, as_json: bool, full: bool, play: bool = False):
    """One deal bid (and with ``play`` its cards played) and its end shown (at a terminal:
    the best contracts last, the solver's longest part); its result, or None where the
    learner stopped."""
    result = loop.deal(p, best=as_json, play=play)
    if result is None or as_json:
        return result
    for line in result.lines(lang=loop.lang, full=full):
        click.echo(line)
    if not result.best:
        import dataclasses

        from tutor.practice.review import best_lines

        known = {(result.contract.split(" ", 1)[1], result.declarer): result.card_points} \
            if result.contract else {}
        result = dataclasses.replace(result, best=p.best(known))
        for line in best_lines(result.best, loop.lang):
            click.echo(line)
    return result


# The words of the loop, in English, German and French (any of them, whatever --lang).
WORDS = {
    "why": ("?", "warum", "why", "pourquoi"),
    "undo": ("undo", "zurück", "zurueck", "annuler"),
    "hand": ("hand", "blatt", "main"),
    "help": ("help", "h", "hilfe?", "aide"),
    "hint": ("hint", "tipp", "conseil", "indice"),
    "end": ("end", "ende", "quit", "exit", "q", "fin"),
}
COMMAND = {w: key for key, words in WORDS.items() for w in words}


class Loop:
    """Reads the learner's lines (a terminal or a pipe alike) and drives a Practice."""

    def __init__(self, stream, as_json: bool, lang: str) -> None:
        self.stream = stream
        self.quiet = as_json
        self.lang = lang
        try:
            self.tty = stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False

    def say(self, text: str = "") -> None:
        if not self.quiet:
            click.echo(text)

    def deal(self, p, best: bool = True, play: bool = False):
        """Bid one deal (and with ``play`` play its cards); its result, or None when the
        input ends or the learner ends before the bidding is over."""
        lang = self.lang
        self.say(_("Deal {seed}: your seat {seat}, A is Vorhand; A and C play together, B and D.",
                   lang, seed=p.seed, seat=p.seat))
        self.say(_("Your hand: {hand}", lang, hand=str(p.hand)))
        for s in p.steps:
            self.say("  " + p.line(s))
        p.on_step = lambda s: self.say("  " + p.line(s))   # each call shown as it is made
        p.plays = play   # computing ahead: where a call ends the bidding, the play's start too
        p.start()
        while not p.over:
            p.think()   # while the learner thinks: what his likely calls will need
            line = self.ask(p.prompt())
            if line is None:
                return None
            word = line.strip().lower()
            if not word and p.waiting == "turn":
                continue   # an empty line at your turn: asked again
            cmd = COMMAND.get(word)
            if cmd == "end":
                return None
            if cmd == "why":
                last = p.last_robot()
                # in full: what the call shows, and what it denies (a fort: the openings and
                # Hilfen the robot would have called instead; QA s33 Q24)
                self.say("  " + (p.why(last) if last else _("No robot has called yet.", lang)))
                continue
            asked = self.which(p, word)
            if asked is not None:   # "? B": a seat's last call, "? 3": the third call
                self.say("  " + (p.why(asked) if asked != "" else _(
                    "No such call: ? alone explains the last robot call, ? B the last call of B, ? 3 the third "
                    "call.", lang)))
                continue
            if cmd == "undo":
                if not p.undo():
                    self.say("  " + _("Nothing of yours to take back.", lang))
                    continue
                self.say("  " + _("Taken back. The calls now:", lang) + " " + (", ".join(p.calls) or "-"))
                continue
            if cmd == "hint":   # the tutor's call before the learner's (a hint, as GIB gives one)
                self.say("  " + p.hint())
                continue
            if cmd == "hand":
                self.say("  " + _("Your hand: {hand}", lang, hand=str(p.hand)))
                continue
            if cmd == "help":
                self.say("  " + _("A call (60ei, 70 sche, fort, dopple, konter); ? explains the last robot "
                                  "call, ? B the last call of B, ? 3 the third call; hint gives the tutor's call; "
                                  "undo takes back your last call; hand; end.", lang))
                continue
            from tutor.errors import TutorError

            try:
                p.call(line)   # its steps are shown as they are made (on_step)
            except TutorError as e:
                click.echo("! " + _("Not taken: {error}", lang, error=e.text(lang)), err=self.quiet)
                continue
        from tutor.conventions import state_line

        self.say(state_line(p.auction.state(), lang))
        return p.result(best=best, play=self.play(p) if play else None)

    def play(self, p):
        """The contract's cards: the learner's typed, the robots' shown as they come (each
        trick with who takes it); the play's result (:class:`tutor.practice.cardplay.PlayResult`,
        stopped where the input ends or he types end), None where nobody declared."""
        cp = p.cards()
        if cp is None:
            return None
        if p.ahead is not None:   # the robots' first cards, computed ahead with the call that ended the bidding
            from tutor.practice.ahead import start_label

            found = p.ahead.take(start_label(p.auction))
            if isinstance(found, dict):
                cp.line.known.update(found)
        lang = self.lang
        bid = p.auction.high_bid.value
        self.say(_("The play: {declarer} leads. You play {seat}'s cards, the robots theirs, seeing all four hands "
                   "(double dummy). A card: ro a or Rosen A; ? your legal cards; undo; hand; end stops.", lang,
                   declarer=cp.leader, seat=cp.seat))

        def shown(seat, card):   # each card as it is played; each trick's end with who takes it
            i = len(cp.played) - 1
            self.say(f"  {seat} {card}")
            if i % 4 == 3:
                _lead, _cards, win, points = cp.last_trick
                self.say("  " + _("{seat} takes trick {n}: {points} card points (AC {ac} : BD {bd}).", lang, seat=win,
                                  n=i // 4 + 1, points=points, ac=cp.points["AC"], bd=cp.points["BD"]))
                if not cp.over:
                    self.say(_("Trick {n}:", lang, n=i // 4 + 2))

        self.say(_("Trick {n}:", lang, n=1))
        # at a terminal, while the learner thinks, a background process plays the robots'
        # answers to each card he may play (tutor.practice.cardplay.card_plan): the same cards
        ahead = None
        if self.tty:
            from tutor.practice.ahead import Ahead

            ahead = Ahead()
        try:
            return self._cards(cp, bid, shown, ahead)
        finally:
            if ahead is not None:
                ahead.done = {}   # nothing of it for another deal
                ahead.close()

    def _cards(self, cp, bid, shown, ahead):
        """The play's loop (see :meth:`play`); ``ahead``: the background process or None."""
        from tutor.errors import TutorError
        from tutor.play.rules import seats_from
        from tutor.practice.cardplay import adopt, card_plan, result, take_ahead

        lang = self.lang
        while not cp.over:
            cp.robots(until=shown)
            if cp.over:
                break
            if ahead is not None:
                ahead.start(("cards", cp.position), card_plan(cp))
            line = self.ask(_("{seat}, your card ({hand}):", lang, seat=cp.seat, hand=str(cp.hand())))
            if line is None:
                return result(cp, bid)
            word = line.strip().lower()
            if not word:
                continue
            cmd = COMMAND.get(word)
            if cmd == "end":
                return result(cp, bid)
            if cmd == "why":
                self.say("  " + _("You may play: {cards}.", lang, cards=", ".join(str(c) for c in cp.legal())))
                continue
            if cmd == "hand":
                self.say("  " + _("Your hand: {hand}", lang, hand=str(cp.hand())))
                continue
            if cmd == "undo":   # his last card back, and the robots' after it
                if not cp.undo():
                    self.say("  " + _("Nothing of yours to take back.", lang))
                    continue
                self.say("  " + _("Taken back. Trick {n}:", lang, n=cp.trick_number) + " " +
                         (", ".join(f"{s} {c}" for s, c in zip(seats_from(cp.leader), cp.table)) or "-"))
                continue
            if cmd in ("help", "hint"):
                self.say("  " + _("A card (ro a, Rosen A, schi 10); ? gives your legal cards; undo takes back your "
                                  "last card; hand; end stops the play (its cards are then not reviewed).", lang))
                continue
            try:
                card = cp.check(line)
            except TutorError as e:
                click.echo("! " + _("Not taken: {error}", lang, error=e.text(lang)), err=self.quiet)
                continue
            if ahead is not None:
                take_ahead(cp, ahead, card)
            cp.play(str(card))
            shown(cp.seat, card)
        if ahead is not None:   # the review's answers it found (the tricks finished, his last card's branch)
            adopt(cp, ahead.done)
        return result(cp, bid)

    @staticmethod
    def which(p, word: str):
        """The decision ``? B`` / ``? 3`` asks about (any of the why words, then a seat or
        a number): the step, "" where there is no such call, None where ``word`` is no such
        question."""
        head, _sep, rest = word.partition(" ")
        rest = rest.strip().upper()
        if COMMAND.get(head) != "why" or not rest:
            return None
        made = [s for s in p.steps if s.reading is not None]
        if rest in ("A", "B", "C", "D"):
            return next((s for s in reversed(made) if s.seat == rest), "")
        if rest.isascii() and rest.isdigit() and len(rest) <= 3 and 1 <= int(rest) <= len(made):
            return made[int(rest) - 1]
        return ""

    def ask(self, prompt: str) -> str | None:
        """The learner's next line, None at the end of the input; a line longer than
        MAX_INPUT is refused in one line and asked again (its rest is never held in memory)."""
        from tutor.text import MAX_INPUT, printable, read_line

        while True:
            if not self.quiet:
                click.echo(prompt + " ", nl=False)
            line = read_line(self.stream)
            if line is None:
                if not self.quiet:
                    click.echo()
                return None
            if not self.quiet and not self.tty:
                click.echo(printable(line[:MAX_INPUT]))   # a pipe's line shown as if typed
            if len(line) <= MAX_INPUT:
                return line
            from tutor.i18n import Number

            error = M("the line is too long: at most {limit} characters are read", limit=Number(MAX_INPUT))
            click.echo("! " + _("Not taken: {error}", self.lang, error=error.text(self.lang)), err=self.quiet)


# -- tutor review ----------------------------------------------------------------------------
@click.command("review")
@click.argument("path", type=PathType(dir_okay=False, allow_dash=True))
@click.option("--rules", "rules_spec", default=None, metavar="PROFILE|FILE",
              callback=read_table_rules_option,
              help="Table rules instead of the file's own.")
@click.option("--judge", type=click.Choice(("simulation", "count")), default="simulation", show_default=True,
              help="The tutor's call by its default judgement (the simulation) or by the count (instant).")
@json_option
@lang_option
def review(path, rules_spec, judge, as_json, lang):
    """What a played game teaches: every call, the contract's exact value, the costly cards."""
    from tutor.practice import game

    # each call's lines as soon as its review is known (the first within a call's time, not
    # after the whole auction's), the calls answered on both cores (tutor.practice.ahead)
    shown = []

    def each(c):
        if not shown:
            click.echo(_("The auction:", lang))
        shown.append(c)
        for line in game.call_lines(c, lang):
            click.echo(line)

    each = None if as_json else each
    if path == "-":
        from tutor.files import read_stdin

        r = game.review_text(read_stdin(), "<stdin>", rules_spec, judge, each, ahead=True)
    else:
        r = game.review_file(path, rules_spec, judge, each, ahead=True)
    if as_json:
        emit_json(r.to_json(lang))
        return
    for line in r.end_lines(lang):
        click.echo(line)


# -- help: catalog messages, shown in the language of --help (tutor.commands.helptext) --------
HELP: dict[str, dict] = {
    "practice": {
        "short": M("Bid whole deals against three robots; then the deal's value and a review."),
        "help": (M("Deals the cards and gives you one seat; the three others bid by the tutor's "
                   "judgement, each call with its meaning. Type your calls as in tutor table (60ei, "
                   "70 sche, fort, dopple); ? explains the last robot call (? B, ? 3: any other), hint "
                   "gives the tutor's call, undo takes back your last call. At the end: the four hands, the contract and what it makes with best play "
                   "(the exact solver), the board, each team's best contract, and a review of each "
                   "of your calls."),
                 M("With --play you then play your seat's cards (ro a, Rosen A; ? your legal cards, undo), "
                   "the robots theirs with the solver, seeing all four hands; at the end each of your "
                   "cards with what it cost against double-dummy play, as tutor review reads a game's "
                   "cards.")),
        "options": {
            "seat": M("Your seat (A is Vorhand)."),
            "seed": M("The deal's number: the same seed, the same deal (default: a new one)."),
            "count": M("How many deals (with --seed: that seed and the next ones)."),
            "learner": M("Whose progress (default: $TUTOR_LEARNER or the login name)."),
            "show_stats": M("Show the practice results kept in the database."),
            "full": M("The review gives the tutor's whole reasoning for each call (the deals' figures, the count)."),
            "judge": M("How the robots judge their calls: the tutor's default (the simulation) or the "
                       "count (instant)."),
            "play": M("Then play the cards: you your seat, the robots theirs; at the end what each of your cards cost."),
        },
        "examples": [
            "tutor practice",
            "tutor practice --play",
            "tutor practice --seat A --seed 7",
            "tutor practice --count 8 --rules erweitert --db club.sqlite3",
        ],
    },
    "review": {
        "short": M("Review a played game: every call, the exact value, the cards that cost points."),
        "help": (M("Reads a game file of tutor play with its auction (auction: the calls from "
                   "Vorhand on): every call with its meaning, whether it was conventional and true "
                   "to the hand, the tutor's call there and why; the contract's exact value; and "
                   "with tricks every card that cost its side points against double-dummy play."),),
        "options": {
            "rules_spec": M("Table rules instead of the file's own."),
            "judge": M("The tutor's call by its default judgement (the simulation) or by the count "
                       "(instant)."),
        },
        "examples": [
            "tutor review examples/worked-example.yaml",
            "tutor review examples/worked-example.yaml --json",
        ],
    },
}
