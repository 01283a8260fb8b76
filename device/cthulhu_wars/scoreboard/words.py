"""Words of the scoreboard's questions (K3–K14): added to the catalogue when a game with the
scoreboard first asks one, so a start never loads them."""

from __future__ import annotations

from rules.text import Words, add_words

EN: dict[str, str] = {
    "prompt.sb.gather_power": "Gather Power: OK if every total is right",
    "prompt.sb.made_of": "{faction:faction}: {parts}",
    "prompt.sb.gates": "{n} Gates × 2",
    "prompt.sb.gate": "1 Gate × 2",
    "prompt.sb.abandoned": "{n} abandoned",
    "prompt.sb.rest": "{n} as last round",
    "prompt.sb.nothing": "no Gate",
    "prompt.sb.plus": "{a} + {b}",
    "detail.left.signs": "{n} of {total} Elder Signs left",
    "count.power": "{n} Power",
    "prompt.sb.first_player": "First Player: {faction:who} has the most Power",
    "prompt.sb.first_player_tie": "Tied for the most Power: {chooser:who} chooses the First Player",
    "prompt.sb.first_is": "{faction:faction} first, {direction}",
    "prompt.sb.clockwise": "clockwise",
    "prompt.sb.counterclockwise": "counter-clockwise",
    "prompt.sb.ritual": "{faction:who}: Ritual of Annihilation for {cost} Power: +{doom} Doom, draws {signs} Elder Signs",
    "prompt.sb.pass": "Pass",
    "prompt.sb.perform": "Perform it, {n} Great Old Ones",
    "prompt.sb.perform_other": "Perform it, another number of Great Old Ones",
    "prompt.sb.cannot_pay": "needs {cost} Power, has {power}",
    "prompt.sb.how_many_goo": "{faction:who}: how many Great Old Ones in play?",
    "prompt.sb.reveal": "{faction:who} reveals {n} Elder Signs: how many of each value?",
    "prompt.sb.worth": "worth {n}",
}

JA: dict[str, str] = {
    "prompt.sb.gather_power": "パワー収集：すべて正しければOK",
    "prompt.sb.made_of": "{faction:faction}：{parts}",
    "prompt.sb.gates": "ゲート{n}×2",
    "prompt.sb.gate": "ゲート1×2",
    "prompt.sb.abandoned": "放棄{n}",
    "prompt.sb.rest": "前ラウンドと同じ{n}",
    "prompt.sb.nothing": "ゲートなし",
    "prompt.sb.plus": "{a}＋{b}",
    "detail.left.signs": "旧神の印 残り{n}/{total}",
    "count.power": "パワー{n}",
    "prompt.sb.first_player": "先手プレイヤー：パワー最多の{faction:who}",
    "prompt.sb.first_player_tie": "パワー最多が同点：{chooser:who}が先手プレイヤーを選ぶ",
    "prompt.sb.first_is": "{faction:faction}が先手、{direction}",
    "prompt.sb.clockwise": "時計回り",
    "prompt.sb.counterclockwise": "反時計回り",
    "prompt.sb.ritual": "{faction:who}：パワー{cost}で絶滅の儀式：破滅+{doom}、旧神の印を{signs}枚引く",
    "prompt.sb.pass": "パス",
    "prompt.sb.perform": "行う（旧支配者{n}体）",
    "prompt.sb.perform_other": "行う（旧支配者の数を変える）",
    "prompt.sb.cannot_pay": "パワー{cost}が必要、{power}しかない",
    "prompt.sb.how_many_goo": "{faction:who}：場にいる旧支配者の数は？",
    "prompt.sb.reveal": "{faction:who}が旧神の印{n}枚を公開：それぞれの値は？",
    "prompt.sb.worth": "値{n}",
}

WORDS = Words("cthulhu_wars.scoreboard", EN, JA)
add_words(WORDS)
