"""``tutor tafel ...``, ``tutor match`` and ``tutor weis``: a thin layer over
:mod:`tutor.tafel`, :mod:`tutor.partie` and :mod:`tutor.weis`."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import click

from tutor.commands.helptext import help_lang_option

from tutor.commands.common import NUMBER, PathType, emit_json, json_option, lang_option, read_table_rules_option
from tutor.errors import ParseError, TutorError
from tutor.i18n import M, Mn, Msg, _, pgettext
from tutor.text import is_number, parse_int

OPTION = {"contract": "--contract", "declarer": "--declarer", "card_points": "--card-points",
          "double": "--double", "redouble": "--konter", "weis": "--weis", "stoeck": "--stoeck",
          "fort": "--fort"}


def db_option(f):
    return click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
                        metavar="FILE",
                        help="The database (default: the user's data folder; $TUTOR_DB).")(f)


def partie_option(f):
    return click.option("--partie", "partie_id", type=NUMBER, default=None, metavar="N",
                        help="Which stored Partie (default: the newest).")(f)


@contextmanager
def opened(db_path: str | None, make: bool = False) -> Iterator[Any]:
    """The board's database; made where missing only by ``make`` (new, import): the other
    commands read a board, and a mistyped --db is said, not created (:func:`store.absent`)."""
    import sqlite3

    from tutor import store
    from tutor.tafel import Tafel

    if not make and store.absent(db_path):
        path = store.default_path() if db_path is None else db_path
        raise TutorError(M("no Tafel at {path}: start one with tutor tafel new", path=str(path)))
    tafel = Tafel.open(db_path)
    try:
        yield tafel
    except sqlite3.Error as e:
        raise TutorError(M("database {db}: {error}", db=db_path, error=str(e)) if db_path
                         else M("database in the data folder: {error}", error=str(e))) from None
    finally:
        tafel.close()


def echo_board(partie, lang: str, title: str | None = None) -> None:
    from tutor.tafel import board_text
    from tutor.text import printable

    for text, style in board_text(partie, lang, title):
        text = printable(text)   # team names come from the users
        click.echo(click.style(text, **style) if style and text else text)


def _title(stored) -> str:
    return f"Partie {stored.id}"


def _rules(spec: str | None, settings: tuple[str, ...]):
    """--rules PROFILE|FILE and --set KEY=VALUE, or None when neither is given."""
    from tutor import rules as rules_mod

    if spec is None and not settings:
        return None
    base = rules_mod.load(spec or "verband")
    if not settings:
        return base
    changes: dict[str, Any] = {}
    for item in settings:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ParseError(M("--set {item!r}: write KEY=VALUE, e.g. --set match_target=1500", item=item))
        v: Any = value.strip()
        if v.lower() in ("true", "false", "yes", "no"):
            v = v.lower() in ("true", "yes")
        elif is_number(v):
            v = parse_int(v, f"--set {key.strip()}")
        changes[key.strip()] = v
    from tutor.partie import rules_spec

    spec_map = rules_spec(base)
    mapping = {"profile": spec_map} if isinstance(spec_map, str) else dict(spec_map)
    mapping.update(changes)
    return rules_mod.from_mapping(mapping, where="--set")


@click.group("tafel")
@help_lang_option
def tafel() -> None:
    """The board (Tafel) of a Partie at the table, stored so that nothing is lost.

    \b
      tutor tafel new --rules verband --teams "Anna+Beat:Cla+Dani"
      tutor tafel add --contract "100 Eichel" --declarer A --double --card-points 113
      tutor tafel add --contract "80 Rosen" --declarer D --card-points 70 --weis AC=50 --stoeck BD
      tutor tafel add --played game.yaml
      tutor tafel show
      tutor tafel undo
    """


@tafel.command("new")
@click.option("--rules", "rules_spec", default=None, metavar="PROFILE|FILE",
              callback=read_table_rules_option,
              help="Table rules: verband, erweitert, frei or a YAML file (default: as the last Partie).")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="Change one table rule, e.g. --set match_target=1500 --set end_rule=bonus.")
@click.option("--teams", default=None, metavar="A+C:B+D",
              help='The players: "Anna+Beat:Cla+Dani" is A Anna, C Beat (team AC), B Cla, D Dani.')
@click.option("--dealer", default=None, metavar="SEAT|NAME",
              help="Who deals the first game (default: D, or so that the last losers get Vorhand).")
@click.option("--force", is_flag=True, help="Start it without asking while another Partie is open.")
@db_option
@json_option
@lang_option
def new(rules_spec, settings, teams, dealer, force, db_path, as_json, lang) -> None:
    """Start a Partie."""
    from tutor.partie import parse_teams

    rules = _rules(rules_spec, settings)
    names = parse_teams(teams, "--teams") if teams else None
    with opened(db_path, make=True) as t:   # a name for --dealer is read against the Partie's players
        open_one = next((x for x in reversed(t.readable()) if not x.partie.over), None)
        if open_one is not None and not force:
            games = len(open_one.partie.games)
            if sys.stdin.isatty() and not as_json:
                if not click.confirm(TAFEL_TEXTS["ask_new"](open_one.id, games).text(lang),
                                     default=False):
                    raise ParseError(M("tafel new: nothing started"))
            elif not as_json:   # a program reading --json gets its one document
                click.echo(TAFEL_TEXTS["still_open"](open_one.id, games).text(lang), err=True)
        stored = t.new(rules, names, dealer)
    if as_json:
        from tutor.answers import tafel_json

        emit_json(tafel_json(stored))
        return
    echo_board(stored.partie, lang, _title(stored))


def _key_value(item: str, option: str, example: "M") -> tuple[str, str]:
    key, eq, value = item.partition("=")
    if not eq or not key.strip() or not value.strip():
        raise ParseError(M("{option} {item!r}: write {example}", option=option, item=item, example=example))
    return key.strip(), value.strip()


@tafel.command("add")
@click.option("--contract", default=None, metavar="BID",
              help='What was played: "100 Eichel", "Matsch Rosen", "90 Obenabe", "90 Undenufe Misère".')
@click.option("--declarer", default=None, metavar="SEAT|NAME", help="Who made the last bid.")
@click.option("--card-points", "card_points", type=NUMBER, default=None, metavar="N",
              help="Points in the declaring team's tricks with the 5 for the last (0..157).")
@click.option("--double", "--dopple", "double", is_flag=True, help="The opponents doubled.")
@click.option("--konter", "--redouble", "redouble", is_flag=True, help="The declaring team redoubled.")
@click.option("--weis", "weis", multiple=True, metavar="TEAM=POINTS|SEAT=CARDS",
              help="The Weis the table settled (AC=50), or the cards a player showed "
                   "(A=Eichel:678); repeat for several players.")
@click.option("--stoeck", "stoeck", multiple=True, metavar="TEAM|SEAT",
              help="The team that held König and Ober of the trump (20).")
@click.option("--fort", "fort", is_flag=True, help="All four said fort: no game.")
@click.option("--played", "played", default=None, type=PathType(dir_okay=False), metavar="FILE",
              help="A played game file (see `tutor play`) in place of --card-points: contract, "
                   "declarer, double, card points, Weis and Stöck from its replay.")
@partie_option
@db_option
@json_option
@lang_option
def add(contract, declarer, card_points, double, redouble, weis, stoeck, fort, played, partie_id,
        db_path, as_json, lang) -> None:
    """Write a game on the board."""
    from tutor.answers import tafel_game, tafel_json

    with opened(db_path) as t:
        current = t.partie(partie_id)
        if played is not None:
            given = [OPTION[k] for k, v in (("contract", contract), ("declarer", declarer),
                                             ("card_points", card_points), ("double", double),
                                             ("redouble", redouble), ("weis", weis),
                                             ("stoeck", stoeck), ("fort", fort)) if v]
            if given:
                raise ParseError(M("tafel add --played: {option} comes from the game file, give one or the other",
                                   option=given[0]))
            from tutor.play import game as game_mod

            stored = t.add(game_mod.replay(game_mod.load(played, rules=current.rules)).entry(),
                           partie_id)
            if as_json:
                emit_json(tafel_json(stored))
                return
            echo_board(stored.partie, lang, _title(stored))
            return
        data: dict[str, Any] = {}
        if fort:
            data["fort"] = True
        for key, value in (("contract", contract), ("card_points", card_points),
                           ("declarer", declarer)):
            if value is not None:
                data[key] = value
        if double:
            data["double"] = True
        if redouble:
            data["redouble"] = True
        if weis:
            data["weis"] = [_key_value(item, "--weis", M("TEAM=POINTS (AC=50) or SEAT=CARDS (A=Eichel:678)"))
                            for item in weis]
        if stoeck:
            held = []
            for item in stoeck:
                s = item.strip()
                held.append(s if s.upper() in ("AC", "CA", "BD", "DB") else current.seat_of(s, "--stoeck"))
            teams = {"AC" if h.upper()[0] in "AC" else "BD" for h in held}
            if len(teams) > 1:   # as score refuses it
                raise ParseError(M("--stoeck: König and Ober of the trump are held by one team only"))
            data["stoeck"] = held[0]
        game = tafel_game(data, current, "tafel add", label=lambda k: OPTION.get(k, k))
        stored = t.add(game, partie_id)
    if as_json:
        emit_json(tafel_json(stored))
        return
    echo_board(stored.partie, lang, _title(stored))


@tafel.command("show")
@click.option("--html", "html", is_flag=True, help="A printable HTML board instead of text.")
@click.option("--output", "-o", "output", type=PathType(dir_okay=False, allow_dash=True),
              default=None, metavar="FILE", help="Write to FILE instead of the terminal.")
@partie_option
@db_option
@json_option
@lang_option
def show(html, output, partie_id, db_path, as_json, lang) -> None:
    """The board: game by game, the totals, the target, who deals and who is Vorhand."""
    from tutor.tafel import board_html

    with opened(db_path) as t:
        stored = t.stored(partie_id)
    if as_json:
        from tutor.answers import tafel_json

        emit_json(tafel_json(stored, created=True))
        return
    if html:
        text = board_html(stored.partie, lang, _title(stored))
        if output and output != "-":
            _write(output, text)
            click.echo(_wrote(output, lang), err=True)
        else:
            click.echo(text, nl=False)
        return
    if output and output != "-":
        from tutor.tafel import board_text

        _write(output, "\n".join(x for x, _ in board_text(stored.partie, lang, _title(stored))) + "\n")
        return
    echo_board(stored.partie, lang, _title(stored))


def _stdin() -> str:
    from tutor.files import read_stdin

    return read_stdin()


def _write(path: str, text: str) -> None:
    from tutor.files import write_file

    write_file(path, text)


def _wrote(path: str, lang: str) -> str:
    return _("tafel: wrote {path}", lang, path=path)


@tafel.command("undo")
@partie_option
@db_option
@json_option
@lang_option
def undo(partie_id, db_path, as_json, lang) -> None:
    """Take back the last entry."""
    with opened(db_path) as t:
        stored, removed = t.undo(partie_id)
    if as_json:
        from tutor.answers import tafel_json

        emit_json(tafel_json(stored, removed=removed))
        return
    n = len(stored.partie.games) + 1
    what = (_("all fort", lang) if removed.fort
            else f"{stored.partie.name(removed.declarer)}: {removed.contract}")
    click.echo(_("tafel: game {n} taken back ({what})", lang, n=n, what=what))
    echo_board(stored.partie, lang, _title(stored))


@tafel.command("remove")
@click.option("--yes", is_flag=True, help="Remove it without asking.")
@partie_option
@db_option
@lang_option
def remove(yes, partie_id, db_path, lang) -> None:
    """Remove a Partie (one started by mistake) with its games."""
    with opened(db_path) as t:
        current = t.stored(partie_id)
        games = len(current.partie.games)
        if not yes:
            if not sys.stdin.isatty():
                raise ParseError(Mn("tafel remove: Partie {partie} has {n} game; add --yes to remove it",
                                    "tafel remove: Partie {partie} has {n} games; add --yes to remove it",
                                    games, partie=current.id))
            if not click.confirm(TAFEL_TEXTS["ask_remove"](current.id, games).text(lang),
                                 default=False):
                return
        t.remove(current.id)
    click.echo(TAFEL_TEXTS["removed"](current.id, games).text(lang))


# The Tafel's questions and notes, given the Partie and its number of games (catalog
# messages in the singular and the plural; {partie} the Partie, {n} its games).
TAFEL_TEXTS: dict[str, Callable[[int, int], Msg]] = {
    "ask_new": lambda partie, games: Mn(
        "Partie {partie} is still open ({n} game). Start a new one anyway?",
        "Partie {partie} is still open ({n} games). Start a new one anyway?", games, partie=partie),
    "still_open": lambda partie, games: Mn(
        "tafel: Partie {partie} is still open ({n} game) and stays stored "
        "(--partie {partie}; tutor tafel remove --partie {partie} --yes removes it)",
        "tafel: Partie {partie} is still open ({n} games) and stays stored "
        "(--partie {partie}; tutor tafel remove --partie {partie} --yes removes it)", games, partie=partie),
    "ask_remove": lambda partie, games: Mn(
        "Remove Partie {partie} with its {n} game?", "Remove Partie {partie} with its {n} games?", games,
        partie=partie),
    "removed": lambda partie, games: Mn(
        "tafel: Partie {partie} removed ({n} game)", "tafel: Partie {partie} removed ({n} games)", games,
        partie=partie),
}


@tafel.command("list")
@db_option
@json_option
@lang_option
def list_(db_path, as_json, lang) -> None:
    """The stored Partien."""
    from tutor.text import printable

    with opened(db_path) as t:
        stored = t.each()   # an unreadable Partie is listed as such, the others as always
    if as_json:
        emit_json([{"partie": pid, "error": s.text(lang)} if isinstance(s, TutorError) else
                   {"partie": s.id, "created": s.created, "games": len(s.partie.games),
                    "board": s.partie.result.board, "over": s.partie.over,
                    "winner": s.partie.winner} for pid, s in stored])
        return
    if not stored:
        click.echo(_("no Partie on the board yet: start one with tutor tafel new", lang))
    for pid, s in stored:
        if isinstance(s, TutorError):
            reason = printable(" ".join(s.text(lang).split()))   # one line, whatever the row held
            click.echo(_("Partie {n}  cannot be read: {reason}", lang, n=pid, reason=reason))
            continue
        p = s.partie
        board = f"AC {p.result.board['AC']} : BD {p.result.board['BD']}"
        state = (M("over, {winner} won", winner=p.winner) if p.over and p.winner
                 else M("over, a draw") if p.over else M("open"))
        click.echo(Mn("Partie {id}  {created}  {n} game  {board}  ({state})",
                      "Partie {id}  {created}  {n} games  {board}  ({state})", len(p.games), id=s.id,
                      created=s.created, board=board, state=state).text(lang))


@tafel.command("export")
@click.argument("path", required=False, default="-", type=PathType(dir_okay=False, allow_dash=True))
@partie_option
@db_option
@lang_option
def export(path, partie_id, db_path, lang) -> None:
    """Write the Partie as a match file (YAML; `tutor match` and `tafel import` read it)."""
    from tutor.partie import dumps

    with opened(db_path) as t:
        text = dumps(t.partie(partie_id))
    if path == "-":
        click.echo(text, nl=False)
    else:
        _write(path, text)
        click.echo(_wrote(path, lang), err=True)


@tafel.command("import")
@click.argument("path", type=PathType(dir_okay=False, allow_dash=True))
@db_option
@json_option
@lang_option
def import_(path, db_path, as_json, lang) -> None:
    """Put a Partie from a match file on the board, as a new Partie."""
    from tutor import partie as partie_mod

    if path == "-":
        p = partie_mod.loads(_stdin(), source="<stdin>")
    else:
        p = partie_mod.load(path)
    with opened(db_path, make=True) as t:
        stored = t.import_partie(p)
    if as_json:
        emit_json({"partie": stored.id, **stored.partie.to_json()})
        return
    echo_board(stored.partie, lang, _title(stored))


@click.command("match")
@click.argument("path", type=PathType(dir_okay=False, allow_dash=True))
@click.option("--rules", "rules_spec", default=None, metavar="PROFILE|FILE",
              callback=read_table_rules_option,
              help="Table rules instead of the file's own.")
@json_option
@lang_option
def match(path, rules_spec, as_json, lang) -> None:
    """Settle a recorded Partie from a match file (YAML)."""
    from tutor import partie as partie_mod

    if path == "-":
        p = partie_mod.loads(_stdin(), source="<stdin>", rules=rules_spec)
    else:
        p = partie_mod.load(path, rules=rules_spec)
    if as_json:
        emit_json(p.to_json())
        return
    echo_board(p, lang, path)


@click.command("weis")
@click.option("--hand", required=True, metavar="HAND", help='e.g. "Eichel:6789 Rosen:UOK Schellen:U Schilten:U".')
@click.option("--trump", default=None, metavar="SUIT",
              help="The trump (for the Stöck and the trump Weis); also Obenabe or Undenufe.")
@click.option("--rules", "rules_spec", default="verband", show_default=True, metavar="PROFILE|FILE",
              callback=read_table_rules_option,
              help="Table rules (long_weis: graded or flat100).")
@json_option
@lang_option
def weis(hand, trump, rules_spec, as_json, lang) -> None:
    """The Weis and Stöck of a hand."""
    from tutor import rules as rules_mod
    from tutor import weis as weis_mod

    rules = rules_mod.load(rules_spec)
    h = weis_mod.parse_hand(hand, "--hand")
    strain = None
    if trump is not None:
        try:
            strain = weis_mod.parse_strain(trump)
        except ParseError as e:
            raise e.at("--trump: ") from None
        if isinstance(strain, str) and rules.trumps != "extended":
            raise TutorError(M("--trump {trump}: {strain} is played only with the table rule trumps: extended "
                               "(a rules file; the erweitert profile plays without Weis)", trump=trump,
                               strain=strain.capitalize()))
    if not rules.weis:
        raise TutorError(M("table rules {name}: no Weis at this table (weis: false)", name=rules.name))
    found = weis_mod.find(h, rules.long_weis)
    if strain is not None:
        found = tuple(sorted(found, key=lambda w: w.key(strain), reverse=True))
    has_stoeck = rules.stoeck and weis_mod.stoeck(h, strain)
    total = sum(w.points for w in found)
    if as_json:
        emit_json({"weis": [w.to_json() for w in found], "total": total, "stoeck": has_stoeck})
        return
    if not found:
        click.echo(pgettext("the hand holds", "no Weis", lang))
    for w in found:
        click.echo(str(w))
    if found:
        click.echo(_("total {points}", lang, points=total))
    if has_stoeck:
        click.echo(_("Stöck 20 ({strain} King + Ober)", lang, strain=strain))


# -- help: catalog messages, shown in the language of --help (tutor.commands.helptext) --------
HELP: dict[str, dict] = {
    "tafel": {
        "short": M("The board of a Partie at the table: new, add, show, undo, export."),
        "help": M("The board (Tafel) of a Partie at the table, stored so that nothing is lost: "
                  "every change is one transaction, undo is exact."),
        "examples": [
            "tutor tafel new --rules verband --teams \"Anna+Beat:Cla+Dani\"",
            "tutor tafel add --contract \"100 Eichel\" --declarer A --double --card-points 113",
            "tutor tafel show",
            "tutor tafel undo",
        ],
    },
    "tafel new": {
        "short": M("Start a Partie."),
        "help": M("Starts a new Partie. Left out, rules and players are the last Partie's, and "
                  "the dealer is chosen so that the losers get Vorhand."),
        "options": {
            "rules_spec": M("Table rules: verband, erweitert, frei or a YAML file (default: as the "
                            "last Partie)."),
            "settings": M("Change one table rule, e.g. --set match_target=1500 --set "
                          "end_rule=bonus."),
            "teams": M("The players: \"Anna+Beat:Cla+Dani\" is A Anna, C Beat (team AC), B "
                       "Cla, D Dani."),
            "dealer": M("Who deals the first game (default: D, or so that the last losers get "
                        "Vorhand)."),
            "force": M("Start it without asking while another Partie is open."),
        },
        "examples": [
            "tutor tafel new --rules verband --teams \"Anna+Beat:Cla+Dani\"",
            "tutor tafel new --set match_target=1500",
        ],
    },
    "tafel add": {
        "short": M("Write a game on the board."),
        "help": M("Writes a game played on the Partie's board."),
        "options": {
            "contract": M("What was played: \"100 Eichel\", \"Matsch Rosen\", \"90 Obenabe\", "
                          "\"90 Undenufe Misère\"."),
            "declarer": M("Who made the last bid: a seat or a name."),
            "card_points": M("Points in the declaring team's tricks with the 5 for the last "
                             "(0..157)."),
            "double": M("The opponents doubled."),
            "redouble": M("The declaring team redoubled."),
            "weis": M("The Weis the table settled (AC=50), or the cards a player showed "
                      "(A=Eichel:678); repeat for several players."),
            "stoeck": M("The team (or seat, or name) that held König and Ober of the trump "
                        "(20)."),
            "fort": M("All four said fort: no game."),
            "played": M("A played game file (see `tutor play`) in place of --card-points: "
                        "contract, declarer, double, card points, Weis and Stöck from its "
                        "replay."),
        },
        "examples": [
            "tutor tafel add --contract \"100 Eichel\" --declarer A --double --card-points 113",
            "tutor tafel add --contract \"80 Rosen\" --declarer D --card-points 70 --weis AC=50 --stoeck BD",
            "tutor tafel add --fort",
        ],
    },
    "tafel show": {
        "short": M("The board: game by game, the totals, who deals."),
        "help": M("The board: game by game, the totals, the target, who deals and who is "
                  "Vorhand."),
        "options": {
            "html": M("A printable HTML board instead of text."),
        },
        "examples": [
            "tutor tafel show",
            "tutor tafel show --html -o tafel.html",
        ],
    },
    "tafel undo": {
        "short": M("Take back the last entry."),
        "help": M("Takes back the Partie's last entry."),
        "examples": [
            "tutor tafel undo",
        ],
    },
    "tafel remove": {
        "short": M("Remove a Partie (one started by mistake)."),
        "help": M("Removes a Partie with its games, such as one started by mistake. Asks on a "
                  "terminal; otherwise it needs --yes."),
        "options": {
            "yes": M("Remove it without asking."),
        },
        "examples": [
            "tutor tafel remove --partie 2 --yes",
        ],
    },
    "tafel list": {
        "short": M("The stored Partien."),
        "help": M("The stored Partien, the newest last."),
        "examples": [
            "tutor tafel list",
        ],
    },
    "tafel export": {
        "short": M("Write the Partie as a match file (YAML)."),
        "help": M("Writes the Partie as a match file (YAML; `tutor match` and `tafel import` "
                  "read it), to standard output without FILE."),
        "examples": [
            "tutor tafel export partie.yaml",
        ],
    },
    "tafel import": {
        "short": M("Put a Partie from a match file on the board."),
        "help": M("Puts a Partie from a match file on the board, as a new Partie."),
        "examples": [
            "tutor tafel import examples/partie.yaml",
        ],
    },
    "match": {
        "short": M("Settle a recorded Partie from a match file."),
        "help": M("Settles a recorded Partie from a match file (YAML): the board and the "
                  "result. - reads standard input."),
        "options": {
            "rules_spec": M("Table rules instead of the file's own."),
        },
        "examples": [
            "tutor match examples/partie.yaml",
            "tutor match - < examples/partie.yaml",
        ],
    },
    "weis": {
        "short": M("The Weis and Stöck of a hand."),
        "help": M("Every Weis the hand declares, best first, their total, and whether it holds "
                  "the Stöck."),
        "options": {
            "hand": M("The hand, e.g. \"Eichel:6789 Rosen:UOK Schellen:U Schilten:U\"."),
            "trump": M("The trump (for the Stöck and the trump Weis); also Obenabe or Undenufe."),
            "rules_spec": M("Table rules (long_weis: graded or flat100)."),
        },
        "examples": [
            "tutor weis --hand \"Eichel:6789 Rosen:UOK Schellen:U Schilten:U\" --trump Rosen",
        ],
    },
}
