"""The web companion: the page for a phone at the table and its JSON API (Starlette).

:func:`create_app` builds the application; ``tutor serve`` runs it with uvicorn. The
API answers exactly what the command line's ``--json`` prints, from the same builders
(:mod:`tutor.answers`); the page is built on it and on the table session
(:class:`tutor.companion.session.Session`), and the Tafel lives in the same SQLite
database as ``tutor tafel`` (:mod:`tutor.tafel`).

Guards (:class:`Guard`), in front of every request:

- size: the query string at most 4 KB and each parameter 1,000 characters; a body at
  most 16 KB (400 or 413, one line of JSON);
- the secret: when the server listens beyond this machine, every request carries the
  session's secret (``?key=`` in the address, then a cookie; or the ``X-Tutor-Key``
  header), else 403;
- the Host: on this machine only, a loopback name (no DNS rebinding);
- writes (every POST) carry the page's token in ``X-Tutor-Token`` and, when the browser
  names one, an Origin of this server; a cross-site request is refused with 403.

Every error of the tutor is answered ``400 {"error": "one line"}`` in the request's
language (``lang``), never with a traceback.

Work (:class:`Gate`): a request that computes the judgement (the simulation's deals, the
solver: bid, check and table without ``count``, every request of the Practice tab but the
count's replay) runs while at most ``Settings.slots`` others do (one per core), or waits
for a place among ``Settings.waiting`` more for ``Settings.wait_seconds``; else it is
answered ``503 {"error": "one line"}`` with ``Retry-After`` at once: a hostile or runaway
client cannot make the server compute without bound, nor take the threads the other
requests need. Nothing is lost: each request names its whole state (the page keeps it and
asks again).
"""
from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import re
import threading
import time
import secrets
import sys
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import parse_qsl, urlencode

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tutor import answers
from tutor.errors import TutorError
from tutor.text import one_line, parse_int, player_name, printable

MAX_QUERY = 4096
MAX_PARAM = 1000
MAX_BODY = 16 * 1024
MAX_DEPTH = 8            # a game is {"weis": {"AC": 50}}: three levels
from tutor.i18n import LANGS, M, Mp, Msg  # noqa: E402  (de, en, fr: the page and the answers)
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]", "::1")
KEY_COOKIE = "tutor_key"
BODY_SECONDS = 10.0      # the whole body of a request within this time, else 408
SLOTS = max(1, min(4, os.cpu_count() or 1))   # requests computing the judgement at once
WAITING = 2 * SLOTS      # ... and at most this many more waiting for a place
WAIT_SECONDS = 60.0      # ... each for at most this long (a voice's answer: 0.2-5 s of a core idle)
RETRY_AFTER = 5          # seconds, said with a 503
log = logging.getLogger("tutor.web")




@dataclass
class Settings:
    """What ``tutor serve`` was started with."""

    db: str | None = None
    lang: str = "de"
    rules: str = "verband"
    secret: str | None = None          # None: only this machine can reach the server
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    loopback: bool = True
    body_seconds: float = BODY_SECONDS
    ahead: bool = True                 # the Practice tab computes ahead (tutor.web.ahead)
    slots: int = SLOTS                 # requests computing the judgement at once (Gate)
    waiting: int = WAITING
    wait_seconds: float = WAIT_SECONDS


def _lang_of(request: Request, settings: Settings) -> str:
    lang = request.query_params.get("lang") or settings.lang
    return lang if lang in LANGS else settings.lang


def _unknown_lang(request: Request) -> Msg | None:
    """The error for a ``lang`` the tutor does not speak (an answer in another language
    than the one asked for would pass unnoticed)."""
    lang = request.query_params.get("lang")
    if lang is None or lang == "" or lang in LANGS:
        return None
    return M("lang {lang}: the tutor speaks {known}", lang=printable(repr(lang[:20])), known=", ".join(LANGS))


