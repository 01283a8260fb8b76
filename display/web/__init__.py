"""The phone view page: its shell, style sheet and script (served by ``device/web``)."""
