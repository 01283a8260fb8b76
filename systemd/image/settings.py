#!/usr/bin/python3
"""The card's settings at each boot (celaeno-settings.service; systemd/image/build.py).

- ``celaeno.toml`` on the boot partition is checked with ``celaeno check-config``, the same
  check the companion makes. A good file becomes the last good one on the data partition
  (which the service reads); a bad or missing one is not used, and its first problem goes
  in one line to the problem file, which the companion shows on its screen
  (``celaeno run --notice-file``). The last good settings stay in force. A file that is
  byte for byte the last good one, found good by this same image (its build id), is not
  checked again; a new image (an update) checks it once more.
- ``wifi.txt`` (TOML: ``country``, ``ssid``, ``password``) becomes wpa_supplicant's
  configuration in /run (the root is read-only); a mistake there is one line too.
- ``[network]`` in the settings in force (the access point: device/network/hotspot.py) is read by
  the companion's network step, which keeps the access point's passphrase on the data
  partition and writes its plan to /run (celaeno-hotspot.service carries it out, beside
  the companion, never before it). Its mistakes are lines of their own: they never refuse
  the file, and nothing it does can stop the companion from starting.
- The settings in force this boot are copied to /run (``/etc/celaeno/celaeno.toml`` links
  there): the last good ones from the data partition, or, when the data partition cannot
  be used (not mounted: damaged beyond what the boot's fsck repairs; or read-only after an
  error), the boot partition's file if it is good.
- The service's state directory (/var/lib/celaeno) is put in place here, not in fstab: the
  data partition's ``celaeno`` directory bound onto it, or, when the data partition cannot
  be used, a tmpfs (this boot's games in memory) and a line marked ``data`` in the problem
  file. Nothing is written to a damaged partition, so the games it holds stay as they were
  for a repair on a computer. (A bind mount in fstab would need /data; the service's
  ``StateDirectory=`` requires the mount on its directory, so a damaged card would then
  stop the companion from starting at all.)

Runs with the system's Python (standard library only). Paths are arguments, for tests.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pwd
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import NamedTuple

CELAENO = "/opt/celaeno/venv/bin/celaeno"
PYTHON = "/opt/celaeno/venv/bin/python"  # the companion's, for its network step
NETWORK_MARK = "network\t"  # the problem file's lines about [network] start so
BUILD_ID = Path("/usr/local/lib/celaeno/build-id")  # written by build.py; new with each image
DATA_MARK = "data\t"  # the problem file's lines about the data partition start so
COUNTRY_LETTERS = 2


class WifiError(ValueError):
    """A mistake in wifi.txt, in one line."""


def check_settings(
    source: Path, good: Path, celaeno: list[str], build: str | None = None
) -> str | None:
    """Keep ``source`` as the last good settings if it passes check-config; else the line
    that says why not (``good`` is left as it was). ``build``: this system's build id; a
    file already found good by the same build is not checked again (check-config imports
    the whole app: seconds of every start on a Pi, minutes under emulation)."""
    if not source.is_file():
        return f"{source}: no such file"
    stamp = good.with_name(good.name + ".checked")
    if build is not None and _same(source, good) and _read(stamp) == build:
        return None
    done = subprocess.run(
        [*celaeno, "check-config", str(source)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        return lines[0] if lines else f"{source}: check-config failed ({done.returncode})"
    _replace(good, source.read_bytes())
    if build is not None:
        _replace(stamp, build.encode())
    return None


def _same(one: Path, other: Path) -> bool:
    return other.is_file() and one.read_bytes() == other.read_bytes()


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


class DataProblem(NamedTuple):
    """Why the data partition cannot keep games: ``code`` for the companion, which says it
    in the table's language (not-mounted, read-only, unusable), ``detail`` for the log."""

    code: str
    detail: str

    def line(self) -> str:
        return f"{DATA_MARK}{self.code}\t{self.detail}"


def data_problem(data: Path, flags: int | None = None) -> DataProblem | None:
    """Why the data partition at ``data`` cannot keep games (None: it can). ``flags``: its
    statvfs flags (read from ``data`` when not given)."""
    if not os.path.ismount(data):
        return DataProblem("not-mounted", f"{data}: the data partition is not mounted (damaged?)")
    if flags is None:
        flags = os.statvfs(data).f_flag
    if flags & os.ST_RDONLY:
        return DataProblem("read-only", f"{data}: the data partition is read-only after an error")
    return None


def play_in_memory(state: Path, user: str = "celaeno") -> None:
    """A tmpfs on the service's state directory, owned by its user: this boot's games."""
    entry = pwd.getpwnam(user)
    options = f"mode=0750,uid={entry.pw_uid},gid={entry.pw_gid},size=64m,nosuid,nodev"
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(state)], check=True)


