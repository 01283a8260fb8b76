"""The shapes on the Normandie grid: terrain, units, the cursor and the Zombies' arrows.

Every unit is a shape for its kind (infantry a disc, vehicle a wide block, Mythos
creature a diamond, Master of the dead a triangle, Zombies a square) carrying a
letter for its side (Z for Zombies, Z1), filled with the side's colour: never colour
alone. Arrows follow the path a Zombie walks; an Assault ends in a red strike into
the target's square. Planned moves are dashed, moves made are solid.
"""

from __future__ import annotations

import itertools
import math

import pygame

from display.ink import colours
from display.ink.colours import Colour
from display.ink.typeface import font
from display.normandie.grid import EDGE_SHARE, Grid
from display.normandie.palette import (  # the phone page draws with the same colours
    CELL,
    DOOR,
    GRAVE,
    GRID_LINE,
    IMPASSABLE,
    NO_SIDE,
    SIDE_COLOURS,
    STRIKE,
    TILE,
    TILE_LINE,
    path_colour,
)
from rules.normandie.battlefield import Space

Point = tuple[int, int]

MIN_LETTER_CELL = 11  # squares smaller than this carry shapes only


def side_colour(side: str | None) -> Colour:
    return SIDE_COLOURS.get(side or "", NO_SIDE)


def lines(surface: pygame.Surface, grid: Grid) -> None:
    area, first = grid.area, grid.first  # a window's tile edges are where the field's are
    for col in range(grid.columns + 1):
        x = area.x + col * grid.cell
        _line(surface, first.col + col, (x, area.top), (x, area.bottom))
    for row in range(grid.rows + 1):
        y = area.y + row * grid.cell
        _line(surface, first.row + row, (area.left, y), (area.right, y))


def _line(surface: pygame.Surface, index: int, start: Point, end: Point) -> None:
    """The ``index``-th line between squares; a tile's edge is thicker, in its own colour."""
    tile = index % TILE == 0
    pygame.draw.line(surface, TILE_LINE if tile else GRID_LINE, start, end, 2 if tile else 1)


def edge_px(cell: int, names: list[str]) -> int:
    """One type size for every coordinate: the largest at which the widest still fits
    its square with a pixel to spare each side, so neighbours never touch."""
    px = max(6, round(cell * EDGE_SHARE))
    while px > 6 and _widest(px, names) > cell - 2:
        px -= 1
    return px


def _widest(px: int, names: list[str]) -> int:
    return max((font(px).render(name, True, colours.DIM).get_bounding_rect().w for name in names),
               default=0)  # fmt: skip


def edge_label(surface: pygame.Surface, box: pygame.Rect, name: str, px: int) -> pygame.Rect:
    """One coordinate centred by its ink in ``box``; the ink's rectangle."""
    image = font(px).render(name, True, colours.DIM)
    ink = image.get_bounding_rect()
    at = (box.centerx - ink.centerx, box.centery - ink.centery)
    surface.blit(image, at)
    return ink.move(at)


