"""The table's own Wi-Fi on the booted card (the full set: ci.sh --full).

The guest kernel's simulated radios (``mac80211_hwsim``, two of them, loaded from the
kernel's command line as a Pi's driver loads at boot) stand in for the Pi's chip and a
phone's. The card is the built one, with an empty wifi.txt: in ``auto`` mode it makes its
own network. A phone is the second radio in a network namespace of its own: it joins
**using only what the screen's QR code says** (the screendump decoded on the host by
zbarimg), gets its address by DHCP from the card, opens the page and its event stream, and
sees a command entered at the table arrive. Then the companion is restarted and the power
cut: the same network, the same passphrase after.

The guest has neither ``iw`` nor ``ip``: the phone's radio is moved into its namespace by
one nl80211 request from the guest's Python (:data:`MOVE_PHY`), its address is asked by
klibc's ``ipconfig`` (a DHCP client the card has for its initramfs).
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.system.card import ROOT_ARGUMENT, Card, as_the_owner_wrote_it, built_card
from tests.system.conftest import record, wait_active
from tests.system.guest import (
    AS_SERVICE,
    CELAENO,
    differing,
    export,
    replay_screenshot,
    same_screen,
)
from tests.system.image import GUEST_CONFIG
from tests.system.machine import Machine
from tests.system.screen import Screen

pytestmark = pytest.mark.system

RADIOS = " modules-load=mac80211_hwsim mac80211_hwsim.radios=2"
STATE = "/run/celaeno-hotspot/state.json"
PHONE = "nsenter --net=/run/netns/phone"
# Under emulation the app's loop can stall between a key's press and its release long
# enough to repeat it (UP/DOWN held): no repeat before 5 s, so each press moves once.
SETTINGS = GUEST_CONFIG.replace('kind = "keyboard"', 'kind = "keyboard"\nrepeat_delay = 5.0')

# One nl80211 request: move wiphy argv[1] into the network namespace of process argv[2].
MOVE_PHY = r"""
import socket, struct, sys
def attr(kind, data):
    size = 4 + len(data)
    return struct.pack("HH", size, kind) + data + b"\0" * (-size % 4)
def message(family, command, attrs, flags):
    body = struct.pack("BBH", command, 1, 0) + attrs
    return struct.pack("IHHII", 16 + len(body), family, flags, 1, 0) + body
s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 16)
s.bind((0, 0))
s.send(message(0x10, 3, attr(2, b"nl80211\0"), 1))  # CTRL_CMD_GETFAMILY
data, at, family = s.recv(65536), 20, None
while at < len(data):
    size, kind = struct.unpack_from("HH", data, at)
    family = struct.unpack_from("H", data, at + 4)[0] if kind == 1 else family
    at += (size + 3) & ~3
wiphy, pid = struct.pack("I", int(sys.argv[1])), struct.pack("I", int(sys.argv[2]))
s.send(message(family, 49, attr(1, wiphy) + attr(82, pid), 5))  # SET_WIPHY_NETNS, ack
sys.exit(-struct.unpack_from("i", s.recv(65536), 16)[0])
"""

# The phone's browser, as far as this test needs one: the page, then the event stream.
WATCH = r"""
import sys, urllib.request
url = sys.argv[1]
page = urllib.request.urlopen(url, timeout=30).read().decode()
print("PAGE", len(page), "celaeno" in page.lower(), flush=True)
with urllib.request.urlopen(url + "events?lang=en", timeout=600) as stream:
    for line in stream:
        if line.startswith(b"data: "):
            print("EVENT", line[:200].decode(errors="replace"), flush=True)
