"""Where each panel goes, for any screen size: fixed regions, content shrinks to fit.

Regions depend only on the surface size, never on content, so a changed panel can be
redrawn alone (dirty regions). Sizes scale with the screen: ``scale`` is 1 at the
default 800×480 (official 7" display), where no text is set below 18 px.

Landscape::

    ┌──────────── header: round + phase track ────────────┐
    │ board: factions, Tomes,   │ prompt: error, title,    │
    │ monsters / Citadels       │ result, choices;         │
    │                           │ below it, last events    │
    ├──────────── hints: what each button does ────────────┤
    └──────────── status: reader, journal ─────────────────┘

Portrait stacks header, prompt (with events), board, hints, status.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from display.flow import Sizes

DEFAULT_BOARD_SHARE = 0.53  # the board's share of the screen when a game does not say
MIN_PX_AT_DEFAULT = 18  # at 800×480 no text under about 18 px: read from across a table


@dataclass(frozen=True)
class Regions:
    size: tuple[int, int]
    scale: float
    pad: int
    header: pygame.Rect
    board: pygame.Rect
    prompt: pygame.Rect
    hints: pygame.Rect
    status: pygame.Rect

    def panels(self) -> dict[str, pygame.Rect]:
        return {
            "header": self.header,
            "board": self.board,
            "prompt": self.prompt,
            "hints": self.hints,
            "status": self.status,
        }

    def sizes(self) -> Sizes:
        """Preferred text sizes by role at this scale, and the legible floor."""
        s = self.scale
        roles = {"title": 32, "large": 26, "body": 22, "small": 20}
        return Sizes(
            {role: round(px * s) for role, px in roles.items()},
            max(10, round(MIN_PX_AT_DEFAULT * s)),
        )


def scale_for(size: tuple[int, int]) -> float:
    width, height = size
    if height > width:
        return min(width / 480, height / 800)
    return min(width / 800, height / 480)


def regions(size: tuple[int, int], board_share: float = DEFAULT_BOARD_SHARE) -> Regions:
    """Panel rectangles for ``size``; ``board_share`` is the board column's share in landscape."""
    width, height = size
    scale = scale_for(size)
    pad = max(3, round(6 * scale))
    portrait = height > width
    # Portrait is narrow for its scale: the bars get room for a second line.
    header_h = round((92 if portrait else 40) * scale)
    status_h = round((52 if portrait else 28) * scale)
    hints_h = round((72 if portrait else 38) * scale)
    header = pygame.Rect(0, 0, width, header_h)
    status = pygame.Rect(0, height - status_h, width, status_h)
    hints = pygame.Rect(0, status.top - hints_h, width, hints_h)
    body = pygame.Rect(0, header.bottom, width, hints.top - header.bottom)
    if portrait:
        board, prompt = _portrait(body, board_share)
    else:
        board, prompt = _landscape(body, board_share)
    return Regions(size, scale, pad, header, board, prompt, hints, status)


def _landscape(body: pygame.Rect, board_share: float) -> tuple[pygame.Rect, pygame.Rect]:
    board_w = round(body.w * board_share)
    board = pygame.Rect(body.x, body.y, board_w, body.h)
    prompt = pygame.Rect(board.right, body.y, body.w - board_w, body.h)
    return board, prompt


def _portrait(body: pygame.Rect, board_share: float) -> tuple[pygame.Rect, pygame.Rect]:
    prompt_h = round(body.h * (1 - board_share))
    prompt = pygame.Rect(body.x, body.y, body.w, prompt_h)
    board = pygame.Rect(body.x, prompt.bottom, body.w, body.h - prompt_h)
    return board, prompt
