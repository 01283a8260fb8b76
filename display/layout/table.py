"""A table fitted into a box: rows of cells, each column as wide as it needs.

The one table fitter of the screen: the scoreboard's standings and the end's summary lay
their rows out here, each cell a paragraph laid in its column's width at one size factor,
and decide for themselves what gives way when the table is too wide (a name on a line of
its own, the signs counted) by trying again, smaller, through :func:`flow.shrink_to_fit`.
"""

from __future__ import annotations

from collections.abc import Sequence

from display.ink.runs import Para
from display.layout import flow
from rules.values import Record


class Table(Record, frozen=False):
    """Each row's cells laid out, each column's width and each row's height."""

    cells: list[list[flow.Laid]]
    widths: list[int]
    heights: list[int]

    def within(self) -> bool:
        """Whether every cell is inside its column (a word wider than it is not)."""
        return all(
            laid.width <= width
            for row in self.cells
            for laid, width in zip(row, self.widths, strict=True)
        )


def lay_rows(
    rows: Sequence[Sequence[Para]], widths: Sequence[int], sizes: flow.Sizes, factor: float
) -> Table:
    """Each cell of ``rows`` laid in its column's width of ``widths`` at ``factor``; a row
    as tall as its tallest cell."""
    cells = [
        [flow.layout([cell], width, sizes, factor) for cell, width in zip(row, widths, strict=True)]
        for row in rows
    ]
    return Table(cells, list(widths), [max(cell.height for cell in row) for row in cells])


def widest(cells: Sequence[Sequence[flow.Laid]], column: int) -> int:
    """The width the widest of a ``column``'s laid ``cells`` takes."""
    return max(row[column].width for row in cells)


def widths_of(
    rows: Sequence[Sequence[Para]], room: int, sizes: flow.Sizes, factor: float
) -> list[int]:
    """Each column's width where every cell is laid in ``room``: as wide as its widest."""
    laid = lay_rows(rows, [room] * len(rows[0]), sizes, factor)
    return [widest(laid.cells, column) for column in range(len(rows[0]))]
