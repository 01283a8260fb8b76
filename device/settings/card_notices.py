"""What the SD card's settings check found, as the companion's notices (``celaeno run
--notice-file``; the check is systemd/image/settings.py)."""

from __future__ import annotations

from pathlib import Path

from rules.text import Text, text

# The card's settings check (systemd/image/settings.py) marks its lines about the data
# partition so; every other line is about the card's celaeno.toml or wifi.txt.
DATA_MARK = "data\t"
# Lines about [network] (device/network/access_point.py): they never refuse the file.
NETWORK_MARK = "network\t"


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


# A data line is "data<TAB>code<TAB>detail": the code is said in the table's language, the
# detail (English, for the system's log) only where no words say more.
DATA_WORDS = {"not-mounted": "device.data_not_mounted", "read-only": "device.data_read_only"}


def journal_in_memory(notices: list[Text]) -> bool:
    """Whether the card's check (its ``settings_notices``) found the data partition
    unusable: this start's games are then kept in memory only (and lost at power off),
    which the status line says."""
    return any(notice.key.startswith("device.data_") for notice in notices)


def _card_notice(line: str) -> Text:
    if line.startswith(DATA_MARK):
        code, _, detail = line.removeprefix(DATA_MARK).strip().partition("\t")
        if code in DATA_WORDS:
            return text(DATA_WORDS[code])
        return text("device.data_unusable", line=detail or code)
    if line.startswith(NETWORK_MARK):
        return text("device.network_setting", line=line.removeprefix(NETWORK_MARK).strip())
    return text("device.settings_refused", line=line.strip())
