"""The phone view's page: its shell, style sheet and script (served by ``device/web``).
Its words are in ``display.web.words``; ``celaeno web`` adds them to the catalogue at start."""
