"""Who rolled: a roll notice reworded when a smart die, not the reader, rolled it.

Apart from :mod:`device.dice.table` because every table words its roll notices this way,
smart dice on or off, and the app should not load the Bluetooth dice to do it.
"""

from __future__ import annotations

from rules.text import Text, text

_REWORDED = {"notice.roll_not_wanted": "dice.roll_not_wanted", "notice.misread": "dice.misread"}


def said_by(notice: Text, source: str) -> Text:
    """A reader's words about a roll, reworded when a smart die rolled it ("Red rolled 4: …")."""
    key = _REWORDED.get(notice.key)
    if key is None or source in ("reader", "keys"):
        return notice
    die = ", ".join(part.partition(":")[2] or part for part in source.split(","))
    return text(key, die=die, **notice.params)
