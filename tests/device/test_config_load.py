"""device.settings.config: one table validates the file and writes the example."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from serial.tools.list_ports_common import ListPortInfo

from device.settings.checks import toml_literal
from device.settings.config import (
    CITADELS,
    KEYS,
    ConfigError,
    default_config,
    example,
    load_config,
)
from hardware.ports import DEFAULT_PATTERNS, find_port
from rules.cthulhu_wars.commands import NewGame
from tests.device.conftest import config_problems, write_config
from tests.parsing import parse_any
from tests.properties import examples


def test_the_example_loads_to_exactly_the_defaults(tmp_path: Path) -> None:
    loaded = load_config(write_config(tmp_path, example()))
    assert dataclasses.replace(loaded, source="(defaults)") == default_config()


def test_the_example_names_every_key_once() -> None:
    document = tomllib.loads(example())
    for key in KEYS:
        table = document
        for part in key.section.split("."):
            table = table[part]
        assert table[key.field] == key.default, key.name
    assert example().count("\n# ") >= len(KEYS)  # every key carries its help


def test_an_empty_file_gives_the_defaults(tmp_path: Path) -> None:
    config = load_config(write_config(tmp_path, ""))
    assert config.buttons.pins() == {
        "left": 17, "right": 27, "phase": 22, "up": 5, "down": 6, "ok": 13, "back": 26,
    }  # fmt: skip
    assert config.buttons.encoder_a is None
    assert config.reader.port == "auto"
    assert config.reader.baud == 9600
    assert config.screen.fullscreen == "auto"
    assert config.table.agony_faces == (1, 1, 2, 2, 3, 3)  # C19 default
    assert config.citadels == {}
    assert config.source == str(tmp_path / "celaeno.toml")


def test_values_are_read_and_typed(tmp_path: Path) -> None:
    config = load_config(
        write_config(
            tmp_path,
            """
