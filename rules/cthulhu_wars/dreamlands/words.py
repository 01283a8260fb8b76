"""Catalogue section: dreamlands — the Bhole, the Zoogs, Yog-Sothoth and the Citadels.

Citadels have no known printed name (D4, *Map data*): they are named by board and label
here, in each language; the owner of the boards may configure the printed names, which
the screen then uses instead.
"""

from __future__ import annotations

from rules.cthulhu_wars.maps.dreamlands import BOARDS, CITADEL_LABELS, citadel_id

_BOARD_EN = {"surface": "Surface", "underworld": "Underworld"}
_BOARD_JA = {"surface": "地上", "underworld": "地下世界"}


def _citadel_names(lang: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for board in BOARDS:
        for label in CITADEL_LABELS:
            shown = label.replace("_", "–")
            name = (
                f"{_BOARD_EN[board]} Citadel {shown}"
                if lang == "en"
                else f"{_BOARD_JA[board]}の堅砦{shown}"
            )
            names[f"area.{citadel_id(board, label)}"] = name
            names[f"place.{citadel_id(board, label)}"] = name  # no article: a proper name
    return names


EN: dict[str, str] = {
    **_citadel_names("en"),
    "zoogs_arrive.one": "{n} Zoog arrives",
    "zoogs_arrive.other": "{n} Zoogs arrive",
    "zoogs_leave.one": "{n} Zoog leaves",
    "zoogs_leave.other": "{n} Zoogs leave",
    # End of the Doom Phase: the Bhole (D8, D9, D12).
    "event.bhole_roll": "The Doom Phase ends and the Bhole acts: roll 1 die for it.",
    "event.bhole_rolled": "The Bhole's die shows {value}.",
    "event.bhole_moves": "The Bhole moves to {area:place}.",
    "event.bhole_stays": "The Bhole stays in {area:place}.",
    "event.bhole_moves_gate": "The Bhole moves to {area:place} and destroys the abandoned Gate there.",
    "event.bhole_moves_gate_unit": "The Bhole moves to {area:place} and destroys the Gate there; "
    "{faction:who}'s controlling unit is eliminated.",
    "event.bhole_stays_gate": "The Bhole destroys the abandoned Gate in {area:place}.",
    "event.bhole_stays_gate_unit": "The Bhole destroys the Gate in {area:place}; "
    "{faction:who}'s controlling unit is eliminated.",
    "event.bhole_returns": "A new Bhole appears in {area:place}.",
    "event.bhole_returns_gate": "A new Bhole appears in {area:place} and destroys the abandoned "
    "Gate there.",
    "event.bhole_returns_gate_unit": "A new Bhole appears in {area:place} and destroys the Gate "
    "there; {faction:who}'s controlling unit is eliminated.",
    "event.bhole_passion": "That unit counts as eliminated by an enemy ({faction:who}'s Passion).",
    "event.bhole_kills_yog": "The Bhole kills Yog-Sothoth in {area:place}: remove it from the map.",
    # Battle against the Bhole (D10, D12).
    "event.bhole_killed": "The Bhole is destroyed. A new one appears in {area:place} at the end "
    "of the next Doom Phase.",
    "event.bhole_pained": "The Bhole is Pained: move it to {area:place}.",
    "event.bhole_pain_ignored": "The Bhole is already in {area:place}: the Pain is ignored.",
    # End of the Doom Phase: the Zoogs (D14, D15, D17).
    "event.zoogs_roll": "Roll {n:dice} for the Zoogs off the map.",
    "event.zoogs_all_on_map": "All six Zoogs are on the map: no dice for them.",
    "event.zoogs_arrive": "{n:zoogs_arrive} at {area:place}.",
    "event.zoogs_arrive_abandon": "{n:zoogs_arrive} at {area:place}: {faction:who}'s Gate there "
    "is abandoned.",
    "event.zoogs_arrive_yog": "{n:zoogs_arrive} at {area:place}: Yog-Sothoth keeps its Gate there.",
    # Zoogs driven out (D18–D20).
    "event.zoogs_removed": "{n:zoogs_leave} {area:place}; removed Zoogs come back at the end of "
    "the next Doom Phase.",
    "event.zoogs_cleared": "No Zoog is left in {area:place}: its Gate may be controlled again.",
    # Yog-Sothoth (D6, D17).
    "event.yog_moves": "Yog-Sothoth stands in {area:place}.",
    "event.yog_off_map": "Yog-Sothoth is off the map.",
    "event.yog_leaves_gate": "Yog-Sothoth no longer controls the Gate in {area:place}; if no "
    "other unit of {faction:who} there takes it, report it abandoned.",
    "event.yog_leaves_gate_zoogs": "Yog-Sothoth no longer controls the Gate in {area:place}: "
    "with Zoogs there it is abandoned.",
    # The Citadel victory (D5, D6).
    "event.citadel_victory": "{faction:who} controls the Gates of all four {board:board} "
    "Citadels and wins the game!",
    "event.citadel_victory_yog": "Yog-Sothoth stands in {area:place} and {faction:who} controls "
    "the Gates of the other three {board:board} Citadels: {faction:who} wins the game!",
    # Reference cards the screen may show (D10, D11, D13, D18).
    "card.bhole": "The Bhole: a Terror of combat 6; cost 0, no spellbooks, no Doom, no Power. "
    "One Kill destroys it; a Pain sends it to the Vale of Pnath (ignored if it is there). "
    "Spellbooks and abilities in its Battle affect only their user's own units; Crawling "
    "Chaos's Madness is ignored.",
    "card.zoogs": "Zoogs: Monsters of combat 0 that roll no dice. Each Kill kills one; each Pain "
    "removes one and Pains one of the attacker's own units (not a Kill; not with Windwalker's "
    "Howl). Kills before Pains. Nothing may retreat into an Area with Zoogs.",
    # Refusals (RulesError puts the rule id in front).
    "error.zoogs_block_gate": "{n:zoogs} in {area:place}: nobody may control its Gate until "
    "they are driven out (Yog-Sothoth excepted).",
    "error.yog_not_there": "Yog-Sothoth is not in {area:place}: report where it stands first.",
    "error.no_opener": "Yog-Sothoth belongs to Opener of the Way, who is not playing.",
    "error.bhole_not_on_map": "the Bhole was killed; a new one appears at the end of the next "
    "Doom Phase.",
    "error.battle_action_only": "a Battle is an Action: only in the Action Phase.",
    "error.zoogs_count": "say how many Zoogs leave: at least 1, not {count}.",
    "error.no_zoogs_there": "there are no Zoogs in {area:place}.",
    "error.zoogs_too_many": "only {n:zoogs} in {area:place}, not {count}.",
}

# The events that tell the table to change the board (the screen never drops one).
BOARD = frozenset(
    f"event.{key}"
    for key in (
        "bhole_moves", "bhole_moves_gate", "bhole_moves_gate_unit", "bhole_stays_gate",
        "bhole_stays_gate_unit", "bhole_returns", "bhole_returns_gate", "bhole_returns_gate_unit",
        "bhole_kills_yog", "bhole_killed", "bhole_pained", "zoogs_arrive", "zoogs_arrive_abandon",
        "zoogs_arrive_yog", "zoogs_removed",
    )
)  # fmt: skip

JA: dict[str, str] = {
    **_citadel_names("ja"),
    "zoogs_arrive.one": "ズーグ{n}体",
    "zoogs_arrive.other": "ズーグ{n}体",
    "zoogs_leave.one": "ズーグ{n}体",
    "zoogs_leave.other": "ズーグ{n}体",
    "event.bhole_roll": "破滅フェイズが終了し、ブホールが活性化する：ダイスを1個ロールする。",
    "event.bhole_rolled": "ブホールのダイスの目は{value}。",
    "event.bhole_moves": "ブホールは{area:place}へ移動する。",
    "event.bhole_stays": "ブホールは{area:place}に留まる。",
    "event.bhole_moves_gate": "ブホールは{area:place}へ移動し、そこの放棄されたゲートを破壊する。",
    "event.bhole_moves_gate_unit": "ブホールは{area:place}へ移動し、そこのゲートを破壊する。"
    "{faction:faction}の支配ユニットは除去される。",
    "event.bhole_stays_gate": "ブホールは{area:place}の放棄されたゲートを破壊する。",
    "event.bhole_stays_gate_unit": "ブホールは{area:place}のゲートを破壊する。"
    "{faction:faction}の支配ユニットは除去される。",
    "event.bhole_returns": "新たなブホールが{area:place}に現れる。",
    "event.bhole_returns_gate": "新たなブホールが{area:place}に現れ、そこの放棄されたゲートを破壊する。",
    "event.bhole_returns_gate_unit": "新たなブホールが{area:place}に現れ、そこのゲートを破壊する。"
    "{faction:faction}の支配ユニットは除去される。",
    "event.bhole_passion": "この除去は敵による除去とみなす（{faction:faction}の受難）。",
    "event.bhole_kills_yog": "ブホールは{area:place}のヨグ＝ソトースを殺害する：マップから除去する。",
    "event.bhole_killed": "ブホールは破壊された。次の破滅フェイズの終了時に新たなブホールが"
    "{area:place}に現れる。",
    "event.bhole_pained": "ブホールは痛撃を受けた：{area:place}へ移動させる。",
    "event.bhole_pain_ignored": "ブホールはすでに{area:place}にいる：痛撃は無視される。",
    "event.zoogs_roll": "盤外のズーグのために{n:dice}をロールする。",
    "event.zoogs_all_on_map": "ズーグ6体はすべてマップ上にいる：ロールはない。",
    "event.zoogs_arrive": "{area:place}に{n:zoogs_arrive}が現れる。",
    "event.zoogs_arrive_abandon": "{area:place}に{n:zoogs_arrive}が現れる：そこの{faction:faction}の"
    "ゲートは放棄される。",
    "event.zoogs_arrive_yog": "{area:place}に{n:zoogs_arrive}が現れる：ヨグ＝ソトースはそこのゲートを"
    "支配し続ける。",
    "event.zoogs_removed": "{area:place}から{n:zoogs_leave}が去る。除去されたズーグは次の破滅フェイズの"
    "終了時に戻ってくる。",
    "event.zoogs_cleared": "{area:place}にズーグはいなくなった：そのゲートを再び支配できる。",
    "event.yog_moves": "ヨグ＝ソトースは{area:place}にいる。",
    "event.yog_off_map": "ヨグ＝ソトースはマップ上にいない。",
    "event.yog_leaves_gate": "ヨグ＝ソトースは{area:place}のゲートを支配しなくなった。そこにいる"
    "{faction:faction}の他のユニットが支配しなければ、放棄されたと報告する。",
    "event.yog_leaves_gate_zoogs": "ヨグ＝ソトースは{area:place}のゲートを支配しなくなった："
    "ズーグがいるのでゲートは放棄される。",
    "event.citadel_victory": "{faction:faction}が{board:board}の4つの堅砦すべてのゲートを支配し、"
    "勝利する！",
    "event.citadel_victory_yog": "ヨグ＝ソトースが{area:place}にいて、{faction:faction}が{board:board}の"
    "残り3つの堅砦のゲートを支配している：{faction:faction}の勝利！",
    "card.bhole": "ブホール：戦闘力6の戦慄するもの。コスト0、魔術書・破滅ポイント・魔力なし。"
    "殺害1つで破壊され、痛撃でナスの谷へ移動する（すでにいれば無視）。その戦闘での魔術書や"
    "特殊能力の効果は使用者自身のユニットにのみ適用される。這い寄る混沌の狂気は無視する。",
    "card.zoogs": "ズーグ：戦闘力0のモンスターで、戦闘ダイスはロールしない。殺害1つにつき1体を殺害。"
    "痛撃1つにつき1体を除去し、攻撃側のユニット1体も痛撃を受ける（殺害ではない。風に乗りて歩むものの"
    "咆哮では受けない）。殺害を先に適用する。ズーグのいるエリアへは撤退できない。",
    "error.zoogs_block_gate": "{area:place}に{n:zoogs}がいる：追い払うまでそのゲートは誰も支配できない"
    "（ヨグ＝ソトースを除く）。",
    "error.yog_not_there": "ヨグ＝ソトースは{area:place}にいない：先にその位置を報告してください。",
    "error.no_opener": "ヨグ＝ソトースは道を開くもののユニットだが、道を開くものは参加していない。",
    "error.bhole_not_on_map": "ブホールは破壊されている：次の破滅フェイズの終了時に新たに現れる。",
    "error.battle_action_only": "戦闘はアクション：アクションフェイズのみ。",
    "error.zoogs_count": "去るズーグの数は1以上です（{count}ではありません）。",
    "error.no_zoogs_there": "{area:place}にズーグはいない。",
    "error.zoogs_too_many": "{area:place}には{n:zoogs}しかいない（{count}体ではない）。",
}
