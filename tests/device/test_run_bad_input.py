"""Bad input at start: a bad configuration, a corrupt journal database.

Clear messages and the right exit status, never a traceback; a corrupt database is moved
aside and the device starts fresh instead of crash-looping.
"""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import pygame

from device.companion.app import App, Inputs
from device.companion.running import _store_notice
from device.companion.window import Window
from device.storage import paths
from rules.text import render_fragment, translate
from tests.device.conftest import (
    OUTPUT,
    NotifyListener,
    celaeno_argv,
    clean_env,
    open_session,
    start_run,
    stop,
)

BAD_CONFIG = """\
[reader]
baud = "fast"

[screen]
rotation = 45
widht = 800
"""


def test_a_bad_config_is_refused_with_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_CONFIG, encoding="utf-8")
    child = start_run(tmp_path, "--config", str(bad), "--state-dir", str(tmp_path / "state"))
    try:
        out, err = child.communicate(timeout=30)
    finally:
        stop(child)
    assert child.returncode == 2
    assert "Traceback" not in err and out == ""
    problems = err.splitlines()
    assert len(problems) == 3, err
    for key in ("reader.baud", "screen.rotation", "screen.widht"):
        line = next(p for p in problems if f": {key}:" in p)
        assert line.startswith(f"{bad}: {key}: ")
    assert "expected" in next(p for p in problems if "reader.baud" in p)
    assert "fast" in next(p for p in problems if "reader.baud" in p)
    assert "width" in next(p for p in problems if "widht" in p)  # did you mean
    assert not (tmp_path / "state").exists()  # refused before anything was touched


def test_a_corrupt_database_is_moved_aside_and_the_device_starts_fresh(
    tmp_path: Path, listener: NotifyListener
) -> None:
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    database = paths.database_path(state_dir)
    garbage = bytes(range(256)) * 64
    database.write_bytes(garbage)
    child = start_run(tmp_path, "--state-dir", str(state_dir), NOTIFY_SOCKET=str(listener.path))
    try:
        ready = listener.wait_for("READY=1")  # it started, and drew its first frame
    finally:
        _out, err = stop(child)
    assert "STATUS=game 1, round 1, action" in ready.splitlines()
    assert "Traceback" not in err
    assert "could not be opened because it is not an SQLite database" in err
    moved = [p for p in state_dir.iterdir() if ".unreadable-" in p.name and "-wal" not in p.name]
    assert len(moved) == 1 and moved[0].read_bytes() == garbage  # kept, for whoever wants it
    with sqlite3.connect(database) as fresh:  # a sound new journal in its place
        assert fresh.execute("PRAGMA quick_check").fetchone() == ("ok",)


def test_the_screen_says_the_journal_was_moved(tmp_path: Path, surface: pygame.Surface) -> None:
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    paths.database_path(state_dir).write_bytes(b"not a database at all" * 100)
    store, session = open_session(state_dir)
    with store:
        notice = _store_notice(store)  # what `celaeno run` warns with
        assert notice is not None
        app = App(session, Window(surface), Inputs())
        app.warn(notice)
        app.draw()
        target = OUTPUT / "e2e" / "journal_moved_aside.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(target))
    drawn = "".join("".join(label.text.split()) for label in app.screen.labels())
    banner = translate("screen.refused", reason=render_fragment(notice))
    assert "".join(banner.split()) in drawn
    assert "notajournaldatabase" in drawn  # why, in words (the file's name is in the log)


def test_no_screen_is_a_clear_message_not_a_traceback(tmp_path: Path) -> None:
    run = subprocess.run(
        celaeno_argv("run", "--state-dir", str(tmp_path / "state"), "--reader", "none"),
        capture_output=True,
        text=True,
        env={**clean_env(tmp_path), "SDL_VIDEODRIVER": "nosuchdriver"},
        timeout=60,
        check=False,
    )
    assert run.returncode == 2
    # Before it: only the log's own lines (the new game's "committed 1 of game 1").
    said = [line for line in run.stderr.splitlines() if not line.startswith("INFO ")]
    assert said[0].startswith("cannot open the screen: ")
    assert "SDL_VIDEODRIVER=dummy" in run.stderr and "Traceback" not in run.stderr
