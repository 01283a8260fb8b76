"""Shadows over Normandie on the device, end to end: a battle started from the menu wizard,
units placed on the grid with the buttons and with taps, a whole Zombies phase run by the
PHASE button, an Assault rolled into the pty dice reader, the journal checked by replay.

The device is the one ``celaeno run`` builds (tests/device/conftest.py ``table``): a real
ButtonPanel on gpiozero mock pins, a real DiceReader thread on a FakeReader pty, the App
drawing under SDL's dummy driver. Screenshots land in tests/output/normandie/.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from device.normandie.tilestore import TileStore
from display.screen.screen import Screen
from display.view import View
from rules import journal
from rules.games import RULES
from rules.normandie.battlefield import parse_space
from rules.normandie.state import NormandieState, PendingAssault, PendingOrder
from rules.normandie.tiles import read_tiles, tile_line
from rules.text import render
from tests.device.conftest import OUTPUT, Table

SHOTS = OUTPUT / "normandie"
SIZES = ((800, 480), (480, 320), (1920, 1080))


@pytest.fixture()
def shots(request: pytest.FixtureRequest) -> Path:
    folder: Path = SHOTS / request.node.name
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    return folder


def battle(table: Table) -> NormandieState:
    state = table.app.state
    assert isinstance(state, NormandieState)
    return state


def choices(table: Table) -> list[str]:
    return [render(choice.label, "en") for choice in table.app.view().prompt.choices]


def choose(table: Table, words: str) -> None:
    """UP/DOWN to the choice that reads ``words``, then OK, as a player does."""
    found = choices(table)
    assert words in found, f"{words!r} is not offered: {found}"
    wanted = found.index(words)
    for _ in range(len(found)):
        if table.app.view().prompt.selected == wanted:
            break
        table.press("down")
    assert table.app.view().prompt.selected == wanted
    table.press("ok")


def open_menu(table: Table) -> None:
    """The Library's main screen lists its jobs, the menu last; a battle's OK opens it."""
    if "Something else happened" in choices(table):
        choose(table, "Something else happened")
    else:
        table.press("ok")


def tap_choice(table: Table, words: str) -> None:
    """A finger on a menu line."""
    index = choices(table).index(words)
    while index not in table.screen.shown_choices():  # a long menu shows a window of lines
        table.press("down")
    tap(table, _drawn_at(table, index))


def _drawn_at(table: Table, index: int) -> tuple[int, int]:
    prompt = table.screen.regions.prompt
    for y in range(prompt.top, prompt.bottom, 3):
        if table.screen.choice_at((prompt.centerx, y)) == index:
            return prompt.centerx, y
    raise AssertionError(f"choice {index} is not drawn")


def tap(table: Table, pos: tuple[int, int]) -> None:
    table.app.handle_pygame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    table.app.draw()  # handled outside the loop's queue: draw as the loop would


def square(table: Table, name: str) -> tuple[int, int]:
    """The centre of a battlefield square on screen, found by asking the screen itself: a
    point of the grid, then down its column to the square's row, then along that row.
    Where a window of the battlefield leaves it out, the cursor is moved to it first, as a
    player brings the part to be tapped into view."""
    goal = parse_space(name)
    assert goal is not None
    board, at = table.screen.regions.board, table.screen.space_at
    _into_view(table, name)
    on_grid = next(
        (x for y in range(board.top, board.bottom, 8) for x in range(board.left, board.right, 4)
         if at((x, y)) is not None), None,
    )  # fmt: skip
    assert on_grid is not None, "no grid is drawn"
    rows = [y for y in range(board.top, board.bottom) if _row_of(at((on_grid, y))) == goal.row]
    assert rows, f"row {goal.row + 1} is not drawn"
    middle = rows[len(rows) // 2]
    here = [x for x in range(board.left, board.right) if at((x, middle)) == name]
    assert here, f"{name} is not drawn"
    return here[len(here) // 2], middle


def _drawn(table: Table, name: str) -> bool:
    board, at = table.screen.regions.board, table.screen.space_at
    return any(at((x, y)) == name for y in range(board.top, board.bottom, 4)
               for x in range(board.left, board.right, 4))  # fmt: skip


def _into_view(table: Table, name: str) -> None:
    """The cursor moved toward ``name`` (a row, else a column, a press at a time) until the
    window of the battlefield shows it; nothing pressed where it is drawn already."""
    goal = parse_space(name)
    assert goal is not None
    for _ in range(40):
        cursor = table.app.view().state.get("cursor")
        here = parse_space(cursor) if isinstance(cursor, str) else None
        if _drawn(table, name) or here is None:
            return
        if here.row != goal.row:
            table.press("down" if goal.row > here.row else "up")
        else:
            table.press("right" if goal.col > here.col else "left")
    raise AssertionError(f"{name} is never drawn")


def _row_of(name: str | None) -> int | None:
    found = parse_space(name) if name is not None else None
    return None if found is None else found.row


def cursor_to(table: Table, name: str) -> None:
    """UP/DOWN move the cursor a row, CUSTODIAN/LIBRARIAN a column."""
    goal = parse_space(name)
    assert goal is not None
    here = parse_space(table.app.view().state["cursor"])
    assert here is not None
    rows, cols = goal.row - here.row, goal.col - here.col
    table.press(*(["down"] * rows if rows > 0 else ["up"] * -rows))
    table.press(*(["right"] * cols if cols > 0 else ["left"] * -cols))
    assert table.app.view().state["cursor"] == name


def title(table: Table) -> str:
    return render(table.app.view().prompt.title, "en")


def place(table: Table, space: str, kind: str, owner: str | None, by_tap: bool) -> None:
    """On the placing grid: the unit chosen (BACK lists the others) unless it is already
    the one OK places, then its square, with the cursor or a finger."""
    if ": where? Cursor:" not in title(table):
        table.press("ok")
        choose(table, "Place a unit")
    wanted = "Zombies token" if owner is None else f"{kind}, {owner[0].lower()}{owner[1:]}"
    wanted = wanted.replace("majestic", "Majestic")
    if f"Place {wanted}" not in title(table):
        table.press("back")
        found = [c for c in choices(table) if c.startswith(wanted)]
        assert found, (wanted, choices(table))
        choose(table, found[0])
    if by_tap:
        tap(table, square(table, space))
    else:
        cursor_to(table, space)
        table.press("ok")


def begin_turn_1(table: Table) -> None:
    """BACK on the placing grid, then Done: setup ends, turn 1's Order Phase begins."""
    table.press("back")
    choose(table, "Done: begin turn 1")
    assert battle(table).phase == "orders"


