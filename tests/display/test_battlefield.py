"""The Normandie battlefield on the screen: the grid, taps on squares, arrows and their words.

States come from the example journal of Chapter 3 replayed to a few moments, with the
controller's overlay (cursor, planned moves) as the app adds it. PNGs go to
tests/output/normandie/screens/ to be looked at.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from device.normandie.controller import NormandieController
from display.cthulhu_wars.panels import PANELS
from display.ink import colours
from display.ink.colours import Colour
from display.normandie import palette
from display.normandie.grid import layout, mark_cell, mark_px, panel_layout
from display.screen.screen import Screen
from display.view import View
from rules import journal
from rules.normandie.battlefield import Space, parse_space
from rules.normandie.game import NORMANDIE
from rules.normandie.state import NormandieState
from rules.text import LANGUAGES
from tests.display.conftest import SIZES, surface
from tests.display.samples import sample
from tests.parsing import replay_game

EXAMPLE = Path(__file__).resolve().parents[2] / "rules" / "examples" / "normandie_chapter3.jsonl"
SHOTS = Path(__file__).resolve().parents[1] / "output" / "normandie" / "screens"
# Lines of the example journal: placed, Order Phase (look ahead), order proposed,
# first Assault pending, second Assault pending, phase over.
MOMENTS = {"setup": 8, "orders": 9, "order": 10, "assault": 11, "assault_2": 12, "done": 13}


def battle_at(lines: int) -> tuple[NormandieState, tuple[Any, ...]]:
    state, events = replay_game(EXAMPLE.read_text(encoding="utf-8").splitlines()[:lines])
    assert isinstance(state, NormandieState)
    return state, tuple(events)


def view_at(moment: str, lang: str = "en") -> View:
    state, _events = battle_at(MOMENTS[moment])
    controller = NormandieController(lang)
    shown = {**journal.state_json(journal.Played(NORMANDIE, state)), **controller.overlay(state)}
    return View(shown, controller.prompt(state), lang=lang)


def rendered(view: View, size: tuple[int, int]) -> tuple[Screen, pygame.Surface]:
    target = surface(size)
    screen = Screen(target)
    screen.render(view)
    return screen, target


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_every_label_fits_and_nothing_overlaps(
    moment: str, lang: str, size: tuple[int, int]
) -> None:
    screen, target = rendered(view_at(moment, lang), size)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(target, str(SHOTS / f"{moment}_{lang}_{size[0]}x{size[1]}.png"))
    labels = screen.labels() + screen.marks()  # the grid's marks overlap nothing either
    panels = screen.regions.panels()
    assert [label.text for label in labels if label.truncated] == []
    for label in labels:
        assert label.box.contains(label.rect), (label.text, label.box, label.rect)
        assert panels[label.panel].contains(label.rect), label.text
    overlapping = [
        (a.text, b.text)
        for a, b in itertools.combinations(labels, 2)
        if a.panel == b.panel and a.rect.colliderect(b.rect)
    ]
    assert overlapping == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_under_18px_at_800x480(lang: str) -> None:
    """The words; the grid's coordinates, letters and numbers are marks, sized by squares."""
    screen, _ = rendered(view_at("assault", lang), (800, 480))
    assert min(label.px for label in screen.labels()) >= 18


def _board_words(screen: Screen) -> str:
    return "".join(
        "".join(label.text.split()) for label in screen.labels() if label.panel == "board"
    )


def test_each_move_is_said_with_its_target_and_assault_bonus() -> None:
    screen, _ = rendered(view_at("assault"), (800, 480))
    words = _board_words(screen)
    assert "Zombiesz1J5→J7,thenassaultsRangerssquad(rangers)atJ8with+2" in words  # Z7
    assert "Now:" in words  # the Assault waiting for its die
    assert "Next:" in words  # z2 and z3 still to come


def test_the_order_phase_looks_ahead() -> None:
    """Before PHASE is pressed the players already see where every Zombie will go."""
    view = view_at("orders")
    # The proposed order (I3: nearer prey first); the example's players then chose z1 first.
    assert [m["zombie"] for m in view.state["preview"]] == ["z2", "z1", "z3"]
    words = _board_words(rendered(view, (800, 480))[0])
    assert "IftheZombiesphasebegannow" in words


