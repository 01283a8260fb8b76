"""What a game is to the engine, and the registry games join.

A game is a package under ``rules/`` (``cthulhu_wars``, ``normandie``) that describes
itself with one :class:`Game` value and registers it (``rules/games.py`` lists them).
The engine and every front end ask the game — never "which game is this?": the
journal finds the game a state belongs to by the state's type, and the game a new
journal starts by its first command.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from rules.commands import Command
from rules.text import Text


class GameState(Protocol):
    """What the engine needs of every game's state: undo keeps the state before the last
    command and that command (``previous``, ``last_command``); the rest is the game's."""

    @property
    def previous(self) -> Any: ...

    @property
    def last_command(self) -> Command | None: ...


class RollWanted(NamedTuple):
    """Dice a game waits for: how many, which die in the reader protocol's words
    (``agony`` or ``d6``), the values a die may show, and what for (two rolls in a row
    differ by ``purpose``)."""

    dice: int
    die: str
    faces: tuple[int, ...]
    purpose: str


@dataclass(frozen=True)
class Game:
    """One game, as the engine and the front ends see it.

    - ``apply(state, command)``: the game's rules; ``state`` is None for its first command;
      returns the new state and the events, or raises a RulesError naming the rule;
    - ``to_json(state)``: the public state JSON its journal format documents;
    - ``wanted_roll(state)``: the dice the game waits for, or None;
    - ``summary(state)``: a few words for logs and ``systemctl status`` ("round 2, doom").
    """

    name: str
    state_type: type
    starts_with: tuple[type[Command], ...]
    apply: Callable[[Any, Command], tuple[Any, Sequence[Text]]]
    to_json: Callable[[Any], dict[str, Any]]
    wanted_roll: Callable[[Any], RollWanted | None]
    summary: Callable[[Any], str]


_GAMES: dict[str, Game] = {}


def register(game: Game) -> None:
    if _GAMES.get(game.name, game) is not game:
        raise ValueError(f"two games named {game.name!r}")
    _GAMES[game.name] = game


def unregister(name: str) -> None:
    """Take a game out again (tests that plug in a game of their own)."""
    _GAMES.pop(name, None)


def games() -> tuple[Game, ...]:
    return tuple(_GAMES.values())


def game_of(state: object) -> Game:
    """The game ``state`` belongs to."""
    for game in _GAMES.values():
        if isinstance(state, game.state_type):
            return game
    raise LookupError(f"no registered game plays {type(state).__name__}")


def game_started_by(cmd: Command) -> Game | None:
    """The game whose journal ``cmd`` may open, if any."""
    for game in _GAMES.values():
        if isinstance(cmd, game.starts_with):
            return game
    return None
