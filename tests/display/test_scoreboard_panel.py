"""The scoreboard beside the board (K1–K14, I11): every figure readable and nothing cut.

The states are the public state JSON's ``scoreboard`` and ``game_over`` as the journal format
writes them, for a 4-player Library game in its Action Phase and at its end.
"""

from __future__ import annotations

import os
from itertools import combinations
from typing import Any

import pytest

from display.cthulhu_wars.scoreboard.standings import content
from display.games import SCREENS
from display.layout.canvas import Label
from display.screen.screen import Screen
from display.view import Prompt, View
from rules.text import LANGUAGES, text, translate
from tests.display.conftest import surface
from tests.display.samples import _celaeno

FACTIONS = ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"]
SIZES = ((480, 320), (800, 480), (1920, 1080), (720, 1280))
MIN_PX = {(480, 320): 9, (800, 480): 12, (1920, 1080): 24, (720, 1280): 14}
LEAST_PX = {(480, 320): 14, (800, 480): 18, (1920, 1080): 28}  # the screen's least type
# Doom at the end of rounds 1 to 4; round 5 (the last) is ``doom``.
CHART = {"great_cthulhu": [0, 3, 8, 11], "crawling_chaos": [0, 2, 5, 7],
         "black_goat": [0, 1, 6, 10], "yellow_sign": [0, 4, 12, 17]}  # fmt: skip
SHOTS = os.environ.get("SCOREBOARD_SHOTS")  # a folder: the frames are saved there to look at


def scoreboard(**overrides: Any) -> dict[str, Any]:
    board: dict[str, Any] = {
        "power": {"great_cthulhu": 15, "crawling_chaos": 8, "black_goat": 11, "yellow_sign": 8},
        "doom": {"great_cthulhu": 14, "crawling_chaos": 9, "black_goat": 12, "yellow_sign": 21},
        "elder_signs": {"great_cthulhu": 2, "crawling_chaos": 0, "black_goat": 1, "yellow_sign": 3},
        "spellbooks": {"great_cthulhu": 4, "crawling_chaos": 2, "black_goat": 6, "yellow_sign": 5},
        "elder_signs_left": 30,
        "ritual": {"space": 3, "cost": 7, "track": [5, 6, 7, 7, 8, 8, 9, 10], "at_end": False},
        "first_player": "great_cthulhu",
        "direction": "counterclockwise",
        "order": ["great_cthulhu", "yellow_sign", "black_goat", "crawling_chaos"],
    }
    board.update(overrides)
    return board


def view(lang: str, phase: str = "action", game_over: Any = None, shows: str | None = None) -> View:
    board = scoreboard()
    if game_over:  # K14: every sign revealed at the end, each value kept
        board["elder_signs"] = dict.fromkeys(FACTIONS, 0)
        board["revealed"] = {"great_cthulhu": [2, 3], "yellow_sign": [1, 1, 3], "black_goat": [2]}
        board["doom_by_round"] = CHART
    state = _celaeno(
        round=5,
        phase=phase,
        factions=FACTIONS,
        silence=dict.fromkeys(FACTIONS, True),
        sides={"upper": 5, "lower": 3},
        scoreboard=board,
        game_over=game_over,
    )
    return View(state, Prompt(text("screen.sample.doom"), shows=shows), lang=lang)


def drawn(lang: str, size: tuple[int, int], name: str, **kwargs: Any) -> list[str]:
    return [label.text for label in labels(lang, size, name, **kwargs)]


def labels(lang: str, size: tuple[int, int], name: str, **kwargs: Any) -> list[Label]:
    return board_labels(view(lang, **kwargs), size, f"{name}-{lang}")


def board_labels(shown: View, size: tuple[int, int], name: str) -> list[Label]:
    screen = Screen(surface(size), SCREENS)
    screen.render(shown)
    board = [label for label in screen.labels() if label.panel == "board"]
    if SHOTS:
        import pygame

        pygame.image.save(screen.surface, f"{SHOTS}/{name}-{size[0]}x{size[1]}.png")
    cut = [label.text for label in board if label.truncated or not label.box.contains(label.rect)]
    assert cut == []
    panel = screen.regions.panels()["board"]
    assert [label.text for label in board if not panel.contains(label.rect)] == []
    small = min(label.px for label in board)
    assert small >= MIN_PX[size], f"{small} px at {size}"
    overlapping = [
        (a.text, b.text) for a, b in combinations(board, 2) if a.rect.colliderect(b.rect)
    ]
    assert overlapping == []
    return board


