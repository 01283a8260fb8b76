"""The history view (menu): the game's commands in words, newest first; choosing one goes
back to just before it, after a confirmation that says how many commands that undoes.

And the guard on runs of UNDO: a sleeve on the button must not undo a whole setup, so
after :data:`UNDO_RUN` undos in a row the next one asks once before going on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from device.ui.steps import DONE, ListStep, Option, StepResult, UndoMany
from rules.commands import Command
from rules.errors import RulesError
from rules.game import game_started_by
from rules.journal import State, apply
from rules.text import Text, text

UNDO_RUN = 3  # undos in a row before the next one asks
SHOWN = 60  # the newest commands the view lists (a long game's first hours are in the journal)


def done(state: State) -> Iterator[tuple[Command, State]]:
    """Each command still in effect with the state before it, newest first."""
    while getattr(state, "previous", None) is not None and state.last_command is not None:
        yield state.last_command, state.previous
        state = state.previous


def in_words(cmd: Command, before: State) -> Text:
    """What a command did, as the result said it (its first event), or its name."""
    try:
        events = apply(None if game_started_by(cmd) else before, cmd).events
    except RulesError:  # cannot happen for an accepted command; the name will do
        events = ()
    return events[0] if events else text(f"command.{cmd.TYPE}")


def history_step(state: Any) -> ListStep:
    entries = list(done(state))[:SHOWN]
    if not entries:
        nothing = [Option(text("prompt.nothing_to_choose"), DONE)]
        return ListStep(text("prompt.history_empty"), nothing, lambda answer: answer)
    # the confirmation says how many commands a choice undoes: the lines stay short
    options = [
        Option(in_words(cmd, before), count) for count, (cmd, before) in enumerate(entries, start=1)
    ]
    return ListStep(text("prompt.history"), options, lambda count: _confirm(count))


def _confirm(count: int) -> StepResult:
    return ListStep(
        text("prompt.history_confirm", n=count),
        [
            Option(text("prompt.history_yes", n=count), UndoMany(count)),
            Option(text("prompt.history_no"), DONE),
        ],
        lambda answer: answer,
    )


def undo_run_step(what: Text) -> ListStep:
    """The question after UNDO_RUN undos in a row: once per run."""
    return ListStep(
        text("prompt.undo_run", n=UNDO_RUN, what=what),
        [
            Option(text("prompt.undo_run_yes"), UndoMany(1, run=True)),
            Option(text("prompt.undo_run_no"), DONE),
        ],
        lambda answer: answer,
    )
