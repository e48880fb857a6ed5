"""``tutor table`` (the session in the terminal) and ``tutor serve`` (the web page)."""
from __future__ import annotations

import click

from tutor.commands.common import SEAT, NumberType, lang_option, table_rules_option
from tutor.commands.helptext import Pre
from tutor.commands.tafel import db_option
from tutor.i18n import M


@click.command("table")
@click.option("--hand", required=True, help='Your nine cards, e.g. "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8".')
@click.option("--seat", type=SEAT, required=True, help="Your place at the table: A, B, C or D (A+C, B+D play together).")
@click.option("--dealer", type=SEAT, default=None,
              help="Who deals this game (default D, or the Partie's next dealer with --partie); Vorhand is the next.")
@click.option("--partie", "partie", is_flag=False, flag_value="newest", default=None, metavar="[N]",
              help="Write each game on the Tafel: the newest Partie, or Partie N.")
@click.option("--count", "by_count", is_flag=True,
              help="Recommend by the count alone: instant, without deals played out.")
@db_option
@lang_option
@table_rules_option
def table(hand, seat, dealer, partie, by_count, db_path, lang, rules_spec):
    """Follow a game at the table: type the calls as they come.

    \b
    Each line is a call (60ei, 70 sche, 60 auf Rosen, D: dopple) or a word:
      ?      the full reasoning        next   the open conventional calls
      undo   take back the last call   new HAND  the next game (dealer moves on)
      tafel  the board                 end    stop
    After the auction: the card points (113, or 113 weis AC=50 stöck BD).
    """
    import sys

    from tutor.companion.session import Session
    from tutor.companion.terminal import run
    from tutor.errors import TutorError
    from tutor.i18n import M

    partie_id: int | None | bool = False
    rules = rules_spec
    if partie is not None:
        from tutor.text import parse_int

        partie_id = None if partie == "newest" else parse_int(partie, "--partie", low=1)
        from tutor.commands.tafel import opened

        went_on = None
        with opened(db_path) as t:
            stored = t.stored(partie_id)
            if stored.partie.over and partie_id is None:
                # the newest Partie ended (the session was left between two Partien, or
                # restarted): the game goes on a new one, as the session's `new` and `tutor
                # tafel new` start it (rules, names, and the dealer giving the losers Vorhand)
                went_on, stored = stored.id, t.new()
        if stored.partie.over:
            raise TutorError(M("Partie {partie} is over: start a new one with tutor tafel new", partie=stored.id))
        if went_on is not None:
            from tutor.i18n import _

            click.echo(_("Partie {old} is over: the next game goes on Partie {new}.", lang, old=went_on,
                         new=stored.id))
        partie_id = stored.id
        rules = stored.partie.rules      # the Partie's table rules
        if dealer and dealer != stored.partie.next_dealer:   # the board says who deals
            raise TutorError(M("--dealer {dealer}: on the Tafel (Partie {partie}) {board} deals the next game; "
                               "leave --dealer out", dealer=dealer, partie=stored.id,
                               board=stored.partie.next_dealer))
        dealer = stored.partie.next_dealer
    from tutor.commands.engine import _judge

    # the advice within the table's budget of work (nobody at the table waits long)
    session = Session(hand, seat, dealer or "D", rules, lang, judge=_judge(by_count, table=True))
    if hasattr(sys.stdin, "reconfigure"):   # bytes that are no UTF-8: a call not read, not a crash
        sys.stdin.reconfigure(errors="replace")
    sys.exit(run(session, db=db_path, partie=partie_id))


def _listen(host: str, port: int):
    """A socket bound to ``host:port`` for the server (port 0: a free one, which the printed
    address then names); a port in use is one line."""
    import socket

    from tutor.errors import TutorError
    from tutor.i18n import M

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    s = socket.socket(family, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind((host, port))
    except OSError as e:
        s.close()
        raise TutorError(M("cannot listen on {host}:{port}: {why} (another --port?)", host=host, port=port,
                           why=e.strerror or str(e))) from None
    s.set_inheritable(True)
    return s


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Where to listen; another address than this machine's (0.0.0.0 for the phones "
                   "at the table) requires the printed secret.")
