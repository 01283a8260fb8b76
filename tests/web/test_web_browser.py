"""The phone view in a real browser: Debian's chromium, headless, driven by Playwright
through ``executable_path`` (no browser is downloaded). The page loads, follows commands
committed through the device's own store and session, shows an undo as the state going
back, reconnects by itself after the server restarts, and switches the whole page's
language, remembered on that phone.
Screenshots at 390×844 and 1280×800 in English and Japanese go to tests/output/."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import ROOT, Table, WebServer, running

CHROMIUM = os.environ.get("CELAENO_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUTPUT = ROOT / "tests" / "output"

playwright_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
pytestmark = pytest.mark.skipif(
    not (Path(CHROMIUM).exists() or shutil.which("chromium")),
    reason=f"no chromium at {CHROMIUM}: apt-get install chromium",
)

NEXT = {"type": "next_phase"}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def open_page(
    browser: Any, web: WebServer, locale: str = "en", size: tuple[int, int] = (390, 844)
) -> Any:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, locale=locale)
    page.goto(web.url)
    page.wait_for_selector("#connection.live")
    return page


def wait_until(page: Any, expression: str, wanted: object, timeout: float = 10) -> None:
    """Poll through the DevTools protocol: the page's CSP (rightly) forbids the eval
    that Playwright's own wait_for_function needs."""
    deadline = time.monotonic() + timeout
    while (found := page.evaluate(expression)) != wanted:
        assert time.monotonic() < deadline, f"{expression} is {found!r}, not {wanted!r}"
        time.sleep(0.02)


def wait_for_position(page: Any, position: int, timeout: float = 10) -> None:
    wait_until(page, "Number(document.getElementById('view').dataset.position)", position, timeout)


def shown_position(page: Any) -> int:
    return int(page.get_attribute("#view", "data-position"))


def test_the_page_loads_with_the_state_and_updates_live(
    browser: Any, web: WebServer, table: Table
) -> None:
    page = open_page(browser, web)
    assert shown_position(page) == table.position == 1
    assert "Round 1" in page.inner_text("#view")
    table.play(NEXT)  # committed through the device's store, as the table commits
    wait_for_position(page, table.position)
    assert "▶ Gather Power" in page.inner_text("#view")
    table.play({"type": "undo"})
    wait_for_position(page, table.position)
    text = page.inner_text("#view")
    assert "Undone: the table went back one step." in text
    assert "▶ Action" in text, "the state went back"
    page.close()


def test_a_page_never_shows_an_older_position_than_it_has(
    browser: Any, web: WebServer, table: Table
) -> None:
    page = open_page(browser, web)
    table.play(NEXT)
    wait_for_position(page, table.position)
    before = page.inner_html("#view")
    old = web.snapshot()
    old["position"] = 1
    old["html"] = "<p>stale</p>"
    page.evaluate("update => window.celaenoApply(update)", old)
    assert page.inner_html("#view") == before
    page.close()


def test_the_page_reconnects_after_a_server_restart_and_catches_up(
    browser: Any, web: WebServer, table: Table
) -> None:
    page = open_page(browser, web)
    web.stop()
    page.wait_for_selector("#connection.lost", timeout=5000)
    for _ in range(3):  # the table plays on while the view is down
        table.play(NEXT)
    web.start()
    wait_for_position(page, table.position)
    page.wait_for_selector("#connection.live")
    assert "▶ Doom" in page.inner_text("#view")
    page.close()


def history(page: Any) -> list[str]:
    return [str(line) for line in page.eval_on_selector_all(
        "ol.history li", "items => items.map(item => item.textContent)")]  # fmt: skip


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_history_is_listed_newest_first_and_follows_undo_and_redo_live(
    browser: Any, web: WebServer, table: Table, locale: str
) -> None:
    """The screen's history view, read-only on the phone, in the phone reader's language."""
    page = open_page(browser, web, locale=locale)
    for _ in range(4):
        table.play(NEXT)
    table.play(
        {"type": "activate", "monster": "custodian", "by": "black_goat", "area": "black_hall"}
    )
    table.play({"type": "roll", "values": [2], "source": "reader"})
    wait_for_position(page, table.position)
    first = {
        "en": "The Agony die shows 2: 2 Agony. (rolled on the dice reader)",
        "ja": "苦悶ダイスの目は2：苦悶2。 （ダイスリーダーで読み取り）",
    }[locale]
    shown = history(page)
    assert shown[0] == first and len(shown) == 6, shown
    assert (
        shown[-1]
        == {"en": "Round 2: Gather Power Phase.", "ja": "第2ラウンド：魔力収集フェイズ。"}[locale]
    )
    table.play({"type": "undo"})
    wait_for_position(page, table.position)
    assert history(page) == shown[1:], "the undone roll is not in the history"
    table.play({"type": "redo"})
    wait_for_position(page, table.position)
    assert history(page) == shown
    page.close()


def shell_words(page: Any) -> tuple[str, str, str, str]:
    """The words outside the live region: tab title, heading, footer, the buttons' label."""
    label = page.get_attribute("nav.languages", "aria-label")
    return page.title(), page.inner_text("h1"), page.inner_text("footer"), label


EN_SHELL = ("Celaeno: the table", "Celaeno: the table",
            "Read-only view: everything is decided at the table.", "Language")  # fmt: skip
JA_SHELL = (
    "Celaeno：卓の状況",
    "Celaeno：卓の状況",
    "閲覧専用：すべての決定は卓で行います。",
    "言語",
)


