"""Commands of the other bidding games: ``tutor games``, ``tutor auction`` and the
``--game`` branch of the engine commands (``dispatch``).

``tutor --game tarneeb bid|explain|check|score ...``: the engine commands call
:func:`dispatch` whenever the group's game is not Sidi-Barrani. Tarneeb supports all
four (and ``rules``); the Jass bidding games support ``explain`` (the auction refereed,
as ``tutor auction``) and ``check`` (is the call legal; the text gives them no bidding
conventions to judge a hand by).
"""
from __future__ import annotations

from typing import Any

import click

from tutor.commands.common import any_game_options, check_rules_option, emit_json
from tutor.i18n import M, _

CONTRACT_KEYS = ("over", "next", "high_bid", "declarer", "sides")


def _rules_for(game, rules_spec: str | None):
    """The table rules for ``game``: Sidi-Barrani's and Tarneeb's read ``--rules``; the
    other games have none (the shared default ``verband`` is ignored for them)."""
    from tutor.errors import RulesError

    if game.id in ("sidi-barrani", "tarneeb"):
        if rules_spec is not None:   # read here, so that its error names the option (as every command's)
            check_rules_option(game.id, rules_spec)
        return rules_spec
    if rules_spec not in (None, "", "verband"):
        raise RulesError(M("{game} has no table rules in the tutor (--rules is for sidi-barrani and tarneeb)",
                           game=game.name))
    return None


def _game_of(ctx: click.Context, game_id: str | None = None):
    from tutor import games

    return games.get(game_id or (ctx.obj or {}).get("game") or "sidi-barrani")


@click.command("games")
@click.argument("game_id", required=False, metavar="[GAME]")
@any_game_options
@click.pass_context
def games_command(ctx: click.Context, game_id: str | None, as_json: bool, lang: str, rules_spec: str) -> None:
    """The bidding games with their auction rules (one GAME, or all).

    \b
    Examples:
      tutor games
      tutor games pandur
      tutor games --json
    """
    from tutor import games

    chosen = [games.get(game_id)] if game_id else list(games.GAMES.values())
    if as_json:
        emit_json([g.to_json(lang, _rules_for(g, rules_spec)) for g in chosen])
        return
    click.echo("\n\n".join(games.describe_game(g, lang, _rules_for(g, rules_spec)) for g in chosen))


@click.command("auction")
@click.option("--game", "game_id", default=None, metavar="GAME",
              help="The game (see `tutor games`); default: the group's --game.")
@click.option("--full", is_flag=True, help="With --json: also every call, the notes and the next calls.")
@click.argument("calls", nargs=-1)
@any_game_options
@click.pass_context
def auction_command(ctx: click.Context, game_id: str | None, full: bool, calls: tuple[str, ...],
                    as_json: bool, lang: str, rules_spec: str) -> None:
    """Referee an auction: is every call legal, is it over, who plays with whom?

    CALLS are separated by commas, from A (who bids first) on; a seat prefix
    ('C: dopple') names the seat of a double.

    \b
    Examples:
      tutor auction --game bieter-3 "600, 610, fort, 620, fort"
      tutor auction --game pandur "100, 110, Pandur mit"
      tutor auction --game palette "110, Matsch, Matsch alleine" --json
    """
    from tutor import games

    game = _game_of(ctx, game_id)
    ref = games.referee(game.id, " ".join(calls), _rules_for(game, rules_spec))
    if as_json:
        data = ref.to_json(lang)
        emit_json(data if full else {k: data[k] for k in CONTRACT_KEYS})
        return
    click.echo(ref.text(lang))


