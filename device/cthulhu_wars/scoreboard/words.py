"""Words of the scoreboard's questions (K3–K14): added to the catalogue when a game with the
scoreboard first asks one, so a start never loads them."""

from __future__ import annotations

from functools import cache

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
    "count.signs": "{n} Elder Signs",
    "count.great_old_ones": "{n} Great Old Ones",
    "prompt.sb.over": "The game is over: see the scoreboard",
    "prompt.sb.first_player": "First Player: {faction:who} has the most Power",
    "prompt.sb.first_player_tie": "Tied for the most Power: {chooser:who} chooses the First Player",
    "prompt.sb.first_is": "{faction:faction}, {direction}",
    "prompt.sb.clockwise": "clockwise",
    "prompt.sb.counterclockwise": "anticlockwise",
    "prompt.sb.ritual": "{faction:who}: Ritual of Annihilation for {cost} Power: +{doom} Doom, draws {signs} Elder Signs",
    "prompt.sb.pass": "Pass",
    "prompt.sb.perform": "Perform it, {n} Great Old Ones",
    "prompt.sb.perform_other": "Perform it, another number of Great Old Ones",
    "prompt.sb.cannot_pay": "needs {cost} Power, has {power}",
    "prompt.sb.how_many_goo": "{faction:who}: how many Great Old Ones in play?",
    "prompt.sb.reveal": "{faction:who} reveals {n} Elder Signs: how many of each value?",
    "prompt.sb.worth": "worth {n}",
    "menu.sb_spellbook": "A spellbook earned",
    "menu.sb_reveal": "Elder Signs revealed",
    "menu.sb_draw": "Elder Signs drawn",
    "menu.sb_adjust": "Correct Power or Doom (an ability)",
    "detail.sb.spellbooks": "{n} of {of}",
    "detail.sb.held": "{n} Elder Signs held",
    "prompt.sb.which_spellbook": "Who earned a spellbook?",
    "prompt.sb.who_reveals": "Who reveals Elder Signs?",
    "prompt.sb.reveal_values": "{faction:who} reveals: how many of each value?",
    "prompt.sb.who_draws": "Who draws Elder Signs?",
    "prompt.sb.how_many_drawn": "How many Elder Signs does {faction:who} draw?",
    "prompt.sb.drawn": "Drawn ({left} left in the pool)",
    "prompt.sb.who_adjusts": "Whose Power or Doom changes?",
    "prompt.sb.adjust": "{faction:who}: how much does each change?",
    "prompt.sb.power_now": "Power (now {n})",
    "prompt.sb.doom_now": "Doom (now {n})",
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
    "count.signs": "旧神の印{n}枚",
    "count.great_old_ones": "旧支配者{n}体",
    "prompt.sb.over": "ゲーム終了：スコアボードを見てください",
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
    "menu.sb_spellbook": "呪文書を得た",
    "menu.sb_reveal": "旧神の印を公開した",
    "menu.sb_draw": "旧神の印を引いた",
    "menu.sb_adjust": "パワーか破滅を直す（能力）",
    "detail.sb.spellbooks": "{n}/{of}",
    "detail.sb.held": "旧神の印 {n}枚",
    "prompt.sb.which_spellbook": "呪文書を得たのは？",
    "prompt.sb.who_reveals": "旧神の印を公開するのは？",
    "prompt.sb.reveal_values": "{faction:who}が公開：それぞれの値は何枚？",
    "prompt.sb.who_draws": "旧神の印を引くのは？",
    "prompt.sb.how_many_drawn": "{faction:who}が引く旧神の印は何枚？",
    "prompt.sb.drawn": "引く枚数（山に残り{left}枚）",
    "prompt.sb.who_adjusts": "パワーか破滅が変わるのは？",
    "prompt.sb.adjust": "{faction:who}：それぞれいくつ変わる？",
    "prompt.sb.power_now": "パワー（今{n}）",
    "prompt.sb.doom_now": "破滅（今{n}）",
}

WORDS = Words("cthulhu_wars.scoreboard.device", EN, JA)


@cache
def use_words() -> None:
    """Add these words to the catalogue, once: the first scoreboard screen calls this, so a
    game without the scoreboard never loads them."""
    add_words(WORDS)
