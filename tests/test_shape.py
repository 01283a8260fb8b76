"""The shape of the house, checked from the code's own imports (``ast``, nothing is run).

- the engine (``rules/`` outside the game packages) imports no game;
- no game imports another, in any layer; a game's core imports none of its map
  expansions (the Library, the Dreamlands are hooks the core calls);
- ``hardware/`` imports nothing from ``rules/``, ``device/`` or ``display/``;
- no import cycle anywhere, imports inside functions included;
- no "which game is this?" outside the game packages and the registries.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "device", "display", "hardware")
GAMES = ("cthulhu_wars", "normandie")
LAYERS = ("rules", "device", "display")
# The one list of games per layer: the only modules outside a game that name games.
REGISTRIES = frozenset({"rules.games", "device.games", "display.games"})


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


@cache
def tree(name: str) -> ast.Module:
    return ast.parse(modules()[name].read_text(), filename=str(modules()[name]))


def _imported(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
    elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        for alias in node.names:
            submodule = f"{node.module}.{alias.name}"
            yield submodule if submodule in modules() else node.module


@cache
def imports(name: str) -> frozenset[str]:
    """The project's modules that ``name`` imports, anywhere in its body."""
    found = {target for node in ast.walk(tree(name)) for target in _imported(node)}
    return frozenset(target for target in found if target in modules() and target != name)


def reachable(name: str) -> set[str]:
    seen: set[str] = set()
    todo = [name]
    while todo:
        for target in imports(todo.pop()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def game_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[0] in LAYERS and parts[1] in GAMES else None


def in_package(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


ENGINE = sorted(
    name
    for name in modules()
    if in_package(name, "rules") and game_of(name) is None and name not in REGISTRIES
)


@pytest.mark.parametrize("name", ENGINE)
def test_the_engine_imports_no_game(name: str) -> None:
    games = sorted(target for target in reachable(name) if game_of(target) is not None)
    assert games == [], f"{name} reaches {games}"


@pytest.mark.parametrize("layer", LAYERS)
def test_no_game_imports_another(layer: str) -> None:
    crossings = [
        f"{name} -> {target}"
        for name in modules()
        if in_package(name, layer) and game_of(name) is not None
        for target in imports(name)
        if game_of(target) not in (None, game_of(name))
    ]
    assert crossings == []


def test_the_cthulhu_wars_core_imports_no_map_expansion() -> None:
    """The Library and the Dreamlands are hooks the core calls (expansions), never imports."""
    expansions = ("rules.cthulhu_wars.library", "rules.cthulhu_wars.dreamlands")
    core = [
        name
        for name in modules()
        if in_package(name, "rules.cthulhu_wars")
        and not any(in_package(name, e) for e in expansions)
        and name != "rules.cthulhu_wars.game"  # the one place that brings the game together
    ]
    assert len(core) > 10
    found = [
        f"{name} -> {target}"
        for name in core
        for target in reachable(name)
        if any(in_package(target, e) for e in expansions)
    ]
    assert found == []


def test_hardware_imports_nothing_from_the_other_layers() -> None:
    found = [
        f"{name} -> {target}"
        for name in modules()
        if in_package(name, "hardware")
        for target in imports(name)
        if not in_package(target, "hardware")
    ]
    assert found == []


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        on_stack.add(name)
        for target in imports(name):
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in on_stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == name:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(modules()):
        if name not in index:
            visit(name)
    return found


def test_no_import_cycle_anywhere() -> None:
    assert _cycles() == []


def test_the_cycle_finder_finds_a_cycle(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above would say so: a made-up edge back from gates to the engine is a cycle."""
    real = imports

    def with_edge(name: str) -> frozenset[str]:
        extra = {"rules.cthulhu_wars.engine"} if name == "rules.cthulhu_wars.gates" else set()
        return real(name) | extra

    monkeypatch.setattr(f"{__name__}.imports", with_edge)
    assert ["rules.cthulhu_wars.engine", "rules.cthulhu_wars.gates"] in [
        [m for m in cycle if m in ("rules.cthulhu_wars.engine", "rules.cthulhu_wars.gates")]
        for cycle in _cycles()
    ]


# --- which game is this? ---------------------------------------------------------------

GAME_WORDS = frozenset({"celaeno", "dreamlands", "normandie", "cthulhu_wars"})


@cache
def game_classes() -> frozenset[str]:
    """Every class a game package defines (its states, commands, steps …)."""
    return frozenset(
        node.name
        for name in modules()
        if game_of(name) is not None
        for node in ast.walk(tree(name))
        if isinstance(node, ast.ClassDef)
    )


def _asks_which_game(node: ast.AST) -> str | None:
    """A branch on the kind of game: ``isinstance(x, NormandieState | NewGame)``, ``s.map == "…"``,
    ``is_normandie(…)``, ``x == "normandie"``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "isinstance" and len(node.args) == 2:
            named = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            if named & game_classes():
                return f"isinstance on a game's class ({', '.join(sorted(named & game_classes()))})"
        if node.func.id.startswith("is_normandie"):
            return "is_normandie"
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        if any(isinstance(s, ast.Attribute) and s.attr == "map" for s in sides):
            return ".map compared"
        if any(isinstance(s, ast.Constant) and s.value in GAME_WORDS for s in sides):
            return "compared with a game's name"
    return None


def _branches(name: str) -> list[str]:
    return [
        f"{name}:{node.lineno}: {why}"
        for node in ast.walk(tree(name))
        if (why := _asks_which_game(node)) is not None
    ]


def test_no_game_kind_branch_outside_the_games_and_registries() -> None:
    outside = [n for n in modules() if game_of(n) is None and n not in REGISTRIES]
    found = [line for name in outside for line in _branches(name)]
    assert found == []


def test_the_branch_finder_sees_a_branch() -> None:
    """The check above would say so: inside a game such comparisons do occur."""
    assert _branches("rules.cthulhu_wars.checks")