def check_screens(table: Table, shots: Path, name: str) -> None:
    """The live frame's labels fit; the same view at 480×320 and in Japanese fits too."""
    table.assert_labels_fit()
    view = table.app.view()
    for size in SIZES:
        for lang in ("en", "ja"):
            surface = pygame.Surface(size)
            screen = Screen(surface)
            screen.render(view.__class__(**{**view.__dict__, "lang": lang}))
            pygame.image.save(surface, str(shots / f"{name}_{lang}_{size[0]}x{size[1]}.png"))
            cut = [label.text for label in screen.labels() if label.truncated]
            assert cut == [] or all(label.panel == "prompt" for label in screen.labels()
                                    if label.truncated), cut  # fmt: skip
            for label in screen.labels():
                assert label.box.contains(label.rect), (label.text, size, lang)


def _board_words(view: View, size: tuple[int, int]) -> str:
    screen = Screen(pygame.Surface(size))
    screen.render(view)
    return "".join(
        "".join(label.text.split()) for label in screen.labels() if label.panel == "board"
    )


def start_chapter_3(table: Table) -> None:
    start_chapter_3_with_terrain(table)
    no_terrain(table)


def no_terrain(table: Table) -> None:
    """The new battle's grid asks for the terrain of tiles not described yet; BACK is Done
    (and keeps them), and the grid goes on to placing units."""
    assert title(table).startswith("Terrain of SoN-3-A")
    table.press("back")
    assert "Place infantry, the Sons of Cthulhu, movement 4: where?" in title(table)


