"""Cthulhu Wars on the device: the controller, activations, decisions, menus, new game.
Its words join the catalogue on import."""

from device.cthulhu_wars import words as _words
from rules.text import add_words

add_words("cthulhu_wars.device", _words.EN, _words.JA)
