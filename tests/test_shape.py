"""The shape of the house, checked from the code's own imports (``ast``, nothing is run).

- the engine (``rules/`` outside the game packages) imports no game;
- no game imports another, in any layer; a game's core imports none of its map
  expansions (the Library, the Dreamlands are hooks the core calls);
- ``hardware/`` imports nothing from ``rules/``, ``device/`` or ``display/``;
- no import cycle anywhere, imports inside functions included, nor between packages, nor
  between the parts (modules and folders) of one package;
- device/'s and display/'s rooms have an order and none imports a room above it; only the
  command line imports a command; each layer's rooms, floors and arrows are counted from the
  imports (``python -m tests.test_shape [CHECKOUT]`` prints them), display/ on six floors at most;
- no "which game is this?" outside the game packages and the lists of games;
- each layer has one explicit list of the games (``rules.parts.Parts``) and nothing
  registers itself, adds words or installs handlers as a side effect of being imported.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "device", "display", "hardware")
GAME_NAMES = ("cthulhu_wars", "normandie")
LAYERS = ("rules", "device", "display")
# Each layer's part of each game (its games module): the only modules outside a game that name games.
REGISTRIES = frozenset({"rules.games", "device.games", "display.games", "display.web.games"})


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
    return parts[1] if len(parts) > 1 and parts[0] in LAYERS and parts[1] in GAME_NAMES else None


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


# --- the rooms of device/ and display/ ------------------------------------------------------

# Each layer is in rooms named for their jobs, lowest floor first; a module imports its own room
# and the floors below, never a room above. A command (cli) is the top: nothing else in the
# product may lean on a command module.
ROOMS: dict[str, tuple[tuple[str, ...], ...]] = {
    "device": (
        ("service", "storage"),  # systemd's side, the journal on disk
        ("settings", "network"),  # the configuration, the table's Wi-Fi
        ("ui",),  # what every game's front end shares
        ("dice", "cthulhu_wars", "normandie"),  # smart dice and each game's front end
        ("words", "games"),  # the device's words, the list of games (its front ends)
        ("web", "companion"),  # the phone view, the companion's life
        ("cli",),  # the `celaeno` command and its subcommands
    ),
    "display": (
        ("ink", "view", "words"),  # colours, typeface, icons, text runs; what the app hands in
        ("layout", "web"),  # text fitted into boxes; the phone page's shell
        ("panels",),  # the panels every game shares, and what a game's screen is
        (
            "games",
            "cthulhu_wars",
            "normandie",
        ),  # the screen's part of each game, each game's screen
        ("screen",),  # the screen as a whole: a View drawn, screenshots, sizes, taps
    ),
}
MOST_FLOORS = {"display": 6}


def room_of(name: str, layer: str = "device") -> str | None:
    """The room of a module of ``layer`` (``device.storage.store``: ``storage``)."""
    parts = name.split(".")
    return parts[1] if parts[0] == layer and len(parts) > 1 else None


def floor_of(room: str, layer: str = "device") -> int | None:
    return next((floor for floor, rooms in enumerate(ROOMS[layer]) if room in rooms), None)


@pytest.mark.parametrize("layer", sorted(ROOMS))
def test_every_module_is_in_a_known_room(layer: str) -> None:
    loose = sorted(
        name
        for name in modules()
        if (room := room_of(name, layer)) is not None and floor_of(room, layer) is None
    )
    assert loose == [], "in no room of ROOMS"


def _upward_imports(layer: str = "device") -> list[str]:
    found = []
    for name in modules():
        source = room_of(name, layer)
        for target in imports(name):
            goal = room_of(target, layer)
            if goal is None or goal == source:
                continue
            goal_floor = floor_of(goal, layer)
            source_floor = floor_of(source, layer) if source is not None else None
            outside = source is None and goal == "cli"  # display, rules, hardware
            if outside or (
                source_floor is not None and goal_floor is not None and goal_floor > source_floor
            ):
                found.append(f"{name} -> {target}")
    return sorted(found)


@pytest.mark.parametrize("layer", sorted(ROOMS))
def test_no_room_imports_a_higher_one(layer: str) -> None:
    assert _upward_imports(layer) == []


def test_only_the_command_line_imports_a_command() -> None:
    commands = sorted(
        f"{name} -> {target}"
        for name in modules()
        if room_of(name) != "cli"
        for target in imports(name)
        if room_of(target) == "cli"
    )
    assert commands == []


def test_the_room_checks_see_a_command_imported_by_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks above would say so: a made-up import of a command by the companion's
    start, of the companion by storage, and of the whole screen by a panel."""
    real = imports
    extra = {
        "device.companion.running": {"device.cli.journal"},
        "device.storage.store": {"device.companion.app"},
        "display.panels.prompt": {"display.screen.screen"},
    }

    def with_edges(name: str) -> frozenset[str]:
        return real(name) | extra.get(name, set())

    monkeypatch.setattr(f"{__name__}.imports", with_edges)
    assert _upward_imports() == [
        "device.companion.running -> device.cli.journal",
        "device.storage.store -> device.companion.app",
    ]
    assert _upward_imports("display") == ["display.panels.prompt -> display.screen.screen"]
    with pytest.raises(AssertionError, match=r"device\.cli\.journal"):
        test_only_the_command_line_imports_a_command()


