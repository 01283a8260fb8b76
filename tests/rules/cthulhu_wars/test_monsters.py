"""C12–C19 and the seed examples E1, E2: the Custodian, the Librarian and the Agony die."""

from __future__ import annotations

from pathlib import Path

from rules.commands import Undo
from rules.cthulhu_wars.game import state_to_json
from rules.games import RULES
from rules.journal import apply, replay
from tests.rules.cthulhu_wars.play import (
    THREE,
    activate,
    assign,
    events,
    gate,
    new_game,
    play,
    refused,
    roll,
    satisfy,
    step,
    to_round_two_action,
)

EXAMPLES = Path(__file__).parents[3] / "rules" / "examples"
GUARDIAN = "guardian_under_the_lake"
LARVAE = "larvae_of_the_outer_gods"


def round_two() -> object:
    return to_round_two_action(new_game())


def test_c12_placing_from_off_the_map_is_not_staying() -> None:
    state = play(activate("custodian", "yellow_sign", "black_hall"), state=round_two())
    assert state.custodian == "black_hall"
    assert events(state, roll(2)) == ["The Agony die shows 2: 2 Agony."]


def test_c12_staying_adds_one() -> None:
    state = play(
        activate("custodian", "yellow_sign", "black_hall"),
        roll(1),
        assign({}, {}),
        state=round_two(),
    )
    state = play(activate("custodian", "great_cthulhu", "black_hall"), state=state)
    assert events(state, roll(2)) == ["The Agony die shows 2, +1 for staying: 3 Agony."]


def test_c12_moving_adds_nothing() -> None:
    state = play(
        activate("custodian", "yellow_sign", "black_hall"),
        roll(1),
        assign({}, {}),
        activate("custodian", "great_cthulhu", "oubliette"),
        roll(3),
        state=round_two(),
    )
    assert state.pending is not None and state.pending.total == 3  # type: ignore[union-attr]


def test_c13_the_activator_splits_the_total() -> None:
    state = play(activate("custodian", "yellow_sign", "black_hall"), roll(3), state=round_two())
    present = {"great_cthulhu": 3, "crawling_chaos": 3, "yellow_sign": 1}
    said = events(state, assign(present, {"crawling_chaos": 2, "yellow_sign": 1}))
    assert said == [
        "Crawling Chaos moves 2 Units from the Black Hall to the Oubliette.",
        "The Yellow Sign moves 1 Unit from the Black Hall to the Oubliette.",
    ]


def test_c13_the_split_must_add_up_to_the_total() -> None:
    state = play(activate("custodian", "yellow_sign", "black_hall"), roll(3), state=round_two())
    present = {"great_cthulhu": 3, "crawling_chaos": 3}
    refused(state, assign(present, {"crawling_chaos": 2}), "C13")
    refused(state, assign(present, {"crawling_chaos": 4}), "C13")  # more than present
    refused(state, assign(present, {"crawling_chaos": 2, "great_cthulhu": 2}), "C13")


def test_c13_fewer_units_than_the_total_all_go() -> None:
    state = play(activate("custodian", "yellow_sign", "black_hall"), roll(3), state=round_two())
    refused(state, assign({"great_cthulhu": 2}, {"great_cthulhu": 1}), "C13")
    done = play(assign({"great_cthulhu": 2}, {"great_cthulhu": 2}), state=state)
    assert done.pending is None and done.activation is None


def test_c14_no_control_of_an_abandoned_gate_in_the_custodians_area() -> None:
    state = play(
        gate("black_hall", None),
        activate("custodian", "yellow_sign", "black_hall"),
        roll(1),
        assign({}, {}),
        state=round_two(),
    )
    err = refused(state, gate("black_hall", "great_cthulhu"), "C14")
    assert "the Custodian is in the Black Hall" in str(err)


def test_c14_a_gate_created_there_stays_abandoned() -> None:
    state = play(
        activate("custodian", "yellow_sign", "black_hall"),
        roll(1),
        assign({}, {}),
        state=round_two(),
    )
    refused(state, gate("black_hall", "yellow_sign"), "C14")
    assert play(gate("black_hall", None), state=state).gates["black_hall"].controller is None


