"""Catalogue section: screen.

The labels the screen draws around the state: the phase track, the faction rows,
Tome and Citadel states, button names, the status line. Names of things (factions,
Areas, Tomes, phases) live in ``names``; sentences of the prompt in ``prompts``.
Parameters named ``place``/``name``/``reason`` arrive already rendered.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "screen.in_its_slot": "in its slot",
    "screen.choice_unavailable": "not available",
    "screen.more": "{n} more",
    "screen.refused": "{reason}",
    "screen.reader.simulated": "Dice entered by hand",
    "screen.reader.connected": "Dice reader connected",
    "screen.reader.disconnected": "Dice reader DISCONNECTED",
    "screen.reader.absent": "No dice reader",
    "screen.saved": "Journal saved",
    "screen.unsaved": "Journal NOT saved",
    "screen.in_memory": "Not saved to the card",
    "screen.rejected": "Misread dice: {n}",
    "screen.last_rejected": "last: {reason}",
    "screen.button.left": "Custodian",
    "screen.button.right": "Librarian",
    "screen.button.phase": "Phase",
    "screen.button.up": "Up",
    "screen.button.down": "Down",
    "screen.button.ok": "OK",
    "screen.button.back": "Back",
    "screen.button.undo": "Hold Back",
}

JA: dict[str, str] = {
    "screen.in_its_slot": "所定の位置",
    "screen.choice_unavailable": "選択不可",
    "screen.more": "他{n}件",
    "screen.refused": "{reason}",
    "screen.reader.simulated": "ダイスは手入力",
    "screen.reader.connected": "ダイスリーダー接続中",
    "screen.reader.disconnected": "ダイスリーダー未接続",
    "screen.reader.absent": "ダイスリーダーなし",
    "screen.saved": "記録保存済み",
    "screen.unsaved": "記録未保存",
    "screen.in_memory": "カードに保存されません",
    "screen.rejected": "読み取り失敗: {n}",
    "screen.last_rejected": "直近: {reason}",
    "screen.button.left": "管理人",
    "screen.button.right": "司書",
    "screen.button.phase": "フェイズ",
    "screen.button.up": "上",
    "screen.button.down": "下",
    "screen.button.ok": "決定",
    "screen.button.back": "戻る",
    "screen.button.undo": "戻る長押し",
}
