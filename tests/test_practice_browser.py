"""The phone page's Practice tab in headless Chromium at 360 px (as tests/test_web_browser.py):
the learner's hand, the robots' calls, a call tapped, the deal's end with the best
contracts; nothing overflows. The robots' first call is the tutor's advice for A's hand
(its default voice), the hand the seed's deal."""
from __future__ import annotations

import pytest

from test_web_browser import CHROMIUM, Server, browser, db, overflow, phone  # noqa: F401  (fixtures)
from waiting import page_until, selector

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


def open_practice(browser, server, seed: int = 11, seat: str = "C", width: int = 360, height: int = 780):  # noqa: F811
    context, page = phone(browser, width, height)
    page.goto(server.url)
    page.evaluate("""([seed, seat]) => {
        localStorage.setItem('tutor-practice', JSON.stringify({seed: seed, seat: seat, moves: []}));
        localStorage.setItem('tutor-table', JSON.stringify({tab: 'practice'}));
    }""", [seed, seat])
    page.reload()
    selector(page, "#p-calls li")      # the robots' first calls: the server computes them
    return context, page


def fort_to_the_end(page) -> None:
    """fort, and no double or konter when asked, until the bidding ends (how often the
    learner is asked depends on the robots' calls)."""
    for _ in range(10):
        if page.locator("#p-result .line").count():
            break
        calls = page.locator("#p-calls li").count()
        fort = page.locator('#p-pad [data-call="fort"]')
        page.tap('#p-pad [data-call="fort"]' if fort.is_enabled() else '#p-pad [data-call="-"]')
        page_until(page, f"""() => document.querySelectorAll('#p-calls li').length > {calls}
                                        || document.querySelector('#p-result .line')""")
        page_until(page, """() => document.querySelector('#p-result .line')
                                        || [...document.querySelectorAll('#p-pad .p-call')].some(b => !b.disabled)""")
    selector(page, "#p-result .line >> nth=3")


def fort_to_the_play(page) -> None:
    """fort, and no double or konter when asked, until the bidding ends and the card play
    begins (the Practice tab's play switched on)."""
    for _ in range(10):
        if page.is_visible("#p-play"):
            break
        calls = page.locator("#p-calls li").count()
        fort = page.locator('#p-pad [data-call="fort"]')
        page.tap('#p-pad [data-call="fort"]' if fort.is_enabled() else '#p-pad [data-call="-"]')
        page_until(page, f"""() => document.querySelectorAll('#p-calls li').length > {calls}
                                        || !document.getElementById('p-play').hidden""")
        page_until(page, """() => !document.getElementById('p-play').hidden
            || [...document.querySelectorAll('#p-pad .p-call')].some(b => !b.disabled)""")


