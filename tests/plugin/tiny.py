"""Tower, a game that exists only in the tests: proof that the plug-in contract is real.

Three commands: ``tower_new`` starts a tower of height 0; ``tower_climb`` asks for one
d6 (a pending roll); ``tower_roll`` answers it and the tower grows by the die. A roll of
1 topples the tower back to 0 (rule "TW1"). It joins the engine, the device, the screen
and the phone view only as one more value in each layer's list, which its test builds
(``GAMES.plus``): no engine, device, display or web file names it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import pygame

from device.ui.controller import BaseController
from device.ui.front_end import FrontEnd
from device.ui.steps import DONE, ListStep, Option, ScreenStep
from device.ui.wizard import Reaction
from display.ink import colours
from display.ink.runs import Para, Span
from display.layout.canvas import Canvas
from display.panels.game_screen import GameScreen
from display.panels.shared import SHARED_PANELS, Panel
from display.view import Prompt, View
from display.web.games import PhonePart
from display.web.html import escape
from rules.commands import Command, CommandTable
from rules.errors import RulesError
from rules.game import Game, RollWanted
from rules.text import Text, Words, text, translate
from rules.values import Record

NAME = "tower"
FACES = (1, 2, 3, 4, 5, 6)

# --- rules -------------------------------------------------------------------------------

COMMANDS = CommandTable(NAME)


@COMMANDS.command("tower_new")
class TowerNew(Command, Record):
    builder: str


@COMMANDS.command("tower_climb")
class TowerClimb(Command, Record):
    pass


@COMMANDS.command("tower_roll")
class TowerRoll(Command, Record):
    value: int


@dataclass(frozen=True)
class TowerState:
    builder: str
    height: int = 0
    rolling: bool = False
    phase: str = "climbing"


def apply(state: TowerState | None, cmd: Command) -> tuple[TowerState, list[Text]]:
    if isinstance(cmd, TowerNew):
        if state is not None:
            raise RulesError("TW0", "tower.error.running")
        return TowerState(cmd.builder), [text("tower.event.new", builder=cmd.builder)]
    assert state is not None  # the engine routes only a tower's commands to a tower
    if isinstance(cmd, TowerClimb):
        if state.rolling:
            raise RulesError("TW1", "tower.error.roll_first")
        return replace(state, rolling=True), [text("tower.event.climb")]
    if isinstance(cmd, TowerRoll):
        if not state.rolling:
            raise RulesError("TW1", "tower.error.no_roll")
        if cmd.value not in FACES:
            raise RulesError("TW1", "tower.error.face", value=cmd.value)
        height = 0 if cmd.value == 1 else state.height + cmd.value
        return replace(state, height=height, rolling=False), [text("tower.event.height", n=height)]
    raise RulesError("journal", "error.journal.not_this_game", type=cmd.TYPE)


def to_json(state: TowerState) -> dict[str, Any]:
    pending = {"kind": "roll", "dice": 1, "faces": list(FACES)} if state.rolling else None
    return {"game": NAME, "builder": state.builder, "height": state.height, "pending": pending}


def wanted_roll(state: TowerState) -> RollWanted | None:
    return RollWanted(1, "d6", FACES, "climb") if state.rolling else None


WORDS_EN = {
    "tower.event.new": "{builder} starts a tower.",
    "tower.event.climb": "Roll the die to climb.",
    "tower.event.height": "The tower is {n} high.",
    "tower.error.running": "a tower is already standing.",
    "tower.error.roll_first": "roll the die first.",
    "tower.error.no_roll": "nobody is climbing.",
    "tower.error.face": "a die has no {value}.",
    "tower.prompt.idle": "Tower of height {n}",
    "tower.prompt.climb": "Climb",
    "tower.prompt.roll": "Roll the die",
    "tower.prompt.face": "{n}",
    "tower.prompt.phase": "Start again?",
    "tower.screen.height": "Height {n}",
    "command.tower_new": "the new tower",
    "command.tower_climb": "the climb",
    "command.tower_roll": "the roll",
}
WORDS_JA = {key: f"（塔）{value}" for key, value in WORDS_EN.items()}
WORDS = Words(NAME, WORDS_EN, WORDS_JA)

TOWER = Game(
    name=NAME,
    starts_with=TowerNew,
    commands=COMMANDS,
    apply=apply,
    to_json=to_json,
    wanted_roll=wanted_roll,
    summary=lambda state: f"height {state.height}",
    words=(WORDS,),
)

# --- device --------------------------------------------------------------------------------


class TowerController(BaseController):
    """OK on the main screen climbs; the die comes from the reader or from the list."""

    def dice(self, values: tuple[int, ...], state: TowerState) -> Reaction:
        if not state.rolling:
            return Reaction(notice=text("tower.error.no_roll"))
        return Reaction(TowerRoll(values[0]))

    def prompt(self, state: TowerState, result: Text | None = None) -> Prompt:
        step = self._current(state)
        assert step is not None
        return Prompt(step.title, step.choices(), step.selected(), step.hints, result)

    def _base_step(self, state: TowerState) -> ScreenStep:
        if state.rolling:
            faces = [Option(text("tower.prompt.face", n=face), TowerRoll(face)) for face in FACES]
            return ListStep(text("tower.prompt.roll"), faces, lambda cmd: cmd)
        climb = [Option(text("tower.prompt.climb"), TowerClimb())]
        return ListStep(text("tower.prompt.idle", n=state.height), climb, lambda cmd: cmd)

    def _phase_step(self, state: TowerState) -> ScreenStep:
        again = [Option(text("prompt.cancel"), DONE)]
        return ListStep(text("tower.prompt.phase"), again, lambda answer: answer)


TOWER_UI = FrontEnd(
    game=NAME,
    controller=TowerController,
    new_game_options=lambda state: [],
    still_prompt=lambda played, result, lang: TowerController(lang).prompt(played.state, result),
)

# --- display -------------------------------------------------------------------------------


def _header_key(view: View) -> object:
    return (view.state.get("height"), view.lang)


def _draw_header(canvas: Canvas, view: View) -> None:
    canvas.surface.fill(colours.BACKGROUND, canvas.rect)
    words = translate("tower.screen.height", view.lang, n=view.state.get("height"))
    canvas.text([Para((Span(words, colours.TEXT),), "large")], canvas.strip, "left", "center")


def _board_key(view: View) -> object:
    return json.dumps(dict(view.state), sort_keys=True)


def _draw_board(canvas: Canvas, view: View) -> None:
    """One block per point of height: a tower you can see across the table."""
    canvas.background()
    inner = canvas.inner
    height = int(view.state.get("height", 0))
    block = max(2, inner.h // 40)
    for level in range(height):
        top = inner.bottom - (level + 1) * (block + 1)
        if top < inner.top:
            break
        pygame.draw.rect(canvas.surface, colours.LIT, (inner.centerx - 30, top, 60, block))


TOWER_SCREEN = GameScreen(
    name=NAME,
    panels={
        "header": Panel(_header_key, _draw_header),
        "board": Panel(_board_key, _draw_board),
        **SHARED_PANELS,
    },
    board_share=lambda state: 0.5,
)

# --- phone view ------------------------------------------------------------------------------


def _phone_html(state: Mapping[str, Any], lang: str) -> str:
    words = translate("tower.screen.height", lang, n=state.get("height"))
    return f'<section class="game"><h2>{escape(words)}</h2></section>'


TOWER_PHONE = PhonePart(game=NAME, html=_phone_html, words=(WORDS,))
