"""The device's configuration: one TOML file, every key optional.

:data:`KEYS` is the single table of keys: the loader validates against it and
:func:`example` writes the commented example from it, so the two cannot drift apart.
:func:`load_config` collects *every* problem (unknown keys included: a typo must not
pass silently) and raises one :class:`ConfigError` holding them all, each formatted as
``celaeno.toml: reader.baud: expected a whole number from 300 to 4000000, got "fast"``.
"""

from __future__ import annotations

import difflib
import os
import textwrap
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from device.settings import checks
from device.settings.checks import Check, Checked, Wrong, escaped, shown, toml_literal
from hardware.baud import MAX_BAUD, MIN_BAUD
from hardware.events import PHYSICAL_BUTTONS
from hardware.ports import DEFAULT_PATTERNS
from rules.cthulhu_wars.commands import DEFAULT_AGONY_FACES
from rules.cthulhu_wars.maps.boards import map_names, map_spec
from rules.text import LANGUAGES
from rules.values import Record

if TYPE_CHECKING:
    from rules.json_types import JSONObject

# The maps and the two boards of each (T4, D1), for a new game's defaults.
BOARDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {name: map_spec(name).boards for name in map_names()}
)
# D4: Citadels are named by board and printed label.
CITADELS: tuple[str, ...] = tuple(
    f"{board}_citadel_{label}"
    for board in ("surface", "underworld")
    for label in ("1_2", "3", "4", "5_6")
)
READER_KEYWORDS = ("auto", "simulated", "none")


def _printed_areas(map_name: str) -> tuple[str, ...]:
    """The Area ids printed on a map's boards; Citadels have [dreamlands.citadels] (D4)."""
    groups = map_spec(map_name).areas.values()
    return tuple(dict.fromkeys(a.id for group in groups for a in group if a.citadel is None))


# Every printed Area may be given the name the owner's boards print: the Japanese
# names are ours, and a board in another edition prints its own.
AREAS: Mapping[str, tuple[str, ...]] = MappingProxyType({m: _printed_areas(m) for m in BOARDS})


class Key(Record):
    """One configuration key: dotted name, check, default and a one-line help."""

    name: str
    check: Check
    default: object  # a TOML value, as a file would give it
    help: str

    @property
    def section(self) -> str:
        return self.name.rpartition(".")[0]

    @property
    def field(self) -> str:
        return self.name.rpartition(".")[2]