def _error(status: int, message: Msg, lang: str) -> JSONResponse:
    return JSONResponse({"error": message.text(lang)}, status_code=status)


# -- the guard ------------------------------------------------------------------------------
class Guard:
    """Size limits, the secret, the Host, and the token for writes (see the module)."""

    def __init__(self, app, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        lang = _lang_of_raw(scope, self.settings)
        refusal = self.refuse(request, lang)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        s = self.settings
        if s.secret is not None:
            key = request.query_params.get("key")
            if key is not None and request.method == "GET" and not request.url.path.startswith("/api/"):
                # the address with the secret: keep it in a cookie, take it out of the address
                rest = [(k, v) for k, v in parse_qsl(scope["query_string"].decode("latin-1")) if k != "key"]
                target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
                response = RedirectResponse(target, status_code=303)
                response.set_cookie(KEY_COOKIE, s.secret, httponly=True, samesite="strict",
                                    max_age=7 * 24 * 3600)
                await response(scope, receive, send)
                return
        await self.app(scope, self._limited(receive, scope, send), send)

    def refuse(self, request: Request, lang: str) -> Response | None:
        s = self.settings
        query = request.scope.get("query_string", b"")
        if len(query) > MAX_QUERY:
            return _error(400, M("the request's parameters are too long (at most {n} characters)", n=MAX_QUERY),
                          lang)
        for k, v in request.query_params.multi_items():
            if len(v) > MAX_PARAM or len(k) > 40:
                return _error(400, M("parameter {name!r} is too long (at most {n} characters)", name=k[:40],
                                     n=MAX_PARAM), lang)
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return _error(413, TOO_LARGE, lang)
        host = _hostname(request.headers.get("host", ""))
        if s.loopback and host not in LOOPBACK_NAMES:
            return _error(403, M("this server answers only requests to 127.0.0.1 or localhost"), lang)
        if s.secret is not None and not self._has_secret(request):
            return _error(403, M("this server needs its secret: open the address it printed (with ?key=...)"),
                          lang)
        if request.method not in ("GET", "HEAD"):
            origin = request.headers.get("origin")
            site = request.headers.get("sec-fetch-site")
            own = f"{request.url.scheme}://{request.headers.get('host', '')}"
            token = request.headers.get("x-tutor-token", "")
            if (origin is not None and origin != own) or site == "cross-site" \
                    or not hmac.compare_digest(token.encode(), s.token.encode()):
                return _error(403, M("write refused: a cross-site request, or the page's token is missing "
                                     "(X-Tutor-Token; GET /api/token)"), lang)
        return None

    def _has_secret(self, request: Request) -> bool:
        secret = self.settings.secret.encode()
        given = [request.cookies.get(KEY_COOKIE), request.headers.get("x-tutor-key"),
                 request.query_params.get("key")]
        return any(g is not None and hmac.compare_digest(g.encode(), secret) for g in given)

    def _limited(self, receive, scope, send):
        """``receive`` that stops a body longer than MAX_BODY (sent without a length) or
        slower than ``body_seconds`` in all (a client that trickles its body)."""
        seen = 0
        deadline = time.monotonic() + self.settings.body_seconds

        async def limited():
            nonlocal seen
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                raise BodyTooSlow() from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise BodyTooLarge()
            return message
        return limited


_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^\[\]:]*)(?::[0-9]{1,5})?")


def _hostname(host: str) -> str | None:
    """The name in a Host header, without the port (``[::1]:8000`` -> ``[::1]``); None
    for a header that is no host and port (``[::1]evil.example``)."""
    m = _HOST.fullmatch(host)
    return m.group(1).lower() if m else None


class BodyTooLarge(Exception):
    pass


class BodyTooSlow(Exception):
    pass


def _lang_of_raw(scope, settings: Settings) -> str:
    """``lang`` of a query string too long to be read whole."""
    m = re.search(rb"(?:^|&)lang=(de|en|fr)(?:&|$)", scope.get("query_string", b""))
    return m.group(1).decode() if m else settings.lang