# The house as a reader sees it, counted from the imports alone (not from ROOMS): a room is a
# layer's top-level module or folder, an arrow a pair of rooms one of which imports the other,
# a room's floor one more than the highest floor it imports (a room that imports none: 1).


def house(layer: str, graph: dict[str, frozenset[str]] | None = None) -> tuple[int, int, int]:
    """``(rooms, floors, arrows)`` of ``layer`` (``"display"``: 10 rooms on 5 floors …)."""
    graph = graph if graph is not None else room_graph(layer)
    floors: dict[str, int] = {}

    def floor(room: str, path: tuple[str, ...] = ()) -> int:
        if room in path:
            raise AssertionError(f"rooms import each other: {' -> '.join((*path, room))}")
        if room not in floors:
            floors[room] = 1 + max((floor(t, (*path, room)) for t in graph[room]), default=0)
        return floors[room]

    return len(graph), max(map(floor, graph), default=0), sum(map(len, graph.values()))


def room_graph(layer: str) -> dict[str, frozenset[str]]:
    """Each room of ``layer`` and the rooms it imports."""
    graph: dict[str, set[str]] = {}
    for name in modules():
        if (source := room_of(name, layer)) is None:
            continue
        goals = graph.setdefault(source, set())
        goals.update(g for t in imports(name) if (g := room_of(t, layer)) not in (None, source))
    return {room: frozenset(goals) for room, goals in graph.items()}


@pytest.mark.parametrize("layer", sorted(MOST_FLOORS))
def test_a_layer_stands_on_few_floors(layer: str) -> None:
    rooms, floors, _arrows = house(layer)
    assert floors <= MOST_FLOORS[layer], f"{layer}: {rooms} rooms on {floors} floors"


def test_the_floor_count_climbs_a_chain() -> None:
    """The count above would say so: four rooms in a chain stand on four floors."""
    chain = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"d"}), "d": frozenset()}
    assert house("made_up", chain) == (4, 4, 3)
    with pytest.raises(AssertionError, match="a -> b -> a"):
        house("made_up", {"a": frozenset({"b"}), "b": frozenset({"a"})})


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


# --- packages, and the lists of games -----------------------------------------------------


def package_of(name: str) -> str:
    """The package a module belongs to (a package's ``__init__`` is its package)."""
    return name if modules()[name].name == "__init__.py" else name.rpartition(".")[0]


def _package_cycles() -> list[list[str]]:
    """Packages that import each other, through any of their modules (``device.ui`` and
    ``device.web``, say). A package and its parent are one unit here: ``device.companion.app``
    using ``device.ui`` and ``device.ui`` using ``device.words`` is a layer and its parts."""

    def unit(name: str) -> str:
        return ".".join(package_of(name).split(".")[:2])

    edges: dict[str, set[str]] = {}
    for name in modules():
        for target in imports(name):
            source, goal = unit(name), unit(target)
            if source != goal and not (in_package(source, goal) or in_package(goal, source)):
                edges.setdefault(source, set()).add(goal)
    found = []
    for start in sorted(edges):
        seen, todo = set(), list(edges[start])
        while todo:
            node = todo.pop()
            if node == start:
                found.append(start)
                break
            if node not in seen:
                seen.add(node)
                todo.extend(edges.get(node, ()))
    return [found] if found else []


def test_no_two_packages_import_each_other() -> None:
    assert _package_cycles() == []


