"""A new Shadows over Normandie battle from the buttons: a chapter, then one sheet.

The chapter is a line of New game's own list (one a chapter, and one for a battle of the
players' own), so choosing it costs no list of its own. Chapters 1–3 lay the tiles they
name (rules/normandie/tiles.py) and fix the sides, the turn limit and (Chapters 1–2) the
initiative. A first battle of the players' own asks how big the battlefield is, the one
thing its defaults cannot know; a later one starts from the last one's sheet. Then one
sheet shows every choice with its default, Start on top: OK starts the battle at once, or
a line is changed first (the battlefield's size, which tile lies where and how it is
turned, the sides, the Zombies tokens, the gear). Where the chapter does not print the
initiative, Start is one line a side ("Start with the initiative to …"), the cursor on
the last battle's: who has it is said by the press that starts the battle. Kept tiles
lay their impassable squares and Mass Graves into the new battle itself, so the journal
holds the whole battlefield; tiles not yet described are marked on the grid afterwards
and kept then. A battle of our own's blank places start marked as the last one's were
(kept with its sheet, device/normandie/last_sheet.py), unless the places' sheet clears
them.
Chapter 2 asks for the red space by the jail door after Start, as a column and a row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

from device.normandie.draft import (
    GEAR_MOST,
    NO_MARKS,
    SIDE_SETS,
    SIZES,
    TOKENS,
    ZOMBIE_MOVEMENTS,
    Draft,
    Line,
    Sheet,
    marks_where,
    sized,
)
from device.normandie.keeping import kept_tiles
from device.normandie.last_sheet import keep_draft, last_draft
from device.ui.steps import (
    BACK,
    Counter,
    CounterStep,
    ListStep,
    OnceAccepted,
    Option,
    StepResult,
    WithFiles,
)
from rules.normandie.battlefield import TILE_SIZE, column_letters
from rules.normandie.commands import GearSpec, NzNewBattle
from rules.normandie.scenarios import CHAPTERS
from rules.normandie.tiles import (
    CHAPTER_TILES,
    Placement,
    Terrain,
    Tile,
    chapter_layout,
    chapter_size,
)
from rules.text import Text, text

FREE = 0  # "chapter" 0: a battle of the players' own making
# Printed tiles a table may name before describing them: the six tiles of the pack, both
# sides. An imported tile file adds any other name.
PRINTED = tuple(f"SoN-{n}-{side}" for n in range(1, 7) for side in "AB")
TURN_KEYS = ("printed", "quarter", "half", "three_quarters")
LINES = (("1", 1), ("2", 2), ("3", 3), ("free", FREE))  # New game's lines, in order


def new_battle_options() -> list[Option]:
    """New game's Normandie lines: the chapters, then a battle of our own, last, so that
    UP from the top of the list reaches it in one press."""
    return [Option(text(f"nz_device.new.{key}"), partial(_chosen, n)) for key, n in LINES]


def _chosen(chapter: int) -> WithFiles:
    return WithFiles(lambda files: _after_chapter(chapter, kept_tiles(files), files))


def _after_chapter(chapter: int, kept: Mapping[str, Tile], files: Path | None) -> StepResult:
    """A chapter's sheet holds what it prints; a battle of our own's, the last one's."""
    printed = CHAPTERS.get(chapter)
    last = last_draft(files) if chapter == FREE else None
    draft = replace(last or Draft(), chapter=chapter, kept=kept)
    if chapter in CHAPTER_TILES:
        columns, rows = chapter_size(chapter)
        draft = replace(draft, columns=columns, rows=rows, layout=chapter_layout(chapter))
    if printed is not None:
        draft = replace(draft, players=printed.sides)
    if printed is not None and printed.initiative is not None:
        draft = replace(draft, initiative=printed.initiative)
    if chapter == FREE and last is None:
        return _first_size(draft)
    return sheet(draft)


def _first_size(draft: Draft) -> ListStep:
    """A first battle of our own: its size first, the cursor on the default; then the sheet."""
    return ListStep(
        text("nz_device.wizard.size"),
        _size_options(),
        lambda cr: sheet(sized(draft, *cr)),
        cursor=SIZES.index((draft.columns, draft.rows)),
    )