# -- work ------------------------------------------------------------------------------------
BUSY = M("the server is busy computing other answers: try again in a moment")


class Busy(Exception):
    """No place to compute this request now (:class:`Gate`)."""


class Gate:
    """At most ``slots`` requests compute the judgement at once and ``waiting`` more wait,
    each at most ``seconds`` (see the module). :meth:`enter` is called on the event loop
    (a request refused there takes no thread), :meth:`take` in the request's thread."""

    def __init__(self, slots: int, waiting: int, seconds: float) -> None:
        self.slots, self.waiting, self.seconds = max(1, slots), max(0, waiting), seconds
        self.places = threading.BoundedSemaphore(self.slots)
        self.lock = threading.Lock()
        self.admitted = 0          # computing or waiting
        self.refused = 0

    def enter(self) -> None:
        with self.lock:
            if self.admitted >= self.slots + self.waiting:
                self.refused += 1
                raise Busy()
            self.admitted += 1

    def take(self) -> None:
        if not self.places.acquire(timeout=self.seconds):
            with self.lock:
                self.admitted -= 1
                self.refused += 1
            raise Busy()

    def leave(self) -> None:
        self.places.release()
        with self.lock:
            self.admitted -= 1

    def forget(self) -> None:
        """An admitted request that never reached its thread (its client went away)."""
        with self.lock:
            self.admitted -= 1


async def _gated(gate: Gate, work: Callable[[Request, str], Any], request: Request, lang: str):
    gate.enter()
    started = False

    def run():
        nonlocal started
        started = True
        gate.take()
        try:
            return work(request, lang)
        finally:
            gate.leave()
    try:
        return await run_in_threadpool(run)
    finally:
        if not started:
            gate.forget()


# -- answers ----------------------------------------------------------------------------------
def _answer(work: Callable[[Request, str], Any], heavy: "Callable[[Request], bool] | None" = None):
    """An endpoint: ``work(request, lang)`` runs in a worker thread; its dict is the JSON
    answer, a TutorError the 400 answer in the request's language. Where ``heavy(request)``
    (it computes the judgement), it passes the :class:`Gate` first, else 503."""
    async def endpoint(request: Request) -> Response:
        settings: Settings = request.app.state.settings
        lang = _lang_of(request, settings)
        unknown = _unknown_lang(request)
        if unknown is not None:
            return _error(400, unknown, lang)
        gated = heavy is not None and heavy(request)
        try:
            if request.method == "POST":
                request.state.body = await _body(request, lang)
            if gated:
                data = await _gated(request.app.state.gate, work, request, lang)
            else:
                data = await run_in_threadpool(work, request, lang)
        except TutorError as e:
            return JSONResponse({"error": one_line(e.text(lang))}, status_code=400)
        except BodyTooLarge:
            return _error(413, TOO_LARGE, lang)
        except BodyTooSlow:
            return _error(408, TOO_SLOW, lang)
        except RecursionError:
            return _error(400, M("the request is nested too deep"), lang)
        except Busy:
            response = _error(503, BUSY, lang)
            response.headers["Retry-After"] = str(RETRY_AFTER)
            return response
        except Exception:   # a defect of the tutor: logged, answered, and the connection kept
            log.exception("%s %s", request.method, request.url.path)
            return _error(500, M("the server could not answer this request"), lang)
        return JSONResponse(data)
    return endpoint


#: a body of each POST endpoint, shown where a body is no JSON object
BODY_EXAMPLE = {"/api/tafel/new": '{"teams": "Anna+Cla:Beat+Dani", ...}',
                "/api/tafel/games": '{"contract": "80 Rosen", ...}',
                "/api/quiz/answer": '{"lesson": "...", "drill": "...", "answer": "80 Rosen", ...}',
                "/api/practice/keep": '{"learner": "Anna", "seed": 7, "moves": "fort,60ei", ...}'}