@pytest.mark.needs_core
def test_a_phone_bids_a_practice_deal_and_sees_its_end(browser, db):  # noqa: F811
    from tutor.conventions import advise
    from tutor.judgement import default_judge
    from tutor.practice.session import hands_of

    hands = hands_of(11)
    first = advise(hands["A"], "", None, "A", judge=default_judge(workers=1)).call or "fort"
    with Server(db) as server:
        context, page = open_practice(browser, server)
        assert page.is_visible("#panel-practice") and page.is_hidden("#panel-bid")
        assert page.inner_text("#tab-practice") == "Üben"
        assert page.inner_text("#p-hand") == f"Dein Blatt: {hands['C']}"
        assert page.locator("#p-calls li").all_inner_texts()[0].startswith(f"A {first}")
        assert overflow(page) <= 0
        # a tap on a call explains it in full, as `tutor explain` reads it (what it denies too)
        from tutor import answers

        read = answers.explain_json(first, None, "de")["calls"][0]
        page.tap("#p-calls li >> nth=0")
        why = page.inner_text("#p-why")
        assert why.startswith("A ") and read["text"] in why and read.get("denial", "") in why
        # the hint: the tutor's call for C now (its call: tests/test_practice.py, from tutor bid)
        page.tap("#p-hint")
        page_until(page, "() => document.getElementById('p-why').textContent.startsWith('Der Tutor würde')")
        assert overflow(page) <= 0
        fort_to_the_end(page)
        page_until(page, "() => document.getElementById('p-result').textContent.includes('Bester Kontrakt für BD')")
        # the finished deal is kept for the learner, as tutor practice keeps it (--stats)
        from tutor.course.quiz import default_learner
        from tutor.practice import progress

        page.wait_for_selector("#p-kept")
        assert progress.stats(str(db), default_learner()).deals == 1
        # under the name the Quiz tab shows where the page has none yet, and it says so (s38:
        # kept silently under the server's login)
        assert page.inner_text("#p-kept").startswith(f"Gespeichert für {default_learner()}. Üben: 1 ganzes Spiel;")
        # the page's id of this deal, sent with its keep: a new deal gets another
        first_id = page.evaluate("() => JSON.parse(localStorage.getItem('tutor-practice')).id")
        assert first_id and len(first_id) == 24
        text = page.inner_text("#p-result")
        assert "Die vier Blätter:" in text and "Deine Ansagen:" in text
        assert page.is_hidden("#p-pad")
        assert overflow(page) <= 0
        # the other tabs hide the panel again
        page.tap("#tab-bid")
        page.wait_for_selector("#panel-practice", state="hidden")
        assert page.is_visible("#panel-bid")
        page.tap("#lang")                                   # English: the tab's word too
        page.wait_for_function("() => document.getElementById('tab-practice').textContent === 'Practice'")
        context.close()


PAD = "#p-pad .p-call, #p-undo, #p-hint"


@pytest.mark.needs_core
def test_the_pad_waits_while_the_server_answers_and_draws_only_the_last_deal_asked(browser, db, monkeypatch):  # noqa: F811
    """s47, a new user's first look: while the server computed the first deal's robot calls (5 to 40
    s) the Practice tab showed no hand and every call button live; a tap took a call blind. Now the
    pad waits ("…", its buttons off) until the deal is shown; and of two deals asked (New deal tapped
    while the first was on its way) only the last one asked is drawn. The server's answer to the
    first is held here until the page has been looked at (the application runs in this process)."""
    import threading

    from tutor.practice.session import hands_of
    from tutor.web import practice

    go, real = threading.Event(), practice.ENDPOINTS["/api/practice"]

    def held(query, *args, **kwargs):
        if query.get("seed") == "11":        # the first deal: held until the page was looked at
            go.wait(300)
        return real(query, *args, **kwargs)

    monkeypatch.setitem(practice.ENDPOINTS, "/api/practice", held)
    with Server(db) as server:
        context, page = phone(browser)
        try:
            page.goto(server.url)
            page.evaluate("""() => {
                localStorage.setItem('tutor-practice', JSON.stringify({seed: 11, next: 13, seat: 'C', moves: []}));
                localStorage.setItem('tutor-table', JSON.stringify({tab: 'practice'}));
            }""")
            page.reload()
            # the tab shown and its deal asked in one step of the page: the pad waits from then on
            page.wait_for_selector("#panel-practice", state="visible")
            assert page.inner_text("#p-prompt") == "…"
            assert page.evaluate(f"() => [...document.querySelectorAll('{PAD}')].every(b => b.disabled)")
            assert page.inner_text("#p-hand") == ""
            page.tap("#p-new")                     # deal 13 asked while deal 11 is on its way (C calls in it)
            selector(page, "#p-calls li")
            thirteen = f"Dein Blatt: {hands_of(13)['C']}"
            assert page.inner_text("#p-hand") == thirteen
            assert page.is_enabled('#p-pad [data-call="fort"]') and page.inner_text("#p-prompt") != "…"
            # deal 11's answer comes last: it is not drawn (a second for the page to read it: a
            # machine slower than that passes this line unchecked, never fails it)
            with page.expect_response(lambda r: "api/practice?" in r.url and "seed=11" in r.url):
                go.set()
            page.wait_for_timeout(1000)
            assert page.inner_text("#p-hand") == thirteen
        finally:
            go.set()
            context.close()


