"""The app: the main loop, controllers, journal, configuration, command line and systemd
notifications. Its words (prompts, notices, hints) join the catalogue on import."""

from device import words as _words
from rules.text import Words, add_words

add_words(Words("device", _words.EN, _words.JA))
