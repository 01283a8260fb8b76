"""The state the screen and the phone page read is typed, and what stays untyped says why.

- A key misspelled where the screen, the phone page or the device's scoreboard questions read
  the state JSON fails ``mypy --strict``: each plant below is a copy of a real module with one
  key changed, type-checked with the project's configuration; the same copies unchanged pass.
- ``Any`` in the product code stays at :data:`MOST_ANY` or fewer, counted as the name occurs
  (``grep -rwo --include=*.py Any rules device display hardware systemd | wc -l`` gives the
  same figure), and every one left has a comment on its line or just above it.
- The modules of types alone (the state JSON's ``*/json_types.py``, ``hardware/library_types.py``,
  ``device/ui/game_types.py``) are imported only under TYPE_CHECKING, so they cost a start
  nothing; the scoreboard's record still loads only with a game keeping one.
"""

from __future__ import annotations

import ast
import io
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path
from typing import NamedTuple

from tests.device.test_start_loads import loaded_at_ready, under

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("rules", "device", "display", "hardware", "systemd")
MOST_ANY = 60


class Plant(NamedTuple):
    """One key misspelled in a copy of ``path``: ``where`` (found once) becomes ``typo``."""

    path: str
    where: str
    typo: str


PLANTS = (
    # the screen's board: which map's board to draw
    Plant("display/cthulhu_wars/board.py", 'state["map"]', 'state["mapp"]'),
    # the screen's header: the round
    Plant("display/cthulhu_wars/panels.py", 'state.get("round", "?")', 'state.get("rounds", "?")'),
    # the phone page's header
    Plant("display/cthulhu_wars/web.py", 'n=state.get("round", "?")', 'n=state.get("rund", "?")'),
    # the scoreboard's Doom chart (screen and phone)
    Plant(
        "display/cthulhu_wars/scoreboard/standings.py",
        '[_count(board, "doom", f)]',
        '[_count(board, "dooms", f)]',
    ),
    # Normandie's legend: the sides' key (screen and phone)
    Plant("display/normandie/legend.py", 'state.get("players")', 'state.get("player")'),
    # the device's question of K6: who may be First Player
    Plant(
        "device/cthulhu_wars/scoreboard/steps.py",
        'pending["candidates"]',
        'pending["candidate"]',
    ),
)


def _copies(directory: Path, planted: bool) -> list[Path]:
    """Each plant's module copied into ``directory`` under a name of its own, the key
    misspelled or not."""
    directory.mkdir()
    copies = []
    for number, plant in enumerate(PLANTS):
        source = (ROOT / plant.path).read_text(encoding="utf-8")
        assert source.count(plant.where) == 1, f"{plant.path}: {plant.where!r} is not there once"
        copy = directory / f"planted_{number}.py"
        copy.write_text(source.replace(plant.where, plant.typo) if planted else source)
        copies.append(copy)
    return copies