def said(lang: str, **kwargs: Any) -> str:
    return " ".join(content(view(lang, **kwargs).state, lang))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_figure_is_drawn_and_none_is_cut(lang: str, size: tuple[int, int]) -> None:
    words = drawn(lang, size, "action")
    joined = "".join(words)  # a Japanese line is drawn a phrase a piece (旧神の|印)
    for expected in ("21", "15", translate("screen.sb.of", lang, n=6, of=6)):
        assert expected in words
    assert "".join(translate("screen.sb.head_elder_signs", lang).split()) in joined


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scoreboard_says_each_figure(lang: str) -> None:
    words = said(lang)
    for expected in (
        translate("screen.sb.power_note", lang),  # I11
        translate("screen.sb.head_power_at_action", lang),
        translate("screen.sb.ritual", lang, cost=7, n=5),  # K7: 8 spaces before the end, on the 4th
        translate("screen.sb.pool", lang, n=30),
    ):
        assert expected in words
    plain = said(lang, phase="doom")
    assert translate("screen.sb.power_note", lang) not in plain
    assert translate("screen.sb.head_power", lang) in plain


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_says_who_won_and_why(lang: str, size: tuple[int, int]) -> None:
    over = {"reason": "ritual_track", "winners": ["black_goat"]}
    words = drawn(lang, size, "end", game_over=over)
    assert {"+2", "+3"} <= set(words) and translate("screen.sb.head_revealed", lang) in "".join(
        words
    )  # K14
    assert translate("screen.sb.ended.ritual_track", lang) in said(lang, game_over=over)
    nobody = {"reason": "doom", "winners": []}
    drawn(lang, size, "nobody", game_over=nobody)
    assert translate("screen.sb.nobody_won", lang) in said(lang, game_over=nobody)


