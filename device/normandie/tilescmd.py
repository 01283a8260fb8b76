"""``celaeno tiles``: the kept Normandie map tiles listed, exported and imported.

``celaeno tiles`` lists them; ``celaeno tiles export FILE`` writes them all as one tile
file (rules/normandie/tiles.md) for another owner; ``celaeno tiles import FILE`` keeps
every tile of such a file, replacing kept tiles of the same name. A file with a bad line
is refused whole, with the line's number and what is wrong: nothing is kept from it.

This module holds only the arguments; the work is :mod:`device.normandie.tileactions`,
imported when the command runs.
"""

from __future__ import annotations

import argparse

from device.settings.places import add_place_options, guarded


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    tiles = subparsers.add_parser(
        "tiles",
        help="list, export or import the kept Shadows over Normandie map tiles",
        description="The map tiles described on the device, kept in the state directory. "
        "Without an action: list them. The file format is rules/normandie/tiles.md.",
    )
    tiles.add_argument("action", nargs="?", choices=("list", "export", "import"), default="list")
    tiles.add_argument("file", nargs="?", default="-", help="tile file (default: standard output)")
    add_place_options(tiles)
    tiles.set_defaults(func=guarded(tiles_command))


def tiles_command(args: argparse.Namespace) -> int:
    from device.normandie.tileactions import tiles_command as run

    return run(args)
