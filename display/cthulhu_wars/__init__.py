"""Cthulhu Wars (Library at Celaeno, Dreamlands): what draws its state."""
