"""The battlefield's colours and tile size, shared by the screen (``shapes``) and the phone
page (``web``); plain values, so the phone view needs no pygame for them."""

from __future__ import annotations

from display import colours
from display.colours import Colour

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
TILE = 7  # spaces per tile side: tile edges are drawn thicker
