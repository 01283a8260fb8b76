"""Ids to printed names, with graceful fallbacks for names the catalogue lacks yet.

A missing name must never put a raw catalogue key such as ``area.vale_of_pnath`` on
the table's screen: an unknown Area id is shown as words made from the id instead.
"""

from __future__ import annotations

import re

from rules.text import lookup, translate

# D4: Citadel ids are "<board>_citadel_<label>", labels 1_2, 3, 4, 5_6.
_CITADEL = re.compile(r"^(surface|underworld)_citadel_(\d(?:_\d)?)$")
_SMALL_WORDS = frozenset({"of", "the", "and", "under", "in", "on", "at", "to"})


def catalogue_name(kind: str, ident: str, lang: str) -> str:
    """``lookup("<kind>.<id>")``, or words made from the id when the catalogue lacks it."""
    key = f"{kind}.{ident}"
    name = lookup(key, lang)
    return _words(ident) if name == key else name


def faction(ident: str, lang: str) -> str:
    return catalogue_name("faction", ident, lang)


def tome(ident: str, lang: str) -> str:
    return catalogue_name("tome", ident, lang)


def citadel(ident: str) -> tuple[str, str] | None:
    """(board, label) of a Citadel id, or None for an Area that is not a Citadel."""
    match = _CITADEL.match(ident)
    return (match.group(1), match.group(2)) if match else None


def citadel_label(label: str) -> str:
    return label.replace("_", "–")


def area(ident: str, lang: str) -> str:
    """Printed name of an Area (the owner's, where configured: the catalogue has it); a
    Citadel without one is "Surface Citadel 3"."""
    key = f"area.{ident}"
    name = lookup(key, lang)
    if name != key:
        return name
    found = citadel(ident)
    if found is not None:
        board, label = found
        return translate("screen.citadel", lang, board=board, label=citadel_label(label))
    return _words(ident)


def _words(ident: str) -> str:
    words = ident.split("_")
    return " ".join(
        word if index and word in _SMALL_WORDS else word.capitalize()
        for index, word in enumerate(words)
    )
