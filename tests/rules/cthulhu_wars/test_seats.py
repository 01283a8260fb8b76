"""A faction's phone as its seat (I13) and the Elder Signs' values it keeps secret (I14),
through the journal: what a seat may send, what it may not, where the values go and where
they never go, and the end's reveal that needs no press for a recorded sign (K14)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.cthulhu_wars.game import CTHULHU_WARS, state_to_json
from rules.cthulhu_wars.state import GameState
from rules.games import RULES
from rules.journal import Played, apply, dump_command, parse, replay, secrets_json
from tests.rules.cthulhu_wars.play import events, gate, play, refused
from tests.rules.cthulhu_wars.scoring import (
    board,
    everyone,
    pass_all,
    pending,
    ritual,
    scored_game,
    to_doom,
)

YS, GC, CC = "yellow_sign", "great_cthulhu", "crawling_chaos"
_ids = iter(range(1, 10_000))


def seat(faction: str = YS, phone: int = 1) -> dict[str, Any]:
    return {"faction": faction, "phone": phone, "id": f"t{next(_ids)}"}


def by(faction: str, command: dict[str, Any]) -> dict[str, Any]:
    """``command`` as ``faction``'s phone sends it."""
    return {**command, "seat": seat(faction)}


def draw(faction: str, *values: int) -> dict[str, Any]:
    return {"type": "draw_elder_signs", "faction": faction, "count": len(values),
            "values": list(values)}  # fmt: skip


def reveal(faction: str, *values: int) -> dict[str, Any]:
    return {"type": "reveal_elder_signs", "faction": faction, "values": list(values)}


def secrets(state: GameState, faction: str) -> dict[str, Any]:
    return secrets_json(Played(CTHULHU_WARS, state), faction)


# --- the journal line --------------------------------------------------------------------


def test_i13_the_seat_is_written_last_and_only_when_there_is_one() -> None:
    sent = parse(by(YS, {"type": "spellbooks", "faction": YS, "count": 2}), RULES, CTHULHU_WARS)
    line = dump_command(sent)
    assert list(json.loads(line)) == ["type", "faction", "count", "seat"]
    assert parse(json.loads(line), RULES, CTHULHU_WARS) == sent
    plain = parse({"type": "spellbooks", "faction": YS, "count": 2}, RULES, CTHULHU_WARS)
    assert "seat" not in dump_command(plain)


def test_i13_a_seat_field_that_does_not_fit_is_a_journal_error() -> None:
    state = scored_game()
    bad = {"type": "spellbooks", "faction": YS, "count": 2, "seat": {"faction": YS}}
    refused(state, bad, "journal")
    typo = {**bad, "seat": {**seat(), "phones": 2}}
    refused(state, typo, "journal")


# --- what a seat may send ------------------------------------------------------------------


def test_i13_a_seat_tells_its_own_spellbook_and_its_phone_is_said() -> None:
    state = scored_game()
    said = events(state, by(YS, {"type": "spellbooks", "faction": YS, "count": 1}))
    assert said == ["Yellow Sign's phone: the Yellow Sign has 1 of 6 spellbooks."]


def test_i13_a_seat_acting_for_another_faction_is_refused_and_nothing_changes() -> None:
    state = scored_game()
    error = refused(state, by(YS, {"type": "spellbooks", "faction": GC, "count": 1}), "I13")
    assert "not to Great Cthulhu" in error.describe()
    refused(state, by(YS, {"type": "adjust", "faction": GC, "doom": 1}), "I13")
    refused(state, by(YS, draw(GC, 1)), "I13")


def test_i13_what_the_table_enters_cannot_come_from_a_phone() -> None:
    state = scored_game()
    refused(state, by(YS, {"type": "next_phase"}), "I13")
    refused(state, by(YS, {"type": "undo"}), "journal")
    refused(state, by(YS, {"type": "redo"}), "journal")
    refused(None, by(YS, {"type": "new_game", "map": "celaeno", "factions": [GC, CC, YS]}),
            "journal")  # fmt: skip


