"""Words the Shadows over Normandie screen says: the legend's moves, the terrain key, the turn."""

from __future__ import annotations

from rules.text import Words

EN: dict[str, str] = {
    "nz_web.zoom": "Tap to zoom in or out",
    "nz_device.tiles_legend": "Tiles from the top left: {tiles:list}",
    "nz_device.side_letter.sons_of_cthulhu": "S",
    "nz_device.side_letter.black_sun": "B",
    "nz_device.side_letter.majestic": "M",
    "nz_device.kinds": "● infantry ━ vehicle ◆ Mythos ▲ Master ■ Zombies",
    "nz_device.terrain_key.impassable": "impassable",
    "nz_device.terrain_key.grave": "† Mass Grave",
    "nz_device.terrain_key.grave_x1": "⊕ Mass Grave X1 (used once)",
    "nz_device.turn": "Turn {n}",
    "nz_device.turn_of": "Turn {n}/{limit}",
    "nz_device.phase.setup": "Setup",
    "nz_device.phase.orders": "Orders",
    "nz_device.phase.zombies": "Zombies",
    "nz_device.phase.activation": "Activation",
    "nz_device.phase.supply": "Supply",
    "nz_device.legend.running": "Zombies phase: each Zombie's move",
    "nz_device.legend.lookahead": "If the Zombies phase began now",
    "nz_device.legend.last": "Last Zombies phase",
    "nz_device.planned": "next:",
    "nz_device.made": "done:",
    "nz_device.now": "now:",
    "nz_device.empty": "",
    "nz_device.move.walks": "{zombie} {start} → {end}, toward {target} at {space}{tie}",
    "nz_device.move.waits": "{zombie} stays at {start}, after {target} at {space}{tie}",
    "nz_device.move.assaults": (
        "{zombie} {start} → {end}, then assaults {target} at {space} with +{bonus}{rage}{tie}"
    ),
    "nz_device.move.assaults_here": (
        "{zombie} at {start} assaults {target} at {space} with +{bonus}{rage}{tie}"
    ),
    "nz_device.move.no_prey": "{zombie} at {start}: no infantry in reach, stays",
    "nz_device.move.paralysed": "{zombie} at {start}: paralysed, stays",
    "nz_device.move.rage": " and Rage +2",
    "nz_device.move.tie": " (a tie: you choose)",
    "nz_device.bag": "Zombies bag: {n:nz_tokens}",
    "nz_device.winner": "Victory for {side}",
    "nz_device.over": "The battle is over",
    "nz_device.phase.next": "Go on to: {phase}?",
    "nz_device.window": (
        "Shown: {first_col}–{last_col} × {first_row}–{last_row} of A–{end_col} × 1–{end_row}"
    ),
}

JA: dict[str, str] = {
    "nz_device.side_letter.sons_of_cthulhu": "ク",
    "nz_device.side_letter.black_sun": "黒",
    "nz_device.side_letter.majestic": "マ",
    "nz_device.kinds": "●歩兵 ━車両 ◆神話生物 ▲死者の主 ■ゾンビ",
    "nz_device.terrain_key.impassable": "通行不能",
    "nz_device.terrain_key.grave": "†集団墓地",
    "nz_device.terrain_key.grave_x1": "⊕X1の集団墓地（1回限り）",
    "nz_device.turn": "ターン{n}",
    "nz_device.turn_of": "ターン{n}/{limit}",
    "nz_device.phase.setup": "準備",
    "nz_device.phase.orders": "命令",
    "nz_device.phase.zombies": "ゾンビ",
    "nz_device.phase.activation": "起動",
    "nz_device.phase.supply": "補給",
    "nz_device.legend.running": "ゾンビフェイズ：各ゾンビの移動",
    "nz_device.legend.lookahead": "今ゾンビフェイズを始めると",
    "nz_device.legend.last": "前回のゾンビフェイズ",
    "nz_device.planned": "次：",
    "nz_device.made": "済：",
    "nz_device.now": "今：",
    "nz_device.empty": "",
    "nz_device.move.walks": "{zombie} {start}→{end}、{space}の{target}へ向かう{tie}",
    "nz_device.move.waits": "{zombie}は{start}に留まり、{space}の{target}を狙う{tie}",
    "nz_device.move.assaults": (
        "{zombie} {start}→{end}、{space}の{target}に+{bonus}で突撃{rage}{tie}"
    ),
    "nz_device.move.assaults_here": "{start}の{zombie}が{space}の{target}に+{bonus}で突撃{rage}{tie}",
    "nz_device.move.no_prey": "{start}の{zombie}：届く歩兵なし、留まる",
    "nz_device.move.paralysed": "{start}の{zombie}：麻痺、留まる",
    "nz_device.move.rage": "、激怒+2",
    "nz_device.move.tie": "（同距離：選んでください）",
    "nz_device.bag": "ゾンビ袋：{n:nz_tokens}",
    "nz_device.winner": "{side}の勝利",
    "nz_device.over": "戦闘終了",
    "nz_device.phase.next": "{phase}へ進む？",
    "nz_web.zoom": "タップで拡大・縮小",
    "nz_device.tiles_legend": "タイル（左上から）：{tiles:list}",
    "nz_device.window": (
        "表示：{first_col}〜{last_col}×{first_row}〜{last_row}（全体 A〜{end_col}×1〜{end_row}）"
    ),
}

WORDS = Words("normandie.display", EN, JA)
