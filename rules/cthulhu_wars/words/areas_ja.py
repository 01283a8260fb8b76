"""Japanese names of the printed Areas: OUR renderings, not the Japanese edition's.

The Japanese edition's printed Area names were not available to us, so every name
below is ours: a translation where the English name is plain words ("Black Hall" →
黒の広間), katakana where it is a coined or proper name ("Oubliette" → ウブリエット,
"Leng" → レン). They keep a Japanese sentence Japanese. An owner whose boards print
other names sets them in the configuration (``[celaeno.areas]``, ``[dreamlands.areas]``),
and those are shown instead, in every language.

The Tome Areas share their Tome's name (C4: tome id = Area id). Dreamlands Citadels are
named by board and label in ``rules/cthulhu_wars/dreamlands/words.py`` (D4).
"""

from __future__ import annotations

# Ours (see above). Library at Celaeno, Upper Floor.
_UPPER_FLOOR = {
    "floating_tower": "浮遊する塔",
    "byakhiary": "ビヤーキー舎",
    "horrorium": "ホラリウム",
    "fountain": "噴水",
    "gloomloft": "グルームロフト",
    "cursed_hall": "呪われた広間",
    "lake_of_hali_overlook": "ハリ湖の見晴らし台",
    "lake_of_hali_balcony": "ハリ湖のバルコニー",
}
# Ours. Library at Celaeno, Lower Floor.
_LOWER_FLOOR = {
    "chamber_of_sn_gac": "スンガクの間",
    "oubliette": "ウブリエット",
    "blue_hall": "青の広間",
    "red_hall": "赤の広間",
    "black_hall": "黒の広間",
    "scorched_chamber": "焼け焦げた間",
    "porphyr_hall": "斑岩の広間",
    "chamber_of_apkallu": "アプカルルの間",
    "hyperquarium": "ハイパークアリウム",
    "charnel_hall": "納骨の広間",
    "the_crawling_ones": "這いずるものども",
}
# Ours. Dreamlands, the named Areas that are not Citadels.
_DREAMLANDS = {
    "sunken_sea": "沈んだ海",
    "enchanted_wood": "魔法の森",
    "leng": "レン",
    "zura": "ズーラ",
    "sarkomand": "サルコマンド",
    "kadath": "カダス",
    "vale_of_pnath": "ナスの谷",
    "ruins_of_karoth": "カロスの廃墟",
    "tower_of_koth": "コスの塔",
    "plain_of_the_ghouls": "グールの平原",
    "sea_of_pitch": "瀝青の海",
}

# The four Tome Areas are added in names.py, under their Tomes' names.
AREAS_JA: dict[str, str] = {**_UPPER_FLOOR, **_LOWER_FLOOR, **_DREAMLANDS}
