"""Starting a game: ``new_game`` (T2–T4, C4, I1, D7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rules.cthulhu_wars.commands import NewGame, Settings
from rules.cthulhu_wars.expansions import expansion
from rules.cthulhu_wars.factions import FACTIONS, GREAT_CTHULHU, MAX_PLAYERS, MIN_PLAYERS
from rules.cthulhu_wars.maps.boards import map_spec
from rules.cthulhu_wars.outcome import Applied
from rules.cthulhu_wars.state import GameState
from rules.errors import RulesError
from rules.text import text
from rules.values import frozen

if TYPE_CHECKING:
    from rules.cthulhu_wars.scoreboard_record import Scoreboard

CTHULHU_WARS_MAPS = ("celaeno", "dreamlands")
SIDES = (3, 5)


def start(cmd: NewGame) -> Applied:
    if cmd.map not in CTHULHU_WARS_MAPS:
        raise RulesError("T4", "error.unknown_map", map=cmd.map)
    _check_factions(cmd.factions)
    settings = cmd.settings or Settings()
    _check_settings(settings)
    sides = _sides(cmd.map, len(cmd.factions), cmd.sides)
    state = GameState(
        map=cmd.map,
        sides=frozen(sides),
        factions=cmd.factions,
        settings=settings,
        scoreboard=_scoreboard(cmd, settings),
    )
    state = expansion(cmd.map).setup(state)  # C4, I1; D7
    board_names = [text(f"board.{board}") for board in sides]
    event = text(
        "event.new_game",
        map=text(f"map.{cmd.map}"),
        factions=[text(f"faction.{f}") for f in cmd.factions],
        boards=[
            text("event.board_side", board=b, side=s)
            for b, s in zip(board_names, sides.values(), strict=True)
        ],
    )
    return state, [event]


def _check_factions(factions: tuple[str, ...]) -> None:
    if not MIN_PLAYERS <= len(factions) <= MAX_PLAYERS:  # T4
        raise RulesError("T4", "error.player_count", count=len(factions))
    for faction in factions:
        if faction not in FACTIONS:
            raise RulesError("T3", "error.unknown_faction", faction=faction)
    if len(set(factions)) != len(factions):
        raise RulesError("T3", "error.faction_twice")


def _scoreboard(cmd: NewGame, settings: Settings) -> Scoreboard | None:
    """K1, K2: round 1's First Player is Great Cthulhu's when it plays, else the first listed."""
    if not settings.scoreboard:
        if cmd.first_player is not None or cmd.direction is not None:
            raise RulesError("I12", "error.first_player_needs_scoreboard")
        return None
    from rules.cthulhu_wars.scoreboard_record import new_scoreboard  # only a game that keeps it

    default = GREAT_CTHULHU if GREAT_CTHULHU in cmd.factions else cmd.factions[0]
    first = cmd.first_player or default
    if first not in cmd.factions:
        raise RulesError("K2", "error.faction_not_playing", faction=first)
    return new_scoreboard(cmd.factions, first, cmd.direction or "clockwise")


def _check_settings(settings: Settings) -> None:
    faces = settings.agony_faces
    if len(faces) != 6 or not all(1 <= face <= 6 for face in faces):  # C19
        raise RulesError("C19", "error.agony_faces", faces=", ".join(map(str, faces)))


def _sides(map_name: str, players: int, given: Mapping[str, int] | None) -> dict[str, int]:
    """T4/D1: 3 players both 3-player sides, 5 both 5-player, 4 one of each."""
    boards = map_spec(map_name).boards
    if given is None:
        first, second = {3: (3, 3), 4: (5, 3), 5: (5, 5)}[players]
        return {boards[0]: first, boards[1]: second}
    if set(given) != set(boards):
        raise RulesError("T4", "error.sides_boards", boards=" / ".join(boards))
    if any(side not in SIDES for side in given.values()):
        raise RulesError("T4", "error.sides_values")
    wanted = {3: [3, 3], 4: [3, 5], 5: [5, 5]}[players]
    if sorted(given.values()) != wanted:
        raise RulesError("T4", "error.sides_players", count=players)
    return {board: given[board] for board in boards}
