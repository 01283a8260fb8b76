"""One catalogue for every word a player reads, in English and Japanese.

Rules, screen and device never build sentences themselves: they hand around
:class:`Text` values (a catalogue key and its parameters) and render them in the
table's language at the last moment. Each owner (the engine, a game, a layer) keeps
its words in a module named ``words`` beside its code, and they join the catalogue with
:func:`add_words`: at once (a :class:`Words` of its ``EN`` and ``JA``), or the first time
the catalogue is asked for a key it lacks (:func:`words_on_use`: words most tables never
show). There is one lookup and one test that every key exists in every language.

Templates use ``str.format`` fields with a *kind* as format spec, so ids become
names in the right language: ``{by:faction}``, ``{area:area}`` (a label: "Black Hall"),
``{area:place}`` (in a sentence: "the Black Hall"), ``{by:who}`` (in a sentence: "the
Yellow Sign"; a sentence's first letter is capitalised), ``{tome:tome}``,
and counted nouns ``{n:units}`` ("1 Unit", "2 Units").
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import field
from importlib import import_module
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias

from rules import words as _engine_words
from rules.values import Record

if TYPE_CHECKING:
    # What a sentence says in its fields: an id named by its kind ("{by:faction}"), a number,
    # a sentence inside it, or a list of them ("{tomes:list}", "{said:lines}").
    Param: TypeAlias = "str | int | float | Text | Sequence[Param] | None"

LANGUAGES: tuple[str, ...] = ("en", "ja")
DEFAULT_LANGUAGE = "en"

# Format specs that turn an id into a name: the id is looked up as "<spec>.<id>".
NAME_KINDS = frozenset(
    {"faction", "who", "area", "place", "tome", "monster", "phase", "citadel", "board", "floor"}
)


class Text(Record):
    """A sentence not yet rendered: a catalogue key and the values it needs."""

    key: str
    params: Mapping[str, Param] = field(default_factory=lambda: MappingProxyType({}))

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return render(self, lang)

    def __str__(self) -> str:
        return render(self, DEFAULT_LANGUAGE)


def text(key: str, **params: Param) -> Text:
    """Build a :class:`Text`; the short form used throughout the code."""
    # Lists become tuples so that a Text, once made, cannot change under the screen.
    frozen = {name: tuple(v) if isinstance(v, list) else v for name, v in params.items()}
    return Text(key, MappingProxyType(frozen))


class _CatalogueFormatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    # Untyped, as str.Formatter declares it: what a field holds (a list, a count) is what its
    # template's spec says, not its type; the catalogue's tests hold the two together.
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in NAME_KINDS:
            return lookup(f"{format_spec}.{value}", self.lang)
        if format_spec == "list":
            return _join(value, self.lang)
        if format_spec == "lines":  # whole sentences, one after the other
            return " ".join(render(item, self.lang) for item in value)
        if format_spec and format_spec.isidentifier():
            return _counted(format_spec, int(value), self.lang)
        return str(super().format_field(value, format_spec))


def _counted(noun: str, count: int, lang: str) -> str:
    form = "one" if count == 1 else "other"
    return lookup(f"{noun}.{form}", lang).format(n=count)


def _join(items: Sequence[Param], lang: str) -> str:
    rendered = [render_fragment(i, lang) if isinstance(i, Text) else str(i) for i in items]
    if lang == "ja":
        return "、".join(rendered)
    if len(rendered) <= 2:
        return " and ".join(rendered)
    return ", ".join(rendered[:-1]) + " and " + rendered[-1]


_PRINTED_NAMES: dict[str, str] = {}


def use_printed_names(names: Mapping[str, str]) -> None:
    """Name Areas as the owner's boards print them, in every language (D4: the
    Dreamlands Citadels' printed names come from the configuration, not from us).

    The one way the owner's names reach the words: a program sets them once, at its start
    (the companion, the phone view), and every sentence, the board and the phone page say
    them from here."""
    _PRINTED_NAMES.clear()
    for area, name in names.items():
        _PRINTED_NAMES[f"area.{area}"] = name
        _PRINTED_NAMES[f"place.{area}"] = name


def printed_name(area: str) -> str | None:
    """The name the owner's boards print for ``area``, if the owner gave one (see
    :func:`use_printed_names`); None: the catalogue's own name is used."""
    return _PRINTED_NAMES.get(f"area.{area}")


