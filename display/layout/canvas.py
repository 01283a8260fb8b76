"""Drawing inside one panel, keeping a record of every label and the box it had.

The record (:class:`Label`) is what the tests read to check that every label fits
its box, nothing overlaps and the prompt is on screen; the screen keeps it too for
touch (the rectangles of the choices).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field

import pygame

from display.ink import colours
from display.ink.colours import Colour
from display.ink.runs import Para
from display.layout import flow
from display.layout.flow import Laid, Sizes
from rules.values import Record


class Label(Record):
    """One piece of drawn text (or icon): where it went, the box it had to stay in, its
    size (the pixel size the typeface was asked for) and its paragraph's role."""

    panel: str
    text: str
    rect: pygame.Rect
    box: pygame.Rect
    px: int
    truncated: bool
    role: str = "body"


class Canvas(Record, frozen=False):
    surface: pygame.Surface
    panel: str
    rect: pygame.Rect
    sizes: Sizes
    pad: int
    labels: list[Label] = field(default_factory=list)
    # Text that is part of a picture (the Normandie grid's coordinates, unit letters and move
    # numbers): sized by the picture's squares, not by the type sizes, so kept apart from
    # the labels that the type sizes are checked on.
    marks: list[Label] = field(default_factory=list)
    choice_rects: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    # words a panel left out for room (a legend's least needed lines): not cut, not whole
    dropped: bool = False

    @property
    def inner(self) -> pygame.Rect:
        return self.rect.inflate(-2 * self.pad, -2 * self.pad)

    @property
    def strip(self) -> pygame.Rect:
        """The inside of a one-line bar: full padding at the sides, little above and below."""
        return self.rect.inflate(-2 * self.pad, -max(2, self.pad // 3))

    def background(self, colour: Colour = colours.PANEL, edge: bool = True) -> None:
        self.surface.fill(colours.BACKGROUND, self.rect)
        box = self.rect.inflate(-max(2, self.pad // 2), -max(2, self.pad // 2))
        pygame.draw.rect(self.surface, colour, box, border_radius=self.pad)
        if edge:
            pygame.draw.rect(self.surface, colours.PANEL_EDGE, box, 1, border_radius=self.pad)

    def box(
        self, rect: pygame.Rect, fill: Colour, edge: Colour | None = None, width: int = 2
    ) -> None:
        pygame.draw.rect(self.surface, fill, rect, border_radius=max(2, self.pad // 2))
        if edge is not None:
            pygame.draw.rect(self.surface, edge, rect, width, border_radius=max(2, self.pad // 2))

    def text(
        self, paras: Sequence[Para], box: pygame.Rect, align: str = "left", valign: str = "top"
    ) -> Laid:
        """Fit ``paras`` into ``box`` (shrinking as needed), draw and record them."""
        laid = flow.fit(paras, box.w, box.h, self.sizes)
        self.draw_laid(laid, box, align, valign)
        return laid

    def text_with_columns(
        self, top: Sequence[Para], columns: Sequence[Sequence[Para]], box: pygame.Rect
    ) -> None:
        """``top`` across ``box``, then ``columns`` side by side below it, shrunk together."""
        if not columns:
            self.text(top, box)
            return
        gap = self.pad
        column_w = (box.w - gap * (len(columns) - 1)) // len(columns)
        parts, _ = flow.shrink_to_fit(
            lambda factor: columns_laid(top, columns, box.w, self.sizes, factor, gap),
            lambda parts: _columns_whole(parts, (box.w, box.h), column_w, gap),
            flow.SHRINK_FACTORS,
        )
        top_box = pygame.Rect(box.x, box.y, box.w, min(parts[0].height, box.h))
        self._draw_or_cut(parts[0], top, top_box)
        y = top_box.bottom + gap
        for index, column in enumerate(columns):
            column_box = pygame.Rect(
                box.x + index * (column_w + gap), y, column_w, max(0, box.bottom - y)
            )
            self._draw_or_cut(parts[index + 1], column, column_box)

    def _draw_or_cut(self, laid: Laid, paras: Sequence[Para], box: pygame.Rect) -> None:
        if laid.height <= box.h and laid.width <= box.w:
            self.draw_laid(laid, box)
        else:
            self.text(paras, box)

    def draw_laid(
        self, laid: Laid, box: pygame.Rect, align: str = "left", valign: str = "top"
    ) -> None:
        x = box.x + ((box.w - laid.width) // 2 if align == "center" else 0)
        y = box.y + ((box.h - laid.height) // 2 if valign == "center" else 0)
        previous = self.surface.get_clip()
        self.surface.set_clip(box.clip(previous))
        for item in laid.items:
            rect = item.rect.move(x, y)
            flow.draw_item(self.surface, item, rect)
            self.labels.append(
                Label(self.panel, item.text, rect, box.copy(), item.px, laid.truncated, item.role)
            )
        self.surface.set_clip(previous)


def columns_laid(
    top: Sequence[Para],
    columns: Sequence[Sequence[Para]],
    width: int,
    sizes: flow.Sizes,
    factor: float,
    gap: int,
) -> list[Laid]:
    """``top`` laid across ``width``, then each of ``columns`` in its share of it."""
    column_w = (width - gap * (len(columns) - 1)) // max(1, len(columns))
    parts = [flow.layout(top, width, sizes, factor)]
    return parts + [flow.layout(column, column_w, sizes, factor) for column in columns]


def columns_fit(
    top: Sequence[Para],
    columns: Sequence[Sequence[Para]],
    box: tuple[int, int],
    sizes: flow.Sizes,
    factor: float,
    gap: int,
) -> bool:
    """Whether ``top`` and ``columns`` under it fit ``box`` (width, height) at ``factor``,
    as :meth:`Canvas.text_with_columns` lays them out, nothing cut."""
    width, height = box
    if not columns:
        laid = flow.layout(top, width, sizes, factor)
        return not laid.truncated and laid.width <= width and laid.height <= height
    parts = columns_laid(top, columns, width, sizes, factor, gap)
    column_w = (width - gap * (len(columns) - 1)) // len(columns)
    return _columns_whole(parts, box, column_w, gap)


def _columns_whole(parts: Sequence[Laid], box: tuple[int, int], column_w: int, gap: int) -> bool:
    """The top across ``box``'s width, each column in ``column_w``, all in its height."""
    width, height = box
    across = parts[0].width <= width and all(part.width <= column_w for part in parts[1:])
    return across and _columns_height(parts, gap) <= height


def _columns_height(parts: Sequence[Laid], gap: int) -> int:
    return parts[0].height + gap + max(part.height for part in parts[1:])
