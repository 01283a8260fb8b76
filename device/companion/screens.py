"""The View the device shows for a state, outside the running app (screenshots)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from device.companion.event_log import EVENTS_KEPT
from device.games import GameSet
from display.view import View
from rules.journal import Played, state_json
from rules.text import Text, text


def view_of(played: Played[Any], events: Sequence[Text], games: GameSet, lang: str = "en") -> View:
    """What the companion would show right after these events: the prompt for the state
    as a fresh controller phrases it (pending decisions included), the last events."""
    result = text("device.result", events=list(events[-1:]))
    prompt = games.front_end(played).still_prompt(played.state, result, lang)
    earlier = tuple(events[:-1][-EVENTS_KEPT:])  # the latest is the result, not repeated below
    return View(state=state_json(played), prompt=prompt, events=earlier, lang=lang)
