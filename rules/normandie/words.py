"""Catalogue section: normandie — Shadows over Normandie, the Zombies run by the companion.

Unit names the players type ("Rangers squad") and space names ("C5") are shown as
entered in both languages: a player matches them against the board.
"""

from __future__ import annotations

_NAMES_EN: dict[str, str] = {
    "normandie.side.sons_of_cthulhu": "the Sons of Cthulhu",
    "normandie.side.black_sun": "the Black Sun",
    "normandie.side.majestic": "Majestic",
    "normandie.side.none": "nobody",
    "normandie.kind.infantry": "infantry",
    "normandie.kind.vehicle": "vehicle",
    "normandie.kind.mythos": "Mythos creature",
    "normandie.kind.master": "Master of the dead",
    "normandie.kind.zombies": "Zombies",
    "normandie.mark.juggernaut": "Juggernaut (+2 defence)",
    "normandie.mark.faster": "Faster (+2 movement)",
    "normandie.mark.rage": "Rage (+2 Assault)",
    "normandie.unit.zombies": "Zombies {id}",
    "normandie.unit.named": "{name} ({id})",
    "normandie.unit.plain": "{side}'s {kind} {id}",
    "normandie.unit.gone": "unit {id}",
    "normandie.rage.on": ", and Rage adds +2 to its Assault",
    "normandie.rage.off": "",
    "nz_spaces.one": "{n} space",
    "nz_spaces.other": "{n} spaces",
    "nz_life_points.one": "{n} life point",
    "nz_suppressed.one": "{n} Suppressed token",
    "nz_suppressed.other": "{n} Suppressed tokens",
    "nz_life_points.other": "{n} life points",
}

_NAMES_JA: dict[str, str] = {
    "normandie.side.sons_of_cthulhu": "クトゥルフの息子たち",
    "normandie.side.black_sun": "黒い太陽",
    "normandie.side.majestic": "マジェスティック",
    "normandie.side.none": "誰でもない",
    "normandie.kind.infantry": "歩兵",
    "normandie.kind.vehicle": "車両",
    "normandie.kind.mythos": "神話生物",
    "normandie.kind.master": "死者の主",
    "normandie.kind.zombies": "ゾンビ",
    "normandie.mark.juggernaut": "ジャガーノート（防御+2）",
    "normandie.mark.faster": "俊足（移動+2）",
    "normandie.mark.rage": "激怒（突撃+2）",
    "normandie.unit.zombies": "ゾンビ {id}",
    "normandie.unit.named": "{name}（{id}）",
    "normandie.unit.plain": "{side}の{kind} {id}",
    "normandie.unit.gone": "ユニット {id}",
    "normandie.rage.on": "。激怒により突撃+2",
    "normandie.rage.off": "",
    "nz_spaces.one": "{n}マス",
    "nz_spaces.other": "{n}マス",
    "nz_life_points.one": "生命点{n}",
    "nz_suppressed.one": "{n}個",
    "nz_suppressed.other": "{n}個",
    "nz_life_points.other": "生命点{n}",
}