@pytest.mark.needs_core
def test_a_card_tapped_again_before_the_server_answers_plays_nothing_blind(browser, db, monkeypatch):  # noqa: F811
    """polish s48: the card play had the bidding's double-tap race (s47's fix above was the
    pad's alone): while the robots' answer to a card was on its way, the hand's buttons stayed
    live and a second tap played another card blind, on a table the learner had not seen. Now
    the hand and its Undo wait until the answer is drawn. The server's answer to the first card
    is held here until the page has been tapped again (the application runs in this process)."""
    import json
    import threading

    from tutor.web import practice

    go, real, hold = threading.Event(), practice.ENDPOINTS["/api/practice/play"], threading.Event()

    def held(query, *args, **kwargs):
        if hold.is_set() and query.get("cards"):   # the answer to the learner's first card
            go.wait(300)
        return real(query, *args, **kwargs)

    monkeypatch.setitem(practice.ENDPOINTS, "/api/practice/play", held)
    with Server(db) as server:
        context, page = open_practice(browser, server)
        try:
            page.tap("#p-play-on")
            fort_to_the_play(page)
            selector(page, "#p-cards button:not([disabled])")
            live = page.locator("#p-cards button:not([disabled])").all_inner_texts()
            assert len(live) >= 2, live   # two cards the learner may play: the second tap's target
            hold.set()
            with page.expect_request(lambda r: "api/practice/play" in r.url and "cards=" in r.url
                                     and "cards=&" not in r.url):
                page.tap(f'#p-cards button:has-text("{live[0]}")')
            # the answer is on its way: every card and the card's Undo wait, a tap plays nothing
            assert page.evaluate("() => [...document.querySelectorAll('#p-cards button, #p-card-undo')]"
                                 ".every(b => b.disabled)")
            page.tap(f'#p-cards button:has-text("{live[1]}")', force=True)
            page.tap("#p-card-undo", force=True)
            kept = lambda: json.loads(page.evaluate("() => localStorage.getItem('tutor-practice')"))["cards"]
            assert kept() == [live[0]]
            go.set()
            page_until(page, "() => document.querySelectorAll('#p-cards button').length === 8")
            selector(page, "#p-cards button:not([disabled])")
            assert kept() == [live[0]] and page.is_enabled("#p-card-undo")
        finally:
            go.set()
            context.close()


@pytest.mark.needs_core
@pytest.mark.parametrize("width", [360, 320])
def test_the_deal_s_end_offers_the_whole_reasoning_and_back(browser, db, width):  # noqa: F811
    """The review shows each call's why in short (QA s33 Q10/Q11); the page had no way to the
    tutor's whole reasoning, though its answer holds both. A button under the calls shows
    each why in full (``tutor practice --full``'s lines) and back, in view and within the
    width of a narrow phone."""
    from test_web_phone import in_view

    with Server(db) as server:
        context, page = open_practice(browser, server, width=width, height=640)
        answers = []
        page.on("response", lambda r: answers.append(r) if "api/practice/result" in r.url else None)
        fort_to_the_end(page)      # the result shown: its answer came
        r = answers[-1].json()
        page.wait_for_selector("#p-full")
        # C had calls to review: their why in short, then the whole reasoning
        assert r["review"] and all(c["why"].startswith(c["brief"]) for c in r["review"])
        assert any(c["why"] != c["brief"] for c in r["review"])
        shown = lambda: page.locator("#p-result .line").all_inner_texts()   # noqa: E731
        assert [x.strip() for x in shown()] == [x.strip() for x in r["lines"]]
        assert page.inner_text("#p-full") == "Die ganze Begründung"
        assert page.get_attribute("#p-full", "aria-pressed") == "false"
        page.locator("#p-full").scroll_into_view_if_needed()
        assert in_view(page, "#p-full") and overflow(page) <= 0
        top = page.evaluate("() => document.getElementById('p-full').getBoundingClientRect().top")
        page.tap("#p-full")
        page.wait_for_function("() => document.getElementById('p-full').textContent === 'Kurz'")
        # the reasoning grows above the button: it stays where the thumb tapped it
        assert abs(page.evaluate("() => document.getElementById('p-full').getBoundingClientRect().top") - top) <= 1
        text = page.inner_text("#p-result")
        for c in r["review"]:
            if c["why"]:
                assert c["why"] in text
        assert [x.strip() for x in shown()] == [x.strip() for x in r["full"]]
        assert page.get_attribute("#p-full", "aria-pressed") == "true"
        assert in_view(page, "#p-full") and overflow(page) <= 0
        # and back to the short review
        page.tap("#p-full")
        page.wait_for_function("() => document.getElementById('p-full').textContent === 'Die ganze Begründung'")
        assert [x.strip() for x in shown()] == [x.strip() for x in r["lines"]]
        # the button sits under the last call reviewed, before the best contracts
        after = page.evaluate("() => document.getElementById('p-full').nextElementSibling.textContent")
        assert after.startswith("Bester Kontrakt"), after
        context.close()


