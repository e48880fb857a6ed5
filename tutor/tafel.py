"""The board of a real table, stored: Partien in the tutor's SQLite database.

Every change is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``): a game is written
whole or not at all, so a crash or a closed terminal loses nothing, and two processes
writing at once are put one after the other by SQLite. A Partie is stored as what was
entered (rules, names, first dealer, the games in order); its board is computed from
that, so ``undo`` (deleting the last entry) is exact.

The current Partie is the newest one; every method takes a Partie id to work on another.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from tutor import store
from tutor.errors import TutorError
from tutor.partie import (DEFAULT_DEALER, Game, Partie, next_seat, parse_seat, read_rules,
                          rules_spec)
from tutor.scoring import other as other_team
from tutor import rules as rules_mod
from tutor.rules import TableRules
from tutor.i18n import M, _, join, pgettext


@dataclass(frozen=True)
class Stored:
    """A Partie with its id and when it was started."""

    id: int
    created: str
    partie: Partie


def _rules_json(rules: TableRules) -> str:
    """Every table rule, with the profile it came from: a stored Partie keeps its rules
    even if a later version changes a profile's defaults."""
    spec = rules_spec(rules)
    base = spec if isinstance(spec, str) else spec["profile"]
    data = {"profile": base, **{k: v for k, v in rules.to_dict().items() if k != "name"}}
    return json.dumps(data, ensure_ascii=False)


