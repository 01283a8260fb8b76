"""Shadows over Normandie on the screen: the battlefield grid, its legend in words, and the
turn with its phases. Its words join the catalogue on import."""

from display.normandie import words as _words
from rules.text import add_words

add_words("normandie.display", _words.EN, _words.JA)
