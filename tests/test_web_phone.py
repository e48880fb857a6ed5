"""A game on a 360 px phone in headless Chromium (issue 25): every screen shows the next
thing to tap without scrolling (the cards, the pad during the auction, the card points
after it, the Tafel's write form with several games on the board); every card and the
dopple/konter boxes are a thumb's 44 px; the error line leaves the rules and language
controls free; the Tafel's rows show Weis and Stöck; taking back a game and a new Partie
ask first; each language is one tap away; quiz questions wrap at 360 px.

Screenshots of each screen go to the test's tmp_path (look at them when the layout changes).
The expected totals come from the rules: 100 Eichel by A doubled with 113 card points
writes 313 : 44 (as in test_web_browser.py).
"""
from __future__ import annotations

from test_web_browser import HAND, Server, overflow, phone   # noqa: F401  (the fixtures below too)
from test_web_browser import browser, db  # noqa: F401
from waiting import page_until, selector


SMALL = {"width": 360, "height": 640}     # a small phone, portrait
THUMB = 44


def small_phone(browser):
    context, page = phone(browser, SMALL["width"], SMALL["height"])
    page.on("dialog", lambda d: d.accept())
    return context, page


IN_VIEW = """(sel) => {
        const e = document.querySelector(sel);
        if (!e) return false;
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && (hit === e || e.contains(hit) || hit.contains(e));
    }"""


def in_view(page, selector: str) -> bool:
    """Whether the element is inside the viewport and not covered by another one: a tap
    at its centre reaches it."""
    return page.evaluate(IN_VIEW, selector)


