"""The end's second view (K14): each faction's Doom round by round, alone in the board's
room, PHASE from the end's summary and back; a small screen has no room for the chart
beside the winners and the table at its least type."""

from __future__ import annotations

from typing import ClassVar

from device.ui.steps import DONE, ListStep, Option, ScreenStep
from display.view import Hint
from rules.text import text

HINTS = (
    Hint("ok", text("hint.select")),
    Hint("phase", text("hint.sb.winners")),
    Hint("back", text("hint.back")),
    Hint("undo", text("hint.undo")),
)


class ChartStep(ListStep, frozen=False):
    """The Doom chart on the board's room; OK, BACK or PHASE go back to the winners."""

    shows: ClassVar[str | None] = "doom_chart"


def chart_step() -> ScreenStep:
    back = [Option(text("prompt.sb.to_winners"), DONE)]
    return ChartStep(text("prompt.sb.chart"), back, lambda answer: answer, hints=HINTS)