_EVENTS_EN: dict[str, str] = {
    "event.normandie.new_battle": "A new battle on a battlefield of {columns} × {rows} spaces.",
    "event.normandie.placed": "{unit} is placed at {space}.",
    "event.normandie.moved": "{unit} now stands at {space}.",
    "event.normandie.turn": "Turn {turn} begins: the Order Phase.",
    "event.normandie.supply": "Turn {turn}: the Supply Phase.",
    "event.normandie.zombies_phase": "Turn {turn}: the Activation Phase opens with the Zombies.",
    "event.normandie.order": "The Zombies activate in this order: {order:list}.",
    "event.normandie.moves": "{zombie} moves {n:nz_spaces} to {to} toward {target} at {space}.",
    "event.normandie.stays": "{zombie} stays at {to}; it is after {target} at {space}.",
    "event.normandie.assaults": (
        "{zombie} moves {n:nz_spaces} to {to} and assaults {target} at {space} with +{bonus}{rage}."
    ),
    "event.normandie.assaults_in_place": (
        "{zombie} assaults {target} at {space} from {to} with +{bonus}{rage}."
    ),
    "event.normandie.no_prey": "{zombie} at {space} has no infantry unit it can reach and stays.",
    "event.normandie.paralysed": "{zombie} at {space} is paralysed and does not move.",
    "event.normandie.zombies_done": (
        "Every Zombies unit has activated; the Activation Phase goes on as usual."
    ),
    "event.normandie.assault_roll": "Zombies {zombie} rolls {roll} +{bonus} = {total}.",
    "event.normandie.eliminated": "{unit} is eliminated.",
    "event.normandie.back_in_bag": "Zombies {zombie} goes back into the Zombies bag.",
    "event.normandie.points": "{points} points for {player}, {total} in all.",
    "event.normandie.wounded": "{unit} loses {n:nz_life_points}; {left} left.",
    "event.normandie.initiative": "{player} has the initiative.",
    "event.normandie.suppressed": "{unit} now has {count:nz_suppressed}.",
    "event.normandie.controlled": "{master} gives an Order to {zombie}, which acts as a regular unit.",
    "event.normandie.create": (
        "{master} creates Zombies at Mass Grave {grave} and takes a Suppressed token: "
        "draw a Zombies token from the bag."
    ),
    "event.normandie.grave_used_up": "Mass Grave {grave} (X1) is discarded.",
    "event.normandie.serum": (
        "{unit} uses a Reanimator serum ({left} left): draw a Zombies token from the bag."
    ),
    "event.normandie.drawn": "{zombie} comes out of the bag at {space}.",
    "event.normandie.dart": "{unit} darts {zombie}: {mark} for the rest of the game.",
    "event.normandie.bound": "{caster} casts Bind Zombies: {zombie} is paralysed.",
    "event.normandie.derleth_captured": (
        "Erghöl Derleth is captured in turn {turn}: victory for {winner}."
    ),
    "event.normandie.derleth_freed": "Erghöl Derleth is freed in turn {turn}: victory for {winner}.",
    "event.normandie.time_up": "The last turn is over: victory for {winner}.",
    "event.normandie.most_points": "The last turn is over: victory for {winner}, with the most points.",
    "event.normandie.points_tie": "The last turn is over: {players:list} tie on points.",
    "event.normandie.last_turn": "The battle is over.",
}

_EVENTS_JA: dict[str, str] = {
    "event.normandie.new_battle": "新しい戦闘：戦場は{columns}×{rows}マス。",
    "event.normandie.placed": "{unit}を{space}に配置。",
    "event.normandie.moved": "{unit}は{space}にいる。",
    "event.normandie.turn": "ターン{turn}開始：命令フェイズ。",
    "event.normandie.supply": "ターン{turn}：補給フェイズ。",
    "event.normandie.zombies_phase": "ターン{turn}：起動フェイズはゾンビから始まる。",
    "event.normandie.order": "ゾンビの起動順：{order:list}。",
    "event.normandie.moves": "{zombie}は{n:nz_spaces}移動して{to}へ。{space}の{target}を目指す。",
    "event.normandie.stays": "{zombie}は{to}に留まる。{space}の{target}を狙っている。",
    "event.normandie.assaults": (
        "{zombie}は{n:nz_spaces}移動して{to}へ。{space}の{target}に+{bonus}で突撃{rage}。"
    ),
    "event.normandie.assaults_in_place": (
        "{zombie}は{to}から{space}の{target}に+{bonus}で突撃{rage}。"
    ),
    "event.normandie.no_prey": "{space}の{zombie}は到達できる歩兵ユニットがなく、動かない。",
    "event.normandie.paralysed": "{space}の{zombie}は麻痺しており、動かない。",
    "event.normandie.zombies_done": "全ゾンビが起動した。起動フェイズを通常どおり続ける。",
    "event.normandie.assault_roll": "ゾンビ {zombie}の出目{roll}+{bonus}＝{total}。",
    "event.normandie.eliminated": "{unit}は除去された。",
    "event.normandie.back_in_bag": "ゾンビ {zombie}はゾンビ袋に戻る。",
    "event.normandie.points": "{player}は{points}点を得る（合計{total}点）。",
    "event.normandie.wounded": "{unit}は{n:nz_life_points}を失う。残り{left}。",
    "event.normandie.initiative": "{player}がイニシアチブを持つ。",
    "event.normandie.suppressed": "{unit}の制圧トークンは{count:nz_suppressed}。",
    "event.normandie.controlled": "{master}が{zombie}に命令を与える。通常のユニットとして行動する。",
    "event.normandie.create": (
        "{master}が集団墓地{grave}でゾンビを生み出し、制圧トークンを受ける。"
        "ゾンビ袋からトークンを1枚引くこと。"
    ),
    "event.normandie.grave_used_up": "集団墓地{grave}（X1）は捨て札になる。",
    "event.normandie.serum": (
        "{unit}が蘇生血清を使う（残り{left}）。ゾンビ袋からトークンを1枚引くこと。"
    ),
    "event.normandie.drawn": "{zombie}が袋から出て{space}に現れる。",
    "event.normandie.dart": "{unit}が{zombie}に血清ダーツを撃つ：ゲーム終了まで{mark}。",
    "event.normandie.bound": "{caster}がゾンビ束縛を唱える：{zombie}は麻痺した。",
    "event.normandie.derleth_captured": "ターン{turn}にエルグール・ダーレスが捕らえられた：{winner}の勝利。",
    "event.normandie.derleth_freed": "ターン{turn}にエルグール・ダーレスが解放された：{winner}の勝利。",
    "event.normandie.time_up": "最終ターンが終わった：{winner}の勝利。",
    "event.normandie.most_points": "最終ターンが終わった：最多得点の{winner}の勝利。",
    "event.normandie.points_tie": "最終ターンが終わった：{players:list}が同点。",
    "event.normandie.last_turn": "戦闘終了。",
}

