"""What the SD card's settings check found, as the companion's notices (``celaeno run
--notice-file``; the check is systemd/image/settings.py)."""

from __future__ import annotations

from pathlib import Path

from rules.text import Text, text

# The card's settings check (systemd/image/settings.py) marks its lines about the data
# partition so; every other line is about the card's celaeno.toml or wifi.txt.
DATA_MARK = "data\t"


def settings_notices(path: str | None) -> list[Text]:
    """The lines of ``--notice-file`` as notices (none when it is absent or unreadable:
    a missing file means the settings were good)."""
    if not path:
        return []
    try:
        lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    return [_card_notice(line) for line in lines if line.strip()]


def _card_notice(line: str) -> Text:
    if line.startswith(DATA_MARK):
        return text("device.data_unusable", line=line.removeprefix(DATA_MARK).strip())
    return text("device.settings_refused", line=line.strip())
