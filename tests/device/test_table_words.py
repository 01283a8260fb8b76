"""The words a table tripped over (issue: play it as a table does), in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from device.cli.main import main
from device.cthulhu_wars.activation import activation
from device.cthulhu_wars.newgame import seat
from device.settings.config import example
from device.ui.steps import ListStep, Notice
from hardware.gestures import Timing
from rules.cthulhu_wars.commands import Settings
from rules.journal import apply, parse_line
from rules.text import LANGUAGES, catalogue, render
from tests.device.press_table import GAMES, Task, begin
from tests.display import samples  # the sample screens' words, compared below

DREAMLANDS = ['{"type": "new_game", "map": "dreamlands", "factions": '
              '["great_cthulhu", "crawling_chaos", "yellow_sign"]}']  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("monster", ["custodian", "librarian"])
def test_the_dreamlands_say_the_monster_is_not_on_this_map(monster: str, lang: str) -> None:
    state = begin(Task("dreamlands", DREAMLANDS, lambda c: True, lambda c: True)).state
    notice = activation(state, monster)  # type: ignore[arg-type]
    assert isinstance(notice, Notice)
    words = render(notice.message, lang)
    assert "no the" not in words.lower()
    assert ("Custodian" if monster == "custodian" else "Librarian") in words or lang == "ja"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bhole_says_what_its_die_showed(lang: str) -> None:
    """D8: the Bhole moves to the Underworld Citadel the die shows; the event says the die."""
    played = begin(Task("dreamlands", DREAMLANDS, lambda c: True, lambda c: True))

    def command(line: str) -> Any:
        return parse_line(line, GAMES.rules, played.game)

    for _ in range(4):  # the fourth ends the Doom Phase
        played = apply(played, command('{"type": "next_phase"}')).played
    outcome = apply(played, command('{"type": "roll", "values": [4]}'))
    first = outcome.events[0]
    assert first.key == "event.bhole_rolled"
    assert "4" in render(first, lang)


@pytest.mark.parametrize("key", ["menu.language", "prompt.language"])
def test_a_table_stuck_in_japanese_finds_english(key: str) -> None:
    assert "Language" in catalogue("ja")[key]


def test_activate_is_one_word_in_japanese_across_the_cthulhu_wars_screens() -> None:
    assert samples.new_game().prompt.hints  # its words are in the catalogue (on import)
    ja = catalogue("ja")
    assert ja["hint.custodian"] == ja["hint.librarian"] == ja["screen.sample.hint_custodian"]
    assert all("起動" not in ja[k] for k in ja if k.startswith(("main.", "hint.", "screen.")))


def test_the_example_configuration_repeats_as_the_buttons_do() -> None:
    assert "repeat_rate = 10.0" in example()
    assert Timing().repeat_interval == pytest.approx(1 / 10.0)


def test_the_first_seat_question_has_no_empty_list() -> None:
    step = seat(Settings(), "celaeno", ())
    assert isinstance(step, ListStep)
    for lang in LANGUAGES:
        assert "()" not in render(step.title, lang) and "（）" not in render(step.title, lang)
        assert "so far" not in render(step.title, lang)


def test_options_without_a_command_are_the_companions(capsys: pytest.CaptureFixture[str]) -> None:
    """`celaeno --reader PATH` runs the companion (here: its help, to stop at once)."""
    with pytest.raises(SystemExit) as stopped:
        main(["--reader", "/dev/pts/0", "--help"])
    assert stopped.value.code == 0
    assert "--reader" in capsys.readouterr().out