def test_c14_a_controlled_gate_stays_controlled_when_it_arrives() -> None:
    state = play(
        gate("black_hall", "great_cthulhu"),
        activate("custodian", "yellow_sign", "black_hall"),
        roll(1),
        assign({}, {}),
        state=round_two(),
    )
    assert state.gates["black_hall"].controller == "great_cthulhu"
    play(gate("black_hall", "great_cthulhu"), state=state)  # still his: no refusal


def test_c14_control_is_free_again_once_it_leaves() -> None:
    state = play(
        activate("custodian", "yellow_sign", "black_hall"),
        roll(1),
        assign({}, {}),
        activate("custodian", "great_cthulhu", "oubliette"),
        roll(1),
        assign({}, {}),
        state=round_two(),
    )
    assert (
        play(gate("black_hall", "yellow_sign"), state=state).gates["black_hall"].controller
        == "yellow_sign"
    )


def test_c15_the_monsters_have_no_battle_commands() -> None:
    # C15: it cannot be battled and has no Unit type: the journal has no command that touches it
    # except activation; the only Battle result it knows is the Bhole's, refused on this map.
    state = play(
        activate("custodian", "yellow_sign", "black_hall"),
        roll(1),
        assign({}, {}),
        state=round_two(),
    )
    err = refused(state, {"type": "bhole", "event": "killed"}, "D10")
    assert str(err) == "D10: that happens only on the Dreamlands map."


def _two_overdue() -> object:
    """E2's table: Great Cthulhu and the Black Goat each hold an Overdue Tome; round 2, Action."""
    factions = ["great_cthulhu", "black_goat", "sleeper"]
    state = play(
        gate(GUARDIAN, "great_cthulhu"),
        gate(LARVAE, "black_goat"),
        gate(GUARDIAN, None),
        gate(LARVAE, None),
        state=new_game(factions),
    )
    return to_round_two_action(state)


def test_c16_needs_an_enemy_with_an_overdue_tome() -> None:
    state = to_round_two_action(play(gate(GUARDIAN, "great_cthulhu"), state=new_game(THREE)))
    err = refused(state, activate("librarian", "yellow_sign", "oubliette"), "C16")
    assert str(err) == "C16: no enemy of the Yellow Sign holds an Overdue Tome."


def test_c16_own_overdue_tome_does_not_count() -> None:
    state = to_round_two_action(
        play(gate(GUARDIAN, "yellow_sign"), gate(GUARDIAN, None), state=new_game(THREE))
    )
    refused(state, activate("librarian", "yellow_sign", "oubliette"), "C16")
    play(activate("librarian", "great_cthulhu", "oubliette"), state=state)  # an enemy may


def test_c16_she_goes_where_such_an_enemy_has_units() -> None:
    state = play(activate("librarian", "sleeper", "oubliette"), roll(2), state=_two_overdue())
    refused(state, assign({"sleeper": 3}, {}), "C16")  # no victim present: undo and choose again
    refused(
        state, assign({"great_cthulhu": 2, "sleeper": 1}, {"sleeper": 2}), "C16"
    )  # not an enemy victim


def test_c16_the_activator_divides_the_whole_total() -> None:
    state = play(activate("librarian", "sleeper", "oubliette"), roll(3), state=_two_overdue())
    present = {"great_cthulhu": 4, "black_goat": 1}
    refused(state, assign(present, {"great_cthulhu": 2}), "C16")
    state = play(assign(present, {"great_cthulhu": 2, "black_goat": 1}), state=state)
    assert state.pending is not None and state.pending.faction == "great_cthulhu"  # type: ignore[union-attr]
    state = play(satisfy("great_cthulhu", doom=2), state=state)
    assert state.pending is not None and state.pending.faction == "black_goat"  # seating order  # type: ignore[union-attr]
    state = play(satisfy("black_goat", units=1), state=state)
    assert state.pending is None and state.activation is None


