"""Text as the screen and the phone page both set it: runs of one colour in paragraphs.

Plain values with no pygame in them, so the phone view (``display/web``) can turn a
game's paragraphs into HTML without loading the screen's drawing code.
"""

from __future__ import annotations

from display.ink import colours
from display.ink.colours import Colour
from rules.values import Record


class Span(Record):
    """A run of text of one colour, optionally led by an icon and boxed as a chip."""

    text: str = ""
    colour: Colour = colours.TEXT
    icon: str | None = None
    icon_colour: Colour | None = None
    chip: Colour | None = None  # background of a boxed span (implies atomic)
    atomic: bool = False


class Para(Record):
    """A paragraph: spans set in one size (``role``), wrapped to the box width."""

    spans: tuple[Span, ...]
    role: str = "body"
    indent: float = 0.0  # left indent of every line, in font sizes
    gap_before: float = 0.2  # extra space above, in font sizes
