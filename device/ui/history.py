"""The history view (menu): the game's commands in words, newest first; choosing one goes
back to just before it, after a confirmation that says how many commands that undoes.

The guard on runs of UNDO: a sleeve on the button must not undo a whole setup, so after
:data:`UNDO_RUN` undos in a row the next one asks once before going on. And what redo
would bring back, in words, for the main screen.

These questions need the game's history, which the engine keeps (``Played``): the app
opens them (``AppStep``).
"""

from __future__ import annotations

from device.ui.steps import DONE, ListStep, Option, StepResult, UndoMany
from rules.commands import Command
from rules.errors import RulesError
from rules.journal import Played, State
from rules.text import Text, text

UNDO_RUN = 3  # undos in a row before the next one asks
SHOWN = 60  # the newest commands the view lists (a long game's first hours are in the journal)


def in_words(played: Played, cmd: Command, before: State) -> Text:
    """What a command did, as its result said it (its first event), or its name."""
    try:
        _after, events = played.game.apply(before, cmd)
    except RulesError:  # an accepted command is not refused when applied again
        events = []
    return events[0] if events else text(f"command.{cmd.TYPE}")


def redoable(played: Played) -> Text | None:
    """What redo would bring back, in words; None when nothing is undone."""
    step = played.undone
    return None if step is None else in_words(played, step.command, step.before)


def history_step(played: Played) -> ListStep:
    entries = [step for _, step in zip(range(SHOWN), played.history(), strict=False)]
    if not entries:
        nothing = [Option(text("prompt.nothing_to_choose"), DONE)]
        return ListStep(text("prompt.history_empty"), nothing, lambda answer: answer)
    # the confirmation says how many commands a choice undoes: the lines stay short
    options = [
        Option(in_words(played, step.command, step.before), count)
        for count, step in enumerate(entries, start=1)
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


def undo_run_step(played: Played) -> ListStep:
    """The question after UNDO_RUN undos in a row: once per run."""
    step = played.done
    what = text("command.undo") if step is None else in_words(played, step.command, step.before)
    return ListStep(
        text("prompt.undo_run", n=UNDO_RUN, what=what),
        [
            Option(text("prompt.undo_run_yes"), UndoMany(1, run=True)),
            Option(text("prompt.undo_run_no"), DONE),
        ],
        lambda answer: answer,
    )
