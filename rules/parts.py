"""One layer's part of each game, by the game's name, loaded only when a game needs it.

Every layer keeps one :class:`Parts` value in its ``games`` module (``rules/games.py``,
``device/games.py``, ``display/games.py``, ``display/web/games.py``), written out in one
place; the device puts them together as the list of games (``device.games.GAMES``) and
hands it to whoever needs it, as python-chess lists its variants. An entry names where the
part lives (``"display.normandie.battlefield:NORMANDIE_SCREEN"``) rather than importing it,
so a table playing Cthulhu Wars never loads Normandie's front end, and nothing registers
itself by being imported. A test that plugs in a game of its own builds a longer one with
:meth:`Parts.plus` and passes that in; this one never changes.

A part may carry its words (``words``: catalogue sections); they join the catalogue when
the part is loaded, so a game's words come with the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from types import MappingProxyType
from typing import Generic, TypeVar, cast

from rules.text import add_words

P = TypeVar("P")


class UnknownGame(LookupError):
    """A state or a journal names a game this list does not have."""


class Parts(Generic[P]):
    """The parts of one layer by game name; frozen once built."""

    def __init__(self, kind: str, entries: Mapping[str, P | str]) -> None:
        self.kind = kind  # "rules", "front end", "screen", "phone part": for the error
        self._entries: Mapping[str, P | str] = MappingProxyType(dict(entries))
        self._loaded: dict[str, P] = {}  # a cache of what was imported, not a registry

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[P]:
        """Every game's part, in the list's order (loads them all: the New game menu)."""
        return (self.get(name) for name in self._entries)

    def get(self, name: str) -> P:
        """The part of the game ``name``; :class:`UnknownGame` for a game not listed."""
        if name not in self._loaded:
            self._loaded[name] = self._load(name)
        return self._loaded[name]

    def plus(self, name: str, part: P) -> Parts[P]:
        """This list and one more game's part (a test's own game): a new list; this one
        stays as it is."""
        return Parts(self.kind, {**self._entries, name: part})

    def _load(self, name: str) -> P:
        entry = self._entries.get(name)
        if entry is None:
            known = ", ".join(self._entries) or "none"
            raise UnknownGame(f"no {self.kind} for the game {name!r} (games: {known})")
        # the list says what lives there (tests/test_shape.py loads every entry)
        part = cast(P, _import(entry)) if isinstance(entry, str) else entry
        for words in getattr(part, "words", ()):
            add_words(words)
        return part


def _import(where: str) -> object:
    module, _, attribute = where.partition(":")
    return getattr(import_module(module), attribute)