def test_i13_a_seat_of_a_faction_not_in_the_game_is_refused() -> None:
    state = scored_game()
    refused(state, by("sleeper", {"type": "spellbooks", "faction": "sleeper", "count": 1}), "I13")


def test_i13_a_seat_gains_a_gate_or_gives_up_its_own_and_no_other() -> None:
    state = scored_game()
    state = play(by(YS, gate("fountain", YS)), state=state)
    assert state.gates["fountain"].controller == YS
    abandoned = play(by(YS, gate("fountain", None)), state=state)
    assert abandoned.gates["fountain"].controller is None
    gone = play(by(YS, gate("fountain", None, present=False)), state=state)
    assert "fountain" not in gone.gates
    refused(state, by(GC, gate("fountain", None)), "I13")  # the Yellow Sign's Gate
    refused(state, by(YS, gate("gloomloft", GC)), "I13")  # a Gate for another
    refused(abandoned, by(YS, gate("fountain", None, present=False)), "I13")  # nobody's now


def test_i13_a_seats_gather_power_line_is_kept_for_the_tables_ok() -> None:
    state = play({"type": "next_phase"}, state=scored_game())
    assert pending(state) == {"kind": "gather_power"}
    line = by(YS, {"type": "gather_power_line", "faction": YS, "power": 7})
    state = play(line, state=state)
    assert pending(state) == {"kind": "gather_power", "lines": {YS: 7}}
    refused(state, by(YS, {"type": "gather_power_line", "faction": GC, "power": 7}), "I13")
    refused(state, by(YS, {"type": "gather_power_line", "faction": YS, "power": -1}), "K15")
    state = play(everyone(state, 8), state=state)
    refused(state, by(YS, {"type": "gather_power_line", "faction": YS, "power": 7}), "journal")
    state = play({"type": "next_phase"}, state=state)
    refused(state, by(YS, {"type": "gather_power_line", "faction": YS, "power": 7}), "K6")


def test_i13_only_the_chooser_names_the_first_player() -> None:
    state = play({"type": "next_phase"}, state=scored_game())
    state = play(everyone(state, 8), {"type": "next_phase"}, state=state)
    asked = pending(state)
    assert asked is not None and asked["chooser"] == GC
    choice = {"type": "first_player", "faction": YS, "direction": "clockwise"}
    refused(state, by(YS, choice), "I13")
    after = play(by(GC, choice), state=state)
    assert board(after)["first_player"] == YS


def test_i13_a_seat_decides_its_own_ritual_only() -> None:
    state = to_doom(scored_game())
    asked = pending(state)
    assert asked is not None and asked["faction"] == GC
    refused(state, by(YS, ritual(GC)), "I13")
    refused(state, by(YS, ritual(YS)), "K8")  # its own, but not its turn
    said = events(state, by(GC, ritual(GC, 1)))
    assert said[0].startswith("Great Cthulhu's phone: Great Cthulhu performs a Ritual")


# --- the secret values (I14) ----------------------------------------------------------------


def test_i14_values_drawn_are_kept_for_that_seat_alone_and_never_in_the_state() -> None:
    state = play(by(YS, draw(YS, 3, 1)), state=scored_game())
    assert board(state)["elder_signs"][YS] == 2
    assert secrets(state, YS) == {"elder_signs": [3, 1], "unrecorded": 0}
    assert secrets(state, GC) == {"elder_signs": [], "unrecorded": 0}
    public = json.dumps(state_to_json(state))
    assert "sign_values" not in public and "unrecorded" not in public
    assert [str(e) for e in events(scored_game(), by(YS, draw(YS, 3, 1)))] == [
        "Yellow Sign's phone: the Yellow Sign draws 2 Elder Signs."
    ]


