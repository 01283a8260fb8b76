"""The Library at Celaeno map: Silence tokens and Tomes (C1–C11), the Custodian and the
Librarian (C12–C18) and the Agony die (C19).

An expansion of Cthulhu Wars: ``hooks`` registers what it adds with the game's core
(``rules.cthulhu_wars.expansions``); the core never imports this package.
"""
