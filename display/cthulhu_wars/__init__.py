"""Cthulhu Wars on the screen: the round and phases, and the board of the Library at
Celaeno or the Dreamlands. Its words join the catalogue on import."""

from display.cthulhu_wars import words as _words
from rules.text import add_words

add_words("cthulhu_wars.display", _words.EN, _words.JA)