"""


# The phone's operating system asking whether this network has the internet: the name of
# Android's probe (a DNS query for an A record), then the probe itself on port 80.
PROBE = r"""
import socket, struct, urllib.request
name = b"".join(bytes([len(p)]) + p for p in b"connectivitycheck.gstatic.com".split(b"."))
query = struct.pack("!HHHHHH", 0x1234, 0x0100, 1, 0, 0, 0) + name + b"\0" + struct.pack("!HH", 1, 1)
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.settimeout(10)
s.sendto(query, ("10.42.0.1", 53))
print("DNS", socket.inet_ntoa(s.recv(512)[-4:]))
print("PROBE", urllib.request.urlopen("http://10.42.0.1/generate_204", timeout=30).status)
"""


# A faction's phone as its seat, in the phone's namespace, doing what its browser does: the
# address the screen's QR code carries (a 303 that sets the seat's cookie, kept by
# http.cookiejar), the page's token, then the command of the page's spellbook button POSTed
# as the page's script posts it (its Origin, its token header, an id). Between the two it
# waits for /run/phone.go, while the table closes its pairing screen.
SEAT = r"""
import html, http.cookiejar, json, os, re, sys, time, urllib.error, urllib.request
pair = sys.argv[1]
origin = pair.split("/pair?")[0]
jar = http.cookiejar.CookieJar()
browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
page = browser.open(pair, timeout=60).read().decode()
print("PAIRED", [c.name for c in jar], re.sub("<[^>]*>", "", re.search(r'<h2 class="you">.*?</h2>', page).group(0)), flush=True)
token = re.search(r'data-token="([0-9a-f]+)"', page).group(1)
commands = [json.loads(html.unescape(c)) for c in re.findall(r'data-command="([^"]*)"', page)]
[earned] = [c for c in commands if c["type"] == "spellbooks"]
print("BUTTON", json.dumps(earned), flush=True)
while not os.path.exists("/run/phone.go"):
    time.sleep(0.5)
body = json.dumps({"id": "system-phone-1", "command": earned}).encode()
headers = {"Content-Type": "application/json", "Origin": origin, "X-Celaeno-Token": token}
tap = urllib.request.Request(origin + "/seat", data=body, headers=headers, method="POST")
try:
    with browser.open(tap, timeout=60) as answer:
        print("ANSWER", answer.status, answer.read().decode(), flush=True)
except urllib.error.HTTPError as refused:
    print("ANSWER", refused.code, refused.read().decode(), flush=True)
"""
# A game that keeps the scoreboard (spellbooks are its, I12), entered as `celaeno import`
# enters a journal's line at the table, with the test settings' Silence tokens (I1).
SCOREBOARD_GAME = {
    "type": "new_game",
    "map": "celaeno",
    "factions": ["great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"],
    "settings": {"scoreboard": True, "silence_at_start": True},
}
# Great Cthulhu's spellbooks ("0/6", "1/6") in the scoreboard's table at 800x480.
BOOKS = (400, 66, 48, 26)


def unescape(field: str) -> str:
    return re.sub(r"\\(.)", r"\1", field)


def join_code_fields(code: str) -> dict[str, str]:
    """``WIFI:T:WPA;S:…;P:…;;`` → {"T": …, "S": …, "P": …} (backslash escapes undone)."""
    assert code.startswith("WIFI:") and code.endswith(";;"), code
    fields = re.findall(r"([A-Z]):((?:\\.|[^;\\])*);", code[5:])
    return {key: unescape(value) for key, value in fields}


def decode(path: Path) -> list[str]:
    done = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sbinary", str(path)], capture_output=True, check=False
    )
    return [line.decode() for line in done.stdout.splitlines() if line]


def put(machine: Machine, path: str, text: str) -> None:
    data = base64.b64encode(text.encode()).decode()
    machine.sh(f"echo {data} | base64 -d > {path}")


@pytest.fixture(scope="module")
def machine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Machine]:
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg is not installed (Debian's zbar-tools)")
    card: Card = as_the_owner_wrote_it(
        built_card(), SETTINGS, tmp_path_factory.mktemp("card-hotspot")
    )
    machine = Machine(card, "card_hotspot", root=ROOT_ARGUMENT + RADIOS, grow_to="+512M")  # type: ignore[arg-type]
    try:
        yield machine
    finally:
        machine.close()


def show_on_phones(machine: Machine, *to_menu: str, up: int = 5) -> tuple[Screen, Path]:
    """From the main screen: ``to_menu`` moves its cursor to its last line, the menu (where
    the cursor starts depends on the phase); Show on phones is the menu's fifth line from
    its end (then Seats on phones, Smart dice, Language, New game): ``up`` presses from
    the menu's first line (one more with the scoreboard, whose menu starts on its second)."""
    screen = Screen(machine)
    screen.press(*to_menu, "ret", *["up"] * up, "ret")
    return screen, coded_screen(screen, "WIFI:")