def _colour_near(target: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> bool:
    return any(
        tuple(target.get_at((x, y)))[:3] == colour
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )


def test_arrows_follow_the_path_and_strike_the_target() -> None:
    view = view_at("assault")
    screen, target = rendered(view, (800, 480))
    grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
    # z1 walked J5 → J6 → J7 (done, solid); its strike frames the Rangers at J8 in red.
    for name in ("J6",):
        assert _colour_near(target, grid.rect(Space(9, 5)), palette.path_colour(1)), name
    assert _colour_near(target, grid.rect(Space(9, 7)), palette.STRIKE)
    # z3 still to come, dashed in the planned colour from R12 toward the Novices (R9, where
    # it ends: in the window round the Assault at 800×480).
    assert grid.shows(Space(17, 8))
    assert _colour_near(target, grid.rect(Space(17, 8)), palette.path_colour(3))


@given(
    width=st.integers(120, 1900),
    height=st.integers(80, 1000),
    columns=st.integers(1, 8).map(lambda n: n * 7),
    rows=st.integers(1, 8).map(lambda n: n * 7),
    room=st.integers(0, 1200),
    data=st.data(),
)
def test_a_tap_finds_the_square_drawn_there(
    width: int, height: int, columns: int, rows: int, room: int, data: st.DataObject
) -> None:
    found = layout(pygame.Rect(3, 5, width, height), 4, columns, rows, room)
    grid = found.grid
    space = data.draw(st.sampled_from(grid.spaces()))  # a window shows only some
    rect = grid.rect(space)
    assert grid.space_at(rect.center) == space
    assert grid.space_at(rect.topleft) == space
    assert grid.space_at((grid.area.right, grid.area.bottom)) is None
    assert not found.legend.colliderect(grid.area)


def test_the_screen_answers_a_tap_on_a_square_and_not_off_the_grid() -> None:
    view = view_at("setup")
    screen, _ = rendered(view, (800, 480))
    grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
    assert screen.space_at(grid.rect(Space(2, 4)).center) == "C5"
    assert screen.space_at(screen.regions.prompt.center) is None
    cthulhu_wars = Screen(surface())
    cthulhu_wars.render(sample("new_game"))
    assert cthulhu_wars.space_at(grid.rect(Space(2, 4)).center) is None


def test_switching_between_the_games_redraws_every_panel() -> None:
    screen = Screen(surface())
    screen.render(sample("new_game"))
    dirty = screen.render(view_at("setup"))
    assert sorted(map(tuple, dirty)) == sorted(map(tuple, screen.regions.panels().values()))
    assert len(screen.render(sample("new_game"))) == len(PANELS)


def test_the_cursor_is_drawn_where_the_controller_says() -> None:
    view = view_at("setup")
    moved = View({**view.state, "cursor": "E4"}, view.prompt, lang="en")
    screen, target = rendered(moved, (800, 480))
    grid = panel_layout(screen.regions.board, screen.regions.pad, moved.state).grid
    frame = grid.rect(Space(4, 3)).inflate(4, 4)
    assert _colour_near(target, frame, (255, 220, 90))  # colours.LIT


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_legend_says_every_move_at_every_size(lang: str, size: tuple[int, int]) -> None:
    """Issue: at 720×1280 (and 800×480) the third move was dropped from the legend, the
    grid keeping a fixed share of the panel between wide empty margins. The squares now
    give the legend room for every move (down to 70 % of their size). At 480×320, beside
    the Assault's list, its words keep the screen's floor (14 px): the move waiting for its
    die is said, the moves after it give way first."""
    view = view_at("assault", lang)
    screen, _ = rendered(view, size)
    badges = [label.text for label in screen.labels() if label.panel == "board"]
    said = [n for n in ("1", "2", "3") if n in badges]
    assert said == (["1", "2", "3"] if size != (480, 320) else said[:1] + said[1:]), (size, lang)
    assert said[:1] == ["1"], (size, lang)
    floor = 14 if size == (480, 320) else 18
    assert min(label.px for label in screen.labels() if label.panel == "board") >= floor
    inner = pygame.Rect(0, 0, 1000, 800)
    plain, crowded = layout(inner, 6, 21, 7), layout(inner, 6, 21, 7, room=10_000)
    assert crowded.grid.cell == round(plain.grid.cell * 0.7)  # the squares give way, no further
    # squares that would give way under a letter's room: a window of the battlefield instead
    small = layout(pygame.Rect(0, 0, 700, 560), 9, 21, 14, room=10_000).grid
    assert small.windowed and small.cell >= mark_cell(mark_px(9))


def _terrain_view() -> View:
    state, _ = battle_at(MOMENTS["setup"])
    shown = journal.state_json(journal.Played(NORMANDIE, state))
    shown["battlefield"] = {
        **shown["battlefield"],
        "impassable": ["B2"],
        "mass_graves": [
            {"id": "g1", "spaces": ["D2"], "single_use": False},
            {"id": "g2", "spaces": ["F2"], "single_use": True},
        ],
    }
    controller = NormandieController("en")  # its cursor on the grid, as the app shows it
    overlay = {**controller.overlay(state), "cursor": "E2"}  # a window at 480×320 shows it
    return View({**shown, **overlay}, controller.prompt(state), lang="en")


def _mask(
    target: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]
) -> set[tuple[int, int]]:
    return {
        (x - rect.left, y - rect.top)
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if tuple(target.get_at((x, y)))[:3] == colour
    }