KEYS: tuple[Key, ...] = (
    Key("buttons.custodian", checks.pin(), 17, "CUSTODIAN button: activate the Custodian."),
    Key("buttons.librarian", checks.pin(), 27, "LIBRARIAN button: activate the Librarian."),
    Key("buttons.phase", checks.pin(), 22, "PHASE button: go to the next phase."),
    Key("buttons.up", checks.pin(), 5, "UP button."),
    Key("buttons.down", checks.pin(), 6, "DOWN button."),
    Key("buttons.ok", checks.pin(), 13, "OK button (on the main screen: the menu)."),
    Key("buttons.back", checks.pin(), 26, "BACK button (held: undo the last command)."),
    Key("buttons.encoder_a", checks.optional_pin(), "none", "Rotary encoder output A."),
    Key("buttons.encoder_b", checks.optional_pin(), "none", "Rotary encoder output B."),
    Key(
        "buttons.hold_time", checks.number(0.2, 10, "seconds"), 1.0, "Hold BACK this long to undo."
    ),
    Key(
        "buttons.repeat_delay", checks.number(0.1, 5, "seconds"), 0.5, "UP/DOWN held: first repeat."
    ),
    Key("buttons.repeat_rate", checks.number(1, 50, "repeats per second"), 10.0, "UP/DOWN held."),
    Key(
        "buttons.kind",
        checks.one_of("auto", "gpio", "keyboard"),
        "auto",
        '"auto": GPIO buttons on a Raspberry Pi; "keyboard": a USB keyboard or keypad stands '
        'in for them (C, L, P, arrows, Enter, Backspace; no GPIO needed); "gpio": GPIO '
        "always. A keyboard plugged in works with every choice.",
    ),
    Key(
        "reader.port",
        checks.serial_port(READER_KEYWORDS),
        "auto",
        'Dice reader: "auto" = one plugged in (by reader.match), simulated only on a desktop; '
        '"simulated" (keyboard), "none", or a device path.',
    ),
    Key("reader.baud", checks.baud(MIN_BAUD, MAX_BAUD), 9600, "Serial speed of the dice reader."),
    Key(
        "reader.match",
        checks.patterns(),
        # The boards the udev rule names, so a reader found on a Pi is found on a desktop too.
        [*DEFAULT_PATTERNS, "dice"],
        "For port = auto: USB vendor:product ids (* = any) or words of the port's description.",
    ),
    # --- smart dice (Bluetooth): keep this block together ---
    Key(
        "dice.bluetooth",
        checks.one_of("auto", True, False),
        "auto",
        'Pixels and GoDice smart dice over Bluetooth LE (chosen on the Dice screen). "auto": on '
        "a Raspberry Pi; true: everywhere (no Bluetooth is then shown, never fatal); false: off.",
    ),
    Key(
        "dice.adapter",
        checks.text(16),
        "",
        'The Bluetooth adapter to use, such as "hci0"; "" = the first one.',
    ),
    Key(
        "dice.agony_faces",
        checks.die_faces_or_default(),
        [],
        "What each face of the smart die chosen as the Agony die counts as, face 1 first (C19).",
    ),
    # --- end of smart dice ---
    Key("screen.width", checks.whole(320, 1920), 800, "Window or screen width in pixels."),
    Key("screen.height", checks.whole(320, 1920), 480, "Window or screen height in pixels."),
    Key(
        "screen.fullscreen",
        checks.one_of("auto", True, False),
        "auto",
        '"auto": full screen on a Raspberry Pi, a window elsewhere.',
    ),
    Key("screen.rotation", checks.one_of(0, 90, 180, 270), 0, "Screen rotation in degrees."),
    Key("screen.language", checks.one_of(*LANGUAGES), "en", "Language of the screen."),
    Key(
        "screen.drm_device",
        checks.device_path("auto"),
        "auto",
        'Full screen: the DRM card to draw on. "auto": the first with a screen connected. '
        "On a Pi 5 (several cards) name it by its stable link in /dev/dri/by-path "
        "(ls -l /dev/dri/by-path shows which is which), or /dev/dri/cardN.",
    ),
    Key("table.map", checks.one_of(*BOARDS), "celaeno", "Map of a new game."),
    Key(
        "table.factions",
        checks.factions(),
        ["great_cthulhu", "crawling_chaos", "black_goat"],
        "Factions of a new game, in seating order (T3, T4).",
    ),
    Key("table.sides", checks.sides(), {}, "Board sides of a new game (T4, D1)."),
    Key(
        "table.agony_faces",
        checks.die_faces(),
        list(DEFAULT_AGONY_FACES),
        "Faces of the Agony die (C19).",
    ),
    Key(
        "table.silence_at_start", checks.flag(), False, "Everyone starts with a Silence token (I1)."
    ),
    Key(
        "table.tomes_refresh_at_doom",
        checks.flag(),
        True,
        "Face-down Tomes flip face up at each Doom Phase (C11).",
    ),
    *(
        Key(
            f"dreamlands.citadels.{citadel}",
            checks.text(40),
            "",
            'Printed Area name of this Citadel (D4); "" = show its label.',
        )
        for citadel in CITADELS
    ),
    *(
        Key(
            f"{map_name}.areas.{area}",
            checks.text(40),
            "",
            'Name printed on your board; "" = ours.',
        )
        for map_name, areas in AREAS.items()
        for area in areas
    ),
    Key(
        "device.state_dir",
        checks.directory(),
        "",
        'Directory of the journal; "" = systemd\'s StateDirectory or ~/.local/share/celaeno.',
    ),
    Key("web.enabled", checks.flag(), True, "Show the table on phones over the LAN (celaeno web)."),
    Key("web.address", checks.ip_address(), "0.0.0.0", 'Address to listen on; "0.0.0.0" = all.'),
    Key("web.port", checks.whole(1024, 65535), 8080, "Port of the phone view."),
    Key(
        "web.max_pages",
        checks.whole(1, 1000),
        64,
        "Connections served at once; more get 503 Service Unavailable.",
    ),
    Key(
        "web.seats",
        checks.flag(),
        True,
        "Phones may pair as factions' seats and tell the table what happened to their own"
        " faction (menu: Seats on phones); false: the phone view is read-only.",
    ),
)
KEYS_BY_NAME: Mapping[str, Key] = MappingProxyType({key.name: key for key in KEYS})
SECTIONS: tuple[str, ...] = tuple(dict.fromkeys(key.section for key in KEYS))
MAX_PROBLEMS = 20  # then "… and N more problems"
# Sections read by another part of the system, which says its own mistakes in one line
# and uses its defaults: a Wi-Fi mistake must not refuse the table's game settings
# (device/network/hotspot.py reads [network] when the card or the Pi starts its radio).
FOREIGN_SECTIONS = ("network",)


