"""What a game is to the engine.

A game is a package under ``rules/`` (``cthulhu_wars``, ``normandie``) that describes
itself with one :class:`Game` value; ``rules/games.py`` lists them. The engine and every
front end ask the game — never "which game is this?": a journal is matched to its game
by its first command, and everything after that travels with the game it belongs to
(``rules.journal.Played``); a state's JSON names its game (``"game"``).

A game's state holds only the game: the engine keeps the history (undo, redo).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from rules.commands import Command, CommandTable
from rules.parts import Parts
from rules.text import Text, Words
from rules.values import Record

if TYPE_CHECKING:
    from rules.json_types import SecretsJSON, StateJSON

# A game's state: each game's own record (a frozen dataclass).
S = TypeVar("S")
# The state of a game known only once its journal is read (the device's, the phone view's,
# a list of games'): each game's own dataclass, handed back only to the game that made it.
# Python's types cannot say "some game and its own state", so this one stays untyped.
State = Any


class RollWanted(NamedTuple):
    """Dice a game waits for: how many, which die in the reader protocol's words
    (``agony`` or ``d6``), the values a die may show, and what for (two rolls in a row
    differ by ``purpose``)."""

    dice: int
    die: str
    faces: tuple[int, ...]
    purpose: str


class Game(Generic[S], Record):
    """One game, as the engine and the front ends see it; ``S``, its state.

    - ``apply(state, command)``: the game's rules; ``state`` is None for its first command;
      returns the new state and the events, or raises a RulesError naming the rule;
    - ``to_json(state)``: the public state JSON its journal format documents;
    - ``wanted_roll(state)``: the dice the game waits for, or None;
    - ``summary(state)``: a few words for logs and ``systemctl status`` ("round 2, doom");
    - ``commands``: its journal commands by ``type``; ``starts_with`` opens a journal;
    - ``words``: its catalogue sections (rules/text), added when the game is loaded;
    - ``secrets(state, seat)``: what only ``seat``'s phone may see (a faction's Elder
      Signs' values), kept out of ``to_json``; None: the game takes no command from a
      seat's phone (the engine refuses one) and keeps no secret.
    """

    name: str
    starts_with: type[Command]
    commands: CommandTable
    apply: Callable[[S | None, Command], tuple[S, Sequence[Text]]]
    to_json: Callable[[S], StateJSON]
    wanted_roll: Callable[[S], RollWanted | None]
    summary: Callable[[S], str]
    words: tuple[Words, ...] = ()
    secrets: Callable[[S, str], SecretsJSON] | None = None


class GameRules:
    """The rules' part of each game a journal may be of (its :class:`Game`), and which
    command type opens each game's journal, so that a journal finds its game before any
    game's rules are loaded. Frozen once built; a test adds a game with :meth:`plus`. Which
    game a journal is of is known only when it is read: it holds games of any state."""

    def __init__(self, parts: Parts[Game[State]], starting: Mapping[str, str]) -> None:
        self.parts = parts
        self._starting = dict(starting)  # first command's type -> game name
        unlisted = set(self._starting.values()) - set(parts.names)
        if unlisted:
            raise ValueError(f"a starting command for a game not listed: {sorted(unlisted)}")

    def get(self, name: str) -> Game[State]:
        return self.parts.get(name)

    def plus(self, game: Game[State]) -> GameRules:
        starting = {**self._starting, game.starts_with.TYPE: game.name}
        return GameRules(self.parts.plus(game.name, game), starting)

    def started_by(self, cmd: Command) -> Game[State] | None:
        """The game whose journal ``cmd`` opens, if any."""
        return self.starting(cmd.TYPE)

    def starting(self, kind: str) -> Game[State] | None:
        """The game whose journal a command of type ``kind`` opens, if any (loads only it)."""
        name = self._starting.get(kind)
        return None if name is None else self.get(name)

    def knows(self, kind: str) -> bool:
        """Whether any listed game has a command of type ``kind`` (loads every game: only
        asked when a line is refused, to say it belongs to another game)."""
        return any(kind in game.commands.types for game in self.parts)
