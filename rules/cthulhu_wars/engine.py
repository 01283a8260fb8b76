"""``apply(state, command)``: the one entry point of the Cthulhu Wars rules.

Returns the new state and the events it caused, or raises a RulesError that names
the rule; a refused command changes nothing (states are immutable values).
"""

from __future__ import annotations

from functools import cache

from rules.commands import Command
from rules.cthulhu_wars import gates, phases
from rules.cthulhu_wars.commands import (
    SCOREBOARD_COMMANDS,
    AssignAgony,
    NewGame,
    NextPhase,
    Roll,
    Satisfy,
    SetGate,
)
from rules.cthulhu_wars.expansions import handler_for, roll
from rules.cthulhu_wars.outcome import Applied, Handler
from rules.cthulhu_wars.setup import start
from rules.cthulhu_wars.state import AssignPending, GameState, RollPending, SatisfyPending
from rules.errors import RulesError
from rules.text import text


class _Commands:
    """The commands a game handles itself, and the answers to its pending decisions.

    A plain class, not a NamedTuple: every start imports the engine, and a NamedTuple's
    class costs it about 0.85 million instructions (callgrind) to build, for a record
    that exists so that a game keeping the scoreboard can add its commands."""

    __slots__ = ("answers", "answers_only", "handlers", "meanwhile")

    def __init__(
        self,
        handlers: dict[type[Command], Handler],
        answers: dict[type, tuple[type[Command], str]],
        answers_only: tuple[type[Command], ...],
        meanwhile: dict[type, tuple[type[Command], ...]],
    ) -> None:
        self.handlers = handlers
        # What answers each kind of pending decision, and the rule that made it pending.
        self.answers = answers
        self.answers_only = answers_only  # refused while nothing asks for them
        # What may come before the answer to a kind of pending decision, which stays pending.
        self.meanwhile = meanwhile


# The core's own commands; each map adds its own through its hooks (``expansions``).
_CORE = _Commands(
    handlers={NextPhase: phases.next_phase, SetGate: gates.set_gate},
    answers={AssignPending: (AssignAgony, "C13"), SatisfyPending: (Satisfy, "C17")},
    answers_only=(Roll, AssignAgony, Satisfy),
    meanwhile={},
)


@cache
def _with_scoreboard() -> _Commands:
    """The core's and the scoreboard's (K3–K15, I10): loaded by the first game that keeps it."""
    from rules.cthulhu_wars.scoreboard import handlers

    return _Commands(
        handlers=_CORE.handlers | handlers.HANDLERS,
        answers=_CORE.answers | handlers.ANSWERS,
        answers_only=_CORE.answers_only + handlers.ANSWERS_ONLY,
        meanwhile=_CORE.meanwhile | handlers.MEANWHILE,
    )


def _commands(state: GameState) -> _Commands:
    return _CORE if state.scoreboard is None else _with_scoreboard()


def apply(state: GameState | None, cmd: Command) -> Applied:
    """The state after ``cmd`` and what the table must do, or RulesError."""
    if state is None:
        if not isinstance(cmd, NewGame):
            raise RulesError("journal", "error.journal.first_new_game")
        return start(cmd)
    if isinstance(cmd, NewGame):
        raise RulesError("journal", "error.journal.new_game_twice")
    if cmd.seat is None:
        _check_game_goes_on(state, cmd)
        return _dispatch(state, cmd)
    from rules.cthulhu_wars import seats  # a table whose phones never send loads it never

    seats.check(state, cmd, cmd.seat)
    _check_game_goes_on(state, cmd)
    after, events = _dispatch(state, cmd)
    return after, seats.said_by(cmd.seat, events)


def _check_game_goes_on(state: GameState, cmd: Command) -> None:
    if state.winner is not None:
        raise RulesError("D5", "error.game_over", faction=state.winner)
    if state.game_over is not None:
        raise RulesError("K14", "error.game_over_score")
    if state.scoreboard is None and cmd.TYPE in SCOREBOARD_COMMANDS:
        raise RulesError("I12", "error.scoreboard_off", command=text(f"command.{cmd.TYPE}"))
    pending, commands = state.pending, _commands(state)
    if pending is None:
        if isinstance(cmd, commands.answers_only):
            raise RulesError(
                "journal", "error.nothing_pending", command=text(f"command.{cmd.TYPE}")
            )
        return
    answer: type[Command]
    if isinstance(pending, RollPending):
        answer, rule = Roll, roll(pending.purpose)[0]
    else:
        answer, rule = commands.answers[type(pending)]
    if not isinstance(cmd, (answer, *commands.meanwhile.get(type(pending), ()))):
        raise RulesError(rule, f"error.waiting_for.{answer.TYPE}")


def _dispatch(state: GameState, cmd: Command) -> Applied:
    if isinstance(cmd, Roll):
        return _roll(state, cmd)
    # A map's handlers check the map themselves, naming their own rule.
    handler = _commands(state).handlers.get(type(cmd)) or handler_for(type(cmd))
    if handler is None:
        raise RulesError("journal", "error.journal.not_this_game", type=cmd.TYPE)
    return handler(state, cmd)


def _roll(state: GameState, cmd: Roll) -> Applied:
    pending = state.pending
    assert isinstance(pending, RollPending)
    rule, resolve = roll(pending.purpose)  # C19, D8, D14
    if len(cmd.values) != pending.dice:
        raise RulesError(rule, "error.roll_count", wanted=pending.dice, got=len(cmd.values))
    for value in cmd.values:
        if value not in pending.faces:
            raise RulesError(rule, f"error.roll_face.{pending.purpose}", value=value)
    return resolve(state, cmd.values)