def test_i14_values_must_be_a_signs_one_for_each_sign_and_from_the_pool() -> None:
    state = scored_game()
    refused(state, by(YS, draw(YS, 4)), "K10")
    bad_count = {**draw(YS, 1, 2), "count": 3}
    refused(state, by(YS, bad_count), "I14")


def test_i14_signs_drawn_without_values_are_recorded_later() -> None:
    state = play({"type": "draw_elder_signs", "faction": YS, "count": 2}, state=scored_game())
    assert secrets(state, YS) == {"elder_signs": [], "unrecorded": 2}
    record = {"type": "record_elder_signs", "faction": YS, "values": [2]}
    state = play(by(YS, record), state=state)
    assert secrets(state, YS) == {"elder_signs": [2], "unrecorded": 1}
    refused(state, by(YS, {**record, "values": [1, 1]}), "I14")
    refused(state, by(YS, {**record, "values": []}), "I14")


def test_i14_a_rituals_signs_are_kept_while_the_next_faction_decides() -> None:
    state = to_doom(scored_game())
    state = play(ritual(GC, 2), state=state)
    asked = pending(state)
    assert asked is not None and asked["kind"] == "ritual" and asked["faction"] != GC
    record = {"type": "record_elder_signs", "faction": GC, "values": [3, 1]}
    state = play(by(GC, record), state=state)
    assert secrets(state, GC) == {"elder_signs": [3, 1], "unrecorded": 0}
    assert pending(state) == asked  # still that faction's Ritual to decide
    # K8: a spellbook meanwhile, from a phone as from the buttons; the Ritual stays asked
    book = play(by(GC, {"type": "spellbooks", "faction": GC, "count": 1}), state=state)
    assert pending(book) == asked
    refused(state, by(GC, {"type": "gather_power_line", "faction": GC, "power": 3}), "K8")


def test_i14_a_reveal_takes_the_recorded_sign_of_that_value_else_an_unrecorded_one() -> None:
    state = play(
        by(YS, draw(YS, 1, 3)),
        {"type": "draw_elder_signs", "faction": YS, "count": 1},
        state=scored_game(),
    )
    state = play(by(YS, reveal(YS, 3)), state=state)
    assert secrets(state, YS) == {"elder_signs": [1], "unrecorded": 1}
    state = play(reveal(YS, 2), state=state)  # at the table: the one without a value
    assert secrets(state, YS) == {"elder_signs": [1], "unrecorded": 0}
    refused(state, reveal(YS, 2), "I14")  # its phone kept a 1, and nothing else
    assert board(play(reveal(YS, 1), state=state))["revealed"][YS] == [3, 2, 1]


def test_i14_a_sign_paid_for_a_tome_forgets_the_values_when_none_was_unrecorded() -> None:
    unflip = {
        "type": "unflip_tome",
        "by": YS,
        "tome": "guardian_under_the_lake",
        "pay": "elder_sign",
    }
    state = play(
        gate("guardian_under_the_lake", YS),
        by(YS, draw(YS, 1, 2)),
        {"type": "next_phase"}, everyone(scored_game(), 8), {"type": "next_phase"},
        state=scored_game(),
    )  # fmt: skip
    state = play({"type": "first_player", "faction": GC, "direction": "clockwise"},
                 {"type": "next_phase"}, state=state)  # fmt: skip
    state = play({"type": "next_phase"}, state=pass_all(state))
    state = play({"type": "use_tome", "by": YS, "tome": "guardian_under_the_lake"}, state=state)
    state = play(unflip, state=state)
    assert secrets(state, YS) == {"elder_signs": [], "unrecorded": 1}


# --- K14: the end reveals what the phones recorded ----------------------------------------


def _ending(extra: list[dict[str, Any]]) -> GameState:
    state = play(*extra, state=scored_game())
    return play({"type": "adjust", "faction": GC, "doom": 29}, reveal(GC, 1), state=state)