def test_a_game_without_the_scoreboard_does_not_load_it() -> None:
    import sys

    sys.modules.pop("display.cthulhu_wars.scoreboard.standings", None)
    screen = Screen(surface((800, 480)), SCREENS)
    screen.render(View(_celaeno(), Prompt(text("screen.sample.doom"))))
    assert "display.cthulhu_wars.scoreboard.standings" not in sys.modules


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_screen_draws_the_doom_chart(lang: str, size: tuple[int, int]) -> None:
    over = {"reason": "doom", "winners": ["yellow_sign"]}
    words = drawn(lang, size, "chart", game_over=over)
    assert translate("screen.sb.head_revealed", lang) in words  # the table whole first
    press = "".join(translate("screen.sb.chart_press", lang).split())
    if press in "".join(words):  # no room under the table at 14 px: a view of its own
        words = drawn(lang, size, "chart-alone", game_over=over, shows="doom_chart")
    assert translate("screen.sb.chart", lang) in "".join(words)
    assert [str(n) in words for n in range(1, 6)] == [True] * 5  # rounds 1 to 5
    assert {"0", "30"} <= set(words)  # K13's 30 Doom marked
    assert translate("screen.sb.head_power", lang) not in words  # the end's table: no Power


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_says_why_first_at_the_screens_least_type(lang: str, size: tuple[int, int]) -> None:
    """Who won and why, and every sign each faction revealed, at the screen's least type
    (14 / 18 / 28 px), never shrunk to make room for the chart."""
    over = {"reason": "doom", "winners": ["yellow_sign"]}
    found = labels(lang, size, "why", game_over=over)
    words = "".join(label.text for label in found)
    why = translate("screen.sb.why_won", lang, n=21)  # K14: the winner's Doom, and why
    assert "".join(why.split()) in "".join(words)
    assert [label.text for label in found].count("+1") == 2  # the Yellow Sign's +1 +1 +3
    least = min(label.px for label in found)
    assert least >= LEAST_PX.get(size, 0), f"{least} px"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_charts_own_view_keys_each_line_by_its_shape(lang: str, size: tuple[int, int]) -> None:
    """The chart alone (PHASE at the end): each faction named with its final Doom beside the
    shape its line is marked with, the chart at the screen's least type or larger."""
    over = {"reason": "doom", "winners": ["yellow_sign"]}
    found = labels(lang, size, "alone", game_over=over, shows="doom_chart")
    words = [label.text for label in found]
    joined = "".join("".join(word.split()) for word in words)
    for faction, doom in scoreboard()["doom"].items():
        name = translate(f"faction.{faction}", lang)
        assert "".join(f"{name} {doom}".split()) in joined
    assert {"0", "30", "5"} <= set(words)  # the Doom lines and the last round
    assert translate("screen.sb.head_revealed", lang) not in words  # the table is not here
    least = min(label.px for label in found)
    assert least >= LEAST_PX.get(size, 0), f"{least} px"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_list_of_revealed_signs_leaves_every_name_on_one_line(lang: str) -> None:
    board = scoreboard(
        elder_signs=dict.fromkeys(FACTIONS, 0), doom_by_round=CHART,
        revealed={f: [1, 2, 3, 1, 2, 3, 1, 2] for f in FACTIONS},
    )  # fmt: skip
    state = _celaeno(round=5, factions=FACTIONS, scoreboard=board,
                     game_over={"reason": "doom", "winners": []})  # fmt: skip
    found = board_labels(View(state, Prompt(text("screen.sample.doom")), lang=lang), (800, 480),
                         f"signs-{lang}")  # fmt: skip
    for faction in FACTIONS:
        name = translate(f"faction.{faction}", lang)
        if lang == "en":
            words = [label for label in found if label.text in name.split()]
        else:  # Japanese breaks between phrases: the name's pieces
            words = [label for label in found if len(label.text) > 1 and label.text in name]
        assert words and len({label.rect.y for label in words}) == 1, name
    # every sign apart, or each value with how many: the chart keeps its least room
    assert sum(label.text == "+3" for label in found) == 2 * len(FACTIONS) or sum(
        label.text == "+3×2" for label in found
    ) == len(FACTIONS)
    assert {"0", "30"} <= {label.text for label in found}  # the chart is drawn


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replayed_example_ends_on_its_summary(lang: str, size: tuple[int, int]) -> None:
    """What ``celaeno replay rules/examples/celaeno_scoreboard.jsonl --screenshot`` draws (E4):
    who won, why and every sign, at the screen's least type (14 / 18 / 28 px) beside the
    end's own list; the chart under them where it has room, else named for PHASE."""
    from pathlib import Path

    from device.companion.screens import view_of
    from device.games import GAMES
    from rules.games import RULES
    from rules.journal import replay

    example = Path(__file__).parents[2] / "rules" / "examples" / "celaeno_scoreboard.jsonl"
    played, events = replay(example.read_text(encoding="utf-8").splitlines(), RULES)
    assert played is not None
    shown = view_of(played, list(events), GAMES, lang)
    assert len(shown.prompt.choices) == 1  # "Something else happened"
    found = board_labels(shown, size, f"e4-{lang}")
    words = "".join("".join(label.text.split()) for label in found)
    least = min(label.px for label in found)
    assert least >= LEAST_PX.get(size, 0), f"{least} px"
    winner = translate("screen.sb.winners", lang, names=translate("faction.great_cthulhu", lang))
    for said in (
        winner,
        translate("screen.sb.why_won", lang, n=22),
        translate("screen.sb.ended.ritual_track", lang),
        "+2+3+1+1+2+1",  # the Black Goat's six signs, each shown
        translate("screen.sb.chart", lang),  # the chart's title, or the line naming its view
    ):
        assert "".join(said.split()) in words


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_five_factions_with_every_sign_revealed_still_fit_with_the_chart(
    lang: str, size: tuple[int, int]
) -> None:
    five = [*FACTIONS, "sleeper"]
    signs = [1, 2, 3, 1, 2, 3, 1]  # 35 of the 36 (K10), seven each
    board = scoreboard(
        power=dict.fromkeys(five, 3), doom=dict.fromkeys(five, 31),
        elder_signs=dict.fromkeys(five, 0), spellbooks=dict.fromkeys(five, 6), order=five,
        doom_by_round={f: list(range(0, 30, 3)) for f in five}, revealed=dict.fromkeys(five, signs),
    )  # fmt: skip
    state = _celaeno(round=11, factions=five, scoreboard=board,
                     game_over={"reason": "doom", "winners": ["sleeper"]})  # fmt: skip
    shown = View(state, Prompt(text("screen.sample.doom")), lang=lang)
    words = [label.text for label in board_labels(shown, size, f"five-{lang}")]
    # Every sign apart where there is room, else each value with how many (+1×3 +2×2 +3×2).
    assert words.count("+3") == 2 * len(five) or words.count("+3×2") == len(five)
    if "11" not in words:  # the chart has no room under the table: it has a view of its own
        press = translate("screen.sb.chart_press", lang)
        assert "".join(press.split()) in "".join(words)
        alone = View(state, Prompt(text("screen.sample.doom"), shows="doom_chart"), lang=lang)
        words = [label.text for label in board_labels(alone, size, f"five-alone-{lang}")]
    assert "11" in words  # the chart's last round
    assert "40" in words  # 31 Doom: the chart goes up to 40


