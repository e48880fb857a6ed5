"""The phone page's Practice tab in headless Chromium at 360 px (as tests/test_web_browser.py):
the learner's hand, the robots' calls, a call tapped, the deal's end with the best
contracts; nothing overflows. The robots' first call is the tutor's advice for A's hand
(its default voice), the hand the seed's deal."""
from __future__ import annotations

import pytest

from test_web_browser import CHROMIUM, Server, browser, db, overflow, phone  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


@pytest.mark.needs_core
def test_a_phone_bids_a_practice_deal_and_sees_its_end(browser, db):  # noqa: F811
    from tutor.conventions import advise
    from tutor.judgement import default_judge
    from tutor.practice.session import hands_of

    hands = hands_of(11)
    first = advise(hands["A"], "", None, "A", judge=default_judge(workers=1)).call or "fort"
    with Server(db) as server:
        context, page = phone(browser)
        page.goto(server.url)
        page.evaluate("""() => {
            localStorage.setItem('tutor-practice', JSON.stringify({seed: 11, seat: 'C', moves: []}));
            localStorage.setItem('tutor-table', JSON.stringify({tab: 'practice'}));
        }""")
        page.reload()
        page.wait_for_selector("#p-calls li")
        assert page.is_visible("#panel-practice") and page.is_hidden("#panel-bid")
        assert page.inner_text("#tab-practice") == "Üben"
        assert page.inner_text("#p-hand") == f"Dein Blatt: {hands['C']}"
        assert page.locator("#p-calls li").all_inner_texts()[0].startswith(f"A {first}")
        assert overflow(page) <= 0
        # fort, and no double or konter when asked, until the bidding ends (how often C is
        # asked depends on the robots' calls)
        for _ in range(10):
            if page.locator("#p-result .line").count():
                break
            calls = page.locator("#p-calls li").count()
            fort = page.locator('#p-pad [data-call="fort"]')
            page.tap('#p-pad [data-call="fort"]' if fort.is_enabled() else '#p-pad [data-call="-"]')
            page.wait_for_function(f"""() => document.querySelectorAll('#p-calls li').length > {calls}
                                            || document.querySelector('#p-result .line')""", timeout=60_000)
            page.wait_for_function("""() => document.querySelector('#p-result .line')
                                            || [...document.querySelectorAll('#p-pad .p-call')].some(b => !b.disabled)""",
                                   timeout=60_000)
        page.wait_for_selector("#p-result .line >> nth=3", timeout=60_000)
        page.wait_for_function("() => document.getElementById('p-result').textContent.includes('Bester Kontrakt für BD')",
                               timeout=60_000)
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