async def _body(request: Request, lang: str) -> dict:
    raw = await request.body()
    if not raw.strip():
        return {}
    if _depth(raw) > MAX_DEPTH:
        raise TutorError(M("the body is nested too deep (at most {n} levels of [ and {{)", n=MAX_DEPTH))
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:   # where, in the user's words (Python's are English)
        raise TutorError(M("the body is not JSON: {error}",
                           error=M("line {line}, column {column}", line=e.lineno, column=e.colno))) from None
    except UnicodeDecodeError as e:
        raise TutorError(M("the body is not JSON: {error}", error=M("byte {n} is not UTF-8", n=e.start + 1))) from None
    except ValueError:                  # Python's limit on a number's digits (its message names sys.*)
        raise TutorError(M("the body is not JSON: {error}",
                           error=M("a number has more than {n} digits", n=sys.get_int_max_str_digits()))) from None
    except RecursionError as e:
        raise TutorError(M("the body is not JSON: {error}", error=one_line(e)[:200])) from None
    if not isinstance(data, dict):   # the example of the endpoint asked (the Tafel's game was every one's)
        raise TutorError(M("the body is a JSON object, e.g. {example}",
                           example=BODY_EXAMPLE.get(request.url.path, "{}")))
    return data


def _depth(raw: bytes) -> int:
    """How deep the brackets of a JSON text nest (outside strings): read before the text is
    parsed, so that no nesting reaches Python's recursion limit."""
    depth = deepest = 0
    in_string = escaped = False
    for b in raw:
        if in_string:
            if escaped:
                escaped = False
            elif b == 0x5C:          # backslash
                escaped = True
            elif b == 0x22:          # "
                in_string = False
        elif b == 0x22:
            in_string = True
        elif b in (0x5B, 0x7B):      # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif b in (0x5D, 0x7D):
            depth -= 1
    return deepest


def _param(request: Request, name: str, default: str | None = None) -> str | None:
    return request.query_params.get(name, default)


def _flag(request: Request, name: str) -> bool:
    return (request.query_params.get(name) or "").lower() in ("1", "true", "yes", "on")


def _rules(request: Request):
    """The table rules of the request: a profile, or the rules the server was started with
    (never a file named by a request)."""
    from tutor.rules import PROFILES, load

    settings: Settings = request.app.state.settings
    own = load(settings.rules)
    name = request.query_params.get("rules")
    if name is None or name == own.name:
        return own
    if name in PROFILES:
        return PROFILES[name]
    known = ", ".join(dict.fromkeys([*PROFILES, own.name]))
    raise TutorError(M("unknown table rules {name!r} ({known})", name=name, known=known))


def _seat(request: Request, name: str = "seat") -> str | None:
    seat = request.query_params.get(name)
    if seat is None or seat == "":
        return None
    s = seat.strip().upper()
    if s not in ("A", "B", "C", "D"):
        raise TutorError(M("--{name} {seat!r}: a seat is A, B, C or D", name=name, seat=seat))
    return s


def explain(request: Request, lang: str) -> dict:
    return answers.explain_json(_param(request, "auction", ""), _rules(request), lang, _flag(request, "next"))


def _judging(request: Request) -> bool:
    """bid, check, table: the judgement is computed (not the count alone)."""
    return not _flag(request, "count")


def _practising(request: Request) -> bool:
    """The Practice tab: every request but the count's replay of the bidding (its end, its
    hint and its keep solve the deal, the voice's robots simulate)."""
    return request.url.path != "/api/practice/texts" and not (
        request.url.path in ("/api/practice", "/api/practice/hint") and request.query_params.get("judge") == "count")


def _judge(request: Request, table: bool = False):
    """The judge of a recommendation: the tutor's default (the simulation, seeded by the
    position, one process: the server's worker threads do not fork; ``table``: within the
    table session's budget), or with ``count`` the count alone."""
    if _flag(request, "count"):
        return None
    from tutor.judgement import default_judge, table_judge

    return table_judge(workers=1) if table else default_judge(workers=1)


