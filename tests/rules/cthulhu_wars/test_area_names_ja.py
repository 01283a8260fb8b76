"""Japanese sentences name Areas in Japanese, unless the owner configured a printed name.

Every catalogue sentence that takes an Area (``{x:area}``, ``{x:place}``) is rendered
in Japanese with every Area of every map: no Latin-letter Area name may appear in it.
The names are ours (rules/cthulhu_wars/words/areas_ja.py); an owner's configured name wins, in every
language.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from display.cthulhu_wars import names
from rules.cthulhu_wars.maps.boards import all_areas
from rules.text import catalogue, lookup, render, text, use_printed_names

LATIN = re.compile(r"[A-Za-z]")
AREA_SPECS = ("area", "place")
# A value for every other kind of field, none of them Latin in Japanese.
OTHER_VALUES: dict[str, Any] = {
    "faction": "great_cthulhu",
    "who": "yellow_sign",
    "tome": "yr_and_the_nhhngr",
    "monster": "custodian",
    "phase": "doom",
    "board": "surface",
    "floor": "upper",
    "citadel": "surface_citadel_3",
    "list": (),
    "lines": (),
}
AREAS = sorted({area.id for area in all_areas()})


def _fields(template: str) -> list[tuple[str, str]]:
    return [(f, spec or "") for _, f, spec, _ in string.Formatter().parse(template) if f]


def _sentences_with_areas() -> Iterator[str]:
    for key, template in catalogue("ja").items():
        if any(spec in AREA_SPECS for _, spec in _fields(template)):
            yield key


def _params(key: str, area: str) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for field, spec in _fields(lookup(key, "ja")):
        if spec in AREA_SPECS:
            params[field] = area
        elif spec in OTHER_VALUES:
            params[field] = OTHER_VALUES[spec]
        else:
            params[field] = 1  # counts ({n:units}) and plain numbers
    return params


def test_there_are_sentences_to_scan() -> None:
    found = list(_sentences_with_areas())
    assert "event.to_oubliette" in found and len(found) >= 20


@pytest.mark.parametrize("area", AREAS)
def test_every_area_has_a_japanese_name(area: str) -> None:
    for kind in AREA_SPECS:
        name = lookup(f"{kind}.{area}", "ja")
        assert name != f"{kind}.{area}" and not LATIN.search(name), (kind, area, name)
    assert not LATIN.search(names.area(area, "ja"))  # the board panel's name


@pytest.mark.parametrize("key", list(_sentences_with_areas()))
def test_no_latin_area_name_inside_a_japanese_sentence(key: str) -> None:
    for area in AREAS:
        said = render(text(key, **_params(key, area)), "ja")
        english = lookup(f"area.{area}", "en")
        assert english not in said, (key, said)
        assert any(lookup(f"{kind}.{area}", "ja") in said for kind in AREA_SPECS), (key, said)


def test_no_japanese_template_spells_an_area_in_english() -> None:
    english = {area.name for area in all_areas()}
    found = [
        (key, name)
        for key, template in catalogue("ja").items()
        for name in english
        if name in template
    ]
    assert found == []


def test_an_owner_configured_name_is_used_in_every_language() -> None:
    said = text(
        "event.to_oubliette", faction="crawling_chaos", n=2, area="black_hall", to="oubliette"
    )
    use_printed_names({"oubliette": "Oubliette", "surface_citadel_1_2": "Celephaïs"})
    try:
        assert render(said, "ja") == "這い寄る混沌は2ユニットを黒の広間からOublietteへ移動させる。"
        assert render(said, "en").endswith("from the Black Hall to Oubliette.")
        assert lookup("area.surface_citadel_1_2", "ja") == "Celephaïs"
    finally:
        use_printed_names({})
    assert render(said, "ja") == "這い寄る混沌は2ユニットを黒の広間からウブリエットへ移動させる。"


def test_the_japanese_names_are_marked_as_ours_in_the_catalogue() -> None:
    from rules.cthulhu_wars.words import areas_ja

    assert areas_ja.__doc__ is not None and "OUR renderings" in areas_ja.__doc__
