"""The Normandie battlefield on a phone, in Debian's chromium: it fits the width, a tap zooms.

A battlefield of three tiles (21 columns) and one of six (21 × 14) at 360 and 390 pixels
wide: the whole SVG fits its frame (every column is on screen, the page never scrolls
sideways); a tap on it zooms in (the frame then scrolls sideways within itself), another
tap fits it again. Screenshots at 390×844 in English and Japanese go to tests/output/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import ROOT, Table, WebServer
from tests.web.test_web_browser import OUTPUT, browser, open_page, wait_for_position

__all__ = ["browser"]  # the module's chromium, shared with this file's tests

BOX = (
    "JSON.stringify((b => [Math.round(b.width), Math.round(b.left)])"
    "(document.querySelector('svg.field').getBoundingClientRect()))"
)
FRAME = "(f => [f.clientWidth, f.scrollWidth])(document.querySelector('.fieldframe'))"


def _load(table: Table, example: str) -> None:
    for line in (ROOT / "rules" / "examples" / example).read_text().splitlines():
        table.session.submit_line(line)


@pytest.mark.parametrize("example", ["normandie_tiles.jsonl", "normandie_chapter3.jsonl"])
@pytest.mark.parametrize("width", [360, 390])
def test_the_battlefield_fits_the_phone_and_a_tap_zooms(
    browser: Any, web: WebServer, table: Table, example: str, width: int
) -> None:
    _load(table, example)
    page = open_page(browser, web, size=(width, 844))
    wait_for_position(page, table.position)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways page
    shown, left = map(int, page.evaluate(BOX).strip("[]").split(","))
    client, scrolled = page.evaluate(FRAME)
    assert left >= 0 and left + shown <= width and shown == client == scrolled  # fits whole
    page.click("svg.field")
    zoomed, _ = map(int, page.evaluate(BOX).strip("[]").split(","))
    client, scrolled = page.evaluate(FRAME)
    assert zoomed > 2 * shown and scrolled > client  # bigger squares; the frame scrolls
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.click("svg.field")
    again, _ = map(int, page.evaluate(BOX).strip("[]").split(","))
    assert again == shown
    page.close()


def test_screenshots_of_the_battlefield_at_390_in_both_languages(
    browser: Any, web: WebServer, table: Table
) -> None:
    _load(table, "normandie_chapter1.jsonl")
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ja"):
        page = open_page(browser, web, locale=lang, size=(390, 844))
        wait_for_position(page, table.position)
        page.screenshot(path=str(OUTPUT / f"web-normandie-fit-{lang}-390x844.png"), full_page=True)
        page.click("svg.field")
        page.screenshot(path=str(OUTPUT / f"web-normandie-zoom-{lang}-390x844.png"))
        page.close()
