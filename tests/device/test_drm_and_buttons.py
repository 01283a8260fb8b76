"""A real Pi's screen and buttons: the configured DRM card, a quiet console, a keypad for
the buttons, and one log line per durable commit (what the booted-machine tests count)."""

from __future__ import annotations

import dataclasses
import logging
import os
import re
from pathlib import Path

import pytest

from device.companion.runtime import wants_gpio
from device.service import drm
from device.settings.config import ConfigError, default_config, example, load_config
from device.settings.places import default_game
from device.storage.session import GameSession
from device.storage.store import Store
from rules.games import RULES
from tests.parsing import parse_any_line


def dri(tmp_path: Path) -> Path:
    """A /dev/dri as a Pi 5 has it: two cards and a render node, by-path links to them."""
    root = tmp_path / "dri"
    (root / "by-path").mkdir(parents=True)
    for name in ("card0", "card1", "renderD128"):
        (root / name).touch()
    (root / "by-path/platform-gpu-card").symlink_to("../card0")
    (root / "by-path/platform-display-card").symlink_to("../card1")
    (root / "by-path/platform-gpu-render").symlink_to("../renderD128")
    return root


def test_a_by_path_link_selects_its_card_for_sdl(tmp_path: Path) -> None:
    root = dri(tmp_path)
    env: dict[str, str] = {}
    assert drm.select_card(str(root / "by-path/platform-display-card"), env) == 1
    assert env == {"SDL_KMSDRM_DEVICE_INDEX": "1"}
    assert drm.select_card(str(root / "card0"), env) == 0
    assert env == {"SDL_KMSDRM_DEVICE_INDEX": "0"}


def test_auto_leaves_the_choice_to_sdl(tmp_path: Path) -> None:
    env: dict[str, str] = {}
    assert drm.select_card("auto", env) is None
    assert env == {}


@pytest.mark.parametrize("driver", ["KMSDRM", "kmsdrm"])  # pygame's name, SDL_VIDEODRIVER's
def test_kmsdrm_presents_with_opengl_es_unless_the_owner_chose(driver: str) -> None:
    env: dict[str, str] = {}
    assert drm.prefer_gles(driver, env)
    assert env == {"SDL_FRAMEBUFFER_ACCELERATION": "opengles2"}
    chosen = {"SDL_FRAMEBUFFER_ACCELERATION": "software"}
    assert not drm.prefer_gles(driver, chosen)
    assert chosen == {"SDL_FRAMEBUFFER_ACCELERATION": "software"}


@pytest.mark.parametrize("driver", ["x11", "wayland", "dummy", "offscreen"])
def test_other_video_drivers_keep_sdls_renderer(driver: str) -> None:
    env: dict[str, str] = {}
    assert not drm.prefer_gles(driver, env)
    assert env == {}


def test_a_missing_card_names_the_cards_there(tmp_path: Path) -> None:
    root = dri(tmp_path)
    with pytest.raises(drm.DrmDeviceError) as caught:
        drm.card_index(str(root / "by-path/platform-hdmi-card"), dri=root)
    assert str(caught.value) == (
        f"screen.drm_device: {root}/by-path/platform-hdmi-card does not exist "
        "(cards here: card0, card1)"
    )


def test_a_render_node_is_refused(tmp_path: Path) -> None:
    root = dri(tmp_path)
    with pytest.raises(drm.DrmDeviceError, match="not a DRM card"):
        drm.card_index(str(root / "by-path/platform-gpu-render"), dri=root)


def test_the_console_under_the_app_never_blanks_and_shows_no_cursor() -> None:
    master, slave = os.openpty()
    try:
        # A pseudo-terminal is no VT: nothing is written to it.
        assert drm.quiet_console(slave) is False
        # The same pty taken for a VT: the escapes go out as they would to tty1.
        pattern = re.compile(re.escape(os.ttyname(slave)))
        assert drm.quiet_console(slave, vt=pattern) is True
        assert os.read(master, 100) == b"\033[9;0]\033[14;0]\033[?25l"
    finally:
        os.close(master)
        os.close(slave)


def test_quiet_console_ignores_what_is_no_terminal(tmp_path: Path) -> None:
    with open(tmp_path / "file", "wb") as file:
        assert drm.quiet_console(file.fileno()) is False
    assert (tmp_path / "file").read_bytes() == b""


def test_drm_device_and_button_kind_are_configured_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "celaeno.toml"
    path.write_text(
        '[screen]\ndrm_device = "/dev/dri/by-path/platform-gpu-card"\n[buttons]\nkind = "keyboard"\n'
    )
    config = load_config(path)
    assert config.screen.drm_device == "/dev/dri/by-path/platform-gpu-card"
    assert config.buttons.kind == "keyboard"
    path.write_text('[screen]\ndrm_device = "card1"\n[buttons]\nkind = "keypad"\n')
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert list(caught.value.problems) == [
        f'{path}: buttons.kind: expected "auto", "gpio" or "keyboard", got "keypad"',
        f'{path}: screen.drm_device: expected "auto" or a device path such as '
        '/dev/dri/by-path/...-card, got "card1"',
    ]
    assert 'drm_device = "auto"' in example() and 'kind = "auto"' in example()


@pytest.mark.parametrize(
    ("kind", "on_pi", "gpio"),
    [
        ("auto", True, True),
        ("auto", False, False),
        ("keyboard", True, False),
        ("gpio", False, True),
        ("gpio", True, True),
    ],
)
def test_a_keypad_can_stand_in_for_the_gpio_buttons(kind: str, on_pi: bool, gpio: bool) -> None:
    config = default_config()
    config = dataclasses.replace(config, buttons=dataclasses.replace(config.buttons, kind=kind))  # type: ignore[arg-type]
    assert wants_gpio(config, on_pi) is gpio


def test_each_commit_is_logged_after_it_is_on_disk(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="celaeno.journal")
    with Store.open(tmp_path / "journal.sqlite3") as store:
        session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
        command = parse_any_line('{"type": "next_phase"}')
        assert command is not None
        session.submit(command)
        lines = [r.getMessage() for r in caplog.records if r.name == "celaeno.journal"]
        assert len(store.commands(session.game_id)) == 2
    assert lines == ["committed 1 of game 1: new_game", "committed 2 of game 1: next_phase"]
