"""The palette: light type on a near-black ground, for a dim table.

Faction colours only ever mark a swatch beside the faction's name; every state
(Silence held, Overdue, face down, current phase) is also drawn as a shape and said
in words, so nothing depends on telling colours apart.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

BACKGROUND: Colour = (12, 14, 20)
PANEL: Colour = (26, 30, 40)
PANEL_EDGE: Colour = (70, 78, 96)
TEXT: Colour = (245, 245, 240)
DIM: Colour = (175, 180, 190)  # still > 9:1 against PANEL
TITLE: Colour = (255, 236, 150)  # the prompt: the brightest thing on screen
ACCENT: Colour = (120, 200, 255)
LIT: Colour = (255, 220, 90)  # current phase, selected choice
LIT_TEXT: Colour = (10, 10, 10)
WARNING: Colour = (255, 170, 40)
ERROR_BG: Colour = (150, 20, 20)
ERROR_TEXT: Colour = (255, 255, 255)
GOOD: Colour = (90, 210, 120)
BAD: Colour = (255, 90, 80)
CHIP: Colour = (52, 58, 74)
OVERDUE_BG: Colour = (120, 60, 0)
KEYCAP: Colour = (225, 228, 235)
KEYCAP_TEXT: Colour = (10, 10, 10)

FACTION: dict[str, Colour] = {
    "great_cthulhu": (40, 170, 70),
    "crawling_chaos": (45, 110, 235),
    "black_goat": (210, 40, 40),
    "yellow_sign": (245, 205, 35),
    "opener_of_the_way": (155, 85, 210),
    "sleeper": (245, 135, 30),
    "windwalker": (230, 235, 245),
    "ancients": (20, 130, 120),
    "tcho_tcho": (150, 95, 50),
    "daemon_sultan": (200, 40, 150),
    "bubastis": (245, 155, 195),
}
UNKNOWN_FACTION: Colour = (128, 128, 128)

# Shadows over Normandie's sides and its Zombies, beside the factions: the phone page's
# palette (display/web/html.py) names every game's colours from this one module.
SIDE: dict[str, Colour] = {
    "sons_of_cthulhu": (60, 170, 90),
    "black_sun": (215, 60, 50),
    "majestic": (70, 120, 235),
}
ZOMBIES: Colour = (175, 190, 120)
# Each Zombie's move on the battlefield in its own colour (display/normandie/palette.py):
# its path, its number and its legend chip, on the screen and on the phones alike.
PATHS: tuple[Colour, ...] = (
    WARNING,  # orange
    ACCENT,  # sky blue
    (240, 110, 225),  # magenta
    (240, 240, 240),  # white
    (80, 225, 200),  # aqua
    (165, 135, 255),  # violet
)


def faction(faction_id: str) -> Colour:
    return FACTION.get(faction_id, UNKNOWN_FACTION)
