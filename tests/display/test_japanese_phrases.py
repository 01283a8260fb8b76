"""Issue 50 item 11: Japanese breaks between phrases, names whole, the kinsoku rules kept.

Each line the table saw broken is laid out at every width from the one that holds its
piece to a wide panel's: the piece stays on one line, and no line ends with an opening
bracket or starts with a closing one, punctuation, a small kana or "ー".
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from device.words import add_layer_words
from display.ink import phrases
from display.ink.runs import Para, Span
from display.layout.flow import Sizes, layout, text_width
from rules.games import RULES
from rules.text import render, text, translate

SIZES = Sizes({"body": 22}, 18)
OPENING = "（〔［「『【〈《(["
NO_LINE_START = "、。，．・：；？！ー」』）】〕〉》ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.:;!?)]"


def _words() -> None:
    add_layer_words()
    RULES.get("cthulhu_wars")  # the game's words: its factions', Areas' and Tomes' names
    from device.cthulhu_wars.scoreboard.words import JA  # noqa: F401  (the dial's words)
    from display.cthulhu_wars.words import add_scoreboard_words

    add_scoreboard_words()


def _lines(sentence: str, width: int, indent: float = 0.0) -> list[str]:
    lines: dict[int, str] = {}
    para = Para((Span(sentence),), "body", indent=indent)
    for item in layout([para], width, SIZES).items:
        lines[item.rect.y] = lines.get(item.rect.y, "") + item.text
    return list(lines.values())


def _examples() -> list[tuple[str, str]]:
    """(a sentence as the table read it, the piece of it the issue saw broken)."""
    _words()
    gate = render(text("prompt.gate_what", area="black_hall"), "ja")
    return [
        (gate, "今どうなっていますか？"),  # ゲートは今どうなっていま / すか？
        ("大いなるクトゥルフ：ゲート1×2＋前ラウンドと同じ6", "＋前ラウンドと"),  # 前 / ラウンド
        (translate("nz_device.new.1", "ja"), "Normandie 第1章："),  # Normandie 第 / 1章
        ("パス(今のまま)", "(今のまま)"),  # (今の / まま)
        ("先手プレイヤー：魔力最多の黒山羊", "魔力最多の"),  # 魔力 / 最多の黒山羊
        ("魔力9が必要、4しかない", "4しかない"),  # 4しか / ない
        (render(text("event.gate_controlled", area="fountain", faction="great_cthulhu"), "ja"),
         "大いなるクトゥルフが"),  # 大いなる / クトゥルフ (a particle stays with a name)
        ("水のゲートを這い寄る混沌が支配する。", "這い寄る混沌が"),  # 這い寄る / 混沌
        ("沈黙トークンを払い、ナアク＝ティスの障壁に入る", "ナアク＝ティスの障壁に"),
        (render(text("event.tome_taken", faction="black_goat", tome="yr_and_the_nhhngr"), "ja"),
         "「イールとヌーングル」"),  # 魔導書「 / イールとヌーングル」
        ("黄色の印が旧き印を公開した(旧き印 1枚)", "(旧き印 1枚)"),  # 公開した( / 旧き印 1枚)
        ("時計回りに手番が進む", "時計回りに"),  # 時計回 / り (the phone), 時 / 計回り (BudouX)
    ]  # fmt: skip


@pytest.mark.parametrize("indent", [0.0, 1.3])
def test_the_lines_the_table_saw_broken_keep_their_pieces_whole(indent: float) -> None:
    for sentence, piece in _examples():
        holds = text_width(piece, SIZES.px("body", 1.0)) + round(indent * 22) + 2
        for width in range(holds, 700, 3):
            lines = _lines(sentence, width, indent)
            assert any(piece in line for line in lines), (width, piece, lines)


def test_no_line_ends_with_an_opening_bracket_or_starts_with_a_closing_one() -> None:
    sentences = [sentence for sentence, _ in _examples()]
    sentences += ["（この勢力から2勢力がパス）", "Shoggoth（shoggoth）は除去された。"]
    for sentence in sentences:
        for width in range(60, 700, 4):
            lines = _lines(sentence, width)
            assert not any(line[-1] in OPENING for line in lines[:-1]), (width, lines)
            assert not any(line[0] in NO_LINE_START for line in lines[1:]), (width, lines)


def test_a_phrase_wider_than_a_line_breaks_between_budoux_words_before_characters() -> None:
    """ゲート2×2＋放棄4＋前ラウンドと is one phrase to BudouX: in a column narrower than
    it, it breaks before a term of the sum, not inside a word (放 / 棄, 前 / ラウンド)."""
    _words()
    sentence = "這い寄る混沌：ゲート1×2＋放棄4＋前ラウンドと同じ1"
    holds = text_width("ゲート1×2＋放棄4", SIZES.px("body", 1.0)) + 2
    for width in range(holds, holds + 120, 3):
        lines = _lines(sentence, width)
        assert not any(line.endswith(("放", "前")) for line in lines), (width, lines)


def test_the_ranks_of_a_sentence() -> None:
    """PHRASE between phrases, WORD where BudouX cut a word (魔力|最多の: put back), NAME
    inside a name (大いなる|クトゥルフ), none inside a katakana word or before a colon."""
    _words()
    sentence = "先手プレイヤー：魔力最多の大いなるクトゥルフ"
    ranks = phrases.breaks(sentence)
    assert ranks[sentence.index("クトゥルフ")] == phrases.NAME
    assert ranks[sentence.index("最多")] == phrases.WORD
    assert ranks[sentence.index("魔力")] == phrases.PHRASE
    assert ranks[sentence.index("レイヤー")] is None
    assert ranks[sentence.index("：")] is None
    assert phrases.pieces(sentence) == ["先手プレイヤー：", "魔力最多の", "大いなるクトゥルフ"]


def test_what_is_japanese_is_what_the_pattern_says() -> None:
    """:func:`phrases.japanese` looks at the highest character before it compiles its
    pattern: the answer is the pattern's for every character, alone or after English."""
    pattern = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
    kanji = re.compile(r"[\u3400-\u9fff\uf900-\ufaff々]")
    assert not phrases.japanese("")
    for code in range(0x10000):
        char = chr(code)
        assert phrases.japanese(char) == (pattern.search(char) is not None), hex(code)
        assert phrases.japanese(f"Gate – {char}…") == (pattern.search(char) is not None)
        assert phrases._kanji(char) == (kanji.match(char) is not None), hex(code)


ENGLISH_FRAME = r"""
import re, sys
from display.ink.runs import Para, Span
from display.layout.flow import Sizes, layout
layout([Para((Span("Gather Power · 4 players – Doom 5…"), Span("⊕ Elder Sign", atomic=True)))],
       300, Sizes({"body": 22}, 18))
print(any(r"\u9fff" in key[1] for key in re._cache if isinstance(key[1], str)))
"""


def test_english_compiles_no_japanese_pattern() -> None:
    """A pattern of Japanese's 30,000 characters costs a start about ten million
    instructions to compile: English text, dashes and signs with it, never compiles one."""
    done = subprocess.run(
        [sys.executable, "-c", ENGLISH_FRAME],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
    )
    assert done.stdout.strip() == "False"