# --- the sheet --------------------------------------------------------------------------------


def sheet(draft: Draft) -> Sheet:
    return Sheet(text("nz_device.wizard.sheet"), draft, _lines, cursor=_start_at(draft))


def _asks_initiative(draft: Draft) -> bool:
    """Z6 follows the initiative: the table says who has it unless the chapter prints it."""
    printed = CHAPTERS.get(draft.chapter)
    return printed is None or printed.initiative is None


def _start_at(draft: Draft) -> int:
    """The Start line of the draft's initiative (the last battle's), else the only one."""
    if not _asks_initiative(draft) or draft.initiative not in draft.players:
        return 0
    return draft.players.index(draft.initiative)


def _lines(draft: Draft) -> list[Line]:
    free = draft.chapter == FREE
    size = text("nz_device.wizard.size_detail", width=draft.width, height=draft.height)
    sides = text("nz_device.wizard.sides_line", sides=[_side(s) for s in draft.players])
    gear = sum(g.reanimator_serum + g.serum_dart_gun for g in draft.gear.values())
    return [
        *_start_lines(draft),
        Line(_size_words(draft), size, _size_step, enabled=free),
        Line(_tiles_words(draft), _tiles_detail(draft), _places_step),
        Line(sides, None, _sides_step, enabled=free),
        Line(text("nz_device.wizard.tokens_line", n=draft.tokens), None, _tokens_step),
        Line(text("nz_device.wizard.movement_line", n=draft.movement), None, _movement_step),
        Line(text("nz_device.wizard.gear_line", n=gear), None, _gear_step),
    ]


def _start_lines(draft: Draft) -> list[Line]:
    """One Start line a side when the table says who has the initiative, else one Start
    line and the chapter's initiative shown beneath it (not a choice). Only a chapter's
    first Start line names the battle: a battle of our own's size is the next line's, and
    at 480x320 the room goes to the lines."""
    if _asks_initiative(draft):
        return [
            Line(
                text("nz_device.wizard.start_with", side=_side(side)),
                _summary(draft) if n == 0 and draft.chapter != FREE else None,
                partial(_start_with, side),
            )
            for n, side in enumerate(draft.players)
        ]
    initiative = text("nz_device.wizard.initiative_line", side=_side(draft.initiative))
    return [
        Line(text("nz_device.wizard.start_line"), _summary(draft), _start),
        Line(initiative, None, _start, enabled=False),
    ]


def _start_with(side: str, sheet_: Sheet) -> StepResult:
    sheet_.draft = replace(sheet_.draft, initiative=side)
    return _start(sheet_)


def _side(player: str) -> Text:
    return text(f"normandie.side.{player}")


def _summary(draft: Draft) -> Text:
    what = text(f"nz_device.chapter.{draft.chapter}")
    return text("nz_device.wizard.summary", what=what, width=draft.width, height=draft.height)


def _size_words(draft: Draft) -> Text:
    return size_words(draft.columns, draft.rows)


def size_words(columns: int, rows: int) -> Text:
    """Plainly what the battlefield is: 1 tile, tiles side by side, or rows of tiles."""
    shape = "one" if (columns, rows) == (1, 1) else "row" if rows == 1 else "grid"
    return text(f"nz_device.wizard.size_{shape}", columns=columns, rows=rows)


def _tiles_words(draft: Draft) -> Text:
    named = [p.tile for p in draft.layout]
    tiles = (
        text("nz_device.wizard.named", tiles=named) if named else text("nz_device.wizard.all_blank")
    )
    return text("nz_device.wizard.tiles_line", tiles=tiles)


def _tiles_detail(draft: Draft) -> Text:
    """How many of the named tiles are kept: the others are marked on the grid first; and
    whether the blank tiles start marked as in the last battle of our own."""
    named = [p.tile for p in draft.layout]
    counts = _marks_words(draft.marks)
    marks = None if counts is None else text("nz_device.wizard.marks_last", marks=counts)
    if not named:
        return marks or text("nz_device.wizard.tiles_detail")
    kept = sum(name in draft.kept for name in named)
    tiles = text("nz_device.wizard.tiles_kept_n", kept=kept, named=len(named))
    return tiles if marks is None else text("nz_device.wizard.tiles_and", tiles=tiles, more=marks)


