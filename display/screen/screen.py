"""The screen: draws a :class:`~display.view.View` on a pygame surface, only what changed.

Usage by the app::

    screen = Screen(pygame.display.set_mode((800, 480)))
    rects = screen.render(view)        # [] when nothing changed
    if rects:
        pygame.display.update(rects)
    index = screen.choice_at(tap)      # a tap on a choice, or None

The first render draws everything; later ones redraw only the panels whose part of
the view changed (see :mod:`display.panels.shared`), so an idle table costs no drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from display.games import SCREENS
from display.ink import colours, typeface
from display.layout import flow
from display.layout.canvas import Canvas, Label
from display.layout.regions import DEFAULT_BOARD_SHARE, Regions, board_sizes, regions, small_screen
from display.panels import prompt, qr
from display.panels import shared as panels
from display.panels.game_screen import GameScreen
from display.view import View
from rules.parts import Parts

if TYPE_CHECKING:
    from rules.json_types import StateJSON

_NOTHING = object()
# A grid with a cursor beside a list on a small screen: the narrower shares it may take.
CONDENSED = (0.5, 0.42)
# A QR code's words (an address, a passphrase) at the floor: the wider shares it may take.
WIDENED = (0.6, 0.66)
# A small screen's board with no list beside it, cut at the floor: the wider shares it
# may take (its words are what the table reads then).
WIDER = (0.6, 0.66, 0.72)
# A board condensed beside a list (GameScreen.condensed): the shares it may take, down to
# a column a table of figures still reads in beside a list of long lines.
STANDINGS = (0.5, 0.42, 0.36, 0.3, 0.25)


class Screen:
    """One surface and what is drawn on it, nothing of the game's life.

    It owns: the surface (the app swaps in a resized window's), the layout of its regions
    for the game's board share, the game's panels (chosen by the state's ``"game"``), and
    what each panel last drew — the key of its part of the view, its labels and, for the
    prompt, where each choice is — so that a render redraws only what changed and a tap
    finds its choice or grid space. Everything it shows comes in the :class:`View`.
    """

    def __init__(self, surface: pygame.Surface, screens: Parts[GameScreen] = SCREENS) -> None:
        typeface.init()
        self.surface = surface
        self.screens = screens
        self._share = DEFAULT_BOARD_SHARE
        self._regions = regions(surface.get_size(), self._share)
        self._keys: dict[str, object] = {}
        self._labels: dict[str, list[Label]] = {}
        self._marks: dict[str, list[Label]] = {}
        self._choices: list[tuple[int, pygame.Rect]] = []
        self._game: GameScreen | None = None
        self._panels: dict[str, panels.Panel] = {}
        self._state: StateJSON | None = None
        self._asked: object = None  # what the last list share was measured for
        self._list_share = DEFAULT_BOARD_SHARE
        self._bars = True  # the header and the status shown (not a list needing the screen)
        self._condensed: panels.Panel | None = None  # what the board condensed to beside a list
        self._board_drawn: panels.Panel | None = None  # the board panel in _panels
        # the board's words at the scale's own floor: no room holds it at the screen's
        self._least_board = False
        self._drawn_least = False  # what the board on screen was drawn at
        self._hint_lines = (1, 1)
        self._hints_asked: object = None  # the hints the footer's lines were measured for
        self._hints_measured: tuple[int, int] = (1, 1)

    @property
    def regions(self) -> Regions:
        return self._regions

    def render(self, view: View) -> list[pygame.Rect]:
        """Draw the panels whose part of ``view`` changed; return the rectangles drawn."""
        game = self.screens.get(view.state["game"])
        size = self.surface.get_size()
        lines = self._hint_lines_for(view)
        share = self._share_for(game, view, lines)
        bars, least = self._bars, self._least_board
        if least != self._drawn_least:  # the board's words at another floor
            self._drawn_least = least
            self.invalidate()
        board = self._condensed or game.panels["board"]
        if game is not self._game or board is not self._board_drawn:
            # another game, or its board condensed (to what the state needs: the phase
            # can change it): the board draws something else; it shows the prompt's QR
            # code instead while the prompt has one
            self._game, self._board_drawn = game, board
            self._panels = {**game.panels, "board": qr.with_qr(board)}
            self.invalidate()
        if (size, share, lines, bars) != (self._regions.size, self._share, self._hint_lines,
                                          self._regions.header.h > 0):  # fmt: skip
            self._regions, self._share = regions(size, share, lines, bars), share
            self._hint_lines = lines
            self.invalidate()
        panels = self._panels
        self._state = view.state
        if not self._keys:
            self.surface.fill(colours.BACKGROUND)
        dirty: list[pygame.Rect] = []
        for name, panel in panels.items():
            key = panel.key(view)
            if self._keys.get(name, _NOTHING) == key:
                continue
            dirty.append(self._draw(name, view))
            self._keys[name] = key
        return dirty

    def _hint_lines_for(self, view: View) -> tuple[int, int]:
        """The lines the footer's hints and the status take: one, or on a small screen two
        when they do not fit one at its floor; measured once per hints and status."""
        size = self.surface.get_size()
        if not small_screen(size):
            return (1, 1)
        asked = (size, view.prompt.hints, panels.status_key(view), view.lang)
        if self._hints_asked != asked:
            self._hints_asked = asked
            plain = regions(size)
            sizes, width = plain.sizes(), size[0] - 2 * plain.pad
            one = round(sizes.minimum * flow.LINE_SPACING)
            status = flow.layout(panels.status_least(view), width, sizes, 0.0).height
            self._hints_measured = (
                panels.hint_lines(view, width, sizes),
                1 if status <= one else 2,
            )
        return self._hints_measured

    def _share_for(self, game: GameScreen, view: View, hint_lines: tuple[int, int]) -> float:
        """The game's board share, or none at all while a list needs the whole width to
        show its fewest choices (the History's long lines), or, on a small screen, while
        a list is open beside a board that would be cut at its floor (it comes back
        whole when the list closes); measured once per prompt and board, so that an
        idle table measures nothing. A list that needs more than the whole width has the
        header's and the status's room too (:attr:`_bars`)."""
        size = self.surface.get_size()
        share = game.board_share(view.state)
        small = small_screen(size) and bool(view.prompt.choices)
        board = game.panels["board"].key(view) if small else None
        offered = game.condensed(
            view.state, view.prompt.about
        )  # what the board may condense to changes it too
        asked = (size, share, hint_lines, prompt.key(view), board, offered)
        if self._asked != asked:
            self._asked = asked
            self._condensed, self._least_board = None, False
            self._list_share, self._bars = self._list_room(game, view, share, hint_lines)
        return self._list_share

    def _list_room(
        self, game: GameScreen, view: View, share: float, hint_lines: tuple[int, int]
    ) -> tuple[float, bool]:
        """The board's share and whether the bars are shown, the roomiest for the board
        in which the list shows its fewest choices (and the board is not cut)."""
        size = self.surface.get_size()
        if view.prompt.qr:
            return self._qr_room(game, view, share, hint_lines)
        small = small_screen(size) and bool(view.prompt.choices)
        # a grid with a cursor on it is where the answer is: it never steps aside; it and a
        # board the game keeps (GameScreen.keeps) condense (narrower, then at the scale's
        # floor) on a small screen, the kept one stepping aside only for a list that needs
        # the whole width; a board with standings condenses to them (to the first of what
        # GameScreen.condensed offers that is whole) before it steps aside
        cursor = "cursor" in view.state
        keeps = cursor or game.keeps(view.state)
        offered = () if keeps or share == 0 else game.condensed(view.state, view.prompt.about)
        tries: list[tuple[float, bool, panels.Panel | None]] = [(share, True, None)]
        steps = [step for step in STANDINGS if step < share]
        # before it steps aside, a condensed board and the list have the bars' room too
        for panel in offered:
            tries += [(step, bars, panel) for bars in (True, False) for step in steps]
        if share > 0 and keeps and small:
            tries += [(step, True, None) for step in CONDENSED if step < share]
            # before its words are cut, the grid has the bars' room too
            tries += [(each, False, None) for each, _, _ in tries]
        if share > 0 and small_screen(size) and not view.prompt.choices:
            # no list: the board is what is read; it widens, then has the bars' room
            wider = [share, *(step for step in WIDER if step > share)]
            tries = [(each, bars, None) for bars in (True, False) for each in wider]
        # the board steps aside (a kept one only for a list that needs the whole width)
        aside: list[tuple[float, bool, panels.Panel | None]] = []
        if share > 0 and not cursor and view.prompt.choices:
            aside.append((0.0, True, None))
        for each, bars, condensed in tries + (aside if not keeps else []):
            if self._fits(game, view, hint_lines, (each, bars, condensed)):
                self._condensed = condensed
                return each, bars
        # the kept board, and a board with no list: their words at the scale's own floor
        least = small_screen(size) and share > 0 and (keeps or not view.prompt.choices)
        for each, bars, _ in tries if least else ():
            laid = regions(size, each, hint_lines, bars)
            if not prompt.needs_room(self._canvas("prompt", laid.prompt), view):
                self._least_board = True
                return each, bars
        if not view.prompt.choices:
            self._least_board = least
            return share, True
        for each, bars, _ in aside if keeps else ():
            laid = regions(size, each, hint_lines, bars)
            if not prompt.needs_room(self._canvas("prompt", laid.prompt), view):
                return each, bars
        # the list needs more than that: the header's and the status's room too
        return (aside or tries)[-1][0], False

    def _fits(
        self,
        game: GameScreen,
        view: View,
        hint_lines: tuple[int, int],
        room: tuple[float, bool, panels.Panel | None],
    ) -> bool:
        """Whether the list shows its fewest choices in ``room`` (a share, the bars, the
        condensed board or None) and, on a small screen beside a list or alone, the board
        is whole at the screen's floor."""
        size = self.surface.get_size()
        each, bars, condensed = room
        laid = regions(size, each, hint_lines, bars)
        if prompt.needs_room(self._canvas("prompt", laid.prompt), view):
            return False
        if condensed is not None:
            return not self._cut(condensed, view, laid)
        if each == 0 or not small_screen(size):
            return True
        return not self._board_cut(game, view, laid)

    def _qr_room(
        self, game: GameScreen, view: View, share: float, hint_lines: tuple[int, int]
    ) -> tuple[float, bool]:
        """A QR code is the answer, not the list: it never steps aside, it widens until
        the words under it (the whole address, the passphrase) are not cut at the floor;
        the list beside it has the header's and the status's room if it needs them."""
        size = self.surface.get_size()
        # the code is drawn in the board's place: a board's wider share is no code's need
        share = min(share, WIDENED[-1])
        shares = [share, *(step for step in WIDENED if step > share)]
        for each in shares:
            laid = regions(size, each, hint_lines)
            scratch = Canvas(pygame.Surface(size), "board", laid.board, laid.sizes(), laid.pad)
            if qr.whole(scratch, view):
                break
        if prompt.needs_room(self._canvas("prompt", laid.prompt), view):
            return each, False
        return each, True

    def _board_cut(self, game: GameScreen, view: View, laid: Regions) -> bool:
        """Whether the game's board (or the prompt's QR code in its place) would be cut in
        ``laid``'s board panel (drawn aside)."""
        return self._cut(qr.with_qr(game.panels["board"]), view, laid)

    def _cut(self, board: panels.Panel, view: View, laid: Regions) -> bool:
        """Whether ``board`` would be cut, or leave words out, in ``laid``'s board panel
        (drawn aside), at the screen's floor."""
        surface = pygame.Surface(laid.size)
        scratch = Canvas(surface, "board", laid.board, laid.sizes(), laid.pad)
        board.draw(scratch, view)
        return scratch.dropped or any(
            label.truncated or not laid.board.contains(label.rect) for label in scratch.labels
        )

    def invalidate(self) -> None:
        """Forget what is on screen: the next render draws everything (e.g. after a new window)."""
        self._keys.clear()

    def choice_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the choice drawn at ``pos`` (a tap), or None."""
        for index, rect in self._choices:
            if rect.collidepoint(pos):
                return index
        return None

    def space_at(self, pos: tuple[int, int]) -> str | None:
        """The grid space drawn at ``pos`` ("C5") on a game with a grid, or None."""
        if self._game is None or self._state is None:
            return None
        return self._game.space_at(self._regions.board, self._regions.pad, self._state, pos)

    def shown_choices(self) -> list[int]:
        """Indexes of the choices on screen (a long menu shows a window around the selection)."""
        return [index for index, _rect in self._choices]

    def labels(self) -> list[Label]:
        """Every piece of text on screen with the box it had to fit (for tests and checks)."""
        return [label for name in self._panel_names() for label in self._labels.get(name, [])]

    def marks(self) -> list[Label]:
        """Text drawn as part of a picture (see :attr:`Canvas.marks`), for tests and checks."""
        return [mark for name in self._panel_names() for mark in self._marks.get(name, [])]

    def _panel_names(self) -> list[str]:
        return list(self._game.panels) if self._game else []

    def _panel(self, name: str) -> panels.Panel:
        return self._panels[name]  # render chose the game before drawing

    def _canvas(self, name: str, rect: pygame.Rect) -> Canvas:
        least = name == "board" and self._least_board
        sizes = board_sizes(self._regions) if least else self._regions.sizes()
        return Canvas(self.surface, name, rect, sizes, self._regions.pad)

    def _draw(self, name: str, view: View) -> pygame.Rect:
        rect = self._regions.panels()[name]
        if rect.w <= 0 or rect.h <= 0:  # the board while a list has its room: nothing
            self._labels[name] = []
            self._marks[name] = []
            return rect.copy()
        canvas = self._canvas(name, rect)
        previous = self.surface.get_clip()
        self.surface.set_clip(rect)
        self._panel(name).draw(canvas, view)
        self.surface.set_clip(previous)
        self._labels[name] = canvas.labels
        self._marks[name] = canvas.marks
        if name == "prompt":
            self._choices = canvas.choice_rects
        return rect.copy()