_ERRORS_EN: dict[str, str] = {
    "error.normandie.tiles": (
        "A battlefield of {columns} × {rows} tiles cannot be: use 1 to {most} tiles each way."
    ),
    "error.normandie.bad_space": "{space} is not a space name: write a column letter and a row, like C5.",
    "error.normandie.off_board": "{space} is off the battlefield, which runs from A1 to {last}.",
    "error.normandie.impassable": "{space} is impassable: no unit can stand there.",
    "error.normandie.unknown_side": "{player} is not a side of this game: use {sides:list}.",
    "error.normandie.players": "{players:list}: name two or three different sides.",
    "error.normandie.not_a_player": "{player} is not playing in this battle.",
    "error.normandie.chapter": "There is no Chapter {chapter}: the pack has Chapters 1, 2 and 3.",
    "error.normandie.chapter_sides": "Chapter {chapter} is played by {sides:list}.",
    "error.normandie.chapter_initiative": "In Chapter {chapter} {player} has the initiative.",
    "error.normandie.derleth_needed": "Chapter 1 needs the id Erghöl Derleth's unit will have.",
    "error.normandie.door_needed": "Chapter 2 needs the red space beside the jail door.",
    "error.normandie.movement": (
        "{unit} cannot have a movement of {movement}: it must be 0 to {most}."
    ),
    "error.normandie.movement_needed": "{unit} needs its movement value.",
    "error.normandie.grave_spaces": "Mass Grave {grave} needs at least one space.",
    "error.normandie.gear_count": "{player} cannot have {count} tokens of one option: 0 to 3.",
    "error.normandie.unknown_kind": "{kind} is not a kind of unit: use {kinds:list}.",
    "error.normandie.already_placed": "{unit} is already on the battlefield.",
    "error.normandie.space_taken": "{space} is taken by {unit}.",
    "error.normandie.not_in_bag": "{token} is not in the Zombies bag (in the bag: {bag:list}).",
    "error.normandie.zombies_fields": (
        "Zombies {unit} belongs to nobody and takes its movement from its token."
    ),
    "error.normandie.owner": "{unit} needs an owner: {players:list}.",
    "error.normandie.worth": "{unit}: worth must be 1 to 10 and life points 1 to 20.",
    "error.normandie.no_second_summoning": (
        "{unit} was a summoned creature and was eliminated: it cannot be summoned again."
    ),
    "error.normandie.battle_running": "A battle is already under way.",
    "error.normandie.no_battle": "Start a battle first.",
    "error.normandie.not_normandie": "{type} is not a Shadows over Normandie command.",
    "error.normandie.over": "The battle is over.",
    "error.normandie.pending": "The game waits for {wanted}, not {got}.",
    "rule.setup": "Setup",
    "rule.pending": "Waiting",
    "rule.tiles": "Map tiles",
    "rule.chapter1": "Chapter 1",
    "rule.chapter2": "Chapter 2",
    "rule.chapter3": "Chapter 3",
    "error.normandie.nothing_pending": "Nothing waits for {got} now.",
    "error.normandie.order": "The order must name each of these Zombies once: {order:list}.",
    "error.normandie.not_a_candidate": (
        "{unit} is not one of the closest infantry units: choose {candidates:list}."
    ),
    "error.normandie.die": "{roll} is not on a six-sided die.",
    "error.normandie.assault_losers": "Only {units:list} fought in this Assault.",
    "error.normandie.no_such_unit": "There is no unit {unit} on the battlefield.",
    "error.normandie.not_zombies": "{unit} is not a Zombies unit.",
    "error.normandie.not_master": "{unit} is not a Master of the dead.",
    "error.normandie.only_in_orders": "That is done in the Order Phase.",
    "error.normandie.only_in_activation": "That is done in the Activation Phase.",
    "error.normandie.master_busy": "{master} has already given an Order to a Zombies unit.",
    "error.normandie.zombie_taken": "{zombie} already has an Order from {master}.",
    "error.normandie.no_such_grave": "There is no Mass Grave {grave}.",
    "error.normandie.not_at_grave": "{master} is not at Mass Grave {grave}.",
    "error.normandie.suppressed": "{master} has a Suppressed token and cannot create Zombies.",
    "error.normandie.bag_empty": "The Zombies bag is empty: no Zombies can be created.",
    "error.normandie.no_room": "There is no free space to place a Zombies unit near {unit}.",
    "error.normandie.draw_space": "{space} is not allowed here: place it at {spaces:list}.",
    "error.normandie.no_serum": "{player} has no Reanimator serum left.",
    "error.normandie.no_darts": "{player} has no Serum dart gun token left.",
    "error.normandie.no_gear": "{unit}'s army did not take that option.",
    "error.normandie.unknown_mark": "{mark} is not a Serum dart: use {marks:list}.",
    "error.normandie.already_marked": "{zombie} is already marked {mark}.",
    "error.normandie.out_of_range": "{zombie} is {spaces} spaces away; the dart gun reaches {most}.",
    "error.normandie.zombie_caster": "{unit} is a Zombies unit and casts no spells.",
    "error.normandie.not_paralysed": (
        "{zombie} is not paralysed: resolve the melee with the regular Assault rules."
    ),
    "error.normandie.no_life_points": "{unit} has no life points to lose.",
    "error.normandie.life_points": "{unit} has {left} life points left: it can lose 1 to {left}.",
    "error.normandie.negative": "{count} tokens cannot be: 0 or more.",
}

