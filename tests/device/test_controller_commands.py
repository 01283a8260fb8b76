"""The controller alone: presses and taps in, commands and prompts out (no display needed).

Every command of rules/cthulhu_wars/JOURNAL.md is reached from the main screen with the buttons alone and
again with taps on the choices; what the rules refuse before a choice is made, the screen
says in words; the reader's roll is taken only while a roll is pending.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from device.companion.app import App, Inputs
from device.companion.questions import AppQuestions
from device.companion.window import Window
from device.cthulhu_wars.controller import CthulhuWarsController
from device.games import GAMES
from device.storage.session import GameSession
from device.storage.store import Store
from device.ui.wizard import Reaction
from hardware.events import ButtonPressed, DiceRead
from rules.commands import Command
from rules.cthulhu_wars.commands import NewGame
from rules.cthulhu_wars.dreamlands.record import of
from rules.cthulhu_wars.game import CTHULHU_WARS
from rules.cthulhu_wars.state import GameState, RollPending
from rules.games import RULES
from rules.journal import Applied, Played, apply, start
from rules.text import Text, text
from tests.device.conftest import ROOT
from tests.parsing import known_types, parse_any, replay_game

QUESTIONS = AppQuestions(GAMES.front_ends)  # the app's own questions, opened as it opens them

GC, CC, BG, YS, OW = (
    "great_cthulhu",
    "crawling_chaos",
    "black_goat",
    "yellow_sign",
    "opener_of_the_way",
)
GUARDIAN, BARRIER = "guardian_under_the_lake", "barrier_of_naach_tith"

# The command types of rules/cthulhu_wars/JOURNAL.md, every one of which the table must be able to give.
SPEC_COMMANDS = (
    "new_game", "next_phase", "set_gate", "activate", "roll", "assign_agony", "satisfy",
    "spend_silence", "use_tome", "unflip_tome", "bhole", "zoogs_removed", "yog_sothoth", "undo",
)  # fmt: skip


def game(*commands: dict[str, object]) -> GameState:
    state, _ = replay_game(json.dumps(cmd) for cmd in commands)
    assert isinstance(state, GameState)
    return state


def new_game(map_name: str = "celaeno", *factions: str) -> dict[str, object]:
    return {"type": "new_game", "map": map_name, "factions": list(factions or (GC, CC, BG))}


PHASES_TO_ROUND_2: list[dict[str, object]] = [{"type": "next_phase"}] * 4


def gate(area: str, controller: str | None) -> dict[str, object]:
    return {"type": "set_gate", "area": area, "gate": True, "controller": controller}


def round_2(*before: dict[str, object]) -> GameState:
    """A Library game in round 2's Action Phase: everyone holds a Silence token (C1)."""
    return game(new_game(), *before, *PHASES_TO_ROUND_2)


