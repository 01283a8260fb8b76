"""A seat's part of the page needs what the table proposes while Gather Power or a Ritual is
asked (its own line, its Great Old Ones); when the running table was too slow to say it, the
part is made again on the next ask rather than kept without it. Another update asks the
table nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from device.games import GAMES
from device.web.feed import Feed
from device.web.hub import Hub
from tests.web.conftest import TableProcess

GAME = {"type": "new_game", "map": "celaeno", "settings": {"scoreboard": True},
        "factions": ["great_cthulhu", "crawling_chaos", "yellow_sign"]}  # fmt: skip


class Slow:
    """The companion's answers: nothing the first time (too slow), then its proposals."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self) -> dict[str, Any]:
        self.asked += 1
        if self.asked == 1:
            return {}
        return {"power": {"yellow_sign": 4}, "great_old_ones": {"yellow_sign": 1}}


def _hub(state: Path, asked: Slow) -> Hub:
    hub = Hub(Feed(state / "journal.sqlite3", GAMES), asked)
    asyncio.run(hub.catch_up())
    return hub


def test_a_part_made_without_the_proposals_is_made_again(tmp_path: Path) -> None:
    table = TableProcess(tmp_path / "state")
    try:
        table.play(GAME)
        table.play({"type": "next_phase"})  # Gather Power: the table proposes each line
        asked = Slow()
        hub = _hub(tmp_path / "state", asked)
        seats = hub.update.seats
        assert seats is not None and hub.feed.table_running
        first = seats.html("yellow_sign", "en")
        assert "the table is working it out" in first and not seats.kept("yellow_sign", "en")
        again = seats.html("yellow_sign", "en")
        assert "That is right: <output" in again and seats.kept("yellow_sign", "en")
        assert asked.asked == 2
        seats.html("yellow_sign", "ja")
        seats.html("great_cthulhu", "en")
        assert asked.asked == 2  # kept for every seat and language of this update
    finally:
        table.stop()


def test_an_update_that_asks_for_nothing_asks_the_table_nothing(tmp_path: Path) -> None:
    table = TableProcess(tmp_path / "state")
    try:
        table.play(GAME)
        asked = Slow()
        hub = _hub(tmp_path / "state", asked)
        assert hub.update.seats is not None
        assert "You are the Yellow Sign" in hub.update.seats.html("yellow_sign", "en")
        assert asked.asked == 0 and hub.update.seats.kept("yellow_sign", "en")
    finally:
        table.stop()