def _stored_json(text: Any, kind: type, where: object) -> Any:
    """A stored JSON value of the type ``kind``: a row changed outside the tutor (not
    JSON, or the wrong shape) is one line naming it, not a traceback."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        data = None
    if not isinstance(data, kind):
        raise TutorError(M("{where}: the stored row is not what the tutor wrote (the database was changed outside the tutor)", where=where))
    return data


def _rules_from_json(text: str, where: object) -> TableRules:
    data = _stored_json(text, (dict, str), where)
    if isinstance(data, dict):  # keys a later version dropped are left behind
        data = {k: v for k, v in data.items() if k == "profile" or k in rules_mod.FIELDS}
    return read_rules(data, where)


def _insert_game(conn: sqlite3.Connection, partie_id: int, seq: int, game: Game) -> None:
    conn.execute("INSERT INTO tafel_game(partie, seq, game) VALUES (?, ?, ?)",
                 (partie_id, seq, json.dumps(game.to_dict(), ensure_ascii=False)))


class Tafel:
    """The stored Partien of one database file."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    @classmethod
    def open(cls, path: "str | None" = None) -> "Tafel":
        return cls(store.connect(path))

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Tafel":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- reading -------------------------------------------------------------------------
    def ids(self) -> list[int]:
        return [r[0] for r in self.conn.execute("SELECT id FROM tafel_partie ORDER BY id")]

    def current_id(self) -> int:
        row = self.conn.execute("SELECT max(id) FROM tafel_partie").fetchone()
        if row[0] is None:
            raise TutorError(M("no Partie on the board yet: start one with tutor tafel new"))
        return int(row[0])

    def _id(self, partie_id: int | None) -> int:
        if partie_id is None:
            return self.current_id()
        row = self.conn.execute("SELECT id FROM tafel_partie WHERE id = ?", (partie_id,)).fetchone()
        if row is None:
            known = ", ".join(map(str, self.ids())) or M("none yet")
            raise TutorError(M("no Partie {partie_id} on the board (stored: {known})", partie_id=partie_id, known=known))
        return partie_id

    def stored(self, partie_id: int | None = None) -> Stored:
        pid = self._id(partie_id)
        head = self.conn.execute("SELECT created, rules, names, dealer FROM tafel_partie WHERE id = ?",
                                 (pid,)).fetchone()
        where = M("stored Partie {id}", id=pid)
        rules = _rules_from_json(head["rules"], join(where, ": rules"))
        names = _stored_json(head["names"], dict, join(where, ": names"))
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
            _stored_json(None, dict, join(where, ": names"))
        partie = Partie(rules, (), names, parse_seat(head["dealer"], join(where, ": dealer")))
        games = [Game.from_dict(_stored_json(r["game"], dict, M("{where}, game {n}", where=where, n=r["seq"])),
                                rules, M("{where}, game {n}", where=where, n=r["seq"]))
                 for r in self.conn.execute("SELECT seq, game FROM tafel_game WHERE partie = ? "
                                            "ORDER BY seq", (pid,))]
        partie = Partie(rules, tuple(games), partie.names, partie.dealer)
        partie.rows  # computes the board; a stored game that no longer fits is an error here
        return Stored(pid, head["created"], partie)

    def partie(self, partie_id: int | None = None) -> Partie:
        return self.stored(partie_id).partie

    def all(self) -> list[Stored]:
        return [self.stored(pid) for pid in self.ids()]

    def each(self) -> list["tuple[int, Stored | TutorError]"]:
        """Every Partie by id: the stored one, or the error that says why it cannot be
        read (its rules beyond a later limit, a row changed outside the tutor), so that
        one unreadable Partie does not hide the others."""
        out: list = []
        for pid in self.ids():
            try:
                out.append((pid, self.stored(pid)))
            except TutorError as e:
                out.append((pid, e))
        return out

    def readable(self) -> list[Stored]:
        """Every Partie that can be read; one that cannot (its rules beyond a later limit,
        a row changed outside the tutor) is left out here, its own commands say why."""
        return [s for _, s in self.each() if isinstance(s, Stored)]

    # -- changes -------------------------------------------------------------------------
    def new(self, rules: TableRules | None = None, names: dict[str, str] | None = None,
            dealer: str | None = None) -> Stored:
        """Start a Partie. Left out, rules and names are those of the last Partie, and the
        dealer follows on from it: the losers of the last Partie get Vorhand."""
        with store.transaction(self.conn):
            last = self.conn.execute("SELECT max(id) FROM tafel_partie").fetchone()[0]
            try:
                previous = self.stored(last).partie if last is not None else None
            except TutorError:
                # the last Partie cannot be read (its row changed outside the tutor, its
                # rules beyond a later limit): a new one starts afresh, the old one stays
                previous = None
            if rules is None:
                rules = previous.rules if previous else None
            if names is None:
                names = dict(previous.names) if previous else {}
            if dealer is None:
                same_table = previous is not None and dict(previous.names) == names
                dealer = previous.following_dealer if same_table else DEFAULT_DEALER
            else:   # a seat, or a player's name (also one carried over from the last Partie)
                dealer = Partie(names=names).seat_of(dealer, "--dealer")
            partie = Partie(rules, (), names, parse_seat(dealer, M("dealer")))
            cur = self.conn.execute(
                "INSERT INTO tafel_partie(rules, names, dealer) VALUES (?, ?, ?)",
                (_rules_json(partie.rules),
                 json.dumps(dict(partie.names), ensure_ascii=False), partie.dealer))
            pid = int(cur.lastrowid)
        return self.stored(pid)

    def remove(self, partie_id: int | None = None) -> Stored:
        """Delete a Partie and its games (one started by mistake); returns what it was."""
        with store.transaction(self.conn):
            current = self.stored(partie_id)
            self.conn.execute("DELETE FROM tafel_game WHERE partie = ?", (current.id,))
            self.conn.execute("DELETE FROM tafel_partie WHERE id = ?", (current.id,))
        return current

    def add(self, game: Game, partie_id: int | None = None) -> Stored:
        """Write ``game`` on the board of the Partie; all of it or, on any error, nothing."""
        with store.transaction(self.conn):
            current = self.stored(partie_id)
            partie = current.partie.add(game)  # raises when it does not fit: nothing written
            _insert_game(self.conn, current.id, len(partie.games), game)
        return Stored(current.id, current.created, partie)

    def undo(self, partie_id: int | None = None) -> tuple[Stored, Game]:
        """Take back the last entry of the Partie."""
        with store.transaction(self.conn):
            current = self.stored(partie_id)
            if not current.partie.games:
                raise TutorError(M("nothing to take back: Partie {id} has no game yet", id=current.id))
            self.conn.execute("DELETE FROM tafel_game WHERE partie = ? AND seq = ?",
                              (current.id, len(current.partie.games)))
            removed = current.partie.games[-1]
        return Stored(current.id, current.created, current.partie.undo()), removed

    def import_partie(self, partie: Partie) -> Stored:
        """Store a whole Partie (from a match file) as a new, current Partie."""
        with store.transaction(self.conn):
            cur = self.conn.execute(
                "INSERT INTO tafel_partie(rules, names, dealer) VALUES (?, ?, ?)",
                (_rules_json(partie.rules),
                 json.dumps(dict(partie.names), ensure_ascii=False), partie.dealer))
            pid = int(cur.lastrowid)
            for seq, game in enumerate(partie.games, 1):
                _insert_game(self.conn, pid, seq, game)
        return self.stored(pid)