_ERRORS_JA: dict[str, str] = {
    "error.normandie.tiles": "{columns}×{rows}タイルの戦場は作れない。各方向1〜{most}タイル。",
    "error.normandie.bad_space": "{space}はマスの名前ではない。C5のように列の文字と行の数字で書くこと。",
    "error.normandie.off_board": "{space}は戦場の外。戦場はA1から{last}まで。",
    "error.normandie.impassable": "{space}は通行不能。ユニットは置けない。",
    "error.normandie.unknown_side": "{player}はこのゲームの陣営ではない。{sides:list}のいずれか。",
    "error.normandie.players": "{players:list}：異なる陣営を2つか3つ指定すること。",
    "error.normandie.not_a_player": "{player}はこの戦闘に参加していない。",
    "error.normandie.chapter": "第{chapter}章はない。第1、2、3章のいずれか。",
    "error.normandie.chapter_sides": "第{chapter}章は{sides:list}で遊ぶ。",
    "error.normandie.chapter_initiative": "第{chapter}章では{player}がイニシアチブを持つ。",
    "error.normandie.derleth_needed": "第1章ではエルグール・ダーレスのユニットIDが必要。",
    "error.normandie.door_needed": "第2章では牢の扉の隣の赤いマスが必要。",
    "error.normandie.movement": "{unit}の移動力を{movement}にはできない。0〜{most}。",
    "error.normandie.movement_needed": "{unit}の移動力が必要。",
    "error.normandie.grave_spaces": "集団墓地{grave}には1マス以上が必要。",
    "error.normandie.gear_count": "{player}は1つのオプションのトークンを{count}個持てない。0〜3個。",
    "error.normandie.unknown_kind": "{kind}というユニットの種類はない。{kinds:list}のいずれか。",
    "error.normandie.already_placed": "{unit}はすでに戦場にいる。",
    "error.normandie.space_taken": "{space}には{unit}がいる。",
    "error.normandie.not_in_bag": "{token}はゾンビ袋にない（袋の中：{bag:list}）。",
    "error.normandie.zombies_fields": "ゾンビ {unit}は誰にも属さず、移動力はトークンで決まる。",
    "error.normandie.owner": "{unit}には所有者が必要：{players:list}。",
    "error.normandie.worth": "{unit}：価値は1〜10、生命点は1〜20。",
    "error.normandie.no_second_summoning": "{unit}は除去された召喚クリーチャーなので、再び召喚できない。",
    "error.normandie.battle_running": "すでに戦闘が進行中。",
    "error.normandie.no_battle": "まず戦闘を始めること。",
    "error.normandie.not_normandie": "{type}はShadows over Normandieのコマンドではない。",
    "error.normandie.over": "戦闘は終わっている。",
    "error.normandie.pending": "{got}ではなく{wanted}を待っている。",
    "rule.setup": "準備",
    "rule.pending": "応答待ち",
    "rule.tiles": "タイル",
    "rule.chapter1": "第1章",
    "rule.chapter2": "第2章",
    "rule.chapter3": "第3章",
    "error.normandie.nothing_pending": "今は{got}を待っていない。",
    "error.normandie.order": "起動順には次のゾンビを1回ずつ入れること：{order:list}。",
    "error.normandie.not_a_candidate": "{unit}は最も近い歩兵ユニットではない。{candidates:list}から選ぶこと。",
    "error.normandie.die": "{roll}は6面ダイスの目ではない。",
    "error.normandie.assault_losers": "この突撃で戦ったのは{units:list}だけ。",
    "error.normandie.no_such_unit": "戦場にユニット{unit}はいない。",
    "error.normandie.not_zombies": "{unit}はゾンビユニットではない。",
    "error.normandie.not_master": "{unit}は死者の主ではない。",
    "error.normandie.only_in_orders": "それは命令フェイズに行う。",
    "error.normandie.only_in_activation": "それは起動フェイズに行う。",
    "error.normandie.master_busy": "{master}はすでにゾンビユニットに命令を与えている。",
    "error.normandie.zombie_taken": "{zombie}はすでに{master}から命令を受けている。",
    "error.normandie.no_such_grave": "集団墓地{grave}はない。",
    "error.normandie.not_at_grave": "{master}は集団墓地{grave}にいない。",
    "error.normandie.suppressed": "{master}は制圧トークンを持っているのでゾンビを生み出せない。",
    "error.normandie.bag_empty": "ゾンビ袋は空。ゾンビは生み出せない。",
    "error.normandie.no_room": "{unit}の近くにゾンビを置ける空きマスがない。",
    "error.normandie.draw_space": "{space}には置けない。{spaces:list}のいずれかに置くこと。",
    "error.normandie.no_serum": "{player}に蘇生血清は残っていない。",
    "error.normandie.no_darts": "{player}に血清ダーツ銃のトークンは残っていない。",
    "error.normandie.no_gear": "{unit}の軍はそのオプションを持っていない。",
    "error.normandie.unknown_mark": "{mark}という血清ダーツはない。{marks:list}のいずれか。",
    "error.normandie.already_marked": "{zombie}にはすでに{mark}がある。",
    "error.normandie.out_of_range": "{zombie}は{spaces}マス先。ダーツ銃の射程は{most}マス。",
    "error.normandie.zombie_caster": "{unit}はゾンビユニットなので呪文を唱えない。",
    "error.normandie.not_paralysed": "{zombie}は麻痺していない。通常の突撃ルールで白兵戦を解決すること。",
    "error.normandie.no_life_points": "{unit}には失う生命点がない。",
    "error.normandie.life_points": "{unit}の生命点は残り{left}。失えるのは1〜{left}。",
    "error.normandie.negative": "トークン{count}個はありえない。0個以上。",
}

