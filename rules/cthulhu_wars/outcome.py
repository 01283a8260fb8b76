"""What applying a command gives back: the new state and what the table must do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from rules.cthulhu_wars.state import GameState
from rules.text import Text

Events: TypeAlias = list[Text]
# A handler's answer: the state after the command and what the table must do.
Applied: TypeAlias = tuple[GameState, Events]
# A handler takes the one command type it is registered for; the dispatch table
# (the engine's, a map's hooks) is what pairs them, so the parameter is typed loosely here.
Handler: TypeAlias = Callable[[GameState, Any], Applied]