def test_the_facts_under_the_table_are_set_apart() -> None:
    """The Power note, the First Player, the next Ritual and the pool share one paragraph:
    each after the first is led by a dot (the First Player by its arrow), so where a line
    runs on none reads into the one before; the direction is said mid-sentence, in lower
    case ("then counter-clockwise", not "then Counter-clockwise")."""
    facts = content(view("en").state, "en")[-4:]
    assert facts[0] == translate("screen.sb.power_note", "en")
    assert facts[1] == "First Player, then counter-clockwise"
    assert facts[2:] == [
        f"· {translate('screen.sb.ritual', 'en', cost=7, n=5)}",
        f"· {translate('screen.sb.pool', 'en', n=30)}",
    ]


@pytest.mark.parametrize(("left", "said"), [(1, "1 space left"), (2, "2 spaces left")])
def test_the_spaces_left_on_the_ritual_track_are_counted_in_words(left: int, said: str) -> None:
    """Issue 50 (3): "Next Ritual: 10 Power, 1 spaces left" on the screen and the phone
    (both say the standings' words): the catalogue's plural, in both languages."""
    track = [5, 6, 7, 7, 8, 8, 9, 10]
    ritual = {"space": len(track) - left, "cost": track[-left], "track": track, "at_end": False}
    shown = view("en")
    state = {**shown.state, "scoreboard": scoreboard(ritual=ritual)}
    facts = content(state, "en")
    assert f"· Next Ritual: {track[-left]} Power, {said}" in facts
    assert f"· 次の儀式：魔力{track[-left]}、残り{left}マス" in content(state, "ja")


def dreamlands_view(lang: str) -> View:
    """The same standings on the Dreamlands map, which has no Silence tokens (C1)."""
    state = {**view(lang).state, "map": "dreamlands", "sides": {"surface": 5, "underworld": 3},
             "silence": {}, "tomes": {}}  # fmt: skip
    return View(state, view(lang).prompt, lang=lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dreamlands_table_has_no_silence_column(lang: str) -> None:
    """Issue 50 (4): the Dreamlands scoreboard drew a Silence column (●/○): the map has no
    Silence. The Library's table keeps it, a token a faction."""
    from display.cthulhu_wars.scoreboard.standings import table

    library, dreamlands = view(lang).state, dreamlands_view(lang).state
    with_tokens = table(library, library["scoreboard"], lang)
    without = table(dreamlands, dreamlands["scoreboard"], lang)
    assert {len(row) for row in with_tokens} == {6}
    assert {len(row) for row in without} == {5}
    icons = {span.icon for row in without for para in row for span in para.spans}
    assert not icons & {"disc", "ring"}
    for size in SIZES:
        assert board_labels(dreamlands_view(lang), size, f"dreamlands-{lang}")
