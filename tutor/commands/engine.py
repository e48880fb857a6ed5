"""The engine's commands: explain, bid, check, score, rules, demo.

Thin: each parses its options, calls the library (``tutor.conventions``,
``tutor.scoring``) and prints text or the JSON contract. Other games than Sidi-Barrani
(``tutor --game tarneeb bid ...``) are handed to ``tutor.commands.games.dispatch``.
"""
from __future__ import annotations

import click

from tutor.commands.common import NUMBER, SEAT, SEED, NumberType, common_options, emit_json, json_option, lang_option
from tutor.i18n import M

SEATS = ("A", "B", "C", "D")


def _other_game(ctx: click.Context, command: str, **params) -> bool:
    game = (ctx.obj or {}).get("game", "sidi-barrani")
    if game == "sidi-barrani":
        return False
    from tutor.commands.games import dispatch

    dispatch(ctx, command, **params)
    return True


def _rules(spec: str):
    from tutor.rules import load

    return load(spec)


def _option(name: str, parse, text: str):
    from tutor.answers import option

    return option(name, parse, text)


def _kind(kind: str, lang: str) -> str:
    from tutor.conventions import kind_label

    return kind_label(kind, lang)


@click.command()
@click.argument("auction", default="")
@click.option("--next", "next_calls", is_flag=True, help="Also list every legal next call and its meaning.")
@common_options
@click.pass_context
def explain(ctx, auction, next_calls, as_json, lang, rules_spec):
    """Read AUCTION call by call: who called, what kind of call, what it promises.

    Example: tutor explain "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple"
    """
    if _other_game(ctx, "explain", auction=auction, next_calls=next_calls, as_json=as_json,
                   lang=lang, rules_spec=rules_spec):
        return
    from tutor import answers
    from tutor.auction import typed_in
    from tutor.conventions import denial_text, state_line
    from tutor.i18n import _, semicolon

    rules = _rules(rules_spec)
    if as_json:
        emit_json(answers.explain_json(auction, rules, lang, next_calls))
        return
    e, upcoming = answers.explanation(auction, rules, next_calls)
    if not e.calls:
        click.echo(_("No call yet.", lang))
    for i, r in enumerate(e.calls, start=1):
        denial = r.denial(lang)
        click.echo(f"{i:>2}. {r.seat}  {typed_in(r.call, lang):<14} [{_kind(r.kind, lang)}] {r.text(lang)}"
                   + (f" {denial}" if denial else ""))
    click.echo()
    click.echo(_("What the table knows:", lang))
    denied = e.denied
    for seat, promises in e.known.items():
        text = semicolon(lang).join(p.text(lang) for p in promises)
        if seat in denied:
            none_of = _("holds none of: {denied}", lang, denied=denial_text(denied[seat], lang))
            text = f"{text}{semicolon(lang)}{none_of}" if text else none_of
        click.echo(f"  {seat}: {text}" if text else f"  {seat}: " + _("nothing about the cards", lang))
    click.echo(state_line(e.state, lang))
    if next_calls:
        click.echo()
        click.echo(_("Possible next calls:", lang))
        for r in upcoming:
            click.echo(f"  {r.seat}: {typed_in(r.call, lang):<14} [{_kind(r.kind, lang)}] {r.text(lang)}")


def score_options(f):
    """--score, --tafel and --db: the Partie's score the judgement knows (bid, check, eval)."""
    f = click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None, metavar="FILE",
                     help="The database for --tafel (default: the user's data folder; $TUTOR_DB).")(f)
    f = click.option("--tafel", "use_tafel", is_flag=True,
                     help="Take the score from the current Partie on the board (tutor tafel).")(f)
    return click.option("--score", "score_text", default=None, metavar="AC=N,BD=N",
                        help="The Partie's score before this game (judgement that knows the Partie).")(f)


def _given(param: str) -> bool:
    """The user typed this option (not its default): `--rules verband` with --tafel means it."""
    from click.core import ParameterSource

    ctx = click.get_current_context(silent=True)
    return ctx is not None and ctx.get_parameter_source(param) not in (None, ParameterSource.DEFAULT)


