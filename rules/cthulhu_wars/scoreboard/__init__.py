"""The scoreboard (K1–K15, I10–I12): Power, First Player, Doom, Rituals, Elder Signs,
spellbooks and the winner, kept when a game's ``settings.scoreboard`` is on.

``record`` is the value in the state; ``rounds`` what the phases do with it; ``commands``
the table's answers and corrections; ``end`` when the game ends and who wins.
"""