@click.option("--port", type=NumberType(0, 65535), default=8000, show_default=True)
@db_option
@lang_option
@table_rules_option
def serve(host, port, db_path, lang, rules_spec):
    """The table companion and the Tafel as a web page, for phones at the table.

    Runs in the foreground; Ctrl-C stops it. With --host other than 127.0.0.1 it prints
    the address with its secret and a QR code to scan.
    """
    import secrets

    import uvicorn

    from tutor.i18n import _

    from tutor.web import server as web_server
    from tutor.web.address import hosts
    from tutor.web.app import LOOPBACK_NAMES, Settings, create_app

    from tutor import store
    from tutor.errors import ParseError

    if not host.strip():   # "" binds every address of the machine: the phones' 0.0.0.0 is said, never implied
        raise ParseError(M("--host: empty: write 127.0.0.1 (this machine) or 0.0.0.0 (the phones at the table)"))
    # a --db that is no tutor database (another program's file, a folder that does not exist) is
    # one line and exit 2 here, as in practice and quiz, not an error on the page's every request
    store.connect(db_path).close()
    loopback = host in LOOPBACK_NAMES
    settings = Settings(db=db_path, lang=lang, rules=rules_spec,
                        secret=None if loopback else secrets.token_urlsafe(12), loopback=loopback)
    app = create_app(settings)
    sock = _listen(host, port)
    port = sock.getsockname()[1]
    server = uvicorn.Server(web_server.config(app, host, port))
    shown = hosts(host)
    if not shown:   # listening everywhere on a machine without a network address
        click.echo(_("tutor serve: this machine has no network address: only it can open the page", lang),
                   err=True)
        shown = ["127.0.0.1"]
    urls = [f"http://{h}:{port}/" + (f"?key={settings.secret}" if settings.secret else "") for h in shown]
    click.echo(_("Tutor: {url}  (Ctrl-C stops.)", lang, url=urls[0]))
    for url in urls[1:]:
        click.echo(_("  also: {url}", lang, url=url))
    if settings.secret:
        import segno

        click.echo(_("For the phones at the table:", lang))
        segno.make(urls[0], error="m").terminal(compact=True)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:   # uvicorn hands Ctrl-C on once it has closed down
        pass
    finally:
        if app.state.ahead is not None:
            app.state.ahead.close()   # the Practice tab's background process
    click.echo(_("Tutor: stopped.", lang))


# -- help: catalog messages, shown in the language of --help (tutor.commands.helptext) --------
HELP: dict[str, dict] = {
    "table": {
        "short": M("Follow a game at the table call by call, with advice at your turn."),
        "help": (
            M("Follow a game at the table: type the calls as they come. Each line is a call "
              "(60ei, 70 sche, 60 auf Rosen, D: dopple) or a word:"),
            Pre(M("  ?      the full reasoning        next   the open conventional calls\n"
                  "  undo   take back the last call   new HAND  the next game (dealer moves on)\n"
                  "  tafel  the board                 end    stop")),
            M("After the auction: the card points (113, or 113 weis AC=50 stöck BD), or played "
              "FILE (a game file of tutor play)."),
        ),
        "options": {
            "hand": M("Your nine cards, e.g. \"Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8\"."),
            "seat": M("Your place at the table: A, B, C or D (A+C, B+D play together)."),
            "dealer": M("Who deals this game (default D, or the Partie's next dealer with "
                        "--partie); Vorhand is the next."),
            "partie": M("Write each game on the Tafel: the newest Partie, or Partie N."),
            "by_count": M("Recommend by the count alone: instant, without deals played out."),
        },
        "examples": [
            "tutor table --hand \"Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8\" --seat C",
        ],
    },
    "serve": {
        "short": M("The table companion and the Tafel as a web page (for phones)."),
        "help": M("The table companion and the Tafel as a web page, for the phones at the "
                  "table. Runs in the foreground; Ctrl-C stops it. With --host other than "
                  "127.0.0.1 it prints the address with its secret and a QR code to scan."),
        "options": {
            "host": M("Where to listen (default 127.0.0.1, this machine only); another address "
                      "(0.0.0.0 for the phones at the table) requires the printed secret."),
            "port": M("The port."),
        },
        "examples": [
            "tutor serve",
            "tutor serve --host 0.0.0.0 --port 8080",
        ],
    },
}