def _rules_and_standing(rules_spec: str, score_text, use_tafel: bool, db_path):
    """The table's rules and the Partie's score the judgement knows: --score, or the current
    Partie on the board with --tafel (its rules too, unless --rules names others)."""
    from tutor.errors import TutorError

    rules = _rules(rules_spec)
    standing = None
    if use_tafel and score_text is not None:
        raise TutorError(M("--score and --tafel both give the Partie's score: give one of them"))
    if db_path is not None and not use_tafel:   # it would be read for nothing: say so
        raise TutorError(M("--db names the board that --tafel reads: give --tafel too"))
    if use_tafel:
        from tutor import store
        from tutor.judgement import Standing
        from tutor.tafel import Tafel

        path = store.default_path() if db_path is None else db_path   # --db "" is refused by the store
        if store.absent(db_path):   # a question reads the board, it never makes one (nor an empty file)
            raise TutorError(M("--tafel: no Tafel at {path}: start one with tutor tafel new", path=str(path)))
        with Tafel.open(db_path) as t:
            partie = t.partie()
        standing = Standing.for_auction(partie)   # the auction's A is the board's Vorhand
        if standing is None:
            raise TutorError(M("--tafel: the Partie on the board is over: start a new one with tutor tafel new"))
        if not _given("rules_spec"):     # the Partie's own rules, unless --rules names the table's
            rules = partie.rules
    if score_text is not None:
        standing = _standing_of(_option("--score", _parse_score, score_text), rules.match_target)
        over = [t for t, v in standing.score.items() if v >= standing.target]
        if over:
            raise TutorError(M("--score: {team} has {points}, the Partie's target is {target}: this Partie is "
                               "over", team=over[0], points=standing.score[over[0]], target=standing.target))
    return rules, standing


@click.command()
@click.option("--hand", required=True, help='The hand, e.g. "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8".')
@click.option("--auction", default="", help="The calls so far, from Vorhand on.")
@click.option("--seat", type=SEAT, default=None,
              help="The hand's seat (default: the seat in turn); another seat can only double or konter.")
@score_options
@click.option("--count", "by_count", is_flag=True,
              help="The count alone: instant, without deals played out.")
@click.option("--simulate", is_flag=True,
              help="Judge by simulation (the default): deals that fit the auction, played out.")
@click.option("--samples", type=NumberType(1, 5000), default=None,
              help="How many deals at most (default 100).")
@click.option("--seed", type=SEED, default=None,
              help="The random seed (default: one from the position, the same answer every time).")
@common_options
@click.pass_context
def bid(ctx, hand, auction, seat, score_text, use_tafel, db_path, by_count, simulate, samples, seed,
        as_json, lang, rules_spec):
    """The calls the convention offers HAND here, and the recommended one with reasons.

    Example: tutor bid --hand "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8" --auction "60 Eichel, 70 Schellen"
    """
    if _other_game(ctx, "bid", hand=hand, auction=auction, seat=seat, as_json=as_json,
                   lang=lang, rules_spec=rules_spec):
        return
    rules, standing = _rules_and_standing(rules_spec, score_text, use_tafel, db_path)
    judge = _judge(by_count, simulate, samples, seed, progress=not as_json)
    from tutor import answers

    if as_json:
        emit_json(answers.bid_json(hand, auction, seat, rules, lang, judge=judge, standing=standing))
        return
    advice = answers.advice(hand, auction, seat, rules, judge=judge, standing=standing)
    from tutor.auction import typed, typed_in
    from tutor.conventions import _sentence, replay
    from tutor.i18n import _

    turn = replay(auction, rules).auction.next_seat if seat else None
    if seat and turn and seat != turn:
        click.echo(_("{seat} is not in turn, {turn} is: {seat} can only double or konter here.", lang,
                     seat=seat, turn=turn))
    click.echo(_("{seat}: recommended {call}", lang, seat=advice.seat,
                 call=typed(advice.call)) if advice.call
               else _("{seat}: recommended say nothing", lang, seat=advice.seat))
    for line in advice.reasons(lang):
        click.echo(f"  - {_sentence(line)}")
    click.echo()
    click.echo(_("What the conventions offer this hand here:", lang))
    for r in advice.options:
        mark = "*" if advice.recommended is not None and r.call == advice.recommended.call else " "
        click.echo(f" {mark} {typed_in(r.call, lang):<14} [{_kind(r.kind, lang)}] {r.text(lang)}")


def _judge(by_count: bool, simulate: bool = False, samples=None, seed=None, progress: bool = False,
           table: bool = False):
    """The judge a command answers with: the default (the simulation seeded by the
    position; ``table``: within the table session's budget), or the count alone with
    --count (None: nothing of the simulation loaded)."""
    from tutor.errors import TutorError

    if by_count and (simulate or samples is not None or seed is not None):
        raise TutorError(M("--count is the count alone: it takes no --simulate, --samples or --seed"))
    if by_count:
        return None
    from tutor.judgement import default_judge, table_judge

    if table:
        return table_judge()
    return default_judge(samples=samples, seed=seed, progress=progress)


