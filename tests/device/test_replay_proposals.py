"""``celaeno replay --screenshot`` proposes what the device proposes (I10): a scoreboard
journal stopped at a Gather Power, past the first, is drawn with the Power each faction
gathered beyond its Gates last round, as the running companion reads it from the game's
history, not proposed afresh.

The journal is worked example E4 (rules/examples/celaeno_scoreboard.jsonl) cut where
round 3's Gather Power waits."""

from __future__ import annotations

from pathlib import Path

import pygame

from device.companion.app import App, Inputs
from device.companion.screens import view_of
from device.companion.window import Window
from device.games import GAMES
from display.screen.screenshot import save_screenshot
from display.view import Prompt
from rules.journal import parse_line, replay, state_json
from rules.text import render
from tests import cli
from tests.device.conftest import ROOT, open_session

EXAMPLE = ROOT / "rules" / "examples" / "celaeno_scoreboard.jsonl"
SIZE = "800x480"


def cut_at_gather_power(round_: int) -> list[str]:
    """E4's lines up to the one that leaves round ``round_``'s Gather Power waiting."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    for end in range(1, len(lines) + 1):
        played, _events = replay(lines[:end], GAMES.rules)
        assert played is not None
        state = state_json(played)
        if state["round"] == round_ and (state["pending"] or {}).get("kind") == "gather_power":
            return lines[:end]
    raise AssertionError(f"E4 never waits for round {round_}'s Gather Power")


def proposals(prompt: Prompt) -> list[object]:
    """Each line of the Gather Power screen: its words and what they are made of."""
    return [(choice.label, choice.detail) for choice in prompt.choices]


def on_the_device(lines: list[str], state_dir: Path, surface: pygame.Surface) -> Prompt:
    """What the running companion asks once the table has entered ``lines`` on it."""
    store, session = open_session(state_dir)
    with store:
        app = App(session, Window(surface), Inputs())
        for line in lines:
            cmd = parse_line(line, GAMES.rules, app.session.played.game)
            assert cmd is not None
            app.submit(cmd)
        return app.view().prompt


def test_the_replays_gather_power_proposes_what_the_device_does(
    tmp_path: Path, state_dir: Path, surface: pygame.Surface
) -> None:
    lines = cut_at_gather_power(3)
    played, events = replay(lines, GAMES.rules)
    assert played is not None
    drawn = view_of(played, events, GAMES)
    asked = on_the_device(lines, state_dir, surface)
    assert drawn.prompt.title == asked.title
    assert proposals(drawn.prompt) == proposals(asked)
    # what round 2's answers add (I10): a faction's Cultists, said "as last round"
    said = [render(choice.label, "en") for choice in asked.choices]
    assert any("as last round" in line for line in said), said


def test_the_replay_command_draws_that_screen(tmp_path: Path, surface: pygame.Surface) -> None:
    """The real command draws the view above, pixel for pixel."""
    lines = cut_at_gather_power(3)
    journal = tmp_path / "round3.jsonl"
    journal.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    drawn = tmp_path / "replay.png"
    done = cli.celaeno("replay", str(journal), "--screenshot", str(drawn), "--size", SIZE)
    assert done.returncode == 0, done.stderr
    played, events = replay(lines, GAMES.rules)
    assert played is not None
    expected = save_screenshot(view_of(played, events, GAMES), tmp_path / "view.png",
                               (800, 480), GAMES.screens)  # fmt: skip
    assert pygame.image.tobytes(pygame.image.load(drawn), "RGB") == pygame.image.tobytes(
        pygame.image.load(expected), "RGB"
    )
