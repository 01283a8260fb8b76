"""The screen (pygame): draws a given state and prompt, knows nothing else. Its words
(labels, the status line, the buttons' names) join the catalogue on import."""

from display import words as _words
from rules.text import Words, add_words

add_words(Words("display", _words.EN, _words.JA))
