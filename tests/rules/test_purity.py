"""DESIGN.md: rules/ is pure — standard library only, and no clocks, randomness or I/O; and
no rule reads the word catalogue, the one table in rules/ that lives for the whole process."""

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


# The catalogue's readers (rules/text): what says a key in words, or asks what it holds.
CATALOGUE_READERS = frozenset(
    {"render", "render_fragment", "translate", "lookup", "catalogue", "sections", "printed_name"}
)
# The one place in rules/ that says words: a refusal told to a person (front ends call it).
SAYS_WORDS = {("errors.py", "describe")}


def _catalogue_reads(path: Path, root: Path = RULES) -> set[tuple[str, str]]:
    """(module, function) of each call to a catalogue reader in ``path``."""
    found = set()
    for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Call):
                called = node.func
                name = (
                    called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
                )
                if name in CATALOGUE_READERS:
                    found.add((str(path.relative_to(root)), function.name))
    return found


def test_no_rule_reads_the_word_catalogue() -> None:
    """The catalogue is the one table in rules/ that lives for the whole process (words are
    added, the owner's printed names set once): the engine's events and refusals are keys
    with values, said in words by the front ends, so what it decides never depends on it."""
    engine = [path for path in RULES.rglob("*.py") if path.parent.name != "text"]
    reads = set().union(*(_catalogue_reads(path) for path in engine))
    assert reads == SAYS_WORDS


def test_the_check_itself_finds_a_rule_that_reads_words(tmp_path: Path) -> None:
    sample = tmp_path / "made_up_rule.py"
    sample.write_text("from rules.text import lookup\n\ndef rule(x):\n    return lookup(x)\n")
    assert _catalogue_reads(sample, tmp_path) == {("made_up_rule.py", "rule")}
