"""Cthulhu Wars rule tests (the core, the Library at Celaeno, the Dreamlands)."""