def test_the_package_cycle_finder_finds_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above would say so: made-up edges both ways between device.ui and device.web."""
    real = imports
    extra = {"device.ui.steps": {"device.web.hub"}, "device.web.hub": {"device.ui.steps"}}

    def with_edges(name: str) -> frozenset[str]:
        return real(name) | extra.get(name, set())

    monkeypatch.setattr(f"{__name__}.imports", with_edges)
    assert _package_cycles() != []


def _part_of(name: str, package: str) -> str | None:
    """The part of ``package`` that ``name`` is in: a module of its own or a folder."""
    if not name.startswith(package + "."):
        return None
    return name[len(package) + 1 :].split(".")[0]


def _part_cycles() -> list[str]:
    """Parts of one package that import each other, through any of their modules: a
    module and a folder beside it (``rules.cthulhu_wars.state`` and the ``scoreboard``
    folder) are two parts. The module cycle check cannot see such a cycle when no single
    module closes it, and the package check above takes a game's folders as one unit."""
    found = []
    for package in sorted({package_of(name) for name in modules()}):
        edges: dict[str, set[str]] = {}
        for name in modules():
            if (source := _part_of(name, package)) is None:
                continue
            goals = (_part_of(target, package) for target in imports(name))
            edges.setdefault(source, set()).update(g for g in goals if g not in (None, source))
        for start in sorted(edges):
            seen, todo = set(), list(edges[start])
            while todo and start not in seen:
                node = todo.pop()
                if node not in seen:
                    seen.add(node)
                    todo.extend(edges.get(node, ()))
            if start in seen:
                found.append(f"{package}.{start}")
    return found


def test_no_two_parts_of_a_package_import_each_other() -> None:
    """Imports inside functions and under TYPE_CHECKING count: a reader follows them too."""
    assert _part_cycles() == []


def test_the_part_cycle_finder_finds_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above would say so: the state importing the scoreboard's rules, whose
    Rituals read the state (as the state's JSON once did, inside a function)."""
    real = imports
    extra = {"rules.cthulhu_wars.state": {"rules.cthulhu_wars.scoreboard.rounds"}}

    def with_edges(name: str) -> frozenset[str]:
        return real(name) | extra.get(name, set())

    monkeypatch.setattr(f"{__name__}.imports", with_edges)
    found = _part_cycles()
    assert {"rules.cthulhu_wars.scoreboard", "rules.cthulhu_wars.state"} <= set(found)


LISTS = {
    "rules": ("rules.games", "RULES"),
    "front end": ("device.games", "FRONT_ENDS"),
    "screen": ("display.games", "SCREENS"),
    "phone part": ("display.web.games", "PHONE_PARTS"),
}


@pytest.mark.parametrize("kind", sorted(LISTS))
def test_every_layer_lists_every_game_and_each_entry_loads(kind: str) -> None:
    from device.games import GAMES

    parts = {
        "rules": GAMES.rules.parts,
        "front end": GAMES.front_ends,
        "screen": GAMES.screens,
        "phone part": GAMES.phone_parts,
    }[kind]
    assert parts.names == GAME_NAMES
    for name in parts.names:
        part = parts.get(name)
        assert getattr(part, "name", getattr(part, "game", None)) == name


def _acts_on_import(name: str) -> list[str]:
    """Calls made at a module's top level (``add_words(…)``, ``register(…)``,
    ``install()``), and imports kept only for their side effect (``# noqa: F401``). A
    ``__main__`` module is a program: running is its job."""
    if name.endswith(".__main__"):
        return []
    found = [
        f"{name}:{node.lineno}: {ast.unparse(node.value.func)}()"
        for node in tree(name).body
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
    ]
    source = modules()[name].read_text(encoding="utf-8")
    found += [f"{name}: noqa F401" for line in source.splitlines() if "noqa: F401" in line]
    return found


def test_nothing_happens_by_being_imported() -> None:
    """No module registers, adds words or installs handlers when imported: the programs
    do it when they start (``device.cli.main``, the tests' conftest, the benchmarks)."""
    found = [line for name in modules() for line in _acts_on_import(name)]
    assert found == []


def test_the_import_check_sees_a_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above would say so: words added by a package's ``__init__``, as once."""
    made_up = tmp_path / "__init__.py"
    made_up.write_text("from rules.text import Words, add_words\n\nadd_words(Words('x', {}, {}))\n")
    monkeypatch.setitem(modules(), "device.made_up", made_up)
    tree.cache_clear()
    try:
        assert _acts_on_import("device.made_up") == ["device.made_up:3: add_words()"]
    finally:
        tree.cache_clear()


if __name__ == "__main__":  # python -m tests.test_shape [CHECKOUT]: the house's figures
    import sys

    if len(sys.argv) > 1:  # another checkout: forget what was read of this one
        ROOT = Path(sys.argv[1]).resolve()
        for read in (modules, tree, imports):
            read.cache_clear()
    for layer in (*PACKAGES,):
        print("{}: {} rooms on {} floors, {} arrows".format(layer, *house(layer)))
