"""The Screen object: dirty regions, touch hit-testing, screenshots, a replayed journal."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from display.screen.screen import Screen
from display.screen.screenshot import save_screenshot
from display.screen.size import parse_size
from display.view import Prompt, Status, View
from rules import journal
from rules.cthulhu_wars.game import CTHULHU_WARS
from rules.text import LANGUAGES, render, text
from tests.display.conftest import surface
from tests.display.samples import sample
from tests.parsing import replay_game

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"


def _screen(view: View, size: tuple[int, int] = (800, 480)) -> Screen:
    screen = Screen(surface(size))
    screen.render(view)
    return screen


def _dirty_panels(screen: Screen, view: View) -> set[str]:
    rects = screen.render(view)
    panels = screen.regions.panels()
    return {name for name, rect in panels.items() if rect in rects}


def test_first_render_draws_everything_and_an_unchanged_view_nothing() -> None:
    view = sample("agony_split")
    screen = Screen(surface())
    assert _dirty_panels(screen, view) == set(screen.regions.panels())
    assert screen.render(view) == []
    assert screen.render(sample("agony_split")) == []  # equal, not identical, views


def test_moving_the_selection_redraws_only_the_prompt() -> None:
    view = sample("agony_split")
    screen = _screen(view)
    moved = dataclasses.replace(view, prompt=dataclasses.replace(view.prompt, selected=2))
    assert _dirty_panels(screen, moved) == {"prompt"}


def test_a_phase_change_redraws_the_header_only() -> None:
    view = sample("doom_tokens")
    screen = _screen(view)
    state = {**view.state, "phase": "action"}
    assert _dirty_panels(screen, dataclasses.replace(view, state=state)) == {"header"}


def test_a_state_dict_changed_in_place_is_still_redrawn() -> None:
    view = sample("doom_tokens")
    screen = _screen(view)
    view.state["silence"]["great_cthulhu"] = False  # type: ignore[index]
    assert _dirty_panels(screen, view) == {"board"}


def test_status_and_language_changes() -> None:
    view = sample("new_game")
    screen = _screen(view)
    saving = dataclasses.replace(view, status=Status(saved=False))
    assert _dirty_panels(screen, saving) == {"status"}
    refused = dataclasses.replace(
        saving, status=Status(saved=False, error=text("error.nothing_to_undo"))
    )
    assert _dirty_panels(screen, refused) == {"prompt"}
    assert _dirty_panels(screen, dataclasses.replace(refused, lang="ja")) == set(
        screen.regions.panels()
    )


def test_switching_map_relays_the_whole_screen() -> None:
    screen = _screen(sample("new_game"))
    assert _dirty_panels(screen, sample("dreamlands")) == set(screen.regions.panels())


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080), (720, 1280)])
def test_tapping_a_choice_finds_it(size: tuple[int, int]) -> None:
    view = sample("agony_split")
    screen = _screen(view, size)
    rows = [label.rect for label in screen.labels() if label.panel == "prompt"]
    found = {screen.choice_at(rect.center) for rect in rows} - {None}
    assert found == set(screen.shown_choices()) and found  # those drawn beside the result
    bare = _screen(dataclasses.replace(view, prompt=dataclasses.replace(view.prompt, result=None)),
                   size)  # fmt: skip
    rows = [label.rect for label in bare.labels() if label.panel == "prompt"]
    found = {bare.choice_at(rect.center) for rect in rows} - {None}
    assert found == set(range(len(view.prompt.choices)))
    assert screen.choice_at((2, 2)) is None  # the header


def test_a_prompt_without_choices_has_nothing_to_tap() -> None:
    screen = _screen(sample("new_game"))
    width, height = screen.surface.get_size()
    assert all(
        screen.choice_at((x, y)) is None for x in range(0, width, 40) for y in range(0, height, 40)
    )


def test_a_long_menu_shows_a_window_around_the_selection() -> None:
    view = sample("refused")
    choices = tuple(
        dataclasses.replace(view.prompt.choices[0], label=text(f"area.{area}"))
        for area in (
            "floating_tower",
            "byakhiary",
            "horrorium",
            "fountain",
            "yr_and_the_nhhngr",
            "gloomloft",
            "cursed_hall",
            "oubliette",
            "blue_hall",
            "red_hall",
            "black_hall",
            "porphyr_hall",
            "hyperquarium",
        )
    )
    prompt = Prompt(view.prompt.title, choices, selected=9, hints=view.prompt.hints)
    screen = _screen(dataclasses.replace(view, prompt=prompt))
    shown = set(screen.shown_choices())
    assert 9 in shown and len(shown) < len(choices)
    assert not any(label.truncated for label in screen.labels())
    words = " ".join(label.text for label in screen.labels() if label.panel == "prompt")
    assert "more" in words


def test_screenshot_writes_a_png_of_the_size_asked(tmp_path: Path) -> None:
    target = save_screenshot(
        sample("tomes_overdue", "ja"), tmp_path / "deep" / "shot.png", (1024, 600)
    )
    assert pygame.image.load(str(target)).get_size() == (1024, 600)


@pytest.mark.parametrize("bad", ["800", "x480", "800x", "0x480", "800x-1", "wide"])
def test_a_bad_size_is_a_clear_error(bad: str) -> None:
    with pytest.raises(ValueError, match="800x480"):
        parse_size(bad)


def test_parse_size() -> None:
    assert parse_size("1920X1080") == (1920, 1080)


@pytest.mark.parametrize("example", ["celaeno_e1.jsonl", "celaeno_e2.jsonl"])
def test_a_replayed_journal_renders(example: str) -> None:
    """The state JSON the rules engine prints is what the screen draws."""
    state, events = replay_game((EXAMPLES / example).read_text(encoding="utf-8").splitlines())
    assert state is not None
    view = View(
        journal.state_json(journal.Played(CTHULHU_WARS, state)),
        Prompt(text("screen.sample.action"), result=text("device.result", events=events[-3:])),
        Status(),
    )
    for lang in ("en", "ja"):
        screen = _screen(dataclasses.replace(view, lang=lang))
        assert not any(label.truncated for label in screen.labels())


AREAS = ("floating_tower", "byakhiary", "horrorium", "fountain", "yr_and_the_nhhngr",
         "gloomloft", "cursed_hall", "oubliette", "blue_hall", "red_hall")  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_result_too_long_for_the_list_is_said_in_the_historys_words(lang: str) -> None:
    """A result that leaves a long list no room is said in brief (the History's line of
    the command), never dropped for a line pointing to the History (issue 50, item 5)."""
    view = sample("refused", lang)
    choices = tuple(
        dataclasses.replace(view.prompt.choices[0], label=text(f"area.{area}")) for area in AREAS
    )
    result = text("device.result", events=[text(f"area.{area}") for area in AREAS * 4])
    brief = text("event.gate_abandoned", area="horrorium")
    prompt = Prompt(view.prompt.title, choices, 0, view.prompt.hints, result, brief=brief)
    screen = _screen(dataclasses.replace(view, prompt=prompt, status=Status()), (480, 320))
    words = "".join("".join(label.text.split()) for label in screen.labels())
    assert "".join(render(brief, lang).split()) in words
    assert len(screen.shown_choices()) >= 3
