"""The Shadows over Normandie screen: the battlefield grid and a header for its turn.

A Normandie View's ``state`` is the battle's state JSON (rules/normandie/JOURNAL.md)
plus two keys only the app knows, both optional:

- ``cursor``: the space the controller's cursor is on ("C5"), drawn as a lit frame;
- ``preview``: the moves the Zombies still to activate would make (the rules'
  ``preview``, as move JSON), drawn dashed and numbered after the moves made.

The board panel draws the grid (terrain, units, arrows, cursor) and the legend that
says each move in words; the header says the turn and lights the current phase.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

import pygame

from display.ink import colours
from display.ink.colours import Colour
from display.ink.runs import Para, Span
from display.layout import flow
from display.layout.canvas import Canvas, Label
from display.layout.regions import SMALL_MIN_PX
from display.normandie import palette, shapes
from display.normandie import words as display_words
from display.normandie.grid import (
    Grid,
    column_name,
    mark_px,
    panel_layout,
    space,
    space_at,
    target_space,
)
from display.normandie.legend import SIDE_LETTER_KEY, Drawn, heading_para, moves, paras
from display.panels.game_screen import GameScreen
from display.panels.phase_track import draw_track
from display.panels.shared import SHARED_PANELS, Panel
from display.view import View
from rules.normandie.battlefield import Space
from rules.normandie.state import normandie_json
from rules.text import translate

if TYPE_CHECKING:
    from rules.normandie.json_types import NormandieStateJSON

GAME = "normandie"
BOARD_SHARE = 0.6  # the grid needs more of the screen than the Library's rows
PHASES: tuple[str, ...] = ("orders", "zombies", "activation", "supply")  # a turn; setup is once


# --- the board panel ---------------------------------------------------------------------


def board_key(view: View) -> object:
    """The whole state but the turn and phase (the header's), as JSON text: see panels."""
    rest = {k: v for k, v in view.state.items() if k not in ("turn", "phase")}
    return (json.dumps(rest, sort_keys=True, default=str), view.lang)


def draw_board(canvas: Canvas, view: View) -> None:
    canvas.background()
    state = normandie_json(view.state)
    found = panel_layout(canvas.rect, canvas.pad, state)
    grid = found.grid
    least = mark_px(canvas.pad)
    _coordinates(canvas, grid)
    previous = canvas.surface.get_clip()
    canvas.surface.set_clip(grid.area.clip(previous))  # a window's edges cut what crosses them
    _terrain(canvas.surface, grid, state)
    _units(canvas.surface, grid, state, view.lang, least)
    drawn = moves(state)
    for entry in drawn:
        _arrow(canvas.surface, grid, state, entry)
    canvas.surface.set_clip(previous)
    _letters(canvas, grid, state, view.lang, least)  # over the arrows: always readable
    _graves_under_units(canvas.surface, grid, state, least)
    for entry in drawn:
        _badge(canvas, grid, entry)
    where = space(state.get("cursor"))
    if where is not None and grid.shows(where):
        shapes.cursor(canvas.surface, grid, where)
    legend = paras(state, view.lang, _part_shown(grid, view.lang))
    _legend(canvas, found.legend, legend, heading_para(state, view.lang))


def _terrain(surface: pygame.Surface, grid: Grid, state: NormandieStateJSON) -> None:
    field_ = state.get("battlefield") or {}
    pygame.draw.rect(surface, palette.CELL, grid.area)
    for name in field_.get("impassable", ()):
        found = space(name)
        if found is not None:
            shapes.impassable(surface, grid.rect(found))
    shapes.lines(surface, grid)
    # under a unit only its shape's corner shows the sign (_graves_under_units): the whole
    # sign under a triangle or a diamond showed round its sides, a halo about the unit
    taken = _taken(state)
    for grave in field_.get("mass_graves", ()):
        for name in grave.get("spaces", ()):
            found = space(name)
            if found is not None and found not in taken:
                shapes.grave(surface, grid.rect(found), bool(grave.get("single_use")))
    door = space(field_.get("door"))
    if door is not None:
        shapes.door(surface, grid.rect(door))


def _coordinates(canvas: Canvas, grid: Grid) -> None:
    """The column letters and row numbers on every edge, each centred in its band square
    and recorded as the canvas's marks (the tests read them back from there)."""
    found = grid.edges()
    letters = [name for name, _ in found if not name.isdigit()]
    numbers = [name for name, _ in found if name.isdigit()]  # in the wider side bands
    px = min(shapes.edge_px(grid.cell, letters), shapes.edge_px(grid.edge, numbers))
    for name, box in found:
        rect = shapes.edge_label(canvas.surface, box, name, px)
        canvas.marks.append(Label(canvas.panel, name, rect, box, px, False))


class UnitLook(NamedTuple):
    """How a unit is drawn, on the screen and on the phones: where, its shape, its colour
    and the letter in it (Z1 for a Zombies token, the side's letter for a soldier)."""

    space: Space
    kind: str
    colour: Colour
    letter: str


def _part_shown(grid: Grid, lang: str) -> list[Para]:
    """For a window of the battlefield, which part it is (the legend's first line)."""
    if not grid.windowed:
        return []
    first, columns, rows = grid.first, *grid.whole
    words = translate(
        "nz_device.window",
        lang,
        first_col=column_name(first.col),
        last_col=column_name(first.col + grid.columns - 1),
        first_row=first.row + 1,
        last_row=first.row + grid.rows,
        end_col=column_name(columns - 1),
        end_row=rows,
    )
    return [Para((Span(words, colours.ACCENT),), "small")]


def unit_looks(state: NormandieStateJSON, lang: str) -> Iterator[UnitLook]:
    for uid, unit in sorted((state.get("units") or {}).items()):
        found = space(unit.get("space"))
        if found is None:
            continue
        kind = str(unit.get("kind"))
        if kind == "zombies":
            colour, letter = palette.ZOMBIES_COLOUR, _zombie_letter(uid)
        else:
            owner = unit.get("owner")
            colour = shapes.side_colour(owner)
            letter = translate(f"{SIDE_LETTER_KEY}.{owner}", lang) if owner else ""
        yield UnitLook(found, kind, colour, letter)


def _units(
    surface: pygame.Surface, grid: Grid, state: NormandieStateJSON, lang: str, least: int
) -> None:
    """The units' shapes; their letters come after the arrows (:func:`_letters`)."""
    for look in unit_looks(state, lang):
        if grid.shows(look.space):
            shapes.unit(surface, grid.rect(look.space), look.kind, look.colour, "", least)


def _graves_under_units(
    surface: pygame.Surface, grid: Grid, state: NormandieStateJSON, least: int
) -> None:
    field_ = state.get("battlefield") or {}
    taken = _taken(state)
    for grave in field_.get("mass_graves", ()):
        for name in grave.get("spaces", ()):
            found = space(name)
            if found in taken and grid.shows(found):
                single = bool(grave.get("single_use"))
                shapes.grave_corner(surface, grid.rect(found), single, least)


def _taken(state: NormandieStateJSON) -> set[Space]:
    """The squares a unit stands on."""
    return {look.space for look in unit_looks(state, "en")}


def _letters(canvas: Canvas, grid: Grid, state: NormandieStateJSON, lang: str, least: int) -> None:
    """Each unit's letter, recorded as a mark with its ink's rectangle and its type size
    (what the tests measure)."""
    for look in unit_looks(state, lang):
        if not grid.shows(look.space):
            continue
        square = grid.rect(look.space)
        drawn = shapes.unit_letter(canvas.surface, square, look.letter, look.kind, least)
        if drawn is not None:  # its box: the unit's shape, which may grow past its square
            written, ink, px = drawn
            box = shapes.body(square, look.kind, least)
            canvas.marks.append(Label(canvas.panel, written, ink, box, px, False))


def _zombie_letter(uid: str) -> str:
    """Z1 for token z1 (the legend says "Zombies z1"); plain Z for longer ids (Z1)."""
    return uid.upper() if len(uid) <= 3 else "Z"


def _arrow(surface: pygame.Surface, grid: Grid, state: NormandieStateJSON, entry: Drawn) -> None:
    steps = walk(entry)
    strike = None
    if entry.move.get("assault"):
        strike = space(target_space(state, entry.move))
    if steps:
        shapes.move_arrow(surface, grid, steps, strike, entry.planned, entry.number)


def walk(entry: Drawn) -> list[Space]:
    """The squares a move walks, its start first (only the start if it stays)."""
    move = entry.move
    found = [space(move.get("from")), *(space(name) for name in move.get("path") or [])]
    return [step for step in found if step is not None]


def _badge(canvas: Canvas, grid: Grid, entry: Drawn) -> None:
    """The move's number where its path ends, centred on that square's top-left corner (on
    the first row or column a window shows, the corner across from the coordinates): a
    letter keeps to the middle of its square and the arrow's head to the centre, so the
    number stays clear of both; recorded as a mark, with its ink's rectangle. Where the
    squares are small a unit's shape grows past its square: the number goes to the
    corner of that shape."""
    steps = walk(entry)
    if not steps or not grid.shows(steps[-1]):
        return
    box = grid.rect(steps[-1])
    size = max(10, grid.cell * 4 // 5)
    least = mark_px(canvas.pad)
    radius = shapes.badge_radius(size, least)
    grown = max(0, box.left - shapes.body(box, "zombies", least).left)
    out = grid.cell // 8 + grown  # a little outside the corner, clear of a Zombie's ink
    # never over the coordinates: on the first row or column shown, the opposite corner
    x, y = box.left - out, box.top - out
    if x < grid.area.left + radius:
        x = box.right + out
    if y < grid.area.top + radius:
        y = box.bottom + out
    at = (x, y)
    ink = shapes.badge(canvas.surface, at, entry.number, size, least)
    near = box.inflate(2 * (radius + out), 2 * (radius + out))
    px = shapes.badge_px(size, least)
    canvas.marks.append(Label(canvas.panel, str(entry.number), ink, near, px, False))


def _legend(canvas: Canvas, box: pygame.Rect, found: list[Para], heading: Para | None) -> None:
    """As much of the legend as fits without cutting a line: the least needed goes first;
    the canvas says so when one went (the screen may find the legend more room). The
    phase's ``heading`` goes with the last of its moves: drawn last, it would head nothing."""
    if box.w <= 0 or box.h <= 0:
        return
    # never under the smallest text on a 3.5-inch screen: the least needed lines give way
    # rather than every line shrinking past what is read at arm's length
    canvas.sizes = replace(canvas.sizes, minimum=max(canvas.sizes.minimum, SMALL_MIN_PX))
    while found and flow.fit(found, box.w, box.h, canvas.sizes).truncated:
        found.pop()  # to the last line: cut, it would say less than the grid's edges
        canvas.dropped = True
    if found and found[-1] == heading:
        found.pop()
    if found:
        canvas.text(found, box)


# --- the header ----------------------------------------------------------------------------


def header_key(view: View) -> object:
    state = normandie_json(view.state)
    return (state.get("turn"), state.get("turn_limit"), state.get("phase"), state.get("chapter"),
            view.lang)  # fmt: skip


def draw_header(canvas: Canvas, view: View) -> None:
    """The turn (of the chapter's limit), then the phases with the current one lit and ▶."""
    canvas.surface.fill(colours.BACKGROUND, canvas.rect)
    state, lang = normandie_json(view.state), view.lang
    inner, gap = canvas.strip, canvas.pad
    words = _turn_words(state, lang)
    if canvas.rect.h > canvas.rect.w * 0.12:  # portrait: the turn above the phases
        turn_box = pygame.Rect(inner.x, inner.y, inner.w, round(inner.h * 0.36))
        track = pygame.Rect(
            inner.x, turn_box.bottom + gap, inner.w, inner.bottom - turn_box.bottom - gap
        )
    else:
        turn_box = pygame.Rect(inner.x, inner.y, round(inner.w * 0.22), inner.h)
        track = pygame.Rect(
            turn_box.right + gap, inner.y, inner.right - turn_box.right - gap, inner.h
        )
    canvas.text([Para((Span(words, colours.TEXT),), "large")], turn_box, "left", "center")
    names = [translate(f"nz_device.phase.{phase}", lang) for phase in PHASES]
    phase = state.get("phase")
    draw_track(canvas, track, names, PHASES.index(phase) if phase in PHASES else None)


def _turn_words(state: NormandieStateJSON, lang: str) -> str:
    turn, limit = state.get("turn", 0), state.get("turn_limit")
    if state.get("phase") == "setup":
        return translate("nz_device.phase.setup", lang)
    if limit:
        return translate("nz_device.turn_of", lang, n=turn, limit=limit)
    return translate("nz_device.turn", lang, n=turn)


# The battlefield and its turn above the panels every game shares.
NORMANDIE_PANELS: dict[str, Panel] = {
    "header": Panel(header_key, draw_header),
    "board": Panel(board_key, draw_board),
    **SHARED_PANELS,
}

NORMANDIE_SCREEN = GameScreen(
    name=GAME,
    panels=NORMANDIE_PANELS,
    board_share=lambda state: BOARD_SHARE,
    space_at=space_at,
    words=(display_words.WORDS,),
    keeps=lambda state: True,  # every line names its squares: the grid stays beside a list
)