def coded_screen(screen: Screen, kind: str, timeout: float = 90) -> Path:
    """The screen once a QR code starting with ``kind`` can be read on it: under emulation the app may still be
    drawing the last key's screen when the screen looks settled (a notice that changes
    by itself makes the screen look changed)."""
    deadline = time.monotonic() + timeout
    while True:
        _, shot = screen.digest()
        if any(code.startswith(kind) for code in decode(shot)) or time.monotonic() > deadline:
            return shot
        time.sleep(1)


def read_join_code(machine: Machine, name: str) -> dict[str, str]:
    """The join code on the screen, from the Gather Power Phase's main screen with its
    cursor where a start puts it ("Next phase", the line before the menu)."""
    screen, shot = show_on_phones(machine, "down")
    kept = shot.with_name(f"{name}.png")
    shutil.copyfile(shot, kept)
    [code] = decode(kept)
    fields = join_code_fields(code)
    screen.press("down", "ret")  # Back to the game
    return fields


def join_the_tables_wi_fi(machine: Machine, wifi: dict[str, str]) -> float:
    """The phone joins the network ``wifi`` (the join code's fields): the second radio in a
    namespace of its own, its own wpa_supplicant, its address by DHCP from the card.
    Returns when its wpa_supplicant started (monotonic)."""
    machine.sh(
        "mkdir -p /run/netns && touch /run/netns/phone && unshare --net=/run/netns/phone true"
    )
    machine.sh(f"{PHONE} sleep 3600 >/dev/null 2>&1 & echo $! > /run/phone.pid")
    put(machine, "/run/move_phy.py", MOVE_PHY)
    machine.sh(
        "python3 /run/move_phy.py $(cat /sys/class/ieee80211/phy1/index) $(cat /run/phone.pid)"
    )
    # (not /sys/class/net: sysfs shows the namespace that mounted it, the card's)
    names = machine.sh(f"{PHONE} python3 -c 'import socket; print(socket.if_nameindex())'")
    assert "'wlan1'" in names and "wlan1" not in machine.sh("ls /sys/class/net"), names
    psk = wifi["P"].replace("\\", "\\\\").replace('"', '\\"')
    put(machine, "/run/phone.conf",
        f'ctrl_interface=DIR=/run/wpa_phone\nnetwork={{\n ssid="{wifi["S"]}"\n psk="{psk}"\n}}\n')  # fmt: skip
    joined = time.monotonic()
    machine.sh(f"{PHONE} wpa_supplicant -B -i wlan1 -c /run/phone.conf -f /run/phone.log")
    machine.wait_guest(
        f"{PHONE} wpa_cli -p /run/wpa_phone -i wlan1 status | grep -q wpa_state=COMPLETED", 60
    )
    lease = machine.sh(f"{PHONE} /usr/lib/klibc/bin/ipconfig -t 60 -c dhcp wlan1", timeout=120)
    assert "10.42.0." in lease, lease
    return joined


def on_the_tables_wi_fi(machine: Machine) -> bool:
    """The phone is still on the table's network (it is not after a power cut: /run is gone)."""
    said = machine.sh(f"{PHONE} wpa_cli -p /run/wpa_phone -i wlan1 status 2>/dev/null", check=False)
    return "wpa_state=COMPLETED" in said


def test_the_card_makes_its_own_wi_fi_without_a_house_network(machine: Machine) -> None:
    started = time.monotonic()
    machine.boot()
    machine.wait_guest("test -d /sys/class/ieee80211/phy1", 180)  # the phone's radio too
    machine.wait_guest(f"test -s {STATE}", 300)
    record("power_on_to_access_point_s", round(time.monotonic() - started, 1))
    wait_active(machine)
    status = machine.sh("wpa_cli -p /run/wpa_supplicant -i wlan0 status")
    assert "mode=AP" in status and "key_mgmt=WPA2-PSK" in status, status
    assert re.search(r"^ssid=celaeno-[0-9A-F]{4}$", status, re.M), status
    assert re.search(
        r"Address: 10\.42\.0\.1$", machine.sh("networkctl status wlan0 --no-pager"), re.M
    )