def test_c17_payment_must_match_the_agony() -> None:
    state = play(
        activate("librarian", "sleeper", "oubliette"),
        roll(3),
        assign({"great_cthulhu": 4}, {"great_cthulhu": 3}),
        state=_two_overdue(),
    )
    refused(state, satisfy("great_cthulhu", units=1), "C17")  # too little
    refused(state, satisfy("great_cthulhu", units=2, doom=2), "C17")  # too much
    refused(state, satisfy("great_cthulhu", units=5), "C17")  # more Units than there
    refused(state, satisfy("great_cthulhu", units=2, tomes=[LARVAE]), "C17")  # not his Tome
    refused(state, satisfy("black_goat", doom=3), "C17")  # not his turn


def test_c17_what_cannot_be_paid_is_ignored() -> None:
    state = play(
        activate("librarian", "sleeper", "oubliette"),
        roll(3),
        assign({"great_cthulhu": 1}, {"great_cthulhu": 3}),
        state=_two_overdue(),
    )
    said = events(state, satisfy("great_cthulhu", units=1, tomes=[GUARDIAN]))
    assert said[0] == (
        "Great Cthulhu eliminates 1 Unit in the Oubliette and returns Guardian under the Lake; "
        "the other 1 Agony is ignored."
    )


def test_c18_no_control_in_the_librarians_area() -> None:
    state = play(
        gate("oubliette", None),
        activate("librarian", "sleeper", "oubliette"),
        roll(1),
        assign({"great_cthulhu": 1}, {"great_cthulhu": 1}),
        satisfy("great_cthulhu", doom=1),
        state=_two_overdue(),
    )
    refused(state, gate("oubliette", "black_goat"), "C18")


def test_c19_a_value_no_face_shows_is_a_misread() -> None:
    state = play(activate("custodian", "yellow_sign", "black_hall"), state=round_two())
    err = refused(state, roll(4), "C19")
    assert str(err) == "C19: the Agony die has no 4."
    refused(state, roll(1, 2), "C19")


def test_c19_setting_other_faces() -> None:
    state = to_round_two_action(new_game(settings={"agony_faces": [1, 2, 2, 3, 3, 4]}))
    state = play(activate("custodian", "yellow_sign", "black_hall"), roll(4), state=state)
    assert state.pending is not None and state.pending.total == 4  # type: ignore[union-attr]
    refused(
        None,
        {
            "type": "new_game",
            "map": "celaeno",
            "factions": THREE,
            "settings": {"agony_faces": [1, 2, 3]},
        },
        "C19",
    )


def test_undo_takes_back_a_misread_die() -> None:
    state = play(activate("custodian", "yellow_sign", "black_hall"), state=round_two())
    rolled = step(state, roll(3)).played
    undone = apply(rolled, Undo())
    assert state_to_json(undone.state) == state_to_json(state)
    assert [str(event) for event in undone.events] == ["Undone: the roll."]


def test_e1_custodian_stays_in_the_black_hall() -> None:
    played, said = replay((EXAMPLES / "celaeno_e1.jsonl").read_text().splitlines(), RULES)
    assert played is not None and played.state.custodian == "black_hall"
    assert [str(e) for e in said[-4:]] == [
        "The Yellow Sign spends its Silence token and leaves the Custodian in the Black Hall (+1).",
        "The Agony die shows 2, +1 for staying: 3 Agony.",
        "Crawling Chaos moves 2 Units from the Black Hall to the Oubliette.",
        "The Yellow Sign moves 1 Unit from the Black Hall to the Oubliette.",
    ]


def test_e2_great_cthulhu_pays_with_a_unit_doom_and_his_tome() -> None:
    played, said = replay((EXAMPLES / "celaeno_e2.jsonl").read_text().splitlines(), RULES)
    assert played is not None
    assert [str(e) for e in said[-5:]] == [
        "The Sleeper spends its Silence token and leaves the Librarian in the Oubliette (+1).",
        "The Agony die shows 3, +1 for staying: 4 Agony.",
        "Great Cthulhu suffers 4 Agony.",
        "Great Cthulhu eliminates 1 Unit in the Oubliette, loses 2 Doom and returns Guardian under the Lake.",
        "Guardian under the Lake goes back to its slot.",
    ]
    tomes = state_to_json(played.state)["tomes"]
    assert tomes[GUARDIAN] == {"holder": None, "overdue": False, "face_up": True}
    assert tomes[LARVAE] == {"holder": "black_goat", "overdue": True, "face_up": True}