@pytest.mark.parametrize("size", [(800, 480), (480, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_impassable_and_mass_graves_are_told_apart_by_shape_and_words(
    size: tuple[int, int],
) -> None:
    view = _terrain_view()
    screen, target = rendered(view, size)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(target, str(SHOTS / f"terrain_en_{size[0]}x{size[1]}.png"))
    grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
    hatched = grid.rect(Space(1, 1))
    assert _colour_near(target, hatched, palette.IMPASSABLE)  # I4: hatched stone
    assert _mask(target, hatched, colours.DIM)  # the hatching lines
    cross = _mask(target, grid.rect(Space(3, 1)), palette.GRAVE)
    ringed = _mask(target, grid.rect(Space(5, 1)), palette.GRAVE)
    assert cross and ringed and cross != ringed  # Z10: X1 is another shape, same colour
    assert not _mask(target, grid.rect(Space(4, 1)), palette.GRAVE)  # open ground between
    words = _board_words(screen)
    assert "Impassable†MassGrave⊕MassGraveX1(usedonce)" in words


def _chapter_1(lines: int, lang: str = "en") -> View:
    """Chapter 1's example journal after ``lines`` lines: 3 tiles by 1, 21 × 7 squares."""
    text = (EXAMPLE.parent / "normandie_chapter1.jsonl").read_text(encoding="utf-8")
    state, _ = replay_game(text.splitlines()[:lines])
    assert isinstance(state, NormandieState)
    controller = NormandieController(lang)
    shown = {**journal.state_json(journal.Played(NORMANDIE, state)), **controller.overlay(state)}
    return View(shown, controller.prompt(state), lang=lang)


def _list_closed(view: View) -> View:
    """``view`` with its list closed: at 480×320 the board steps aside while the Zombie's
    target is asked beside it (the question first), and is drawn whole once answered."""
    return replace(view, prompt=replace(view.prompt, choices=(), selected=None))


GRID_SIZES = [(480, 320), (800, 480), (1920, 1080)]


@pytest.mark.parametrize("size", GRID_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lines", [MOMENTS["assault"], 0])
def test_the_coordinates_are_on_every_edge(lines: int, lang: str, size: tuple[int, int]) -> None:
    """Every line names squares ("D3", "Cursor: U5"): each column's letters are drawn above
    and below it, each row's number left and right of it, read back from what is drawn."""
    view = view_at("assault", lang) if lines else _list_closed(_chapter_1(18, lang))
    screen, _ = rendered(view, size)
    grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
    area, first = grid.area, grid.first  # a window's first square, A1 when all is shown
    drawn = [label for label in screen.marks() if label.panel == "board"]
    for col in range(first.col, first.col + grid.columns):
        rect = grid.rect(Space(col, first.row))
        letters = Space(col, 0).name[:-1]
        above = [x for x in drawn if x.rect.bottom <= area.top and x.rect.left >= rect.left
                 and x.rect.right <= rect.right and x.text == letters]  # fmt: skip
        below = [x for x in drawn if x.rect.top >= area.bottom and x.rect.left >= rect.left
                 and x.rect.right <= rect.right and x.text == letters]  # fmt: skip
        assert len(above) == 1 and len(below) == 1, (letters, size)
    for row in range(first.row, first.row + grid.rows):
        rect = grid.rect(Space(first.col, row))
        number = str(row + 1)
        left = [x for x in drawn if x.rect.right <= area.left and x.rect.top >= rect.top
                and x.rect.bottom <= rect.bottom and x.text == number]  # fmt: skip
        right = [x for x in drawn if x.rect.left >= area.right and x.rect.top >= rect.top
                 and x.rect.bottom <= rect.bottom and x.text == number]  # fmt: skip
        assert len(left) == 1 and len(right) == 1, (number, size)
    shown = Space(first.col + 1, first.row + 2)
    assert screen.space_at(grid.rect(shown).center) == shown.name  # a tap still finds it


# The ink of a unit's letter and of the grid's coordinates, in pixels, on Chapter 1's
# 21 × 7 battlefield (Chapter 3's 21 × 14 has squares of 11 px at 800×480: see the report
# in the legend's layout, the legend keeps its room).
# (a side's letter, a Zombie's label): before, at 800×480 a side's letter was 7 px, "Z3"
# 5 px; at 480×320 (squares of 12 px) 7 and 5 px: now written at 14 px type at least
# there, in shapes grown past their squares, a Zombie's number alone ("3").
LEAST_INK = {(480, 320): (10, 10), (800, 480): (12, 12), (1920, 1080): (30, 24)}
LEAST_COORDINATE = {(480, 320): 7, (800, 480): 12, (1920, 1080): 30}
LEAST_DISC = {(480, 320): 15, (800, 480): 17, (1920, 1080): 40}


@pytest.mark.parametrize("size", GRID_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_unit_letters_and_discs_are_large_enough(size: tuple[int, int]) -> None:
    closed = _list_closed(_chapter_1(18))
    # the cursor above the Sons of Cthulhu: at 480×320 a window of the battlefield round it
    view = replace(closed, state={**closed.state, "cursor": "D1"})
    screen, target = rendered(view, size)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(target, str(SHOTS / f"units_en_{size[0]}x{size[1]}.png"))
    grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
    on_grid = [x for x in screen.marks() if x.panel == "board" and grid.area.contains(x.rect)]
    master = grid.rect(Space(4, 3)).center  # E4: its letter keeps to the triangle's wide part
    sides = [x for x in on_grid if x.text in ("S", "B") and x.box.center != master]
    zombie = [x for x in on_grid if x.box.center == grid.rect(Space(5, 3)).center]  # z3, F4
    soldiers = [unit["space"] for unit in view.state["units"].values()
                if unit["kind"] != "zombies" and unit["space"] != "E4"]  # fmt: skip
    shown = [name for name in soldiers if grid.shows(Space(*_col_row(name)))]
    assert len(shown) >= 2 and (len(shown) == 4) == (size != (480, 320)), size
    assert len(sides) == len(shown) and [x.text for x in zombie] in (["Z3"], ["3"]), size
    one, two = LEAST_INK[size]
    assert min(x.rect.h for x in sides) >= one, size
    assert zombie[0].rect.h >= two, size
    letters = [x for x in on_grid if x.rect.h >= one]  # the units' (badges are smaller)
    for a, b in itertools.combinations(letters, 2):  # shapes may overlap, letters never
        assert not a.rect.colliderect(b.rect), (a.text, b.text, size)
    coordinates = [x for x in screen.marks() if x.panel == "board" and x.text in ("A", "7")]
    assert min(x.rect.h for x in coordinates) >= LEAST_COORDINATE[size], size
    # Derleth's disc at C4, measured across its middle in the Sons of Cthulhu's green
    square = grid.rect(Space(2, 3))
    green = colours.SIDE["sons_of_cthulhu"]
    across = [x for x in range(square.left, square.right)
              if tuple(target.get_at((x, square.top + 2 + square.h // 8)))[:3] == green]  # fmt: skip
    assert across, size
    assert _run(target, square.center, palette.CELL) >= LEAST_DISC[size], size


def _col_row(name: str) -> tuple[int, int]:
    found = parse_space(name)
    assert found is not None, name
    return found.col, found.row


def _run(target: pygame.Surface, centre: tuple[int, int], ground: Colour) -> int:
    """The width of what is drawn across ``centre`` before the ground shows either side."""
    x, y = centre
    left = right = x
    while tuple(target.get_at((left - 1, y)))[:3] != ground:
        left -= 1
    while tuple(target.get_at((right + 1, y)))[:3] != ground:
        right += 1
    return right - left + 1


def _two_on_one_segment(lang: str = "en") -> View:
    """Two Zombies still to come walking the same squares, K4 → L4 → M4."""
    view = _chapter_1(8, lang)
    moves = [
        {"zombie": "z1", "from": "J4", "to": "M4", "path": ["K4", "L4", "M4"], "target": None},
        {"zombie": "z2", "from": "K4", "to": "N4", "path": ["L4", "M4", "N4"], "target": None},
    ]
    return View({**view.state, "preview": moves}, view.prompt, lang=lang)


def test_two_zombies_on_one_segment_are_told_apart_and_numbered_where_they_end() -> None:
    view = _two_on_one_segment()
    screen, target = rendered(view, (800, 480))
    pygame.image.save(target, str(SHOTS.parent / "shared_segment_800x480.png"))
    grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
    first, second = palette.path_colour(1), palette.path_colour(2)
    assert first != second
    shared = grid.rect(Space(11, 3)).union(grid.rect(Space(12, 3)))  # L4 and M4
    assert _mask(target, shared, first) and _mask(target, shared, second)
    numbers = {
        x.text: x
        for x in screen.marks()
        if x.panel == "board" and x.text in "12" and x.rect.colliderect(grid.area)
    }
    ends = {"1": grid.rect(Space(12, 3)), "2": grid.rect(Space(13, 3))}  # M4, N4
    for number, end in ends.items():  # each number on its path's last square's corner
        x, y = numbers[number].rect.center
        assert abs(x - end.left) + abs(y - end.top) <= grid.cell // 2, number
        assert _colour_near(target, numbers[number].rect.inflate(4, 4), palette.path_colour(
            int(number)))  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", GRID_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_move_numbers_are_read_at_the_letters_size(size: tuple[int, int], lang: str) -> None:
    """Each move's number where its path ends was about 5 px of ink at 480×320 (type of
    10 px in a disc of 14): now at 14 px type at least, its disc grown to hold it, clear of
    the coordinates and of the units' letters."""
    segment = _two_on_one_segment(lang)  # the cursor beside it: a window at 480×320 shows it
    segment = replace(segment, state={**segment.state, "cursor": "L5"})
    for view in (view_at("assault", lang), segment):
        screen, target = rendered(view, size)
        pygame.image.save(target, str(SHOTS / f"badges_{lang}_{size[0]}x{size[1]}.png"))
        grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
        marks = [x for x in screen.marks() if x.panel == "board"]
        badges = [x for x in marks if x.text.isdigit() and x.box.w > 1.5 * grid.cell]
        assert badges, size
        assert min(x.px for x in badges) >= 14 and min(x.rect.h for x in badges) >= 10, size
        others = [x for x in marks if x not in badges]
        assert not [(a.text, b.text) for a in badges for b in others if a.rect.colliderect(b.rect)]


@pytest.mark.parametrize("size", GRID_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_unit_on_a_mass_grave_leaves_its_sign_seen(size: tuple[int, int]) -> None:
    view = _chapter_1(8)
    state = {**view.state}
    state["battlefield"] = {
        **state["battlefield"],
        "mass_graves": [{"id": "g1", "spaces": ["L4"], "single_use": False}],
    }
    # z1 stands at L4; the list closed, as the grid is drawn whole once a placement is answered
    shown = _list_closed(View(state, view.prompt, lang="en"))
    screen, target = rendered(shown, size)
    pygame.image.save(target, str(SHOTS / f"grave_under_unit_{size[0]}x{size[1]}.png"))
    grid = panel_layout(screen.regions.board, screen.regions.pad, state).grid
    square = grid.rect(Space(11, 3))
    corner = pygame.Rect(square.center, square.size)  # Z10's cross, at the unit's corner
    assert _mask(target, corner, palette.GRAVE), size
    letter = next(x for x in screen.marks() if x.box.center == square.center)
    assert len(_mask(target, corner, palette.GRAVE)) >= 4 and not _mask(
        target, letter.rect, palette.GRAVE)  # fmt: skip


@pytest.mark.parametrize("size", GRID_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mass_grave_under_a_unit_is_signed_at_its_corner_only(
    lang: str, size: tuple[int, int]
) -> None:
    """Chapter 1's Master placed on the altar at E4, a Mass Grave X1 (Z10): the grave's
    ringed cross is not also drawn under the triangle, whose sides left the ring showing as
    a halo round it; the sign at the triangle's corner says the grave is there."""
    view = _chapter_1(4, lang)  # the Master just placed, the setup's list open beside
    screen, target = rendered(view, size)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(target, str(SHOTS / f"grave_under_master_{lang}_{size[0]}x{size[1]}.png"))
    grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
    assert view.state["units"]["master"]["space"] == "E4" and grid.shows(Space(4, 3))
    square = grid.rect(Space(4, 3))
    upper = pygame.Rect(square.topleft, (square.w, square.h // 2))  # the triangle's sides
    assert not _mask(target, upper, palette.GRAVE), size
    corner = pygame.Rect(square.center, square.size)
    assert len(_mask(target, corner, palette.GRAVE)) >= 4, size


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("moment", ["setup", "assault", "done"])
def test_chapter_3_at_480x320_is_a_window_with_letters_at_14px(moment: str, lang: str) -> None:
    """Chapter 3's 21 × 14 at 480×320 had squares of 7 or 8 px: no letter at all, and its
    coordinates at 6 px. The screen shows a window of it round what matters now (the
    cursor, the Assault waiting for its die, the last move), squares of 18 px at least,
    each unit's letter at 14 px type (a capital's ink 10 px tall), its coordinates at 14
    px; the legend says which part is shown."""
    view = view_at(moment, lang)
    screen, target = rendered(view, (480, 320))
    pygame.image.save(target, str(SHOTS / f"chapter3_window_{moment}_{lang}_480x320.png"))
    grid = panel_layout(screen.regions.board, screen.regions.pad, view.state).grid
    assert grid.windowed and grid.cell >= mark_cell(14) == 18 and grid.whole == (21, 14)
    assert grid.columns >= 8 and grid.rows >= 5
    wanted = {"setup": "A7", "assault": "J8", "done": "R9"}[moment]  # cursor, strike, last end
    assert grid.shows(Space(*_col_row(wanted)))
    marks = [x for x in screen.marks() if x.panel == "board"]
    edges = [x for x in marks if not grid.area.colliderect(x.rect)]
    shown = [Space(*_col_row(u["space"])) for u in view.state["units"].values()]
    squares = {grid.rect(s).center for s in shown if grid.shows(s)}
    # a letter's box is its unit's shape; a badge's is wider, round the corner it sits on
    letters = [x for x in marks if x.box.center in squares and x.box.w <= 1.5 * grid.cell]
    assert len(letters) == len(squares) >= 1
    assert min(x.rect.h for x in letters) >= 10  # a capital's ink at 14 px type
    assert min(x.px for x in edges) >= 14
    words = _board_words(screen)
    first, last = grid.first, grid.spaces()[-1]
    part = {
        "en": f"Shown:{first.name[0]}–{last.name[0]}×",
        "ja": f"表示：{first.name[0]}〜{last.name[0]}×",
    }
    assert part[lang] in words


# Four tiles by three: 28 × 21 squares, columns named up to AB and rows numbered up to 21.
FOUR_BY_THREE = json.dumps({
    "type": "nz_new_battle", "tiles": {"columns": 4, "rows": 3},
    "players": ["sons_of_cthulhu", "black_sun"], "initiative": "sons_of_cthulhu",
    "zombies": {"z1": 3},
})  # fmt: skip
# The floor of the grid's marks (tests/device/test_every_screen.py LEAST_PX).
MARK_FLOOR = {(480, 320): 14, (800, 480): 18, (1920, 1080): 28}


@pytest.mark.parametrize("size", GRID_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_two_letter_columns_and_rows_past_19_keep_the_marks_floor(size: tuple[int, int]) -> None:
    """A column past Z is named by two letters ("AB") and a row past 19 by a wider number:
    at 1920×1080 "AA" and "AB" were set at 22 px, under the 28 px floor, to fit squares
    sized for one letter. The squares and the band grow for them (a window where the
    whole would not hold them); the cursor in the far corner, both are drawn."""
    state, _ = replay_game([FOUR_BY_THREE])
    assert isinstance(state, NormandieState)
    controller = NormandieController("en")
    shown = {**journal.state_json(journal.Played(NORMANDIE, state)), **controller.overlay(state)}
    view = _list_closed(View({**shown, "cursor": "AB21"}, controller.prompt(state), lang="en"))
    screen, target = rendered(view, size)
    pygame.image.save(target, str(SHOTS / f"four_by_three_{size[0]}x{size[1]}.png"))
    marks = [x for x in screen.marks() if x.panel == "board"]
    assert {"AA", "AB", "20", "21"} <= {x.text for x in marks}, size
    assert min(x.px for x in marks) >= MARK_FLOOR[size], size
