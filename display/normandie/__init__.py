"""Shadows over Normandie on the screen: the battlefield grid, its legend in words, and the
turn with its phases. Its words come with its screen (``battlefield.NORMANDIE_SCREEN``)."""
