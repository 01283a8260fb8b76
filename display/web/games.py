"""The phone view's part of each game (its :class:`PhonePart`), named by where it lives.

The page finds a state's part by the name its JSON gives (``"game"``). A part draws
HTML only, so the phone view never loads the screen's games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.parts import Parts
from rules.text import Words
from rules.values import Record

if TYPE_CHECKING:
    from rules.json_types import ProposalsJSON, SecretsJSON, StateJSON

    # any game's state JSON, which each game's part reads as its own type
    GameHtml = Callable[[StateJSON, str], str]
    # A faction's seat on its phone: (state, its secrets, faction, proposals, lang) -> HTML;
    # the secrets and the proposals, too, each game's part reads as its own.
    SeatHtml = Callable[[StateJSON, SecretsJSON, str, ProposalsJSON, str], str]


class PhonePart(Record):
    """- ``html(state, lang)``: the game's header and board as HTML;
    - ``words``: its catalogue sections, added when the game is loaded;
    - ``seat``: a faction's seat on its phone (None: the game's page stays read-only);
    - ``proposed_for``: the ``pending`` kinds whose seat part shows what the table proposes
      (asked of the running companion then, and only then)."""

    game: str
    html: GameHtml
    words: tuple[Words, ...] = ()
    seat: SeatHtml | None = None
    proposed_for: frozenset[str] = frozenset()


PHONE_PARTS = Parts[PhonePart](
    "phone part",
    {
        "cthulhu_wars": "display.cthulhu_wars.web:PHONE_PART",
        "normandie": "display.normandie.web:PHONE_PART",
    },
)


def game_html(
    state: StateJSON,
    lang: str,
    parts: Parts[PhonePart] = PHONE_PARTS,
) -> str:
    """The state's game header and board."""
    return parts.get(state["game"]).html(state, lang)