def test_a_whole_zombies_phase_from_the_buttons_and_the_reader(table: Table, shots: Path) -> None:
    old_game = table.app.session.game_id
    start_chapter_3(table)
    state = battle(table)
    assert (state.chapter, state.battlefield.width, state.battlefield.height) == (3, 21, 14)
    assert table.app.session.game_id != old_game  # the Cthulhu Wars game stays in the journal

    place(table, "J8", "Infantry", "Majestic", by_tap=False)  # Rangers, with the cursor
    place(table, "S3", "Infantry", "The Black Sun", by_tap=True)  # Novices, with a finger
    place(table, "K12", "Vehicle", "Majestic", by_tap=True)  # never assaulted (Z4)
    for zombie, space in (("z1", "J5"), ("z2", "I8"), ("z3", "R12")):
        assert zombie == min(battle(table).bag)  # the next token is offered by itself
        place(table, space, "Zombies", None, by_tap=True)
    state = battle(table)
    assert {u: state.units[u].space.name for u in state.units} == {
        "i1": "J8", "i2": "S3", "v1": "K12", "z1": "J5", "z2": "I8", "z3": "R12",
    }  # fmt: skip
    check_screens(table, shots, "01_setup")

    begin_turn_1(table)
    planned = table.app.view().state["preview"]
    # Drawn before PHASE is pressed; nearer prey first (Z6, I3): z2 stands next to i1.
    assert [m["zombie"] for m in planned] == ["z2", "z1", "z3"]
    check_screens(table, shots, "02_orders_lookahead")

    table.press("phase")
    choose(table, "Yes, next phase")
    assert isinstance(battle(table).pending, PendingOrder)
    check_screens(table, shots, "03_order_proposed")
    choose(table, "Keep this order")

    pending = battle(table).pending
    assert isinstance(pending, PendingAssault)
    assert (pending.move.zombie, pending.move.target, pending.move.bonus) == ("z2", "i1", 0)
    title = render(table.app.view().prompt.title, "en")
    assert "Zombies z2 assaults Majestic's infantry i1 at J8 with +0" in title
    check_screens(table, shots, "04_assault_z2")

    table.roll(4)  # the pty reader: one die for the Assault (Z7)
    assert "Rolled 4 +0 = 4" in render(table.app.view().prompt.title, "en")
    choose(table, "Nobody")

    pending = battle(table).pending
    assert isinstance(pending, PendingAssault)
    assert (pending.move.zombie, pending.move.bonus) == ("z1", 2)  # Z7: z2 is next to i1
    # at 800×480 the board steps aside for the list and the moves just told (board
    # instructions, kept whole); a large screen has room for both
    legend = _board_words(table.app.view(), (1920, 1080))
    assert "J5→J7,thenassaultsMajestic'sinfantryi1atJ8with+2" in legend
    check_screens(table, shots, "05_assault_z1")
    tap_choice(table, "6")  # the die entered by hand, with a finger
    tap_choice(table, "Majestic's infantry i1")

    state = battle(table)
    assert state.phase == "activation" and state.pending is None
    assert "i1" not in state.units and state.units["z3"].space.name == "R9"
    check_screens(table, shots, "06_phase_done")

    lines = table.app.session.store.commands(table.app.session.game_id)
    assert '"roll": 4' in lines[-2] and '"roll": 6' in lines[-1]
    assert '"source": "reader"' in lines[-2] and '"source": "keys"' in lines[-1]  # where read
    replayed, _ = journal.replay(lines, RULES)
    assert replayed is not None
    assert journal.state_json(replayed) == journal.state_json(table.app.session.played)


def test_the_reader_refuses_two_dice_for_an_assault_and_nothing_changes(table: Table) -> None:
    start_chapter_3(table)
    place(table, "J8", "Infantry", "Majestic", by_tap=True)
    place(table, "J6", "Zombies", None, by_tap=True)
    begin_turn_1(table)
    table.press("phase")
    choose(table, "Yes, next phase")
    before = battle(table)
    assert isinstance(before.pending, PendingAssault)
    table.roll(3, 5)
    assert battle(table) is before
    error = table.app.status.error
    assert error is not None and "an Assault rolls one six-sided die" in render(error, "en")


# --- terrain on the grid (I4, Z10), life points and Suppressed tokens, named units ----------


def start_chapter_3_with_terrain(table: Table) -> None:
    """Chapter 3 from the menu wizard, stopping on the terrain grid the new battle opens."""
    open_menu(table)
    choose(table, "New game")
    choose(table, "Normandie, Chapter 3: Rangers!")
    assert choices(table)[:5] == [  # Chapter 3: the Start line says who has the initiative
        "Start with the initiative to the Sons of Cthulhu",
        "Start with the initiative to the Black Sun",
        "Start with the initiative to Majestic",
        "Battlefield: 2 rows of 3 tiles",
        "Tiles: SoN-3-A, SoN-5-A, SoN-6-B, SoN-1-A, SoN-4-A and SoN-2-B",
    ]
    choose(table, "Start with the initiative to Majestic")  # every other default


