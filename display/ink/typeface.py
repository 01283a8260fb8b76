"""The one bundled typeface, loaded from the package at any pixel size.

BIZ UDPGothic Bold (SIL OFL 1.1, licence in display/ink/fonts/OFL.txt) covers Latin and
Japanese, and was designed for legibility; the bold weight holds up in dim light at
arm's length, so the screen uses it for everything and makes hierarchy with size and
colour. Only ``pygame.font`` is initialised here (never the mixer).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

FONT_PATH = Path(__file__).with_name("fonts") / "BIZUDPGothic-Bold.ttf"
LICENCE_PATH = Path(__file__).with_name("fonts") / "OFL.txt"


def init() -> None:
    """Initialise the one pygame module drawing needs: fonts (never the mixer).

    The display module is the app's to initialise when it opens a window; drawing on
    an off-screen Surface (screenshots, tests) needs no video device at all.
    """
    if not pygame.font.get_init():
        pygame.font.init()


def font(px: int) -> pygame.font.Font:
    """The typeface at ``px`` pixels (em size); cached, so layout can measure freely."""
    face = _FONTS.get(px)
    if face is None:
        init()
        if not _FONTS:
            # pygame.quit() invalidates every Font made before: forget them then, so that a
            # companion started again in the same process (the fuzzers do) draws again.
            pygame.register_quit(_FONTS.clear)
        face = _FONTS[px] = pygame.font.Font(str(FONT_PATH), max(1, px))
    return face


_FONTS: dict[int, pygame.font.Font] = {}


# Glyphs the face's hinting draws blank at some sizes (the en dash at 13 px: "堅砦1 2",
# "Citadel 5 6"), and what stands in for them there: the hyphen, drawn at every size.
STAND_INS = {"–": "-"}


def drawable(text: str, px: int) -> str:
    """``text`` as it is drawn at ``px``: a glyph the face draws blank there stood in for."""
    for char, stand_in in STAND_INS.items():
        if char in text and blank(char, px):
            text = text.replace(char, stand_in)
    return text


@cache
def blank(char: str, px: int) -> bool:
    """Whether ``char`` at ``px`` draws no pixel a reader would see."""
    image = font(px).render(char, True, (255, 255, 255))
    return pygame.mask.from_surface(image).count() == 0


def missing_glyphs(text: str) -> set[str]:
    """Characters of ``text`` the typeface cannot draw (they would show as empty boxes)."""
    face = font(20)
    return {char for char, metric in zip(text, face.metrics(text), strict=True) if metric is None}
