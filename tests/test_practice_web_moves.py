"""The phone's Practice tab (``/api/practice``): a move it cannot take names the move, and the
solver's answers the server keeps for a deal's play stay bounded whatever a client sends.

Deal 11, seat C, the robots judged by the count (the hands: tests/test_practice_play_hostile.py):
C's ``90 Rosen`` and ``fort`` end the bidding at A's 130 Rosen, so a third move comes after
its end; C is asked first after A and B, at his turn (not at a chance to double), so ``-``
(which lets a double or konter pass) is no call there.
"""
from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from test_web_hostile import one_line   # 400, one line of JSON, no traceback

BASE = {"seed": 11, "seat": "C", "judge": "count"}


@pytest.fixture
def client(tmp_path, monkeypatch):
    from tutor.web.app import Settings, create_app

    monkeypatch.delenv("TUTOR_DB", raising=False)
    app = create_app(Settings(db=str(tmp_path / "t.sqlite3"), ahead=False))
    with TestClient(app, base_url="http://127.0.0.1:8000", raise_server_exceptions=False) as c:
        yield c


@pytest.mark.needs_core
@pytest.mark.parametrize("path", ["/api/practice", "/api/practice/hint", "/api/practice/result"])
@pytest.mark.parametrize("moves, lang, says", [
    # polish s39 (a): a move past the end names the move, whatever it is
    ("90 Rosen,fort,x", "en", "call 3 ('x'): the bidding is over"),
    ("90 Rosen,fort,dopple", "en", "call 3 ('dopple'): the bidding is over"),
    ("90 Rosen,fort,fort,fort", "en", "call 3 ('fort'): the bidding is over"),
    ("90 Rosen,fort,x", "fr", "enchère 3 ('x') : les enchères sont terminées"),
    ("90 Rosen,fort,x", "de", "Ansage 3 ('x'): das Bieten ist beendet"),
    # a bad call names the move and quotes it once
    ("60 Blah", "en", "call 1 ('60 Blah'): unknown suit 'Blah' (Eichel, Schellen, Rosen, Schilten)"),
    ("90 Rosen,60 Blah", "fr", "enchère 2 ('60 Blah') : couleur inconnue 'Blah' (Eichel, Schellen, Rosen, Schilten)"),
    ("x" * 500, "en", "call 1 ('" + "x" * 57 + "...'): "),
    # (b) "-" at his own turn: what it means, not "an empty call"
    ("-", "en", "call 1 ('-'): - lets a double or konter pass; at your turn give a call or fort"),
    ("90 Rosen, - ", "de", "Ansage 2 ('-'): - lässt ein Doppeln oder Kontern aus; wenn du an der Reihe bist, "
                           "gib eine Ansage oder fort"),
    ("-", "fr", "enchère 1 ('-') : - laisse passer un contre ou un surcontre ; à ton tour, donne une enchère ou fort"),
])
def test_a_move_the_page_cannot_take_is_one_line_naming_the_move(client, path, moves, lang, says):
    error = one_line(client.get(path, params={**BASE, "moves": moves, "lang": lang}))
    assert error.startswith(says) and len(error) < 200, error


# -- the kept answers: bounded -------------------------------------------------------------------
def _sequences(client, n: int) -> list[list[str]]:
    """``n`` different card sequences of the learner on deal 11, each a legal play to the end
    (his first two cards every way, then his first card allowed), as a client exploring the
    deal would send them."""
    base = {**BASE, "moves": "90 Rosen,fort", "lang": "en"}

    def view(cards):
        return client.get("/api/practice/play", params={**base, "cards": ",".join(cards)}).json()

    out = []
    for first in view([])["legal"]:
        for second in view([first])["legal"]:
            cards = [first, second]
            while not (v := view(cards))["over"]:
                cards.append(v["legal"][0])
            out.append(cards)
            if len(out) == n:
                return out
    return out