def impassable(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Hatched dark stone: impassable even on a screen that shows no colour."""
    pygame.draw.rect(surface, IMPASSABLE, rect)
    previous = surface.get_clip()
    surface.set_clip(rect.clip(previous))
    step = max(3, rect.w // 3)
    for x in range(rect.left - rect.h, rect.right, step):
        pygame.draw.line(surface, colours.DIM, (x, rect.bottom), (x + rect.h, rect.top), 1)
    surface.set_clip(previous)


def grave(surface: pygame.Surface, rect: pygame.Rect, single_use: bool = False) -> None:
    """A Mass Grave: a cross standing in the square (†, Z10); marked X1, the cross is
    smaller and ringed (⊕), like the legend's sign: told by shape, not colour."""
    stroke = max(1, rect.w // 10)
    if single_use:
        radius = max(2, rect.w * 2 // 5)
        pygame.draw.circle(surface, GRAVE, rect.center, radius, max(1, stroke))
        arm = radius * 2 // 3
        cx, cy = rect.center
        pygame.draw.line(surface, GRAVE, (cx, cy - arm), (cx, cy + arm), stroke)
        pygame.draw.line(surface, GRAVE, (cx - arm, cy), (cx + arm, cy), stroke)
        return
    inner = rect.inflate(-rect.w // 3, -rect.h // 5)
    pygame.draw.line(surface, GRAVE, inner.midtop, inner.midbottom, stroke)
    y = inner.top + inner.h // 3
    pygame.draw.line(surface, GRAVE, (inner.left, y), (inner.right, y), stroke)


def door(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The red space by the jail door (Chapter 2): a red frame with a bar."""
    width = max(2, rect.w // 8)
    pygame.draw.rect(surface, DOOR, rect.inflate(-1, -1), width)


def unit(
    surface: pygame.Surface,
    rect: pygame.Rect,
    kind: str,
    colour: Colour,
    letter: str,
    least_px: int = 0,
) -> None:
    _SHAPES.get(kind, _disc)(surface, body(rect, kind, least_px), colour)
    unit_letter(surface, rect, letter, kind, least_px)


def unit_letter(
    surface: pygame.Surface,
    rect: pygame.Rect,
    letter: str,
    kind: str = "infantry",
    least_px: int = 0,
) -> tuple[str, pygame.Rect, int] | None:
    """Only the letter of a unit drawn in ``rect``: the screen draws it again over arrows.
    What was written (a Zombie's number alone where "Z3" does not fit), its ink and its
    type size, or None when the square is too small to carry a letter."""
    if rect.w >= MIN_LETTER_CELL and letter:
        return _letter(surface, _inside(body(rect, kind, least_px), kind), letter, least_px)
    return None


# A shape's side, in its letter's type size (``least_px``), for the letter to sit inside
# with a rim round it: a disc or a square holds a capital of 0.75 type sizes at 1.15; a
# diamond or a triangle hold their letter in their middle or lower part only.
BODY_PER_PX = {"mythos": 1.6, "master": 1.8, "vehicle": 1.4}
BODY_PER_PX_ELSE = 1.15
MOST_OVER_CELL = 1.5  # a shape grows past its square to this many squares at most


def body(rect: pygame.Rect, kind: str = "infantry", least_px: int = 0) -> pygame.Rect:
    """A unit fills its square but for a thin rim, so neighbours stay apart and the
    letter is as large as the square allows (read from across the table). Where the
    squares are too small for the letter at ``least_px`` (a whole battlefield on a
    3.5-inch screen), the shape grows past its square, round its centre, to hold it:
    a neighbour's shape may then be overlapped at its rim, never at its letter. A square
    too small to carry a letter at all keeps its shape inside it: grown, it would only
    hide its neighbours."""
    rim = max(2, rect.w // 10)
    if rect.w < MIN_LETTER_CELL:
        least_px = 0
    wanted = round(least_px * BODY_PER_PX.get(kind, BODY_PER_PX_ELSE))
    side = max(rect.w - rim, min(wanted, round(rect.w * MOST_OVER_CELL)))
    shape = pygame.Rect(0, 0, side, side)
    shape.center = rect.center
    return shape


def _inside(body: pygame.Rect, kind: str) -> pygame.Rect:
    """Where a shape's letter goes: the whole body of a disc, a square or a block; the
    middle of a diamond; the lower part of a triangle, where it is wide."""
    if kind == "mythos":
        return body.inflate(-body.w // 4, -body.h // 4)
    if kind == "master":
        low = body.inflate(-body.w // 3, -body.h // 3)
        return low.move(0, body.h // 8)
    return body


LETTER_SHARE = 0.9  # one letter's type, in bodies: its capital about two thirds of the body
LETTERS_SHARE = 0.7  # two letters (Z1) start smaller and shrink until they fit across


def _letter(
    surface: pygame.Surface, body: pygame.Rect, letter: str, least_px: int = 0
) -> tuple[str, pygame.Rect, int]:
    """The letter as large as the body lets it be and never under ``least_px``: a label
    too wide at that size keeps its number alone ("3" for Zombies z3, the square tells
    a Zombie); what was written, its ink and its type size."""
    floor = max(5, least_px)
    px = max(6, least_px, round(body.h * (LETTER_SHARE if len(letter) == 1 else LETTERS_SHARE)))
    image = font(px).render(letter, True, colours.LIT_TEXT)
    while image.get_bounding_rect().w > body.w - 2 and px > floor:
        px -= 1
        image = font(px).render(letter, True, colours.LIT_TEXT)
    number = letter.lstrip("ZzＺ")
    if image.get_bounding_rect().w > body.w - 2 and number.isdigit() and number != letter:
        return _letter(surface, body, number, least_px)
    ink = image.get_bounding_rect()
    # centred by its ink, not its line box, so a capital sits in the middle of the shape
    at = (body.centerx - ink.centerx, body.centery - ink.centery)
    surface.blit(image, at)
    return letter, ink.move(at), px


def grave_corner(
    surface: pygame.Surface, rect: pygame.Rect, single_use: bool, least_px: int = 0
) -> None:
    """A Mass Grave under a unit: its sign again, small, on a dark ground over the unit's
    shape's bottom-right corner, two thirds of it outside the shape, so neither a Zombie
    standing there nor its letter hides it."""
    side = max(9, rect.w // 2)
    shape = body(rect, "zombies", least_px)
    inside = side // 3
    corner = pygame.Rect(shape.right - inside, shape.bottom - inside, side, side)
    pygame.draw.rect(surface, CELL, corner)
    grave(surface, corner, single_use)


def _edge(surface: pygame.Surface, points: list[tuple[int, int]]) -> None:
    pygame.draw.polygon(surface, colours.TEXT, points, 1)


def _disc(surface: pygame.Surface, body: pygame.Rect, colour: Colour) -> None:
    pygame.draw.circle(surface, colour, body.center, body.w // 2)
    pygame.draw.circle(surface, colours.TEXT, body.center, body.w // 2, 1)


def _block(surface: pygame.Surface, body: pygame.Rect, colour: Colour) -> None:
    wide = body.inflate(0, -body.h // 3)
    pygame.draw.rect(surface, colour, wide, border_radius=max(1, body.w // 8))
    pygame.draw.rect(surface, colours.TEXT, wide, 1, border_radius=max(1, body.w // 8))


def _diamond(surface: pygame.Surface, body: pygame.Rect, colour: Colour) -> None:
    points = [body.midtop, body.midright, body.midbottom, body.midleft]
    pygame.draw.polygon(surface, colour, points)
    _edge(surface, points)


def _triangle(surface: pygame.Surface, body: pygame.Rect, colour: Colour) -> None:
    points = [body.midtop, body.bottomright, body.bottomleft]
    pygame.draw.polygon(surface, colour, points)
    _edge(surface, points)


def _square(surface: pygame.Surface, body: pygame.Rect, colour: Colour) -> None:
    pygame.draw.rect(surface, colour, body)
    pygame.draw.rect(surface, colours.TEXT, body, 1)


_SHAPES = {
    "infantry": _disc,
    "vehicle": _block,
    "mythos": _diamond,
    "master": _triangle,
    "zombies": _square,
}


def cursor(surface: pygame.Surface, grid: Grid, space: Space) -> None:
    """A thick lit frame, with its row and column faintly lit so it is found at a glance."""
    rect = grid.rect(space)
    area = grid.area
    band = max(1, grid.cell // 6)
    row_band = pygame.Rect(area.left, rect.centery - band // 2, area.w, band)
    col_band = pygame.Rect(rect.centerx - band // 2, area.top, band, area.h)
    for stripe in (row_band, col_band):
        pygame.draw.rect(surface, colours.LIT, stripe, 1)
    width = max(2, grid.cell // 5)
    pygame.draw.rect(surface, colours.LIT, rect.inflate(width, width), width)


def move_arrow(
    surface: pygame.Surface,
    grid: Grid,
    walk: list[Space],
    strike: Space | None,
    planned: bool,
    number: int = 1,
) -> None:
    """The ``number``-th move's walk (start first) as a line with a head, in the move's own
    colour and lane; then the strike into the target's square. Each move keeps a lane a
    line's width beside the others, so two Zombies walking one segment draw two lines."""
    width = max(2, grid.cell // 7)
    colour = path_colour(number)
    shift = _lane(number, width)
    points = [(x + shift, y + shift) for x, y in (grid.centre(space) for space in walk)]
    if len(points) > 1:
        _polyline(surface, points, colour, width, dashed=planned)
        _head(surface, points[-2], points[-1], colour, width * 2 + 2)
    if strike is not None:
        end = grid.rect(strike)
        start = points[-1]
        tip = _towards(start, end.center, grid.cell * 0.3)
        pygame.draw.line(surface, STRIKE, start, tip, width + 1)
        _head(surface, start, tip, STRIKE, width * 2 + 4)
        pygame.draw.rect(surface, STRIKE, end, max(2, grid.cell // 8))


LANES = 4  # moves side by side before a lane is shared (by then the colours differ)


def _lane(number: int, width: int) -> int:
    """The ``number``-th move's offset from the squares' centres, across and down alike
    (so a row's and a column's segments both move aside): lanes a line and a pixel apart."""
    return round(((number - 1) % LANES - (LANES - 1) / 2) * (width + 1))


def _towards(start: tuple[int, int], end: tuple[int, int], short: float) -> tuple[int, int]:
    """``end`` pulled back toward ``start`` by ``short`` pixels (the head stays in the square)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    keep = max(0.0, (length - short) / length)
    return round(start[0] + dx * keep), round(start[1] + dy * keep)


def _polyline(
    surface: pygame.Surface,
    points: list[tuple[int, int]],
    colour: Colour,
    width: int,
    dashed: bool,
) -> None:
    if not dashed:
        pygame.draw.lines(surface, colour, False, points, width)
        return
    dash = max(4, width * 3)
    for start, end in itertools.pairwise(points):
        length = math.hypot(end[0] - start[0], end[1] - start[1])
        steps = max(1, int(length // dash))
        for index in range(0, steps, 2):
            a = _along(start, end, index / steps)
            b = _along(start, end, min(1.0, (index + 1) / steps))
            pygame.draw.line(surface, colour, a, b, width)


def _along(start: tuple[int, int], end: tuple[int, int], share: float) -> tuple[int, int]:
    return round(start[0] + (end[0] - start[0]) * share), round(
        start[1] + (end[1] - start[1]) * share
    )


def _head(
    surface: pygame.Surface,
    start: tuple[int, int],
    tip: tuple[int, int],
    colour: Colour,
    size: int,
) -> None:
    angle = math.atan2(tip[1] - start[1], tip[0] - start[0])
    left = angle + math.radians(150)
    right = angle - math.radians(150)
    points = [
        tip,
        (round(tip[0] + size * math.cos(left)), round(tip[1] + size * math.sin(left))),
        (round(tip[0] + size * math.cos(right)), round(tip[1] + size * math.sin(right))),
    ]
    pygame.draw.polygon(surface, colour, points)


BADGE_RADIUS_PER_PX = 0.7  # a digit's ink is about 0.7 type sizes tall: a rim round it


def badge_px(size: int, least_px: int = 0) -> int:
    """A move's number's type size in a badge ``size`` pixels across, never under
    ``least_px`` (the badge grows to hold it)."""
    return max(7, least_px, round(max(5, size // 2) * 1.5))


def badge_radius(size: int, least_px: int = 0) -> int:
    return max(5, size // 2, round(badge_px(size, least_px) * BADGE_RADIUS_PER_PX))


def badge(
    surface: pygame.Surface,
    centre: tuple[int, int],
    number: int,
    size: int,
    least_px: int = 0,
) -> pygame.Rect:
    """The move's number, as in the legend, in a disc of its path's colour, its type never
    under ``least_px`` (read from across the table); the ink's rect."""
    radius = badge_radius(size, least_px)
    pygame.draw.circle(surface, path_colour(number), centre, radius)
    pygame.draw.circle(surface, colours.LIT_TEXT, centre, radius, 1)
    image = font(badge_px(size, least_px)).render(str(number), True, colours.LIT_TEXT)
    ink = image.get_bounding_rect()
    at = (centre[0] - ink.centerx, centre[1] - ink.centery)  # centred by its ink
    surface.blit(image, at)
    return ink.move(at)