# -- the --game branch of the engine commands -------------------------------------------
def dispatch(ctx: click.Context, command: str, **params: Any) -> None:
    """Run engine command ``command`` (bid, explain, check, score, rules) for the group's
    game. Raises TutorError for a command the game does not support."""
    from tutor.errors import TutorError

    game = _game_of(ctx)
    if game.id == "tarneeb":
        handler = _TARNEEB.get(command)
    elif game.id == "sidi-barrani":
        raise TutorError(M("Sidi-Barrani is the engine's own game; dispatch is for the others"))
    else:
        handler = _JASS.get(command)
    if handler is None:
        supported = ", ".join(sorted(_TARNEEB if game.id == "tarneeb" else _JASS))
        raise TutorError(M("{game}: the tutor has no {command!r} for this game (it has: {supported}; the "
                           "auction: tutor auction --game {id})", game=game.name, command=command,
                           supported=supported, id=game.id))
    handler(game, params, ctx)


def _p(params: dict, name: str, default: Any = None) -> Any:
    value = params.get(name, default)
    return default if value is None else value


def _need(params: dict, name: str, command: str) -> Any:
    from tutor.errors import TutorError

    value = params.get(name)
    if value is None or value == "":
        raise TutorError(M("tarneeb {command}: --{name} is missing", command=command, name=name))
    return value


def _show(result: Any, params: dict) -> None:
    """A result with ``to_json(lang)`` and ``text(lang)``, as --json and --lang ask."""
    lang = _p(params, "lang", "de")
    if _p(params, "as_json", False):
        emit_json(result.to_json(lang))
    else:
        click.echo(result.text(lang))


def _t_bid(game, params: dict, ctx: click.Context) -> None:
    from tutor import tarneeb

    rules = tarneeb.load_rules(_p(params, "rules_spec"))
    advice = tarneeb.advise(_need(params, "hand", "bid"), _p(params, "auction", ""), rules, _p(params, "seat"))
    _show(advice, params)


def _t_explain(game, params: dict, ctx: click.Context) -> None:
    from tutor import tarneeb

    rules = tarneeb.load_rules(_p(params, "rules_spec"))
    lang = _p(params, "lang", "de")
    exp = tarneeb.explain(_p(params, "auction", ""), rules)
    nexts = []
    if _p(params, "next_calls", False) and not exp.auction.over:
        for seat, call in exp.auction.legal_calls():
            after = tarneeb.explain(exp.auction.play(call, seat), rules)
            nexts.append(after.calls[-1])
    if _p(params, "as_json", False):
        data = exp.to_json(lang)
        if _p(params, "next_calls", False):
            data["next_calls"] = [r.to_json(lang) for r in nexts]
        emit_json(data)
        return
    click.echo(exp.text(lang))
    if nexts:
        click.echo(_("Next calls:", lang))
        for r in nexts:
            click.echo(f"  {str(r.call):<8} {r.kind:<6} {r.text(lang)}")


def _t_check(game, params: dict, ctx: click.Context) -> None:
    from tutor import tarneeb

    rules = tarneeb.load_rules(_p(params, "rules_spec"))
    v = tarneeb.check(_need(params, "hand", "check"), _p(params, "auction", ""),
                      _need(params, "call", "check"), rules, _p(params, "seat"))
    lang = _p(params, "lang", "de")
    if _p(params, "as_json", False):
        emit_json(v.to_json(lang))
    else:
        head = _("OK", lang) if v.ok else _("not OK", lang)
        click.echo(f"{v.call}: {head}\n{v.text(lang)}")
    ctx.exit(0 if v.ok else 1)


def _t_score(game, params: dict, ctx: click.Context) -> None:
    from tutor import tarneeb
    from tutor.errors import TutorError

    rules = tarneeb.load_rules(_p(params, "rules_spec"))
    sidi_only = [name for name in _SIDI_SCORE if params.get(name) not in (None, False, (), [], "")]
    if sidi_only:
        opt = sidi_only[0].replace('_', '-')
        raise TutorError(M("tarneeb score: --{option} is for Sidi-Barrani; Tarneeb takes --bid and --tricks "
                           "(the bidding side's)", option=opt))
    bid = _need(params, "bid", "score")
    tricks = _need(params, "tricks", "score")
    sonne = bool(_p(params, "sonne", False))
    if isinstance(bid, str):   # the call parser of the auction: "8", "8 Sonne", "8sonne"
        try:
            call = tarneeb.parse_call(bid, rules)
        except TutorError as e:
            raise e.at("--bid: ") from None
        if not call.is_bid:
            raise TutorError(M("--bid {bid!r}: a number 7..13, or '8 Sonne'", bid=bid))
        bid, sonne = call.level, sonne or call.strain == tarneeb.SONNE
    s = tarneeb.score_hand(bid, tricks, rules, sonne=sonne)
    lang = _p(params, "lang", "de")
    if _p(params, "as_json", False):
        emit_json({"made": s.made, "bidders": s.bidders, "defenders": s.defenders})
    else:
        click.echo(s.text(lang))


