"""Areas as a table scans them: the likely ones first, then floor by floor, each named.

Floors come in the map's own order (Upper before Lower, Surface before Underworld) and
Areas alphabetically within a floor, so a list never reshuffles between questions.
Every line names its floor, so a window of the list still says where it is.

A list of Areas is long (15 to 23 lines), so CUSTODIAN and LIBRARIAN move five lines up or
down in it, round the list, as UP and DOWN move one: every Area is then at most three
presses from the first line (with UP and DOWN alone, up to eleven). Buttons that each move
by a fixed number of lines cannot do better with four of them: two presses reach at most
15 lines (none, one of the four, or two of them in any order), fewer than the 19 Areas of a
4-player map. The answer that follows (who holds the Gate now) moves two lines with them.
"""

from __future__ import annotations

from collections.abc import Callable

from device.ui.steps import LIST_HINTS, ListStep
from display.view import Hint
from rules.cthulhu_wars.maps.boards import map_spec
from rules.cthulhu_wars.maps.spec import Area
from rules.cthulhu_wars.state import GameState
from rules.text import Text, lookup, text

AREA_JUMP = 5  # lines CUSTODIAN and LIBRARIAN move in a list of Areas
ANSWER_JUMP = 2  # in a Gate's answers: any of five open lines is one press from the first


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


class JumpList(ListStep, frozen=False):
    """A list where CUSTODIAN and LIBRARIAN move ``jump`` open lines up or down, round the
    list, as UP and DOWN move one; the footer says so, in the place of UNDO's hint (the
    smallest screen has room for one of them)."""

    jump: int = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        said = text("hint.jump", n=self.jump)
        self.hints = (*LIST_HINTS[:3], Hint("left", said), Hint("right", said), LIST_HINTS[3])

    def side_button(self, step: int) -> bool:
        for _ in range(self.jump):
            self.move(step)
        return True
