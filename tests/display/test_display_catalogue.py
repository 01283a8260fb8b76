"""Every screen word exists in both languages and every character is in the bundled font."""

from __future__ import annotations

import pygame
import pytest

from display import words as section
from display.ink import icons, typeface
from display.layout import flow
from display.view import BUTTONS, Hint, Status
from rules.text import catalogue, lookup, text


def test_both_languages_have_the_same_screen_keys() -> None:
    assert set(section.EN) == set(section.JA)


@pytest.mark.parametrize("button", BUTTONS)
def test_every_button_has_a_name(button: str) -> None:
    for lang in ("en", "ja"):
        assert lookup(f"screen.button.{button}", lang) != f"screen.button.{button}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_font_draws_every_character_of_the_catalogue(lang: str) -> None:
    """No empty boxes: checks every section, since the screen draws them all."""
    every_char = "".join(sorted(set("".join(catalogue(lang).values()))))
    assert typeface.missing_glyphs(every_char + "…–()") == set()


def test_the_font_and_its_licence_are_bundled() -> None:
    assert typeface.FONT_PATH.is_file()
    assert "SIL OPEN FONT LICENSE Version 1.1" in typeface.LICENCE_PATH.read_text(encoding="utf-8")


def test_shapes_used_are_known() -> None:
    assert {
        "disc",
        "ring",
        "warning",
        "face_down",
        "arrow",
        "cross",
        "check",
        "swatch",
    } <= icons.NAMES


def test_bad_buttons_and_reader_states_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown button"):
        Hint("fire", text("screen.sample.hint_choose"))
    with pytest.raises(ValueError, match="unknown reader state"):
        Status(reader="unplugged")  # type: ignore[arg-type]


@pytest.mark.parametrize("px", range(10, 61))
def test_the_dash_of_a_citadel_is_drawn_at_every_size(px: int) -> None:
    """ "Citadel 5–6" never reads "5 6": where the face draws the en dash blank, the hyphen
    stands in for it (a glyph used has a face that draws it)."""
    typeface.init()
    image = flow.rendered("5–6", px, (255, 255, 255))
    digits = flow.rendered("56", px, (255, 255, 255))
    lit = pygame.mask.from_surface(image).count()
    assert lit > pygame.mask.from_surface(digits).count(), px