def journal_lines(table: Table) -> list[str]:
    return table.app.session.store.commands(table.app.session.game_id)


def terrain_json(table: Table) -> dict[str, object]:
    field_ = table.app.view().state["battlefield"]
    return {"impassable": field_["impassable"], "mass_graves": field_["mass_graves"]}


def test_terrain_is_marked_on_the_new_battles_grid_with_buttons_and_taps(
    table: Table, shots: Path
) -> None:
    start_chapter_3_with_terrain(table)
    state = battle(table)
    assert state.phase == "setup" and not state.units
    assert title(table) == (
        "Terrain of SoN-3-A, SoN-5-A, SoN-6-B, SoN-1-A, SoN-4-A and SoN-2-B: OK marks the"
        " square. Cursor: D4"
    )
    assert table.app.view().state["cursor"] == "D4"  # the empty grid, the cursor mid-tile

    cursor_to(table, "C3")  # UP/DOWN rows, CUSTODIAN/LIBRARIAN columns
    assert choices(table)[0] == "OK: C3 becomes impassable"
    table.press("ok")  # I4: one press
    assert journal_lines(table)[-1] == (
        '{"type": "nz_terrain", "space": "C3", "terrain": "impassable"}'
    )
    assert table.app.view().state["cursor"] == "C3"  # still where it was
    assert choices(table)[0] == "OK: C3 becomes Mass Grave g1"  # the next in the cycle

    for _ in range(3):  # a finger: open → impassable → Mass Grave → X1
        tap(table, square(table, "D4"))
    for _ in range(2):
        tap(table, square(table, "E5"))
    assert terrain_json(table) == {
        "impassable": ["C3"],
        "mass_graves": [
            {"id": "g2", "spaces": ["D4"], "single_use": True},  # its own grave once X1
            {"id": "g1", "spaces": ["E5"], "single_use": False},
        ],
    }
    check_screens(table, shots, "07_terrain")
    legend = table.words("board")
    assert "Impassable†MassGrave⊕MassGraveX1(usedonce)" in legend  # words, not colour alone

    table.press("phase")  # PHASE on the grid: the middle of the next tile
    assert table.app.view().state["cursor"] == "K4"
    tap(table, square(table, "C3"))  # impassable → Mass Grave
    assert battle(table).battlefield.impassable == frozenset()
    table.hold_back()  # undo: one square back
    assert [s.name for s in battle(table).battlefield.impassable] == ["C3"]

    table.press("back")  # Done: the tiles the cursor stood on are kept, then units are placed
    assert title(table).startswith("Kept for later battles: SoN-3-A and SoN-5-A.")
    assert table.app.status.error is None  # said as news, not as a refusal
    kept = TileStore(table.app.session.store.path.parent).tiles()
    assert sorted(kept) == ["SoN-3-A", "SoN-5-A"]  # the four never looked at: not described
    assert tile_line(kept["SoN-3-A"]) == (
        '{"tile": "SoN-3-A", "impassable": ["C3"], "mass_graves": ["E5"], "mass_graves_x1": ["D4"]}'
    )
    assert "Place infantry, the Sons of Cthulhu, movement 4: where?" in title(table)
    check_screens(table, shots, "08_placing")
    cursor_to(table, "C2")
    table.press("down")  # C3 is impassable: never offered, the cursor passes it
    assert table.app.view().state["cursor"] == "C4"
    tap(table, square(table, "C3"))
    error = table.app.status.error
    assert error is not None
    assert render(error, "en") == "C3 is impassable: no unit can be placed there."
    assert not battle(table).units  # nothing changed
    place(table, "D4", "Master of the dead", "The Black Sun", by_tap=True)  # Z10: on its grave
    assert battle(table).units["d1"].space.name == "D4"

    table.press("back")
    choose(table, "Menu")  # in setup the menu brings the terrain grid back, units or not
    choose(table, "Terrain: impassable, Mass Graves")
    tap(table, square(table, "F6"))
    assert title(table).startswith("Terrain")  # still there
    tap_choice(table, "Done with the terrain")
    assert choices(table) == ["Keep the changes", "For this battle only"]
    assert title(table) == "SoN-3-A changed. Keep the changes for later battles?"
    choose(table, "For this battle only")
    assert TileStore(table.app.session.store.path.parent).tiles() == kept

    lines = journal_lines(table)
    # C3, D4 ×3, E5 ×2, H1's C3 (then undone: an undo line follows it), F6.
    assert sum('"nz_terrain"' in line for line in lines) == 8 and '{"type": "undo"}' in lines
    replayed, _ = journal.replay(journal_lines(table), RULES)
    assert replayed is not None
    assert journal.state_json(replayed) == journal.state_json(table.app.session.played)
    begin_turn_1(table)
    table.press("ok")
    assert "Terrain: impassable, Mass Graves" not in choices(table)  # turn 1: fixed

    table.press("back")  # the next battle on the same tiles starts from those kept
    start_chapter_3_with_terrain(table)
    assert title(table).startswith("Terrain of SoN-6-B, SoN-1-A, SoN-4-A and SoN-2-B:")
    field_ = battle(table).to_json()["battlefield"]
    assert field_["impassable"] == ["C3"] and field_["layout"][0]["tile"] == "SoN-3-A"


