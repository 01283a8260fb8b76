"""The window's icon: the one pygame's set_mode gives a window when none was set, read from
pygame's file without the resource lookup (importlib.resources and zipfile) it costs a start."""

from __future__ import annotations

import sys

import pygame
import pytest
from pygame import pkgdata

from device.companion.runtime import pygames_icon


@pytest.mark.skipif(sys.platform == "darwin", reason="pygame sets another icon on macOS")
def test_the_icon_is_pygames_own_with_its_clear_colour() -> None:
    ours = pygames_icon()
    assert ours is not None
    found = pkgdata.getResource("pygame_icon.bmp")  # how set_mode finds it
    try:
        theirs = pygame.image.load_basic(found.name)
    finally:
        found.close()
    assert ours.get_size() == theirs.get_size()
    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(theirs, "RGB")
    # set_mode makes the pixel value 0 transparent (SDL_SetColorKey(icon, SDL_TRUE, 0))
    assert ours.get_colorkey() == tuple(theirs.unmap_rgb(0))
    assert theirs.get_colorkey() is None
