"""The Dreamlands map (D1–D20): the Bhole, the Zoogs, Yog-Sothoth and the Citadel victory.

An expansion of Cthulhu Wars: ``hooks`` registers what it adds with the game's core
(``rules.cthulhu_wars.expansions``); the core never imports this package.
"""
