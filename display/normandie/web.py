"""Shadows over Normandie on the phone view: the turn, the battlefield as SVG, the legend.

The SVG shows what the screen's grid shows: the column letters and row numbers on every
edge, terrain (impassable squares hatched, Mass Graves †, X1 graves ⊕, the door), units
as a shape for their kind with their side's letter, and each Zombie's move as an arrow
along its path in the move's own colour and lane (two Zombies on one segment draw two
lines), numbered where it ends, ending in a red strike into its target's square when it
assaults. Solid arrows are moves made, dashed ones moves still to come. The legend under
it is the screen's own words for each move (:func:`display.battlefield_legend.paras`:
whom it hunts, its Assault bonus).
SVG presentation attributes carry the colours: the page's CSP allows no inline style.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from display.ink.colours import Colour
from display.normandie import palette
from display.normandie.battlefield import PHASES, _turn_words, unit_looks
from display.normandie.grid import column_name, size_of, space, target_space
from display.normandie.legend import Drawn, moves, paras
from display.normandie.words import WORDS
from display.web.games import PhonePart
from display.web.html import escape, paras_html, phase_track_html
from rules.normandie.battlefield import Space
from rules.normandie.state import normandie_json
from rules.text import translate

if TYPE_CHECKING:
    from rules.json_types import StateJSON
    from rules.normandie.json_types import MoveJSON, NormandieStateJSON

CELL = 40  # SVG units per square; the browser scales the drawing to the phone's width
MARGIN = 18  # room for column letters and row numbers, on every side
LANE = 5  # SVG units between two moves' lanes: a line's width and a little
LANES = 4  # moves side by side before a lane is shared (by then the colours differ)


def header_html(state: NormandieStateJSON, lang: str) -> str:
    phases = [(phase, translate(f"nz_device.phase.{phase}", lang)) for phase in PHASES]
    return phase_track_html(_turn_words(state, lang), phases, state.get("phase"))


def game_html(any_state: StateJSON, lang: str) -> str:
    state = normandie_json(any_state)
    return header_html(state, lang) + board_html(state, lang)


def board_html(state: NormandieStateJSON, lang: str) -> str:
    return (
        f'<section class="board">{battlefield_svg(state, lang)}'
        f'<div class="legend">{paras_html(paras(state, lang))}</div></section>'
    )


def battlefield_svg(state: NormandieStateJSON, lang: str) -> str:
    columns, rows = size_of(state)
    if not columns or not rows:
        return ""
    width, height = 2 * MARGIN + columns * CELL, 2 * MARGIN + rows * CELL
    label = escape(translate("web.battlefield", lang))
    zoom = escape(translate("nz_web.zoom", lang))
    # The whole battlefield fits the phone's width, however many tiles; a tap on it (the
    # hidden checkbox's label: no script needed) zooms in, the frame then scrolls sideways,
    # and another tap fits it again.
    parts = [
        '<div class="fieldframe"><input type="checkbox" id="fieldzoom" class="zoom">'
        f'<label for="fieldzoom" title="{zoom}">'
        f'<svg class="field" viewBox="0 0 {width} {height}"'
        f' role="img" aria-label="{label}. {zoom}" xmlns="http://www.w3.org/2000/svg">',
        _defs(),
        *_labels(columns, rows),
        *_terrain(state, columns, rows),
    ]
    drawn = moves(state)
    # The units, their moves, then the units' letters again over the arrows, so a unit's or
    # Zombie's letter is never under an arrow; the numbers sit in the squares' corners.
    parts += _units(state, lang)
    parts += [_arrow(state, entry) for entry in drawn]
    parts += (_letter(look.space, look.letter) for look in unit_looks(state, lang))
    parts += [_badge(entry) for entry in drawn]
    parts.append("</svg></label></div>")
    return "".join(parts)


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _defs() -> str:
    looks = [(f"path{n}", palette.path_colour(n)) for n in range(1, len(palette.PATHS) + 1)]
    heads = "".join(
        f'<marker id="head-{name}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4"'
        f' markerHeight="4" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"'
        f' fill="{_hex(colour)}"/></marker>'
        for name, colour in (*looks, ("strike", palette.STRIKE))
    )
    hatch = (
        '<pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse"'
        ' patternTransform="rotate(45)"><rect width="8" height="8"'
        f' fill="{_hex(palette.IMPASSABLE)}"/><line x1="0" y1="0" x2="0" y2="8"'
        ' stroke="#b4aa9a" stroke-width="3"/></pattern>'
    )
    return f"<defs>{heads}{hatch}</defs>"


def _origin(where: Space) -> tuple[int, int]:
    return MARGIN + where.col * CELL, MARGIN + where.row * CELL


def _centre(where: Space) -> tuple[int, int]:
    x, y = _origin(where)
    return x + CELL // 2, y + CELL // 2


def _labels(columns: int, rows: int) -> Iterator[str]:
    """Every line names squares ("D3"): each column's letters above and below it, each
    row's number left and right of it, as on the device's grid."""
    below, right = 2 * MARGIN + rows * CELL - 5, MARGIN + columns * CELL + MARGIN // 2
    for col in range(columns):
        x = MARGIN + col * CELL + CELL // 2
        for y in (13, below):
            yield _axis(x, y, column_name(col))
    for row in range(rows):
        y = MARGIN + row * CELL + CELL // 2 + 4
        for x in (MARGIN // 2, right):
            yield _axis(x, y, str(row + 1))


def _axis(x: int, y: int, name: str) -> str:
    return f'<text class="axis" x="{x}" y="{y}" text-anchor="middle">{name}</text>'


def _terrain(state: NormandieStateJSON, columns: int, rows: int) -> Iterator[str]:
    field_ = state.get("battlefield") or {}
    yield (
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{columns * CELL}" height="{rows * CELL}"'
        f' fill="{_hex(palette.CELL)}"/>'
    )
    for name in field_.get("impassable", ()):
        found = space(name)
        if found is not None:
            x, y = _origin(found)
            yield f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="url(#hatch)"/>'
    yield from _lines(columns, rows)
    for grave in field_.get("mass_graves", ()):
        sign = "⊕" if grave.get("single_use") else "†"
        for name in grave.get("spaces", ()):
            found = space(name)
            if found is not None:
                x, y = _origin(found)
                yield (
                    f'<text class="grave" x="{x + CELL - 8}" y="{y + CELL - 5}"'
                    f' text-anchor="middle" fill="{_hex(palette.GRAVE)}">{sign}</text>'
                )
    door = space(field_.get("door"))
    if door is not None:
        x, y = _origin(door)
        yield (
            f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" fill="none"'
            f' stroke="{_hex(palette.DOOR)}" stroke-width="3"/>'
        )


def _lines(columns: int, rows: int) -> Iterator[str]:
    right, bottom = MARGIN + columns * CELL, MARGIN + rows * CELL
    for col in range(columns + 1):
        x = MARGIN + col * CELL
        colour, width = _line_look(col)
        yield _line(x, MARGIN, x, bottom, colour, width)
    for row in range(rows + 1):
        y = MARGIN + row * CELL
        colour, width = _line_look(row)
        yield _line(MARGIN, y, right, y, colour, width)


def _line(x1: int, y1: int, x2: int, y2: int, colour: str, width: int) -> str:
    return (
        f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="{width}"/>'
    )


def _line_look(index: int) -> tuple[str, int]:
    if index % palette.TILE == 0:  # a tile's edge
        return _hex(palette.TILE_LINE), 2
    return _hex(palette.GRID_LINE), 1


def _units(state: NormandieStateJSON, lang: str) -> Iterator[str]:
    for look in unit_looks(state, lang):
        yield _unit_shape(look.space, look.kind, look.colour, look.letter)


def _unit_shape(where: Space, kind: str, colour: Colour, letter: str) -> str:
    """A shape per kind, as on the screen: infantry a disc, vehicle a wide block, Mythos
    creature a diamond, Master of the dead a triangle, Zombies a square (its letter is
    drawn later, over the arrows)."""
    cx, cy = _centre(where)
    r = CELL // 2 - 5
    fill = f'fill="{_hex(colour)}" stroke="#f5f5f0" stroke-width="1.5"'
    if kind == "infantry":
        body = f'<circle cx="{cx}" cy="{cy}" r="{r}" {fill}/>'
    elif kind == "vehicle":
        top, height = cy - r * 2 // 3, 4 * r // 3
        body = f'<rect x="{cx - r}" y="{top}" width="{2 * r}" height="{height}" {fill}/>'
    elif kind == "mythos":
        body = f'<path d="M{cx} {cy - r}L{cx + r} {cy}L{cx} {cy + r}L{cx - r} {cy}z" {fill}/>'
    elif kind == "master":
        body = f'<path d="M{cx} {cy - r}L{cx + r} {cy + r}L{cx - r} {cy + r}z" {fill}/>'
    else:
        body = f'<rect x="{cx - r}" y="{cy - r}" width="{2 * r}" height="{2 * r}" {fill}/>'
    return body


def _letter(where: Space, letter: str) -> str:
    cx, cy = _centre(where)
    return f'<text class="unit" x="{cx}" y="{cy + 5}" text-anchor="middle">{escape(letter)}</text>'


def _arrow(state: NormandieStateJSON, entry: Drawn) -> str:
    steps = _walk(entry)
    if not steps:
        return ""
    colour = _hex(palette.path_colour(entry.number))
    dash = ' stroke-dasharray="7 5"' if entry.planned else ""
    shift = _lane(entry.number)
    points = " ".join(f"{x + shift},{y + shift}" for x, y in map(_centre, steps))
    drawn = ""
    if len(steps) > 1:
        head = (entry.number - 1) % len(palette.PATHS) + 1
        drawn = (
            f'<polyline class="path" data-move="{entry.number}" points="{points}" fill="none"'
            f' stroke="{colour}" stroke-width="4" stroke-linecap="round"'
            f' stroke-linejoin="round"{dash} marker-end="url(#head-path{head})"/>'
        )
    return drawn + _strike(state, entry.move, steps[-1])


def _walk(entry: Drawn) -> list[Space]:
    """The squares a move walks, its start first (only the start if it stays)."""
    move = entry.move
    walk = [space(move.get("from")), *(space(name) for name in move.get("path") or [])]
    return [found for found in walk if found is not None]


def _lane(number: int) -> float:
    """The ``number``-th move's offset from the squares' centres, across and down alike,
    as on the device's grid: two moves on one segment are two lines side by side."""
    return ((number - 1) % LANES - (LANES - 1) / 2) * LANE