def bid(request: Request, lang: str) -> dict:
    hand = _param(request, "hand")
    if hand is None:
        raise TutorError(M("bid needs --hand"))
    return answers.bid_json(hand, _param(request, "auction", ""), _seat(request), _rules(request), lang,
                            judge=_judge(request))


def check(request: Request, lang: str) -> dict:
    call = _param(request, "call")
    if call is None:
        raise TutorError(M("check needs --call"))
    return answers.check_json(_param(request, "hand"), _param(request, "auction", ""), call,
                              _seat(request), _rules(request), lang, judge=_judge(request))


def table(request: Request, lang: str) -> dict:
    """The table session after the calls so far (``calls``: comma-separated, as typed;
    ``partie``: the Partie on the Tafel the game belongs to, whose score the advice knows)."""
    from tutor.auction import split_calls
    from tutor.companion.session import Session

    s = Session(_param(request, "hand") or None, _seat(request) or "C", _seat(request, "dealer") or "D",
                _rules(request), lang, judge=_judge(request, table=True))
    if request.query_params.get("partie"):   # the game goes on this Partie: the advice knows its score
        from tutor.judgement import Standing

        with _tafel(request) as t:
            s.standing = Standing.of(t.stored(_partie_id(request)).partie)
    for call in split_calls(_param(request, "calls", "")):
        s.play(call)
    return s.to_json()


def _tafel(request: Request):
    from tutor.tafel import Tafel

    return Tafel.open(request.app.state.settings.db)


def _partie_id(request: Request) -> int | None:
    p = request.query_params.get("partie")
    if p is None or p == "":
        return None
    if not re.fullmatch(r"[0-9]+", p):
        raise TutorError(M("--partie {partie!r}: a Partie number", partie=printable(p[:20])))
    return parse_int(p, "--partie", low=1)


def tafel_show(request: Request, lang: str) -> dict:
    with _tafel(request) as t:
        return answers.tafel_json(t.stored(_partie_id(request)), created=True)


def tafel_view(request: Request, lang: str) -> dict:
    """The board for the page: the Partie as ``tutor tafel show`` draws it, in ``lang``."""
    from tutor.tafel import board_table

    pid = _partie_id(request)
    with _tafel(request) as t:
        if pid is None and not t.ids():
            # a board without a Partie (a fresh database) is an empty Tafel, not a bad request:
            # the page shows the New Partie form (polish s48: it was answered 400)
            return {"partie": None, "table": None, "names": {}, "rules": _rules(request).name,
                    "over": False, "next": None}
        stored = t.stored(pid)
    p = stored.partie
    return {"partie": stored.id, "table": board_table(p, lang), "names": dict(p.names),
            "rules": p.rules.name, "over": p.over, "next": p.to_json()["next"]}


def tafel_new(request: Request, lang: str) -> dict:
    from tutor.partie import parse_teams
    from tutor.rules import PROFILES

    body = request.state.body
    rules = None
    if body.get("rules") is not None:
        if not isinstance(body["rules"], str) or body["rules"] not in PROFILES:
            raise TutorError(M("rules {rules}: a profile ({profiles})", rules=_shown(body["rules"]),
                               profiles=", ".join(PROFILES)))
        rules = PROFILES[body["rules"]]
    names = None
    given = body.get("names")
    if body.get("teams") not in (None, ""):
        if not isinstance(body["teams"], (str, dict)) or not body["teams"]:
            raise TutorError(M("teams {teams}: write the two teams as 'Anna+Beat:Cla+Dani'",
                               teams=_shown(body["teams"])))
        names = parse_teams(body["teams"], "teams")
    elif given is not None and given != {}:
        if not isinstance(given, dict) or not all(isinstance(v, str) or v is None for v in given.values()):
            raise TutorError(M('names {names}: the four players by seat, e.g. {{"A": "Anna", "B": "Cla", '
                               '"C": "Beat", "D": "Dani"}}', names=_shown(given)))
        typed = {str(k).strip().upper(): player_name(v, M("names: {seat}", seat=printable(str(k)[:4])))
                 for k, v in given.items() if v is not None and v.strip()}
        if typed:
            if set(typed) != {"A", "B", "C", "D"}:
                raise TutorError(M("names: give all four players (A, B, C, D) or none"))
            names = parse_teams(f"{typed['A']}+{typed['C']}:{typed['B']}+{typed['D']}", "names")
    dealer = body.get("dealer")
    if dealer is not None and not isinstance(dealer, str):
        raise TutorError(M("--dealer: unknown player {name} (A, B, C, D)", name=_shown(dealer)))
    with _tafel(request) as t:
        return answers.tafel_json(t.new(rules, names, dealer))


