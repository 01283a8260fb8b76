"""rules.values.Record: the same value as the dataclass it replaces, for less compiled at import.

Each shape is declared twice, as a dataclass and as a record, under the same name, and
the two must agree on everything a caller sees: equality, hash values, repr, frozenness,
``replace``, ``fields``, ``asdict``, ``__match_args__``. A record's class compiles only the
methods a dataclass must write for it (``__init__``; a frozen one's ``__setattr__`` and
``__delattr__``), counted with the interpreter's audit hook in a process of its own.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rules.values import Record

ROOT = Path(__file__).parents[2]


def frozen_point(record: bool) -> type:
    if record:

        class Point(Record):
            x: int
            y: int = 0
            tags: tuple[str, ...] = ()
            note: str = field(default="", compare=False)
            secret: str = field(default="", repr=False)

        return Point

    @dataclass(frozen=True)
    class Point:  # type: ignore[no-redef]
        x: int
        y: int = 0
        tags: tuple[str, ...] = ()
        note: str = field(default="", compare=False)
        secret: str = field(default="", repr=False)

    return Point


def one_field(record: bool) -> type:
    if record:

        class Key(Record):
            name: float

        return Key

    @dataclass(frozen=True)
    class Key:  # type: ignore[no-redef]
        name: float

    return Key


def no_field(record: bool) -> type:
    if record:

        class Undo(Record):
            pass

        return Undo

    @dataclass(frozen=True)
    class Undo:  # type: ignore[no-redef]
        pass

    return Undo


def changing(record: bool) -> type:
    if record:

        class Tally(Record, frozen=False):
            items: list[Any] = field(default_factory=list)
            count: int = 0

        return Tally

    @dataclass
    class Tally:  # type: ignore[no-redef]
        items: list[Any] = field(default_factory=list)
        count: int = 0

    return Tally


def hashed_apart(record: bool) -> type:
    if record:

        class Cell(Record):
            at: str
            mark: str = field(default="", hash=False)

        return Cell

    @dataclass(frozen=True)
    class Cell:  # type: ignore[no-redef]
        at: str
        mark: str = field(default="", hash=False)

    return Cell


Shape = Callable[[bool], type]
SAMPLES: list[tuple[Shape, list[tuple[Any, ...]]]] = [
    (frozen_point, [(1,), (1, 2), (1, 2, ("a",)), (1, 2, ("a",), "n"), (1, 2, (), "", "s")]),
    (one_field, [(1.5,), (2.0,), (float("nan"),)]),
    (no_field, [()]),
    (hashed_apart, [("C5",), ("C5", "x"), ("D1", "x")]),
]


@pytest.mark.parametrize(("shape", "args"), SAMPLES, ids=lambda v: getattr(v, "__name__", ""))
def test_a_record_compares_hashes_and_shows_as_its_dataclass(
    shape: Shape, args: list[tuple[Any, ...]]
) -> None:
    dc, rec = shape(False), shape(True)
    assert dc.__qualname__ == rec.__qualname__
    pairs = [(dc(*a), rec(*a)) for a in args]
    for d1, r1 in pairs:
        assert repr(r1) == repr(d1)
        assert hash(r1) == hash(d1)
        assert dataclasses.asdict(r1) == dataclasses.asdict(d1)
        assert rec.__match_args__ == dc.__match_args__
        assert typing.get_type_hints(rec) == typing.get_type_hints(dc)  # the fields' only
        for d2, r2 in pairs:
            assert (r1 == r2) == (d1 == d2)
            assert (r1 != r2) == (d1 != d2)
        assert r1 != d1  # another class: never equal, as two dataclasses
        assert r1 != tuple(args[0])


def test_the_same_nan_is_equal_to_itself_in_a_record_as_in_a_dataclass() -> None:
    nan = float("nan")
    for record in (True, False):
        key = one_field(record)
        assert key(nan) == key(nan)
        assert key(nan) != key(float("nan"))


def test_a_frozen_record_refuses_changes_as_a_dataclass() -> None:
    point_class = frozen_point(True)
    point = point_class(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del point.x
    assert dataclasses.replace(point, y=5) == point_class(1, 5)
    assert [f.name for f in dataclasses.fields(point)] == ["x", "y", "tags", "note", "secret"]
    assert dataclasses.is_dataclass(point)


def test_a_changing_record_is_unhashable_and_shows_itself_inside_itself() -> None:
    dc, rec = changing(False), changing(True)
    d, r = dc(), rec()
    d.items.append(d)
    r.items.append(r)
    assert repr(r) == repr(d) == "changing.<locals>.Tally(items=[...], count=0)"
    r.count = 3
    assert r == rec([r], 3)
    assert rec.__hash__ is None
    with pytest.raises(TypeError):
        hash(r)


def test_a_record_compared_by_identity() -> None:
    class Game(Record, eq=False):
        name: str

    one, other = Game("a"), Game("a")
    assert one != other
    assert one == one
    assert hash(one) == object.__hash__(one)


def test_what_a_record_defines_itself_is_kept() -> None:
    class Loud(Record):
        word: str

        def __repr__(self) -> str:
            return self.word.upper()

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Loud) and other.word.lower() == self.word.lower()

        def __hash__(self) -> int:
            return hash(self.word.lower())

    assert repr(Loud("hi")) == "HI"
    assert Loud("hi") == Loud("HI")
    assert hash(Loud("hi")) == hash(Loud("HI"))


def test_a_subclass_of_a_record_is_a_record_with_its_own_fields() -> None:
    class Base(Record):
        a: int

    class More(Base):
        b: int = 0

    assert More(1, 2) == More(1, 2) != More(1, 3)
    assert repr(More(1, 2)).endswith("More(a=1, b=2)")
    assert More(1, 2) != Base(1)


# Declares a frozen record and a frozen dataclass with the same fields, and prints the
# functions each made Python compile (the audit hook sees every compile of source text).
COMPILED = """
import json, sys
from dataclasses import dataclass
from rules.values import Record
compiled = []
def hook(event, args):
    source = args[0].decode() if isinstance(args[0], bytes) else args[0]
    if event == "compile" and isinstance(source, str) and "__create_fn__" in source:
        compiled.append(source.split("def ", 2)[2].split("(", 1)[0])
