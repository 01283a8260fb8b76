"""A pulled plug takes nothing off the screen: started again on the same journal, the
device shows the newest command's result (its board instructions whole), the History's
words for it and the same question, as it did before the restart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from device.companion.app import App, Inputs
from device.companion.window import Window
from display.view import Prompt
from rules.journal import parse_line
from tests.device.conftest import open_session

EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"


def commands(name: str) -> list[str]:
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def played_one_by_one(
    state_dir: Path, surface: pygame.Surface, lines: list[str]
) -> Iterator[Prompt]:
    """Each line submitted as the device does, in an app that then loses its power: yields
    what its screen asked and said just before."""
    for line in lines:
        store, session = open_session(state_dir)
        with store:
            app = App(session, Window(surface), Inputs())
            cmd = parse_line(line, app.games.rules, app.session.played.game)
            assert cmd is not None
            app.submit(cmd)
            yield app.view().prompt


def restarted(state_dir: Path, surface: pygame.Surface) -> Prompt:
    store, session = open_session(state_dir)
    with store:
        return App(session, Window(surface), Inputs()).view().prompt


UNDO, REDO = '{"type": "undo"}', '{"type": "redo"}'


@pytest.mark.parametrize(
    ("example", "then"),
    [("dreamlands_bhole_kill.jsonl", [UNDO, UNDO, REDO]), ("celaeno_e2.jsonl", [UNDO])],
)
def test_every_result_is_shown_again_after_a_restart(
    example: str, then: list[str], state_dir: Path, surface: pygame.Surface
) -> None:
    lines = commands(example) + then
    for number, before in enumerate(played_one_by_one(state_dir, surface, lines), start=1):
        if number == 1:
            continue  # a game with nothing but its start is greeted (below)
        after = restarted(state_dir, surface)
        assert after.result == before.result, f"{example} command {number}"
        assert after == before, f"{example} command {number}"


def test_the_bhole_s_move_survives_a_restart(state_dir: Path, surface: pygame.Surface) -> None:
    """The Bhole's roll tells the table where it goes and what it destroys (D8–D10): after
    a restart those words are still the result, not only the die."""
    lines = commands("dreamlands_bhole_kill.jsonl")
    rolls = [n for n, line in enumerate(lines) if '"roll"' in line]
    for _ in played_one_by_one(state_dir, surface, lines[: rolls[0] + 1]):
        pass
    said = restarted(state_dir, surface).result
    assert said is not None and said.key == "device.result"
    keys = [event.key for event in said.params["events"]]
    assert len(keys) > 1, keys


def test_a_fresh_game_is_still_greeted(state_dir: Path, surface: pygame.Surface) -> None:
    first = restarted(state_dir, surface).result
    assert first is not None and first.key != "device.result"
    assert restarted(state_dir, surface).result == first
