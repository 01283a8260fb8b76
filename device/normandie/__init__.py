"""Shadows over Normandie on the device: the battlefield controller, its menus and wizards.
Its words join the catalogue on import."""

from device.normandie import words as _words
from rules.text import add_words

add_words("normandie.device", _words.EN, _words.JA)