def _shown(value: Any) -> str:
    """A value of a request as an error line quotes it: printable, at most 60 characters."""
    text = printable(json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value))
    return text if len(text) <= 60 else text[:57] + "..."


def _game_body(body: dict) -> dict:
    """The fields of a game as the page sends them, their shapes checked: ``weis`` is
    ``{"AC": 50}`` or ``{"A": "Eichel:678"}`` (or a list of such pairs); a wrong shape is
    one line, never a crash deeper in."""
    weis = body.get("weis")
    if isinstance(weis, list):
        if not all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in weis):
            raise TutorError(M('game: weis {weis}: write {{"AC": 50}} (points by team) or '
                               '{{"A": "Eichel:678"}} (cards by seat)', weis=_shown(weis)))
        weis = dict(weis) if len({p[0] for p in weis}) == len(weis) else weis
    if isinstance(weis, dict):
        for team, value in weis.items():
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise TutorError(M('game: weis {weis}: write {{"AC": 50}} (points by team) or '
                                   '{{"A": "Eichel:678"}} (cards by seat)', weis=_shown(weis)))
            if isinstance(value, int):
                parse_int(str(value), M("game: weis {team}", team=printable(team[:4])), low=0)
    elif weis is not None and not isinstance(weis, (str, list)):
        raise TutorError(M('game: weis {weis}: write {{"AC": 50}} (points by team) or '
                           '{{"A": "Eichel:678"}} (cards by seat)', weis=_shown(weis)))
    for key in ("contract", "declarer", "stoeck"):
        if body.get(key) is not None and not isinstance(body[key], str):
            raise TutorError(M("game: {field} {value}: a text", field=key, value=_shown(body[key])))
    return {**body, "weis": weis} if "weis" in body else body


# A game written on the page names the page's own fields, as the command line's names its
# options (polish s48: "game: card_points 200", "start one with tutor tafel new" on a phone)
NO_PARTIE = M("no Partie on the Tafel yet: start one with New Partie on the Tafel tab")
GAME_FIELDS: dict[str, "Msg | str"] = {
    "contract": Mp("phone page", "Game"), "declarer": Mp("phone page", "Declarer"),
    "card_points": Mp("phone page", "Card points"), "fort": Mp("phone page", "All fort"),
    "double": "dopple", "redouble": "konter", "weis": "Weis", "stoeck": "Stöck"}


def _on_the_page(t, partie_id: int | None) -> None:
    """A board without a Partie, in the page's words (its New Partie button)."""
    if partie_id is None and not t.ids():
        raise TutorError(NO_PARTIE)


def tafel_add(request: Request, lang: str) -> dict:
    with _tafel(request) as t:
        pid = _partie_id(request)
        _on_the_page(t, pid)
        partie = t.partie(pid)
        if partie.over:   # the page's button, not the command line's `tutor tafel new` (pace s41)
            raise TutorError(M("the Partie is over after game {n} ({how}): start the next one with New Partie on "
                               "the Tafel tab", n=partie.result.after, how=partie.outcome()))
        word = lambda key: (lambda w: w if isinstance(w, str) else w.text(lang))(GAME_FIELDS.get(key, key))
        game = answers.tafel_game(_game_body(request.state.body), partie, word("contract"), label=word)
        return answers.tafel_json(t.add(game, pid))


