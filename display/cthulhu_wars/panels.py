"""The Cthulhu Wars panels: the round and its four phases (T1) above the board
(Silence tokens, Tomes, monsters; Gates, Citadels, the Bhole and the Zoogs)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from display.cthulhu_wars import board
from display.ink import colours
from display.ink.runs import Para, Span
from display.layout import flow
from display.layout.canvas import Canvas, columns_fit
from display.layout.flow import layout
from display.panels.phase_track import draw_track
from display.panels.shared import SHARED_PANELS, Panel, snapshot
from display.view import View
from rules.cthulhu_wars.state import PHASES, cthulhu_wars_json
from rules.text import translate

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON
    from rules.json_types import StateJSON


def _state(view: View) -> CthulhuWarsStateJSON:
    return cthulhu_wars_json(view.state)


def _header_key(view: View) -> object:
    state = _state(view)
    return (state.get("round"), state.get("phase"), view.lang)


def _draw_header(canvas: Canvas, view: View) -> None:
    """Round number, then the four phases (T1); stacked in two rows on a portrait screen."""
    canvas.surface.fill(colours.BACKGROUND, canvas.rect)
    inner = canvas.strip
    state = _state(view)
    round_words = translate("screen.round", view.lang, n=state.get("round", "?"))
    round_para = Para((Span(round_words, colours.TEXT),), "large")
    gap = canvas.pad
    if canvas.rect.h > canvas.rect.w * 0.12:  # tall header: round above the track
        round_box = pygame.Rect(inner.x, inner.y, inner.w, round(inner.h * 0.36))
        track = pygame.Rect(
            inner.x, round_box.bottom + gap, inner.w, inner.bottom - round_box.bottom - gap
        )
    else:
        wanted = layout([round_para], inner.w, canvas.sizes).width
        round_box = pygame.Rect(inner.x, inner.y, min(wanted, round(inner.w * 0.25)), inner.h)
        track = pygame.Rect(
            round_box.right + gap, inner.y, inner.right - round_box.right - gap, inner.h
        )
    canvas.text([round_para], round_box, "left", "center")
    names = [translate(f"phase.{phase}", view.lang) for phase in PHASES]
    phase = state.get("phase")
    draw_track(canvas, track, names, PHASES.index(phase) if phase in PHASES else None)


def _board_key(view: View) -> object:
    shown = (snapshot(view.state, ("round", "phase")), view.lang)
    return (*shown, view.prompt.shows)


def _draw_board(canvas: Canvas, view: View) -> None:
    canvas.background()
    box = canvas.inner.inflate(-canvas.pad, 0)
    state = _state(view)
    if state.get("scoreboard") and state.get("game_over"):
        from display.cthulhu_wars.scoreboard import end_summary  # the end of a game that keeps one

        if view.prompt.shows == "doom_chart":  # the end's second view
            end_summary.draw_chart(canvas, state, view.lang, box)
        else:
            end_summary.draw(canvas, state, view.lang, box)
        return
    found = _board_text(canvas, view, box)
    if state.get("scoreboard"):
        from display.cthulhu_wars.scoreboard import (
            panel as scoreboard_panel,  # only a game that keeps one loads it
        )

        box = scoreboard_panel.draw(canvas, state, view.lang, box, found.top, found.columns)
    canvas.text_with_columns(found.top, found.columns, box)


def _board_text(canvas: Canvas, view: View, box: pygame.Rect) -> board.BoardText:
    """The board in its roomy form where it is whole at the floor in ``box`` (beside the
    scoreboard's table, if the game keeps one), else in as few lines as its words allow;
    beside a list, only under the table (else the board steps aside for the list, as a
    small screen's does, and the list's result keeps its room)."""
    state = _state(view)
    roomy = board.content(state, view.lang)
    beside_a_list = bool(view.prompt.choices) and not state.get("scoreboard")
    if not roomy.columns or beside_a_list or _whole(canvas, view, roomy, box):
        return roomy
    return board.content(state, view.lang, dense=True)


def _whole(canvas: Canvas, view: View, found: board.BoardText, box: pygame.Rect) -> bool:
    state = _state(view)
    if state.get("scoreboard"):
        from display.cthulhu_wars.scoreboard import panel as scoreboard_panel

        return scoreboard_panel.fits(canvas, state, view.lang, box, found.top, found.columns)
    least = flow.SHRINK_FACTORS[-1]
    return columns_fit(found.top, found.columns, box.size, canvas.sizes, least, canvas.pad)


def _draw_standings(canvas: Canvas, view: View, fewest: bool = False) -> None:
    """The board condensed beside a list that needs its room: the scoreboard alone (who
    leads, what the next Ritual costs), the rest of the board is back when it closes.
    ``fewest``: in a column too narrow for the whole table, each faction's Doom and Power,
    and the lines under them where they have room."""
    from display.cthulhu_wars.scoreboard import panel as scoreboard_panel

    canvas.background()
    scoreboard_panel.draw(canvas, _state(view), view.lang, canvas.inner, [], fewest=fewest)


def _draw_whole_standings(canvas: Canvas, view: View) -> None:
    """The standings with every line under the table, or left out (:attr:`Canvas.dropped`)
    where a line has no room: the screen first looks for the room they all fit in."""
    from display.cthulhu_wars.scoreboard import panel as scoreboard_panel

    _draw_standings(canvas, view)
    whole = scoreboard_panel.whole(canvas, _state(view), view.lang, canvas.inner)
    canvas.dropped = canvas.dropped or not whole


def _draw_end(canvas: Canvas, view: View) -> None:
    """The end's summary condensed beside a list that needs its room: the winners, why,
    and the final Doom; the table and the chart are back when it closes."""
    from display.cthulhu_wars.scoreboard import end_summary

    canvas.background()
    end_summary.draw_condensed(
        canvas, _state(view), view.lang, canvas.inner.inflate(-canvas.pad, 0)
    )


def _draw_the_board_alone(canvas: Canvas, view: View) -> None:
    """The board condensed beside a list while it is what moves: the Tomes, the monsters
    and each faction's Silence, drawn as in a game without the scoreboard."""
    without = _state(view).copy()
    without.pop("scoreboard", None)
    _draw_board(canvas, replace(view, state=without))


STANDINGS = Panel(_board_key, _draw_standings)
WHOLE_STANDINGS = Panel(_board_key, _draw_whole_standings)
FEWEST = Panel(_board_key, partial(_draw_standings, fewest=True))
BOARD_ALONE = Panel(_board_key, _draw_the_board_alone)
END = Panel(_board_key, _draw_end)
# The scoreboard's own questions (the pending decisions' kinds in the journal's state).
SCOREBOARD_ASKS = frozenset({"gather_power", "first_player", "ritual", "reveal"})
STANDINGS_ASKED = "standings"  # Prompt.about of a question about the scoreboard


def condensed(any_state: StateJSON, about: str | None = None) -> tuple[Panel, ...]:
    """A scoreboard game's board beside a long list (GameScreen.condensed): at its end who
    won; while the scoreboard asks, or a question is about the standings (``about``: the
    menu's faction lines, what happened to one, a correction), its standings; while the
    board moves (the Action Phase, where the Tomes and the monsters go, and a roll or an
    Agony pending: the Bhole's, the Zoogs') the board itself, since the table's Power is
    then the phase's start's (I11), or the standings where the board is not whole;
    otherwise the standings: first with every line under the table, then the table alone,
    then, where the table is not whole either, each faction's Doom and Power alone."""
    state = cthulhu_wars_json(any_state)
    if not state.get("scoreboard"):
        return ()
    if state.get("game_over"):
        return (END,)
    pending = state.get("pending")
    kind = pending.get("kind") if pending else None
    moving = kind not in SCOREBOARD_ASKS and (state.get("phase") == "action" or kind is not None)
    standings = (WHOLE_STANDINGS, STANDINGS, FEWEST)
    return (BOARD_ALONE, *standings) if moving and about != STANDINGS_ASKED else standings


PANELS: dict[str, Panel] = {
    "header": Panel(_header_key, _draw_header),
    "board": Panel(_board_key, _draw_board),
    **SHARED_PANELS,
}
