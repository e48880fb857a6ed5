"""The page of `tutor serve` in headless Chromium (Playwright for Python, the system's
/usr/bin/chromium; no browser is downloaded): a phone taps a hand and an auction, reads
the recommendation, writes the game on the Tafel and sees the total, and nothing
overflows at 360 px; the secret is required beyond 127.0.0.1; a write without the page's
token, or from another site, is refused.

The expected values come from the rules: with Eichel A O 9 over 60 Eichel (Puur three
long) and 70 Schellen, C's Hilfe is the upper Zehner, 90 Eichel; 100 Eichel by A doubled
with 113 card points writes 313 : 44.
"""
from __future__ import annotations

import json
import struct
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from waiting import page_until, selector, until_holds

CHROMIUM = Path("/usr/bin/chromium")
playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (apt-get install chromium; .ci/run does it)")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
HAND = ["Eichel:A", "Eichel:O", "Eichel:9", "Schellen:K", "Schellen:U", "Rosen:U", "Rosen:6",
        "Schilten:O", "Schilten:8"]


class Server:
    """`tutor serve`'s application on a free port of this machine, in a thread."""

    def __init__(self, db: Path, host: str = "127.0.0.1", secret: str | None = None) -> None:
        import uvicorn

        from tutor.web.app import Settings, create_app

        self.app = create_app(Settings(db=str(db), secret=secret, loopback=secret is None))
        self.server = uvicorn.Server(uvicorn.Config(self.app, host=host, port=0, log_level="warning",
                                                    lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.host = host

    def __enter__(self) -> "Server":
        self.thread.start()
        until_holds(lambda: self.server.started, "the server's start")
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://{self.host}:{port}/"
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        if self.app.state.ahead is not None:   # the Practice tab's background process, as tutor serve
            self.app.state.ahead.close()


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.delenv("TUTOR_DB", raising=False)
    return tmp_path / "tutor.sqlite3"


def phone(browser, width: int = 360, height: int = 780):
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                  is_mobile=True, device_scale_factor=1)
    # a ceiling, not a measure: the advice behind each call is the solver's work, and on a busy
    # machine (a CI runner, the whole suite beside other jobs) it took longer than Playwright's 30 s
    context.set_default_timeout(180_000)
    return context, context.new_page()


def tap_hand_and_auction(page, calls=((60, "Eichel"), (70, "Schellen"))) -> None:
    for card in HAND:
        page.tap(f'[data-card="{card}"]')
    assert page.inner_text("#hand-count") == "9/9"
    for number, suit in calls:
        before = len(page.query_selector_all("#calls li:not(.empty)"))
        page.tap(f'[data-number="{number}"]')
        page.tap(f'[data-strain="{suit}"]')
        page.wait_for_function("n => document.querySelectorAll('#calls li:not(.empty)').length > n",
                               arg=before)


def overflow(page) -> int:
    """How far the page reaches past the viewport's right edge (0: nothing overflows)."""
    return page.evaluate("""() => {
        const w = document.documentElement.clientWidth;
        let worst = document.documentElement.scrollWidth - w;
        for (const e of document.querySelectorAll('body *')) {
            const r = e.getBoundingClientRect();
            if (r.width && r.height && getComputedStyle(e).visibility !== 'hidden') worst = Math.max(worst, r.right - w);
        }
        return Math.ceil(worst);
    }""")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_a_phone_taps_a_hand_and_an_auction_and_reads_the_recommendation(browser, db, tmp_path):
    with Server(db) as server:
        context, page = phone(browser)
        page.goto(server.url)
        tap_hand_and_auction(page)
        selector(page, "#advice:not([hidden])")   # the server computes the advice
        assert page.inner_text("#advice-line") == "Du: 90 Eichel (Hilfe, Nell zu dritt oder mehr)"
        calls = page.locator("#calls li").all_inner_texts()
        assert calls == ["A 60 Eichel: Eröffnung, Puur zu dritt.", "B 70 Schellen: Eröffnung, Nell zu viert."]
        # only legal calls are enabled: nothing at or below 70, 90 is open, and 90 takes Eichel
        assert page.is_disabled('[data-number="70"]') and page.is_enabled('[data-number="90"]')
        assert page.is_disabled('[data-strain="Eichel"]')          # no number chosen yet
        page.tap('[data-number="90"]')
        assert page.is_enabled('[data-strain="Eichel"]')
        page.tap('[data-number="90"]')                              # tapped again: chosen no more
        # why, in full
        page.click("#advice summary")
        assert "die beiden kleinsten Zehner über 70 sind 80 und 90" in page.inner_text("#reasons")
        # at a phone's width nothing overflows; the screenshot is the phone's
        assert overflow(page) <= 0
        shot = tmp_path / "phone.png"
        page.screenshot(path=str(shot), full_page=True)
        width, height = png_size(shot)
        assert width == 360 and height > 600
        # English, and undo
        page.tap("#lang")
        page_until(page, "() => document.getElementById('advice-line').textContent.startsWith('You:')")
        assert page.inner_text("#advice-line") == "You: 90 Eichel (Hilfe (support), Nell with three cards or more)"
        page.tap("#undo")
        page.wait_for_function("() => document.querySelectorAll('#calls li').length === 1")
        assert page.locator("#calls li").all_inner_texts() == ["A 60 Eichel: opening, Puur with three cards."]
        assert overflow(page) <= 0
        context.close()


def test_the_auction_s_game_goes_on_the_tafel_and_the_total_shows(browser, db):
    from tutor.cli import main

    with Server(db) as server:
        context, page = phone(browser)
        page.goto(server.url)
        # a Partie with four names, on the Tafel tab
        page.tap("#tab-tafel")
        page.wait_for_selector("#new-partie:not([hidden])")
        for seat, name in zip("ABCD", ("Anna", "Cla", "Beat", "Dani")):
            page.fill(f'#new-partie input[name="{seat}"]', name)
        page.tap("#new-partie button[type=submit]")
        page.wait_for_selector("#add-game:not([hidden])")
        assert overflow(page) <= 0
        # back to the bidding: the worked example's auction, then the card points
        page.tap("#tab-bid")
        tap_hand_and_auction(page, ((60, "Eichel"), (70, "Schellen"), (90, "Eichel"), (95, "Rosen"),
                                    (100, "Eichel")))
        page.tap('#pad [data-call="dopple"]')                     # B or D: the pad asks who
        page.tap("#strains button:has-text('D: dopple')")
        page.wait_for_selector("#result:not([hidden])")
        assert "A: 100 Eichel" in page.inner_text("#result-title")
        page.fill("#result-points", "113")
        page.tap("#result button[type=submit]")
        page.wait_for_function("() => (document.querySelector('#board .total[data-team=\"AC\"]') || {}).textContent === '313'")
        assert page.inner_text('#board .total[data-team="AC"]') == "313"
        assert page.inner_text('#board .total[data-team="BD"]') == "44"
        assert overflow(page) <= 0
        # a game by the form, with a player's name as declarer
        page.select_option("#g-number", "80")
        page.select_option("#g-strain", "Rosen")
        page.select_option("#g-declarer", "D")
        page.fill("#g-points", "70")
        page.select_option("#g-weis-team", "AC")
        page.fill("#g-weis", "50")
        page.select_option("#g-stoeck", "BD")
        page.tap("#add-game button[type=submit]")
        page.wait_for_function("() => document.querySelector('#board .total[data-team=\"AC\"]').textContent === '530'")
        assert page.inner_text('#board .total[data-team="BD"]') == "134"
        # the same board in the terminal's Tafel
        shown = CliRunner().invoke(main, ["tafel", "show", "--json", "--db", str(db)], catch_exceptions=False)
        data = json.loads(shown.stdout)
        assert data["board"] == {"AC": 530, "BD": 134}
        assert data["teams"] == {"AC": "Anna+Beat", "BD": "Cla+Dani"}
        # undo on the page (it asks first)
        page.once("dialog", lambda d: d.accept())
        page.tap("#tafel-undo")
        page.wait_for_function("() => document.querySelector('#board .total[data-team=\"AC\"]').textContent === '313'")
        # a bad entry: the one-line message, the board unchanged
        page.fill("#g-points", "200")
        page.tap("#add-game button[type=submit]")
        page.wait_for_selector("#error:not([hidden])")
        assert "157" in page.inner_text("#error")
        assert page.inner_text('#board .total[data-team="AC"]') == "313"
        context.close()


def test_a_fresh_database_shows_an_empty_tafel_without_a_failed_request(browser, db):
    # polish s48: the Tafel tab of a new database asked the board and was answered 400 (the page
    # hid it; the browser logged a failed request): the empty Tafel is the New Partie form, and
    # "New game" on the bidding tab moves the dealer on by one
    with Server(db) as server:
        context, page = phone(browser)
        failed = []
        page.on("response", lambda r: failed.append((r.status, r.url)) if r.status >= 400 else None)
        page.goto(server.url)
        page.wait_for_selector("#cards .card")
        with page.expect_response(lambda r: "api/tafel/view" in r.url) as asked:
            page.tap("#tab-tafel")
        assert asked.value.status == 200
        selector(page, "#new-partie:not([hidden])")
        assert page.is_hidden("#add-game") and page.is_disabled("#tafel-undo") and page.is_hidden("#error")
        page.tap("#tab-bid")
        assert page.input_value("#dealer") == "D"
        with page.expect_response(lambda r: "api/tafel/view" in r.url):
            page.tap("#new-game")
        page_until(page, "() => document.querySelector('#dealer').value === 'A'")
        assert page.is_hidden("#error") and failed == [], failed
        context.close()


def test_four_forts_go_on_the_tafel_as_no_game(browser, db):
    with Server(db) as server:
        context, page = phone(browser)
        page.goto(server.url)
        page.evaluate("""async () => fetch('api/tafel/new', {method: 'POST', body: '{}',
            headers: {'X-Tutor-Token': document.querySelector('meta[name=tutor-token]').content}})""")
        for _ in range(4):
            n = len(page.query_selector_all("#calls li:not(.empty)"))
            page.tap('#pad [data-call="fort"]')
            page.wait_for_function("n => document.querySelectorAll('#calls li:not(.empty)').length > n", arg=n)
        page.wait_for_selector("#result:not([hidden])")
        assert page.is_hidden("#result-points")
        page.tap("#result button[type=submit]")
        page.wait_for_selector("#board-rows tbody tr")       # the first game: a row appears
        assert page.locator("#board-rows tbody tr").first.locator("td").all_inner_texts()[:2] == ["1", "alle fort"]
        assert page.inner_text('#board .total[data-team="AC"]') == "0"
        # the next game: the Partie's next dealer (after four forts the Verband's same dealer, D)
        page.tap("#tab-bid")
        page.tap("#new-game")
        page.wait_for_function("() => document.querySelectorAll('#calls li.empty').length === 1")
        assert page.input_value("#dealer") == "D"
        assert page.inner_text("#hand-count") == "0/9"
        context.close()


def test_a_new_game_after_the_partie_ends_gives_the_losers_vorhand(browser, db):
    # "Zur neuen Partie wird so gegeben, dass die Verlierer Vorhand erhalten." B, C and D deal
    # three games that A and C make as a konterte Matsch (4 x 157 + 157 each): the Partie is
    # over with B and D the losers. The rotation goes on to A, whose Vorhand B is a loser: A deals.
    with Server(db) as server:
        context, page = phone(browser)
        page.goto(server.url)
        page.evaluate("""async () => {
            const h = {'X-Tutor-Token': document.querySelector('meta[name=tutor-token]').content};
            await fetch('api/tafel/new', {method: 'POST', body: '{"dealer": "B"}', headers: h});
            for (let k = 0; k < 3; k++)
                await fetch('api/tafel/games', {method: 'POST', headers: h, body: JSON.stringify(
                    {contract: '157 Eichel', declarer: 'A', card_points: 157, double: true, redouble: true})});
        }""")
        view = page.evaluate("async () => (await fetch('api/tafel/view')).json()")
        assert view["over"] is True
        page.select_option("#dealer", "C")      # the phone's own dealer before: C (moving on by one: D)
        page.tap("#new-game")
        page.wait_for_function("() => document.querySelector('#dealer').value !== 'C'")
        assert page.input_value("#dealer") == "A"
        context.close()


def test_a_laptop_gets_the_same_page_in_two_columns(browser, db, tmp_path):
    with Server(db) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, has_touch=True)
        context.set_default_timeout(180_000)     # as phone(): a ceiling for a busy machine
        page = context.new_page()
        page.goto(server.url)
        tap_hand_and_auction(page)
        selector(page, "#advice:not([hidden])")   # the server computes the advice
        pad, advice = page.locator("#pad").bounding_box(), page.locator("#advice").bounding_box()
        assert pad["x"] > advice["x"] + advice["width"] - 1        # the pad beside, not below
        assert overflow(page) <= 0
        page.screenshot(path=str(tmp_path / "laptop.png"))
        context.close()


