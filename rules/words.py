"""The engine's own words: a journal line that is not a command, undo and redo (any game)."""

from __future__ import annotations

EN: dict[str, str] = {
    "command.undo": "the undo",
    "event.undone": "Undone: {what}.",
    "command.redo": "the redo",
    "event.redone": "Redone: {what}.",
    "error.journal.not_object": "{where}: expected a JSON object.",
    "error.journal.unknown_field": "{where}: unknown field “{field}”.",
    "error.journal.missing_field": "{where}: missing field “{field}”.",
    "error.journal.expected": "{where}: expected {expected}.",
    "error.journal.unknown_type": "unknown command type “{type}”.",
    "error.journal.bad_json": "not JSON ({detail}, column {column}).",
    "error.journal.first_new_game": "the first command must be new_game.",
    "error.journal.new_game_twice": "a game has only one new_game; start a new journal.",
    "error.journal.not_this_game": "“{type}” does not belong to this game.",
    "error.journal.not_utf8": "not UTF-8 text (byte {byte} of the line).",
    "error.journal.too_long": "the line is longer than {limit} characters.",
    "error.journal.too_deep": "nested more than {limit} levels deep.",
    "error.journal.number_too_long": "a number longer than {limit} digits.",
    "error.journal.not_a_number": "{literal} is not JSON.",
    "error.nothing_to_undo": "nothing to undo.",
    "error.nothing_to_redo": "nothing to redo: nothing was undone since the last command.",
}

JA: dict[str, str] = {
    "command.undo": "取り消し",
    "event.undone": "{what}を取り消しました。",
    "command.redo": "やり直し",
    "event.redone": "{what}をやり直しました。",
    "error.journal.not_object": "{where}：JSONオブジェクトが必要です。",
    "error.journal.unknown_field": "{where}：不明な項目「{field}」。",
    "error.journal.missing_field": "{where}：項目「{field}」がありません。",
    "error.journal.expected": "{where}：{expected}が必要です。",
    "error.journal.unknown_type": "不明なコマンド「{type}」。",
    "error.journal.bad_json": "JSONではありません（{detail}、{column}文字目）。",
    "error.journal.first_new_game": "最初のコマンドはnew_gameでなければなりません。",
    "error.journal.new_game_twice": "new_gameは1ゲームに1回だけです。新しいジャーナルを始めてください。",
    "error.journal.not_this_game": "「{type}」はこのゲームのコマンドではありません。",
    "error.journal.not_utf8": "UTF-8のテキストではありません（行の{byte}バイト目）。",
    "error.journal.too_long": "行が{limit}文字より長すぎます。",
    "error.journal.too_deep": "入れ子が{limit}段より深すぎます。",
    "error.journal.number_too_long": "{limit}桁より長い数です。",
    "error.journal.not_a_number": "{literal}はJSONではありません。",
    "error.nothing_to_undo": "取り消すものがありません。",
    "error.nothing_to_redo": "やり直すものがありません（最後のコマンドの後に取り消したものがありません）。",
}