def _mypy(files: list[Path], cache: Path) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` as the project runs it (its pyproject.toml), on ``files`` alone."""
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
    command += ["--cache-dir", str(cache), "--no-error-summary", *map(str, files)]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)


def _line_of(plant: Plant) -> int:
    source = (ROOT / plant.path).read_text(encoding="utf-8")
    return source[: source.index(plant.where)].count("\n") + 1


def test_a_key_misspelled_where_the_state_is_read_fails_mypy(tmp_path: Path) -> None:
    """Each plant is an error on its own line; unplanted, the same copies pass."""
    cache = tmp_path / "cache"
    clean = _mypy(_copies(tmp_path / "clean", planted=False), cache)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    planted = _mypy(copies := _copies(tmp_path / "planted", planted=True), cache)
    assert planted.returncode == 1, planted.stdout + planted.stderr
    errors = {
        (Path(found[1]).name, int(found[2]))
        for found in re.finditer(r"^(.*?):(\d+): error:", planted.stdout, re.M)
    }
    expected = {(copy.name, _line_of(plant)) for copy, plant in zip(copies, PLANTS, strict=True)}
    assert errors == expected, planted.stdout


# --- what stays untyped ---------------------------------------------------------------------


def product_files() -> list[Path]:
    return sorted(path for part in PRODUCT for path in (ROOT / part).rglob("*.py"))


def any_names(source: str) -> list[int]:
    """The lines where the name ``Any`` occurs (comments and strings are not names)."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [tok.start[0] for tok in tokens if tok.type == tokenize.NAME and tok.string == "Any"]


def _said_why(lines: list[str], number: int) -> bool:
    """A comment on line ``number`` (from 1), or on the lines just above it."""
    line = lines[number - 1]
    if "#" in line or line.lstrip().startswith(("from typing import", "import typing")):
        return True
    above = number - 2
    while above >= 0 and lines[above].strip().startswith("@"):
        above -= 1  # a decorator between the comment and the line
    return above >= 0 and lines[above].strip().startswith("#")


def untyped() -> dict[str, list[int]]:
    found = {}
    for path in product_files():
        lines = any_names(path.read_text(encoding="utf-8"))
        if lines:
            found[str(path.relative_to(ROOT))] = lines
    return found


def test_any_is_rare_in_the_product() -> None:
    count = sum(len(lines) for lines in untyped().values())
    assert count <= MOST_ANY, f"{count} times Any in the product: {untyped()}"


def test_every_any_left_says_why() -> None:
    silent = [
        f"{name}:{number}"
        for name, numbers in untyped().items()
        for number in numbers
        if not _said_why((ROOT / name).read_text(encoding="utf-8").splitlines(), number)
    ]
    assert silent == []


def test_the_counts_see_an_any_without_a_comment(tmp_path: Path) -> None:
    """The checks above would say so: a made-up module with one silent Any."""
    source = "from typing import Any\n\n# why\nA = Any\nB: Any = None\n"
    assert any_names(source) == [1, 4, 5]
    lines = source.splitlines()
    assert [_said_why(lines, n) for n in (1, 4, 5)] == [True, True, False]


# --- the types cost a start nothing -----------------------------------------------------------

# The modules of types alone: the state JSON's, and those of what the code reads of others.
TYPES_ONLY = (
    "rules.json_types",
    "rules.cthulhu_wars.json_types",
    "rules.normandie.json_types",
    "hardware.library_types",
    "device.ui.game_types",
)


def _imports_at_run_time(tree: ast.Module) -> list[str]:
    """Modules a file imports outside ``if TYPE_CHECKING:`` blocks."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test) in (
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        ):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.extend([node.module, *(f"{node.module}.{a.name}" for a in node.names)])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_the_modules_of_types_are_imported_for_type_checkers_only() -> None:
    """(The types' own modules name one another: none of them is ever run.)"""
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in product_files()
        if path.name not in ("json_types.py", "library_types.py", "game_types.py")
        for name in _imports_at_run_time(ast.parse(path.read_text(encoding="utf-8")))
        if name in TYPES_ONLY
    ]
    assert found == []


def test_the_import_check_sees_a_run_time_import() -> None:
    """The check above would say so: the same import outside the block."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from rules.json_types import StateJSON\n"
        "from rules.cthulhu_wars import json_types\n"
    )
    assert "rules.cthulhu_wars.json_types" in _imports_at_run_time(ast.parse(source))
    assert "rules.json_types" not in _imports_at_run_time(ast.parse(source))


def test_a_start_loads_neither_the_types_nor_the_scoreboards_record(tmp_path: Path) -> None:
    """The record moved beside the state (out of scoreboard/, which test_start_loads
    keeps from a start): it still waits for a game that keeps the scoreboard (I12)."""
    loaded = loaded_at_ready(tmp_path, "--reader", "none")
    assert "device.companion.app" in loaded  # the child did reach READY
    kept_out = ("rules.cthulhu_wars.scoreboard_record", *TYPES_ONLY)
    assert [name for name in kept_out if under(name, loaded)] == []
