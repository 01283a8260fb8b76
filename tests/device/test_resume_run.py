"""Resume: `celaeno run` killed with SIGKILL while a decision is pending comes back to it.

A journal leaving the Custodian's Agony split pending is imported; `celaeno run` starts on
it (READY=1 on a notify socket: it drew its first frame), is killed, started and killed
again (no crash loop); then the app built in-process from the same state directory asks
the same question and draws it.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from device.companion.app import App, Inputs
from device.companion.window import Window
from display.screen.screen import Screen
from rules.cthulhu_wars.state import AssignPending, GameState
from tests.device.conftest import (
    OUTPUT,
    NotifyListener,
    celaeno,
    open_session,
    start_run,
    stop,
)

SPLIT_PENDING = [
    '{"type": "new_game", "map": "celaeno", "factions": '
    '["great_cthulhu", "crawling_chaos", "yellow_sign"]}',
    *['{"type": "next_phase"}'] * 4,
    '{"type": "activate", "monster": "custodian", "by": "yellow_sign", "area": "black_hall"}',
    '{"type": "roll", "values": [2]}',
]


def test_a_pending_split_survives_sigkill(
    tmp_path: Path, listener: NotifyListener, surface: pygame.Surface
) -> None:
    state_dir = tmp_path / "state"
    journal = "".join(line + "\n" for line in SPLIT_PENDING)
    imported = celaeno(tmp_path, "import", "-", "--state-dir", str(state_dir), stdin=journal)
    assert imported.returncode == 0, imported.stderr

    for _ in range(2):  # started, killed, started again: it comes up both times
        child = start_run(tmp_path, "--state-dir", str(state_dir), NOTIFY_SOCKET=str(listener.path))
        try:
            ready = listener.wait_for("READY=1")
        finally:
            _out, err = stop(child)
        assert "STATUS=game 1, round 2, action" in ready.splitlines()
        assert "Traceback" not in err

    store, session = open_session(state_dir)
    with store:
        assert store.notice is None and len(store.commands(session.game_id)) == len(SPLIT_PENDING)
        app = App(session, Window(surface), Inputs())
        app.draw()
    state = app.state
    assert isinstance(state, GameState) and isinstance(state.pending, AssignPending)
    assert state.pending.total == 2
    assert state.activation is not None and state.activation.by == "yellow_sign"
    assert app.view().prompt.title.key == "prompt.who_is_there"  # C13: first, who is there
    target = OUTPUT / "e2e" / "resume_split_pending.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(target))
    assert _drawn_title(app.screen) == "".join(app.view().prompt.title.render("en").split())


def _drawn_title(screen: Screen) -> str:
    """The words drawn at the top of the prompt panel (the title comes first)."""
    labels = [label for label in screen.labels() if label.panel == "prompt"]
    top = min(label.box.top for label in labels)
    return "".join("".join(label.text.split()) for label in labels if label.box.top == top)