def tafel_undo(request: Request, lang: str) -> dict:
    with _tafel(request) as t:
        pid = _partie_id(request)
        _on_the_page(t, pid)
        stored, removed = t.undo(pid)
    return answers.tafel_json(stored, removed=removed)


def quiz_overview(request: Request, lang: str) -> dict:
    from tutor.web import quiz

    return quiz.overview(request.app.state.settings.db, quiz.learner_of(request.query_params.get("learner")),
                         lang)


def quiz_next(request: Request, lang: str) -> dict:
    from tutor.web import quiz

    lesson = request.query_params.get("lesson")
    if not lesson:
        raise TutorError(M("quiz needs a lesson"))
    return quiz.next_drill(request.app.state.settings.db, lesson,
                           quiz.learner_of(request.query_params.get("learner")), lang)


def quiz_answer(request: Request, lang: str) -> dict:
    from tutor.web import quiz

    body = request.state.body
    return quiz.answer(request.app.state.settings.db, body, quiz.learner_of(body.get("learner")), lang)


def token(request: Request, lang: str) -> dict:
    return {"token": request.app.state.settings.token}


# -- the page ------------------------------------------------------------------------------------
def _environment():
    import jinja2

    return jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.PackageLoader("tutor.web", "templates"),
                                    jinja2.PackageLoader("tutor", "templates")]),
        autoescape=True, undefined=jinja2.StrictUndefined)


TOO_LARGE = M("the request body is too large (at most {n} bytes)", n=MAX_BODY)
TOO_SLOW = M("the request body came too slowly")


# The page's own words (buttons, headings, hints), in every language for the language button.
PAGE_TEXTS: dict[str, Msg] = {
    "tab_bid": Mp("phone page", "Bidding"), "tab_tafel": Mp("phone page", "Tafel"),
    "you": Mp("phone page", "You"), "dealer": Mp("phone page", "Dealer"),
    "new_game": Mp("phone page", "New game"), "hand": Mp("phone page", "Hand"),
    "why": Mp("phone page", "Why?"), "undo": Mp("phone page", "Undo"),
    "card_points": Mp("phone page", "Card points"), "write": Mp("phone page", "Write on the Tafel"),
    "next": Mp("phone page", "Next calls"), "new_partie": Mp("phone page", "New Partie"),
    "teams_hint": Mp("phone page", "A and C play together, B and D."), "start": Mp("phone page", "Start"),
    "add_game": Mp("phone page", "Write a game"), "all_fort": Mp("phone page", "All fort"),
    "undo_game": Mp("phone page", "Take back a game"), "pick": Mp("phone page", "Tap your nine cards."),
    "no_call": Mp("phone page", "No call yet."), "over": Mp("phone page", "Bidding over"),
    "points_of": Mp("phone page", "Card points of"), "game": Mp("phone page", "Game"),
    "total": Mp("phone page", "Total"), "pts": Mp("phone page", "points"), "seat_q": Mp("phone page", "Who?"),
    "answer": Mp("phone page", "Answer"), "next_drill": Mp("phone page", "Next drill"),
    "done": Mp("phone page", "Every drill of this lesson answered; due ones come back."),
    "stats": Mp("phone page", "{{seen}} of {{drills}} answered, {{right}} right the last time, {{due}} due"),
    "confirm_undo": Mp("phone page", "Take back game {{n}} ({{game}}) from the Tafel?"),
    "confirm_new": Mp("phone page", "Start a new Partie? The one under way stays stored, unfinished."),
}