def test_done_on_the_first_tile_keeps_only_that_tile(table: Table) -> None:
    """A tile is kept once described: BACK (Done) on the first tile of a new battle kept the
    five tiles never looked at as open ground for every later battle. Now the next battle
    asks for those again, and PHASE from tile to tile describes each, all-open or not."""
    start_chapter_3_with_terrain(table)
    table.press("back")  # Done at once, the cursor on SoN-3-A
    assert title(table).startswith("Kept for later battles: SoN-3-A.")
    store = TileStore(table.app.session.store.path.parent)
    assert sorted(store.tiles()) == ["SoN-3-A"]

    begin_turn_1(table)  # then a new battle on the same tiles
    start_chapter_3_with_terrain(table)
    assert title(table).startswith("Terrain of SoN-5-A, SoN-6-B, SoN-1-A, SoN-4-A and SoN-2-B:")
    for _ in range(5):
        table.press("phase")  # the middle of the next tile: looked at
    table.press("back")
    assert sorted(store.tiles()) == [
        "SoN-1-A", "SoN-2-B", "SoN-3-A", "SoN-4-A", "SoN-5-A", "SoN-6-B"
    ]  # fmt: skip


def test_the_shoggoths_life_points_and_suppressed_tokens_from_the_grid(
    table: Table, shots: Path
) -> None:
    start_chapter_3(table)
    table.press("back")
    assert choices(table)[2:4] == ["Shoggoth", "Sherman 76"]  # the chapter's named units
    choose(table, "Shoggoth")
    tap(table, square(table, "C3"))
    choose(table, "Movement 3")
    choose(table, "3 life points")
    table.press("back")
    assert "Shoggoth" not in choices(table)  # the Shoggoth is on the battlefield already
    choose(table, "Sherman 76")
    tap(table, square(table, "K12"))
    table.press("ok")  # movement 4
    place(table, "J8", "Infantry", "Majestic", by_tap=True)
    begin_turn_1(table)  # the menu, not the placing grid, answers OK from now on
    state = battle(table)
    shoggoth, sherman = state.units["shoggoth"], state.units["sherman"]
    assert (shoggoth.owner, shoggoth.kind, shoggoth.worth, shoggoth.life_points) == (
        "sons_of_cthulhu", "mythos", 2, 3,
    )  # fmt: skip
    assert shoggoth.summoned and shoggoth.name == "Shoggoth"
    assert (sherman.owner, sherman.kind, sherman.worth, sherman.name) == (
        "majestic", "vehicle", 2, "Sherman 76",
    )  # fmt: skip

    table.press("ok")
    choose(table, "A unit loses life points")
    assert table.app.view().state["cursor"] == "C3"  # on the one unit with life points
    table.press("ok")
    choose(table, "2 life points")
    choose(table, "Majestic")
    state = battle(table)
    assert state.units["shoggoth"].life_points == 1
    assert dict(state.scores) == {"majestic": 2}  # each life point is a unit; Sons: 1 each

    table.press("ok")
    choose(table, "Suppressed tokens")
    # nobody there (in the window of the battlefield round the cursor, at J8): says where
    # to look, changes nothing
    tap(table, square(table, "L8"))
    error = table.app.status.error
    assert error is not None
    assert render(error, "en") == (
        "Not at L8: choose Shoggoth (shoggoth) at C3, Majestic's infantry i1 at J8"
        " and Sherman 76 (sherman) at K12."
    )
    cursor_to(table, "C3")
    table.press("ok")
    assert table.app.view().prompt.selected == 1  # one token more than now
    check_screens(table, shots, "08_suppressed")
    table.press("ok")
    assert dict(battle(table).suppressed) == {"shoggoth": 1}

    table.press("ok")
    choose(table, "A unit is eliminated")
    choose(table, "Sherman 76 (sherman)")
    choose(table, "The Black Sun")
    assert dict(battle(table).scores) == {"majestic": 2, "black_sun": 4}  # worth 2 × 2

    lines = journal_lines(table)
    assert '"type": "nz_wound"' in lines[-3] and '"type": "nz_suppressed"' in lines[-2]

    table.press("ok")  # after setup a unit still comes on from the menu (reinforcements)
    choose(table, "Place a unit")
    assert title(table).startswith("Place infantry, Majestic, movement 4: where?")
    table.press("back")
    assert choices(table)[-1] == "Done placing"
    table.press("back")  # the list closes: the grid again
    tap(table, square(table, "C5"))
    assert battle(table).units["i2"].space.name == "C5"
    assert choices(table) == []  # placed: the main screen again
    replayed, _ = journal.replay(journal_lines(table), RULES)
    assert replayed is not None
    assert journal.state_json(replayed) == journal.state_json(table.app.session.played)


