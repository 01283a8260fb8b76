"""Names of things on the table: factions, Tomes, monsters, phases, boards, Areas.

Area names are the printed English names in English. In Japanese they are our own
renderings (``areas_ja.py`` beside this file; the Tome Areas take their Tome's name): the
Japanese edition's printed names were not available to us. An owner whose boards print
other names configures them, and ``use_printed_names`` puts those first in every language.
"""

from __future__ import annotations

from rules.cthulhu_wars.maps.boards import all_areas
from rules.cthulhu_wars.maps.spec import Area
from rules.cthulhu_wars.words.areas_ja import AREAS_JA

_FACTIONS_EN = {
    "great_cthulhu": "Great Cthulhu",
    "crawling_chaos": "Crawling Chaos",
    "black_goat": "Black Goat",
    "yellow_sign": "Yellow Sign",
    "opener_of_the_way": "Opener of the Way",
    "sleeper": "Sleeper",
    "windwalker": "Windwalker",
    "ancients": "Ancients",
    "tcho_tcho": "Tcho-Tcho",
    "daemon_sultan": "Daemon Sultan",
    "bubastis": "Bubastis",
}
_FACTIONS_JA = {
    "great_cthulhu": "大いなるクトゥルフ",
    "crawling_chaos": "這い寄る混沌",
    "black_goat": "黒山羊",
    "yellow_sign": "黄色の印",
    "opener_of_the_way": "道を開くもの",
    "sleeper": "眠れるもの",
    "windwalker": "風に乗りて歩むもの",
    "ancients": "古のもの",
    "tcho_tcho": "チョー＝チョー人",
    "daemon_sultan": "魔王",
    "bubastis": "ブバスティス",
}
# In running English text: "the Yellow Sign spends", but "Great Cthulhu spends".
_NO_ARTICLE = frozenset({"great_cthulhu", "crawling_chaos", "bubastis"})
_TOMES_JA = {
    "barrier_of_naach_tith": "ナアク＝ティスの障壁",
    "guardian_under_the_lake": "湖の底の守護者",
    "larvae_of_the_outer_gods": "外なる神の幼生",
    "yr_and_the_nhhngr": "イールとヌーングル",
}
_OTHER_EN = {
    "monster.custodian": "the Custodian",
    "monster.librarian": "the Librarian",
    "monster.bhole": "the Bhole",
    "monster.zoogs": "the Zoogs",
    "phase.gather_power": "Gather Power",
    "phase.first_player": "First Player",
    "phase.doom": "Doom",
    "phase.action": "Action",
    "floor.upper": "Upper Floor",
    "floor.lower": "Lower Floor",
    "board.surface": "Surface",
    "board.underworld": "Underworld",
    "board.upper": "Upper Floor",
    "board.lower": "Lower Floor",
    "units.one": "{n} Unit",
    "units.other": "{n} Units",
    "doom.one": "{n} Doom",
    "doom.other": "{n} Doom",
    "agony.one": "{n} Agony",
    "agony.other": "{n} Agony",
    "zoogs.one": "{n} Zoog",
    "zoogs.other": "{n} Zoogs",
    "dice.one": "{n} die",
    "dice.other": "{n} dice",
    "tomes.one": "{n} Tome",
    "tomes.other": "{n} Tomes",
}
_OTHER_JA = {
    "monster.custodian": "管理人",
    "monster.librarian": "司書",
    "monster.bhole": "ブホール",
    "monster.zoogs": "ズーグ",
    "phase.gather_power": "魔力収集",
    "phase.first_player": "先手決定",
    "phase.doom": "破滅",
    "phase.action": "アクション",
    "floor.upper": "上階",
    "floor.lower": "下階",
    "board.surface": "地上",
    "board.underworld": "地下世界",
    "board.upper": "上階",
    "board.lower": "下階",
    "units.one": "{n}ユニット",
    "units.other": "{n}ユニット",
    "doom.one": "破滅{n}",
    "doom.other": "破滅{n}",
    "agony.one": "苦悶{n}",
    "agony.other": "苦悶{n}",
    "zoogs.one": "ズーグ{n}体",
    "zoogs.other": "ズーグ{n}体",
    "dice.one": "ダイス{n}個",
    "dice.other": "ダイス{n}個",
    "tomes.one": "魔導書{n}冊",
    "tomes.other": "魔導書{n}冊",
}


# English running text says "the Black Hall" but "Yr and the Nhhngr" and "Leng":
# an Area whose printed name starts with a common noun or adjective takes "the".
_TAKES_ARTICLE = frozenset(
    {
        *("Floating", "Fountain", "Cursed", "Barrier", "Lake", "Chamber", "Oubliette", "Blue"),
        *("Red", "Black", "Scorched", "Porphyr", "Hyperquarium", "Charnel", "Horrorium"),
        *("Byakhiary", "Sunken", "Enchanted", "Vale", "Ruins", "Tower", "Plain", "Vaults", "Sea"),
    }
)


def _printed_areas() -> tuple[Area, ...]:
    # Dreamlands Citadels have no known printed name: rules/cthulhu_wars/dreamlands/words.py names
    # them by board and label in each language (D4).
    return tuple(area for area in all_areas() if area.citadel is None)


def _area_names() -> dict[str, str]:
    return {f"area.{area.id}": area.name for area in _printed_areas()}


def _place(name: str) -> str:
    return f"the {name}" if name.split()[0] in _TAKES_ARTICLE else name


def _place_names_en() -> dict[str, str]:
    return {f"place.{area.id}": _place(area.name) for area in _printed_areas()}


def _area_names_ja() -> dict[str, str]:
    """Ours (areas_ja.py); a Tome Area is called as its Tome is (C4)."""
    names = {**AREAS_JA, **_TOMES_JA}
    found: dict[str, str] = {}
    for area in _printed_areas():
        found[f"area.{area.id}"] = names[area.id]
        found[f"place.{area.id}"] = names[area.id]
    return found


def _tome_names_en() -> dict[str, str]:
    return {f"tome.{area.id}": area.name for area in all_areas() if area.tome}


EN: dict[str, str] = {
    **{f"faction.{key}": name for key, name in _FACTIONS_EN.items()},
    **{
        f"who.{key}": name if key in _NO_ARTICLE else f"the {name}"
        for key, name in _FACTIONS_EN.items()
    },
    **_tome_names_en(),
    **_OTHER_EN,
    **_area_names(),
    **_place_names_en(),
}
JA: dict[str, str] = {
    **{f"faction.{key}": name for key, name in _FACTIONS_JA.items()},
    **{f"who.{key}": name for key, name in _FACTIONS_JA.items()},
    **{f"tome.{key}": name for key, name in _TOMES_JA.items()},
    **_OTHER_JA,
    **_area_names_ja(),
}