# -- the board drawn ---------------------------------------------------------------------

def labels(lang: str) -> dict[str, str]:
    """The board's headings and words in ``lang`` (the columns' heads, the rules line)."""
    return {"n": "#",
            "partie": pgettext("Tafel", "Partie", lang),
            "rules": pgettext("Tafel", "rules", lang),
            "target": pgettext("Tafel", "target", lang),
            "end_rule": pgettext("Tafel", "end rule", lang),
            "dealer": pgettext("Tafel", "deals", lang),
            "vorhand": pgettext("Tafel", "Vorhand", lang),
            "contract": pgettext("Tafel", "game", lang),
            "card_points": pgettext("Tafel", "card pts", lang),
            "weis": pgettext("Tafel", "Weis", lang),
            "stoeck": pgettext("Tafel", "Stöck", lang),
            "result": pgettext("Tafel", "result", lang),
            "made": pgettext("Tafel", "made", lang),
            "missed": pgettext("Tafel", "missed", lang),
            "fort": pgettext("Tafel", "four forts", lang),
            "total": pgettext("Tafel", "total", lang),
            "plain": pgettext("Tafel", "plain", lang),
            "bonus": pgettext("Tafel", "Bonus-Schlussregel", lang),
            "ueberbiet_rule": pgettext("Tafel", "Überbiet-Schlussregel", lang),
            }


_MULT = {1: "", 2: " ×2", 4: " ×4"}


def board_table(partie: Partie, lang: str = "de") -> dict[str, Any]:
    """The board as plain data for the text and HTML views: header, rows, footer."""
    L = labels(lang)
    rule_name = {"plain": L["plain"], "bonus": L["bonus"], "ueberbiet": L["ueberbiet_rule"]}
    rows = []
    for row in partie.rows:
        g = row.game
        cells = {"n": str(row.n), "dealer": partie.name(row.dealer), "vorhand": partie.name(row.vorhand),
                 "AC": str(row.points["AC"]), "BD": str(row.points["BD"]),
                 "total_AC": str(row.total["AC"]), "total_BD": str(row.total["BD"])}
        if g.fort:
            cells.update(contract=L["fort"], card_points="", weis="", stoeck="", result="", made=None)
        else:
            s = row.score
            weis = ", ".join(f"{t} {p}" for t, p in s.weis.items() if p) or "–"
            result = L["made"] if s.made else L["missed"]
            if row.open_by_ueberbiet:
                result += ", " + _("Überbiet −{bid}", lang, bid=g.contract.bid)
            cells.update(contract=f"{partie.name(g.declarer)}: {g.contract}{_MULT[s.multiplier]}",
                         card_points=str(g.card_points), weis=weis,
                         stoeck=", ".join(s.stoeck) or "–", result=result, made=s.made)
        rows.append(cells)
    r = partie.result
    if r.over and r.winner and r.schneider and r.schneider_points:
        # the Schneider's points in the table, as a row of their own after the last game
        points = {t: r.schneider_points if t == r.winner else 0 for t in ("AC", "BD")}
        rows.append({"n": "", "dealer": "", "vorhand": "", "card_points": "", "weis": "", "stoeck": "",
                     "contract": _("Schneider: {team}", lang, team=partie.team_name(r.schneider)),
                     "result": "", "made": None, "schneider": True,
                     "AC": f"+{points['AC']}" if points["AC"] else "0",
                     "BD": f"+{points['BD']}" if points["BD"] else "0",
                     "total_AC": str(r.board["AC"]), "total_BD": str(r.board["BD"])})
    footer = []
    if not partie.rows:
        footer.append(_("No game on the board yet.", lang))
    if r.over and r.winner:
        footer.append(_("{team} wins {a} to {b} (after game {n}).", lang,
                        team=partie.team_name(r.winner), a=r.board[r.winner],
                        b=r.board[other_team(r.winner)], n=r.after))
        if r.schneider and r.schneider_points:
            footer.append(_("{team} is Schneider; +{points} Schneider for {winner}.", lang,
                            team=partie.team_name(r.schneider), points=r.schneider_points,
                            winner=partie.team_name(r.winner)))
        elif r.schneider:
            footer.append(_("{team} is Schneider.", lang, team=partie.team_name(r.schneider)))
    elif r.over:
        footer.append(_("A draw, {a} to {b}.", lang, a=r.board["AC"], b=r.board["BD"]))
    elif partie.rows:
        footer.append(_("The Partie is open.", lang))
    if r.over:
        d = partie.following_dealer
        footer.append(_("Next Partie: {dealer} deals, {vorhand} is Vorhand.", lang,
                        dealer=partie.name(d), vorhand=partie.name(next_seat(d))))
    else:
        footer.append(_("Next: {dealer} deals, {vorhand} is Vorhand.", lang,
                        dealer=partie.name(partie.next_dealer), vorhand=partie.name(partie.next_vorhand)))
    names = dict(partie.names)
    # the column heads: the teams by their players' names where the table gave them
    heads = {t: (f"{names[t[0]]}+{names[t[1]]}" if names else t) for t in ("AC", "BD")}
    return {"labels": L, "heads": heads, "rules": partie.rules.name, "target": partie.rules.match_target,
            "end_rule": rule_name[partie.rules.end_rule],
            "teams": {t: (f"{names[t[0]]} + {names[t[1]]}" if names else f"{t[0]} + {t[1]}") for t in ("AC", "BD")},
            "rows": rows, "board": dict(r.board), "over": r.over, "winner": r.winner,
            "schneider": r.schneider, "footer": footer}


