"""The hub renders a commit, before waking the pages, in the languages pages watch in; any
other language when first asked for, the same words either way."""

from __future__ import annotations

import pytest

from device.games import GAMES
from device.web import hub as hub_module
from device.web.feed import Feed
from device.web.hub import Hub, sse_message
from display.web.games import PhonePart
from display.web.page import WebView
from rules.parts import Parts
from rules.text import LANGUAGES
from tests.web.conftest import Table

NEXT = {"type": "next_phase"}


def test_only_the_languages_watched_wait_for_their_words(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered: list[str] = []

    def counted(view: WebView, lang: str, parts: Parts[PhonePart]) -> bytes:
        rendered.append(lang)
        return sse_message(view, lang, parts)

    monkeypatch.setattr(hub_module, "sse_message", counted)
    hub = Hub(Feed(table.state_dir / "journal.sqlite3", GAMES))
    try:
        hub.watched["ja"] += 1  # one page open, in Japanese
        table.play(NEXT)
        update = hub._poll()
        assert update is not None and update.position == table.position
        assert rendered == ["ja"], "rendered before the pages are woken: the watched one"
        english = update.messages["en"]  # a page switching to English, or a snapshot
        assert rendered == ["ja", "en"]
        assert english == sse_message(update.view, "en", GAMES.phone_parts)
        assert update.messages["en"] is english and rendered == ["ja", "en"], "kept"
        assert list(update.messages) == list(LANGUAGES)
        with pytest.raises(KeyError):
            update.messages["xx"]
        hub.watched["ja"] -= 1  # the page closed: the next commit waits for no words
        table.play(NEXT)
        assert hub._poll() is not None and rendered == ["ja", "en"]
    finally:
        hub.feed.close()
