"""The table's own Wi-Fi: [network] read apart from the game settings, the
passphrase made once from the system's random source and kept durably, the network's
name from the Pi, and the join code phones' cameras read."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from device.network import hotspot
from device.network.hotspot import NetworkSettings, read_network
from device.settings.config import example, load_config


def test_no_network_section_means_auto_and_the_generated_passphrase() -> None:
    assert read_network({}, "celaeno.toml") == (NetworkSettings("auto", None), [])


@pytest.mark.parametrize("mode", ["auto", "always", "never"])
def test_each_mode_is_read(mode: str) -> None:
    assert read_network({"network": {"hotspot": mode}}, "c") == (NetworkSettings(mode), [])


@pytest.mark.parametrize(
    ("section", "words"),
    [
        ({"hotspot": "sometimes"}, 'network.hotspot: expected "auto", "always" or "never"'),
        ({"hotspot": True}, "network.hotspot: expected"),
        ({"ssid": "x"}, "network.ssid: unknown key (expected hotspot, passphrase)"),
        ("on", "[network]: expected a section"),
    ],
)
def test_a_mistake_is_one_line_and_the_defaults_are_used(section: object, words: str) -> None:
    settings, [line] = read_network({"network": section}, "celaeno.toml")
    assert settings == NetworkSettings()
    assert words in line and line.startswith("celaeno.toml: ")
    assert "\n" not in line


@pytest.mark.parametrize("passphrase", ["1234567", "x" * 64, "", "caf\u00e9 au lait", 12345678])
def test_a_bad_passphrase_is_refused_in_words_and_the_mode_kept(passphrase: object) -> None:
    settings, [line] = read_network(
        {"network": {"hotspot": "always", "passphrase": passphrase}}, "c"
    )
    assert settings == NetworkSettings("always", None)
    assert line.endswith("the generated passphrase is used")


@pytest.mark.parametrize("passphrase", ["12345678", "y" * 63, 'with spaces; and: signs"'])
def test_a_passphrase_of_8_to_63_characters_is_the_owners(passphrase: str) -> None:
    settings, problems = read_network({"network": {"passphrase": passphrase}}, "c")
    assert (settings.passphrase, problems) == (passphrase, [])


def test_the_companions_own_check_leaves_network_to_the_network_step(tmp_path: Path) -> None:
    """A Wi-Fi mistake must not refuse the game settings: check-config passes it."""
    config = tmp_path / "celaeno.toml"
    config.write_text('[screen]\nlanguage = "ja"\n[network]\nhotspot = "sometimes"\nx = 1\n')
    assert load_config(config).screen.language == "ja"
    text = example()
    assert tomllib.loads(text)["network"] == {"hotspot": "auto"}
    assert read_network(tomllib.loads(text), "example") == (NetworkSettings(), [])


def test_a_generated_passphrase_is_random_typeable_and_long_enough() -> None:
    made = {hotspot.generated_passphrase() for _ in range(50)}
    assert len(made) == 50
    for passphrase in made:
        assert len(passphrase) == 19 and passphrase.count("-") == 3
        assert set(passphrase) <= set(hotspot.ALPHABET + "-")
        assert hotspot.passphrase_problem(passphrase) is None


def test_the_passphrase_is_kept_once_and_written_durably(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    key = tmp_path / "settings/hotspot-passphrase"
    first = hotspot.kept_passphrase(key)
    assert len(synced) == 2, "the file and then its directory reach the disk"
    assert key.read_text() == first + "\n"
    assert key.stat().st_mode & 0o777 == 0o600
    assert not key.with_name(key.name + ".new").exists()
    synced.clear()
    assert hotspot.kept_passphrase(key) == first and synced == []  # read, not made again
    key.write_text("short\n")  # not a passphrase (a hand edit): a new one is made
    assert hotspot.kept_passphrase(key) not in ("short", first)


def test_the_network_is_named_from_the_pis_serial_else_the_radios_mac() -> None:
    cpuinfo = "processor\t: 0\nHardware\t: BCM2835\nSerial\t\t: 10000000a1b2c3d4\nModel\t: Pi\n"
    assert hotspot.pi_serial(cpuinfo) == "10000000a1b2c3d4"
    assert hotspot.pi_serial("Serial\t\t: 0000000000000000\n") is None  # a VM's
    assert hotspot.ssid_for("10000000a1b2c3d4", "dc:a6:32:01:02:03") == "celaeno-C3D4"
    assert hotspot.ssid_for(None, "dc:a6:32:01:0a:0b") == "celaeno-0A0B"
    named = hotspot.ssid_for(None, None, "some passphrase")
    assert named == hotspot.ssid_for(None, None, "some passphrase") and len(named) == 12


def test_the_join_code_escapes_what_the_format_requires() -> None:
    assert hotspot.wifi_qr("celaeno-C3D4", "abcd-efgh") == "WIFI:T:WPA;S:celaeno-C3D4;P:abcd-efgh;;"
    assert hotspot.escape_wifi('a\\b;c,d:e"f g') == 'a\\\\b\\;c\\,d\\:e\\"f g'


def test_the_state_the_companion_reads_round_trips(tmp_path: Path) -> None:
    state = tmp_path / "hotspot/state.json"
    assert hotspot.read_state(state) is None
    spot = hotspot.Hotspot("celaeno-C3D4", "abcd-efgh-jkmn-pqrs")
    hotspot.write_state(state, spot)
    assert hotspot.read_state(state) == spot
    assert state.stat().st_mode & 0o777 == 0o640
    state.write_text("{")
    assert hotspot.read_state(state) is None
