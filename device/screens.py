"""The View the device shows for a state, outside the running app (screenshots)."""

from __future__ import annotations

from collections.abc import Sequence

from device.app import EVENTS_KEPT
from device.ui.games import ui_of
from display.view import View
from rules.journal import State, state_json
from rules.text import Text, text


def view_of(state: State, events: Sequence[Text], lang: str = "en") -> View:
    """What the companion would show right after these events: the prompt for the state
    as a fresh controller phrases it (pending decisions included), the last events."""
    result = text("device.result", events=list(events[-1:]))
    prompt = ui_of(state).still_prompt(state, result, lang)
    earlier = tuple(events[:-1][-EVENTS_KEPT:])  # the latest is the result, not repeated below
    return View(state=state_json(state), prompt=prompt, events=earlier, lang=lang)