# What "Undone: …" names, for each command of this game.
_COMMANDS_EN = {
    "nz_new_battle": "the new battle",
    "nz_place_unit": "the unit placed",
    "nz_move_unit": "the unit moved",
    "nz_eliminate": "the elimination",
    "nz_wound": "the wound",
    "nz_initiative": "the initiative",
    "nz_suppressed": "the Suppressed token",
    "nz_next_phase": "the phase change",
    "nz_order": "the Zombies' order",
    "nz_choose_target": "the target chosen",
    "nz_assault": "the Assault roll",
    "nz_control": "the Master's control",
    "nz_create": "the Zombies created",
    "nz_serum": "the serum used",
    "nz_draw": "the bag draw",
    "nz_dart": "the dart",
    "nz_bind": "Bind Zombies",
    "nz_engage": "the melee",
}
_COMMANDS_JA = {
    "nz_new_battle": "新しい戦闘",
    "nz_place_unit": "ユニットの配置",
    "nz_move_unit": "ユニットの移動",
    "nz_eliminate": "除去",
    "nz_wound": "負傷",
    "nz_initiative": "イニシアチブ",
    "nz_suppressed": "制圧トークン",
    "nz_next_phase": "フェイズの進行",
    "nz_order": "ゾンビの順番",
    "nz_choose_target": "目標の選択",
    "nz_assault": "強襲のロール",
    "nz_control": "死者の主の支配",
    "nz_create": "ゾンビの生成",
    "nz_serum": "血清の使用",
    "nz_draw": "袋からの引き",
    "nz_dart": "ダート",
    "nz_bind": "ゾンビ束縛",
    "nz_engage": "白兵戦",
}

