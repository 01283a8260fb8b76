"""Key states at every size and in both languages: labels fit, nothing overlaps, prompt shown.

The PNGs land in tests/output/screens/ (gitignored) to be looked at: they are the product.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from display.layout.canvas import Label
from display.screen.screen import Screen
from display.view import View
from rules.text import LANGUAGES, render, render_fragment, text, use_printed_names
from tests.display.conftest import SIZES, surface
from tests.display.samples import SAMPLES, sample


def _render(view: View, size: tuple[int, int]) -> tuple[Screen, pygame.Surface]:
    target = surface(size)
    screen = Screen(target)
    screen.render(view)
    return screen, target


def _squashed(words: str) -> str:
    return "".join(words.split())


def _panel_text(screen: Screen, panel: str) -> str:
    return "".join(_squashed(label.text) for label in screen.labels() if label.panel == panel)


def _overlaps(labels: list[Label]) -> list[tuple[str, str]]:
    return [
        (a.text, b.text)
        for a, b in itertools.combinations(labels, 2)
        if a.panel == b.panel and a.rect.colliderect(b.rect)
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(SAMPLES))
def test_every_label_fits_its_box(
    name: str, lang: str, size: tuple[int, int], screens_dir: Path
) -> None:
    view = sample(name, lang)
    screen, target = _render(view, size)
    pygame.image.save(target, str(screens_dir / f"{name}_{lang}_{size[0]}x{size[1]}.png"))
    labels = screen.labels()
    panels = screen.regions.panels()
    assert labels
    assert [label.text for label in labels if label.truncated] == []
    for label in labels:
        assert label.box.contains(label.rect), (
            f"{label.text!r} leaves its box {label.box}: {label.rect}"
        )
        assert panels[label.panel].contains(label.rect), (
            f"{label.text!r} leaves panel {label.panel}"
        )
    assert _overlaps(labels) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", [n for n in SAMPLES if not sample(n, "en").prompt.choices])
def test_with_no_list_the_board_never_steps_aside(name: str, size: tuple[int, int]) -> None:
    """With no list beside it the board is what the table reads: a small screen's board
    too dense for its floor widens, takes the bars' room or keeps the scale's floor, but
    is drawn (the Dreamlands' board once went, leaving the question alone)."""
    screen, _ = _render(sample(name, "en"), size)
    assert any(label.panel == "board" for label in screen.labels()), size


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(SAMPLES))
def test_no_text_under_18px_at_800x480(name: str, lang: str) -> None:
    screen, _ = _render(sample(name, lang), (800, 480))
    assert min(label.px for label in screen.labels()) >= 18


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(SAMPLES))
def test_prompt_title_is_on_screen_and_biggest(name: str, lang: str, size: tuple[int, int]) -> None:
    view = sample(name, lang)
    screen, _ = _render(view, size)
    assert _squashed(render(view.prompt.title, lang)) in _panel_text(screen, "prompt")
    title_px = max(label.px for label in screen.labels() if label.panel == "prompt")
    # (on a small screen the board may have stepped aside for the list: no words there)
    board = [label.px for label in screen.labels() if label.panel == "board"]
    assert title_px >= max(board, default=0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refused_input_is_shown_in_words(lang: str) -> None:
    view = sample("refused", lang)
    assert view.status.error is not None
    screen, _ = _render(view, (800, 480))
    assert _squashed(render_fragment(view.status.error, lang)) in _panel_text(screen, "prompt")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_states_are_in_words_not_colour_alone(lang: str) -> None:
    from rules.text import translate

    screen, _ = _render(sample("tomes_overdue", lang), (800, 480))
    board = _panel_text(screen, "board")
    for key in (
        "screen.overdue",
        "screen.face_down",
        "screen.silence_held",
        "screen.silence_spent",
    ):
        assert _squashed(translate(key, lang)) in board


def test_dreamlands_shows_bhole_zoogs_citadels_and_the_warning() -> None:
    screen, _ = _render(sample("dreamlands", "en"), (800, 480))
    board = _panel_text(screen, "board")
    assert "Celephaïs" in board  # a configured printed name (D4)
    assert _squashed("Citadel 4") in board  # an unnamed Citadel by its label
    assert _squashed("3 Zoogs") in board  # D14
    assert _squashed("Yellow Sign: 3 of 4 Surface Citadels") in board  # D5
    assert _squashed("Bhole: Underworld Citadel 4") in board  # D8


def test_the_owners_names_are_given_once_and_the_board_says_them() -> None:
    """The names the owner's boards print reach the screen one way: set once in the
    catalogue, as the program does at its start (D4); the View carries none. The Citadel's
    line says it beside its label, as the sentences do."""
    view = sample("dreamlands", "en")
    use_printed_names({"surface_citadel_4": "Sarkomand"})
    screen, _ = _render(view, (800, 480))
    board = _panel_text(screen, "board")
    assert "Sarkomand" in board and _squashed("Underworld Citadel 4") in board  # the Bhole's
    said = render(text("screen.sample.split", faction="sleeper", n=2, area="surface_citadel_4"))
    assert said.endswith("in Sarkomand")