_COLUMNS = ("n", "dealer", "vorhand", "contract", "card_points", "weis", "stoeck", "result",
            "AC", "BD", "total_AC", "total_BD")
_RIGHT = {"n", "card_points", "AC", "BD", "total_AC", "total_BD"}


def board_text(partie: Partie, lang: str = "de", title: str | None = None) -> list[tuple[str, dict]]:
    """The board as lines of text, each with click.style arguments for a terminal."""
    t = board_table(partie, lang)
    L = t["labels"]
    head = {c: L.get(c, c) for c in _COLUMNS}
    h = t["heads"]
    head.update(AC=h["AC"], BD=h["BD"], total_AC=f"{L['total']} {h['AC']}", total_BD=f"{L['total']} {h['BD']}")
    width = {c: max([len(head[c])] + [len(r[c]) for r in t["rows"]]) for c in _COLUMNS}

    def line(cells: dict[str, str]) -> str:
        parts = []
        for c in _COLUMNS:
            text = cells[c]
            parts.append(text.rjust(width[c]) if c in _RIGHT else text.ljust(width[c]))
            if c in ("result", "BD"):
                parts.append("|")
        return "  ".join(parts).rstrip()

    out: list[tuple[str, dict]] = []
    heading = " · ".join(x for x in (title, f"{L['rules']} {t['rules']}",
                                     f"{L['target']} {t['target']}",
                                     f"{L['end_rule']}: {t['end_rule']}") if x)
    out.append((heading, {"bold": True}))
    out.append((f"AC = {t['teams']['AC']}    BD = {t['teams']['BD']}", {}))
    out.append(("", {}))
    if t["rows"]:
        out.append((line(head), {"bold": True}))
        for r in t["rows"]:
            style = {} if r["made"] is None else {"fg": "green" if r["made"] else "red"}
            out.append((line(r), style))
        out.append(("", {}))
    for i, text in enumerate(t["footer"]):
        out.append((text, {"bold": True} if i == 0 and t["over"] else {}))
    return out


def board_html(partie: Partie, lang: str = "de", title: str | None = None) -> str:
    """The board as a printable HTML page (Jinja2, autoescaped, strict)."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("tutor", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=True)
    return env.get_template("tafel.html").render(t=board_table(partie, lang), title=title or "Tafel",
                                                 lang=lang)