def test_the_language_comes_from_the_browser_and_switches(
    browser: Any, web: WebServer, table: Table
) -> None:
    page = open_page(browser, web, locale="ja-JP")
    wait_until(page, "document.documentElement.lang", "ja")
    assert "第1ラウンド" in page.inner_text("#view") and shell_words(page) == JA_SHELL
    page.click("button[data-lang=en]")
    wait_until(page, "document.documentElement.lang", "en")
    assert "Round 1" in page.inner_text("#view")
    assert shell_words(page) == EN_SHELL, "the whole page, not only the live part"
    assert page.inner_text("#connection") == "Live"
    assert page.get_attribute("button[data-lang=en]", "aria-pressed") == "true"
    table.play(NEXT)  # still live, in the chosen language
    wait_for_position(page, table.position)
    assert "Gather Power" in page.inner_text("#view")
    page.close()


def test_the_language_picked_is_remembered_on_that_phone_over_its_browsers(
    browser: Any, shared_web: WebServer
) -> None:
    web = shared_web
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.goto(web.url)
    page.wait_for_selector("#connection.live")
    assert shell_words(page) == EN_SHELL
    page.click("button[data-lang=ja]")
    wait_until(page, "document.documentElement.lang", "ja")
    page.reload()  # the server renders the whole page in the phone's pick, from the start
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert shell_words(page) == JA_SHELL and "第1ラウンド" in page.inner_text("#view")
    page.wait_for_selector("#connection.live")
    assert page.inner_text("#connection") == "ライブ"
    other = browser.new_page(locale="en-GB")  # another phone keeps its own browser's language
    other.goto(web.url)
    assert other.evaluate("document.documentElement.lang") == "en"
    other.close()
    context.close()


def test_the_page_loads_nothing_from_elsewhere_and_weighs_under_100_kb(
    browser: Any, shared_web: WebServer
) -> None:
    web = shared_web
    page = browser.new_page(viewport={"width": 390, "height": 844})
    requested: list[str] = []
    sizes: dict[str, int] = {}
    page.on("request", lambda request: requested.append(request.url))

    def weigh(response: Any) -> None:
        if "/events" not in response.url:  # the stream never ends; its message is the page's
            sizes[response.url] = len(response.body())

    page.on("response", weigh)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(web.url)
    page.wait_for_selector("#connection.live")
    assert all(url.startswith(web.url) for url in requested), requested
    weight = sum(sizes.values()) + len(web.snapshot()["html"].encode())  # type: ignore[union-attr]
    print(f"page weight: {weight} bytes over {len(requested)} requests")
    assert weight < 100_000, sizes
    assert not errors, errors  # no CSP violation, no script error
    page.close()


SHOTS = ("celaeno_e2.jsonl", "dreamlands_e3.jsonl", "normandie_chapter1.jsonl")


@pytest.mark.parametrize("example", SHOTS)
def test_screenshots_at_phone_and_desktop_sizes_in_both_languages(
    browser: Any, web: WebServer, table: Table, example: str
) -> None:
    for line in (ROOT / "rules" / "examples" / example).read_text().splitlines():
        table.session.submit_line(line)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ja"):
        for size in ((390, 844), (1280, 800)):
            page = open_page(browser, web, locale=lang, size=size)
            wait_for_position(page, table.position)
            assert page.evaluate("document.documentElement.lang") == lang
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= size[0], f"{example} {lang} scrolls sideways: {width} px"
            name = f"web-{example.removesuffix('.jsonl')}-{lang}-{size[0]}x{size[1]}.png"
            page.screenshot(path=str(OUTPUT / name), full_page=True)
            page.close()


# --- the table's own Wi-Fi: no internet, and a full view said in words -------------------


def test_the_page_works_with_no_internet_at_all(browser: Any, shared_web: WebServer) -> None:
    """Every request that would leave the table is cut, as on the table's own Wi-Fi: the
    page still goes live and follows the table, and nothing was cut."""
    web = shared_web
    page = browser.new_page(viewport={"width": 390, "height": 844})
    cut: list[str] = []

    def offline(route: Any) -> None:
        if route.request.url.startswith(web.url):
            route.continue_()
        else:
            cut.append(route.request.url)
            route.abort("internetdisconnected")

    page.route("**/*", offline)
    page.goto(web.url)
    page.wait_for_selector("#connection.live")
    assert cut == []
    page.close()


def test_one_phone_watching_is_said_in_the_singular(
    browser: Any, table: Table, tmp_path: Path
) -> None:
    with running(table.state_dir, tmp_path / "web.log", "--max-pages", "1") as web:
        open_page(browser, web)
        second = browser.new_page(viewport={"width": 390, "height": 844}, locale="en")
        second.goto(web.url)
        second.wait_for_selector("#connection.full", timeout=10_000)
        assert second.inner_text("#connection").endswith(
            "1 phone is watching; this one joins when it leaves"
        )


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_phone_turned_away_is_told_why_and_joins_when_a_place_frees(
    browser: Any, table: Table, tmp_path: Path, locale: str
) -> None:
    said = {
        "en": "2 phones are watching; this one joins when one leaves",
        "ja": "2台のスマホが見ています。1台が離れるとこのスマホもつながります",
    }[locale]
    with running(table.state_dir, tmp_path / "web.log", "--max-pages", "2") as web:
        first, second = open_page(browser, web), open_page(browser, web)
        third = browser.new_page(viewport={"width": 390, "height": 844}, locale=locale)
        third.goto(web.url)
        third.wait_for_selector("#connection.full", timeout=10_000)
        assert third.inner_text("#connection").endswith(said)
        assert "reconnecting" not in third.inner_text("#connection")
        OUTPUT.mkdir(exist_ok=True)
        third.screenshot(path=str(OUTPUT / f"phone-view-full-{locale}.png"))
        first.close()  # a place frees: the third phone joins by itself
        third.wait_for_selector("#connection.live", timeout=15_000)
        table.play(NEXT)
        wait_for_position(third, table.position)
        for page in (second, third):
            page.close()
