"""The words of Seats on phones on the table's screen (:mod:`device.ui.seats.screens`), read
the first time one is shown: a table whose phones never pair never reads them."""

from __future__ import annotations

EN: dict[str, str] = {
    "seats.scan": "{faction:faction}'s player: scan this with your phone.",
    "seats.scan_more": "{faction:faction}'s player: scan this with your phone ({n:phones} paired already).",
    "seats.next": "Next: {faction:faction}",
    "seats.done": "Done: the phones paired",
    "seats.list": "Phones paired, unpair one",
    "seats.phones": "Phones paired as seats: {n}. Choose one to unpair it.",
    "seats.phone": "{faction:faction}: phone {n}",
    "seats.pair_more": "Pair a phone",
    "seats.unpair": "Unpair {faction:faction}'s phone {n}? It becomes a read-only view.",
    "seats.unpair_yes": "Unpair it",
    "seats.keep": "Keep it",
    "seats.off": "Seats on phones are turned off in the configuration ([web] seats = false, or the phone view is off).",
    "seats.not_this_game": "This game's phones show it read-only: no seats.",
    "seat.paired_event": "{faction:faction}'s phone {n} is paired as its seat.",
    "phones.one": "{n} phone",
    "phones.other": "{n} phones",
}

JA: dict[str, str] = {
    "seats.scan": "{faction:faction}のプレイヤー：スマホで読み取ってください。",
    "seats.scan_more": "{faction:faction}のプレイヤー：スマホで読み取ってください（登録済み{n:phones}）。",
    "seats.next": "次：{faction:faction}",
    "seats.done": "完了：登録したスマホ",
    "seats.list": "登録したスマホ・解除",
    "seats.phones": "席として登録したスマホ：{n}台。選ぶと解除できます。",
    "seats.phone": "{faction:faction}：スマホ{n}",
    "seats.pair_more": "スマホを登録",
    "seats.unpair": "{faction:faction}のスマホ{n}を解除しますか？閲覧専用の表示になります。",
    "seats.unpair_yes": "解除する",
    "seats.keep": "そのままにする",
    "seats.off": "スマホの席は設定で無効です（[web] seats = false、またはスマホ表示が無効）。",
    "seats.not_this_game": "このゲームのスマホ表示は閲覧専用です：席はありません。",
    "seat.paired_event": "{faction:faction}のスマホ{n}を席として登録しました。",
    "phones.one": "{n}台",
    "phones.other": "{n}台",
}