@pytest.mark.needs_core
def test_a_client_sending_new_card_sequences_finds_the_kept_answers_bounded(client, monkeypatch):
    """polish s39 (c): each deal's kept answers grew with every new card sequence a client
    sent. With a small cap they stay under it plus one request's answers, and every view of
    the play (the robots' cards, the points) is the same as without the cap."""
    from tutor.practice import cardplay
    from tutor.web import practice

    seqs = _sequences(client, 8)
    assert len(seqs) == 8 and len({tuple(s) for s in seqs}) == 8
    base = {**BASE, "moves": "90 Rosen,fort", "lang": "en"}

    def run() -> tuple[list, list[int]]:
        practice._PLAYS = None
        views, sizes = [], []
        for cards in seqs:
            views.append(client.get("/api/practice/play", params={**base, "cards": ",".join(cards)}).json())
            (known,) = practice._PLAYS.values()
            sizes.append(len(known))
        return views, sizes

    free, grown = run()
    assert grown == sorted(grown) and grown[-1] > 2 * grown[0]   # without a cap: one deal's store grows
    # the most one request adds to an empty store
    one = 0
    for cards in seqs:
        practice._PLAYS = None
        client.get("/api/practice/play", params={**base, "cards": ",".join(cards)})
        one = max(one, len(next(iter(practice._PLAYS.values()))))
    cap = grown[0]
    monkeypatch.setattr(cardplay, "KEEP_ANSWERS", cap)
    capped, sizes = run()
    assert capped == free
    assert max(sizes) <= cap + one < grown[-1]


@pytest.mark.needs_core
def test_the_line_played_keeps_its_answers_when_the_store_passes_its_cap(client, monkeypatch):
    """open 11 (session 40): at the cap the whole store of a deal was dropped, the line the
    learner plays with it, so the next request (keeping the deal after its result) asked the
    solver the whole play and review again. Now the least recently used answers go first:
    after exploring other lines he plays one to the end, the result's review passes the cap,
    and keeping the deal asks the solver nothing, with the same review; each card's values
    are exact play's (the solver without a budget, as ``tutor review`` reads a game)."""
    from tutor.play import solver
    from tutor.practice import cardplay
    from tutor.web import practice

    seqs = _sequences(client, 5)
    line, others = seqs[0], seqs[1:]
    base = {**BASE, "moves": "90 Rosen,fort", "lang": "en"}

    def explore_then_play():   # the other lines to their end, then his line card by card
        practice._PLAYS = None
        for cards in others + [line[:n] for n in range(len(line) + 1)]:
            client.get("/api/practice/play", params={**base, "cards": ",".join(cards)})
        return len(next(iter(practice._PLAYS.values())))

    cap = explore_then_play()   # the store before the result's review, without a cap
    asked = []
    real = solver.solve
    monkeypatch.setattr(solver, "solve", lambda *a, **k: asked.append(1) or real(*a, **k))
    monkeypatch.setattr(cardplay, "KEEP_ANSWERS", cap)
    assert explore_then_play() == cap   # under the cap: the same store
    params = {**base, "cards": ",".join(line)}
    asked.clear()
    first = client.get("/api/practice/result", params=params).json()
    store = next(iter(practice._PLAYS.values()))
    assert asked and len(store) > cap   # the review asked the solver and passed the cap
    asked.clear()
    body = {**params, "learner": "Anna", "deal_id": "d1"}
    kept = client.post("/api/practice/keep", json=body, headers={"X-Tutor-Token": client.app.state.settings.token})
    assert kept.status_code == 200 and kept.json()["kept"]
    assert not asked, f"{len(asked)} questions asked again"
    assert len(store) <= cap + 1 and client.get("/api/practice/result", params=params).json()["play"] == first["play"]
    assert not asked
    # the review's values: exact play's, from nothing and without a budget
    p = practice._practice(base, None, "en")
    fresh = p.cards(known={})
    fresh.review_nodes = None
    fresh.robots()
    for card in line:
        fresh.play(card)
        fresh.robots()
    _exact, _taken, values = fresh.review()
    assert [(c["card"], c["before"], c["after"], c["lost"]) for c in first["play"]["cards"]] == \
        [(str(v.card), v.before, v.after, v.lost) for v in values]