@pytest.mark.needs_core
def test_a_phone_plays_the_cards_after_the_bidding_and_sees_each_card_s_cost(browser, db):  # noqa: F811
    """"Play the cards" on: the bidding's end leads to the cards (as `tutor practice --play`):
    the hand as buttons, only the cards the rules of play allow enabled, each trick listed;
    at the end each of the learner's cards with its cost, nothing overflowing a phone."""
    from tutor.cards import Card, Hand
    from tutor.play.rules import Trump, legal

    with Server(db) as server:
        context, page = open_practice(browser, server)
        page.tap("#p-play-on")
        assert page.get_attribute("#p-play-on", "aria-pressed") == "true"
        fort_to_the_play(page)
        selector(page, "#p-cards button")
        assert page.locator("#p-result .line").count() == 0       # the hands stay hidden while playing
        # a card played and taken back (Undo): the hand whole again
        selector(page, "#p-cards button:not([disabled])")
        assert page.is_disabled("#p-card-undo")
        page.tap("#p-cards button:not([disabled]) >> nth=0")
        page_until(page, "() => document.querySelectorAll('#p-cards button').length === 8")
        page.tap("#p-card-undo")
        page_until(page, "() => document.querySelectorAll('#p-cards button').length === 9")
        trump = None
        for n in range(9):
            selector(page, "#p-cards button:not([disabled])")
            hand = Hand.parse(page.inner_text("#p-prompt").split(": ", 1)[1], size=None)
            table = [Card.parse(x.split(" ", 1)[1]) for x in
                     page.inner_text("#p-table").split(": ", 1)[1].split(", ")[:-1]]
            if trump is None:   # the contract's trump: from the deal's JSON
                trump = Trump.parse(page.evaluate("""async () => {
                    const q = new URLSearchParams({seed: 11, seat: 'C', cards: '',
                      moves: JSON.parse(localStorage.getItem('tutor-practice')).moves.join(',')});
                    const r = await fetch('api/practice/play?' + q, {headers: {'X-Tutor-Token':
                      document.querySelector('meta[name="tutor-token"]').content}});
                    return (await r.json()).contract.split(' ').slice(1).join(' ');
                }"""))
            enabled = page.locator("#p-cards button:not([disabled])").all_inner_texts()
            assert enabled == [str(c) for c in legal(hand, table, trump)]   # the rules of play
            assert overflow(page) <= 0
            tricks = page.locator("#p-tricks li").count()
            page.tap("#p-cards button:not([disabled]) >> nth=0")
            if n < 8:
                page_until(page, f"() => document.querySelectorAll('#p-tricks li').length > {tricks}"
                                 f" || document.querySelectorAll('#p-cards button').length < {9 - n}")
        page_until(page, "() => document.getElementById('p-result').textContent.includes('Deine Karten (der Wert')")
        assert page.locator("#p-tricks li").count() == 9
        text = page.inner_text("#p-result")
        assert "Wie gespielt holten" in text and "Stich 9:" in text
        assert overflow(page) <= 0
        import os

        if os.environ.get("TUTOR_SHOTS"):   # a look at the page (session notes), not a check
            page.screenshot(path=os.path.join(os.environ["TUTOR_SHOTS"], "practice-play.png"), full_page=True)
        context.close()
