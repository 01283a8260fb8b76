"""The Normandie battlefield on the screen: the grid, taps on squares, arrows and their words.

States come from the example journal of Chapter 3 replayed to a few moments, with the
controller's overlay (cursor, planned moves) as the app adds it. PNGs go to
tests/output/normandie/screens/ to be looked at.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from device.normandie.controller import NormandieController
from display import colours
from display.cthulhu_wars.panels import PANELS
from display.normandie import shapes
from display.normandie.grid import layout, panel_layout
from display.screen import Screen
from display.view import View
from rules import journal
from rules.normandie.battlefield import Space
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
    labels = screen.labels()
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
        assert _colour_near(target, grid.rect(Space(9, 5)), shapes.DONE), name
    assert _colour_near(target, grid.rect(Space(9, 7)), shapes.STRIKE)
    # z3 still to come, dashed in the planned colour from R12 toward the Novices.
    assert _colour_near(target, grid.rect(Space(17, 10)), shapes.PLANNED)


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
    space = Space(data.draw(st.integers(0, columns - 1)), data.draw(st.integers(0, rows - 1)))
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
    give the legend room for every move (down to 70 % of their size)."""
    view = view_at("assault", lang)
    screen, _ = rendered(view, size)
    badges = [label.text for label in screen.labels() if label.panel == "board"]
    assert [n for n in ("1", "2", "3") if n in badges] == ["1", "2", "3"], (size, lang)
    inner = pygame.Rect(0, 0, 700, 560)
    plain, crowded = layout(inner, 9, 21, 14), layout(inner, 9, 21, 14, room=10_000)
    assert crowded.grid.cell == round(plain.grid.cell * 0.7)  # the squares give way, no further


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
    return View({**shown, **controller.overlay(state)}, controller.prompt(state), lang="en")


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
    assert _colour_near(target, hatched, shapes.IMPASSABLE)  # I4: hatched stone
    assert _mask(target, hatched, colours.DIM)  # the hatching lines
    cross = _mask(target, grid.rect(Space(3, 1)), shapes.GRAVE)
    ringed = _mask(target, grid.rect(Space(5, 1)), shapes.GRAVE)
    assert cross and ringed and cross != ringed  # Z10: X1 is another shape, same colour
    assert not _mask(target, grid.rect(Space(4, 1)), shapes.GRAVE)  # open ground between
    words = _board_words(screen)
    assert "Impassable†MassGrave⊕MassGraveX1(usedonce)" in words
