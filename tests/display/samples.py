"""Key moments of a game as Views: for screenshots, tests and the benchmark.

States are written out in the public state JSON of rules/cthulhu_wars/JOURNAL.md, so they stand
for what the app hands over without depending on how it builds them. Prompt
sentences use the ``screen.sample.*`` catalogue keys (the app's real prompts live in
the ``prompts`` section).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from display.view import Choice, Hint, Prompt, Status, View
from rules.text import Text, Words, add_words, text, use_printed_names

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import CthulhuWarsStateJSON

FACTIONS_5 = ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign", "sleeper"]
TOMES = (
    "barrier_of_naach_tith",
    "guardian_under_the_lake",
    "larvae_of_the_outer_gods",
    "yr_and_the_nhhngr",
)
NAVIGATE = (
    Hint("up", text("screen.sample.hint_choose")),
    Hint("down", text("screen.sample.hint_choose")),
    Hint("ok", text("screen.sample.hint_confirm")),
    Hint("back", text("screen.sample.hint_cancel")),
    Hint("undo", text("screen.sample.hint_undo")),
)


def _tomes(**held: tuple[str, bool, bool]) -> dict[str, dict[str, Any]]:
    """All four Tomes in their slots, except ``tome=(holder, overdue, face_up)``."""
    found: dict[str, dict[str, Any]] = {
        t: {"holder": None, "overdue": False, "face_up": True} for t in TOMES
    }
    for tome, (holder, overdue, face_up) in held.items():
        found[tome] = {"holder": holder, "overdue": overdue, "face_up": face_up}
    return found


def _celaeno(**overrides: Any) -> CthulhuWarsStateJSON:
    state: dict[str, Any] = {
        "version": 1,
        "game": "cthulhu_wars",
        "map": "celaeno",
        "sides": {"upper": 5, "lower": 5},
        "round": 1,
        "phase": "action",
        "factions": FACTIONS_5,
        "silence": dict.fromkeys(FACTIONS_5, False),
        "tomes": _tomes(),
        "gates": {},
        "custodian": None,
        "librarian": None,
        "pending": None,
        "winner": None,
    }
    state.update(overrides)
    return cast("CthulhuWarsStateJSON", state)


def new_game() -> View:
    state = _celaeno(
        factions=FACTIONS_5[:3],
        silence=dict.fromkeys(FACTIONS_5[:3], False),
        sides={"upper": 3, "lower": 3},
    )
    prompt = Prompt(
        text("screen.sample.new_game"),
        hints=(
            Hint("phase", text("screen.sample.hint_next_phase")),
            Hint("left", text("screen.sample.hint_custodian")),
            Hint("right", text("screen.sample.hint_librarian")),
        ),
    )
    events = (
        text(
            "event.new_game",
            map=text("map.celaeno"),
            factions=[text(f"faction.{f}") for f in FACTIONS_5[:3]],
            boards=[text("floor.upper"), text("floor.lower")],
        ),
    )
    return View(state, _with_result(prompt, events), Status())


def doom_with_tokens() -> View:
    silence = {f: f != "black_goat" for f in FACTIONS_5}
    state = _celaeno(
        round=2,
        phase="doom",
        silence=silence,
        tomes=_tomes(guardian_under_the_lake=("yellow_sign", False, True)),
        gates={t: {"controller": None} for t in TOMES}
        | {"guardian_under_the_lake": {"controller": "yellow_sign"}},
    )
    prompt = Prompt(
        text("screen.sample.doom"), hints=(Hint("phase", text("screen.sample.hint_next_phase")),)
    )
    events = (
        text("event.phase", round=2, phase="doom"),
        text("event.silence_taken"),
        text("event.tome_taken", faction="yellow_sign", tome="guardian_under_the_lake"),
    )
    return View(state, _with_result(prompt, events), Status(reader="connected"))


def agony_split() -> View:
    pending = {
        "kind": "assign_agony",
        "monster": "custodian",
        "by": "yellow_sign",
        "area": "black_hall",
        "total": 3,
    }
    state = _celaeno(
        round=3,
        silence={**dict.fromkeys(FACTIONS_5, True), "yellow_sign": False},
        custodian="black_hall",
        pending=pending,
    )
    choices = (
        *(
            Choice(text("screen.sample.assign", faction=f, n=n), text("screen.sample.present", n=p))
            for f, n, p in (
                ("great_cthulhu", 0, 3),
                ("crawling_chaos", 2, 3),
                ("yellow_sign", 1, 1),
            )
        ),
        Choice(text("screen.sample.done")),
    )
    prompt = Prompt(
        text("screen.sample.split", faction="yellow_sign", n=3, area="black_hall"),
        choices,
        1,
        NAVIGATE,
    )
    events = (
        text("event.activate_stays", faction="yellow_sign", monster="custodian", area="black_hall"),
        text("event.agony_rolled_stayed", value=2, total=3),
    )
    return View(state, _with_result(prompt, events), Status(reader="connected"))


def librarian_payment() -> View:
    pending = {"kind": "satisfy", "faction": "great_cthulhu", "agony": 4}
    tomes = _tomes(
        guardian_under_the_lake=("great_cthulhu", True, True),
        larvae_of_the_outer_gods=("black_goat", True, False),
    )
    state = _celaeno(
        round=4,
        silence={**dict.fromkeys(FACTIONS_5, True), "sleeper": False},
        librarian="oubliette",
        tomes=tomes,
        pending=pending,
    )
    choices = (
        Choice(text("screen.sample.pay_units", n=1), text("screen.sample.of_units", n=4)),
        Choice(text("screen.sample.pay_doom", n=2)),
        Choice(text("screen.sample.pay_tome", tome="guardian_under_the_lake")),
        Choice(text("screen.sample.done"), enabled=False),
    )
    prompt = Prompt(
        text("screen.sample.satisfy", faction="great_cthulhu", n=4),
        choices,
        0,
        NAVIGATE,
        result=text("screen.sample.result_roll", n=4),
    )
    return View(
        state,
        prompt,
        Status(reader="connected", rejected=1, last_rejected=text("screen.sample.misread")),
    )


def tomes_overdue() -> View:
    tomes = _tomes(
        barrier_of_naach_tith=("crawling_chaos", True, True),
        guardian_under_the_lake=("yellow_sign", True, False),
        larvae_of_the_outer_gods=("yellow_sign", False, False),
        yr_and_the_nhhngr=("sleeper", False, True),
    )
    state = _celaeno(
        round=5,
        phase="action",
        silence={f: f in ("crawling_chaos", "sleeper") for f in FACTIONS_5},
        tomes=tomes,
        gates={  # C7: Overdue where the holder does not control its Tome's Gate
            "barrier_of_naach_tith": {"controller": "great_cthulhu"},
            "guardian_under_the_lake": {"controller": None},
            "larvae_of_the_outer_gods": {"controller": "yellow_sign"},
            "yr_and_the_nhhngr": {"controller": "sleeper"},
        },
        custodian="oubliette",
        librarian="lake_of_hali_overlook",
    )
    result = text("screen.sample.result_oubliette", a="crawling_chaos", n=2, b="yellow_sign", m=1)
    prompt = Prompt(text("screen.sample.action"), hints=NAVIGATE[2:], result=result)
    return View(state, prompt, Status(saved=False))


DREAMLANDS_5 = ["great_cthulhu", "opener_of_the_way", "yellow_sign", "windwalker", "sleeper"]


def dreamlands() -> View:
    gates = {
        "surface_citadel_1_2": {"controller": "yellow_sign"},
        "surface_citadel_3": {"controller": "yellow_sign"},
        "surface_citadel_5_6": {"controller": "yellow_sign"},
        "surface_citadel_4": {"controller": None},
        "underworld_citadel_3": {"controller": "great_cthulhu"},
        "vale_of_pnath": {"controller": "windwalker"},
    }
    state: dict[str, Any] = {  # written by hand: its roll names no faces, the screen reads none
        "version": 1,
        "game": "cthulhu_wars",
        "map": "dreamlands",
        "sides": {"surface": 5, "underworld": 5},
        "round": 3,
        "phase": "action",
        "factions": DREAMLANDS_5,
        "silence": {},
        "tomes": {},
        "gates": gates,
        "custodian": None,
        "librarian": None,
        "pending": {"kind": "roll", "purpose": "zoogs", "dice": 2},
        "winner": None,
        "bhole": "underworld_citadel_4",
        "zoogs": {"surface_citadel_4": 3, "surface_citadel_1_2": 1},
        "yog_sothoth": "underworld_citadel_1_2",
    }
    prompt = Prompt(
        text("screen.sample.roll_zoogs", n=2),
        hints=(Hint("undo", text("screen.sample.hint_undo")),),
    )
    events = (text("event.phase", round=3, phase="action"),)
    shown = cast("CthulhuWarsStateJSON", state)
    return View(shown, _with_result(prompt, events), Status(reader="disconnected"))


def refused() -> View:
    base = tomes_overdue()
    error: Text = text("screen.sample.refused")
    prompt = Prompt(
        text("screen.sample.activate_librarian", faction="sleeper"),
        (
            Choice(text("area.oubliette")),
            Choice(text("area.black_hall")),
            Choice(text("area.fountain")),
        ),
        0,
        NAVIGATE,
    )
    return View(base.state, prompt, Status(error=error))


SAMPLES = {
    "new_game": new_game,
    "doom_tokens": doom_with_tokens,
    "agony_split": agony_split,
    "librarian_payment": librarian_payment,
    "tomes_overdue": tomes_overdue,
    "dreamlands": dreamlands,
    "refused": refused,
}


def _with_result(prompt: Prompt, events: tuple[Text, ...]) -> Prompt:
    """The prompt right after the command whose events these are (the device's result)."""
    return replace(prompt, result=text("device.result", events=list(events)))


# The names the owner's boards print, each sample's: a program sets them once, at its start
# (rules.text.use_printed_names); a sample sets its own when it is made.
PRINTED_NAMES: dict[str, Mapping[str, str]] = {
    "dreamlands": {"surface_citadel_1_2": "Celephaïs", "underworld_citadel_5_6": "Vaults of Zin"},
}


def sample(name: str, lang: str = "en") -> View:
    use_printed_names(PRINTED_NAMES.get(name, {}))
    view = SAMPLES[name]()
    return View(view.state, view.prompt, view.status, lang)


# The samples' own sentences (what a prompt or an event might say), English and Japanese:
# test data, so they join the catalogue with the samples, not with the product's words.
SAMPLE_EN: dict[str, str] = {
    "screen.sample.new_game": "Round 1: take your Actions. Press Phase when the round is over.",
    "screen.sample.doom": "Doom Phase: every player took a Silence token. Press Phase for the Action Phase.",
    "screen.sample.split": "{faction:faction}: split {n:agony} among the factions in {area:place}",
    "screen.sample.assign": "{faction:faction}: {n:agony}",
    "screen.sample.present": "{n:units} present",
    "screen.sample.done": "Done",
    "screen.sample.satisfy": "{faction:faction}: pay {n:agony}",
    "screen.sample.pay_units": "Eliminate {n:units}",
    "screen.sample.of_units": "of {n:units} in the Area",
    "screen.sample.pay_doom": "Lose {n:doom}",
    "screen.sample.pay_tome": "Return {tome:tome}",
    "screen.sample.result_roll": "The Agony die shows 3, +1 for staying: 4 Agony, all to Great Cthulhu.",
    "screen.sample.misread": "the reader sent 7: no Agony die face shows 7",
    "screen.sample.action": "Action Phase: take your Actions.",
    "screen.sample.result_oubliette": "Move to the Oubliette: {a:faction} {n:units}, {b:faction} {m:units}",
    "screen.sample.roll_zoogs": "Roll {n:dice} for the Zoogs",
    "screen.sample.activate_librarian": "{faction:faction}: where does the Librarian go?",
    "screen.sample.refused": "C16: no enemy of the Sleeper holds an Overdue Tome",
    "screen.sample.hint_choose": "choose",
    "screen.sample.hint_confirm": "confirm",
    "screen.sample.hint_cancel": "cancel",
    "screen.sample.hint_undo": "take back",
    "screen.sample.hint_next_phase": "next phase",
    "screen.sample.hint_custodian": "activate",
    "screen.sample.hint_librarian": "activate",
}
SAMPLE_JA: dict[str, str] = {
    "screen.sample.new_game": "第1ラウンド: アクションを行う。ラウンドが終わったらフェイズを押す。",
    "screen.sample.doom": "破滅フェイズ: 全員が沈黙トークンを取った。フェイズを押してアクションフェイズへ。",
    "screen.sample.split": "{faction:faction}: {area:place}の勢力に{n:agony}を割り振る",
    "screen.sample.assign": "{faction:faction}: {n:agony}",
    "screen.sample.present": "{n:units}がいる",
    "screen.sample.done": "完了",
    "screen.sample.satisfy": "{faction:faction}: {n:agony}を支払う",
    "screen.sample.pay_units": "{n:units}を除去",
    "screen.sample.of_units": "このエリアの{n:units}のうち",
    "screen.sample.pay_doom": "{n:doom}を失う",
    "screen.sample.pay_tome": "{tome:tome}を返却",
    "screen.sample.result_roll": "苦悶ダイスは3、留まったので+1: 苦悶4、すべて大いなるクトゥルフへ。",
    "screen.sample.misread": "リーダーが7を送信: 苦悶ダイスに7の面はない",
    "screen.sample.action": "アクションフェイズ: アクションを行う。",
    "screen.sample.result_oubliette": "地下牢へ移動: {a:faction} {n:units}、{b:faction} {m:units}",
    "screen.sample.roll_zoogs": "ズーグのために{n:dice}を振る",
    "screen.sample.activate_librarian": "{faction:faction}: 司書をどこへ置く?",
    "screen.sample.refused": "C16: 眠れるものの敵は延滞中の魔導書を持っていない",
    "screen.sample.hint_choose": "選ぶ",
    "screen.sample.hint_confirm": "決定",
    "screen.sample.hint_cancel": "キャンセル",
    "screen.sample.hint_undo": "やり直す",
    "screen.sample.hint_next_phase": "次のフェイズ",
    "screen.sample.hint_custodian": "活性化",
    "screen.sample.hint_librarian": "活性化",
}
add_words(Words("display.samples", SAMPLE_EN, SAMPLE_JA))