def test_k14_recorded_signs_are_revealed_by_the_companion_with_no_answer() -> None:
    state = _ending([draw(GC, 1, 1), by(YS, draw(YS, 3, 2)), by(CC, draw(CC, 1))])
    over = state_to_json(state)["game_over"]
    assert over is not None and over["reason"] == "elder_signs"
    assert board(state)["revealed"] == {GC: [1, 1], CC: [1], "black_goat": [], YS: [3, 2]}
    assert board(state)["doom"][YS] == 5


def test_k14_only_the_unrecorded_signs_are_asked_for() -> None:
    unrecorded = {"type": "draw_elder_signs", "faction": YS, "count": 1}
    state = _ending([draw(GC, 1, 1), by(YS, draw(YS, 3)), unrecorded])
    assert pending(state) == {"kind": "reveal", "faction": YS, "elder_signs": 1}
    assert board(state)["doom"][YS] == 3
    done = play(reveal(YS, 2), state=state)
    assert state_to_json(done)["game_over"] is not None


def test_k14_a_value_kept_while_the_faction_is_asked_is_revealed_and_the_next_asked() -> None:
    unrecorded = {"type": "draw_elder_signs", "faction": YS, "count": 2}
    state = _ending([draw(GC, 1, 1), unrecorded, {**unrecorded, "faction": CC, "count": 1}])
    assert pending(state) == {"kind": "reveal", "faction": CC, "elder_signs": 1}
    record = {"type": "record_elder_signs", "faction": YS, "values": [3]}
    state = play(by(YS, record), state=state)  # the Yellow Sign's turn is still to come
    assert pending(state) == {"kind": "reveal", "faction": CC, "elder_signs": 1}
    state = play(by(CC, {**record, "faction": CC, "values": [2]}), state=state)
    assert pending(state) == {"kind": "reveal", "faction": YS, "elder_signs": 1}  # its 3 shown
    assert board(state)["revealed"][CC] == [2] and board(state)["revealed"][YS] == [3]
    state = play(by(YS, {**record, "values": [1]}), state=state)
    assert pending(state) is None and state_to_json(state)["game_over"] is not None
    assert board(state)["revealed"][YS] == [3, 1]


def test_k14_the_end_says_what_the_phones_kept() -> None:
    state = play(draw(GC, 1, 1), by(YS, draw(YS, 3, 2)), {"type": "adjust", "faction": GC,
                 "doom": 29}, state=scored_game())  # fmt: skip
    said = events(state, reveal(GC, 1))
    assert "The Yellow Sign reveals the Elder Signs its phone kept, worth 3 and 2: +5 Doom." in said


# --- old journals -------------------------------------------------------------------------


def test_a_journal_without_seats_replays_to_the_same_state_as_before() -> None:
    opening = {"type": "new_game", "map": "celaeno", "factions": [GC, CC, YS]}
    lines = [
        json.dumps({**opening, "settings": {"scoreboard": True}}),
        json.dumps({"type": "draw_elder_signs", "faction": YS, "count": 2}),
        json.dumps({"type": "next_phase"}),
    ]
    played, _ = replay(lines, RULES)
    assert played is not None
    state = state_to_json(played.state)
    assert state["pending"] == {"kind": "gather_power"}
    assert "lines" not in json.dumps(state["pending"])


@pytest.mark.parametrize("kind", ["undo", "redo"])
def test_i13_undo_at_the_table_takes_back_a_phones_command(kind: str) -> None:
    played = Played(CTHULHU_WARS, scored_game())
    played = apply(played, parse(by(YS, draw(YS, 3)), RULES, CTHULHU_WARS)).played
    back = apply(played, parse({"type": "undo"}, RULES, CTHULHU_WARS)).played
    assert secrets_json(back, YS) == {"elder_signs": [], "unrecorded": 0}
    if kind == "redo":
        again = apply(back, parse({"type": "redo"}, RULES, CTHULHU_WARS)).played
        assert secrets_json(again, YS) == {"elder_signs": [3], "unrecorded": 0}