def lookup(key: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The raw template for ``key``; falls back to English, then to the key itself.

    A missing entry must never crash the screen in the middle of a game; the
    catalogue test is what keeps entries from going missing.
    """
    if key in _PRINTED_NAMES:
        return _PRINTED_NAMES[key]
    table = _merged(lang)
    if key in table:
        return table[key]
    if _ON_USE:  # the key may be in a section not read yet
        _read_on_use()
        return lookup(key, lang)
    return _merged(DEFAULT_LANGUAGE).get(key, key)


def render(item: Text, lang: str = DEFAULT_LANGUAGE) -> str:
    """A whole sentence: "{by:who} spends" starts "The Yellow Sign spends"."""
    rendered = render_fragment(item, lang)
    return rendered[:1].upper() + rendered[1:]


def render_fragment(item: Text, lang: str = DEFAULT_LANGUAGE) -> str:
    """Part of a sentence (a name, a clause, a reason after "C16: "): no capital added."""
    template = lookup(item.key, lang)
    params = {
        name: render_fragment(value, lang) if isinstance(value, Text) else value
        for name, value in item.params.items()
    }
    return _CatalogueFormatter(lang).format(template, **params)


def translate(key: str, lang: str = DEFAULT_LANGUAGE, **params: Param) -> str:
    return render(text(key, **params), lang)


class Words(Record):
    """One owner's section of the catalogue (a layer or a game: ``"display"``,
    ``"normandie"``): its templates in English and in Japanese, side by side."""

    owner: str
    english: Mapping[str, str]
    japanese: Mapping[str, str]
    # the keys of its events that tell the table to change the board: move, eliminate,
    # return, destroy or place something (the screen never drops one of these)
    board: frozenset[str] = frozenset()
    # The module that holds ``EN`` and ``JA`` when they are read on use (:func:`words_on_use`).
    module: str | None = None


def words_on_use(owner: str, module: str) -> Words:
    """An owner's words kept in ``module`` (its ``EN`` and ``JA``) and read the first time
    the catalogue is asked for a key it does not have: words most tables never show (the
    scoreboard's) cost a start nothing. They may not mark board instructions, which are
    asked about for every event."""
    return Words(owner, {}, {}, module=module)


_CATALOGUES: dict[str, dict[str, str]] = {}
# The engine's own words are the catalogue's first section; the others are added.
_SECTIONS: dict[str, tuple[Mapping[str, str], Mapping[str, str]]] = {
    "rules": (_engine_words.EN, _engine_words.JA)
}
_BOARD: set[str] = set()
# Sections read the first time a key is missing: owner -> module (:func:`words_on_use`).
_ON_USE: dict[str, str] = {}


def is_board_instruction(event: Text) -> bool:
    """Whether ``event`` tells the table to change the board (see :attr:`Words.board`)."""
    return event.key in _BOARD


def add_words(words: Words) -> None:
    """Add an owner's words to the catalogue.

    A program adds its layers' words when it starts; a game's words come with its parts
    (``rules.parts``), when the game is loaded. A key two owners both claim is a mistake,
    refused at once rather than shadowed.
    """
    owner, english, japanese = words.owner, words.english, words.japanese
    if words.module is not None:
        if owner not in _SECTIONS:
            _ON_USE[owner] = words.module
        return
    if owner in _SECTIONS:
        if _SECTIONS[owner] != (english, japanese):
            raise ValueError(f"two sets of words for {owner!r}")
        return
    for other, (known, _) in _SECTIONS.items():
        clash = set(known) & set(english)
        if clash:
            raise ValueError(f"{owner!r} and {other!r} both define {sorted(clash)[0]!r}")
    unknown = words.board - set(english)
    if unknown:
        raise ValueError(
            f"{owner!r} marks {sorted(unknown)[0]!r} a board event, not one of its keys"
        )
    _SECTIONS[owner] = (english, japanese)
    _BOARD.update(words.board)
    _CATALOGUES.clear()  # rebuilt on the next lookup


def catalogue(lang: str) -> Mapping[str, str]:
    """Every template of one language, merged from the owners' sections (those read on use
    too: the whole list)."""
    _read_on_use()
    return _merged(lang)


def sections() -> list[tuple[str, Mapping[str, str], Mapping[str, str]]]:
    """(owner, English, Japanese) of each section added so far, those read on use too, for
    the catalogue tests."""
    _read_on_use()
    return [(owner, english, japanese) for owner, (english, japanese) in _SECTIONS.items()]


def _merged(lang: str) -> Mapping[str, str]:
    if not _CATALOGUES:
        _load()
    return _CATALOGUES.get(lang, _CATALOGUES[DEFAULT_LANGUAGE])


def _read_on_use() -> None:
    while _ON_USE:
        owner, module = _ON_USE.popitem()
        found = import_module(module)
        if getattr(found, "BOARD", None):
            raise ValueError(f"{owner!r} marks board instructions: its words cannot wait for use")
        add_words(Words(owner, found.EN, found.JA))


def _load() -> None:
    for lang in LANGUAGES:
        _CATALOGUES[lang] = {}
    for english, japanese in _SECTIONS.values():
        _CATALOGUES["en"].update(english)
        _CATALOGUES["ja"].update(japanese)