def keep_games_on(games: Path, state: Path, user: str = "celaeno") -> DataProblem | None:
    """The data partition's ``games`` directory bound onto the state directory (made, owned
    by the service's user, if the partition has none yet); else the line that says why not."""
    entry = pwd.getpwnam(user)
    try:
        games.mkdir(mode=0o750, exist_ok=True)
        os.chown(games, entry.pw_uid, entry.pw_gid)
    except OSError as error:
        return DataProblem("unusable", f"{games}: {error.strerror}")
    done = subprocess.run(
        ["mount", "--bind", str(games), str(state)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return DataProblem("unusable", f"{games}: {done.stderr.strip()}")
    return None


def place_state(data: Path, state: Path, unusable: DataProblem | None) -> DataProblem | None:
    """Put the games' directory in place (see the module's docstring); the problem, if any.
    A state directory that is already a mount point (this check run again) is left alone."""
    if os.path.ismount(state):
        return unusable
    if unusable is None:
        unusable = keep_games_on(data / "celaeno", state)
    if unusable is not None:
        play_in_memory(state)
    return unusable


def wifi_config(source: Path) -> str:
    """wpa_supplicant's configuration for the network in ``source`` (no network: none)."""
    try:
        settings = tomllib.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        settings = {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise WifiError(f"{source}: not readable as settings ({error})") from None
    unknown = sorted(set(settings) - {"country", "ssid", "password"})
    if unknown:
        raise WifiError(f"{source}: unknown key {unknown[0]} (expected country, ssid, password)")
    country = settings.get("country", "GB")
    ssid = settings.get("ssid", "")
    password = settings.get("password", "")
    for key, value in (("country", country), ("ssid", ssid), ("password", password)):
        if not isinstance(value, str):
            raise WifiError(f"{source}: {key}: expected text in quotes, got {value!r}")
    if len(country) != COUNTRY_LETTERS or not country.isascii() or not country.isalpha():
        raise WifiError(f'{source}: country: expected two letters such as "GB", got "{country}"')
    lines = ["ctrl_interface=DIR=/run/wpa_supplicant", f"country={country.upper()}", ""]
    if not ssid:
        return "\n".join(lines) + "\n"
    name = ssid.encode("utf-8")
    if len(name) > 32:
        raise WifiError(f"{source}: ssid: a network name is at most 32 bytes")
    network = ["network={", f"    ssid={name.hex()}"]
    if password:
        if not 8 <= len(password) <= 63 or not password.isascii() or not password.isprintable():
            raise WifiError(f"{source}: password: expected 8 to 63 letters, digits or signs")
        # The key itself (WPA2-PSK), so that the password is never stored in clear.
        psk = hashlib.pbkdf2_hmac("sha1", password.encode(), name, 4096, 32)
        network.append(f"    psk={psk.hex()}")
    else:
        network.append("    key_mgmt=NONE")
    return "\n".join([*lines, *network, "}"]) + "\n"


def house_network(wpa: str) -> tuple[str, bool]:
    """The country and whether a house network is configured, from wpa_supplicant's
    configuration as :func:`wifi_config` wrote it."""
    country = next((line[8:] for line in wpa.splitlines() if line.startswith("country=")), "GB")
    return country, "network={" in wpa


def network_step(python: str, in_force: Path, key: Path, run: Path, wpa: str) -> list[str]:
    """The companion's network step (device/network/access_point.py prepare): its lines to show.
    A failure of the step itself is one line, never a failed boot."""
    country, house = house_network(wpa)
    argv = [python, "-m", "device.network.access_point", "prepare", "--config", str(in_force)]
    argv += ["--key", str(key), "--run", str(run), "--country", country]
    argv += ["--house", "yes" if house else "no"]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        return [f"{NETWORK_MARK}the Wi-Fi access point cannot be prepared ({error})"]
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [str(done.returncode)])[-1]
        return [f"{NETWORK_MARK}the Wi-Fi access point cannot be prepared ({last})"]
    return [line for line in done.stdout.splitlines() if line.startswith(NETWORK_MARK)]


def _replace(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all, and durably (a power cut keeps the old or the new)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    with open(temporary, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boot", type=Path, default=Path("/boot/firmware"))
    parser.add_argument("--data", type=Path, default=Path("/data"))
    parser.add_argument("--good", type=Path, default=Path("/data/settings/celaeno.toml"))
    parser.add_argument("--run", type=Path, default=Path("/run/celaeno-settings"))
    parser.add_argument("--state", type=Path, default=Path("/var/lib/celaeno"))
    parser.add_argument("--celaeno", default=CELAENO, help="the command, split at spaces")
    parser.add_argument("--python", default=PYTHON, help="the companion's Python")
    parser.add_argument("--hotspot-run", type=Path, default=Path("/run/celaeno-hotspot"))
    parser.add_argument(
        "--build-id", type=Path, default=BUILD_ID, help="this system's build id (a file)"
    )
    parser.add_argument(
        "--no-mount",
        action="store_true",
        help="never mount the state directory (tests on a computer)",
    )
    args = parser.parse_args(argv)
    args.run.mkdir(parents=True, exist_ok=True)
    problems = []
    unusable = data_problem(args.data)
    if not args.no_mount:
        unusable = place_state(args.data, args.state, unusable)
    if unusable is not None:
        problems.append(unusable.line())
    # With the data partition unusable, a good boot file is kept for this boot only.
    good = args.good if unusable is None else args.run / "checked.toml"
    build = _read(args.build_id) if unusable is None else None
    refused = check_settings(args.boot / "celaeno.toml", good, args.celaeno.split(), build)
    if refused is not None:
        problems.append(refused)
    in_force = args.run / "celaeno.toml"
    if good.is_file():
        _replace(in_force, good.read_bytes())
    else:
        in_force.unlink(missing_ok=True)  # none good yet: the companion's defaults
    try:
        wpa = wifi_config(args.boot / "wifi.txt")
    except WifiError as error:
        problems.append(str(error))
        wpa = wifi_config(Path("/nonexistent"))  # no network: the radio stays off the air
    target = args.run / "wpa_supplicant-wlan0.conf"
    target.write_text(wpa)
    target.chmod(0o600)
    # The access point's passphrase is kept with the settings (this boot's only, in
    # memory, when the data partition cannot be used).
    key = (args.good.parent if unusable is None else args.run) / "hotspot-passphrase"
    problems += network_step(args.python, in_force, key, args.hotspot_run, wpa)
    problem = args.run / "problem"
    if problems:
        problem.write_text("".join(line + "\n" for line in problems))
        for line in problems:
            print(line.rpartition("\t")[2], file=sys.stderr)
    else:
        problem.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
