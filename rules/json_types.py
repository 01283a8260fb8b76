"""JSON values, and what every game's state JSON starts with, as types for the type checker.

Imported only under ``typing.TYPE_CHECKING`` (``tests/test_typed.py`` checks it), so a start
never loads it and the types cost nothing at run time. Each game's own state JSON is typed
beside its ``JOURNAL.md`` (``rules/<game>/json_types.py``).
"""

from __future__ import annotations

from typing import TypeAlias, TypedDict

# Every value JSON can write: what json.loads gives and json.dumps takes.
JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
JSONObject: TypeAlias = "dict[str, JSON]"


class StateJSON(TypedDict):
    """The keys every game's state JSON has (rules/game.py): the format's version and the
    game it is of, by which every layer finds that game's part. The rest is the game's own
    (``rules/cthulhu_wars/json_types.py``, ``rules/normandie/json_types.py``)."""

    version: int
    game: str


class SecretsJSON(TypedDict):
    """What only one seat's phone may see of a game (``rules.game.Game.secrets``), never in
    its state JSON: no key of every game's; each game's own (``CthulhuWarsSecretsJSON``),
    none for a game that keeps no secret."""


class ProposalsJSON(TypedDict):
    """What a game's screens propose for the decisions a seat's phone answers, for its page
    to propose the same (the companion's controller says, the phone view asks it): no key
    of every game's; each game's own (``CthulhuWarsProposalsJSON``), none for a game
    without seats."""