def _marks_words(marks: Terrain) -> Text | None:
    """The last battle's marks on the blank tiles, counted; None when there are none."""
    if marks == NO_MARKS:
        return None
    return text(
        "nz_device.wizard.marks_n", impassable=len(marks.impassable), graves=len(marks.graves)
    )


def _size_options() -> list[Option]:
    return [
        Option(
            size_words(c, r),
            (c, r),
            text("nz_device.wizard.size_detail", width=c * TILE_SIZE, height=r * TILE_SIZE),
        )
        for c, r in SIZES
    ]


def _size_step(sheet_: Sheet) -> ListStep:
    now = SIZES.index((sheet_.draft.columns, sheet_.draft.rows))
    return ListStep(
        text("nz_device.wizard.size"),
        _size_options(),
        lambda cr: _set(sheet_, sized(sheet_.draft, *cr)),
        cursor=now,
    )


def _set(sheet_: Sheet, draft: Draft) -> StepResult:
    """A line changed: back on the sheet, whose cursor goes back to Start (the likely next
    press: the initiative's Start line) unless this is a sheet within the sheet."""
    sheet_.draft = draft
    if sheet_.parent is None:
        sheet_.cursor = _start_at(draft)
    return BACK


# --- which tile lies where ---------------------------------------------------------------------


def _places_step(sheet_: Sheet) -> Sheet:
    """Each place of the battlefield: its tile (OK chooses) and its turn (OK turns it)."""
    return Sheet(text("nz_device.wizard.places"), sheet_.draft, _place_lines, parent=sheet_)


def _place_lines(draft: Draft) -> list[Line]:
    """Each place, then (when the last battle's marks are there) a line that clears them."""
    lines: list[Line] = []
    for row in range(draft.rows):
        for col in range(draft.columns):
            place = draft.at(col, row)
            where = text("nz_device.wizard.place", column=col + 1, row=row + 1)
            name = (
                text("nz_device.wizard.blank")
                if place is None
                else text("nz_device.wizard.tile", tile=place.tile)
            )
            lines.append(
                Line(
                    text("nz_device.wizard.place_is", place=where, tile=name),
                    _place_state(draft, col, row),
                    _tile_choice(col, row),
                )
            )
            if place is not None:
                turn = text(f"nz_device.wizard.turn.{TURN_KEYS[place.turn]}")
                lines.append(
                    Line(text("nz_device.wizard.turned", turn=turn), None, _turn_it(col, row))
                )
    if draft.marks != NO_MARKS:
        lines.append(Line(text("nz_device.wizard.clear_marks"), None, _clear_marks))
    return lines


def _place_state(draft: Draft, col: int, row: int) -> Text:
    """A place's tile as kept, or a blank place's marks from the last battle, if any."""
    tile = draft.at(col, row)
    here = marks_where(draft.marks, lambda place: place == (col, row))
    if tile is not None or here == NO_MARKS:
        return _tile_state(draft, tile)
    return text("nz_device.wizard.blank_marked", marks=_marks_words(here))


def _clear_marks(places: Sheet) -> StepResult:
    """The blank tiles start unmarked: back on the sheet, which says so."""
    return _set(places, replace(places.draft, marks=NO_MARKS))


def _tile_state(draft: Draft, place: Placement | None) -> Text:
    if place is None:
        return text("nz_device.wizard.blank_detail")
    tile = draft.kept.get(place.tile)
    if tile is None:
        return text("nz_device.wizard.not_kept")
    return text(
        "nz_device.wizard.kept",
        impassable=len(tile.impassable),
        graves=len(tile.graves) + len(tile.graves_x1),
    )


