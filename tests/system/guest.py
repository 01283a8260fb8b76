"""What the scenarios ask of a booted guest and of its screen, in the project's own terms."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from tests.system.machine import SCREEN, Machine

CELAENO = "/opt/celaeno/venv/bin/celaeno"
# As the service's user, with the service's state directory: a root-owned -shm or -wal
# file left in /var/lib/celaeno would lock the service out of its own journal.
AS_SERVICE = "runuser -u celaeno -- env STATE_DIRECTORY=/var/lib/celaeno"
# The round bar and the board panel at 800x480: the state, drawn alike by the device and by
# `celaeno replay --screenshot`. The prompt and status line differ by design (the replay shows
# the latest event as the result and no reader).
BOARD = (0, 0, 420, 410)
ROUND_BAR = (0, 0, 800, 40)  # the round and the phases: drawn alike whatever the prompt
COMMITTED = re.compile(r"committed (\d+) of game (\d+): (\w+)")


def export(machine: Machine) -> list[dict[str, Any]]:
    """The current game's journal as ``celaeno export`` prints it in the guest."""
    output = machine.sh(f"{AS_SERVICE} {CELAENO} export", timeout=180)
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def main_pid(machine: Machine) -> int:
    return int(machine.sh("systemctl show -p MainPID --value celaeno").strip())


def committed(console: str) -> list[tuple[int, int, str]]:
    """(game, seq, type) of each 'committed N of game G: type' line on the console."""
    return [(int(g), int(n), kind) for n, g, kind in COMMITTED.findall(console)]


def wait_committed(machine: Machine, kind: str, since: int, timeout: float = 120) -> int:
    """Wait until the app logs a commit of ``kind`` after console offset ``since``."""
    match = machine.wait_console(rf"committed \d+ of game \d+: {kind}\b", timeout, since)
    return match.end()


def exposure(machine: Machine) -> float:
    """The overall exposure level `systemd-analyze security` gives the unit (0 best, 10 worst)."""
    output = machine.sh("systemd-analyze security --no-pager celaeno.service", timeout=180)
    match = re.search(r"Overall exposure level for celaeno\.service: ([\d.]+)", output)
    assert match is not None, output[-2000:]
    return float(match.group(1))


def replay_screenshot(commands: list[dict[str, Any]], out: Path) -> Path:
    """The host's ``celaeno replay --screenshot`` of the same journal, at the guest's size."""
    journal = out.with_suffix(".jsonl")
    journal.write_text("".join(json.dumps(c) + "\n" for c in commands))
    width, height = SCREEN
    subprocess.run(
        [
            sys.executable,
            "-m",
            "device.cli",
            "replay",
            str(journal),
            "--screenshot",
            str(out),
            "--size",
            f"{width}x{height}",
        ],
        check=True,
        capture_output=True,
        env={"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin"},
        cwd=Path(__file__).resolve().parents[2],
    )
    return out


def differing(a: Path, b: Path, box: tuple[int, int, int, int] | None = None) -> float:
    """Share of pixels (in ``box`` = x, y, w, h, or all) that differ clearly between two PNGs."""
    first, second = pygame.image.load(str(a)), pygame.image.load(str(b))
    assert first.get_size() == second.get_size(), (first.get_size(), second.get_size())
    rect = pygame.Rect(box) if box is not None else first.get_rect()
    x = pygame.image.tobytes(first.subsurface(rect), "RGB")
    y = pygame.image.tobytes(second.subsurface(rect), "RGB")
    pixels = len(x) // 3
    different = sum(
        1
        for i in range(0, len(x), 3)
        if max(abs(x[i] - y[i]), abs(x[i + 1] - y[i + 1]), abs(x[i + 2] - y[i + 2])) > 40
    )
    return different / pixels


def same_screen(shot: Path, expected: Path, box: tuple[int, int, int, int]) -> None:
    """Assert the screendump shows what the host's replay draws in ``box``."""
    share = differing(shot, expected, box)
    assert share < 0.02, f"{shot.name}: {share:.1%} of the board differs from {expected.name}"


def colours(path: Path) -> int:
    """How many distinct colours a screendump has (a blank or console-only screen has few)."""
    surface = pygame.image.load(str(path))
    data = pygame.image.tobytes(surface, "RGB")
    return len({data[i : i + 3] for i in range(0, len(data), 3 * 7)})


def settle(seconds: float = 2.0) -> None:
    """Give the emulated app time to draw after its last input (frames are not announced)."""
    time.sleep(seconds)
