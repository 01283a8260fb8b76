"""Render timings: a full frame at 800×480 and 1920×1080, and a typical partial update.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python -m tests.bench.display.render_bench``. Draws
off-screen (a pygame Surface), so it measures our drawing, not the display's flip.

- cold full frame: a new Screen and an empty text cache (the first frame after start);
- warm full frame: everything redrawn, words already rendered once (e.g. a language switch back);
- partial: the selection moves down the Agony split menu (only the prompt panel is
  redrawn), or a Dreamlands Citadel's Zoogs change (only the board panel);
- idle: the same view again: nothing drawn (what the device does most of the time).
"""

from __future__ import annotations

import dataclasses
import os
import statistics
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from device.words import add_layer_words
from display.layout import flow
from display.screen.screen import Screen
from display.view import View
from tests.display.samples import sample

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON

SIZES: tuple[tuple[int, int], ...] = ((800, 480), (1920, 1080))
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
    state = cast("CthulhuWarsStateJSON", view.state)  # the Dreamlands sample
    states: list[CthulhuWarsStateJSON] = [
        {**state, "zoogs": {**state["zoogs"], "surface_citadel_3": n}} for n in range(1, 4)
    ]
    return [dataclasses.replace(view, state=state) for state in states]


def bench(size: tuple[int, int], name: str) -> dict[str, tuple[float, float]]:
    view = sample(name)
    surface = pygame.Surface(size)

    def cold() -> None:
        flow.clear_cache()
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
        for name in ("agony_split", "dreamlands"):
            results = bench(size, name)
            for what, (median, worst) in results.items():
                where = f"{size[0]}x{size[1]} {name:12} {what:18}"
                print(f"{where} median {median:7.2f} ms  worst {worst:7.2f} ms")


if __name__ == "__main__":
    main()
