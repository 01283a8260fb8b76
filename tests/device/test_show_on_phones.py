"""The menu's "Show on phones": the phone view's URL as a QR code large enough to scan
at arm's length on 800×480, in both languages; no network (or the view turned off)
is said in words and no dead code is drawn. Screenshots go to tests/output/."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from device.companion.app import App, Inputs, TableSetup
from device.network import access_point, hotspot
from device.storage.session import GameSession
from device.storage.store import Store
from device.ui import phones
from display.layout import flow
from display.layout.canvas import Canvas
from display.panels import qr
from display.panels.qr import QUIET_ZONE, modules
from hardware.events import ButtonPressed
from rules.games import RULES
from rules.text import render, render_fragment, text
from tests.device.conftest import Offscreen

OUTPUT = Path(__file__).resolve().parents[1] / "output"
URL = "http://192.168.1.20:8080/"
LEAST_PX = {(480, 320): 14, (800, 480): 18, (1920, 1080): 28}  # the type floors of all else


@pytest.fixture(autouse=True)
def a_radio_and_no_own_wifi(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever this machine has: a Wi-Fi radio, joined to a house network (a test that
    wants the table's own Wi-Fi, or no radio, says so)."""
    monkeypatch.setattr(hotspot, "STATE", tmp_path / "no-hotspot.json")
    monkeypatch.setattr(access_point, "any_radio", lambda: True)


def open_show_on_phones(app: App) -> None:
    """Pressed as a table does (each press takes the last one's words away)."""
    main = [choice.label.key for choice in app.view().prompt.choices]
    if "main.menu" in main:  # the Library's main screen: its last line is the menu
        _press_to(app, lambda key: key == "main.menu")
    else:
        app.handle_input(ButtonPressed("ok"))  # the main screen's OK: the menu
    _press_to(app, lambda key: key.endswith("menu.phones"))
    app.draw()


def _press_to(app: App, wanted: Callable[[str], bool]) -> None:
    """DOWN to the first line ``wanted`` says yes to, then OK."""
    for _ in range(40):
        prompt = app.view().prompt
        if prompt.selected is not None and wanted(prompt.choices[prompt.selected].label.key):
            app.handle_input(ButtonPressed("ok"))
            return
        app.handle_input(ButtonPressed("down"))
    raise AssertionError("no such line")


def make_app(
    tmp_path: Path,
    lang: str,
    web: phones.WebSettings,
    size: tuple[int, int] = (800, 480),
) -> tuple[App, Store]:
    store = Store.open(tmp_path / f"{lang}.sqlite3")
    from device.settings.config import default_config
    from device.settings.places import default_game

    session, _ = GameSession.resume(store, default_game(default_config(), RULES), RULES)
    app = App(
        session, Offscreen(pygame.Surface(size)), Inputs(), setup=TableSetup(lang=lang, web=web)
    )
    return app, store


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_qr_code_is_the_url_drawn_large_with_the_address_in_words(
    tmp_path: Path, lang: str
) -> None:
    app, store = make_app(tmp_path, lang, phones.WebSettings(True, "192.168.1.20", 8080))
    with store:
        open_show_on_phones(app)
        prompt = app.view().prompt
        assert prompt.qr == URL
        assert URL not in render(prompt.title, lang), "said once, under the code, unbroken"
        board = app.screen.regions.panels()["board"]
        module, origin = _find_code(app.screen.surface, board, len(modules(URL)))
        assert module >= 8, f"{module} px per module is too small to scan at arm's length"
        _assert_drawn_as_encoded(app.screen.surface, origin, module, modules(URL))
        OUTPUT.mkdir(exist_ok=True)
        pygame.image.save(app.screen.surface, str(OUTPUT / f"show-on-phones-{lang}-800x480.png"))
        app.handle_input(ButtonPressed("ok"))  # "Back to the game"
        assert app.view().prompt.qr is None