# The words of the nz_terrain command (rules/normandie/terrain.py).
_TERRAIN_EN: dict[str, str] = {
    "event.normandie.terrain_open": "{space} is open ground.",
    "event.normandie.terrain_impassable": "{space} is impassable.",
    "event.normandie.terrain_grave": "{space} bears the Mass Grave symbol (Mass Grave {grave}).",
    "event.normandie.terrain_grave_x1": (
        "{space} bears the Mass Grave symbol marked X1 (Mass Grave {grave}, used once)."
    ),
    "error.normandie.terrain_phase": "Terrain is entered during setup, before turn 1.",
    "error.normandie.terrain_kind": (
        "{terrain} is not a terrain: use open, impassable or mass_grave."
    ),
    "error.normandie.terrain_same": "{space} is already like that.",
    "error.normandie.terrain_grave_id": "A Mass Grave at {space} needs an id.",
    "error.normandie.terrain_grave_fields": (
        "A grave id and X1 go only with a Mass Grave, not at {space}."
    ),
    "error.normandie.terrain_door": (
        "{space} is the red space by the jail door: it cannot be impassable."
    ),
    "error.normandie.terrain_grave_x1": (
        "Mass Grave {grave} is {kind}: every space of one grave is marked alike."
    ),
    "command.nz_terrain": "the terrain mark",
    "normandie.grave_kind.x1": "marked X1",
    "normandie.grave_kind.permanent": "permanent",
}

_TERRAIN_JA: dict[str, str] = {
    "event.normandie.terrain_open": "{space}は開けた地形。",
    "event.normandie.terrain_impassable": "{space}は通行不能。",
    "event.normandie.terrain_grave": "{space}に集団墓地の印（集団墓地{grave}）。",
    "event.normandie.terrain_grave_x1": "{space}にX1の集団墓地の印（集団墓地{grave}、1回限り）。",
    "error.normandie.terrain_phase": "地形は準備中、ターン1の前に入力する。",
    "error.normandie.terrain_kind": "{terrain}は地形ではない：open、impassable、mass_graveのいずれか。",
    "error.normandie.terrain_same": "{space}はすでにその地形。",
    "error.normandie.terrain_grave_id": "{space}の集団墓地にはIDが必要。",
    "error.normandie.terrain_grave_fields": "墓地のIDとX1は集団墓地だけのもの（{space}）。",
    "error.normandie.terrain_door": "{space}は牢の扉の隣の赤いマス：通行不能にはできない。",
    "error.normandie.terrain_grave_x1": "集団墓地{grave}は{kind}：同じ墓地のマスはすべて同じ印。",
    "command.nz_terrain": "地形の指定",
    "normandie.grave_kind.x1": "X1",
    "normandie.grave_kind.permanent": "恒久",
}