def _parse_score(text: str) -> dict[str, int]:
    """``AC=1850,BD=1200``: each team's total before this game."""
    from tutor.errors import TutorError
    from tutor.i18n import M
    from tutor.scoring import parse_team
    from tutor.text import is_number, parse_int

    out: dict[str, int] = {}
    for item in text.split(","):
        team, sep, points = item.partition("=")
        if sep and team.strip() and is_number(points, signed=True) and points.strip().startswith("-"):
            # the board never goes below 0: a failed bid writes the opponents' points, and the
            # Überbiet rule takes back at most what the game wrote (tutor.partie.ueberbiet)
            raise TutorError(M("{item!r}: a team's score is 0 or more, the board never goes below 0",
                               item=item.strip()))
        if not sep or not is_number(points) or not team.strip():
            raise TutorError(M("{item!r}: write TEAM=POINTS for both teams, e.g. AC=1850,BD=1200",
                               item=item.strip()))
        t = parse_team(team)
        if t in out:   # the last value would silently win and change the advice
            raise TutorError(M("{where}: {team} given twice", where=item.strip(), team=t))
        out[t] = parse_int(points, item.strip())
    if set(out) != {"AC", "BD"}:
        raise TutorError(M("give both teams, e.g. AC=1850,BD=1200"))
    return out


def _standing_of(score, target: int):
    from tutor.judgement import Standing

    return Standing(dict(score), target)


@click.command()
@click.option("--hand", default=None, help="The hand (not needed for the Jass games that only referee).")
@click.option("--auction", default="", help="The calls so far.")
@click.option("--call", "call_text", required=True, help='The call to check, e.g. "80 Eichel" or "D: dopple".')
@click.option("--seat", type=SEAT, default=None,
              help="Who makes the call (default: the seat in turn, or the call's prefix).")
@score_options
@click.option("--count", "by_count", is_flag=True,
              help="Recommend by the count alone: instant, without deals played out.")
@common_options
@click.pass_context
def check(ctx, hand, auction, call_text, seat, score_text, use_tafel, db_path, by_count, as_json, lang,
          rules_spec):
    """Is CALL legal, conventional and true to HAND? Exit 0 if all three, 1 if not.

    Example: tutor check --hand "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8" --auction "60 Eichel, 70 Schellen" --call "80 Eichel"
    """
    if _other_game(ctx, "check", hand=hand, auction=auction, call=call_text, seat=seat,
                   as_json=as_json, lang=lang, rules_spec=rules_spec):
        return
    from tutor import answers
    from tutor.i18n import M, _

    rules, standing = _rules_and_standing(rules_spec, score_text, use_tafel, db_path)
    verdict = answers.verdict(hand, auction, call_text, seat, rules, judge=_judge(by_count), standing=standing)
    if as_json:
        emit_json(verdict.to_json(lang))
    else:
        best = verdict.best
        head = (M("Right") if best else M("Within the rules, but not the recommendation") if verdict.ok
                else M("Not right"))
        yes, no = M("yes"), M("no")
        click.echo(_("{head} (legal: {legal}, conventional: {conventional}, true to the hand: {true}).", lang,
                     head=head, legal=yes if verdict.legal else no,
                     conventional=yes if verdict.conventional else no, true=yes if verdict.truthful else no))
        click.echo(verdict.text(lang))
    ctx.exit(0 if verdict.ok else 1)


def _parse_weis(items: tuple[str, ...]) -> dict[str, int]:
    from tutor.errors import TutorError
    from tutor.i18n import M
    from tutor.scoring import parse_team
    from tutor.text import is_number, parse_int

    out: dict[str, int] = {}
    for item in items:
        team, sep, points = item.partition("=")
        if not sep or not is_number(points):
            raise TutorError(M("--weis {item!r}: write TEAM=POINTS, e.g. AC=50", item=item))
        t = parse_team(team)
        out[t] = out.get(t, 0) + parse_int(points, f"--weis {item}")
    return out