def sizes(page, selector: str) -> list[tuple[float, float]]:
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].map((e) => {
        const r = e.getBoundingClientRect(); return [r.width, r.height]; })""", selector)


def calls(page) -> int:
    return len(page.query_selector_all("#calls li:not(.empty)"))


def bid(page, number: int, suit: str) -> None:
    n = calls(page)
    assert in_view(page, f'[data-number="{number}"]'), f"{number}: the pad is not in view"
    page.tap(f'[data-number="{number}"]')
    assert in_view(page, f'[data-strain="{suit}"]')
    page.tap(f'[data-strain="{suit}"]')
    page.wait_for_function("n => document.querySelectorAll('#calls li:not(.empty)').length > n", arg=n)


def test_every_screen_of_a_game_shows_the_next_thing_to_tap(browser, db, tmp_path):
    with Server(db) as server:
        context, page = small_phone(browser)
        page.goto(server.url)
        page.evaluate("""async () => fetch('api/tafel/new', {method: 'POST', body: '{}',
            headers: {'X-Tutor-Token': document.querySelector('meta[name=tutor-token]').content}})""")
        # the hand: all 36 cards a thumb wide and high, the first and the last in view
        page.wait_for_selector("#cards .card")
        assert all(w >= THUMB and h >= THUMB for w, h in sizes(page, "#cards .card"))
        assert in_view(page, '[data-card="Eichel:A"]') and in_view(page, '[data-card="Schilten:6"]')
        page.screenshot(path=str(tmp_path / "1-hand.png"))
        for card in HAND:
            page.tap(f'[data-card="{card}"]')
        assert page.inner_text("#hand-count") == "9/9"
        # the auction: at every turn the pad is in view, however long the auction grows
        for number, suit in ((60, "Eichel"), (70, "Schellen"), (90, "Eichel"), (95, "Rosen"), (100, "Eichel")):
            if number == 90:    # C's turn: the recommendation is in view above the pad
                selector(page, "#advice:not([hidden])")   # the server computes the advice
                try:    # the page scrolls on the next frame
                    page_until(page, f"() => ({IN_VIEW})('#advice-line') && ({IN_VIEW})('#calls li:last-child')")
                finally:
                    page.screenshot(path=str(tmp_path / "2-advice.png"))
            bid(page, number, suit)
        page.screenshot(path=str(tmp_path / "2-auction.png"))
        assert in_view(page, '#pad [data-call="dopple"]')
        assert all(h >= THUMB for _, h in sizes(page, "#pad button"))
        page.tap('#pad [data-call="dopple"]')
        page.tap("#strains button:has-text('D: dopple')")
        # the auction is over: the card points, Weis and Stöck and the button are in view
        page.wait_for_selector("#result:not([hidden])")
        assert page.is_hidden("#pad")
        page.screenshot(path=str(tmp_path / "3-points.png"))
        for sel in ("#result-points", "#result-weis-team", "#result-stoeck", "#result button[type=submit]"):
            assert in_view(page, sel), sel
        page.fill("#result-points", "113")
        page.tap("#result button[type=submit]")
        page.wait_for_function("() => (document.querySelector('#board .total[data-team=\"AC\"]') || {}).textContent === '313'")
        assert page.inner_text('#board .total[data-team="BD"]') == "44"
        # the Tafel with several games: the totals and the write form in view
        page.evaluate("""async () => { for (const p of [80, 90, 100, 60, 120]) await fetch('api/tafel/games',
            {method: 'POST', body: JSON.stringify({contract: '80 Eichel', declarer: 'A', card_points: p}),
             headers: {'X-Tutor-Token': document.querySelector('meta[name=tutor-token]').content}}); }""")
        page.tap("#tab-bid")
        page.tap("#tab-tafel")
        page.wait_for_function("() => document.querySelectorAll('#board-rows tbody tr').length >= 6")
        page.screenshot(path=str(tmp_path / "4-tafel.png"))
        for sel in ('#board .total[data-team="AC"]', "#g-number", "#g-points", "#add-game button[type=submit]"):
            assert in_view(page, sel), sel
        assert all(w >= THUMB and h >= THUMB for w, h in sizes(page, "#add-game label.check"))
        assert overflow(page) <= 0
        # the next game: back to the cards, in view
        page.tap("#tab-bid")
        page.tap("#new-game")
        page.wait_for_function("() => document.getElementById('hand-count').textContent === '0/9'")
        assert in_view(page, '[data-card="Eichel:A"]')
        context.close()


def test_the_tafel_rows_show_weis_and_stoeck(browser, db):
    with Server(db) as server:
        context, page = small_phone(browser)
        page.goto(server.url)
        page.tap("#tab-tafel")
        page.wait_for_selector("#new-partie:not([hidden])")
        page.tap("#new-partie button[type=submit]")
        page.wait_for_selector("#add-game:not([hidden])")
        page.select_option("#g-number", "80")
        page.select_option("#g-strain", "Rosen")
        page.select_option("#g-declarer", "D")
        page.fill("#g-points", "70")
        page.select_option("#g-weis-team", "AC")
        page.fill("#g-weis", "50")
        page.select_option("#g-stoeck", "BD")
        page.tap("#add-game button[type=submit]")
        page.wait_for_selector("#board-rows tbody tr")
        row = page.inner_text("#board-rows tbody tr")
        assert "Weis AC 50" in row and "Stöck BD" in row
        context.close()


def test_taking_back_a_game_and_a_new_partie_ask_first(browser, db):
    with Server(db) as server:
        context, page = phone(browser, SMALL["width"], SMALL["height"])
        asked: list[str] = []
        answer = {"ok": False}

        def dialog(d):
            asked.append(d.message)
            d.accept() if answer["ok"] else d.dismiss()
        page.on("dialog", dialog)
        page.goto(server.url)
        page.tap("#tab-tafel")
        page.wait_for_selector("#new-partie:not([hidden])")
        page.tap("#new-partie button[type=submit]")
        page.wait_for_selector("#add-game:not([hidden])")
        page.select_option("#g-number", "100")
        page.fill("#g-points", "113")
        page.tap("#add-game button[type=submit]")
        page.wait_for_selector("#board-rows tbody tr")
        # take back: asked, and "no" keeps the game
        page.tap("#tafel-undo")
        assert len(asked) == 1 and "1" in asked[0] and "100" in asked[0]
        page.wait_for_timeout(300)
        assert len(page.query_selector_all("#board-rows tbody tr")) == 1
        # a new Partie while this one is under way: asked, and "no" keeps the form closed
        page.tap("#tafel-new")
        assert len(asked) == 2 and "Partie" in asked[1]
        assert page.is_hidden("#new-partie")
        # "yes" takes the game back
        answer["ok"] = True
        page.tap("#tafel-undo")
        page.wait_for_function("() => !document.querySelector('#board-rows tbody tr')")
        assert len(asked) == 3
        context.close()


def test_the_error_line_leaves_the_header_s_controls_free_and_each_language_is_one_tap(browser, db, tmp_path):
    with Server(db) as server:
        context, page = small_phone(browser)
        page.goto(server.url + "?lang=en")
        page.wait_for_selector("#cards .card")
        # a refused call: the error line shows, below the header
        page.evaluate("() => { S.calls = ['60 Eichel', '55 Rosen']; refresh(); }")
        page.wait_for_selector("#error:not([hidden])")
        page.screenshot(path=str(tmp_path / "error.png"))
        for sel in ("#rules", '#lang [data-lang="de"]', '#lang [data-lang="fr"]', "#tab-tafel"):
            assert in_view(page, sel), sel
        # each language one tap away, from any other
        for lang, word in (("de", "Bieten"), ("fr", None), ("en", "Bidding"), ("de", "Bieten")):
            page.tap(f'#lang [data-lang="{lang}"]')
            assert page.get_attribute(f'#lang [data-lang="{lang}"]', "aria-pressed") == "true"
            assert page.evaluate("() => document.documentElement.lang") == lang
            if word:
                assert page.inner_text("#tab-bid") == word
        assert all(w >= THUMB and h >= THUMB for w, h in sizes(page, "#lang button"))
        context.close()


def widest_questions(n: int = 12) -> list[str]:
    """The quiz's widest questions (German), as the page shows them."""
    from tutor.web import quiz

    out = []
    for lesson in quiz.course():
        for item in quiz.items(lesson.id, "de"):
            from tutor.course.quiz import question
            out.append(question(item, "de")[0])
    return sorted(out, key=lambda q: max(len(line) for line in q.split("\n")), reverse=True)[:n]