def _tile_choice(col: int, row: int) -> Callable[[Sheet], StepResult]:
    def step(places: Sheet) -> ListStep:
        draft = places.draft
        here = draft.at(col, row)
        elsewhere = {p.tile for p in draft.layout} - ({here.tile} if here else set())
        names = sorted(set(draft.kept) | set(PRINTED), key=lambda n: (n not in draft.kept, n))
        options = [
            Option(text("nz_device.wizard.blank"), None, text("nz_device.wizard.blank_detail"))
        ]
        options += [
            Option(
                text("nz_device.wizard.tile", tile=n),
                n,
                _tile_state(draft, Placement(n, col, row)),
                enabled=n not in elsewhere,
            )
            for n in names
        ]
        now = 0 if here is None else names.index(here.tile) + 1
        question = text(
            "nz_device.wizard.which_tile",
            place=text("nz_device.wizard.place", column=col + 1, row=row + 1),
        )
        return ListStep(
            question, options, lambda n: _set(places, draft.with_tile(col, row, n)), cursor=now
        )

    return step


def _turn_it(col: int, row: int) -> Callable[[Sheet], StepResult]:
    def turn(places: Sheet) -> StepResult:
        places.draft = places.draft.turned(col, row)
        return None  # stays on the list: OK again turns it on

    return turn


# --- the other lines ----------------------------------------------------------------------------


def _sides_step(sheet_: Sheet) -> ListStep:
    options = [
        Option(text("nz_device.wizard.side_set", sides=[_side(s) for s in sides]), sides)
        for sides in SIDE_SETS
    ]
    return ListStep(
        text("nz_device.wizard.sides"), options, lambda s: _set(sheet_, sheet_.draft.playing(s))
    )


def _tokens_step(sheet_: Sheet) -> ListStep:
    return _number_step(
        sheet_, "tokens", TOKENS, "nz_device.wizard.tokens", "nz_device.wizard.tokens_n"
    )


def _movement_step(sheet_: Sheet) -> ListStep:
    return _number_step(
        sheet_,
        "movement",
        ZOMBIE_MOVEMENTS,
        "nz_device.wizard.zombie_movement",
        "nz_device.movement",
    )


def _number_step(
    sheet_: Sheet, line: str, numbers: Sequence[int], title: str, each: str
) -> ListStep:
    """One of the sheet's numbers (1 up), the draft's own selected; picking sets it."""
    options = [Option(text(each, n=n), n) for n in numbers]
    return ListStep(
        text(title),
        options,
        lambda n: _set(sheet_, replace(sheet_.draft, **{line: n})),
        cursor=getattr(sheet_.draft, line) - 1,
    )


def _gear_step(sheet_: Sheet) -> CounterStep:
    """Z11, Z12: the Reanimator serum and Serum dart gun tokens each side took (0 to 3)."""
    draft = sheet_.draft
    rows = [
        Counter(
            f"{side}:{item}",
            text(f"nz_device.wizard.gear_{item}", side=_side(side)),
            GEAR_MOST,
            getattr(draft.gear.get(side, GearSpec()), item),
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
        return _set(sheet_, replace(draft, gear=gear))

    return CounterStep(text("nz_device.wizard.gear"), rows, confirm)


# --- Start ------------------------------------------------------------------------------------


def _start(sheet_: Sheet) -> StepResult:
    draft = sheet_.draft
    if draft.chapter == FREE:
        return WithFiles(lambda files: _keep_and_start(files, draft))
    if draft.chapter != 2:
        return draft.command(None)
    return _door(draft)


def _keep_and_start(files: Path | None, draft: Draft) -> OnceAccepted:
    """A battle of our own: its sheet, once the battle has begun, is where the next starts."""
    return OnceAccepted(draft.command(None), lambda: keep_draft(files, draft))


def _door(draft: Draft) -> ListStep:
    """Chapter 2: the red space by the jail door, a column then a row (no grid yet)."""
    columns = [
        Option(text("nz_device.wizard.column", column=column_letters(c)), c)
        for c in range(draft.width)
    ]

    def row_step(column: int) -> ListStep:
        rows = [
            Option(
                text("nz_device.wizard.row", space=f"{column_letters(column)}{r + 1}"),
                draft.command(f"{column_letters(column)}{r + 1}"),
            )
            for r in range(draft.height)
        ]
        return ListStep(text("nz_device.wizard.door_row"), rows, _started)

    return ListStep(text("nz_device.wizard.door_column"), columns, row_step)


def _started(cmd: NzNewBattle) -> NzNewBattle:
    return cmd
