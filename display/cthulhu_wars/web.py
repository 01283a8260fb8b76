"""Cthulhu Wars on the phone view: the round and phase, then the screen's board words.

The rows are :func:`display.board.content`, the very paragraphs the table's screen
draws (factions and their Silence tokens, the Tomes with holder, Overdue and face, the
Custodian and the Librarian; on Dreamlands the Citadels, Gates, Bhole and Zoogs),
so the phone cannot say anything the screen does not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from display.cthulhu_wars import board
from display.cthulhu_wars.words import SCOREBOARD_WORDS, WORDS
from display.web.games import PhonePart
from display.web.html import paras_html, phase_track_html
from rules.cthulhu_wars.state import PHASES, cthulhu_wars_json
from rules.text import translate, words_on_use

if TYPE_CHECKING:
    from rules.cthulhu_wars.json_types import (
        CthulhuWarsProposalsJSON,
        CthulhuWarsSecretsJSON,
        CthulhuWarsStateJSON,
    )
    from rules.json_types import ProposalsJSON, SecretsJSON, StateJSON


def header_html(state: CthulhuWarsStateJSON, lang: str) -> str:
    """Round N, then the phases of a round (T1) with the current one marked ▶ and lit."""
    title = translate("screen.round", lang, n=state.get("round", "?"))
    phases = [(phase, translate(f"phase.{phase}", lang)) for phase in PHASES]
    return phase_track_html(title, phases, state.get("phase"))


def game_html(any_state: StateJSON, lang: str) -> str:
    state = cthulhu_wars_json(any_state)
    return header_html(state, lang) + scores_html(state, lang) + board_html(state, lang)


def scores_html(state: CthulhuWarsStateJSON, lang: str) -> str:
    """The scoreboard, for a game that keeps one (I12); loaded only then."""
    if not state.get("scoreboard"):
        return ""
    from display.cthulhu_wars.scoreboard.web import scoreboard_html

    return scoreboard_html(state, lang)


def board_html(state: CthulhuWarsStateJSON, lang: str) -> str:
    found = board.content(state, lang)
    columns = "".join(f'<div class="column">{paras_html(column)}</div>' for column in found.columns)
    grid = f'<div class="columns">{columns}</div>' if columns else ""
    return f'<section class="board">{paras_html(found.top)}{grid}</section>'


def seat_part(
    any_state: StateJSON,
    secrets: SecretsJSON,
    faction: str,
    proposals: ProposalsJSON,
    lang: str,
) -> str:
    """A faction's seat on its phone (I13, I14): loaded by the first seat's page. The state
    says its game; the secrets and the proposals are the same game's (its ``Game.secrets``,
    its controller's), which the page asks for only beside its state."""
    from display.cthulhu_wars.seat.part import seat_html

    state = cthulhu_wars_json(any_state)
    own_secrets = cast("CthulhuWarsSecretsJSON", secrets)
    return seat_html(state, own_secrets, faction, cast("CthulhuWarsProposalsJSON", proposals), lang)


SEAT_WORDS = words_on_use("cthulhu_wars.seat", "display.cthulhu_wars.seat.words")
PHONE_PART = PhonePart(
    game="cthulhu_wars",
    html=game_html,
    words=(WORDS, SCOREBOARD_WORDS, SEAT_WORDS),
    seat=seat_part,
    proposed_for=frozenset({"gather_power", "ritual"}),  # K3's lines, K8's Great Old Ones
)
