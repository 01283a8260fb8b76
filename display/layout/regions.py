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

from dataclasses import replace

import pygame

from display.layout.flow import LINE_SPACING, Sizes
from rules.values import Record

DEFAULT_BOARD_SHARE = 0.53  # the board's share of the screen when a game does not say
# Sizes are the pixel size asked of the typeface (its em): a capital of the bundled face
# is about 0.7 of it tall, a lower-case x about 0.5 and a kanji about 0.9, so 14 px draws
# capitals about 10 px tall and kanji about 13 px.
MIN_PX_AT_DEFAULT = 18  # at 800×480 no text under about 18 px: read from across a table
FIRST_PX_AT_DEFAULT = 24  # and the question, its choices, the board instructions not under 24
# On a small screen (480×320, 3.5") the floors scale down no further than these: below
# them the words are read at arm's length no more, and the board gives way instead.
SMALL_MIN_PX, SMALL_FIRST_PX = 14, 18
# The prompt's words that come first: set larger than every other word beside them.
FIRST_ROLES = ("question", "refusal", "choice", "instruction")


class Regions(Record):
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
        """Preferred text sizes by role at this scale, the legible floor, and the higher
        floor of the question first. That floor grows slower than the screen beyond
        800×480 (42 px at 1920×1080), so that a large screen still lists 8 choices."""
        s = self.scale
        roles = {"title": 32, "large": 26, "body": 22, "small": 20}
        # the prompt's words, each by what it is
        roles |= {"question": 32, "refusal": 26, "choice": 26, "instruction": 26}
        roles |= {"result": 22, "more": 20}
        least = _least_px(s)
        first = max(SMALL_FIRST_PX, least, round(FIRST_PX_AT_DEFAULT * s**0.7))
        return Sizes(
            {role: round(px * s) for role, px in roles.items()},
            least,
            dict.fromkeys(FIRST_ROLES, first),
        )


def board_sizes(regions: Regions) -> Sizes:
    """The board's sizes where no room holds its words at the screen's floor (a dense
    board with no list beside it on a small screen, a grid being pointed at): its words
    keep the scale's own floor (11 px at 480×320), below the rest's."""
    sizes = regions.sizes()
    if not small_screen(regions.size):
        return sizes
    return replace(sizes, minimum=max(10, round(MIN_PX_AT_DEFAULT * regions.scale)))


def _least_px(scale: float) -> int:
    return max(SMALL_MIN_PX, round(MIN_PX_AT_DEFAULT * scale))


def scale_for(size: tuple[int, int]) -> float:
    width, height = size
    if height > width:
        return min(width / 480, height / 800)
    return min(width / 800, height / 480)


def small_screen(size: tuple[int, int]) -> bool:
    """A landscape screen whose floor is above its scale's (480×320): its footer may need a
    second line, and its board gives way to a list."""
    width, height = size
    scale = scale_for(size)
    return width >= height and _least_px(scale) > round(MIN_PX_AT_DEFAULT * scale)


def regions(
    size: tuple[int, int],
    board_share: float = DEFAULT_BOARD_SHARE,
    lines: tuple[int, int] = (1, 1),
    bars: bool = True,
) -> Regions:
    """Panel rectangles for ``size``; ``board_share`` is the board column's share in landscape;
    ``lines``: the lines the footer's hints and the status take at the floor (a small
    screen's); without ``bars`` the header and the status have no room (a list that needs
    the whole screen: the footer stays, it says what the buttons do)."""
    width, height = size
    scale = scale_for(size)
    pad = max(3, round(6 * scale))
    portrait = height > width
    # Portrait is narrow for its scale: the bars get room for a second line. Each bar has
    # room for a line at the floor, which a small screen's scale alone would not give.
    line = round(_least_px(scale) * LINE_SPACING) + max(2, pad // 3)
    header_h = max(line, round((92 if portrait else 40) * scale))
    hint_lines, status_lines = lines
    status_h = max(status_lines * line, round((52 if portrait else 28) * scale))
    hints_h = max(hint_lines * line, round((72 if portrait else 38) * scale))
    if not bars:
        header_h = status_h = 0
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
