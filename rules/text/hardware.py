"""Catalogue section: hardware (the dice reader's status line on the screen)."""

from __future__ import annotations

EN: dict[str, str] = {
    "hardware.reader.connected": "Dice reader connected",
    "hardware.reader.connected_rejecting": "Dice reader connected ({n:unreadable_lines})",
    "hardware.reader.disconnected": "Dice reader disconnected: enter the dice by hand",
    "unreadable_lines.one": "{n} unreadable line",
    "unreadable_lines.other": "{n} unreadable lines",
}
JA: dict[str, str] = {
    "hardware.reader.connected": "ダイスリーダー接続中",
    "hardware.reader.connected_rejecting": "ダイスリーダー接続中（{n:unreadable_lines}）",
    "hardware.reader.disconnected": "ダイスリーダー未接続：出目を手で入力してください",
    "unreadable_lines.one": "読めない行 {n} 件",
    "unreadable_lines.other": "読めない行 {n} 件",
}
