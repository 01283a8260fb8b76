"""Areas as a table scans them: the likely ones first, then floor by floor, each named.

Floors come in the map's own order (Upper before Lower, Surface before Underworld) and
Areas alphabetically within a floor, so a list never reshuffles between questions.
Every line names its floor, so a window of the list still says where it is.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.cthulhu_wars.maps.boards import map_spec
from rules.cthulhu_wars.maps.spec import Area
from rules.cthulhu_wars.state import GameState
from rules.text import Text, lookup, text


def areas_in_order(
    state: GameState, likely: Callable[[Area], bool] = lambda a: False
) -> list[Area]:
    boards = map_spec(state.map).boards
    return sorted(
        state.areas.values(),
        key=lambda a: (not likely(a), boards.index(a.board), lookup(f"area.{a.id}")),
    )


def on_floor(area: Area, detail: Text | None = None) -> Text:
    """``Upper Floor · abandoned Gate``: the floor first, then what the question is about."""
    if detail is None:
        return text(f"board.{area.board}")
    return text("detail.on_floor", board=area.board, detail=detail)
