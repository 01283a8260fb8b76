"""Smart dice at the table: the Dice screen chooses, a settled roll is committed with its
source, a roll nobody wants is shown and ignored, and bad rolls are words, never commands.

The real hub is fed the makers' advertisement bytes and posts into the real app's queue; the
choice is written to a real state directory. Screens go to tests/output/smart_dice/.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from device.companion.app import App, DiceSources, Inputs, TableSetup
from device.companion.attention import ATTENDED_FOR
from device.dice import choices
from device.dice.table import DiceTable
from device.storage.session import GameSession
from device.storage.store import Store
from hardware.events import ButtonPressed
from hardware.smartdice.hub import QUIET_AFTER, Chosen, DiceHub
from hardware.smartdice.pixels import COMPANY_ID, INFO_SERVICE, SERVICE
from rules.cthulhu_wars.state import AssignPending, RollPending
from rules.games import RULES
from rules.text import render
from tests.device.conftest import Offscreen
from tests.parsing import parse_any

OUTPUT = Path(__file__).resolve().parents[1] / "output" / "smart_dice"
RED, BLUE = "AA:00:00:00:00:01", "AA:00:00:00:00:02"
FIRMWARE = 1735689600
NEW_GAME = {
    "type": "new_game",
    "map": "celaeno",
    "factions": ["great_cthulhu", "crawling_chaos", "black_goat"],
    "settings": {"agony_faces": [1, 1, 2, 2, 3, 3], "silence_at_start": True,
                 "tomes_refresh_at_doom": True},
}  # fmt: skip
ACTIVATE = {"type": "activate", "monster": "custodian", "by": "great_cthulhu", "area": "black_hall"}


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


class Dice:
    """A table with the real hub posting into the real app."""

    def __init__(
        self,
        tmp_path: Path,
        lang: str = "en",
        size: tuple[int, int] = (800, 480),
        smart: bool = True,  # False: [dice] bluetooth = false, or "auto" off a Pi
    ):
        self.store = Store.open(tmp_path / "celaeno.sqlite3")
        session, _ = GameSession.resume(self.store, parse_any(NEW_GAME), RULES)
        self.clock = Clock()
        self.inputs = Inputs(clock=self.clock)
        self.path = choices.choices_path(tmp_path)
        self.hub = DiceHub(self.inputs.post, (), (1, 1, 2, 2, 3, 3), self.clock)
        self.table = DiceTable(self.path, (1, 1, 2, 2, 3, 3), source=self.hub)
        rolls = DiceSources(self.hub, table=self.table if smart else None)
        self.app = App(session, Offscreen(pygame.Surface(size)), self.inputs, dice=rolls,
                       setup=TableSetup(lang=lang))  # fmt: skip
        self.hub.set_state("scanning")

    def advert(self, address: str, name: str, state: int, index: int, battery: int = 80) -> None:
        self.hub.advertisement(
            address,
            name,
            {COMPANY_ID: bytes([6, 0x21 if address == RED else 0x24, state, index, battery])},
            {INFO_SERVICE: struct.pack("<II", 7 if address == RED else 8, FIRMWARE)},
            [SERVICE],
            -58 if address == RED else -71,
        )
        self.app.run_once()

    def roll(self, address: str, name: str, index: int) -> None:
        for state, face in ((2, 0), (3, 2), (1, index)):
            self.advert(address, name, state, face)

    def activate(self) -> None:
        """The Custodian's activation; then, as after any input, the app tells the dice
        what is wanted (an Agony roll)."""
        self.app.submit(parse_any(ACTIVATE))
        self.inputs.post(self.hub.status())
        self.app.run_once()

    def open_dice_screen(self) -> None:
        main = [choice.label.key for choice in self.app.view().prompt.choices]
        if "main.menu" in main:  # the Library's main screen: its last line is the menu
            self.app.react(self.app.controller.tap(main.index("main.menu"), self.app.state))
        else:
            self.app.handle_input(ButtonPressed("ok"))
        labels = [choice.label.key for choice in self.app.view().prompt.choices]
        index = next(i for i, key in enumerate(labels) if key.endswith("menu.dice"))
        self.app.react(self.app.controller.tap(index, self.app.state))
        self.app.run_once()

    def pick(self, label_part: str) -> None:
        choices_shown = self.app.view().prompt.choices
        index = next(i for i, c in enumerate(choices_shown) if label_part in render(c.label))
        self.app.react(self.app.controller.tap(index, self.app.state))
        self.app.run_once()

    def choose(self, name: str, use: str) -> None:
        if not self.app.view().prompt.title.key.startswith("dice.title"):
            self.open_dice_screen()  # after a choice the Dice screen stays open
        self.pick(name)
        self.pick(use)

    def journal(self) -> list[dict[str, object]]:
        return [json.loads(line) for line in self.store.commands(self.app.session.game_id)]

    def error(self) -> str | None:
        error = self.app.view().status.error
        return None if error is None else render(error)


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    """The app looks at pygame's events: SDL's dummy driver, initialised."""
    pygame.display.init()
    yield
    pygame.display.quit()


@pytest.fixture()
def dice(tmp_path: Path) -> Iterator[Dice]:
    table = Dice(tmp_path)
    yield table
    table.store.close()


def test_the_dice_screen_lists_the_dice_and_chooses_the_agony_die(dice: Dice) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.advert(BLUE, "Blue", 1, 0, battery=9)
    dice.open_dice_screen()
    shown = [render(c.label) + " / " + render(c.detail) for c in dice.app.view().prompt.choices
             if c.detail is not None]  # fmt: skip
    assert shown == ["Blue (Pixels) / Not used · aurora sky · battery 9 % · signal -71 dBm",
                     "Red (Pixels) / Not used · onyx black · battery 80 % · signal -58 dBm"]  # fmt: skip
    dice.pick("Red")
    dice.pick("The Agony die")
    assert choices.load(dice.path) == (Chosen(RED, "pixels", "Red", "agony"),)
    assert dice.hub.chosen() == (Chosen(RED, "pixels", "Red", "agony"),)
    assert render(dice.app.view().status.dice) == "Dice: 1 ready"  # type: ignore[arg-type]


def test_a_settled_roll_is_committed_with_its_source(dice: Dice) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.choose("Red", "The Agony die")
    dice.activate()
    assert isinstance(dice.app.state.pending, RollPending)
    dice.roll(RED, "Red", 5)  # face 6: the sixth Agony face, 3
    assert isinstance(dice.app.state.pending, AssignPending)
    assert dice.journal()[-1] == {"type": "roll", "values": [3], "source": "pixels:Red"}


def test_rolling_and_crooked_commit_nothing(dice: Dice) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.choose("Red", "The Agony die")
    dice.activate()
    before = dice.journal()
    for state in (2, 3, 2, 3):
        dice.advert(RED, "Red", state, 1)
    dice.advert(RED, "Red", 4, 1)  # crooked
    assert dice.journal() == before
    assert dice.error() == "Red ended on an edge: roll it again."


def test_a_roll_nobody_wants_is_shown_and_ignored(dice: Dice) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.choose("Red", "A d6")
    before = dice.journal()
    dice.roll(RED, "Red", 3)
    assert dice.journal() == before
    assert dice.error() == "Red rolled 4: no roll is wanted now."


def test_the_wrong_die_for_the_agony_roll_is_a_word(dice: Dice) -> None:
    dice.advert(BLUE, "Blue", 1, 0)
    dice.choose("Blue", "A d6")
    dice.activate()
    before = dice.journal()
    dice.roll(BLUE, "Blue", 0)
    assert dice.journal() == before
    assert dice.error() == (
        "Blue rolled 1, but it is not the die this roll wants: roll the right die (or enter it)."
    )


def test_a_second_agony_die_is_refused_on_the_screen(dice: Dice) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.advert(BLUE, "Blue", 1, 0)
    dice.choose("Red", "The Agony die")
    dice.choose("Blue", "The Agony die")
    assert dice.error() == "Red is already the Agony die: set it to d6 or not used first."
    assert choices.load(dice.path) == (Chosen(RED, "pixels", "Red", "agony"),)


def test_a_chosen_die_that_goes_quiet_shows_and_is_used_again_when_back(dice: Dice) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.choose("Red", "The Agony die")
    dice.clock.now += QUIET_AFTER + 1
    dice.hub.publish()
    dice.app.run_once()
    assert render(dice.app.view().status.dice) == "Red: quiet"  # type: ignore[arg-type]
    assert dice.app.view().status.dice_trouble
    dice.activate()
    dice.roll(RED, "Red", 0)  # back: the first advertisement is its state, then a roll
    assert render(dice.app.view().status.dice) == "Dice: 1 ready"  # type: ignore[arg-type]
    assert dice.journal()[-1] == {"type": "roll", "values": [1], "source": "pixels:Red"}


def test_keys_are_recorded_as_the_source_of_a_roll_entered_by_hand(dice: Dice) -> None:
    dice.activate()
    dice.app.handle_input(ButtonPressed("ok"))  # the first face offered
    assert dice.journal()[-1]["source"] == "keys"


def test_the_remembered_choice_survives_and_a_bad_file_is_set_aside(tmp_path: Path) -> None:
    path = choices.choices_path(tmp_path)
    choices.save(path, [Chosen(RED, "pixels", "Red", "agony"), Chosen(BLUE, "godice", "Go", "d6")])
    assert choices.load_or_set_aside(path) == (
        (Chosen(RED, "pixels", "Red", "agony"), Chosen(BLUE, "godice", "Go", "d6")),
        None,
    )
    assert not path.with_name("dice.json.new").exists()
    path.write_text('{"dice": [{"address": "x", "kind": "dice", "name": "n", "role": "agony"}]}')
    chosen, why = choices.load_or_set_aside(path)
    assert chosen == () and why is not None and "not a die" in why
    assert path.with_name("dice.json.unreadable").exists() and not path.exists()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1920, 1080)])
def test_the_dice_screen_drawn(tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    table = Dice(tmp_path, lang, size)
    try:
        table.advert(RED, "Red", 1, 0)
        table.advert(BLUE, "Blue", 1, 0, battery=9)
        table.choose("Red", "The Agony die")
        table.choose("Blue", "A d6")
        table.app.draw()
        OUTPUT.mkdir(parents=True, exist_ok=True)
        pygame.image.save(table.app.screen.surface, OUTPUT / f"dice_{lang}_{size[0]}x{size[1]}.png")
        assert table.app.view().status.dice is not None
    finally:
        table.store.close()


@pytest.mark.parametrize(
    ("state", "title", "status"),
    [
        ("no_bluetooth", "No Bluetooth on this machine", "Dice: no Bluetooth"),
        ("bluetooth_off", "Bluetooth is switched off", "Dice: Bluetooth off"),
    ],
)
def test_no_bluetooth_is_said_on_the_dice_screen_and_the_status_line(
    dice: Dice, state: str, title: str, status: str
) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.choose("Red", "A d6")
    dice.hub.set_state(state)  # type: ignore[arg-type]
    dice.app.run_once()
    assert render(dice.app.view().status.dice) == status  # type: ignore[arg-type]
    dice.pick("Scan again")  # the Dice screen, still open, looks again
    assert render(dice.app.view().prompt.title).startswith(title)


def test_smart_dice_off_is_said_on_the_dice_screen(tmp_path: Path) -> None:
    dice = Dice(tmp_path, smart=False)
    try:
        dice.open_dice_screen()
        assert render(dice.app.view().prompt.title).startswith("Smart dice are off")
    finally:
        dice.store.close()


def test_a_face_outside_the_shell_is_a_word_and_commits_nothing(dice: Dice) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.choose("Red", "The Agony die")
    dice.activate()
    before = dice.journal()
    for state, index in ((2, 0), (3, 2), (1, 9)):  # face index 9: a "10" on a d6
        dice.advert(RED, "Red", state, index)
    assert dice.journal() == before
    assert isinstance(dice.app.state.pending, RollPending)  # still waiting for the roll
    assert dice.error() == "Red says 10: a six-sided die has no 10. Nothing was entered."


def test_two_agony_dice_remembered_commit_nothing_and_say_so(tmp_path: Path) -> None:
    """The screen refuses a second Agony die; a remembered file with two (edited by hand,
    or from another version) is said at the roll, and nothing is entered."""
    table = Dice(tmp_path)
    try:
        both = (Chosen(RED, "pixels", "Red", "agony"), Chosen(BLUE, "pixels", "Blue", "agony"))
        table.table.chosen = both
        table.hub.choose(both, (1, 1, 2, 2, 3, 3))
        table.advert(RED, "Red", 1, 0)
        table.activate()
        before = table.journal()
        table.roll(RED, "Red", 4)
        assert table.journal() == before
        assert table.error() == (
            "Two dice are chosen as the Agony die: choose one on the Dice screen. "
            "Nothing was entered."
        )
    finally:
        table.store.close()


def test_a_die_gone_mid_roll_is_a_word_and_commits_nothing(dice: Dice) -> None:
    dice.hub.advertisement(BLUE, "GoDice_Blue", {}, {}, [], -60)
    dice.app.run_once()
    dice.choose("GoDice_Blue", "The Agony die")
    dice.activate()
    before = dice.journal()
    dice.hub.godice_message(BLUE, b"R")  # rolling …
    dice.hub.disconnected(BLUE)  # … and gone before it settled
    dice.app.run_once()
    dice.hub.godice_message(BLUE, b"S\x40\x00\x00")  # back: its resting state, not a roll
    dice.app.run_once()
    assert dice.journal() == before
    assert isinstance(dice.app.state.pending, RollPending)
    assert dice.error() == (
        "GoDice_Blue went away during its roll: nothing was entered; roll it again when it is back."
    )


def test_the_dice_screen_shows_a_choice_at_once(dice: Dice) -> None:
    """Right after a choice the screen is drawn again, before the source's next status:
    it shows the new role, chosen dice first (the order the keys then move through)."""
    dice.advert(BLUE, "Blue", 1, 0)
    dice.advert(RED, "Red", 1, 0)
    dice.open_dice_screen()
    dice.app.react(dice.app.controller.tap(1, dice.app.state))  # Red, without a step
    dice.app.react(dice.app.controller.tap(0, dice.app.state))  # The Agony die
    shown = [render(c.label) + " / " + render(c.detail).split(" · ")[0]
             for c in dice.app.view().prompt.choices if c.detail is not None]  # fmt: skip
    assert shown == ["Red (Pixels) / Agony die", "Blue (Pixels) / Not used"]


def test_the_status_words_go_to_the_journal_when_they_change(
    dice: Dice, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO", logger="device.dice.table")
    dice.advert(RED, "Red", 1, 0)
    dice.choose("Red", "The Agony die")  # shown at once, then the source's status arrives
    dice.clock.now += QUIET_AFTER + 1
    dice.hub.publish()
    dice.app.run_once()
    said = [r.getMessage() for r in caplog.records if r.name == "device.dice.table"]
    assert said == ["smart dice: Dice: 1 ready", "smart dice: Red: quiet"]


# --- an attended table listens, an untouched one rests -------------------------------------


def test_a_press_wakes_the_dice_at_once_and_an_untouched_table_rests(dice: Dice) -> None:
    dice.app.run_once()
    assert dice.hub.listening()  # a table just started counts as attended
    dice.clock.now += ATTENDED_FOR - 1
    dice.app.run_once()
    assert dice.hub.listening()
    dice.clock.now += 1.5
    dice.app.run_once()
    assert not dice.hub.listening()  # a minute untouched, nothing wanted: rest
    dice.inputs.post(ButtonPressed("down"))
    dice.app.run_once()
    assert dice.hub.listening()  # the press itself wakes it
    dice.clock.now += ATTENDED_FOR + 0.5
    dice.app.run_once()
    assert not dice.hub.listening()


def test_a_roll_wanted_listens_though_nobody_pressed(dice: Dice) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.choose("Red", "The Agony die")
    dice.pick("Back to the game")
    dice.clock.now += ATTENDED_FOR + 1
    dice.app.run_once()
    assert not dice.hub.listening()
    dice.activate()  # the Agony roll is wanted (as after the press that asked for it)
    dice.clock.now += 10 * ATTENDED_FOR
    dice.app.run_once()
    assert dice.hub.listening()
    dice.roll(RED, "Red", 5)  # read while listening: committed as always
    assert dice.journal()[-1] == {"type": "roll", "values": [3], "source": "pixels:Red"}
    assert dice.hub.listening()  # a roll read is someone at the table
    dice.clock.now += ATTENDED_FOR + 1
    dice.app.run_once()
    assert not dice.hub.listening()


def test_the_dice_listen_while_the_dice_screen_is_open(dice: Dice) -> None:
    dice.open_dice_screen()
    dice.clock.now += 5 * ATTENDED_FOR
    dice.app.run_once()
    assert dice.hub.listening()
    dice.pick("Back to the game")
    dice.clock.now += ATTENDED_FOR + 1
    dice.app.run_once()
    assert not dice.hub.listening()


def test_at_rest_the_status_line_does_not_call_a_die_quiet_nobody_listens_to(dice: Dice) -> None:
    dice.advert(RED, "Red", 1, 0)
    dice.choose("Red", "The Agony die")
    dice.pick("Back to the game")
    dice.clock.now += ATTENDED_FOR + 1
    dice.advert(RED, "Red", 1, 0)  # heard as the table comes to rest (its step rests it)
    dice.app.run_once()
    assert not dice.hub.scan_wanted()  # resting: nothing scans
    dice.clock.now += 3600  # not heard since: nobody listened
    dice.inputs.post(dice.hub.status())
    dice.app.run_once()
    assert render(dice.app.view().status.dice) == "Dice: 1 ready"  # type: ignore[arg-type]
    dice.inputs.post(ButtonPressed("down"))  # someone is back: the scan runs, Red is not there
    dice.app.run_once()
    dice.clock.now += QUIET_AFTER + 1
    dice.inputs.post(dice.hub.status())
    dice.app.run_once()
    assert render(dice.app.view().status.dice) == "Red: quiet"  # type: ignore[arg-type]


def test_a_table_started_in_the_middle_of_a_roll_tells_the_dice_at_once(dice: Dice) -> None:
    dice.app.submit(parse_any(ACTIVATE))  # the journal holds an activation: its roll is due
    dice.hub.send_attended(False)
    dice.hub.send_idle()
    dice.app.quit = True  # one pass of the loop: what run() does before it
    dice.app.run()
    assert dice.hub.listening()  # the roll wanted, told before any input
    dice.clock.now += ATTENDED_FOR + 1
    dice.app.run_once()
    assert dice.hub.listening()