def test_a_phone_joins_with_only_the_screens_code_and_follows_the_table(
    machine: Machine,
) -> None:
    screen, shot = show_on_phones(machine, "down", "down")  # Action Phase: on "A Gate changed"
    [code] = decode(shot)
    wifi = join_code_fields(code)
    assert wifi["T"] == "WPA" and wifi["S"].startswith("celaeno-")
    screen.press("ret")  # 2 of 2: the page's address
    page_shot = coded_screen(screen, "http:")
    [url] = decode(page_shot)
    assert url == "http://10.42.0.1:8080/"
    screen.press("ret")  # back to the game (its only line)
    joined = join_the_tables_wi_fi(machine, wifi)
    put(machine, "/run/watch.py", WATCH)
    machine.sh(f"{PHONE} python3 /run/watch.py {url} > /run/watch.log 2>&1 & true")
    machine.wait_guest("grep -q '^EVENT' /run/watch.log", 120)
    record("join_to_page_live_s", round(time.monotonic() - joined, 1))
    assert "PAGE" in machine.sh("cat /run/watch.log")
    put(machine, "/run/probe.py", PROBE)
    machine.wait_guest("systemctl is-active --quiet celaeno-portal", 120)
    probed = machine.sh(f"{PHONE} python3 /run/probe.py", timeout=120)
    assert "DNS 10.42.0.1" in probed and "PROBE 204" in probed, probed
    before = machine.sh("grep -c '^EVENT' /run/watch.log").strip()
    screen.press("p")  # PHASE at the table: the next phase, asked to confirm
    screen.press("ret")
    machine.wait_guest(f"test $(grep -c '^EVENT' /run/watch.log) -gt {before}", 120)


def test_the_same_network_after_a_restart_of_the_companion_and_a_power_cut(
    machine: Machine,
) -> None:
    machine.sh("systemctl restart celaeno", timeout=300)  # a start puts the cursor back
    wait_active(machine)
    first = read_join_code(machine, "join-before")
    machine.sh("systemctl restart celaeno", timeout=300)
    wait_active(machine)
    assert "mode=AP" in machine.sh("wpa_cli -p /run/wpa_supplicant -i wlan0 status")
    assert read_join_code(machine, "join-after-restart") == first
    machine.power_cut()
    machine.boot()
    machine.wait_guest(f"test -s {STATE}", 300)
    wait_active(machine)
    assert read_join_code(machine, "join-after-power-cut") == first


