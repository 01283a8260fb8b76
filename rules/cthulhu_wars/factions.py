"""The factions of Cthulhu Wars (T3)."""

from __future__ import annotations

# T3: ids in the companion, with the short codes players write on score pads.
FACTION_CODES: dict[str, str] = {
    "great_cthulhu": "GC",
    "crawling_chaos": "CC",
    "black_goat": "BG",
    "yellow_sign": "YS",
    "opener_of_the_way": "OW",
    "sleeper": "SL",
    "windwalker": "WW",
    "ancients": "AN",
    "tcho_tcho": "TT",
    "daemon_sultan": "DS",
    "bubastis": "BB",
}
FACTIONS: tuple[str, ...] = tuple(FACTION_CODES)

GREAT_CTHULHU = "great_cthulhu"  # K2: may claim round 1's First Player
OPENER = "opener_of_the_way"
# D6, D17: the Great Old One of Opener of the Way, the one unit a Gate's controller may name.
YOG_SOTHOTH = "yog_sothoth"

MIN_PLAYERS = 3  # T4
MAX_PLAYERS = 5  # T4


def is_faction(name: object) -> bool:
    return isinstance(name, str) and name in FACTION_CODES