def test_beyond_this_machine_the_page_needs_the_secret(browser, db):
    with Server(db, host="127.0.0.2", secret="table-secret-1") as server:
        context, page = phone(browser)
        response = page.goto(server.url)
        assert response.status == 403
        assert "secret" in page.inner_text("body") or "Geheimnis" in page.inner_text("body")
        response = page.goto(server.url + "?key=table-secret-1")
        assert response.status == 200 and page.url == server.url     # the secret left the address
        tap_hand_and_auction(page)
        selector(page, "#advice:not([hidden])")   # the server computes the advice
        assert page.inner_text("#advice-line").startswith("Du: 90 Eichel")
        context.close()
        context, page = phone(browser)                                # another phone, no secret
        assert page.goto(server.url + "api/tafel").status == 403
        context.close()


def test_a_write_without_the_token_or_from_another_site_is_refused(browser, db):
    with Server(db) as server:
        context, page = phone(browser)
        page.goto(server.url)
        token = page.get_attribute('meta[name="tutor-token"]', "content")
        made = page.evaluate("""async (token) => (await fetch('api/tafel/new', {method: 'POST', body: '{}',
            headers: {'X-Tutor-Token': token}})).status""", token)
        assert made == 200
        refused = page.evaluate("""async () => {
            const r = await fetch('api/tafel/games', {method: 'POST', body: '{"fort": true}'});
            return [r.status, (await r.json()).error];
        }""")
        assert refused[0] == 403 and "Schreiben abgelehnt" in refused[1]
        # another site's page posts to the Tafel (a form needs no script and no CORS)
        with Server(db) as other:
            page.goto(other.url.replace("127.0.0.1", "localhost") + "static/app.css")
            page.set_content(f"""<form method="post" action="{server.url}api/tafel/games"
                enctype="text/plain"><input name='{{"fort": true, "x": "' value='"}}'></form>""")
            with page.expect_navigation():
                page.evaluate("document.forms[0].submit()")
            assert "Schreiben abgelehnt" in page.inner_text("body")
        page.goto(server.url + "api/tafel")
        assert json.loads(page.inner_text("body"))["games"] == []     # nothing was written
        context.close()


