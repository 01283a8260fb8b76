"""The scoreboard on the screen and the phone page (I12): the standings, their panel, the end
summary and the Doom chart, loaded only by a game that keeps one."""
