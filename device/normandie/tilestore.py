"""The owner's map tiles, kept in the state directory beside the journal.

One file a tile (``normandie-tiles/SoN-5-A.tile``), its one line in the tile file format
(rules/normandie/tiles.md). A tile is saved by writing a temporary file in the same
directory, flushing it to the disk (fsync), renaming it over the old file (an atomic
replace) and flushing the directory: a power cut at any moment leaves either the old tile
or the new one, never half of one, and never touches another tile's file. A leftover
temporary file from such a cut is ignored and cleared at the next save.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from device.storage.durable import replace_durably
from rules.errors import RulesError
from rules.normandie.tiles import Tile, check_name, tile_line, tile_of

FOLDER = "normandie-tiles"
SUFFIX = ".tile"
PART = ".part"  # a save under way; never read


class TileStore:
    def __init__(self, state_directory: Path) -> None:
        self.folder = Path(state_directory) / FOLDER

    def tiles(self) -> dict[str, Tile]:
        """Every kept tile by name. A file that does not read as a tile is left out (and
        named by :meth:`unreadable`): the others are still there to play with."""
        found: dict[str, Tile] = {}
        for path in self._files():
            tile = _read(path)
            if tile is not None:
                found[tile.name] = tile
        return found

    def unreadable(self) -> list[str]:
        return [path.name for path in self._files() if _read(path) is None]

    def save(self, tile: Tile) -> None:
        """Keep ``tile`` durably, replacing the kept tile of the same name."""
        check_name(tile.name)
        self.folder.mkdir(parents=True, exist_ok=True)
        final = self.folder / (tile.name + SUFFIX)
        part = self.folder / (tile.name + SUFFIX + PART)
        replace_durably(final, (tile_line(tile) + "\n").encode("utf-8"), part)

    def save_all(self, tiles: Iterable[Tile]) -> None:
        for tile in tiles:
            self.save(tile)

    def _files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return sorted(p for p in self.folder.iterdir() if p.name.endswith(SUFFIX))


def _read(path: Path) -> Tile | None:
    try:
        tile = tile_of(path.read_text(encoding="utf-8").strip())
    except (OSError, UnicodeDecodeError, RulesError):
        return None
    return tile if path.name == tile.name + SUFFIX else None
