"""Cthulhu Wars on the screen: the round and phases, and the board of the Library at
Celaeno or the Dreamlands. Its words come with its screen (``screen.CTHULHU_WARS_SCREEN``)."""
