"""The history view (menu): the game's commands in words, newest first; choosing one goes
back to just before it, after a confirmation that says how many commands that undoes.

The guard on runs of UNDO: a sleeve on the button must not undo a whole setup, so after
:data:`UNDOS_BEFORE_ASKING` undos in a row the next one asks once before going on. And what redo
would bring back, in words, for the main screen.

These questions need the game's history, which the engine keeps (``Played``): the app
opens them (``AppQuestion``). The phone view lists the same entries (:func:`entries`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby, islice

from device.ui.steps import DONE, ListStep, Option, StepResult, UndoMany
from rules.commands import Command
from rules.errors import RulesError
from rules.game import State
from rules.journal import Applied, Played
from rules.text import Text, text
from rules.values import Record

UNDOS_BEFORE_ASKING = 3  # undos in a row before the next one asks
SHOWN = 60  # the newest commands the view lists (a long game's first hours are in the journal)


# Commands whose every event is something done to a faction (a split, a payment and the
# Tomes it returned): their line says them all. Another command's first event says what it
# was (a phase's name; its other lines are what the phase asks of the table).
WHOLE = frozenset({"assign_agony", "satisfy"})


def in_words(played: Played[State], cmd: Command, before: State) -> Text:
    """What a command did, as its result said it (its first event; for a split or a
    payment every event), in one short line where they say the same thing."""
    try:
        _after, events = played.game.apply(before, cmd)
    except RulesError:  # an accepted command is not refused when applied again
        events = []
    if not events:
        return text(f"command.{cmd.TYPE}")
    if len(events) == 1 or cmd.TYPE not in WHOLE:
        return events[0]
    return in_short(events) or text("history.all", events=list(events))


def in_short(events: Sequence[Text]) -> Text | None:
    """Several events of one kind in one sentence: the Custodian's moves from one Area
    ("From the Black Hall to the Oubliette: Great Cthulhu 1 Unit, …"), the Librarian's
    split ("Agony: Great Cthulhu 2, …"), the Rituals passed at one press ("Crawling
    Chaos, the Yellow Sign and the Black Goat perform no Ritual."); where they are a run
    among others, that run in one sentence and the others as they are; None where no
    run is said shorter."""
    runs = [list(run) for _key, run in groupby(events, key=lambda event: event.key)]
    if len(runs) == 1:
        return _run_in_short(runs[0])
    parts: list[Text] = []
    for run in runs:
        short = _run_in_short(run) if len(run) > 1 else None
        parts += [short] if short else run
    return None if len(parts) == len(events) else text("history.all", events=parts)


def _run_in_short(events: Sequence[Text]) -> Text | None:
    keys = {event.key for event in events}
    if keys == {"event.ritual_passed"} and len(events) > 1:
        factions = [text(f"who.{e.params['faction']}") for e in events]
        return text("history.rituals_passed", factions=factions)
    if keys == {"event.to_oubliette"} and len({e.params["area"] for e in events}) == 1:
        moved = [text("history.units_of", faction=e.params["faction"], n=e.params["n"])
                 for e in events]  # fmt: skip
        first = events[0].params
        return text("history.to_oubliette", area=first["area"], to=first["to"], moved=moved)
    if keys == {"event.agony_assigned"}:
        split = [text("history.agony_of", faction=e.params["faction"], n=e.params["n"])
                 for e in events]  # fmt: skip
        return text("history.agony_split", split=split)
    return None


class Entry(Record):
    """One line of the history: what the command did, and where its dice came from."""

    said: Text
    how: Text | None = None


DIE_KINDS = ("pixels", "godice")  # smart dice named in a roll's source ("pixels:Red")


def how_rolled(cmd: Command) -> Text | None:
    """A roll's ``source`` in words ("rolled on the dice reader", "Red (Pixels)"); None
    for a command that is not a roll, or a roll of an older journal, which has none."""
    source = getattr(cmd, "source", None)
    if not isinstance(source, str) or not source:
        return None
    if source in ("reader", "keys"):
        return text(f"history.source.{source}")
    dice = [_die(part) for part in source.split(",")]
    return text("history.source.dice", dice=dice)


def _die(part: str) -> Text:
    kind, _, name = part.partition(":")
    if kind in DIE_KINDS and name:
        return text("dice.die", name=name, kind=text(f"dice.kind.{kind}"))
    return text("history.source.other", source=part)  # a source this version does not know


def brief(played: Played[State]) -> Text | None:
    """The last command in the History's words (the screen's shorter form of its result);
    None when nothing was done."""
    last = played.done
    return None if last is None else in_words(played, last.command, last.before)


def entry(played: Played[State], applied: Applied[State]) -> Entry:
    return Entry(in_words(played, applied.command, applied.before), how_rolled(applied.command))


def entries(played: Played[State], most: int) -> list[Entry]:
    """The newest ``most`` commands in words, newest first."""
    return [entry(played, applied) for applied in islice(played.history(), most)]


def redoable(played: Played[State]) -> Text | None:
    """What redo would bring back, in words; None when nothing is undone."""
    undone = played.undone
    return None if undone is None else in_words(played, undone.command, undone.before)


def history_step(played: Played[State]) -> ListStep:
    shown = entries(played, most=SHOWN)
    if not shown:
        nothing = [Option(text("prompt.nothing_to_choose"), DONE)]
        return ListStep(text("prompt.history_empty"), nothing, lambda answer: answer)
    # the confirmation says how many commands a choice undoes: the lines stay short
    options = [
        Option(line.said, count, detail=line.how) for count, line in enumerate(shown, start=1)
    ]
    return ListStep(
        text("prompt.history"), options, lambda count: _confirm(count, shown[count - 1].said)
    )


def _confirm(count: int, chosen: Text) -> StepResult:
    """Asked with the command chosen in words: the table checks it is the one it meant."""
    return ListStep(
        text("prompt.history_confirm", n=count, what=chosen),
        [
            Option(text("prompt.history_yes", n=count), UndoMany(count)),
            Option(text("prompt.history_no"), DONE),
        ],
        lambda answer: answer,
    )


def undo_run_step(played: Played[State]) -> ListStep:
    """The question after UNDOS_BEFORE_ASKING undos in a row: once per run."""
    last = played.done
    what = text("command.undo") if last is None else in_words(played, last.command, last.before)
    return ListStep(
        text("prompt.undo_run", n=UNDOS_BEFORE_ASKING, what=what),
        [
            Option(text("prompt.undo_run_yes"), UndoMany(1, run=True)),
            Option(text("prompt.undo_run_no"), DONE),
        ],
        lambda answer: answer,
    )
