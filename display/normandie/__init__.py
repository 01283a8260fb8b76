"""Shadows over Normandie on the screen: the battlefield grid, its legend in words, and the
turn with its phases."""
