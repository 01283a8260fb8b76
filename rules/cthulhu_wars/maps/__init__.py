"""Map data: the Areas printed on each side of each board (``spec``: the types and the
registry; ``celaeno`` and ``dreamlands``: the two maps, each registering itself)."""