def test_quiz_questions_wrap_at_360_px_and_a_right_answer_reads_right(browser, db, tmp_path):
    import yaml
    from pathlib import Path

    with Server(db) as server:
        context, page = small_phone(browser)
        page.goto(server.url)
        page.tap("#tab-quiz")
        page.wait_for_selector("#q-form:not([hidden])")
        for i, text in enumerate(widest_questions()):
            page.evaluate("(t) => { document.getElementById('q-question').textContent = t; }", text)
            box = page.evaluate("""() => { const q = document.getElementById('q-question');
                return [q.scrollWidth, q.clientWidth]; }""")
            assert box[0] <= box[1], (box, text)
            assert overflow(page) <= 0
            if i == 0:
                page.screenshot(path=str(tmp_path / "quiz-wide.png"))
        # the drill's own key is right, and nothing after "Richtig" says otherwise
        page.select_option("#q-lesson", "hilfe")
        page.wait_for_function("() => document.getElementById('q-question').textContent.includes('Dein Blatt')")
        source = yaml.safe_load((Path(__file__).resolve().parent.parent / "exercises" / "hilfe.yaml")
                                .read_text(encoding="utf-8"))
        page.fill("#q-answer", str(source["drills"][0]["answer"]))
        page.tap("#q-form button[type=submit]")
        page.wait_for_selector("#q-feedback.correct")
        feedback = page.inner_text("#q-feedback")
        assert feedback.startswith("Richtig") and "nicht die beste" not in feedback
        context.close()