@dataclass
class Pilot:
    """A player at the table: presses buttons (or taps choices) and the rules take the result."""

    state: GameState
    touch: bool = False
    controller: CthulhuWarsController = field(default_factory=CthulhuWarsController)
    given: list[Command] = field(default_factory=list)
    notices: list[Text] = field(default_factory=list)
    presses: int = 0
    done: Applied | None = None  # the engine's history of the table's commands (undo, redo)
    undone: Applied | None = None

    def press(self, *buttons: str) -> None:
        for button in buttons:
            self.presses += 1
            self.react(self.controller.press(button, self.state))

    def tap(self, index: int) -> None:
        self.presses += 1
        self.react(self.controller.tap(index, self.state))

    def react(self, reaction: Reaction) -> None:
        if reaction.app_question is not None:  # as the app opens its own questions
            played = Played(CTHULHU_WARS, self.state, self.done, self.undone)
            self.controller.ask(QUESTIONS.open(reaction.app_question, played))
        if reaction.notice is not None:
            self.notices.append(reaction.notice)
        for cmd in reaction.commands():
            # A new game is a new journal; otherwise the engine keeps the table's history.
            played = Played(CTHULHU_WARS, self.state, self.done, self.undone)
            outcome = start(cmd, RULES) if isinstance(cmd, NewGame) else apply(played, cmd)
            assert isinstance(outcome.state, GameState)
            self.state = outcome.state
            self.done, self.undone = outcome.played.done, outcome.played.undone
            self.controller.accepted(cmd)
            self.controller.follow(outcome.played)
            self.given.append(cmd)

    def choose(self, label: Text) -> None:
        """Pick the choice labelled ``label``: DOWN until it is selected then OK, or a tap."""
        prompt = self.controller.prompt(self.state)
        labels = [choice.label for choice in prompt.choices]
        assert label in labels, f"{label} not among {labels}"
        if self.touch:
            self.tap(labels.index(label))
            return
        for _ in range(len(labels)):
            prompt = self.controller.prompt(self.state)
            if prompt.selected is not None and labels[prompt.selected] == label:
                self.press("ok")
                return
            self.press("down")
        raise AssertionError(f"DOWN never reached {label}")

    def choose_all(self, *labels: Text) -> None:
        for label in labels:
            self.choose(label)

    def confirm(self) -> None:
        """OK on a dial confirms its numbers; a finger taps its last line, Confirm."""
        prompt = self.controller.prompt(self.state)
        assert prompt.choices[-1].label == text("prompt.confirm")
        if self.touch:
            self.tap(len(prompt.choices) - 1)
        else:
            self.press("ok")

    def menu(self, item: str, *labels: Text) -> None:
        self.choose(text("main.menu"))
        assert self.controller.prompt(self.state).title.key == "prompt.menu"
        self.choose_all(text(f"menu.{item}"), *labels)

    def last(self) -> Command:
        assert self.given, f"no command given; notices: {self.notices}"
        return self.given[-1]


def confirm() -> Text:
    return text("prompt.confirm")


def face(n: int) -> Text:
    return text("prompt.face", n=n)


def new_game_by_menu(p: Pilot) -> None:
    p.menu("new_game", text("map.celaeno"))
    p.choose_all(text(f"faction.{GC}"), text(f"faction.{CC}"), text(f"faction.{YS}"))
    p.choose_all(text("prompt.that_is_everyone"), text("prompt.start_scoreboard.off"))


def next_phase(p: Pilot) -> None:
    p.press("phase")
    p.choose(text("prompt.go_on"))


def set_gate(p: Pilot) -> None:
    p.menu("gate", text(f"area.{GUARDIAN}"), text("prompt.gate_controlled", faction=CC))


def activate(p: Pilot) -> None:
    p.press("left")  # CUSTODIAN
    p.choose_all(text(f"faction.{GC}"), text("area.black_hall"))


def roll(p: Pilot) -> None:
    activate(p)
    p.choose(face(2))


def assign_agony(p: Pilot) -> None:
    roll(p)
    p.choose(text("prompt.go_on_with", n=3))  # who is in the Black Hall: everyone (C13)
    p.confirm()  # the proposed split


def satisfy(p: Pilot) -> None:
    p.press("right")  # LIBRARIAN
    p.choose_all(text(f"faction.{CC}"), text("area.oubliette"), face(3))
    p.confirm()  # Units present: one of Great Cthulhu's
    p.confirm()  # his payment: all in Doom


def spend_silence(p: Pilot) -> None:
    p.menu("barrier", text(f"faction.{CC}"))


def use_tome(p: Pilot) -> None:
    p.menu("use_tome", text("prompt.tome_of", tome=GUARDIAN, faction=GC))


def unflip_tome(p: Pilot) -> None:
    use_tome(p)
    p.menu("unflip", text("prompt.tome_of", tome=GUARDIAN, faction=GC), text("pay.elder_sign"))


def bhole(p: Pilot) -> None:
    p.menu("bhole", text("prompt.bhole_killed"))


def zoogs_removed(p: Pilot) -> None:
    area = next(iter(of(p.state).zoogs))
    p.menu("zoogs", text(f"area.{area}"), text("count.zoogs", n=1))


def yog_sothoth(p: Pilot) -> None:
    p.menu("yog", text("area.vale_of_pnath"))


