"""The table's own access point: when it is made, and what the card writes for
wpa_supplicant's AP mode and networkd's DHCP server (into /run, the root stays read-only).
The radio itself is exercised only on a booted machine; these check the decisions and
the generated files, and that a failing step never claims an access point."""

from __future__ import annotations

import configparser
import hashlib
import json
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from device.network import access_point, hotspot
from device.network.hotspot import Hotspot

SPOT = Hotspot("celaeno-C3D4", 'abcd "efgh" jkmn')


def never() -> bool:
    return False


def test_always_and_never_do_not_wait_for_anything() -> None:
    assert access_point.wants_access_point("always", True, never, wait=60)
    assert not access_point.wants_access_point("never", False, never, wait=60)


def test_auto_without_a_house_network_makes_it_at_once() -> None:
    started = time.monotonic()
    assert access_point.wants_access_point("auto", False, never, wait=60)
    assert time.monotonic() - started < 1


def test_auto_with_a_house_network_joined_in_time_makes_none() -> None:
    polls = iter([False, False, True])
    assert not access_point.wants_access_point("auto", True, lambda: next(polls), wait=10)


def test_auto_with_a_house_network_never_found_makes_it_after_the_wait() -> None:
    started = time.monotonic()
    assert access_point.wants_access_point("auto", True, never, wait=0.6)
    assert time.monotonic() - started >= 0.6


def test_wpa_supplicants_access_point_is_wpa2_psk_with_the_key_itself() -> None:
    conf = access_point.ap_wpa_config(SPOT, "JP")
    key = hashlib.pbkdf2_hmac("sha1", SPOT.passphrase.encode(), SPOT.ssid.encode(), 4096, 32)
    for line in ("mode=2", "key_mgmt=WPA-PSK", "proto=RSN", "pairwise=CCMP", "country=JP"):
        assert line in conf.splitlines() or f"    {line}" in conf.splitlines()
    assert f"    ssid={SPOT.ssid.encode().hex()}" in conf.splitlines()
    assert f"    psk={key.hex()}" in conf.splitlines()
    # nl80211 (every radio the card drives) warns that ap_scan=2 can fail to connect
    assert "ap_scan" not in conf
    assert SPOT.passphrase not in conf  # quotes in it cannot break the file


def test_networkd_gives_the_pi_its_address_and_phones_theirs() -> None:
    parsed = configparser.ConfigParser()
    parsed.optionxform = str  # type: ignore[assignment,method-assign]
    parsed.read_string(access_point.ap_network(SPOT))
    assert parsed["Match"]["Name"] == "wlan0"
    assert parsed["Network"]["Address"] == "10.42.0.1/24"
    assert parsed["Network"]["DHCPServer"] == "yes"
    # Phones ask the table for every name (device/web/portal.py): their probes reach it.
    assert (parsed["DHCPServer"]["EmitDNS"], parsed["DHCPServer"]["DNS"]) == ("yes", "10.42.0.1")
    # networkd takes the first file by name that matches: before the station's wlan0.network
    assert access_point.CARD_NETWORK.name < "wlan0.network"
    assert str(access_point.CARD_NETWORK).startswith("/run/")


@pytest.fixture()
def plan(tmp_path: Path) -> Path:
    run = tmp_path / "hotspot"
    run.mkdir()
    (tmp_path / "net/wlan0/phy80211").mkdir(parents=True)
    return run


def write_plan(run: Path, mode: str, house: bool = False) -> None:
    data = {"mode": mode, "ssid": SPOT.ssid, "passphrase": SPOT.passphrase}
    (run / "plan.json").write_text(json.dumps({**data, "country": "GB", "house": house}))


def run_card(run: Path, ok: bool = True) -> tuple[list[list[str]], Path, Path]:
    calls: list[list[str]] = []

    def execute(argv: Sequence[str]) -> bool:
        calls.append(list(argv))
        return ok

    wpa, network = run.parent / "wpa.conf", run.parent / "systemd/network/10-x.network"
    access_point.card(run, wpa, network, never, execute, net=run.parent / "net", radio_wait=0.3)
    return calls, wpa, network


def test_the_card_turns_the_radio_into_the_access_point_and_says_so(plan: Path) -> None:
    write_plan(plan, "always")
    calls, wpa, network = run_card(plan)
    assert calls == [
        ["networkctl", "reload"],
        ["systemctl", "restart", "wpa_supplicant@wlan0.service"],
        ["networkctl", "reconfigure", "wlan0"],
        ["systemctl", "start", "--no-block", "celaeno-portal.service"],
    ]
    assert "mode=2" in wpa.read_text() and wpa.stat().st_mode & 0o777 == 0o600
    assert "DHCPServer=yes" in network.read_text()
    assert hotspot.read_state(plan / "state.json") == SPOT


def test_a_failed_step_never_claims_an_access_point(plan: Path) -> None:
    write_plan(plan, "always")
    run_card(plan, ok=False)
    assert hotspot.read_state(plan / "state.json") is None


@pytest.mark.parametrize("mode", ["never", "no plan", "no radio"])
def test_nothing_is_touched_without_a_reason(plan: Path, mode: str) -> None:
    if mode == "never":
        write_plan(plan, "never")
    elif mode == "no radio":
        write_plan(plan, "always")
        (plan.parent / "net/wlan0/phy80211").rmdir()
    calls, wpa, network = run_card(plan)
    assert calls == [] and not wpa.exists() and not network.exists()
    assert not (plan / "state.json").exists()


def test_a_radio_is_found_by_its_wireless_link(tmp_path: Path) -> None:
    assert not access_point.any_radio(tmp_path)
    (tmp_path / "eth0").mkdir()
    assert not access_point.any_radio(tmp_path)
    (tmp_path / "wlan1/wireless").mkdir(parents=True)
    assert access_point.any_radio(tmp_path)
    assert not access_point.any_radio(tmp_path / "absent")


@pytest.mark.parametrize(("house", "joined", "made"), [(False, False, True), (True, True, False)])
def test_raspberry_pi_os_uses_networkmanagers_own_hotspot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, house: bool, joined: bool, made: bool
) -> None:
    monkeypatch.setattr(access_point, "nm_house_configured", lambda: house)
    monkeypatch.setattr(access_point, "nm_joined", lambda: joined)
    monkeypatch.setattr(access_point, "radio_present", lambda *a: True)
    config = tmp_path / "celaeno.toml"
    config.write_text('[network]\npassphrase = "our own phrase"\n')
    calls: list[list[str]] = []
    run = tmp_path / "run"
    access_point.nm(config, tmp_path / "key", run, lambda argv: calls.append(list(argv)) or True)
    if not made:
        assert calls == [] and hotspot.read_state(run / "state.json") is None
        return
    [call] = calls
    ssid = json.loads((run / "plan.json").read_text())["ssid"]
    assert call[:4] == ["nmcli", "device", "wifi", "hotspot"]
    assert call[call.index("ssid") + 1] == ssid and call[-2:] == ["password", "our own phrase"]
    assert hotspot.read_state(run / "state.json") == Hotspot(ssid, "our own phrase")