def test_a_phone_on_the_tables_wi_fi_pairs_as_a_seat_and_its_spellbook_shows_on_the_screen(
    machine: Machine, tmp_path: Path
) -> None:
    """I13: the phone pairs as the first faction's seat with the code the screen's QR code
    carries, taps its spellbook, the table commits it naming the seat, and the device's
    screen shows it (the spellbooks cell as the host's replay of the journal draws it,
    and not as it draws the journal without the phone's command)."""
    machine.sh("systemctl stop celaeno", timeout=300)
    put(machine, "/run/scoreboard.jsonl", json.dumps(SCOREBOARD_GAME) + "\n")
    machine.sh(f"{AS_SERVICE} {CELAENO} import /run/scoreboard.jsonl", timeout=180)
    machine.sh("systemctl start celaeno", timeout=300)
    wait_active(machine)
    if not on_the_tables_wi_fi(machine):  # after the power cut: joined again, by the code
        _, shot = show_on_phones(machine, "down", "down", up=6)  # the Action Phase
        [code] = decode(shot)
        join_the_tables_wi_fi(machine, join_code_fields(code))
        machine.sh("systemctl restart celaeno", timeout=300)  # a start puts the cursor back
        wait_active(machine)
    # From "A Gate changed", where a start puts the cursor: "Something else happened", then
    # Seats on phones, the fourth line from the menu's end (its cursor starts on its second).
    screen = Screen(machine)
    screen.press("down", "down", "ret", *["up"] * 5, "ret")
    shot = coded_screen(screen, "http://10.42.0.1:8080/pair?c=")
    kept = shot.with_name("seat-code.png")
    shutil.copyfile(shot, kept)
    [pair] = decode(kept)
    assert pair.startswith("http://10.42.0.1:8080/pair?c="), pair
    put(machine, "/run/seat.py", SEAT)
    paired = time.monotonic()
    machine.sh(f"{PHONE} python3 /run/seat.py '{pair}' > /run/seat.log 2>&1 & true")
    machine.wait_guest("grep -q '^BUTTON' /run/seat.log", 120)
    record("seat_scan_to_page_s", round(time.monotonic() - paired, 1))
    said = machine.sh("cat /run/seat.log")
    assert "PAIRED ['seat']" in said and "You are Great Cthulhu" in said, said
    screen.press("down", "down", "ret")  # Close: back to the game
    before, _ = screen.digest()
    tapped = time.monotonic()
    machine.sh("touch /run/phone.go")
    machine.wait_guest("grep -q '^ANSWER' /run/seat.log", 120)
    record("seat_tap_to_answer_s", round(time.monotonic() - tapped, 1))
    said = machine.sh("cat /run/seat.log")
    assert "ANSWER 200" in said and '"status": "done"' in said, said
    screen.changed_from(before, 60, "the phone's spellbook")
    screen.settled(40)
    _, shot = screen.digest()
    after = shot.with_name("seat-spellbook.png")
    shutil.copyfile(shot, after)
    lines = export(machine)
    assert lines[-1]["type"] == "spellbooks" and lines[-1]["count"] == 1, lines[-1]
    assert lines[-1]["seat"]["faction"] == "great_cthulhu", lines[-1]
    drawn = replay_screenshot(lines, tmp_path / "with-the-phone.png")
    same_screen(after, drawn, BOOKS)
    without = replay_screenshot(lines[:-1], tmp_path / "without-the-phone.png")
    assert differing(after, without, BOOKS) > 0.1


def test_an_absent_house_network_then_the_access_point_and_a_short_passphrase_refused(
    tmp_path: Path,
) -> None:
    """wifi.txt names a network that is not there: the card tries it for 20 s, then makes
    its own; celaeno.toml's passphrase is too short: one line says so and the generated
    one is the one the screen's code carries."""
    settings = SETTINGS + '\n[network]\npassphrase = "short"\n'
    card = as_the_owner_wrote_it(built_card(), settings, tmp_path)
    wifi = tmp_path / "wifi.txt"
    wifi.write_text('country = "GB"\nssid = "The house"\npassword = "not-here-at-all"\n')
    start, _size = card.partition("boot")
    subprocess.run(
        ["mcopy", "-o", "-i", f"{card.disk}@@{start * 512}", str(wifi), "::/wifi.txt"],
        check=True,
    )
    machine = Machine(card, "card_hotspot_house", root=ROOT_ARGUMENT + RADIOS)  # type: ignore[arg-type]
    try:
        machine.boot()
        machine.wait_guest(f"test -s {STATE}", 300)
        waited = machine.sh(
            f'echo $(( $(stat -c %Y {STATE}) - $(date -d "$(systemctl show -p '
            'ExecMainStartTimestamp --value celaeno-hotspot)" +%s) ))'
        )
        assert int(waited) >= 20, waited  # the house network had its 20 s
        record("house_network_absent_to_access_point_s", int(waited))
        problem = machine.sh("cat /run/celaeno-settings/problem")
        assert (
            "network.passphrase: a Wi-Fi passphrase has 8 to 63 characters, this one has 5; "
            "the generated passphrase is used"
        ) in problem, problem
        wait_active(machine)
        _, shot = show_on_phones(machine, "down", "down")
        [code] = decode(shot)
        kept = machine.sh("cat /data/settings/hotspot-passphrase").strip()
        assert join_code_fields(code)["P"] == kept != "short"
    finally:
        machine.close()
