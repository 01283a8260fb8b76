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

from display.screen import Screen
from rules import journal
from rules.normandie.battlefield import parse_space
from rules.normandie.state import NormandieState, PendingAssault, PendingOrder
from rules.text import render
from tests.device.conftest import OUTPUT, Table

SHOTS = OUTPUT / "normandie"
SIZES = ((800, 480), (480, 320))


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
    table.step()


def square(table: Table, name: str) -> tuple[int, int]:
    """The centre of a battlefield square on screen, found by asking the screen itself."""
    board = table.screen.regions.board
    for x in range(board.left, board.right, 2):
        for y in range(board.top, board.bottom, 2):
            if table.screen.space_at((x, y)) == name:
                return x + 2, y + 2
    raise AssertionError(f"{name} is not drawn")


def cursor_to(table: Table, name: str) -> None:
    """UP/DOWN move the cursor a row, CUSTODIAN/LIBRARIAN a column."""
    goal = parse_space(name)
    assert goal is not None
    here = parse_space(table.app.view().state["cursor"])
    assert here is not None
    rows, cols = goal.row - here.row, goal.col - here.col
    table.press(*(["down"] * rows if rows > 0 else ["up"] * -rows))
    table.press(*(["librarian"] * cols if cols > 0 else ["custodian"] * -cols))
    assert table.app.view().state["cursor"] == name


def place(table: Table, space: str, kind: str, owner: str | None, by_tap: bool) -> None:
    table.press("ok")
    choose(table, "Place a unit")
    if by_tap:
        tap(table, square(table, space))
    else:
        cursor_to(table, space)
        table.press("ok")
    choose(table, kind)
    if owner is None:
        return
    choose(table, owner)
    assert table.app.view().prompt.selected == 4  # movement 4 is offered first
    table.press("ok")


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


def start_chapter_3(table: Table) -> None:
    table.press("ok")
    choose(table, "New game")
    choose(table, "Shadows over Normandie (Zombies)")
    choose(table, "Chapter 3: Rangers!")
    table.press("ok")  # 3 tiles across, the default
    choose(table, "2 × 7 spaces")
    choose(table, "Majestic")  # Chapter 3: the players enter the initiative
    table.press("ok")  # 4 Zombies tokens
    table.press("ok")  # movement 3
    table.press("ok")  # no gear: Confirm
    assert choices(table)[0] == "Start"
    table.press("ok")


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
        place(table, space, "Zombies", None, by_tap=True)
        choose(table, f"Zombies {zombie}")
    state = battle(table)
    assert {u: state.units[u].space.name for u in state.units} == {
        "i1": "J8", "i2": "S3", "v1": "K12", "z1": "J5", "z2": "I8", "z3": "R12",
    }  # fmt: skip
    check_screens(table, shots, "01_setup")

    table.press("phase")
    choose(table, "Yes, next phase")
    assert battle(table).phase == "orders"
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
    legend = table.words("board")
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
    replayed, _ = journal.replay(lines)
    assert replayed is not None and journal.state_json(replayed) == journal.state_json(state)


def test_the_reader_refuses_two_dice_for_an_assault_and_nothing_changes(table: Table) -> None:
    start_chapter_3(table)
    place(table, "J8", "Infantry", "Majestic", by_tap=True)
    place(table, "J6", "Zombies", None, by_tap=True)
    choose(table, "Zombies z1")
    for _ in range(2):
        table.press("phase")
        choose(table, "Yes, next phase")
    before = battle(table)
    assert isinstance(before.pending, PendingAssault)
    table.roll(3, 5)
    assert battle(table) is before
    error = table.app.status.error
    assert error is not None and "an Assault rolls one six-sided die" in render(error, "en")
