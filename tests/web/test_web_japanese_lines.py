"""Issue 50 item 12: the phone page's Japanese breaks between phrases in a real browser.

The project's example scoreboard game (rules/examples/celaeno_scoreboard.jsonl) is played on
a table, command by command, while ``celaeno web`` serves it and headless chromium follows
it at 390 px in Japanese: after each command, every line break of the live region is read
from where the browser put each character (tests/web/japanese_lines.py). The view sends
the phrases (a ``<wbr>`` between them under ``word-break: keep-all``, which Blink and WebKit
have had for years, so no newer property is needed): no break falls inside a BudouX phrase
or against kinsoku, and a name breaks only in the standings' column narrower than it
(大いなる|クトゥルフ, where BudouX would). On be99e34 the same pages broke 737 of their
1,094 lines inside a phrase, 303 inside a name (クト|ゥルフ; 229 where the line held the
name) and 117 against kinsoku; now, of 1,164: 0, 74 (0) and 0.
"""

from __future__ import annotations

import json
from typing import Any

from tests.web.conftest import ROOT, Table, WebServer
from tests.web.japanese_lines import count, read
from tests.web.test_web_browser import (  # noqa: F401  (browser: a fixture)
    browser,
    open_page,
    wait_for_position,
)

EXAMPLE = ROOT / "rules" / "examples" / "celaeno_scoreboard.jsonl"
# The scoreboard's table is whole in the phone's width (its names, whole, do not push it out)
WHOLE = (
    "[...document.querySelectorAll('.scoreboard .fit')].every(f => f.scrollWidth <= f.clientWidth)"
)


def test_the_example_games_page_breaks_between_phrases(
    browser: Any,  # noqa: F811
    web: WebServer,
    table: Table,
) -> None:
    commands = [
        json.loads(line)
        for line in EXAMPLE.read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    table.play(commands[0])
    web.wait_for_position(table.position)
    page = open_page(browser, web, locale="ja")
    blocks = read(page)
    for command in commands[1:]:
        table.play(command)
        wait_for_position(page, table.position)
        blocks += read(page)
        assert page.evaluate(WHOLE), f"the table scrolls sideways at {table.position}"
    found = count(blocks)
    print(found.figures())  # with -s: the figures above
    assert found.breaks > 500  # the pages were read, in Japanese
    assert found.inside_phrase == []
    assert found.inside_short_name == []  # a name wider than its cell breaks where BudouX would
    assert found.kinsoku == []