def test_tiles_are_chosen_and_turned_on_the_sheet(table: Table, shots: Path) -> None:
    """A battle of our own on two tiles: a kept tile laid a quarter turned, a blank one
    beside it; the kept tile's terrain arrives turned, the blank one is marked on the grid."""
    kept = TileStore(table.app.session.store.path.parent)
    kept.save(read_tiles(['{"tile": "SoN-5-A", "impassable": ["A1", "B1"]}'])[0])
    open_menu(table)
    choose(table, "New game")
    choose(table, "Normandie: a battle of our own")
    choose(table, "Battlefield: 2 tiles side by side")  # a first battle of our own: its size
    choose(table, "Tiles: blank, marked on the grid")
    assert choices(table) == ["Tile column 1, row 1: blank", "Tile column 2, row 1: blank"]
    choose(table, "Tile column 1, row 1: blank")
    assert choices(table)[:2] == ["Blank", "SoN-5-A"]  # kept tiles first, then the printed
    choose(table, "SoN-5-A")
    assert choices(table) == [
        "Tile column 1, row 1: SoN-5-A", "Turned: as printed", "Tile column 2, row 1: blank",
    ]  # fmt: skip
    choose(table, "Turned: as printed")  # OK turns it a quarter clockwise
    assert choices(table)[1] == "Turned: a quarter turn clockwise"
    check_screens(table, shots, "09_tile_places")
    table.press("back")
    assert choices(table)[3] == "Tiles: SoN-5-A"
    choose(table, "Start with the initiative to the Black Sun")
    state = battle(table)
    assert state.initiative == "black_sun"
    assert [(p.tile, p.column, p.row, p.turn) for p in state.layout] == [("SoN-5-A", 0, 0, 1)]
    assert sorted(s.name for s in state.battlefield.impassable) == ["G1", "G2"]  # turned
    assert title(table).startswith("Terrain: mark")  # the blank tile is still to mark


def test_a_battle_of_our_own_begun_from_cthulhu_wars_keeps_its_sheet(table: Table) -> None:
    """The app tells the controller that made the battle (Cthulhu Wars') that it began, so
    its sheet is kept; the next battle of our own opens it instead of asking the size."""
    state_dir = table.app.session.store.path.parent
    open_menu(table)
    choose(table, "New game")
    choose(table, "Normandie: a battle of our own")
    choose(table, "Battlefield: 1 tile")  # a first battle of our own: its size first
    choose(table, "Start with the initiative to the Black Sun")
    assert battle(table).initiative == "black_sun"
    assert (state_dir / "normandie-last-battle.json").is_file()
    tap_choice(table, "Menu")  # a finger on the line beside the terrain grid
    choose(table, "New game")
    choose(table, "Normandie: a battle of our own")
    assert (
        choices(table)[table.app.view().prompt.selected]
        == "Start with the initiative to the Black Sun"
    )
    assert "Battlefield: 1 tile" in choices(table)
