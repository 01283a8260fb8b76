"""DESIGN.md: rules/ is pure — standard library only, and no clocks, randomness or I/O."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).parents[2] / "rules"
# Standard-library modules that would smuggle in I/O, time or chance.
FORBIDDEN_STDLIB = {
    "random",
    "time",
    "datetime",
    "socket",
    "threading",
    "sqlite3",
    "subprocess",
    "os",
    "io",
    "pathlib",
    "shutil",
    "tempfile",
    "secrets",
    "uuid",
    "asyncio",
    "select",
    "signal",
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_rules_import_only_the_standard_library_and_itself() -> None:
    allowed = set(sys.stdlib_module_names) - FORBIDDEN_STDLIB | {"rules", "__future__"}
    offenders = {
        str(path.relative_to(RULES)): sorted(_imports(path) - allowed)
        for path in RULES.rglob("*.py")
        if _imports(path) - allowed
    }
    assert offenders == {}


def test_the_check_itself_catches_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "bad.py"
    sample.write_text("import random\nfrom pygame import display\n")
    assert _imports(sample) == {"random", "pygame"}
