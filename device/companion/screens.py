"""The View the device shows for a state, outside the running app (screenshots)."""

from __future__ import annotations

from collections.abc import Sequence

from device.games import Games
from display.view import View
from rules.errors import RulesError
from rules.game import State
from rules.journal import Played, state_json
from rules.text import Text, text


def view_of(played: Played[State], events: Sequence[Text], games: Games, lang: str = "en") -> View:
    """What the companion would show right after these events: the prompt for the game as
    a fresh controller following it phrases it (pending decisions included, proposed from
    its history as the running app's), the last command's events as its result (as the
    app shows them; the earlier ones are in the History)."""
    result = text("device.result", events=list(_last_command(played, events)))
    prompt = games.front_end(played).still_prompt(played, result, lang)
    return View(state=state_json(played), prompt=prompt, lang=lang)


def _last_command(played: Played[State], events: Sequence[Text]) -> Sequence[Text]:
    """The events of the journal's last command: the rules are deterministic, so applying
    it again gives them; the last event alone when they are not the journal's last (an
    undo or a redo ended it)."""
    step = played.done
    if step is None:
        return events  # only the command that started the game
    try:
        _after, again = played.game.apply(step.before, step.command)
    except RulesError:
        again = ()
    again = tuple(again)
    if again and tuple(events[-len(again) :]) == again:
        return again
    return events[-1:]