# Z13: every way a Bind Zombies token leaves a Zombie, and the one way it does not.
_BIND_EN: dict[str, str] = {
    "event.normandie.bind_moved": "{caster} takes the Bind Zombies token off {zombie}.",
    "event.normandie.bind_discarded": (
        "Second Supply phase since the spell: discard the Bind Zombies token on {zombie}."
    ),
    "event.normandie.bind_with_zombie": "The Bind Zombies token on {zombie} is discarded with it.",
    "event.normandie.bind_stays": (
        "The Bind Zombies token {caster} cast stays on {zombie}: it still cannot move or fight."
    ),
    "event.normandie.bind_freed": "{zombie} can move and fight again.",
    "event.normandie.bind_still_held": "Another Bind Zombies token still paralyses {zombie}.",
}

_BIND_JA: dict[str, str] = {
    "event.normandie.bind_moved": "{caster}は{zombie}からゾンビ束縛トークンを外す。",
    "event.normandie.bind_discarded": "呪文から2回目の補給フェイズ：{zombie}のゾンビ束縛トークンを捨てる。",
    "event.normandie.bind_with_zombie": "{zombie}のゾンビ束縛トークンも一緒に捨てる。",
    "event.normandie.bind_stays": (
        "{caster}が置いたゾンビ束縛トークンは{zombie}に残る：移動も戦闘もできないまま。"
    ),
    "event.normandie.bind_freed": "{zombie}は再び移動も戦闘もできる。",
    "event.normandie.bind_still_held": "{zombie}は別のゾンビ束縛トークンでまだ麻痺している。",
}

# Map tiles and tile files (rules/normandie/tiles.py, tiles.md).
_TILES_EN: dict[str, str] = {
    "error.normandie.tile_name": (
        "{name} is not a tile name: letters, digits and . _ - only, up to 24, as printed (SoN-5-A)."
    ),
    "error.normandie.tile_place": (
        "{tile} lies at tile column {column}, row {row}: the battlefield has {columns} × {rows}"
        " tiles and one tile a place."
    ),
    "error.normandie.tile_twice": "{tile} is named twice: each printed tile is laid once.",
    "error.normandie.tile_turn": "{tile} can be turned 0 to 3 quarter turns.",
    "error.normandie.tile_square": "{square} is not a square of a tile: A1 to G7.",
    "error.normandie.tile_square_twice": "{square} is marked twice: a square has one terrain.",
    "error.normandie.tile_file_line": "line {line}: {why}",
}
_TILES_JA: dict[str, str] = {
    "error.normandie.tile_name": (
        "{name}はタイル名ではない。印刷どおり（SoN-5-A）英数字と . _ - のみ、24文字まで。"
    ),
    "error.normandie.tile_place": (
        "{tile}はタイルの{column}列{row}行目にある：戦場は{columns}×{rows}タイルで、1か所に1枚。"
    ),
    "error.normandie.tile_twice": "{tile}が2回ある：印刷されたタイルは1回だけ置ける。",
    "error.normandie.tile_turn": "{tile}の回転は0〜3回（90度ずつ）。",
    "error.normandie.tile_square": "{square}はタイルのマスではない：A1〜G7。",
    "error.normandie.tile_square_twice": "{square}が2回ある：1マスに地形は1つ。",
    "error.normandie.tile_file_line": "{line}行目：{why}",
}

# The events that tell the table to change the board (the screen never drops one).
BOARD = frozenset(
    f"event.normandie.{key}"
    for key in (
        "placed", "moves", "assaults", "eliminated", "back_in_bag", "drawn", "grave_used_up",
        "bind_moved", "bind_discarded", "bind_with_zombie",
    )
)  # fmt: skip

EN: dict[str, str] = {
    **_NAMES_EN,
    **_EVENTS_EN,
    **_ERRORS_EN,
    **_TERRAIN_EN,
    **_BIND_EN,
    **_TILES_EN,
    **{f"command.{k}": v for k, v in _COMMANDS_EN.items()},
}
JA: dict[str, str] = {
    **_NAMES_JA,
    **_EVENTS_JA,
    **_ERRORS_JA,
    **_TERRAIN_JA,
    **_BIND_JA,
    **_TILES_JA,
    **{f"command.{k}": v for k, v in _COMMANDS_JA.items()},
}
