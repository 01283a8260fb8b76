"""The scoreboard (K1–K15, I10–I12): Power, First Player, Doom, Rituals, Elder Signs,
spellbooks and the winner, kept when a game's ``settings.scoreboard`` is on.

Its record (the value in the state, the decisions it waits for and the game's end) is
``rules/cthulhu_wars/scoreboard_record.py``, beside the state that holds it; here are
``commands`` its journal commands; ``rounds`` what the phases do with it;
``corrections`` the table's corrections; ``end`` when the game ends and who wins;
``handlers`` what the engine dispatches; ``words`` what they say. The core imports them only
where a game keeps the scoreboard, so a table without it never loads them (its words are read
the first time one is shown: a scoreboard command refused).
"""
