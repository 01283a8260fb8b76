"""The events the screen lists under the prompt: those of the game being played.

The events of each command accepted since start in this game are kept, oldest first: an
undo takes its command's events out again, a new game starts an empty history. The newest
command's events are the result the prompt shows (``latest``); the log lists what came
before it (``shown``), the newest that fit.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.text import Text

EVENTS_KEPT = 12  # the screen shows the newest that fit


class EventLog:
    """The events of this game's accepted commands, and the part of them the screen lists."""

    def __init__(self) -> None:
        self._done: list[list[Text]] = []
        self.latest: list[Text] = []  # the newest command's events: the result
        self.shown: list[Text] = []  # everything before the latest result

    def fresh_game(self, events: Sequence[Text]) -> None:
        """A game with nothing but its start: its events are its first command's."""
        self._done = [list(events)]

    def accepted(self, events: Sequence[Text], *, starts_a_game: bool, undo: bool) -> None:
        """A command was accepted with ``events``; keep this game's history only, without
        what was undone."""
        self.latest = list(events)
        if starts_a_game:
            self._done = [self.latest]
        elif undo:
            if self._done:
                self._done.pop()
            self.shown = [e for done in self._done for e in done][-EVENTS_KEPT:]
            return
        else:
            self._done.append(self.latest)
        self.shown = [e for done in self._done[:-1] for e in done][-EVENTS_KEPT:]