def _t_rules(game, params: dict, ctx: click.Context) -> None:
    from tutor import tarneeb

    rules = tarneeb.load_rules(_p(params, "rules_spec"))
    lang = _p(params, "lang", "de")
    if _p(params, "as_json", False):
        emit_json(rules.to_dict())
        return
    for k, v in rules.to_dict().items():
        click.echo(f"{k}: {v}")
    click.echo(tarneeb.say(tarneeb.TARNEEB_400_NOTE, lang))


def _j_explain(game, params: dict, ctx: click.Context) -> None:
    from tutor import games

    ref = games.referee(game.id, _p(params, "auction", ""), _rules_for(game, _p(params, "rules_spec")))
    _show(ref, params)


def _j_check(game, params: dict, ctx: click.Context) -> None:
    from tutor import games
    from tutor.errors import IllegalCallError

    ref = games.referee(game.id, _p(params, "auction", ""), None)
    a = ref.auction
    lang = _p(params, "lang", "de")
    call_text = _need(params, "call", "check")
    seat = _p(params, "seat")
    try:
        from tutor.auction import split_seat

        s, text = split_seat(call_text, a.spec)
        call = a.spec.parse_call(text)
        why = a.why_illegal(call, seat or s)
        if seat or s:
            call = f"{(seat or s).upper()}: {call}"
    except IllegalCallError as e:
        call, why = call_text, e.text(lang)
    if why is not None and hasattr(why, "text"):
        why = why.text(lang)
    note = _("The text gives this game no bidding conventions: the hand is not judged, only the call's "
             "legality.", lang)
    text = (_("{call} is legal.", lang, call=str(call)) if why is None else
            _("{call} is not allowed: {why}.", lang, call=str(call), why=why)) + " " + note
    if _p(params, "as_json", False):
        emit_json({"ok": why is None, "legal": why is None, "conventional": None, "truthful": None,
                   "recommended": None, "text": text})
    else:
        click.echo(text)
    ctx.exit(0 if why is None else 1)


_SIDI_SCORE = ("contract", "declarer", "card_points", "double", "redouble", "weis", "stoeck")
_TARNEEB = {"bid": _t_bid, "explain": _t_explain, "check": _t_check, "score": _t_score, "rules": _t_rules}
_JASS = {"explain": _j_explain, "check": _j_check}


# -- help: catalog messages, shown in the language of --help (tutor.commands.helptext) --------
HELP: dict[str, dict] = {
    "games": {
        "short": M("The bidding games and their auction rules."),
        "help": M("The bidding games with their auction rules (one GAME, or all): who leads, "
                  "what the bid binds, what a failure pays; with '!' what the text leaves open."),
        "examples": [
            "tutor games",
            "tutor games pandur",
            "tutor games --json",
        ],
    },
    "auction": {
        "short": M("Referee an auction of any game: legal? over? who plays with whom?"),
        "help": M("Referees an auction: is every call legal, is it over, who plays with whom? "
                  "CALLS are separated by commas, from A on; a seat before a colon ('C: "
                  "dopple') names who doubles."),
        "options": {
            "game_id": M("The game (see `tutor games`; default: the --game before the command)."),
            "full": M("With --json: also every call, the notes and the next calls."),
        },
        "examples": [
            "tutor auction --game bieter-3 \"600, 610, fort, 620, fort\"",
            "tutor auction --game pandur \"100, 110, Pandur mit\"",
        ],
    },
}
