"""The screen (pygame): draws a given state and prompt, knows nothing else. Its words
(labels, the status line, the buttons' names) are in ``display.words``; the app adds them to
the catalogue at start (``device.words.add_layer_words``)."""
