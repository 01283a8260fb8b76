"""The View the device shows for a state, outside the running app (screenshots)."""

from __future__ import annotations

from collections.abc import Sequence

from device.app import EVENTS_KEPT
from device.controller import Controller
from display.view import Prompt, View
from rules.journal import State, state_json
from rules.state import GameState
from rules.text import Text, text


def view_of(state: State, events: Sequence[Text], lang: str = "en") -> View:
    """What the companion would show right after these events: the prompt for the state
    as a fresh controller phrases it (pending decisions included), the last events."""
    if isinstance(state, GameState):
        prompt = Controller(lang).prompt(state, text("device.result", events=list(events[-1:])))
    else:
        prompt = Prompt(text("device.result", events=list(events[-1:])))
    earlier = tuple(events[:-1][-EVENTS_KEPT:])  # the latest is the result, not repeated below
    return View(state=state_json(state), prompt=prompt, events=earlier, lang=lang)
