"""The README and the pages of docs/: a newcomer's README that leads to every page, pages that
lead back, links that land on a heading, and the pages' tables saying what the code does.

The README holds what the companion does, its two commands, where to go next and the press
tables (tests/device/test_press_table.py and test_normandie_presses.py read those); everything
else is a page of docs/ that one reader (a maker, an owner, a developer) reads on its own.
"""

from __future__ import annotations

import re
from pathlib import Path

from device.settings.config import FOREIGN_SECTIONS, SECTIONS
from hardware.buttons import GROUND_PINS, wiring_table
from tests.test_docs import MARKDOWN_LINK, ROOT

README = ROOT / "README.md"
DOCS = ROOT / "docs"
README_SECTIONS = ["Two commands", "Where to go next", "Presses"]
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^#{1,6} (.+)$", re.MULTILINE)


def pages() -> list[Path]:
    return sorted(DOCS.glob("*.md"))


def links(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    return [m.group(1) or m.group(2) for m in MARKDOWN_LINK.finditer(text)]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))  # a shell comment is no heading
    return {slug(heading) for heading in HEADING.findall(text)}


def test_the_readme_links_every_page_of_docs_and_each_link_resolves() -> None:
    assert pages(), "docs/ has no pages"
    linked = [target.split("#")[0] for target in links(README) if target.startswith("docs/")]
    missing = [target for target in linked if not (ROOT / target).is_file()]
    assert not missing, f"README links to pages that do not exist: {missing}"
    unlinked = [page.name for page in pages() if f"docs/{page.name}" not in linked]
    assert not unlinked, f"pages of docs/ the README does not link to: {unlinked}"


def test_every_page_links_back_to_the_readme() -> None:
    lost = [page.name for page in pages() if "../README.md" not in links(page)]
    assert not lost, f"pages without a link back to the README: {lost}"


def test_links_to_a_heading_land_on_one() -> None:
    bad = []
    for page in (README, *pages()):
        for target in links(page):
            path, _, anchor = target.partition("#")
            if not anchor or ":" in path:
                continue
            landing = (page.parent / path).resolve() if path else page
            if landing.suffix == ".md" and anchor not in anchors(landing):
                bad.append(f"{page.relative_to(ROOT)}: {target}")
    assert not bad, f"links to a heading that is not there: {bad}"


def test_the_slug_is_githubs() -> None:
    assert slug("The table's own Wi-Fi") == "the-tables-own-wi-fi"
    assert slug("Setup from a fresh Raspberry Pi OS (Bookworm)") == (
        "setup-from-a-fresh-raspberry-pi-os-bookworm"
    )


def test_the_readme_keeps_to_its_few_sections() -> None:
    text = FENCE.sub("", README.read_text(encoding="utf-8"))
    assert re.findall(r"^## (.+)$", text, re.MULTILINE) == README_SECTIONS


def _two_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^```sh\n(.*?)\n```", section, re.MULTILINE | re.DOTALL)


def test_the_readme_test_command_is_the_one_ci_runs() -> None:
    run, test = _two_commands()
    assert run.endswith(".venv/bin/celaeno") and test.endswith(".venv/bin/pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci, f".ci/run does not run the README's test command: {test}"


def _table_rows(text: str, header: str) -> list[list[str]]:
    block = text.split(header, 1)[1].split("\n\n", 1)[0]
    rows = [line.strip("|").split("|") for line in block.strip().splitlines()[1:]]
    return [[cell.strip() for cell in row] for row in rows]


def test_the_wiring_table_is_the_pins_the_buttons_use() -> None:
    text = (DOCS / "building.md").read_text(encoding="utf-8")
    rows = _table_rows(text, "| button | BCM pin | header pin |")
    names = {"CUSTODIAN": "left", "LIBRARIAN": "right"}
    shown = [
        (names.get(b, b.lower()), int(pin.removeprefix("GPIO ")), int(h)) for b, pin, h in rows
    ]
    assert shown == wiring_table()
    grounds = re.search(r"any ground pin \(physical ([\d, ]+)\)", text)
    assert grounds is not None, "building.md no longer lists the ground pins"
    assert [int(pin) for pin in grounds.group(1).split(",")] == sorted(GROUND_PINS)


def test_every_settings_section_is_documented_on_a_page() -> None:
    text = "".join(page.read_text(encoding="utf-8") for page in pages())
    missing = [s for s in (*SECTIONS, *FOREIGN_SECTIONS) if f"`[{s}]" not in text]
    assert not missing, f"settings sections no page of docs/ names: {missing}"
