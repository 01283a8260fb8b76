"""The phone view page's words (the device's "Show on phones" keeps its own)."""

from __future__ import annotations

EN: dict[str, str] = {
    "web.title": "Celaeno: the table",
    "web.waiting": "The table is waiting for",
    "web.latest": "Latest",
    "web.history": "History: the table's commands, newest first",
    "web.how": "({how})",
    "web.undone": "Undone: the table went back one step.",
    "web.no_game": "No game yet: start one at the table.",
    "web.table_off": "The table is not running. This page updates by itself when it starts.",
    "web.problem": "The table's journal cannot be followed here; the table's screen is right.",
    "web.connecting": "Connecting…",
    "web.live": "Live",
    "web.lost": "Connection lost: reconnecting…",
    "web.full": "{n} phones are watching; this one joins when one leaves",
    "web.full_one": "1 phone is watching; this one joins when it leaves",
    "web.language": "Language",
    "web.read_only": "Read-only view: everything is decided at the table.",
    "web.battlefield": "The battlefield",
}
JA: dict[str, str] = {
    "web.title": "Celaeno：卓の状況",
    "web.waiting": "卓が待っていること",
    "web.latest": "最新",
    "web.history": "履歴：卓のコマンド（新しい順）",
    "web.how": "（{how}）",
    "web.undone": "取り消し：卓は一手前に戻りました。",
    "web.no_game": "まだゲームがありません。卓で始めてください。",
    "web.table_off": "卓のアプリが動いていません。起動するとこのページは自動で更新されます。",
    "web.problem": "卓のジャーナルをここでは追えません。卓の画面が正しい状態です。",
    "web.connecting": "接続中…",
    "web.live": "ライブ",
    "web.lost": "接続が切れました：再接続中…",
    "web.full": "{n}台のスマホが見ています。1台が離れるとこのスマホもつながります",
    "web.full_one": "1台のスマホが見ています。そのスマホが離れるとこのスマホもつながります",
    "web.language": "言語",
    "web.read_only": "閲覧専用：すべての決定は卓で行います。",
    "web.battlefield": "戦場",
}