@click.command()
@click.option("--contract", default=None, help='The contract, e.g. "100 Eichel" or "Matsch Rosen".')
@click.option("--declarer", type=SEAT, default=None)
@click.option("--card-points", type=NUMBER, default=None, help="The declaring team's card points (0..157).")
@click.option("--double", is_flag=True, help="The contract was doubled.")
@click.option("--redouble", is_flag=True, help="... and kontered.")
@click.option("--weis", multiple=True, metavar="TEAM=N", help="Weis points for a team (AC or BD); repeatable.")
@click.option("--stoeck", multiple=True, metavar="TEAM", help="Stöck (20) for a team; repeatable.")
@click.option("--bid", "bid_value", default=None, help="Tarneeb: the bid (7..13, or '8 Sonne').")
@click.option("--tricks", type=NUMBER, default=None, help="Tarneeb: the tricks the bidding side took.")
@common_options
@click.pass_context
def score(ctx, contract, declarer, card_points, double, redouble, weis, stoeck, bid_value, tricks,
          as_json, lang, rules_spec):
    """Write one game on the board (Tafel).

    Example: tutor score --contract "100 Eichel" --declarer A --card-points 113 --double
    """
    if _other_game(ctx, "score", contract=contract, declarer=declarer, card_points=card_points,
                   double=double, redouble=redouble, weis=weis, stoeck=stoeck, bid=bid_value,
                   tricks=tricks, as_json=as_json, lang=lang, rules_spec=rules_spec):
        return
    from tutor.auction import sidi_barrani_spec
    from tutor.errors import TutorError
    from tutor.i18n import M, _
    from tutor.scoring import score_game

    missing = [name for name, v in (("--contract", contract), ("--declarer", declarer),
                                    ("--card-points", card_points)) if v is None]
    if missing:
        raise TutorError(M("score needs {options}", options=", ".join(missing)))
    rules = _rules(rules_spec)
    call = _option("--contract", sidi_barrani_spec(rules).parse_call, contract)
    if not call.is_bid:
        raise TutorError(M("--contract {contract!r}: a contract is a bid, e.g. '100 Eichel'", contract=contract))
    result = score_game(call.value, declarer, card_points, double=double, redouble=redouble,
                        misere=bool(call.strain and call.strain.endswith("Misère")),
                        weis=_parse_weis(weis), stoeck=stoeck, rules=rules)
    if as_json:
        emit_json(result.to_json())
        return
    line = (M("{contract} by {declarer}: {points} card points, made; {target} target points.") if result.made
            else M("{contract} by {declarer}: {points} card points, missed; {target} target points."))
    click.echo(line(contract=contract, declarer=result.declarer, points=result.card_points,
                    target=result.target_points).text(lang))
    click.echo(_("Board: AC {ac} : BD {bd}", lang, ac=result.board["AC"], bd=result.board["BD"]))


@click.command("rules")
@click.argument("spec", default=None, required=False)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@lang_option
@click.pass_context
def rules(ctx, spec, as_json, lang):
    """Show the table rules of a profile (verband, erweitert, frei) or a YAML file.

    Example: tutor rules erweitert; tutor --game tarneeb rules
    """
    if _other_game(ctx, "rules", rules_spec=spec, as_json=as_json, lang=lang):
        return
    r = _rules(spec or "verband")
    if as_json:
        emit_json(r.to_dict())
        return
    # a rules file of its own: the profile it starts from (a loaded file's name is
    # "profile+file"), then every rule, so the output saved and edited loads with --rules
    for key, value in r.to_dict().items():
        if key == "name":
            key, value = "profile", str(value).split("+", 1)[0]
        click.echo(f"{key}: {str(value).lower() if isinstance(value, bool) else value}")


@click.command()
@click.option("--count", "by_count", is_flag=True,
              help="The count alone: instant, without deals played out.")
@json_option
@lang_option
def demo(by_count, as_json, lang):
    """The worked example of sidi-barrani.txt: every call explained, the advice, the board."""
    from tutor import worked_example

    judge = _judge(by_count)   # the tutor's default voice, as bid gives it (QA s40 F5)
    if as_json:
        emit_json(worked_example.walk(lang, judge=judge))
    else:
        worked_example.show(lang=lang, echo=click.echo, judge=judge)


# -- help: catalog messages, shown in the language of --help (tutor.commands.helptext) --------
# the score options' help, as bid, check and eval show it (score_options)
SCORE_HELP = {
    "score_text": M("The Partie's score before this game, e.g. AC=1200,BD=900. It changes the values: a game "
                    "after which the Partie is over counts as the Partie won (+ its target) or lost (- its target), "
                    "any other game by its board points."),
    "use_tafel": M("Take the score from the current Partie on the board; the auction's A is the board's Vorhand."),
    "db_path": M("The database for --tafel (default: the user's data folder; $TUTOR_DB)."),
}

