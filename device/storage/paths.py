"""Where the device keeps its files: the state directory and the configuration file.

Under systemd the unit's ``StateDirectory=celaeno`` and ``ConfigurationDirectory=celaeno``
make systemd create the directories and pass them in ``$STATE_DIRECTORY`` and
``$CONFIGURATION_DIRECTORY``; on a desktop the XDG base directories apply. Functions take
the environment as a parameter so that tests never touch the real one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

APP_NAME = "celaeno"
CONFIG_FILE_NAME = "celaeno.toml"
DATABASE_FILE_NAME = "journal.sqlite3"
# Where install.sh puts the configuration (and ConfigurationDirectory= points to).
SYSTEM_CONFIG_PATH = Path("/etc") / APP_NAME / CONFIG_FILE_NAME


# The service's journal (the unit's StateDirectory=celaeno), once it has run.
SYSTEM_STATE_DIR = Path("/var/lib") / APP_NAME


def state_dir(
    configured: str | os.PathLike[str] = "",
    env: Mapping[str, str] | None = None,
    installed: Path = SYSTEM_STATE_DIR,
) -> Path:
    """The directory for the journal database.

    In order: the configured directory (``--state-dir`` or ``device.state_dir``), systemd's
    ``$STATE_DIRECTORY``, ``$XDG_DATA_HOME/celaeno`` when that variable is set, the
    installed service's ``/var/lib/celaeno`` when it exists (so the owner's own
    ``celaeno export`` on the Pi reads the games the service keeps), ``~/.local/share/celaeno``.
    """
    env = os.environ if env is None else env
    if str(configured):
        return directory(str(configured))
    systemd_dir = _first_of_list(env.get("STATE_DIRECTORY", ""))
    if systemd_dir:
        return Path(systemd_dir)
    xdg = env.get("XDG_DATA_HOME", "")
    if not (xdg and Path(xdg).is_absolute()) and installed.is_dir():
        return installed
    return _xdg_home(env, "XDG_DATA_HOME", Path(".local") / "share") / APP_NAME


class BadPath(ValueError):
    """A directory name that cannot name a directory; the message says why."""


def directory(name: str) -> Path:
    """``name`` (``--state-dir``, ``device.state_dir``) as a path, ``~`` expanded.

    The one check for a configured directory, shared by check-config and every command:
    a NUL or another control character cannot be in a file name the system accepts (or
    shows), and ``~user`` needs that user to exist.
    """
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in name):
        raise BadPath("a directory name cannot hold control characters (such as NUL)")
    try:
        path = Path(name).expanduser()
    except RuntimeError:  # pathlib: "Could not determine home directory."
        user = name[1:].partition("/")[0]
        raise BadPath(f"there is no user {user!r} for {name.partition('/')[0]!r}") from None
    _require_no_file_in_the_way(path)
    return path


def _require_no_file_in_the_way(path: Path) -> None:
    """The directory, or the nearest of its parents that exists, must be a directory:
    a file there (``state_dir = "/etc/hostname"``) can never become the journal's home.
    A directory that does not exist yet is fine (the journal creates it)."""
    for candidate in (path, *path.parents):
        try:
            is_directory = candidate.is_dir()
            exists = is_directory or candidate.exists()
        except OSError:  # e.g. a parent we may not search: the journal says so itself
            return
        if is_directory:
            return
        if exists:
            what = "is a file, not a directory" if candidate == path else "is not a directory"
            raise BadPath(f"{candidate} {what}")


def database_path(state_directory: Path) -> Path:
    return state_directory / DATABASE_FILE_NAME


def config_path(
    given: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None
) -> Path | None:
    """The configuration file to read, or None when there is none (all defaults apply).

    A file named on the command line or in ``$CELAENO_CONFIG`` is returned even if it
    does not exist, so that loading it reports the missing file instead of silently
    running on defaults. The usual places are only used when the file is there:
    ``$CONFIGURATION_DIRECTORY`` (systemd), ``$XDG_CONFIG_HOME/celaeno``, ``/etc/celaeno``.
    """
    env = os.environ if env is None else env
    explicit = given if given is not None else env.get("CELAENO_CONFIG", "")
    if str(explicit):
        return Path(explicit).expanduser()
    for candidate in _config_candidates(env):
        if candidate.is_file():
            return candidate
    return None


def _config_candidates(env: Mapping[str, str]) -> list[Path]:
    candidates = []
    systemd_dir = _first_of_list(env.get("CONFIGURATION_DIRECTORY", ""))
    if systemd_dir:
        candidates.append(Path(systemd_dir) / CONFIG_FILE_NAME)
    candidates.append(
        _xdg_home(env, "XDG_CONFIG_HOME", Path(".config")) / APP_NAME / CONFIG_FILE_NAME
    )
    candidates.append(SYSTEM_CONFIG_PATH)
    return candidates


def _first_of_list(value: str) -> str:
    # systemd passes one path per configured directory, separated by colons.
    return value.split(":")[0]


def _xdg_home(env: Mapping[str, str], variable: str, fallback: Path) -> Path:
    # The XDG spec says a relative value is invalid and must be ignored.
    value = env.get(variable, "")
    if value and Path(value).is_absolute():
        return Path(value)
    home = env.get("HOME") or str(Path.home())
    return Path(home) / fallback
