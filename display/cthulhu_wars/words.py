"""Words the Cthulhu Wars board and header say: the round, Silence, Tomes, monsters, Gates, Citadels."""

from __future__ import annotations

from functools import cache

from rules.text import Words, add_words, words_on_use

EN: dict[str, str] = {
    "screen.round": "Round {n}",
    "screen.silence_held": "Silence",
    "screen.silence_spent": "no Silence",
    "screen.overdue": "Overdue",
    "screen.face_down": "face down",
    "screen.in_slots": "In their slots:",
    "screen.in_slots_gate": "— their Gate:",
    "screen.at": "{what}: {place}",
    "screen.off_map": "off the map",
    "screen.custodian": "Custodian",
    "screen.librarian": "Librarian",
    "screen.bhole": "Bhole",
    "screen.bhole_killed": "killed, returns to {place} at the end of the next Doom Phase",
    "screen.yog_sothoth": "Yog-Sothoth",
    "screen.citadel": "{board:board} Citadel {label}",
    "screen.citadel_short": "Citadel {label}",
    "screen.citadels_of": "{board:board} Citadels",
    "screen.no_gate": "no Gate",
    "screen.gate_abandoned": "Gate abandoned",
    "screen.gate_of": "Gate: {faction}",
    "screen.zoogs_count": "{n:zoogs}",
    "screen.three_citadels": "{faction:faction}: 3 of 4 {board:board} Citadels!",
    "screen.winner": "{faction:faction} wins!",
    "screen.to_act": "to act",
}

JA: dict[str, str] = {
    "screen.round": "第{n}ラウンド",
    "screen.silence_held": "沈黙トークン",
    "screen.silence_spent": "沈黙なし",
    "screen.overdue": "延滞",
    "screen.face_down": "裏向き",
    "screen.in_slots": "所定の位置：",
    "screen.in_slots_gate": "— そのゲート：",
    "screen.at": "{what}：{place}",
    "screen.off_map": "盤外",
    "screen.custodian": "管理人",
    "screen.librarian": "司書",
    "screen.bhole": "ブホール",
    "screen.bhole_killed": "撃破済み。次の破滅フェイズの終わりに{place}へ戻る",
    "screen.yog_sothoth": "ヨグ＝ソトース",
    "screen.citadel": "{board:board}の堅砦{label}",
    "screen.citadel_short": "堅砦{label}",
    "screen.citadels_of": "{board:board}の堅砦",
    "screen.no_gate": "ゲートなし",
    "screen.gate_abandoned": "放棄されたゲート",
    "screen.gate_of": "ゲート：{faction}",
    "screen.zoogs_count": "{n:zoogs}",
    "screen.three_citadels": "{faction:faction}：{board:board}の堅砦4つ中3つ！",
    "screen.winner": "{faction:faction}の勝利!",
    "screen.to_act": "手番",
}

WORDS = Words("cthulhu_wars.display", EN, JA)
# The scoreboard's panel, end summary and chart: most tables never keep it (I12).
SCOREBOARD_WORDS = words_on_use(
    "cthulhu_wars.display.scoreboard", "display.cthulhu_wars.scoreboard.words"
)


@cache
def add_scoreboard_words() -> None:
    """Add the words the scoreboard's drawings say, once: its own (read on use) and the
    board's (the Silence token). A drawing calls this itself, so that it says words, never
    their keys, whatever was loaded before it: the phone view adds them with the game's
    part, a process that only draws a section does not."""
    add_words(WORDS)
    add_words(SCOREBOARD_WORDS)
