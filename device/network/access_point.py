"""The table's own access point, brought up on the card or on Raspberry Pi OS.

``prepare`` (the card's boot check, before the companion): read ``[network]``, keep the
passphrase, name the network, and write the plan to /run; its mistakes are lines for the
screen. It never waits and never touches the radio.

``card`` (celaeno-hotspot.service, beside the companion, never before it): follow the
plan with what the card already runs: wpa_supplicant in AP mode for the radio (the same
program that joins a house network, so the card needs no second Wi-Fi program, and the
one NetworkManager drives for its own hotspot on Raspberry Pi OS) and systemd-networkd's
``DHCPServer=`` for the phones' addresses. Everything generated goes to /run: the root
stays read-only.

``nm`` (Raspberry Pi OS, installed by install.sh): the same plan carried out by
NetworkManager's own hotspot (``nmcli device wifi hotspot``), no second network stack.

In ``auto`` mode a configured house network gets :data:`HOUSE_WAIT` seconds to be joined
first. Nothing here can stop the table: every failure is a line in the log, and the
companion's "Show on phones" only says what is up.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path

from device.network import hotspot
from device.network.hotspot import Hotspot, NetworkSettings

HOUSE_WAIT = 20.0  # seconds a configured house network has to be joined
RADIO_WAIT = 15.0  # seconds the radio's driver may take to appear after the boot's start
POLL = 0.5
RADIO = "wlan0"
NETWORK_MARK = "network\t"  # the problem file's lines about [network] start so
RUN = Path("/run/celaeno-hotspot")
CARD_NETWORK = Path("/run/systemd/network/10-celaeno-hotspot.network")


def radio_present(net: Path = Path("/sys/class/net"), name: str = RADIO) -> bool:
    return (net / name / "phy80211").exists() or (net / name / "wireless").exists()


def wait_for_radio(net: Path, wait: float = RADIO_WAIT) -> bool:
    """Whether the radio is there, waiting a little for its driver (a Pi's loads late)."""
    deadline = time.monotonic() + wait
    while not radio_present(net):
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL)
    return True


def any_radio(net: Path = Path("/sys/class/net")) -> bool:
    """Whether this machine has a Wi-Fi radio at all (for "Show on phones")."""
    try:
        return any(radio_present(net, entry.name) for entry in net.iterdir())
    except OSError:
        return False


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="ascii", errors="replace")
    except OSError:
        return ""


def settings_in(config: Path) -> tuple[NetworkSettings, list[str]]:
    try:
        document = tomllib.loads(config.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return NetworkSettings(), []
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return NetworkSettings(), []  # the settings check says this one already
    return hotspot.read_network(document, config.name)


def prepare(
    config: Path, key: Path, run: Path, house: bool, country: str, proc: Path = Path("/proc")
) -> list[str]:
    """Write ``run``/plan.json for ``config``'s ``[network]``; the lines to show."""
    settings, problems = settings_in(config)
    try:
        passphrase = settings.passphrase or hotspot.kept_passphrase(key)
    except OSError as error:
        passphrase = hotspot.generated_passphrase()
        problems.append(
            f"{key}: the Wi-Fi passphrase cannot be kept ({error.strerror}); "
            "a new one is used until the next start"
        )
    mac = _read(Path("/sys/class/net") / RADIO / "address").strip() or None
    ssid = hotspot.ssid_for(hotspot.pi_serial(_read(proc / "cpuinfo")), mac, passphrase)
    plan = {
        "mode": settings.hotspot,
        "ssid": ssid,
        "passphrase": passphrase,
        "country": country,
        "house": house,
    }
    run.mkdir(parents=True, exist_ok=True)
    target = run / "plan.json"
    target.write_text(json.dumps(plan))
    target.chmod(0o600)
    return problems


def wants_access_point(
    mode: str, house: bool, joined: Callable[[], bool], wait: float = HOUSE_WAIT
) -> bool:
    """Whether to make the access point: ``always``; or ``auto`` with no house network
    configured, or none joined within ``wait`` seconds."""
    if mode != "auto":
        return mode == "always"
    if not house:
        return True
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if joined():
            return False
        time.sleep(POLL)
    return not joined()


def ap_wpa_config(spot: Hotspot, country: str) -> str:
    """wpa_supplicant's configuration for an access point (``mode=2``), WPA2-PSK/CCMP."""
    return "\n".join(
        [
            "ctrl_interface=DIR=/run/wpa_supplicant",
            f"country={country}",
            "network={",
            f"    ssid={spot.ssid.encode().hex()}",
            "    mode=2",
            "    frequency=2437",  # channel 6: allowed in every country
            "    key_mgmt=WPA-PSK",
            "    proto=RSN",
            "    pairwise=CCMP",
            "    group=CCMP",
            f"    psk={psk(spot)}",
            "}",
            "",
        ]
    )


def psk(spot: Hotspot) -> str:
    """The WPA2 key itself (the passphrase then needs no quoting in the file)."""
    key = hashlib.pbkdf2_hmac("sha1", spot.passphrase.encode(), spot.ssid.encode(), 4096, 32)
    return key.hex()


def ap_network(spot: Hotspot) -> str:
    """systemd-networkd: the Pi's address on its own network, and addresses for phones.
    Sorted before the card's wlan0.network (the station's DHCP client), so it wins."""
    return "\n".join(
        [
            "[Match]",
            f"Name={RADIO}",
            "",
            "[Network]",
            f"Address={spot.address}/{hotspot.PREFIX}",
            "DHCPServer=yes",
            "ConfigureWithoutCarrier=yes",
            "",
            "[DHCPServer]",
            "PoolOffset=10",
            "PoolSize=200",
            # The table answers every name (celaeno-portal.service), so that the phones'
            # captive-portal probes reach it and the phones keep the network.
            "EmitDNS=yes",
            f"DNS={spot.address}",
            "EmitRouter=yes",
            "",
        ]
    )


def operstate_up(net: Path = Path("/sys/class/net")) -> Callable[[], bool]:
    """Joined a house network: wpa_supplicant set the link up (associated, keys done)."""
    return lambda: _read(net / RADIO / "operstate").strip() == "up"


def run_command(argv: Sequence[str]) -> bool:
    done = subprocess.run(list(argv), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"{' '.join(argv)}: {done.stderr.strip() or done.returncode}", file=sys.stderr)
    return done.returncode == 0


def load_plan(run: Path) -> tuple[dict[str, object], Hotspot] | None:
    try:
        plan = json.loads((run / "plan.json").read_text(encoding="utf-8"))
        return plan, Hotspot(str(plan["ssid"]), str(plan["passphrase"]))
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"no plan for the access point: {error}", file=sys.stderr)
        return None


