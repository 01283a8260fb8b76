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
    "count.signs": "{n:elder_signs}",
    "count.great_old_ones": "{n:great_old_ones}",
    "great_old_ones.one": "{n} Great Old One",
    "great_old_ones.other": "{n} Great Old Ones",
    "prompt.sb.over": "The game is over: see the scoreboard",
    "notice.sb.over": "The game is over: OK for the menu, hold Back to take back the last command.",
    "prompt.sb.first_player": "First Player: {faction:who} has the most Power",
    "prompt.sb.first_player_tie": "Tied for the most Power: {chooser:who} chooses the First Player",
    "prompt.sb.first_is": "{faction:faction}, {direction}",
    "prompt.sb.clockwise": "clockwise",
    "prompt.sb.counterclockwise": "anticlockwise",
    "prompt.sb.ritual": "{faction:who}: Ritual of Annihilation for {cost} Power: +{doom} Doom, draws {signs:elder_signs}",
    "prompt.sb.pass": "Pass",
    "prompt.sb.nobody_else": "Nobody else performs a Ritual",
    "detail.sb.everyone_passes": "{n} factions pass, this one first",
    "prompt.sb.perform": "Perform it, {n:great_old_ones}",
    "prompt.sb.perform_other": "Perform it, another number of Great Old Ones",
    "prompt.sb.cannot_pay": "needs {cost} Power, has {power}",
    "prompt.sb.how_many_goo": "{faction:who}: how many Great Old Ones in play?",
    "prompt.sb.reveal": "{faction:who} reveals {n:elder_signs}: how many of each value?",
    "prompt.sb.worth": "worth {n}",
    "menu.sb_faction": "{faction:faction}: spellbook, Elder Signs, Power, Doom",
    "hint.sb.two_seats": "2 seats away",
    "detail.sb.first_player": "First Player",
    "prompt.sb.what_happened": "{faction:who}: what happened?",
    "prompt.sb.power_or_doom": "Power or Doom changed (an ability)",
    "detail.sb.power_doom": "{power} Power, {doom} Doom",
    "prompt.sb.draw_one": "An Elder Sign drawn",
    "detail.sb.pool": "{n} left in the pool",
    "detail.sb.pool_empty": "None left: 1 Doom instead",
    "menu.sb_spellbook": "A spellbook earned",
    "menu.sb_reveal": "Elder Signs revealed",
    "detail.sb.spellbooks": "{n} of {of}",
    "detail.sb.held": "{n:elder_signs} held",
    "prompt.sb.reveal_values": "{faction:who} reveals: how many of each value?",
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
    "notice.sb.over": "ゲーム終了：決定でメニュー、戻る長押しで最後のコマンドを取り消す。",
    "prompt.sb.first_player": "先手プレイヤー：パワー最多の{faction:who}",
    "prompt.sb.first_player_tie": "パワー最多が同点：{chooser:who}が先手プレイヤーを選ぶ",
    "prompt.sb.first_is": "{faction:faction}が先手、{direction}",
    "prompt.sb.clockwise": "時計回り",
    "prompt.sb.counterclockwise": "反時計回り",
    "prompt.sb.ritual": "{faction:who}：パワー{cost}で絶滅の儀式：破滅+{doom}、旧神の印を{signs}枚引く",
    "prompt.sb.pass": "パス",
    "prompt.sb.nobody_else": "残り全員が儀式をパスする",
    "detail.sb.everyone_passes": "この勢力から{n}勢力がパス",
    "prompt.sb.perform": "行う（旧支配者{n}体）",
    "prompt.sb.perform_other": "行う（旧支配者の数を変える）",
    "prompt.sb.cannot_pay": "パワー{cost}が必要、{power}しかない",
    "prompt.sb.how_many_goo": "{faction:who}：場にいる旧支配者の数は？",
    "prompt.sb.reveal": "{faction:who}が旧神の印{n}枚を公開：それぞれの値は？",
    "prompt.sb.worth": "値{n}",
    "menu.sb_faction": "{faction:faction}：呪文書・旧神の印・パワー・破滅",
    "hint.sb.two_seats": "2席先へ",
    "detail.sb.first_player": "先手プレイヤー",
    "prompt.sb.what_happened": "{faction:who}：何が起きた？",
    "prompt.sb.power_or_doom": "パワーか破滅が変わった（能力）",
    "detail.sb.power_doom": "パワー{power}、破滅{doom}",
    "prompt.sb.draw_one": "旧神の印を1枚引いた",
    "detail.sb.pool": "山に残り{n}枚",
    "detail.sb.pool_empty": "山は空：代わりに破滅+1",
    "menu.sb_spellbook": "呪文書を得た",
    "menu.sb_reveal": "旧神の印を公開した",
    "detail.sb.spellbooks": "{n}/{of}",
    "detail.sb.held": "旧神の印 {n}枚",
    "prompt.sb.reveal_values": "{faction:who}が公開：それぞれの値は何枚？",
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
