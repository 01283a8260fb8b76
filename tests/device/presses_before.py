"""The press counts before tiles and the setup sheet: the same battles, the old flow.

Not a test (the flow it drives is gone): it is how the README's "before" figures were
measured, kept so anyone can measure them again on the commit they came from (603244c):

    git archive 603244c | tar -x -C /tmp/before
    git show cb92776:tests/device/presses.py > /tmp/before/tests/device/presses.py
    cp tests/device/presses_before.py /tmp/before/tests/device/
    cp -r tests/rules/normandie/data /tmp/before/tests/normandie/
    cd /tmp/before && PYTHONPATH=. python -m tests.device.presses_before

It uses :class:`tests.device.presses.PressTable` (shortest key paths, as for the after
figures) as it was before the engine's games were passed in explicitly (the commit named
above: the old code has the old interfaces) and the same battles as
tests/device/test_normandie_presses.py.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.device.presses import PressTable

DATA = Path(__file__).resolve().parents[1] / "rules" / "normandie" / "data"


def _open_new_game(table: PressTable) -> None:
    table.press("ok")
    table.choose("New game")
    table.choose("Shadows over Normandie")


def _place(table: PressTable, space: str, kind: str, owner: str | None, first: bool) -> None:
    if not first:
        table.press("ok")
        table.choose("Place a unit")
    table.square(space)
    table.choose(kind)
    if owner is not None:
        table.choose(owner)
        table.press("ok")  # movement 4, offered first


def _mark(table: PressTable, space: str, what: str) -> None:
    table.square(space)
    table.choose(what)


def tiny(table: PressTable) -> tuple[int, int]:
    _open_new_game(table)
    table.choose("A battle of our own")
    table.choose("1 × 7 spaces")
    table.choose("1 × 7 spaces")
    for _ in range(5):  # sides, initiative, tokens, movement, gear: the defaults
        table.press("ok")
    table.choose("Start")
    wizard = table.presses
    _mark(table, "C3", "Impassable")
    _mark(table, "C4", "Impassable")
    _mark(table, "E5", "Mass Grave")
    table.press("back")  # Done: place the units
    _place(table, "A4", "Infantry", "The Sons of Cthulhu", first=True)
    _place(table, "G4", "Infantry", "The Black Sun", first=False)
    _place(table, "D2", "Zombies", None, first=False)
    table.choose("Zombies z1")
    _place(table, "E6", "Zombies", None, first=False)
    table.choose("Zombies z2")
    table.press("phase")
    table.choose("Yes, next phase")
    return wizard, table.presses


def chapter_1(table: PressTable) -> tuple[int, int]:
    _open_new_game(table)
    table.choose("Chapter 1")
    table.press("ok", "ok")  # 3 tiles across, 1 row: the defaults
    for _ in range(3):  # tokens, movement, gear
        table.press("ok")
    table.choose("Start")
    wizard = table.presses
    for line in (DATA / "chapter1.tiles").read_text(encoding="utf-8").splitlines():
        if line.startswith("{"):
            _mark_tile(table, line)
    table.press("back")
    _place(table, "A3", "Infantry", "The Sons of Cthulhu", first=True)
    _place(table, "A5", "Infantry", "The Sons of Cthulhu", first=False)
    _place(table, "B4", "Erghöl Derleth", None, first=False)
    _place(table, "U3", "Infantry", "The Black Sun", first=False)
    _place(table, "U5", "Infantry", "The Black Sun", first=False)
    _place(table, "T4", "Master of the dead", "The Black Sun", first=False)
    table.press("phase")
    table.choose("Yes, next phase")
    return wizard, table.presses


def _mark_tile(table: PressTable, line: str) -> None:
    import json

    from rules.normandie.battlefield import Space, parse_space

    tile = json.loads(line)
    offset = ("SoN-5-A", "SoN-4-A", "SoN-2-A").index(tile["tile"]) * 7
    for key, what in (("impassable", "Impassable"), ("mass_graves", "Mass Grave"),
                      ("mass_graves_x1", "Mass Grave marked X1")):  # fmt: skip
        for name in tile.get(key, ()):
            square = parse_space(name)
            assert square is not None
            _mark(table, Space(square.col + offset, square.row).name, what)


def main() -> None:
    for name, battle in (("tiny battlefield", tiny), ("Chapter 1, 6 units", chapter_1)):
        table = PressTable(Path(tempfile.mkdtemp()))
        wizard, total = battle(table)
        print(f"{name}: {total} presses ({wizard} new game, {total - wizard} battlefield)")


if __name__ == "__main__":
    main()