def test_the_quiz_in_the_browser(browser, db):
    import yaml

    with Server(db) as server:
        context, page = phone(browser)
        page.goto(server.url)
        page.tap("#tab-quiz")
        page.wait_for_selector("#q-lesson option", state="attached")
        page.wait_for_selector("#q-form:not([hidden])")            # the first lesson's drill
        page.select_option("#q-lesson", "hilfe")
        page.wait_for_function("() => document.getElementById('q-question').textContent.includes('Dein Blatt')")
        drill = page.evaluate("() => JSON.parse(localStorage.getItem('tutor-table')).lesson")
        assert drill == "hilfe"
        # the answer key of the drill shown (the first of the lesson's file)
        source = yaml.safe_load((Path(__file__).resolve().parent.parent / "exercises" / "hilfe.yaml")
                                .read_text(encoding="utf-8"))
        key = str(source["drills"][0]["answer"])
        # nothing typed: nothing is asked nor judged, the field waits (polish s48: the page said
        # "zur Antwort gehört answer", the API's key)
        asked = []
        page.on("request", lambda r: asked.append(r.url) if "quiz/answer" in r.url else None)
        page.tap("#q-form button[type=submit]")
        page.wait_for_timeout(300)
        assert asked == [] and page.is_hidden("#error") and page.is_visible("#q-form")
        assert page.evaluate("() => document.activeElement.id") == "q-answer"
        page.fill("#q-answer", key)
        page.tap("#q-form button[type=submit]")
        page.wait_for_selector("#q-feedback.correct")
        assert page.inner_text("#q-feedback").startswith("Richtig")
        assert "1 von" in page.inner_text("#q-stats")
        assert overflow(page) <= 0
        page.tap("#q-next")
        page.wait_for_selector("#q-form:not([hidden])")
        context.close()