def _strike(state: NormandieStateJSON, move: MoveJSON, end: Space) -> str:
    """An Assault (Z7): a short red arrow from where the Zombie stops into its target."""
    if not move.get("assault"):
        return ""
    aim = space(target_space(state, move))
    if aim is None:
        return ""
    (x1, y1), (x2, y2) = _centre(end), _centre(aim)
    if (x1, y1) == (x2, y2):  # it assaults in its own square: a ring round it
        return (
            f'<circle cx="{x1}" cy="{y1}" r="{CELL // 2 - 1}" fill="none"'
            f' stroke="{_hex(palette.STRIKE)}" stroke-width="3"/>'
        )
    return (
        f'<line x1="{x1}" y1="{y1}" x2="{(x1 + x2) // 2}" y2="{(y1 + y2) // 2}"'
        f' stroke="{_hex(palette.STRIKE)}" stroke-width="4" marker-end="url(#head-strike)"/>'
    )


def _badge(entry: Drawn) -> str:
    """The move's number where its path ends, on that square's top-left corner, in a disc
    of its path's colour (as on the device's grid and in the legend)."""
    steps = _walk(entry)
    if not steps:
        return ""
    x, y = _origin(steps[-1])
    colour = _hex(palette.path_colour(entry.number))
    return (
        f'<g class="number" data-move="{entry.number}" data-square="{steps[-1].name}">'
        f'<circle cx="{x}" cy="{y}" r="11" fill="{colour}" stroke="#0a0a0a"/>'
        f'<text class="badge" x="{x}" y="{y + 5}" text-anchor="middle">{entry.number}</text>'
        "</g>"
    )


PHONE_PART = PhonePart(game="normandie", html=game_html, words=(WORDS,))