[buttons]
encoder_a = 20
encoder_b = 21
hold_time = 2
[reader]
port = "/dev/celaeno-dice"
match = ["dice"]
[screen]
fullscreen = false
language = "ja"
rotation = 180
[table]
map = "dreamlands"
factions = ["great_cthulhu", "opener_of_the_way", "sleeper", "windwalker"]
sides = { surface = 5, underworld = 3 }
[dreamlands.citadels]
surface_citadel_1_2 = "Celephaïs"
""",
        )
    )
    assert config.buttons.pins()["encoder_a"] == 20
    assert config.buttons.hold_time == 2.0
    assert isinstance(config.buttons.hold_time, float)
    assert config.reader.match == ("dice",)
    assert config.screen.fullscreen is False
    assert config.screen.rotation == 180
    assert config.table.sides == {"surface": 5, "underworld": 3}
    assert config.citadels == {"surface_citadel_1_2": "Celephaïs"}


def test_the_message_names_file_key_expected_and_found(tmp_path: Path) -> None:
    assert config_problems(tmp_path, '[reader]\nbaud = "fast"\n') == [
        f"{tmp_path / 'celaeno.toml'}: reader.baud: "
        'expected a whole number from 300 to 4000000, got "fast"'
    ]


@pytest.mark.parametrize(
    ("section", "line", "key"),
    [
        ("buttons", "up = 28", "buttons.up"),
        ("buttons", "up = -1", "buttons.up"),
        ("buttons", "up = 5.0", "buttons.up"),
        ("buttons", "up = true", "buttons.up"),
        ("buttons", 'encoder_a = "no"', "buttons.encoder_a"),
        ("buttons", "hold_time = 0", "buttons.hold_time"),
        ("buttons", "hold_time = nan", "buttons.hold_time"),
        ("buttons", 'repeat_rate = "8"', "buttons.repeat_rate"),
        ("reader", 'port = "COM3"', "reader.port"),
        ("reader", "baud = true", "reader.baud"),
        ("reader", "baud = 9600.0", "reader.baud"),
        ("reader", "match = []", "reader.match"),
        ("reader", 'match = "dice"', "reader.match"),
        ("screen", "width = 100", "screen.width"),
        ("screen", 'fullscreen = "yes"', "screen.fullscreen"),
        ("screen", "fullscreen = 1", "screen.fullscreen"),
        ("screen", "rotation = 45", "screen.rotation"),
        ("screen", 'language = "fr"', "screen.language"),
        ("table", 'map = "earth"', "table.map"),
        ("table", 'factions = ["great_cthulhu", "sleeper"]', "table.factions"),
        ("table", 'factions = ["great_cthulhu", "sleeper", "sleeper"]', "table.factions"),
        ("table", 'factions = ["great_cthulhu", "sleeper", "nyarlathotep"]', "table.factions"),
        ("table", "sides = { upper = 4, lower = 3 }", "table.sides"),
        ("table", "sides = 3", "table.sides"),
        ("table", "agony_faces = [1, 2, 3]", "table.agony_faces"),
        ("table", "agony_faces = [1, 2, 3, 4, 5, 7]", "table.agony_faces"),
        ("table", 'silence_at_start = "no"', "table.silence_at_start"),
        ("dreamlands.citadels", "surface_citadel_3 = 3", "dreamlands.citadels.surface_citadel_3"),
        (
            "dreamlands.citadels",
            f'surface_citadel_4 = "{"x" * 41}"',
            "dreamlands.citadels.surface_citadel_4",
        ),
        ("device", "state_dir = false", "device.state_dir"),
    ],
)
def test_each_bad_value_is_reported_with_its_key(
    tmp_path: Path, section: str, line: str, key: str
) -> None:
    found = config_problems(tmp_path, f"[{section}]\n{line}\n")
    assert len(found) == 1
    value = line.partition(" = ")[2]
    got = toml_literal(tomllib.loads(f"v = {value}")["v"])
    assert found[0].startswith(f"{tmp_path / 'celaeno.toml'}: {key}: expected ")
    assert f", got {got}" in found[0]


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    found = config_problems(
        tmp_path,
        '[reader]\nbaud = "fast"\nport = 3\n[screen]\nrotation = 45\nwidht = 800\n'
        "[raeder]\nx = 1\n",
    )
    assert len(found) == 5
    assert any("screen.widht: unknown key (did you mean screen.width?)" in p for p in found)
    assert any("[raeder]: unknown section (did you mean reader?)" in p for p in found)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("bauds = 1\n", "bauds: unknown key"),
        ("[dreamlands]\nfoo = 1\n", "dreamlands.foo: unknown key"),
        ("[buttons.extra]\na = 1\n", "buttons.extra: unknown key"),
        ("[dreamlands.citadels]\nsurface_citadel_7 = 'x'\n", "citadels.surface_citadel_7: unknown"),
    ],
)
def test_unknown_keys_never_pass_silently(tmp_path: Path, body: str, expected: str) -> None:
    assert expected in config_problems(tmp_path, body)[0]


def test_a_syntax_error_names_the_line(tmp_path: Path) -> None:
    (found,) = config_problems(tmp_path, "[reader]\nbaud = 9600\nport = \n")
    assert found.startswith(f"{tmp_path / 'celaeno.toml'}: not valid TOML")
    assert "line 3" in found


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "missing.toml")
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path)
    (tmp_path / "latin1.toml").write_bytes(b'[screen]\nlanguage = "\xe9"\n')
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(tmp_path / "latin1.toml")


def test_two_buttons_on_one_pin(tmp_path: Path) -> None:
    found = config_problems(
        tmp_path, "[buttons]\nup = 17\nback = 17\nencoder_a = 13\nencoder_b = 5\n"
    )
    assert [p.partition(": ")[2] for p in found] == [
        "buttons.up: GPIO 17 is already used by buttons.custodian",
        "buttons.back: GPIO 17 is already used by buttons.custodian",
        "buttons.encoder_a: GPIO 13 is already used by buttons.ok",
    ]


def test_an_encoder_needs_both_pins(tmp_path: Path) -> None:
    (found,) = config_problems(tmp_path, "[buttons]\nencoder_a = 20\n")
    assert "buttons.encoder_b: an encoder needs both pins" in found


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "sides = { surface = 3, underworld = 3 }",
            "the celaeno map needs exactly upper and lower",
        ),
        ("sides = { upper = 5, lower = 3 }", "3 players use the 3 and 3-player sides (T4)"),
    ],
)
def test_sides_must_fit_the_map_and_the_players(tmp_path: Path, body: str, expected: str) -> None:
    (found,) = config_problems(tmp_path, f"[table]\n{body}\n")
    assert found.endswith(f"table.sides: {expected}")


def test_table_defaults_make_a_new_game_command_the_rules_accept(tmp_path: Path) -> None:
    config = load_config(
        write_config(
            tmp_path,
            '[table]\nfactions = ["sleeper", "windwalker", "ancients", "tcho_tcho"]\n'
            "sides = { upper = 5, lower = 3 }\nsilence_at_start = true\n",
        )
    )
    command = parse_any(config.table.new_game())
    assert isinstance(command, NewGame)
    assert command.factions == ("sleeper", "windwalker", "ancients", "tcho_tcho")
    assert command.sides == {"upper": 5, "lower": 3}
    assert command.settings is not None and command.settings.silence_at_start
    assert "sides" not in default_config().table.new_game()


def test_there_are_eight_citadels() -> None:
    assert len(CITADELS) == 8
    assert "underworld_citadel_5_6" in CITADELS


toml_scalars = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
toml_values = st.one_of(toml_scalars, st.lists(toml_scalars, max_size=7))


@settings(max_examples=examples(150))
@given(
    st.dictionaries(
        st.sampled_from([key.name for key in KEYS] + ["reader.bogus", "nowhere.key"]),
        toml_values,
        max_size=6,
    )
)
def test_any_document_loads_or_fails_with_config_error(values: dict[str, object]) -> None:
    import tempfile

    sections: dict[str, list[str]] = {}
    for dotted, value in values.items():
        section, _, field = dotted.rpartition(".")
        sections.setdefault(section, []).append(f"{field} = {toml_literal(value)}")
    body = "".join(f"[{s}]\n" + "\n".join(lines) + "\n" for s, lines in sections.items())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "celaeno.toml"
        path.write_text(body, encoding="utf-8")
        try:
            load_config(path)
        except ConfigError as error:
            assert error.problems
            assert all(problem.startswith(f"{path}: ") for problem in error.problems)


def test_by_default_auto_finds_every_board_the_udev_rule_names(tmp_path: Path) -> None:
    """A reader found by name on a Pi is found on a desktop too, where no rule is installed."""
    match = default_config().reader.match
    for pattern in DEFAULT_PATTERNS:
        vid, pid = (int(part.replace("*", "1"), 16) for part in pattern.split(":"))
        board = ListPortInfo("/dev/ttyACM0", skip_link_detection=True)
        board.vid, board.pid, board.description = vid, pid, "USB Serial"
        assert find_port(match, [board], str(tmp_path / "no-udev-name")) == "/dev/ttyACM0"