def test_the_bidding_advice_knows_the_score_of_the_partie_on_the_tafel(browser, db):
    """The rules' "Bekannte Schlussvarianten": against a team that wins the Partie by making
    its bid the double costs nothing. AC has two Matsch of an 800 target (628, and the 100
    bid brings 200): B, with the worked example's D hand, doubles C's 100 Eichel. The page
    deals the next game of the Partie on its Tafel and its advice knows that score."""
    from tutor.partie import Contract, Game
    from tutor.rules import load
    from tutor.tafel import Tafel

    rules = load({"match_target": 800})
    with Tafel.open(str(db)) as t:
        t.new(rules=rules)
        for _ in range(2):
            t.add(Game(Contract.parse("157 Eichel", rules), "A", 157))
    hand = ["Eichel:K", "Eichel:B", "Schellen:O", "Schellen:8", "Rosen:A", "Rosen:K", "Rosen:7",
            "Schilten:U", "Schilten:9"]
    with Server(db) as server:
        context, page = phone(browser)
        page.goto(server.url)
        page.select_option("#seat", "B")
        page.tap("#new-game")                     # the Partie's next game: B deals, C is Vorhand
        page.wait_for_function("() => document.querySelector('#dealer').value === 'B'")
        for card in hand:
            page.tap(f'[data-card="{card}"]')
        for number, suit in ((60, "Eichel"), (70, "Schellen"), (90, "Eichel"), (95, "Rosen"), (100, "Eichel")):
            before = len(page.query_selector_all("#calls li:not(.empty)"))
            page.tap(f'[data-number="{number}"]')
            page.tap(f'[data-strain="{suit}"]')
            page.wait_for_function("n => document.querySelectorAll('#calls li:not(.empty)').length > n",
                                   arg=before)
        selector(page, "#advice:not([hidden])")   # the server computes the advice
        assert page.inner_text("#advice-line").startswith("Du: dopple")
        context.close()
