"""The scoreboard on a phone held upright, in Debian's chromium: the table and the Doom chart
fit 390 pixels (nothing scrolls sideways, the Silence column included), mid-game and at the
end, in English and Japanese; the screenshots go to tests/output/ to be looked at.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import ROOT, Table, WebServer
from tests.web.test_web_browser import OUTPUT, browser, open_page, wait_for_position

__all__ = ["browser"]  # the module's chromium, shared with this file's tests

EXAMPLE = ROOT / "rules" / "examples" / "celaeno_scoreboard.jsonl"
FRAME = "(f => [f.clientWidth, f.scrollWidth])(document.querySelector('.scoreboard .fit'))"
CHART = "Math.round(document.querySelector('svg.chart').getBoundingClientRect().right)"


def _load(table: Table, lines: int | None) -> None:
    for line in EXAMPLE.read_text().splitlines()[:lines]:
        table.session.submit_line(line)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("when", "lines"), [("mid", 30), ("end", None)])
def test_the_scoreboard_and_its_chart_fit_390_pixels(
    browser: Any, web: WebServer, table: Table, lang: str, when: str, lines: int | None
) -> None:
    _load(table, lines)
    page = open_page(browser, web, locale=lang, size=(390, 844))
    wait_for_position(page, table.position)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways page
    client, scrolled = page.evaluate(FRAME)
    assert scrolled <= client  # the table's last column (Silence) is not behind a scroll
    assert page.evaluate(CHART) <= 390
    OUTPUT.mkdir(parents=True, exist_ok=True)
    shot = OUTPUT / f"web-scoreboard-{when}-{lang}-390x844.png"
    page.screenshot(path=str(shot), full_page=True)
    page.close()
