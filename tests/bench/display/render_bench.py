"""Render timings: a full frame at 800×480 and 1920×1080, and a typical partial update.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python -m tests.bench.display.render_bench``. Draws
off-screen (a pygame Surface), so it measures our drawing, not the display's flip.

- cold full frame: a new Screen and an empty text cache (the first frame after start);
- warm full frame: everything redrawn, words already rendered once (e.g. a language switch back);
- partial: the selection moves down the Agony split menu (only the prompt panel is
  redrawn), or a Dreamlands Citadel's Zoogs change (only the board panel);
- the same on a scoreboard's Action Phase (a 4-player game's round 2): the selection
  moves, and the screen looks again for the room its list needs beside the standings;
- idle: the same view again: nothing drawn (what the device does most of the time).
"""

from __future__ import annotations

import dataclasses
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from device.companion.screens import view_of
from device.games import ALL_GAMES
from device.words import add_layer_words
from display.cthulhu_wars.scoreboard import panel as scoreboard_panel
from display.layout import flow
from display.screen.screen import Screen
from display.view import View
from rules.journal import replay, state_json
from tests.display.samples import sample

EXAMPLE = Path(__file__).resolve().parents[3] / "rules" / "examples" / "celaeno_scoreboard.jsonl"
SIZES: tuple[tuple[int, int], ...] = ((480, 320), (800, 480), (1920, 1080))
REPEATS = 50


def _ms(run: Callable[[], object], repeats: int = REPEATS) -> tuple[float, float]:
    """Median and worst time of ``run`` in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def _partial_updates(view: View) -> list[View]:
    """Typical small changes: the selection moves (prompt), or a Citadel's Zoogs change (board)."""
    count = len(view.prompt.choices)
    if count:
        return [
            dataclasses.replace(view, prompt=dataclasses.replace(view.prompt, selected=i))
            for i in range(count)
        ]
    states = [
        {**view.state, "zoogs": {**view.state["zoogs"], "surface_citadel_3": n}}
        for n in range(1, 4)
    ]
    return [dataclasses.replace(view, state=state) for state in states]


def scoreboard_action() -> View:
    """The Action Phase of a 4-player game with the scoreboard (E4's round 2), as the
    device shows it: its list beside the standings."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"ritual"' in line)
    played, events = replay(lines[: at + 5], ALL_GAMES.rules)  # its Rituals and next phase
    assert played is not None and state_json(played)["phase"] == "action"
    return view_of(played, events, ALL_GAMES)


def bench(size: tuple[int, int], name: str) -> dict[str, tuple[float, float]]:
    view = scoreboard_action() if name == "scoreboard" else sample(name)
    surface = pygame.Surface(size)

    def cold() -> None:
        flow.clear_cache()
        scoreboard_panel.forget()
        Screen(surface).render(view)

    screen = Screen(surface)
    screen.render(view)

    def warm() -> None:
        screen.invalidate()
        screen.render(view)

    moves = _partial_updates(view)
    step = iter(range(10**9))

    def partial() -> None:
        assert screen.render(moves[next(step) % len(moves)])

    def idle() -> None:
        screen.render(moves[-1])

    screen.render(moves[-1])
    return {
        "cold full frame": _ms(cold, 10),
        "warm full frame": _ms(warm),
        "partial update": _ms(partial),
        "idle (no change)": _ms(idle),
    }


def main() -> None:
    add_layer_words()  # as `celaeno` does when it starts
    pygame.display.init()
    pygame.font.init()
    print(f"pygame {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}")
    for size in SIZES:
        for name in ("agony_split", "dreamlands", "scoreboard"):
            results = bench(size, name)
            for what, (median, worst) in results.items():
                where = f"{size[0]}x{size[1]} {name:12} {what:18}"
                print(f"{where} median {median:7.2f} ms  worst {worst:7.2f} ms")


if __name__ == "__main__":
    main()
