"""What applying a command gives back: the new state and what the table must do."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from rules.commands import Command
from rules.state import GameState
from rules.text import Text

Events: TypeAlias = list[Text]
Step: TypeAlias = tuple[GameState, Events]
Handler: TypeAlias = Callable[[GameState, Command], Step]
