"""The battlefield's colours and tile size, shared by the screen (``shapes``) and the phone
page (``web``); plain values, so the phone view needs no pygame for them."""

from __future__ import annotations

from display.ink import colours
from display.ink.colours import Colour

SIDE_COLOURS: dict[str, Colour] = colours.SIDE
ZOMBIES_COLOUR: Colour = colours.ZOMBIES
NO_SIDE: Colour = (128, 128, 128)
IMPASSABLE: Colour = (70, 62, 56)
CELL: Colour = (36, 42, 54)
GRID_LINE: Colour = (58, 66, 82)
TILE_LINE: Colour = (120, 130, 150)
PLANNED: Colour = colours.ACCENT
DONE: Colour = colours.WARNING
STRIKE: Colour = colours.BAD
DOOR: Colour = (230, 40, 40)
GRAVE: Colour = (200, 200, 210)
# Each Zombie's path in its own colour (the n-th move in the n-th, round again after the
# last), none of them a side's, the Zombies', the strike's red or the cursor's yellow, so
# two paths on one segment are told apart; dashed or solid still says planned or made.
PATHS: tuple[Colour, ...] = colours.PATHS


def path_colour(number: int) -> Colour:
    """The colour of the ``number``-th move's path (1 is the first), its badge and legend chip."""
    return PATHS[(number - 1) % len(PATHS)]


TILE = 7  # spaces per tile side: tile edges are drawn thicker