LONGEST = "http://255.255.255.255:65535/"  # the longest IPv4 address and port


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_address_under_the_code_is_one_unbroken_line_at_every_size(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    app, store = make_app(tmp_path, lang, phones.WebSettings(True, "255.255.255.255", 65535), size)
    with store:
        open_show_on_phones(app)
        assert app.view().prompt.qr == LONGEST
        regions = app.screen.regions
        canvas = Canvas(pygame.Surface(size), "board", regions.panels()["board"],
                        regions.sizes(), regions.pad)  # fmt: skip
        area = qr.draw(canvas, LONGEST)
        below = pygame.Rect(canvas.inner.x, area.bottom, canvas.inner.w,
                            canvas.inner.bottom - area.bottom)  # fmt: skip
        laid = flow.fit(qr.caption(LONGEST), below.w, below.h, canvas.sizes)
        assert [item.text for item in laid.items] == [LONGEST] and not laid.truncated
        _assert_drawn_whole(app, (LONGEST,))
        pygame.image.save(app.screen.surface,
                          str(OUTPUT / f"show-on-phones-{lang}-{size[0]}x{size[1]}.png"))  # fmt: skip


def test_no_network_is_said_and_no_code_is_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(phones, "machine_addresses", lambda: [])
    app, store = make_app(tmp_path, "en", phones.WebSettings(True, "0.0.0.0", 8080))
    with store:
        open_show_on_phones(app)
        prompt = app.view().prompt
        assert prompt.qr is None
        assert render(prompt.title, "en").startswith("No network")
        pygame.image.save(app.screen.surface, str(OUTPUT / "show-on-phones-no-network-800x480.png"))


def test_each_address_of_the_machine_is_offered_listening_on_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(phones, "machine_addresses", lambda: ["10.0.0.5", "192.168.4.1"])
    step = phones.show_on_phones(phones.WebSettings(True, "0.0.0.0", 8123))
    assert step.qr == "http://10.0.0.5:8123/"
    assert [o.label.params.get("url") for o in step.options[1:]] == ["http://192.168.4.1:8123/"]


def test_turned_off_in_the_configuration_is_said() -> None:
    step = phones.show_on_phones(phones.WebSettings(False, "0.0.0.0", 8080))
    assert step.qr is None and step.title.key == "web.disabled"


def _find_code(
    surface: pygame.Surface, board: pygame.Rect, size: int
) -> tuple[int, tuple[int, int]]:
    """The white square's top-left and the module size, measured from the pixels."""
    white = (255, 255, 255)
    for y in range(board.top, board.bottom):
        for x in range(board.left, board.right):
            if surface.get_at((x, y))[:3] == white:
                right = x
                while right < board.right and surface.get_at((right, y))[:3] == white:
                    right += 1
                side = right - x
                module = side // (size + 2 * QUIET_ZONE)
                return module, (x + QUIET_ZONE * module, y + QUIET_ZONE * module)
    raise AssertionError("no QR code on the board")


def _assert_drawn_as_encoded(
    surface: pygame.Surface, origin: tuple[int, int], module: int, rows: list[list[bool]]
) -> None:
    for row_index, row in enumerate(rows):
        for col_index, dark in enumerate(row):
            centre = (origin[0] + col_index * module + module // 2,
                      origin[1] + row_index * module + module // 2)  # fmt: skip
            drawn_dark = surface.get_at(centre)[:3] == (0, 0, 0)
            assert drawn_dark == dark, (row_index, col_index)


# --- the table's own Wi-Fi: two codes in order, read back by a QR decoder ------------------

SHOTS = OUTPUT / "show-on-phones-wifi"  # the screenshots the decoder read
OWNER_PASSPHRASE = 'our;table,"rules":\\ok'  # every sign the join code must escape


def decoded(surface: pygame.Surface, name: str) -> list[str]:
    """What a real QR decoder (zbarimg) reads from the screenshot ``name``."""
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        pytest.skip("zbarimg is not installed (Debian's zbar-tools)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    pygame.image.save(surface, str(path))
    done = subprocess.run(
        [zbarimg, "--quiet", "--raw", "-Sbinary", str(path)],
        capture_output=True,
        check=False,
    )
    return [line.decode("utf-8") for line in done.stdout.splitlines() if line]


@pytest.fixture()
def own_wifi(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> hotspot.Hotspot:
    spot = hotspot.Hotspot("celaeno-C3D4", OWNER_PASSPHRASE)
    hotspot.write_state(tmp_path / "state.json", spot)
    monkeypatch.setattr(hotspot, "STATE", tmp_path / "state.json")
    monkeypatch.setattr(phones, "machine_addresses", lambda: ["10.42.0.1"])
    return spot


@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_on_the_tables_own_wifi_the_join_code_comes_first_then_the_page(
    tmp_path: Path, lang: str, size: tuple[int, int], own_wifi: hotspot.Hotspot
) -> None:
    app, store = make_app(tmp_path, lang, phones.WebSettings(True, "0.0.0.0", 8080), size)
    with store:
        open_show_on_phones(app)
        prompt = app.view().prompt
        join = 'WIFI:T:WPA;S:celaeno-C3D4;P:our\\;table\\,\\"rules\\"\\:\\\\ok;;'
        assert prompt.qr == join
        shot = f"join-{lang}-{size[0]}x{size[1]}"
        assert decoded(app.screen.surface, shot) == [join]
        said = [render_fragment(line, lang) for line in prompt.qr_caption]
        assert said[0].endswith("celaeno-C3D4") and "".join(said[1:]).endswith(OWNER_PASSPHRASE)
        _assert_caption_unbroken(app, join, tuple(said))
        assert render(prompt.choices[0].label, lang).startswith("2")
        app.handle_input(ButtonPressed("ok"))  # 2 of 2: the page's address
        app.draw()
        assert app.view().prompt.qr == "http://10.42.0.1:8080/"
        page = f"page-{lang}-{size[0]}x{size[1]}"
        assert decoded(app.screen.surface, page) == ["http://10.42.0.1:8080/"]


def _assert_caption_unbroken(app: App, data: str, said: tuple[str, ...]) -> None:
    regions = app.screen.regions
    size = app.screen.surface.get_size()
    canvas = Canvas(pygame.Surface(size), "board", regions.panels()["board"],
                    regions.sizes(), regions.pad)  # fmt: skip
    area = qr.draw(canvas, data, said)
    below = pygame.Rect(canvas.inner.x, area.bottom, canvas.inner.w,
                        canvas.inner.bottom - area.bottom)  # fmt: skip
    laid = flow.fit(qr.caption(*said), below.w, below.h, canvas.sizes)
    assert [item.text for item in laid.items] == list(said) and not laid.truncated
    _assert_drawn_whole(app, said)


def _assert_drawn_whole(app: App, said: tuple[str, ...]) -> None:
    """What the screen drew: each line under the code whole, unbroken and at least at the
    screen's floor beside the code (the type floors never cost the table its address or
    passphrase), and every choice of the list shown beside it."""
    size = app.screen.surface.get_size()
    board = [label for label in app.screen.labels() if label.panel == "board" and label.text]
    assert [label.text for label in board] == list(said), size
    assert not any(label.truncated for label in board), size
    assert min(label.px for label in board) >= LEAST_PX[size], size
    assert len(app.screen.shown_choices()) == len(app.view().prompt.choices), size


def test_on_a_house_network_only_the_pages_code_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hotspot, "STATE", tmp_path / "none.json")
    monkeypatch.setattr(phones, "machine_addresses", lambda: ["192.168.1.20"])
    step = phones.show_on_phones(phones.WebSettings(True, "0.0.0.0", 8080), radio=True)
    assert step.qr == URL and step.qr_caption == () and step.title.key == "web.scan"


def test_a_view_that_did_not_start_is_said_in_place_of_the_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(phones, "machine_addresses", lambda: ["192.168.1.20"])
    why = text("web.not_started", reason=text("web.no_answer", seconds=20))
    step = phones.show_on_phones(phones.WebSettings(True, "0.0.0.0", 8080), not_started=why)
    assert step.qr is None and step.title == why
    for lang in ("en", "ja"):  # how to start it by hand, in one line
        assert "celaeno web" in render(step.title, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_radio_is_said_and_a_wired_address_shown_if_any(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setattr(hotspot, "STATE", tmp_path / "none.json")
    monkeypatch.setattr(access_point, "any_radio", lambda: False)
    monkeypatch.setattr(phones, "machine_addresses", lambda: ["192.168.1.20"])
    app, store = make_app(tmp_path, lang, phones.WebSettings(True, "0.0.0.0", 8080))
    with store:
        open_show_on_phones(app)
        prompt = app.view().prompt
        assert prompt.title.key == "web.no_radio_wired"
        assert decoded(app.screen.surface, f"no-radio-wired-{lang}-800x480") == [URL]
    monkeypatch.setattr(phones, "machine_addresses", lambda: [])
    step = phones.show_on_phones(phones.WebSettings(True, "0.0.0.0", 8080))
    assert step.qr is None and step.title.key == "web.no_radio"
    assert "no Wi-Fi radio" in render(step.title, "en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_longest_passphrase_is_written_unbroken_at_the_smallest_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    spot = hotspot.Hotspot("celaeno-C3D4", "W" * 63)
    hotspot.write_state(tmp_path / "state.json", spot)
    monkeypatch.setattr(hotspot, "STATE", tmp_path / "state.json")
    app, store = make_app(tmp_path, lang, phones.WebSettings(True, "0.0.0.0", 8080), (480, 320))
    with store:
        open_show_on_phones(app)
        prompt = app.view().prompt
        said = tuple(render_fragment(line, lang) for line in prompt.qr_caption)
        assert "".join(said[2:]) == spot.passphrase  # in lines of 20 under its label
        _assert_caption_unbroken(app, spot.join_code(), said)
        assert decoded(app.screen.surface, f"join-longest-{lang}-480x320") == [spot.join_code()]


def test_the_join_code_never_leads_to_a_page_no_phone_can_reach(
    own_wifi: hotspot.Hotspot,
) -> None:
    step = phones.show_on_phones(phones.WebSettings(True, "127.0.0.1", 8080))
    assert step.qr == own_wifi.join_code()
    page = step.options[0].value
    assert page.qr is None and page.title.key == "web.no_network"
