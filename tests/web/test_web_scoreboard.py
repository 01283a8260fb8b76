"""The scoreboard on the phone view (K1–K14): the screen's table, as HTML, in the reader's
language; nothing of it for a game without the scoreboard (I12)."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest

from display.web.page import WebView, live_html
from rules.text import LANGUAGES, translate
from tests.display.samples import _celaeno
from tests.display.test_scoreboard_panel import FACTIONS, scoreboard


class Cells(HTMLParser):
    """The scoreboard table's rows, as the text of each cell."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "section" and ("class", "scoreboard") in attrs:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.rows[-1].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside and self.rows and self.rows[-1]:
            self.rows[-1][-1] += data


def page(lang: str, **overrides: Any) -> str:
    state = _celaeno(
        round=5,
        factions=FACTIONS,
        silence={**dict.fromkeys(FACTIONS, True), "black_goat": False},
        **overrides,
    )
    return live_html(WebView(1, "j", state), lang)


def read(page: str) -> str:
    """The page's words as read: its tags (a Japanese line's <wbr> between phrases) out."""
    return unescape(re.sub(r"<[^>]*>", "", page))


def rows(html: str) -> list[list[str]]:
    cells = Cells()
    cells.feed(html)
    return [[cell.strip() for cell in row] for row in cells.rows]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_shows_the_screens_table_in_play_order(lang: str) -> None:
    html = page(lang, scoreboard=scoreboard(), game_over=None)
    found = rows(html)
    assert found[0][1:5] == [
        translate("screen.sb.head_doom", lang),
        translate("screen.sb.head_power_at_action", lang),  # I11
        translate("screen.sb.head_elder_signs", lang),
        translate("screen.sb.head_spellbooks", lang),
    ]
    assert [row[1:5] for row in found[1:]] == [
        ["14", "15", "2", "4/6"],
        ["21", "8", "3", "5/6"],
        ["12", "11", "1", "6/6"],
        ["9", "8", "0", "2/6"],
    ]
    assert found[3][5] == "○" + translate("screen.silence_spent", lang)  # the Black Goat's
    assert found[1][5] == "●" + translate("screen.silence_held", lang)
    assert translate("screen.sb.ritual", lang, cost=7, n=5) in read(html)
    assert translate("screen.sb.power_note", lang) in read(html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_says_the_end(lang: str) -> None:
    html = page(lang, scoreboard=scoreboard(), game_over={"reason": "doom", "winners": []})
    assert translate("screen.sb.nobody_won", lang) in read(html)
    assert translate("screen.sb.ended.doom", lang) in read(html)
    assert translate("screen.sb.ritual", lang, cost=7, n=5) not in read(html)


def test_a_game_without_the_scoreboard_shows_none() -> None:
    assert 'class="scoreboard"' not in page("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_draws_each_factions_doom_round_by_round(lang: str) -> None:
    chart = {"great_cthulhu": [0, 3, 8, 11], "crawling_chaos": [0, 2, 5, 7],
             "black_goat": [0, 1, 6, 10], "yellow_sign": [0, 4, 12, 17]}  # fmt: skip
    html = page(lang, scoreboard=scoreboard(doom_by_round=chart), game_over=None)
    assert html.count('<svg class="chart"') == 1
    svg = html[html.index('<svg class="chart"') : html.index("</svg>")]
    assert svg.count("<polyline") == 4  # one line per faction
    said = translate("screen.sb.chart_series", lang, name=translate("faction.yellow_sign", lang),
                     values="0, 4, 12, 17, 21")  # fmt: skip
    assert said in svg  # the rounds played out, then the Doom now
    assert ">30</text>" in svg  # K13's 30 is marked
    assert [f">{n}</text>" in svg for n in range(1, 6)] == [True] * 5  # rounds 1 to 5


def test_a_game_without_the_scoreboard_draws_no_chart() -> None:
    assert "<svg" not in page("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_shows_no_silence_column_on_the_dreamlands(lang: str) -> None:
    """Issue 50 (4): the phone drew the Silence column on the Dreamlands too."""
    state = _celaeno(round=5, factions=FACTIONS, map="dreamlands", silence={}, tomes={},
                     sides={"surface": 5, "underworld": 3}, scoreboard=scoreboard())  # fmt: skip
    html = live_html(WebView(1, "j", state), lang)
    found = rows(html)
    assert {len(row) for row in found} == {5}
    table = html[html.index("<table") : html.index("</table>")]
    assert "●" not in table and "○" not in table
    assert translate("screen.silence_held", lang) not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_counts_the_last_space_left_in_words(lang: str) -> None:
    """Issue 50 (3): "1 spaces left" on the phone too."""
    track = [5, 6, 7, 7, 8, 8, 9, 10]
    ritual = {"space": 7, "cost": 10, "track": track, "at_end": False}
    html = page(lang, scoreboard=scoreboard(ritual=ritual), game_over=None)
    said = {"en": "Next Ritual: 10 Power, 1 space left", "ja": "次の儀式：魔力10、残り1マス"}
    words = read(html)  # as drawn: the Japanese is in phrases
    assert said[lang] in words and "1 spaces" not in words
