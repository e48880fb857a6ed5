"""The practice deals a learner finished, in the progress database (the quiz's and the
Tafel's SQLite file, :mod:`tutor.store`): ``tutor practice --stats`` sums them up."""
from __future__ import annotations

import json
from dataclasses import dataclass

from tutor.practice.review import ACCEPTABLE, HINTED, SAME, WORSE, DealResult


def record(db: "str | None", learner: str, result: DealResult, lang: str = "de", deal_id: "str | None" = None) -> None:
    """Store one finished deal; ``deal_id`` (the phone's id of the deal, migration 0006): a
    deal this learner kept already under it is replaced (a retry counts once)."""
    from tutor import store

    team = result.team
    best = result.best.get(team)
    calls = [r for r in result.review]
    conn = store.connect(db)
    try:
        with store.transaction(conn):
            conn.execute(
                "INSERT INTO practice_deal (learner, seed, seat, rules, contract, declarer, board, best, "
                "calls, same, worse, result, deal_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (learner, deal_id) WHERE deal_id IS NOT NULL DO UPDATE SET seed = excluded.seed, "
                "seat = excluded.seat, rules = excluded.rules, contract = excluded.contract, "
                "declarer = excluded.declarer, board = excluded.board, best = excluded.best, "
                "calls = excluded.calls, same = excluded.same, worse = excluded.worse, result = excluded.result, "
                "played_at = CURRENT_TIMESTAMP",
                (learner, result.seed, result.seat, result.rules.name if result.rules else "verband",
                 result.contract, result.declarer, result.board[team],
                 best.board if best is not None else None, len(calls),
                 sum(r.verdict == SAME for r in calls), sum(r.verdict == WORSE for r in calls),
                 json.dumps(result.to_json(lang), ensure_ascii=False), deal_id))
    finally:
        conn.close()


@dataclass(frozen=True)
class Stats:
    deals: int
    board: int             # the learner's team's board points, all deals
    best: int              # what its best contracts would have written
    calls: int
    same: int
    worse: int
    hinted: int = 0        # the tutor's calls made after asking for the hint (not counted as same)

    @property
    def acceptable(self) -> int:
        return self.calls - self.same - self.worse - self.hinted

    def to_json(self) -> dict:
        return {"deals": self.deals, "board": self.board, "best": self.best, "calls": self.calls,
                SAME: self.same, ACCEPTABLE: self.acceptable, WORSE: self.worse, HINTED: self.hinted}


def stats(db: "str | None", learner: str) -> Stats:
    from tutor import store

    if store.absent(db):   # nothing practised there yet: a question makes no database
        return Stats(0, 0, 0, 0, 0, 0)
    conn = store.connect(db)
    try:
        row = conn.execute(
            "SELECT COUNT(*), COALESCE(SUM(board), 0), COALESCE(SUM(COALESCE(best, 0)), 0), "
            "COALESCE(SUM(calls), 0), COALESCE(SUM(same), 0), COALESCE(SUM(worse), 0) "
            "FROM practice_deal WHERE learner = ?", (learner,)).fetchone()
        # the calls taken from the hint: in each deal's kept review (no column of their own)
        hinted = conn.execute(
            "SELECT COUNT(*) FROM practice_deal, json_each(practice_deal.result, '$.review') AS r "
            "WHERE learner = ? AND json_extract(r.value, '$.verdict') = ?", (learner, HINTED)).fetchone()[0]
    finally:
        conn.close()
    return Stats(*(int(x) for x in row), int(hinted))


def calls_phrase(s: Stats):
    """How many of the learner's calls were the tutor's, the calls counted in the plural they
    need (s38: "of 1 calls"), and where he asked for the hint first, how many he took from it
    (the tutor's call, not counted as his own)."""
    from tutor.i18n import Mn

    if s.hinted:
        return Mn("of {calls} call {same} the tutor's and {hinted} taken from the hint",
                  "of {calls} calls {same} the tutor's and {hinted} taken from the hint", s.calls,
                  calls=s.calls, same=s.same, hinted=s.hinted)
    return Mn("of {calls} call {same} the tutor's", "of {calls} calls {same} the tutor's", s.calls,
              calls=s.calls, same=s.same)


def stats_line(db: "str | None", learner: "str | None", lang: str = "de") -> str | None:
    """One line on the learner's practice deals (for ``tutor lessons``), None without any."""
    from tutor.i18n import ngettext
    from tutor.course.quiz import default_learner

    s = stats(db, learner or default_learner())
    if not s.deals:
        return None
    return ngettext("Practice: {deals} whole deal; your team wrote {board}, its best contract {best}; {calls} "
                    "(tutor practice --stats).",
                    "Practice: {deals} whole deals; your teams wrote {board}, their best contracts {best}; "
                    "{calls} (tutor practice --stats).", s.deals, lang,
                    deals=s.deals, board=s.board, best=s.best, calls=calls_phrase(s))