def card(
    run: Path,
    wpa_conf: Path,
    network: Path = CARD_NETWORK,
    joined: Callable[[], bool] | None = None,
    execute: Callable[[Sequence[str]], bool] = run_command,
    net: Path = Path("/sys/class/net"),
    radio_wait: float = RADIO_WAIT,
) -> int:
    """The card: follow the plan (see the module's docstring). 0 also when no AP is made."""
    loaded = load_plan(run)
    if loaded is None or not wait_for_radio(net, radio_wait):
        return 0
    plan, spot = loaded
    if not wants_access_point(str(plan["mode"]), bool(plan["house"]), joined or operstate_up()):
        return 0
    wpa_conf.write_text(ap_wpa_config(spot, str(plan["country"])))
    wpa_conf.chmod(0o600)
    network.parent.mkdir(parents=True, exist_ok=True)
    network.write_text(ap_network(spot))
    ok = execute(["networkctl", "reload"])
    ok = execute(["systemctl", "restart", f"wpa_supplicant@{RADIO}.service"]) and ok
    ok = execute(["networkctl", "reconfigure", RADIO]) and ok
    execute(["systemctl", "start", "--no-block", "celaeno-portal.service"])  # a nicety only
    if ok:
        hotspot.write_state(run / "state.json", spot)
    return 0


def nm_joined() -> bool:
    done = subprocess.run(
        ["nmcli", "-t", "-f", "TYPE,STATE", "device"], capture_output=True, text=True, check=False
    )
    return "wifi:connected" in done.stdout.splitlines()


def nm_house_configured() -> bool:
    done = subprocess.run(
        ["nmcli", "-t", "-f", "NAME,TYPE", "connection", "show"],
        capture_output=True,
        text=True,
        check=False,
    )
    return any(
        line.endswith(":802-11-wireless") and not line.startswith("celaeno-hotspot:")
        for line in done.stdout.splitlines()
    )


def nm(
    config: Path, key: Path, run: Path, execute: Callable[[Sequence[str]], bool] = run_command
) -> int:
    """Raspberry Pi OS: NetworkManager's hotspot, with the same plan."""
    for line in prepare(config, key, run, nm_house_configured(), "GB"):
        print(line, file=sys.stderr)
    loaded = load_plan(run)
    if loaded is None or not radio_present():
        return 0
    plan, spot = loaded
    if not wants_access_point(str(plan["mode"]), bool(plan["house"]), nm_joined):
        return 0
    made = execute(
        [
            "nmcli",
            "device",
            "wifi",
            "hotspot",
            "ifname",
            RADIO,
            "con-name",
            "celaeno-hotspot",
            "ssid",
            spot.ssid,
            "password",
            spot.passphrase,
        ]
    )
    if made:
        hotspot.write_state(run / "state.json", spot)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("prepare", "card", "nm"))
    parser.add_argument("--config", type=Path, default=Path("/etc/celaeno/celaeno.toml"))
    parser.add_argument("--key", type=Path, default=Path("/data/settings/hotspot-passphrase"))
    parser.add_argument("--run", type=Path, default=RUN)
    parser.add_argument("--house", choices=("yes", "no"), default="no")
    parser.add_argument("--country", default="GB")
    parser.add_argument(
        "--wpa-conf", type=Path, default=Path("/run/celaeno-settings/wpa_supplicant-wlan0.conf")
    )
    args = parser.parse_args(argv)
    if args.action == "prepare":
        for line in prepare(args.config, args.key, args.run, args.house == "yes", args.country):
            print(NETWORK_MARK + line)
        return 0
    if args.action == "card":
        return card(args.run, args.wpa_conf)
    return nm(args.config, args.key, args.run)


if __name__ == "__main__":
    sys.exit(main())
