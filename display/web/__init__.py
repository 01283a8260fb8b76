"""The phone view's page: its shell, style sheet and script (served by ``device/web``).
Its words join the catalogue on import."""

from display.web import words as _words
from rules.text import Words, add_words

add_words(Words("display.web", _words.EN, _words.JA))
