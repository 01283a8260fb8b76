"""The phone page's Normandie battlefield says what the device's grid says: each column's
letters above and below it, each row's number left and right of it, and each Zombie's
path in its own colour, numbered where it ends, in English and Japanese.

Read back from the SVG the page serves (drawn by the page from the state, nothing loaded
from elsewhere); tests/web/test_web_normandie_fit.py looks at it in chromium at 390 px.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from display.normandie import palette
from display.normandie.legend import moves
from display.normandie.web import CELL, MARGIN, battlefield_svg, board_html
from display.web.html import colour_class
from rules.normandie.battlefield import column_letters, parse_space
from rules.text import LANGUAGES
from tests.display.test_battlefield import _chapter_1, _two_on_one_segment

SVG = "{http://www.w3.org/2000/svg}"


def _svg(state: dict[str, object], lang: str) -> ET.Element:
    found = re.search(r"<svg .*</svg>", battlefield_svg(state, lang), re.S)
    assert found is not None
    return ET.fromstring(found.group(0))


def _texts(root: ET.Element, kind: str) -> list[tuple[float, float, str]]:
    return [
        (float(t.get("x", 0)), float(t.get("y", 0)), t.text or "")
        for t in root.iter(f"{SVG}text")
        if t.get("class") == kind
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coordinates_are_on_every_edge(lang: str) -> None:
    view = _chapter_1(18, lang)
    columns, rows = 21, 7
    axis = _texts(_svg(dict(view.state), lang), "axis")
    top, bottom = MARGIN, MARGIN + rows * CELL
    left, right = MARGIN, MARGIN + columns * CELL
    for col in range(columns):
        x = MARGIN + col * CELL + CELL // 2
        said = [y for ax, y, name in axis if ax == x and name == column_letters(col)]
        assert any(y < top for y in said) and any(y > bottom for y in said), col
    for row in range(rows):
        y = MARGIN + row * CELL + CELL // 2 + 4
        said = [x for x, ay, name in axis if ay == y and name == str(row + 1)]
        assert any(x < left for x in said) and any(x > right for x in said), row


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_zombies_path_in_its_own_colour_and_numbered_where_it_ends(lang: str) -> None:
    view = _two_on_one_segment(lang)  # z1 and z2 both walk L4 -> M4
    state = dict(view.state)
    root = _svg(state, lang)
    paths = {p.get("data-move"): p for p in root.iter(f"{SVG}polyline")}
    numbers = {g.get("data-move"): g for g in root.iter(f"{SVG}g") if g.get("class") == "number"}
    drawn = moves(state)
    assert len(drawn) >= 2 and {str(e.number) for e in drawn} <= set(paths) & set(numbers)
    colours = set()
    for entry in drawn:
        colour = "#{:02x}{:02x}{:02x}".format(*palette.path_colour(entry.number))
        path, number = paths[str(entry.number)], numbers[str(entry.number)]
        assert path.get("stroke") == colour
        last = (entry.move.get("path") or [entry.move["from"]])[-1]
        end = parse_space(last)  # the number on the top-left corner of its last square
        circle = number.find(f"{SVG}circle")
        assert circle is not None and circle.get("fill") == colour
        assert number.get("data-square") == last
        corner = (MARGIN + end.col * CELL, MARGIN + end.row * CELL)
        assert (float(circle.get("cx", 0)), float(circle.get("cy", 0))) == corner
        said = number.find(f"{SVG}text")
        assert said is not None and said.text == str(entry.number)
        colours.add(colour)
    assert len(colours) == len(drawn)  # two moves on one segment: two colours
    first, second = (paths[str(e.number)].get("points") for e in drawn[:2])
    assert first != second  # and two lanes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_legend_chips_are_in_their_paths_colours(lang: str) -> None:
    """The page's legend numbers each move in a chip of its path's colour (the third was
    white: the phone page had no class for the colours of the paths after the second)."""
    view = _chapter_1(18, lang)  # three moves made
    state = dict(view.state)
    page = board_html(state, lang)
    drawn = moves(state)
    assert len(drawn) == 3
    for entry in drawn:
        chip = colour_class(palette.path_colour(entry.number), "b")
        assert chip != "b-text" and f'chip {chip}">{entry.number}<' in page, entry.number