sys.addaudithook(hook)
class Gate(Record):
    area: str
    owner: str | None = None
record = sorted(compiled)
compiled.clear()
@dataclass(frozen=True)
class Plain:
    area: str
    owner: str | None = None
print(json.dumps({"record": record, "dataclass": sorted(compiled)}))
"""


def test_a_record_compiles_only_what_its_instances_need_at_once() -> None:
    out = subprocess.run(
        [sys.executable, "-c", COMPILED], cwd=ROOT, capture_output=True, text=True, check=True
    )
    compiled = json.loads(out.stdout)
    assert compiled["record"] == ["__delattr__", "__init__", "__setattr__"]
    assert compiled["dataclass"] == [
        "__delattr__",
        "__eq__",
        "__hash__",
        "__init__",
        "__repr__",
        "__setattr__",
    ]


def _dataclasses_declared(package: str) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for decorator in node.decorator_list:
                    called = decorator.func if isinstance(decorator, ast.Call) else decorator
                    if ast.unparse(called) in ("dataclass", "dataclasses.dataclass"):
                        found.append(f"{path.relative_to(ROOT)}: {node.name}")
    return found


@pytest.mark.parametrize("package", ["rules", "device", "display"])
def test_every_value_with_fields_is_a_record(package: str) -> None:
    """hardware/ imports no other layer, so its events stay dataclasses; the rest declare
    records (a dataclass there compiles what a start mostly never calls)."""
    assert _dataclasses_declared(package) == []
