"""The Dreamlands: the Surface and the Underworld, each with a 3- and a 5-player side (D1).

What is known and what is not (RULES.md, D4):

- Known: each board has four Citadels labelled 1–2, 3, 4 and 5–6 (D4);
  four tunnel Areas lettered A–D per board (D3); the Vale of Pnath is on the Underworld
  (D7); an Area whose name contains "Sea" is an ocean Area (D2, applied to every name
  below); Leng (Surface) and the Plain of the Ghouls (Underworld) carry tunnel B; Zura
  (Surface) is a tunnel Area linked to the Ruins of Karoth (Underworld).
- NOT verified: which printed Area carries which Citadel label. Citadels are therefore
  Areas of their own, named by board and label (``surface_citadel_1_2`` …), and the
  owner of the boards gives each its printed name in the configuration. Celephaïs
  (Surface) and the Vaults of Zin (Underworld) are known to be Citadels, so they are
  not listed as separate Areas: they are among the ``*_citadel_*`` Areas.
- NOT verified: the letter of the Zura / Ruins of Karoth tunnel (A here), and which
  Areas carry tunnels C and D (here the Enchanted Wood / Tower of Koth and Sarkomand /
  Vale of Pnath, the passages of Lovecraft's *Dream-Quest*, not read off the boards).
- NOT verified: which Areas each side leaves out. Both sides of a board list the same
  Areas here; the rules the companion runs only use the Citadels and the Vale, which
  both sides have.
- The spellings of the names are unverified.
"""

from __future__ import annotations

from rules.cthulhu_wars.maps.spec import Area, MapSpec, area_id

BOARDS: tuple[str, str] = ("surface", "underworld")
VALE_OF_PNATH = "vale_of_pnath"  # D7: the Bhole's home

# D4: the labels, and the d6 values each one answers to.
CITADEL_LABELS: dict[str, tuple[int, ...]] = {"1_2": (1, 2), "3": (3,), "4": (4,), "5_6": (5, 6)}
_BOARD_TITLES = {"surface": "Surface", "underworld": "Underworld"}

# The named Areas other than the Citadels, with their tunnel letters (see above for what
# is verified). Sea is not written here: D2 derives it from the name.
_NAMED_AREAS: dict[str, tuple[tuple[str, str | None], ...]] = {
    "surface": (
        ("Sunken Sea", None),
        ("Enchanted Wood", "C"),  # tunnel letter unverified
        ("Leng", "B"),
        ("Zura", "A"),  # tunnel verified, letter unverified
        ("Sarkomand", "D"),  # tunnel letter unverified
        ("Kadath", None),
    ),
    "underworld": (
        ("Vale of Pnath", "D"),  # tunnel letter unverified
        ("Ruins of Karoth", "A"),  # tunnel verified, letter unverified
        ("Tower of Koth", "C"),  # tunnel letter unverified
        ("Plain of the Ghouls", "B"),
        ("Sea of Pitch", None),
    ),
}


def citadel_id(board: str, label: str) -> str:
    """D4: ``("surface", "1_2")`` → ``surface_citadel_1_2``."""
    return f"{board}_citadel_{label}"


def citadel_for_roll(board: str, value: int) -> str:
    """D4: the one Citadel of ``board`` whose label shows the d6 ``value``."""
    (label,) = [label for label, values in CITADEL_LABELS.items() if value in values]
    return citadel_id(board, label)


def citadels(board: str) -> tuple[str, ...]:
    return tuple(citadel_id(board, label) for label in CITADEL_LABELS)


def is_sea(name: str) -> bool:
    """D2: "Sea" in the name, or "(Sea)" after it."""
    return "Sea" in name.split() or "(Sea)" in name


def _citadel(board: str, side: int, label: str) -> Area:
    name = f"{_BOARD_TITLES[board]} Citadel {label.replace('_', '–')}"
    return Area(citadel_id(board, label), name, board, side, citadel=label)


def _named(board: str, side: int, name: str, tunnel: str | None) -> Area:
    return Area(area_id(name), name, board, side, sea=is_sea(name), link=tunnel)


def _side(board: str, side: int) -> tuple[Area, ...]:
    return tuple(_citadel(board, side, label) for label in CITADEL_LABELS) + tuple(
        _named(board, side, name, tunnel) for name, tunnel in _NAMED_AREAS[board]
    )


DREAMLANDS = MapSpec(
    name="dreamlands",
    boards=BOARDS,
    areas={(board, side): _side(board, side) for board in BOARDS for side in (3, 5)},
)