class ConfigError(Exception):
    """Every problem found in one configuration file, one line each."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = tuple(problems)


class ButtonsConfig(Record):
    custodian: int
    librarian: int
    phase: int
    up: int
    down: int
    ok: int
    back: int
    encoder_a: int | None  # None: no rotary encoder fitted ("none" in the file)
    encoder_b: int | None
    hold_time: float
    repeat_delay: float
    repeat_rate: float
    kind: Literal["auto", "gpio", "keyboard"]

    def pins(self) -> dict[str, int]:
        """Logical button name → BCM pin, the encoder outputs included when fitted."""
        named = {
            name: getattr(self, config_key(name))
            for name in (*PHYSICAL_BUTTONS, "encoder_a", "encoder_b")
        }
        return {name: pin for name, pin in named.items() if pin is not None}


# The configuration names the two game buttons as their labels on the box, as owners'
# files always have; the code calls them by their neutral names (hardware.events).
BOX_LABELS: dict[str, str] = {"left": "custodian", "right": "librarian"}


def config_key(button: str) -> str:
    """The ``[buttons]`` key of a button (or an encoder output)."""
    return BOX_LABELS.get(button, button)


class ReaderConfig(Record):
    port: str  # "auto", "simulated", "none", a device path or a pyserial URL
    baud: int
    match: tuple[str, ...]


class DiceConfig(Record):
    bluetooth: bool | Literal["auto"]
    adapter: str  # "": the first adapter
    agony_faces: tuple[int, ...]  # (): the table's Agony faces


class ScreenConfig(Record):
    width: int
    height: int
    fullscreen: bool | Literal["auto"]
    rotation: int
    language: str
    drm_device: str  # "auto" or a path to /dev/dri/cardN (device/service/drm.py)


class TableConfig(Record):
    map: str
    factions: tuple[str, ...]
    sides: Mapping[str, int]  # empty: the default by player count (T4)
    agony_faces: tuple[int, ...]
    silence_at_start: bool
    tomes_refresh_at_doom: bool

    def new_game(self) -> JSONObject:
        """The ``new_game`` command these defaults describe, as JSON (see its JOURNAL.md)."""
        command: JSONObject = {
            "type": "new_game",
            "map": self.map,
            "factions": [*self.factions],
        }
        if self.sides:
            command["sides"] = dict(self.sides)
        command["settings"] = {
            "agony_faces": [*self.agony_faces],
            "silence_at_start": self.silence_at_start,
            "tomes_refresh_at_doom": self.tomes_refresh_at_doom,
        }
        return command


class DeviceConfig(Record):
    state_dir: str  # "": see device.storage.paths.state_dir


class WebConfig(Record):
    enabled: bool
    address: str
    port: int
    max_pages: int
    seats: bool = True


class Config(Record):
    buttons: ButtonsConfig
    reader: ReaderConfig
    screen: ScreenConfig
    dice: DiceConfig
    table: TableConfig
    citadels: Mapping[str, str]  # Citadel id (D4) → printed name, only those given
    areas: Mapping[str, str]  # any other Area id → the name the owner's boards print, if given
    device: DeviceConfig
    web: WebConfig
    source: str  # the file it came from, or "(defaults)"

    def printed_names(self) -> dict[str, str]:
        """Every name the owner configured, Areas and Citadels, by Area id."""
        return {**self.areas, **self.citadels}


def default_config() -> Config:
    return _build(_checked({}, "(defaults)")[0], "(defaults)")


def load_config(path: str | os.PathLike[str]) -> Config:
    """The configuration in ``path``; :class:`ConfigError` lists every problem in it."""
    name = str(path)
    document = _read_document(Path(path), name)
    found, problems = _flatten(document, name)
    values, invalid = _checked(found, name)
    problems += invalid
    if not invalid:  # rules between keys need every key valid on its own
        problems += _consistency(values, name)
    if problems:
        raise ConfigError(_at_most(problems))
    return _build(values, name)


def _at_most(problems: list[str]) -> list[str]:
    if len(problems) <= MAX_PROBLEMS:
        return problems
    return [*problems[:MAX_PROBLEMS], f"… and {len(problems) - MAX_PROBLEMS} more problems"]


def _read_document(path: Path, name: str) -> dict[str, object]:
    try:
        return tomllib.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise ConfigError([f"{name}: no such file"]) from None
    except UnicodeDecodeError as error:
        raise ConfigError([f"{name}: not UTF-8 text (byte {error.start})"]) from None
    except OSError as error:
        raise ConfigError([f"{name}: cannot read: {error.strerror}"]) from None
    except tomllib.TOMLDecodeError as error:
        # tomllib's message ends with "(at line N, column M)".
        raise ConfigError([f"{name}: not valid TOML: {error}"]) from None
    except ValueError:  # Python's own limit on int(): every key is far smaller
        raise ConfigError([f"{name}: a number is too long to read (over 4,300 digits)"]) from None
    except RecursionError:
        raise ConfigError([f"{name}: arrays or tables are nested too deeply"]) from None


def _flatten(document: Mapping[str, object], name: str) -> tuple[dict[str, object], list[str]]:
    found: dict[str, object] = {}
    problems: list[str] = []
    for dotted, value in _walk(document, ""):
        if dotted in FOREIGN_SECTIONS:
            continue
        if dotted in KEYS_BY_NAME:
            found[dotted] = value
        elif len(problems) <= MAX_PROBLEMS:  # a file of 100,000 typos is answered at once
            problems.append(_unknown(dotted, isinstance(value, dict), name))
    return found, problems


def _walk(table: Mapping[str, object], prefix: str) -> Iterator[tuple[str, object]]:
    # Descend into sections (and their parents, like "dreamlands"); anything else is a key.
    for key, value in table.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict) and dotted not in KEYS_BY_NAME and _is_section(dotted):
            yield from _walk(value, dotted + ".")
        else:
            yield dotted, value


def _is_section(dotted: str) -> bool:
    return any(section == dotted or section.startswith(dotted + ".") for section in SECTIONS)


def _unknown(dotted: str, is_table: bool, name: str) -> str:
    section = dotted if is_table and "." not in dotted else dotted.rpartition(".")[0]
    if section and not _is_section(section):
        close = _did_you_mean(section, SECTIONS)
        return f"{name}: [{escaped(section)}]: unknown section{close}"
    return f"{name}: {escaped(dotted)}: unknown key{_did_you_mean(dotted, list(KEYS_BY_NAME))}"


def _did_you_mean(word: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _checked(found: Mapping[str, object], name: str) -> tuple[dict[str, Checked], list[str]]:
    values: dict[str, Checked] = {}
    problems: list[str] = []
    for key in KEYS:
        raw = found.get(key.name, key.default)
        try:
            values[key.name] = key.check.convert(raw)
        except Wrong as wrong:
            detail = f" ({wrong.detail})" if wrong.detail else ""
            got = shown(raw)
            problems.append(f"{name}: {key.name}: expected {key.check.expected}, got {got}{detail}")
    return values, problems


def _consistency(values: Mapping[str, Checked], name: str) -> list[str]:
    return [f"{name}: {problem}" for problem in (*_pin_clashes(values), *_sides_problems(values))]


def _pin_clashes(values: Mapping[str, Checked]) -> list[str]:
    problems = []
    users: dict[int, list[str]] = {}
    for field in (config_key(b) for b in (*PHYSICAL_BUTTONS, "encoder_a", "encoder_b")):
        pin = values[f"buttons.{field}"]
        if pin is not None:
            users.setdefault(pin, []).append(f"buttons.{field}")
    for pin, (first, *others) in users.items():
        problems += [f"{key}: GPIO {pin} is already used by {first}" for key in others]
    if (values["buttons.encoder_a"] is None) != (values["buttons.encoder_b"] is None):
        problems.append('buttons.encoder_b: an encoder needs both pins, or both "none"')
    return problems


def _sides_problems(values: Mapping[str, Checked]) -> list[str]:
    sides: dict[str, int] = values["table.sides"]
    if not sides:
        return []
    boards = BOARDS[values["table.map"]]
    if sorted(sides) != sorted(boards):
        wanted = " and ".join(boards)
        return [f"table.sides: the {values['table.map']} map needs exactly {wanted}"]
    players = len(values["table.factions"])
    wanted_sides = {3: [3, 3], 4: [3, 5], 5: [5, 5]}[players]  # T4
    if sorted(sides.values()) != wanted_sides:
        pair = " and ".join(str(n) for n in wanted_sides)
        return [f"table.sides: {players} players use the {pair}-player sides (T4)"]
    return []


def _build(values: Mapping[str, Checked], source: str) -> Config:
    def section(prefix: str) -> dict[str, Checked]:
        return {key.field: values[key.name] for key in KEYS if key.section == prefix}

    table = section("table")
    table["sides"] = MappingProxyType(table["sides"])

    citadels = {name: label for name, label in section("dreamlands.citadels").items() if label}
    areas = {
        area: name
        for map_name in AREAS
        for area, name in section(f"{map_name}.areas").items()
        if name
    }
    return Config(
        buttons=ButtonsConfig(**section("buttons")),
        reader=ReaderConfig(**section("reader")),
        screen=ScreenConfig(**section("screen")),
        dice=DiceConfig(**section("dice")),
        table=TableConfig(**table),
        citadels=MappingProxyType(citadels),
        areas=MappingProxyType(areas),
        device=DeviceConfig(**section("device")),
        web=WebConfig(**section("web")),
        source=source,
    )


def example() -> str:
    """A commented configuration file holding every key at its default."""
    lines = [
        "# Configuration of the Celaeno table companion (celaeno config --example).",
        "# Every key is optional: a key left out takes the value shown here.",
        "# Check a file with: celaeno check-config FILE",
    ]
    for section in SECTIONS:
        lines += ["", f"[{section}]"]
        for key in (key for key in KEYS if key.section == section):
            comment = f"{key.help} Allowed: {key.check.expected}."
            lines += textwrap.wrap(comment, 96, initial_indent="# ", subsequent_indent="# ")
            lines.append(f"{key.field} = {toml_literal(key.default)}")
    return "\n".join([*lines, *NETWORK_EXAMPLE]) + "\n"


NETWORK_EXAMPLE = (
    "",
    "[network]",
    '# The Pi\'s own Wi-Fi for the phones (celaeno-XXXX, WPA2). "auto": when no house Wi-Fi is',
    '# configured or none is found within 20 s; "always"; "never". A mistake here is said in',
    '# one line and the defaults are used. Allowed: "auto", "always" or "never".',
    'hotspot = "auto"',
    "# The access point's passphrase, 8 to 63 characters; left out: one generated at the first",
    '# start and kept (shown on "Show on phones").',
    '# passphrase = "a long phrase of your own"',
)
