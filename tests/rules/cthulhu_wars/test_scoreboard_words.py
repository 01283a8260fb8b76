"""The scoreboard's refusals and events read as sentences: every count agrees with its noun,
and a count of none is said as none, in both languages."""

from __future__ import annotations

import pytest

from rules.cthulhu_wars.scoreboard.corrections import pay_doom
from rules.cthulhu_wars.scoreboard.end import board_of
from rules.errors import RulesError
from tests.rules.cthulhu_wars.play import events, new_game, play, refused
from tests.rules.cthulhu_wars.scoring import scored_game

NO_SCOREBOARD = "this game keeps no scoreboard, so {} cannot be recorded"


@pytest.mark.parametrize(
    ("command", "named"),
    [
        ({"type": "spellbooks", "faction": "great_cthulhu", "count": 1}, "the spellbooks"),
        (
            {"type": "draw_elder_signs", "faction": "great_cthulhu", "count": 1},
            "the Elder Signs drawn",
        ),
        ({"type": "adjust", "faction": "great_cthulhu", "power": 1}, "the correction"),
    ],
)
def test_i12_a_command_without_the_scoreboard_is_named_in_a_sentence_that_agrees(
    command: dict[str, object], named: str
) -> None:
    said = refused(new_game(), command, "I12").describe()
    assert NO_SCOREBOARD.format(named) in said


def reveal(faction: str, *values: int) -> dict[str, object]:
    return {"type": "reveal_elder_signs", "faction": faction, "values": list(values)}


def draw(faction: str, count: int) -> dict[str, object]:
    return {"type": "draw_elder_signs", "faction": faction, "count": count}


def test_k11_more_signs_than_held_says_how_many_in_words_that_agree() -> None:
    state = scored_game()
    none = refused(state, reveal("yellow_sign", 2), "K11")
    assert none.describe() == "K11: the Yellow Sign holds no Elder Sign to reveal."
    assert none.describe("ja") == "K11: 黄色の印は公開する旧き印を持っていません。"
    state = play(draw("yellow_sign", 1), state=state)
    one = refused(state, reveal("yellow_sign", 1, 2), "K11")
    assert one.describe() == "K11: the Yellow Sign holds only 1 Elder Sign."
    state = play(draw("yellow_sign", 1), state=state)
    two = refused(state, reveal("yellow_sign", 1, 2, 3), "K11")
    assert two.describe() == "K11: the Yellow Sign holds only 2 Elder Signs."
    assert two.describe("ja") == "K11: 黄色の印の旧き印は旧き印2枚だけです。"


def test_k14_the_reveal_asked_names_the_signs_of_the_faction_asked() -> None:
    state = play(
        {"type": "adjust", "faction": "yellow_sign", "doom": 28},
        draw("yellow_sign", 3),
        draw("black_goat", 1),
        reveal("yellow_sign", 2),
        state=scored_game(),
    )
    # The Black Goat is asked for its one sign; the Yellow Sign, who holds two, answers.
    error = refused(state, reveal("yellow_sign", 1, 2), "K14")
    assert error.describe() == "K14: the Black Goat reveals the 1 Elder Sign it holds now."
    assert error.describe("ja") == "K14: 黒山羊は今、持っている旧き印1枚を公開します。"


def test_k15_a_victim_without_doom_is_said_to_have_none() -> None:
    with pytest.raises(RulesError) as caught:
        pay_doom(board_of(scored_game()), "great_cthulhu", 1)
    assert caught.value.describe() == "K15: Great Cthulhu has no Doom to pay with."
    assert caught.value.describe("ja") == "K15: 大いなるクトゥルフには支払える破滅がありません。"


def test_k11_one_sign_revealed_is_one_sign() -> None:
    state = play(draw("yellow_sign", 2), state=scored_game())
    assert events(state, reveal("yellow_sign", 2)) == [
        "The Yellow Sign reveals an Elder Sign worth 2: +2 Doom."
    ]
    assert events(state, reveal("yellow_sign", 2, 3)) == [
        "The Yellow Sign reveals Elder Signs worth 2 and 3: +5 Doom."
    ]
