"""The phone view keeps the scoreboard's section by what it reads of the state: whatever led
to a state (a new commit, an undo, a redo), the page gets the section drawn afresh from it."""

from __future__ import annotations

from pathlib import Path

from device.games import GAMES
from device.storage.session import GameSession
from device.storage.store import Store
from device.web.feed import Feed
from device.web.hub import Hub
from display.cthulhu_wars.scoreboard import web_chart
from display.cthulhu_wars.scoreboard.web import _drawn, section_html
from display.cthulhu_wars.scoreboard.web_chart import chart_html, figure_html
from display.web.page import live_html
from rules.games import RULES
from rules.journal import parse_line
from rules.text import LANGUAGES
from tests.web.conftest import ROOT

EXAMPLE = ROOT / "rules" / "examples" / "celaeno_scoreboard.jsonl"
UNDO, REDO = '{"type": "undo"}', '{"type": "redo"}'


def _followed(path: Path, session: GameSession, line: str, hub: Hub) -> str:
    """Commit ``line`` as the table does, and say what the view then sends (in every language)."""
    session.submit_line(line)
    assert hub.feed.refresh()
    view = hub.view(hub.feed.snapshot())
    assert view.state is not None and view.state.get("scoreboard")
    for lang in LANGUAGES:
        fresh = section_html(view.state, lang)
        assert fresh.startswith('<section class="scoreboard">')
        assert fresh in live_html(view, lang), f"a kept section after {line} in {lang}"
        chart = figure_html(view.state, lang)
        assert chart.startswith('<figure class="chart">') and chart in fresh
        assert chart_html(view.state, lang) == chart, f"a kept chart after {line} in {lang}"
    return section_html(view.state, "en")


def test_every_commit_undo_and_redo_gets_the_section_of_its_own_state(tmp_path: Path) -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "journal.sqlite3"
    with Store.open(path) as store:
        first = parse_line(lines[0], RULES)
        assert first is not None
        session = GameSession.start(store, first, RULES)
        hub = Hub(Feed(path, GAMES))
        try:
            shown = [_followed(path, session, line, hub) for line in lines[1:]]
            # Back over a Doom Phase and a Ritual, then forward again: each state's own section.
            back = [_followed(path, session, UNDO, hub) for _ in range(4)]
            again = [_followed(path, session, REDO, hub) for _ in range(4)]
        finally:
            hub.feed.close()
    assert back == shown[-5:-1][::-1]
    assert again == shown[-4:]
    assert len(set(shown)) > 10, "the example's scoreboard moves"


def test_a_state_shown_before_is_not_drawn_again(tmp_path: Path) -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    first = parse_line(lines[0], RULES)
    assert first is not None
    path = tmp_path / "journal.sqlite3"
    with Store.open(path) as store:
        session = GameSession.start(store, first, RULES)
        hub = Hub(Feed(path, GAMES))
        try:
            _followed(path, session, lines[1], hub)
            _followed(path, session, UNDO, hub)
            drawn = _drawn.cache_info().misses
            _followed(path, session, REDO, hub)
            _followed(path, session, UNDO, hub)
            assert _drawn.cache_info().misses == drawn, "a state shown before was drawn again"
        finally:
            hub.feed.close()


def test_the_chart_is_drawn_only_when_what_it_reads_changes(tmp_path: Path) -> None:
    """Of the example's commits, those that change a Power, a phase or an Elder Sign draw the
    section's table and words again, but not its chart."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    first = parse_line(lines[0], RULES)
    assert first is not None
    path = tmp_path / "journal.sqlite3"
    web_chart._drawn.cache_clear()
    _drawn.cache_clear()
    charts = set()
    with Store.open(path) as store:
        session = GameSession.start(store, first, RULES)
        hub = Hub(Feed(path, GAMES))
        try:
            for line in lines[1:]:
                _followed(path, session, line, hub)
                state = hub.feed.snapshot().state
                assert state is not None
                charts.add(repr(web_chart.reads(state)))
        finally:
            hub.feed.close()
    drawn = web_chart._drawn.cache_info().misses
    assert drawn == len(charts) * len(LANGUAGES), "each chart drawn once in each language"
    assert drawn < _drawn.cache_info().misses, "fewer charts drawn than sections"