def undo(p: Pilot) -> None:
    set_gate(p)
    p.press("undo")  # BACK held


LIBRARY = round_2(gate(GUARDIAN, GC), gate(GUARDIAN, None), gate(BARRIER, GC))
E3 = ROOT / "rules" / "examples" / "dreamlands_e3.jsonl"
DREAMLANDS = game(*[json.loads(line) for line in E3.read_text().splitlines() if line[:1] == "{"])
DREAMLANDS_OPENER = game(new_game("dreamlands", GC, OW, YS))

SCENARIOS: dict[str, tuple[GameState, Callable[[Pilot], None]]] = {
    "new_game": (LIBRARY, new_game_by_menu),
    "next_phase": (LIBRARY, next_phase),
    "set_gate": (LIBRARY, set_gate),
    "activate": (LIBRARY, activate),
    "roll": (LIBRARY, roll),
    "assign_agony": (LIBRARY, assign_agony),
    "satisfy": (LIBRARY, satisfy),
    "spend_silence": (LIBRARY, spend_silence),
    "use_tome": (LIBRARY, use_tome),
    "unflip_tome": (LIBRARY, unflip_tome),
    "bhole": (DREAMLANDS, bhole),
    "zoogs_removed": (DREAMLANDS, zoogs_removed),
    "yog_sothoth": (DREAMLANDS_OPENER, yog_sothoth),
    "undo": (LIBRARY, undo),
}


def test_the_scenarios_cover_every_command_of_the_spec() -> None:
    assert set(SPEC_COMMANDS) <= set(known_types())
    assert sorted(SCENARIOS) == sorted(SPEC_COMMANDS)


@pytest.mark.parametrize("touch", [False, True], ids=["buttons", "touch"])
@pytest.mark.parametrize("kind", SPEC_COMMANDS)
def test_every_command_can_be_given_at_the_table(kind: str, touch: bool) -> None:
    start, scenario = SCENARIOS[kind]
    pilot = Pilot(start, touch)
    scenario(pilot)
    assert kind == pilot.last().TYPE  # and the rules took it (Pilot applies each command)
    assert pilot.notices == []


def test_spending_a_token_to_unflip() -> None:
    pilot = Pilot(LIBRARY)
    use_tome(pilot)
    tome = text("prompt.tome_of", tome=GUARDIAN, faction=GC)
    pilot.menu("unflip", tome, text("pay.silence"))
    assert pilot.last().TYPE == "spend_silence"
    assert pilot.state.tomes[GUARDIAN].face_up and not pilot.state.silence[GC]


# --- why not ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "why"),
    [
        (game(new_game()), "notice.nobody_has_token"),  # round 1 (I1)
        (round_2(), "notice.no_overdue_enemy"),  # nobody holds an Overdue Tome (C16)
        (game(new_game(), {"type": "next_phase"}), "notice.activate_in_action"),  # C3
        (DREAMLANDS, "notice.no_monster_here.librarian"),
    ],
)
def test_the_librarian_is_not_offered_and_the_screen_says_why(state: GameState, why: str) -> None:
    pilot = Pilot(state)
    pilot.press("right")  # LIBRARIAN
    assert [notice.key for notice in pilot.notices] == [why]
    assert pilot.controller.prompt(pilot.state).title.key.startswith("prompt.idle")  # no wizard
    assert pilot.given == []


def test_an_activator_without_an_overdue_enemy_is_shown_but_not_open() -> None:
    pilot = Pilot(LIBRARY)  # Great Cthulhu holds the Overdue Tome: only his enemies may
    pilot.press("right")  # LIBRARIAN
    choices = pilot.controller.prompt(pilot.state).choices
    assert [c.enabled for c in choices] == [False, True, True]
    assert choices[0].detail == text("detail.no_overdue_enemy")
    assert pilot.controller.prompt(pilot.state).selected == 1
    pilot.tap(0)  # a tap on the closed choice does nothing
    assert pilot.controller.prompt(pilot.state).title.key == "prompt.who_activates"