def page_config(settings: Settings) -> dict[str, Any]:
    """What the page needs to draw its grid and pad: suits, ranks, each profile's bids."""
    from tutor.auction import sidi_barrani_spec
    from tutor.cards import SUITS
    from tutor.rules import PROFILES, load

    own = load(settings.rules)
    profiles = {name: r for name, r in PROFILES.items()}
    profiles[own.name] = own
    ranks = ["A", "K", "O", "U", "B", "9", "8", "7", "6"]
    return {
        "lang": settings.lang, "rules": own.name,
        "suits": [s.value for s in SUITS], "ranks": ranks,
        "rank_names": {lang: {**{r: r for r in ranks}, "B": "10"} for lang in LANGS},
        "langs": list(LANGS),
        "texts": {lang: {key: text.text(lang) for key, text in PAGE_TEXTS.items()} for lang in LANGS},
        "profiles": {name: {"bids": list(r.bid_values), "strains": list(sidi_barrani_spec(r).strains),
                            "matsch": r.matsch_bid} for name, r in profiles.items()},
    }


async def index(request: Request) -> Response:
    settings: Settings = request.app.state.settings
    html = request.app.state.page.render(lang=_lang_of(request, settings), token=settings.token,
                                         profiles=list(page_config(settings)["profiles"]),
                                         config=page_config(settings))
    return HTMLResponse(html, headers={"Cache-Control": "no-store",
                                       "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                                       "style-src 'self'; script-src 'self'; frame-ancestors 'none'",
                                       "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"})


async def not_found(request: Request, exc) -> Response:
    lang = _lang_of(request, request.app.state.settings)
    return _error(getattr(exc, "status_code", 404), M("not found: {path}", path=request.url.path), lang)


async def server_error(request: Request, exc) -> Response:
    lang = _lang_of(request, request.app.state.settings)
    return _error(500, M("the server could not answer this request"), lang)


def _practice_routes() -> list:
    from tutor.web.practice import ENDPOINTS   # the Practice tab's API (issue 24)

    from tutor.web.practice import keep

    def kept(request: Request, lang: str) -> dict:   # a write: the token (the guard), the body
        return keep(request.state.body, _rules(request), lang, request.app.state.settings.db,
                    ahead=request.app.state.ahead)

    return [*(Route(path, _answer(lambda request, lang, f=f: f(request.query_params, _rules(request), lang,
                                                               ahead=request.app.state.ahead), _practising))
              for path, f in ENDPOINTS.items()),
            Route("/api/practice/keep", _answer(kept, _practising), methods=["POST"])]


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()
    from tutor.rules import load

    load(settings.rules)   # a bad --rules is an error at the start, not at the first request
    routes = [
        Route("/", index),
        Route("/api/explain", _answer(explain)),
        Route("/api/bid", _answer(bid, _judging)),
        Route("/api/check", _answer(check, _judging)),
        Route("/api/table", _answer(table, _judging)),
        Route("/api/token", _answer(token)),
        Route("/api/tafel", _answer(tafel_show)),
        Route("/api/tafel/view", _answer(tafel_view)),
        Route("/api/tafel/new", _answer(tafel_new), methods=["POST"]),
        Route("/api/tafel/games", _answer(tafel_add), methods=["POST"]),
        Route("/api/tafel/undo", _answer(tafel_undo), methods=["POST"]),
        Route("/api/quiz", _answer(quiz_overview)),
        Route("/api/quiz/next", _answer(quiz_next)),
        Route("/api/quiz/answer", _answer(quiz_answer), methods=["POST"]),
        *_practice_routes(),
        Mount("/static", StaticFiles(packages=[("tutor.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found, 500: server_error,
                                                       Exception: server_error})
    app.state.settings = settings
    app.state.gate = Gate(settings.slots, settings.waiting, settings.wait_seconds)
    # the Practice tab's one background process (started at its first request; ``close()``
    # when the server stops: tutor serve, and the tests' clients)
    from tutor.web.ahead import Worker

    app.state.ahead = Worker() if settings.ahead else None
    app.state.page = _environment().get_template("index.html")
    app.add_middleware(Guard, settings=settings)
    return app