HELP: dict[str, dict] = {
    "explain": {
        "short": M("Read an auction: what every call promises."),
        "help": M("Reads AUCTION call by call: who called, what kind of call it is and what it "
                  "promises about the hand; then what the table knows about each seat, and "
                  "whose turn it is or which contract stands."),
        "options": {
            "next_calls": M("Also list every legal next call and its meaning."),
        },
        "examples": [
            "tutor explain \"60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple\"",
            "tutor explain \"60ei, 70 sche\" --next",
        ],
    },
    "bid": {
        "short": M("The calls the convention offers a hand, and the best one."),
        "help": M("The calls the conventions offer the hand here, and the recommended one with "
                  "its reasons. The hand is the seat in turn's unless --seat names another, "
                  "who can then only double or konter."),
        "options": {
            "hand": M("The hand, e.g. \"Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8\" or "
                      "\"♣AO9 ♦KU ♥U6 ♠O8\"."),
            "auction": M("The calls so far, from Vorhand on, separated by commas."),
            "seat": M("The hand's seat (default: the seat in turn)."),
            **SCORE_HELP,
            "by_count": M("The count alone: instant, without deals played out."),
            "simulate": M("Judge by simulation (the default): deals that fit the auction, played "
                          "out."),
            "samples": M("How many deals at most (default 100)."),
            "seed": M("The random seed (default: one from the position, the same answer every "
                      "time)."),
        },
        "examples": [
            "tutor bid --hand \"Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8\" --auction \"60 Eichel, 70 Schellen\"",
            "tutor bid --count --hand \"Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8\" --auction \"60 Eichel, 70 Schellen\"",
        ],
    },
    "check": {
        "short": M("Is this call legal, conventional and true to the hand?"),
        "help": M("Is the call legal, conventional and true to the hand? If not: what the hand "
                  "holds against it and what it should call. Exit code 0 when all three hold, "
                  "1 when not, 2 for unreadable input."),
        "options": {
            "hand": M("The hand (not needed for the Jass bidding games that only referee)."),
            "auction": M("The calls so far, from Vorhand on."),
            "call_text": M("The call to check, e.g. \"80 Eichel\", \"80ei\" or \"D: dopple\"."),
            "seat": M("Who makes the call (default: the seat in turn, or the seat before the "
                      "colon)."),
            **SCORE_HELP,
            "by_count": M("Recommend by the count alone: instant, without deals played out."),
        },
        "examples": [
            "tutor check --hand \"Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8\" --auction \"60 Eichel, 70 Schellen\" --call \"80 Eichel\"",
        ],
    },
    "score": {
        "short": M("Write one game on the board (Tafel)."),
        "help": M("Writes one game on the board: whether the bid was made and what each team "
                  "writes. For Tarneeb (--game tarneeb) --bid and --tricks."),
        "options": {
            "contract": M("The contract, e.g. \"100 Eichel\" or \"Matsch Rosen\"."),
            "declarer": M("The declarer: A, B, C or D."),
            "card_points": M("The declaring team's card points (0..157)."),
            "double": M("The contract was doubled."),
            "redouble": M("... and kontered."),
            "weis": M("Weis points for a team, e.g. AC=50; repeatable."),
            "stoeck": M("Stöck (20) for a team, AC or BD; repeatable."),
            "bid_value": M("Tarneeb: the bid (7..13, or '8 Sonne')."),
            "tricks": M("Tarneeb: the tricks the bidding side took."),
        },
        "examples": [
            "tutor score --contract \"100 Eichel\" --declarer A --card-points 113 --double",
            "tutor --game tarneeb score --bid 8 --tricks 9",
        ],
    },
    "rules": {
        "short": M("Show the table rules of a profile or file."),
        "help": M("Shows the table rules of a profile (verband, erweitert, frei) or a YAML file."),
        "examples": [
            "tutor rules erweitert",
            "tutor --game tarneeb rules",
        ],
    },
    "demo": {
        "short": M("The worked example of the rules, call by call."),
        "help": M("The worked example of the rules: every call explained, the tutor's advice, "
                  "the double and the board."),
        "options": {
            "by_count": M("The count alone: instant, without deals played out."),
        },
        "examples": [
            "tutor demo",
            "tutor demo --lang en",
            "tutor demo --count",
        ],
    },
}