def test_phase_is_refused_while_a_decision_is_pending() -> None:
    pilot = Pilot(LIBRARY)
    activate(pilot)
    pilot.press("phase")
    assert [n.key for n in pilot.notices] == ["notice.answer_first"]


# --- dice from the reader ------------------------------------------------------------------


def test_a_reader_roll_is_taken_only_while_a_roll_is_pending() -> None:
    controller = CthulhuWarsController()
    idle = controller.dice((2,), LIBRARY)
    assert idle.command is None and idle.notice is not None
    assert idle.notice.key == "notice.roll_not_wanted"
    pilot = Pilot(LIBRARY)
    activate(pilot)
    assert isinstance(pilot.state.pending, RollPending)
    assert controller.dice((2,), pilot.state).command == parse_any(
        {"type": "roll", "values": [2], "source": "reader"}
    )


@pytest.fixture()
def app(tmp_path: Path) -> Iterator[App]:
    """The app on an off-screen surface, with the game waiting for a Custodian roll."""
    store = Store.open(tmp_path / "journal.sqlite3")
    start = parse_any(new_game())
    session, _ = GameSession.resume(store, start, RULES)
    for cmd in [
        *PHASES_TO_ROUND_2,
        {"type": "activate", "monster": "custodian", "by": GC, "area": "black_hall"},
    ]:
        session.submit(parse_any(cmd))
    with store:
        yield App(session, Window(pygame.Surface((800, 480))), Inputs())


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        ((4,), "error.roll_face.agony"),
        ((1, 2), "error.roll_count"),
        ((0,), "error.roll_face.agony"),
    ],
)
def test_a_reader_roll_that_does_not_fit_changes_nothing(
    app: App, values: tuple[int, ...], reason: str
) -> None:
    before = app.state
    journal = app.session.store.commands(app.session.game_id)
    app.handle_input(DiceRead(values))
    assert app.state is before
    assert app.session.store.commands(app.session.game_id) == journal
    rejected = app.view().status.last_rejected
    assert rejected is not None and rejected.key == "notice.misread"
    assert rejected.params["values"] == " ".join(map(str, values))
    assert rejected.params["reason"].key == reason


def test_holding_back_undoes_the_roll_and_says_so(app: App) -> None:
    app.handle_input(DiceRead((3,)))
    assert not isinstance(app.state.pending, RollPending)
    app.handle_input(ButtonPressed("undo"))
    assert isinstance(app.state.pending, RollPending)
    result = app.view().prompt.result
    assert result is not None
    assert [(e.key, e.params["what"]) for e in result.params["events"]] == [
        ("event.undone", text("command.roll"))
    ]
    assert "Undone" in result.render("en")


# --- how many presses -------------------------------------------------------------------------


def test_a_custodian_activation_with_the_reader_takes_at_most_six_presses() -> None:
    pilot = Pilot(LIBRARY)
    pilot.press("left", "ok", "ok")  # who: the first with a token; where: the first Area
    pilot.react(pilot.controller.dice((2,), pilot.state))  # the reader, not a press
    pilot.press("ok")  # who is there (C13): everyone, until told otherwise
    pilot.press("ok")  # the proposed split: one each in seat order after the activator
    assert [cmd.TYPE for cmd in pilot.given] == ["activate", "roll", "assign_agony"]
    assert pilot.state.pending is None
    assert pilot.presses == 5 <= 6


def test_a_tap_on_the_main_screen_opens_something(app: App) -> None:
    app.handle_input(DiceRead((3,)))
    app.handle_input(ButtonPressed("ok"))  # who is there: everyone
    app.handle_input(ButtonPressed("ok"))  # the split: the game is back on the main screen
    assert app.state.pending is None
    app.screen.render(app.view())
    width, height = app.screen.surface.get_size()
    spots = [(x, y) for x in range(0, width, 8) for y in range(0, height, 8)]
    custodian = next(spot for spot in spots if app.screen.choice_at(spot) == 0)
    app.handle_pygame(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=custodian, button=1, touch=False)
    )
    assert app.view().prompt.title.key == "prompt.who_activates"
