"""A new Shadows over Normandie battle from the buttons: chapter, tiles, sides, bag, gear.

Reached from the new-game wizard's game list. A chapter fixes the sides, the turn
limit and (Chapters 1–2) the initiative; a free battle asks for them. Chapter 1
names Erghöl Derleth's unit ``derleth`` (he is placed from the menu); Chapter 2 asks
for the red space by the jail door as a column and then a row, since there is no
grid to point at before the battle exists. Units are placed on the grid afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from device.ui.steps import DONE, Counter, CounterStep, ListStep, Option, StepResult
from rules.normandie.battlefield import TILE_SIZE, column_letters
from rules.normandie.commands import GearSpec, NzNewBattle, Tiles
from rules.normandie.scenarios import CHAPTERS
from rules.normandie.units import SIDES
from rules.text import text

FREE = 0  # "chapter" 0: a battle of the players' own making
MOST_TILES = (4, 3)  # across, down: more than a table holds
DEFAULT_TILES = (3, 1)  # Chapters 1 and 2 are played on three tiles in a row
TOKENS = range(1, 9)
DEFAULT_TOKENS = 4
ZOMBIE_MOVEMENTS = range(1, 7)
DEFAULT_ZOMBIE_MOVEMENT = 3
GEAR_MOST = 3  # Z11, Z12: three tokens of each option
SIDE_SETS: tuple[tuple[str, ...], ...] = (
    ("sons_of_cthulhu", "black_sun"),
    ("sons_of_cthulhu", "majestic"),
    ("black_sun", "majestic"),
    SIDES,
)


@dataclass(frozen=True)
class Draft:
    chapter: int = FREE
    columns: int = DEFAULT_TILES[0]
    rows: int = DEFAULT_TILES[1]
    players: tuple[str, ...] = ()
    initiative: str = ""
    tokens: int = DEFAULT_TOKENS
    movement: int = DEFAULT_ZOMBIE_MOVEMENT

    def command(self, door: str | None, gear: dict[str, GearSpec] | None) -> NzNewBattle:
        return NzNewBattle(
            tiles=Tiles(self.columns, self.rows),
            players=self.players,
            initiative=self.initiative,
            zombies={f"z{n}": self.movement for n in range(1, self.tokens + 1)},
            chapter=self.chapter or None,
            derleth="derleth" if self.chapter == 1 else None,
            door=door,
            gear=gear,
        )


def battle_wizard() -> ListStep:
    options = [Option(text(f"nz_device.chapter.{n}"), n) for n in (1, 2, 3)]
    options.append(Option(text("nz_device.chapter.free"), FREE))
    return ListStep(text("nz_device.wizard.chapter"), options, lambda n: _columns(Draft(chapter=n)))


def _columns(draft: Draft) -> ListStep:
    across = MOST_TILES[0]
    return _tiles("columns", draft.columns, across, lambda n: _rows(replace(draft, columns=n)))


def _rows(draft: Draft) -> ListStep:
    return _tiles("rows", draft.rows, MOST_TILES[1], lambda n: _sides(replace(draft, rows=n)))


def _tiles(axis: str, now: int, most: int, then: Callable[[int], StepResult]) -> ListStep:
    """How many 7×7 tiles across (columns) or down (rows)."""
    options = [Option(text("nz_device.wizard.tiles_n", n=n), n) for n in range(1, most + 1)]
    return ListStep(text(f"nz_device.wizard.{axis}"), options, then, cursor=now - 1)


def _sides(draft: Draft) -> StepResult:
    chapter = CHAPTERS.get(draft.chapter)
    if chapter is not None:
        return _initiative(replace(draft, players=chapter.sides))
    options = [
        Option(
            text("nz_device.wizard.side_set", sides=[text(f"normandie.side.{s}") for s in sides]),
            sides,
        )
        for sides in SIDE_SETS
    ]
    return ListStep(
        text("nz_device.wizard.sides"), options, lambda s: _initiative(replace(draft, players=s))
    )


def _initiative(draft: Draft) -> StepResult:
    chapter = CHAPTERS.get(draft.chapter)
    if chapter is not None and chapter.initiative is not None:
        return _tokens(replace(draft, initiative=chapter.initiative))
    options = [Option(text(f"normandie.side.{s}"), s) for s in draft.players]
    return ListStep(
        text("nz_device.wizard.initiative"),
        options,
        lambda s: _tokens(replace(draft, initiative=s)),
    )


def _tokens(draft: Draft) -> ListStep:
    options = [Option(text("nz_device.wizard.tokens_n", n=n), n) for n in TOKENS]
    return ListStep(
        text("nz_device.wizard.tokens"),
        options,
        lambda n: _movement(replace(draft, tokens=n)),
        cursor=DEFAULT_TOKENS - 1,
    )


def _movement(draft: Draft) -> ListStep:
    options = [Option(text("nz_device.movement", n=n), n) for n in ZOMBIE_MOVEMENTS]
    return ListStep(
        text("nz_device.wizard.zombie_movement"),
        options,
        lambda n: _gear(replace(draft, movement=n)),
        cursor=DEFAULT_ZOMBIE_MOVEMENT - 1,
    )


def _gear(draft: Draft) -> CounterStep:
    """Z11, Z12: the Reanimator serum and Serum dart gun tokens each side took (0 to 3)."""
    rows = [
        Counter(
            f"{side}:{item}",
            text(f"nz_device.wizard.gear_{item}", side=text(f"normandie.side.{side}")),
            GEAR_MOST,
        )
        for side in draft.players
        for item in ("reanimator_serum", "serum_dart_gun")
    ]

    def confirm(counts: dict[str, int]) -> StepResult:
        gear = {
            side: GearSpec(counts[f"{side}:reanimator_serum"], counts[f"{side}:serum_dart_gun"])
            for side in draft.players
            if counts[f"{side}:reanimator_serum"] or counts[f"{side}:serum_dart_gun"]
        }
        return _door(draft, gear or None)

    return CounterStep(text("nz_device.wizard.gear"), rows, confirm)


def _door(draft: Draft, gear: dict[str, GearSpec] | None) -> StepResult:
    if draft.chapter != 2:
        return confirm(draft.command(None, gear))
    width, height = draft.columns * TILE_SIZE, draft.rows * TILE_SIZE
    columns = [
        Option(text("nz_device.wizard.column", column=column_letters(c)), c) for c in range(width)
    ]

    def row_step(column: int) -> ListStep:
        rows = [
            Option(text("nz_device.wizard.row", space=f"{column_letters(column)}{r + 1}"),
                   draft.command(f"{column_letters(column)}{r + 1}", gear))
            for r in range(height)
        ]  # fmt: skip
        return ListStep(text("nz_device.wizard.door_row"), rows, confirm)

    return ListStep(text("nz_device.wizard.door_column"), columns, row_step)


def confirm(cmd: NzNewBattle) -> ListStep:
    width, height = cmd.tiles.columns * TILE_SIZE, cmd.tiles.rows * TILE_SIZE
    what = (
        text("nz_device.chapter.free")
        if cmd.chapter is None
        else text(f"nz_device.chapter.{cmd.chapter}")
    )
    return ListStep(
        text("nz_device.wizard.start", what=what, width=width, height=height, n=len(cmd.zombies)),
        [
            Option(text("prompt.start"), cmd, text("detail.old_game_kept")),
            Option(text("prompt.cancel"), DONE),
        ],
        lambda answer: answer,
    )
