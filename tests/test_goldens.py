"""Goldens: ``celaeno replay`` prints and draws exactly what it did when they were recorded.

Every journal under tests/goldens/journals/ (the shipped examples, frozen, and 310 seeded
random Library, Dreamlands and Normandie journals, some with undo lines and some stopped
by a refused line) has a ``NAME.expected.json`` beside it: for each command line run, the
exit status, standard output and standard error, byte for byte. Every PNG under
tests/goldens/screens/ is ``--screenshot`` of the journal of the same stem at that
language and size, and must come out pixel for pixel the same.

Only the public command line is used (``device.cli.main``, the installed ``celaeno``), run
in this process so the 300-odd journals take seconds, not minutes. A mismatching screen
is written to tests/output/goldens/ to be looked at. After a behaviour change made on
purpose, regenerate with ``python -m tests.goldens.generate`` and review the diff.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from device.cli.main import main as celaeno

GOLDENS = Path(__file__).parent / "goldens"
JOURNALS = sorted((GOLDENS / "journals").rglob("*.jsonl"))
SCREENS = sorted((GOLDENS / "screens").glob("*.png"))
OUTPUT = Path(__file__).parent / "output" / "goldens"


def run(args: list[str]) -> dict[str, Any]:
    """``celaeno ARGS`` in this process: exit status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = celaeno(args)
    return {"exit": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def _id(path: Path) -> str:
    return str(path.relative_to(GOLDENS).with_suffix(""))


def test_the_goldens_are_all_there() -> None:
    """The set itself: no folder lost, refusals and every game included."""
    games = {path.parent.name for path in JOURNALS}
    assert games == {"examples", "library", "dreamlands", "normandie"}
    assert sum(path.parent.name != "examples" for path in JOURNALS) >= 300
    expected = [json.loads(p.with_suffix(".expected.json").read_text("utf-8")) for p in JOURNALS]
    refused = [e for e in expected if e["replay FILE"]["exit"] == 2]
    assert len(refused) >= 30 and all(
        e["replay FILE"]["stderr"].startswith("line ") for e in refused
    )
    assert len(SCREENS) >= 90


@pytest.mark.parametrize("journal", JOURNALS, ids=_id)
def test_replay_prints_what_it_printed(journal: Path) -> None:
    expected = json.loads(journal.with_suffix(".expected.json").read_text("utf-8"))
    for command, want in expected.items():
        args = [str(journal) if word == "FILE" else word for word in command.split()]
        got = run(args)
        assert got["stdout"] == want["stdout"], f"celaeno {command}: standard output"
        assert got["stderr"] == want["stderr"], f"celaeno {command}: standard error"
        assert got["exit"] == want["exit"], f"celaeno {command}: exit status"


def _pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    image = pygame.image.load(str(path))
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


@pytest.mark.parametrize("golden", SCREENS, ids=_id)
def test_screenshot_draws_what_it_drew(golden: Path, tmp_path: Path) -> None:
    stem, lang, size = golden.name.removesuffix(".png").split(".")
    journal = golden.with_name(f"{stem}.jsonl")
    actual = tmp_path / golden.name
    args = ["replay", str(journal), "--screenshot", str(actual), "--size", size, "--lang", lang]
    result = run(args)
    assert result["exit"] == 0, result["stderr"]
    if _pixels(actual) != _pixels(golden):
        OUTPUT.mkdir(parents=True, exist_ok=True)
        shutil.copy(actual, OUTPUT / golden.name)
        pytest.fail(f"{golden.name} differs; the new screen is {OUTPUT / golden.name}")
