"""What ``celaeno tiles`` does: list, export or import the kept map tiles.

Apart from :mod:`device.normandie.tilescmd` (its arguments) so that building the command
line, which every command does, loads neither the tile store nor the tile format.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from device.normandie.tilestore import TileStore
from device.settings.places import EXIT_FAILED, load_settings
from device.storage import paths
from rules.errors import RulesError
from rules.games import RULES
from rules.normandie.tiles import read_tiles, write_tiles


def tiles_command(args: argparse.Namespace) -> int:
    """`celaeno tiles`, once its arguments are read."""
    RULES.get("normandie")  # its words: a bad tile file is refused in them
    store = TileStore(_state_dir(args))  # a bad setting or folder: one line (guarded)
    if args.action == "import":
        return _import(store, args.file)
    if args.action == "export":
        return _export(store, args.file)
    for name, tile in sorted(store.tiles().items()):
        counts = (len(tile.impassable), len(tile.graves), len(tile.graves_x1))
        print(f"{name}: {counts[0]} impassable, {counts[1]} Mass Graves, {counts[2]} X1")
    for name in store.unreadable():
        print(f"{name}: not a tile file, left out", file=sys.stderr)
    return 0


def _state_dir(args: argparse.Namespace) -> Path:
    configured = args.state_dir or load_settings(args).device.state_dir
    return paths.state_dir(configured)


def _export(store: TileStore, file: str) -> int:
    content = write_tiles(store.tiles().values())
    if file == "-":
        sys.stdout.write(content)
        return 0
    try:
        Path(file).write_text(content, encoding="utf-8")
    except OSError as error:
        print(f"{file}: {error.strerror or error}", file=sys.stderr)
        return EXIT_FAILED
    return 0


def _lines_of(file: str) -> list[str]:
    if file == "-":
        return sys.stdin.read().splitlines()
    return Path(file).read_text(encoding="utf-8").splitlines()


def _import(store: TileStore, file: str) -> int:
    try:
        tiles = read_tiles(_lines_of(file))
    except OSError as error:
        print(f"{file}: {error.strerror or error}", file=sys.stderr)
        return EXIT_FAILED
    except UnicodeDecodeError:
        print(f"{file}: not UTF-8 text. Nothing was kept.", file=sys.stderr)
        return EXIT_FAILED
    except RulesError as error:
        print(f"{file}: {error.describe()} Nothing was kept.", file=sys.stderr)
        return EXIT_FAILED
    try:
        store.save_all(tiles)
    except OSError as error:
        print(f"{store.folder}: {error.strerror or error}", file=sys.stderr)
        return EXIT_FAILED
    print(f"kept {len(tiles)} tiles: {', '.join(t.name for t in tiles)}")
    return 0
