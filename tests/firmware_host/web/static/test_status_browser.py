"""A refusal names its spot in the page's language, never by its id nor with a name
swapped in afterwards. (That every status line and choice is told at the page's edge as
the server tells it: web/words/test_told_every_saying.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext

from engine.registry import find_game
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import spot_name
from tests.firmware_host.web.static import test_browser as browsing
from tests.firmware_host.web.static.test_told_browser import switch

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

browser = browsing.browser  # the same headless chromium fixture
server = browsing.server


def test_a_refusal_names_its_spot_from_its_value_in_the_pages_language(
    browser: BrowserContext, server: browsing.LiveServer
) -> None:
    page = browsing.fresh_page(browser, server)
    dobutsu = find_game("dobutsu")
    for language in (Language.ENGLISH, Language.POLISH):
        switch(page, language)
        page.evaluate(
            "() => kiban.page.ws.send(JSON.stringify({type: 'lift', spot: 'hand:b:C', id: 950}))"
        )
        page.wait_for_selector("#log li.error")
        line = page.locator("#log li.error").first.inner_text()
        assert "hand:b:C" not in line, line  # no id, and none swapped for a name afterwards
        assert spot_name(dobutsu, "hand:b:C", language) in line, line
        page.evaluate("() => document.getElementById('log').replaceChildren()")
    page.close()
