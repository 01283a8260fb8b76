"""Cthulhu Wars: the core rules of the two map expansions this companion runs (T1–T4),
with the Library at Celaeno (``library/``) and the Dreamlands (``dreamlands/``) as hooks
the core calls. ``game`` describes the whole game to the engine."""
